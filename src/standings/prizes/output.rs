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
    /// The player's starting rank (pairing number).
    pub start_rank: PlayerId,
    /// The player's name as the tournament file gives it.
    pub name: String,
    /// The share before tax, in whole currency units.
    pub gross: Money,
    /// Tax withheld ([`Tax`](super::Tax)), in whole currency units.
    pub tax: Money,
    /// What the player is paid: `gross - tax`.
    pub net: Money,
    /// Non-cash awards received on this line (`trophy`, `medal` ...).
    pub awards: Vec<String>,
}

/// A prize line: the place(s), who gets what, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrizeLine {
    /// The places (1-based), after removing players who took a prize elsewhere.
    pub places: Vec<u32>,
    /// The players paid on this line, in ranking order.
    pub players: Vec<Payment>,
    /// Sum of the (reduced) cash prizes of the places.
    pub pool: Money,
    /// Pool minus the gross paid (rounding); zero when nothing is left over.
    pub remainder: Money,
    /// Why the line pays what it pays (sharing, rounding, tax), as data.
    pub reason: LineReason,
}

/// A player removed from this category's ranking because they took a prize elsewhere.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Skip {
    /// The player's starting rank (pairing number).
    pub start_rank: PlayerId,
    /// The player's name.
    pub name: String,
    /// The prize the player kept instead, and why it was preferred.
    pub reason: OnePrizeChoice,
}

/// One row of a category's ranking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RankingRow {
    /// Rank in the category (shared by players tied after all tie-breaks).
    pub rank: u32,
    /// The player's starting rank (pairing number).
    pub start_rank: PlayerId,
    /// The player's name.
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
    /// Players in the category.
    pub players: u32,
    /// The threshold from [`ProRata::min_players`](super::ProRata::min_players): below it each
    /// cash prize is scaled by `players / min_players`.
    pub min_players: u32,
    /// The rounding unit and the reduced prizes, for the statement.
    pub reason: ReductionReason,
}

/// The prize statement of one category: its ranking, prize lines and the players skipped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CategoryStatement {
    /// The category's name as the profile gives it (`Open`, `U16`).
    pub name: String,
    /// The name by language (from the profile), for renderings.
    #[serde(skip)]
    pub names: crate::model::Names,
    /// Players ranked in the category.
    pub players: usize,
    /// The pro-rata reduction applied, when the category is smaller than
    /// [`ProRata::min_players`](super::ProRata::min_players).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reduction: Option<Reduction>,
    /// The category's ranking, best first (players who took a prize elsewhere carry a note).
    pub ranking: Vec<RankingRow>,
    /// The prize lines, best place first.
    pub prizes: Vec<PrizeLine>,
    /// Players passed over here because they took a prize in another category.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<Skip>,
    /// Set when the category has no players: the cash of its prize table, not
    /// awarded (and not a pro-rata reduction).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unawarded: Option<Money>,
}

/// The sums over every category of a statement.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Totals {
    /// Sum of the gross payments, in whole currency units.
    pub gross: Money,
    /// Sum of the tax withheld.
    pub tax: Money,
    /// Sum of the net payments (`gross - tax`).
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
    /// `true` unless one prize per player is required and some player has prizes in several
    /// categories.
    pub ok: bool,
}

/// What [`allocate`](super::allocate) returns: every category's statement, the totals and the
/// one-prize check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Allocation {
    /// One statement per category, in the order of the input.
    pub categories: Vec<CategoryStatement>,
    /// The sums over all categories.
    pub totals: Totals,
    /// The one-prize-per-player check.
    pub one_prize_check: OnePrizeCheck,
    /// Warnings found while allocating (players still tied after every tie-break under a rule
    /// that does not share).
    pub diagnostics: Vec<Diagnostic>,
}
