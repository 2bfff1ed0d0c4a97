//! The two records of one game: both sides must agree on the opponent, the
//! colours and the result (TRF16 `001` round blocks). The consistency checks
//! (`validate`), the rating-report checks and the pairing checker all ask
//! this one rule.

use super::{Color, PlayerId, RoundEntry};

/// How the results of the two sides of a game compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultSides {
    /// Complementary results: win and loss, draw and draw, a forfeit lost on
    /// at least one side, unknown on both sides, no result on both sides.
    Mirrored,
    /// Complementary results, but one side says the game was shorter than one
    /// move and the other does not.
    ShortDiffers,
    /// A result on one side, `?` (unknown) on the other.
    OneUnknown,
    /// Results that cannot belong to one game (two wins, a game against a
    /// forfeit, a bye against a game ...).
    Clash,
}

/// What the two records of a game say about each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSides {
    /// How the two results relate (mirrored, both the same, a clash ...).
    pub result: ResultSides,
    /// Both sides name the same colour (the colour named).
    pub same_colour: Option<Color>,
}

impl GameSides {
    /// Both sides agree in every respect.
    pub fn mirrored(&self) -> bool {
        self.result == ResultSides::Mirrored && self.same_colour.is_none()
    }
}

/// The colour a round entry names, if any.
pub fn entry_colour(e: &RoundEntry) -> Option<Color> {
    match *e {
        RoundEntry::Played { color, .. } | RoundEntry::Unknown { color, .. } => Some(color),
        RoundEntry::Pending { color, .. } | RoundEntry::Forfeit { color, .. } => color,
        _ => None,
    }
}

/// Compare player `a`'s entry with the entry of its opponent in the same
/// round. Opponents are not compared: see [`names_each_other`].
pub fn game_sides(a: &RoundEntry, b: &RoundEntry) -> GameSides {
    use RoundEntry as E;
    let result = match (*a, *b) {
        (
            E::Played {
                outcome: oa,
                short: sa,
                ..
            },
            E::Played {
                outcome: ob,
                short: sb,
                ..
            },
        ) => match (oa.opposite() == ob, sa == sb) {
            (false, _) => ResultSides::Clash,
            (true, true) => ResultSides::Mirrored,
            (true, false) => ResultSides::ShortDiffers,
        },
        (E::Unknown { .. }, E::Unknown { .. }) | (E::Pending { .. }, E::Pending { .. }) => {
            ResultSides::Mirrored
        }
        (E::Unknown { .. }, E::Played { .. }) | (E::Played { .. }, E::Unknown { .. }) => {
            ResultSides::OneUnknown
        }
        (E::Forfeit { won: wa, .. }, E::Forfeit { won: wb, .. }) if !(wa && wb) => {
            ResultSides::Mirrored
        }
        _ => ResultSides::Clash,
    };
    let same_colour = match (entry_colour(a), entry_colour(b)) {
        (Some(x), Some(y)) if x == y => Some(x),
        _ => None,
    };
    GameSides {
        result,
        same_colour,
    }
}

/// Player `a`'s entry `ea` and player `b`'s entry `eb` of one round name
/// each other as opponents.
pub fn names_each_other(a: PlayerId, ea: &RoundEntry, b: PlayerId, eb: &RoundEntry) -> bool {
    ea.opponent() == Some(b) && eb.opponent() == Some(a)
}
