//! The event file at the sizes the issue names: at 1,000 players, one result
//! entered and committed (target 5 ms), a round of 500 results from a sheet
//! (100 ms), the next round paired and stored (0.2 s); opening an event of
//! 9,999 players x 11 rounds for standings (0.5 s). It also prints the size
//! of a 350-player, 9-round event file.
//!
//! No reference program keeps an event file; the pairing step's engine is
//! measured against bbpPairings by `scripts/bench-scale`.

// criterion_main! writes an undocumented `main`.
#![allow(missing_docs)]
// A benchmark panics on its own fixed inputs; the lint is for the product.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use chess_arbiter::event::{Author, BoardResult, Event, SheetLine, Step};
use chess_arbiter::model::Tournament;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

#[path = "common/event.rs"]
mod generated;

/// The scratch folder, removed on drop (also when a run panics).
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn me() -> Author {
    Author {
        arbiter: "Bench".into(),
        reason: None,
    }
}

/// An event file holding `t` (imported) in its main section.
fn event_file(dir: &Path, name: &str, t: Tournament) -> PathBuf {
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    let header = Tournament {
        total_rounds: Some(t.rounds_recorded() as u32 + 2),
        ..Default::default()
    };
    let spec =
        chess_arbiter::event::spec::section("main", "Main", "Bench Open", &Default::default())
            .expect("a section without play settings");
    let steps = vec![
        Step::Create {
            name: "Bench Open".into(),
            profile: None,
            profile_name: None,
            sections: vec![chess_arbiter::event::SectionSpec { header, ..spec }],
        },
        Step::Import {
            section: "main".into(),
            tournament: Box::new(t),
            source: "bench".into(),
        },
    ];
    Event::create(&path, &me(), steps).expect("create");
    path
}

/// Copy an event file (and nothing of its write-ahead log: it is closed).
fn copy(from: &Path, to: &Path) {
    std::fs::copy(from, to).expect("copy");
}

fn bench(c: &mut Criterion) {
    let scratch =
        Scratch(std::env::temp_dir().join(format!("arbiter-event-bench-{}", std::process::id())));
    std::fs::create_dir_all(&scratch.0).expect("scratch");
    let dir = scratch.0.as_path();

    // 1,000 players, 8 rounds played; round 9 paired and published.
    let base = event_file(
        dir,
        "base.arbiter",
        generated::event(1000, 8, 0x9E37_79B9_7F4A_7C15),
    );
    let paired = dir.join("paired.arbiter");
    copy(&base, &paired);
    {
        let mut e = Event::open(&paired).expect("open");
        e.pair(&me(), None, false, None).expect("pair round 9");
    }
    let boards = Event::open(&paired)
        .expect("open")
        .boards(None, 9)
        .expect("boards")
        .len();
    let mut g = c.benchmark_group("event");
    g.sample_size(20);

    // One result entered and committed: a correction each time, so every
    // iteration writes a step (the same result again writes nothing).
    let work = dir.join("work.arbiter");
    copy(&paired, &work);
    let mut e = Event::open(&work).expect("open");
    let mut k = 0u32;
    g.bench_function("result_1000_players", |b| {
        b.iter(|| {
            k += 1;
            let r = if k.is_multiple_of(2) {
                BoardResult {
                    white: '1',
                    black: '0',
                }
            } else {
                BoardResult {
                    white: '0',
                    black: '1',
                }
            };
            e.result(&me(), None, Some(9), 1 + k % boards as u32, r, true)
                .expect("result");
        })
    });
    drop(e);

    // A round of 500 results from a sheet (the file opened, all lines
    // checked, one step written).
    let lines: Vec<SheetLine> = (1..=boards.min(500) as u32)
        .map(|b| SheetLine {
            expected: None,
            at: format!("sheet, line {b}"),
            section: None,
            round: Some(9),
            board: b,
            result: BoardResult {
                white: '=',
                black: '=',
            },
        })
        .collect();
    g.bench_function("results_500_from_sheet_1000_players", |b| {
        b.iter_batched(
            || copy(&paired, &work),
            |_| {
                let mut e = Event::open(&work).expect("open");
                e.results(&me(), &lines, false).expect("results");
            },
            BatchSize::PerIteration,
        )
    });

    // The next round paired and stored: round 9 of 1,000 players.
    g.bench_function("pair_and_store_round_9_1000_players", |b| {
        b.iter_batched(
            || copy(&base, &work),
            |_| {
                let mut e = Event::open(&work).expect("open");
                e.pair(&me(), None, false, None).expect("pair");
            },
            BatchSize::PerIteration,
        )
    });

    // Opening 9,999 players x 11 rounds for standings.
    let big = event_file(
        dir,
        "big.arbiter",
        generated::event(9999, 11, 0x2545_F491_4F6C_DD1D),
    );
    g.sample_size(10);
    g.bench_function("open_9999_players_11_rounds", |b| {
        b.iter(|| {
            let e = Event::open(&big).expect("open");
            let t = e.tournament(None).expect("tournament");
            assert_eq!(t.players.len(), 9999);
        })
    });
    g.finish();

    // The size of a 350-player, 9-round event run step by step: registered,
    // then each round paired and its results entered from a sheet.
    let path = dir.join("350.arbiter");
    let spec = chess_arbiter::event::spec::section(
        "main",
        "Main",
        "Bench Open",
        &chess_arbiter::model::play::PlaySettings {
            rounds: Some(9),
            ..Default::default()
        },
    )
    .expect("a section");
    let mut e = Event::create(
        &path,
        &me(),
        vec![Step::Create {
            name: "Bench Open".into(),
            profile: None,
            profile_name: None,
            sections: vec![spec],
        }],
    )
    .expect("create");
    let entrants = generated::event(350, 0, 7)
        .players
        .into_iter()
        .map(|player| chess_arbiter::event::Entrant {
            player,
            first_round: 1,
            missed: None,
        })
        .collect();
    e.register(&me(), None, entrants).expect("register");
    for round in 1..=9u32 {
        e.pair(&me(), None, false, None).expect("pair");
        let n = e.boards(None, round).expect("boards").len() as u32;
        let sheet: Vec<SheetLine> = (1..=n)
            .map(|b| SheetLine {
                expected: None,
                at: String::new(),
                section: None,
                round: None,
                board: b,
                result: match (b + round) % 3 {
                    0 => BoardResult {
                        white: '1',
                        black: '0',
                    },
                    1 => BoardResult {
                        white: '0',
                        black: '1',
                    },
                    _ => BoardResult {
                        white: '=',
                        black: '=',
                    },
                },
            })
            .collect();
        e.results(&me(), &sheet, false).expect("results");
    }
    drop(e);
    let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    eprintln!(
        "event file of 350 players x 9 rounds, run step by step (19 steps after registration): {bytes} bytes ({:.0} KB)",
        bytes as f64 / 1024.0
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
