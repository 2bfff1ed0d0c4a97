//! Prize statements as text, CSV, JSON and HTML, and the words of every reason
//! the prize engine gives as data ([`LineReason`], [`OnePrizeChoice`],
//! [`RemovalNote`], [`Reduction`]).
//!
//! The JSON shape is documented on [`Statement`].

use std::fmt::Write as _;

use crate::render::i18n::Lang;
use crate::standings::prizes::statement::{RuleNote, Statement};
use crate::standings::prizes::{
    CategoryStatement, LineReason, Money, OnePrizeChoice, Payment, Reduction, RemovalNote,
};
use crate::tr;

#[path = "prizes_words.rs"]
mod words;
pub(crate) use words::Words;
pub use words::{award_name, percent_text};

/// Aligned text for people: per category the ranking, then each prize with its reason.
pub fn text(s: &Statement) -> String {
    text_in(s, Lang::ENGLISH)
}

/// The event's and the section's names in `lang`.
fn event_section(s: &Statement, lang: Lang) -> (&str, &str) {
    (
        s.event_names.shown(&s.event, lang.tag()),
        s.section_names.shown(&s.section, lang.tag()),
    )
}

/// A label and a value, the value starting at column 21 (`Gross paid:` ...).
fn labelled(lang: Lang, label: String, value: String) -> String {
    let colon = tr!(lang, "prize-colon");
    format!(
        "{}{value}",
        super::pad(&format!("{label}{}", colon.trim_end()), 20, false)
    )
}

/// `Dates: 13 August 2023 to 19 August 2023`; `日期：2023年8月13日至2023年8月19日`;
/// `None` when the tournament file gives no date.
pub(crate) fn dates_line(s: &Statement, lang: Lang) -> Option<String> {
    let dates = super::i18n::date_range(lang, s.start_date, s.end_date);
    (!dates.is_empty()).then(|| {
        format!(
            "{}{}{dates}",
            tr!(lang, "info-dates"),
            tr!(lang, "prize-colon")
        )
    })
}

/// The words of `s` in `lang`.
pub(crate) fn words_of(s: &Statement, lang: Lang) -> Words<'_> {
    Words {
        lang,
        currency: &s.currency,
        categories: &s.categories,
    }
}

/// The statement's tie-breaks as a list of their short names in the
/// statement's language (their legend: [`Words::tiebreak_legend`]).
pub(crate) fn tiebreak_list(w: &Words<'_>, codes: &[String]) -> String {
    let names: Vec<String> = codes.iter().map(|c| w.separator(c)).collect();
    w.list(&names)
}

/// [`text`] in `lang`: headings, column heads, totals, places, amounts, award,
/// tie-break and category names, the rules and every reason from the
/// catalogue and the profile. The notes (the engine's diagnostics) stay
/// English, as every diagnostic does.
pub fn text_in(s: &Statement, lang: Lang) -> String {
    let mut o = String::new();
    let w = words_of(s, lang);
    let (event, section) = event_section(s, lang);
    let title = if section.is_empty() || s.section == s.event {
        event.to_string()
    } else if event.is_empty() {
        section.to_string()
    } else {
        format!("{event} - {section}")
    };
    let _ = writeln!(o, "{}", tr!(lang, "prize-statement", title = title));
    if let Some(d) = dates_line(s, lang) {
        let _ = writeln!(o, "{d}");
    }
    let _ = writeln!(
        o,
        "{}",
        tr!(
            lang,
            "prize-tiebreaks-edition",
            edition = crate::render::site::c07_edition(lang, &s.edition),
            list = tiebreak_list(&w, &s.tiebreaks)
        )
    );
    for code in &s.tiebreaks {
        let _ = writeln!(o, "  {}", w.tiebreak_legend(code));
    }
    let _ = writeln!(o, "{}", tr!(lang, "prize-rules"));
    for r in &s.rules {
        let _ = writeln!(o, "  - {}", w.rule(r));
    }
    for c in &s.categories {
        category_text(&mut o, c, &w);
    }
    let t = &s.totals;
    let _ = writeln!(o, "\n== {} ==", tr!(lang, "prize-totals"));
    let cur = &s.currency;
    let amt = |m: Money| super::i18n::amount(lang, cur, m);
    let mut line = |label: String, value: String| {
        let _ = writeln!(o, "{}", labelled(lang, label, value));
    };
    line(tr!(lang, "prize-total-gross"), amt(t.gross));
    line(tr!(lang, "prize-total-tax"), amt(t.tax));
    line(tr!(lang, "prize-total-net"), amt(t.net));
    line(tr!(lang, "prize-total-remainder"), amt(t.remainder));
    line(tr!(lang, "prize-total-reduced"), amt(t.reduced_by));
    if t.unawarded > 0 {
        line(tr!(lang, "prize-total-unawarded"), amt(t.unawarded));
    }
    line(
        tr!(lang, "prize-total-players"),
        t.players_awarded.to_string(),
    );
    if !t.awards.is_empty() {
        let list: Vec<String> = t
            .awards
            .iter()
            .map(|(k, v)| format!("{} {v}", award_name(k, lang)))
            .collect();
        line(tr!(lang, "prize-total-awards"), w.list(&list));
    }
    let chk = &s.one_prize_check;
    let colon = tr!(lang, "prize-colon");
    let _ = writeln!(
        o,
        "{}{colon}{}",
        tr!(lang, "prize-one-per-player"),
        match (chk.required, chk.ok) {
            (false, _) => tr!(lang, "prize-one-not-required"),
            (true, true) => tr!(lang, "prize-one-ok"),
            (true, false) => tr!(
                lang,
                "prize-one-violated",
                players = chk
                    .players_with_several
                    .iter()
                    .map(|(p, c)| {
                        let names: Vec<String> = c.iter().map(|c| w.category(c)).collect();
                        format!("#{p}{}", tr!(lang, "prize-paren", text = w.list(&names)))
                    })
                    .collect::<Vec<_>>()
                    .join(&tr!(lang, "prize-clause-sep"))
            ),
        }
    );
    if !s.notes.is_empty() {
        let _ = writeln!(o, "\n{}", tr!(lang, "prize-notes"));
        for n in &s.notes {
            let _ = writeln!(o, "  {n}");
        }
    }
    o
}

/// Gross, tax and net in words; `None` for a place without cash (awards only),
/// whose money columns stay empty rather than showing `0`.
pub(crate) fn cash_cells(p: &Payment) -> Option<(String, String, String)> {
    (p.gross != 0 || p.tax != 0).then(|| (money(p.gross), money(p.tax), money(p.net)))
}

/// A payment's awards by their names in `lang`, as a list.
pub(crate) fn awards_text(p: &Payment, w: &Words<'_>) -> String {
    let names: Vec<String> = p.awards.iter().map(|a| award_name(a, w.lang)).collect();
    w.list(&names)
}

fn category_text(o: &mut String, c: &CategoryStatement, w: &Words<'_>) {
    use super::pad;
    let (lang, cur) = (w.lang, w.currency);
    let colon = tr!(lang, "prize-colon");
    let _ = writeln!(
        o,
        "\n== {}{} ==",
        c.names.shown(&c.name, lang.tag()),
        tr!(
            lang,
            "prize-paren",
            text = super::i18n::players(lang, c.players)
        )
    );
    if let Some(r) = &c.reduction {
        let _ = writeln!(o, "{}{colon}{}", tr!(lang, "prize-reduced"), w.reduction(r));
    }
    if let Some(u) = c.unawarded {
        let _ = writeln!(
            o,
            "{}{colon}{}",
            tr!(lang, "prize-not-awarded"),
            w.unawarded(u)
        );
    }
    let name_head = tr!(lang, "col-name");
    let name_w = c
        .ranking
        .iter()
        .map(|r| super::width(&super::cell(&r.name)))
        .max()
        .unwrap_or(4)
        .max(super::width(&name_head));
    let _ = writeln!(o, "{}", tr!(lang, "prize-ranking"));
    let _ = writeln!(
        o,
        "  {} {}  {} {}  {}",
        pad(&tr!(lang, "col-rank"), 3, true),
        pad(&tr!(lang, "col-start-rank"), 4, true),
        pad(&name_head, name_w, false),
        pad(&tr!(lang, "col-points"), 5, true),
        tr!(lang, "col-note")
    );
    for r in &c.ranking {
        let note = match (&r.note, &r.separated_by) {
            (Some(n), _) => w.removal_note(n),
            (None, Some(s)) => tr!(lang, "prize-next-separated", tiebreak = w.separator(s)),
            (None, None) => String::new(),
        };
        let line = format!(
            "  {:>3} {:>4}  {} {:>5}  {}",
            r.rank,
            r.start_rank.0,
            pad(&super::cell(&r.name), name_w, false),
            r.points,
            note
        );
        let _ = writeln!(o, "{}", line.trim_end());
    }
    let _ = writeln!(o, "{}", tr!(lang, "prize-prizes"));
    if c.prizes.is_empty() {
        let _ = writeln!(o, "  {}", tr!(lang, "prize-none"));
    }
    for l in &c.prizes {
        for (i, p) in l.players.iter().enumerate() {
            let place = if i == 0 {
                super::i18n::places(lang, &l.places)
            } else {
                String::new()
            };
            let (gross, tax, net) = match cash_cells(p) {
                Some((g, t, n)) => (format!("{cur}{g}"), t, n),
                None => Default::default(),
            };
            let line = format!(
                "  {} {:>4}  {} {} {} {}  {}",
                pad(&place, 9, false),
                p.start_rank.0,
                pad(&super::cell(&p.name), name_w, false),
                pad(&gross, 10, true),
                pad(&tax, 8, true),
                pad(&net, 10, true),
                awards_text(p, w)
            );
            let _ = writeln!(o, "{}", line.trim_end());
        }
        let _ = writeln!(
            o,
            "            {}{colon}{}",
            tr!(lang, "prize-why"),
            w.line_reason(&l.reason)
        );
    }
    for sk in &c.skipped {
        let _ = writeln!(
            o,
            "  {} #{} {}{colon}{}",
            tr!(lang, "prize-skipped"),
            sk.start_rank.0,
            sk.name,
            w.choice(&sk.reason)
        );
    }
}

/// One row per payment, for the treasurer. `sep` is `,` or `;`.
pub fn csv(s: &Statement, sep: char) -> String {
    csv_in(s, sep, Lang::ENGLISH)
}

/// [`csv()`] in `lang`: in English the header row is the keys programs read
/// (`category,places,...`); in another language the column heads, category
/// and award names of the catalogue and the profile. The reasons are in
/// `lang` either way.
pub fn csv_in(s: &Statement, sep: char, lang: Lang) -> String {
    let mut o = String::new();
    let w = words_of(s, lang);
    let head: Vec<String> = if lang == Lang::ENGLISH {
        [
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
        ]
        .map(String::from)
        .to_vec()
    } else {
        vec![
            tr!(lang, "col-category"),
            tr!(lang, "col-place"),
            tr!(lang, "col-start-rank"),
            tr!(lang, "col-name"),
            tr!(lang, "col-points"),
            tr!(lang, "col-gross"),
            tr!(lang, "col-tax"),
            tr!(lang, "col-net"),
            tr!(lang, "col-awards"),
            tr!(lang, "col-reason"),
        ]
    };
    o.push_str(&super::csv::record(&head, sep));
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
                    c.names.shown(&c.name, lang.tag()).to_string(),
                    places,
                    p.start_rank.0.to_string(),
                    p.name.clone(),
                    pts,
                    p.gross.to_string(),
                    p.tax.to_string(),
                    p.net.to_string(),
                    p.awards
                        .iter()
                        .map(|a| award_name(a, lang))
                        .collect::<Vec<_>>()
                        .join("+"),
                    w.line_reason(&l.reason),
                ];
                o.push_str(&super::csv::record(&fields, sep));
            }
        }
    }
    o
}

/// `45000` → `45,000`.
pub fn money(m: Money) -> String {
    super::i18n::group_digits(Lang::ENGLISH, m)
}

/// One prize rule as a sentence.
pub fn rule_text(n: &RuleNote) -> String {
    Words::english("").rule(n)
}

/// Why a prize line pays what it pays; `currency` as in the statement.
pub fn line_reason(r: &LineReason, currency: &str) -> String {
    Words::english(currency).line_reason(r)
}

/// Why a player was removed from a category (one prize per player).
pub fn choice_text(c: &OnePrizeChoice, currency: &str) -> String {
    Words::english(currency).choice(c)
}

/// The note on a removed player's ranking row.
pub fn removal_note(n: &RemovalNote, currency: &str) -> String {
    Words::english(currency).removal_note(n)
}

/// Why a small category's cash prizes were reduced.
pub fn reduction_text(r: &Reduction, currency: &str) -> String {
    Words::english(currency).reduction(r)
}

/// Why an empty category's prizes are not paid.
pub fn unawarded_text(cash: Money, currency: &str) -> String {
    Words::english(currency).unawarded(cash)
}

#[cfg(test)]
#[path = "prizes_tests.rs"]
mod tests;
