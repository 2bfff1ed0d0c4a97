//! The prize statement as HTML: a whole page and the fragment the site and
//! the hall's printout use. The words come from [`super::prizes`].

use std::fmt::Write as _;

use super::html::escape as esc;
use super::prizes::{awards_text, cash_cells, dates_line, tiebreak_list, words_of};
use crate::render::i18n::Lang;
use crate::standings::prizes::statement::Statement;
use crate::tr;

/// The statement's title: the event and the section, the section alone when
/// its name already holds the event's (a main section is named after the event).
pub fn title(s: &Statement) -> String {
    title_in(s, Lang::ENGLISH)
}

/// [`title`] in `lang`.
pub fn title_in(s: &Statement, lang: Lang) -> String {
    tr!(lang, "prize-statement", title = statement_name_in(s, lang))
}

/// What the statement is of: the event, its section, or both (`2023 CTCA
/// Open Senior`), each named once.
pub fn statement_name(s: &Statement) -> String {
    statement_name_in(s, Lang::ENGLISH)
}

/// [`statement_name`] with the event's and the section's names in `lang`.
pub fn statement_name_in(s: &Statement, lang: Lang) -> String {
    // which names to show is decided on the plain names, the words shown
    // are the language's
    let e = s.event_names.shown(&s.event, lang.tag()).trim();
    let sec = s.section_names.shown(&s.section, lang.tag()).trim();
    let (pe, psec) = (s.event.trim(), s.section.trim());
    if !pe.is_empty() && psec.contains(pe) {
        return sec.to_string();
    }
    if !psec.is_empty() && pe.contains(psec) {
        return e.to_string();
    }
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
    html_in(s, Lang::ENGLISH)
}

/// [`html`] in `lang` (`<html lang>`, the font stack and every word).
pub fn html_in(s: &Statement, lang: Lang) -> String {
    let title = title_in(s, lang);
    crate::render::site::document::standalone_in(lang, &title, &html_body_in(s, lang))
        .unwrap_or_else(|e| {
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
    html_body_in(s, Lang::ENGLISH)
}

/// [`html_body`] in `lang`: headings, column heads, places, amounts, award,
/// tie-break and category names, the rules and every reason from the
/// catalogue and the profile. The notes (the engine's diagnostics, English
/// as every diagnostic) are marked `lang="en"` in another language.
pub fn html_body_in(s: &Statement, lang: Lang) -> String {
    let mut o = String::new();
    let w = words_of(s, lang);
    if let Some(d) = dates_line(s, lang) {
        let _ = writeln!(o, "<p>{}</p>", esc(&d));
    }
    // The diagnostics, English in every language.
    let en = if lang == Lang::ENGLISH {
        ""
    } else {
        " lang=\"en\""
    };
    let _ = writeln!(
        o,
        "<p>{}</p>",
        esc(&tr!(
            lang,
            "prize-tiebreaks-edition",
            edition = crate::render::site::c07_edition(lang, &s.edition),
            list = tiebreak_list(&w, &s.tiebreaks)
        ))
    );
    if !s.tiebreaks.is_empty() {
        let _ = writeln!(o, "<ul class=\"legend\">");
        for code in &s.tiebreaks {
            let _ = writeln!(o, "<li>{}</li>", esc(&w.tiebreak_legend(code)));
        }
        let _ = writeln!(o, "</ul>");
    }
    let _ = writeln!(o, "<ul>");
    for r in &s.rules {
        let _ = writeln!(o, "<li>{}</li>", esc(&w.rule(r)));
    }
    let _ = writeln!(o, "</ul>");
    let colon = tr!(lang, "prize-colon");
    for c in &s.categories {
        let _ = writeln!(
            o,
            "<h2 id=\"{}\">{}{}</h2>",
            crate::render::site::common::anchor("prizes", &c.name),
            esc(c.names.shown(&c.name, lang.tag())),
            esc(&tr!(
                lang,
                "prize-paren",
                text = crate::render::i18n::players(lang, c.players)
            ))
        );
        if let Some(r) = &c.reduction {
            let _ = writeln!(
                o,
                "<p>{}{}</p>",
                esc(&tr!(lang, "prize-reduced")),
                esc(&format!("{colon}{}", w.reduction(r)))
            );
        }
        if let Some(u) = c.unawarded {
            let _ = writeln!(
                o,
                "<p>{}{}</p>",
                esc(&tr!(lang, "prize-not-awarded")),
                esc(&format!("{colon}{}", w.unawarded(u)))
            );
        }
        let _ = writeln!(
            o,
            "<div class=\"table-wrap\"><table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{}{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
            esc(&tr!(lang, "col-place")),
            esc(&tr!(lang, "col-start-rank")),
            esc(&tr!(lang, "col-name")),
            esc(&tr!(lang, "col-gross")),
            esc(&tr!(lang, "prize-paren", text = &s.currency)),
            esc(&tr!(lang, "col-tax")),
            esc(&tr!(lang, "col-net")),
            esc(&tr!(lang, "col-awards")),
            esc(&tr!(lang, "col-reason")),
        );
        for l in &c.prizes {
            let n = l.players.len();
            for (i, p) in l.players.iter().enumerate() {
                let _ = write!(o, "<tr>");
                if i == 0 {
                    let _ = write!(o, "<td rowspan=\"{n}\">{}</td>", esc(&w.places(&l.places)));
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
                    esc(&awards_text(p, &w))
                );
                if i == 0 {
                    let _ = write!(
                        o,
                        "<td rowspan=\"{n}\" class=\"why\">{}</td>",
                        esc(&w.line_reason(&l.reason))
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
                    "<li>#{} {}{}</li>",
                    sk.start_rank.0,
                    esc(&sk.name),
                    esc(&format!("{colon}{}", w.choice(&sk.reason)))
                );
            }
            let _ = writeln!(o, "</ul>");
        }
        let _ = writeln!(
            o,
            "<details><summary>{}</summary>\n<table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
            esc(&tr!(lang, "prize-ranking-head")),
            esc(&tr!(lang, "col-rank")),
            esc(&tr!(lang, "col-start-rank")),
            esc(&tr!(lang, "col-name")),
            esc(&tr!(lang, "col-points")),
            esc(&tr!(lang, "col-note")),
        );
        for r in &c.ranking {
            let note = match (&r.note, &r.separated_by) {
                (Some(n), _) => w.removal_note(n),
                (None, Some(sep)) => tr!(lang, "prize-html-separated", tiebreak = w.separator(sep)),
                (None, None) => String::new(),
            };
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
    let row = |id: String, m: i64| {
        format!(
            "<tr><th>{}</th><td class=\"n\">{}</td></tr>\n",
            esc(&id),
            w.number(m)
        )
    };
    let mut rows = String::new();
    rows.push_str(&row(tr!(lang, "prize-html-gross"), t.gross));
    rows.push_str(&row(tr!(lang, "prize-total-tax"), t.tax));
    rows.push_str(&row(tr!(lang, "prize-html-net"), t.net));
    rows.push_str(&row(tr!(lang, "prize-total-remainder"), t.remainder));
    rows.push_str(&row(tr!(lang, "prize-total-reduced"), t.reduced_by));
    if t.unawarded > 0 {
        rows.push_str(&row(tr!(lang, "prize-total-unawarded"), t.unawarded));
    }
    let _ = writeln!(
        o,
        "<h2>{}</h2>\n<table>\n{rows}<tr><th>{}</th><td class=\"n\">{}</td></tr>\n</table>",
        esc(&tr!(lang, "prize-totals")),
        esc(&tr!(lang, "prize-total-players")),
        t.players_awarded
    );
    let chk = &s.one_prize_check;
    let _ = writeln!(
        o,
        "<p>{}{}{}</p>",
        esc(&tr!(lang, "prize-one-per-player")),
        esc(&tr!(lang, "prize-colon")),
        esc(&if !chk.required {
            tr!(lang, "prize-html-not-required")
        } else if chk.ok {
            tr!(lang, "prize-one-ok")
        } else {
            tr!(lang, "prize-html-violated")
        })
    );
    if !s.notes.is_empty() {
        let _ = writeln!(o, "<ul{en}>");
        for n in &s.notes {
            let _ = writeln!(o, "<li>{}</li>", esc(&n.to_string()));
        }
        let _ = writeln!(o, "</ul>");
    }
    o
}
