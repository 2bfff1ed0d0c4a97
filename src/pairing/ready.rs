//! Whether the next round of a tournament can be paired: the guards that the
//! command line (`arbiter pair`), the web app (its next-round page), the
//! hall and the event room pass before they pair, in one copy.
//!
//! [`ready`] refuses, with located diagnostics:
//! - a file whose reading or consistency checks found an error that leaves
//!   no position to pair ([`Diagnostic::blocks_pairing`]);
//! - a team event (the individual engines would pair its boards as one
//!   individual Swiss);
//! - declared points without a single game;
//! - (a Swiss) a last round with boards without a result, or a last round
//!   holding nothing but a pre-set pairing-allocated bye.
//!
//! [`crate::pairing::dutch::pair_next`] is [`ready`] followed by
//! `pair_round`: what a program pairing "the next round of this file" calls.
//! `pair_round` itself pairs the position it is given as it is (the check
//! re-pairs recorded rounds with it, the event room a round with its
//! requested byes already in).

use std::fmt;

use crate::diag::{codes, Diagnostic, Family, Location, Locator, PlayerField};
use crate::model::{ByeKind, PlayerId, RoundEntry, Tournament};

/// Which guard refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// Errors in the file leave no position to pair (its diagnostics).
    Unusable,
    /// A team event given to the individual engines.
    TeamEvent,
    /// Declared points, but no games.
    PointsWithoutGames,
    /// The last paired round has boards without a result.
    UnfinishedRound,
    /// The last round holds a pairing-allocated bye and no games.
    PresetPairingBye,
}

/// Why the next round cannot be paired: the guard, and the diagnostics that
/// say where and why (errors, located in the file when a locator knows the
/// lines).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotReady {
    /// Which guard stopped the pairing.
    pub reason: Reason,
    /// Where and why, as located errors.
    pub diagnostics: Vec<Diagnostic>,
}

impl NotReady {
    fn one(reason: Reason, d: Diagnostic) -> NotReady {
        NotReady {
            reason,
            diagnostics: vec![d],
        }
    }
}

impl fmt::Display for NotReady {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.reason, self.diagnostics.as_slice()) {
            (Reason::Unusable, d) => write!(
                f,
                "{} error(s) make the file unusable; nothing paired",
                d.iter().filter(|d| d.blocks_pairing()).count()
            ),
            (_, [d, ..]) => match d.location.to_string() {
                loc if loc.is_empty() => f.write_str(&d.message),
                loc => write!(f, "{loc}: {}", d.message),
            },
            (_, []) => f.write_str("the next round cannot be paired"),
        }
    }
}

impl std::error::Error for NotReady {}

impl From<NotReady> for crate::Error {
    /// The guard's diagnostics, the first error leading.
    fn from(e: NotReady) -> crate::Error {
        if e.diagnostics.is_empty() {
            return crate::error::engine(codes::UNSUPPORTED, e.to_string());
        }
        crate::Error::from_diagnostics(e.diagnostics)
    }
}

/// What [`ready`] looks at besides the tournament.
#[derive(Debug, Clone, Copy, Default)]
#[non_exhaustive]
pub struct ReadyOptions<'a> {
    /// The round to pair (1-based); the next round after the rounds recorded
    /// when `None`.
    pub round: Option<u32>,
    /// The tournament is paired by a round robin's table: its next round
    /// does not depend on the scores, so an unfinished round does not stop it.
    pub round_robin: bool,
    /// What reading the file and its consistency checks found; the errors
    /// that leave no position to pair refuse it.
    pub diagnostics: &'a [Diagnostic],
    /// The caller pairs a team event with the team engines
    /// ([`crate::pairing::team_swiss`]): a team event is not refused.
    pub team: bool,
}

impl<'a> ReadyOptions<'a> {
    /// The defaults: the next round, a Swiss, no diagnostics.
    pub fn new() -> Self {
        Self::default()
    }
    options!(@setters round: Option<u32>, round_robin: bool, diagnostics: &'a [Diagnostic], team: bool);
}

/// Whether the next round of `t` can be paired. `at` locates the refusals
/// in the file `t` was read from (`NoSource` when there is none).
pub fn ready(t: &Tournament, at: &dyn Locator, opts: &ReadyOptions<'_>) -> Result<(), NotReady> {
    if opts.diagnostics.iter().any(Diagnostic::blocks_pairing) {
        return Err(NotReady {
            reason: Reason::Unusable,
            diagnostics: opts
                .diagnostics
                .iter()
                .filter(|d| d.blocks_pairing())
                .cloned()
                .collect(),
        });
    }
    if let Some(d) = team_event(t).filter(|_| !opts.team) {
        return Err(NotReady::one(Reason::TeamEvent, d));
    }
    if let Some(d) = points_without_games(t, at) {
        return Err(NotReady::one(Reason::PointsWithoutGames, d));
    }
    if opts.round_robin {
        return Ok(());
    }
    // the next round after the rounds recorded (as `dutch::next_round`)
    let round = opts.round.unwrap_or_else(|| {
        u32::try_from(t.rounds_recorded())
            .unwrap_or(u32::MAX)
            .saturating_add(1)
    });
    unfinished_round(t, at, round)
}

/// A team event: the individual engines (the Dutch system, its check) would
/// pair or judge its boards as one individual Swiss, which it is not; the
/// team engines ([`crate::pairing::team_swiss`]: C.04.6, Berger tables) pair
/// and check it ([`ReadyOptions::team`]).
pub fn team_event(t: &Tournament) -> Option<Diagnostic> {
    t.is_team_event().then(|| {
        Diagnostic::error(
            codes::UNSUPPORTED,
            Family::Consistency,
            Location::default(),
            "expected an individual tournament, found a team event: the individual pairing engines do not pair team matches; `arbiter pair` and `arbiter check` pair and check a team event (C.04.6, team round robins), `arbiter standings` ranks the teams",
        )
    })
}

/// Players who declare points in a file without a single game (a Swiss-Manager
/// player file read alone): the games that gave the points are elsewhere, so
/// pairing "round 1" would pair a round already played, on scores of 0. Refused
/// at the first such player's record: the basic rules for Swiss systems need the
/// games played so far (C.04.1 b: no two players meet twice; e: players are paired
/// with others of the same score).
fn points_without_games(t: &Tournament, at: &dyn Locator) -> Option<Diagnostic> {
    if t.rounds_recorded() > 0 {
        return None;
    }
    let p = t
        .players
        .iter()
        .find(|p| p.points.is_some_and(|x| x.0 != 0))?;
    let declared = p.points?;
    Some(Diagnostic::error(
        codes::POINTS_WITHOUT_GAMES,
        Family::Consistency,
        Location {
            file: at.player_file(p.id.0),
            line: at.player_line(p.id.0),
            cols: at.cols(PlayerField::Points),
            field: Some("points".into()),
        },
        format!(
            "player {} declares {declared} points, but the file records no games: the next round cannot be paired without them; give the games too (a Swiss-Manager player file with its pairing file: players.txt+pairings.txt)",
            p.id
        ),
    ))
}

/// Round `next` cannot be paired while the round before it has boards
/// without a result: the scores it is paired on are not known, and the
/// pending games are not yet meetings the engine would avoid. Nor when that
/// round holds nothing but a pairing-allocated bye (`U`): a PAB is allocated
/// by the pairing, never pre-set (C.04.1 (2026) art. 4; bbpPairings #3), so
/// the round is in fact still to be paired. The refusal names that round,
/// located at the record of its first open board (the player's line in a
/// TRF, the board row of a Swiss-Manager pairing file).
fn unfinished_round(t: &Tournament, at: &dyn Locator, next: u32) -> Result<(), NotReady> {
    let located = |id: PlayerId, last: usize| Location {
        file: at.round_file(id.0, last),
        line: at.round_line(id.0, last),
        field: Some(match at.player_record(id.0) {
            Some(r) => format!("{r}, round {last}"),
            None => format!("round {last}"),
        }),
        ..Location::default()
    };
    let Some(last) = next
        .checked_sub(1)
        .and_then(|l| usize::try_from(l).ok())
        .filter(|l| *l > 0)
    else {
        return Ok(());
    };
    let mut open: Vec<(PlayerId, PlayerId)> = Vec::new();
    let mut games = 0usize;
    let mut pab: Vec<PlayerId> = Vec::new();
    for p in &t.players {
        match p.round(last) {
            RoundEntry::Pending { opponent, .. } => {
                open.push((p.id.min(opponent), p.id.max(opponent)));
            }
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            } => pab.push(p.id),
            e if e.opponent().is_some() => games += 1,
            _ => {}
        }
    }
    open.sort();
    open.dedup();
    if let Some((first, _)) = open.first() {
        let list: Vec<String> = open.iter().map(|(a, b)| format!("{a}-{b}")).collect();
        return Err(NotReady::one(
            Reason::UnfinishedRound,
            Diagnostic::error(
                codes::RESULT_MISSING,
                Family::Consistency,
                located(*first, last),
                format!(
                    "round {last} is paired but {} of its boards have no result ({}): enter round {last}'s results before pairing round {next}",
                    open.len(),
                    list.join(", ")
                ),
            ),
        ));
    }
    match pab.first() {
        Some(first) if games == 0 => {
            let list: Vec<String> = pab.iter().map(PlayerId::to_string).collect();
            Err(NotReady::one(
                Reason::PresetPairingBye,
                Diagnostic::error(
                    codes::PAIRING_BYE_PRESET,
                    Family::Consistency,
                    located(*first, last),
                    format!(
                        "round {last} has a pairing-allocated bye (U) for player {} and no games: a PAB is given by the pairing, not pre-set; remove it (or write H, F or Z for a requested bye or absence) to pair round {last}",
                        list.join(", ")
                    ),
                ),
            ))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::NoSource;
    use crate::model::{Color, Player, PlayerId, Points, RoundEntry, Tournament};
    use crate::pairing::dutch::{pair_next, PairError, PairOptions};

    fn player(id: u32, rounds: Vec<RoundEntry>) -> Player {
        Player {
            id: PlayerId(id),
            name: format!("P{id}"),
            rounds,
            ..Default::default()
        }
    }

    fn pending(opp: u32, color: Color) -> RoundEntry {
        RoundEntry::Pending {
            opponent: PlayerId(opp),
            color: Some(color),
        }
    }

    #[test]
    fn a_round_with_boards_without_a_result_is_not_ready() {
        let t = Tournament {
            players: vec![
                player(1, vec![pending(2, Color::White)]),
                player(2, vec![pending(1, Color::Black)]),
            ],
            ..Default::default()
        };
        let e = ready(&t, &NoSource, &ReadyOptions::default()).unwrap_err();
        assert_eq!(e.reason, Reason::UnfinishedRound);
        assert!(
            e.to_string()
                .contains("round 1 is paired but 1 of its boards have no result (1-2)"),
            "{e}"
        );
        // a round robin's next round does not wait for the scores
        let rr = ReadyOptions {
            round_robin: true,
            ..Default::default()
        };
        assert!(ready(&t, &NoSource, &rr).is_ok());
        // nor does pair_next pair it
        assert!(matches!(
            pair_next(&t, &NoSource, &PairOptions::default(), &[]),
            Err(PairError::NotReady(_))
        ));
    }

    #[test]
    fn declared_points_without_games_are_not_ready() {
        let mut p = player(1, Vec::new());
        p.points = Some(Points(10));
        let t = Tournament {
            players: vec![p, player(2, Vec::new())],
            ..Default::default()
        };
        let e = ready(&t, &NoSource, &ReadyOptions::default()).unwrap_err();
        assert_eq!(e.reason, Reason::PointsWithoutGames);
    }

    #[test]
    fn an_unpairable_diagnostic_refuses_the_file() {
        let t = Tournament::default();
        let d = Diagnostic::error(
            codes::POINTS_MISMATCH,
            Family::Consistency,
            Location::default(),
            "player 1 declares 1.0 points, but the results add up to 0.0",
        );
        let opts = ReadyOptions {
            diagnostics: std::slice::from_ref(&d),
            ..Default::default()
        };
        let e = ready(&t, &NoSource, &opts).unwrap_err();
        assert_eq!(e.reason, Reason::Unusable);
        assert_eq!(e.diagnostics, vec![d]);
    }
}
