//! The desk's log: every step with who, when and why, newest first; the
//! chief arbiter undoes the last step the page shows (not one that came in
//! since).

use axum::extract::Form;
use minijinja::context;
use serde::Serialize;

use super::form::{Answer, Asked};
use super::view::Flash;
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

pub(crate) async fn log_page(asked: Asked) -> Answer {
    let d = asked.desk()?;
    let log = d.load(|e| e.log()).await?;
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

pub(crate) async fn undo(asked: Asked, Form(f): Form<Vec<(String, String)>>) -> Answer {
    let mut post = asked.post(f, true, "log")?;
    post.to = format!("/e/{}/a/log", post.id);
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
