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
use chess_arbiter::tr;

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
    let lang = super::super::lang::current();
    let (log, sections) = d.load(|e| Ok((e.log()?, e.sections()?))).await?;
    let names: std::collections::HashMap<String, String> = super::view::pick(&d.h, sections, lang)
        .into_iter()
        .collect();
    // the step an undo takes back: the last one that counts
    let last = log
        .iter()
        .rev()
        .find(|l| !l.undone && !matches!(l.step, Step::Undo { .. }))
        .map(|l| context! { seq => l.seq, what => render::event::describe(lang, &l.step, &names) });
    let rows: Vec<LogRow> = log
        .into_iter()
        .rev()
        .map(|l| LogRow {
            what: render::event::describe(lang, &l.step, &names),
            seq: l.seq,
            at: l.at,
            arbiter: l.arbiter,
            reason: l.reason.unwrap_or_default(),
            undone: l.undone,
        })
        .collect();
    d.render(
        "log.html",
        tr!(lang, "hall-log"),
        "/a/log",
        true,
        context! { steps => rows, last => last },
    )
}

pub(crate) async fn undo(asked: Asked, Form(f): Form<Vec<(String, String)>>) -> Answer {
    let lang = super::super::lang::current();
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
                    message: tr!(
                        lang,
                        "desk-undo-moved",
                        expected = expected,
                        found = last.map_or_else(|| tr!(lang, "desk-undo-none"), |l| l.to_string())
                    ),
                });
            }
            e.undo(author, None)
        },
        |seq| {
            vec![Flash::ok(tr!(
                lang,
                "desk-undo-done",
                seq = seq,
                undone = expected
            ))]
        },
    )
    .await
}
