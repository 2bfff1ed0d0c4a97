//! The standings pages (after each round and final) and the crosstable:
//! tie-break columns headed by their short names with the full name as the
//! head's title, names kept on one line, the less needed columns hidden on a
//! phone (`style.css`).

use minijinja::Environment;
use serde::Serialize;

use super::common::{
    anchor, final_standings, player_file, rating_text, render, Frame, SiteError, SiteInput,
};
use super::rounds::{round_links, RoundLink};
use crate::model::{Color, Outcome, RoundEntry, Tournament};
use crate::render::i18n::{players, Lang};
use crate::render::standings::{
    format_value, full_name, header_line, legend_in, same_as_overall, short_name_in, tiebreak_name,
};
use crate::standings::Standings;
use crate::tr;

/// The full name of tie-break `k` in `lang`: the engine's words (with the
/// article) in English, the catalogue's name in another language.
pub(crate) fn full_name_in(s: &Standings, k: usize, lang: Lang) -> String {
    match s.tiebreaks.get(k) {
        Some(spec) if lang != Lang::ENGLISH => {
            let name = s.tiebreak_names.get(k).cloned().unwrap_or_default();
            tiebreak_name(spec, &name, lang).1
        }
        _ => full_name(s, k),
    }
}

/// A C.07 edition as the catalogue words it: `2023`, and `pre2023` as
/// "before 2023" in a language other than English.
pub(crate) fn c07_edition(lang: Lang, edition: &str) -> String {
    match edition.strip_prefix("pre") {
        Some(year) if lang != Lang::ENGLISH => tr!(lang, "c07-edition-before", year = year),
        _ => edition.to_string(),
    }
}

/// The line under a standings heading: the round and the C.07 edition with
/// why it applies, in `lang`.
fn header_line_in(s: &Standings, lang: Lang) -> String {
    if lang == Lang::ENGLISH {
        return header_line(s);
    }
    let how = match &s.edition_source {
        crate::standings::EditionSource::Requested => tr!(lang, "edition-requested"),
        crate::standings::EditionSource::EventDate { date } => tr!(
            lang,
            "edition-by-date",
            date = crate::render::i18n::date(lang, *date)
        ),
        crate::standings::EditionSource::NoDate => tr!(lang, "edition-no-date"),
    };
    tr!(
        lang,
        "standings-header-line",
        round = s.after_round,
        edition = c07_edition(lang, &s.edition.to_string()),
        how = how
    )
}

/// A column head: its label, the full name as its title (tie-breaks), and
/// its class (`n` right-aligned; `w` shown only on a wide screen).
#[derive(Serialize)]
struct Head {
    label: String,
    title: String,
    class: String,
}

/// How many tie-break columns a phone shows (the rest are `w`).
const NARROW_TIEBREAKS: usize = 3;

/// The class of tie-break column `k`: right-aligned, and from the fourth on
/// shown only on a wide screen.
fn tb_class(k: usize) -> String {
    if k < NARROW_TIEBREAKS {
        "n".into()
    } else {
        "n w".into()
    }
}

#[derive(Serialize)]
struct StRow {
    rank: String,
    id: u32,
    title: String,
    name: String,
    href: String,
    fed: String,
    rating: String,
    points: String,
    tiebreaks: Vec<String>,
}

#[derive(Serialize)]
struct Table {
    caption: String,
    anchor: String,
    rows: Vec<StRow>,
    /// A category ranked exactly as the overall table: named, not repeated.
    same: bool,
    players: String,
}

fn st_row(t: &Tournament, s: &Standings, rank: u32, row: &crate::standings::Row) -> StRow {
    let p = t.player(row.player);
    StRow {
        rank: if row.shared {
            format!("{rank}=")
        } else {
            rank.to_string()
        },
        id: row.player.0,
        title: p
            .and_then(|p| p.title.as_ref())
            .map(|t| t.code().to_string())
            .unwrap_or_default(),
        name: p.map(|p| p.name.clone()).unwrap_or_default(),
        href: player_file(row.player),
        fed: p.and_then(|p| p.federation.clone()).unwrap_or_default(),
        rating: rating_text(p),
        points: row.points.to_string(),
        tiebreaks: s
            .tiebreaks
            .iter()
            .enumerate()
            .map(|(k, spec)| format_value(spec, row.tiebreaks.get(k).copied().flatten()))
            .collect(),
    }
}

fn tb_heads(s: &Standings, lang: Lang) -> Vec<Head> {
    (0..s.tiebreaks.len())
        .map(|k| Head {
            label: short_name_in(s, k, lang),
            title: full_name_in(s, k, lang),
            class: tb_class(k),
        })
        .collect()
}

pub(super) fn standings(
    env: &Environment<'_>,
    fr: &Frame,
    input: &SiteInput<'_>,
    round: u32,
    is_final: bool,
) -> Result<String, SiteError> {
    let t = input.tournament;
    let lang = input.lang;
    let Some(s) = input.standings.get(round as usize - 1) else {
        return Err(SiteError::NoStandings { round: Some(round) });
    };
    let mut head: Vec<Head> = [
        (tr!(lang, "col-rank"), "n"),
        (tr!(lang, "col-start-rank"), "n w"),
        (String::new(), "w"),
        (tr!(lang, "col-name"), ""),
        (tr!(lang, "col-federation"), "w"),
        (tr!(lang, "col-rating"), "n w"),
        (tr!(lang, "col-points"), "n"),
    ]
    .into_iter()
    .map(|(l, c)| Head {
        label: l,
        title: String::new(),
        class: c.to_string(),
    })
    .collect();
    head.extend(tb_heads(s, lang));
    let mut tables = vec![Table {
        caption: tr!(lang, "nav-standings"),
        anchor: String::new(),
        rows: s.rows.iter().map(|r| st_row(t, s, r.rank, r)).collect(),
        same: false,
        players: players(lang, s.rows.len()),
    }];
    for c in &s.categories {
        let same = same_as_overall(s, c);
        tables.push(Table {
            caption: tr!(lang, "site-category", name = c.names.get(lang.tag())),
            anchor: anchor("cat", &c.name),
            rows: if same {
                Vec::new()
            } else {
                c.rows
                    .iter()
                    .filter_map(|cr| s.row(cr.player).map(|r| st_row(t, s, cr.rank, r)))
                    .collect()
            },
            same,
            players: players(lang, c.rows.len()),
        });
    }
    #[derive(Serialize)]
    struct St {
        heading: String,
        header_line: String,
        head: Vec<Head>,
        tb_class: Vec<String>,
        tables: Vec<Table>,
        legend: Vec<String>,
        notes: Vec<String>,
        rounds: Vec<RoundLink>,
    }
    let heading = if is_final {
        tr!(lang, "standings-final-title", round = round)
    } else {
        tr!(lang, "standings-title", round = round)
    };
    let page = St {
        heading: heading.clone(),
        header_line: header_line_in(s, lang),
        head,
        tb_class: (0..s.tiebreaks.len()).map(tb_class).collect(),
        tables,
        legend: legend_in(s, lang),
        notes: s.notes.iter().map(|n| n.to_string()).collect(),
        rounds: if is_final {
            Vec::new()
        } else {
            round_links(input.standings.len() as u32, round, |r| {
                format!("standings-{r}.html")
            })
        },
    };
    render(env, "standings.html", fr, &heading, &page)
}

/// A chess-results crosstable cell: `12w1`, `5b+`, `-1` (PAB or full-point
/// bye), `-½`, `-0`.
pub(crate) fn cell(e: RoundEntry) -> String {
    let col = |c: Color| match c {
        Color::White => "w",
        Color::Black => "b",
    };
    match e {
        RoundEntry::Played {
            opponent,
            color,
            outcome,
            ..
        } => format!(
            "{opponent}{}{}",
            col(color),
            match outcome {
                Outcome::Win => "1",
                Outcome::Draw => "½",
                Outcome::Loss => "0",
            }
        ),
        RoundEntry::Unknown { opponent, color } => format!("{opponent}{}?", col(color)),
        RoundEntry::Pending { opponent, color } => {
            format!("{opponent}{}", color.map(col).unwrap_or("-"))
        }
        RoundEntry::Forfeit {
            opponent,
            color,
            won,
        } => format!(
            "{opponent}{}{}",
            color.map(col).unwrap_or("-"),
            if won { "+" } else { "-" }
        ),
        RoundEntry::Bye { bye } => match bye {
            crate::model::ByeKind::PairingAllocated | crate::model::ByeKind::Full => "-1".into(),
            crate::model::ByeKind::Half => "-½".into(),
            crate::model::ByeKind::Zero => "-0".into(),
        },
        RoundEntry::NotPaired => "-0".into(),
        // A round robin's free round: no game, no bye, no point.
        RoundEntry::Free => "free".into(),
    }
}

pub(super) fn crosstable(
    env: &Environment<'_>,
    fr: &Frame,
    input: &SiteInput<'_>,
) -> Result<String, SiteError> {
    let t = input.tournament;
    let lang = input.lang;
    let Some(s) = final_standings(input) else {
        return Err(SiteError::NoStandings { round: None });
    };
    let rounds = s.after_round as usize;
    #[derive(Serialize)]
    struct Row {
        rank: String,
        id: u32,
        name: String,
        href: String,
        rating: String,
        cells: Vec<String>,
        points: String,
        tiebreaks: Vec<String>,
    }
    let rows = s
        .rows
        .iter()
        .map(|r| {
            let st = st_row(t, s, r.rank, r);
            let p = t.player(r.player);
            Row {
                rank: st.rank,
                id: st.id,
                name: st.name,
                href: st.href,
                rating: st.rating,
                cells: (1..=rounds)
                    .map(|k| cell(p.map(|p| p.round(k)).unwrap_or_default()))
                    .collect(),
                points: st.points,
                tiebreaks: st.tiebreaks,
            }
        })
        .collect();
    #[derive(Serialize)]
    struct Ct {
        heading: String,
        header_line: String,
        round_heads: Vec<String>,
        tb_heads: Vec<Head>,
        tb_class: Vec<String>,
        rows: Vec<Row>,
        legend: Vec<String>,
    }
    let heading = tr!(lang, "crosstable-title", round = s.after_round);
    let page = Ct {
        heading: heading.clone(),
        header_line: header_line_in(s, lang),
        round_heads: (1..=rounds)
            .map(|r| tr!(lang, "crosstable-round", round = r))
            .collect(),
        tb_heads: tb_heads(s, lang),
        tb_class: (0..s.tiebreaks.len()).map(tb_class).collect(),
        rows,
        legend: legend_in(s, lang),
    };
    render(env, "crosstable.html", fr, &heading, &page)
}
