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
use crate::render::i18n::{Arg, Lang};
use crate::standings::prizes::Statement;
use crate::standings::Standings;
use crate::tr;

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
    /// The file's name, relative to the site's folder (`round-3.html`, `zh-TW/index.html`).
    pub name: String,
    /// The whole file (an HTML document or the stylesheet).
    pub text: String,
}

/// What the site shows; every part but the tournament and its standings is
/// optional.
#[derive(Debug, Clone, Copy)]
pub struct SiteInput<'a> {
    /// The event as the pages show it (after the round asked for).
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
    /// The language of every word the pages write (the data's own names aside).
    pub lang: Lang,
    /// How a page links its twin in the other languages.
    pub switch: Switch,
}

/// How a page links the same page in the other languages (the switch on
/// every page).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Switch {
    /// No switch (a single page written alone).
    #[default]
    None,
    /// A static site written in every language: the `primary` language's
    /// pages at the root, each other language's in a folder named by its tag
    /// (`zh-TW/index.html`), the stylesheet once at the root.
    Folders {
        /// The language whose pages are at the root.
        primary: Lang,
    },
    /// Pages served by the app: the same address with `?lang=TAG` (the app
    /// keeps the choice in a cookie).
    Query,
}

impl Switch {
    /// The folder of `lang`'s pages from the site's root: `""` or `"zh-TW/"`.
    pub fn folder(self, lang: Lang) -> String {
        match self {
            Switch::Folders { primary } if primary != lang => format!("{}/", lang.tag()),
            _ => String::new(),
        }
    }

    /// The links from page `name` in `lang` to the same page in every other
    /// language, labelled with each language's own name.
    pub(crate) fn links(self, lang: Lang, name: &str) -> Vec<NavItem> {
        let up = if self.folder(lang).is_empty() {
            ""
        } else {
            "../"
        };
        Lang::all()
            .filter(|l| *l != lang)
            .filter_map(|l| {
                let href = match self {
                    Switch::None => return None,
                    Switch::Folders { .. } => format!("{up}{}{name}", self.folder(l)),
                    Switch::Query => format!("?lang={}", l.tag()),
                };
                Some(NavItem {
                    label: l.own_name(),
                    href,
                    lang: l.tag().to_string(),
                })
            })
            .collect()
    }
}

/// The template environment with every template loaded, and `tr(id,
/// name=value...)`: the message `id` of the catalogue in the page's language
/// (the context's `lang`).
pub(crate) fn environment() -> Result<Environment<'static>, SiteError> {
    let mut env = Environment::new();
    for (name, text) in TEMPLATES {
        env.add_template(name, text)?;
    }
    add_functions(&mut env);
    Ok(env)
}

/// Give `env` the templates' `tr(id, name=value...)`: the message `id` in
/// the language of the context's `lang` (a tag), English when it has none.
pub fn add_functions(env: &mut Environment<'_>) {
    env.add_function("tr", template_tr);
}

/// The templates' `tr`: numbers select plural forms, anything else is text.
fn template_tr(
    state: &minijinja::State<'_, '_>,
    id: String,
    kwargs: minijinja::value::Kwargs,
) -> Result<String, minijinja::Error> {
    let lang = state
        .lookup("lang")
        .and_then(|v| v.as_str().and_then(Lang::by_tag))
        .unwrap_or_default();
    let mut args: Vec<(&str, Arg)> = Vec::new();
    for k in kwargs.args() {
        let v: minijinja::Value = kwargs.get(k)?;
        let arg = match i64::try_from(v.clone()) {
            Ok(n) if v.is_number() => Arg::Num(n),
            _ => Arg::Str(v.to_string()),
        };
        args.push((k, arg));
    }
    kwargs.assert_all_used()?;
    Ok(lang.text(&id, &args))
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
    /// The page's language tag (`<html lang>`, and the templates' `tr`).
    pub lang: String,
    /// The same page in the other languages.
    pub switch: Vec<NavItem>,
}

impl Frame {
    /// The frame's language.
    pub(crate) fn language(&self) -> Lang {
        Lang::by_tag(&self.lang).unwrap_or_default()
    }
}

#[derive(Serialize, Clone, Default)]
pub(crate) struct NavItem {
    pub label: String,
    pub href: String,
    /// The language of the label when it differs from the page's (a switch).
    pub lang: String,
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
pub(crate) fn absence_kind(lang: Lang, t: &Tournament, p: &Player, round: u32) -> String {
    if withdrawn(t, p, round) {
        tr!(lang, "bye-withdrawn")
    } else {
        bye_kind(lang, p.round(round as usize))
    }
}

/// What a round without an opponent was, in words.
pub(crate) fn bye_kind(lang: Lang, e: RoundEntry) -> String {
    match e {
        RoundEntry::Bye { bye } => match bye {
            ByeKind::PairingAllocated => tr!(lang, "bye-pab"),
            ByeKind::Half => tr!(lang, "bye-half"),
            ByeKind::Full => tr!(lang, "bye-full"),
            ByeKind::Zero => tr!(lang, "bye-zero"),
        },
        RoundEntry::NotPaired => tr!(lang, "bye-not-paired"),
        _ => String::new(),
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
