//! Renderings of a [`RatingReport`]: aligned text, CSV, JSON and HTML.
//!
//! JSON shape (stable): the report as serialised by serde:
//! `{"rules": "2024", "rules_source": {...}, "kind": "standard",
//! "kind_source": {...}, "assumptions": [...], "players": [{"start_rank": 1,
//! "name": ..., "rating": 1850, "k": 20, "k_detail": {...}, "games": 5,
//! "score": 3.5, "expected": 2.74, "change": 15.2, "change_rounded": 15,
//! "new_rating": 1865, "initial": {...}?, "performance": 2047,
//! "games_detail": [{"round", "opponent", "opponent_rating", "result", "d",
//! "d_used", "pd", "delta", "change"}], "excluded": [{"round", "opponent",
//! "reason"}]}]}`. `change` is K × (W − We) unrounded; for an unrated
//! player `new_rating` is the initial rating and `initial.publishable` says
//! whether it can be published yet.

use std::fmt::Write as _;

use crate::rating::change::{KReason, PlayerRating, RatingReport, Source};
use crate::rating::period::Period;
use crate::render::i18n::Lang;
use crate::tr;

fn source_text(s: &Source) -> String {
    match s {
        Source::Given => "given".to_string(),
        Source::File(w) => format!("from the file: {w}"),
        Source::Assumed(w) => format!("assumed: {w}"),
    }
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map(|x| x.to_string()).unwrap_or_else(|| "-".to_string())
}

pub(crate) fn signed(v: f64, decimals: usize) -> String {
    let s = format!("{v:+.decimals$}");
    if s.trim_start_matches(['+', '-'])
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        format!("{:.decimals$}", 0.0)
    } else {
        s
    }
}

/// "K from FIDE list 2025-11" for a K the list published, else the reason.
fn k_reason(r: &RatingReport, reason: KReason) -> String {
    match (reason, &r.fide_list) {
        (KReason::FideList, Some(l)) => match l.month {
            Some(m) => format!("K from FIDE list {m}"),
            None => "K from the FIDE list".to_string(),
        },
        _ => reason.describe().to_string(),
    }
}

/// [`k_text`] in `lang`: English words (K reasons are not in the catalogue
/// yet); the page marks them `lang="en"`.
pub(crate) fn k_text_in(r: &RatingReport, p: &PlayerRating, _lang: Lang) -> String {
    k_text(r, p)
}

pub(crate) fn k_text(r: &RatingReport, p: &PlayerRating) -> String {
    match &p.k_detail {
        None => "-".into(),
        Some(k) => {
            let mut s = k_reason(r, k.reason);
            if k.capped {
                s.push_str(&format!(", capped from {} (K x games <= 700)", k.base));
            }
            s
        }
    }
}

fn new_rating_text(p: &PlayerRating) -> String {
    match (&p.initial, p.new_rating) {
        (Some(i), Some(r)) if !i.publishable => format!("({r})"),
        (_, r) => opt(r),
    }
}

/// Aligned text: a summary table, then each player's games.
pub fn text(r: &RatingReport) -> String {
    text_in(r, Lang::ENGLISH)
}

/// Rows aligned by display width: each column as wide as its widest cell
/// (at least `min`), right-aligned but for `left`, two spaces apart.
fn aligned(rows: &[Vec<String>], min: &[usize], left: usize, indent: &str) -> String {
    let mut w: Vec<usize> = min.to_vec();
    for r in rows {
        for (k, c) in r.iter().enumerate() {
            if let Some(x) = w.get_mut(k) {
                *x = (*x).max(super::width(c));
            }
        }
    }
    let mut o = String::new();
    for r in rows {
        let cells: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(k, c)| super::pad(c, w.get(k).copied().unwrap_or(0), k != left))
            .collect();
        let _ = writeln!(o, "{indent}{}", cells.join("  "));
    }
    o
}

/// [`text`] in `lang`: the column heads from the catalogue (the sentences
/// about rules, sources, K and initial ratings stay English).
pub fn text_in(r: &RatingReport, lang: Lang) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Rules: FIDE B.02 {} ({})",
        r.rules,
        source_text(&r.rules_source)
    );
    let _ = writeln!(o, "Kind:  {} ({})", r.kind, source_text(&r.kind_source));
    if let Some(l) = &r.fide_list {
        let month = l.month.map(|m| format!(" of {m}")).unwrap_or_default();
        let _ = writeln!(
            o,
            "List:  FIDE rating list{month}: ratings and K of {} player{} found in it",
            l.players_found,
            if l.players_found == 1 { "" } else { "s" }
        );
    }
    for a in &r.assumptions {
        let _ = writeln!(o, "Assumed: {a}");
    }
    let _ = writeln!(o);
    let mut rows = vec![vec![
        tr!(lang, "col-start-rank"),
        tr!(lang, "col-name"),
        tr!(lang, "col-rating"),
        "K".to_string(),
        tr!(lang, "rating-col-games"),
        tr!(lang, "rating-col-score"),
        tr!(lang, "rating-col-expected"),
        tr!(lang, "rating-col-k-change"),
        tr!(lang, "rating-col-change"),
        tr!(lang, "rating-col-new"),
        "TPR".to_string(),
    ]];
    for p in &r.players {
        rows.push(vec![
            p.start_rank.to_string(),
            super::cell(&p.name).into_owned(),
            opt(p.rating),
            opt(p.k),
            p.games.to_string(),
            format!("{:.1}", p.score),
            p.expected
                .map(|e| format!("{e:.2}"))
                .unwrap_or_else(|| "-".into()),
            if p.rating.is_some() {
                signed(p.change, 2)
            } else {
                "-".into()
            },
            if p.rating.is_some() {
                format!("{:+}", p.change_rounded)
            } else {
                "-".into()
            },
            new_rating_text(p),
            opt(p.performance),
        ]);
    }
    o.push_str(&aligned(&rows, &[4, 4, 4, 2, 2, 4, 5, 7, 4, 6, 4], 1, ""));
    for p in &r.players {
        let _ = writeln!(o);
        let _ = writeln!(
            o,
            "{} {} ({})",
            p.start_rank,
            super::cell(&p.name),
            opt(p.rating)
        );
        if p.rating.is_some() {
            let _ = writeln!(o, "  K {}: {}", opt(p.k), k_text(r, p));
        }
        if let Some(i) = &p.initial {
            let _ = writeln!(
                o,
                "  initial rating {}: Ra {:.2}, p {:.2}, dp {}, {} game{}; {}",
                i.rating,
                i.average,
                i.p,
                i.dp,
                i.games,
                if i.games == 1 { "" } else { "s" },
                i.note
            );
        }
        if !p.games_detail.is_empty() {
            let mut rows = vec![vec![
                tr!(lang, "rating-col-round"),
                tr!(lang, "rating-col-opponent"),
                tr!(lang, "rating-col-opponent-rating"),
                "D".to_string(),
                "Dused".to_string(),
                "PD".to_string(),
                tr!(lang, "rating-col-result"),
                "dR".to_string(),
                "K*dR".to_string(),
            ]];
            for g in &p.games_detail {
                let res = match (g.result * 2.0).round() as i32 {
                    2 => "1",
                    1 => "1/2",
                    _ => "0",
                };
                rows.push(vec![
                    g.round.to_string(),
                    g.opponent.to_string(),
                    g.opponent_rating.to_string(),
                    opt(g.d),
                    opt(g.d_used),
                    g.pd.map(|x| format!("{x:.2}"))
                        .unwrap_or_else(|| "-".into()),
                    res.to_string(),
                    g.delta.map(|x| signed(x, 2)).unwrap_or_else(|| "-".into()),
                    g.change.map(|x| signed(x, 2)).unwrap_or_else(|| "-".into()),
                ]);
            }
            o.push_str(&aligned(
                &rows,
                &[3, 4, 4, 5, 5, 4, 3, 5, 6],
                usize::MAX,
                "  ",
            ));
        }
        for e in &p.excluded {
            let opp = e
                .opponent
                .map(|x| format!(" against {x}"))
                .unwrap_or_default();
            let _ = writeln!(o, "  round {}{opp} not rated: {}", e.round, e.reason);
        }
    }
    o
}

/// One row per player.
pub fn csv(r: &RatingReport) -> String {
    csv_in(r, Lang::ENGLISH)
}

/// [`csv()`] in `lang`: in English the header row is the keys programs read;
/// in another language the catalogue's column heads.
pub fn csv_in(r: &RatingReport, lang: Lang) -> String {
    let mut o = if lang == Lang::ENGLISH {
        String::from(
            "rules,kind,start_rank,name,fide_id,rating,k,k_reason,games,score,expected,change,change_rounded,new_rating,publishable,performance\n",
        )
    } else {
        let heads = [
            tr!(lang, "rating-csv-rules"),
            tr!(lang, "rating-csv-kind"),
            tr!(lang, "col-start-rank"),
            tr!(lang, "col-name"),
            tr!(lang, "col-fide-id"),
            tr!(lang, "col-rating"),
            "K".to_string(),
            tr!(lang, "rating-csv-k-reason"),
            tr!(lang, "rating-col-games"),
            tr!(lang, "rating-col-score"),
            tr!(lang, "rating-col-expected"),
            tr!(lang, "rating-col-change"),
            tr!(lang, "rating-csv-change-rounded"),
            tr!(lang, "rating-col-new"),
            tr!(lang, "rating-csv-publishable"),
            tr!(lang, "rating-csv-performance"),
        ];
        super::csv::record(&heads, ',')
    };
    for p in &r.players {
        let reason = p
            .k_detail
            .as_ref()
            .map(|k| k_reason(r, k.reason))
            .unwrap_or_default();
        let publishable = p
            .initial
            .as_ref()
            .map(|i| i.publishable.to_string())
            .unwrap_or_default();
        let fields = [
            r.rules.to_string(),
            r.kind.to_string(),
            p.start_rank.to_string(),
            p.name.clone(),
            p.fide_id.clone().unwrap_or_default(),
            p.rating.map(|x| x.to_string()).unwrap_or_default(),
            p.k.map(|x| x.to_string()).unwrap_or_default(),
            reason.to_string(),
            p.games.to_string(),
            p.score.to_string(),
            p.expected.map(|x| format!("{x:.2}")).unwrap_or_default(),
            if p.rating.is_some() {
                format!("{:.2}", p.change)
            } else {
                String::new()
            },
            if p.rating.is_some() {
                p.change_rounded.to_string()
            } else {
                String::new()
            },
            p.new_rating.map(|x| x.to_string()).unwrap_or_default(),
            publishable,
            p.performance.map(|x| x.to_string()).unwrap_or_default(),
        ];
        o.push_str(&super::csv::record(&fields, ','));
    }
    o
}

/// The documented JSON shape (see the module docs).
pub fn json(r: &RatingReport) -> String {
    let mut s = super::json::pretty(r);
    s.push('\n');
    s
}

/// The rating periods of several events (B.02 §8.3.3-8.3.4 over the period):
/// per period, each player rated in two or more of its events with K and
/// the change over the period. `names` are the events' file names.
pub fn periods_text(periods: &[Period], names: &[String]) -> String {
    let mut o = String::new();
    for p in periods {
        let month = p
            .month
            .map(|(y, m)| format!("{y:04}-{m:02}"))
            .unwrap_or_else(|| "-".into());
        let events: Vec<&str> = p
            .events
            .iter()
            .filter_map(|e| names.get(*e).map(String::as_str))
            .collect();
        let _ = writeln!(
            o,
            "Rating period {month} ({} events: {}): the 700 cap on K x games and the rounding apply over the period (B.02 §8.3.3, §8.3.4)",
            p.events.len(),
            events.join(", ")
        );
        if p.players.is_empty() {
            let _ = writeln!(
                o,
                "  no player (by FIDE id) is rated in more than one of them"
            );
        }
        for pl in &p.players {
            let k = if pl.k_used == pl.k_base {
                format!("K {}", pl.k_used)
            } else {
                format!(
                    "K {} (capped from {}: {} games)",
                    pl.k_used, pl.k_base, pl.games
                )
            };
            let _ = writeln!(
                o,
                "  {} {}: {} games, {k}, change {} -> {:+}",
                pl.fide_id,
                pl.name,
                pl.games,
                signed(pl.change, 2),
                pl.change_rounded
            );
        }
    }
    o
}

/// Several events and their periods as one JSON document:
/// `{"events": [<report>, ...], "periods": [{"month": [2025, 11], "events":
/// [0, 1], "players": [{"fide_id", "name", "k_base", "k_used", "games",
/// "change", "change_rounded", "events"}]}]}`.
pub fn periods_json(reports: &[RatingReport], periods: &[Period]) -> String {
    #[derive(serde::Serialize)]
    struct Doc<'a> {
        events: &'a [RatingReport],
        periods: &'a [Period],
    }
    let mut s = super::json::pretty(&Doc {
        events: reports,
        periods,
    });
    s.push('\n');
    s
}

use super::html::escape as esc;

/// A self-contained HTML5 page (the site's template and stylesheet): the
/// summary table and each player's games, folded.
pub fn html(r: &RatingReport) -> String {
    html_in(r, Lang::ENGLISH)
}

/// [`html`] in `lang`.
pub fn html_in(r: &RatingReport, lang: Lang) -> String {
    let title = tr!(lang, "page-rating");
    crate::render::site::document::standalone_in(lang, &title, &html_body_in(r, lang))
        .unwrap_or_else(|e| {
            format!(
                "<!doctype html>\n<title>{title}</title>\n<p>{}</p>\n",
                esc(&e.to_string())
            )
        })
}

/// The report as an HTML fragment (the body of [`html`] and of the site's page).
pub fn html_body(r: &RatingReport) -> String {
    html_body_in(r, Lang::ENGLISH)
}

/// [`html_body`] in `lang`: headings and column heads from the catalogue;
/// the sentences about rules, sources and assumptions stay English, marked
/// `lang="en"` in another language.
pub fn html_body_in(r: &RatingReport, lang: Lang) -> String {
    let en = if lang == Lang::ENGLISH {
        ""
    } else {
        " lang=\"en\""
    };
    let mut o = String::new();
    let _ = writeln!(
        o,
        "<p{en}>Rules: FIDE B.02 {} ({})<br>Kind: {} ({})</p>",
        r.rules,
        esc(&source_text(&r.rules_source)),
        r.kind,
        esc(&source_text(&r.kind_source))
    );
    if let Some(l) = &r.fide_list {
        let month = l.month.map(|m| format!(" of {m}")).unwrap_or_default();
        let _ = writeln!(
            o,
            "<p{en}>List: FIDE rating list{month}: ratings and K of {} player{} found in it</p>",
            l.players_found,
            if l.players_found == 1 { "" } else { "s" }
        );
    }
    if !r.assumptions.is_empty() {
        let _ = writeln!(o, "<ul{en}>");
        for a in &r.assumptions {
            let _ = writeln!(o, "<li>{}</li>", esc(a));
        }
        o.push_str("</ul>\n");
    }
    // One summary table (its names link to the player's games), then each
    // player's games folded in a <details>: the page stays short on a phone
    // and a linked player's games open by themselves.
    let _ = write!(o, "<div class=\"table-wrap\"><table class=\"rating\">\n<thead><tr><th class=\"n\">{}</th><th>{}</th><th class=\"n\">{}</th><th class=\"n\">K</th><th class=\"n w\">{}</th><th class=\"n w\">{}</th><th class=\"n w\">{}</th><th class=\"n w\">{}</th><th class=\"n\">{}</th><th class=\"n\">{}</th><th class=\"n w\">TPR</th></tr></thead>\n<tbody>\n",
        tr!(lang, "col-start-rank"),
        tr!(lang, "col-name"),
        tr!(lang, "col-rating"),
        tr!(lang, "rating-col-games"),
        tr!(lang, "rating-col-score"),
        tr!(lang, "rating-col-expected"),
        tr!(lang, "rating-col-k-change"),
        tr!(lang, "rating-col-change"),
        tr!(lang, "rating-col-new"),
    );
    for p in &r.players {
        let name = if p.games_detail.is_empty() {
            format!("<span>{}</span>", esc(&p.name))
        } else {
            format!(
                "<a href=\"#player-{}\" title=\"{}\">{}</a>",
                p.start_rank,
                esc(&p.name),
                esc(&p.name)
            )
        };
        let _ = writeln!(
            o,
            "<tr><td class=\"n\">{}</td><td class=\"name\">{name}</td><td class=\"n\">{}</td><td class=\"n\" title=\"{}\">{}</td><td class=\"n w\">{}</td><td class=\"n w\">{:.1}</td><td class=\"n w\">{}</td><td class=\"n w\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n w\">{}</td></tr>",
            p.start_rank,
            opt(p.rating),
            esc(&k_text(r, p)),
            opt(p.k),
            p.games,
            p.score,
            p.expected.map(|e| format!("{e:.2}")).unwrap_or_else(|| "-".into()),
            if p.rating.is_some() { signed(p.change, 2) } else { "-".into() },
            if p.rating.is_some() { format!("{:+}", p.change_rounded) } else { "-".into() },
            esc(&new_rating_text(p)),
            opt(p.performance),
        );
    }
    o.push_str("</tbody>\n</table></div>\n");
    if r.players.iter().any(|p| !p.games_detail.is_empty()) {
        let _ = writeln!(
            o,
            "<h2>{}</h2>\n<p class=\"muted\">{}</p>",
            tr!(lang, "rating-games"),
            tr!(lang, "rating-games-legend")
        );
    }
    for p in &r.players {
        if p.games_detail.is_empty() {
            continue;
        }
        let _ = writeln!(
            o,
            "<details class=\"rating\" id=\"player-{}\"><summary>{} {}: {}</summary>",
            p.start_rank,
            p.start_rank,
            esc(&p.name),
            tr!(
                lang,
                "rating-summary",
                games = p.games,
                change = if p.rating.is_some() {
                    signed(p.change, 2)
                } else {
                    "-".into()
                }
            ),
        );
        let _ = write!(o, "<div class=\"table-wrap\"><table>\n<thead><tr><th class=\"n\">{}</th><th class=\"n\">{}</th><th class=\"n\">{}</th><th class=\"n\">D</th><th class=\"n\">PD</th><th class=\"c\">{}</th><th class=\"n\">&Delta;R</th></tr></thead>\n<tbody>\n",
            tr!(lang, "rating-col-round"),
            tr!(lang, "rating-col-opponent"),
            tr!(lang, "rating-col-opponent-rating"),
            tr!(lang, "rating-col-result"),
        );
        for g in &p.games_detail {
            let _ = writeln!(
                o,
                "<tr><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"c\">{}</td><td class=\"n\">{}</td></tr>",
                g.round,
                g.opponent,
                g.opponent_rating,
                opt(g.d_used),
                g.pd.map(|x| format!("{x:.2}")).unwrap_or_else(|| "-".into()),
                g.result,
                g.delta.map(|x| signed(x, 2)).unwrap_or_else(|| "-".into()),
            );
        }
        o.push_str("</tbody>\n</table></div>\n</details>\n");
    }
    o
}
