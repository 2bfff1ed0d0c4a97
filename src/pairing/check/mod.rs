//! Verification of recorded rounds against the FIDE Dutch rules, for appeals.
//!
//! For each round `k` ([`report::check_tournament`]): rebuild the position
//! before it ([`position_before`]), read the round as recorded
//! ([`recorded_round`]), check the absolute criteria on the recorded round
//! without any optimiser (`legality`), then compare with the pairing the
//! rules select (`verdict`).
//!
//! Verdicts, in the order they are decided:
//! - `inconsistent`: the file does not describe a pairing (asymmetric games, a
//!   player paired with an unknown or a busy opponent);
//! - `illegal`: an absolute criterion is broken (rematch, second or ineligible
//!   PAB, absolute colour rule), named with the players and the article;
//! - `no-legal-pairing`: the rules admit no pairing for the position;
//! - `conform`, `colours-differ` or `differs`: the comparison with the pairing
//!   the rules select.
//!
//! The modules depend on each other in one direction only, leaves first:
//! [`colour`] (the colour rules), [`position`] (the position and the
//! recorded round), `pair` (the rules' pairing as data), [`legality`],
//! `finding`, [`explain`], `verdict`, [`mod@warnings`], [`report`]. This file
//! only declares them and re-exports the public items.

pub mod colour;
pub mod explain;
mod finding;
pub mod legality;
pub mod manual;
mod pair;
pub mod position;
pub mod report;
#[cfg(test)]
pub(crate) mod test_support;
mod verdict;
pub mod warnings;

pub use finding::{
    BracketChoice, BracketDifference, CriterionFinding, FindingCriterion, FindingKind, FindingValue,
};
pub use legality::Violation;
pub use pair::{Pair, Selected};
pub use position::{
    position_before, recorded_round, BoardKind, Inconsistency, Position, RecordedBoard,
    RecordedRound, TotalRoundsSource, Unpaired,
};
pub use report::handbook_url;
pub use verdict::{
    ColourDifference, FirstDifference, InconsistencyReport, PairDifference, Verdict,
    ViolationReport,
};
pub use warnings::{points_warnings, warnings, FileFacts};

pub use crate::pairing::dutch::DutchEdition;
