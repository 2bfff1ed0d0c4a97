//! The forms that differ by language, each worded by the catalogue: amounts
//! with grouped digits, dates, ordinal places, counts of players.

use chrono::{Datelike, NaiveDate};

use super::Lang;

/// `45000` → `45,000` with the language's group separator
/// (`number-group-separator`); negative amounts keep their sign.
pub fn group_digits(lang: Lang, n: i64) -> String {
    let sep = crate::tr!(lang, "number-group-separator");
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push_str(&sep);
        }
        out.push(ch);
    }
    if n < 0 {
        format!("-{out}")
    } else {
        out
    }
}

/// An amount with the profile's currency label: `NT$45,000` in both English
/// and Traditional Chinese, as Taiwanese prize lists print amounts in tables.
pub fn amount(lang: Lang, currency: &str, n: i64) -> String {
    crate::tr!(
        lang,
        "amount",
        currency = currency,
        amount = group_digits(lang, n)
    )
}

/// `13 August 2023`; `2023年8月13日`.
pub fn date(lang: Lang, d: NaiveDate) -> String {
    crate::tr!(
        lang,
        "date",
        day = d.day(),
        month = d.month(),
        year = d.year().to_string()
    )
}

/// The days of an event: `13 August 2023 to 19 August 2023`,
/// `2023年8月13日至2023年8月19日`; one date when it starts and ends the same
/// day or only one is known; empty when neither is.
pub fn date_range(lang: Lang, start: Option<NaiveDate>, end: Option<NaiveDate>) -> String {
    match (start, end) {
        (Some(a), Some(b)) if a != b => {
            crate::tr!(lang, "date-range", from = date(lang, a), to = date(lang, b))
        }
        (Some(a), _) => date(lang, a),
        (None, Some(b)) => date(lang, b),
        (None, None) => String::new(),
    }
}

/// `1st`, `22nd`, `113th`; `第1名`.
pub fn ordinal(lang: Lang, n: u32) -> String {
    crate::tr!(lang, "ordinal", n = n)
}

/// The places a prize line covers: `2nd`, `1st-3rd`; `第2名`, `第1至3名`.
pub fn places(lang: Lang, places: &[u32]) -> String {
    match (places.first(), places.last()) {
        (Some(a), Some(b)) if a != b => crate::tr!(lang, "places-range", first = *a, last = *b),
        (Some(a), _) => ordinal(lang, *a),
        _ => String::new(),
    }
}

/// `1 player`, `2 players`; `2 人`.
pub fn players(lang: Lang, n: usize) -> String {
    crate::tr!(lang, "players", n = n)
}
