//! Maximum-weight matching on dense random graphs: cold solves with `i64`
//! and 320-bit `Wide` weights, and warm re-solves after one vertex's edges
//! change.

// criterion_main! writes an undocumented `main`.
#![allow(missing_docs)]
// A benchmark panics on its own fixed inputs; the lint is for the product.
#![allow(clippy::unwrap_used)]

use chess_arbiter::pairing::matching::{max_weight_matching, Matcher, Wide};
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};

type W5 = Wide<5>;

// The crate's seeded generator: a seed gives the same data everywhere.
use chess_arbiter::model::random::Seeded as Rng;

/// Complete graph with independent uniform weights in `0..1_000_000`.
fn dense_i64(n: usize, seed: u64) -> Vec<(usize, usize, i64)> {
    let mut rng = Rng::new(seed);
    let mut e = Vec::with_capacity(n * (n - 1) / 2);
    for u in 0..n {
        for v in u + 1..n {
            e.push((u, v, (rng.next_u64() % 1_000_000) as i64));
        }
    }
    e
}

/// Complete graph with lexicographic weights like a pairing engine's: a
/// constant top field, then fields of a few bits with many ties, spread
/// over 300 bits.
fn dense_wide(n: usize, seed: u64) -> Vec<(usize, usize, W5)> {
    let mut rng = Rng::new(seed);
    let mut e = Vec::with_capacity(n * (n - 1) / 2);
    for u in 0..n {
        for v in u + 1..n {
            let mut w = W5::field(1, 290);
            for k in 0..8u32 {
                w = w | W5::field(rng.next_u64() % 4, 260 - 32 * k);
            }
            e.push((u, v, w));
        }
    }
    e
}

fn cold(c: &mut Criterion) {
    let mut g = c.benchmark_group("matching_cold");
    g.sample_size(10);
    for &n in &[100usize, 300, 1000] {
        let e = dense_i64(n, 1);
        g.bench_with_input(BenchmarkId::new("i64", n), &e, |b, e| {
            b.iter(|| max_weight_matching(n, e, false))
        });
        let e = dense_wide(n, 2);
        g.bench_with_input(BenchmarkId::new("wide320", n), &e, |b, e| {
            b.iter(|| max_weight_matching(n, e, false))
        });
    }
    g.finish();
}

fn warm(c: &mut Criterion) {
    let mut g = c.benchmark_group("matching_warm_one_vertex");
    g.sample_size(10);
    for &n in &[300usize, 1000] {
        let e = dense_wide(n, 3);
        let mut m = Matcher::with_edges(n, &e);
        m.solve();
        let mut rng = Rng::new(4);
        g.bench_function(BenchmarkId::new("wide320", n), |b| {
            b.iter_batched(
                || {
                    let mut m2 = m.clone();
                    let x = (rng.next_u64() % n as u64) as usize;
                    for y in 0..n {
                        if y != x {
                            m2.set_weight(
                                x,
                                y,
                                W5::field(1, 290) | W5::field(rng.next_u64() % 16, 100),
                            );
                        }
                    }
                    m2
                },
                |mut m2| m2.solve(),
                BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, cold, warm);
criterion_main!(benches);
