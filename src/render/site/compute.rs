//! What the site shows, computed by the engines: the work `arbiter report`
//! and `arbiter serve` share. Both shells read a file, call [`compute`] (or
//! [`compute_pages`]) and then write the pages to a directory or answer a request
//! with one of them.

use crate::diag::Locator;
use crate::model::fide_list::FideList;
use crate::model::Tournament;
use crate::pairing::check::report::{check_tournament_in, engine_selection, CheckOptions, Report};
use crate::pairing::check::FileFacts;
use crate::pairing::dutch::{next_round, select_edition, DutchEdition, PairOptions, Pairing};
use crate::rating::change::event_kind;
use crate::rating::fide_list::{compare, list_kind, with_list_ratings};
use crate::rating::{compute as rating, RatingOptions, RatingReport};
use crate::render::fide_list::diagnostics;
use crate::standings::prizes::{build as prizes, Profile, Statement};
use crate::standings::{compute_located, Standings, StandingsError, StandingsOptions};

use super::common::{Page, SiteError, SiteInput};

/// The event as read: its tournament, where its records are (for located
/// notes) and the name used in messages.
#[derive(Clone, Copy)]
pub struct Source<'a> {
    /// The event read from the input.
    pub tournament: &'a Tournament,
    /// Where its records are in the input (lines, columns, byte offsets).
    pub locator: &'a (dyn Locator + Sync),
    /// The input's name in messages (its path as given).
    pub name: &'a str,
}

/// What to compute.
#[derive(Debug, Clone, Default)]
pub struct Request {
    /// The site as it stood after this round.
    pub after_round: Option<u32>,
    /// Edition of the Dutch system for the check and the next round;
    /// `None`: from the file.
    pub edition: Option<DutchEdition>,
    /// Run the pairing check (every round re-paired).
    pub check: bool,
    /// Pair the next round.
    pub next: bool,
    /// The event's players in the published FIDE rating list: their ratings
    /// replace the file's for the standings, prizes and rating page, their K
    /// factors the assumed ones.
    pub fide_list: Option<FideList>,
    /// The site's first language (its pages at the root); the others are
    /// written under their tags ([`super::build_all`]).
    pub lang: crate::render::i18n::Lang,
}

/// What the pages show, computed by the engines.
#[derive(Clone)]
pub struct Built {
    /// The event as of the round asked for.
    pub tournament: Tournament,
    /// Standings after each round (index 0 = after round 1).
    pub standings: Vec<Standings>,
    /// The prize statement, when a profile with prize tables was given.
    pub statement: Option<Statement>,
    /// FIDE rating changes (B.02), when they could be computed.
    pub rating: Option<RatingReport>,
    /// The round-by-round pairing check, when asked for.
    pub check: Option<Report>,
    /// The next round's pairing, when asked for and possible.
    pub next: Option<Pairing>,
    /// What the engines said beside their results (prize notes, errors of a
    /// part left out), for the terminal or the page; each line starts with
    /// its severity (`warning: `), so it is printed as it is.
    pub notes: Vec<String>,
    /// Where the file disagrees with the FIDE rating list (located lines),
    /// for the rating page; empty without a list.
    pub list_findings: Vec<String>,
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
            live: None,
            list_findings: &self.list_findings,
            lang: crate::render::i18n::Lang::ENGLISH,
            switch: super::Switch::None,
        }
    }
}

/// Why the pages could not be computed.
#[derive(Debug)]
pub enum ComputeError {
    /// The standings engine refused (e.g. an age category of the profile
    /// without a reference date).
    Standings(StandingsError),
    /// The round asked for is not in the file.
    AfterRound {
        /// The round asked for (`--after-round`).
        asked: u32,
        /// The rounds the file records.
        recorded: u32,
    },
    /// A template failed.
    Site(SiteError),
}

impl std::fmt::Display for ComputeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ComputeError::Standings(e) => write!(f, "{e}"),
            ComputeError::AfterRound { asked, recorded } => write!(
                f,
                "--after-round {asked}: the file has {recorded} rounds with results"
            ),
            ComputeError::Site(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ComputeError {}

impl From<ComputeError> for crate::Error {
    fn from(e: ComputeError) -> crate::Error {
        match e {
            ComputeError::Standings(e) => e.into(),
            ComputeError::Site(e) => e.into(),
            e @ ComputeError::AfterRound { .. } => {
                crate::error::engine(crate::diag::codes::INVALID_OPTION, e.to_string())
            }
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
    src: Source<'_>,
    profile: Option<&Profile>,
    req: &Request,
) -> Result<Built, ComputeError> {
    let mut t = src.tournament.clone();
    let recorded = t.rounds_recorded() as u32;
    if let Some(n) = req.after_round {
        if n > recorded {
            return Err(ComputeError::AfterRound { asked: n, recorded });
        }
        cut(&mut t, n);
    }
    let mut list_findings = Vec::new();
    if let Some(list) = &req.fide_list {
        // what the file says that the list does not, located in the file
        let kind = list_kind(event_kind(src.tournament));
        let findings = compare(src.tournament, list, kind);
        list_findings = diagnostics(&findings, src.tournament, list, src.locator, src.name)
            .iter()
            .map(ToString::to_string)
            .collect();
        t = with_list_ratings(&t, list, list_kind(event_kind(&t))).0;
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
        let mut s = compute_located(&t, &opts, src.locator).map_err(ComputeError::Standings)?;
        s.notes = std::mem::take(&mut s.notes)
            .into_iter()
            .map(|n| n.in_file(Some(src.name)))
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
                notes.push(format!("warning: prizes left out: {e}"));
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
        let facts = FileFacts::new(Some(src.name), src.locator);
        check_tournament_in(&t, &opts, &facts, |pos| engine_selection(pos, edition))
    });
    let next = if req.next && t.total_rounds.is_none_or(|n| paired < n) {
        match crate::pairing::dutch::pair_next(
            &t,
            src.locator,
            &PairOptions {
                edition: Some(edition),
                ..Default::default()
            },
            &[],
        ) {
            Ok(p) => Some(p),
            Err(e) => {
                notes.push(format!("warning: round {}: not paired: {e}", paired + 1));
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

/// The whole site of an event as data: every page `arbiter report` writes,
/// with what the engines said beside them.
pub fn compute_pages(
    src: Source<'_>,
    profile: Option<&Profile>,
    req: &Request,
) -> Result<(Vec<Page>, Built), ComputeError> {
    let built = compute(src, profile, req)?;
    let pages = super::build_all(&built.input(&[]), req.lang).map_err(ComputeError::Site)?;
    Ok((pages, built))
}
