//! `arbiter rating INPUT [--rules 2022|2024|2025-10] [--kind standard|rapid|blitz] [--k SNO=K [--force]] [--format ...]`:
//! the FIDE rating changes of an event, the way FIDE will compute them.

use std::collections::BTreeMap;

use chess_arbiter::diag::{codes, Diagnostic};
use chess_arbiter::formats::trf::SourceMap;
use chess_arbiter::model::PlayerId;
use chess_arbiter::rating::change::allowed_k;
use chess_arbiter::rating::report_check::{check_report, Check, Problem};
use chess_arbiter::rating::{compute, Edition, Kind, RatingOptions};
use chess_arbiter::render::rating as render;

use super::common::{read_reported, ReportFormat};
use super::exit::{Failure, Outcome};
use super::fide_list::{report, FideListArgs};
use super::input::{self, Loaded};

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
    /// Only the FIDE values (40, 20, 10, B.02 §8.3.3) unless --force.
    #[arg(long = "k", value_name = "SNO=K", value_parser = parse_k)]
    pub k: Vec<(u32, u32)>,
    /// Use a --k value that is not a FIDE K factor (with a warning).
    #[arg(long)]
    pub force: bool,
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
    /// Write to this file instead of stdout.
    #[arg(short = 'o', long)]
    pub output: Option<String>,
    /// Ratings and K factors from the list (for the event's kind); what
    /// disagrees with the file is listed on stderr.
    #[command(flatten)]
    pub list: FideListArgs,
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

pub fn run(args: Args) -> Result<Outcome, Failure> {
    let loaded = read_reported(&args.input)?;
    let t = &loaded.tournament;
    let k_factors: BTreeMap<PlayerId, u32> =
        args.k.iter().map(|&(s, k)| (PlayerId(s), k)).collect();
    if let Some(id) = k_factors.keys().find(|id| t.player(**id).is_none()) {
        return Err(Failure::Invalid(format!(
            "--k names starting rank {id}, which is not in the tournament"
        )));
    }
    let fide_list = args.list.load_for(t)?;
    if let Some(l) = &fide_list {
        report(&loaded, l);
    }
    let opts = RatingOptions {
        rules: args.rules,
        kind: args.kind,
        k_factors,
        fide_list,
    };
    let report = compute(t, &opts);
    check_given_k(t, &opts.k_factors, report.kind, args.force)?;
    let text = match args.format {
        ReportFormat::Text => render::text(&report),
        ReportFormat::Csv => render::csv(&report),
        ReportFormat::Json => render::json(&report),
        ReportFormat::Html => render::html(&report),
    };
    input::write_output(args.output.as_deref(), &text).map_err(Failure::Reported)?;
    Ok(Outcome::Clean)
}
