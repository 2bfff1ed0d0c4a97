//! The report site (`arbiter report`) and the pages of the local app
//! (`arbiter serve`): one template set under `templates/`, embedded in the
//! binary, filled from the engines' results.
//!
//! Every page is a whole HTML5 document (doctype, UTF-8, viewport) linking one
//! stylesheet ([`STYLE_CSS`], written as `style.css`); no script is needed to
//! read any of them. File names are stable (`round-3.html`, `player-12.html`,
//! `standings-3.html`) so links survive a re-run.

use std::fmt;

use minijinja::Environment;
use serde::Serialize;

use crate::model::Tournament;
use crate::pairing::check::report::Report;
use crate::pairing::dutch::Pairing;
use crate::rating::RatingReport;
use crate::standings::prizes::Statement;
use crate::standings::Standings;

mod pages;
mod rounds;

pub use pages::player_file;
pub(crate) use pages::anchor;

/// The stylesheet every page links (`style.css`).
pub const STYLE_CSS: &str = include_str!("../../../templates/style.css");

const TEMPLATES: &[(&str, &str)] = &[
    ("base.html", include_str!("../../../templates/base.html")),
    ("index.html", include_str!("../../../templates/index.html")),
    ("players.html", include_str!("../../../templates/players.html")),
    ("round.html", include_str!("../../../templates/round.html")),
    ("standings.html", include_str!("../../../templates/standings.html")),
    ("crosstable.html", include_str!("../../../templates/crosstable.html")),
    ("player.html", include_str!("../../../templates/player.html")),
    ("check.html", include_str!("../../../templates/check.html")),
    ("fragment.html", include_str!("../../../templates/fragment.html")),
    ("upload.html", include_str!("../../../templates/upload.html")),
];

/// A page that could not be rendered (a template error: a bug, never input).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteError(pub String);

impl fmt::Display for SiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "page template: {}", self.0)
    }
}

impl std::error::Error for SiteError {}

impl From<minijinja::Error> for SiteError {
    fn from(e: minijinja::Error) -> Self {
        SiteError(format!("{e:#}"))
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
}

#[derive(Serialize, Clone)]
pub(crate) struct NavItem {
    pub label: String,
    pub href: String,
}

pub(crate) fn tool() -> String {
    format!("arbiter {}", env!("CARGO_PKG_VERSION"))
}

/// Every page of the site, `style.css` included.
pub fn build(input: &SiteInput<'_>) -> Result<Vec<Page>, SiteError> {
    let env = environment()?;
    pages::all(&env, input)
}

/// One page of the site by its file name (`round-3.html`), or `None` when the
/// site has no such page. The app renders pages on request with this.
pub fn page(input: &SiteInput<'_>, name: &str) -> Result<Option<String>, SiteError> {
    let env = environment()?;
    pages::one(&env, input, name)
}

/// A whole HTML5 document around an HTML `body` (the stylesheet inlined):
/// what the single-page outputs (`standings --format html`, `prizes --format
/// html`, `rating --format html`) print.
pub fn standalone(title: &str, body: &str) -> Result<String, SiteError> {
    let env = environment()?;
    let frame = Frame {
        event: String::new(),
        subtitle: String::new(),
        home: "index.html".into(),
        css: "style.css".into(),
        tool: tool(),
        nav: Vec::new(),
        inline_css: Some(STYLE_CSS),
        app: false,
    };
    #[derive(Serialize)]
    struct Body<'a> {
        heading: &'a str,
        body: &'a str,
    }
    pages::render(&env, "fragment.html", &frame, title, &Body { heading: title, body })
}

/// A pairing (`arbiter pair --format html`) as a whole HTML5 page, the
/// site's round page with the stylesheet inlined.
pub fn pairing_page(t: &Tournament, p: &Pairing) -> Result<String, SiteError> {
    let env = environment()?;
    let input = SiteInput {
        tournament: t,
        standings: &[],
        statement: None,
        rating: None,
        check: None,
        next: Some(p),
        extra_nav: &[],
        app: false,
    };
    let mut frame = pages::frame(&input);
    frame.nav.clear();
    frame.inline_css = Some(STYLE_CSS);
    rounds::next_page(&env, &frame, &input, p)
}

/// The app's upload page, with an error (title and located lines) when the
/// last upload failed.
pub fn upload_page(error: Option<(&str, &[String])>, limit_mb: u64) -> Result<String, SiteError> {
    let env = environment()?;
    let frame = Frame {
        event: "arbiter".into(),
        subtitle: "tournament files in the browser".into(),
        home: "/".into(),
        css: "/style.css".into(),
        tool: tool(),
        nav: Vec::new(),
        inline_css: None,
        app: true,
    };
    #[derive(Serialize)]
    struct Error<'a> {
        title: &'a str,
        lines: &'a [String],
    }
    #[derive(Serialize)]
    struct Upload<'a> {
        error: Option<Error<'a>>,
        limit_mb: u64,
    }
    let error = error.map(|(title, lines)| Error { title, lines });
    pages::render(&env, "upload.html", &frame, "Open a tournament file", &Upload { error, limit_mb })
}
