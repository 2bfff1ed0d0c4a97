//! Standings for a 1000-player, 11-round Swiss with 6 tie-breaks (target: well under
//! 50 ms).

// criterion_main! writes an undocumented `main`.
#![allow(missing_docs)]
// A benchmark panics on its own fixed inputs; the lint is for the product.
#![allow(clippy::unwrap_used)]

use chess_arbiter::standings::{compute, StandingsOptions, TieBreakSpec, TiebreakEdition};
use criterion::{criterion_group, criterion_main, Criterion};

#[path = "common/event.rs"]
mod event;

fn bench(c: &mut Criterion) {
    let t = event::event(1000, 11, 0x2545_F491_4F6C_DD1D);
    let opts = StandingsOptions::new()
        .tiebreaks(TieBreakSpec::parse_list("DE,BH/M1,BH,SB/C1,AOB,WIN").unwrap())
        .edition(Some(TiebreakEdition::C07_2023));
    c.bench_function("standings_1000_players_11_rounds_6_tiebreaks", |b| {
        b.iter(|| compute(std::hint::black_box(&t), &opts).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
