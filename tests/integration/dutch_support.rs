//! Test support for the Dutch engine: a minimal reader for the bbpPairings
//! corpus files (`001` records, `XXR`, `XXC`, `092`, `162`, `BBW`/`BBD`), used
//! until `formats::trf::read` is available on this branch, and the
//! round-by-round case builder described in /work/shared/corpus/README.md.

use chess_arbiter::model::{
    ByeKind, Color, Outcome, Player, PlayerId, PointSystem, Points, RoundEntry, Tournament,
};

fn col(line: &str, a: usize, b: usize) -> &str {
    let a = a - 1;
    if a >= line.len() {
        return "";
    }
    &line[a..b.min(line.len())]
}

/// Read a bbpPairings-generated TRF. Returns the tournament and the number of
/// round columns.
pub fn read_corpus(text: &str) -> Result<(Tournament, usize), String> {
    let mut t = Tournament::default();
    let mut scoring = PointSystem::standard();
    let mut three = false;
    let mut max_rounds = 0;
    for line in text.split(['\r', '\n']) {
        let code = col(line, 1, 3);
        match code {
            "001" => {
                let id: u32 = col(line, 5, 8)
                    .trim()
                    .parse()
                    .map_err(|e| format!("{e}: {line}"))?;
                let rating = col(line, 49, 52).trim().parse().ok().filter(|r| *r > 0);
                let mut rounds = Vec::new();
                let mut k = 0;
                loop {
                    let start = 92 + 10 * k;
                    if start > line.len() {
                        break;
                    }
                    let opp = col(line, start, start + 3).trim();
                    let c = col(line, start + 5, start + 5);
                    let r = col(line, start + 7, start + 7);
                    let oppn: u32 = opp.parse().unwrap_or(0);
                    let color = match c {
                        "w" => Some(Color::White),
                        "b" => Some(Color::Black),
                        _ => None,
                    };
                    let e = match (r, color) {
                        ("1" | "W", Some(color)) => RoundEntry::Played {
                            opponent: PlayerId(oppn),
                            color,
                            outcome: Outcome::Win,
                            short: r == "W",
                        },
                        ("0" | "L", Some(color)) => RoundEntry::Played {
                            opponent: PlayerId(oppn),
                            color,
                            outcome: Outcome::Loss,
                            short: r == "L",
                        },
                        ("=" | "D", Some(color)) => RoundEntry::Played {
                            opponent: PlayerId(oppn),
                            color,
                            outcome: Outcome::Draw,
                            short: r == "D",
                        },
                        ("+", _) if oppn > 0 => RoundEntry::Forfeit {
                            opponent: PlayerId(oppn),
                            color,
                            won: true,
                        },
                        ("-", _) if oppn > 0 => RoundEntry::Forfeit {
                            opponent: PlayerId(oppn),
                            color,
                            won: false,
                        },
                        ("+", _) => RoundEntry::Bye { bye: ByeKind::Full },
                        ("U", _) => RoundEntry::Bye {
                            bye: ByeKind::PairingAllocated,
                        },
                        ("H", _) => RoundEntry::Bye { bye: ByeKind::Half },
                        ("F", _) => RoundEntry::Bye { bye: ByeKind::Full },
                        ("Z" | "-", _) => RoundEntry::Bye { bye: ByeKind::Zero },
                        (" " | "", _) => RoundEntry::NotPaired,
                        _ => return Err(format!("unknown result {r:?}: {line}")),
                    };
                    rounds.push(e);
                    k += 1;
                }
                max_rounds = max_rounds.max(rounds.len());
                t.players.push(Player {
                    id: PlayerId(id),
                    name: col(line, 15, 47).trim().to_string(),
                    rating,
                    points: Points::parse(col(line, 81, 84)),
                    rounds,
                    ..Default::default()
                });
            }
            "XXR" => t.total_rounds = col(line, 5, 12).trim().parse().ok(),
            "XXC" => {
                if line.contains("black1") {
                    t.initial_color = Some(Color::Black);
                } else if line.contains("white1") {
                    t.initial_color = Some(Color::White);
                }
            }
            "092" => t.info.tournament_type = col(line, 5, 200).trim().to_string(),
            "192" => t.info.system_code = col(line, 5, 200).trim().to_string(),
            "162" | "BBW" | "BBD" => {
                let rest = col(line, 4, 200);
                let parts: Vec<&str> = rest.split_whitespace().collect();
                let mut set = |key: &str, v: &str| {
                    if let Some(p) = Points::parse(v) {
                        match key {
                            "W" => {
                                three = true;
                                scoring.win = p;
                                scoring.forfeit_win = p;
                                scoring.pairing_bye = p;
                                scoring.full_bye = p;
                            }
                            "D" => {
                                scoring.draw = p;
                                scoring.half_bye = p;
                                scoring.unknown = p;
                            }
                            _ => {}
                        }
                    }
                };
                if code == "162" {
                    for w in parts.chunks(2) {
                        if let [k, v] = w {
                            set(k, v);
                        }
                    }
                } else if let Some(v) = parts.first() {
                    set(if code == "BBW" { "W" } else { "D" }, v);
                }
            }
            _ => {}
        }
    }
    let _ = three;
    t.scoring = scoring;
    // Trailing not-paired cells are "no data".
    for p in &mut t.players {
        while p.rounds.last() == Some(&RoundEntry::NotPaired) {
            p.rounds.pop();
        }
    }
    Ok((t, max_rounds))
}

/// The position before round `k`: rounds 1..k-1 kept, round k keeps only its
/// pre-set half-point, zero-point and full-point byes.
pub fn before_round(t: &Tournament, k: usize) -> Tournament {
    let mut t = t.clone();
    for p in &mut t.players {
        let keep = p.rounds.get(k - 1).copied().filter(|e| {
            matches!(
                e,
                RoundEntry::Bye {
                    bye: ByeKind::Half | ByeKind::Zero | ByeKind::Full
                }
            )
        });
        p.rounds.truncate(k - 1);
        if let Some(e) = keep {
            while p.rounds.len() < k - 1 {
                p.rounds.push(RoundEntry::NotPaired);
            }
            p.rounds.push(e);
        }
    }
    t
}

/// Round `k` as recorded: (white, black) pairs sorted, and the PAB.
pub fn recorded(t: &Tournament, k: usize) -> (Vec<(u32, u32)>, Option<u32>) {
    let mut pairs = Vec::new();
    let mut bye = None;
    for p in &t.players {
        match p.round(k) {
            RoundEntry::Played {
                opponent,
                color: Color::White,
                ..
            }
            | RoundEntry::Unknown {
                opponent,
                color: Color::White,
            }
            | RoundEntry::Forfeit {
                opponent,
                color: Some(Color::White),
                ..
            } => pairs.push((p.id.0, opponent.0)),
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            } => bye = Some(p.id.0),
            _ => {}
        }
    }
    pairs.sort();
    (pairs, bye)
}
