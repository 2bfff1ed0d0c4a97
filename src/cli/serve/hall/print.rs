//! Pages for the printer (A4, `hall.css`'s print rules): the pairing list by
//! board and alphabetically for the notice board, a result slip per board,
//! the standings of each category and the prize list for the ceremony.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use chess_arbiter::event::results;
use chess_arbiter::render;
use chess_arbiter::render::i18n::Lang;
use chess_arbiter::tr;
use minijinja::context;
use serde::{Deserialize, Serialize};

use super::auth;
use super::public::built;
use super::view::{self, Frame};
use super::Hall;

#[derive(Deserialize, Default)]
pub(crate) struct At {
    section: Option<String>,
    round: Option<u32>,
}

#[derive(Serialize, Clone)]
struct Side {
    number: u32,
    name: String,
    rating: String,
    points: String,
}

#[derive(Serialize)]
struct Line {
    board: u32,
    white: Side,
    black: Side,
    result: String,
}

#[derive(Serialize)]
struct Alpha {
    name: String,
    number: u32,
    board: String,
    colour: String,
    opponent: String,
}

pub(crate) async fn page(
    State(hall): State<Arc<Hall>>,
    Path((id, what)): Path<(String, String)>,
    Query(at): Query<At>,
    headers: HeaderMap,
) -> Response {
    let Some(h) = hall.get(&id) else {
        return view::not_found();
    };
    let s = match auth::reader(&hall, &headers, &id) {
        Ok(s) => s,
        Err(r) => return r,
    };
    let section = at.section.clone();
    let hh = h.clone();
    let lang = super::super::lang::current();
    let round_data = tokio::task::spawn_blocking(move || {
        let e = hh.open()?;
        let sec = e.section(section.as_deref())?;
        let round = at.round.unwrap_or(sec.draft.unwrap_or(sec.published));
        if round == 0 {
            return Ok((sec, round, Vec::new(), Vec::new()));
        }
        let (t, p) = e.pairing(Some(&sec.key), round)?;
        let before = e.tournament(Some(&sec.key))?;
        let side = |n: u32| {
            let pl = t.players.iter().find(|p| p.id.0 == n);
            let pts = before
                .players
                .iter()
                .find(|p| p.id.0 == n)
                .map(|p| before.score(p, Some(round as usize - 1)).to_string())
                .unwrap_or_default();
            Side {
                number: n,
                name: pl.map(|p| p.name.clone()).unwrap_or_default(),
                rating: pl
                    .and_then(|p| p.rating)
                    .map(|r| r.to_string())
                    .unwrap_or_default(),
                points: pts,
            }
        };
        let boards = e.boards(Some(&sec.key), round)?;
        let lines: Vec<Line> = boards
            .iter()
            .map(|b| Line {
                board: b.board,
                white: side(b.white),
                black: side(b.black),
                result: b.result.map(results::format).unwrap_or_default(),
            })
            .collect();
        let mut alpha: Vec<Alpha> = Vec::new();
        for l in &lines {
            alpha.push(Alpha {
                name: l.white.name.clone(),
                number: l.white.number,
                board: l.board.to_string(),
                colour: tr!(lang, "desk-colour", colour = "white"),
                opponent: l.black.name.clone(),
            });
            alpha.push(Alpha {
                name: l.black.name.clone(),
                number: l.black.number,
                board: l.board.to_string(),
                colour: tr!(lang, "desk-colour", colour = "black"),
                opponent: l.white.name.clone(),
            });
        }
        for id in p.bye.iter().chain(p.not_paired.iter()) {
            let sd = side(id.0);
            alpha.push(Alpha {
                name: sd.name,
                number: sd.number,
                board: String::new(),
                colour: String::new(),
                opponent: if p.bye == Some(*id) {
                    tr!(lang, "desk-opp-bye")
                } else {
                    tr!(lang, "desk-opp-not-paired")
                },
            });
        }
        alpha.sort_by_key(|a| a.name.to_lowercase());
        Ok::<_, chess_arbiter::event::EventError>((sec, round, lines, alpha))
    })
    .await;
    let (sec, round, lines, alpha) = match round_data {
        Ok(Ok(x)) => x,
        Ok(Err(e)) => return unreadable(StatusCode::SERVICE_UNAVAILABLE, lang, &e.to_string()),
        Err(e) => return unreadable(StatusCode::INTERNAL_SERVER_ERROR, lang, &e.to_string()),
    };
    if !["pairings", "alphabetical", "slips", "standings", "prizes"].contains(&what.as_str()) {
        return view::not_found();
    }
    let title = tr!(
        lang,
        "desk-print-title",
        section = h.section_name(&sec.key, &sec.name, lang),
        what = what.as_str(),
        round = round
    );
    // standings and prizes: the engines' results, as the public pages have them
    let mut body = String::new();
    if what == "standings" || what == "prizes" {
        let b = match built(&h, &sec.key).await {
            Ok((_, b)) => b,
            Err(e) => return unreadable(StatusCode::SERVICE_UNAVAILABLE, lang, &e),
        };
        body = match (what.as_str(), b.standings.last(), b.statement.as_ref()) {
            ("standings", Some(st), _) => standings(lang, &b.tournament, st),
            ("prizes", _, Some(stmt)) => render::prizes_html::html_body_in(stmt, lang),
            ("standings", None, _) => paragraph(&tr!(lang, "desk-no-round-played")),
            _ => paragraph(&tr!(lang, "desk-no-prizes")),
        };
    }
    view::render(
        "print.html",
        Frame::new(&h, title.clone(), Some(&s), "/a/print"),
        context! {
            what => what, heading => title, round => round, boards => lines, alpha => alpha,
            body => body,
        },
    )
}

/// The event could not be read for the printout: why, in the event room's
/// words.
fn unreadable(status: StatusCode, lang: Lang, why: &str) -> Response {
    view::error_page_with(status, &tr!(lang, "desk-event-unreadable"), Some(why))
}

/// A paragraph of text (escaped).
fn paragraph(text: &str) -> String {
    format!("<p>{}</p>", minijinja::HtmlEscape(text))
}

/// The standings of every category for the printer: the HTML tables in
/// English, the text tables of `arbiter standings --lang` in another
/// language (the HTML fragment has no language of its own yet), the
/// engine's notes after them in its own words (marked English).
fn standings(
    lang: Lang,
    t: &chess_arbiter::model::Tournament,
    st: &chess_arbiter::standings::Standings,
) -> String {
    let all = render::standings::Sections::All;
    if lang == Lang::ENGLISH {
        render::standings::html_fragment(t, st, all)
    } else {
        let mut bare = st.clone();
        let notes = std::mem::take(&mut bare.notes);
        let mut out = format!(
            "<pre class=\"print-text\">{}</pre>\n",
            minijinja::HtmlEscape(&render::standings::text_in(t, &bare, all, lang))
        );
        for n in notes {
            out.push_str(&format!(
                "<p class=\"note\" lang=\"en\">{}</p>\n",
                minijinja::HtmlEscape(&n.to_string())
            ));
        }
        out
    }
}
