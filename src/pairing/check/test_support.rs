//! Fixtures shared by the unit tests of the check: played games and small
//! tournaments.

use crate::model::{Color, Outcome, Player, PlayerId, RoundEntry, Tournament};

/// A game played against `opponent` with `color`, ending in `outcome`.
pub(crate) fn game(opponent: u32, color: Color, outcome: Outcome) -> RoundEntry {
    RoundEntry::Played {
        opponent: PlayerId(opponent),
        color,
        outcome,
        short: false,
    }
}

/// Players 1, 2, ... (named `P1`, `P2`, ...) with the given rounds.
pub(crate) fn tournament(rows: Vec<Vec<RoundEntry>>) -> Tournament {
    Tournament {
        players: rows
            .into_iter()
            .enumerate()
            .map(|(i, rounds)| Player {
                id: PlayerId(i as u32 + 1),
                name: format!("P{}", i + 1),
                rounds,
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}
