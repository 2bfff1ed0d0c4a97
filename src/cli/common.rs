//! What several subcommands share: argument value types and reading an
//! input with its diagnostics on stderr.

use chess_arbiter::formats::trf;
use chess_arbiter::pairing::dutch::Edition;
use clap::ValueEnum;

use super::exit::Failure;
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

/// Read `path` (`-` = stdin, format detected) and print the reader's
/// diagnostics on stderr.
pub fn read_reported(path: &str) -> Result<Loaded, Failure> {
    let loaded = input::read_input(path, None, None)?;
    for d in &loaded.diagnostics {
        eprintln!("{d}");
    }
    Ok(loaded)
}
