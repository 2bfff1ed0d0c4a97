//! Prizes: turn final standings into a prize statement an organiser can defend.
//!
//! - `rules` ([`CategoryInput`], [`PrizeRules`]): the engine's input (per
//!   category, ordered groups of players tied after all tie-breaks, and a
//!   prize table) and the event's prize rules;
//! - `engine` ([`allocate`]): the allocation: sharing (pooled, Hort, none),
//!   rounding, one prize per player, pro-rata reduction of small categories,
//!   tax withholding (arithmetic in `money`, one category's lines in
//!   `category`);
//! - `output` ([`Allocation`]) and `reason` ([`LineReason`]): what it
//!   returns, with the reason for every decision as data (worded by
//!   `crate::render::prizes`);
//! - [`profile`]: the tournament profile (TOML) with located errors;
//! - [`build()`]: profile + tournament → standings → [`Statement`].
//!
//! Prizes are not governed by FIDE: C.07 art. 2 leaves the sharing of tied
//! places to the event regulations, which the profile states as data.

mod build;
mod category;
mod engine;
mod money;
mod output;
pub mod profile;
mod reason;
pub(crate) mod rules;
pub mod statement;

pub use build::{build, build_located, PrizesError};
pub use engine::allocate;
pub use output::{
    Allocation, CategoryStatement, OnePrizeCheck, Payment, PrizeLine, RankingRow, Reduction, Skip,
    Totals,
};
pub use profile::{PrizeTable, Profile, Section};
pub use reason::{
    Boundary, LineReason, MovedUp, OnePrizeChoice, Preference, Prize, ReductionReason, RemovalNote,
    RoundingNote, TaxNote,
};
pub use rules::{
    CategoryInput, Entrant, Money, OnePrize, PlacePrize, PrizeRules, ProRata, RankGroup, Rounding,
    RoundingMode, Separator, Sharing, Tax, TiedAwards, TiedSettlement, ValueBasis,
};
pub use statement::{RuleNote, Statement};
