//! Does a file's rank column follow its own tie-break list?
//!
//! A checker for FIDE endorsement reports, besides wrong pairings, the
//! standings that break the file's tie-break list (C.02, VCL4THP question 21).
//! TRF-2026 gives the list in record `202` (or `212`) and each player's rank in
//! record `001`, columns 86-89. [`check_ranks`] ranks the event with that list
//! (C.07, through [`super::compute`]) and returns every player whose rank in the
//! file is not the one the list gives.
//!
//! Players still level after the whole list share a place in C.07: the file may
//! number them in any order (by lot, C.07 art. 6 of the 2026 edition), so a rank
//! anywhere inside the shared block is accepted.

use serde::Serialize;

use super::{compute, StandingsError, StandingsOptions};
use crate::model::{PlayerId, Tournament};

/// A player whose rank in the file is not the one the tie-break list gives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RankFinding {
    /// The player's starting rank (TRF pairing number).
    pub player: PlayerId,
    /// The rank the file's tie-break list gives: the first of the shared
    /// block when others are level with the player after every tie-break.
    pub expected: u32,
    /// The last rank of that shared block (equal to `expected` when nobody
    /// is level with the player).
    pub expected_last: u32,
    /// The rank the file writes.
    pub found: u32,
}

/// The standings half of a check: the file's ranks against its tie-break list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RankCheck {
    /// The rounds the standings count.
    pub after_round: u32,
    /// The tie-break list, as the file writes it.
    pub tiebreaks: Vec<String>,
    /// Players with a rank in the file.
    pub ranked: usize,
    /// Every rank that differs, in order of the file's rank.
    pub findings: Vec<RankFinding>,
}

impl RankCheck {
    /// Every ranked player is where the list puts them.
    pub fn conforms(&self) -> bool {
        self.findings.is_empty()
    }
}

/// Check the rank column of `t` against its own tie-break list. `None` when
/// the file gives no tie-break list or no rank: nothing to compare.
pub fn check_ranks(t: &Tournament) -> Result<Option<RankCheck>, StandingsError> {
    let ranked = t.players.iter().filter(|p| p.rank.is_some()).count();
    if t.tiebreaks.is_empty() || ranked == 0 {
        return Ok(None);
    }
    // An empty list in the options: the file's own list (`202`/`212`).
    let table = compute(t, &StandingsOptions::default())?;
    let mut findings = Vec::new();
    for p in &t.players {
        let (Some(found), Some(row)) = (p.rank, table.row(p.id)) else {
            continue;
        };
        let block = table.rows.iter().filter(|r| r.rank == row.rank).count();
        let last = row.rank + u32::try_from(block).unwrap_or(1).saturating_sub(1);
        if !(row.rank..=last).contains(&found) {
            findings.push(RankFinding {
                player: p.id,
                expected: row.rank,
                expected_last: last,
                found,
            });
        }
    }
    findings.sort_by_key(|f| (f.found, f.player));
    Ok(Some(RankCheck {
        after_round: table.after_round,
        tiebreaks: t.tiebreaks.clone(),
        ranked,
        findings,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Color, Outcome, Player, RoundEntry};

    /// Four players, two rounds: 1 beats 2 and 3, 4 beats 2 (and draws with 3
    /// in round 1): 1 has 2, 4 has 1.5, 3 has 0.5, 2 has 0.
    fn event(ranks: [Option<u32>; 4]) -> Tournament {
        let game = |opp: u32, color, outcome| RoundEntry::Played {
            opponent: PlayerId(opp),
            color,
            outcome,
            short: false,
        };
        let (w, b) = (Color::White, Color::Black);
        let rounds = [
            vec![game(2, w, Outcome::Win), game(3, b, Outcome::Win)],
            vec![game(1, b, Outcome::Loss), game(4, w, Outcome::Loss)],
            vec![game(4, w, Outcome::Draw), game(1, w, Outcome::Loss)],
            vec![game(3, b, Outcome::Draw), game(2, b, Outcome::Win)],
        ];
        Tournament {
            tiebreaks: vec!["BH".into()],
            players: rounds
                .into_iter()
                .zip(ranks)
                .enumerate()
                .map(|(i, (rounds, rank))| Player {
                    id: PlayerId(i as u32 + 1),
                    rating: Some(2000),
                    rank,
                    rounds,
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }
    }

    #[test]
    fn ranks_that_follow_the_list_give_no_finding() {
        let c = check_ranks(&event([Some(1), Some(4), Some(3), Some(2)]))
            .unwrap()
            .unwrap();
        assert!(c.conforms(), "{:?}", c.findings);
        assert_eq!((c.after_round, c.ranked), (2, 4));
    }

    #[test]
    fn swapped_ranks_are_named_with_expected_and_found() {
        let c = check_ranks(&event([Some(1), Some(4), Some(2), Some(3)]))
            .unwrap()
            .unwrap();
        assert_eq!(
            c.findings,
            [
                RankFinding {
                    player: PlayerId(3),
                    expected: 3,
                    expected_last: 3,
                    found: 2
                },
                RankFinding {
                    player: PlayerId(4),
                    expected: 2,
                    expected_last: 2,
                    found: 3
                },
            ]
        );
    }

    #[test]
    fn nothing_to_compare_without_a_list_or_ranks() {
        let mut t = event([None; 4]);
        assert_eq!(check_ranks(&t), Ok(None));
        t.players[0].rank = Some(1);
        t.tiebreaks.clear();
        assert_eq!(check_ranks(&t), Ok(None));
    }
}
