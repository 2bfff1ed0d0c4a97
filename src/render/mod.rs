//! Text tables, CSV, JSON and HTML renderings of engine results.

pub mod check;
mod csv;
pub mod event;
pub mod fide_list;
mod html;
mod json;
pub mod pair;
pub mod prizes;
pub mod rating;
pub mod round_robin;
pub mod site;
pub mod sm_compare;
pub mod standings;
pub mod validate;
