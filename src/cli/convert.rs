//! `arbiter convert`: read a tournament in one format, write it in another.

use chess_arbiter::diag::Severity;
use chess_arbiter::formats::trf;
use clap::{Args as ClapArgs, ValueEnum};

use super::exit;
use super::input::{self, Format};

/// Line end for TRF output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LineEndArg {
    Crlf,
    Lf,
    Cr,
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

/// Convert a tournament file between TRF dialects and JSON.
///
/// The input dialect is detected (TRF-2006, TRF16, TRF-2026, JaVaFo TRF(x),
/// bbpPairings TRF(bx), Swiss-Manager, Vega and lichess habits). Without --to,
/// TRF output keeps the family of the input (TRF-2026 stays TRF-2026, TRF(x)
/// stays TRF(x), JSON becomes TRF-2026). Everything the target cannot carry is
/// reported as a warning on stderr.
#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  arbiter convert samples/open-2023.trf --to json -o open.json
  arbiter convert open.json --to trf16 -o open.trf
  arbiter convert old.trf --to trf26 --line-end lf
  cat event.trf | arbiter convert - --to trfx

Exit codes: 0 converted, 1 converted but the input has errors,
3 unreadable input, 5 file access error.")]
pub struct Args {
    /// Input file, `-` for stdin.
    pub input: String,
    /// Output file (default: stdout; `-` for stdout).
    #[arg(short, long)]
    pub output: Option<String>,
    /// Input format (default: detected from the name and content).
    #[arg(long, value_enum)]
    pub from: Option<Format>,
    /// Output format (default: the input's TRF family; `.json` output names mean json).
    #[arg(long, value_enum)]
    pub to: Option<Format>,
    /// Input text encoding (default: UTF-8 if valid, else Windows-1252).
    #[arg(long, value_enum)]
    pub encoding: Option<EncodingArg>,
    /// Line end for TRF output.
    #[arg(long, value_enum, default_value = "crlf")]
    pub line_end: LineEndArg,
}

pub fn run(args: Args) -> i32 {
    let loaded = match input::read_input(&args.input, args.from, args.encoding.map(Into::into)) {
        Ok(l) => l,
        Err(e) => {
            e.report();
            return e.code;
        }
    };
    let to = match args.to {
        Some(f) if !f.can_write() => {
            eprintln!("error: --to trf is ambiguous; choose trf16, trf26, trfx or trfbx");
            return exit::INVALID_INPUT;
        }
        Some(f) => f,
        None => default_target(&loaded, args.output.as_deref()),
    };
    let line_end = match args.line_end {
        LineEndArg::Crlf => trf::LineEnd::CrLf,
        LineEndArg::Lf => trf::LineEnd::Lf,
        LineEndArg::Cr => trf::LineEnd::Cr,
    };
    let mut errors = 0;
    for d in &loaded.diagnostics {
        if d.severity == Severity::Error {
            errors += 1;
        }
        eprintln!("{d}");
    }
    let (text, warnings) = input::render(&loaded.tournament, to, line_end);
    for w in &warnings {
        eprintln!("{w}");
    }
    if let Err(code) = input::write_output(args.output.as_deref(), &text) {
        return code;
    }
    if errors > 0 {
        eprintln!(
            "{}: {errors} error(s) in the input; output written anyway",
            loaded.name
        );
        exit::FOUND
    } else {
        exit::OK
    }
}

fn default_target(l: &input::Loaded, output: Option<&str>) -> Format {
    if output.is_some_and(|o| o.to_ascii_lowercase().ends_with(".json")) {
        return Format::Json;
    }
    match &l.dialect {
        None => Format::Trf26,
        Some(d) if d.version == trf::Version::Trf26 => Format::Trf26,
        Some(d) if d.bbp => Format::Trfbx,
        Some(d) if d.javafo => Format::Trfx,
        Some(_) => Format::Trf16,
    }
}
