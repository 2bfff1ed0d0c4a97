//! FIDE rating changes (B.02) and rating-report checks.
//!
//! - [`change`]: rating changes per player and game under the 2022, 2024
//!   and October 2025 editions of B.02, initial ratings, performance.
//! - The B.02 tables 8.1.1 and 8.1.2 themselves live in [`crate::model::b02`],
//!   shared with the rating tie-breaks of [`mod@crate::standings`].
//! - [`edition`]: editions, standard/rapid/blitz, time controls.
//! - [`report_check`]: the checks a federation rating officer makes before
//!   uploading a tournament report.
//! - [`submission`]: turning a tournament into the canonical submission model.

pub mod change;
pub mod edition;
pub mod fide_list;
mod time_control;

pub use change::{compute, RatingOptions, RatingReport};
pub use edition::{Kind, RatingRules};
mod federations;
mod names;
pub mod period;
pub mod report_check;
pub mod submission;

pub use report_check::{check_report, Check, Problem};
