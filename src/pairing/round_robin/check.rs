//! Recorded rounds of a round robin against its Berger table (C.05 Annex 1),
//! and the next round of the table.
//!
//! Pairing numbers are the players' starting ranks in order (the model has no
//! separately drawn number): the k-th lowest starting rank is table number k.

use std::collections::BTreeSet;

use serde::Serialize;

use super::berger::{BergerTable, CycleOrder, TablePair};
use crate::model::{Color, PlayerId, RoundEntry, Tournament};

/// A board by players: White and Black where known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Board {
    /// Starting rank of the player with White.
    pub white: PlayerId,
    /// Starting rank of the player with Black.
    pub black: PlayerId,
}

/// How one recorded round compares with its Berger round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundVerdict {
    /// Same pairs, same colours.
    Conform,
    /// Same pairs; some colours are the other way round.
    ColoursDiffer,
    /// Other pairs than the table's.
    Differs,
}

/// One round's comparison.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundCheck {
    /// The round (1-based).
    pub round: u32,
    /// How the recorded round compares with the table's round.
    pub verdict: RoundVerdict,
    /// The table's boards for this round, by players (the dummy's board left out).
    pub expected: Vec<Board>,
    /// Who the table leaves free this round (odd fields).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_free: Option<PlayerId>,
    /// Table pairs the file does not have (colours as the table gives them).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<Board>,
    /// Pairs in the file the table does not have (colours as recorded).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unexpected: Vec<Board>,
    /// Table pairs played with the colours reversed (colours as the table gives them).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub colours_reversed: Vec<Board>,
    /// When the pairs differ but are exactly those of another round of the
    /// table: that round (rounds played in another order).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pairs_of_table_round: Option<u32>,
}

/// The whole comparison.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundRobinCheck {
    /// Number of players in the field.
    pub players: u32,
    /// Number of cycles (1 single, 2 double round robin).
    pub cycles: u32,
    /// Table size N (players rounded up to even).
    pub table_size: u32,
    /// Double round robins: the first cycle's order checked against.
    pub order: CycleOrder,
    /// Which number each player has: `"starting rank"` order.
    pub numbering: &'static str,
    /// Each recorded round's comparison, round 1 first.
    pub rounds: Vec<RoundCheck>,
    /// True when at least one round has the table's pairs: false means the
    /// organiser used another table (or other numbers), and per-round
    /// verdicts say little.
    pub follows_table: bool,
}

impl RoundRobinCheck {
    /// Whether every recorded round has the table's pairs and colours.
    pub fn all_conform(&self) -> bool {
        self.rounds
            .iter()
            .all(|r| r.verdict == RoundVerdict::Conform)
    }
}

/// Players in table-number order (number k = index k − 1).
fn numbered(t: &Tournament) -> Vec<PlayerId> {
    let mut ids: Vec<PlayerId> = t.players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    ids
}

fn to_board(ids: &[PlayerId], p: TablePair) -> Option<Board> {
    Some(Board {
        white: *ids.get(p.white as usize - 1)?,
        black: *ids.get(p.black as usize - 1)?,
    })
}

/// Pairs recorded in round `r`: (lower id, higher id) → White if known.
fn recorded(t: &Tournament, r: usize) -> Vec<((PlayerId, PlayerId), Option<PlayerId>)> {
    let mut out = Vec::new();
    for p in &t.players {
        let e = p.round(r);
        let Some(o) = e.opponent() else { continue };
        if p.id >= o && t.player(o).is_some() {
            continue;
        }
        let color = match e {
            RoundEntry::Played { color, .. } | RoundEntry::Unknown { color, .. } => Some(color),
            RoundEntry::Pending { color, .. } | RoundEntry::Forfeit { color, .. } => color,
            _ => None,
        };
        let white = color.map(|c| if c == Color::White { p.id } else { o });
        out.push(((p.id.min(o), p.id.max(o)), white));
    }
    out.sort();
    out
}

fn keys(
    ids: &[PlayerId],
    boards: &[TablePair],
    dummy: Option<u32>,
) -> BTreeSet<(PlayerId, PlayerId)> {
    boards
        .iter()
        .filter(|b| dummy.is_none_or(|d| !b.involves(d)))
        .filter_map(|b| to_board(ids, *b))
        .map(|b| (b.white.min(b.black), b.white.max(b.black)))
        .collect()
}

/// Compare every round with a pairing in it against `table`.
pub fn check(t: &Tournament, table: &BergerTable) -> RoundRobinCheck {
    let ids = numbered(t);
    let dummy = table.dummy();
    let played = paired_rounds(t);
    let mut rounds = Vec::new();
    for r in 1..=played as u32 {
        let boards = table.round(r).unwrap_or_default();
        let expected: Vec<Board> = boards
            .iter()
            .filter(|b| dummy.is_none_or(|d| !b.involves(d)))
            .filter_map(|b| to_board(&ids, *b))
            .collect();
        let expected_free = table
            .free_in(r)
            .and_then(|k| ids.get(k as usize - 1).copied());
        let found = recorded(t, r as usize);
        let found_keys: BTreeSet<_> = found.iter().map(|(k, _)| *k).collect();
        let key = |b: &Board| (b.white.min(b.black), b.white.max(b.black));
        let missing: Vec<Board> = expected
            .iter()
            .filter(|b| !found_keys.contains(&key(b)))
            .copied()
            .collect();
        let exp_keys: BTreeSet<_> = expected.iter().map(key).collect();
        let unexpected: Vec<Board> = found
            .iter()
            .filter(|(k, _)| !exp_keys.contains(k))
            .map(|((a, b), w)| match w {
                Some(w) if w == b => Board {
                    white: *b,
                    black: *a,
                },
                _ => Board {
                    white: *a,
                    black: *b,
                },
            })
            .collect();
        let colours_reversed: Vec<Board> = expected
            .iter()
            .filter(|b| {
                found
                    .iter()
                    .any(|(k, w)| *k == key(b) && w.is_some_and(|w| w != b.white))
            })
            .copied()
            .collect();
        let verdict = if !missing.is_empty() || !unexpected.is_empty() {
            RoundVerdict::Differs
        } else if !colours_reversed.is_empty() {
            RoundVerdict::ColoursDiffer
        } else {
            RoundVerdict::Conform
        };
        let pairs_of_table_round = (verdict == RoundVerdict::Differs)
            .then(|| {
                (1..=table.total_rounds()).find(|&k| {
                    k != r
                        && table
                            .round(k)
                            .is_some_and(|b| keys(&ids, &b, dummy) == found_keys)
                })
            })
            .flatten();
        rounds.push(RoundCheck {
            round: r,
            verdict,
            expected,
            expected_free,
            missing,
            unexpected,
            colours_reversed,
            pairs_of_table_round,
        });
    }
    let follows_table = rounds.iter().any(|r| r.verdict != RoundVerdict::Differs);
    RoundRobinCheck {
        players: table.players,
        cycles: table.cycles,
        table_size: table.size,
        order: table.order,
        numbering: "starting rank",
        rounds,
        follows_table,
    }
}

/// `table` in the first-cycle order the file follows: the order its `192`
/// code names, else the one with more rounds conforming (C.05 Annex 1's
/// recommended order when they tie, e.g. before the end of the first cycle).
pub fn fit_order(t: &Tournament, table: BergerTable) -> BergerTable {
    if !table.can_swap() {
        return table;
    }
    if let Some(o) = CycleOrder::declared(&t.info.system_code) {
        return table.with_order(o);
    }
    let score = |tb: &BergerTable| {
        check(t, tb)
            .rounds
            .iter()
            .filter(|r| r.verdict == RoundVerdict::Conform)
            .count()
    };
    let plain = table.clone().with_order(CycleOrder::Plain);
    let fide = table.with_order(CycleOrder::FideSwap);
    if score(&plain) > score(&fide) {
        plain
    } else {
        fide
    }
}

/// Rounds with any pairing recorded (a game, a forfeit, a pending game or a
/// free round of the schedule).
pub fn paired_rounds(t: &Tournament) -> usize {
    (1..=t.rounds_recorded())
        .rev()
        .find(|&r| t.players.iter().any(|p| p.round(r).is_pairing()))
        .unwrap_or(0)
}

/// The next round of the table after the recorded ones: its number, its
/// boards by players and who is free; `None` when the table is complete.
pub fn next_round(
    t: &Tournament,
    table: &BergerTable,
) -> Option<(u32, Vec<Board>, Option<PlayerId>)> {
    let ids = numbered(t);
    let r = paired_rounds(t) as u32 + 1;
    let dummy = table.dummy();
    let boards = table
        .round(r)?
        .into_iter()
        .filter(|b| dummy.is_none_or(|d| !b.involves(d)))
        .filter_map(|b| to_board(&ids, b))
        .collect();
    let free = table
        .free_in(r)
        .and_then(|k| ids.get(k as usize - 1).copied());
    Some((r, boards, free))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Outcome, Player};

    /// A tournament that plays `table` for `rounds` rounds, all draws.
    pub(crate) fn played(table: &BergerTable, rounds: u32) -> Tournament {
        let mut t = Tournament::default();
        for i in 1..=table.players {
            t.players.push(Player {
                id: PlayerId(i),
                name: format!("P{i}"),
                ..Default::default()
            });
        }
        for r in 1..=rounds {
            for b in table.round(r).unwrap() {
                for (me, opp, color) in [
                    (b.white, b.black, Color::White),
                    (b.black, b.white, Color::Black),
                ] {
                    if me > table.players {
                        continue;
                    }
                    let e = if opp > table.players {
                        RoundEntry::Free
                    } else {
                        RoundEntry::Played {
                            opponent: PlayerId(opp),
                            color,
                            outcome: Outcome::Draw,
                            short: false,
                        }
                    };
                    t.players[me as usize - 1].set_round(r as usize, e);
                }
            }
        }
        t
    }

    #[test]
    fn a_played_table_conforms_and_swaps_are_named() {
        let table = BergerTable::new(5, 1).unwrap();
        let mut t = played(&table, 5);
        let c = check(&t, &table);
        assert!(c.all_conform() && c.follows_table);
        assert_eq!(c.rounds[0].expected_free, Some(PlayerId(1)));
        // Reverse the colours of board 2 in round 1 (2-5 → 5-2).
        for (who, col) in [(1usize, Color::Black), (4, Color::White)] {
            if let RoundEntry::Played { color, .. } = &mut t.players[who].rounds[0] {
                *color = col;
            }
        }
        let c = check(&t, &table);
        assert_eq!(c.rounds[0].verdict, RoundVerdict::ColoursDiffer);
        assert_eq!(
            c.rounds[0].colours_reversed,
            vec![Board {
                white: PlayerId(2),
                black: PlayerId(5)
            }]
        );
        // Rounds 1 and 2 played the other way round.
        let mut t = played(&table, 5);
        for p in &mut t.players {
            p.rounds.swap(0, 1);
        }
        let c = check(&t, &table);
        assert_eq!(c.rounds[0].verdict, RoundVerdict::Differs);
        assert_eq!(c.rounds[0].pairs_of_table_round, Some(2));
        assert!(!c.all_conform());
    }

    #[test]
    fn double_round_robins_in_either_order() {
        let plain = BergerTable::new(5, 2).unwrap();
        let fide = plain.clone().with_order(CycleOrder::FideSwap);
        for table in [&plain, &fide] {
            let t = played(table, 10);
            let fitted = fit_order(&t, plain.clone());
            assert_eq!(fitted.order, table.order);
            assert!(check(&t, &fitted).all_conform());
        }
        // Before the swapped rounds: Annex 1's order.
        let t = played(&plain, 2);
        assert_eq!(fit_order(&t, plain.clone()).order, CycleOrder::FideSwap);
        let mut t = played(&plain, 10);
        t.info.system_code = "FIDE_DOUBLEROUNDROBIN".into();
        let c = check(&t, &fit_order(&t, plain.clone()));
        assert_eq!(c.rounds[3].pairs_of_table_round, Some(5));
    }

    #[test]
    fn next_round_of_the_table() {
        let table = BergerTable::new(4, 2).unwrap();
        let t = played(&table, 3);
        let (r, boards, free) = next_round(&t, &table).unwrap();
        assert_eq!(r, 4);
        assert_eq!(
            boards[0],
            Board {
                white: PlayerId(4),
                black: PlayerId(1)
            }
        );
        assert_eq!(free, None);
        assert!(next_round(&played(&table, 6), &table).is_none());
    }
}
