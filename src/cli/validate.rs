//! `arbiter validate`: read a tournament file and report every problem.

use chess_arbiter::formats::input::InputFormat;
use chess_arbiter::render::validate::{self as render, Report};
use clap::{Args as ClapArgs, ValueEnum};

use super::common::EncodingArg;
use super::exit::{Failure, Outcome};
use super::fide_list::{disagreements, FideListArgs};
use super::input::{self, Format};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ReportFormat {
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
  arbiter validate report.trf --fide
  arbiter validate samples/open-2023.trf --profile samples/ctca-2023.toml

Exit codes: 0 no errors (warnings allowed unless --strict), 1 problems found,
3 unreadable input or no players, 4 input too large, 5 file access error.")]
pub(crate) struct Args {
    /// Input file, `-` for stdin.
    pub(crate) input: String,
    /// Report format.
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: ReportFormat,
    /// Input format (default: detected).
    #[arg(long, value_enum)]
    pub(crate) from: Option<Format>,
    /// Input text encoding (default: UTF-8 if valid, else Windows-1252).
    #[arg(long, value_enum)]
    pub(crate) encoding: Option<EncodingArg>,
    /// Count warnings as problems (exit 1).
    #[arg(long)]
    pub(crate) strict: bool,
    /// Also run the checks a federation rating officer makes before
    /// uploading the report to FIDE (ids, birth dates, sex, federations,
    /// titles, arbiters, dates, rate of play, byes, rated games, names).
    #[arg(long)]
    pub(crate) fide: bool,
    /// Also check the entry rules of this tournament profile's `[entry]` table
    /// (players without a FIDE ID, more players than the hall holds).
    #[arg(long)]
    pub(crate) profile: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub(crate) section: super::common::SectionArg,
    /// Write the report to this file instead of stdout.
    #[arg(short = 'o', long)]
    pub(crate) output: Option<String>,
    /// Also compare the players with the FIDE rating list: unknown or
    /// mistyped ids (errors), names, birth years, sex, federations, titles,
    /// ratings and inactive players that differ (warnings).
    #[command(flatten)]
    pub(crate) list: FideListArgs,
}

pub(crate) fn run(args: Args) -> Result<Outcome, Failure> {
    let mut loaded = match input::read_input(&args.input, args.from, args.encoding.map(Into::into))
    {
        Ok(l) => l,
        Err(e) if args.format == ReportFormat::Json => {
            let name = if args.input == "-" {
                "<stdin>"
            } else {
                args.input.as_str()
            };
            let _ = input::write_output(
                args.output.as_deref(),
                &render::unreadable_json(name, &e.diagnostics),
            );
            return Err(Failure::Reported(e.code));
        }
        Err(e) => return Err(e.into()),
    };
    if loaded.format == InputFormat::EventFile {
        loaded
            .diagnostics
            .extend(input::event_soundness(&args.input)?);
    }
    if args.fide {
        let fide = super::rating::fide_problems(&loaded);
        loaded.diagnostics.extend(fide);
    }
    if let Some(path) = &args.profile {
        let name = path.display().to_string();
        let text = super::common::read_profile(path)?;
        if let Some(key) = args.section.section.as_deref() {
            // the section must exist; the entry rules are the event's
            super::common::read_profile_section(path, Some(key))?;
        }
        let rules = chess_arbiter::validate::EntryRules::from_toml(&text)
            .map_err(|e| Failure::Invalid(format!("{name}: {e}")))?;
        let found =
            chess_arbiter::validate::check_entry(&loaded.tournament, &rules, &loaded.source);
        let file = loaded.name.clone();
        loaded
            .diagnostics
            .extend(found.into_iter().map(|d| d.in_file(Some(&file))));
    }
    let (list, list_errors) = args
        .list
        .load_counted(Some(super::fide_list::ids_of(&loaded.tournament)))?;
    if let Some(list) = list {
        let ds = disagreements(&loaded, &list);
        loaded.diagnostics.extend(ds);
    }
    let mut report = Report::new(
        &loaded.name,
        loaded.dialect.as_ref(),
        &loaded.tournament,
        &loaded.diagnostics,
    );
    if !matches!(loaded.format, InputFormat::Trf | InputFormat::Json) {
        report = report.with_format(loaded.format.name());
    }
    // UTF-16 text is decoded before reading (the reader warns): the summary
    // names the file's encoding, not the decoded text's. The byte-order
    // mark alone says which.
    let bom = &loaded.bytes[..loaded.bytes.len().min(2)];
    use chess_arbiter::formats::encoding::{utf16_bom, Encoding};
    let named = match (loaded.format != InputFormat::Tunx)
        .then(|| utf16_bom(bom))
        .flatten()
    {
        Some(Encoding::Utf16Le) => Some("UTF-16LE"),
        Some(Encoding::Utf16Be) => Some("UTF-16BE"),
        _ => None,
    };
    if let Some(enc) = named {
        report = report.with_source_encoding(enc);
    }
    let text = match args.format {
        ReportFormat::Json => render::json(&report),
        ReportFormat::Text => render::text(&report),
    };
    input::write_output(args.output.as_deref(), &text).map_err(Failure::Reported)?;
    // errors in the list itself (printed when it was read) count too
    Ok(Outcome::found_if(
        report.errors > 0 || list_errors > 0 || (args.strict && report.warnings > 0),
    ))
}
