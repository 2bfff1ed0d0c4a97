//! `arbiter start-list REGISTRATIONS.csv --fide-list LIST [--name ..]
//! [--rounds N] [--start DATE] [--kind ..] [--to trf26|trf16|trfx|json] [-o FILE]`:
//! the start list of a Swiss event, ranked per C.04.2 art. 2.2, ready for
//! `arbiter pair` to pair round 1.

use chess_arbiter::formats::{json, registrations, trf};
use chess_arbiter::model::fide_list::{FideList, ListKind, Registration};
use chess_arbiter::pairing::start_list::{build, StartListOptions};
use chess_arbiter::render::fide_list::{start_list_text, unlisted_diagnostics};
use chrono::{Datelike, NaiveDate};
use clap::ValueEnum;

use super::exit::{Failure, Outcome};
use super::fide_list::FideListArgs;
use super::input;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum KindArg {
    Standard,
    Rapid,
    Blitz,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum OutFormat {
    Trf26,
    Trf16,
    Trfx,
    Json,
}

/// Build a start list from registrations (CSV: FIDE id, optional category,
/// optional name) and the FIDE rating list: player data from the list,
/// pairing numbers by rating, then title (GM, IM, WGM, FM, WIM, CM, WFM,
/// WCM, none), then name (C.04.2 art. 2.2); categories from the year of
/// birth (U8..U20, S50, S65) unless the registration gives one.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  arbiter start-list registrations.csv --fide-list players_list_foa.txt --rounds 9 --name \"Open A\" -o start.trf
  arbiter pair start.trf

With -o, the start list is also printed as a table (with categories, which
TRF cannot carry; --to json keeps them). Registrations without a FIDE id, or
with one the list does not know, are listed on stderr and left off.

Exit codes: 0 written, 1 written but registrations were left off,
3 unreadable input, 5 file access error.")]
pub(crate) struct Args {
    /// Registrations (CSV), `-` for stdin.
    pub(crate) registrations: String,
    #[command(flatten)]
    pub(crate) list: FideListArgs,
    /// Tournament name (record 012).
    #[arg(long)]
    pub(crate) name: Option<String>,
    /// Number of rounds (142 / XXR).
    #[arg(long)]
    pub(crate) rounds: Option<u32>,
    /// Start date (YYYY-MM-DD, record 042); its year counts ages for categories.
    #[arg(long, value_parser = parse_date)]
    pub(crate) start: Option<NaiveDate>,
    /// Which rating of the list ranks the players.
    #[arg(long, value_enum, default_value = "standard")]
    pub(crate) kind: KindArg,
    #[arg(long, value_enum, default_value = "trf26")]
    pub(crate) to: OutFormat,
    /// Output file (default: stdout).
    #[arg(short = 'o', long)]
    pub(crate) output: Option<String>,
    /// Set a header record, as `convert --set` does: `--set 122="90'/40+30'+30\""`,
    /// `--set 132=2026-03-29,2026-03-30`, `--set 092="Individual: Swiss-System"`.
    /// The time control (122 or 222) is what tells `rating` a rapid or blitz event.
    #[arg(long = "set", value_name = "CODE=TEXT")]
    pub(crate) set: Vec<String>,
}

fn parse_date(s: &str) -> Result<NaiveDate, String> {
    NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d")
        .map_err(|_| format!("expected YYYY-MM-DD, found \"{s}\""))
}

pub(crate) fn run(args: Args) -> Result<Outcome, Failure> {
    if args.list.fide_list.is_none() {
        return Err(Failure::Invalid(
            "start-list needs --fide-list FILE: the player data comes from it".into(),
        ));
    }
    let name = if args.registrations == "-" {
        "<stdin>".to_string()
    } else {
        args.registrations.clone()
    };
    let bytes = input::read_path(&args.registrations)?;
    let text = String::from_utf8_lossy(&bytes);
    let regs = registrations::read(&text).map_err(|d| Failure::Input {
        code: super::exit::INVALID_INPUT,
        diagnostics: vec![d.in_file(Some(&name))],
    })?;
    let ids = regs
        .iter()
        .filter_map(|r| r.fide_id.as_deref()?.trim().parse().ok())
        .collect();
    let Some(list) = args.list.load(Some(ids))? else {
        return Ok(Outcome::Clean);
    };
    let opts = StartListOptions::new()
        .event_name(args.name.clone())
        .rounds(args.rounds)
        .start_date(args.start)
        .kind(match args.kind {
            KindArg::Standard => ListKind::Standard,
            KindArg::Rapid => ListKind::Rapid,
            KindArg::Blitz => ListKind::Blitz,
        })
        .category_year(args.start.map(|d| d.year()).or(list.month.map(|m| m.year)));
    let mut s = build(&regs, &list, &opts);
    for item in &args.set {
        let (code, text) = item.split_once('=').ok_or_else(|| {
            Failure::Invalid(format!("--set {}: expected CODE=TEXT", item.escape_debug()))
        })?;
        trf::set_header(&mut s.tournament, code, text).map_err(|d| Failure::Input {
            code: super::exit::INVALID_INPUT,
            diagnostics: vec![*d],
        })?;
    }
    let info = &s.tournament.info;
    if args.kind != KindArg::Standard
        && info.time_control.is_empty()
        && info.encoded_time_control.is_empty()
    {
        eprintln!(
            "warning: --kind {} ranks by that list, but the file records the kind only by its \
             time control: give it with --set 122=\"...\" (or 222), or `rating` assumes standard",
            args.kind
                .to_possible_value()
                .map(|v| v.get_name().to_string())
                .unwrap_or_default()
        );
    }
    say_names_not_kept(&regs, &list, &name);
    let ds = unlisted_diagnostics(&s.unlisted, &list, &name);
    for d in &ds {
        super::exit::say(d);
    }
    if opts.category_year.is_none() {
        eprintln!(
            "note: no --start date and no list month: categories only from the registrations"
        );
    }
    let target = match args.to {
        OutFormat::Trf26 => Some(trf::Target::Trf26),
        OutFormat::Trf16 => Some(trf::Target::Trf16),
        OutFormat::Trfx => Some(trf::Target::TrfX),
        OutFormat::Json => None,
    };
    let out = match target {
        Some(target) => {
            let w = trf::write(
                &s.tournament,
                &trf::WriteOptions::new()
                    .target(target)
                    .line_end(trf::LineEnd::CrLf),
            );
            for x in &w.warnings {
                super::exit::say(x);
            }
            w.text
        }
        None => json::write(&s.tournament),
    };
    input::write_output(args.output.as_deref(), &out).map_err(Failure::Reported)?;
    if args.output.as_deref().is_some_and(|o| o != "-") {
        input::write_output(None, &start_list_text(&s)).map_err(Failure::Reported)?;
    }
    Ok(Outcome::found_if(ds.iter().any(|d| d.is_error())))
}

/// A warning for each registration by FIDE id whose name is not the list's:
/// the start list takes the listed player's data, name included, from the
/// list (a name in Chinese characters becomes the list's Latin name), so the
/// name registered is not kept and is named here.
fn say_names_not_kept(regs: &[Registration], list: &FideList, file: &str) {
    for r in regs {
        let (Some(name), Some(l)) = (
            r.name.as_deref().map(str::trim).filter(|n| !n.is_empty()),
            chess_arbiter::rating::fide_list::listed(list, r.fide_id.as_deref().map(str::trim)),
        ) else {
            continue;
        };
        if name != l.name.trim() {
            eprintln!(
                "warning: {file}, line {} (name): registered as \"{name}\", written as the FIDE list's \"{}\" (FIDE id {}): a listed player's data comes from the list",
                r.line, l.name.trim(), l.fide_id
            );
        }
    }
}
