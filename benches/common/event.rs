//! The generated event the benches share (`#[path]`-included by each bench
//! that needs it).

use chess_arbiter::model::{ByeKind, Color, Outcome, Player, PlayerId, RoundEntry, Tournament};

/// A deterministic Swiss-like event: players sorted by score each round and paired
/// neighbour to neighbour, with a few half-point byes and forfeits; players are named
/// `Player {i}` and rated from 2600 down. `seed` drives the crate's seeded generator.
pub(crate) fn event(n: usize, rounds: usize, seed: u64) -> Tournament {
    let mut lots = chess_arbiter::model::random::Seeded::new(seed);
    let mut rnd = move |m: u64| lots.below(m);
    let mut players: Vec<Player> = (1..=n as u32)
        .map(|i| Player {
            id: PlayerId(i),
            name: format!("Player {i}"),
            rating: Some(2600 - (i as u16 % 1200)),
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
                score[a] += match o {
                    Outcome::Win => 2,
                    Outcome::Draw => 1,
                    Outcome::Loss => 0,
                };
                score[b] += match o {
                    Outcome::Win => 0,
                    Outcome::Draw => 1,
                    Outcome::Loss => 2,
                };
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
    Tournament {
        players,
        ..Default::default()
    }
}
