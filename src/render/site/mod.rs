//! The report site (`arbiter report`) and the pages of the local app
//! (`arbiter serve`): one template set under `templates/`, embedded in the
//! binary, filled from the engines' results.
//!
//! Every page is a whole HTML5 document (doctype, UTF-8, viewport) linking one
//! stylesheet ([`STYLE_CSS`], written as `style.css`); no script is needed to
//! read any of them. File names are stable (`round-3.html`, `player-12.html`,
//! `standings-3.html`) so links survive a re-run.

use crate::model::Tournament;
use crate::pairing::dutch::Pairing;

mod check;
pub(crate) mod common;
mod compute;
pub(crate) mod document;
mod pages;
mod rounds;
mod standings;

use common::{environment, tool, Frame};
pub use common::{player_file, Page, SiteError, SiteInput, STYLE_CSS};
pub use compute::{compute, compute_pages, Built, ComputeError, Request, Source};
pub use document::standalone;
use serde::Serialize;

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

/// The input of a single page of `t` alone: no standings, statement,
/// rating, check or next round.
fn bare_input(t: &Tournament) -> SiteInput<'_> {
    SiteInput {
        tournament: t,
        standings: &[],
        statement: None,
        rating: None,
        check: None,
        next: None,
        extra_nav: &[],
        app: false,
        live: None,
        list_findings: &[],
    }
}

/// A pairing (`arbiter pair --format html`) as a whole HTML5 page, the
/// site's round page with the stylesheet inlined.
pub fn pairing_page(t: &Tournament, p: &Pairing) -> Result<String, SiteError> {
    let env = environment()?;
    let input = SiteInput {
        next: Some(p),
        ..bare_input(t)
    };
    let mut frame = pages::frame(&input);
    frame.nav.clear();
    frame.inline_css = Some(STYLE_CSS);
    rounds::next_page(&env, &frame, &input, p)
}

/// A round robin's next round (`arbiter pair --format html`): the same page
/// as [`pairing_page`], with the boards of the Berger table round.
pub fn round_robin_pairing_page(
    t: &Tournament,
    next: &crate::render::round_robin::NextRound,
) -> Result<String, SiteError> {
    let env = environment()?;
    let input = bare_input(t);
    let mut frame = pages::frame(&input);
    frame.nav.clear();
    frame.inline_css = Some(STYLE_CSS);
    rounds::berger_next_page(&env, &frame, &input, next)
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
        live: None,
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
    common::render(
        &env,
        "upload.html",
        &frame,
        "Open a tournament file",
        &Upload { error, limit_mb },
    )
}
