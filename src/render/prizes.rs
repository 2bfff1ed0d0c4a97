//! Prize statements as text, CSV, JSON and HTML.
//!
//! The JSON shape is documented on [`Statement`].

use std::fmt::Write as _;

use crate::standings::prizes::engine::{money, places_text, CategoryStatement, Payment};
use crate::standings::prizes::statement::Statement;

/// Aligned text for people: per category the ranking, then each prize with its reason.
pub fn text(s: &Statement) -> String {
    let mut o = String::new();
    let title = if s.section.is_empty() || s.section == s.event {
        s.event.clone()
    } else if s.event.is_empty() {
        s.section.clone()
    } else {
        format!("{} - {}", s.event, s.section)
    };
    let _ = writeln!(o, "Prize statement: {title}");
    let _ = writeln!(
        o,
        "Tie-breaks (edition {}): {}",
        s.edition,
        s.tiebreaks.join(", ")
    );
    let _ = writeln!(o, "Rules:");
    for r in &s.rules {
        let _ = writeln!(o, "  - {r}");
    }
    for c in &s.categories {
        category_text(&mut o, c, &s.currency);
    }
    let t = &s.totals;
    let _ = writeln!(o, "\n== Totals ==");
    let cur = &s.currency;
    let _ = writeln!(o, "Gross paid:         {cur}{}", money(t.gross));
    let _ = writeln!(o, "Tax withheld:       {cur}{}", money(t.tax));
    let _ = writeln!(o, "Net paid:           {cur}{}", money(t.net));
    let _ = writeln!(o, "Rounding remainder: {cur}{}", money(t.remainder));
    let _ = writeln!(o, "Cut by pro-rata:    {cur}{}", money(t.reduced_by));
    let _ = writeln!(o, "Players awarded:    {}", t.players_awarded);
    if !t.awards.is_empty() {
        let list: Vec<String> = t.awards.iter().map(|(k, v)| format!("{k} {v}")).collect();
        let _ = writeln!(o, "Awards:             {}", list.join(", "));
    }
    let chk = &s.one_prize_check;
    let _ = writeln!(
        o,
        "One prize per player: {}",
        match (chk.required, chk.ok) {
            (false, _) => "not required (cumulative)".to_string(),
            (true, true) => "ok".to_string(),
            (true, false) => format!(
                "VIOLATED by {}",
                chk.players_with_several
                    .iter()
                    .map(|(p, c)| format!("#{p} ({})", c.join(", ")))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        }
    );
    if !s.notes.is_empty() {
        let _ = writeln!(o, "\nNotes:");
        for n in &s.notes {
            let _ = writeln!(o, "  {n}");
        }
    }
    o
}

fn players_text(n: usize) -> String {
    if n == 1 {
        "1 player".to_string()
    } else {
        format!("{n} players")
    }
}

fn awards_text(p: &Payment) -> String {
    p.awards.join(", ")
}

fn category_text(o: &mut String, c: &CategoryStatement, cur: &str) {
    let _ = writeln!(o, "\n== {} ({}) ==", c.name, players_text(c.players));
    if let Some(r) = &c.reduction {
        let _ = writeln!(o, "Reduced: {}", r.reason);
    }
    let name_w = c
        .ranking
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let _ = writeln!(o, "Ranking:");
    let _ = writeln!(
        o,
        "  {:>3} {:>4}  {:<name_w$} {:>5}  Note",
        "Rk", "SNo", "Name", "Pts"
    );
    for r in &c.ranking {
        let note = match (&r.note, &r.separated_by) {
            (Some(n), _) => n.clone(),
            (None, Some(s)) => format!("(next separated by {s})"),
            (None, None) => String::new(),
        };
        let line = format!(
            "  {:>3} {:>4}  {:<name_w$} {:>5}  {}",
            r.rank, r.start_rank.0, r.name, r.points, note
        );
        let _ = writeln!(o, "{}", line.trim_end());
    }
    let _ = writeln!(o, "Prizes:");
    if c.prizes.is_empty() {
        let _ = writeln!(o, "  (none)");
    }
    for l in &c.prizes {
        for (i, p) in l.players.iter().enumerate() {
            let place = if i == 0 {
                places_text(&l.places)
            } else {
                String::new()
            };
            let line = format!(
                "  {:<9} {:>4}  {:<name_w$} {:>10} {:>8} {:>10}  {}",
                place,
                p.start_rank.0,
                p.name,
                format!("{cur}{}", money(p.gross)),
                money(p.tax),
                money(p.net),
                awards_text(p)
            );
            let _ = writeln!(o, "{}", line.trim_end());
        }
        let _ = writeln!(o, "            why: {}", l.reason);
    }
    for sk in &c.skipped {
        let _ = writeln!(
            o,
            "  skipped #{} {}: {}",
            sk.start_rank.0, sk.name, sk.reason
        );
    }
}

/// One row per payment, for the treasurer. `sep` is `,` or `;`.
pub fn csv(s: &Statement, sep: char) -> String {
    let mut o = String::new();
    let head = [
        "category",
        "places",
        "start_rank",
        "name",
        "points",
        "gross",
        "tax",
        "net",
        "awards",
        "reason",
    ];
    let _ = writeln!(o, "{}", head.join(&sep.to_string()));
    for c in &s.categories {
        for l in &c.prizes {
            for p in &l.players {
                let pts = c
                    .ranking
                    .iter()
                    .find(|r| r.start_rank == p.start_rank)
                    .map(|r| r.points.to_string())
                    .unwrap_or_default();
                let places = match (l.places.first(), l.places.last()) {
                    (Some(a), Some(b)) if a != b => format!("{a}-{b}"),
                    (Some(a), _) => a.to_string(),
                    _ => String::new(),
                };
                let fields = [
                    c.name.clone(),
                    places,
                    p.start_rank.0.to_string(),
                    p.name.clone(),
                    pts,
                    p.gross.to_string(),
                    p.tax.to_string(),
                    p.net.to_string(),
                    p.awards.join("+"),
                    l.reason.clone(),
                ];
                o.push_str(&super::csv::record(&fields, sep));
            }
        }
    }
    o
}

/// The statement as pretty JSON (shape documented on [`Statement`]).
pub fn json(s: &Statement) -> String {
    let mut v = super::json::pretty(s);
    v.push('\n');
    v
}

use super::html::escape as esc;

/// A self-contained HTML page.
pub fn html(s: &Statement) -> String {
    let mut o = String::new();
    let title = esc(format!("{} {}", s.event, s.section).trim());
    let _ = writeln!(
        o,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Prizes: {title}</title>\n<style>\nbody{{font-family:sans-serif}} table{{border-collapse:collapse;margin-bottom:1em}} td,th{{border:1px solid #999;padding:2px 6px}} td.n{{text-align:right}} .why{{color:#444;font-size:90%}}\n</style>\n</head>\n<body>"
    );
    let _ = writeln!(o, "<h1>Prize statement: {title}</h1>");
    let _ = writeln!(
        o,
        "<p>Tie-breaks (edition {}): {}</p>",
        esc(&s.edition),
        esc(&s.tiebreaks.join(", "))
    );
    let _ = writeln!(o, "<ul>");
    for r in &s.rules {
        let _ = writeln!(o, "<li>{}</li>", esc(r));
    }
    let _ = writeln!(o, "</ul>");
    let cur = esc(&s.currency);
    for c in &s.categories {
        let _ = writeln!(o, "<h2>{} ({})</h2>", esc(&c.name), players_text(c.players));
        if let Some(r) = &c.reduction {
            let _ = writeln!(o, "<p>Reduced: {}</p>", esc(&r.reason));
        }
        let _ = writeln!(
            o,
            "<table>\n<tr><th>Place</th><th>SNo</th><th>Name</th><th>Gross ({cur})</th><th>Tax</th><th>Net</th><th>Awards</th><th>Reason</th></tr>"
        );
        for l in &c.prizes {
            let n = l.players.len();
            for (i, p) in l.players.iter().enumerate() {
                let _ = write!(o, "<tr>");
                if i == 0 {
                    let _ = write!(
                        o,
                        "<td rowspan=\"{n}\">{}</td>",
                        esc(&places_text(&l.places))
                    );
                }
                let _ = write!(
                    o,
                    "<td class=\"n\">{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td>",
                    p.start_rank.0,
                    esc(&p.name),
                    money(p.gross),
                    money(p.tax),
                    money(p.net),
                    esc(&p.awards.join(", "))
                );
                if i == 0 {
                    let _ = write!(
                        o,
                        "<td rowspan=\"{n}\" class=\"why\">{}</td>",
                        esc(&l.reason)
                    );
                }
                let _ = writeln!(o, "</tr>");
            }
        }
        let _ = writeln!(o, "</table>");
        if !c.skipped.is_empty() {
            let _ = writeln!(o, "<ul>");
            for sk in &c.skipped {
                let _ = writeln!(
                    o,
                    "<li>#{} {}: {}</li>",
                    sk.start_rank.0,
                    esc(&sk.name),
                    esc(&sk.reason)
                );
            }
            let _ = writeln!(o, "</ul>");
        }
        let _ = writeln!(
            o,
            "<details><summary>Ranking</summary>\n<table>\n<tr><th>Rk</th><th>SNo</th><th>Name</th><th>Pts</th><th>Note</th></tr>"
        );
        for r in &c.ranking {
            let note = r
                .note
                .clone()
                .or_else(|| {
                    r.separated_by
                        .as_ref()
                        .map(|s| format!("next separated by {s}"))
                })
                .unwrap_or_default();
            let _ = writeln!(
                o,
                "<tr><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td><td class=\"n\">{}</td><td>{}</td></tr>",
                r.rank,
                r.start_rank.0,
                esc(&r.name),
                r.points,
                esc(&note)
            );
        }
        let _ = writeln!(o, "</table>\n</details>");
    }
    let t = &s.totals;
    let _ = writeln!(
        o,
        "<h2>Totals</h2>\n<table>\n<tr><th>Gross</th><td class=\"n\">{}</td></tr>\n<tr><th>Tax withheld</th><td class=\"n\">{}</td></tr>\n<tr><th>Net</th><td class=\"n\">{}</td></tr>\n<tr><th>Rounding remainder</th><td class=\"n\">{}</td></tr>\n<tr><th>Cut by pro-rata</th><td class=\"n\">{}</td></tr>\n<tr><th>Players awarded</th><td class=\"n\">{}</td></tr>\n</table>",
        money(t.gross),
        money(t.tax),
        money(t.net),
        money(t.remainder),
        money(t.reduced_by),
        t.players_awarded
    );
    let chk = &s.one_prize_check;
    let _ = writeln!(
        o,
        "<p>One prize per player: {}</p>",
        if !chk.required {
            "not required"
        } else if chk.ok {
            "ok"
        } else {
            "VIOLATED"
        }
    );
    if !s.notes.is_empty() {
        let _ = writeln!(o, "<ul>");
        for n in &s.notes {
            let _ = writeln!(o, "<li>{}</li>", esc(&n.to_string()));
        }
        let _ = writeln!(o, "</ul>");
    }
    let _ = writeln!(o, "</body>\n</html>");
    o
}
