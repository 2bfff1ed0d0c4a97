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
use crate::render::standings::{
    format_value, full_name, header_line, legend, players_count, same_as_overall, short_name,
};
use crate::standings::Standings;

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

fn tb_heads(s: &Standings) -> Vec<Head> {
    (0..s.tiebreaks.len())
        .map(|k| Head {
            label: short_name(s, k),
            title: full_name(s, k),
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
    let Some(s) = input.standings.get(round as usize - 1) else {
        return Err(SiteError::NoStandings { round: Some(round) });
    };
    let mut head: Vec<Head> = [
        ("Rk", "n"),
        ("SNo", "n w"),
        ("", "w"),
        ("Name", ""),
        ("FED", "w"),
        ("Rtg", "n w"),
        ("Pts", "n"),
    ]
    .iter()
    .map(|(l, c)| Head {
        label: l.to_string(),
        title: String::new(),
        class: c.to_string(),
    })
    .collect();
    head.extend(tb_heads(s));
    let mut tables = vec![Table {
        caption: "Standings".into(),
        anchor: String::new(),
        rows: s.rows.iter().map(|r| st_row(t, s, r.rank, r)).collect(),
        same: false,
        players: players_count(s.rows.len()),
    }];
    for c in &s.categories {
        let same = same_as_overall(s, c);
        tables.push(Table {
            caption: format!("Category {}", c.name),
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
            players: players_count(c.rows.len()),
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
        format!("Final standings (after round {round})")
    } else {
        format!("Standings after round {round}")
    };
    let page = St {
        heading: heading.clone(),
        header_line: header_line(s),
        head,
        tb_class: (0..s.tiebreaks.len()).map(tb_class).collect(),
        tables,
        legend: legend(s),
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
    let heading = format!("Crosstable after round {}", s.after_round);
    let page = Ct {
        heading: heading.clone(),
        header_line: header_line(s),
        round_heads: (1..=rounds).map(|r| format!("{r}.Rd")).collect(),
        tb_heads: tb_heads(s),
        tb_class: (0..s.tiebreaks.len()).map(tb_class).collect(),
        rows,
        legend: legend(s),
    };
    render(env, "crosstable.html", fr, &heading, &page)
}
