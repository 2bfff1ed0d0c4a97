//! What [`super::compute`] is asked for: the tie-break list, the rules edition, the
//! round, categories and how they are ranked, self-defined codes, explanations, lots.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::category::Category;
use super::code::TieBreakSpec;
use super::custom::CustomTieBreak;
use super::edition::TiebreakEdition;
use crate::model::PlayerId;

/// How a category is ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CategoryMode {
    /// The overall order filtered by category (what Swiss-Manager lists show).
    #[default]
    Filter,
    /// The category's players ranked again with type-A tie-breaks (DE) recomputed on
    /// the groups tied inside the category.
    ReapplyDirectEncounter,
}

/// What to compute.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct StandingsOptions {
    /// The tie-break list in order; empty: the file's list (`Tournament::tiebreaks`).
    pub tiebreaks: Vec<TieBreakSpec>,
    /// Rules edition; `None`: by the event's dates.
    pub edition: Option<TiebreakEdition>,
    /// Standings after this round; `None`: the last round with results.
    pub after_round: Option<u32>,
    /// The categories to rank besides the overall standings (each ranked in
    /// [`Standings::categories`](super::Standings::categories)).
    pub categories: Vec<Category>,
    /// How a category is ranked: the overall order filtered, or DE re-applied.
    pub category_mode: CategoryMode,
    /// Reference date for age categories; `None`: the event's start date.
    pub reference_date: Option<NaiveDate>,
    /// Self-defined `OTHER_…` tie-breaks, in addition to [`CustomTieBreak::builtins`].
    pub custom: Vec<CustomTieBreak>,
    /// Record the working of every value for this player.
    pub explain: Option<PlayerId>,
    /// Separate players still tied after all tie-breaks by lot with this seed
    /// (`None`: they share the rank).
    pub lot_seed: Option<u64>,
    /// Round robin (C.07 art. 15.2: forfeits count as games); `None`: detected.
    pub round_robin: Option<bool>,
    /// The rating the regulations fix for unrated players in the art. 10
    /// tie-breaks (ARO, TPR, PTP, APRO, APPO) and RTNG, for every such code
    /// without its own `/Unnnn` (C.07 art. 10); `None`: unrated opponents are
    /// left out, with a warning.
    pub unrated_rating: Option<u16>,
}

options!(StandingsOptions { tiebreaks: Vec<TieBreakSpec>, edition: Option<TiebreakEdition>, after_round: Option<u32>, categories: Vec<Category>, category_mode: CategoryMode, reference_date: Option<NaiveDate>, custom: Vec<CustomTieBreak>, explain: Option<PlayerId>, lot_seed: Option<u64>, round_robin: Option<bool>, unrated_rating: Option<u16> });
