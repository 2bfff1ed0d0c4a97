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

use super::engine::{
    percent_text, CategoryStatement, OnePrize, OnePrizeCheck, PrizeRules, RoundingMode, Sharing,
    TiedAwards, Totals, ValueBasis,
};
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
            super::engine::money(t.min_gross)
        ));
    }
    out
}
