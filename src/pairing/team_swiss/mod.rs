//! The FIDE Swiss Team Pairing System (C.04.6, in force from 1 February
//! 2026), and team round robins by the Berger tables (C.05 Annex 1).
//!
//! - [`state`]: the teams after round n (art. 1: scores, colour
//!   differences, opponents, who may get the bye, who floated);
//! - [`search`]: the pairing of a round (art. 2 criteria, art. 3 process);
//! - [`colour`]: colour preferences (art. 1.7) and allocation (art. 4);
//! - [`check`](mod@check): recorded rounds re-paired and compared, Swiss or Berger.
//!
//! The engine takes `&Tournament` (or the team states) and options, and
//! returns data: the matches with their colours, the bye, the brackets.
//!
//! Citations. The handbook page (handbook.fide.com/chapter/
//! SwissTeamPairingSystem202602) is still readable here only up to its
//! preface (December 2026). Every article number cited in this module was
//! checked against two independent public write-ups that number the text
//! article by article and quote 2.3.2 and 3.6 verbatim: 1.1 TPN, 1.2 primary
//! and secondary score, 1.5 floater, 1.6.1-1.6.2 colour and colour
//! difference, 1.7.1-1.7.2 preference types A and B, 2.1.1-2.1.2 (C1-C2),
//! 2.2.1 (C3), 2.3.1-2.3.7 (C4-C10), 3.1, 3.3.2-3.3.3, 3.4.1-3.4.4,
//! 3.5.3-3.5.4, 3.6.2-3.6.3, 4.1, 4.2.1-4.2.3 and 4.3.1-4.3.9. All agree;
//! none was changed. Not checked against the text itself: the wording.

pub mod check;
pub mod colour;
pub mod record;
pub mod search;
pub mod state;

#[cfg(test)]
mod tests;

use std::cmp::Reverse;
use std::fmt;

use serde::Serialize;

use crate::model::{Color, Points, TeamId, Tournament};

pub use check::{check, check_round_robin, TeamCheck, TeamRoundCheck, TeamVerdict};
pub use colour::{Preference, PreferenceType};
pub use state::TeamState;

/// Which score the teams are paired on (C.04.6 art. 1.2): the rules of the
/// competition name match points or game points the primary score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum PrimaryScore {
    /// Match points primary (the default), game points secondary.
    #[default]
    MatchPoints,
    /// Game points primary, match points secondary.
    GamePoints,
}

/// What the pairing of one round needs besides the teams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundContext {
    /// The round being paired (1-based).
    pub round: u32,
    /// The rounds of the event, when known (art. 1.7.2 and 2.3.4/2.3.7
    /// treat the last rounds apart).
    pub total_rounds: Option<u32>,
    /// The colour preferences in use (art. 1.7).
    pub preference: PreferenceType,
    /// The secondary score decides the first team (art. 4.2.2).
    pub secondary_for_colours: bool,
    /// The initial colour drawn before round 1 (art. 4.1).
    pub initial_colour: Color,
}

impl RoundContext {
    /// The round being paired is the last one.
    pub fn is_last_round(&self) -> bool {
        self.total_rounds == Some(self.round)
    }

    /// The round being paired is one of the last two.
    pub fn in_last_two_rounds(&self) -> bool {
        self.total_rounds
            .is_some_and(|t| self.round.saturating_add(1) >= t)
    }
}

/// Options of the team Swiss; `None` takes the value from the file (its
/// `192` code, `142` rounds, initial colour), else the C.04.6 default.
#[derive(Debug, Clone, Copy, Default)]
#[non_exhaustive]
pub struct TeamSwissOptions {
    /// The round to pair; the round after the rounds recorded when `None`.
    pub round: Option<u32>,
    /// The primary score (art. 1.2).
    pub primary: Option<PrimaryScore>,
    /// The colour preference type (art. 1.7).
    pub preference: Option<PreferenceType>,
    /// Whether the secondary score decides the first team (art. 4.2.2).
    pub secondary_for_colours: Option<bool>,
    /// The initial colour (art. 4.1).
    pub initial_colour: Option<Color>,
}

options!(TeamSwissOptions {
    round: Option<u32>,
    primary: Option<PrimaryScore>,
    preference: Option<PreferenceType>,
    secondary_for_colours: Option<bool>,
    initial_colour: Option<Color>
});

/// The settings a `192` code gives (ETT26 `FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`):
/// preference type, primary score, whether the secondary score is used for
/// colours. A code without a type is type A (art. 1.7 default); a code
/// naming one score only leaves the secondary score out of art. 4.2.2.
pub fn settings_from_code(code: &str) -> (PreferenceType, PrimaryScore, bool) {
    let c = code.to_ascii_uppercase();
    let preference = if c.contains("_TYPEB") {
        PreferenceType::B
    } else {
        PreferenceType::A
    };
    let scores: Vec<&str> = c.split('_').filter(|p| *p == "MP" || *p == "GP").collect();
    let primary = match scores.first() {
        Some(&"GP") => PrimaryScore::GamePoints,
        _ => PrimaryScore::MatchPoints,
    };
    (preference, primary, scores.len() != 1)
}

/// Whether a team event is a team round robin (its `192` code or its
/// `092` type), and how many cycles: `Some(2)` for a double round robin.
pub fn round_robin_cycles(t: &Tournament) -> Option<u32> {
    let said = [&t.info.system_code, &t.info.tournament_type]
        .iter()
        .map(|s| s.to_ascii_lowercase().replace(['-', '_', ' '], ""))
        .find(|s| s.contains("roundrobin") || s.starts_with("bergerteam"))?;
    Some(if said.contains("double") { 2 } else { 1 })
}

/// One bracket of the pairing: the top scoregroup and its upfloaters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Bracket {
    /// The top scoregroup's score (the primary score).
    pub score: Points,
    /// The teams of the top scoregroup, by pairing number.
    pub residents: Vec<TeamId>,
    /// The upfloaters (art. 3.5), in the order of art. 3.5.3.
    pub upfloaters: Vec<TeamId>,
}

/// A paired match: the team with White (its first board has White).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamMatch {
    /// The team with White.
    pub white: TeamId,
    /// The team with Black.
    pub black: TeamId,
    /// The article of C.04.6 art. 4.3 that gave the colours.
    pub colour_rule: &'static str,
}

/// The pairing of one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamRoundPairing {
    /// The round paired.
    pub round: u32,
    /// The matches, bracket by bracket, by the top member's pairing number.
    pub matches: Vec<TeamMatch>,
    /// The team with the pairing-allocated bye (art. 3.4).
    pub bye: Option<TeamId>,
    /// The brackets, top first.
    pub brackets: Vec<Bracket>,
}

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TeamSwissError {
    /// Not a team event, or one without teams.
    NoTeams,
    /// Round 0 was asked for: rounds are 1-based.
    RoundZero,
    /// The round asked for is beyond the event's rounds.
    BeyondLastRound {
        /// The round asked for.
        round: u32,
        /// The event's rounds.
        total: u32,
    },
    /// No pairing complies with the absolute criteria (art. 3.3.3: the
    /// chief arbiter decides).
    NoLegalPairing {
        /// The round.
        round: u32,
        /// The teams that could not be paired together.
        teams: usize,
    },
    /// Too many upfloater sets of one size to examine.
    SearchLimit {
        /// The round.
        round: u32,
        /// The top scoregroup's score.
        score: Points,
        /// The number of upfloaters.
        upfloaters: usize,
        /// The sets of that size.
        sets: u64,
    },
}

impl fmt::Display for TeamSwissError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamSwissError::NoTeams => f.write_str(
                "expected a team event with teams, found no team to pair",
            ),
            TeamSwissError::RoundZero => f.write_str("expected a round from 1, found round 0"),
            TeamSwissError::BeyondLastRound { round, total } => write!(
                f,
                "round {round}: expected a round from 1 to {total} (the event's rounds), found {round}"
            ),
            TeamSwissError::NoLegalPairing { round, teams } => write!(
                f,
                "round {round}: expected a pairing complying with C.04.6 art. 2.1, found none for {teams} teams (art. 3.3.3: the chief arbiter decides)"
            ),
            TeamSwissError::SearchLimit {
                round,
                score,
                upfloaters,
                sets,
            } => write!(
                f,
                "round {round}, bracket of score {score}: expected at most {} upfloater sets to examine, found {sets} sets of {upfloaters}",
                search::SET_LIMIT
            ),
        }
    }
}

impl std::error::Error for TeamSwissError {}

impl From<TeamSwissError> for crate::Error {
    fn from(e: TeamSwissError) -> crate::Error {
        crate::error::engine(crate::diag::codes::UNSUPPORTED, e.to_string())
    }
}

/// Pairs one round of `teams` (C.04.6 art. 3 and 4): the bye, the
/// brackets, the colours. `teams` are the teams to pair this round.
pub fn pair_teams(
    teams: &[TeamState],
    ctx: &RoundContext,
) -> Result<TeamRoundPairing, TeamSwissError> {
    if teams.is_empty() {
        return Err(TeamSwissError::NoTeams);
    }
    let search = search::Search { teams, ctx };
    let all: Vec<usize> = (0..teams.len()).collect();
    let bye = search.bye(&all)?;
    let mut remaining: Vec<usize> = all.into_iter().filter(|&i| Some(i) != bye).collect();
    remaining.sort_by_key(|&i| (Reverse(teams[i].primary), teams[i].team));
    let (pairs, brackets) = search.brackets(remaining)?;
    let matches = pairs
        .into_iter()
        .map(|(a, b)| {
            let (c, rule) = colour::allocate(&teams[a], &teams[b], ctx);
            let (white, black) = match c {
                Color::White => (teams[a].team, teams[b].team),
                Color::Black => (teams[b].team, teams[a].team),
            };
            TeamMatch {
                white,
                black,
                colour_rule: rule,
            }
        })
        .collect();
    Ok(TeamRoundPairing {
        round: ctx.round,
        matches,
        bye: bye.map(|i| teams[i].team),
        brackets,
    })
}

/// The context and primary score `opts` and the file give for `round`.
pub fn context(
    t: &Tournament,
    round: u32,
    opts: &TeamSwissOptions,
) -> (RoundContext, PrimaryScore) {
    let (pref, primary, secondary) = settings_from_code(&t.info.system_code);
    (
        RoundContext {
            round,
            total_rounds: t.total_rounds,
            preference: opts.preference.unwrap_or(pref),
            secondary_for_colours: opts.secondary_for_colours.unwrap_or(secondary),
            initial_colour: opts
                .initial_colour
                .or(t.initial_color)
                .unwrap_or(Color::White),
        },
        opts.primary.unwrap_or(primary),
    )
}

/// The round after the last round with a team match or bye recorded.
pub fn next_round(t: &Tournament) -> u32 {
    let recorded = u32::try_from(t.rounds_recorded()).unwrap_or(u32::MAX);
    let (schedules, _) = crate::model::team_rounds(t, recorded as usize);
    let last = schedules
        .iter()
        .flat_map(|s| s.rounds.iter())
        .filter(|r| {
            !matches!(
                r.kind,
                crate::model::TeamRoundKind::Bye {
                    bye: crate::model::TeamByeKind::Zero
                }
            )
        })
        .map(|r| r.round)
        .max()
        .unwrap_or(0);
    last.saturating_add(1)
}

/// Pairs the next round of the team event `t` (or `opts.round`) by C.04.6.
/// Teams with a requested bye that round (`240`) are left out.
pub fn pair_round(
    t: &Tournament,
    opts: &TeamSwissOptions,
) -> Result<TeamRoundPairing, TeamSwissError> {
    if t.teams.is_empty() {
        return Err(TeamSwissError::NoTeams);
    }
    let round = opts.round.unwrap_or_else(|| next_round(t));
    if let Some(total) = t.total_rounds {
        if round > total {
            return Err(TeamSwissError::BeyondLastRound { round, total });
        }
    }
    let (ctx, primary) = context(t, round, opts);
    let mut teams = state::states_before(t, round, primary)?;
    teams.retain(|s| {
        !t.team_records
            .byes
            .iter()
            .any(|b| b.round == round && b.teams.contains(&s.team))
    });
    pair_teams(&teams, &ctx)
}
