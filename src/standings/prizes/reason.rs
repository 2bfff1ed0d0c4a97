//! Why the engine decided what it did, as data. The words are made by
//! `crate::render::prizes`; every figure they print is here.

use serde::Serialize;

use super::rules::{Money, RoundingMode, TiedAwards};
use crate::model::{PlayerId, Points};

/// What placed a group where it stands: its points (when they are part of the
/// story) and the tie-break that separated it from the group above and below.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Boundary {
    /// The group's points, when the reason mentions them (`None` where they would only repeat
    /// the line's).
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
    /// The gross payment the note is about, in whole currency units.
    pub gross: Money,
    /// The tax rate in hundredths of a percent (1000 = 10%), as in
    /// [`Tax::rate_bp`](super::Tax::rate_bp).
    pub rate_bp: u32,
    /// Tax applies to a payment of at least this much (inclusive).
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
    /// Which way shares were rounded.
    pub mode: RoundingMode,
    /// The rounding unit, in whole currency units.
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
        /// The place (1-based).
        place: u32,
        /// What separated the player from the groups above and below.
        boundary: Boundary,
        /// Set when the player reached this place because players above took prizes elsewhere.
        moved_up: Option<MovedUp>,
        /// Tied after all tie-breaks and sharing forbidden: the place came from the
        /// listed order.
        listed_order: bool,
        /// Whether tax was withheld, when the rules have a tax.
        tax: Option<TaxNote>,
    },
    /// Players tied after all tie-breaks pool the prizes of their places.
    Pooled {
        /// The places the group occupies (1-based).
        places: Vec<u32>,
        /// The group's points.
        points: Points,
        /// What separated the group from its neighbours (points not repeated).
        boundary: Boundary,
        /// The cash of each place.
        cash: Vec<Money>,
        /// The sum of the places' cash, in whole currency units.
        pool: Money,
        /// Each player's gross share: the pool divided by the number of players, rounded by the
        /// rounding rule.
        share: Money,
        /// Set when the shares do not add up to the pool after rounding.
        rounding: Option<RoundingNote>,
        /// How non-cash awards were given, when the places carry any.
        awards: Option<TiedAwards>,
        /// Set when the group reached these places because players above took prizes elsewhere.
        moved_up: Option<MovedUp>,
        /// Whether tax was withheld from a share, when the rules have a tax.
        tax: Option<TaxNote>,
    },
    /// Hort system over a group on equal points.
    Hort {
        /// The places the equal-points group occupies (1-based).
        places: Vec<u32>,
        /// The group's points.
        points: Points,
        /// The percentage of its own place's prize each player keeps
        /// ([`Sharing::Hort`](super::Sharing::Hort)).
        keep_percent: u32,
        /// The cash of each place.
        cash: Vec<Money>,
        /// The sum of the places' cash, in whole currency units.
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
    /// The places (1-based).
    pub places: Vec<u32>,
    /// The gross cash, in whole currency units.
    pub gross: Money,
    /// The non-cash awards.
    pub awards: Vec<String>,
}

/// Why one prize was preferred over another (one prize per player).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Preference {
    /// Higher value (gross or net, by [`ValueBasis`](super::ValueBasis)).
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
    /// The prize kept there.
    pub kept: Prize,
    /// Why that prize was preferred.
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
