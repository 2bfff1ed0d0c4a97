//! Round pages (pairings by board, byes and absences, the check verdict),
//! the next round's pairing and the round-by-round check.

use minijinja::Environment;
use serde::Serialize;

use super::common::{
    absence_kind, bye_kind, player_file, rating_text, render, round_file, Frame, SiteError,
    SiteInput,
};
use crate::model::{ByeKind, Outcome, PlayerId, Points, RoundEntry, Tournament};
use crate::pairing::dutch::Pairing;
use crate::render::i18n::{date, Lang};
use crate::render::round_robin::NextRound;
use crate::tr;

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
    /// The round selector (empty on a page of a round not yet played).
    rounds: Vec<RoundLink>,
}

/// One entry of a round selector: a link to round `round`'s page, marked
/// when it is the page shown.
#[derive(Serialize)]
pub(crate) struct RoundLink {
    round: u32,
    href: String,
    current: bool,
}

/// The selector of rounds 1..=`last` with `current` marked; `href` names
/// each round's page.
pub(crate) fn round_links(last: u32, current: u32, href: impl Fn(u32) -> String) -> Vec<RoundLink> {
    (1..=last)
        .map(|r| RoundLink {
            round: r,
            href: href(r),
            current: r == current,
        })
        .collect()
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

fn other(lang: Lang, t: &Tournament, id: PlayerId, round: u32, e: RoundEntry) -> Other {
    let s = side(t, id, round);
    // A recorded round's absence says "withdrawn" for a player who left.
    let kind = match t.player(id) {
        Some(p) if p.round(round as usize) == e => absence_kind(lang, t, p, round),
        _ => bye_kind(lang, e),
    };
    Other {
        id: s.id,
        name: s.name,
        href: s.href,
        rating: s.rating,
        points: s.points,
        kind,
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
        .map(|p| other(input.lang, t, p.id, round, p.round(k)))
        .collect();
    let checked = input
        .check
        .and_then(|c| c.rounds.iter().find(|r| r.round == round).map(|r| (c, r)));
    let (system, verdict, verdict_class, check_href) = match checked {
        Some((c, r)) => (
            if input.lang == Lang::ENGLISH {
                c.system.name().to_string()
            } else {
                edition_words(input.lang, c.system)
            },
            verdict_words(input.lang, &r.verdict),
            verdict_class(r.verdict.is_conform()),
            format!("check.html#round-{round}"),
        ),
        None => Default::default(),
    };
    let lang = input.lang;
    let heading = tr!(lang, "round-title", round = round);
    let page = RoundPage {
        heading: tr!(lang, "round-heading", round = round),
        date: t
            .info
            .round_dates
            .get(k - 1)
            .copied()
            .flatten()
            .map(|d| date(lang, d))
            .unwrap_or_default(),
        system,
        verdict,
        verdict_class,
        check_href,
        boards,
        others,
        notes: Vec::new(),
        rounds: round_links(input.standings.len() as u32, round, round_file),
    };
    render(env, "round.html", fr, &heading, &page)
}

/// An edition of the Dutch system in words: `FIDE Dutch 2025`, `FIDE 荷蘭制 2025 版`.
pub(crate) fn edition_words(lang: Lang, e: crate::pairing::dutch::DutchEdition) -> String {
    use crate::pairing::dutch::DutchEdition;
    match e {
        DutchEdition::Dutch2017 => tr!(lang, "edition-dutch-2017"),
        DutchEdition::Dutch2025 => tr!(lang, "edition-dutch-2025"),
    }
}

/// A check's verdict in `lang` (`conform`, `不符合`...): the catalogue's
/// word for each verdict, keyed by the verdict's English name.
pub(crate) fn verdict_words(lang: Lang, v: &crate::pairing::check::Verdict) -> String {
    use crate::pairing::check::Verdict;
    match v {
        Verdict::Conform => tr!(lang, "verdict-conform"),
        Verdict::ColoursDiffer { .. } => tr!(lang, "verdict-colours-differ"),
        Verdict::Differs { .. } => tr!(lang, "verdict-differs"),
        Verdict::Illegal { .. } => tr!(lang, "verdict-illegal"),
        Verdict::NoLegalPairing { .. } => tr!(lang, "verdict-no-legal-pairing"),
        Verdict::NotChecked { .. } => tr!(lang, "verdict-not-checked"),
        Verdict::Inconsistent { .. } => tr!(lang, "verdict-inconsistent"),
    }
}

pub(super) fn verdict_class(ok: bool) -> String {
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
                input.lang,
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
        others.push(other(input.lang, t, id, round, e));
    }
    let pairs: Vec<(PlayerId, PlayerId)> = p.boards.iter().map(|b| (b.white, b.black)).collect();
    let lang = input.lang;
    let note = tr!(
        lang,
        "next-paired-with",
        edition = if lang == Lang::ENGLISH {
            p.edition.name().to_string()
        } else {
            edition_words(lang, p.edition)
        },
        source = p.edition.source(),
        reason = p.edition_reason.to_string()
    );
    let heading = tr!(lang, "next-heading", round = round);
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
            let mut o = other(input.lang, t, id, round, RoundEntry::Free);
            o.kind = tr!(input.lang, "bye-free");
            o
        })
        .collect();
    let pairs: Vec<(PlayerId, PlayerId)> = next.boards.iter().map(|b| (b.white, b.black)).collect();
    let lang = input.lang;
    let table = if next.cycles == 2 {
        tr!(lang, "berger-double")
    } else {
        tr!(lang, "berger-single")
    };
    let heading = tr!(lang, "berger-heading", round = round, table = table);
    let note = tr!(
        lang,
        "berger-note",
        round = round,
        players = t.players.len()
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
        rounds: Vec::new(),
    };
    render(
        env,
        "round.html",
        fr,
        &tr!(fr.language(), "round-pairing-title", round = round),
        &page,
    )
}

/// The rounds page: every round with its date, its pairings and results,
/// the standings after it and, when checked, the check's verdict.
pub(crate) fn rounds_page(
    env: &Environment<'_>,
    fr: &Frame,
    input: &SiteInput<'_>,
) -> Result<String, SiteError> {
    let t = input.tournament;
    #[derive(Serialize)]
    struct Row {
        round: u32,
        date: String,
        href: String,
        standings: String,
        boards: usize,
        verdict: String,
        verdict_class: String,
    }
    let rows = (1..=input.standings.len() as u32)
        .map(|r| {
            let checked = input
                .check
                .and_then(|c| c.rounds.iter().find(|x| x.round == r));
            Row {
                round: r,
                date: t
                    .info
                    .round_dates
                    .get(r as usize - 1)
                    .copied()
                    .flatten()
                    .map(|d| date(input.lang, d))
                    .unwrap_or_default(),
                href: round_file(r),
                standings: format!("standings-{r}.html"),
                boards: crate::model::recorded_boards(t, r).len(),
                verdict: checked
                    .map(|x| verdict_words(input.lang, &x.verdict))
                    .unwrap_or_default(),
                verdict_class: checked
                    .map(|x| verdict_class(x.verdict.is_conform()))
                    .unwrap_or_default(),
            }
        })
        .collect();
    #[derive(Serialize)]
    struct Rounds {
        rows: Vec<Row>,
        next: bool,
        dates: bool,
        check: bool,
    }
    let page = Rounds {
        dates: t.info.round_dates.iter().any(Option::is_some),
        rows,
        next: input.next.is_some(),
        check: input.check.is_some(),
    };
    render(
        env,
        "rounds.html",
        fr,
        &tr!(input.lang, "nav-rounds"),
        &page,
    )
}
