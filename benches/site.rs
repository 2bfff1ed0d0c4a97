//! `arbiter report` without the pairing check: the standings after each of 11
//! rounds, the rating changes and every page of a 1000-player event's site,
//! written to a directory (target: under a second).

use chess_arbiter::model::{ByeKind, Color, Outcome, Player, PlayerId, RoundEntry, Tournament};
use chess_arbiter::rating::{compute as rating, RatingOptions};
use chess_arbiter::render::site::{build, SiteInput};
use chess_arbiter::standings::{compute, Edition, StandingsOptions, TieBreakSpec};
use criterion::{criterion_group, criterion_main, Criterion};

/// A deterministic Swiss-like event: players sorted by score each round and
/// paired neighbour to neighbour, with a few half-point byes and forfeits.
fn event(n: usize, rounds: usize) -> Tournament {
    let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut rnd = move |m: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % m
    };
    let mut players: Vec<Player> = (1..=n as u32)
        .map(|i| Player {
            id: PlayerId(i),
            name: format!("Player {i}, Élise"),
            rating: Some(2600 - (i as u16 % 1200)),
            federation: Some("NED".into()),
            ..Default::default()
        })
        .collect();
    let mut score = vec![0u32; n];
    for _ in 0..rounds {
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(score[i]), i));
        let mut k = 0;
        while k < n {
            let a = order[k];
            if k + 1 == n || rnd(200) == 0 {
                let bye = if k + 1 == n {
                    ByeKind::PairingAllocated
                } else {
                    ByeKind::Half
                };
                score[a] += if bye == ByeKind::Half { 1 } else { 2 };
                players[a].rounds.push(RoundEntry::Bye { bye });
                k += 1;
                continue;
            }
            let b = order[k + 1];
            let (ia, ib) = (PlayerId(a as u32 + 1), PlayerId(b as u32 + 1));
            if rnd(100) == 0 {
                score[a] += 2;
                players[a].rounds.push(RoundEntry::Forfeit {
                    opponent: ib,
                    color: Some(Color::White),
                    won: true,
                });
                players[b].rounds.push(RoundEntry::Forfeit {
                    opponent: ia,
                    color: Some(Color::Black),
                    won: false,
                });
            } else {
                let o = [Outcome::Win, Outcome::Draw, Outcome::Loss][rnd(3) as usize];
                let pts = |o: Outcome| match o {
                    Outcome::Win => 2,
                    Outcome::Draw => 1,
                    Outcome::Loss => 0,
                };
                score[a] += pts(o);
                score[b] += pts(o.opposite());
                players[a].rounds.push(RoundEntry::Played {
                    opponent: ib,
                    color: Color::White,
                    outcome: o,
                    short: false,
                });
                players[b].rounds.push(RoundEntry::Played {
                    opponent: ia,
                    color: Color::Black,
                    outcome: o.opposite(),
                    short: false,
                });
            }
            k += 2;
        }
    }
    let mut t = Tournament {
        players,
        total_rounds: Some(rounds as u32),
        ..Default::default()
    };
    t.info.name = "Generated Open".into();
    t
}

fn bench(c: &mut Criterion) {
    let t = event(1000, 11);
    let dir = std::env::temp_dir().join(format!("arbiter-site-bench-{}", std::process::id()));
    let mut g = c.benchmark_group("site");
    g.sample_size(10);
    g.bench_function("report_1000_players_11_rounds_no_check", |b| {
        b.iter(|| {
            let mut opts = StandingsOptions {
                tiebreaks: TieBreakSpec::parse_list("BH/C1,BH,SB,WIN").unwrap(),
                edition: Some(Edition::C07_2023),
                ..Default::default()
            };
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
                list_findings: &[],
            };
            let pages = build(&input).unwrap();
            std::fs::create_dir_all(&dir).unwrap();
            for p in &pages {
                std::fs::write(dir.join(&p.name), &p.text).unwrap();
            }
            pages.len()
        })
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
