//! Pairing engines: a generic maximum-weight matching, the FIDE Dutch system,
//! verification of recorded rounds, round robins by the Berger tables and
//! random tournament generation.

pub mod check;
pub mod dutch;
pub mod generate;
pub mod matching;
pub mod ready;
pub mod round_robin;
pub mod start_list;
pub mod team_swiss;
