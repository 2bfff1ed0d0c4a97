//! A logged-in arbiter and the messages kept for their next page: what the
//! sessions ([`super::auth`]) keep and the pages ([`super::view`]) show.

use std::time::Instant;

use chess_arbiter::event::{Author, Role};
use serde::Serialize;

/// One logged-in arbiter.
#[derive(Clone, Debug)]
pub struct Session {
    pub event: String,
    pub account: String,
    pub role: Role,
    pub csrf: String,
    pub(super) last: Instant,
    pub flash: Vec<Flash>,
}

impl Session {
    pub fn author(&self, reason: Option<String>) -> Author {
        Author {
            arbiter: self.account.clone(),
            reason,
        }
    }
}

/// A message shown once at the top of the next page.
#[derive(Debug, Clone, Serialize)]
pub struct Flash {
    /// `ok`, `warn` or `error`.
    pub kind: &'static str,
    pub text: String,
}

impl Flash {
    pub fn ok(text: impl Into<String>) -> Flash {
        Flash {
            kind: "ok",
            text: text.into(),
        }
    }
    pub fn warn(text: impl Into<String>) -> Flash {
        Flash {
            kind: "warn",
            text: text.into(),
        }
    }
    pub fn error(text: impl Into<String>) -> Flash {
        Flash {
            kind: "error",
            text: text.into(),
        }
    }
}
