//! `arbiter rating INPUT [--rules 2022|2024|2025-10] [--kind standard|rapid|blitz] [--k SNO=K [--force]] [--format ...]`:
//! the FIDE rating changes of an event, the way FIDE will compute them.

use std::collections::BTreeMap;

use chess_arbiter::diag::{codes, Diagnostic};
use chess_arbiter::model::PlayerId;
use chess_arbiter::rating::change::allowed_k;
use chess_arbiter::rating::report_check::{check_report, Check, Problem};
use chess_arbiter::rating::{compute, Kind, RatingOptions, RatingRules};
use chess_arbiter::render::rating as render;

use super::common::{read_reported, ReportFormat};
use super::exit::{Failure, Outcome};
use chess_arbiter::rating::period::combine;

use super::fide_list::{report, FideListArgs};
use super::input::{self, Loaded};

/// Rating changes (FIDE B.02) of every player: K and why, W, We, K(W-We), new rating.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Tournament file (TRF, or the JSON model); `-` reads stdin. Several
    /// files: events of one rating period (the month of the end date) share
    /// the 700 cap on K x games and the rounding (text and json only).
    #[arg(required = true, num_args = 1..)]
    pub(crate) inputs: Vec<String>,
    /// B.02 edition; by default the one in force at the event's end date.
    #[arg(long, value_parser = parse_edition)]
    pub(crate) rules: Option<RatingRules>,
    /// Rating list; by default read from the time control (122/222).
    #[arg(long, value_parser = parse_kind)]
    pub(crate) kind: Option<Kind>,
    /// K factor of a player, as START_RANK=K (repeatable); overrides the file.
    /// Only the FIDE values (40, 20, 10, B.02 §8.3.3) unless --force.
    #[arg(long = "k", value_name = "SNO=K", value_parser = parse_k)]
    pub(crate) k: Vec<(u32, u32)>,
    /// Use a --k value that is not a FIDE K factor (with a warning).
    #[arg(long)]
    pub(crate) force: bool,
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub(crate) format: ReportFormat,
    /// Write to this file instead of stdout.
    #[arg(short = 'o', long)]
    pub(crate) output: Option<String>,
    /// Ratings and K factors from the list (for the event's kind); what
    /// disagrees with the file is listed on stderr.
    #[command(flatten)]
    pub(crate) list: FideListArgs,
    /// Column heads and page words in this language (`en`, `zh-TW`); the
    /// sentences about rules and K stay English, as do diagnostics.
    #[command(flatten)]
    pub(crate) lang: super::lang::LangArg,
}

fn parse_edition(s: &str) -> Result<RatingRules, String> {
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
pub(crate) fn fide_problems(loaded: &Loaded) -> Vec<Diagnostic> {
    // TRF columns only for TRF input (a binary file is located by its records).
    let problems = check_report(&loaded.tournament, &loaded.source);
    let refused = chess_arbiter::rating::submission::refusal(&loaded.tournament);
    refused
        .into_iter()
        .chain(
            problems
                .into_iter()
                .filter(|p| !covered_by_reader(p))
                .map(|p| p.into_diagnostic()),
        )
        .map(|mut d| {
            d.location.file = Some(loaded.name.clone());
            d
        })
        .collect()
}

/// Each `--k` value must be one B.02 §8.3.3 gives for the list `kind`
/// (exit 3), unless `force`: then it is used with a warning.
fn check_given_k(
    t: &chess_arbiter::model::Tournament,
    given: &BTreeMap<PlayerId, u32>,
    kind: Kind,
    force: bool,
) -> Result<(), Failure> {
    let allowed = allowed_k(kind);
    let list: Vec<String> = allowed.iter().map(u32::to_string).collect();
    for (&id, &k) in given.iter().filter(|(_, k)| !allowed.contains(k)) {
        let name = t.player(id).map(|p| p.name.as_str()).unwrap_or_default();
        let msg = format!(
            "--k {id}={k}: player {id} ({name}): K {k} is not a FIDE K factor for {kind} ratings; allowed: {} (B.02 §8.3.3; a K lowered by the 700 cap is computed from the games, not given)",
            list.join(", ")
        );
        if !force {
            return Err(Failure::Invalid(format!("{msg}; --force uses it anyway")));
        }
        eprintln!(
            "warning[{}]: {msg}; used because of --force",
            codes::K_FACTOR_NOT_FIDE
        );
    }
    Ok(())
}

pub(crate) fn run(args: Args) -> Result<Outcome, Failure> {
    if args.inputs.len() > 1 {
        return run_period(args);
    }
    let ((_, _, errors), text) = one(&args, &args.inputs[0])?;
    input::write_output(args.output.as_deref(), &text).map_err(Failure::Reported)?;
    Ok(Outcome::found_if(errors > 0))
}

/// Several events: each event's report, then its rating period's.
fn run_period(args: Args) -> Result<Outcome, Failure> {
    if !matches!(args.format, ReportFormat::Text | ReportFormat::Json) {
        return Err(Failure::Invalid(
            "several events are reported as text or json".into(),
        ));
    }
    if !args.k.is_empty() {
        return Err(Failure::Invalid(
            "--k names a starting rank of one file: give it with one event".into(),
        ));
    }
    let mut reports = Vec::new();
    let mut ends = Vec::new();
    let mut names = Vec::new();
    let mut text = String::new();
    let mut errors = 0;
    for path in &args.inputs {
        let (r, t) = one(&args, path)?;
        errors += r.2;
        text.push_str(&format!("== {path} ==\n{t}\n"));
        ends.push(r.1);
        reports.push(r.0);
        names.push(path.clone());
    }
    let pairs: Vec<_> = reports.iter().zip(ends.iter().copied()).collect();
    let periods = combine(&pairs);
    let out = match args.format {
        ReportFormat::Json => render::periods_json(&reports, &periods),
        _ => {
            text.push_str(&render::periods_text(&periods, &names));
            text
        }
    };
    input::write_output(args.output.as_deref(), &out).map_err(Failure::Reported)?;
    Ok(Outcome::found_if(errors > 0))
}

/// One event's report, its end date and the number of errors printed on stderr.
type EventReport = (
    chess_arbiter::rating::RatingReport,
    Option<chrono::NaiveDate>,
    usize,
);

/// One event's report (with its end date and the number of errors printed on
/// stderr: the file's own, the FIDE list's, the disagreements with it) and its
/// rendering.
fn one(args: &Args, path: &str) -> Result<(EventReport, String), Failure> {
    let loaded = read_reported(path)?;
    let t = &loaded.tournament;
    let k_factors: BTreeMap<PlayerId, u32> =
        args.k.iter().map(|&(s, k)| (PlayerId(s), k)).collect();
    if let Some(id) = k_factors.keys().find(|id| t.player(**id).is_none()) {
        return Err(Failure::Invalid(format!(
            "--k names starting rank {id}, which is not in the tournament"
        )));
    }
    // errors the gate printed without refusing the file
    let mut errors = loaded.diagnostics.iter().filter(|d| d.is_error()).count();
    let (fide_list, list_errors) = args.list.load_counted(Some(super::fide_list::ids_of(t)))?;
    errors += list_errors;
    if let Some(l) = &fide_list {
        errors += report(&loaded, l);
    }
    let opts = RatingOptions::new()
        .rules(args.rules)
        .kind(args.kind)
        .k_factors(k_factors)
        .fide_list(fide_list);
    let report = compute(t, &opts);
    check_given_k(t, &opts.k_factors, report.kind, args.force)?;
    say_renamed(&report);
    let lang = args.lang.resolve(None)?;
    let text = match args.format {
        ReportFormat::Text => render::text_in(&report, lang),
        ReportFormat::Csv => render::csv_in(&report, lang),
        ReportFormat::Json => render::json(&report),
        ReportFormat::Html => render::html_in(&report, lang),
    };
    let end = t
        .info
        .end_date
        .or_else(|| t.info.round_dates.iter().flatten().max().copied());
    Ok(((report, end, errors), text))
}

/// A note on stderr naming every player the report names otherwise than the
/// file (the FIDE list's name, or the Latin form beside Chinese characters):
/// the CSV has no other place to say it.
fn say_renamed(report: &chess_arbiter::rating::RatingReport) {
    let renamed: Vec<String> = report
        .players
        .iter()
        .filter_map(|p| {
            let file = p.name_in_file.as_ref()?;
            Some(format!("{} \"{file}\" as \"{}\"", p.start_rank, p.name))
        })
        .collect();
    if !renamed.is_empty() {
        super::exit::say(format!(
            "note: name: {} player(s) reported by the name FIDE knows them by (the FIDE list's, else the Latin form written beside the name): {}",
            renamed.len(),
            renamed.join(", ")
        ));
    }
}
