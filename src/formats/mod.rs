//! File formats: the only place that knows columns, tags or headers.
//! Formats build and read [`crate::model`] values; they never call engines.

pub mod json;
pub mod loss;
pub mod swiss_manager;
pub mod trf;
