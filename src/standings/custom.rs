//! Self-defined tie-breaks (C.07 art. 4.1) as data: which kinds of round a
//! `OTHER_…` code counts. Computed by `super::own`.

use serde::{Deserialize, Serialize};

use crate::model::Color;

/// A kind of round, as counted by a self-defined tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundKind {
    /// A game won over the board.
    Win,
    /// A game drawn over the board.
    Draw,
    /// A game lost over the board.
    Loss,
    /// A win by forfeit (TRF `+`).
    ForfeitWin,
    /// A loss by forfeit (TRF `-`).
    ForfeitLoss,
    /// Pairing-allocated bye.
    PairingBye,
    /// A full-point bye (TRF `F`).
    FullBye,
    /// A half-point bye (TRF `H`).
    HalfBye,
    /// A zero-point bye (TRF `Z`).
    ZeroBye,
    /// Not paired / no data.
    Absent,
    /// Free in a round-robin schedule (odd field): no game, no bye.
    Free,
}

/// A self-defined tie-break (C.07 art. 4.1) as data: count (or sum the points of) the
/// rounds of the listed kinds, optionally only with one colour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CustomTieBreak {
    /// `OTHER_…`.
    pub code: String,
    /// What it counts, in words, for legends (`number of wins including
    /// forfeit wins, byes not counted`).
    #[serde(default)]
    pub description: String,
    /// The column head in tables (e.g. `WIN+F`); empty: the code without
    /// `OTHER_` ([`super::TieBreakSpec::label`]).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub short: String,
    /// The kinds of round counted.
    pub kinds: Vec<RoundKind>,
    /// Sum the points of those rounds instead of counting them.
    #[serde(default)]
    pub sum_points: bool,
    /// Only rounds with this colour count (`None`: either; rounds without a
    /// colour, such as byes, never match a colour).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
}

impl CustomTieBreak {
    /// Tie-break (d) of the 2023 CTCA Open (`samples/ctca-2023.toml`): "greater number
    /// of wins, forfeits counted, byes are not forfeits": OTB wins plus forfeit wins,
    /// no PAB/FPB.
    pub fn wins_with_forfeits_no_byes() -> CustomTieBreak {
        CustomTieBreak {
            code: "OTHER_WINS_FORFEITS_NO_BYES".into(),
            description: "number of wins including forfeit wins, byes not counted".into(),
            short: "WIN+F".into(),
            kinds: vec![RoundKind::Win, RoundKind::ForfeitWin],
            sum_points: false,
            color: None,
        }
    }

    /// Built-in custom definitions, available without a profile.
    pub fn builtins() -> Vec<CustomTieBreak> {
        vec![CustomTieBreak::wins_with_forfeits_no_byes()]
    }
}
