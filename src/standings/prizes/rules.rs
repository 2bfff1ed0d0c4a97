//! The prize engine's input: per category, the ranking as ordered groups of
//! players still tied after all tie-breaks, and the prize table place by place;
//! and the event's prize rules ([`PrizeRules`]).
//!
//! FIDE regulations do not govern prizes: C.07 (Tie-Break Regulations) art. 2
//! only lets the event regulations say how tied places are shared. Every rule
//! here is therefore a choice written in the profile.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::model::{PlayerId, Points};

/// An amount in whole currency units.
pub type Money = i64;

/// One player as the prize engine sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entrant {
    /// The player's starting rank (pairing number).
    pub start_rank: PlayerId,
    /// The player's name.
    pub name: String,
    /// The player's score (tenths internally; a number of points in JSON).
    #[serde(serialize_with = "points_as_number")]
    pub points: Points,
}

/// What separated two consecutive groups of a ranking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Separator {
    /// 0 for points, `i` for the i-th tie-break (1-based).
    pub level: usize,
    /// `"points"` or the tie-break code (`"DE"`, `"BH/M1"`).
    pub label: String,
}

impl Separator {
    /// The separator of two groups on different points.
    pub fn points() -> Separator {
        Separator {
            level: 0,
            label: "points".to_string(),
        }
    }
    /// The separator of two groups told apart by tie-break number `index` (1-based) with code
    /// `code`.
    pub fn tiebreak(index: usize, code: &str) -> Separator {
        Separator {
            level: index,
            label: code.to_string(),
        }
    }
}

/// Players still tied after all tie-breaks, listed in the order the standings
/// give them (start rank, or a recorded lot).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RankGroup {
    /// The tied players, in the order the standings list them.
    pub players: Vec<Entrant>,
    /// What separated this group from the next one; `None` for the last group.
    pub separated_from_next: Option<Separator>,
}

/// The prize for one place.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct PlacePrize {
    /// The cash prize, in whole currency units (0: none).
    pub cash: Money,
    /// Non-cash awards: `"trophy"`, `"medal"`, `"certificate"` ...
    pub awards: Vec<String>,
}

impl PlacePrize {
    pub(crate) fn is_prize(&self) -> bool {
        self.cash > 0 || !self.awards.is_empty()
    }
}

/// One category: its ranking and its prize table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CategoryInput {
    /// The category's name as the profile gives it (`Open`, `U16`).
    pub name: String,
    /// The ranking, best first.
    pub groups: Vec<RankGroup>,
    /// Index 0 is 1st place.
    pub prizes: Vec<PlacePrize>,
}

impl CategoryInput {
    /// Number of players in the category's ranking.
    pub fn size(&self) -> usize {
        self.groups.iter().map(|g| g.players.len()).sum()
    }
}

/// How players tied on a prize place share money.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "rule")]
#[non_exhaustive]
pub enum Sharing {
    /// Players still tied after all tie-breaks pool the prizes of the places
    /// they occupy and split the pool equally.
    Pooled,
    /// Hort system: players on equal points each keep `keep_percent` of the
    /// prize of the place the tie-breaks give them; the rest of the prizes of
    /// all places the equal-points group occupies is pooled and split equally.
    Hort {
        /// The percentage (0-100) of its own place's prize each player keeps.
        keep_percent: u32,
    },
    /// No sharing: the tie-breaks decide. Players still tied after all
    /// tie-breaks take places in the listed order (reported as a warning).
    None,
}

/// Rounding of shares to the rounding unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum RoundingMode {
    /// Round down; the organiser keeps the remainder.
    Down,
    /// Round half up; a negative remainder is paid on top.
    Nearest,
}

/// How shares are rounded: the unit and the direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rounding {
    /// Whole currency units to round to (1, 10, 100 ...), at least 1.
    pub unit: Money,
    /// Which way a share is rounded.
    pub mode: RoundingMode,
}

impl Default for Rounding {
    fn default() -> Self {
        Rounding {
            unit: 1,
            mode: RoundingMode::Down,
        }
    }
}

/// What "value" means when a player must choose between prizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueBasis {
    /// Compare prizes by their gross amount.
    Gross,
    /// Compare prizes by what is paid after tax.
    Net,
}

/// Whether a player may take prizes in several categories.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "rule")]
pub enum OnePrize {
    /// One prize per player: highest value, then the category earliest in `priority`
    /// (indices into the category list; categories not listed come after, in list order).
    PerPlayer {
        /// Which amount makes one prize worth more than another.
        value: ValueBasis,
        /// Category indices in order of precedence among prizes of equal value.
        priority: Vec<usize>,
    },
    /// A player keeps every prize won.
    Cumulative,
}

/// How non-cash awards of places shared by players tied after all tie-breaks
/// are given (awards cannot be split).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TiedAwards {
    /// Each tied player receives the awards of the place their listed order gives.
    ListedOrder,
    /// Each tied player receives the awards of the best place of the group.
    BestPlace,
}

/// How players who each could take prizes in several categories are settled
/// under one prize per player, when their best prizes are equally valuable
/// (typically players tied in one category who are also ranked in another).
/// The regulation is usually silent; the profile states the choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TiedSettlement {
    /// One player at a time, lowest start rank first; the prizes are
    /// recomputed after each decision, so a later player may find a prize
    /// that grew when an earlier one left its category.
    #[default]
    OneAtATime,
    /// All such players decide at once, on the same allocation: each keeps
    /// the category their best prize was in at that moment.
    Together,
}

/// Tax withheld from a player's gross payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Tax {
    /// Rate in hundredths of a percent (1000 = 10%).
    pub rate_bp: u32,
    /// Tax applies to a payment of at least this much (inclusive).
    pub min_gross: Money,
}

/// Pro-rata reduction of cash prizes in small categories.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ProRata {
    /// Categories with fewer players get `players / min_players` of each cash prize.
    pub min_players: u32,
}

/// All prize rules of an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrizeRules {
    /// How tied players share money.
    pub sharing: Sharing,
    /// How shares are rounded.
    pub rounding: Rounding,
    /// One prize per player, or cumulative prizes.
    pub one_prize: OnePrize,
    /// How tied players receive non-cash awards.
    pub tied_awards: TiedAwards,
    /// How players choosing between categories at equal value are settled.
    pub tied_settlement: TiedSettlement,
    /// Values of non-cash awards, used only to choose between prizes of equal cash.
    pub award_values: BTreeMap<String, u32>,
    /// The pro-rata reduction of small categories (`None`: no reduction).
    pub pro_rata: Option<ProRata>,
    /// Tax withheld from payments (`None`: no tax).
    pub tax: Option<Tax>,
    /// Currency label for reasons, e.g. `"NT$"`.
    pub currency: String,
}

impl Default for PrizeRules {
    fn default() -> Self {
        PrizeRules {
            sharing: Sharing::Pooled,
            rounding: Rounding::default(),
            one_prize: OnePrize::PerPlayer {
                value: ValueBasis::Gross,
                priority: Vec::new(),
            },
            tied_awards: TiedAwards::ListedOrder,
            tied_settlement: TiedSettlement::OneAtATime,
            award_values: BTreeMap::new(),
            pro_rata: None,
            tax: None,
            currency: String::new(),
        }
    }
}

/// Points as a JSON number of points (`6.5`), not tenths.
pub(crate) fn points_as_number<S: serde::Serializer>(p: &Points, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(p.as_f64())
}
