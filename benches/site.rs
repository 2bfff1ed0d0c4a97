//! `arbiter report` without the pairing check: the standings after each of 11
//! rounds, the rating changes and every page of a 1000-player event's site,
//! written to a directory (target: under a second).

// criterion_main! writes an undocumented `main`.
#![allow(missing_docs)]
// A benchmark panics on its own fixed inputs; the lint is for the product.
#![allow(clippy::unwrap_used)]

use chess_arbiter::model::Tournament;
use chess_arbiter::rating::{compute as rating, RatingOptions};
use chess_arbiter::render::site::{build, SiteInput};
use chess_arbiter::standings::{compute, StandingsOptions, TieBreakSpec, TiebreakEdition};
use criterion::{criterion_group, criterion_main, Criterion};

#[path = "common/event.rs"]
mod event;

/// The shared generated event, with the names, federation and round count a
/// site shows.
fn event(n: usize, rounds: usize) -> Tournament {
    let mut t = event::event(n, rounds, 0x9E37_79B9_7F4A_7C15);
    for p in &mut t.players {
        p.name = format!("Player {}, Élise", p.id.0);
        p.federation = Some("NED".into());
    }
    t.total_rounds = Some(rounds as u32);
    t.info.name = "Generated Open".into();
    t
}

/// The folder the pages are written to, removed on drop: also when a run
/// panics, so no `arbiter-site-bench-*` folder is left in the temp dir.
struct Scratch(std::path::PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn bench(c: &mut Criterion) {
    let t = event(1000, 11);
    let scratch =
        Scratch(std::env::temp_dir().join(format!("arbiter-site-bench-{}", std::process::id())));
    let dir = &scratch.0;
    let mut g = c.benchmark_group("site");
    g.sample_size(10);
    g.bench_function("report_1000_players_11_rounds_no_check", |b| {
        b.iter(|| {
            let mut opts = StandingsOptions::new()
                .tiebreaks(TieBreakSpec::parse_list("BH/C1,BH,SB,WIN").unwrap())
                .edition(Some(TiebreakEdition::C07_2023));
            let standings: Vec<_> = (1..=11)
                .map(|r| {
                    opts.after_round = Some(r);
                    compute(&t, &opts).unwrap()
                })
                .collect();
            let r = rating(&t, &RatingOptions::default());
            let input = SiteInput {
                tournament: &t,
                standings: &standings,
                statement: None,
                rating: Some(&r),
                check: None,
                next: None,
                extra_nav: &[],
                app: false,
                live: None,
                list_findings: &[],
                lang: Default::default(),
                switch: Default::default(),
            };
            let pages = build(&input).unwrap();
            std::fs::create_dir_all(dir).unwrap();
            for p in &pages {
                std::fs::write(dir.join(&p.name), &p.text).unwrap();
            }
            pages.len()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
