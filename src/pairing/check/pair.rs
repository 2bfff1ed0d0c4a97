//! A pairing as the rules select it: boards (white, black) and the bye.
//! Plain data shared by the comparison, the findings, the explanation and
//! the report.

use super::position::RecordedBoard;
use crate::model::PlayerId;

/// A pair as the rules select it (white, black).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Pair {
    /// The player with White.
    pub white: PlayerId,
    /// The player with Black.
    pub black: PlayerId,
}

/// A recorded board as a pair: white and black when the colours are known,
/// otherwise the lower and the higher pairing number.
impl From<&RecordedBoard> for Pair {
    fn from(b: &RecordedBoard) -> Pair {
        Pair {
            white: b.white,
            black: b.black,
        }
    }
}

/// The pairing the rules select for a round (the engine's answer).
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct Selected {
    /// The boards, in board order.
    pub boards: Vec<Pair>,
    /// The pairing-allocated bye, when the number of players is odd.
    pub bye: Option<PlayerId>,
}
