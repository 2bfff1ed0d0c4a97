//! The desk's log: every step with who, when and why, newest first; the
//! chief arbiter undoes the last step the page shows (not one that came in
//! since).

use std::sync::Arc;

use axum::extract::{Form, Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use minijinja::context;
use serde::Serialize;

use super::form::{Desk, Post};
use super::view::Flash;
use super::Hall;
use chess_arbiter::event::{EventError, Step};
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
    let d = match Desk::open(hall, &id, headers) {
        Ok(d) => d,
        Err(r) => return r,
    };
    let log = match d.load(|e| e.log()).await {
        Ok(l) => l,
        Err(r) => return r,
    };
    // the step an undo takes back: the last one that counts
    let last = log
        .iter()
        .rev()
        .find(|l| !l.undone && !matches!(l.step, Step::Undo { .. }))
        .map(|l| context! { seq => l.seq, what => render::event::describe(&l.step) });
    let rows: Vec<LogRow> = log
        .into_iter()
        .rev()
        .map(|l| LogRow {
            what: render::event::describe(&l.step),
            seq: l.seq,
            at: l.at,
            arbiter: l.arbiter,
            reason: l.reason.unwrap_or_default(),
            undone: l.undone,
        })
        .collect();
    d.render(
        "log.html",
        "Log".into(),
        "/a/log",
        true,
        context! { steps => rows, last => last },
    )
}

pub async fn undo(
    State(hall): State<Arc<Hall>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Form(f): Form<Vec<(String, String)>>,
) -> Response {
    let mut post = match Post::open(hall, &id, headers, f, true, "log") {
        Ok(p) => p,
        Err(r) => return r,
    };
    post.to = format!("/e/{id}/a/log");
    let expected = match post.f.required("last") {
        Ok(n) => i64::from(n),
        Err(e) => return post.refuse(e),
    };
    // undo the step the page showed last, not whatever came in since
    post.write(
        true,
        move |e, author, _| {
            let last = e
                .log()?
                .into_iter()
                .rev()
                .find(|l| !l.undone && !matches!(l.step, Step::Undo { .. }))
                .map(|l| l.seq);
            if last != Some(expected) {
                return Err(EventError::Refused {
                    path: e.path().display().to_string(),
                    message: format!(
                        "expected step {expected} to be the last one to undo, found {}: someone changed the event since the page was opened; look at the log again",
                        last.map_or("none".into(), |l| l.to_string())
                    ),
                });
            }
            e.undo(author, None)
        },
        |seq| vec![Flash::ok(format!("step {seq}: step {expected} undone"))],
    )
    .await
}
