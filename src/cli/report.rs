//! `arbiter report INPUT [--profile P] [--after-round N] -o DIR`: the event as
//! a static site (`chess_arbiter::render::site`), every engine run as its own
//! subcommand runs it. The work is the library's
//! ([`chess_arbiter::render::site::compute_pages`], shared with `arbiter
//! serve`); this shell reads the files, prints the notes and writes the pages.

use std::path::PathBuf;

use chess_arbiter::render::site::{compute_pages, ComputeError, Request};

use super::common::{read_reported, SystemArg};
use super::exit::{Failure, Outcome};
use super::fide_list::FideListArgs;
use super::input::Loaded;

/// Write the event's pages (index, start list, rounds, standings after each
/// round, crosstable, players, prizes, rating changes, the pairing check).
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  arbiter report samples/open-2023.trf --profile samples/ctca-2023.toml -o site
  arbiter report event.trf --after-round 5 -o site-r5
  arbiter report event.trf --fide-list players_list_foa.txt --fide-list-month 2025-11 -o site

Languages: the site is written in every language (English and Traditional
Chinese): --lang (else the profile's [event] lang, else English) at the root,
the others under their tag (zh-TW/index.html); each page links its twin.

Files: index.html, players.html, round-N.html, standings-N.html (after round N),
standings.html (final), crosstable.html, player-N.html (by starting number),
prizes.html (with --profile), rating.html, check.html, style.css.")]
pub(crate) struct Args {
    /// Tournament file: any input `arbiter` reads (TRF, JSON, Swiss-Manager); `-` = stdin.
    pub(crate) input: String,
    /// Tournament profile (TOML): tie-breaks, categories and prizes.
    #[arg(long)]
    pub(crate) profile: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) section: super::common::SectionArg,
    /// The site as it stood after this round.
    #[arg(long)]
    pub(crate) after_round: Option<u32>,
    /// Edition of the Dutch system for the pairing check; default from the file.
    #[arg(long, value_enum)]
    pub(crate) system: Option<SystemArg>,
    /// Leave out the pairing check (every round re-paired: seconds for a
    /// thousand players).
    #[arg(long)]
    pub(crate) no_check: bool,
    /// Directory to write the site into (created when missing).
    #[arg(short = 'o', long)]
    pub(crate) output: PathBuf,
    /// The rating page and the rating-based tie-breaks use the list's
    /// ratings and K factors; what the file says otherwise is listed on the
    /// rating page and on stderr.
    #[command(flatten)]
    pub(crate) list: FideListArgs,
    /// The site's first language, written at the root of DIR; every other
    /// language is written under its tag (DIR/zh-TW/...), each page linking
    /// its twin.
    #[command(flatten)]
    pub(crate) lang: super::lang::LangArg,
}

/// The library's view of a file read by the command line.
pub(crate) fn source(loaded: &Loaded) -> chess_arbiter::render::site::Source<'_> {
    chess_arbiter::render::site::Source {
        tournament: &loaded.tournament,
        locator: &loaded.source,
        name: &loaded.name,
    }
}

pub(crate) fn run(args: Args) -> Result<Outcome, Failure> {
    // read as every command reads a profile (UTF-8 checked, located errors),
    // reduced to the section asked for: no page shows another section's prizes
    let read = match &args.profile {
        Some(p) => Some(super::common::read_profile_section(
            p,
            args.section.section.as_deref(),
        )?),
        None => None,
    };
    if let Some(r) = read.as_ref() {
        if args.section.section.is_none() && !r.keys.is_empty() {
            eprintln!(
                "note: {}: the main section's tie-breaks, categories and prizes are used; the profile also has the section(s) {} (give --section KEY for one of them)",
                r.name,
                r.keys.join(", ")
            );
        }
    }
    let profile_src = read.as_ref().map(|r| (r.name.clone(), r.text.clone()));
    let lang = args
        .lang
        .resolve_in(profile_src.as_ref().map(|(n, t)| (n.as_str(), t.as_str())))?;
    let profile = read.map(|r| r.profile);
    let loaded = read_reported(&args.input)?;
    if loaded.tournament.is_team_event() {
        return Err(Failure::Invalid(super::common::team_site_refused(
            &loaded.name,
        )));
    }
    let fide_list = args.list.load_for(&loaded.tournament)?;
    let req = Request {
        after_round: args.after_round,
        edition: args.system.and_then(SystemArg::dutch),
        check: !args.no_check,
        next: false,
        fide_list,
        lang,
    };
    let (pages, built) =
        compute_pages(source(&loaded), profile.as_ref(), &req).map_err(|e| match e {
            ComputeError::Standings(e) => super::common::profile_failure(
                &e,
                profile_src.as_ref().map(|(n, t)| (n.as_str(), t.as_str())),
            ),
            ComputeError::Site(e) => {
                Failure::Message(super::exit::UNEXPECTED, format!("error: {e}"))
            }
            e @ ComputeError::AfterRound { .. } => Failure::Invalid(e.to_string()),
        })?;
    // Each note names its own severity ("warning: ..."): printed as it is.
    for n in &built.notes {
        eprintln!("{n}");
    }
    for f in &built.list_findings {
        super::exit::say(f);
    }
    let dir = &args.output;
    std::fs::create_dir_all(dir).map_err(|e| {
        Failure::Access(format!(
            "{}: cannot create the directory: {e}",
            dir.display()
        ))
    })?;
    for p in &pages {
        let path = dir.join(&p.name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| {
                Failure::Access(format!(
                    "{}: cannot create the directory: {e}",
                    parent.display()
                ))
            })?;
        }
        std::fs::write(&path, &p.text).map_err(|e| {
            Failure::Access(format!("{}: cannot write the file: {e}", path.display()))
        })?;
    }
    eprintln!("{} files written to {}", pages.len(), dir.display());
    Ok(Outcome::Clean)
}
