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
    /// The section's key: a short identifier used in commands and URLs (`main` for an event of
    /// one section).
    pub key: String,
    /// The section's display name (`Open A`).
    pub name: String,
    /// The tournament header the section plays under; its `players` are empty (players come in
    /// with [`Step::Register`] or [`Step::Import`]).
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
    /// The TRF result code as text (`H`, `F`, `Z`, `U`), as stored in the `unpaired` table.
    pub fn as_str(self) -> &'static str {
        match self {
            ByeCode::H => "H",
            ByeCode::F => "F",
            ByeCode::Z => "Z",
            ByeCode::U => "U",
        }
    }

    /// The code from its text (`H`, `F`, `Z`, `U`); `None` for anything else.
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
    /// White's pairing number in the section.
    pub white: u32,
    /// Black's pairing number in the section.
    pub black: u32,
}

/// A manual change to a draft pairing (C.04.2 (2026) art. 4: a pairing is
/// the engine's unless the arbiter changes it, and the change is recorded).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum ManualChange {
    /// Exchange the places of two players (on boards or the pairing-allocated bye).
    Swap {
        /// One player's pairing number.
        a: u32,
        /// The other player's pairing number.
        b: u32,
    },
    /// Exchange the colours of a board.
    Flip {
        /// The board (1-based).
        board: u32,
    },
}

/// A result of one board as TRF result characters (`1 0 = + - W D L ?`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardResult {
    /// White's TRF result character: `1`, `0`, `=`, forfeits `+` `-`, `W` `D` `L`
    /// (a game of less than one move: counted for pairings, not rated), or `?`
    /// (result not known).
    pub white: char,
    /// Black's TRF result character, from the same set (`0` against `1`, `-`
    /// against `+`; `0 0` or `- -` when both lose).
    pub black: char,
}

/// One result of a results step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultEntry {
    /// The round (1-based).
    pub round: u32,
    /// The board (1-based, in the order of the published pairing).
    pub board: u32,
    /// The result entered.
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
        /// The event's name.
        name: String,
        /// The text of the regulations profile (TOML) the event was created with, kept whole in
        /// the event file.
        profile: Option<String>,
        /// The file name the profile was read from (shown in messages).
        profile_name: Option<String>,
        /// The sections, in order (the first is the default one).
        sections: Vec<SectionSpec>,
    },
    /// Players registered into a section (one by hand, or many from a list).
    Register {
        /// The section's key.
        section: String,
        /// The players registered. Before round 1 is paired each takes its
        /// place in the initial order (the players after it move down one
        /// number); once a round is paired they are numbered after the last.
        entrants: Vec<Entrant>,
    },
    /// A tournament read from another file becomes the section's state:
    /// its players (with their numbers) and every round recorded.
    Import {
        /// The section's key.
        section: String,
        /// The tournament read (players with their pairing numbers, rounds, results).
        tournament: Box<Tournament>,
        /// Where it came from (the file name as given), for the log.
        source: String,
    },
    /// A player's data changed.
    Edit {
        /// The section's key.
        section: String,
        /// The player's pairing number.
        number: u32,
        /// The player's new data (its `id` and `rounds` are ignored).
        player: Box<Player>,
    },
    /// A round paired (`published: false`: a draft).
    Pair {
        /// The section's key.
        section: String,
        /// The round paired (1-based).
        round: u32,
        /// The system that paired it: `dutch-2017`, `dutch-2025` (the Dutch rules
        /// edition), or `round-robin` for a Berger table (C.05 Annex 1).
        edition: String,
        /// The boards in order, board 1 first.
        boards: Vec<BoardSpec>,
        /// The pairing number of the player given the pairing-allocated bye, if any.
        bye: Option<u32>,
        /// Whether the pairing is published at once (`false`: a draft that manual changes and
        /// `publish` follow).
        published: bool,
    },
    /// A manual change to the draft of `round` (the reason is the step's).
    Change {
        /// The section's key.
        section: String,
        /// The round whose draft is changed (1-based).
        round: u32,
        /// The change.
        change: ManualChange,
        /// Why the arbiter made it, kept with the change in the log.
        reason: String,
    },
    /// The draft of `round` is published.
    Publish {
        /// The section's key.
        section: String,
        /// The round published (1-based).
        round: u32,
    },
    /// Results entered (one board or a whole sheet).
    Results {
        /// The section's key.
        section: String,
        /// The results, each with its round and board.
        results: Vec<ResultEntry>,
    },
    /// A bye requested for a round not yet paired (or withdrawn with `None`).
    Bye {
        /// The section's key.
        section: String,
        /// The player's pairing number.
        number: u32,
        /// The round the bye is for (1-based).
        round: u32,
        /// The bye kind (`None`: a bye withdrawn).
        bye: Option<ByeCode>,
    },
    /// A player withdrawn from `from_round` on (`None`: brought back).
    Withdraw {
        /// The section's key.
        section: String,
        /// The player's pairing number.
        number: u32,
        /// The first round the player is no longer paired in (1-based).
        from_round: Option<u32>,
    },
    /// Back to the state before step `to_before` (that step and every
    /// effective step after it undone; nothing is deleted from the log).
    Undo {
        /// The sequence number ([`Logged::seq`]) of the first step undone.
        to_before: i64,
    },
    /// FIDE mode left (`on: false`) for the whole event; the reason is the
    /// step's. An event is in FIDE mode from its creation; once left it can
    /// never be entered again (VCL4THP Q40-46), so `on: true` is never
    /// written, and no undo crosses this step.
    FideMode {
        /// Always `false`: FIDE mode left.
        on: bool,
    },
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
            Step::FideMode { .. } => "fide_mode",
        }
    }

    /// The section the step is about.
    pub fn section(&self) -> Option<&str> {
        match self {
            Step::Create { .. } | Step::Undo { .. } | Step::FideMode { .. } => None,
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
    /// The step's sequence number in the log (rising with each step; what [`Step::Undo`] names).
    pub seq: i64,
    /// UTC, RFC 3339.
    pub at: String,
    /// Who made the step (the arbiter's name or account).
    pub arbiter: String,
    /// Why, when the arbiter said.
    pub reason: Option<String>,
    /// The step itself.
    pub step: Step,
    /// Whether a later undo took it back.
    pub undone: bool,
}
