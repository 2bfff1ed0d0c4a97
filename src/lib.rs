//! chess-arbiter: a toolkit for chess arbiters, organisers and rating officers.
//!
//! The core of it is at the crate root: the tournament vocabulary
//! ([`Tournament`], [`Player`], [`RoundEntry`], [`Color`], [`Points`]), the
//! FIDE Dutch pairing ([`pair_next`], [`pair_round`]), the check of recorded
//! rounds ([`check_tournament`]), the standings with FIDE tie-breaks
//! ([`fn@standings`]) and what goes wrong: [`Error`], one type for every
//! failure, with its kind and its place ([`Diagnostic`]). Readers and
//! writers of files are in [`formats`]; the rest (prizes, rating reports, the
//! event file, renderings) in their modules.
//!
//! # Example
//!
//! Read a TRF file, pair its next round and rank the players:
//!
//! ```
//! use chess_arbiter::formats::trf;
//! use chess_arbiter::{
//!     pair_next, standings, Diagnostic, PairOptions, PlayerId, Points, StandingsOptions, TieBreakSpec,
//! };
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let text = "\
//! 012 Club championship
//! 142 5
//! 192 FIDE_DUTCH_2026
//! 001    1      Player 0001                       2591                             1.0          4 w 1
//! 001    2      Player 0002                       2229                             1.0          5 b 1
//! 001    3      Player 0003                       1840                             1.0          6 w 1
//! 001    4      Player 0004                       1752                             0.0          1 b 0
//! 001    5      Player 0005                       1572                             0.0          2 w 0
//! 001    6      Player 0006                       1563                             0.0          3 b 0
//! 001    7      Player 0007                       1531                             1.0       0000 - U
//! ";
//! let read = trf::read(text.as_bytes(), &trf::ReadOptions::default())?;
//! assert!(!read.diagnostics.iter().any(Diagnostic::is_error));
//! let t = &read.tournament;
//!
//! // Round 2: the guards (an unfinished round, points without games...)
//! // and then the Dutch system (C.04.3).
//! let pairing = pair_next(t, &read.source, &PairOptions::default(), &read.diagnostics)?;
//! assert_eq!(pairing.round, 2);
//! assert_eq!(pairing.boards.len(), 3);
//! // Player 7 had the pairing-allocated bye in round 1: not again (C.04.3 C2).
//! assert!(pairing.bye.is_some_and(|p| p != PlayerId(7)));
//!
//! // Standings after round 1, ties broken by Buchholz (C.07 art. 8.1).
//! let opts = StandingsOptions::new().tiebreaks(vec![TieBreakSpec::parse("BH")?]);
//! let table = standings(t, &opts)?;
//! assert_eq!(table.after_round, 1);
//! assert_eq!(table.rows[0].points, Points::ONE);
//! assert_eq!(table.rows.iter().filter(|r| r.points == Points::ONE).count(), 4);
//! # Ok(())
//! # }
//! ```
//!
//! Layers (dependencies point one way):
//! `diag <- model <- { formats, pairing, standings, rating, validate } <- event
//! <- render`, and the `arbiter` binary on top. The library never prints.
#![forbid(unsafe_code)]

/// Builder-style setters and `new` for an options struct that is
/// `#[non_exhaustive]` (so programs cannot write it as a struct literal):
/// `PairOptions::new().round(3)`. An `Option<T>` field's setter takes a `T`
/// or `None`, a `String` field's anything that converts into one; the others
/// take the field's type.
macro_rules! options {
    ($ty:ident { $($fields:tt)* }) => {
        impl $ty {
            /// The defaults (as [`Default`]); change them with the setters.
            pub fn new() -> Self {
                Self::default()
            }
            options!(@setters $($fields)*);
        }
    };
    (@setters) => {};
    (@setters $field:ident : Option<$t:ty> $(, $($rest:tt)*)?) => {
        options!(@one $field, impl Into<Option<$t>>, into);
        options!(@setters $($($rest)*)?);
    };
    (@setters $field:ident : String $(, $($rest:tt)*)?) => {
        options!(@one $field, impl Into<String>, into);
        options!(@setters $($($rest)*)?);
    };
    (@setters $field:ident : $t:ty $(, $($rest:tt)*)?) => {
        options!(@one $field, $t, identity);
        options!(@setters $($($rest)*)?);
    };
    (@one $field:ident, $arg:ty, $conv:ident) => {
        #[doc = concat!("Sets `", stringify!($field), "` (see the field).")]
        #[must_use]
        pub fn $field(mut self, value: $arg) -> Self {
            self.$field = options!(@conv $conv value);
            self
        }
    };
    (@conv into $value:ident) => { $value.into() };
    (@conv identity $value:ident) => { $value };
}

pub mod diag;
mod error;
pub mod event;
pub mod formats;
pub mod model;
pub mod pairing;
pub mod rating;
pub mod render;
pub mod standings;
pub mod validate;

pub use diag::{Diagnostic, Family, Location, Severity};
pub use error::Error;
pub use model::{
    ByeKind, Color, Outcome, Player, PlayerId, PointSystem, Points, RoundEntry, Tournament,
    TournamentInfo,
};
pub use pairing::check::report::{
    check_tournament, engine_selection, CheckOptions, Report as CheckReport,
};
pub use pairing::dutch::{pair_next, pair_round, PairError, PairOptions, Pairing};
pub use standings::{
    compute as standings, Standings, StandingsError, StandingsOptions, TieBreakSpec,
};
