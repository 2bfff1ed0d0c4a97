//! The prize statement as HTML: a whole page and the fragment the site and
//! the hall's printout use. The words come from [`super::prizes`].

use std::fmt::Write as _;

use super::html::escape as esc;
use super::prizes::{
    cash_cells, choice_text, line_reason, money, players_text, reduction_text, removal_note,
    rule_text, unawarded_text,
};
use crate::standings::prizes::statement::{places_text, Statement};

/// The statement's title: the event and the section, the section alone when
/// its name already holds the event's (a main section is named after the event).
pub fn title(s: &Statement) -> String {
    format!("Prize statement: {}", statement_name(s))
}

/// What the statement is of: the event, its section, or both (`2023 CTCA
/// Open Senior`), each named once.
pub fn statement_name(s: &Statement) -> String {
    let (e, sec) = (s.event.trim(), s.section.trim());
    if e.is_empty() || sec.contains(e) {
        sec.to_string()
    } else if sec.is_empty() || e.contains(sec) {
        e.to_string()
    } else {
        format!("{e} {sec}")
    }
}

/// A self-contained HTML5 page (the site's template and stylesheet).
pub fn html(s: &Statement) -> String {
    let title = title(s);
    crate::render::site::document::standalone(&title, &html_body(s)).unwrap_or_else(|e| {
        format!(
            "<!doctype html>\n<title>{}</title>\n<p>{}</p>\n",
            esc(&title),
            esc(&e.to_string())
        )
    })
}

/// The statement as an HTML fragment: rules, one table per category with
/// every line's reason, totals (the body of [`html`] and of the site's page).
pub fn html_body(s: &Statement) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "<p>Tie-breaks (edition {}): {}</p>",
        esc(&s.edition),
        esc(&s.tiebreaks.join(", "))
    );
    let _ = writeln!(o, "<ul>");
    for r in &s.rules {
        let _ = writeln!(o, "<li>{}</li>", esc(&rule_text(r)));
    }
    let _ = writeln!(o, "</ul>");
    let cur = esc(&s.currency);
    for c in &s.categories {
        let _ = writeln!(
            o,
            "<h2 id=\"{}\">{} ({})</h2>",
            crate::render::site::common::anchor("prizes", &c.name),
            esc(&c.name),
            players_text(c.players)
        );
        if let Some(r) = &c.reduction {
            let _ = writeln!(
                o,
                "<p>Reduced: {}</p>",
                esc(&reduction_text(r, &s.currency))
            );
        }
        if let Some(u) = c.unawarded {
            let _ = writeln!(
                o,
                "<p>Not awarded: {}</p>",
                esc(&unawarded_text(u, &s.currency))
            );
        }
        let _ = writeln!(
            o,
            "<div class=\"table-wrap\"><table>\n<tr><th>Place</th><th>SNo</th><th>Name</th><th>Gross ({cur})</th><th>Tax</th><th>Net</th><th>Awards</th><th>Reason</th></tr>"
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
                let (gross, tax, net) = cash_cells(p).unwrap_or_default();
                let _ = write!(
                    o,
                    "<td class=\"n\">{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td>",
                    p.start_rank.0,
                    esc(&p.name),
                    gross,
                    tax,
                    net,
                    esc(&p.awards.join(", "))
                );
                if i == 0 {
                    let _ = write!(
                        o,
                        "<td rowspan=\"{n}\" class=\"why\">{}</td>",
                        esc(&line_reason(&l.reason, &s.currency))
                    );
                }
                let _ = writeln!(o, "</tr>");
            }
        }
        let _ = writeln!(o, "</table></div>");
        if !c.skipped.is_empty() {
            let _ = writeln!(o, "<ul>");
            for sk in &c.skipped {
                let _ = writeln!(
                    o,
                    "<li>#{} {}: {}</li>",
                    sk.start_rank.0,
                    esc(&sk.name),
                    esc(&choice_text(&sk.reason, &s.currency))
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
                .as_ref()
                .map(|n| removal_note(n, &s.currency))
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
        "<h2>Totals</h2>\n<table>\n<tr><th>Gross</th><td class=\"n\">{}</td></tr>\n<tr><th>Tax withheld</th><td class=\"n\">{}</td></tr>\n<tr><th>Net</th><td class=\"n\">{}</td></tr>\n<tr><th>Rounding remainder</th><td class=\"n\">{}</td></tr>\n<tr><th>Cut by pro-rata</th><td class=\"n\">{}</td></tr>\n{}<tr><th>Players awarded</th><td class=\"n\">{}</td></tr>\n</table>",
        money(t.gross),
        money(t.tax),
        money(t.net),
        money(t.remainder),
        money(t.reduced_by),
        if t.unawarded > 0 {
            format!(
                "<tr><th>Not awarded</th><td class=\"n\">{}</td></tr>\n",
                money(t.unawarded)
            )
        } else {
            String::new()
        },
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
    o
}
