//! The absolute criteria, checked on a recorded round without any optimiser:
//! no rematch, no second or ineligible PAB, no absolute colour rule broken,
//! at most one PAB.

use super::colour::ColourHistory;
use super::position::{colour_word, BoardKind, RecordedRound};
use crate::model::{ByeKind, Color, PlayerId, Points, RoundEntry, Tournament};
use crate::pairing::dutch::DutchEdition;

/// An absolute criterion broken by the recorded round.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Violation {
    /// The two players already played each other (forfeits do not count).
    Rematch {
        /// One player of the board.
        a: PlayerId,
        /// The other player of the board.
        b: PlayerId,
        /// The round (1-based) of their earlier game.
        earlier_round: u32,
    },
    /// The file forbids these two players to meet (`XXP` / `260`).
    ForbiddenPair {
        /// One player of the board.
        a: PlayerId,
        /// The other player of the board.
        b: PlayerId,
    },
    /// More than one pairing-allocated bye in the round.
    SeveralPabs {
        /// Every player given a PAB in the round.
        players: Vec<PlayerId>,
    },
    /// The PAB went to a player who may not receive it.
    IneligiblePab {
        /// The player given the bye.
        player: PlayerId,
        /// The round (1-based) of the point without a game that makes them ineligible.
        earlier_round: u32,
        /// `U`, `+` (forfeit win) or `F`.
        earlier_code: char,
    },
    /// A player was given a colour that breaks an absolute colour rule without
    /// the topscorer exception of the last round.
    AbsoluteColour {
        /// The player whose colour rule is broken.
        player: PlayerId,
        /// Their opponent on the board.
        opponent: PlayerId,
        /// The colour the recorded round gave the player.
        given: Color,
        /// Played colours before the round, oldest first (`WBW`).
        history: String,
        /// `difference` (beyond ±2) or `three-in-a-row`.
        rule: &'static str,
    },
}

impl Violation {
    /// The handbook article broken, in the edition's numbering.
    pub fn article(&self, edition: DutchEdition) -> &'static str {
        let e25 = edition == DutchEdition::Dutch2025;
        match (self, e25) {
            (Violation::Rematch { .. }, false) => "C.04.1 (2017) b; C.04.3 (2017) C.1",
            (Violation::Rematch { .. }, true) => "C.04.1 (2026) art. 2; C.04.3 (2025) [C1]",
            (Violation::ForbiddenPair { .. }, false) => "C.04.3 (2017) C.1 (forbidden pair)",
            (Violation::ForbiddenPair { .. }, true) => "C.04.3 (2025) [C1] (forbidden pair)",
            (Violation::SeveralPabs { .. }, false) => "C.04.1 (2017) c",
            (Violation::SeveralPabs { .. }, true) => "C.04.1 (2026) art. 3",
            (Violation::IneligiblePab { .. }, false) => "C.04.1 (2017) d; C.04.3 (2017) C.2",
            (Violation::IneligiblePab { .. }, true) => "C.04.1 (2026) art. 4; C.04.3 (2025) [C2]",
            (Violation::AbsoluteColour { rule, .. }, false) => {
                if *rule == "difference" {
                    "C.04.1 (2017) f; C.04.3 (2017) C.3"
                } else {
                    "C.04.1 (2017) g; C.04.3 (2017) C.3"
                }
            }
            (Violation::AbsoluteColour { rule, .. }, true) => {
                if *rule == "difference" {
                    "C.04.1 (2026) art. 6; C.04.3 (2025) [C3]"
                } else {
                    "C.04.1 (2026) art. 7; C.04.3 (2025) [C3]"
                }
            }
        }
    }

    /// One sentence naming the players.
    pub(crate) fn describe(&self) -> String {
        match self {
            Violation::Rematch {
                a,
                b,
                earlier_round,
            } => format!("players {a} and {b} are paired again: they played each other in round {earlier_round}"),
            Violation::ForbiddenPair { a, b } => {
                format!("players {a} and {b} are paired although the file forbids them to meet")
            }
            Violation::SeveralPabs { players } => format!(
                "{} players received the pairing-allocated bye ({}): at most one may",
                players.len(),
                join_ids(players)
            ),
            Violation::IneligiblePab {
                player,
                earlier_round,
                earlier_code,
            } => {
                let why = match earlier_code {
                    'U' => "already received the pairing-allocated bye",
                    '+' => "already scored a forfeit win",
                    _ => "already scored a win's points without playing (full-point bye)",
                };
                format!("player {player} received the pairing-allocated bye but {why} in round {earlier_round}")
            }
            Violation::AbsoluteColour {
                player,
                opponent,
                given,
                history,
                rule,
            } => {
                let what = if *rule == "difference" {
                    "a colour difference beyond ±2"
                } else {
                    "the same colour three times in a row"
                };
                format!(
                    "player {player} (played colours {}) gets {} against player {opponent}: {what}, and neither player is a topscorer in the last round",
                    if history.is_empty() { "-" } else { history },
                    colour_word(*given)
                )
            }
        }
    }
}

pub(crate) fn join_ids(ids: &[PlayerId]) -> String {
    ids.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A topscorer: more than 50% of the maximum possible score, only when the last
/// round is paired. C.04.3 (2017) A.7 / (2025) Art. 1.8.
pub(crate) fn is_topscorer(
    t: &Tournament,
    p: &crate::model::Player,
    round: u32,
    total_rounds: u32,
) -> bool {
    if round != total_rounds {
        return false;
    }
    let before = usize::try_from(round.saturating_sub(1)).unwrap_or(usize::MAX);
    let score = t.score(p, Some(before));
    let max = Points(
        t.scoring
            .win
            .0
            .saturating_mul(i32::try_from(before).unwrap_or(i32::MAX)),
    );
    score.0.saturating_mul(2) > max.0
}

/// The round before `round` in which `p` last became ineligible for the PAB,
/// with the code that made it so.
/// (2017) C.04.1 d: a PAB or a forfeit win; (2026) art. 4: a PAB, or a win's
/// points in one round without playing (which includes a full-point bye).
pub fn pab_ineligibility(
    t: &Tournament,
    p: &crate::model::Player,
    round: u32,
    edition: DutchEdition,
) -> Option<(u32, char)> {
    let before = usize::try_from(round.saturating_sub(1)).unwrap_or(usize::MAX);
    for (i, e) in p.rounds.iter().take(before).enumerate() {
        let r = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let code = match e {
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            } => Some('U'),
            RoundEntry::Forfeit { won: true, .. } => Some('+'),
            RoundEntry::Bye { bye } if edition == DutchEdition::Dutch2025 => {
                let pts = e.points(&t.scoring).unwrap_or(Points::ZERO);
                (*bye != ByeKind::Zero && pts >= t.scoring.win).then_some(match bye {
                    ByeKind::Full => 'F',
                    ByeKind::Half => 'H',
                    _ => 'Z',
                })
            }
            _ => None,
        };
        if let Some(c) = code {
            return Some((r, c));
        }
    }
    None
}

/// Every absolute criterion the recorded round breaks, given the position
/// before it (`pos` = rounds `1..round-1`).
pub(crate) fn violations(
    pos: &Tournament,
    rec: &RecordedRound,
    total_rounds: u32,
    edition: DutchEdition,
) -> Vec<Violation> {
    let round = rec.round;
    let before = usize::try_from(round.saturating_sub(1)).unwrap_or(usize::MAX);
    let mut out = Vec::new();
    for b in &rec.boards {
        // Rematch: a played game in an earlier round (forfeits do not count).
        if let Some(pa) = pos.player(b.white) {
            let met = pa
                .rounds
                .iter()
                .take(before)
                .position(|e| e.is_played_game() && e.opponent() == Some(b.black));
            if let Some(i) = met {
                let (a, c) = (b.white.min(b.black), b.white.max(b.black));
                out.push(Violation::Rematch {
                    a,
                    b: c,
                    earlier_round: u32::try_from(i + 1).unwrap_or(u32::MAX),
                });
            }
        }
        let forbidden = pos.forbidden_pairs.iter().any(|f| {
            f.first_round.is_none_or(|r| r <= round)
                && f.last_round.is_none_or(|r| r >= round)
                && f.players.contains(&b.white)
                && f.players.contains(&b.black)
        });
        if forbidden {
            out.push(Violation::ForbiddenPair {
                a: b.white.min(b.black),
                b: b.white.max(b.black),
            });
        }
    }
    if rec.pab.len() > 1 {
        out.push(Violation::SeveralPabs {
            players: rec.pab.clone(),
        });
    }
    for &id in &rec.pab {
        if let Some(p) = pos.player(id) {
            if let Some((r, code)) = pab_ineligibility(pos, p, round, edition) {
                out.push(Violation::IneligiblePab {
                    player: id,
                    earlier_round: r,
                    earlier_code: code,
                });
            }
        }
    }
    // Absolute colour rules, except where the last round's topscorer rule allows
    // it: (2017) A.7, C.3, C.8/C.9; (2025) Art. 1.8, [C3], [C10]/[C11]. A
    // topscorer and a topscorer's opponent may end beyond ±2 or with three in a row.
    for b in rec.boards.iter().filter(|b| b.colours_known) {
        let (Some(pw), Some(pb)) = (pos.player(b.white), pos.player(b.black)) else {
            continue;
        };
        if matches!(b.kind, BoardKind::Forfeit) {
            // A forfeited game is not played: it adds no colour (C.04.2 D.5).
            continue;
        }
        let exempt = is_topscorer(pos, pw, round, total_rounds)
            || is_topscorer(pos, pb, round, total_rounds);
        if exempt {
            continue;
        }
        for (p, opp, given) in [(pw, b.black, Color::White), (pb, b.white, Color::Black)] {
            let h = ColourHistory::of(p, round);
            if h.breaks_absolute_rule(given) {
                let mut next = h.clone();
                next.played.push(given);
                let rule = if next.difference().abs() > 2 {
                    "difference"
                } else {
                    "three-in-a-row"
                };
                out.push(Violation::AbsoluteColour {
                    player: p.id,
                    opponent: opp,
                    given,
                    history: h.letters(),
                    rule,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Outcome;
    use crate::pairing::check::position::{position_before, recorded_round};
    use crate::pairing::check::test_support::{game, tournament};
    use Color::*;

    /// A game White won.
    fn g(o: u32, c: Color) -> RoundEntry {
        game(
            o,
            c,
            if c == White {
                Outcome::Win
            } else {
                Outcome::Loss
            },
        )
    }
    fn u() -> RoundEntry {
        RoundEntry::Bye {
            bye: ByeKind::PairingAllocated,
        }
    }

    fn t(rows: Vec<Vec<RoundEntry>>, total: u32) -> Tournament {
        Tournament {
            total_rounds: Some(total),
            ..tournament(rows)
        }
    }

    fn check(tt: &Tournament, round: u32, e: DutchEdition) -> Vec<Violation> {
        let pos = position_before(tt, round).unwrap();
        let rec = recorded_round(tt, round);
        violations(&pos.tournament, &rec, pos.total_rounds, e)
    }

    #[test]
    fn rematch_is_found_and_forfeit_is_not_a_meeting() {
        // Round 1: 1-2 played, 3-4 forfeit (3 wins). Round 2: 1-2 again, 3-4 again.
        let ff = |o: u32, won: bool| RoundEntry::Forfeit {
            opponent: PlayerId(o),
            color: Some(if won { White } else { Black }),
            won,
        };
        let tt = t(
            vec![
                vec![g(2, White), g(2, Black)],
                vec![g(1, Black), g(1, White)],
                vec![ff(4, true), g(4, White)],
                vec![ff(3, false), g(3, Black)],
            ],
            5,
        );
        let v = check(&tt, 2, DutchEdition::Dutch2017);
        assert_eq!(
            v,
            vec![Violation::Rematch {
                a: PlayerId(1),
                b: PlayerId(2),
                earlier_round: 1
            }]
        );
        assert_eq!(
            v[0].article(DutchEdition::Dutch2025),
            "C.04.1 (2026) art. 2; C.04.3 (2025) [C1]"
        );
    }

    #[test]
    fn second_pab_and_pab_after_forfeit_win_per_edition() {
        let full = RoundEntry::Bye { bye: ByeKind::Full };
        let ffw = RoundEntry::Forfeit {
            opponent: PlayerId(2),
            color: Some(White),
            won: true,
        };
        let ffl = RoundEntry::Forfeit {
            opponent: PlayerId(1),
            color: Some(Black),
            won: false,
        };
        // Player 3 had U in round 1 and gets U again in round 3. Player 1 won by
        // forfeit in round 1 and gets U in round 2. Player 2 had F in round 1 and gets U in round 3.
        let tt = t(
            vec![
                vec![ffw, u(), g(2, White)],
                vec![ffl, g(3, White), u()],
                vec![u(), g(2, Black), u()],
            ],
            3,
        );
        let v = check(&tt, 2, DutchEdition::Dutch2017);
        assert_eq!(
            v,
            vec![Violation::IneligiblePab {
                player: PlayerId(1),
                earlier_round: 1,
                earlier_code: '+'
            }]
        );
        let v = check(&tt, 3, DutchEdition::Dutch2025);
        assert!(v.contains(&Violation::SeveralPabs {
            players: vec![PlayerId(2), PlayerId(3)]
        }));
        assert!(v.contains(&Violation::IneligiblePab {
            player: PlayerId(3),
            earlier_round: 1,
            earlier_code: 'U'
        }));
        // A full-point bye blocks the PAB only under the 2026 wording.
        let mut tt2 = tt.clone();
        tt2.players[1].rounds[0] = full;
        tt2.players[0].rounds[0] = RoundEntry::NotPaired;
        let v17 = check(&tt2, 3, DutchEdition::Dutch2017);
        let v25 = check(&tt2, 3, DutchEdition::Dutch2025);
        let f_pab = Violation::IneligiblePab {
            player: PlayerId(2),
            earlier_round: 1,
            earlier_code: 'F',
        };
        assert!(!v17.contains(&f_pab));
        assert!(v25.contains(&f_pab));
    }

    #[test]
    fn absolute_colours_with_topscorer_exception() {
        // 1 and 2 both played White twice (vs 3 and 4); round 3 pairs 1 (W) - 2 (B)
        // and 3 - 4. Player 1 gets a third White.
        let tt = t(
            vec![
                vec![g(3, White), g(4, White), g(2, White)],
                vec![g(4, White), g(3, White), g(1, Black)],
                vec![g(1, Black), g(2, Black), g(4, White)],
                vec![g(2, Black), g(1, Black), g(3, Black)],
            ],
            4,
        );
        let v = check(&tt, 3, DutchEdition::Dutch2017);
        assert_eq!(
            v,
            vec![
                Violation::AbsoluteColour {
                    player: PlayerId(1),
                    opponent: PlayerId(2),
                    given: White,
                    history: "WW".into(),
                    rule: "difference",
                },
                Violation::AbsoluteColour {
                    player: PlayerId(4),
                    opponent: PlayerId(3),
                    given: Black,
                    history: "BB".into(),
                    rule: "difference",
                },
            ]
        );
        assert_eq!(
            v[0].article(DutchEdition::Dutch2017),
            "C.04.1 (2017) f; C.04.3 (2017) C.3"
        );
        // In the last round, 1 and 2 (2 of 2 points) are topscorers: allowed.
        // 3 and 4 (0 points) are not.
        let mut last = tt.clone();
        last.total_rounds = Some(3);
        let v = check(&last, 3, DutchEdition::Dutch2025);
        assert_eq!(v.len(), 1);
        assert!(matches!(
            v[0],
            Violation::AbsoluteColour {
                player: PlayerId(4),
                ..
            }
        ));
    }
}
