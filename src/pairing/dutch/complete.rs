//! Who may meet whom, and whether a set of players can still be paired.
//!
//! - [`compatible`]: the absolute criteria between two players, and
//!   [`Compat`], the same for every two players as a bit matrix built once
//!   per round: C.04.3 (2017) C.1 / (2025) \[C1\] (no rematch;
//!   forfeits are not games), forbidden pairs (C.04.1), and C.3 / \[C3\]
//!   (two non-topscorers with the same absolute colour preference).
//! - [`completable`]: can a set of players be paired completely, leaving at
//!   most one player, who may receive the PAB (C.04.1 art. 4; 2017 C.2 /
//!   2025 \[C2\]) and, in 2025, has a score no higher than a given cap
//!   (\[C5\])? This is the completion test of 2017 C.4 / 2025 \[C4\].
//!
//! Both answer with an unweighted maximum-cardinality matching, far cheaper
//! than the weighted matching the criteria ladder needs.

use std::collections::HashMap;

use super::input::Input;
use crate::model::{PlayerId, Points};
use crate::pairing::matching::max_cardinality_matching_bits;

/// C1 (no rematch, played games only), forbidden pairs, C3 (absolute colours):
/// the definition `Compat` precomputes for a whole round.
pub fn compatible(inp: &Input, a: usize, b: usize) -> bool {
    let (Some(pa), Some(pb)) = (inp.players.get(a), inp.players.get(b)) else {
        return false;
    };
    a != b
        && !pa.opponents.contains(&pb.id)
        && !inp.forbidden.contains(&(pa.id, pb.id))
        && !inp.forbidden.contains(&(pb.id, pa.id))
        && !super::colour::absolute_conflict(pa, pb)
}

/// The compatibility of every two players of the round, as a bit matrix.
#[derive(Debug, Clone)]
pub struct Compat {
    n: usize,
    words: usize,
    bits: Vec<u64>,
}

impl Compat {
    /// Build the matrix for the players of `inp`.
    pub fn new(inp: &Input) -> Compat {
        let ps = inp.players;
        let n = ps.len();
        let words = n.div_ceil(64);
        let mut bits = vec![u64::MAX; n * words];
        let index: HashMap<PlayerId, usize> =
            ps.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        // C.3 / [C3]: players of one absolute-preference class (same colour,
        // not topscorers) exclude each other.
        let class = |i: usize| -> Option<usize> {
            let p = &ps[i];
            let pref = p.preference?;
            (pref.strength == super::state::Strength::Absolute && !p.topscorer)
                .then_some(pref.color as usize)
        };
        let mut class_mask = [vec![0u64; words], vec![0u64; words]];
        for i in 0..n {
            if let Some(c) = class(i) {
                if let Some(m) = class_mask.get_mut(c) {
                    m[i / 64] |= 1 << (i % 64);
                }
            }
        }
        for a in 0..n {
            let row = &mut bits[a * words..(a + 1) * words];
            if let Some(c) = class(a).and_then(|c| class_mask.get(c)) {
                for (w, x) in row.iter_mut().zip(c) {
                    *w &= !x;
                }
            }
            // Bits beyond `n` stay clear so rows can be scanned word by word.
            if !n.is_multiple_of(64) {
                if let Some(last) = row.last_mut() {
                    *last &= (1u64 << (n % 64)) - 1;
                }
            }
        }
        let mut clear = |a: usize, b: usize| {
            bits[a * words + b / 64] &= !(1 << (b % 64));
            bits[b * words + a / 64] &= !(1 << (a % 64));
        };
        for (a, p) in ps.iter().enumerate() {
            clear(a, a);
            for o in &p.opponents {
                if let Some(&b) = index.get(o) {
                    clear(a, b);
                }
            }
        }
        for (x, y) in inp.forbidden.iter() {
            if let (Some(&a), Some(&b)) = (index.get(x), index.get(y)) {
                clear(a, b);
            }
        }
        let m = Compat { n, words, bits };
        debug_assert!((0..n).all(|a| (0..n).all(|b| m.ok(a, b) == m.ok(b, a))));
        debug_assert!(
            (0..n.min(40)).all(|a| (0..n.min(40)).all(|b| m.ok(a, b) == compatible(inp, a, b)))
        );
        m
    }

    /// May players `a` and `b` (indices into the round's players) meet?
    #[inline]
    pub fn ok(&self, a: usize, b: usize) -> bool {
        a < self.n && b < self.n && self.bits[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }
}

/// Can `set` be paired completely? With an odd number of players one is left
/// for the PAB: they must be eligible and, when `bye_cap` is given, have a
/// pairing score of at most `bye_cap`.
pub fn completable(inp: &Input, compat: &Compat, set: &[usize], bye_cap: Option<Points>) -> bool {
    // A complete pairing found greedily proves it (the common case: most
    // players may still meet); only when the greedy pass gets stuck is the
    // maximum matching of the set's compatibility computed.
    if greedy_complete(inp, compat, set, bye_cap) {
        return true;
    }
    let k = set.len();
    // A dummy vertex stands for the PAB when the number is odd.
    let n = k + k % 2;
    let words = n.div_ceil(64);
    // The set's compatibility as a bit matrix (n^2 / 8 bytes: every two
    // players may meet in an early round, and an edge list would take 16
    // bytes a pair).
    let mut bits = vec![0u64; n * words];
    for (i, &a) in set.iter().enumerate() {
        let row = &mut bits[i * words..(i + 1) * words];
        for (j, &b) in set.iter().enumerate() {
            if i != j && compat.ok(a, b) {
                row[j / 64] |= 1 << (j % 64);
            }
        }
    }
    if n > k {
        let dummy = k;
        for (i, &p) in set.iter().enumerate() {
            let s = &inp.players[p];
            if s.bye_eligible && bye_cap.is_none_or(|c| s.pscore <= c) {
                bits[i * words + dummy / 64] |= 1 << (dummy % 64);
                bits[dummy * words + i / 64] |= 1 << (i % 64);
            }
        }
    }
    max_cardinality_matching_bits(n, words, &bits)
        .iter()
        .all(Option::is_some)
}

/// Pairs `set` greedily (each unpaired player, in order, with the next
/// unpaired player it may meet; with an odd number, one player left over
/// takes the PAB when eligible under `bye_cap`). True when that completes
/// the pairing; false says nothing (a smarter pairing may still exist).
fn greedy_complete(inp: &Input, compat: &Compat, set: &[usize], bye_cap: Option<Points>) -> bool {
    let mut taken = vec![false; set.len()];
    let mut bye_free = set.len() % 2 == 1;
    for i in 0..set.len() {
        if taken[i] {
            continue;
        }
        taken[i] = true;
        let a = set[i];
        let partner = (i + 1..set.len()).find(|&j| !taken[j] && compat.ok(a, set[j]));
        match partner {
            Some(j) => taken[j] = true,
            None => {
                let eligible = inp
                    .players
                    .get(a)
                    .is_some_and(|p| p.bye_eligible && bye_cap.is_none_or(|c| p.pscore <= c));
                if !(bye_free && eligible) {
                    return false;
                }
                bye_free = false;
            }
        }
    }
    true
}

/// 2025 \[C5\]: the lowest pairing score the PAB can go to in a complete
/// pairing of `set` (odd), or `None` when no complete pairing exists.
pub fn lowest_bye_score(inp: &Input, compat: &Compat, set: &[usize]) -> Option<Points> {
    let mut scores: Vec<Points> = set
        .iter()
        .map(|&i| &inp.players[i])
        .filter(|p| p.bye_eligible)
        .map(|p| p.pscore)
        .collect();
    scores.sort_unstable();
    scores.dedup();
    scores
        .into_iter()
        .find(|&s| completable(inp, compat, set, Some(s)))
}
