//! `pair` and `check` on small tournaments built from structure, not bytes: the fuzzer
//! chooses the size, the seed and the rates of draws, forfeits, byes, absences,
//! withdrawals and late entries, and then results to overturn. Each tournament is
//! generated round by round by our Dutch engine.
//!
//! Invariants (a failure is a finding):
//! - generation never produces a pairing that does not pair the present players;
//! - `check` of a tournament the engine paired finds every round conform in the
//!   same edition (same positions, same rules);
//! - after results are overturned (a position the engine never saw), pairing the
//!   next round either pairs every available player exactly once, with no rematch,
//!   or says why it cannot; `check` of every round runs to a report.
//!
//! Run: `cargo +nightly fuzz run pair_check`.
#![no_main]

use arbitrary::Arbitrary;
use chess_arbiter::model::{Outcome, RoundEntry};
use chess_arbiter::pairing::check::report::{check_tournament, engine_selection, CheckOptions};
use chess_arbiter::pairing::dutch::{pair_round, DutchEdition, PairOptions};
use chess_arbiter::pairing::generate::{generate, GenerateError, GenerateOptions, Scoring};
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeSet;

#[derive(Arbitrary, Debug)]
struct Case {
    players: u8,
    rounds: u8,
    seed: u64,
    draw: u8,
    forfeit: u8,
    half_bye: u8,
    zero_bye: u8,
    withdraw: u8,
    late: u8,
    baku: bool,
    black_first: bool,
    edition_2025: bool,
    three_one_zero: bool,
    /// (player index, round index, new outcome 0 win / 1 draw / 2 loss)
    overturn: Vec<(u8, u8, u8)>,
}

fn rate(x: u8, max: f64) -> f64 {
    f64::from(x) / 255.0 * max
}

fuzz_target!(|case: Case| {
    let edition = if case.edition_2025 {
        DutchEdition::Dutch2025
    } else {
        DutchEdition::Dutch2017
    };
    let players = 2 + u32::from(case.players % 27);
    let rounds = 1 + u32::from(case.rounds % 9);
    let opts = GenerateOptions::new()
        .players(players)
        .rounds(rounds)
        .seed(case.seed)
        .draw_rate(rate(case.draw, 0.6))
        .forfeit_rate(rate(case.forfeit, 0.1))
        .half_bye_rate(rate(case.half_bye, 0.1))
        .zero_bye_rate(rate(case.zero_bye, 0.1))
        .withdraw_rate(rate(case.withdraw, 0.05))
        .late_entry_rate(rate(case.late, 0.2))
        .scoring(if case.three_one_zero {
            Scoring::ThreeOneZero
        } else {
            Scoring::Standard
        })
        .baku(case.baku)
        .initial_color(if case.black_first {
            chess_arbiter::model::Color::Black
        } else {
            chess_arbiter::model::Color::White
        });
    let mut t = match generate(&opts, edition, |_| {}) {
        Ok(t) => t,
        Err(GenerateError::BadPairing { round, reason }) => {
            panic!("round {round}: the engine paired wrongly: {reason} ({opts:?})")
        }
        // Small fields run out of legal pairings; that is an answer, not a defect.
        Err(_) => return,
    };
    let check_opts = CheckOptions::new(edition).edition_reason("fuzz");
    let report = check_tournament(&t, &check_opts, |pos| engine_selection(pos, edition));
    assert!(
        report.all_conform(),
        "a tournament our engine paired does not check conform: {:?} ({opts:?})",
        report
            .rounds
            .iter()
            .filter(|r| !r.verdict.is_conform())
            .map(|r| r.round)
            .collect::<Vec<_>>()
    );

    // Overturn results: both sides of a game change together, so the file stays
    // consistent, but the positions are ones the engine never produced.
    for &(pi, ri, o) in case.overturn.iter().take(16) {
        let n = t.players.len();
        if n == 0 {
            break;
        }
        let p = usize::from(pi) % n;
        let r = usize::from(ri) % t.players[p].rounds.len().max(1);
        let Some(RoundEntry::Played { opponent, .. }) = t.players[p].rounds.get(r).copied() else {
            continue;
        };
        let outcome = [Outcome::Win, Outcome::Draw, Outcome::Loss][usize::from(o % 3)];
        if let Some(RoundEntry::Played { outcome: out, .. }) = t.players[p].rounds.get_mut(r) {
            *out = outcome;
        }
        if let Some(q) = t.players.iter_mut().find(|q| q.id == opponent) {
            if let Some(RoundEntry::Played { outcome: out, .. }) = q.rounds.get_mut(r) {
                *out = outcome.opposite();
            }
        }
    }
    for p in &mut t.players {
        p.points = None;
    }
    let _ = check_tournament(&t, &check_opts, |pos| engine_selection(pos, edition));
    let next = rounds + 1;
    let pair_opts = PairOptions::new()
        .edition(Some(edition))
        .round(Some(next))
        .total_rounds(Some(next));
    if let Ok(p) = pair_round(&t, &pair_opts) {
        let mut seen = BTreeSet::new();
        for b in &p.boards {
            assert!(b.white != b.black, "a player paired with himself: {b:?}");
            assert!(seen.insert(b.white), "player {} paired twice", b.white);
            assert!(seen.insert(b.black), "player {} paired twice", b.black);
            let w = t.players.iter().find(|q| q.id == b.white);
            let met = w.is_some_and(|w| w.rounds.iter().any(|e| {
                matches!(e, RoundEntry::Played { opponent, .. } if *opponent == b.black)
            }));
            assert!(!met, "rematch {} - {}", b.white, b.black);
        }
        if let Some(bye) = p.bye {
            assert!(seen.insert(bye), "the bye {bye} is also on a board");
        }
        for np in &p.not_paired {
            assert!(!seen.contains(np), "player {np} is both paired and not paired");
        }
    }
});
