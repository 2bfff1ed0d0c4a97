//! Random round robins paired by the Berger table (`arbiter generate
//! --system round-robin`): the results are drawn as for a Swiss, the
//! pairings are the table's (C.05 Annex 1).

use super::berger::BergerTable;
use crate::model::{PlayerId, Tournament};
use crate::pairing::generate::{generate_with, GenerateError, GenerateOptions, RoundPairing};

/// Generate a round robin of `o.players` in `o.round_robin` cycles (1 when
/// unset), `o.rounds` rounds of its table. Players are numbered by rating,
/// highest first, and the starting rank is the table number.
pub fn generate(
    o: &GenerateOptions,
    progress: impl FnMut(u32),
) -> Result<Tournament, GenerateError> {
    let cycles = o.round_robin.unwrap_or(1);
    let o = GenerateOptions {
        round_robin: Some(cycles),
        ..o.clone()
    };
    // Double round robins in the order C.05 Annex 1 recommends.
    let table =
        BergerTable::new(o.players, cycles).map(|t| t.with_order(super::CycleOrder::FideSwap));
    generate_with(
        &o,
        |_, round| {
            let table = table
                .as_ref()
                .ok_or_else(|| "no Berger table for fewer than 2 players".to_string())?;
            let boards = table
                .round(round)
                .ok_or_else(|| format!("the Berger table has no round {round}"))?;
            let mut p = RoundPairing::default();
            for b in boards {
                match table.dummy() {
                    Some(d) if b.white == d => p.free = Some(PlayerId(b.black)),
                    Some(d) if b.black == d => p.free = Some(PlayerId(b.white)),
                    _ => p.boards.push((PlayerId(b.white), PlayerId(b.black))),
                }
            }
            Ok(p)
        },
        progress,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::round_robin::check;

    #[test]
    fn generated_round_robins_follow_the_table() {
        for (players, cycles) in [(5, 1), (6, 1), (7, 2), (4, 2)] {
            let table = BergerTable::new(players, cycles)
                .unwrap()
                .with_order(crate::pairing::round_robin::CycleOrder::FideSwap);
            let o = GenerateOptions {
                players,
                rounds: table.total_rounds(),
                round_robin: Some(cycles),
                ..Default::default()
            };
            let t = generate(&o, |_| {}).unwrap();
            assert_eq!(t.round_robin().map(|r| r.cycles), Some(cycles));
            let c = check::check(&t, &table);
            assert!(c.all_conform(), "{players} players, {cycles} cycles");
            // Everyone plays n − 1 games a cycle, whatever the parity.
            for p in &t.players {
                let games = p.rounds.iter().filter(|e| e.opponent().is_some()).count();
                assert_eq!(games as u32, (players - 1) * cycles);
            }
        }
        let too_many = GenerateOptions {
            players: 4,
            rounds: 4,
            round_robin: Some(1),
            ..Default::default()
        };
        assert!(generate(&too_many, |_| {}).is_err());
    }
}
