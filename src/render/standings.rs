//! Standings as aligned text (chess-results layout), CSV, JSON, HTML, a crosstable,
//! and the `--explain` working.
//!
//! JSON shape (stable; fields are only ever added):
//!
//! ```json
//! {"edition": "2023", "edition_source": {"by": "event_date", "date": "2024-08-01"},
//!  "after_round": 5, "tiebreaks": ["DE", "BH/M1", "BH", "WIN"],
//!  "standings": [{"rank": 1, "start_rank": 5, "name": "...", "title": "GM",
//!                 "federation": "CAN", "rating": 2400, "points": 8.5,
//!                 "tiebreaks": [0, 49.0, 55.5, 6], "shared": false}],
//!  "categories": [{"name": "U13", "standings": [{"rank": 1, "overall_rank": 4,
//!                  "start_rank": 12, "name": "..."}]}],
//!  "notes": ["..."]}
//! ```
//! Tie-break values are JSON numbers in the order of `tiebreaks`, `null` where a value
//! is undefined; `explanation` is present with `--explain`.

use std::fmt::Write as _;

use serde_json::{json, Value as Json};

use crate::model::{ByeKind, Outcome, Player, RoundEntry, Tournament};
use crate::render::i18n::Lang;
use crate::standings::{Code, Row, Standings, TieBreakSpec, Value};
use crate::tr;

fn decimals(spec: &TieBreakSpec) -> usize {
    match spec.code {
        Code::Bh | Code::Fb | Code::Ps | Code::Ks | Code::Std => 1,
        Code::Sb | Code::Aob => 2,
        _ => 0,
    }
}

/// A value as printed in tables: points-like codes with one decimal, SB/AOB with two,
/// counts and ratings as integers (two decimals if not whole).
pub fn format_value(spec: &TieBreakSpec, v: Option<Value>) -> String {
    let Some(v) = v else {
        return String::new();
    };
    let d = decimals(spec);
    let d = if d == 0 && v.denom() != 1 { 2 } else { d };
    let scaled = Value::new(v.numer() * 10i64.pow(d as u32), v.denom()).round_half_up();
    if d == 0 {
        return scaled.to_string();
    }
    let sign = if scaled < 0 { "-" } else { "" };
    let a = scaled.unsigned_abs();
    let p = 10u64.pow(d as u32);
    format!("{sign}{}.{:0w$}", a / p, a % p, w = d)
}

fn player<'a>(t: &'a Tournament, r: &Row) -> Option<&'a Player> {
    t.player(r.player)
}

fn title(p: Option<&Player>) -> String {
    p.and_then(|p| p.title.as_ref())
        .map(|t| t.code().to_string())
        .unwrap_or_default()
}

fn fed(p: Option<&Player>) -> String {
    p.and_then(|p| p.federation.clone()).unwrap_or_default()
}

fn rating(p: Option<&Player>) -> String {
    p.and_then(|p| p.rating)
        .map(|r| r.to_string())
        .unwrap_or_else(|| "0".into())
}

fn name(p: Option<&Player>) -> String {
    p.map(|p| p.name.clone()).unwrap_or_default()
}

pub(crate) fn header_line(s: &Standings) -> String {
    let how = match &s.edition_source {
        crate::standings::EditionSource::Requested => "as requested".to_string(),
        crate::standings::EditionSource::EventDate { date } => format!("by event date {date}"),
        crate::standings::EditionSource::NoDate => "no event date: rules in force now".into(),
    };
    format!(
        "Standings after round {}; tie-break rules: C.07 edition {} ({how})",
        s.after_round, s.edition
    )
}

/// The legend of the tie-break columns: `BH-M1 = Buchholz Median-1 (C.07
/// art. 8.1, 14)`, one line each, in column order.
pub(crate) fn legend(s: &Standings) -> Vec<String> {
    legend_in(s, Lang::ENGLISH)
}

/// One line per tie-break, its column head (the short name) and its full
/// name: `BH-M1 = Buchholz Median-1 (C.07 art. 8.1, 14)` in English (the
/// words the engine gives), `BH-M1 = 中位布赫茲（去頭尾各 1）` in another
/// language (the catalogue's name).
pub(crate) fn legend_in(s: &Standings, lang: Lang) -> Vec<String> {
    (0..s.tiebreaks.len())
        .map(|k| {
            let full = match s.tiebreaks.get(k) {
                Some(spec) if lang != Lang::ENGLISH => {
                    let name = s.tiebreak_names.get(k).cloned().unwrap_or_default();
                    tiebreak_name(spec, &name, lang).1
                }
                _ => full_name(s, k),
            };
            format!("{} = {full}", short_name_in(s, k, lang))
        })
        .collect()
}

/// The head of tie-break column `k` ([`crate::standings::TieBreakSpec::label`]):
/// the engine's short name (`BH-M1`, `WIN+F`), never the tie-break's
/// identifier (`OTHER_WINS_FORFEITS_NO_BYES`).
pub(crate) fn short_name(s: &Standings, k: usize) -> String {
    short_name_in(s, k, Lang::ENGLISH)
}

/// [`short_name`] in `lang` ([`short_label`]).
pub(crate) fn short_name_in(s: &Standings, k: usize, lang: Lang) -> String {
    let engine = s.tiebreak_short.get(k).map_or("", String::as_str);
    s.tiebreaks
        .get(k)
        .map(|spec| short_label(spec, engine, lang))
        .unwrap_or_else(|| engine.to_string())
}

/// A tie-break's short name in `lang`, as it heads a column. In English the
/// engine's label (`BH-M1`, `WIN+F`; `engine_short`, or the label the spec
/// gives when that is empty); in another language the catalogue's short
/// form followed by the Handbook's modifier codes (`布赫茲-M1`, C.07 art. 14),
/// and a self-defined code the catalogue does not name by its own short name.
pub fn short_label(spec: &TieBreakSpec, engine_short: &str, lang: Lang) -> String {
    let engine = if engine_short.is_empty() {
        spec.label(&crate::standings::CustomTieBreak::builtins())
            .short
    } else {
        engine_short.to_string()
    };
    if lang == Lang::ENGLISH {
        return engine;
    }
    let Some((_, short)) = catalogue_names(&spec.code, lang) else {
        return engine;
    };
    let modifiers = match &spec.code {
        Code::Other(_) => "",
        code => engine.strip_prefix(code.name()).unwrap_or(""),
    };
    format!("{short}{modifiers}")
}

/// The full name of tie-break `k` with its article.
pub(crate) fn full_name(s: &Standings, k: usize) -> String {
    s.tiebreak_names.get(k).cloned().unwrap_or_default()
}

/// A category whose ranking is the overall one: the same players, in the
/// same order, at the same ranks, on the same values (an "Open" category of
/// everyone). Its table would repeat the overall table line for line.
pub(crate) fn same_as_overall(s: &Standings, c: &crate::standings::CategoryStandings) -> bool {
    c.rows.len() == s.rows.len()
        && c.rows.iter().zip(&s.rows).all(|(cr, r)| {
            cr.player == r.player
                && cr.rank == r.rank
                && cr.tiebreaks.as_ref().is_none_or(|v| *v == r.tiebreaks)
        })
}

/// `1 player`, `12 players`.
pub(crate) fn players_count(n: usize) -> String {
    if n == 1 {
        "1 player".into()
    } else {
        format!("{n} players")
    }
}

/// Aligned table; each column as wide as its widest cell.
fn table(head: &[String], rows: &[Vec<String>], right: &[bool]) -> String {
    let mut w: Vec<usize> = head.iter().map(|h| super::width(h)).collect();
    for r in rows {
        for (k, c) in r.iter().enumerate() {
            if let Some(x) = w.get_mut(k) {
                *x = (*x).max(super::width(&super::cell(c)));
            }
        }
    }
    let line = |cells: &[String]| -> String {
        let parts: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let c = super::cell(c);
                let width = w.get(k).copied().unwrap_or(0);
                super::pad(&c, width, right.get(k).copied().unwrap_or(false))
            })
            .collect();
        parts.join("  ").trim_end().to_string()
    };
    let mut o = line(head);
    o.push('\n');
    for r in rows {
        o.push_str(&line(r));
        o.push('\n');
    }
    o
}

fn main_rows(t: &Tournament, s: &Standings, rows: &[(u32, &Row)]) -> Vec<Vec<String>> {
    rows.iter()
        .map(|(rank, r)| {
            let p = player(t, r);
            let mut v = vec![
                rank.to_string(),
                r.player.to_string(),
                title(p),
                name(p),
                fed(p),
                rating(p),
                r.points.to_string(),
            ];
            for (k, spec) in s.tiebreaks.iter().enumerate() {
                v.push(format_value(spec, r.tiebreaks.get(k).copied().flatten()));
            }
            v
        })
        .collect()
}

fn heads(s: &Standings, lang: Lang) -> (Vec<String>, Vec<bool>) {
    let mut h: Vec<String> = vec![
        tr!(lang, "col-rank"),
        tr!(lang, "col-start-rank"),
        String::new(),
        tr!(lang, "col-name"),
        tr!(lang, "col-federation"),
        tr!(lang, "col-rating"),
        tr!(lang, "col-points"),
    ];
    let mut right = vec![true, true, false, false, false, true, true];
    for k in 0..s.tiebreaks.len() {
        h.push(short_name_in(s, k, lang));
        right.push(true);
    }
    (h, right)
}

/// A tie-break's C.07 name and short form in `lang`: `BH/M1` → ("中位布赫茲（去頭尾各 1）",
/// "布赫茲"); a self-defined code keeps its code and its description.
pub fn tiebreak_name(spec: &TieBreakSpec, custom_name: &str, lang: Lang) -> (String, String) {
    let Some((full, short)) = catalogue_names(&spec.code, lang) else {
        return (spec.to_string(), custom_name.to_string());
    };
    let n = u32::from(spec.cut_low.max(spec.cut_high));
    let name = if spec.cut_low > 0 && spec.cut_low == spec.cut_high {
        tr!(lang, "tb-median", name = full, n = n)
    } else if n > 0 {
        tr!(lang, "tb-cut", name = full, n = n)
    } else {
        full
    };
    (short, name)
}

fn catalogue_names(code: &Code, lang: Lang) -> Option<(String, String)> {
    let pair = |full: String, short: String| Some((full, short));
    match code {
        Code::De => pair(tr!(lang, "tb-DE"), tr!(lang, "tb-DE-short")),
        Code::Win => pair(tr!(lang, "tb-WIN"), tr!(lang, "tb-WIN-short")),
        Code::Won => pair(tr!(lang, "tb-WON"), tr!(lang, "tb-WON-short")),
        Code::Bpg => pair(tr!(lang, "tb-BPG"), tr!(lang, "tb-BPG-short")),
        Code::Bwg => pair(tr!(lang, "tb-BWG"), tr!(lang, "tb-BWG-short")),
        Code::Ps => pair(tr!(lang, "tb-PS"), tr!(lang, "tb-PS-short")),
        Code::Rep => pair(tr!(lang, "tb-REP"), tr!(lang, "tb-REP-short")),
        Code::Std => pair(tr!(lang, "tb-STD"), tr!(lang, "tb-STD-short")),
        Code::Tpn => pair(tr!(lang, "tb-TPN"), tr!(lang, "tb-TPN-short")),
        Code::Bh => pair(tr!(lang, "tb-BH"), tr!(lang, "tb-BH-short")),
        Code::Aob => pair(tr!(lang, "tb-AOB"), tr!(lang, "tb-AOB-short")),
        Code::Fb => pair(tr!(lang, "tb-FB"), tr!(lang, "tb-FB-short")),
        Code::Sb => pair(tr!(lang, "tb-SB"), tr!(lang, "tb-SB-short")),
        Code::Ks => pair(tr!(lang, "tb-KS"), tr!(lang, "tb-KS-short")),
        Code::Aro => pair(tr!(lang, "tb-ARO"), tr!(lang, "tb-ARO-short")),
        Code::Tpr => pair(tr!(lang, "tb-TPR"), tr!(lang, "tb-TPR-short")),
        Code::Ptp => pair(tr!(lang, "tb-PTP"), tr!(lang, "tb-PTP-short")),
        Code::Apro => pair(tr!(lang, "tb-APRO"), tr!(lang, "tb-APRO-short")),
        Code::Appo => pair(tr!(lang, "tb-APPO"), tr!(lang, "tb-APPO-short")),
        Code::Rtng => pair(tr!(lang, "tb-RTNG"), tr!(lang, "tb-RTNG-short")),
        // the built-in self-defined tie-break of the CTCA regulation
        Code::Other(c) if c == "OTHER_WINS_FORFEITS_NO_BYES" => pair(
            tr!(lang, "tb-wins-forfeits"),
            tr!(lang, "tb-wins-forfeits-short"),
        ),
        Code::Other(_) => None,
    }
}

/// Aligned text for people, laid out like chess-results (Rk, SNo, title, Name, FED,
/// Rtg, Pts, then the tie-breaks headed by their short names), then each
/// category (one that ranks everyone as the overall table does is named, not
/// repeated) and the notes.
pub fn text(t: &Tournament, s: &Standings) -> String {
    text_of(t, s, Sections::All)
}

/// Which tables a report shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sections {
    /// The overall ranking, then each category.
    All,
    /// Only the categories (a `--category` request): no overall ranking.
    CategoriesOnly,
}

/// [`text`] with the tables `sections` asks for.
pub fn text_of(t: &Tournament, s: &Standings, sections: Sections) -> String {
    text_in(t, s, sections, Lang::ENGLISH)
}

/// [`text_of`] in `lang`: headings, category captions, the legend and its
/// notes from the catalogue; categories by their names in `lang`.
pub fn text_in(t: &Tournament, s: &Standings, sections: Sections, lang: Lang) -> String {
    let mut o = String::new();
    if !t.info.name.is_empty() {
        let _ = writeln!(o, "{}", t.info.name);
    }
    if lang == Lang::ENGLISH {
        let _ = writeln!(o, "{}", header_line(s));
    } else {
        let _ = writeln!(o, "{}", tr!(lang, "standings-title", round = s.after_round));
    }
    let (h, right) = heads(s, lang);
    if sections == Sections::All {
        let _ = writeln!(o);
        let rows: Vec<(u32, &Row)> = s.rows.iter().map(|r| (r.rank, r)).collect();
        o.push_str(&table(&h, &main_rows(t, s, &rows), &right));
    }
    for c in &s.categories {
        let name = c.names.shown(&c.name, lang.tag());
        let same = sections == Sections::All && same_as_overall(s, c);
        let caption = if lang == Lang::ENGLISH {
            let count = players_count(c.rows.len());
            if same {
                format!("Category {name} ({count}): the same as the overall table")
            } else {
                format!("Category {name} ({count})")
            }
        } else if same {
            tr!(
                lang,
                "standings-category-same",
                name = name,
                n = c.rows.len()
            )
        } else {
            tr!(lang, "standings-category", name = name, n = c.rows.len())
        };
        let _ = writeln!(o, "\n{caption}");
        if same {
            continue;
        }
        let rows: Vec<(u32, &Row)> = c
            .rows
            .iter()
            .filter_map(|cr| s.row(cr.player).map(|r| (cr.rank, r)))
            .collect();
        o.push_str(&table(&h, &main_rows(t, s, &rows), &right));
    }
    let _ = writeln!(o);
    for l in legend_in(s, lang) {
        let _ = writeln!(o, "{l}");
    }
    if s.rows.iter().any(|r| r.shared) {
        let _ = writeln!(o, "{}", tr!(lang, "standings-shared"));
    }
    if s.rows.iter().any(|r| r.by_lot) {
        let _ = writeln!(o, "{}", tr!(lang, "standings-by-lot"));
    }
    for n in &s.notes {
        let _ = writeln!(o, "{n}");
    }
    o
}

/// CSV with `sep` (`,` or `;`), one header row naming each tie-break by its short name;
/// decimals always with a point. Category rows follow with a `Category` column.
pub fn csv(t: &Tournament, s: &Standings, sep: char) -> String {
    csv_of(t, s, sep, Sections::All)
}

/// [`csv()`] with the rows `sections` asks for.
pub fn csv_of(t: &Tournament, s: &Standings, sep: char, sections: Sections) -> String {
    csv_in(t, s, sep, sections, Lang::ENGLISH)
}

/// [`csv_of`] with the header row and category names in `lang`; tie-break
/// columns headed by their short names in `lang`, as the text table heads
/// them (`BH-M1`, `WIN+F`; the JSON carries the codes).
pub fn csv_in(t: &Tournament, s: &Standings, sep: char, sections: Sections, lang: Lang) -> String {
    let mut head: Vec<String> = vec![
        tr!(lang, "col-category"),
        tr!(lang, "col-rank"),
        tr!(lang, "col-start-rank"),
        tr!(lang, "col-title"),
        tr!(lang, "col-name"),
        tr!(lang, "col-federation"),
        tr!(lang, "col-rating"),
        tr!(lang, "col-points"),
    ];
    head.extend((0..s.tiebreaks.len()).map(|k| short_name_in(s, k, lang)));
    let mut o = String::new();
    let join = |cells: Vec<String>| -> String { super::csv::record(&cells, sep) };
    o.push_str(&join(head));
    let mut emit = |cat: &str, rows: Vec<(u32, &Row)>| {
        for mut r in main_rows(t, s, &rows) {
            r.insert(0, cat.to_string());
            o.push_str(&join(r));
        }
    };
    if sections == Sections::All {
        emit("", s.rows.iter().map(|r| (r.rank, r)).collect());
    }
    for c in &s.categories {
        emit(
            c.names.shown(&c.name, lang.tag()),
            c.rows
                .iter()
                .filter_map(|cr| s.row(cr.player).map(|r| (cr.rank, r)))
                .collect(),
        );
    }
    o
}

fn json_value(v: Option<Value>) -> Json {
    match v {
        Some(v) => {
            if v.denom() == 1 {
                json!(v.numer())
            } else {
                json!(v.to_f64())
            }
        }
        None => Json::Null,
    }
}

/// The stable JSON document described in the module documentation.
pub fn json(t: &Tournament, s: &Standings) -> String {
    let standings: Vec<Json> = s
        .rows
        .iter()
        .map(|r| {
            let p = player(t, r);
            json!({
                "rank": r.rank,
                "start_rank": r.player.0,
                "name": name(p),
                "title": p.and_then(|p| p.title.as_ref()).map(|t| t.code().to_string()),
                "federation": p.and_then(|p| p.federation.clone()),
                "rating": p.and_then(|p| p.rating),
                "points": r.points.as_f64(),
                "tiebreaks": r.tiebreaks.iter().map(|v| json_value(*v)).collect::<Vec<_>>(),
                "shared": r.shared,
                "by_lot": r.by_lot,
            })
        })
        .collect();
    let categories: Vec<Json> = s
        .categories
        .iter()
        .map(|c| {
            json!({
                "name": c.name,
                "standings": c.rows.iter().map(|cr| json!({
                    "rank": cr.rank,
                    "overall_rank": cr.overall_rank,
                    "start_rank": cr.player.0,
                    "name": name(t.player(cr.player)),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let mut doc = json!({
        "edition": s.edition.as_str(),
        "edition_source": s.edition_source,
        "after_round": s.after_round,
        "tiebreaks": s.tiebreaks.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
        "standings": standings,
        "categories": categories,
        "notes": s.notes.iter().map(|n| n.to_string()).collect::<Vec<_>>(),
    });
    if let (Some(e), Some(obj)) = (&s.explanation, doc.as_object_mut()) {
        obj.insert(
            "explanation".into(),
            json!({
                "start_rank": e.player.0,
                "rank": e.rank,
                "points": e.points.as_f64(),
                "rounds": e.rounds,
                "tiebreaks": e.items.iter().map(|i| json!({
                    "tiebreak": i.tiebreak,
                    "value": json_value(i.value),
                    "working": i.lines,
                })).collect::<Vec<_>>(),
            }),
        );
    }
    let mut out = super::json::pretty(&doc);
    out.push('\n');
    out
}

use super::html::escape as esc;

fn html_table(out: &mut String, caption: &str, head: &[String], rows: &[Vec<String>]) {
    let _ = writeln!(out, "<div class=\"table-wrap\"><table class=\"standings\">");
    let _ = writeln!(out, "<caption>{}</caption>", esc(caption));
    let cells: String = head
        .iter()
        .map(|h| format!("<th>{}</th>", esc(h)))
        .collect();
    let _ = writeln!(out, "<thead><tr>{cells}</tr></thead>\n<tbody>");
    for r in rows {
        let cells: String = r.iter().map(|c| format!("<td>{}</td>", esc(c))).collect();
        let _ = writeln!(out, "<tr>{cells}</tr>");
    }
    let _ = writeln!(out, "</tbody>\n</table></div>");
}

/// A self-contained HTML5 page: the standings table, category tables and legend.
pub fn html(t: &Tournament, s: &Standings) -> String {
    html_of(t, s, Sections::All)
}

/// [`html`] with the tables `sections` asks for: a whole HTML5 document (the
/// site's template, UTF-8, the stylesheet inlined).
pub fn html_of(t: &Tournament, s: &Standings, sections: Sections) -> String {
    let title = if t.info.name.is_empty() {
        format!("Standings after round {}", s.after_round)
    } else {
        format!("{}: standings after round {}", t.info.name, s.after_round)
    };
    crate::render::site::document::standalone(&title, &html_fragment(t, s, sections))
        .unwrap_or_else(|e| {
            format!(
                "<!doctype html>\n<title>{}</title>\n<p>{}</p>\n",
                esc(&title),
                esc(&e.to_string())
            )
        })
}

/// The standings as an HTML fragment (the body of [`html_of`]).
pub fn html_fragment(t: &Tournament, s: &Standings, sections: Sections) -> String {
    let mut o = String::new();
    let (h, _) = heads(s, Lang::ENGLISH);
    let _ = writeln!(o, "<section class=\"arbiter-standings\">");
    let _ = writeln!(o, "<p>{}</p>", esc(&header_line(s)));
    if sections == Sections::All {
        let rows: Vec<(u32, &Row)> = s.rows.iter().map(|r| (r.rank, r)).collect();
        html_table(&mut o, "Standings", &h, &main_rows(t, s, &rows));
    }
    for c in &s.categories {
        let rows: Vec<(u32, &Row)> = c
            .rows
            .iter()
            .filter_map(|cr| s.row(cr.player).map(|r| (cr.rank, r)))
            .collect();
        html_table(
            &mut o,
            &format!("Category {}", c.name),
            &h,
            &main_rows(t, s, &rows),
        );
    }
    let _ = writeln!(o, "<ul class=\"legend\">");
    for l in legend(s) {
        let _ = writeln!(o, "<li>{}</li>", esc(&l));
    }
    let _ = writeln!(o, "</ul>");
    for n in &s.notes {
        let _ = writeln!(o, "<p class=\"note\">{}</p>", esc(&n.to_string()));
    }
    let _ = writeln!(o, "</section>");
    o
}

/// Crosstable: per player in rank order, one chess-results cell per round
/// (`12w1` = opponent's starting number (shared ranks would be ambiguous), colour, result; `5w+`/`7b-` forfeits; `-1` PAB/FPB,
/// `-½` HPB, `-0` ZPB or not paired), then points and tie-breaks.
pub fn crosstable(t: &Tournament, s: &Standings) -> String {
    let rank_of = |id: crate::model::PlayerId| id.to_string();
    let rounds = s.after_round as usize;
    let mut head: Vec<String> = ["Rk", "SNo", "Name", "Rtg"]
        .iter()
        .map(|x| x.to_string())
        .collect();
    let mut right = vec![true, true, false, true];
    for r in 1..=rounds {
        head.push(format!("{r}.Rd"));
        right.push(true);
    }
    head.push("Pts".into());
    right.push(true);
    for k in 0..s.tiebreaks.len() {
        head.push(short_name(s, k));
        right.push(true);
    }
    let rows: Vec<Vec<String>> = s
        .rows
        .iter()
        .map(|r| {
            let p = player(t, r);
            let mut v = vec![r.rank.to_string(), r.player.to_string(), name(p), rating(p)];
            for k in 1..=rounds {
                let e = p.map(|p| p.round(k)).unwrap_or_default();
                let col = |c: crate::model::Color| match c {
                    crate::model::Color::White => "w",
                    crate::model::Color::Black => "b",
                };
                v.push(match e {
                    RoundEntry::Played {
                        opponent,
                        color,
                        outcome,
                        ..
                    } => format!(
                        "{}{}{}",
                        rank_of(opponent),
                        col(color),
                        match outcome {
                            Outcome::Win => "1",
                            Outcome::Draw => "½",
                            Outcome::Loss => "0",
                        }
                    ),
                    RoundEntry::Unknown { opponent, color } => {
                        format!("{}{}?", rank_of(opponent), col(color))
                    }
                    RoundEntry::Pending { opponent, color } => {
                        format!("{}{}", rank_of(opponent), color.map(col).unwrap_or("-"))
                    }
                    RoundEntry::Forfeit {
                        opponent,
                        color,
                        won,
                    } => format!(
                        "{}{}{}",
                        rank_of(opponent),
                        color.map(col).unwrap_or("-"),
                        if won { "+" } else { "-" }
                    ),
                    RoundEntry::Bye { bye } => match bye {
                        ByeKind::PairingAllocated | ByeKind::Full => "-1".into(),
                        ByeKind::Half => "-½".into(),
                        ByeKind::Zero => "-0".into(),
                    },
                    RoundEntry::NotPaired => "-0".into(),
                    RoundEntry::Free => "free".into(),
                });
            }
            v.push(r.points.to_string());
            for (k, spec) in s.tiebreaks.iter().enumerate() {
                v.push(format_value(spec, r.tiebreaks.get(k).copied().flatten()));
            }
            v
        })
        .collect();
    let mut o = String::new();
    if t.info.name.is_empty() {
        let _ = writeln!(o, "Crosstable after round {}", s.after_round);
    } else {
        let _ = writeln!(
            o,
            "{}: crosstable after round {}",
            t.info.name, s.after_round
        );
    }
    let _ = writeln!(o, "{}\n", header_line(s));
    o.push_str(&table(&head, &rows, &right));
    let _ = writeln!(o);
    for l in legend(s) {
        let _ = writeln!(o, "{l}");
    }
    o
}

/// The `--explain` working as text.
pub fn explain(t: &Tournament, s: &Standings) -> String {
    let mut o = String::new();
    let Some(e) = &s.explanation else {
        return o;
    };
    let p = t.player(e.player);
    let _ = writeln!(
        o,
        "#{} {}: rank {}, {} points after round {} (C.07 edition {})",
        e.player,
        name(p),
        e.rank,
        e.points,
        s.after_round,
        s.edition
    );
    for r in &e.rounds {
        let _ = writeln!(o, "  {r}");
    }
    for (k, item) in e.items.iter().enumerate() {
        let spec = s.tiebreaks.get(k);
        let shown = spec
            .map(|sp| format_value(sp, item.value))
            .unwrap_or_default();
        let shown = if shown.is_empty() {
            "undefined".into()
        } else {
            shown
        };
        let _ = writeln!(o, "\n{} = {shown}: {}", short_name(s, k), full_name(s, k));
        for l in &item.lines {
            let _ = writeln!(o, "  {l}");
        }
    }
    o
}
