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
//!     "skipped": [{"start_rank": 12, "name": "...", "reason": "..."}],
//!     "unawarded": {"cash": 30000, "reason": "no players: ..."}
//!   }],
//!   "totals": {"gross": 0, "tax": 0, "net": 0, "remainder": 0, "reduced_by": 0,
//!              "unawarded": 0, "players_awarded": 0, "awards": {"trophy": 48}},
//!   "one_prize_check": {"required": true, "players_with_several": [], "ok": true},
//!   "notes": [{"severity": "warning", "code": "edition-assumed", "family": "engine",
//! "message": "..."}]
//! }
//! ```
//! Points are JSON numbers (`6.5`); money is whole currency units.
//! `reduction` is present only for a category reduced pro rata; `unawarded`
//! only for a category with no players, whose prizes are not awarded: its cash
//! is counted in `totals.unawarded`, never in `totals.reduced_by`.

use serde::Serialize;

use super::output::{CategoryStatement, OnePrizeCheck, Totals};
use super::rules::{OnePrize, PrizeRules, ProRata, Rounding, Sharing, Tax, TiedAwards, ValueBasis};
use crate::diag::Diagnostic;

/// The prize statement of one section: the rules applied, each category's ranking and prizes
/// with their reasons, and the totals (what [`build`](super::build()) returns).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Statement {
    /// The event's name.
    pub event: String,
    /// The section's name as the profile gives it.
    pub section: String,
    /// The event's and the section's names by language (from the profile).
    #[serde(skip)]
    pub event_names: crate::model::Names,
    /// The section's name by language (from the profile).
    #[serde(skip)]
    pub section_names: crate::model::Names,
    /// The event's first day, when the tournament file gives it.
    #[serde(skip)]
    pub start_date: Option<chrono::NaiveDate>,
    /// The event's last day, when the tournament file gives it.
    #[serde(skip)]
    pub end_date: Option<chrono::NaiveDate>,
    /// The currency label used in the reasons (`NT$`, `EUR`).
    pub currency: String,
    /// Tie-break rules edition used for the ranking.
    pub edition: String,
    /// The tie-break codes that ranked the players, in order (`DE`, `BH/M1` ...).
    pub tiebreaks: Vec<String>,
    /// The profile's prize rules, one note per sentence.
    pub rules: Vec<RuleNote>,
    /// One statement per category of the profile's prize tables, in the profile's order.
    pub categories: Vec<CategoryStatement>,
    /// The sums over all categories.
    pub totals: Totals,
    /// The one-prize-per-player check.
    pub one_prize_check: OnePrizeCheck,
    /// The standings' notes and the allocation's warnings.
    pub notes: Vec<Diagnostic>,
}

/// One of the profile's prize rules as stated on the statement; worded, one
/// sentence each, by `crate::render::prizes`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
#[non_exhaustive]
pub enum RuleNote {
    /// How tied players share money.
    Sharing {
        /// The sharing rule.
        sharing: Sharing,
    },
    /// How shares are rounded.
    Rounding {
        /// The unit and direction.
        rounding: Rounding,
    },
    /// One prize per player, chosen by `value`, then by the categories in `priority`.
    OnePrizePerPlayer {
        /// Which amount decides between prizes (gross or net).
        value: ValueBasis,
        /// The categories by name, in order of precedence among prizes of equal value.
        priority: Vec<String>,
    },
    /// A player keeps every prize won.
    Cumulative,
    /// How tied players receive non-cash awards.
    TiedAwards {
        /// The rule.
        tied_awards: TiedAwards,
    },
    /// Small categories get reduced cash prizes.
    ProRata {
        /// The threshold.
        pro_rata: ProRata,
    },
    /// Tax withheld from payments.
    Tax {
        /// The rate and the threshold.
        tax: Tax,
        /// The currency label the threshold is stated in.
        currency: String,
    },
}

/// The rules of `r` in the statement's order (`priority_names`: the priority
/// order's categories by name).
pub fn describe_rules(r: &PrizeRules, priority_names: &[String]) -> Vec<RuleNote> {
    let mut out = vec![
        RuleNote::Sharing { sharing: r.sharing },
        RuleNote::Rounding {
            rounding: r.rounding,
        },
        match &r.one_prize {
            OnePrize::PerPlayer { value, .. } => RuleNote::OnePrizePerPlayer {
                value: *value,
                priority: priority_names.to_vec(),
            },
            OnePrize::Cumulative => RuleNote::Cumulative,
        },
        RuleNote::TiedAwards {
            tied_awards: r.tied_awards,
        },
    ];
    if let Some(p) = r.pro_rata {
        out.push(RuleNote::ProRata { pro_rata: p });
    }
    if let Some(t) = r.tax {
        out.push(RuleNote::Tax {
            tax: t,
            currency: r.currency.clone(),
        });
    }
    out
}

// ---------------------------------------------------------------- place words
// Shared by the engine's diagnostics and `crate::render::prizes`.

/// `1st`, `2nd`, `3rd`, `11th`, `22nd`.
pub(crate) fn ordinal(n: u32) -> String {
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
pub(crate) fn places_text(places: &[u32]) -> String {
    match places {
        [] => String::new(),
        [p] => ordinal(*p),
        [a, .., b] => format!("{}-{}", ordinal(*a), ordinal(*b)),
    }
}
