//! The arbiters' desk: results of a whole round on one screen, pairing
//! (draft, `check`'s verdict, a manual change with its reason, publish).
//! Each page reads the event; each form is one operation of the event room,
//! written with the arbiter's name, then the page it came from again (post,
//! redirect, get) with what happened said once at its top ([`super::form`]).

use std::collections::HashMap;

use axum::extract::{Form, Query};
use axum::http::StatusCode;
use chess_arbiter::event::{results, Entered, Event, EventError, ManualChange, SheetLine};
use chess_arbiter::render;
use chess_arbiter::render::i18n::Lang;
use chess_arbiter::tr;
use minijinja::context;
use serde::Serialize;

use super::form::{url_part, Answer, Asked, At, Fields};
use super::view::{self, Flash};

/// The language of the request being answered.
fn lang() -> Lang {
    super::super::lang::current()
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

pub(crate) async fn dashboard(asked: Asked) -> Answer {
    let d = asked.desk()?;
    let lang = lang();
    let hosted = d.h.clone();
    let rows = d
        .load(move |e| {
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
                    name: hosted.section_name(&sec.key, &sec.name, lang),
                    key: sec.key,
                    published: sec.published,
                    rounds: sec.rounds_total,
                    draft: sec.draft,
                    players: sec.players,
                });
            }
            Ok(rows)
        })
        .await;
    d.render(
        "desk.html",
        tr!(lang, "hall-desk"),
        "/a/",
        true,
        context! { sections => rows? },
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

pub(crate) async fn results_page(asked: Asked, Query(at): Query<At>) -> Answer {
    let d = asked.desk()?;
    let data = d
        .load(move |e| {
            let sec = e.section(at.section.as_deref())?;
            let round = at.round.unwrap_or(sec.published);
            let rows = if round > 0 && round <= sec.published {
                board_rows(e, &sec.key, round)?
            } else {
                Vec::new()
            };
            Ok((sec, round, rows, e.sections()?))
        })
        .await;
    let (sec, round, rows, sections) = data?;
    let lang = lang();
    d.render(
        "results.html",
        tr!(lang, "desk-results-title", round = round),
        "/a/results",
        false,
        context! {
            section_name => d.h.section_name(&sec.key, &sec.name, lang),
            section => sec.key, round => round,
            published => sec.published, boards => rows,
            sections => view::pick(&d.h, sections, lang),
        },
    )
}

/// The lines of a results form: each board whose field differs from the
/// value the page showed; every field is read before anything is written.
fn sheet(f: &Fields, section: &str, round: u32) -> Result<Vec<SheetLine>, Vec<String>> {
    let lang = lang();
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
                    bad.push(tr!(lang, "desk-bad-old", board = board, found = seen));
                    continue;
                }
            }
        };
        if v.is_empty() {
            bad.push(tr!(lang, "desk-bad-empty", board = board, old = seen));
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
            None => bad.push(tr!(
                lang,
                "desk-bad-result",
                board = board,
                forms = tr!(lang, "desk-result-forms"),
                found = v
            )),
        }
    }
    if bad.is_empty() {
        Ok(lines)
    } else {
        Err(bad)
    }
}

pub(crate) async fn results(asked: Asked, Form(f): Form<Vec<(String, String)>>) -> Answer {
    let mut p = asked.post(f, false, "results")?;
    let (Some(section), Ok(round)) = (p.section.clone(), p.f.required("round")) else {
        return Err(view::error_page(
            StatusCode::BAD_REQUEST,
            &tr!(lang(), "desk-form-missing"),
        ));
    };
    p.to = format!(
        "/e/{}/a/results?section={}&round={round}",
        p.id,
        url_part(&section)
    );
    let lines = match sheet(&p.f, &section, round) {
        Ok(l) if l.is_empty() => {
            return p.back(vec![Flash::warn(tr!(lang(), "desk-nothing-changed"))])
        }
        Ok(l) => l,
        Err(bad) => {
            let mut flash = vec![Flash::error(tr!(lang(), "desk-sheet-bad"))];
            flash.extend(bad.into_iter().map(Flash::error));
            return p.back(flash);
        }
    };
    let sent = lines.clone();
    p.write(
        false,
        move |e, author, _| e.results(author, &sent, false),
        |done| entered_flash(&lines, &done),
    )
    .await
}

fn entered_flash(lines: &[SheetLine], done: &[Entered]) -> Vec<Flash> {
    let lang = lang();
    lines
        .iter()
        .zip(done)
        .map(|(l, d)| {
            let text = render::event::entered(lang, l.board, None, l.result, d);
            match d {
                Entered::Conflict { .. } => Flash::error(text),
                Entered::Corrected { .. } => Flash::warn(text),
                _ => Flash::ok(text),
            }
        })
        .collect()
}

pub(crate) async fn pair_page(asked: Asked, Query(at): Query<At>) -> Answer {
    let d = asked.desk()?;
    let lang = lang();
    let data = d
        .load(move |e| {
            let sec = e.section(at.section.as_deref())?;
            let (rows, verdict, byes) = match sec.draft {
                Some(r) => {
                    let (t, p) = e.pairing(Some(&sec.key), r)?;
                    let names = names_of(&t);
                    let byes: Vec<String> = p
                        .bye
                        .iter()
                        .map(|b| {
                            tr!(
                                lang,
                                "desk-bye-pab",
                                name = names.get(&b.0).cloned().unwrap_or_default()
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
    let (sec, rows, verdict, byes, sections) = data?;
    d.render(
        "pair.html",
        tr!(lang, "hall-pairing"),
        "/a/pair",
        false,
        context! {
            section_name => d.h.section_name(&sec.key, &sec.name, lang),
            section => sec.key, published => sec.published,
            draft => sec.draft, rounds => sec.rounds_total, boards => rows, verdict => verdict,
            byes => byes,
            sections => view::pick(&d.h, sections, lang),
        },
    )
}

pub(crate) async fn pair(asked: Asked, Form(f): Form<Vec<(String, String)>>) -> Answer {
    let p = asked.post(f, true, "pair")?;
    let draft = p.f.get("action") == Some("draft");
    p.write(
        false,
        move |e, author, section| e.pair(author, section, draft, None),
        |p| {
            let lang = lang();
            let (round, section) = (p.round, p.section);
            vec![Flash::ok(match (p.published, p.from_draft) {
                (true, true) => tr!(
                    lang,
                    "desk-published-as-drafted",
                    round = round,
                    section = section
                ),
                (true, false) => tr!(lang, "desk-published", round = round, section = section),
                (false, _) => tr!(lang, "desk-paired-draft", round = round, section = section),
            })]
        },
    )
    .await
}

pub(crate) async fn change(asked: Asked, Form(f): Form<Vec<(String, String)>>) -> Answer {
    let p = asked.post(f, true, "pair")?;
    let change = match p.f.get("kind") {
        Some("flip") => {
            p.f.required("board")
                .map(|board| ManualChange::Flip { board })
        }
        _ => p.f.required("a").and_then(|a| {
            Ok(ManualChange::Swap {
                a,
                b: p.f.required("b")?,
            })
        }),
    };
    let change = match change {
        Ok(c) => c,
        Err(e) => return p.refuse(e),
    };
    p.write(
        true,
        move |e, author, section| e.change(author, section, change),
        |r| vec![Flash::ok(tr!(lang(), "desk-changed", round = r))],
    )
    .await
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
}
