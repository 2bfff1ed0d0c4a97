//! Pairing engines: a generic maximum-weight matching, the FIDE Dutch system,
//! verification of recorded rounds and random tournament generation.

pub mod check;
pub mod dutch;
pub mod generate;
pub mod matching;
pub mod start_list;
