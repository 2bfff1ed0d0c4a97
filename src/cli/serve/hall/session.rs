//! A logged-in arbiter and the messages kept for their next page: what the
//! sessions ([`super::auth`]) keep and the pages ([`super::view`]) show.

use std::time::Instant;

use chess_arbiter::event::{Author, Role};
use serde::Serialize;

/// One logged-in arbiter.
#[derive(Clone, Debug)]
pub(crate) struct Session {
    pub(crate) event: String,
    pub(crate) account: String,
    pub(crate) role: Role,
    pub(crate) csrf: String,
    pub(super) last: Instant,
    pub(crate) flash: Vec<Flash>,
}

impl Session {
    pub(crate) fn author(&self, reason: Option<String>) -> Author {
        Author {
            arbiter: self.account.clone(),
            reason,
        }
    }
}

/// A message shown once at the top of the next page.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Flash {
    /// `ok`, `warn` or `error`.
    pub(crate) kind: &'static str,
    pub(crate) text: String,
    /// What the event room said, in its own words (English: shown marked
    /// `lang="en"` after the text in the page's language).
    pub(crate) detail: Option<String>,
}

impl Flash {
    pub(crate) fn ok(text: impl Into<String>) -> Flash {
        Flash {
            kind: "ok",
            text: text.into(),
            detail: None,
        }
    }
    pub(crate) fn warn(text: impl Into<String>) -> Flash {
        Flash {
            kind: "warn",
            text: text.into(),
            detail: None,
        }
    }
    pub(crate) fn error(text: impl Into<String>) -> Flash {
        Flash {
            kind: "error",
            text: text.into(),
            detail: None,
        }
    }
    /// An error in the page's language, then the event room's own words.
    pub(crate) fn error_with(text: impl Into<String>, detail: impl Into<String>) -> Flash {
        Flash {
            detail: Some(detail.into()),
            ..Flash::error(text)
        }
    }
}
