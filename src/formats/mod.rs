//! File formats: the only place that knows columns, tags or headers.
//! Formats build and read [`crate::model`] values; they never call engines.

pub mod fide_list;
pub mod json;
pub mod registrations;
pub mod swiss_manager;
pub mod trf;
