//! Whole-tournament checks: every round rebuilt, re-paired by the Dutch engine
//! and compared (the reference checker takes 6.7 s (bbpPairings v6.0.0) and
//! 1.46 s (v5.0.1) for a 300-player, 9-round event on the 2-core machine).

// criterion_main! writes an undocumented `main`.
#![allow(missing_docs)]
// A benchmark panics on its own fixed inputs; the lint is for the product.
#![allow(clippy::unwrap_used)]

use chess_arbiter::pairing::check::report::{check_tournament, engine_selection, CheckOptions};
use chess_arbiter::pairing::dutch::DutchEdition;
use chess_arbiter::pairing::generate::{generate, GenerateOptions};
use criterion::{criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("check");
    g.sample_size(10);
    // 1000x11 only on request: generating it pairs every round (minutes).
    let mut sizes = vec![(300u32, 9u32)];
    if std::env::var_os("CHECK_BENCH_LARGE").is_some() {
        sizes.push((1000, 11));
    }
    for (players, rounds) in sizes {
        for edition in [DutchEdition::Dutch2025, DutchEdition::Dutch2017] {
            let o = GenerateOptions::new()
                .players(players)
                .rounds(rounds)
                .seed(20260201)
                .forfeit_rate(0.02)
                .half_bye_rate(0.01);
            let Ok(t) = generate(&o, edition, |_| {}) else {
                eprintln!("{players}x{rounds} {}: generation failed", edition.name());
                continue;
            };
            let opts = CheckOptions::new(edition).edition_reason("bench");
            g.bench_function(format!("{players}x{rounds} {}", edition.name()), |b| {
                b.iter(|| {
                    let r = check_tournament(&t, &opts, |pos| engine_selection(pos, edition));
                    assert!(r.all_conform());
                    r
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
