//! `arbiter rating INPUT [--rules 2022|2024|2025-10] [--kind standard|rapid|blitz] [--format ...]`:
//! the FIDE rating changes of an event, the way FIDE will compute them.

use std::collections::BTreeMap;

use chess_arbiter::diag::Diagnostic;
use chess_arbiter::formats::trf::SourceMap;
use chess_arbiter::model::PlayerId;
use chess_arbiter::rating::report_check::{check_report, Check, Problem};
use chess_arbiter::rating::{compute, Edition, Kind, RatingOptions};
use chess_arbiter::render::rating as render;

use super::exit;
use super::input::{self, Loaded};

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Csv,
    Json,
    Html,
}

/// Rating changes (FIDE B.02) of every player: K and why, W, We, K(W-We), new rating.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Tournament file (TRF, or the JSON model); `-` reads stdin.
    pub input: String,
    /// B.02 edition; by default the one in force at the event's end date.
    #[arg(long, value_parser = parse_edition)]
    pub rules: Option<Edition>,
    /// Rating list; by default read from the time control (122/222).
    #[arg(long, value_parser = parse_kind)]
    pub kind: Option<Kind>,
    /// K factor of a player, as START_RANK=K (repeatable); overrides the file.
    #[arg(long = "k", value_name = "SNO=K", value_parser = parse_k)]
    pub k: Vec<(u32, u32)>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write to this file instead of stdout.
    #[arg(short = 'o', long)]
    pub output: Option<String>,
}

fn parse_edition(s: &str) -> Result<Edition, String> {
    s.parse()
}

fn parse_kind(s: &str) -> Result<Kind, String> {
    s.parse()
}

fn parse_k(s: &str) -> Result<(u32, u32), String> {
    let (a, b) = s
        .split_once('=')
        .ok_or_else(|| format!("expected START_RANK=K, found \"{s}\""))?;
    let sno = a
        .trim()
        .parse()
        .map_err(|_| format!("expected a starting rank, found \"{a}\""))?;
    let k = b
        .trim()
        .parse()
        .map_err(|_| format!("expected a K factor, found \"{b}\""))?;
    Ok((sno, k))
}

/// Checks the reader's consistency pass already makes (points against
/// results, both sides of each game, duplicate FIDE ids, event and round
/// dates out of order, birth after the start); `validate --fide` leaves them
/// out so that no problem is listed twice.
fn covered_by_reader(p: &Problem) -> bool {
    matches!(
        p.check,
        Check::GameAsymmetric | Check::FideIdDuplicate | Check::DatesInconsistent
    ) || (matches!(p.check, Check::PointsMismatch | Check::BirthDate) && p.diagnostic.is_error())
}

/// The rating-officer problems of a loaded file, located and with their
/// rule, for `arbiter validate --fide`.
pub fn fide_problems(loaded: &Loaded) -> Vec<Diagnostic> {
    // Without a source map, fields are still located by their TRF columns.
    let no_lines = SourceMap::default();
    let problems = check_report(
        &loaded.tournament,
        loaded.source.as_ref().unwrap_or(&no_lines),
    );
    problems
        .into_iter()
        .filter(|p| !covered_by_reader(p))
        .map(|p| {
            let mut d = p.into_diagnostic();
            d.location.file = Some(loaded.name.clone());
            d
        })
        .collect()
}

pub fn run(args: Args) -> i32 {
    let loaded = match input::read_input(&args.input, None, None) {
        Ok(l) => l,
        Err(e) => {
            e.report();
            return e.code;
        }
    };
    for d in &loaded.diagnostics {
        eprintln!("{d}");
    }
    let t = &loaded.tournament;
    let k_factors: BTreeMap<PlayerId, u32> =
        args.k.iter().map(|&(s, k)| (PlayerId(s), k)).collect();
    for id in k_factors.keys() {
        if t.player(*id).is_none() {
            eprintln!("error: --k names starting rank {id}, which is not in the tournament");
            return exit::INVALID_INPUT;
        }
    }
    let opts = RatingOptions {
        rules: args.rules,
        kind: args.kind,
        k_factors,
    };
    let report = compute(t, &opts);
    let text = match args.format {
        Format::Text => render::text(&report),
        Format::Csv => render::csv(&report),
        Format::Json => render::json(&report),
        Format::Html => render::html(&report),
    };
    match input::write_output(args.output.as_deref(), &text) {
        Ok(()) => exit::OK,
        Err(code) => code,
    }
}

/// `arbiter convert INPUT --to trf16|trf26 --for fide`: the canonical
/// submission file. Read diagnostics and the submission notes go to stderr;
/// exit 1 when the input or the submission has errors (file written anyway).
pub fn convert_for_fide(
    loaded: &Loaded,
    to: input::Format,
    line_end: super::convert::LineEndArg,
    output: Option<&str>,
) -> i32 {
    use chess_arbiter::formats::trf;
    use chess_arbiter::rating::submission::{prepare, Target};
    let (target, trf_target) = match to {
        input::Format::Trf16 => (Target::Trf16, trf::Target::Trf16),
        input::Format::Trf26 => (Target::Trf26, trf::Target::Trf26),
        other => {
            eprintln!(
                "error: --for fide writes trf16 or trf26, found --to {}",
                clap::ValueEnum::to_possible_value(&other)
                    .map(|v| v.get_name().to_string())
                    .unwrap_or_default()
            );
            return exit::INVALID_INPUT;
        }
    };
    if line_end != super::convert::LineEndArg::Crlf {
        eprintln!("error: --for fide writes CRLF line ends, drop --line-end");
        return exit::INVALID_INPUT;
    }
    let mut errors = 0;
    for d in &loaded.diagnostics {
        errors += usize::from(d.is_error());
        eprintln!("{d}");
    }
    let sub = prepare(&loaded.tournament, target);
    for d in &sub.notes {
        errors += usize::from(d.is_error());
        let mut d = d.clone();
        d.location.file = Some(loaded.name.clone());
        eprintln!("{d}");
    }
    let written = trf::write(
        &sub.tournament,
        &trf::WriteOptions {
            target: trf_target,
            line_end: trf::LineEnd::CrLf,
        },
    );
    for w in &written.warnings {
        eprintln!("{w}");
    }
    if let Err(code) = input::write_output(output, &written.text) {
        return code;
    }
    if errors > 0 {
        eprintln!(
            "{}: {errors} error(s) to fix before the report can be sent; output written anyway",
            loaded.name
        );
        exit::FOUND
    } else {
        exit::OK
    }
}
