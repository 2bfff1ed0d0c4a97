//! Vega's text exports, read-only: the cross table ("Cross Table at round N") and the
//! pairing list sorted by name ("Pairing of round N sorted by name").
//!
//! Layout facts, each with the sample that shows it (`tests/fixtures/vega/`, copies of
//! the shared Vega samples):
//! - cross table (`crosstable_round3.txt`): line 1 the event name, line 2
//!   `City - dd/mm/yyyy, dd/mm/yyyy` (start and end date), a title line
//!   `Cross Table at round N`, a header `N NAME Rtg T Fed Pts | 1 2 3`, a ruler of `-`,
//!   then one row per player: start number, `Surname, Given`, rating (`0` = unrated,
//!   `crosstable_latecomer.txt`), optional title, federation, points, `|`, one cell per
//!   round. A cell is a result sign (`+` win, `=` draw, `-` loss), a colour (`W`, `B`,
//!   or `F` for a forfeit) and the opponent's number (`+W5`, `-F4`), or a result sign
//!   followed by `PAB` (pairing-allocated bye), `HPB` (half-point bye), `FPB`
//!   (full-point bye) or `ZPB` (zero-point bye); `--` is a round not paired
//!   (`crosstable_latecomer.txt`, player 10). A footer names Vega.
//! - sorted pairs (`sorted_pairs_round3.txt`): line 1 `<event>: Pairing of round N
//!   sorted by name`, a ruler of `=`, then each player once per board:
//!   `<name> plays with white|black VS <name> in board <n>`; `BYE` as a name is the
//!   pairing-allocated bye. Names only: no start numbers, ratings, points or results.
//!
//! What the exports do not carry (FIDE ids, birth dates, sex, planned rounds, tie-breaks,
//! for the pairs list also start numbers and earlier rounds) is reported in one warning.

use chrono::NaiveDate;

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::{
    ByeKind, Color, Outcome, Player, PlayerId, Points, RoundEntry, Title, Tournament,
    TournamentInfo,
};

/// Which Vega export a text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VegaFormat {
    /// The cross table ("Cross Table at round N"): players, points and every round's cells.
    Crosstable,
    /// The pairing list sorted by name ("Pairing of round N sorted by name"): names and boards only.
    SortedPairs,
}

/// Recognise a Vega export by its title line.
pub fn sniff(text: &str) -> Option<VegaFormat> {
    let head: Vec<&str> = text.lines().take(8).collect();
    if head
        .iter()
        .any(|l| l.trim_start().starts_with("Cross Table at round"))
    {
        Some(VegaFormat::Crosstable)
    } else if head
        .first()
        .is_some_and(|l| l.contains(": Pairing of round"))
    {
        Some(VegaFormat::SortedPairs)
    } else {
        None
    }
}

/// Vega's standings export (`Standings at round N`: ranks, points and
/// tie-breaks, no games), which no tournament can be read from: the line
/// (1-based) of its title, when `text` is one.
pub fn standings_export_line(text: &str) -> Option<usize> {
    text.lines()
        .take(8)
        .position(|l| l.trim_start().starts_with("Standings at round"))
        .map(|i| i + 1)
}

/// A tournament read from a Vega export, with what the reader saw.
#[derive(Debug, Clone)]
pub struct VegaRead {
    /// Which export it was read from.
    pub format: VegaFormat,
    /// The tournament built from it.
    pub tournament: Tournament,
    /// Every problem found, and one warning for what the export does not carry.
    pub diagnostics: Vec<Diagnostic>,
}

fn at_line(line: usize, field: &str) -> Location {
    Location {
        line: Some(line),
        field: Some(field.to_string()),
        ..Location::default()
    }
}

fn syntax(line: usize, field: &str, message: String) -> Diagnostic {
    Diagnostic::error(
        codes::VEGA_FIELD_SYNTAX,
        Family::Syntax,
        at_line(line, field),
        message,
    )
}

fn unrecognized(message: &str) -> Vec<Diagnostic> {
    vec![Diagnostic::error(
        codes::UNRECOGNIZED_INPUT,
        Family::Syntax,
        Location::default(),
        message,
    )]
}

/// Read a Vega export (see [`sniff`]). `Err` when no player could be read.
pub fn read(text: &str) -> Result<VegaRead, Vec<Diagnostic>> {
    match sniff(text) {
        Some(VegaFormat::Crosstable) => read_crosstable(text),
        Some(VegaFormat::SortedPairs) => read_pairs(text),
        None => Err(unrecognized(
            "expected a vega cross table or sorted pairing list, found neither title line",
        )),
    }
}

fn round_of_title(line: &str) -> Option<u32> {
    line.split_whitespace().last()?.parse().ok()
}

fn date(s: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(s.trim(), "%d/%m/%Y").ok()
}

fn not_carried(what: &str) -> Diagnostic {
    Diagnostic::warning(
        codes::CONVERSION_LOSS,
        Family::Engine,
        Location::default(),
        format!("a vega {what}; they are left empty"),
    )
}

fn read_crosstable(text: &str) -> Result<VegaRead, Vec<Diagnostic>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut diags = Vec::new();
    let mut info = TournamentInfo {
        name: lines
            .first()
            .map(|l| l.trim().to_string())
            .unwrap_or_default(),
        ..TournamentInfo::default()
    };
    if let Some((city, dates)) = lines.get(1).and_then(|l| l.split_once(" - ")) {
        info.city = city.trim().to_string();
        let mut d = dates.split(',');
        info.start_date = d.next().and_then(date);
        info.end_date = d.next().and_then(date);
    }
    let title_round = lines
        .iter()
        .find(|l| l.trim_start().starts_with("Cross Table at round"))
        .and_then(|l| round_of_title(l));
    let Some(header) = lines
        .iter()
        .position(|l| l.contains('|') && l.contains("NAME"))
    else {
        return Err(unrecognized(
            "expected the cross table header `N NAME Rtg T Fed Pts |`, found none",
        ));
    };
    let mut players = Vec::new();
    for (i, l) in lines.iter().enumerate().skip(header + 1) {
        let n = i + 1;
        let Some((left, right)) = l.split_once('|') else {
            continue;
        };
        let mut tok: Vec<&str> = left.split_whitespace().collect();
        let Some(id) = tok.first().and_then(|t| t.parse::<u32>().ok()) else {
            diags.push(syntax(
                n,
                "N",
                format!("expected a start number, found \"{}\"", left.trim()),
            ));
            continue;
        };
        let points = tok.pop().and_then(Points::parse);
        let federation = tok.pop().map(str::to_string);
        let mut title = None;
        if tok.last().is_some_and(|t| t.parse::<u16>().is_err()) && tok.len() > 3 {
            title = tok.pop().map(Title::from_code);
        }
        let rating = tok.pop().and_then(|t| t.parse::<u16>().ok());
        if tok.len() < 2 || points.is_none() {
            diags.push(syntax(
                n,
                "player",
                format!(
                    "expected number, name, rating, federation and points, found \"{}\"",
                    left.trim()
                ),
            ));
            continue;
        }
        let name = tok[1..].join(" ");
        let mut rounds = Vec::new();
        for (r, cell) in right.split_whitespace().enumerate() {
            match cell_entry(cell) {
                Some(e) => rounds.push(e),
                None => {
                    diags.push(syntax(
                        n,
                        &format!("round {}", r + 1),
                        format!(
                            "expected a cell such as +W5, =B2, -F4, +PAB, =HPB or --, found \"{cell}\""
                        ),
                    ));
                    rounds.push(RoundEntry::NotPaired);
                }
            }
        }
        players.push(Player {
            id: PlayerId(id),
            name,
            title,
            rating: rating.filter(|r| *r > 0),
            federation,
            points,
            rounds,
            ..Player::default()
        });
    }
    if players.is_empty() {
        let mut d = diags;
        d.extend(unrecognized(
            "expected a vega cross table with at least one player row, found none",
        ));
        return Err(d);
    }
    if let Some(r) = title_round {
        if players.iter().any(|p| p.rounds.len() != r as usize) {
            diags.push(Diagnostic::warning(
                codes::VEGA_FIELD_SYNTAX,
                Family::Syntax,
                Location::default(),
                format!("expected {r} round cells per row (\"Cross Table at round {r}\"), found rows of other lengths"),
            ));
        }
    }
    diags.push(not_carried(
        "cross table carries no fide ids, birth dates, sex, planned rounds or tie-breaks",
    ));
    Ok(VegaRead {
        format: VegaFormat::Crosstable,
        tournament: Tournament {
            info,
            players,
            ..Tournament::default()
        },
        diagnostics: diags,
    })
}

/// One cross-table cell (see the module docs).
fn cell_entry(cell: &str) -> Option<RoundEntry> {
    if cell.chars().all(|c| c == '-') {
        return Some(RoundEntry::NotPaired);
    }
    let mut chars = cell.chars();
    let sign = chars.next()?;
    let rest = chars.as_str();
    let bye = |k| Some(RoundEntry::Bye { bye: k });
    match rest {
        "PAB" => return bye(ByeKind::PairingAllocated),
        "HPB" => return bye(ByeKind::Half),
        "FPB" => return bye(ByeKind::Full),
        "ZPB" => return bye(ByeKind::Zero),
        _ => {}
    }
    let mut rc = rest.chars();
    let kind = rc.next()?;
    let opponent = PlayerId(rc.as_str().parse().ok()?);
    let outcome = match sign {
        '+' => Some(Outcome::Win),
        '=' => Some(Outcome::Draw),
        '-' => Some(Outcome::Loss),
        _ => None,
    };
    match kind {
        'W' | 'B' => {
            let color = if kind == 'W' {
                Color::White
            } else {
                Color::Black
            };
            Some(match outcome {
                Some(outcome) => RoundEntry::Played {
                    opponent,
                    color,
                    outcome,
                    short: false,
                },
                None if sign == '?' => RoundEntry::Pending {
                    opponent,
                    color: Some(color),
                },
                None => return None,
            })
        }
        'F' => match outcome? {
            Outcome::Win => Some(RoundEntry::Forfeit {
                opponent,
                color: None,
                won: true,
            }),
            Outcome::Loss => Some(RoundEntry::Forfeit {
                opponent,
                color: None,
                won: false,
            }),
            Outcome::Draw => None,
        },
        _ => None,
    }
}

fn read_pairs(text: &str) -> Result<VegaRead, Vec<Diagnostic>> {
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.first().copied().unwrap_or("");
    let (event, title) = first.split_once(": Pairing of round").unwrap_or(("", ""));
    let Some(round) = title
        .split_whitespace()
        .next()
        .and_then(|r| r.parse::<u32>().ok())
    else {
        return Err(vec![syntax(
            1,
            "round",
            format!("expected `Pairing of round N`, found \"{first}\""),
        )]);
    };
    // The earlier rounds are not in the export and are read as not paired: the
    // round number sizes every player's round list, so it is checked against the
    // same bound as any file's empty rounds before anything is allocated.
    if round == 0 || round as usize > 1 + super::MAX_EMPTY_ROUNDS {
        return Err(vec![Diagnostic::error(
            codes::COUNT_MISMATCH,
            Family::Consistency,
            at_line(1, "round"),
            format!(
                "expected a round from 1 to {}, found `Pairing of round {round}` (the export carries that one round; the rounds before it would be read as not paired)",
                1 + super::MAX_EMPTY_ROUNDS
            ),
        )]);
    }
    let mut diags = Vec::new();
    // (name, colour, opponent name or None for BYE)
    let mut rows: Vec<(String, Color, Option<String>)> = Vec::new();
    for (i, l) in lines.iter().enumerate().skip(1) {
        let Some((name, rest)) = l.split_once(" plays with ") else {
            continue;
        };
        let parsed = rest
            .split_once(" VS ")
            .and_then(|(col, rest)| Some((col.trim(), rest.split_once(" in board ")?.0.trim())));
        let Some((col, opp)) = parsed else {
            diags.push(syntax(
                i + 1,
                "pairing",
                format!(
                    "expected `<name> plays with white|black VS <name> in board <n>`, found \"{}\"",
                    l.trim()
                ),
            ));
            continue;
        };
        let color = match col {
            "white" => Color::White,
            "black" => Color::Black,
            other => {
                diags.push(syntax(
                    i + 1,
                    "colour",
                    format!("expected white or black, found \"{other}\""),
                ));
                continue;
            }
        };
        let name = name.trim().to_string();
        if name == "BYE" {
            continue;
        }
        rows.push((name, color, (opp != "BYE").then(|| opp.to_string())));
    }
    if rows.is_empty() {
        let mut d = diags;
        d.extend(unrecognized(
            "expected a vega pairing list with at least one player, found none",
        ));
        return Err(d);
    }
    // Start numbers are not in the file: players are numbered in the file's (name) order.
    let id_of = |n: &str| {
        rows.iter()
            .position(|(x, _, _)| x == n)
            .map(|i| PlayerId(i as u32 + 1))
    };
    let r = round as usize;
    let mut players = Vec::new();
    for (i, (name, color, opp)) in rows.iter().enumerate() {
        let mut rounds = vec![RoundEntry::NotPaired; r.saturating_sub(1)];
        rounds.push(match opp {
            None => RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            },
            Some(o) => match id_of(o) {
                Some(opponent) => RoundEntry::Pending {
                    opponent,
                    color: Some(*color),
                },
                None => {
                    diags.push(syntax(
                        i + 3,
                        "opponent",
                        format!("expected an opponent listed in the file, found \"{o}\""),
                    ));
                    RoundEntry::NotPaired
                }
            },
        });
        players.push(Player {
            id: PlayerId(i as u32 + 1),
            name: name.clone(),
            rounds,
            ..Player::default()
        });
    }
    diags.push(not_carried(&format!(
        "pairing list carries names and round {round} only: no start numbers (players are numbered in name order), ratings, points, results or earlier rounds (rounds before {round} are read as not paired)"
    )));
    Ok(VegaRead {
        format: VegaFormat::SortedPairs,
        tournament: Tournament {
            info: TournamentInfo {
                name: event.trim().to_string(),
                ..TournamentInfo::default()
            },
            players,
            ..Tournament::default()
        },
        diagnostics: diags,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CROSS: &str = " Rochade M0 Spike\nRochade - 05/09/2026, 07/09/2026\n\n Cross Table at round 2\n\n  N NAME                 Rtg   T  Fed  Pts |   1     2  \n------\n  1 Baumann, Lukas       2201  FM SUI  1.5 | +W2   =HPB  \n  2 Chen, Wei               0     SUI  0.0 | -B1   --    \n";

    #[test]
    fn reads_a_cross_table() {
        let r = read(CROSS).unwrap();
        assert_eq!(r.format, VegaFormat::Crosstable);
        let t = &r.tournament;
        assert_eq!(t.info.start_date, NaiveDate::from_ymd_opt(2026, 9, 5));
        assert_eq!(t.players[0].name, "Baumann, Lukas");
        assert_eq!(t.players[0].title, Some(Title::from_code("FM")));
        assert_eq!(t.players[0].rating, Some(2201));
        assert_eq!(t.players[1].rating, None);
        assert_eq!(
            t.players[0].rounds[1],
            RoundEntry::Bye { bye: ByeKind::Half }
        );
        assert_eq!(t.players[1].rounds[1], RoundEntry::NotPaired);
        assert_eq!(
            t.players[1].rounds[0],
            RoundEntry::Played {
                opponent: PlayerId(1),
                color: Color::Black,
                outcome: Outcome::Loss,
                short: false
            }
        );
    }

    #[test]
    fn reads_sorted_pairs() {
        let text = "Ev: Pairing of round 2 sorted by name\n\n===\nA, B   plays with white VS         C, D   in board    1\nBYE  plays with black VS   E, F   in board 2\nC, D   plays with black VS         A, B   in board    1\nE, F   plays with white VS  BYE   in board 2\n";
        let r = read(text).unwrap();
        let t = &r.tournament;
        assert_eq!(t.players.len(), 3);
        assert_eq!(
            t.players[0].rounds[1],
            RoundEntry::Pending {
                opponent: PlayerId(2),
                color: Some(Color::White)
            }
        );
        assert_eq!(
            t.players[2].rounds[1],
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated
            }
        );
    }

    #[test]
    fn bad_cells_are_located() {
        let bad = CROSS.replace("+W2", "+Q2");
        let r = read(&bad).unwrap();
        let d = r
            .diagnostics
            .iter()
            .find(|d| d.code == codes::VEGA_FIELD_SYNTAX)
            .unwrap();
        assert_eq!(d.location.line, Some(8));
    }
}
