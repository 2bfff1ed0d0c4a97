//! File formats: the only place that knows columns, tags or headers.
//! Formats build and read [`crate::model`] values; they never call engines.
//! [`input`] is the one entry point that sniffs and reads any of them.

pub mod fide_list;
pub mod input;
pub mod json;
pub mod loss;
pub mod registrations;
pub mod swiss_manager;
pub mod trf;
pub mod vega;
