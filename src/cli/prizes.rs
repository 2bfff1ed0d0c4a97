//! `arbiter prizes INPUT --profile FILE [--format text|csv|json|html] [--section KEY]`

use std::io::Write;
use std::path::PathBuf;

use chess_arbiter::render::prizes as render;
use chess_arbiter::standings::prizes::{build, Profile};

use super::{exit, input};

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Csv,
    Json,
    Html,
}

/// Turn final standings into a prize statement, as a tournament profile says.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Tournament file: TRF (any dialect) or the JSON model; `-` for stdin.
    pub input: PathBuf,
    /// Tournament profile (TOML): categories, tie-breaks, prize tables and rules.
    #[arg(long)]
    pub profile: PathBuf,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// A section of the profile (`[sections.KEY]`), e.g. `blitz`; default: the main one.
    #[arg(long)]
    pub section: Option<String>,
    /// CSV separator.
    #[arg(long, default_value = ",")]
    pub separator: char,
    /// Write to this file instead of stdout.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

pub fn run(args: Args) -> i32 {
    let profile_name = args.profile.display().to_string();
    let profile_text = match std::fs::read_to_string(&args.profile) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {profile_name}: cannot read the profile: {e}");
            return exit::FILE_ACCESS;
        }
    };
    let profile = match Profile::from_toml(&profile_text, &profile_name) {
        Ok(p) => p,
        Err(diags) => {
            for d in diags {
                eprintln!("{d}");
            }
            return exit::INVALID_INPUT;
        }
    };
    let Some(section) = profile.section(args.section.as_deref()) else {
        eprintln!(
            "error: {profile_name}: expected a section of the profile ({}), found \"{}\"",
            profile
                .sections
                .keys()
                .cloned()
                .collect::<Vec<_>>()
                .join(", "),
            args.section.as_deref().unwrap_or("")
        );
        return exit::INVALID_INPUT;
    };
    let input_name = args.input.display().to_string();
    let loaded = match input::read_input(&input_name, None, None) {
        Ok(l) => l,
        Err(e) => {
            e.report();
            return e.code;
        }
    };
    for d in &loaded.diagnostics {
        eprintln!("{d}");
    }
    let tournament = loaded.tournament;
    let statement = match build(&tournament, &profile.event_name, section) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::INVALID_INPUT;
        }
    };
    for n in &statement.notes {
        eprintln!("{n}");
    }
    let text = match args.format {
        Format::Text => render::text(&statement),
        Format::Csv => render::csv(&statement, args.separator),
        Format::Json => render::json(&statement),
        Format::Html => render::html(&statement),
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
    if let Err((what, e)) = written {
        eprintln!("error: {what}: {e}");
        return exit::FILE_ACCESS;
    }
    if statement.one_prize_check.ok {
        exit::OK
    } else {
        exit::FOUND
    }
}
