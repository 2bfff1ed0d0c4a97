//! Text tables, CSV, JSON and HTML renderings of engine results.

pub mod check;
pub mod prizes;
pub mod rating;
pub mod sm_compare;
pub mod standings;
