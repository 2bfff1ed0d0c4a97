use serde::{Deserialize, Serialize};

use super::tournament::PlayerId;

/// A board colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// White (TRF `w`).
    White,
    /// Black (TRF `b`).
    Black,
}

impl Color {
    /// The other colour.
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// The outcome of a game for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player won (TRF `1`, `W`; `+` is a [`RoundEntry::Forfeit`]).
    Win,
    /// The game was drawn (TRF `=`, `D`).
    Draw,
    /// The player lost (TRF `0`, `L`).
    Loss,
}

impl Outcome {
    /// The outcome for the opponent (a win is the opponent's loss, a draw stays a draw).
    pub fn opposite(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

/// The kinds of round without an opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByeKind {
    /// Pairing-allocated bye (TRF `U`), C.04.1 art. 4.
    PairingAllocated,
    /// Requested half-point bye (TRF `H`).
    Half,
    /// Full-point bye (TRF `F`).
    Full,
    /// Zero-point bye: a known absence (TRF `Z`).
    Zero,
}

/// What happened to one player in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RoundEntry {
    /// A game played on the board. `short` marks a game that lasted less than
    /// one move (TRF `W D L`): played for pairing purposes, not rated.
    Played {
        /// Starting rank of the opponent.
        opponent: PlayerId,
        /// Colour the player had.
        color: Color,
        /// Result for this player.
        outcome: Outcome,
        /// A game that lasted less than one move (TRF `W`, `D`, `L`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        short: bool,
    },
    /// A game whose result is unknown (TRF `?`/`X`, e.g. adjourned).
    Unknown {
        /// Starting rank of the opponent.
        opponent: PlayerId,
        /// Colour the player had.
        color: Color,
    },
    /// Paired, result not yet entered (the round being played).
    Pending {
        /// Starting rank of the opponent.
        opponent: PlayerId,
        /// Colour the player has, when the pairing gives it.
        color: Option<Color>,
    },
    /// A forfeit against a scheduled opponent. `won` is true for the player
    /// who was present (`+`). Both sides `won: false` is a double forfeit.
    /// Colour is the scheduled one where the file gives it; forfeits do not
    /// count for colour history or as a meeting (C.04.1 art. 4, C.04.3 A.6).
    Forfeit {
        /// Starting rank of the scheduled opponent.
        opponent: PlayerId,
        /// Colour scheduled for the player, when the file gives it.
        color: Option<Color>,
        /// True for the player who was present and scores the forfeit win (`+`), false for the absent one (`-`).
        won: bool,
    },
    /// A round without an opponent.
    Bye {
        /// Which bye.
        bye: ByeKind,
    },
    /// Not paired, no bye recorded (blank block / absent).
    #[default]
    NotPaired,
    /// Free in a round-robin schedule: in an odd field the player whose
    /// Berger-table partner is the dummy number n+1 (C.05 Annex 1) has no
    /// game that round. No game, no bye, no points, and not an unplayed round
    /// for the tie-breaks (C.07 art. 15.2: in a round robin only forfeits are
    /// unplayed rounds).
    Free,
}

impl RoundEntry {
    /// The opponent scheduled for this round, if any (games, unknowns, pending, forfeits).
    pub fn opponent(&self) -> Option<PlayerId> {
        match *self {
            RoundEntry::Played { opponent, .. }
            | RoundEntry::Unknown { opponent, .. }
            | RoundEntry::Pending { opponent, .. }
            | RoundEntry::Forfeit { opponent, .. } => Some(opponent),
            RoundEntry::Bye { .. } | RoundEntry::NotPaired | RoundEntry::Free => None,
        }
    }

    /// The colour actually played (only games on the board count for colour history).
    pub fn played_color(&self) -> Option<Color> {
        match *self {
            RoundEntry::Played { color, .. } | RoundEntry::Unknown { color, .. } => Some(color),
            _ => None,
        }
    }

    /// True when the entry records a pairing made for that round (a game, an
    /// unknown result, a pending game, a forfeit or the pairing-allocated
    /// bye) or the free slot of a round-robin schedule, as opposed to a
    /// requested bye or an absence.
    pub fn is_pairing(&self) -> bool {
        matches!(
            self,
            RoundEntry::Free
                | RoundEntry::Played { .. }
                | RoundEntry::Unknown { .. }
                | RoundEntry::Pending { .. }
                | RoundEntry::Forfeit { .. }
                | RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated
                }
        )
    }

    /// True for a game played over the board (including short games and unknown results).
    pub fn is_played_game(&self) -> bool {
        matches!(self, RoundEntry::Played { .. } | RoundEntry::Unknown { .. })
    }

    /// Points this entry is worth under `ps`; `None` while pending.
    pub fn points(&self, ps: &super::PointSystem) -> Option<super::Points> {
        Some(match *self {
            RoundEntry::Played { outcome, .. } => match outcome {
                Outcome::Win => ps.win,
                Outcome::Draw => ps.draw,
                Outcome::Loss => ps.loss,
            },
            RoundEntry::Unknown { .. } => ps.unknown,
            RoundEntry::Pending { .. } => return None,
            RoundEntry::Forfeit { won: true, .. } => ps.forfeit_win,
            RoundEntry::Forfeit { won: false, .. } => ps.forfeit_loss,
            RoundEntry::Bye { bye } => match bye {
                ByeKind::PairingAllocated => ps.pairing_bye,
                ByeKind::Half => ps.half_bye,
                ByeKind::Full => ps.full_bye,
                ByeKind::Zero => ps.zero_bye,
            },
            RoundEntry::NotPaired => ps.zero_bye,
            RoundEntry::Free => super::Points::ZERO,
        })
    }
}
