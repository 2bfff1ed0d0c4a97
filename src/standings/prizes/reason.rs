//! Why the engine decided what it did, as data. The words are made by
//! `crate::render::prizes`; every figure they print is here.

use serde::Serialize;

use super::rules::{Money, RoundingMode, TiedAwards};
use crate::model::{PlayerId, Points};

/// What placed a group where it stands: its points (when they are part of the
/// story) and the tie-break that separated it from the group above and below.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Boundary {
    pub points: Option<Points>,
    /// The first player of the group above and the separator's label.
    pub behind: Option<(PlayerId, String)>,
    /// The first player of the group below and the separator's label.
    pub ahead_of: Option<(PlayerId, String)>,
}

/// A player who moved up a category's ranking because players above took a
/// prize elsewhere.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MovedUp {
    /// Rank in the full category ranking.
    pub ranked: u32,
    /// The players above who were removed.
    pub removed_above: Vec<PlayerId>,
}

/// Whether a payment is taxed (only when the rules have a tax and the payment is
/// positive).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TaxNote {
    pub gross: Money,
    pub rate_bp: u32,
    pub min_gross: Money,
}

impl TaxNote {
    /// Tax applies from `min_gross` inclusive.
    pub fn withheld(&self) -> bool {
        self.gross >= self.min_gross
    }
}

/// Shares that do not add up to the pool after rounding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RoundingNote {
    pub mode: RoundingMode,
    pub unit: Money,
    /// Pool minus the gross paid.
    pub remainder: Money,
}

/// Why a prize line pays what it pays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LineReason {
    /// One player on one place.
    Place {
        place: u32,
        boundary: Boundary,
        moved_up: Option<MovedUp>,
        /// Tied after all tie-breaks and sharing forbidden: the place came from the
        /// listed order.
        listed_order: bool,
        tax: Option<TaxNote>,
    },
    /// Players tied after all tie-breaks pool the prizes of their places.
    Pooled {
        places: Vec<u32>,
        points: Points,
        /// What separated the group from its neighbours (points not repeated).
        boundary: Boundary,
        /// The cash of each place.
        cash: Vec<Money>,
        pool: Money,
        share: Money,
        rounding: Option<RoundingNote>,
        /// How non-cash awards were given, when the places carry any.
        awards: Option<TiedAwards>,
        moved_up: Option<MovedUp>,
        tax: Option<TaxNote>,
    },
    /// Hort system over a group on equal points.
    Hort {
        places: Vec<u32>,
        points: Points,
        keep_percent: u32,
        cash: Vec<Money>,
        pool: Money,
        /// Each member's gross, in ranking order.
        shares: Vec<(PlayerId, Money)>,
        /// Pool minus the gross paid (rounding).
        remainder: Money,
        /// The tax note for the average share.
        tax: Option<TaxNote>,
    },
}

/// What a player would receive in one category (places, cash, awards).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Prize {
    pub places: Vec<u32>,
    pub gross: Money,
    pub awards: Vec<String>,
}

/// Why one prize was preferred over another (one prize per player).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Preference {
    HigherValue,
    /// Equal cash, higher value of non-cash awards.
    HigherAwardValue,
    /// Equal value: the kept category comes first in the priority order.
    Priority,
}

/// A player removed from a category because they took a prize in another one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OnePrizeChoice {
    /// What they would have had here.
    pub lost: Prize,
    /// The category they took a prize in, and that prize.
    pub kept_in: String,
    pub kept: Prize,
    pub why: Preference,
}

/// Why a player is marked in a category's ranking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RemovalNote {
    /// Entitled here too, but kept the prize elsewhere.
    Choice(OnePrizeChoice),
    /// Not entitled here; took a prize in that category.
    TakenIn(String),
}

/// A pro-rata reduction of a small category's cash prizes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReductionReason {
    /// The rounding unit the reduced prizes were rounded down to.
    pub unit: Money,
    /// The reduced cash prizes above zero, place by place.
    pub reduced: Vec<Money>,
}
