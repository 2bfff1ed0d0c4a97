//! The prize engine's output: per category the ranking, the prize lines with
//! their reasons (as data, see [`super::reason`]) and the players skipped; totals
//! and the one-prize-per-player check.

use std::collections::BTreeMap;

use serde::Serialize;

use super::reason::{LineReason, OnePrizeChoice, ReductionReason, RemovalNote};
use super::rules::{points_as_number, Money};
use crate::diag::Diagnostic;
use crate::model::{PlayerId, Points};

/// One player's payment on a prize line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Payment {
    pub start_rank: PlayerId,
    pub name: String,
    pub gross: Money,
    pub tax: Money,
    pub net: Money,
    pub awards: Vec<String>,
}

/// A prize line: the place(s), who gets what, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrizeLine {
    /// The places (1-based), after removing players who took a prize elsewhere.
    pub places: Vec<u32>,
    pub players: Vec<Payment>,
    /// Sum of the (reduced) cash prizes of the places.
    pub pool: Money,
    /// Pool minus the gross paid (rounding); zero when nothing is left over.
    pub remainder: Money,
    pub reason: LineReason,
}

/// A player removed from this category's ranking because they took a prize elsewhere.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Skip {
    pub start_rank: PlayerId,
    pub name: String,
    pub reason: OnePrizeChoice,
}

/// One row of a category's ranking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RankingRow {
    /// Rank in the category (shared by players tied after all tie-breaks).
    pub rank: u32,
    pub start_rank: PlayerId,
    pub name: String,
    /// In JSON a number of points (`6.5`).
    #[serde(serialize_with = "points_as_number")]
    pub points: Points,
    /// What separated this player's group from the next; `None` inside a tie or at the end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub separated_by: Option<String>,
    /// Set when the player was removed from this category (prize taken elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<RemovalNote>,
}

/// A pro-rata reduction applied to a category.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reduction {
    pub players: u32,
    pub min_players: u32,
    pub reason: ReductionReason,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CategoryStatement {
    pub name: String,
    /// The name by language (from the profile), for renderings.
    #[serde(skip)]
    pub names: crate::model::Names,
    pub players: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reduction: Option<Reduction>,
    pub ranking: Vec<RankingRow>,
    pub prizes: Vec<PrizeLine>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<Skip>,
    /// Set when the category has no players: the cash of its prize table, not
    /// awarded (and not a pro-rata reduction).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unawarded: Option<Money>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Totals {
    pub gross: Money,
    pub tax: Money,
    pub net: Money,
    /// Sum of the line remainders (kept by the organiser when positive).
    pub remainder: Money,
    /// Cash not paid because of pro-rata reductions.
    pub reduced_by: Money,
    /// Cash of the categories with no players, not awarded.
    pub unawarded: Money,
    /// Number of distinct players receiving any prize.
    pub players_awarded: usize,
    /// Count of each non-cash award given.
    pub awards: BTreeMap<String, usize>,
}

/// The "one prize per player" check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OnePrizeCheck {
    /// Whether the profile allows one prize per player only.
    pub required: bool,
    /// Players with prizes in more than one category: `(start rank, categories)`.
    pub players_with_several: Vec<(PlayerId, Vec<String>)>,
    pub ok: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Allocation {
    pub categories: Vec<CategoryStatement>,
    pub totals: Totals,
    pub one_prize_check: OnePrizeCheck,
    pub diagnostics: Vec<Diagnostic>,
}
