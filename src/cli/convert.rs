//! `arbiter convert`: read a tournament in one format, write it in another.

use std::collections::BTreeMap;
use std::path::PathBuf;

use chess_arbiter::diag::Severity;
use chess_arbiter::formats::trf;
use chess_arbiter::model::PlayerId;
use chess_arbiter::rating::submission::{prepare_ranked, refusal, Target};
use chess_arbiter::standings::{self, StandingsOptions, StandingsProfile};
use clap::{Args as ClapArgs, ValueEnum};

use super::common::{EncodingArg, LineEndArg};
use chess_arbiter::model::fide_list::FideList;

use super::exit::{Failure, Outcome};
use super::fide_list::{report, FideListArgs};
use super::input::{self, Format, Loaded};

/// Convert a tournament file between TRF dialects, JSON and Swiss-Manager formats.
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
  arbiter convert event.trf --to trf16 --for fide -o report.trf
  arbiter convert event.trf --to trf16 --for fide --profile event.toml \\
      --set 132=2026-03-29,2026-03-30,2026-03-31 -o report.trf

Exit codes: 0 converted, 1 converted but the input has errors,
3 unreadable input or no players, 4 input too large, 5 file access error.")]
pub(crate) struct Args {
    /// Input file, `-` for stdin.
    pub(crate) input: String,
    /// Output file (default: stdout; `-` for stdout).
    #[arg(short, long)]
    pub(crate) output: Option<String>,
    /// Input format (default: detected from the name and content).
    #[arg(long, value_enum)]
    pub(crate) from: Option<Format>,
    /// Output format (default: the input's TRF family; `.json` output names mean json).
    #[arg(long, value_enum)]
    pub(crate) to: Option<Format>,
    /// Input text encoding (default: UTF-8 if valid, else Windows-1252).
    #[arg(long, value_enum)]
    pub(crate) encoding: Option<EncodingArg>,
    /// Line end for TRF output.
    #[arg(long, value_enum, default_value = "crlf")]
    pub(crate) line_end: LineEndArg,
    /// Round to write with --to sm-pairings (default: the last round with data).
    #[arg(long)]
    pub(crate) round: Option<u32>,
    /// Prepare the file for a purpose: `fide` writes the canonical rating
    /// report (with --to trf16 or trf26): ranks, points, header counts and
    /// dates filled, each fill reported; CRLF, UTF-8.
    #[arg(long = "for", value_enum)]
    pub(crate) purpose: Option<Purpose>,
    /// Set a header record, e.g. `--set 012="Open 2026"`, `--set 042=2026-03-29`,
    /// round dates `--set 132=2026-03-29,2026-03-30`, tie-breaks `--set 202=DE,BH/C1,BH`,
    /// acceleration `--set 250="1.0;1-3;1-20"` (points;rounds;players), forbidden
    /// pairs `--set 260="3,7;1-5"` (`players[;rounds]`); also 022..122, 142, 152,
    /// 172..222. Repeatable; a value is one line.
    #[arg(long = "set", value_name = "CODE=TEXT")]
    pub(crate) set: Vec<String>,
    /// Profile file (TOML): with --for fide its tie-breaks rank the players
    /// (the file's own `202` otherwise), and fill `202` when the file has none.
    #[arg(long)]
    pub(crate) profile: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) section: super::common::SectionArg,
    /// With --for fide: compare the players with the FIDE rating list and
    /// list what disagrees on stderr (an unknown id is an error).
    #[command(flatten)]
    pub(crate) list: FideListArgs,
}

/// Apply `--set CODE=TEXT` to the tournament header (the forms are
/// `formats::trf::set_header`'s). A refused value names `--set CODE`.
fn set_headers(t: &mut chess_arbiter::model::Tournament, sets: &[String]) -> Result<(), Failure> {
    for item in sets {
        let (code, text) = item.split_once('=').ok_or_else(|| {
            Failure::Invalid(format!(
                "--set {}: expected CODE=TEXT, e.g. 012=\"Open 2026\"",
                item.escape_debug()
            ))
        })?;
        trf::set_header(t, code, text).map_err(|d| Failure::Input {
            code: super::exit::INVALID_INPUT,
            diagnostics: vec![*d],
        })?;
    }
    Ok(())
}

/// Final places by player, and the tie-breaks that gave them (in words).
type Ranks = (BTreeMap<PlayerId, u32>, String);

/// The final places for the FIDE report's rank field, and the tie-breaks
/// that gave them: the profile's tie-breaks when one is given (C.07: the
/// regulations of the event fix them), else the file's own (`202`).
fn report_ranks(
    t: &chess_arbiter::model::Tournament,
    profile: Option<&StandingsProfile>,
) -> Result<Option<Ranks>, Failure> {
    let Some(p) = profile.filter(|p| !p.tiebreaks.is_empty()) else {
        return Ok(super::standings::final_ranks(t));
    };
    let mut opts = StandingsOptions::default();
    p.apply(&mut opts);
    let s =
        standings::compute(t, &opts).map_err(|e| Failure::Invalid(format!("--profile: {e}")))?;
    let ranks = s.rows.iter().map(|r| (r.player, r.rank)).collect();
    let list: Vec<String> = p.tiebreaks.iter().map(ToString::to_string).collect();
    Ok(Some((ranks, list.join(", "))))
}

/// What a converted file is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Purpose {
    /// The rating report sent to the federation's rating officer.
    Fide,
}

pub(crate) fn run(args: Args) -> Result<Outcome, Failure> {
    // The command line is checked before the input is read.
    set_headers(&mut chess_arbiter::model::Tournament::default(), &args.set)?;
    let profile = match &args.profile {
        Some(p) => Some(super::common::standings_profile(p, args.section.section.as_deref())?.0),
        None => None,
    };
    let mut loaded = input::read_input(&args.input, args.from, args.encoding.map(Into::into))?;
    set_headers(&mut loaded.tournament, &args.set)?;
    let mut notes = Vec::new();
    if let Some(p) = profile.as_ref().filter(|p| !p.tiebreaks.is_empty()) {
        if loaded.tournament.tiebreaks.is_empty() {
            let list: Vec<String> = p.tiebreaks.iter().map(ToString::to_string).collect();
            notes.push(format!(
                "note: tie-breaks {} taken from the profile (202)",
                list.join(", ")
            ));
            loaded.tournament.tiebreaks = list;
        }
    }
    let to = match args.to {
        Some(f) => f,
        None => default_target(&loaded, args.output.as_deref()),
    };
    if args.purpose == Some(Purpose::Fide) {
        let list = args.list.load_for(&loaded.tournament)?;
        for n in &notes {
            super::exit::say(n);
        }
        let ranks = report_ranks(&loaded.tournament, profile.as_ref())?;
        return for_fide(
            &loaded,
            to,
            args.line_end,
            args.output.as_deref(),
            list,
            ranks,
        );
    }
    if args.list.fide_list.is_some() {
        return Err(Failure::Invalid(
            "--fide-list is used with --for fide".into(),
        ));
    }
    let mut errors = 0;
    for d in &loaded.diagnostics {
        if d.severity == Severity::Error {
            errors += 1;
        }
        super::exit::say(d);
    }
    for n in &notes {
        super::exit::say(n);
    }
    if to == Format::Json {
        stream_json(&loaded.tournament, args.output.as_deref())?;
        return Ok(after_writing(&loaded.name, errors));
    }
    let (text, warnings) = input::render(&loaded.tournament, to, args.line_end.into(), args.round)
        .map_err(Failure::Invalid)?;
    for w in &warnings {
        super::exit::say(w);
    }
    if warnings.iter().any(|w| w.is_error()) {
        return Err(Failure::Reported(super::exit::INVALID_INPUT));
    }
    input::write_output(args.output.as_deref(), &text).map_err(Failure::Reported)?;
    Ok(after_writing(&loaded.name, errors))
}

/// The exit of a conversion written with `errors` errors in the input.
fn after_writing(name: &str, errors: usize) -> Outcome {
    if errors > 0 {
        eprintln!("{name}: {errors} error(s) in the input; output written anyway");
    }
    Outcome::found_if(errors > 0)
}

/// `--to json` streamed to the output (stdout for none or `-`): the document
/// is never built as one string. A closed pipe is not an error.
fn stream_json(t: &chess_arbiter::model::Tournament, output: Option<&str>) -> Result<(), Failure> {
    use chess_arbiter::formats::json;
    let (result, what) = match output {
        None | Some("-") => (
            json::write_to(t, std::io::BufWriter::new(std::io::stdout().lock())),
            "error: cannot write to stdout".to_string(),
        ),
        Some(p) => (
            std::fs::File::create(p).and_then(|f| json::write_to(t, std::io::BufWriter::new(f))),
            format!("error: {p}: cannot write the file"),
        ),
    };
    match result {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => {
            eprintln!("{what}: {e}");
            Err(Failure::Reported(super::exit::FILE_ACCESS))
        }
    }
}

/// `arbiter convert INPUT --to trf16|trf26 --for fide`: the canonical
/// submission file. Read diagnostics and the submission notes go to stderr;
/// exit 1 when the input or the submission has errors (file written anyway).
fn for_fide(
    loaded: &Loaded,
    to: Format,
    line_end: LineEndArg,
    output: Option<&str>,
    list: Option<FideList>,
    ranks: Option<Ranks>,
) -> Result<Outcome, Failure> {
    let (target, trf_target) = match to {
        Format::Trf16 => (Target::Trf16, trf::Target::Trf16),
        Format::Trf26 => (Target::Trf26, trf::Target::Trf26),
        other => {
            return Err(Failure::Invalid(format!(
                "--for fide writes trf16 or trf26, found --to {}",
                other
                    .to_possible_value()
                    .map(|v| v.get_name().to_string())
                    .unwrap_or_default()
            )));
        }
    };
    if line_end != LineEndArg::Crlf {
        return Err(Failure::Invalid(
            "--for fide writes CRLF line ends, drop --line-end".into(),
        ));
    }
    let mut errors = 0;
    for d in &loaded.diagnostics {
        errors += usize::from(d.is_error());
        super::exit::say(d);
    }
    if let Some(d) = refusal(&loaded.tournament) {
        return Err(Failure::Input {
            code: super::exit::INVALID_INPUT,
            diagnostics: vec![d.in_file(Some(&loaded.name))],
        });
    }
    if let Some(l) = &list {
        errors += report(loaded, l);
    }
    let sub = prepare_ranked(
        &loaded.tournament,
        target,
        ranks.as_ref().map(|(r, how)| (r, how.as_str())),
    );
    for d in &sub.notes {
        errors += usize::from(d.is_error());
        let mut d = d.clone();
        d.location.file = Some(loaded.name.clone());
        super::exit::say(d);
    }
    let written = trf::write(
        &sub.tournament,
        &trf::WriteOptions::new()
            .target(trf_target)
            .line_end(trf::LineEnd::CrLf),
    );
    for w in &written.warnings {
        super::exit::say(w);
    }
    input::write_output(output, &written.text).map_err(Failure::Reported)?;
    if errors > 0 {
        eprintln!(
            "{}: {errors} error(s) to fix before the report can be sent; output written anyway",
            loaded.name
        );
    }
    Ok(Outcome::found_if(errors > 0))
}

fn default_target(l: &Loaded, output: Option<&str>) -> Format {
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
