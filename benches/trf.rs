//! Read and write a generated 1000-player, 11-round TRF (target: < 5 ms for both).

// criterion_main! writes an undocumented `main`.
#![allow(missing_docs)]
// A benchmark panics on its own fixed inputs; the lint is for the product.
#![allow(clippy::unwrap_used)]

use chess_arbiter::formats::trf::{read, write, ReadOptions, Target, WriteOptions};
use chess_arbiter::model::{
    Color, Outcome, Player, PlayerId, Points, RoundEntry, Tournament, TournamentInfo,
};
use criterion::{criterion_group, criterion_main, Criterion};

/// A complete 1000-player, 11-round event: round r pairs i with i + 500 (shifted by r).
fn generate() -> Tournament {
    const N: u32 = 1000;
    const R: u32 = 11;
    let mut players: Vec<Player> = (1..=N)
        .map(|i| Player {
            id: PlayerId(i),
            name: format!("Player{i:04}, Test"),
            rating: Some((2800 - i) as u16),
            federation: Some("FID".into()),
            fide_id: Some(format!("{}", 10_000_000 + i)),
            ..Default::default()
        })
        .collect();
    for r in 0..R {
        for k in 0..N / 2 {
            let a = k;
            let b = (k + r * 7 + 1) % (N / 2) + N / 2;
            let outcome = match (a + b + r) % 3 {
                0 => Outcome::Win,
                1 => Outcome::Draw,
                _ => Outcome::Loss,
            };
            let (ca, cb) = if (a + r) % 2 == 0 {
                (Color::White, Color::Black)
            } else {
                (Color::Black, Color::White)
            };
            players[a as usize].rounds.push(RoundEntry::Played {
                opponent: PlayerId(b + 1),
                color: ca,
                outcome,
                short: false,
            });
            players[b as usize].rounds.push(RoundEntry::Played {
                opponent: PlayerId(a + 1),
                color: cb,
                outcome: outcome.opposite(),
                short: false,
            });
        }
    }
    let t0 = Tournament::default();
    for p in &mut players {
        let s: Points = t0.score(p, None);
        p.points = Some(s);
    }
    Tournament {
        info: TournamentInfo {
            name: "Benchmark Open".into(),
            ..Default::default()
        },
        total_rounds: Some(R),
        players,
        ..Default::default()
    }
}

fn bench(c: &mut Criterion) {
    let t = generate();
    let text = write(&t, &WriteOptions::new().target(Target::TrfX)).text;
    let opts = ReadOptions::default();
    c.bench_function("trf read+write 1000x11", |b| {
        b.iter(|| {
            let r = read(text.as_bytes(), &opts).expect("generated file reads");
            write(&r.tournament, &WriteOptions::default()).text.len()
        })
    });
    c.bench_function("trf read 1000x11", |b| {
        b.iter(|| {
            read(text.as_bytes(), &opts)
                .expect("generated file reads")
                .tournament
                .players
                .len()
        })
    });
    c.bench_function("trf write 1000x11", |b| {
        b.iter(|| write(&t, &WriteOptions::default()).text.len())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
