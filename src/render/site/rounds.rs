//! Round pages (pairings by board, byes and absences, the check verdict),
//! the next round's pairing and the round-by-round check.

use minijinja::Environment;
use serde::Serialize;

use super::common::{
    bye_kind, player_file, rating_text, render, round_file, Frame, SiteError, SiteInput,
};
use crate::model::{ByeKind, Outcome, PlayerId, Points, RoundEntry, Tournament};
use crate::pairing::check::report::Report;
use crate::pairing::dutch::Pairing;
use crate::render::round_robin::NextRound;

#[derive(Serialize)]
struct Side {
    id: u32,
    name: String,
    href: String,
    rating: String,
    points: String,
}

#[derive(Serialize)]
struct BoardRow {
    board: usize,
    white: Side,
    black: Side,
    result: String,
}

#[derive(Serialize)]
struct Other {
    id: u32,
    name: String,
    href: String,
    rating: String,
    points: String,
    kind: String,
    value: String,
}

#[derive(Serialize)]
struct RoundPage {
    heading: String,
    date: String,
    system: String,
    verdict: String,
    verdict_class: String,
    check_href: String,
    boards: Vec<BoardRow>,
    others: Vec<Other>,
    notes: Vec<String>,
}

fn score_before(t: &Tournament, id: PlayerId, round: u32) -> Points {
    t.player(id)
        .map(|p| t.score(p, Some(round as usize - 1)))
        .unwrap_or(Points::ZERO)
}

fn side(t: &Tournament, id: PlayerId, round: u32) -> Side {
    let p = t.player(id);
    Side {
        id: id.0,
        name: p.map(|p| p.name.clone()).unwrap_or_default(),
        href: if p.is_some() {
            player_file(id)
        } else {
            String::new()
        },
        rating: rating_text(p),
        points: score_before(t, id, round).to_string(),
    }
}

/// The board's result from White's side: `1 - 0`, `½ - ½`, `+ - -`, ...
fn board_result(white: RoundEntry, black: RoundEntry) -> String {
    match (white, black) {
        (RoundEntry::Played { outcome, .. }, _) => match outcome {
            Outcome::Win => "1 - 0",
            Outcome::Draw => "½ - ½",
            Outcome::Loss => "0 - 1",
        }
        .into(),
        (RoundEntry::Forfeit { won: true, .. }, _) => "+ - -".into(),
        (_, RoundEntry::Forfeit { won: true, .. }) => "- - +".into(),
        (RoundEntry::Forfeit { .. }, _) => "- - -".into(),
        (RoundEntry::Unknown { .. }, _) => "?".into(),
        _ => String::new(),
    }
}

fn other(t: &Tournament, id: PlayerId, round: u32, e: RoundEntry) -> Other {
    let s = side(t, id, round);
    Other {
        id: s.id,
        name: s.name,
        href: s.href,
        rating: s.rating,
        points: s.points,
        kind: bye_kind(e).to_string(),
        value: e
            .points(&t.scoring)
            .map(|p| p.to_string())
            .unwrap_or_default(),
    }
}

pub(crate) fn round_page(
    env: &Environment<'_>,
    fr: &Frame,
    input: &SiteInput<'_>,
    round: u32,
) -> Result<String, SiteError> {
    let t = input.tournament;
    let k = round as usize;
    let boards = crate::model::recorded_boards(t, round)
        .into_iter()
        .enumerate()
        .map(|(i, (w, b))| {
            let we = t.player(w).map(|p| p.round(k)).unwrap_or_default();
            let be = t.player(b).map(|p| p.round(k)).unwrap_or_default();
            BoardRow {
                board: i + 1,
                white: side(t, w, round),
                black: side(t, b, round),
                result: board_result(we, be),
            }
        })
        .collect();
    let others = t
        .players
        .iter()
        .filter(|p| p.round(k).opponent().is_none())
        .map(|p| other(t, p.id, round, p.round(k)))
        .collect();
    let checked = input
        .check
        .and_then(|c| c.rounds.iter().find(|r| r.round == round).map(|r| (c, r)));
    let (system, verdict, verdict_class, check_href) = match checked {
        Some((c, r)) => (
            c.system.name().to_string(),
            r.verdict.name().to_string(),
            verdict_class(r.verdict.is_conform()),
            format!("check.html#round-{round}"),
        ),
        None => Default::default(),
    };
    let heading = format!("Round {round}");
    let page = RoundPage {
        heading: format!("Round {round}: pairings and results"),
        date: t
            .info
            .round_dates
            .get(k - 1)
            .copied()
            .flatten()
            .map(|d| d.to_string())
            .unwrap_or_default(),
        system,
        verdict,
        verdict_class,
        check_href,
        boards,
        others,
        notes: Vec::new(),
    };
    render(env, "round.html", fr, &heading, &page)
}

fn verdict_class(ok: bool) -> String {
    if ok {
        "verdict-conform".into()
    } else {
        "verdict-bad".into()
    }
}

/// The next round as the Dutch engine pairs it.
pub(crate) fn next_page(
    env: &Environment<'_>,
    fr: &Frame,
    input: &SiteInput<'_>,
    p: &Pairing,
) -> Result<String, SiteError> {
    let t = input.tournament;
    let round = p.round;
    let mut others: Vec<Other> = p
        .bye
        .iter()
        .map(|&b| {
            other(
                t,
                b,
                round,
                RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated,
                },
            )
        })
        .collect();
    for &id in &p.not_paired {
        let e = t
            .player(id)
            .map(|x| x.round(round as usize))
            .unwrap_or_default();
        others.push(other(t, id, round, e));
    }
    let pairs: Vec<(PlayerId, PlayerId)> = p.boards.iter().map(|b| (b.white, b.black)).collect();
    let note = format!(
        "Paired with {} ({}; {}).",
        p.edition.name(),
        p.edition.source(),
        p.edition_reason
    );
    let heading = format!("Round {round}: pairing by the FIDE Dutch system");
    unplayed_round_page(env, fr, t, round, &pairs, others, heading, note)
}

/// A round robin's next round (`arbiter pair --format html`): the boards of
/// its Berger table round (FIDE C.05 Annex 1) and the free player of an odd
/// field, on the same page as a Swiss pairing.
pub(crate) fn berger_next_page(
    env: &Environment<'_>,
    fr: &Frame,
    input: &SiteInput<'_>,
    next: &NextRound,
) -> Result<String, SiteError> {
    let t = input.tournament;
    let round = next.round;
    let others = next
        .free
        .iter()
        .map(|&id| {
            let mut o = other(t, id, round, RoundEntry::Free);
            o.kind = "free (odd field: no game, no point)".into();
            o
        })
        .collect();
    let pairs: Vec<(PlayerId, PlayerId)> = next.boards.iter().map(|b| (b.white, b.black)).collect();
    let table = if next.cycles == 2 {
        "double round robin"
    } else {
        "single round robin"
    };
    let heading = format!("Round {round}: the Berger table ({table})");
    let note = format!(
        "Round {round} of the Berger table for {} players (FIDE C.05 Annex 1), by their pairing numbers.",
        t.players.len()
    );
    unplayed_round_page(env, fr, t, round, &pairs, others, heading, note)
}

/// The page of a round paired but not played: boards without results.
#[allow(clippy::too_many_arguments)]
fn unplayed_round_page(
    env: &Environment<'_>,
    fr: &Frame,
    t: &Tournament,
    round: u32,
    pairs: &[(PlayerId, PlayerId)],
    others: Vec<Other>,
    heading: String,
    note: String,
) -> Result<String, SiteError> {
    let boards = pairs
        .iter()
        .enumerate()
        .map(|(i, &(w, b))| BoardRow {
            board: i + 1,
            white: side(t, w, round),
            black: side(t, b, round),
            result: String::new(),
        })
        .collect();
    let page = RoundPage {
        heading,
        date: String::new(),
        system: String::new(),
        verdict: String::new(),
        verdict_class: String::new(),
        check_href: String::new(),
        boards,
        others,
        notes: vec![note],
    };
    render(
        env,
        "round.html",
        fr,
        &format!("Round {round} pairing"),
        &page,
    )
}

/// The round-by-round check with each round's explanation; `self_href` is
/// the page's own address (the app's form posts back to it).
pub(crate) fn check_page(
    env: &Environment<'_>,
    fr: &Frame,
    c: &Report,
    _self_href: &str,
) -> Result<String, SiteError> {
    #[derive(Serialize)]
    struct R {
        round: u32,
        round_href: String,
        verdict: String,
        class: String,
        text: String,
    }
    #[derive(Serialize)]
    struct Ck {
        heading: String,
        system: String,
        system_reason: String,
        handbook: String,
        warnings: Vec<String>,
        rounds: Vec<R>,
        summary: String,
    }
    let bad = c.rounds.iter().filter(|r| !r.verdict.is_conform()).count();
    let page = Ck {
        heading: "Pairing check, round by round".into(),
        system: c.system.name().into(),
        system_reason: c.system_reason.clone(),
        handbook: c.handbook.clone(),
        warnings: c.warnings.iter().map(|w| w.to_string()).collect(),
        rounds: c
            .rounds
            .iter()
            .map(|r| R {
                round: r.round,
                round_href: round_file(r.round),
                verdict: r.verdict.name().into(),
                class: verdict_class(r.verdict.is_conform()),
                text: crate::render::check::round(r),
            })
            .collect(),
        summary: format!(
            "{} of {} rounds conform.",
            c.rounds.len() - bad,
            c.rounds.len()
        ),
    };
    render(env, "check.html", fr, "Pairing check", &page)
}
