//! The event room's one error type.

use std::fmt;

/// Why an event operation did nothing. Every variant names the file; a
/// refused step says what was asked, what was expected and what was found.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EventError {
    /// The file cannot be read or written (missing, permissions).
    Access {
        /// The event file's path as given.
        path: String,
        /// What the system said.
        detail: String,
    },
    /// A new event's path exists already.
    Exists {
        /// The event file's path as given.
        path: String,
    },
    /// The file is not an event file.
    NotAnEventFile {
        /// The event file's path as given.
        path: String,
        /// What the file is instead (not SQLite, another program's database).
        found: String,
    },
    /// The file was written by a newer version of the program.
    NewerVersion {
        /// The event file's path as given.
        path: String,
        /// The file's schema version.
        version: i32,
        /// The newest schema version this program reads.
        supported: i32,
    },
    /// The file is damaged: unreadable tables or a log that does not add up.
    Corrupt {
        /// The event file's path as given.
        path: String,
        /// What does not add up.
        detail: String,
    },
    /// Another writer held the file longer than the wait allows.
    Busy {
        /// The event file's path as given.
        path: String,
    },
    /// The step was refused: it does not fit the event's state.
    Refused {
        /// The event file's path as given.
        path: String,
        /// What was asked, what was expected and what was found.
        message: String,
    },
    /// The pairing engine found no legal pairing (nothing written).
    NoLegalPairing {
        /// The event file's path as given.
        path: String,
        /// The round and the engine's explanation.
        message: String,
    },
    /// The storage failed (disk full, I/O error).
    Storage {
        /// The event file's path as given.
        path: String,
        /// What the storage said.
        detail: String,
    },
    /// A step the arbiter must confirm first (a Level-3 warning: one
    /// confirmation; Level 4: two), and the confirmation was not given. Nothing
    /// was written.
    Unconfirmed {
        /// The event file's path as given.
        path: String,
        /// The warning's level (3 or 4, as the FIDE checklist counts them).
        level: u8,
        /// What the step does and why it is warned about.
        warning: String,
        /// The `###` line the step will write into the TRF-26 export, if any.
        record: Option<String>,
    },
    /// FIDE mode was left: it cannot be entered again, and the step that left
    /// it cannot be undone.
    FideModeLeft {
        /// The event file's path as given.
        path: String,
        /// What was asked.
        asked: String,
        /// The log's step that left FIDE mode.
        step: i64,
    },
}

impl EventError {
    pub(super) fn storage(path: &str, e: &rusqlite::Error) -> EventError {
        use rusqlite::ErrorCode;
        let path = path.to_string();
        match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy) | Some(ErrorCode::DatabaseLocked) => {
                EventError::Busy { path }
            }
            Some(ErrorCode::NotADatabase) => EventError::NotAnEventFile {
                path,
                found: "a file that is not a SQLite database (or an encrypted one)".into(),
            },
            Some(ErrorCode::DatabaseCorrupt) => EventError::Corrupt {
                path,
                detail: e.to_string(),
            },
            Some(ErrorCode::CannotOpen)
            | Some(ErrorCode::PermissionDenied)
            | Some(ErrorCode::ReadOnly) => EventError::Access {
                path,
                detail: e.to_string(),
            },
            _ => EventError::Storage {
                path,
                detail: e.to_string(),
            },
        }
    }

    /// A refusal; the path is filled in by the store.
    pub(super) fn refused(message: impl Into<String>) -> EventError {
        EventError::Refused {
            path: String::new(),
            message: message.into(),
        }
    }

    /// The same error naming `path` where it named none.
    pub(super) fn in_file(self, path: &str) -> EventError {
        match self {
            EventError::Refused { path: p, message } if p.is_empty() => EventError::Refused {
                path: path.to_string(),
                message,
            },
            EventError::NoLegalPairing { path: p, message } if p.is_empty() => {
                EventError::NoLegalPairing {
                    path: path.to_string(),
                    message,
                }
            }
            EventError::Unconfirmed {
                path: p,
                level,
                warning,
                record,
            } if p.is_empty() => EventError::Unconfirmed {
                path: path.to_string(),
                level,
                warning,
                record,
            },
            EventError::FideModeLeft {
                path: p,
                asked,
                step,
            } if p.is_empty() => EventError::FideModeLeft {
                path: path.to_string(),
                asked,
                step,
            },
            e => e,
        }
    }

    /// How long a step waits for another writer before [`EventError::Busy`],
    /// in seconds (the words of the error give it).
    pub fn busy_wait_seconds() -> u64 {
        super::schema::BUSY_TIMEOUT.as_secs()
    }

    /// The file the error is about.
    pub fn path(&self) -> &str {
        match self {
            EventError::Access { path, .. }
            | EventError::Exists { path }
            | EventError::NotAnEventFile { path, .. }
            | EventError::NewerVersion { path, .. }
            | EventError::Corrupt { path, .. }
            | EventError::Busy { path }
            | EventError::Refused { path, .. }
            | EventError::NoLegalPairing { path, .. }
            | EventError::Storage { path, .. }
            | EventError::Unconfirmed { path, .. }
            | EventError::FideModeLeft { path, .. } => path,
        }
    }
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventError::Access { path, detail } => write!(f, "{path}: cannot open the event file: {detail}"),
            EventError::Exists { path } => write!(
                f,
                "{path}: expected a new file name for the event, found an existing file (nothing changed)"
            ),
            EventError::NotAnEventFile { path, found } => write!(
                f,
                "{path}: expected a chess-arbiter event file (SQLite), found {found}; nothing changed"
            ),
            EventError::NewerVersion {
                path,
                version,
                supported,
            } => write!(
                f,
                "{path}: written by a newer chess-arbiter (event schema {version}; this program reads up to {supported}); update the program, nothing changed"
            ),
            EventError::Corrupt { path, detail } => {
                write!(f, "{path}: the event file is damaged: {detail}")
            }
            EventError::Busy { path } => write!(
                f,
                "{path}: another arbiter's step held the event file for more than {} s; nothing written, try again",
                EventError::busy_wait_seconds()
            ),
            EventError::Refused { path, message } => write!(f, "{path}: {message}"),
            EventError::NoLegalPairing { path, message } => {
                write!(f, "{path}: {message}; nothing written")
            }
            EventError::Storage { path, detail } => {
                write!(f, "{path}: the event file could not be written: {detail}; nothing changed")
            }
            EventError::Unconfirmed {
                path,
                level,
                warning,
                record,
            } => {
                write!(f, "{path}: level-{level} warning: {warning}")?;
                if let Some(r) = record {
                    write!(f, "; the TRF-26 export will record it as \"{r}\"")?;
                }
                if *level >= 4 {
                    write!(f, "; expected two confirmations (--confirm and --confirm-again), found fewer: nothing written")
                } else {
                    write!(f, "; expected a confirmation (--confirm), found none: nothing written")
                }
            }
            EventError::FideModeLeft { path, asked, step } => write!(
                f,
                "{path}: {asked}: expected a request that keeps FIDE mode left, found one that would enter it again (step {step} left it, and it can never be re-entered); nothing written"
            ),
        }
    }
}

impl std::error::Error for EventError {}

impl From<EventError> for crate::Error {
    /// The event file as the location; the kind from the variant.
    fn from(e: EventError) -> crate::Error {
        use crate::diag::{codes, Family, Location};
        let (code, family) = match &e {
            EventError::Access { .. } | EventError::Exists { .. } => {
                (codes::FILE_ACCESS, Family::Engine)
            }
            EventError::NotAnEventFile { .. } => (codes::UNRECOGNIZED_INPUT, Family::Syntax),
            EventError::NewerVersion { .. } => (codes::UNSUPPORTED, Family::Engine),
            EventError::Corrupt { .. } => (codes::EVENT_FILE, Family::Consistency),
            EventError::Busy { .. } | EventError::Storage { .. } => {
                (codes::EVENT_FILE, Family::Engine)
            }
            EventError::Refused { .. }
            | EventError::Unconfirmed { .. }
            | EventError::FideModeLeft { .. } => (codes::STEP_REFUSED, Family::Consistency),
            EventError::NoLegalPairing { .. } => (codes::NO_LEGAL_PAIRING, Family::Engine),
        };
        let path = e.path();
        let text = e.to_string();
        let message = text
            .strip_prefix(path)
            .and_then(|m| m.strip_prefix(": "))
            .unwrap_or(&text);
        let location = Location {
            file: (!path.is_empty()).then(|| path.to_string()),
            ..Location::default()
        };
        crate::Error::new(code, family, location, message)
    }
}
