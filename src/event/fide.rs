//! FIDE mode and the pairing-integrity events.
//!
//! An event is in FIDE mode from its creation (FIDE's verification checklist
//! for tournament programs, VCL4THP Q40-46). Leaving it is a Level-4 step (two
//! confirmations), recorded in the TRF-26 export as a `###` line, and final:
//! FIDE mode is never entered again and no undo crosses the step that left it.
//!
//! The steps that bypass the normal pairing (pairing-integrity events: a
//! manual change, an import whose rounds break the pairing rules, a correction
//! of a round the next pairing already used, a full-point bye, leaving FIDE
//! mode) ask for a confirmation first (Level 3) and write a `###` comment line
//! into the TRF-26 export (C.02.03 Annexure A, TRF-2026 comments; the TEC
//! manual's `### <event> @ Round n` form). The lines are read from the log and
//! the state, never kept apart, so an undo takes them back with their steps.

use std::collections::HashMap;

use rusqlite::{Connection, OptionalExtension};
use serde::Serialize;

use super::error::EventError;
use super::state;
use super::step::{ByeCode, Step};
use super::store::{effective, read_log, Author, Event};
use crate::model::Tournament;
use crate::pairing::check::report::{check_tournament, engine_selection, CheckOptions};
use crate::pairing::dutch::{select_edition, PairOptions};

pub use super::confirm::Confirm;

/// Whether the event is in FIDE mode.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum FideMode {
    /// In FIDE mode (from the event's creation).
    On,
    /// Left, for good.
    Left {
        /// The log's step that left it.
        step: i64,
        /// When (UTC, RFC 3339).
        at: String,
        /// Who left it.
        arbiter: String,
        /// Why.
        reason: String,
    },
}

impl FideMode {
    /// True while the event is in FIDE mode.
    pub fn is_on(&self) -> bool {
        matches!(self, FideMode::On)
    }
}

/// A refusal unless `confirmed` reaches `level`.
pub(super) fn require(
    confirmed: Confirm,
    level: u8,
    warning: String,
    record: Option<String>,
) -> Result<(), EventError> {
    if confirmed.level() >= level {
        return Ok(());
    }
    Err(EventError::Unconfirmed {
        path: String::new(),
        level,
        warning,
        record,
    })
}

/// The step that left FIDE mode, if one did. No undo crosses it, so the first
/// such step of the log is the one that counts.
pub(super) fn left_step(conn: &Connection) -> Result<Option<i64>, EventError> {
    conn.query_row(
        "SELECT seq FROM step WHERE kind = 'fide_mode' ORDER BY seq LIMIT 1",
        [],
        |r| r.get(0),
    )
    .optional()
    .map_err(|e| EventError::storage("", &e))
}

/// Whether an undo back to before step `target` would cross the step that
/// left FIDE mode: refused, FIDE mode can never be entered again.
pub(super) fn undo_guard(conn: &Connection, target: i64) -> Result<(), EventError> {
    match left_step(conn)? {
        Some(step) if step >= target => Err(EventError::FideModeLeft {
            path: String::new(),
            asked: format!("undo back to before step {target}"),
            step,
        }),
        _ => Ok(()),
    }
}

impl Event {
    /// Confirm the warnings of the steps written next through this handle
    /// (until changed): [`Confirm::Once`] for Level 3, [`Confirm::Twice`] for
    /// Level 4. A shell sets it after the arbiter confirmed what an
    /// [`EventError::Unconfirmed`] said.
    pub fn confirm(&mut self, confirmed: Confirm) -> &mut Event {
        self.confirmed = confirmed;
        self
    }

    /// Whether the event is in FIDE mode, and when it was left.
    pub fn fide_mode(&self) -> Result<FideMode, EventError> {
        let name = self.name();
        let Some(step) = left_step(&self.conn).map_err(|e| e.in_file(&name))? else {
            return Ok(FideMode::On);
        };
        let log = self.log()?;
        let row = log.into_iter().find(|l| l.seq == step);
        Ok(match row {
            Some(l) => FideMode::Left {
                step,
                at: l.at,
                arbiter: l.arbiter,
                reason: l.reason.unwrap_or_default(),
            },
            None => FideMode::Left {
                step,
                at: String::new(),
                arbiter: String::new(),
                reason: String::new(),
            },
        })
    }

    /// Leave FIDE mode for good (a Level-4 step: [`Confirm::Twice`]; the
    /// author's reason is required and goes into the `###` line).
    pub fn leave_fide_mode(&mut self, author: &Author) -> Result<i64, EventError> {
        let name = self.name();
        let confirmed = self.confirmed;
        let reason = author
            .reason
            .clone()
            .filter(|r| !r.trim().is_empty())
            .ok_or_else(|| {
                EventError::refused("leaving FIDE mode: expected a reason (--reason), found none")
                    .in_file(&name)
            })?;
        self.write(author, |tx| {
            if let Some(step) = left_step(tx)? {
                return Err(EventError::refused(format!(
                    "leaving FIDE mode: expected an event in FIDE mode, found it left at step {step}"
                )));
            }
            let round = state::sections(tx)?
                .iter()
                .map(|s| s.published + 1)
                .max()
                .unwrap_or(1);
            require(
                confirmed,
                4,
                "leaving FIDE mode is for good: it can never be entered again, no undo crosses this step, and every page says so from now on".into(),
                Some(left_line(round, &reason)),
            )?;
            Ok(Step::FideMode { on: false })
        })
        .map(|(seq, _)| seq)
        .map_err(|e| e.in_file(&name))
    }

    /// Enter FIDE mode: an event is in it from its creation, and once left it
    /// is never entered again, so this only ever refuses (already in it, or
    /// [`EventError::FideModeLeft`]).
    pub fn enter_fide_mode(&mut self) -> Result<(), EventError> {
        let name = self.name();
        match left_step(&self.conn).map_err(|e| e.in_file(&name))? {
            Some(step) => Err(EventError::FideModeLeft {
                path: name,
                asked: "enter FIDE mode".into(),
                step,
            }),
            None => Err(EventError::refused(
                "enter FIDE mode: expected an event out of FIDE mode, found it in FIDE mode already (every event is, from its creation)",
            )
            .in_file(&name)),
        }
    }
}

fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The `###` line of leaving FIDE mode before `round` was paired.
pub(super) fn left_line(round: u32, reason: &str) -> String {
    format!("### FIDE mode left @ Round {round}: {}", clean(reason))
}

/// The `###` line of a full-point bye.
pub(super) fn fpb_line(round: u32, number: u32) -> String {
    format!("### FPB @ Round {round}: player {number} given a full-point bye")
}

/// The `###` line of a result corrected after a later round was paired on it.
pub(super) fn correction_line(
    round: u32,
    board: u32,
    players: Option<(u32, u32)>,
    old: &str,
    new: &str,
    paired: u32,
) -> String {
    let who = players
        .map(|(w, b)| format!(" ({w}-{b})"))
        .unwrap_or_default();
    format!(
        "### Correction @ Round {round}: board {board}{who} {old} => {new}; round {paired} was paired with {old}"
    )
}

/// The rounds of an imported tournament that break the pairing rules, as
/// our checker finds them (C.04.3; VCL4THP Q54-55): each round with its
/// `###` line. A round robin (C.05 Annex 1) is not checked against the Dutch
/// rules.
pub fn import_breaches(t: &Tournament) -> Vec<(u32, String)> {
    if crate::pairing::round_robin::table_for(t, None).is_some() {
        return Vec::new();
    }
    let (edition, reason) = select_edition(t, &PairOptions::default());
    let opts = CheckOptions::new(edition).edition_reason(reason);
    let report = check_tournament(t, &opts, |pos| engine_selection(pos, edition));
    report
        .rounds
        .iter()
        .filter(|r| !r.verdict.is_conform() && r.verdict.name() != "not-checked")
        .map(|r| {
            let line = format!(
                "### Import @ Round {}: {} under {} (checked on import)",
                r.round,
                r.verdict.name(),
                edition.name()
            );
            (r.round, line)
        })
        .collect()
}

/// Check an imported tournament's rounds before it is imported: when some
/// break the pairing rules, a Level-3 warning (refused unless `confirmed`),
/// and their `###` lines are added to the tournament's comments (they travel
/// with the section's header into every TRF-26 export). `event` names the
/// event file in the error.
pub fn check_import(
    t: &mut Tournament,
    confirmed: Confirm,
    event: &std::path::Path,
) -> Result<Vec<String>, EventError> {
    let found = import_breaches(t);
    if found.is_empty() {
        return Ok(Vec::new());
    }
    let rounds: Vec<String> = found.iter().map(|(r, _)| r.to_string()).collect();
    let lines: Vec<String> = found.into_iter().map(|(_, l)| l).collect();
    require(
        confirmed,
        3,
        format!(
            "imported round(s) {} break the pairing rules as our checker reads them (`arbiter check` on the file says how)",
            rounds.join(", ")
        ),
        lines.first().cloned(),
    )
    .map_err(|e| e.in_file(&event.display().to_string()))?;
    for l in &lines {
        t.extra_records.push(crate::model::ExtraRecord {
            code: "###".into(),
            line: l.clone(),
            after_player: None,
        });
    }
    Ok(lines)
}

/// The `###` lines of a section's pairing-integrity events that the state
/// does not carry itself (leaving FIDE mode, corrections of a round a later
/// pairing used, full-point byes), in the order they happened.
pub(super) fn pibe_lines(conn: &Connection, section: &str) -> Result<Vec<String>, EventError> {
    let rows = read_log(conn, "")?;
    let live = effective(&rows);
    let mut published: HashMap<&str, u32> = HashMap::new();
    let mut out = Vec::new();
    let mut boards: HashMap<u32, Vec<state::BoardState>> = HashMap::new();
    for (seq, _, _, reason, step) in &rows {
        if !live.contains(seq) {
            continue;
        }
        match step {
            Step::Import {
                section: s,
                tournament,
                ..
            } => {
                published.insert(s, tournament.rounds_recorded() as u32);
            }
            Step::Pair {
                section: s,
                round,
                published: true,
                ..
            }
            | Step::Publish { section: s, round } => {
                published.insert(s, *round);
            }
            Step::FideMode { .. } => {
                let round = published.get(section).copied().unwrap_or(0) + 1;
                out.push(left_line(round, reason.as_deref().unwrap_or("")));
            }
            Step::Results {
                section: s,
                results,
            } if s == section => {
                let paired = published.get(section).copied().unwrap_or(0);
                for r in results.iter().filter(|r| r.round < paired) {
                    let Some(old) = r.old else { continue };
                    if let std::collections::hash_map::Entry::Vacant(v) = boards.entry(r.round) {
                        v.insert(state::boards(conn, section, r.round)?);
                    }
                    let players = boards.get(&r.round).and_then(|bs| {
                        bs.iter()
                            .find(|b| b.board == r.board)
                            .map(|b| (b.white, b.black))
                    });
                    out.push(correction_line(
                        r.round,
                        r.board,
                        players,
                        &super::results::format(old),
                        &super::results::format(r.result),
                        paired,
                    ));
                }
            }
            _ => {}
        }
    }
    let last = state::section(conn, Some(section))?.published;
    for round in 1..=last {
        for (n, code, _) in state::unpaired(conn, section, round)? {
            if code == ByeCode::F {
                out.push(fpb_line(round, n));
            }
        }
    }
    Ok(out)
}
