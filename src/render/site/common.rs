//! What every page shares: the embedded templates and stylesheet, the page
//! frame, file names and small wordings. Imports nothing of the engines'
//! renderings, so they may use [`super::document`] without a ring.

use std::fmt;

use minijinja::Environment;
use serde::Serialize;

use crate::model::{ByeKind, Outcome, Player, PlayerId, PointSystem, RoundEntry, Tournament};
use crate::pairing::check::report::Report;
use crate::pairing::dutch::Pairing;
use crate::rating::RatingReport;
use crate::standings::prizes::Statement;
use crate::standings::Standings;

/// The stylesheet every page links (`style.css`).
pub const STYLE_CSS: &str = include_str!("../../../templates/style.css");

const TEMPLATES: &[(&str, &str)] = &[
    ("base.html", include_str!("../../../templates/base.html")),
    ("index.html", include_str!("../../../templates/index.html")),
    (
        "players.html",
        include_str!("../../../templates/players.html"),
    ),
    ("round.html", include_str!("../../../templates/round.html")),
    (
        "rounds.html",
        include_str!("../../../templates/rounds.html"),
    ),
    (
        "standings.html",
        include_str!("../../../templates/standings.html"),
    ),
    (
        "crosstable.html",
        include_str!("../../../templates/crosstable.html"),
    ),
    (
        "player.html",
        include_str!("../../../templates/player.html"),
    ),
    ("check.html", include_str!("../../../templates/check.html")),
    (
        "fragment.html",
        include_str!("../../../templates/fragment.html"),
    ),
    (
        "upload.html",
        include_str!("../../../templates/upload.html"),
    ),
];

/// A page that could not be rendered.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SiteError {
    /// A template failed: a bug, never input.
    Template {
        /// The template's name, e.g. `standings.html`, when known.
        name: Option<String>,
        /// The template's line, when known.
        line: Option<usize>,
        /// The template engine's report.
        detail: String,
    },
    /// The pages were given no standings after `round` (`None`: no standings
    /// at all), which a page needs.
    NoStandings {
        /// The round whose standings are missing.
        round: Option<u32>,
    },
}

impl fmt::Display for SiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SiteError::Template { detail, .. } => write!(f, "page template: {detail}"),
            SiteError::NoStandings { round: Some(r) } => {
                write!(f, "page template: no standings after round {r}")
            }
            SiteError::NoStandings { round: None } => f.write_str("page template: no standings"),
        }
    }
}

impl std::error::Error for SiteError {}

impl From<minijinja::Error> for SiteError {
    fn from(e: minijinja::Error) -> Self {
        SiteError::Template {
            name: e.name().map(str::to_string),
            line: e.line(),
            detail: format!("{e:#}"),
        }
    }
}

impl From<SiteError> for crate::Error {
    fn from(e: SiteError) -> crate::Error {
        use crate::diag::{codes, Family, Location};
        let (code, location) = match &e {
            SiteError::Template { name, line, .. } => (
                codes::TEMPLATE,
                Location {
                    file: name.clone(),
                    line: *line,
                    ..Location::default()
                },
            ),
            SiteError::NoStandings { .. } => (codes::INVALID_OPTION, Location::default()),
        };
        let text = e.to_string();
        let message = text.strip_prefix("page template: ").unwrap_or(&text);
        crate::Error::new(code, Family::Engine, location, message)
    }
}

/// One generated file: its stable name and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    pub name: String,
    pub text: String,
}

/// What the site shows; every part but the tournament and its standings is
/// optional.
#[derive(Debug, Clone, Copy)]
pub struct SiteInput<'a> {
    pub tournament: &'a Tournament,
    /// Standings after each round, in round order (index 0 = after round 1).
    pub standings: &'a [Standings],
    /// The prize statement (a profile was given).
    pub statement: Option<&'a Statement>,
    /// FIDE rating changes (B.02).
    pub rating: Option<&'a RatingReport>,
    /// The round-by-round pairing check.
    pub check: Option<&'a Report>,
    /// The next round's pairing (the app shows it; the site when given).
    pub next: Option<&'a Pairing>,
    /// Extra navigation entries (label, href), e.g. the app's downloads.
    pub extra_nav: &'a [(String, String)],
    /// Pages served by `arbiter serve` (the check page gets its edition form).
    pub app: bool,
    /// Pages that follow an event live: the address of its feed (the page
    /// loads the app's script, which refreshes it when the event changes).
    pub live: Option<&'a str>,
    /// Where the file disagrees with the FIDE rating list (one located line
    /// each), shown on the rating page.
    pub list_findings: &'a [String],
}

/// The template environment with every template loaded.
pub(crate) fn environment() -> Result<Environment<'static>, SiteError> {
    let mut env = Environment::new();
    for (name, text) in TEMPLATES {
        env.add_template(name, text)?;
    }
    Ok(env)
}

/// The shared part of every page's context.
#[derive(Serialize, Clone)]
pub(crate) struct Frame {
    pub event: String,
    pub subtitle: String,
    /// The header's link home and the stylesheet's address.
    pub home: String,
    pub css: String,
    pub tool: String,
    pub nav: Vec<NavItem>,
    /// The stylesheet inlined (single pages written alone), else linked.
    pub inline_css: Option<&'static str>,
    /// Served by `arbiter serve` (forms that post back to the app).
    pub app: bool,
    /// The live feed the page follows (see [`SiteInput::live`]).
    pub live: Option<String>,
}

#[derive(Serialize, Clone)]
pub(crate) struct NavItem {
    pub label: String,
    pub href: String,
}

pub(crate) fn tool() -> String {
    format!("arbiter {}", env!("CARGO_PKG_VERSION"))
}

/// The file name of a player's page.
pub fn player_file(id: PlayerId) -> String {
    format!("player-{}.html", id.0)
}

#[derive(Serialize)]
struct Ctx<'a, T: Serialize> {
    #[serde(flatten)]
    frame: &'a Frame,
    title: &'a str,
    #[serde(flatten)]
    page: &'a T,
}

/// Render `template` with the frame, a page title and the page's own data.
pub(crate) fn render<T: Serialize>(
    env: &Environment<'_>,
    template: &str,
    frame: &Frame,
    title: &str,
    page: &T,
) -> Result<String, SiteError> {
    Ok(env
        .get_template(template)?
        .render(Ctx { frame, title, page })?)
}

/// An anchor for a category name: letters and digits kept, the rest `-`.
pub(crate) fn anchor(prefix: &str, name: &str) -> String {
    let slug: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    format!("{prefix}-{slug}")
}

pub(crate) fn rating_text(p: Option<&Player>) -> String {
    p.and_then(|p| p.rating)
        .map(|r| r.to_string())
        .unwrap_or_default()
}

/// The file name of a round's page.
pub(crate) fn round_file(r: u32) -> String {
    format!("round-{r}.html")
}

/// Whether `p` had withdrawn by round `round`: the player's row runs to the
/// event's last round and ends in a run of at least two rounds not paired
/// (no entry, or a zero-point bye `Z`) that has begun by `round` (C.04.2: a
/// withdrawn player is not paired again). A player missing only the last
/// round, or whose row stops at the rounds played so far, is absent, not
/// withdrawn.
pub(crate) fn withdrawn(t: &Tournament, p: &Player, round: u32) -> bool {
    let k = round as usize;
    let last = t.total_rounds.map_or(p.rounds.len(), |n| n as usize);
    let away = |r: usize| {
        matches!(
            p.round(r),
            RoundEntry::NotPaired | RoundEntry::Bye { bye: ByeKind::Zero }
        )
    };
    // The first round of the run of rounds not paired that ends the row.
    let mut first = last + 1;
    while first > 1 && away(first - 1) {
        first -= 1;
    }
    p.rounds.len() >= last && k >= 1 && first <= k && first < last
}

/// What player `p`'s round `round` without an opponent was, in words:
/// "withdrawn" when the player has left the event ([`withdrawn`]), else
/// the kind of bye.
pub(crate) fn absence_kind(t: &Tournament, p: &Player, round: u32) -> &'static str {
    if withdrawn(t, p, round) {
        "withdrawn"
    } else {
        bye_kind(p.round(round as usize))
    }
}

/// What a round without an opponent was, in words.
pub(crate) fn bye_kind(e: RoundEntry) -> &'static str {
    match e {
        RoundEntry::Bye { bye } => match bye {
            ByeKind::PairingAllocated => "PAB (pairing-allocated bye)",
            ByeKind::Half => "half-point bye",
            ByeKind::Full => "full-point bye",
            ByeKind::Zero => "zero-point bye",
        },
        RoundEntry::NotPaired => "not paired",
        _ => "",
    }
}

/// One player's result of a round: `1`, `½`, `0`, `+`/`-` (forfeit), the
/// bye's points, `?` unknown, nothing while pending.
pub(crate) fn own_result(e: RoundEntry, ps: &PointSystem) -> String {
    match e {
        RoundEntry::Played { outcome, .. } => match outcome {
            Outcome::Win => "1",
            Outcome::Draw => "½",
            Outcome::Loss => "0",
        }
        .into(),
        RoundEntry::Forfeit { won, .. } => if won { "+" } else { "-" }.into(),
        RoundEntry::Unknown { .. } => "?".into(),
        RoundEntry::Pending { .. } => String::new(),
        RoundEntry::Bye { .. } | RoundEntry::NotPaired | RoundEntry::Free => {
            e.points(ps).map(|p| p.to_string()).unwrap_or_default()
        }
    }
}

/// Every planned round has its standings (a file that does not say how
/// many rounds it plans is taken as complete).
pub(crate) fn complete(input: &SiteInput<'_>) -> bool {
    let n = input.standings.len() as u32;
    input.tournament.total_rounds.is_none_or(|t| n >= t)
}

pub(crate) fn final_standings<'a>(input: &SiteInput<'a>) -> Option<&'a Standings> {
    input.standings.last()
}
