//! The prize statement as HTML: a whole page and the fragment the site and
//! the hall's printout use. The words come from [`super::prizes`].

use std::fmt::Write as _;

use super::html::escape as esc;
use super::prizes::{
    cash_cells, choice_text, line_reason, money, players_text, reduction_text, removal_note,
    rule_text, unawarded_text,
};
use crate::render::i18n::Lang;
use crate::standings::prizes::statement::{places_text, Statement};
use crate::tr;

/// `html` as it is, or in a `<span>` with `attr` (` lang="en"`) when given.
fn marked(attr: &str, html: String) -> String {
    if attr.is_empty() {
        html
    } else {
        format!("<span{attr}>{html}</span>")
    }
}

/// How a page names a tie-break of the statement in `lang`: in English as
/// the profile wrote it; in another language points in words, a self-defined
/// code by its column head (`WIN+F`), a FIDE code as it is (`BH/M1`).
fn tiebreak_label(code: &str, lang: Lang) -> String {
    if lang == Lang::ENGLISH {
        return code.to_string();
    }
    if code == "points" {
        return tr!(lang, "col-points-long");
    }
    crate::standings::CustomTieBreak::builtins()
        .into_iter()
        .find(|c| c.code == code)
        .map(|c| c.short)
        .unwrap_or_else(|| code.to_string())
}

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
    html_body_in(s, Lang::ENGLISH)
}

/// [`html_body`] in `lang`: headings, column heads, places, amounts, award
/// and category names from the catalogue and the profile. The sentences of
/// the rules and reasons are English, marked `lang="en"` in another language.
pub fn html_body_in(s: &Statement, lang: Lang) -> String {
    let mut o = String::new();
    // The sentences the catalogue does not word yet, marked as English.
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
            "prize-tiebreaks",
            edition = crate::render::site::c07_edition(lang, &s.edition),
            list = s
                .tiebreaks
                .iter()
                .map(|c| tiebreak_label(c, lang))
                .collect::<Vec<_>>()
                .join(", ")
        ))
    );
    let _ = writeln!(o, "<ul{en}>");
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
            esc(c.names.shown(&c.name, lang.tag())),
            if lang == Lang::ENGLISH {
                players_text(c.players)
            } else {
                crate::render::i18n::players(lang, c.players)
            }
        );
        if let Some(r) = &c.reduction {
            let _ = writeln!(
                o,
                "<p>{}: {}</p>",
                esc(&tr!(lang, "prize-reduced")),
                marked(en, esc(&reduction_text(r, &s.currency)))
            );
        }
        if let Some(u) = c.unawarded {
            let _ = writeln!(
                o,
                "<p>{}: {}</p>",
                esc(&tr!(lang, "prize-not-awarded")),
                marked(en, esc(&unawarded_text(u, &s.currency)))
            );
        }
        let _ = writeln!(
            o,
            "<div class=\"table-wrap\"><table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{} ({cur})</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
            esc(&tr!(lang, "col-place")),
            esc(&tr!(lang, "col-start-rank")),
            esc(&tr!(lang, "col-name")),
            esc(&tr!(lang, "col-gross")),
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
                    let _ = write!(
                        o,
                        "<td rowspan=\"{n}\">{}</td>",
                        esc(&if lang == Lang::ENGLISH {
                            places_text(&l.places)
                        } else {
                            crate::render::i18n::places(lang, &l.places)
                        })
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
                    esc(&p
                        .awards
                        .iter()
                        .map(|a| {
                            if lang == Lang::ENGLISH {
                                a.clone()
                            } else {
                                super::prizes::award_name(a, lang)
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(", "))
                );
                if i == 0 {
                    let _ = write!(
                        o,
                        "<td rowspan=\"{n}\" class=\"why\"{en}>{}</td>",
                        esc(&line_reason(&l.reason, &s.currency))
                    );
                }
                let _ = writeln!(o, "</tr>");
            }
        }
        let _ = writeln!(o, "</table></div>");
        if !c.skipped.is_empty() {
            let _ = writeln!(o, "<ul{en}>");
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
            "<details><summary>{}</summary>\n<table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
            esc(&tr!(lang, "prize-ranking-head")),
            esc(&tr!(lang, "col-rank")),
            esc(&tr!(lang, "col-start-rank")),
            esc(&tr!(lang, "col-name")),
            esc(&tr!(lang, "col-points")),
            esc(&tr!(lang, "col-note")),
        );
        for r in &c.ranking {
            let (note, note_lang) = match (&r.note, &r.separated_by) {
                (Some(n), _) => (removal_note(n, &s.currency), en),
                (None, Some(sep)) => (
                    tr!(
                        lang,
                        "prize-html-separated",
                        tiebreak = tiebreak_label(sep, lang)
                    ),
                    "",
                ),
                (None, None) => (String::new(), ""),
            };
            let _ = writeln!(
                o,
                "<tr><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td><td class=\"n\">{}</td><td{note_lang}>{}</td></tr>",
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
            money(m)
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
        "<p>{}: {}</p>",
        esc(&tr!(lang, "prize-one-per-player")),
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
