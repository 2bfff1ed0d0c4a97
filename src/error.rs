//! The library's one error type: [`Error`], a [`Diagnostic`] (a kind, a
//! family, a location and a message) with the further diagnostics that came
//! with it.
//!
//! Every error type of the library converts into it with `From`, so a
//! program that does not match on an engine's own variants writes `?` and
//! gets the kind ([`Error::code`]) and the place ([`Error::location`]):
//!
//! ```
//! use chess_arbiter::formats::trf;
//! use chess_arbiter::{diag::codes, pair_round, Error, PairOptions};
//!
//! fn pair(text: &str) -> Result<usize, Error> {
//!     let t = trf::read(text.as_bytes(), &trf::ReadOptions::default())?.tournament;
//!     let opts = PairOptions::new().round(7);
//!     Ok(pair_round(&t, &opts)?.boards.len())
//! }
//!
//! // No TRF record at all: the reader's error.
//! let e = pair("").unwrap_err();
//! assert_eq!(e.code(), codes::UNRECOGNIZED_INPUT);
//! // Round 7 of a 5-round event: the engine's.
//! let e = pair("142 5\n001    1      Player 0001\n001    2      Player 0002\n").unwrap_err();
//! assert_eq!(e.code(), codes::INVALID_OPTION);
//! assert!(e.message().contains("beyond the 5 rounds"));
//! ```
//!
//! The engines' own error types stay where a caller matches on their
//! variants ([`crate::PairError::NoLegalPairing`],
//! [`crate::event::EventError::Busy`]...); each implements
//! [`std::error::Error`] and converts into [`Error`].

use std::fmt;

use crate::diag::{Code, Diagnostic, Family, Location};

/// An error of the library: the diagnostic that says what went wrong (its
/// [`Code`], [`Family`], [`Location`] and message), and the other
/// diagnostics of the same failure (every line error of an unreadable
/// file, for instance).
///
/// Its `Display` is the diagnostics', one a line: `error: line 12, cols
/// 49-52 (rating): expected up to 4 digits, found "2a00"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(Box<Inner>);

#[derive(Debug, Clone, PartialEq, Eq)]
struct Inner {
    first: Diagnostic,
    more: Vec<Diagnostic>,
}

impl Error {
    /// An error of kind `code` at `location`; `message` says what was
    /// expected and what was found (lowercase, no trailing period).
    pub fn new(
        code: Code,
        family: Family,
        location: Location,
        message: impl Into<String>,
    ) -> Error {
        Error::from(Diagnostic::error(code, family, location, message))
    }

    /// The error from a list of diagnostics: the first error among them
    /// (the first diagnostic when none is an error) and the rest. An empty
    /// list gives an `unrecognized-input` error (nothing usable was found).
    pub fn from_diagnostics(mut diagnostics: Vec<Diagnostic>) -> Error {
        let i = diagnostics
            .iter()
            .position(Diagnostic::is_error)
            .unwrap_or(0);
        if i >= diagnostics.len() {
            return Error::new(
                crate::diag::codes::UNRECOGNIZED_INPUT,
                Family::Syntax,
                Location::default(),
                "expected something usable, found nothing",
            );
        }
        let first = diagnostics.remove(i);
        Error(Box::new(Inner {
            first,
            more: diagnostics,
        }))
    }

    /// The kind of problem, stable across releases (see [`crate::diag::codes`]).
    pub fn code(&self) -> Code {
        self.0.first.code
    }

    /// Syntax, consistency or engine.
    pub fn family(&self) -> Family {
        self.0.first.family
    }

    /// Where: file, line, columns, field (each when known).
    pub fn location(&self) -> &Location {
        &self.0.first.location
    }

    /// What was expected and what was found.
    pub fn message(&self) -> &str {
        &self.0.first.message
    }

    /// The diagnostic of the error.
    pub fn diagnostic(&self) -> &Diagnostic {
        &self.0.first
    }

    /// Every diagnostic of the failure, the error's first.
    pub fn diagnostics(&self) -> impl Iterator<Item = &Diagnostic> {
        std::iter::once(&self.0.first).chain(self.0.more.iter())
    }

    /// Every diagnostic of the failure, the error's first.
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        let Inner { first, mut more } = *self.0;
        more.insert(0, first);
        more
    }

    /// The error with `file` as the file of its diagnostics that name none.
    pub fn in_file(self, file: Option<&str>) -> Error {
        let Inner { first, more } = *self.0;
        Error(Box::new(Inner {
            first: first.in_file(file),
            more: more.into_iter().map(|d| d.in_file(file)).collect(),
        }))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.first)?;
        for d in &self.0.more {
            write!(f, "\n{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

impl From<Diagnostic> for Error {
    fn from(d: Diagnostic) -> Error {
        Error(Box::new(Inner {
            first: d,
            more: Vec::new(),
        }))
    }
}

impl From<Box<Diagnostic>> for Error {
    fn from(d: Box<Diagnostic>) -> Error {
        Error::from(*d)
    }
}

impl From<Vec<Diagnostic>> for Error {
    fn from(d: Vec<Diagnostic>) -> Error {
        Error::from_diagnostics(d)
    }
}

impl From<Error> for Diagnostic {
    fn from(e: Error) -> Diagnostic {
        e.0.first
    }
}

/// An error of an engine or option (no place in a file): `code`, family
/// engine, no location.
pub(crate) fn engine(code: Code, message: impl Into<String>) -> Error {
    Error::new(code, Family::Engine, Location::default(), message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::codes;

    #[test]
    fn the_first_error_leads_and_every_diagnostic_is_kept() {
        let w = Diagnostic::warning(
            codes::TRF_NONSTANDARD,
            Family::Syntax,
            Location::line(1),
            "a warning",
        );
        let e = Diagnostic::error(
            codes::TRF_FIELD_SYNTAX,
            Family::Syntax,
            Location::field(3, 49, 52, "rating"),
            "expected up to 4 digits, found \"2a00\"",
        );
        let err = Error::from(vec![w.clone(), e.clone()]);
        assert_eq!(err.code(), codes::TRF_FIELD_SYNTAX);
        assert_eq!(err.location().line, Some(3));
        assert_eq!(err.diagnostics().count(), 2);
        assert_eq!(
            err.to_string(),
            "error: line 3, cols 49-52 (rating): expected up to 4 digits, found \"2a00\"\n\
             warning: line 1: a warning"
        );
        assert_eq!(err.into_diagnostics(), vec![e, w]);
    }

    #[test]
    fn an_empty_list_is_still_an_error_with_a_kind() {
        let err = Error::from(Vec::new());
        assert_eq!(err.code(), codes::UNRECOGNIZED_INPUT);
        assert!(err.diagnostic().is_error());
    }
}
