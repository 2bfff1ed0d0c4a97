//! Text tables, CSV, JSON and HTML renderings of engine results.
pub mod check;
