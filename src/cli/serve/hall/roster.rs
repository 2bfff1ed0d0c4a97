//! The desk's players, byes and withdrawals: register a player (a latecomer
//! from a later round), correct a player's data, request a bye for a round
//! not yet paired, withdraw a player (the chief arbiter).

use axum::extract::{Form, Path, Query};
use axum::http::StatusCode;
use minijinja::context;
use serde::Serialize;

use super::desk::names_of;
use super::form::{Answer, Asked, At, Fields};
use super::view::{self, Flash};
use chess_arbiter::event::{ByeCode, Entrant};
use chess_arbiter::model::fide_list::{FideList, ListKind, ListPlayer, Registration};
use chess_arbiter::model::Player;
use chess_arbiter::pairing::start_list::{build, StartListOptions};
use chess_arbiter::render::i18n::Lang;
use chess_arbiter::tr;

use super::super::super::event::{PlayerData, SexArg};

/// The language of the request being answered.
fn lang() -> Lang {
    super::super::lang::current()
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
        title: p
            .title
            .as_ref()
            .map(|t| t.code().to_string())
            .unwrap_or_default(),
        category: p.registered_category.clone().unwrap_or_default(),
    }
}

pub(crate) async fn players_page(asked: Asked, Query(at): Query<At>) -> Answer {
    let list = asked.hall.fide_list.clone();
    let d = asked.desk()?;
    let lang = lang();
    let section = at.section.clone();
    let data = d
        .load(move |e| {
            let sec = e.section(section.as_deref())?;
            let t = e.tournament(Some(&sec.key))?;
            Ok((
                sec,
                t.players.iter().map(player_row).collect::<Vec<_>>(),
                e.sections()?,
            ))
        })
        .await;
    let (sec, players, sections) = data?;
    let query = at.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    let hits = match (&list, query) {
        (Some(list), Some(q)) => search(list, q),
        _ => Vec::new(),
    };
    d.render(
        "players.html",
        tr!(lang, "hall-players"),
        "/a/players",
        false,
        context! {
            section_name => d.h.section_name(&sec.key, &sec.name, lang),
            section => sec.key, players => players,
            published => sec.published, list => list.as_ref().map(|l| l.label()),
            q => query, hits => hits, more => hits.len() >= MAX_HITS,
            sections => view::pick(&d.h, sections, lang),
        },
    )
}

/// Hits of a FIDE-list search shown at most.
const MAX_HITS: usize = 25;

#[derive(Serialize)]
struct Hit {
    fide_id: u64,
    name: String,
    federation: String,
    title: String,
    birth_year: Option<i32>,
    standard: Option<u16>,
}

/// The list's players whose FIDE id is `q`, or whose name holds every word
/// of `q` (letters compared without case), by name; at most [`MAX_HITS`].
fn search(list: &FideList, q: &str) -> Vec<Hit> {
    let hit = |p: &ListPlayer| Hit {
        fide_id: p.fide_id,
        name: p.name.clone(),
        federation: p.federation.clone(),
        title: p
            .best_title()
            .map(|t| t.code().to_string())
            .unwrap_or_default(),
        birth_year: p.birth_year,
        standard: p.standard.map(|r| r.rating),
    };
    if let Ok(id) = q.parse::<u64>() {
        return list.players.get(&id).map(hit).into_iter().collect();
    }
    let words: Vec<String> = q
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let mut out: Vec<Hit> = list
        .players
        .values()
        .filter(|p| {
            let n = p.name.to_lowercase();
            words.iter().all(|w| n.contains(w.as_str()))
        })
        .take(MAX_HITS)
        .map(hit)
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// The player a registration of the FIDE list makes (as `arbiter event
/// register --fide-id N --fide-list LIST` does).
fn from_list(list: &FideList, fide_id: &str, category: Option<String>) -> Option<Player> {
    let reg = Registration {
        line: 1,
        fide_id: Some(fide_id.to_string()),
        category,
        name: None,
    };
    let opts = StartListOptions::new().kind(ListKind::Standard);
    build(std::slice::from_ref(&reg), list, &opts)
        .tournament
        .players
        .into_iter()
        .next()
}

/// The player data of a form, as the command line's `--name`, `--rating`….
fn player_data(f: &Fields) -> Result<PlayerData, String> {
    Ok(PlayerData {
        name: f.text("name"),
        rating: match f.text("rating") {
            None => None,
            Some(r) => Some(
                r.parse()
                    .map_err(|_| tr!(lang(), "desk-bad-rating", found = &r))?,
            ),
        },
        fed: f.text("fed"),
        birth: f.text("birth"),
        sex: match f.text("sex").as_deref() {
            None => None,
            Some("M") => Some(SexArg::M),
            Some("F") => Some(SexArg::F),
            Some(x) => return Err(tr!(lang(), "desk-bad-sex", found = x)),
        },
        title: f.text("title"),
        category: f.text("category"),
    })
}

/// The player's data refused by the command line's checks: said in the
/// page's language, then in the checks' own words.
fn data_refused(e: super::super::super::exit::Failure) -> Flash {
    Flash::error_with(tr!(lang(), "desk-player-data"), failure_text(e))
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

pub(crate) async fn register(asked: Asked, Form(f): Form<Vec<(String, String)>>) -> Answer {
    let post = asked.post(f, false, "players")?;
    let f = &post.f;
    let listed = match (f.get("from_list"), f.text("fide_id"), &post.hall.fide_list) {
        (Some(_), Some(id), Some(list)) => match from_list(list, &id, f.text("category")) {
            Some(p) => Some(p),
            None => return post.refuse(tr!(lang(), "desk-not-in-list", id = id)),
        },
        _ => None,
    };
    let from_the_list = listed.is_some();
    let mut p = listed.unwrap_or_else(|| Player {
        fide_id: f.text("fide_id"),
        ..Player::default()
    });
    if !from_the_list {
        let data = match player_data(f) {
            Ok(d) => d,
            Err(e) => return post.refuse(e),
        };
        if let Err(e) = data.apply(&mut p) {
            return post.back(vec![data_refused(e)]);
        }
    }
    let first_round = match f.number("first_round").map(|n| n.unwrap_or(1).max(1)) {
        Ok(n) if !p.name.trim().is_empty() => n,
        Err(e) => return post.refuse(e),
        Ok(_) => return post.refuse(tr!(lang(), "desk-no-name")),
    };
    // a latecomer (first round after 1) misses the rounds before with a
    // zero-point bye unless the section's rule says otherwise
    let entrant = Entrant {
        player: p,
        first_round,
        missed: (f.get("late") == Some("zero") && first_round > 1).then_some(ByeCode::Z),
    };
    post.write(
        false,
        move |e, author, section| e.register(author, section, vec![entrant]),
        |seq| vec![Flash::ok(tr!(lang(), "desk-registered", seq = seq))],
    )
    .await
}

pub(crate) async fn player_page(
    asked: Asked,
    Path((_, n)): Path<(String, u32)>,
    Query(at): Query<At>,
) -> Answer {
    let d = asked.desk()?;
    let data = d
        .load(move |e| {
            let sec = e.section(at.section.as_deref())?;
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
    let (sec, p) = data?;
    let lang = lang();
    let Some(p) = p else {
        return Err(view::error_page(
            StatusCode::NOT_FOUND,
            &tr!(
                lang,
                "desk-no-player",
                section = d.h.section_name(&sec.key, &sec.name, lang),
                n = n
            ),
        ));
    };
    d.render(
        "player.html",
        tr!(lang, "desk-player-title", n = n),
        "/a/players",
        false,
        context! { section => sec.key, player => p.0, sex => p.1, birth => p.2 },
    )
}

pub(crate) async fn edit(
    asked: Asked,
    Path((_, n)): Path<(String, u32)>,
    Form(f): Form<Vec<(String, String)>>,
) -> Answer {
    let post = asked.post(f, false, &format!("players/{n}"))?;
    let data = match player_data(&post.f) {
        Ok(d) => d,
        Err(e) => return post.refuse(e),
    };
    // check the fields before the step (its closure cannot fail)
    if let Err(e) = data.apply(&mut Player::default()) {
        return post.back(vec![data_refused(e)]);
    }
    let fide_id = post.f.text("fide_id");
    post.write(
        false,
        move |e, author, section| {
            e.edit(author, section, n, |p| {
                let _ = data.apply(p);
                p.fide_id = fide_id;
            })
        },
        |seq| {
            vec![Flash::ok(tr!(
                lang(),
                "desk-player-changed",
                seq = seq,
                n = n
            ))]
        },
    )
    .await
}

#[derive(Serialize)]
struct ByeRow {
    round: u32,
    player: String,
    kind: String,
}

pub(crate) async fn byes_page(asked: Asked, Query(at): Query<At>) -> Answer {
    let d = asked.desk()?;
    let lang = lang();
    let data = d
        .load(move |e| {
            let sec = e.section(at.section.as_deref())?;
            let t = e.tournament(Some(&sec.key))?;
            let names = names_of(&t);
            let last = sec
                .rounds_total
                .unwrap_or(sec.published + 1)
                .max(sec.published + 1);
            let mut rows = Vec::new();
            for r in (sec.published + 1)..=last {
                for (n, code) in e.byes(Some(&sec.key), r)? {
                    rows.push(ByeRow {
                        round: r,
                        player: names.get(&n).cloned().unwrap_or_else(|| n.to_string()),
                        kind: tr!(lang, "desk-bye-kind", code = code.as_str()),
                    });
                }
            }
            let players: Vec<(u32, String)> = t
                .players
                .iter()
                .map(|p| (p.id.0, format!("{}. {}", p.id.0, p.name)))
                .collect();
            Ok((sec, rows, players, e.sections()?))
        })
        .await;
    let (sec, rows, players, sections) = data?;
    d.render(
        "byes.html",
        tr!(lang, "desk-byes-title"),
        "/a/byes",
        false,
        context! {
            section => sec.key, next => sec.published + 1,
            byes => rows, players => players,
            sections => view::pick(&d.h, sections, lang),
        },
    )
}

pub(crate) async fn bye(asked: Asked, Form(f): Form<Vec<(String, String)>>) -> Answer {
    let post = asked.post(f, false, "byes")?;
    let (player, round) = match (post.f.required("player"), post.f.required("round")) {
        (Ok(p), Ok(r)) => (p, r),
        (Err(e), _) | (_, Err(e)) => return post.refuse(e),
    };
    let code = match post.f.get("kind") {
        Some("half") => Some(ByeCode::H),
        Some("zero") => Some(ByeCode::Z),
        Some("none") => None,
        other => {
            return post.refuse(tr!(
                lang(),
                "desk-bad-kind",
                found = other.unwrap_or_default()
            ))
        }
    };
    // the arbiter's tick after a Level-3 warning (a second half-point bye)
    let confirm = if post.f.get("confirm").is_some() {
        chess_arbiter::event::Confirm::Once
    } else {
        chess_arbiter::event::Confirm::None
    };
    post.write(
        true,
        move |e, author, section| e.confirm(confirm).bye(author, section, player, round, code),
        |seq| {
            vec![Flash::ok(tr!(
                lang(),
                "desk-bye-recorded",
                seq = seq,
                player = player,
                round = round
            ))]
        },
    )
    .await
}

pub(crate) async fn withdraw(asked: Asked, Form(f): Form<Vec<(String, String)>>) -> Answer {
    let post = asked.post(f, true, "byes")?;
    let (player, from) = match (post.f.required("player"), post.f.number("from_round")) {
        (Ok(p), Ok(r)) => (p, r),
        (Err(e), _) | (_, Err(e)) => return post.refuse(e),
    };
    post.write(
        true,
        move |e, author, section| e.withdraw(author, section, player, from),
        |seq| {
            vec![Flash::ok(tr!(
                lang(),
                "desk-withdrawn",
                seq = seq,
                player = player
            ))]
        },
    )
    .await
}
