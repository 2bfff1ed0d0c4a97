//! Prize statements as text, CSV, JSON and HTML, and the words of every reason
//! the prize engine gives as data ([`LineReason`], [`OnePrizeChoice`],
//! [`RemovalNote`], [`Reduction`]).
//!
//! The JSON shape is documented on [`Statement`].

use std::fmt::Write as _;

use crate::render::i18n::Lang;
use crate::standings::prizes::statement::{ordinal, places_text, RuleNote, Statement};
use crate::standings::prizes::{
    Boundary, CategoryStatement, LineReason, Money, MovedUp, OnePrizeChoice, Payment, Preference,
    Reduction, RemovalNote, RoundingMode, Sharing, TaxNote, TiedAwards, ValueBasis,
};
use crate::tr;

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
    let colon = if lang == Lang::ENGLISH { ":" } else { "：" };
    format!(
        "{}{value}",
        super::pad(&format!("{label}{colon}"), 20, false)
    )
}

/// An award as the regulation names it: `trophy` → 獎盃 in zh-TW; an award the
/// catalogue does not name stays as the profile wrote it.
pub fn award_name(item: &str, lang: Lang) -> String {
    match item {
        "trophy" => tr!(lang, "award-trophy"),
        "medal" => tr!(lang, "award-medal"),
        "certificate" => tr!(lang, "award-certificate"),
        "goods" => tr!(lang, "award-goods"),
        other => other.to_string(),
    }
}

/// [`text`] in `lang`: headings, column heads, totals, places, amounts, award
/// and category names from the catalogue and the profile. The reasons stay
/// in English for now (their sentences are not in the catalogue yet).
pub fn text_in(s: &Statement, lang: Lang) -> String {
    let mut o = String::new();
    let (event, section) = event_section(s, lang);
    let title = if section.is_empty() || s.section == s.event {
        event.to_string()
    } else if event.is_empty() {
        section.to_string()
    } else {
        format!("{event} - {section}")
    };
    let _ = writeln!(o, "{}", tr!(lang, "prize-statement", title = title));
    let _ = writeln!(
        o,
        "{}",
        tr!(
            lang,
            "prize-tiebreaks",
            edition = &s.edition,
            list = s.tiebreaks.join(", ")
        )
    );
    let _ = writeln!(o, "{}", tr!(lang, "prize-rules"));
    for r in &s.rules {
        let _ = writeln!(o, "  - {}", rule_text(r));
    }
    for c in &s.categories {
        category_text(&mut o, c, &s.currency, lang);
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
        line(tr!(lang, "prize-total-awards"), list.join(", "));
    }
    let chk = &s.one_prize_check;
    let colon = if lang == Lang::ENGLISH { ": " } else { "：" };
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
                    .map(|(p, c)| format!("#{p} ({})", c.join(", ")))
                    .collect::<Vec<_>>()
                    .join("; ")
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

pub(crate) fn players_text(n: usize) -> String {
    super::i18n::players(Lang::ENGLISH, n)
}

/// Gross, tax and net in words; `None` for a place without cash (awards only),
/// whose money columns stay empty rather than showing `0`.
pub(crate) fn cash_cells(p: &Payment) -> Option<(String, String, String)> {
    (p.gross != 0 || p.tax != 0).then(|| (money(p.gross), money(p.tax), money(p.net)))
}

fn awards_text(p: &Payment, lang: Lang) -> String {
    let sep = if lang == Lang::ENGLISH { ", " } else { "、" };
    p.awards
        .iter()
        .map(|a| award_name(a, lang))
        .collect::<Vec<_>>()
        .join(sep)
}

fn category_text(o: &mut String, c: &CategoryStatement, cur: &str, lang: Lang) {
    use super::pad;
    let colon = if lang == Lang::ENGLISH { ": " } else { "：" };
    let _ = writeln!(
        o,
        "\n== {} ({}) ==",
        c.names.shown(&c.name, lang.tag()),
        super::i18n::players(lang, c.players)
    );
    if let Some(r) = &c.reduction {
        let _ = writeln!(
            o,
            "{}{colon}{}",
            tr!(lang, "prize-reduced"),
            reduction_text(r, cur)
        );
    }
    if let Some(u) = c.unawarded {
        let _ = writeln!(
            o,
            "{}{colon}{}",
            tr!(lang, "prize-not-awarded"),
            unawarded_text(u, cur)
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
            (Some(n), _) => removal_note(n, cur),
            (None, Some(s)) => tr!(lang, "prize-next-separated", tiebreak = s),
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
                awards_text(p, lang)
            );
            let _ = writeln!(o, "{}", line.trim_end());
        }
        let _ = writeln!(
            o,
            "            {}{colon}{}",
            tr!(lang, "prize-why"),
            line_reason(&l.reason, cur)
        );
    }
    for sk in &c.skipped {
        let _ = writeln!(
            o,
            "  {} #{} {}: {}",
            tr!(lang, "prize-skipped"),
            sk.start_rank.0,
            sk.name,
            choice_text(&sk.reason, cur)
        );
    }
}

/// One row per payment, for the treasurer. `sep` is `,` or `;`.
pub fn csv(s: &Statement, sep: char) -> String {
    csv_in(s, sep, Lang::ENGLISH)
}

/// [`csv()`] in `lang`: in English the header row is the keys programs read
/// (`category,places,...`); in another language the column heads, category
/// and award names of the catalogue and the profile.
pub fn csv_in(s: &Statement, sep: char, lang: Lang) -> String {
    let mut o = String::new();
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
                    line_reason(&l.reason, &s.currency),
                ];
                o.push_str(&super::csv::record(&fields, sep));
            }
        }
    }
    o
}

/// `1000` basis points → `"10"`, `1250` → `"12.5"`.
pub fn percent_text(bp: u32) -> String {
    let whole = bp / 100;
    let frac = bp % 100;
    if frac == 0 {
        whole.to_string()
    } else if frac.is_multiple_of(10) {
        format!("{whole}.{}", frac / 10)
    } else {
        format!("{whole}.{frac:02}")
    }
}

/// `45000` → `45,000`.
pub fn money(m: Money) -> String {
    let s = m.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    if m < 0 {
        format!("-{out}")
    } else {
        out
    }
}

/// One prize rule as a sentence.
pub fn rule_text(n: &RuleNote) -> String {
    match n {
        RuleNote::Sharing { sharing } => match sharing {
            Sharing::Pooled => "players still tied after all tie-breaks share equally the prizes of the places they occupy".to_string(),
            Sharing::Hort { keep_percent } => format!(
                "Hort system: players on equal points keep {keep_percent}% of the prize of their tie-break place; the rest of the prizes of their places is shared equally"
            ),
            Sharing::None => "no sharing: the tie-breaks decide".to_string(),
        },
        RuleNote::Rounding { rounding } => {
            let unit = if rounding.unit == 1 {
                "whole units".to_string()
            } else {
                format!("multiples of {}", rounding.unit)
            };
            match rounding.mode {
                RoundingMode::Down => format!("shares rounded down to {unit}; the remainder is kept by the organiser"),
                RoundingMode::Nearest => format!("shares rounded to the nearest {unit}, halves up; the difference is shown as the remainder"),
            }
        }
        RuleNote::OnePrizePerPlayer { value, priority } => {
            let v = match value {
                ValueBasis::Gross => "gross",
                ValueBasis::Net => "net",
            };
            let mut s = format!(
                "one prize per player: the highest {v} amount, then the higher value of non-cash awards, then the priority order"
            );
            if !priority.is_empty() {
                s.push_str(&format!(" ({})", priority.join(", ")));
            }
            s
        }
        RuleNote::Cumulative => "prizes are cumulative".to_string(),
        RuleNote::TiedAwards { tied_awards } => match tied_awards {
            TiedAwards::ListedOrder => {
                "non-cash awards of shared places go by the listed order".to_string()
            }
            TiedAwards::BestPlace => {
                "each player sharing places receives the non-cash awards of the best shared place"
                    .to_string()
            }
        },
        RuleNote::ProRata { pro_rata } => format!(
            "categories with fewer than {} players have their cash prizes reduced in proportion (players / {}), rounded down",
            pro_rata.min_players, pro_rata.min_players
        ),
        RuleNote::Tax { tax, currency } => format!(
            "tax of {}% withheld from each payment of {}{} or more, rounded half up to a whole unit",
            percent_text(tax.rate_bp),
            currency,
            money(tax.min_gross)
        ),
    }
}

fn money_c(m: Money, currency: &str) -> String {
    format!("{currency}{}", money(m))
}

fn unit_text(unit: Money, currency: &str) -> String {
    if unit == 1 {
        if currency.is_empty() {
            "whole units".to_string()
        } else {
            format!("whole {currency}")
        }
    } else {
        format!("multiples of {}", money_c(unit, currency))
    }
}

fn value_text(gross: Money, awards: &[String], currency: &str) -> String {
    let mut parts = Vec::new();
    if gross > 0 {
        parts.push(money_c(gross, currency));
    }
    parts.extend(awards.iter().cloned());
    if parts.is_empty() {
        "nothing".to_string()
    } else {
        parts.join(" + ")
    }
}

fn cash_list(cash: &[Money]) -> String {
    cash.iter()
        .map(|&c| money(c))
        .collect::<Vec<_>>()
        .join(" + ")
}

fn tax_text(tax: &Option<TaxNote>) -> String {
    let Some(t) = tax else {
        return String::new();
    };
    let rate = percent_text(t.rate_bp);
    if t.withheld() {
        format!(
            "; tax {rate}% withheld: {} is at least {}",
            money(t.gross),
            money(t.min_gross)
        )
    } else {
        format!(
            "; no tax: {} is below {}",
            money(t.gross),
            money(t.min_gross)
        )
    }
}

/// `7.5 points, behind #3 on points, ahead of #5 on BH/M1`.
fn boundary_text(b: &Boundary) -> String {
    let mut parts = Vec::new();
    if let Some(p) = b.points {
        parts.push(format!("{p} points"));
    }
    if let Some((who, label)) = &b.behind {
        parts.push(format!("behind #{who} on {label}"));
    }
    if let Some((who, label)) = &b.ahead_of {
        parts.push(format!("ahead of #{who} on {label}"));
    }
    parts.join(", ")
}

fn moved_up_text(m: &Option<MovedUp>) -> String {
    let Some(m) = m else {
        return String::new();
    };
    let above: Vec<String> = m.removed_above.iter().map(|p| format!("#{p}")).collect();
    format!(
        "; ranked {} in the category, moves up because {} took a prize elsewhere",
        ordinal(m.ranked),
        above.join(", ")
    )
}

/// Why a prize line pays what it pays; `currency` as in the statement.
pub fn line_reason(r: &LineReason, currency: &str) -> String {
    let cur = currency;
    match r {
        LineReason::Place {
            place,
            boundary,
            moved_up,
            listed_order,
            tax,
        } => {
            let mut s = format!(
                "{}: {}{}",
                ordinal(*place),
                boundary_text(boundary),
                moved_up_text(moved_up)
            );
            if *listed_order {
                s.push_str("; tied after all tie-breaks, no sharing: place by listed order");
            }
            s + &tax_text(tax)
        }
        LineReason::Pooled {
            places,
            points,
            boundary,
            cash,
            pool,
            share,
            rounding,
            awards,
            moved_up,
            tax,
        } => {
            let k = places.len();
            let context = boundary_text(boundary);
            let mut s = format!(
                "{}: {} players tied on {} points after all tie-breaks{}; ",
                places_text(places),
                k,
                points,
                if context.is_empty() {
                    String::new()
                } else {
                    format!(" ({context})")
                }
            );
            if *pool > 0 {
                s.push_str(&format!(
                    "pool {} = {}, {} each",
                    cash_list(cash),
                    money_c(*pool, cur),
                    money_c(*share, cur)
                ));
                if let Some(n) = rounding {
                    s.push_str(&format!(
                        " ({} / {k} rounded {} to {}; remainder {})",
                        money(*pool),
                        match n.mode {
                            RoundingMode::Down => "down",
                            RoundingMode::Nearest => "to nearest",
                        },
                        unit_text(n.unit, cur),
                        money(n.remainder)
                    ));
                }
            } else {
                s.push_str("no cash for these places");
            }
            if let Some(a) = awards {
                s.push_str(match a {
                    TiedAwards::ListedOrder => {
                        "; non-cash awards cannot be shared: given by listed order"
                    }
                    TiedAwards::BestPlace => {
                        "; non-cash awards: each receives those of the best place"
                    }
                });
            }
            s.push_str(&moved_up_text(moved_up));
            s + &tax_text(tax)
        }
        LineReason::Hort {
            places,
            points,
            keep_percent,
            cash,
            pool,
            shares,
            remainder,
            tax,
        } => {
            let details: Vec<String> = shares
                .iter()
                .map(|(p, gross)| format!("#{p} {}", money(*gross)))
                .collect();
            let mut s = format!(
                "{}: {} players on {} points; Hort system: each keeps {}% of the prize of the place the tie-breaks give, the other {}% of {} = {} is split equally: {}",
                places_text(places),
                places.len(),
                points,
                keep_percent,
                100 - keep_percent,
                cash_list(cash),
                money_c(*pool, cur),
                details.join(", ")
            );
            if *remainder != 0 {
                s.push_str(&format!("; remainder {} (rounding)", money(*remainder)));
            }
            s + &tax_text(tax)
        }
    }
}

/// Why a player was removed from a category (one prize per player).
pub fn choice_text(c: &OnePrizeChoice, currency: &str) -> String {
    let why = match c.why {
        Preference::HigherValue => "higher value".to_string(),
        Preference::HigherAwardValue => "equal cash, higher value of non-cash awards".to_string(),
        Preference::Priority => format!(
            "equal value, {} comes first in the priority order",
            c.kept_in
        ),
    };
    format!(
        "would be {} here ({}); took {} {} ({}) instead: one prize per player, {why}",
        places_text(&c.lost.places),
        value_text(c.lost.gross, &c.lost.awards, currency),
        c.kept_in,
        places_text(&c.kept.places),
        value_text(c.kept.gross, &c.kept.awards, currency),
    )
}

/// The note on a removed player's ranking row.
pub fn removal_note(n: &RemovalNote, currency: &str) -> String {
    match n {
        RemovalNote::Choice(c) => choice_text(c, currency),
        RemovalNote::TakenIn(category) => format!("prize taken in {category}"),
    }
}

/// Why a small category's cash prizes were reduced.
pub fn reduction_text(r: &Reduction, currency: &str) -> String {
    let (n, min) = (r.players, r.min_players);
    let list: Vec<String> = r.reason.reduced.iter().map(|&c| money(c)).collect();
    format!(
        "{n} player{}, fewer than {min}: cash prizes reduced to {n}/{min} and rounded down to {}: {}",
        if n == 1 { "" } else { "s" },
        unit_text(r.reason.unit, currency),
        list.join(" / ")
    )
}

/// Why an empty category's prizes are not paid.
pub fn unawarded_text(cash: Money, currency: &str) -> String {
    if cash > 0 {
        format!(
            "no players: its prizes are not awarded ({} of cash not paid)",
            money_c(cash, currency)
        )
    } else {
        "no players: its prizes are not awarded".to_string()
    }
}

#[cfg(test)]
#[path = "prizes_tests.rs"]
mod tests;
