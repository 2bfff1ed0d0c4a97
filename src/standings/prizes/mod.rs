//! Prizes: turn final standings into a prize statement an organiser can defend.
//!
//! - [`engine`]: the allocation over an abstract input (per category, ordered
//!   groups of players tied after all tie-breaks, and a prize table);
//!   sharing (pooled, Hort, none), rounding, one prize per player, pro-rata
//!   reduction of small categories, tax withholding, with a reason for every decision;
//! - [`profile`]: the tournament profile (TOML) with located errors;
//! - [`mod@build`]: profile + tournament → standings → [`Statement`].
//!
//! Prizes are not governed by FIDE: C.07 art. 2 leaves the sharing of tied
//! places to the event regulations, which the profile states as data.

pub mod build;
pub mod engine;
pub mod profile;
pub mod statement;
#[cfg(test)]
mod tests;

pub use build::{build, PrizesError};
pub use engine::{
    allocate, Allocation, CategoryInput, CategoryStatement, Entrant, Money, OnePrize,
    OnePrizeCheck, Payment, PlacePrize, PrizeLine, PrizeRules, ProRata, RankGroup, RankingRow,
    Reduction, Rounding, RoundingMode, Separator, Sharing, Skip, Tax, TiedAwards, Totals,
    ValueBasis,
};
pub use profile::{PrizeTable, Profile, Section};
pub use statement::Statement;
