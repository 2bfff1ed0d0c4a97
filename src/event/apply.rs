//! How each step changes the state tables. The same code applies a new step
//! and replays the log (an undo), so the state is always what the effective
//! steps add up to. A step that does not fit the state is an error here; the
//! operations ([`super::ops`]) refuse such requests before a step is made.

use std::cmp::Ordering;

use rusqlite::{params, Transaction};

use super::error::EventError;
use super::state::{self, entry_code, pid};
use super::step::{BoardSpec, ByeCode, Entrant, ManualChange, SectionSpec, Step};
use crate::model::fide_list::title_rank;
use crate::model::{ByeKind, Player, RoundEntry, Tournament};

fn db(e: rusqlite::Error) -> EventError {
    EventError::storage("", &e)
}

fn json<T: serde::Serialize>(v: &T) -> Result<String, EventError> {
    serde_json::to_string(v).map_err(|e| EventError::Storage {
        path: String::new(),
        detail: format!("cannot encode the state: {e}"),
    })
}

/// Apply `step` to the state tables.
pub(super) fn apply(tx: &Transaction<'_>, step: &Step) -> Result<(), EventError> {
    match step {
        Step::Create {
            name,
            profile,
            profile_name,
            sections,
        } => {
            tx.execute(
                "INSERT INTO event (id, name, profile, profile_name) VALUES (1, ?1, ?2, ?3)",
                params![name, profile, profile_name],
            )
            .map_err(db)?;
            for (ord, s) in sections.iter().enumerate() {
                add_section(tx, ord, s)?;
            }
            Ok(())
        }
        Step::Register { section, entrants } => {
            for e in entrants {
                register(tx, section, e)?;
            }
            Ok(())
        }
        Step::Import {
            section,
            tournament,
            ..
        } => import(tx, section, tournament),
        Step::Edit {
            section,
            number,
            player,
        } => {
            let mut p = (**player).clone();
            p.rounds.clear();
            tx.execute(
                "UPDATE player SET data = ?1 WHERE section = ?2 AND number = ?3",
                params![json(&p)?, section, number],
            )
            .map_err(db)?;
            Ok(())
        }
        Step::Pair {
            section,
            round,
            edition,
            boards,
            bye,
            published,
        } => pair(tx, section, *round, edition, boards, *bye, *published),
        Step::Change {
            section,
            round,
            change,
            reason,
        } => manual_change(tx, section, *round, *change, reason),
        Step::Publish { section, round } => {
            tx.execute(
                "UPDATE round SET status = 'published' WHERE section = ?1 AND round = ?2",
                params![section, round],
            )
            .map_err(db)?;
            Ok(())
        }
        Step::Results { section, results } => {
            for r in results {
                let n = tx
                    .execute(
                        "UPDATE board SET white_result = ?1, black_result = ?2 WHERE section = ?3 AND round = ?4 AND board = ?5",
                        params![
                            r.result.white.to_string(),
                            r.result.black.to_string(),
                            section,
                            r.round,
                            r.board
                        ],
                    )
                    .map_err(db)?;
                if n != 1 {
                    return Err(EventError::refused(format!(
                        "round {}: expected board {} to exist, found none",
                        r.round, r.board
                    )));
                }
            }
            Ok(())
        }
        Step::Bye {
            section,
            number,
            round,
            bye,
        } => {
            let p = pid(tx, section, *number)?;
            tx.execute(
                "DELETE FROM unpaired WHERE section = ?1 AND round = ?2 AND player = ?3",
                params![section, round, p],
            )
            .map_err(db)?;
            if let Some(code) = bye {
                tx.execute(
                    "INSERT INTO unpaired (section, round, player, kind) VALUES (?1, ?2, ?3, ?4)",
                    params![section, round, p, code.as_str()],
                )
                .map_err(db)?;
            }
            Ok(())
        }
        Step::Withdraw {
            section,
            number,
            from_round,
        } => {
            tx.execute(
                "UPDATE player SET withdrawn_from = ?1 WHERE section = ?2 AND number = ?3",
                params![from_round, section, number],
            )
            .map_err(db)?;
            Ok(())
        }
        // An undo rebuilds the whole state (store::rebuild).
        Step::Undo { .. } => Ok(()),
        // FIDE mode is read from the log itself (`super::fide`): no state
        // table holds it, so no rebuild can lose it.
        Step::FideMode { .. } => Ok(()),
    }
}

fn add_section(tx: &Transaction<'_>, ord: usize, s: &SectionSpec) -> Result<(), EventError> {
    let mut header = s.header.clone();
    header.players.clear();
    tx.execute(
        "INSERT INTO section (key, ord, name, header, late_bye, max_half_byes, half_bye_last_round)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            s.key,
            ord as i64,
            s.name,
            json(&header)?,
            s.late_bye.code().to_string(),
            s.max_half_byes,
            s.half_bye_last_round
        ],
    )
    .map_err(db)?;
    Ok(())
}

/// C.04.2 (2026) art. 2.2 / (2017) B.2: the initial order is by strength (the
/// rating; unrated last), then FIDE title (GM, IM, WGM, FM, WIM, CM, WFM,
/// WCM, none), then alphabetically.
pub(crate) fn initial_order(a: &Player, b: &Player) -> Ordering {
    let title = |p: &Player| p.title.as_ref().and_then(title_rank).unwrap_or(usize::MAX);
    b.rating
        .unwrap_or(0)
        .cmp(&a.rating.unwrap_or(0))
        .then_with(|| title(a).cmp(&title(b)))
        .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
}

/// Register one entrant. Before the section's first round is paired the
/// player is slotted into the initial order (C.04.2 (2026) art. 2.5: pairing
/// numbers are provisional until the list closes), and players below move
/// down one number; once a round is paired the numbers are fixed and the
/// entrant gets the next one (a decision: renumbering after round 1 would
/// change the numbers the recorded rounds were paired with).
fn register(tx: &Transaction<'_>, section: &str, e: &Entrant) -> Result<(), EventError> {
    let paired: i64 = tx
        .query_row(
            "SELECT COUNT(*) FROM round WHERE section = ?1",
            [section],
            |r| r.get(0),
        )
        .map_err(db)?;
    let mut stmt = tx
        .prepare("SELECT number, data FROM player WHERE section = ?1 ORDER BY number")
        .map_err(db)?;
    let existing = stmt
        .query_map([section], |r| {
            Ok((r.get::<_, u32>(0)?, r.get::<_, String>(1)?))
        })
        .map_err(db)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(db)?;
    let count = existing.len() as u32;
    let number = if paired > 0 {
        existing.last().map_or(1, |(n, _)| n + 1)
    } else {
        let mut at = count + 1;
        for (n, data) in &existing {
            let p: Player = serde_json::from_str(data).map_err(|err| EventError::Corrupt {
                path: String::new(),
                detail: format!("section {section}, player {n}: {err}"),
            })?;
            if initial_order(&e.player, &p) == Ordering::Less {
                at = *n;
                break;
            }
        }
        // Move the players from `at` down one number, in two passes so the
        // numbers stay unique.
        tx.execute(
            "UPDATE player SET number = -(number + 1) WHERE section = ?1 AND number >= ?2",
            params![section, at],
        )
        .map_err(db)?;
        tx.execute(
            "UPDATE player SET number = -number WHERE section = ?1 AND number < 0",
            [section],
        )
        .map_err(db)?;
        at
    };
    let mut p = e.player.clone();
    p.rounds.clear();
    p.points = None;
    p.rank = None;
    tx.execute(
        "INSERT INTO player (section, number, data, first_round) VALUES (?1, ?2, ?3, ?4)",
        params![section, number, json(&p)?, e.first_round.max(1)],
    )
    .map_err(db)?;
    let pid = tx.last_insert_rowid();
    let late: String = tx
        .query_row(
            "SELECT late_bye FROM section WHERE key = ?1",
            [section],
            |r| r.get(0),
        )
        .map_err(db)?;
    let code = e.missed.map(|c| c.as_str().to_string()).unwrap_or(late);
    for r in 1..e.first_round {
        tx.execute(
            "INSERT OR REPLACE INTO unpaired (section, round, player, kind) VALUES (?1, ?2, ?3, ?4)",
            params![section, r, pid, code],
        )
        .map_err(db)?;
    }
    Ok(())
}

/// A tournament read from a file becomes the section: its header, its
/// players under their own numbers, every round with a pairing as a
/// published round (boards in C.04.2 art. 3.6 order) and every bye.
fn import(tx: &Transaction<'_>, section: &str, t: &Tournament) -> Result<(), EventError> {
    let mut header = t.clone();
    header.players.clear();
    let old = state::header(tx, section)?;
    if header.total_rounds.is_none() {
        header.total_rounds = old.total_rounds;
    }
    tx.execute(
        "UPDATE section SET header = ?1 WHERE key = ?2",
        params![json(&header)?, section],
    )
    .map_err(db)?;
    let mut pids = std::collections::HashMap::new();
    for p in &t.players {
        let mut data = p.clone();
        data.rounds.clear();
        data.points = None;
        data.rank = None;
        tx.execute(
            "INSERT INTO player (section, number, data) VALUES (?1, ?2, ?3)",
            params![section, p.id.0, json(&data)?],
        )
        .map_err(db)?;
        pids.insert(p.id, tx.last_insert_rowid());
    }
    // Every listed round: the played ones, and byes requested for rounds not
    // yet paired (kept as requests).
    let rounds = t.rounds_listed();
    for r in 1..=rounds {
        let paired = t.players.iter().any(|p| p.round(r).is_pairing());
        let boards = crate::model::recorded_boards(t, r as u32);
        if paired {
            tx.execute(
                "INSERT INTO round (section, round, status, edition) VALUES (?1, ?2, 'published', ?3)",
                params![section, r as u32, "imported"],
            )
            .map_err(db)?;
        }
        for (n, (w, b)) in boards.iter().enumerate() {
            let (Some(pw), Some(pb)) = (t.player(*w), t.player(*b)) else {
                continue;
            };
            let codes = (entry_code(&pw.round(r)), entry_code(&pb.round(r)));
            let (wr, br) = match codes {
                (Some(a), Some(b)) => (Some(a.to_string()), Some(b.to_string())),
                _ => (None, None),
            };
            tx.execute(
                "INSERT INTO board (section, round, board, white, black, white_result, black_result)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![section, r as u32, n as u32 + 1, pids[w], pids[b], wr, br],
            )
            .map_err(db)?;
        }
        for p in &t.players {
            if let RoundEntry::Bye { bye } = p.round(r) {
                let code = match bye {
                    ByeKind::PairingAllocated => ByeCode::U,
                    ByeKind::Half => ByeCode::H,
                    ByeKind::Full => ByeCode::F,
                    ByeKind::Zero => ByeCode::Z,
                };
                tx.execute(
                    "INSERT INTO unpaired (section, round, player, kind) VALUES (?1, ?2, ?3, ?4)",
                    params![section, r as u32, pids[&p.id], code.as_str()],
                )
                .map_err(db)?;
            }
        }
    }
    Ok(())
}

fn pair(
    tx: &Transaction<'_>,
    section: &str,
    round: u32,
    edition: &str,
    boards: &[BoardSpec],
    bye: Option<u32>,
    published: bool,
) -> Result<(), EventError> {
    // A new draft replaces the old one.
    tx.execute(
        "DELETE FROM board WHERE section = ?1 AND round = ?2",
        params![section, round],
    )
    .map_err(db)?;
    tx.execute(
        "DELETE FROM unpaired WHERE section = ?1 AND round = ?2 AND kind = 'U'",
        params![section, round],
    )
    .map_err(db)?;
    tx.execute(
        "INSERT OR REPLACE INTO round (section, round, status, edition) VALUES (?1, ?2, ?3, ?4)",
        params![
            section,
            round,
            if published { "published" } else { "draft" },
            edition
        ],
    )
    .map_err(db)?;
    for (n, b) in boards.iter().enumerate() {
        let (w, k) = (pid(tx, section, b.white)?, pid(tx, section, b.black)?);
        tx.execute(
            "INSERT INTO board (section, round, board, white, black) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![section, round, n as u32 + 1, w, k],
        )
        .map_err(db)?;
    }
    if let Some(n) = bye {
        let p = pid(tx, section, n)?;
        tx.execute(
            "INSERT INTO unpaired (section, round, player, kind) VALUES (?1, ?2, ?3, 'U')",
            params![section, round, p],
        )
        .map_err(db)?;
    }
    Ok(())
}

/// Where a player is in a draft: on a board as White or Black, or the PAB.
enum Seat {
    White(u32),
    Black(u32),
    Bye,
}

fn seat(tx: &Transaction<'_>, section: &str, round: u32, number: u32) -> Result<Seat, EventError> {
    for b in state::boards(tx, section, round)? {
        if b.white == number {
            return Ok(Seat::White(b.board));
        }
        if b.black == number {
            return Ok(Seat::Black(b.board));
        }
    }
    let pab = state::unpaired(tx, section, round)?
        .into_iter()
        .any(|(n, c, _)| n == number && c == ByeCode::U);
    if pab {
        Ok(Seat::Bye)
    } else {
        Err(EventError::refused(format!(
            "round {round}: expected player {number} on a board or the pairing-allocated bye of the draft, found neither (not paired this round)"
        )))
    }
}

fn put(
    tx: &Transaction<'_>,
    section: &str,
    round: u32,
    seat: &Seat,
    pid: i64,
    reason: &str,
) -> Result<(), EventError> {
    let (sql, board) = match seat {
        Seat::White(b) => ("UPDATE board SET white = ?1, manual = ?2 WHERE section = ?3 AND round = ?4 AND board = ?5", *b),
        Seat::Black(b) => ("UPDATE board SET black = ?1, manual = ?2 WHERE section = ?3 AND round = ?4 AND board = ?5", *b),
        Seat::Bye => {
            tx.execute(
                "DELETE FROM unpaired WHERE section = ?1 AND round = ?2 AND kind = 'U'",
                params![section, round],
            )
            .map_err(db)?;
            tx.execute(
                "INSERT INTO unpaired (section, round, player, kind, manual) VALUES (?1, ?2, ?3, 'U', ?4)",
                params![section, round, pid, reason],
            )
            .map_err(db)?;
            return Ok(());
        }
    };
    tx.execute(sql, params![pid, reason, section, round, board])
        .map_err(db)?;
    Ok(())
}

fn manual_change(
    tx: &Transaction<'_>,
    section: &str,
    round: u32,
    change: ManualChange,
    reason: &str,
) -> Result<(), EventError> {
    match change {
        ManualChange::Swap { a, b } => {
            let (sa, sb) = (seat(tx, section, round, a)?, seat(tx, section, round, b)?);
            let (pa, pb) = (pid(tx, section, a)?, pid(tx, section, b)?);
            if matches!((&sa, &sb), (Seat::Bye, Seat::Bye)) {
                return Ok(());
            }
            // The bye seat is cleared by `put`, so it goes last.
            if matches!(sa, Seat::Bye) {
                put(tx, section, round, &sb, pa, reason)?;
                put(tx, section, round, &sa, pb, reason)
            } else {
                put(tx, section, round, &sa, pb, reason)?;
                put(tx, section, round, &sb, pa, reason)
            }
        }
        ManualChange::Flip { board } => {
            let n = tx
                .execute(
                    "UPDATE board SET white = black, black = white, manual = ?1 WHERE section = ?2 AND round = ?3 AND board = ?4",
                    params![reason, section, round, board],
                )
                .map_err(db)?;
            if n == 1 {
                Ok(())
            } else {
                Err(EventError::refused(format!(
                    "round {round}: expected board {board} in the draft, found none"
                )))
            }
        }
    }
}
