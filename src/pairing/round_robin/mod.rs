//! Round robins (FIDE C.05 and its Annex 1, the Berger tables): the table
//! itself, checking recorded rounds against it, and the next round of it.

pub mod berger;
pub mod check;
pub mod generate;

pub use berger::{BergerTable, CycleOrder, TablePair};
pub use check::{check, fit_order, next_round, RoundCheck, RoundRobinCheck, RoundVerdict};

/// The Berger table a tournament is paired by, or `None` for a Swiss.
/// `forced`: `Some(None)` when the caller says it is a round robin (cycles
/// from the file), `Some(Some(c))` with `c` cycles; `None` when the file
/// decides (its system code or schedule, [`crate::model::Tournament::round_robin`]). A
/// double round robin's first cycle is fitted to the rounds played
/// ([`fit_order`]).
pub fn table_for(t: &crate::model::Tournament, forced: Option<Option<u32>>) -> Option<BergerTable> {
    let cycles = match forced {
        Some(Some(c)) => c,
        Some(None) => t.round_robin().map(|r| r.cycles).unwrap_or(1),
        None => t.round_robin()?.cycles,
    };
    let n = u32::try_from(t.players.len()).ok()?;
    let table = BergerTable::new(n, cycles)?;
    Some(fit_order(t, table))
}
