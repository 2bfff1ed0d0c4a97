//! Solver checks against brute force, warm against cold, and `Wide`
//! arithmetic against `i128`.

use super::*;
use crate::model::random::Seeded;
use proptest::prelude::*;

/// The crate's seeded generator, so failures reproduce.
struct Rng(Seeded);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(Seeded::new(seed))
    }
    fn below(&mut self, k: u64) -> u64 {
        self.0.below(k)
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        self.0.range(lo, hi)
    }
}

/// Best (cardinality, weight) over all matchings, by exhaustive search.
/// Returns the best weight and the best (cardinality, weight) pair.
fn brute(n: usize, edges: &[(usize, usize, i64)]) -> (i64, (usize, i64)) {
    let mut w = vec![vec![None; n]; n];
    for &(u, v, x) in edges {
        if u != v {
            w[u][v] = Some(x);
            w[v][u] = Some(x);
        }
    }
    fn rec(
        w: &[Vec<Option<i64>>],
        used: &mut Vec<bool>,
        from: usize,
        card: usize,
        tot: i64,
        best_w: &mut i64,
        best_cw: &mut (usize, i64),
    ) {
        let n = used.len();
        let mut v = from;
        while v < n && used[v] {
            v += 1;
        }
        if v == n {
            *best_w = (*best_w).max(tot);
            *best_cw = (*best_cw).max((card, tot));
            return;
        }
        used[v] = true;
        rec(w, used, v + 1, card, tot, best_w, best_cw);
        for u in v + 1..n {
            if !used[u] {
                if let Some(x) = w[v][u] {
                    used[u] = true;
                    rec(w, used, v + 1, card + 1, tot + x, best_w, best_cw);
                    used[u] = false;
                }
            }
        }
        used[v] = false;
    }
    let mut best_w = 0;
    let mut best_cw = (0, 0);
    rec(&w, &mut vec![false; n], 0, 0, 0, &mut best_w, &mut best_cw);
    (best_w, best_cw)
}

/// Checks `m` is a matching using only given edges; returns (cardinality,
/// weight).
fn evaluate(n: usize, edges: &[(usize, usize, i64)], m: &[Option<usize>]) -> (usize, i64) {
    assert_eq!(m.len(), n);
    let mut card = 0;
    let mut tot = 0;
    for v in 0..n {
        if let Some(u) = m[v] {
            assert_eq!(m[u], Some(v), "matching not symmetric at {v}");
            assert_ne!(u, v);
            if v < u {
                let w = edges
                    .iter()
                    .rev()
                    .find(|&&(a, b, _)| (a, b) == (u, v) || (a, b) == (v, u))
                    .map(|e| e.2)
                    .unwrap_or_else(|| panic!("matched non-edge {v}-{u}"));
                card += 1;
                tot += w;
            }
        }
    }
    (card, tot)
}

fn random_graph(
    rng: &mut Rng,
    n: usize,
    density: u64,
    lo: i64,
    hi: i64,
) -> Vec<(usize, usize, i64)> {
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.below(100) < density {
                edges.push((u, v, rng.range(lo, hi)));
            }
        }
    }
    // Shuffle so edge order does not follow vertex order.
    for i in (1..edges.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        edges.swap(i, j);
    }
    edges
}

fn check_graph(n: usize, edges: &[(usize, usize, i64)]) {
    let (bw, bcw) = brute(n, edges);
    let m = max_weight_matching(n, edges, false);
    assert_eq!(
        evaluate(n, edges, &m).1,
        bw,
        "max weight, n={n}, edges={edges:?}"
    );
    let m = max_weight_matching(n, edges, true);
    assert_eq!(
        evaluate(n, edges, &m),
        bcw,
        "max cardinality, n={n}, edges={edges:?}"
    );
    let card = max_cardinality_matching(n, &edges.iter().map(|e| (e.0, e.1)).collect::<Vec<_>>());
    let c = (0..n).filter(|&v| card[v].is_some()).count() / 2;
    evaluate(n, edges, &card);
    assert_eq!(c, bcw.0, "cardinality, n={n}, edges={edges:?}");
    // The bit-matrix form gives the very same matching.
    let words = n.div_ceil(64).max(1);
    let mut bits = vec![0u64; n * words];
    for &(u, v, _) in edges {
        if u != v {
            bits[u * words + v / 64] |= 1 << (v % 64);
            bits[v * words + u / 64] |= 1 << (u % 64);
        }
    }
    assert_eq!(
        max_cardinality_matching_bits(n, words, &bits),
        card,
        "bit-matrix cardinality, n={n}, edges={edges:?}"
    );
    // Same answers with Wide and i128 weights.
    let wide: Vec<(usize, usize, Wide<3>)> = edges
        .iter()
        .map(|&(u, v, w)| (u, v, Wide::from_i64(w)))
        .collect();
    let m = max_weight_matching(n, &wide, false);
    assert_eq!(
        evaluate(n, edges, &m).1,
        bw,
        "Wide max weight, edges={edges:?}"
    );
    let big: Vec<(usize, usize, i128)> = edges
        .iter()
        .map(|&(u, v, w)| (u, v, i128::from(w)))
        .collect();
    let m = max_weight_matching(n, &big, true);
    assert_eq!(
        evaluate(n, edges, &m),
        bcw,
        "i128 max cardinality, edges={edges:?}"
    );
}

#[test]
fn hand_worked_examples() {
    // Path 0-1-2-3 with a heavy middle: the middle edge alone wins.
    let m = max_weight_matching(4, &[(0, 1, 5i64), (1, 2, 11), (2, 3, 5)], false);
    assert_eq!(m, vec![None, Some(2), Some(1), None]);
    // ... unless maximum cardinality is asked for.
    let m = max_weight_matching(4, &[(0, 1, 5i64), (1, 2, 11), (2, 3, 5)], true);
    assert_eq!(m, vec![Some(1), Some(0), Some(3), Some(2)]);
    // A blossom: triangle 0-1-2 with a stem 2-3; the optimum 0-1 + 2-3.
    let m = max_weight_matching(4, &[(0, 1, 8i64), (1, 2, 9), (0, 2, 10), (2, 3, 7)], false);
    assert_eq!(m, vec![Some(1), Some(0), Some(3), Some(2)]);
    // Negative weights are never used without maximum cardinality.
    let m = max_weight_matching(2, &[(0, 1, -3i64)], false);
    assert_eq!(m, vec![None, None]);
    let m = max_weight_matching(2, &[(0, 1, -3i64)], true);
    assert_eq!(m, vec![Some(1), Some(0)]);
    // No vertices, no edges.
    assert!(max_weight_matching::<i64>(0, &[], false).is_empty());
    assert_eq!(
        max_weight_matching::<i64>(3, &[], true),
        vec![None, None, None]
    );
}

#[test]
fn nested_blossoms_and_expansion() {
    // Cases that need a blossom inside a blossom, relabelling of an expanded
    // T-blossom and augmentation through nested blossoms; the optimum is
    // worked out by the brute force.
    type Case = (usize, Vec<(usize, usize, i64)>);
    let cases: Vec<Case> = vec![
        (
            6,
            vec![
                (0, 1, 9),
                (0, 2, 9),
                (1, 2, 10),
                (1, 3, 8),
                (2, 4, 8),
                (3, 4, 10),
                (4, 5, 6),
            ],
        ),
        (
            8,
            vec![
                (0, 1, 23),
                (0, 4, 22),
                (0, 5, 15),
                (1, 2, 25),
                (2, 3, 22),
                (3, 4, 25),
                (3, 7, 14),
                (4, 6, 13),
            ],
        ),
        (
            8,
            vec![
                (0, 1, 19),
                (0, 2, 20),
                (0, 7, 8),
                (1, 2, 25),
                (1, 3, 18),
                (2, 4, 18),
                (3, 4, 13),
                (4, 6, 7),
            ],
        ),
        (
            9,
            vec![
                (0, 1, 45),
                (0, 4, 45),
                (1, 2, 50),
                (2, 3, 45),
                (3, 4, 50),
                (0, 5, 30),
                (2, 8, 35),
                (3, 7, 35),
                (4, 6, 26),
                (8, 6, 5),
            ],
        ),
        (
            10,
            vec![
                (0, 1, 40),
                (0, 2, 40),
                (1, 2, 60),
                (1, 3, 55),
                (2, 4, 55),
                (3, 4, 50),
                (0, 7, 15),
                (4, 6, 30),
                (6, 5, 10),
                (7, 9, 10),
                (3, 8, 30),
            ],
        ),
    ];
    for (n, edges) in cases {
        check_graph(n, &edges);
    }
}

/// Re-solves `warm` and asserts that the result carries a valid optimality
/// certificate and the weight of a cold solve of the same graph (and of
/// brute force up to `brute_max` vertices).
fn assert_warm_is_optimal(warm: &mut Matcher<i64>, brute_max: usize, what: &str) {
    let n = warm.vertex_count();
    let got = warm.solve();
    warm.verify_optimum()
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let mut cur = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if let Some(w) = warm.weight(a, b) {
                cur.push((a, b, w));
            }
        }
    }
    let cold = max_weight_matching(n, &cur, false);
    assert_eq!(
        evaluate(n, &cur, &got).1,
        evaluate(n, &cur, &cold).1,
        "{what}"
    );
    if n <= brute_max {
        assert_eq!(evaluate(n, &cur, &got).1, brute(n, &cur).0, "{what}");
    }
}

#[test]
fn brute_force_all_small_graphs() {
    let mut rng = Rng::new(0x5EED);
    let mut count = 0;
    for n in 0..=8 {
        for density in [15, 35, 60, 85, 100] {
            for weights in 0..4 {
                let (lo, hi) = match weights {
                    0 => (1, 3),    // many ties
                    1 => (-5, 5),   // negative and zero
                    2 => (0, 1000), // spread
                    _ => (1, 1),    // unweighted
                };
                let reps = if n <= 4 { 10 } else { 30 };
                for _ in 0..reps {
                    let edges = random_graph(&mut rng, n, density, lo, hi);
                    check_graph(n, &edges);
                    count += 1;
                }
            }
        }
    }
    assert!(count > 3000);
}

#[test]
fn optimum_certificate_on_larger_graphs() {
    let mut rng = Rng::new(42);
    for &(n, density) in &[(20usize, 50u64), (40, 20), (60, 90), (31, 100)] {
        for _ in 0..5 {
            let edges = random_graph(&mut rng, n, density, -20, 100);
            let mut m = Matcher::with_edges(n, &edges);
            m.solve();
            m.verify_optimum().unwrap();
            m.set_max_cardinality(true);
            m.solve();
            m.verify_optimum().unwrap();
        }
    }
}

/// Applies random changes to a warm matcher and compares each re-solve
/// with a cold solve of the same graph.
fn warm_vs_cold(seed: u64, n: usize, rounds: usize, changes: usize) {
    let mut rng = Rng::new(seed);
    let edges = random_graph(&mut rng, n, 70, 0, 50);
    let mut warm = Matcher::with_edges(n, &edges);
    warm.solve();
    warm.verify_optimum().unwrap();
    for round in 0..rounds {
        for _ in 0..changes {
            let u = rng.below(n as u64) as usize;
            let v = rng.below(n as u64) as usize;
            match rng.below(10) {
                0 => {
                    warm.remove_edge(u, v);
                }
                1 => warm.isolate(u),
                _ => warm.set_weight(u, v, rng.range(-5, 60)),
            }
        }
        assert_warm_is_optimal(&mut warm, 8, &format!("seed {seed} round {round}"));
    }
}

#[test]
fn warm_start_equals_cold_start() {
    for seed in 0..40 {
        warm_vs_cold(seed, 8, 10, 2);
    }
    for seed in 0..10 {
        warm_vs_cold(100 + seed, 30, 10, 3);
        warm_vs_cold(200 + seed, 50, 5, 20);
    }
}

/// The engine's update pattern: change every edge of one vertex (a probe),
/// take some of its edges out (a decision kept by banning edges), or take a
/// matched pair out of the graph (a fixed pair), then re-solve warm. Only
/// the changed vertex is marked for repair; every re-solve must have the
/// weight of a cold solve (and of brute force when small) and a valid
/// optimality certificate. Weights are stacked fields with few distinct
/// values, so ties and blossoms are common.
fn warm_vertex_updates(seed: u64, n: usize, density: u64, steps: usize) {
    let mut rng = Rng::new(seed);
    let field = |rng: &mut Rng| rng.range(0, 2) * 10_000 + rng.range(-1, 1) * 100 + rng.range(0, 3);
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.below(100) < density {
                edges.push((u, v, field(&mut rng)));
            }
        }
    }
    let mut warm = Matcher::with_edges(n, &edges);
    warm.solve();
    for step in 0..steps {
        let u = rng.below(n as u64) as usize;
        match rng.below(7) {
            6 => {
                // Prune: take out edges, most of them not in the optimum.
                for a in 0..n {
                    for b in a + 1..n {
                        if warm.weight(a, b).is_some() && rng.below(8) == 0 {
                            warm.remove_loose_edge(a, b);
                        }
                    }
                }
                // Loose edges go without repair: the old optimum and its
                // certificate must still hold before re-solving.
                if warm.dirty_count() == 0 {
                    warm.verify_optimum()
                        .unwrap_or_else(|e| panic!("seed {seed} step {step} prune: {e}"));
                }
            }
            0 => {
                // Fix u's pair: isolate u and its mate.
                if let Some(m) = warm.mate(u) {
                    warm.isolate(u);
                    warm.isolate(m);
                }
            }
            1 => {
                // Ban some of u's edges.
                for v in 0..n {
                    if rng.below(3) == 0 {
                        warm.remove_edge(u, v);
                    }
                }
            }
            _ => {
                // Probe: new weights on all of u's edges (adding some).
                for v in 0..n {
                    if v != u && (warm.weight(u, v).is_some() || rng.below(20) == 0) {
                        let w = field(&mut rng) + rng.range(0, 1) * 1_000;
                        warm.set_weight(u, v, w);
                    }
                }
            }
        }
        assert_warm_is_optimal(&mut warm, 10, &format!("seed {seed} step {step}"));
    }
}

#[test]
fn warm_vertex_updates_equal_cold() {
    for seed in 0..60 {
        warm_vertex_updates(300 + seed, 10, 80, 30);
    }
    for seed in 0..15 {
        warm_vertex_updates(400 + seed, 40, 90, 40);
        warm_vertex_updates(500 + seed, 61, 60, 25);
    }
}

/// Long runs of warm re-solves on graphs of 60 to 110 vertices with few
/// distinct weights (ties and nested blossoms everywhere): after changing,
/// banning or restoring the edges of one to three vertices, every re-solve
/// must carry the optimality certificate and the weight of a cold solve.
/// The event queues find the next dual step from entries recorded against
/// trees and labels that have since changed; this is where a lost lower
/// bound or a dual left in its relative form would show.
#[test]
fn many_warm_resolves_with_ties_equal_cold() {
    for seed in 0..6u64 {
        let mut rng = Rng::new(900 + seed);
        let n = 60 + 10 * seed as usize;
        let weight = |rng: &mut Rng| rng.range(1, 4) * 100 + rng.range(0, 1) * 10;
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if rng.below(100) < 45 {
                    edges.push((u, v, weight(&mut rng)));
                }
            }
        }
        let mut warm = Matcher::with_edges(n, &edges);
        warm.solve();
        warm.verify_optimum()
            .unwrap_or_else(|e| panic!("seed {seed} cold: {e}"));
        for step in 0..50 {
            for _ in 0..1 + rng.below(3) {
                let u = rng.below(n as u64) as usize;
                for v in 0..n {
                    if v == u {
                        continue;
                    }
                    match rng.below(12) {
                        0 => {
                            warm.remove_edge(u, v);
                        }
                        1..=3 => warm.set_weight(u, v, weight(&mut rng)),
                        _ => {}
                    }
                }
            }
            assert_warm_is_optimal(&mut warm, 0, &format!("seed {seed} step {step}"));
        }
        // The same graph with maximum cardinality (always a cold solve).
        warm.set_max_cardinality(true);
        warm.solve();
        warm.verify_optimum()
            .unwrap_or_else(|e| panic!("seed {seed} max cardinality: {e}"));
    }
}

#[test]
fn add_vertex_keeps_solving() {
    let mut m = Matcher::<i64>::new(2);
    m.set_weight(0, 1, 4);
    assert_eq!(m.solve(), vec![Some(1), Some(0)]);
    let v = m.add_vertex();
    assert_eq!(v, 2);
    m.set_weight(1, 2, 9);
    assert_eq!(m.solve(), vec![None, Some(2), Some(1)]);
    m.verify_optimum().unwrap();
    let w = m.add_vertex();
    m.set_weight(0, w, 6);
    assert_eq!(m.solve(), vec![Some(3), Some(2), Some(1), Some(0)]);
    assert_eq!(m.total_weight(), 15);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    #[test]
    fn proptest_matches_brute_force(
        n in 0usize..=8,
        raw in proptest::collection::vec((0usize..8, 0usize..8, -10i64..30), 0..30),
    ) {
        let edges: Vec<_> = raw.into_iter().filter(|e| e.0 < n && e.1 < n && e.0 != e.1).collect();
        // Later duplicates replace earlier ones in the solver; do the same
        // for the brute force.
        let mut dedup: Vec<(usize, usize, i64)> = Vec::new();
        for &(u, v, w) in &edges {
            dedup.retain(|&(a, b, _)| !((a, b) == (u, v) || (a, b) == (v, u)));
            dedup.push((u, v, w));
        }
        let (bw, bcw) = brute(n, &dedup);
        let m = max_weight_matching(n, &edges, false);
        prop_assert_eq!(evaluate(n, &dedup, &m).1, bw);
        let m = max_weight_matching(n, &edges, true);
        prop_assert_eq!(evaluate(n, &dedup, &m), bcw);
    }

    #[test]
    fn proptest_wide_add_sub_cmp_match_i128(a in any::<i64>(), b in any::<i64>(), c in any::<i64>()) {
        let (x, y) = (i128::from(a) * i128::from(c), i128::from(b) << 20);
        let wx = Wide::<3>::from_i128(x).unwrap();
        let wy = Wide::<3>::from_i128(y).unwrap();
        prop_assert_eq!((wx + wy).to_i128(), Some(x + y));
        prop_assert_eq!((wx - wy).to_i128(), Some(x - y));
        prop_assert_eq!(wx.cmp(&wy), x.cmp(&y));
        prop_assert_eq!((-wx).to_i128(), Some(-x));
        prop_assert_eq!(wx.halve().to_i128(), Some(x >> 1));
        prop_assert_eq!(wx.double().to_i128(), Some(x * 2));
        prop_assert_eq!(wx.to_string(), x.to_string());
        let k = (b as u32) % 40;
        prop_assert_eq!((wx >> k).to_i128(), Some(x >> k));
        prop_assert_eq!((wy << k).to_i128(), Some(y << k));
    }

    #[test]
    fn proptest_wide_two_limbs_is_i128(a in any::<i128>(), b in any::<i128>(), k in 0u32..130) {
        let wa = Wide::<2>::from_i128(a).unwrap();
        let wb = Wide::<2>::from_i128(b).unwrap();
        prop_assert_eq!(wa.wrapping_add(wb).to_i128(), Some(a.wrapping_add(b)));
        prop_assert_eq!(wa.wrapping_sub(wb).to_i128(), Some(a.wrapping_sub(b)));
        prop_assert_eq!(wa.checked_add(wb).and_then(Wide::to_i128), a.checked_add(b));
        prop_assert_eq!(wa.checked_sub(wb).and_then(Wide::to_i128), a.checked_sub(b));
        prop_assert_eq!(wa.cmp(&wb), a.cmp(&b));
        prop_assert_eq!((wa | wb).to_i128(), Some(a | b));
        prop_assert_eq!((wa & wb).to_i128(), Some(a & b));
        let sh = if k < 128 { a >> k } else if a < 0 { -1 } else { 0 };
        prop_assert_eq!((wa >> k).to_i128(), Some(sh));
        let sl = if k < 128 { a.wrapping_shl(k) } else { 0 };
        prop_assert_eq!((wa << k).to_i128(), Some(sl));
        prop_assert_eq!(wa.to_string(), a.to_string());
    }
}

#[test]
fn wide_fields_and_limits() {
    type W = Wide<5>;
    // Three fields of 100 bits each, stacked.
    let f = |x: u64, k: u32| W::from_u64(x) << (100 * k);
    let a = f(3, 2) | f(7, 1) | f(1, 0);
    let b = f(3, 2) | f(6, 1) | f(u64::MAX, 0);
    assert!(a > b);
    assert_eq!((a >> 200).to_i128(), Some(3));
    assert_eq!(((a >> 100) & W::from_u64(u64::MAX)).to_i128(), Some(7));
    assert_eq!(W::pow2(299).bit_len(), 300);
    assert!(W::pow2(299).bit(299));
    assert!(W::max_value() > W::pow2(300));
    assert!(W::min_value() < -W::pow2(300));
    assert_eq!(W::max_value().checked_add(W::ONE), None);
    assert_eq!(W::min_value().checked_sub(W::ONE), None);
    assert_eq!(W::pow2(64).to_string(), "18446744073709551616");
    assert_eq!(
        (-W::pow2(200)).to_string(),
        format!(
            "-{}",
            "1606938044258990275541962092341162602522202993782792835301376"
        )
    );
    assert_eq!(W::min_value().to_i128(), None);
    assert_eq!(
        Wide::<1>::from_i128(i128::from(i64::MIN)),
        Some(Wide::<1>::from_i64(i64::MIN))
    );
    assert_eq!(Wide::<1>::from_i128(1 << 70), None);
    assert_eq!(format!("{:>5}", W::from_i64(-12)), "  -12");
}

#[test]
fn wide_weights_beyond_128_bits() {
    // Edge weights whose high field decides and whose low field breaks
    // ties; the high field alone exceeds i128.
    type W = Wide<4>;
    let w = |hi: u64, lo: u64| (W::from_u64(hi) << 180) | W::from_u64(lo);
    let edges = [
        (0, 1, w(2, 0)),
        (2, 3, w(2, 0)),
        (1, 2, w(3, 1000)), // one heavy pair loses to two medium pairs
        (0, 3, w(2, 5)),    // tie on the high field: low field decides
        (1, 3, w(1, 0)),
    ];
    let m = max_weight_matching(4, &edges, false);
    // 0-1 + 2-3 = 4<<180; 1-2 alone = 3<<180; 0-3 + 1-2 = 5<<180 + 1005: best.
    assert_eq!(m, vec![Some(3), Some(2), Some(1), Some(0)]);
}

/// The dual solution certifies optimality: no negative reduced cost, zero on
/// matched edges, and exposed vertices have dual zero.
#[test]
#[allow(clippy::needless_range_loop)]
fn reduced_costs_certify_the_optimum() {
    let mut lots = Seeded::new(12345);
    let mut rnd = |m: u64| lots.below(m);
    for round in 0..200 {
        let n = 2 + rnd(14) as usize;
        let mut m = Matcher::<i64>::new(n);
        for u in 0..n {
            for v in u + 1..n {
                if rnd(3) != 0 {
                    m.set_weight(u, v, rnd(20) as i64 + if round % 2 == 0 { 0 } else { 30 });
                }
            }
        }
        let mates = m.solve();
        for u in 0..n {
            for v in u + 1..n {
                if let Some(rc) = m.reduced_cost(u, v) {
                    assert!(rc >= 0, "negative reduced cost {rc} on {u}-{v}");
                    if mates[u] == Some(v) {
                        assert_eq!(rc, 0, "matched edge {u}-{v} is not tight");
                    }
                }
            }
        }
    }
}

/// Forcing an edge into the matching costs at least half its reduced cost
/// (reduced costs are in doubled units): checked against brute force.
#[test]
#[allow(clippy::needless_range_loop)]
fn reduced_cost_bounds_the_loss_of_forcing_an_edge() {
    fn best(n: usize, w: &[Vec<Option<i64>>], used: u32) -> i64 {
        let Some(u) = (0..n).find(|&u| used & (1 << u) == 0) else {
            return 0;
        };
        let mut b = best(n, w, used | (1 << u));
        for v in u + 1..n {
            if used & (1 << v) == 0 {
                if let Some(x) = w[u][v] {
                    b = b.max(x + best(n, w, used | (1 << u) | (1 << v)));
                }
            }
        }
        b
    }
    let mut lots = Seeded::new(777);
    let mut rnd = |m: u64| lots.below(m);
    for round in 0..300 {
        let n = 2 + rnd(9) as usize;
        let mut w = vec![vec![None; n]; n];
        let mut m = Matcher::<i64>::new(n);
        for u in 0..n {
            for v in u + 1..n {
                if rnd(4) != 0 {
                    let x = rnd(9) as i64 + if round % 3 == 0 { 20 } else { 0 };
                    w[u][v] = Some(x);
                    w[v][u] = Some(x);
                    m.set_weight(u, v, x);
                }
            }
        }
        m.solve();
        let opt = best(n, &w, 0);
        assert_eq!(m.total_weight(), opt);
        for u in 0..n {
            for v in u + 1..n {
                if let Some(x) = w[u][v] {
                    let forced = x + best(n, &w, (1 << u) | (1 << v));
                    let rc = m.reduced_cost(u, v).unwrap();
                    assert!(
                        rc <= 2 * (opt - forced),
                        "edge {u}-{v}: rc {rc}, loss {}",
                        opt - forced
                    );
                }
            }
        }
    }
}

/// The pricer's reduced costs (binary search over blossom chains) equal
/// [`Matcher::reduced_cost_of`] (walking them) for every pair of vertices,
/// in the graph or not, on graphs with many ties (nested blossoms).
#[test]
fn pricer_equals_reduced_cost_of() {
    let mut rng = Rng::new(77);
    for &(n, density) in &[(12usize, 90u64), (30, 60), (61, 80)] {
        for _ in 0..6 {
            let edges: Vec<(usize, usize, i64)> = random_graph(&mut rng, n, density, 0, 3)
                .into_iter()
                .map(|(u, v, w)| (u, v, w * 100 + rng.range(0, 2)))
                .collect();
            let mut m = Matcher::with_edges(n, &edges);
            assert!(m.pricer().is_none(), "no duals before the first solve");
            m.solve();
            let p = m.pricer().unwrap();
            for u in 0..n {
                for v in 0..n {
                    let w = rng.range(-50, 400);
                    let rc = m.reduced_cost_of(u, v, w);
                    assert_eq!(p.reduced_cost(u, v, w), rc, "{u}-{v}");
                    if u != v {
                        assert_eq!(p.covers(u, v, w), rc.is_some_and(|c| c >= 0), "{u}-{v}");
                        // The shortcuts (vertex duals, then the outermost
                        // blossom's dual) give the same verdict and value.
                        assert_eq!(p.violation(u, v, w), rc.filter(|c| *c < 0), "{u}-{v}");
                    }
                }
            }
        }
    }
}

/// Column generation as the engine's sessions do it: solve over some of
/// the edges, bring in those the duals do not cover (negative reduced
/// cost), re-solve warm, until none is left. The result has the weight of
/// a cold solve over all edges.
#[test]
fn pricing_missing_edges_reaches_the_full_optimum() {
    let mut rng = Rng::new(91);
    for &(n, density, keep) in &[(10usize, 90u64, 30u64), (40, 80, 10), (70, 100, 5)] {
        for _ in 0..6 {
            let edges = random_graph(&mut rng, n, density, 0, 40);
            let mut full = Matcher::with_edges(n, &edges);
            full.solve();
            let (mut some, mut rest): (Vec<_>, Vec<_>) =
                edges.iter().partition(|_| rng.below(100) < keep);
            let mut m = Matcher::with_edges(n, &some);
            loop {
                m.solve();
                let p = m.pricer().unwrap();
                let (bad, ok): (Vec<_>, Vec<_>) = rest
                    .iter()
                    .partition(|&&(u, v, w)| p.reduced_cost(u, v, w).is_some_and(|c| c < 0));
                if bad.is_empty() {
                    break;
                }
                for &(u, v, w) in &bad {
                    m.set_weight(u, v, w);
                }
                some.extend(bad);
                rest = ok;
            }
            assert_eq!(m.total_weight(), full.total_weight());
            m.verify_optimum().unwrap();
        }
    }
}
