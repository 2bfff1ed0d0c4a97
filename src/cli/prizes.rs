//! `arbiter prizes INPUT --profile FILE [--format text|csv|json|html] [--section KEY]`

use std::io::Write;
use std::path::PathBuf;

use chess_arbiter::render::prizes as render;
use chess_arbiter::standings::prizes::{build, PrizesError, Profile};

use super::common::{points_used_note, read_ranked, ReportFormat};
use super::exit::{Failure, Outcome};

/// Turn final standings into a prize statement, as a tournament profile says.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Tournament file: TRF (any dialect) or the JSON model; `-` for stdin.
    pub input: PathBuf,
    /// Tournament profile (TOML): categories, tie-breaks, prize tables and rules.
    #[arg(long)]
    pub profile: PathBuf,
    #[arg(long, value_enum, default_value = "text")]
    pub format: ReportFormat,
    /// A section of the profile (`[sections.KEY]`), e.g. `blitz`; default: the main one.
    #[arg(long)]
    pub section: Option<String>,
    /// CSV separator (one ASCII character).
    #[arg(long, default_value = ",")]
    pub separator: char,
    /// Write to this file instead of stdout.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub lang: super::lang::LangArg,
}

pub fn run(args: Args) -> Result<Outcome, Failure> {
    if !args.separator.is_ascii() {
        return Err(Failure::Invalid(format!(
            "expected a one-character ASCII separator, found '{}'",
            args.separator
        )));
    }
    let profile_name = args.profile.display().to_string();
    let profile_text = super::common::read_profile(&args.profile)?;
    let profile = Profile::from_toml(&profile_text, &profile_name).map_err(|diags| {
        for d in diags {
            eprintln!("{d}");
        }
        Failure::Reported(super::exit::INVALID_INPUT)
    })?;
    let lang = args.lang.resolve(
        profile
            .main
            .lang
            .as_deref()
            .map(|l| (l, profile_name.as_str())),
    )?;
    let Some(section) = profile.section(args.section.as_deref()) else {
        return Err(Failure::Invalid(format!(
            "{profile_name}: expected a section of the profile ({}), found \"{}\"",
            profile
                .sections
                .keys()
                .cloned()
                .collect::<Vec<_>>()
                .join(", "),
            args.section.as_deref().unwrap_or("")
        )));
    };
    let loaded = read_ranked(&args.input.display().to_string())?;
    if let Some(n) = points_used_note(&loaded) {
        eprintln!("{n}");
    }
    let tournament = loaded.tournament;
    let mut statement = build(&tournament, &profile.event_name, section).map_err(|e| match &e {
        PrizesError::Standings(se) => {
            match super::common::profile_failure(se, Some((&profile_name, &profile_text))) {
                f @ Failure::Input { .. } => f,
                _ => Failure::Invalid(e.to_string()),
            }
        }
        _ => Failure::Invalid(e.to_string()),
    })?;
    statement.event_names = profile.main.names.clone();
    for n in &statement.notes {
        eprintln!("{n}");
    }
    let text = match args.format {
        ReportFormat::Text => render::text_in(&statement, lang),
        ReportFormat::Csv => render::csv_in(&statement, args.separator, lang),
        ReportFormat::Json => render::json(&statement),
        ReportFormat::Html => render::html(&statement),
    };
    let written = match &args.output {
        Some(path) => std::fs::write(path, text).map_err(|e| (path.display().to_string(), e)),
        None => {
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    Err(("stdout".to_string(), e))
                }
                _ => Ok(()),
            }
        }
    };
    written.map_err(|(what, e)| Failure::Access(format!("{what}: {e}")))?;
    Ok(Outcome::found_if(!statement.one_prize_check.ok))
}
