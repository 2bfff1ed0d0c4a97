//! The check of a team event's recorded rounds: each round re-paired by
//! C.04.6 from the rounds before it (a Swiss), or compared with its Berger
//! table (C.05 Annex 1, a team round robin), with what differs in words.

use std::collections::BTreeSet;

use serde::Serialize;

use crate::model::{team_rounds, TeamByeKind, TeamRoundKind, TeamSchedule};
use crate::model::{Color, TeamId, Tournament};
use crate::pairing::round_robin::BergerTable;

use super::colour::preference;
use super::state::{from_schedules, TeamState};
use super::{context, pair_teams, TeamRoundPairing, TeamSwissError, TeamSwissOptions};

/// The verdict on one recorded round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum TeamVerdict {
    /// The recorded round is the engine's (matches, bye and colours).
    Conform,
    /// Same matches and bye, other colours.
    ColoursDiffer,
    /// Other matches or another bye.
    Differs,
    /// The recorded round breaks an absolute criterion (C.04.6 art. 2.1).
    Illegal,
    /// The engine could not pair the position (its error is given).
    NotChecked,
}

/// A recorded or paired match: the team named first had White (`None`
/// when the file gives no colour).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct RecordedMatch {
    /// The first team (White when `colour_known`).
    pub first: TeamId,
    /// The second team.
    pub second: TeamId,
    /// The file gives the colours.
    pub colour_known: bool,
}

/// The check of one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamRoundCheck {
    /// The round.
    pub round: u32,
    /// The verdict.
    pub verdict: TeamVerdict,
    /// The matches recorded (lower team first when colours are unknown).
    pub recorded: Vec<RecordedMatch>,
    /// The team without a match recorded (PAB; free in a round robin).
    pub recorded_bye: Option<TeamId>,
    /// The engine's pairing (the Berger table's round in a round robin).
    pub expected: Option<TeamRoundPairing>,
    /// Why the round is not conform, one sentence each, with the article.
    pub explanation: Vec<String>,
}

/// The check of a team event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamCheck {
    /// `"C.04.6"` or `"C.05 Annex 1"`.
    pub system: &'static str,
    /// Each round checked.
    pub rounds: Vec<TeamRoundCheck>,
}

impl TeamCheck {
    /// Every round checked conforms.
    pub fn all_conform(&self) -> bool {
        self.rounds
            .iter()
            .all(|r| r.verdict == TeamVerdict::Conform)
    }
}

/// The rounds with a team match or a pairing-allocated bye recorded.
fn recorded_rounds(t: &Tournament) -> (Vec<TeamSchedule>, u32) {
    let n = t.rounds_recorded();
    let (schedules, _) = team_rounds(t, n);
    let last = schedules
        .iter()
        .flat_map(|s| s.rounds.iter())
        .filter(|r| {
            matches!(
                r.kind,
                TeamRoundKind::Match { .. }
                    | TeamRoundKind::Bye {
                        bye: TeamByeKind::PairingAllocated
                    }
            )
        })
        .map(|r| r.round)
        .max()
        .unwrap_or(0);
    (schedules, last)
}

/// Round `r`'s matches and pairing-allocated bye as recorded.
fn recorded_round(schedules: &[TeamSchedule], r: u32) -> (Vec<RecordedMatch>, Option<TeamId>) {
    let mut out = BTreeSet::new();
    let mut bye = None;
    for s in schedules {
        let Some(x) = s.rounds.iter().find(|x| x.round == r) else {
            continue;
        };
        match x.kind {
            TeamRoundKind::Match {
                opponent, colour, ..
            } => {
                let m = match colour {
                    Some(Color::White) => (s.team, opponent, true),
                    Some(Color::Black) => (opponent, s.team, true),
                    None => (s.team.min(opponent), s.team.max(opponent), false),
                };
                out.insert(RecordedMatch {
                    first: m.0,
                    second: m.1,
                    colour_known: m.2,
                });
            }
            TeamRoundKind::Bye {
                bye: TeamByeKind::PairingAllocated,
            } => bye = Some(s.team),
            TeamRoundKind::Bye { .. } => {}
        }
    }
    // one entry per meeting: a side without colours is dropped when the other gives them
    let known: BTreeSet<(TeamId, TeamId)> = out
        .iter()
        .filter(|m| m.colour_known)
        .map(|m| (m.first.min(m.second), m.first.max(m.second)))
        .collect();
    let matches = out
        .into_iter()
        .filter(|m| m.colour_known || !known.contains(&(m.first, m.second)))
        .collect();
    (matches, bye)
}

fn key(a: TeamId, b: TeamId) -> (TeamId, TeamId) {
    (a.min(b), a.max(b))
}

/// Compares a recorded round with the expected one; fills the verdict and
/// the explanation of a difference.
fn compare(rc: &mut TeamRoundCheck, expected: &TeamRoundPairing) {
    let ours: BTreeSet<_> = expected
        .matches
        .iter()
        .map(|m| key(m.white, m.black))
        .collect();
    let theirs: BTreeSet<_> = rc.recorded.iter().map(|m| key(m.first, m.second)).collect();
    if ours != theirs || expected.bye != rc.recorded_bye {
        rc.verdict = TeamVerdict::Differs;
        for (a, b) in theirs.difference(&ours) {
            rc.explanation.push(format!(
                "recorded {a} - {b}: not a match of the expected pairing"
            ));
        }
        for (a, b) in ours.difference(&theirs) {
            rc.explanation
                .push(format!("expected {a} - {b}: not recorded"));
        }
        if expected.bye != rc.recorded_bye {
            let say = |b: Option<TeamId>| b.map_or("none".to_string(), |x| format!("team {x}"));
            rc.explanation.push(format!(
                "bye: expected {}, recorded {}",
                say(expected.bye),
                say(rc.recorded_bye)
            ));
        }
        return;
    }
    for m in rc.recorded.iter().filter(|m| m.colour_known) {
        if let Some(e) = expected
            .matches
            .iter()
            .find(|e| key(e.white, e.black) == key(m.first, m.second))
        {
            if e.white != m.first {
                rc.verdict = TeamVerdict::ColoursDiffer;
                rc.explanation.push(format!(
                    "{} - {}: expected {} with White ({}), recorded {}",
                    m.first, m.second, e.white, e.colour_rule, m.first
                ));
            }
        }
    }
}

/// What the recorded round does worse than the expected one on the quality
/// criteria: floaters (art. 2.3.1) and unfulfilled colour preferences
/// (art. 2.3.5), counted for both.
fn criteria_counts(
    rc: &mut TeamRoundCheck,
    teams: &[TeamState],
    expected: &TeamRoundPairing,
    ctx: &super::RoundContext,
) {
    let find = |id: TeamId| teams.iter().find(|s| s.team == id);
    let count = |pairs: &mut dyn Iterator<Item = (TeamId, TeamId)>| -> (usize, usize) {
        let (mut floats, mut colours) = (0, 0);
        for (a, b) in pairs {
            let (Some(a), Some(b)) = (find(a), find(b)) else {
                continue;
            };
            floats += usize::from(a.primary != b.primary);
            if let (Some(p), Some(q)) = (preference(a, ctx), preference(b, ctx)) {
                colours += usize::from(p.colour == q.colour);
            }
        }
        (floats, colours)
    };
    let theirs = count(&mut rc.recorded.iter().map(|m| (m.first, m.second)));
    let ours = count(&mut expected.matches.iter().map(|m| (m.white, m.black)));
    rc.explanation.push(format!(
        "matches between teams of different scores (C.04.6 art. 2.3.1): recorded {}, expected {}; matches where both teams prefer the same colour (art. 2.3.5): recorded {}, expected {}",
        theirs.0, ours.0, theirs.1, ours.1
    ));
}

/// Checks every recorded round of the team Swiss `t` against C.04.6.
pub fn check(t: &Tournament, opts: &TeamSwissOptions) -> TeamCheck {
    let (schedules, last) = recorded_rounds(t);
    let mut rounds = Vec::new();
    for r in 1..=last {
        let (ctx, primary) = context(t, r, opts);
        let (recorded, recorded_bye) = recorded_round(&schedules, r);
        let present: BTreeSet<TeamId> = recorded
            .iter()
            .flat_map(|m| [m.first, m.second])
            .chain(recorded_bye)
            .collect();
        let teams: Vec<TeamState> = from_schedules(&schedules, r.saturating_sub(1), primary)
            .into_iter()
            .filter(|s| present.contains(&s.team))
            .collect();
        let mut rc = TeamRoundCheck {
            round: r,
            verdict: TeamVerdict::Conform,
            recorded,
            recorded_bye,
            expected: None,
            explanation: Vec::new(),
        };
        let find = |id: TeamId| teams.iter().find(|s| s.team == id);
        for m in &rc.recorded {
            if find(m.first).is_some_and(|s| s.opponents.contains(&m.second)) {
                rc.verdict = TeamVerdict::Illegal;
                rc.explanation.push(format!(
                    "{} - {}: the teams have met before (C.04.6 art. 2.1.1)",
                    m.first, m.second
                ));
            }
        }
        if let Some(b) = recorded_bye.and_then(find).filter(|s| s.bye_barred) {
            rc.verdict = TeamVerdict::Illegal;
            rc.explanation.push(format!(
                "team {}: the pairing-allocated bye again, or after a forfeit win or a full-point bye (C.04.6 art. 2.1.2)",
                b.team
            ));
        }
        match pair_teams(&teams, &ctx) {
            Ok(p) => {
                if rc.verdict != TeamVerdict::Illegal {
                    compare(&mut rc, &p);
                    if rc.verdict == TeamVerdict::Differs {
                        criteria_counts(&mut rc, &teams, &p, &ctx);
                    }
                }
                rc.expected = Some(p);
            }
            Err(e) => {
                if rc.verdict != TeamVerdict::Illegal {
                    rc.verdict = TeamVerdict::NotChecked;
                }
                rc.explanation.push(e.to_string());
            }
        }
        rounds.push(rc);
    }
    TeamCheck {
        system: "C.04.6",
        rounds,
    }
}

/// The Berger table of a team round robin of `t`: team pairing numbers are
/// the table numbers (C.05 Annex 1).
pub fn berger_table(t: &Tournament, cycles: u32) -> Result<BergerTable, TeamSwissError> {
    let n = u32::try_from(t.teams.len()).map_err(|_| TeamSwissError::NoTeams)?;
    BergerTable::new(n, cycles).ok_or(TeamSwissError::NoTeams)
}

/// Round `round` of the Berger table as a team pairing (the free team of an
/// odd field in `bye`).
pub fn berger_round(table: &BergerTable, round: u32) -> Option<TeamRoundPairing> {
    let boards = table.round(round)?;
    let dummy = table.dummy();
    let matches = boards
        .iter()
        .filter(|b| dummy.is_none_or(|d| !b.involves(d)))
        .map(|b| super::TeamMatch {
            white: TeamId(b.white),
            black: TeamId(b.black),
            colour_rule: "C.05 Annex 1",
        })
        .collect();
    Some(TeamRoundPairing {
        round,
        matches,
        bye: table.free_in(round).map(TeamId),
        brackets: Vec::new(),
    })
}

/// Checks every recorded round of the team round robin `t` against its
/// Berger table.
pub fn check_round_robin(t: &Tournament, cycles: u32) -> Result<TeamCheck, TeamSwissError> {
    let table = berger_table(t, cycles)?;
    let (schedules, last) = recorded_rounds(t);
    let mut rounds = Vec::new();
    for r in 1..=last {
        let (recorded, _) = recorded_round(&schedules, r);
        let mut rc = TeamRoundCheck {
            round: r,
            verdict: TeamVerdict::Conform,
            recorded,
            recorded_bye: None,
            expected: None,
            explanation: Vec::new(),
        };
        match berger_round(&table, r) {
            Some(p) => {
                rc.recorded_bye = p.bye;
                compare(&mut rc, &p);
                rc.expected = Some(p);
            }
            None => {
                rc.verdict = TeamVerdict::Differs;
                rc.explanation.push(format!(
                    "round {r}: expected at most {} rounds (the Berger table), found round {r}",
                    table.total_rounds()
                ));
            }
        }
        rounds.push(rc);
    }
    Ok(TeamCheck {
        system: "C.05 Annex 1",
        rounds,
    })
}
