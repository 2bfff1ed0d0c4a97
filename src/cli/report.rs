//! `arbiter report INPUT [--profile P] [--after-round N] -o DIR`: the event as
//! a static site (`chess_arbiter::render::site`), every engine run as its own
//! subcommand runs it. `arbiter serve` builds its pages with [`Built`] too.

use std::path::PathBuf;

use chess_arbiter::model::fide_list::FideList;
use chess_arbiter::model::Tournament;
use chess_arbiter::pairing::check::report::{
    check_tournament_in, engine_selection, CheckOptions, Report,
};
use chess_arbiter::pairing::dutch::{
    next_round, pair_round, select_edition, Edition, PairOptions, Pairing,
};
use chess_arbiter::rating::fide_list::with_list_ratings;
use chess_arbiter::rating::{compute as rating, RatingOptions, RatingReport};
use chess_arbiter::render::site::{self, SiteInput};
use chess_arbiter::standings::prizes::{build as prizes, Profile, Statement};
use chess_arbiter::standings::{compute_located, Standings, StandingsError, StandingsOptions};

use super::common::{read_reported, SystemArg};
use super::exit::{Failure, Outcome};
use super::fide_list::{disagreements, kind_of, FideListArgs};
use super::input::Loaded;

/// Write the event's pages (index, start list, rounds, standings after each
/// round, crosstable, players, prizes, rating changes, the pairing check).
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  arbiter report samples/open-2023.trf --profile samples/ctca-2023.toml -o site
  arbiter report event.trf --after-round 5 -o site-r5
  arbiter report event.trf --fide-list players_list_foa.txt --fide-list-month 2025-11 -o site

Files: index.html, players.html, round-N.html, standings-N.html (after round N),
standings.html (final), crosstable.html, player-N.html (by starting number),
prizes.html (with --profile), rating.html, check.html, style.css.")]
pub struct Args {
    /// Tournament file: any input `arbiter` reads (TRF, JSON, Swiss-Manager); `-` = stdin.
    pub input: String,
    /// Tournament profile (TOML): tie-breaks, categories and prizes.
    #[arg(long)]
    pub profile: Option<PathBuf>,
    /// The site as it stood after this round.
    #[arg(long)]
    pub after_round: Option<u32>,
    /// Edition of the Dutch system for the pairing check; default from the file.
    #[arg(long, value_enum)]
    pub system: Option<SystemArg>,
    /// Leave out the pairing check (every round re-paired: seconds for a
    /// thousand players).
    #[arg(long)]
    pub no_check: bool,
    /// Directory to write the site into (created when missing).
    #[arg(short = 'o', long)]
    pub output: PathBuf,
    /// The rating page and the rating-based tie-breaks use the list's
    /// ratings and K factors; what the file says otherwise is listed on the
    /// rating page and on stderr.
    #[command(flatten)]
    pub list: FideListArgs,
}

/// What the pages show, computed by the engines.
pub struct Built {
    pub tournament: Tournament,
    pub standings: Vec<Standings>,
    pub statement: Option<Statement>,
    pub rating: Option<RatingReport>,
    pub check: Option<Report>,
    pub next: Option<Pairing>,
    /// What the engines said beside their results (prize notes, errors of a
    /// part left out), for the terminal or the page.
    pub notes: Vec<String>,
    /// Where the file disagrees with the FIDE rating list (located lines),
    /// for the rating page; empty without a list.
    pub list_findings: Vec<String>,
}

/// What to compute.
#[derive(Debug, Clone, Default)]
pub struct Request {
    pub after_round: Option<u32>,
    pub edition: Option<Edition>,
    pub check: bool,
    pub next: bool,
    /// The event's players in the published FIDE rating list: their ratings
    /// replace the file's for the standings, prizes and rating page, their K
    /// factors the assumed ones.
    pub fide_list: Option<FideList>,
}

impl Built {
    /// The site's view of these results.
    pub fn input<'a>(&'a self, extra_nav: &'a [(String, String)]) -> SiteInput<'a> {
        SiteInput {
            tournament: &self.tournament,
            standings: &self.standings,
            statement: self.statement.as_ref(),
            rating: self.rating.as_ref(),
            check: self.check.as_ref(),
            next: self.next.as_ref(),
            extra_nav,
            app: false,
            list_findings: &self.list_findings,
        }
    }
}

/// Why the pages could not be computed.
#[derive(Debug)]
pub enum ComputeError {
    /// The standings engine refused (e.g. an age category of the profile
    /// without a reference date).
    Standings(StandingsError),
    /// Anything else, in words.
    Other(String),
}

impl std::fmt::Display for ComputeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ComputeError::Standings(e) => write!(f, "{e}"),
            ComputeError::Other(m) => f.write_str(m),
        }
    }
}

/// `t` as it stood after round `n`: later rounds dropped, the file's totals
/// and ranks (which counted them) forgotten.
fn cut(t: &mut Tournament, n: u32) {
    for p in &mut t.players {
        p.rounds.truncate(n as usize);
        p.points = None;
        p.rank = None;
    }
}

/// Run the engines for the site: standings after each round (with the
/// profile's tie-breaks and categories), the prize statement, the rating
/// changes, the pairing check and the next round's pairing.
pub fn compute(
    loaded: &Loaded,
    profile: Option<&Profile>,
    req: &Request,
) -> Result<Built, ComputeError> {
    let mut t = loaded.tournament.clone();
    let recorded = t.rounds_recorded() as u32;
    if let Some(n) = req.after_round {
        if n > recorded {
            return Err(ComputeError::Other(format!(
                "--after-round {n}: the file has {recorded} rounds with results"
            )));
        }
        cut(&mut t, n);
    }
    let mut list_findings = Vec::new();
    if let Some(list) = &req.fide_list {
        list_findings = disagreements(loaded, list)
            .iter()
            .map(ToString::to_string)
            .collect();
        t = with_list_ratings(&t, list, kind_of(&t)).0;
    }
    let mut opts = StandingsOptions::default();
    if let Some(p) = profile {
        p.main.standings.apply(&mut opts);
    }
    let mut notes = Vec::new();
    let last = t.rounds_recorded() as u32;
    let mut all = Vec::new();
    for r in 1..=last {
        opts.after_round = Some(r);
        let mut s = compute_located(&t, &opts, &loaded.source).map_err(ComputeError::Standings)?;
        s.notes = std::mem::take(&mut s.notes)
            .into_iter()
            .map(|n| n.in_file(Some(&loaded.name)))
            .collect();
        all.push(s);
    }
    let statement = match profile {
        Some(p) if !p.main.tables.is_empty() => match prizes(&t, &p.event_name, &p.main) {
            Ok(s) => {
                notes.extend(s.notes.iter().map(|n| n.to_string()));
                Some(s)
            }
            Err(e) => {
                notes.push(format!("prizes left out: {e}"));
                None
            }
        },
        _ => None,
    };
    let rating = Some(rating(
        &t,
        &RatingOptions {
            fide_list: req.fide_list.clone(),
            ..Default::default()
        },
    ));
    let pair_opts = PairOptions {
        edition: req.edition,
        ..Default::default()
    };
    let (edition, reason) = select_edition(&t, &pair_opts);
    let paired = next_round(&t).saturating_sub(1);
    let check = (req.check && paired > 0).then(|| {
        let opts = CheckOptions {
            edition,
            edition_reason: reason.clone(),
            rounds: None,
            explain: true,
        };
        let facts = loaded.facts();
        check_tournament_in(&t, &opts, &facts, |pos| engine_selection(pos, edition))
    });
    let next = if req.next && t.total_rounds.is_none_or(|n| paired < n) {
        match pair_round(
            &t,
            &PairOptions {
                edition: Some(edition),
                ..Default::default()
            },
        ) {
            Ok(p) => Some(p),
            Err(e) => {
                notes.push(format!("round {}: not paired: {e}", paired + 1));
                None
            }
        }
    } else {
        None
    };
    Ok(Built {
        tournament: t,
        standings: all,
        statement,
        rating,
        check,
        next,
        notes,
        list_findings,
    })
}

pub fn run(args: Args) -> Result<Outcome, Failure> {
    // read as every command reads a profile (UTF-8 checked, located errors)
    let profile_src = match &args.profile {
        Some(p) => Some((p.display().to_string(), super::common::read_profile(p)?)),
        None => None,
    };
    let profile = profile_src
        .as_ref()
        .map(|(name, text)| {
            Profile::from_toml(text, name).map_err(|diags| {
                for d in diags {
                    eprintln!("{d}");
                }
                Failure::Reported(super::exit::INVALID_INPUT)
            })
        })
        .transpose()?;
    let loaded = read_reported(&args.input)?;
    let fide_list = args.list.load_for(&loaded.tournament)?;
    let req = Request {
        after_round: args.after_round,
        edition: args.system.and_then(SystemArg::dutch),
        check: !args.no_check,
        next: false,
        fide_list,
    };
    let built = compute(&loaded, profile.as_ref(), &req).map_err(|e| match e {
        ComputeError::Standings(e) => super::common::profile_failure(
            &e,
            profile_src.as_ref().map(|(n, t)| (n.as_str(), t.as_str())),
        ),
        ComputeError::Other(m) => Failure::Invalid(m),
    })?;
    for n in &built.notes {
        eprintln!("note: {n}");
    }
    for f in &built.list_findings {
        eprintln!("{f}");
    }
    let pages = site::build(&built.input(&[]))
        .map_err(|e| Failure::Message(super::exit::UNEXPECTED, format!("error: {e}")))?;
    let dir = &args.output;
    std::fs::create_dir_all(dir).map_err(|e| {
        Failure::Access(format!(
            "{}: cannot create the directory: {e}",
            dir.display()
        ))
    })?;
    for p in &pages {
        let path = dir.join(&p.name);
        std::fs::write(&path, &p.text).map_err(|e| {
            Failure::Access(format!("{}: cannot write the file: {e}", path.display()))
        })?;
    }
    eprintln!("{} files written to {}", pages.len(), dir.display());
    Ok(Outcome::Clean)
}
