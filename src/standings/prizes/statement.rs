//! The prize statement: what the renderers show and the JSON carries.
//!
//! JSON shape (stable; fields are only ever added):
//! ```json
//! {
//!   "event": "2023 CTCA International Chess Open", "section": "Standard",
//!   "currency": "NT$", "edition": "2023", "tiebreaks": ["DE", "BH/M1", "BH", "..."],
//!   "rules": ["tied players share ..."],
//!   "categories": [{
//!     "name": "U13 Girls", "players": 9,
//!     "reduction": {"players": 9, "min_players": 10, "reason": "..."},
//!     "ranking": [{"rank": 1, "start_rank": 41, "name": "...", "points": 6.5,
//!                  "separated_by": "BH/M1", "note": "..."}],
//!     "prizes": [{"places": [1], "pool": 13500, "remainder": 0, "reason": "...",
//!                 "players": [{"start_rank": 41, "name": "...", "gross": 13500,
//!                              "tax": 0, "net": 13500, "awards": ["trophy"]}]}],
//!     "skipped": [{"start_rank": 12, "name": "...", "reason": "..."}]
//!   }],
//!   "totals": {"gross": 0, "tax": 0, "net": 0, "remainder": 0, "reduced_by": 0,
//!              "players_awarded": 0, "awards": {"trophy": 48}},
//!   "one_prize_check": {"required": true, "players_with_several": [], "ok": true},
//!   "notes": [{"severity": "warning", "family": "engine", "message": "..."}]
//! }
//! ```
//! Points are JSON numbers (`6.5`); money is whole currency units.

use serde::Serialize;

use super::output::{CategoryStatement, OnePrizeCheck, Totals};
use super::rules::{Money, OnePrize, PrizeRules, RoundingMode, Sharing, TiedAwards, ValueBasis};
use crate::diag::Diagnostic;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Statement {
    pub event: String,
    pub section: String,
    pub currency: String,
    /// Tie-break rules edition used for the ranking.
    pub edition: String,
    pub tiebreaks: Vec<String>,
    /// The profile's prize rules in words.
    pub rules: Vec<String>,
    pub categories: Vec<CategoryStatement>,
    pub totals: Totals,
    pub one_prize_check: OnePrizeCheck,
    pub notes: Vec<Diagnostic>,
}

/// The rules in words, one sentence each.
pub fn describe_rules(r: &PrizeRules, priority_names: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    out.push(match r.sharing {
        Sharing::Pooled => "players still tied after all tie-breaks share equally the prizes of the places they occupy".to_string(),
        Sharing::Hort { keep_percent } => format!(
            "Hort system: players on equal points keep {keep_percent}% of the prize of their tie-break place; the rest of the prizes of their places is shared equally"
        ),
        Sharing::None => "no sharing: the tie-breaks decide".to_string(),
    });
    let unit = if r.rounding.unit == 1 {
        "whole units".to_string()
    } else {
        format!("multiples of {}", r.rounding.unit)
    };
    out.push(match r.rounding.mode {
        RoundingMode::Down => format!("shares rounded down to {unit}; the remainder is kept by the organiser"),
        RoundingMode::Nearest => format!("shares rounded to the nearest {unit}, halves up; the difference is shown as the remainder"),
    });
    out.push(match &r.one_prize {
        OnePrize::PerPlayer { value, .. } => {
            let v = match value {
                ValueBasis::Gross => "gross",
                ValueBasis::Net => "net",
            };
            let mut s = format!(
                "one prize per player: the highest {v} amount, then the higher value of non-cash awards, then the priority order"
            );
            if !priority_names.is_empty() {
                s.push_str(&format!(" ({})", priority_names.join(", ")));
            }
            s
        }
        OnePrize::Cumulative => "prizes are cumulative".to_string(),
    });
    out.push(match r.tied_awards {
        TiedAwards::ListedOrder => {
            "non-cash awards of shared places go by the listed order".to_string()
        }
        TiedAwards::BestPlace => {
            "each player sharing places receives the non-cash awards of the best shared place"
                .to_string()
        }
    });
    if let Some(p) = r.pro_rata {
        out.push(format!(
            "categories with fewer than {} players have their cash prizes reduced in proportion (players / {}), rounded down",
            p.min_players, p.min_players
        ));
    }
    if let Some(t) = r.tax {
        out.push(format!(
            "tax of {}% withheld from each payment of {}{} or more, rounded half up to a whole unit",
            percent_text(t.rate_bp),
            r.currency,
            money(t.min_gross)
        ));
    }
    out
}

// ---------------------------------------------------------------- number words
// Shared by the rules above, the engine's diagnostics and `crate::render::prizes`.

/// `1000` basis points → `"10"`, `1250` → `"12.5"`.
pub fn percent_text(bp: u32) -> String {
    let whole = bp / 100;
    let frac = bp % 100;
    if frac == 0 {
        whole.to_string()
    } else if frac % 10 == 0 {
        format!("{whole}.{}", frac / 10)
    } else {
        format!("{whole}.{frac:02}")
    }
}

/// `1st`, `2nd`, `3rd`, `11th`, `22nd`.
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `[1]` → `1st`, `[3, 4, 5]` → `3rd-5th`.
pub fn places_text(places: &[u32]) -> String {
    match places {
        [] => String::new(),
        [p] => ordinal(*p),
        [a, .., b] => format!("{}-{}", ordinal(*a), ordinal(*b)),
    }
}

/// `45000` → `45,000`.
pub fn money(m: Money) -> String {
    let s = m.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
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
