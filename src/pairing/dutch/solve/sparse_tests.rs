//! The sparse session (column generation) against an independent dense
//! matcher.

use super::*;
use crate::model::random::Seeded;
use crate::pairing::matching::Matcher;

/// The crate's seeded generator, so that failures reproduce.
struct Rng(Seeded);
impl Rng {
    fn below(&mut self, k: u64) -> i64 {
        self.0.below(k) as i64
    }
}

/// The packed value of three small fields, for an independent dense
/// solve: each field's sum over a matching of at most 50 edges stays
/// below the factor.
fn pack(f: &[i64]) -> i64 {
    f.iter().fold(0, |acc, x| acc * 1_000 + x)
}

/// A complete graph too dense to go into the matcher whole (so the
/// session starts sparse and prices the rest), with ties on the
/// leading fields as in a bracket, solved cold and then warm after a
/// probe-like change of one vertex's extra field: each optimum has the
/// value of a dense matcher over all edges.
#[test]
fn sparse_session_finds_the_dense_optimum() {
    let mut rng = Rng(Seeded::new(5));
    // `shared`: the edges name their row of a table of the distinct
    // base fields (as the engine's graph does), and extra fields go
    // back to zero now and then (their slots are freed and reused).
    let cases = [
        (60usize, false, false),
        (60, true, false),
        (90, true, false),
    ];
    for &(n, with_groups, shared) in cases.iter().chain(&[(60, true, true), (90, false, true)]) {
        assert!(n * (n - 1) / 2 > DENSE_PER_VERTEX * n);
        let mut edges = Vec::new();
        let mut base = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                edges.push((u, v));
                base.extend([rng.below(2), rng.below(4)]);
            }
        }
        let groups: Vec<usize> = (0..n).map(|v| v * 3 / n).collect();
        let present = vec![true; edges.len()];
        let table: Vec<i64> = (0..8).flat_map(|r| [r / 4, r % 4]).collect();
        let row_of: Vec<u32> = (0..edges.len())
            .map(|e| (base[2 * e] * 4 + base[2 * e + 1]) as u32)
            .collect();
        let own: Vec<u32> = (0..edges.len() as u32).collect();
        let shared_edges =
            Edges::from_usize(n, &edges, Some(if shared { &row_of[..] } else { &own[..] }))
                .unwrap();
        let mut s = Session::new(&Spec {
            edges: &shared_edges,
            base: if shared { &table } else { &base },
            nf: 2,
            present: Some(&present),
            extra_max: &[9],
            groups: if with_groups { &groups } else { &[] },
        })
        .unwrap();
        let mut extra = vec![0i64; edges.len()];
        for step in 0..8 {
            if step > 0 {
                let u = rng.below(n as u64) as usize;
                for (e, &(a, b)) in edges.iter().enumerate() {
                    if a == u || b == u {
                        extra[e] = rng.below(10);
                        if shared && rng.below(2) == 0 {
                            extra[e] = 0;
                        }
                        assert!(s.set_extra(e, u, &[extra[e]]));
                    }
                }
            }
            let mate = s.solve();
            let value = |e: usize| pack(&[base[2 * e], base[2 * e + 1], extra[e]]);
            let mut dense = Matcher::<i64>::new(n);
            for (e, &(a, b)) in edges.iter().enumerate() {
                dense.set_weight(a, b, value(e));
            }
            dense.solve();
            let got: i64 = edges
                .iter()
                .enumerate()
                .filter(|&(_, &(a, b))| mate[a] == Some(b))
                .map(|(e, _)| value(e))
                .sum();
            assert_eq!(got, dense.total_weight(), "n {n} step {step}");
            // An edge the session calls out of every optimum (dormant
            // ones included) is: forcing it costs something.
            let maybe = s.maybe_all(0);
            let out: Vec<usize> = (0..edges.len()).filter(|&e| !maybe[e]).take(6).collect();
            for e in out {
                let (a, b) = edges[e];
                let mut forced = Matcher::<i64>::new(n);
                for (f, &(x, y)) in edges.iter().enumerate() {
                    if ![x, y].iter().any(|z| *z == a || *z == b) {
                        forced.set_weight(x, y, value(f));
                    }
                }
                forced.solve();
                assert!(
                    forced.total_weight() + value(e) < dense.total_weight(),
                    "edge {e} excluded but in an optimum"
                );
            }
        }
    }
}

/// A field's width holds the largest difference two matchings can have in
/// it, `2 (n/2 + 1) max`, and is no wider than that needs (see
/// `packed::widths`).
#[test]
fn field_widths_are_the_tightest_that_keep_matchings_apart() {
    for n in [1usize, 2, 7, 300, 1179, 9999] {
        let h = (n / 2 + 1) as u128;
        for m in [0u64, 1, 2, 3, 84, 1 << 20, u64::from(u32::MAX)] {
            let w = super::packed::widths(n, &[m])[0];
            let reach = 2 * h * u128::from(m);
            if m == 0 {
                assert_eq!(w, 0);
                continue;
            }
            assert!(
                reach < 1u128 << w,
                "n {n} max {m}: {reach} needs more than {w} bits"
            );
            assert!(
                reach >= 1u128 << (w - 1),
                "n {n} max {m}: {w} bits is wider than needed"
            );
        }
    }
}

/// [`Session::set_budget`]: with the excess of the optimum's actual low
/// field (here the only extra field, never negative) instead of its worst
/// case, every edge called out of all optima of the leading fields is out
/// of them, also after pairs of the optimum are fixed (their vertices
/// taken out and their low field taken off the excess, as the engine's
/// graph does). As in the engine's transpositions, the low field is small
/// on most edges (the guide) and large on one probed player's edges, whose
/// pair is fixed first. The check is sharp: with half the budget's bound
/// (or none) it finds excluded edges that are in an optimum.
#[test]
fn budget_excludes_only_edges_in_no_optimum_of_the_leading_fields() {
    let mut rng = Rng(Seeded::new(11));
    for (n, seed_ties) in [(40usize, 1i64), (56, 2), (64, 1)] {
        let mut edges = Vec::new();
        let mut base = Vec::new();
        let mut extra = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                edges.push((u, v));
                base.extend([rng.below(seed_ties as u64), rng.below(2)]);
                extra.push(if u == 0 {
                    rng.below(1000)
                } else {
                    rng.below(4)
                });
            }
        }
        let present = vec![true; edges.len()];
        let own: Vec<u32> = (0..edges.len() as u32).collect();
        let shared = Edges::from_usize(n, &edges, Some(&own[..])).unwrap();
        let mut s = Session::new(&Spec {
            edges: &shared,
            base: &base,
            nf: 2,
            present: Some(&present),
            extra_max: &[999],
            groups: &[],
        })
        .unwrap();
        for (e, &(a, _)) in edges.iter().enumerate() {
            assert!(s.set_extra(e, a, &[extra[e]]));
        }
        let mate = s.solve();
        let lead = |e: usize| pack(&[base[2 * e], base[2 * e + 1]]);
        let mut gone = vec![false; n];
        let mut excess: i64 = edges
            .iter()
            .enumerate()
            .filter(|&(_, &(a, b))| mate[a] == Some(b))
            .map(|(e, _)| extra[e])
            .sum();
        for round in 0..4 {
            s.set_budget(1, &[excess]);
            let maybe = s.maybe_all(1);
            // The best leading value over the vertices still in, with
            // `force` (if any) in the matching.
            let best = |force: Option<usize>| {
                let mut m = Matcher::<i64>::new(n);
                let skip =
                    |x: usize| gone[x] || force.is_some_and(|f| edges[f].0 == x || edges[f].1 == x);
                for (f, &(x, y)) in edges.iter().enumerate() {
                    if !skip(x) && !skip(y) {
                        m.set_weight(x, y, lead(f));
                    }
                }
                m.solve();
                m.total_weight() + force.map_or(0, lead)
            };
            let top = best(None);
            for (e, &(a, b)) in edges.iter().enumerate() {
                if gone[a] || gone[b] || maybe[e] {
                    continue;
                }
                assert!(
                    best(Some(e)) < top,
                    "n {n} round {round}: edge {e} excluded but in an optimum"
                );
            }
            // Fix one pair of the optimum, the probed player's first.
            let Some(a) = (0..n).find(|&x| !gone[x] && mate[x].is_some()) else {
                break;
            };
            let b = mate[a].unwrap();
            let e = edges
                .iter()
                .position(|&p| p == (a.min(b), a.max(b)))
                .unwrap();
            excess -= extra[e];
            for (f, &(x, y)) in edges.iter().enumerate() {
                if [x, y].iter().any(|z| *z == a || *z == b) {
                    s.remove(f, if x == a || x == b { x } else { y });
                }
            }
            gone[a] = true;
            gone[b] = true;
        }
    }
}

/// `Bits::from_fn` sets exactly the flags `f` names, across word
/// boundaries, and `ones` lists them in order.
#[test]
fn bits_built_a_word_at_a_time_hold_what_was_asked() {
    for len in [0usize, 1, 63, 64, 65, 200] {
        let f = |i: usize| i.is_multiple_of(3) || i == 64;
        let b = Bits::from_fn(len, f);
        for i in 0..len + 70 {
            assert_eq!(b.get(i), i < len && f(i), "len {len} flag {i}");
        }
        let want: Vec<usize> = (0..len).filter(|&i| f(i)).collect();
        assert_eq!(b.ones().collect::<Vec<_>>(), want);
        assert_eq!(b.count(), want.len());
    }
}
