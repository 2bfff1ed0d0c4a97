//! `arbiter validate`: read a tournament file and report every problem.

use chess_arbiter::diag::{Diagnostic, Severity};
use clap::{Args as ClapArgs, ValueEnum};
use serde::Serialize;

use super::convert::EncodingArg;
use super::exit;
use super::input::{self, Format};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    Text,
    Json,
}

/// Check a tournament file: syntax (line, columns, field, expected, found) and
/// consistency (points against results, both sides of each game, opponents that
/// do not exist, players paired twice, 062/072 counts, duplicate starting ranks
/// or FIDE ids, impossible dates).
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  arbiter validate samples/open-2023.trf
  arbiter validate event.trf --format json
  arbiter validate old.trf --encoding windows-1252

Exit codes: 0 no errors (warnings allowed unless --strict), 1 problems found,
3 unreadable input, 5 file access error.")]
pub struct Args {
    /// Input file, `-` for stdin.
    pub input: String,
    /// Report format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: ReportFormat,
    /// Input format (default: detected).
    #[arg(long, value_enum)]
    pub from: Option<Format>,
    /// Input text encoding (default: UTF-8 if valid, else Windows-1252).
    #[arg(long, value_enum)]
    pub encoding: Option<EncodingArg>,
    /// Count warnings as problems (exit 1).
    #[arg(long)]
    pub strict: bool,
}

#[derive(Serialize)]
struct Report<'a> {
    file: &'a str,
    /// e.g. "TRF-16 + JaVaFo TRF(x); UTF-8, CRLF"; null for JSON input.
    dialect: Option<String>,
    dialect_detail: Option<&'a chess_arbiter::formats::trf::Dialect>,
    players: usize,
    rounds: usize,
    total_rounds: Option<u32>,
    errors: usize,
    warnings: usize,
    diagnostics: &'a [Diagnostic],
}

pub fn run(args: Args) -> i32 {
    let loaded = match input::read_input(&args.input, args.from, args.encoding.map(Into::into)) {
        Ok(l) => l,
        Err(e) => {
            if args.format == ReportFormat::Json {
                let v = serde_json::json!({
                    "file": if args.input == "-" { "<stdin>" } else { args.input.as_str() },
                    "readable": false,
                    "diagnostics": e.diagnostics,
                });
                let _ = input::write_output(None, &format!("{v:#}\n"));
            } else {
                e.report();
            }
            return e.code;
        }
    };
    let errors = loaded
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    let warnings = loaded.diagnostics.len() - errors;
    let t = &loaded.tournament;
    let report = Report {
        file: &loaded.name,
        dialect: loaded.dialect.as_ref().map(|d| d.to_string()),
        dialect_detail: loaded.dialect.as_ref(),
        players: t.players.len(),
        rounds: t.rounds_recorded(),
        total_rounds: t.total_rounds,
        errors,
        warnings,
        diagnostics: &loaded.diagnostics,
    };
    let text = match args.format {
        ReportFormat::Json => match serde_json::to_string_pretty(&report) {
            Ok(s) => s + "\n",
            Err(e) => {
                eprintln!("error: {e}");
                return exit::UNEXPECTED;
            }
        },
        ReportFormat::Text => text_report(&report),
    };
    if let Err(code) = input::write_output(None, &text) {
        return code;
    }
    if errors > 0 || (args.strict && warnings > 0) {
        exit::FOUND
    } else {
        exit::OK
    }
}

fn text_report(r: &Report<'_>) -> String {
    let mut s = String::new();
    s.push_str(&format!("file: {}\n", r.file));
    if let Some(d) = &r.dialect {
        s.push_str(&format!("dialect: {d}\n"));
    } else {
        s.push_str("format: chess-arbiter JSON\n");
    }
    let total = r
        .total_rounds
        .map(|n| format!(" of {n}"))
        .unwrap_or_default();
    s.push_str(&format!(
        "players: {}, rounds with data: {}{total}\n",
        r.players, r.rounds
    ));
    for d in r.diagnostics {
        s.push_str(&format!("{d}\n"));
    }
    s.push_str(&format!(
        "{} error(s), {} warning(s)\n",
        r.errors, r.warnings
    ));
    s
}
