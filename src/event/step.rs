//! The steps that change an event: each a typed value, stored as JSON in the
//! log (`step.payload`) and applied to the state tables in the transaction
//! that appends it.
//!
//! A step holds its effect, not the request that made it: a pairing step holds
//! the boards the engine gave, so replaying the log (an undo rebuilds the state
//! that way) never runs an engine again. Players are named by their pairing
//! number at the time of the step; replaying the steps in order gives the
//! same numbers.

use serde::{Deserialize, Serialize};

use crate::model::{Player, Tournament};

/// One section as created: its key, name and the tournament header it plays
/// under (rounds, system, dates, scoring, tie-breaks; no players).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SectionSpec {
    pub key: String,
    pub name: String,
    pub header: Tournament,
    /// The bye kind of the rounds a late entrant missed (C.04.2 (2017) C /
    /// (2026) art. 2.4: zero unless the regulations say otherwise).
    pub late_bye: LateBye,
    /// The most requested half-point byes a player may take (`None`: no limit).
    pub max_half_byes: Option<u32>,
    /// The last round a half-point bye may be requested for (`None`: any).
    pub half_bye_last_round: Option<u32>,
}

/// What a late entrant scores for a round missed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum LateBye {
    /// A zero-point bye (TRF `Z`).
    #[default]
    Zero,
    /// A half-point bye (TRF `H`).
    Half,
}

impl LateBye {
    /// The TRF code.
    pub fn code(self) -> char {
        match self {
            LateBye::Zero => 'Z',
            LateBye::Half => 'H',
        }
    }
}

/// A player registered into a section.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    /// The model's player; its `id` and `rounds` are ignored (the event
    /// numbers it).
    pub player: Player,
    /// The first round the player is paired in (1 unless a late entry or a
    /// latecomer to the technical meeting).
    pub first_round: u32,
    /// The bye the rounds before `first_round` get; `None`: the section's
    /// late-entry rule.
    pub missed: Option<ByeCode>,
}

/// A bye or absence code of the `unpaired` table (TRF result codes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ByeCode {
    /// Requested half-point bye.
    H,
    /// Full-point bye.
    F,
    /// Zero-point bye (a known absence).
    Z,
    /// Pairing-allocated bye.
    U,
}

impl ByeCode {
    pub fn as_str(self) -> &'static str {
        match self {
            ByeCode::H => "H",
            ByeCode::F => "F",
            ByeCode::Z => "Z",
            ByeCode::U => "U",
        }
    }

    pub fn from_code(s: &str) -> Option<ByeCode> {
        match s {
            "H" => Some(ByeCode::H),
            "F" => Some(ByeCode::F),
            "Z" => Some(ByeCode::Z),
            "U" => Some(ByeCode::U),
            _ => None,
        }
    }
}

/// One board of a pairing step: pairing numbers of White and Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardSpec {
    pub white: u32,
    pub black: u32,
}

/// A manual change to a draft pairing (C.04.2 (2026) art. 4: a pairing is
/// the engine's unless the arbiter changes it, and the change is recorded).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum ManualChange {
    /// Exchange the places of two players (on boards or the pairing-allocated bye).
    Swap { a: u32, b: u32 },
    /// Exchange the colours of a board.
    Flip { board: u32 },
}

/// A result of one board as TRF result characters (`1 0 = + - W D L ?`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardResult {
    pub white: char,
    pub black: char,
}

/// One result of a results step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultEntry {
    pub round: u32,
    pub board: u32,
    pub result: BoardResult,
    /// The value it replaced (a correction).
    pub old: Option<BoardResult>,
}

/// A step. `section` names the section key where a step has one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Step {
    /// The event is created with its sections.
    Create {
        name: String,
        profile: Option<String>,
        profile_name: Option<String>,
        sections: Vec<SectionSpec>,
    },
    /// Players registered into a section (one by hand, or many from a list).
    Register {
        section: String,
        entrants: Vec<Entrant>,
    },
    /// A tournament read from another file becomes the section's state:
    /// its players (with their numbers) and every round recorded.
    Import {
        section: String,
        tournament: Box<Tournament>,
        source: String,
    },
    /// A player's data changed.
    Edit {
        section: String,
        number: u32,
        player: Box<Player>,
    },
    /// A round paired (`published: false`: a draft).
    Pair {
        section: String,
        round: u32,
        edition: String,
        boards: Vec<BoardSpec>,
        bye: Option<u32>,
        published: bool,
    },
    /// A manual change to the draft of `round` (the reason is the step's).
    Change {
        section: String,
        round: u32,
        change: ManualChange,
        reason: String,
    },
    /// The draft of `round` is published.
    Publish { section: String, round: u32 },
    /// Results entered (one board or a whole sheet).
    Results {
        section: String,
        results: Vec<ResultEntry>,
    },
    /// A bye requested for a round not yet paired (or withdrawn with `None`).
    Bye {
        section: String,
        number: u32,
        round: u32,
        bye: Option<ByeCode>,
    },
    /// A player withdrawn from `from_round` on (`None`: brought back).
    Withdraw {
        section: String,
        number: u32,
        from_round: Option<u32>,
    },
    /// Back to the state before step `to_before` (that step and every
    /// effective step after it undone; nothing is deleted from the log).
    Undo { to_before: i64 },
}

impl Step {
    /// The kind as stored in `step.kind`.
    pub fn kind(&self) -> &'static str {
        match self {
            Step::Create { .. } => "create",
            Step::Register { .. } => "register",
            Step::Import { .. } => "import",
            Step::Edit { .. } => "edit",
            Step::Pair { .. } => "pair",
            Step::Change { .. } => "change",
            Step::Publish { .. } => "publish",
            Step::Results { .. } => "results",
            Step::Bye { .. } => "bye",
            Step::Withdraw { .. } => "withdraw",
            Step::Undo { .. } => "undo",
        }
    }

    /// The section the step is about.
    pub fn section(&self) -> Option<&str> {
        match self {
            Step::Create { .. } | Step::Undo { .. } => None,
            Step::Register { section, .. }
            | Step::Import { section, .. }
            | Step::Edit { section, .. }
            | Step::Pair { section, .. }
            | Step::Change { section, .. }
            | Step::Publish { section, .. }
            | Step::Results { section, .. }
            | Step::Bye { section, .. }
            | Step::Withdraw { section, .. } => Some(section),
        }
    }
}

/// A step as read from the log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Logged {
    pub seq: i64,
    /// UTC, RFC 3339.
    pub at: String,
    pub arbiter: String,
    pub reason: Option<String>,
    pub step: Step,
    /// Whether a later undo took it back.
    pub undone: bool,
}
