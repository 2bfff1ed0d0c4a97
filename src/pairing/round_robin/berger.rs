//! Berger tables (FIDE C.05 Annex 1, "Berger Tables for Round-Robin
//! Tournaments").
//!
//! For an even table size N, round r (1 ≤ r ≤ N − 1) pairs:
//! - number N with the number i for which 2i ≡ r + 1 (mod N − 1); N has White
//!   in even rounds and Black in odd rounds (round 1: 1–N, round 2: N–(N/2+1));
//! - every other two numbers i < j with i + j ≡ r + 1 (mod N − 1); the lower
//!   number has White when j − i is odd, the higher one when it is even.
//!
//! Board 1 is N's game; the other boards follow round the circle from N's
//! partner, as the printed tables list them (round 1: 1–10, 2–9, 3–8, 4–7,
//! 5–6 for ten players). C.05 Annex 1: with an odd number of players the
//! table of n + 1 is used and whoever meets the highest number is free that
//! round. A double round robin plays the table twice, the second cycle with
//! the colours reversed (C.05 Annex 1); Annex 1 recommends playing the last
//! two rounds of the first cycle in reverse order, so that nobody has the same
//! colour three times running across the cycles ([`CycleOrder::FideSwap`],
//! TRF-2026 `192 FIDE_DOUBLEROUNDROBIN`; `BERGER_DOUBLEROUNDROBIN` is the
//! table as printed).

use serde::Serialize;

/// One board of a Berger round, by table numbers (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct TablePair {
    /// Table number of the player with White (C.05 Annex 1 Berger tables).
    pub white: u32,
    /// Table number of the player with Black.
    pub black: u32,
}

impl TablePair {
    /// The two numbers, lower first (a meeting without its colours).
    pub fn key(&self) -> (u32, u32) {
        (self.white.min(self.black), self.white.max(self.black))
    }

    /// Whether table number `n` plays on this board.
    pub fn involves(&self, n: u32) -> bool {
        self.white == n || self.black == n
    }
}

/// The order of a double round robin's first-cycle rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CycleOrder {
    /// The table's rounds in order in both cycles.
    #[default]
    Plain,
    /// C.05 Annex 1's recommendation for double round robins: the last two
    /// rounds of the first cycle swapped.
    FideSwap,
}

impl CycleOrder {
    /// The order a TRF-2026 `192` code names (ETT26): `FIDE_DOUBLEROUNDROBIN`
    /// follows Annex 1's recommendation, `BERGER_DOUBLEROUNDROBIN` the table
    /// as printed; `None` when the code says neither.
    pub fn declared(system_code: &str) -> Option<CycleOrder> {
        let c = system_code.trim().to_ascii_uppercase();
        if c.starts_with("FIDE_DOUBLEROUNDROBIN") {
            Some(CycleOrder::FideSwap)
        } else if c.starts_with("BERGER_DOUBLEROUNDROBIN") {
            Some(CycleOrder::Plain)
        } else {
            None
        }
    }
}

/// The Berger table for `players` players: N = players rounded up to even.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BergerTable {
    /// Number of players (odd fields keep their odd count here).
    pub players: u32,
    /// Table size N (even): `players`, or `players + 1` for an odd field,
    /// whose number N is the dummy that makes its partner free.
    pub size: u32,
    /// 1 single, 2 double round robin.
    pub cycles: u32,
    /// Double round robins: the order of the first cycle's last two rounds.
    pub order: CycleOrder,
}

impl BergerTable {
    /// The table for `players` (at least 2) playing `cycles` (1 or 2) cycles.
    pub fn new(players: u32, cycles: u32) -> Option<BergerTable> {
        if players < 2 || !(1..=2).contains(&cycles) {
            return None;
        }
        Some(BergerTable {
            players,
            size: players + players % 2,
            cycles,
            order: CycleOrder::Plain,
        })
    }

    /// The same table with the first cycle's rounds in `order`.
    pub fn with_order(self, order: CycleOrder) -> BergerTable {
        BergerTable { order, ..self }
    }

    /// Whether [`CycleOrder::FideSwap`] changes anything: a double round
    /// robin with at least two rounds a cycle.
    pub fn can_swap(&self) -> bool {
        self.cycles == 2 && self.rounds_per_cycle() >= 2
    }

    /// Rounds in one cycle: N − 1.
    pub fn rounds_per_cycle(&self) -> u32 {
        self.size - 1
    }

    /// Rounds in the whole event.
    pub fn total_rounds(&self) -> u32 {
        self.rounds_per_cycle() * self.cycles
    }

    /// The dummy number of an odd field (its partner is free), if any.
    pub fn dummy(&self) -> Option<u32> {
        (self.size != self.players).then_some(self.size)
    }

    /// The boards of round `round` (1-based, across cycles), every board of the
    /// table including the dummy's; `None` past the last round.
    pub fn round(&self, round: u32) -> Option<Vec<TablePair>> {
        if round == 0 || round > self.total_rounds() {
            return None;
        }
        let per = self.rounds_per_cycle();
        let second = round > per;
        let mut r = (round - 1) % per + 1;
        if !second && self.order == CycleOrder::FideSwap && self.can_swap() {
            if r == per {
                r = per - 1;
            } else if r == per - 1 {
                r = per;
            }
        }
        let mut boards = cycle_round(self.size, r);
        if second {
            // C.05 Annex 1: the second cycle repeats the first with colours reversed.
            for b in &mut boards {
                std::mem::swap(&mut b.white, &mut b.black);
            }
        }
        Some(boards)
    }

    /// The number who is free in `round` (odd fields only).
    pub fn free_in(&self, round: u32) -> Option<u32> {
        let d = self.dummy()?;
        self.round(round)?
            .into_iter()
            .find(|b| b.involves(d))
            .map(|b| if b.white == d { b.black } else { b.white })
    }
}

/// Round `r` (1 ≤ r ≤ n − 1) of the single-cycle table of even size `n`.
fn cycle_round(n: u32, r: u32) -> Vec<TablePair> {
    let m = n - 1; // the numbers 1..=m turn round the circle, n stays put
                   // Reduce a value to 1..=m (mod m).
    let wrap = |v: u32| (v + m - 1) % m + 1;
    // n's partner: 2i ≡ r + 1 (mod m); m is odd, so i = (r + 1)·(m + 1)/2 mod m.
    let partner = wrap(((r + 1) * m.div_ceil(2)) % m);
    let mut boards = Vec::with_capacity(n as usize / 2);
    boards.push(if r.is_multiple_of(2) {
        TablePair {
            white: n,
            black: partner,
        }
    } else {
        TablePair {
            white: partner,
            black: n,
        }
    });
    for k in 1..n / 2 {
        let a = wrap(partner + k);
        let b = wrap(r + 1 + m - a % m);
        let (lo, hi) = (a.min(b), a.max(b));
        boards.push(if (hi - lo) % 2 == 1 {
            TablePair {
                white: lo,
                black: hi,
            }
        } else {
            TablePair {
                white: hi,
                black: lo,
            }
        });
    }
    boards
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(t: &BergerTable, r: u32) -> String {
        t.round(r)
            .unwrap_or_default()
            .iter()
            .map(|b| format!("{}-{}", b.white, b.black))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The printed table for 9 or 10 players (C.05 Annex 1).
    #[test]
    fn ten_players_as_printed() {
        let t = BergerTable::new(10, 1).unwrap();
        let printed = [
            "1-10 2-9 3-8 4-7 5-6",
            "10-6 7-5 8-4 9-3 1-2",
            "2-10 3-1 4-9 5-8 6-7",
            "10-7 8-6 9-5 1-4 2-3",
            "3-10 4-2 5-1 6-9 7-8",
            "10-8 9-7 1-6 2-5 3-4",
            "4-10 5-3 6-2 7-1 8-9",
            "10-9 1-8 2-7 3-6 4-5",
            "5-10 6-4 7-3 8-2 9-1",
        ];
        for (i, want) in printed.iter().enumerate() {
            assert_eq!(text(&t, i as u32 + 1), *want, "round {}", i + 1);
        }
        assert_eq!(t.round(10), None);
    }

    #[test]
    fn small_tables_and_odd_fields() {
        let t = BergerTable::new(3, 1).unwrap();
        assert_eq!(t.size, 4);
        assert_eq!(text(&t, 1), "1-4 2-3");
        assert_eq!(text(&t, 2), "4-3 1-2");
        assert_eq!(text(&t, 3), "2-4 3-1");
        assert_eq!(t.free_in(2), Some(3));
        let t = BergerTable::new(6, 1).unwrap();
        assert_eq!(text(&t, 2), "6-4 5-3 1-2");
        assert_eq!(text(&t, 5), "3-6 4-2 5-1");
        assert_eq!(BergerTable::new(6, 1).unwrap().free_in(1), None);
    }

    #[test]
    fn second_cycle_reverses_colours() {
        let t = BergerTable::new(4, 2).unwrap();
        assert_eq!(t.total_rounds(), 6);
        assert_eq!(text(&t, 4), "4-1 3-2");
        assert_eq!(text(&t, 6), "4-2 1-3");
        // Annex 1's order: rounds 2 and 3 of the first cycle swapped, so
        // that nobody has the same colour three times in a row.
        let f = t.clone().with_order(CycleOrder::FideSwap);
        assert_eq!(text(&f, 2), "2-4 3-1");
        assert_eq!(text(&f, 3), "4-3 1-2");
        assert_eq!(text(&f, 4), "4-1 3-2");
        for n in 3..=14 {
            let f = BergerTable::new(n, 2)
                .unwrap()
                .with_order(CycleOrder::FideSwap);
            for p in 1..=f.size {
                let colours: Vec<bool> = (1..=f.total_rounds())
                    .filter_map(|r| {
                        f.round(r)?
                            .into_iter()
                            .find(|b| b.involves(p))
                            .map(|b| b.white == p)
                    })
                    .collect();
                assert!(
                    colours.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])),
                    "n {n} player {p}: {colours:?}"
                );
            }
        }
    }

    /// Every number meets every other exactly once per cycle, and colours
    /// never differ by more than one over a cycle.
    #[test]
    fn every_pair_once() {
        for n in 2..=24u32 {
            let t = BergerTable::new(n, 1).unwrap();
            let mut seen = std::collections::BTreeSet::new();
            let mut whites = vec![0i32; t.size as usize + 1];
            for r in 1..=t.total_rounds() {
                let boards = t.round(r).unwrap();
                assert_eq!(boards.len() as u32, t.size / 2);
                for b in boards {
                    assert!(seen.insert(b.key()), "n {n} round {r} repeats {b:?}");
                    whites[b.white as usize] += 1;
                    whites[b.black as usize] -= 1;
                }
            }
            assert_eq!(seen.len() as u32, t.size * (t.size - 1) / 2);
            assert!(whites.iter().all(|w| w.abs() <= 1), "n {n}: {whites:?}");
        }
    }
}
