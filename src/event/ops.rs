//! The operations the shells call: each reads the state in its transaction,
//! refuses what does not fit (saying what was asked, what was expected and
//! what was found), and writes one step.

use rusqlite::{params, Transaction};
use serde::Serialize;

use super::error::EventError;
pub use super::results::SheetLine;
use super::state::{self, pid, BoardState, Scope, SectionState};
use super::step::{BoardResult, BoardSpec, ByeCode, Entrant, ManualChange, ResultEntry, Step};
use super::store::{last_effective, result_author, step_exists, Author, Event};
use crate::diag::NoSource;
use crate::model::{Player, Tournament};
use crate::pairing::dutch::{pair_next, DutchEdition, PairOptions};
use crate::pairing::round_robin;

fn db(e: rusqlite::Error) -> EventError {
    EventError::storage("", &e)
}

/// What a pairing request did.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Paired {
    /// The section's key.
    pub section: String,
    /// The round paired (1-based).
    pub round: u32,
    /// Published (false: a draft).
    pub published: bool,
    /// `dutch-2017`, `dutch-2025` or `round-robin`.
    pub system: String,
    /// True when an existing draft was published as it was.
    pub from_draft: bool,
}

/// What a result request did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Entered {
    /// A new result.
    Recorded,
    /// The same result was already there: nothing written.
    Unchanged,
    /// A correction, with the value it replaced.
    Corrected {
        /// The result it replaced.
        old: BoardResult,
    },
    /// Not written: the board no longer held what the writer saw
    /// ([`SheetLine::expected`]); `found` is what it holds, entered by `by`
    /// at `at`.
    Conflict {
        /// The result the board holds now (`None`: none).
        found: Option<BoardResult>,
        /// Who entered it.
        by: String,
        /// When (UTC, RFC 3339).
        at: String,
    },
}

impl Event {
    /// The sections, in the profile's order.
    pub fn sections(&self) -> Result<Vec<SectionState>, EventError> {
        state::sections(&self.conn).map_err(|e| e.in_file(&self.name()))
    }

    /// A section (`None`: the first).
    pub fn section(&self, key: Option<&str>) -> Result<SectionState, EventError> {
        state::section(&self.conn, key).map_err(|e| e.in_file(&self.name()))
    }

    /// The event's name.
    pub fn name_of_event(&self) -> Result<String, EventError> {
        self.conn
            .query_row("SELECT name FROM event", [], |r| r.get(0))
            .map_err(|e| EventError::storage(&self.name(), &e))
    }

    /// The profile the event was created with (its text and file name).
    pub fn profile(&self) -> Result<Option<(String, String)>, EventError> {
        let (text, name): (Option<String>, Option<String>) = self
            .conn
            .query_row("SELECT profile, profile_name FROM event", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .map_err(|e| EventError::storage(&self.name(), &e))?;
        Ok(text.map(|t| (t, name.unwrap_or_else(|| "profile".into()))))
    }

    /// A section as a tournament: its published rounds (what standings,
    /// reports and exports read).
    pub fn tournament(&self, section: Option<&str>) -> Result<Tournament, EventError> {
        let s = self.section(section)?;
        let mut t = state::tournament(&self.conn, &s.key, Scope::Published)
            .map_err(|e| e.in_file(&self.name()))?;
        // the pairing-integrity events the TRF-26 export records (`###`)
        for line in
            super::fide::pibe_lines(&self.conn, &s.key).map_err(|e| e.in_file(&self.name()))?
        {
            t.extra_records.push(crate::model::ExtraRecord {
                code: "###".into(),
                line,
                after_player: None,
            });
        }
        Ok(t)
    }

    /// A section with its draft round too (or the round being published): the
    /// tournament `check` verifies a draft on.
    pub fn tournament_with_round(
        &self,
        section: Option<&str>,
        round: u32,
    ) -> Result<Tournament, EventError> {
        let s = self.section(section)?;
        let mut t = state::tournament(&self.conn, &s.key, Scope::Pairing(round))
            .map_err(|e| e.in_file(&self.name()))?;
        let boards = state::boards(&self.conn, &s.key, round)?;
        let byes = state::unpaired(&self.conn, &s.key, round)?;
        add_round(&mut t, round, &boards, &byes);
        Ok(t)
    }

    /// The boards of a round (draft or published).
    pub fn boards(&self, section: Option<&str>, round: u32) -> Result<Vec<BoardState>, EventError> {
        let s = self.section(section)?;
        state::boards(&self.conn, &s.key, round).map_err(|e| e.in_file(&self.name()))
    }

    /// The byes and absences recorded for a round: (number, code).
    pub fn byes(
        &self,
        section: Option<&str>,
        round: u32,
    ) -> Result<Vec<(u32, ByeCode)>, EventError> {
        let s = self.section(section)?;
        Ok(state::unpaired(&self.conn, &s.key, round)?
            .into_iter()
            .map(|(n, c, _)| (n, c))
            .collect())
    }

    /// Register players into a section. Returns the numbers they got.
    pub fn register(
        &mut self,
        author: &Author,
        section: Option<&str>,
        entrants: Vec<Entrant>,
    ) -> Result<i64, EventError> {
        let name = self.name();
        let (seq, _) = self
            .write(author, |tx| {
                let s = state::section(tx, section)?;
                if entrants.is_empty() {
                    return Err(EventError::refused(
                        "expected players to register, found none",
                    ));
                }
                if let Some(total) = s.rounds_total {
                    if let Some(e) = entrants.iter().find(|e| e.first_round > total) {
                        return Err(EventError::refused(format!(
                            "{}: expected a first round from 1 to {total}, found {}",
                            e.player.name, e.first_round
                        )));
                    }
                }
                if let Some(e) = entrants
                    .iter()
                    .find(|e| e.first_round <= s.published && e.first_round > 1)
                {
                    return Err(EventError::refused(format!(
                        "{}: expected a first round after the {} published round(s), found {}",
                        e.player.name, s.published, e.first_round
                    )));
                }
                let mut entrants = entrants;
                // A late entry after round N misses rounds 1..=N at least.
                for e in &mut entrants {
                    e.first_round = e.first_round.max(s.published + 1);
                }
                Ok(Step::Register {
                    section: s.key,
                    entrants,
                })
            })
            .map_err(|e| e.in_file(&name))?;
        Ok(seq)
    }

    /// A tournament read from another file becomes the section's state
    /// (players and every recorded round). The section must have no players.
    pub fn import(
        &mut self,
        author: &Author,
        section: Option<&str>,
        tournament: Tournament,
        source: &str,
    ) -> Result<i64, EventError> {
        let name = self.name();
        let mut tournament = tournament;
        super::fide::check_import(&mut tournament, self.confirmed, &self.path)?;
        self.write(author, |tx| {
            let s = state::section(tx, section)?;
            if s.players > 0 {
                return Err(EventError::refused(format!(
                    "section {}: expected a section without players to import into, found {} player(s)",
                    s.key, s.players
                )));
            }
            Ok(Step::Import {
                section: s.key,
                tournament: Box::new(tournament),
                source: source.to_string(),
            })
        })
        .map(|(seq, _)| seq)
        .map_err(|e| e.in_file(&name))
    }

    /// Change a player's data (not their pairing number or rounds).
    pub fn edit(
        &mut self,
        author: &Author,
        section: Option<&str>,
        number: u32,
        edit: impl FnOnce(&mut Player),
    ) -> Result<i64, EventError> {
        let name = self.name();
        self.write(author, |tx| {
            let s = state::section(tx, section)?;
            let t = state::tournament(tx, &s.key, Scope::Published)?;
            let mut p = t
                .players
                .iter()
                .find(|p| p.id.0 == number)
                .cloned()
                .ok_or_else(|| no_player(&s.key, number))?;
            edit(&mut p);
            p.rounds.clear();
            Ok(Step::Edit {
                section: s.key,
                number,
                player: Box::new(p),
            })
        })
        .map(|(seq, _)| seq)
        .map_err(|e| e.in_file(&name))
    }

    /// Pair the next round of a section. With `draft`, the pairing is kept as
    /// a draft (replacing an earlier draft); without, it is published, and a
    /// draft waiting is published as it is.
    pub fn pair(
        &mut self,
        author: &Author,
        section: Option<&str>,
        draft: bool,
        edition: Option<DutchEdition>,
    ) -> Result<Paired, EventError> {
        let name = self.name();
        let (_, step) = self
            .write(author, |tx| {
                let s = state::section(tx, section)?;
                if let (Some(r), false) = (s.draft, draft) {
                    return Ok(Step::Publish {
                        section: s.key,
                        round: r,
                    });
                }
                let round = s.published + 1;
                if let Some(total) = s.rounds_total {
                    if round > total {
                        return Err(EventError::refused(format!(
                            "section {}: every one of its {total} rounds is paired; nothing to pair",
                            s.key
                        )));
                    }
                }
                unfinished(tx, &s.key, s.published)?;
                let t = state::tournament(tx, &s.key, Scope::Pairing(round))?;
                let (system, boards, bye) = engine(&t, round, edition)?;
                Ok(Step::Pair {
                    section: s.key,
                    round,
                    edition: system,
                    boards,
                    bye,
                    published: !draft,
                })
            })
            .map_err(|e| e.in_file(&name))?;
        Ok(match step {
            Step::Publish { section, round } => Paired {
                system: self.system_of(&section, round)?,
                section,
                round,
                published: true,
                from_draft: true,
            },
            Step::Pair {
                section,
                round,
                edition,
                published,
                ..
            } => Paired {
                section,
                round,
                published,
                system: edition,
                from_draft: false,
            },
            _ => unreachable_step(&name)?,
        })
    }

    pub(super) fn system_of(&self, section: &str, round: u32) -> Result<String, EventError> {
        self.conn
            .query_row(
                "SELECT edition FROM round WHERE section = ?1 AND round = ?2",
                params![section, round],
                |r| r.get(0),
            )
            .map_err(|e| EventError::storage(&self.name(), &e))
    }

    /// A manual change to the draft of a section (its reason is the author's).
    pub fn change(
        &mut self,
        author: &Author,
        section: Option<&str>,
        change: ManualChange,
    ) -> Result<u32, EventError> {
        let name = self.name();
        let reason = author
            .reason
            .clone()
            .filter(|r| !r.trim().is_empty())
            .ok_or_else(|| {
                EventError::refused(
                    "a manual change to a pairing: expected a reason (--reason), found none",
                )
                .in_file(&name)
            })?;
        let (_, step) = self
            .write(author, |tx| {
                let s = state::section(tx, section)?;
                let Some(round) = s.draft else {
                    return Err(EventError::refused(format!(
                        "section {}: expected a draft pairing to change (`arbiter event pair EVENT --draft`), found none; a published round is changed by undoing its pairing",
                        s.key
                    )));
                };
                if let ManualChange::Swap { a, b } = change {
                    if a == b {
                        return Err(EventError::refused(format!(
                            "expected two different players to swap, found {a} twice"
                        )));
                    }
                }
                Ok(Step::Change {
                    section: s.key,
                    round,
                    change,
                    reason,
                })
            })
            .map_err(|e| e.in_file(&name))?;
        match step {
            Step::Change { round, .. } => Ok(round),
            _ => unreachable_step(&name),
        }
    }

    /// Enter the result of one board. `round`: the last published round
    /// unless given. A different result already there needs `correct`.
    pub fn result(
        &mut self,
        author: &Author,
        section: Option<&str>,
        round: Option<u32>,
        board: u32,
        result: BoardResult,
        correct: bool,
    ) -> Result<Entered, EventError> {
        let line = SheetLine {
            at: String::new(),
            section: section.map(str::to_string),
            round,
            board,
            result,
            expected: None,
        };
        let done = self.results(author, &[line], correct)?;
        Ok(done.into_iter().next().unwrap_or(Entered::Unchanged))
    }

    /// Enter the results of a sheet: every line is checked first; one step
    /// per section then holds all of that section's new results. Lines that
    /// repeat a recorded result change nothing.
    pub fn results(
        &mut self,
        author: &Author,
        lines: &[SheetLine],
        correct: bool,
    ) -> Result<Vec<Entered>, EventError> {
        let name = self.name();
        let confirmed = self.confirmed;
        let mut keys: Vec<Option<String>> = Vec::new();
        for l in lines {
            if !keys.contains(&l.section) {
                keys.push(l.section.clone());
            }
        }
        let mut out = vec![Entered::Unchanged; lines.len()];
        for key in keys {
            let mine: Vec<usize> = (0..lines.len())
                .filter(|&i| lines[i].section == key)
                .collect();
            let mut entered = Vec::new();
            let written = self.write(author, |tx| {
                let s = state::section(tx, key.as_deref())?;
                let mut results = Vec::new();
                let mut seen = std::collections::HashMap::new();
                let mut rounds = std::collections::HashMap::new();
                for &i in &mine {
                    let l = &lines[i];
                    let at = if l.at.is_empty() {
                        String::new()
                    } else {
                        format!("{}: ", l.at)
                    };
                    let round = l.round.unwrap_or(s.published);
                    if s.published == 0 {
                        return Err(EventError::refused(format!(
                            "{at}section {}: expected a published round to enter results in, found none yet (`arbiter event pair` pairs round 1)",
                            s.key
                        )));
                    }
                    if round == 0 || round > s.published {
                        return Err(EventError::refused(format!(
                            "{at}section {}: expected a published round (1 to {}), found round {round}{}",
                            s.key,
                            s.published,
                            if s.draft == Some(round) { " (a draft: publish it first)" } else { "" }
                        )));
                    }
                    let boards = match rounds.entry(round) {
                        std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                        std::collections::hash_map::Entry::Vacant(e) => {
                            e.insert(state::boards(tx, &s.key, round)?)
                        }
                    };
                    let b = boards.iter().find(|b| b.board == l.board).ok_or_else(|| {
                        EventError::refused(format!(
                            "{at}section {}, round {round}: expected a board from 1 to {}, found board {}",
                            s.key,
                            boards.len(),
                            l.board
                        ))
                    })?;
                    if let Some(prev) = seen.insert((round, l.board), l.result) {
                        if prev != l.result {
                            return Err(EventError::refused(format!(
                                "{at}round {round}, board {}: two different results in one sheet ({} and {})",
                                l.board,
                                show(prev),
                                show(l.result)
                            )));
                        }
                        entered.push((i, Entered::Unchanged));
                        continue;
                    }
                    match b.result {
                        Some(old) if old == l.result => entered.push((i, Entered::Unchanged)),
                        found if l.expected.is_some_and(|seen| seen != found) => {
                            let (by, at) = result_author(tx, &name, &s.key, round, l.board)?
                                .unwrap_or_default();
                            entered.push((i, Entered::Conflict { found, by, at }));
                        }
                        Some(old) if !correct && l.expected.is_none() => {
                            return Err(EventError::refused(format!(
                                "{at}round {round}, board {} ({}-{}): expected no result yet, found {} recorded; to replace it with {} give --correct",
                                l.board,
                                b.white,
                                b.black,
                                show(old),
                                show(l.result)
                            )))
                        }
                        old => {
                            if let Some(was) = old.filter(|_| round < s.published) {
                                past_correction(tx, confirmed, &s, round, b, was, l.result)?;
                            }
                            entered.push((
                                i,
                                old.map_or(Entered::Recorded, |old| Entered::Corrected { old }),
                            ));
                            results.push(ResultEntry {
                                round,
                                board: l.board,
                                result: l.result,
                                old,
                            });
                        }
                    }
                }
                if results.is_empty() {
                    return Err(EventError::refused(String::new()));
                }
                Ok(Step::Results {
                    section: s.key,
                    results,
                })
            });
            match written {
                Ok(_) => {}
                // Nothing new: no step.
                Err(EventError::Refused { message, .. }) if message.is_empty() => {}
                Err(e) => return Err(e.in_file(&name)),
            }
            for (i, e) in entered {
                out[i] = e;
            }
        }
        Ok(out)
    }

    /// Request a bye (`Some(code)`: `H`, `F` or `Z`) for a round not yet
    /// published, or take one back (`None`).
    pub fn bye(
        &mut self,
        author: &Author,
        section: Option<&str>,
        number: u32,
        round: u32,
        bye: Option<ByeCode>,
    ) -> Result<i64, EventError> {
        let name = self.name();
        let confirmed = self.confirmed;
        self.write(author, |tx| {
            let s = state::section(tx, section)?;
            pid(tx, &s.key, number)?;
            if round <= s.published || round == 0 {
                return Err(EventError::refused(format!(
                    "player {number}: expected a round not yet published (after round {}), found round {round}",
                    s.published
                )));
            }
            if s.draft == Some(round) {
                return Err(EventError::refused(format!(
                    "round {round} has a draft pairing: a bye changes who is paired; pair the draft again after the bye (`arbiter event undo`, then the bye, then `pair --draft`)"
                )));
            }
            if let Some(total) = s.rounds_total {
                if round > total {
                    return Err(EventError::refused(format!(
                        "player {number}: expected a round from 1 to {total}, found {round}"
                    )));
                }
            }
            if bye == Some(ByeCode::U) {
                return Err(EventError::refused(
                    "a pairing-allocated bye is given by the pairing, never requested (C.04.1 art. 4)",
                ));
            }
            if bye == Some(ByeCode::H) {
                let taken = half_bye_limits(tx, &s.key, number, round)?;
                if taken > 0 {
                    // VCL4THP Q174: a Level-3 warning on the second and later
                    super::fide::require(
                        confirmed,
                        3,
                        format!(
                            "player {number}, round {round}: half-point bye number {} of this player ({taken} already granted)",
                            taken + 1
                        ),
                        None,
                    )?;
                }
            }
            if bye == Some(ByeCode::F) {
                // VCL4THP Q178-179: deprecated, and a pairing-integrity event
                super::fide::require(
                    confirmed,
                    3,
                    format!(
                        "player {number}, round {round}: a full-point bye, which the pairing rules (C.04.1) do not provide for and FIDE's checklist calls deprecated"
                    ),
                    Some(super::fide::fpb_line(round, number)),
                )?;
            }
            Ok(Step::Bye {
                section: s.key,
                number,
                round,
                bye,
            })
        })
        .map(|(seq, _)| seq)
        .map_err(|e| e.in_file(&name))
    }

    /// Withdraw a player from `from_round` on (`None`: bring them back).
    pub fn withdraw(
        &mut self,
        author: &Author,
        section: Option<&str>,
        number: u32,
        from_round: Option<u32>,
    ) -> Result<i64, EventError> {
        let name = self.name();
        self.write(author, |tx| {
            let s = state::section(tx, section)?;
            pid(tx, &s.key, number)?;
            let first_open = s.published + 1 + u32::from(s.draft.is_some());
            if let Some(r) = from_round {
                if r < first_open {
                    return Err(EventError::refused(format!(
                        "player {number}: expected a round not yet paired (from round {first_open}), found round {r}; a game of a paired round ends with a result (a forfeit: -+ or +-)"
                    )));
                }
            }
            Ok(Step::Withdraw {
                section: s.key,
                number,
                from_round,
            })
        })
        .map(|(seq, _)| seq)
        .map_err(|e| e.in_file(&name))
    }

    /// Undo: back to the state before step `to_before` (default: the last
    /// step that counts). The undo is itself a step; nothing is deleted.
    pub fn undo(&mut self, author: &Author, to_before: Option<i64>) -> Result<i64, EventError> {
        let name = self.name();
        self.write(author, |tx| {
            let target = match to_before {
                Some(seq) => {
                    if !step_exists(tx, "", seq)? {
                        return Err(EventError::refused(format!(
                            "expected the number of a step in the log, found {seq}"
                        )));
                    }
                    seq
                }
                None => match last_effective(tx, "")? {
                    Some((seq, _)) => seq,
                    None => return Err(EventError::refused("expected a step to undo, found none")),
                },
            };
            super::fide::undo_guard(tx, target)?;
            if let Some((_, Step::Create { .. })) = first_step(tx)?.filter(|(s, _)| *s >= target) {
                return Err(EventError::refused(
                    "expected a step after the event's creation, found the creation itself (it cannot be undone; delete the file instead)",
                ));
            }
            Ok(Step::Undo { to_before: target })
        })
        .map(|(seq, _)| seq)
        .map_err(|e| e.in_file(&name))
    }
}

fn first_step(tx: &Transaction<'_>) -> Result<Option<(i64, Step)>, EventError> {
    let row: Option<(i64, String)> = tx
        .query_row(
            "SELECT seq, payload FROM step ORDER BY seq LIMIT 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .ok();
    Ok(row.and_then(|(s, p)| serde_json::from_str(&p).ok().map(|st| (s, st))))
}

fn unreachable_step<T>(name: &str) -> Result<T, EventError> {
    Err(EventError::Storage {
        path: name.to_string(),
        detail: "the step written is not of the kind asked".into(),
    })
}

fn no_player(section: &str, number: u32) -> EventError {
    EventError::refused(format!(
        "expected a player's pairing number in section {section}, found {number}, which no player has"
    ))
}

/// A result as people write it (`1-0`, `1/2`, `+-`).
pub(crate) fn show(r: BoardResult) -> String {
    super::results::format(r)
}

/// A correction of `round`, whose result a later pairing already used. In
/// FIDE mode only the round before the last one paired can be corrected
/// (VCL4THP Q189-191: earlier rounds stay as they were); the correction is a
/// pairing-integrity event: confirmed first (Level 3) and recorded as a `###`
/// line (C.04.2 (2026) art. 4.3: the pairings already made stand).
fn past_correction(
    tx: &Transaction<'_>,
    confirmed: super::confirm::Confirm,
    s: &SectionState,
    round: u32,
    b: &BoardState,
    old: BoardResult,
    new: BoardResult,
) -> Result<(), EventError> {
    if round + 1 < s.published && super::fide::left_step(tx)?.is_none() {
        return Err(EventError::refused(format!(
            "round {round}, board {}: in FIDE mode expected a correction of round {} or later (the round before the last one paired), found round {round}; earlier rounds stay as played",
            b.board,
            s.published - 1
        )));
    }
    super::fide::require(
        confirmed,
        3,
        format!(
            "round {round}, board {}: a correction of a result round {} was already paired with",
            b.board, s.published
        ),
        Some(super::fide::correction_line(
            round,
            b.board,
            Some((b.white, b.black)),
            &show(old),
            &show(new),
            s.published,
        )),
    )
}

/// The next round cannot be paired while the last one has games without a
/// result: the scores it is paired on are not known yet.
fn unfinished(tx: &Transaction<'_>, section: &str, last: u32) -> Result<(), EventError> {
    if last == 0 {
        return Ok(());
    }
    let open: Vec<String> = state::boards(tx, section, last)?
        .into_iter()
        .filter(|b| b.result.is_none())
        .map(|b| b.board.to_string())
        .collect();
    if open.is_empty() {
        return Ok(());
    }
    Err(EventError::refused(format!(
        "section {section}: round {last} has {} board(s) without a result (board {}): enter them before pairing round {}",
        open.len(),
        open.join(", "),
        last + 1
    )))
}

/// The profile's limits on requested half-point byes; the half-point byes
/// the player has for other rounds.
fn half_bye_limits(
    tx: &Transaction<'_>,
    section: &str,
    number: u32,
    round: u32,
) -> Result<u32, EventError> {
    let (max, last): (Option<u32>, Option<u32>) = tx
        .query_row(
            "SELECT max_half_byes, half_bye_last_round FROM section WHERE key = ?1",
            [section],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .map_err(db)?;
    if let Some(last) = last {
        if round > last {
            return Err(EventError::refused(format!(
                "player {number}: expected a half-point bye in round {last} or before (the regulations' limit), found round {round}"
            )));
        }
    }
    let p = pid(tx, section, number)?;
    let taken: u32 = tx
        .query_row(
            "SELECT COUNT(*) FROM unpaired WHERE section = ?1 AND player = ?2 AND kind = 'H' AND round != ?3",
            params![section, p, round],
            |r| r.get(0),
        )
        .map_err(db)?;
    if let Some(max) = max {
        if taken >= max {
            return Err(EventError::refused(format!(
                "player {number}: expected at most {max} half-point bye(s) (the regulations' limit), found {taken} already granted"
            )));
        }
    }
    Ok(taken)
}

/// Run the section's pairing system on `t` for `round`.
fn engine(
    t: &Tournament,
    round: u32,
    edition: Option<DutchEdition>,
) -> Result<(String, Vec<BoardSpec>, Option<u32>), EventError> {
    if let Some(table) = round_robin::table_for(t, None) {
        let Some((r, boards, free)) = round_robin::next_round(t, &table) else {
            return Err(EventError::refused(format!(
                "every round of the Berger table ({} rounds) is paired; nothing to pair",
                table.total_rounds()
            )));
        };
        if r != round {
            return Err(EventError::refused(format!(
                "expected the Berger table's round {round} next, found round {r}"
            )));
        }
        let _ = free;
        let boards = boards
            .iter()
            .map(|b| BoardSpec {
                white: b.white.0,
                black: b.black.0,
            })
            .collect();
        return Ok(("round-robin".into(), boards, None));
    }
    let opts = PairOptions {
        edition,
        round: Some(round),
        ..Default::default()
    };
    // the library's guards first (`pairing::ready`: an unfinished round, a
    // pre-set pairing-allocated bye, ...), the ones `arbiter pair` and the app pass
    let p = pair_next(t, &NoSource, &opts, &[]).map_err(|e| match e {
        crate::pairing::dutch::PairError::NoLegalPairing { .. } => EventError::NoLegalPairing {
            path: String::new(),
            message: format!("round {round}: {e}"),
        },
        e => EventError::refused(format!("round {round}: {e}")),
    })?;
    let boards = p
        .boards
        .iter()
        .map(|b| BoardSpec {
            white: b.white.0,
            black: b.black.0,
        })
        .collect();
    Ok((p.edition.name().to_string(), boards, p.bye.map(|b| b.0)))
}

/// Add a draft or published round's boards and byes to `t` (built for
/// pairing that round).
fn add_round(
    t: &mut Tournament,
    round: u32,
    boards: &[BoardState],
    byes: &[(u32, ByeCode, Option<String>)],
) {
    use crate::model::{Color, PlayerId, RoundEntry};
    let i = (round - 1) as usize;
    let mut entries: std::collections::HashMap<u32, RoundEntry> = std::collections::HashMap::new();
    for b in boards {
        let (w, k) = (PlayerId(b.white), PlayerId(b.black));
        let side = |code: Option<char>, opp, colour| {
            code.and_then(|c| state::side_entry(c, opp, colour))
                .unwrap_or(RoundEntry::Pending {
                    opponent: opp,
                    color: Some(colour),
                })
        };
        entries.insert(b.white, side(b.result.map(|r| r.white), k, Color::White));
        entries.insert(b.black, side(b.result.map(|r| r.black), w, Color::Black));
    }
    for (n, code, _) in byes {
        entries.insert(
            *n,
            RoundEntry::Bye {
                bye: state::bye_kind(*code),
            },
        );
    }
    for p in &mut t.players {
        let e = entries.remove(&p.id.0).unwrap_or(RoundEntry::NotPaired);
        p.rounds.resize(i, RoundEntry::NotPaired);
        p.rounds.push(e);
    }
}
