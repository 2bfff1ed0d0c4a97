//! The desk's log: every step with who, when and why, newest first; the
//! chief arbiter undoes the last step the page shows (not one that came in
//! since).

use std::sync::Arc;

use axum::extract::{Form, Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use minijinja::context;
use serde::Serialize;

use super::desk::{back, desk_of, unavailable, with_event, writer_of, Fields};
use super::view::{self, Flash, Frame};
use super::Hall;
use chess_arbiter::event::EventError;
use chess_arbiter::render;

#[derive(Serialize)]
struct LogRow {
    seq: i64,
    at: String,
    arbiter: String,
    what: String,
    reason: String,
    undone: bool,
}

pub async fn log_page(
    State(hall): State<Arc<Hall>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let (h, s) = match desk_of(&hall, &id, &headers) {
        Ok(x) => x,
        Err(r) => return r,
    };
    let log = with_event(&h, |e| e.log()).await;
    let mut last = None;
    let rows: Vec<LogRow> = match log {
        Ok(l) => l
            .into_iter()
            .rev()
            .inspect(|l| {
                if last.is_none()
                    && !l.undone
                    && !matches!(l.step, chess_arbiter::event::Step::Undo { .. })
                {
                    last =
                        Some(context! { seq => l.seq, what => render::event::describe(&l.step) });
                }
            })
            .map(|l| LogRow {
                what: render::event::describe(&l.step),
                seq: l.seq,
                at: l.at,
                arbiter: l.arbiter,
                reason: l.reason.unwrap_or_default(),
                undone: l.undone,
            })
            .collect(),
        Err(e) => return unavailable(e),
    };
    let flash = hall.sessions.take_flash(&headers);
    view::render(
        "log.html",
        Frame::new(&h, "Log", Some(&s), "/a/log")
            .flash(flash)
            .live(&h),
        context! { steps => rows, last => last },
    )
}

pub async fn undo(
    State(hall): State<Arc<Hall>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Form(f): Form<Vec<(String, String)>>,
) -> Response {
    let f = Fields(f);
    let (h, s) = match writer_of(&hall, &id, &headers, &f, true) {
        Ok(x) => x,
        Err(r) => return r,
    };
    let to = format!("/e/{id}/a/log");
    let expected = match f.required("last") {
        Ok(n) => i64::from(n),
        Err(e) => return back(&hall, &headers, &to, vec![Flash::error(e)]),
    };
    let author = s.author(f.text("reason"));
    // undo the step the page showed last, not whatever came in since
    let done = with_event(&h, move |e| {
        let last = e.log()?.into_iter().rev().find(|l| !l.undone && !matches!(l.step, chess_arbiter::event::Step::Undo { .. })).map(|l| l.seq);
        if last != Some(expected) {
            return Err(EventError::Refused {
                path: e.path().display().to_string(),
                message: format!("expected step {expected} to be the last one to undo, found {}: someone changed the event since the page was opened; look at the log again", last.map_or("none".into(), |l| l.to_string())),
            });
        }
        e.undo(&author, None)
    })
    .await;
    let flash = match done {
        Ok(seq) => vec![Flash::ok(format!("step {seq}: step {expected} undone"))],
        Err(e) => vec![Flash::error(e)],
    };
    back(&hall, &headers, &to, flash)
}
