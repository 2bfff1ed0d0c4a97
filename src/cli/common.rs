//! What several subcommands share: argument value types and reading an
//! input with its diagnostics on stderr.

use chess_arbiter::diag::{codes, Code, Diagnostic, Family};
use chess_arbiter::formats::trf;
use chess_arbiter::pairing::dutch::Edition;
use clap::ValueEnum;

use super::exit::{self, Failure};
use super::input::{self, InputError, Loaded};

impl From<InputError> for Failure {
    fn from(e: InputError) -> Self {
        Failure::Input {
            code: e.code,
            diagnostics: e.diagnostics,
        }
    }
}

/// Line end for TRF output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LineEndArg {
    Crlf,
    Lf,
    Cr,
}

impl From<LineEndArg> for trf::LineEnd {
    fn from(e: LineEndArg) -> Self {
        match e {
            LineEndArg::Crlf => trf::LineEnd::CrLf,
            LineEndArg::Lf => trf::LineEnd::Lf,
            LineEndArg::Cr => trf::LineEnd::Cr,
        }
    }
}

/// Text encoding of a TRF input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EncodingArg {
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    #[value(
        name = "windows-1252",
        alias = "latin-1",
        alias = "latin1",
        alias = "cp1252"
    )]
    Windows1252,
}

impl From<EncodingArg> for trf::Encoding {
    fn from(e: EncodingArg) -> Self {
        match e {
            EncodingArg::Utf8 => trf::Encoding::Utf8,
            EncodingArg::Windows1252 => trf::Encoding::Windows1252,
        }
    }
}

/// The edition of the FIDE Dutch system (C.04.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SystemArg {
    #[value(name = "dutch-2017")]
    Dutch2017,
    #[value(name = "dutch-2025", alias = "dutch-2026")]
    Dutch2025,
}

impl From<SystemArg> for Edition {
    fn from(s: SystemArg) -> Self {
        match s {
            SystemArg::Dutch2017 => Edition::Dutch2017,
            SystemArg::Dutch2025 => Edition::Dutch2025,
        }
    }
}

/// Output format of a report for people (text, HTML) or programs (CSV, JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    Text,
    Csv,
    Json,
    Html,
}

/// Consistency errors that leave no tournament to work on: an engine given
/// them would pair, rank or rate a contradiction.
const UNUSABLE: &[Code] = &[
    codes::STARTING_RANK_DUPLICATE,
    codes::PAIRED_TWICE,
    codes::PAIRED_WITH_SELF,
    codes::GAME_ASYMMETRIC,
    codes::UNKNOWN_OPPONENT,
];

/// Whether `d` keeps every engine away from the file: any syntax error, or a
/// consistency error in [`UNUSABLE`].
pub fn blocks(d: &Diagnostic) -> bool {
    d.is_error() && (d.family == Family::Syntax || UNUSABLE.contains(&d.code))
}

/// The one gate between reading a file and running an engine on it (`pair`,
/// `check`, `standings`, `rating`, `prizes`): prints the reader's and
/// validator's diagnostics on stderr and refuses (exit 3) a file with a syntax
/// error or a contradiction in its players or games, as `arbiter validate`
/// reports them.
pub fn gate(loaded: Loaded) -> Result<Loaded, Failure> {
    for d in &loaded.diagnostics {
        eprintln!("{d}");
    }
    let n = loaded.diagnostics.iter().filter(|d| blocks(d)).count();
    if n > 0 {
        return Err(Failure::Message(
            exit::INVALID_INPUT,
            format!(
                "error: {}: {n} error(s) above make the file unusable; nothing done (`arbiter validate` lists every problem)",
                loaded.name
            ),
        ));
    }
    Ok(loaded)
}

/// Read `path` (`-` = stdin, format detected) and pass it through [`gate`].
pub fn read_reported(path: &str) -> Result<Loaded, Failure> {
    gate(input::read_input(path, None, None)?)
}
