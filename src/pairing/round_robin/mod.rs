//! Round robins (FIDE C.05 and its Annex 1, the Berger tables): the table
//! itself, checking recorded rounds against it, and the next round of it.

pub mod berger;
pub mod check;
pub mod generate;

pub use berger::{BergerTable, CycleOrder, TablePair};
pub use check::{check, fit_order, next_round, RoundCheck, RoundRobinCheck, RoundVerdict};
