//! Pages for the printer (A4, `hall.css`'s print rules): the pairing list by
//! board and alphabetically for the notice board, a result slip per board,
//! the standings of each category and the prize list for the ceremony.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use chess_arbiter::event::results;
use chess_arbiter::render;
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
    colour: &'static str,
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
                colour: "White",
                opponent: l.black.name.clone(),
            });
            alpha.push(Alpha {
                name: l.black.name.clone(),
                number: l.black.number,
                board: l.board.to_string(),
                colour: "Black",
                opponent: l.white.name.clone(),
            });
        }
        for id in p.bye.iter().chain(p.not_paired.iter()) {
            let sd = side(id.0);
            alpha.push(Alpha {
                name: sd.name,
                number: sd.number,
                board: String::new(),
                colour: "",
                opponent: if p.bye == Some(*id) {
                    "bye".into()
                } else {
                    "not paired".into()
                },
            });
        }
        alpha.sort_by_key(|a| a.name.to_lowercase());
        Ok::<_, chess_arbiter::event::EventError>((sec, round, lines, alpha))
    })
    .await;
    let (sec, round, lines, alpha) = match round_data {
        Ok(Ok(x)) => x,
        Ok(Err(e)) => return view::error_page(StatusCode::SERVICE_UNAVAILABLE, &e.to_string()),
        Err(e) => return view::error_page(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
    };
    let title = match what.as_str() {
        "pairings" => format!("{}: round {round}, pairings by board", sec.name),
        "alphabetical" => format!("{}: round {round}, pairings by name", sec.name),
        "slips" => format!("{}: round {round}, result slips", sec.name),
        "standings" => format!("{}: standings", sec.name),
        "prizes" => format!("{}: prize list", sec.name),
        _ => return view::not_found(),
    };
    // standings and prizes: the engines' results, as the public pages have them
    let mut body = String::new();
    if what == "standings" || what == "prizes" {
        let b = match built(&h, &sec.key).await {
            Ok((_, b)) => b,
            Err(e) => return view::error_page(StatusCode::SERVICE_UNAVAILABLE, &e),
        };
        body = match (what.as_str(), b.standings.last(), b.statement.as_ref()) {
            ("standings", Some(st), _) => render::standings::html_fragment(
                &b.tournament,
                st,
                render::standings::Sections::All,
            ),
            ("prizes", _, Some(stmt)) => render::prizes_html::html_body(stmt),
            ("standings", None, _) => "<p>No round has been played yet.</p>".into(),
            _ => "<p>The event's profile has no prizes.</p>".into(),
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
