//! `arbiter prizes INPUT --profile FILE [--format text|csv|json|html] [--section KEY]`

use std::io::Write;
use std::path::PathBuf;

use chess_arbiter::render::prizes as render;
use chess_arbiter::standings::prizes::{build_located, PrizesError};

use super::common::{points_used_note, ReportFormat};
use super::exit::{Failure, Outcome};

/// Turn final standings into a prize statement, as a tournament profile says.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Tournament file: TRF (any dialect) or the JSON model; `-` for stdin.
    pub(crate) input: PathBuf,
    /// Tournament profile (TOML): categories, tie-breaks, prize tables and rules.
    #[arg(long)]
    pub(crate) profile: PathBuf,
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: ReportFormat,
    #[command(flatten)]
    pub(crate) section: super::common::SectionArg,
    /// CSV separator (one ASCII character).
    #[arg(long, default_value = ",")]
    pub(crate) separator: char,
    /// Write to this file instead of stdout.
    #[arg(short, long)]
    pub(crate) output: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) lang: super::lang::LangArg,
}

pub(crate) fn run(args: Args) -> Result<Outcome, Failure> {
    if !args.separator.is_ascii() {
        return Err(Failure::Invalid(format!(
            "expected a one-character ASCII separator, found '{}'",
            args.separator
        )));
    }
    let read = super::common::read_profile_section(&args.profile, args.section.section.as_deref())?;
    let (profile_name, profile_text) = (&read.name, &read.text);
    let placed = (
        profile_name.as_str(),
        profile_text.as_str(),
        read.section.as_deref(),
    );
    let (profile, section) = (&read.profile, &read.profile.main);
    // a birth date the reader could not read refuses the file only when a
    // category by age needs it
    let input = super::input::read_input(&args.input.display().to_string(), None, None)?;
    let loaded = super::common::gate_ranking(
        if super::common::categories_by_age(&section.standings.categories) {
            input
        } else {
            super::common::birth_dates_unused(input, "prizes")
        },
    )?;
    let lang = args
        .lang
        .resolve(section.lang.as_deref().map(|l| (l, profile_name.as_str())))?;
    if let Some(n) = points_used_note(&loaded) {
        super::exit::say(n);
    }
    let tournament = &loaded.tournament;
    let mut statement = build_located(tournament, &profile.event_name, section, &loaded.source)
        .map_err(|e| match &e {
            PrizesError::Standings(se) => {
                match super::common::profile_failure(se, Some((profile_name, profile_text))) {
                    f @ Failure::Input { .. } => f,
                    _ => Failure::Invalid(e.to_string()),
                }
            }
            _ => Failure::Invalid(e.to_string()),
        })?;
    statement.event_names = profile.main.names.clone();
    // Each note where its fact is: the profile's line for its settings, the
    // tournament file for the rest.
    statement.notes = std::mem::take(&mut statement.notes)
        .into_iter()
        .map(|n| super::common::place_note(n, &loaded.name, Some(placed)))
        .collect();
    for n in &statement.notes {
        super::exit::say(n);
    }
    let text = match args.format {
        ReportFormat::Text => render::text_in(&statement, lang),
        ReportFormat::Csv => render::csv_in(&statement, args.separator, lang),
        ReportFormat::Json => chess_arbiter::render::prizes_json::json(&statement),
        ReportFormat::Html => chess_arbiter::render::prizes_html::html_in(&statement, lang),
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
