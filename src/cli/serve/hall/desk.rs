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
use chess_arbiter::event::{
    results, ByeCode, Entered, Entrant, Event, EventError, ManualChange, Role,
    SheetLine,
};
use chess_arbiter::model::Player;
use chess_arbiter::render;
use minijinja::context;
use serde::{Deserialize, Serialize};

use super::super::super::event::{PlayerData, SexArg};
use super::auth::{self, Session};
use super::view::{self, Flash, Frame};
use super::{Hall, Hosted};

/// A form's fields, in order (a results sheet repeats its pattern per board).
pub struct Fields(Vec<(String, String)>);

impl Fields {
    pub fn get(&self, k: &str) -> Option<&str> {
        self.0.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str())
    }
    fn text(&self, k: &str) -> Option<String> {
        self.get(k)
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
    }
    fn number(&self, k: &str) -> Result<Option<u32>, String> {
        match self.text(k) {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| format!("{k}: expected a whole number, found {v:?}")),
        }
    }
    fn required(&self, k: &str) -> Result<u32, String> {
        self.number(k)?
            .ok_or_else(|| format!("{k}: expected a whole number, found nothing"))
    }
}

#[derive(Deserialize, Default)]
pub struct At {
    section: Option<String>,
    round: Option<u32>,
}

/// Run `f` on the event file on a blocking thread; after a change, tell
/// the followers.
async fn with_event<T: Send + 'static>(
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
fn back(hall: &Hall, headers: &HeaderMap, to: &str, flash: Vec<Flash>) -> Response {
    hall.sessions.flash(headers, flash);
    Redirect::to(to).into_response()
}

fn section_q(section: &Option<String>) -> String {
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
fn desk_of(
    hall: &Arc<Hall>,
    id: &str,
    headers: &HeaderMap,
) -> Result<(Arc<Hosted>, Session), Response> {
    let h = hall.get(id).ok_or_else(view::not_found)?;
    let s = auth::reader(hall, headers, id)?;
    Ok((h, s))
}

/// The hosted event and the writer's session (CSRF checked), or the response.
fn writer_of(
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

fn unavailable(e: String) -> Response {
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
        Frame::new(&h, "Desk", Some(&s), "/a/").flash(flash).live(&h),
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

fn names_of(t: &chess_arbiter::model::Tournament) -> HashMap<u32, String> {
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
        Frame::new(&h, format!("Results, round {round}"), Some(&s), "/a/results").flash(flash),
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
                    bad.push(format!("board {board}: the page's old value {seen:?} is not a result"));
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
    let to = format!("/e/{id}/a/results?section={}&round={round}", url_part(&section));
    let lines = match sheet(&f, &section, round) {
        Ok(l) => l,
        Err(bad) => {
            let mut flash = vec![Flash::error("nothing written: the sheet has lines that are not results")];
            flash.extend(bad.into_iter().map(Flash::error));
            return back(&hall, &headers, &to, flash);
        }
    };
    if lines.is_empty() {
        return back(&hall, &headers, &to, vec![Flash::warn("nothing changed on the sheet")]);
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
                    .map(|b| format!("{} (pairing-allocated bye)", names.get(&b.0).cloned().unwrap_or_default()))
                    .collect();
                (board_rows(e, &sec.key, r)?, render::event::verdict(&t, &p), byes)
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
    let done = with_event(&h, move |e| e.pair(&author, section.as_deref(), draft, None)).await;
    let flash = match done {
        Ok(p) if p.published => vec![Flash::ok(format!(
            "round {} of {} published{}",
            p.round,
            p.section,
            if p.from_draft { " (the draft as it was)" } else { "" }
        ))],
        Ok(p) => vec![Flash::ok(format!("round {} of {} paired as a draft: check it, change it if needed, publish it", p.round, p.section))],
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
        Some("flip") => f.required("board").map(|board| ManualChange::Flip { board }),
        _ => f
            .required("a")
            .and_then(|a| Ok(ManualChange::Swap { a, b: f.required("b")? })),
    };
    let change = match change {
        Ok(c) => c,
        Err(e) => return back(&hall, &headers, &to, vec![Flash::error(e)]),
    };
    let author = s.author(f.text("reason"));
    let done = with_event(&h, move |e| e.change(&author, section.as_deref(), change)).await;
    let flash = match done {
        Ok(r) => vec![Flash::ok(format!("draft of round {r} changed by hand; the verdict below is check's on the changed draft"))],
        Err(e) => vec![Flash::error(e)],
    };
    back(&hall, &headers, &to, flash)
}

#[derive(Serialize)]
struct PlayerRow {
    number: u32,
    name: String,
    rating: Option<u16>,
    fed: String,
    fide_id: String,
    title: String,
    category: String,
}

fn player_row(p: &Player) -> PlayerRow {
    PlayerRow {
        number: p.id.0,
        name: p.name.clone(),
        rating: p.rating,
        fed: p.federation.clone().unwrap_or_default(),
        fide_id: p.fide_id.clone().unwrap_or_default(),
        title: p.title.as_ref().map(|t| t.code().to_string()).unwrap_or_default(),
        category: p.registered_category.clone().unwrap_or_default(),
    }
}

pub async fn players_page(
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
        let t = e.tournament(Some(&sec.key))?;
        Ok((sec, t.players.iter().map(player_row).collect::<Vec<_>>(), e.sections()?))
    })
    .await;
    let (sec, players, sections) = match data {
        Ok(x) => x,
        Err(e) => return unavailable(e),
    };
    let flash = hall.sessions.take_flash(&headers);
    view::render(
        "players.html",
        Frame::new(&h, "Players", Some(&s), "/a/players").flash(flash),
        context! {
            section => sec.key, section_name => sec.name, players => players,
            published => sec.published,
            sections => sections.into_iter().map(|s| (s.key, s.name)).collect::<Vec<_>>(),
        },
    )
}

/// The player data of a form, as the command line's `--name`, `--rating`….
fn player_data(f: &Fields) -> Result<PlayerData, String> {
    Ok(PlayerData {
        name: f.text("name"),
        rating: match f.text("rating") {
            None => None,
            Some(r) => Some(r.parse().map_err(|_| format!("rating: expected a whole number up to 65535, found {r:?}"))?),
        },
        fed: f.text("fed"),
        birth: f.text("birth"),
        sex: match f.text("sex").as_deref() {
            None => None,
            Some("M") => Some(SexArg::M),
            Some("F") => Some(SexArg::F),
            Some(x) => return Err(format!("sex: expected M or F, found {x:?}")),
        },
        title: f.text("title"),
        category: f.text("category"),
    })
}

fn failure_text(e: super::super::super::exit::Failure) -> String {
    use super::super::super::exit::Failure;
    match e {
        Failure::Invalid(m) | Failure::Access(m) | Failure::Message(_, m) => m,
        Failure::Input { diagnostics, .. } => diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("; "),
        Failure::Reported(code) => format!("refused (exit {code})"),
    }
}

pub async fn register(
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
    let section = f.text("section");
    let to = format!("/e/{id}/a/players?{}", section_q(&section));
    let mut p = Player {
        fide_id: f.text("fide_id"),
        ..Player::default()
    };
    let made = player_data(&f).and_then(|d| d.apply(&mut p).map_err(failure_text));
    let first = f.number("first_round").map(|n| n.unwrap_or(1).max(1));
    let first_round = match (made, first) {
        (Ok(()), Ok(n)) if !p.name.trim().is_empty() => n,
        (Err(e), _) | (_, Err(e)) => return back(&hall, &headers, &to, vec![Flash::error(e)]),
        _ => return back(&hall, &headers, &to, vec![Flash::error("name: expected the player's name, found nothing")]),
    };
    // a latecomer (first round after 1) misses the rounds before with a
    // zero-point bye unless the section's rule says otherwise
    let entrant = Entrant {
        player: p,
        first_round,
        missed: (f.get("late") == Some("zero") && first_round > 1).then_some(ByeCode::Z),
    };
    let author = s.author(None);
    let done = with_event(&h, move |e| e.register(&author, section.as_deref(), vec![entrant])).await;
    let flash = match done {
        Ok(seq) => vec![Flash::ok(format!("step {seq}: player registered"))],
        Err(e) => vec![Flash::error(e)],
    };
    back(&hall, &headers, &to, flash)
}

pub async fn player_page(
    State(hall): State<Arc<Hall>>,
    Path((id, n)): Path<(String, u32)>,
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
        let t = e.tournament(Some(&sec.key))?;
        let p = t.players.iter().find(|p| p.id.0 == n).map(|p| {
            let sex = match p.sex {
                Some(chess_arbiter::model::Sex::Male) => "M",
                Some(chess_arbiter::model::Sex::Female) => "F",
                None => "",
            };
            let birth = p.birth.as_ref().map(|b| b.to_string()).unwrap_or_default();
            (player_row(p), sex, birth)
        });
        Ok((sec, p))
    })
    .await;
    let (sec, p) = match data {
        Ok((sec, Some(p))) => (sec, p),
        Ok((sec, None)) => {
            return view::error_page(
                StatusCode::NOT_FOUND,
                &format!("section {}: expected a player's number, found {n}", sec.key),
            )
        }
        Err(e) => return unavailable(e),
    };
    let flash = hall.sessions.take_flash(&headers);
    view::render(
        "player.html",
        Frame::new(&h, format!("Player {n}"), Some(&s), "/a/players").flash(flash),
        context! { section => sec.key, player => p.0, sex => p.1, birth => p.2 },
    )
}

pub async fn edit(
    State(hall): State<Arc<Hall>>,
    Path((id, n)): Path<(String, u32)>,
    headers: HeaderMap,
    Form(f): Form<Vec<(String, String)>>,
) -> Response {
    let f = Fields(f);
    let (h, s) = match writer_of(&hall, &id, &headers, &f, false) {
        Ok(x) => x,
        Err(r) => return r,
    };
    let section = f.text("section");
    let to = format!("/e/{id}/a/players/{n}?{}", section_q(&section));
    let data = match player_data(&f) {
        Ok(d) => d,
        Err(e) => return back(&hall, &headers, &to, vec![Flash::error(e)]),
    };
    // check the fields before the step (its closure cannot fail)
    let mut probe = Player::default();
    if let Err(e) = data.apply(&mut probe) {
        return back(&hall, &headers, &to, vec![Flash::error(failure_text(e))]);
    }
    let fide_id = f.text("fide_id");
    let author = s.author(None);
    let done = with_event(&h, move |e| {
        e.edit(&author, section.as_deref(), n, |p| {
            let _ = data.apply(p);
            p.fide_id = fide_id;
        })
    })
    .await;
    let flash = match done {
        Ok(seq) => vec![Flash::ok(format!("step {seq}: player {n} changed"))],
        Err(e) => vec![Flash::error(e)],
    };
    back(&hall, &headers, &to, flash)
}

#[derive(Serialize)]
struct ByeRow {
    round: u32,
    player: String,
    kind: &'static str,
}

pub async fn byes_page(
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
        let t = e.tournament(Some(&sec.key))?;
        let names = names_of(&t);
        let last = sec.rounds_total.unwrap_or(sec.published + 1).max(sec.published + 1);
        let mut rows = Vec::new();
        for r in (sec.published + 1)..=last {
            for (n, code) in e.byes(Some(&sec.key), r)? {
                rows.push(ByeRow {
                    round: r,
                    player: names.get(&n).cloned().unwrap_or_else(|| n.to_string()),
                    kind: match code {
                        ByeCode::H => "half-point bye",
                        ByeCode::F => "full-point bye",
                        ByeCode::Z => "zero-point bye (absent)",
                        ByeCode::U => "pairing-allocated bye",
                    },
                });
            }
        }
        let players: Vec<(u32, String)> = t.players.iter().map(|p| (p.id.0, format!("{}. {}", p.id.0, p.name))).collect();
        Ok((sec, rows, players, e.sections()?))
    })
    .await;
    let (sec, rows, players, sections) = match data {
        Ok(x) => x,
        Err(e) => return unavailable(e),
    };
    let flash = hall.sessions.take_flash(&headers);
    view::render(
        "byes.html",
        Frame::new(&h, "Byes and withdrawals", Some(&s), "/a/byes").flash(flash),
        context! {
            section => sec.key, section_name => sec.name, next => sec.published + 1,
            byes => rows, players => players,
            sections => sections.into_iter().map(|s| (s.key, s.name)).collect::<Vec<_>>(),
        },
    )
}

pub async fn bye(
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
    let section = f.text("section");
    let to = format!("/e/{id}/a/byes?{}", section_q(&section));
    let (player, round) = match (f.required("player"), f.required("round")) {
        (Ok(p), Ok(r)) => (p, r),
        (Err(e), _) | (_, Err(e)) => return back(&hall, &headers, &to, vec![Flash::error(e)]),
    };
    let code = match f.get("kind") {
        Some("half") => Some(ByeCode::H),
        Some("zero") => Some(ByeCode::Z),
        Some("none") => None,
        other => {
            return back(&hall, &headers, &to, vec![Flash::error(format!("kind: expected half, zero or none, found {other:?}"))])
        }
    };
    let author = s.author(f.text("reason"));
    let done = with_event(&h, move |e| e.bye(&author, section.as_deref(), player, round, code)).await;
    let flash = match done {
        Ok(seq) => vec![Flash::ok(format!("step {seq}: bye of player {player} in round {round} recorded"))],
        Err(e) => vec![Flash::error(e)],
    };
    back(&hall, &headers, &to, flash)
}

pub async fn withdraw(
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
    let to = format!("/e/{id}/a/byes?{}", section_q(&section));
    let (player, from) = match (f.required("player"), f.number("from_round")) {
        (Ok(p), Ok(r)) => (p, r),
        (Err(e), _) | (_, Err(e)) => return back(&hall, &headers, &to, vec![Flash::error(e)]),
    };
    let author = s.author(f.text("reason"));
    let done = with_event(&h, move |e| e.withdraw(&author, section.as_deref(), player, from)).await;
    let flash = match done {
        Ok(seq) => vec![Flash::ok(format!("step {seq}: player {player} withdrawn"))],
        Err(e) => vec![Flash::error(e)],
    };
    back(&hall, &headers, &to, flash)
}

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
                if last.is_none() && !l.undone && !matches!(l.step, chess_arbiter::event::Step::Undo { .. }) {
                    last = Some(context! { seq => l.seq, what => render::event::describe(&l.step) });
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
        Frame::new(&h, "Log", Some(&s), "/a/log").flash(flash).live(&h),
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

/// The roles' names as the pages show them.
pub fn role_name(r: Role) -> &'static str {
    match r {
        Role::Chief => "chief arbiter",
        Role::Deputy => "deputy arbiter",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(v: &[(&str, &str)]) -> Fields {
        Fields(v.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect())
    }

    #[test]
    fn a_sheet_sends_only_what_changed_with_what_the_page_showed() {
        let f = fields(&[
            ("r1", "1-0"), ("o1", "1-0"),
            ("r2", "1/2"), ("o2", ""),
            ("r3", "0-1"), ("o3", "1-0"),
            ("r4", ""), ("o4", ""),
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
        let f = fields(&[("r1", "1-0"), ("o1", ""), ("r2", "2-0"), ("o2", ""), ("r3", ""), ("o3", "1-0")]);
        let bad = sheet(&f, "main", 1).unwrap_err();
        assert_eq!(bad.len(), 2, "{bad:?}");
        assert!(bad[0].contains("board 2") && bad[0].contains("\"2-0\""), "{bad:?}");
        assert!(bad[1].contains("board 3") && bad[1].contains("cannot be emptied"), "{bad:?}");
    }

    #[test]
    fn query_values_are_escaped() {
        assert_eq!(url_part("u19 girls&x"), "u19%20girls%26x");

    }
}
