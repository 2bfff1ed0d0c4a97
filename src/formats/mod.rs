//! File formats: the only place that knows columns, tags or headers.
//! Formats build and read [`crate::model`] values; they never call engines.
//! [`input`] is the one entry point that sniffs and reads any of them.

pub mod encoding;
pub mod fide_list;
pub mod input;
pub mod json;
pub mod loss;
pub mod loss_team;
pub mod registrations;
pub mod swiss_manager;
pub mod trf;
pub mod vega;

/// How many rounds in which nobody has an entry may stand before the last round
/// that has one, beyond the rounds played and the rounds the file declares: a
/// pairing list of round 40 (Vega's export carries that round only), a bye
/// announced a few rounds ahead. Round 10,009 after three rounds played (a
/// padded `001` line) is no tournament: each command's work follows the round
/// count (`report` writes a page per round), so [`input::read`] refuses it
/// and the Vega reader checks its round number against it before allocating.
pub const MAX_EMPTY_ROUNDS: usize = 100;
