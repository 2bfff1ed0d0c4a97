//! Opening and creating event files, and the one way a step is written: in an
//! immediate transaction that checks it against the state, applies it to the
//! state tables and appends it to the log, or does nothing at all.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{params, Connection, OpenFlags, OptionalExtension, TransactionBehavior};

use super::apply::apply;
use super::error::EventError;
use super::schema;
use super::step::{Logged, Step};

/// The first 16 bytes of every SQLite database file.
pub(crate) const SQLITE_HEADER: &[u8; 16] = b"SQLite format 3\0";

/// Whether `bytes` (the start of a file) are a SQLite database: the event
/// file is recognised by its content, whatever its name.
pub fn is_sqlite(bytes: &[u8]) -> bool {
    bytes.starts_with(SQLITE_HEADER)
}

pub(crate) use super::schema::BUSY_TIMEOUT;

/// An open event file.
#[derive(Debug)]
pub struct Event {
    pub(super) conn: Connection,
    pub(super) path: PathBuf,
    /// The warnings confirmed for the steps written through this handle
    /// ([`Event::confirm`]).
    pub(super) confirmed: super::confirm::Confirm,
}

/// Who makes a step and why.
#[derive(Debug, Clone, Default)]
pub struct Author {
    /// The arbiter's name, as the log shows it.
    pub arbiter: String,
    /// Why, where the step asks for a reason (a manual change, an undo, a
    /// correction).
    pub reason: Option<String>,
}

impl Event {
    /// Open an existing event file for reading and writing. A file that is not
    /// an event file, a damaged one, or one written by a newer version is
    /// refused and left as it is.
    pub fn open(path: &Path) -> Result<Event, EventError> {
        let name = path.display().to_string();
        let head = read_head(path)?;
        if !is_sqlite(&head) {
            return Err(EventError::NotAnEventFile {
                path: name,
                found: "a file that is not a SQLite database".into(),
            });
        }
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| EventError::storage(&name, &e))?;
        conn.busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| EventError::storage(&name, &e))?;
        let event = Event {
            conn,
            path: path.to_path_buf(),
            confirmed: super::confirm::Confirm::None,
        };
        let version = event.check_identity()?;
        // Write-ahead logging: readers (the public pages) never wait for a
        // writer, and a commit costs one sync; `synchronous = FULL` syncs
        // every commit, so a step that returned is on disk.
        event
            .conn
            .execute_batch(
                "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;",
            )
            .map_err(|e| EventError::storage(&name, &e))?;
        if version < schema::VERSION {
            // an older file is brought up to date, in one transaction
            let mut event = event;
            event.migrate()?;
            return Ok(event);
        }
        Ok(event)
    }

    /// Create a new event file at `path` with its first step (a
    /// [`Step::Create`], or the creation followed by an import). Refuses an
    /// existing path. The file is written to a temporary name beside it and
    /// renamed into place, so a killed creation leaves no half event.
    pub fn create(path: &Path, author: &Author, steps: Vec<Step>) -> Result<Event, EventError> {
        let name = path.display().to_string();
        if path.exists() {
            return Err(EventError::Exists { path: name });
        }
        let tmp = path.with_extension(format!("creating-{}", std::process::id()));
        let _ = std::fs::remove_file(&tmp);
        let made = (|| {
            let conn = Connection::open(&tmp).map_err(|e| EventError::storage(&name, &e))?;
            let mut event = Event {
                conn,
                path: tmp.clone(),
                confirmed: super::confirm::Confirm::None,
            };
            event.migrate()?;
            for step in steps {
                event.write(author, |_| Ok(step))?;
            }
            event
                .conn
                .execute_batch("PRAGMA journal_mode = DELETE;")
                .map_err(|e| EventError::storage(&name, &e))?;
            Ok::<_, EventError>(())
        })();
        if let Err(e) = made {
            let _ = std::fs::remove_file(&tmp);
            return Err(e);
        }
        // A rename does not replace an existing file on every platform; the
        // check above and hard_link's refusal to overwrite keep it so.
        std::fs::hard_link(&tmp, path)
            .or_else(|_| std::fs::rename(&tmp, path))
            .map_err(|e| EventError::Storage {
                path: name.clone(),
                detail: format!("cannot create the event file: {e}"),
            })?;
        let _ = std::fs::remove_file(&tmp);
        Event::open(path)
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    pub(super) fn name(&self) -> String {
        self.path.display().to_string()
    }

    fn check_identity(&self) -> Result<i32, EventError> {
        let name = self.name();
        let q = |pragma: &str| -> Result<i32, EventError> {
            self.conn
                .pragma_query_value(None, pragma, |r| r.get::<_, i32>(0))
                .map_err(|e| EventError::storage(&name, &e))
        };
        let app = q("application_id")?;
        if app != schema::APPLICATION_ID {
            return Err(EventError::NotAnEventFile {
                path: name,
                found: format!("a SQLite database of another program (application id {app:#x})"),
            });
        }
        let version = q("user_version")?;
        if version > schema::VERSION {
            return Err(EventError::NewerVersion {
                path: name,
                version,
                supported: schema::VERSION,
            });
        }
        if version < 1 {
            return Err(EventError::Corrupt {
                path: name,
                detail: format!(
                    "expected schema version 1 to {}, found {version}",
                    schema::VERSION
                ),
            });
        }
        Ok(version)
    }

    /// Bring the schema up to [`schema::VERSION`] in one transaction.
    fn migrate(&mut self) -> Result<(), EventError> {
        let name = self.name();
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| EventError::storage(&name, &e))?;
        let version: i32 = tx
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .map_err(|e| EventError::storage(&name, &e))?;
        for (i, sql) in schema::MIGRATIONS.iter().enumerate() {
            if (i as i32) < version {
                continue;
            }
            tx.execute_batch(sql)
                .map_err(|e| EventError::storage(&name, &e))?;
        }
        tx.execute_batch(&format!(
            "PRAGMA application_id = {}; PRAGMA user_version = {};",
            schema::APPLICATION_ID,
            schema::VERSION
        ))
        .map_err(|e| EventError::storage(&name, &e))?;
        tx.commit().map_err(|e| EventError::storage(&name, &e))
    }

    /// Write one step: in an immediate transaction (a second writer waits up
    /// to ten seconds (`BUSY_TIMEOUT`), then fails with [`EventError::Busy`]), `make`
    /// reads the state and returns the step or why it is refused; the step is
    /// applied to the state tables and appended to the log; then commit. On
    /// any error nothing is written. Returns the step's sequence number.
    pub(super) fn write<F>(&mut self, author: &Author, make: F) -> Result<(i64, Step), EventError>
    where
        F: FnOnce(&rusqlite::Transaction<'_>) -> Result<Step, EventError>,
    {
        let name = self.name();
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| EventError::storage(&name, &e))?;
        let step = make(&tx)?;
        let payload = serde_json::to_string(&step).map_err(|e| EventError::Storage {
            path: name.clone(),
            detail: format!("cannot encode the step: {e}"),
        })?;
        tx.execute(
            "INSERT INTO step (at, arbiter, kind, section, reason, payload) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                now(),
                author.arbiter,
                step.kind(),
                step.section(),
                author.reason,
                payload
            ],
        )
        .map_err(|e| EventError::storage(&name, &e))?;
        let seq = tx.last_insert_rowid();
        match &step {
            Step::Undo { .. } => rebuild(&tx, &name)?,
            s => apply(&tx, s).map_err(|e| e.in_file(&name))?,
        }
        tx.commit().map_err(|e| EventError::storage(&name, &e))?;
        Ok((seq, step))
    }

    /// Every step of the log in order, each marked when an undo took it back.
    pub fn log(&self) -> Result<Vec<Logged>, EventError> {
        let name = self.name();
        let rows = read_log(&self.conn, &name)?;
        let live = effective(&rows);
        Ok(rows
            .into_iter()
            .map(|(seq, at, arbiter, reason, step)| Logged {
                undone: !matches!(step, Step::Undo { .. }) && !live.contains(&seq),
                seq,
                at,
                arbiter,
                reason,
                step,
            })
            .collect())
    }

    /// Check that the state tables are what the log adds up to: replay the
    /// effective steps into a scratch copy in memory and compare every table.
    /// Returns the differences found (none for a sound file).
    pub fn verify(&self) -> Result<Vec<String>, EventError> {
        let name = self.name();
        let ok: String = self
            .conn
            .query_row("PRAGMA quick_check", [], |r| r.get(0))
            .map_err(|e| EventError::storage(&name, &e))?;
        if ok != "ok" {
            return Ok(vec![format!("SQLite's integrity check says: {ok}")]);
        }
        let mut copy = Connection::open_in_memory().map_err(|e| EventError::storage(&name, &e))?;
        {
            let backup = rusqlite::backup::Backup::new(&self.conn, &mut copy)
                .map_err(|e| EventError::storage(&name, &e))?;
            backup
                .run_to_completion(256, Duration::from_millis(0), None)
                .map_err(|e| EventError::storage(&name, &e))?;
        }
        let tx = copy
            .transaction()
            .map_err(|e| EventError::storage(&name, &e))?;
        rebuild(&tx, &name)?;
        let mut diffs = Vec::new();
        for table in schema::STATE_TABLES {
            let dump = |c: &Connection| -> Result<Vec<String>, EventError> {
                let sql = format!("SELECT * FROM {table} ORDER BY 1, 2, 3");
                let mut st = c
                    .prepare(&sql)
                    .map_err(|e| EventError::storage(&name, &e))?;
                let n = st.column_count();
                let rows = st
                    .query_map([], |r| {
                        let mut cells = Vec::with_capacity(n);
                        for i in 0..n {
                            let v: rusqlite::types::Value = r.get(i)?;
                            cells.push(format!("{v:?}"));
                        }
                        Ok(cells.join("|"))
                    })
                    .map_err(|e| EventError::storage(&name, &e))?;
                rows.collect::<Result<Vec<_>, _>>()
                    .map_err(|e| EventError::storage(&name, &e))
            };
            let stored = dump(&self.conn)?;
            let replayed = dump(&tx)?;
            if stored != replayed {
                let first = stored
                    .iter()
                    .zip(&replayed)
                    .position(|(a, b)| a != b)
                    .unwrap_or(stored.len().min(replayed.len()));
                diffs.push(format!(
                    "table {table}: {} row(s) stored, {} from the log; first difference at row {}",
                    stored.len(),
                    replayed.len(),
                    first + 1
                ));
            }
        }
        Ok(diffs)
    }
}

fn read_head(path: &Path) -> Result<Vec<u8>, EventError> {
    use std::io::Read;
    let name = path.display().to_string();
    let f = std::fs::File::open(path).map_err(|e| EventError::Access {
        path: name.clone(),
        detail: e.to_string(),
    })?;
    let mut head = Vec::with_capacity(100);
    f.take(100)
        .read_to_end(&mut head)
        .map_err(|e| EventError::Access {
            path: name,
            detail: e.to_string(),
        })?;
    Ok(head)
}

/// The time now, UTC, to the second (RFC 3339).
pub(super) fn now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    chrono::DateTime::from_timestamp(i64::try_from(secs).unwrap_or(0), 0)
        .map(|t| t.format("%Y-%m-%dT%H:%M:%SZ").to_string())
        .unwrap_or_default()
}

pub(super) type Row = (i64, String, String, Option<String>, Step);

pub(super) fn read_log(conn: &Connection, name: &str) -> Result<Vec<Row>, EventError> {
    let mut st = conn
        .prepare("SELECT seq, at, arbiter, reason, payload FROM step ORDER BY seq")
        .map_err(|e| EventError::storage(name, &e))?;
    let rows = st
        .query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, Option<String>>(3)?,
                r.get::<_, String>(4)?,
            ))
        })
        .map_err(|e| EventError::storage(name, &e))?;
    let mut out = Vec::new();
    for row in rows {
        let (seq, at, arbiter, reason, payload) = row.map_err(|e| EventError::storage(name, &e))?;
        let step: Step = serde_json::from_str(&payload).map_err(|e| EventError::Corrupt {
            path: name.to_string(),
            detail: format!("step {seq}: expected a step this program knows, found {e}"),
        })?;
        out.push((seq, at, arbiter, reason, step));
    }
    Ok(out)
}

/// The sequence numbers of the steps that count: every step but the undos
/// and the steps an undo took back (an undo to before step `k` takes back
/// every step from `k` on that still counted when it was made).
pub(super) fn effective(rows: &[Row]) -> Vec<i64> {
    let mut live: Vec<i64> = Vec::new();
    for (seq, _, _, _, step) in rows {
        match step {
            Step::Undo { to_before } => {
                while live.last().is_some_and(|s| s >= to_before) {
                    live.pop();
                }
            }
            _ => live.push(*seq),
        }
    }
    live
}

/// Clear the state tables and apply the effective steps of the log again.
pub(super) fn rebuild(tx: &rusqlite::Transaction<'_>, name: &str) -> Result<(), EventError> {
    let rows = read_log(tx, name)?;
    let live = effective(&rows);
    for table in schema::STATE_TABLES {
        tx.execute(&format!("DELETE FROM {table}"), [])
            .map_err(|e| EventError::storage(name, &e))?;
    }
    let mut live = live.into_iter().peekable();
    for (seq, _, _, _, step) in &rows {
        if live.peek() == Some(seq) {
            live.next();
            apply(tx, step).map_err(|e| EventError::Corrupt {
                path: name.to_string(),
                detail: format!("step {seq} does not apply to the state before it: {e}"),
            })?;
        }
    }
    Ok(())
}

/// The sequence number of the last step that counts, if any.
pub(super) fn last_effective(
    conn: &Connection,
    name: &str,
) -> Result<Option<(i64, Step)>, EventError> {
    let rows = read_log(conn, name)?;
    let live = effective(&rows);
    let Some(last) = live.last() else {
        return Ok(None);
    };
    Ok(rows
        .into_iter()
        .find(|r| r.0 == *last)
        .map(|(seq, _, _, _, step)| (seq, step)))
}

/// Whether a step with this sequence number exists.
pub(super) fn step_exists(conn: &Connection, name: &str, seq: i64) -> Result<bool, EventError> {
    conn.query_row("SELECT 1 FROM step WHERE seq = ?1", [seq], |_| Ok(()))
        .optional()
        .map(|r| r.is_some())
        .map_err(|e| EventError::storage(name, &e))
}

/// Who last entered the result of a board, and when (an effective results
/// step), for the message that tells a second writer what the first did.
pub(super) fn result_author(
    conn: &Connection,
    name: &str,
    section: &str,
    round: u32,
    board: u32,
) -> Result<Option<(String, String)>, EventError> {
    let rows = read_log(conn, name)?;
    let live = effective(&rows);
    Ok(rows
        .into_iter()
        .rev()
        .filter(|r| live.contains(&r.0))
        .find(|(_, _, _, _, step)| match step {
            Step::Results {
                section: s,
                results,
            } => s == section && results.iter().any(|e| e.round == round && e.board == board),
            _ => false,
        })
        .map(|(_, at, arbiter, _, _)| (arbiter, at)))
}
