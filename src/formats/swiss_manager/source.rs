//! Where the facts of the Swiss-Manager text exports are: the row of each player in
//! the player file ("Spielerdaten") and the board row of each player's round in the
//! pairing file ("Spielerauslosung"). The `;`-separated exports have lines but no
//! columns, so a message names the line and the header of the column (issue #18).

use std::collections::BTreeMap;

use crate::diag::{Locator, PlayerField};
use crate::model::PlayerId;

use super::pairings::Board;
use super::players::PlayerRow;

/// The lines (1-based) of a player file and a pairing file read alone or together.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SmSource {
    /// The row of each player in the player file (the first row with that `Nr`; a
    /// later one is skipped by the reader).
    pub player_rows: BTreeMap<PlayerId, usize>,
    /// The board row of `(player, round)` in the pairing file (the first board
    /// naming the player in that round; a later one is skipped or reported).
    pub board_rows: BTreeMap<(PlayerId, u32), usize>,
    /// The player file's name when two files are read together (`a+b`).
    pub players_file: Option<String>,
    /// The pairing file's name when two files are read together (`a+b`).
    pub pairings_file: Option<String>,
}

impl SmSource {
    /// The rows of a player file.
    pub fn players(rows: &[PlayerRow]) -> SmSource {
        let mut s = SmSource::default();
        s.add_players(rows);
        s
    }

    /// The board rows of a pairing file.
    pub fn pairings(boards: &[Board]) -> SmSource {
        let mut s = SmSource::default();
        s.add_boards(boards);
        s
    }

    pub(crate) fn add_players(&mut self, rows: &[PlayerRow]) {
        for r in rows {
            self.player_rows.entry(PlayerId(r.number)).or_insert(r.line);
        }
    }

    pub(crate) fn add_boards(&mut self, boards: &[Board]) {
        for b in boards {
            let sides = std::iter::once(b.white).chain(b.black);
            for p in sides {
                self.board_rows.entry((p, b.round)).or_insert(b.line);
            }
        }
    }

    /// The first board row naming `player` (any round), for a player the pairing
    /// file knows and the player file does not.
    pub fn first_board_row(&self, player: PlayerId) -> Option<usize> {
        self.board_rows
            .range((player, 0)..=(player, u32::MAX))
            .map(|(_, l)| *l)
            .min()
    }
}

/// Lines only: the exports have no fixed columns, and no header records.
impl Locator for SmSource {
    fn player_line(&self, player: u32) -> Option<usize> {
        self.player_rows.get(&PlayerId(player)).copied()
    }
    fn header_line(&self, _: &str) -> Option<usize> {
        None
    }
    fn cols(&self, _: PlayerField) -> Option<(usize, usize)> {
        None
    }
    fn player_file(&self, player: u32) -> Option<String> {
        self.player_rows
            .contains_key(&PlayerId(player))
            .then(|| self.players_file.clone())
            .flatten()
    }
    fn round_line(&self, player: u32, round: usize) -> Option<usize> {
        let round = u32::try_from(round).ok()?;
        self.board_rows.get(&(PlayerId(player), round)).copied()
    }
    fn round_file(&self, player: u32, round: usize) -> Option<String> {
        self.round_line(player, round)
            .and(self.pairings_file.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_name_the_board_row_and_players_their_row() {
        let mut s = SmSource {
            players_file: Some("p.txt".into()),
            pairings_file: Some("a.txt".into()),
            ..SmSource::default()
        };
        s.player_rows.insert(PlayerId(3), 4);
        s.board_rows.insert((PlayerId(3), 2), 9);
        assert_eq!(s.player_line(3), Some(4));
        assert_eq!(s.player_file(3).as_deref(), Some("p.txt"));
        assert_eq!(s.round_line(3, 2), Some(9));
        assert_eq!(s.round_file(3, 2).as_deref(), Some("a.txt"));
        // No board row in round 1, no player row for 5: nothing invented.
        assert_eq!(s.round_line(3, 1), None);
        assert_eq!(s.round_file(3, 1), None);
        assert_eq!(s.player_file(5), None);
        assert_eq!(s.first_board_row(PlayerId(3)), Some(9));
    }
}
