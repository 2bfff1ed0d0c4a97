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
pub(crate) use standings::c07_edition;
mod pages;
mod rounds;
mod standings;

use crate::render::i18n::Lang;
use crate::tr;
pub use common::{add_functions, player_file, Page, SiteError, SiteInput, Switch, STYLE_CSS};
use common::{environment, tool, Frame};
pub use compute::{compute, compute_pages, Built, ComputeError, Request, Source};
pub use document::standalone;
use serde::Serialize;

/// Every page of the site in `input.lang`, `style.css` included.
pub fn build(input: &SiteInput<'_>) -> Result<Vec<Page>, SiteError> {
    let env = environment()?;
    pages::all(&env, input)
}

/// The site in every language with a catalogue: `primary`'s pages at the
/// root, each other language's under its tag (`zh-TW/index.html`), the
/// stylesheet once; every page links its twins ([`Switch::Folders`]).
pub fn build_all(input: &SiteInput<'_>, primary: Lang) -> Result<Vec<Page>, SiteError> {
    let env = environment()?;
    let switch = Switch::Folders { primary };
    let mut out = Vec::new();
    for lang in std::iter::once(primary).chain(Lang::all().filter(|l| *l != primary)) {
        let one = SiteInput {
            lang,
            switch,
            ..*input
        };
        let folder = switch.folder(lang);
        for p in pages::all(&env, &one)? {
            if !folder.is_empty() && p.name == "style.css" {
                continue;
            }
            out.push(Page {
                name: format!("{folder}{}", p.name),
                text: p.text,
            });
        }
    }
    Ok(out)
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
        lang: Lang::ENGLISH,
        switch: Switch::None,
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
    upload_page_in(Lang::ENGLISH, error, limit_mb)
}

/// [`upload_page`] in `lang`, with the switch to the other languages
/// (`?lang=TAG`). The error's words are the diagnostics', which stay English.
pub fn upload_page_in(
    lang: Lang,
    error: Option<(&str, &[String])>,
    limit_mb: u64,
) -> Result<String, SiteError> {
    let env = environment()?;
    let frame = Frame {
        event: "arbiter".into(),
        subtitle: tr!(lang, "upload-subtitle"),
        home: "/".into(),
        css: "/style.css".into(),
        tool: tool(),
        nav: Vec::new(),
        inline_css: None,
        app: true,
        live: None,
        lang: lang.tag().to_string(),
        switch: Switch::Query.links(lang, ""),
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
        &tr!(lang, "upload-title"),
        &Upload { error, limit_mb },
    )
}
