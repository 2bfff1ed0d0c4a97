//! The arbiters' desk: results of a whole round on one screen, pairing
//! (draft, `check`'s verdict, a manual change with its reason, publish),
//! players, byes and withdrawals, the log and undo. Each page reads the
//! event; each form is one operation of the event room, written with the
//! arbiter's name, then the page it came from again (post, redirect, get)
//! with what happened said once at its top.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use chess_arbiter::event::{results, Entered, Event, EventError, ManualChange, SheetLine};
use chess_arbiter::render;
use minijinja::context;
use serde::{Deserialize, Serialize};

use super::auth::{self, Session};
use super::view::{self, Flash, Frame};
use super::{Hall, Hosted};

/// A form's fields, in order (a results sheet repeats its pattern per board).
pub struct Fields(pub Vec<(String, String)>);

impl Fields {
    pub fn get(&self, k: &str) -> Option<&str> {
        self.0.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str())
    }
    pub fn text(&self, k: &str) -> Option<String> {
        self.get(k)
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
    }
    pub fn number(&self, k: &str) -> Result<Option<u32>, String> {
        match self.text(k) {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| format!("{k}: expected a whole number, found {v:?}")),
        }
    }
    pub fn required(&self, k: &str) -> Result<u32, String> {
        self.number(k)?
            .ok_or_else(|| format!("{k}: expected a whole number, found nothing"))
    }
}

#[derive(Deserialize, Default)]
pub struct At {
    pub section: Option<String>,
    pub round: Option<u32>,
    /// A search of the FIDE list (players page): a FIDE id or part of a name.
    pub q: Option<String>,
}

/// Run `f` on the event file on a blocking thread; after a change, tell
/// the followers.
pub(super) async fn with_event<T: Send + 'static>(
    h: &Arc<Hosted>,
    f: impl FnOnce(&mut Event) -> Result<T, EventError> + Send + 'static,
) -> Result<T, String> {
    let hh = h.clone();
    let r = tokio::task::spawn_blocking(move || {
        let mut e = hh.open()?;
        let r = f(&mut e);
        hh.changed(&e);
        r
    })
    .await;
    match r {
        Ok(Ok(t)) => Ok(t),
        Ok(Err(e)) => Err(e.to_string()),
        Err(e) => Err(format!("the request failed: {e}")),
    }
}

/// After a form: its messages for the next page, then that page.
pub(super) fn back(hall: &Hall, headers: &HeaderMap, to: &str, flash: Vec<Flash>) -> Response {
    hall.sessions.flash(headers, flash);
    Redirect::to(to).into_response()
}

pub(super) fn section_q(section: &Option<String>) -> String {
    section
        .as_deref()
        .map(|s| format!("section={}&", url_part(s)))
        .unwrap_or_default()
}

/// A value for a query string (letters, digits and `-_.` as they are).
fn url_part(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The hosted event and the reader's session, or the response instead.
pub(super) fn desk_of(
    hall: &Arc<Hall>,
    id: &str,
    headers: &HeaderMap,
) -> Result<(Arc<Hosted>, Session), Response> {
    let h = hall.get(id).ok_or_else(view::not_found)?;
    let s = auth::reader(hall, headers, id)?;
    Ok((h, s))
}

/// The hosted event and the writer's session (CSRF checked), or the response.
pub(super) fn writer_of(
    hall: &Arc<Hall>,
    id: &str,
    headers: &HeaderMap,
    f: &Fields,
    chief_only: bool,
) -> Result<(Arc<Hosted>, Session), Response> {
    let h = hall.get(id).ok_or_else(view::not_found)?;
    let s = auth::writer(hall, headers, id, f.get("csrf"), chief_only)?;
    Ok((h, s))
}

pub(super) fn unavailable(e: String) -> Response {
    view::error_page(StatusCode::SERVICE_UNAVAILABLE, &e)
}

#[derive(Serialize)]
struct SectionRow {
    key: String,
    name: String,
    published: u32,
    rounds: Option<u32>,
    draft: Option<u32>,
    players: u32,
    entered: usize,
    boards: usize,
}

pub async fn dashboard(
    State(hall): State<Arc<Hall>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let (h, s) = match desk_of(&hall, &id, &headers) {
        Ok(x) => x,
        Err(r) => return r,
    };
    let rows = with_event(&h, |e| {
        let mut rows = Vec::new();
        for sec in e.sections()? {
            let boards = if sec.published > 0 {
                e.boards(Some(&sec.key), sec.published)?
            } else {
                Vec::new()
            };
            rows.push(SectionRow {
                entered: boards.iter().filter(|b| b.result.is_some()).count(),
                boards: boards.len(),
                key: sec.key,
                name: sec.name,
                published: sec.published,
                rounds: sec.rounds_total,
                draft: sec.draft,
                players: sec.players,
            });
        }
        Ok(rows)
    })
    .await;
    let rows = match rows {
        Ok(r) => r,
        Err(e) => return unavailable(e),
    };
    let flash = hall.sessions.take_flash(&headers);
    view::render(
        "desk.html",
        Frame::new(&h, "Desk", Some(&s), "/a/")
            .flash(flash)
            .live(&h),
        context! { sections => rows },
    )
}

#[derive(Serialize)]
struct BoardRow {
    board: u32,
    white: String,
    black: String,
    result: String,
    manual: Option<String>,
}

pub(super) fn names_of(t: &chess_arbiter::model::Tournament) -> HashMap<u32, String> {
    t.players
        .iter()
        .map(|p| {
            let r = p.rating.map(|r| format!(" ({r})")).unwrap_or_default();
            (p.id.0, format!("{}. {}{r}", p.id.0, p.name))
        })
        .collect()
}

fn board_rows(e: &Event, section: &str, round: u32) -> Result<Vec<BoardRow>, EventError> {
    let t = e.tournament_with_round(Some(section), round)?;
    let names = names_of(&t);
    Ok(e.boards(Some(section), round)?
        .into_iter()
        .map(|b| BoardRow {
            board: b.board,
            white: names.get(&b.white).cloned().unwrap_or_default(),
            black: names.get(&b.black).cloned().unwrap_or_default(),
            result: b.result.map(results::format).unwrap_or_default(),
            manual: b.manual,
        })
        .collect())
}

pub async fn results_page(
    State(hall): State<Arc<Hall>>,
    Path(id): Path<String>,
    Query(at): Query<At>,
    headers: HeaderMap,
) -> Response {
    let (h, s) = match desk_of(&hall, &id, &headers) {
        Ok(x) => x,
        Err(r) => return r,
    };
    let section = at.section.clone();
    let data = with_event(&h, move |e| {
        let sec = e.section(section.as_deref())?;
        let round = at.round.unwrap_or(sec.published);
        let rows = if round > 0 && round <= sec.published {
            board_rows(e, &sec.key, round)?
        } else {
            Vec::new()
        };
        Ok((sec, round, rows, e.sections()?))
    })
    .await;
    let (sec, round, rows, sections) = match data {
        Ok(x) => x,
        Err(e) => return unavailable(e),
    };
    let flash = hall.sessions.take_flash(&headers);
    view::render(
        "results.html",
        Frame::new(
            &h,
            format!("Results, round {round}"),
            Some(&s),
            "/a/results",
        )
        .flash(flash),
        context! {
            section => sec.key, section_name => sec.name, round => round,
            published => sec.published, boards => rows,
            sections => sections.into_iter().map(|s| (s.key, s.name)).collect::<Vec<_>>(),
            forms => results::EXPECTED,
        },
    )
}

/// The lines of a results form: each board whose field differs from the
/// value the page showed; every field is read before anything is written.
fn sheet(f: &Fields, section: &str, round: u32) -> Result<Vec<SheetLine>, Vec<String>> {
    let mut lines = Vec::new();
    let mut bad = Vec::new();
    for (k, v) in &f.0 {
        let Some(board) = k.strip_prefix('r').and_then(|b| b.parse::<u32>().ok()) else {
            continue;
        };
        let seen = f.get(&format!("o{board}")).unwrap_or("").trim();
        let v = v.trim();
        if v == seen {
            continue;
        }
        let seen_result = if seen.is_empty() {
            None
        } else {
            match results::parse(seen) {
                Some(r) => Some(r),
                None => {
                    bad.push(format!(
                        "board {board}: the page's old value {seen:?} is not a result"
                    ));
                    continue;
                }
            }
        };
        if v.is_empty() {
            bad.push(format!(
                "board {board}: a result cannot be emptied ({seen} stays); enter the corrected result instead"
            ));
            continue;
        }
        match results::parse(v) {
            Some(r) if Some(r) == seen_result => {}
            Some(r) => lines.push(SheetLine {
                at: String::new(),
                section: Some(section.to_string()),
                round: Some(round),
                board,
                result: r,
                expected: Some(seen_result),
            }),
            None => bad.push(format!(
                "board {board}: expected {}, found {v:?}",
                results::EXPECTED
            )),
        }
    }
    if bad.is_empty() {
        Ok(lines)
    } else {
        Err(bad)
    }
}

pub async fn results(
    State(hall): State<Arc<Hall>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Form(f): Form<Vec<(String, String)>>,
) -> Response {
    let f = Fields(f);
    let (h, s) = match writer_of(&hall, &id, &headers, &f, false) {
        Ok(x) => x,
        Err(r) => return r,
    };
    let (Some(section), Ok(round)) = (f.text("section"), f.required("round")) else {
        return view::error_page(
            StatusCode::BAD_REQUEST,
            "expected the form's section and round, found them missing",
        );
    };
    let to = format!(
        "/e/{id}/a/results?section={}&round={round}",
        url_part(&section)
    );
    let lines = match sheet(&f, &section, round) {
        Ok(l) => l,
        Err(bad) => {
            let mut flash = vec![Flash::error(
                "nothing written: the sheet has lines that are not results",
            )];
            flash.extend(bad.into_iter().map(Flash::error));
            return back(&hall, &headers, &to, flash);
        }
    };
    if lines.is_empty() {
        return back(
            &hall,
            &headers,
            &to,
            vec![Flash::warn("nothing changed on the sheet")],
        );
    }
    let author = s.author(None);
    let sent = lines.clone();
    let done = with_event(&h, move |e| e.results(&author, &sent, false)).await;
    let flash = match done {
        Ok(done) => entered_flash(&lines, &done),
        Err(e) => vec![Flash::error(e)],
    };
    back(&hall, &headers, &to, flash)
}

fn entered_flash(lines: &[SheetLine], done: &[Entered]) -> Vec<Flash> {
    lines
        .iter()
        .zip(done)
        .map(|(l, d)| {
            let text = render::event::entered(&format!("board {}", l.board), l.result, d);
            match d {
                Entered::Conflict { .. } => Flash::error(text),
                Entered::Corrected { .. } => Flash::warn(text),
                _ => Flash::ok(text),
            }
        })
        .collect()
}

pub async fn pair_page(
    State(hall): State<Arc<Hall>>,
    Path(id): Path<String>,
    Query(at): Query<At>,
    headers: HeaderMap,
) -> Response {
    let (h, s) = match desk_of(&hall, &id, &headers) {
        Ok(x) => x,
        Err(r) => return r,
    };
    let section = at.section.clone();
    let data = with_event(&h, move |e| {
        let sec = e.section(section.as_deref())?;
        let (rows, verdict, byes) = match sec.draft {
            Some(r) => {
                let (t, p) = e.pairing(Some(&sec.key), r)?;
                let names = names_of(&t);
                let byes: Vec<String> = p
                    .bye
                    .iter()
                    .map(|b| {
                        format!(
                            "{} (pairing-allocated bye)",
                            names.get(&b.0).cloned().unwrap_or_default()
                        )
                    })
                    .collect();
                (
                    board_rows(e, &sec.key, r)?,
                    render::event::verdict(&t, &p),
                    byes,
                )
            }
            None => (Vec::new(), None, Vec::new()),
        };
        Ok((sec, rows, verdict, byes, e.sections()?))
    })
    .await;
    let (sec, rows, verdict, byes, sections) = match data {
        Ok(x) => x,
        Err(e) => return unavailable(e),
    };
    let flash = hall.sessions.take_flash(&headers);
    view::render(
        "pair.html",
        Frame::new(&h, "Pairing", Some(&s), "/a/pair").flash(flash),
        context! {
            section => sec.key, section_name => sec.name, published => sec.published,
            draft => sec.draft, rounds => sec.rounds_total, boards => rows, verdict => verdict,
            byes => byes,
            sections => sections.into_iter().map(|s| (s.key, s.name)).collect::<Vec<_>>(),
        },
    )
}

pub async fn pair(
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
    let section = f.text("section");
    let to = format!("/e/{id}/a/pair?{}", section_q(&section));
    let draft = f.get("action") == Some("draft");
    let author = s.author(None);
    let done = with_event(&h, move |e| {
        e.pair(&author, section.as_deref(), draft, None)
    })
    .await;
    let flash = match done {
        Ok(p) if p.published => vec![Flash::ok(format!(
            "round {} of {} published{}",
            p.round,
            p.section,
            if p.from_draft {
                " (the draft as it was)"
            } else {
                ""
            }
        ))],
        Ok(p) => vec![Flash::ok(format!(
            "round {} of {} paired as a draft: check it, change it if needed, publish it",
            p.round, p.section
        ))],
        Err(e) => vec![Flash::error(e)],
    };
    back(&hall, &headers, &to, flash)
}

pub async fn change(
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
    let section = f.text("section");
    let to = format!("/e/{id}/a/pair?{}", section_q(&section));
    let change = match f.get("kind") {
        Some("flip") => f
            .required("board")
            .map(|board| ManualChange::Flip { board }),
        _ => f.required("a").and_then(|a| {
            Ok(ManualChange::Swap {
                a,
                b: f.required("b")?,
            })
        }),
    };
    let change = match change {
        Ok(c) => c,
        Err(e) => return back(&hall, &headers, &to, vec![Flash::error(e)]),
    };
    let author = s.author(f.text("reason"));
    let done = with_event(&h, move |e| e.change(&author, section.as_deref(), change)).await;
    let flash = match done {
        Ok(r) => vec![Flash::ok(format!(
            "draft of round {r} changed by hand; the verdict below is check's on the changed draft"
        ))],
        Err(e) => vec![Flash::error(e)],
    };
    back(&hall, &headers, &to, flash)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(v: &[(&str, &str)]) -> Fields {
        Fields(
            v.iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
        )
    }

    #[test]
    fn a_sheet_sends_only_what_changed_with_what_the_page_showed() {
        let f = fields(&[
            ("r1", "1-0"),
            ("o1", "1-0"),
            ("r2", "1/2"),
            ("o2", ""),
            ("r3", "0-1"),
            ("o3", "1-0"),
            ("r4", ""),
            ("o4", ""),
        ]);
        let l = sheet(&f, "main", 3).unwrap();
        assert_eq!(l.len(), 2);
        assert_eq!((l[0].board, l[0].expected), (2, Some(None)));
        assert_eq!(l[1].board, 3);
        assert_eq!(l[1].expected, Some(results::parse("1-0")));
        assert_eq!(l[1].result, results::parse("0-1").unwrap());
    }

    #[test]
    fn a_sheet_with_a_bad_line_sends_nothing_and_names_it() {
        let f = fields(&[
            ("r1", "1-0"),
            ("o1", ""),
            ("r2", "2-0"),
            ("o2", ""),
            ("r3", ""),
            ("o3", "1-0"),
        ]);
        let bad = sheet(&f, "main", 1).unwrap_err();
        assert_eq!(bad.len(), 2, "{bad:?}");
        assert!(
            bad[0].contains("board 2") && bad[0].contains("\"2-0\""),
            "{bad:?}"
        );
        assert!(
            bad[1].contains("board 3") && bad[1].contains("cannot be emptied"),
            "{bad:?}"
        );
    }

    #[test]
    fn query_values_are_escaped() {
        assert_eq!(url_part("u19 girls&x"), "u19%20girls%26x");
    }
}
