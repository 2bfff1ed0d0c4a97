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
pub(crate) struct Compat {
    n: usize,
    words: usize,
    bits: Vec<u64>,
}

impl Compat {
    /// Build the matrix for the players of `inp`.
    pub(crate) fn new(inp: &Input) -> Compat {
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
    pub(crate) fn ok(&self, a: usize, b: usize) -> bool {
        a < self.n && b < self.n && self.bits[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }
}

/// Can `set` be paired completely? With an odd number of players one is left
/// for the PAB: they must be eligible and, when `bye_cap` is given, have a
/// pairing score of at most `bye_cap`.
pub(crate) fn completable(
    inp: &Input,
    compat: &Compat,
    set: &[usize],
    bye_cap: Option<Points>,
) -> bool {
    // A complete pairing found greedily proves it (the common case: most
    // players may still meet); only when the greedy pass gets stuck is the
    // maximum matching of the set's compatibility computed.
    greedy_complete(inp, compat, set, bye_cap) || completable_by_matching(inp, compat, set, bye_cap)
}

/// [`completable`] by a maximum matching of the set's compatibility.
fn completable_by_matching(
    inp: &Input,
    compat: &Compat,
    set: &[usize],
    bye_cap: Option<Points>,
) -> bool {
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
pub(crate) fn lowest_bye_score(inp: &Input, compat: &Compat, set: &[usize]) -> Option<Points> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Color;
    use crate::model::{Outcome, Player, PlayerId, RoundEntry, Tournament};
    use crate::pairing::dutch::{prepare, PairOptions};
    use crate::pairing::generate::{generate, GenerateOptions};

    /// The greedy pass gets stuck (1-2 first leaves 3 and 4, who have met)
    /// where a complete pairing exists (1-3, 2-4): the matching finds it.
    #[test]
    fn a_stuck_greedy_pass_falls_back_to_the_matching() {
        let game = |opp: u32, color, outcome| RoundEntry::Played {
            opponent: PlayerId(opp),
            color,
            outcome,
            short: false,
        };
        let (w, b) = (Color::White, Color::Black);
        let (x, l) = (Outcome::Win, Outcome::Loss);
        let firsts = [
            (5, w, x),
            (6, b, l),
            (4, w, x),
            (3, b, l),
            (1, b, l),
            (2, w, x),
        ];
        let t = Tournament {
            total_rounds: Some(3),
            initial_color: Some(w),
            players: (1..=6)
                .map(|id: u32| Player {
                    id: PlayerId(id),
                    name: format!("P{id}"),
                    rounds: {
                        let (o, c, r) = firsts[id as usize - 1];
                        vec![game(o, c, r)]
                    },
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        };
        let prep = prepare(&t, &PairOptions::default()).unwrap();
        let inp = prep.input();
        let compat = Compat::new(&inp);
        let set = [0, 1, 2, 3];
        assert!(!compat.ok(2, 3), "3 and 4 have met");
        assert!(!greedy_complete(&inp, &compat, &set, None));
        assert!(completable(&inp, &compat, &set, None));
        // 3 and 4 alone cannot be paired, greedily or otherwise.
        assert!(!completable(&inp, &compat, &[2, 3], None));
    }

    /// On real rounds (generated events, their late rounds, random subsets
    /// with and without a PAB cap) the greedy pass never claims a complete
    /// pairing that the maximum matching denies, and it decides most sets.
    #[test]
    fn greedy_success_is_a_complete_pairing() {
        let o = GenerateOptions {
            players: 40,
            rounds: 9,
            seed: 21,
            half_bye_rate: 0.04,
            zero_bye_rate: 0.03,
            ..GenerateOptions::default()
        };
        let t = generate(&o, crate::pairing::dutch::DutchEdition::Dutch2025, |_| {}).unwrap();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut greedy, mut sets) = (0, 0);
        for round in 2..=9 {
            let opts = PairOptions {
                round: Some(round),
                ..Default::default()
            };
            let prep = prepare(&t, &opts).unwrap();
            let inp = prep.input();
            let compat = Compat::new(&inp);
            let n = inp.players.len();
            for _ in 0..40 {
                let set: Vec<usize> = (0..n).filter(|_| next() % 4 != 0).collect();
                let cap = (next() % 2 == 0).then_some(Points::ONE);
                let by_matching = completable_by_matching(&inp, &compat, &set, cap);
                if greedy_complete(&inp, &compat, &set, cap) {
                    greedy += 1;
                    assert!(
                        by_matching,
                        "round {round}: greedy found what matching denies"
                    );
                }
                assert_eq!(completable(&inp, &compat, &set, cap), by_matching);
                sets += 1;
            }
        }
        assert!(greedy * 2 > sets, "greedy decided {greedy} of {sets}");
    }
}
