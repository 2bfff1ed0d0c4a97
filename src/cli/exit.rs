//! Exit codes, compatible with bbpPairings/JaVaFo where the meaning matches,
//! and the one place where a subcommand's outcome or failure becomes one.
//! The README's table lists them.

use std::sync::atomic::{AtomicBool, Ordering};

use chess_arbiter::diag::Diagnostic;
use chess_arbiter::pairing::dutch::PairError;
use chess_arbiter::pairing::generate::GenerateError;

/// Success.
pub(crate) const OK: i32 = 0;
/// No legal pairing / discrepancies or problems found.
pub(crate) const FOUND: i32 = 1;
/// Unexpected error (a bug: the command panicked).
pub(crate) const UNEXPECTED: i32 = 2;
/// Invalid input: arguments, or a file that cannot be used.
pub(crate) const INVALID_INPUT: i32 = 3;
/// Input too large: a file above the size limit, refused before reading.
pub(crate) const TOO_LARGE: i32 = 4;
/// File access error.
pub(crate) const FILE_ACCESS: i32 = 5;

/// Whether a line printed on stderr by [`say`] was an error.
static ERROR_SAID: AtomicBool = AtomicBool::new(false);

/// Print one line of what a command found on stderr (a diagnostic, a note).
/// An `error:` line marks the run: a command that goes on to the end after
/// printing one exits 1 (problems found) instead of 0 (#34 item 13: an error
/// printed means a non-zero exit).
pub(crate) fn say(line: impl std::fmt::Display) {
    let s = line.to_string();
    if s.starts_with("error") {
        ERROR_SAID.store(true, Ordering::Relaxed);
    }
    eprintln!("{s}");
}

/// A subcommand that ran to the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Nothing to report (exit 0).
    Clean,
    /// Problems found, or no legal pairing (exit 1).
    Found,
}

impl Outcome {
    /// `Found` when `found`, else `Clean`.
    pub(crate) fn found_if(found: bool) -> Outcome {
        if found {
            Outcome::Found
        } else {
            Outcome::Clean
        }
    }
}

/// Why a subcommand stopped early.
pub(crate) enum Failure {
    /// Invalid arguments or input (exit 3), printed as `error: {0}`.
    Invalid(String),
    /// A file that cannot be read or written (exit 5), printed as `error: {0}`.
    Access(String),
    /// An input that could not be read: its diagnostics, then its exit code
    /// (`From<InputError>` is in `common`, beside the input helpers).
    Input {
        code: i32,
        diagnostics: Vec<Diagnostic>,
    },
    /// This message printed as it is, then this exit code.
    Message(i32, String),
    /// Already reported on stderr; only the exit code is left.
    Reported(i32),
}

impl From<PairError> for Failure {
    fn from(e: PairError) -> Self {
        match e {
            PairError::NoLegalPairing { obstacle } => {
                Failure::Message(FOUND, format!("no legal pairing: {obstacle}"))
            }
            PairError::NotReady(e) => Failure::Input {
                code: INVALID_INPUT,
                diagnostics: e.diagnostics,
            },
            e => Failure::Invalid(e.to_string()),
        }
    }
}

impl From<GenerateError> for Failure {
    fn from(e: GenerateError) -> Self {
        match e {
            GenerateError::Options(e) => Failure::Invalid(e),
            e => Failure::Message(FOUND, format!("error: {e}")),
        }
    }
}

/// The exit code of a finished subcommand; a failure's message goes to stderr.
pub(crate) fn code(result: Result<Outcome, Failure>) -> i32 {
    match result {
        Ok(Outcome::Clean) if ERROR_SAID.load(Ordering::Relaxed) => FOUND,
        Ok(Outcome::Clean) => OK,
        Ok(Outcome::Found) => FOUND,
        Err(Failure::Invalid(m)) => {
            eprintln!("error: {m}");
            INVALID_INPUT
        }
        Err(Failure::Access(m)) => {
            eprintln!("error: {m}");
            FILE_ACCESS
        }
        Err(Failure::Input { code, diagnostics }) => {
            for d in &diagnostics {
                eprintln!("{d}");
            }
            code
        }
        Err(Failure::Message(code, m)) => {
            eprintln!("{m}");
            code
        }
        Err(Failure::Reported(code)) => code,
    }
}
