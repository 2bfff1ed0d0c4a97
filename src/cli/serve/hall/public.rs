//! What the public reads, without a login: each section's site (the pages
//! `arbiter report` writes, computed from the event's published rounds) and
//! the feed that tells an open page the event changed (server-sent events:
//! the page fetches itself again and swaps its content, no reload).
//!
//! Pages are computed once per step: the engines' results of a section and
//! each page's text are kept until the next step, so a hall of phones
//! following the event costs one computation per change, not one per phone.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::sse::{Event as Sse, KeepAlive};
use axum::response::{IntoResponse, Response};
use chess_arbiter::formats::input::Source as Located;
use chess_arbiter::render::site::{self, compute, Built, Request};
use minijinja::context;
use serde::Serialize;

use super::view::{self, Frame};
use super::{Hall, Hosted};

/// Rendered pages kept per event (the oldest step's go first).
const MAX_PAGES: usize = 2_000;

/// The pages of each section as rendered at a step: (section, page) → text.
#[derive(Default)]
pub(crate) struct Pages {
    map: HashMap<(String, String), (i64, Bytes)>,
}

/// Serializes the computations of one event (the first request after a
/// step computes; the others wait and read its result).
pub(crate) type Computing = tokio::sync::Mutex<()>;

#[derive(Serialize)]
struct SectionRow {
    key: String,
    name: String,
    published: u32,
    rounds: Option<u32>,
    players: u32,
    draft: bool,
}

pub(crate) async fn home(
    State(hall): State<Arc<Hall>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let Some(h) = hall.get(&id) else {
        return view::not_found();
    };
    let sections = tokio::task::spawn_blocking({
        let h = h.clone();
        move || h.open().and_then(|e| e.sections())
    })
    .await;
    let sections = match sections {
        Ok(Ok(s)) => s,
        Ok(Err(e)) => return view::error_page(StatusCode::SERVICE_UNAVAILABLE, &e.to_string()),
        Err(e) => return view::error_page(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
    };
    let rows: Vec<SectionRow> = sections
        .into_iter()
        .map(|s| SectionRow {
            key: s.key,
            name: s.name,
            published: s.published,
            rounds: s.rounds_total,
            players: s.players,
            draft: s.draft.is_some(),
        })
        .collect();
    let session = hall.sessions.of(&headers, &id);
    view::render(
        "home.html",
        Frame::new(
            &h,
            chess_arbiter::tr!(super::super::lang::current(), "hall-sections"),
            session.as_ref(),
            "/",
        )
        .live(&h),
        context! { sections => rows },
    )
}

/// The feed: an event `seq` with the last step's number, now and after
/// every change; a comment every 15 s keeps the connection open.
pub(crate) async fn live(State(hall): State<Arc<Hall>>, Path(id): Path<String>) -> Response {
    let Some(h) = hall.get(&id) else {
        return view::not_found();
    };
    let rx = h.seq.subscribe();
    let stream = futures_util::stream::unfold((rx, true), |(mut rx, first)| async move {
        if !first && rx.changed().await.is_err() {
            return None;
        }
        let n = *rx.borrow_and_update();
        Some((
            Ok::<_, Infallible>(Sse::default().event("seq").data(n.to_string())),
            (rx, false),
        ))
    });
    axum::response::sse::Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

/// The engines' results of a section at the event's current step.
pub(crate) async fn built(h: &Arc<Hosted>, section: &str) -> Result<(i64, Arc<Built>), String> {
    let seq = *h.seq.borrow();
    if let Some(b) = cached(h, section, seq) {
        return Ok((seq, b));
    }
    let _one = h.computing.lock().await;
    let seq = *h.seq.borrow();
    if let Some(b) = cached(h, section, seq) {
        return Ok((seq, b));
    }
    let (hh, key) = (h.clone(), section.to_string());
    let b = tokio::task::spawn_blocking(move || compute_section(&hh, &key))
        .await
        .map_err(|e| format!("the pages' computation failed: {e}"))??;
    let b = Arc::new(b);
    if let Ok(mut c) = h.cache.lock() {
        c.insert(section.to_string(), (seq, b.clone()));
    }
    Ok((seq, b))
}

fn cached(h: &Hosted, section: &str, seq: i64) -> Option<Arc<Built>> {
    let c = h.cache.lock().ok()?;
    c.get(section)
        .filter(|(s, _)| *s == seq)
        .map(|(_, b)| b.clone())
}

fn compute_section(h: &Hosted, key: &str) -> Result<Built, String> {
    let e = h.open().map_err(|e| e.to_string())?;
    let sections = e.sections().map_err(|e| e.to_string())?;
    let main = sections.first().is_some_and(|s| s.key == key);
    let s = sections
        .iter()
        .find(|s| s.key == key)
        .ok_or_else(|| format!("expected a section of this event, found {key:?}"))?;
    let t = e.tournament(Some(&s.key)).map_err(|e| e.to_string())?;
    let profile = h.section_profile(key, main);
    let name = h.path.display().to_string();
    let src = site::Source {
        tournament: &t,
        locator: &Located::None,
        name: &name,
    };
    compute(src, profile.as_ref(), &Request::default()).map_err(|e| e.to_string())
}

/// A page of a section's site.
pub(crate) async fn page(
    State(hall): State<Arc<Hall>>,
    Path((id, section, name)): Path<(String, String, String)>,
) -> Response {
    let Some(h) = hall.get(&id) else {
        return view::not_found();
    };
    if name == "style.css" {
        return (
            [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
            site::STYLE_CSS,
        )
            .into_response();
    }
    let (seq, b) = match built(&h, &section).await {
        Ok(x) => x,
        Err(e) => return view::error_page(StatusCode::NOT_FOUND, &e),
    };
    // each language's page is kept apart
    let lang = super::super::lang::current();
    let key = (section.clone(), format!("{}/{name}", lang.tag()));
    let hit = h.pages.lock().ok().and_then(|p| {
        p.map
            .get(&key)
            .filter(|(s, _)| *s == seq)
            .map(|(_, t)| t.clone())
    });
    let text = match hit {
        Some(t) => t,
        None => {
            let nav = vec![(
                chess_arbiter::tr!(lang, "hall-all-sections"),
                format!("/e/{id}/"),
            )];
            let live = format!("/e/{id}/live");
            let mut input = b.input(&nav);
            input.live = Some(&live);
            input.lang = lang;
            input.switch = site::Switch::Query;
            match site::page(&input, &name) {
                Ok(Some(t)) => {
                    let t = Bytes::from(with_fide_banner(&h, lang, t));
                    store_page(&h.pages, key, seq, t.clone());
                    t
                }
                Ok(None) => return view::not_found(),
                Err(e) => {
                    return view::error_page(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string())
                }
            }
        }
    };
    // the kept page itself, shared (no copy per reader)
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], text).into_response()
}

/// The page with the banner of an event out of FIDE mode after its `<body>`
/// tag (VCL4THP Q46); kept with the page, which a new step renders again.
fn with_fide_banner(h: &Hosted, lang: chess_arbiter::render::i18n::Lang, page: String) -> String {
    let Some(text) = view::fide_banner(h, lang) else {
        return page;
    };
    let Some(at) = page
        .find("<body")
        .and_then(|b| page[b..].find('>').map(|e| b + e + 1))
    else {
        return page;
    };
    let banner = format!(
        "\n<p class=\"fide-off\" role=\"alert\" style=\"margin:0;padding:.4em .8em;background:#fde8e8;border-bottom:1px solid #e09a9a\">{}</p>",
        text.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    );
    let mut out = page;
    out.insert_str(at, &banner);
    out
}

fn store_page(pages: &Mutex<Pages>, key: (String, String), seq: i64, text: Bytes) {
    if let Ok(mut p) = pages.lock() {
        if p.map.len() >= MAX_PAGES {
            p.map.retain(|_, (s, _)| *s == seq);
        }
        p.map.insert(key, (seq, text));
    }
}
