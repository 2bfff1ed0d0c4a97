//! Standings and FIDE tie-breaks (C.07), categories.
pub mod prizes;
