//! How a section is played, as a profile states it (`[play]` for the main
//! section, `[sections.KEY.play]` for another): rounds, pairing system, rate
//! of play, dates, and the bye rules the regulations set.

use serde::Deserialize;

/// A section's play settings. Every key is optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaySettings {
    /// The number of rounds.
    #[serde(default)]
    pub rounds: Option<u32>,
    /// `dutch-2017`, `dutch-2025`, `round-robin` or `double-round-robin`.
    #[serde(default)]
    pub system: Option<String>,
    /// The date of each round, `"YYYY-MM-DD"`.
    #[serde(default)]
    pub dates: Vec<String>,
    /// The time control as the regulations write it (`90 min + 30 s`,
    /// `3+2`): it tells the rating report the rate of play (B.02 art. 1.1).
    #[serde(default)]
    pub time_control: Option<String>,
    /// The city where the event is played (TRF `022`).
    #[serde(default)]
    pub city: Option<String>,
    /// The federation hosting the event (TRF `032`), e.g. `NED`.
    #[serde(default)]
    pub federation: Option<String>,
    /// The chief arbiter's name (TRF `102`).
    #[serde(default)]
    pub chief_arbiter: Option<String>,
    /// What a late entrant scores for each round missed: `zero` (the FIDE
    /// default, C.04.2 (2026) art. 2.4) or `half`.
    #[serde(default)]
    pub late_entry_bye: Option<String>,
    /// The most requested half-point byes one player may take.
    #[serde(default)]
    pub max_half_byes: Option<u32>,
    /// The last round a half-point bye may be requested for.
    #[serde(default)]
    pub half_bye_last_round: Option<u32>,
}
