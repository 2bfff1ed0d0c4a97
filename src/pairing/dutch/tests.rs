//! Hand-worked positions.

use super::*;
use crate::model::{Outcome, RoundEntry};

/// A played game against `opp` (shared with the evaluator's tests).
pub(super) fn game(opp: u32, color: Color, outcome: Outcome) -> RoundEntry {
    RoundEntry::Played {
        opponent: PlayerId(opp),
        color,
        outcome,
        short: false,
    }
}

fn player(id: u32, rounds: Vec<RoundEntry>) -> Player {
    Player {
        id: PlayerId(id),
        name: format!("P{id}"),
        rounds,
        ..Default::default()
    }
}

use Color::{Black as B, White as W};
use Outcome::{Loss as L, Win as X};

/// The position of bbpPairings' dutch_2025_C5 test: round 3 of 3,
/// player 4 absent. 2017 pairs the top bracket intact and 5 gets the PAB;
/// 2025 \[C5\] gives the PAB to the lowest score, 6.
fn worked_example() -> Tournament {
    let z = RoundEntry::Bye { bye: ByeKind::Zero };
    Tournament {
        total_rounds: Some(3),
        initial_color: Some(W),
        players: vec![
            player(1, vec![game(4, W, X), game(2, B, X)]),
            player(2, vec![game(5, B, X), game(1, W, L)]),
            player(3, vec![game(6, W, X), game(4, B, X)]),
            player(4, vec![game(1, B, L), game(3, W, L), z]),
            player(5, vec![game(2, W, L), game(6, B, X)]),
            player(6, vec![game(3, B, L), game(5, W, L)]),
        ],
        ..Default::default()
    }
}

fn boards(p: &Pairing) -> Vec<(u32, u32)> {
    p.boards.iter().map(|b| (b.white.0, b.black.0)).collect()
}

#[test]
fn worked_example_2017() {
    let opts = PairOptions {
        edition: Some(DutchEdition::Dutch2017),
        ..Default::default()
    };
    let p = pair_round(&worked_example(), &opts).unwrap();
    assert_eq!(p.round, 3);
    assert_eq!(boards(&p), vec![(1, 3), (6, 2)]);
    assert_eq!(p.bye, Some(PlayerId(5)));
    assert_eq!(p.not_paired, vec![PlayerId(4)]);
}

#[test]
fn worked_example_2025() {
    let opts = PairOptions {
        edition: Some(DutchEdition::Dutch2025),
        ..Default::default()
    };
    let p = pair_round(&worked_example(), &opts).unwrap();
    assert_eq!(boards(&p), vec![(1, 5), (3, 2)]);
    assert_eq!(p.bye, Some(PlayerId(6)));
}

#[test]
fn round_one_top_half_against_bottom_half() {
    let t = Tournament {
        initial_color: Some(W),
        players: (1..=6).map(|i| player(i, vec![])).collect(),
        ..Default::default()
    };
    let p = pair_round(&t, &PairOptions::default()).unwrap();
    // C.04.3 (2017) B.3 / E.5: 1-4, 5-2, 3-6.
    assert_eq!(boards(&p), vec![(1, 4), (5, 2), (3, 6)]);
    assert_eq!(p.bye, None);
}

/// A large first round takes the uniform-bracket path without building the
/// bracket's graph (3,000 players: 4.5 million pairs): S1 against S2 in
/// order, colours by E.5 / 5.2.5, the last player's PAB when odd.
#[test]
fn large_round_one_is_s1_against_s2() {
    for (n, edition) in [
        (3000u32, DutchEdition::Dutch2025),
        (2999, DutchEdition::Dutch2017),
    ] {
        let t = Tournament {
            initial_color: Some(W),
            players: (1..=n).map(|i| player(i, vec![])).collect(),
            ..Default::default()
        };
        let opts = PairOptions {
            edition: Some(edition),
            ..Default::default()
        };
        let p = pair_round(&t, &opts).unwrap();
        let half = n / 2;
        let expected: Vec<(u32, u32)> = (1..=half)
            .map(|i| {
                if i % 2 == 1 {
                    (i, i + half)
                } else {
                    (i + half, i)
                }
            })
            .collect();
        assert_eq!(boards(&p), expected, "{n} players, {edition:?}");
        assert_eq!(p.bye, (n % 2 == 1).then_some(PlayerId(n)));
    }
}

#[test]
fn edition_selection() {
    let mut t = Tournament::default();
    let o = PairOptions::default();
    assert_eq!(select_edition(&t, &o).0, DutchEdition::Dutch2025);
    t.info.start_date = NaiveDate::from_ymd_opt(2023, 8, 1);
    assert_eq!(select_edition(&t, &o).0, DutchEdition::Dutch2017);
    t.info.tournament_type = "FIDE_DUTCH_2025".into();
    assert_eq!(select_edition(&t, &o).0, DutchEdition::Dutch2025);
    let forced = PairOptions {
        edition: Some(DutchEdition::Dutch2017),
        ..Default::default()
    };
    assert_eq!(select_edition(&t, &forced).0, DutchEdition::Dutch2017);
}

#[test]
fn no_legal_pairing_is_reported() {
    // Two players who have already met: no legal pairing.
    let t = Tournament {
        players: vec![
            player(1, vec![game(2, W, X)]),
            player(2, vec![game(1, B, L)]),
        ],
        ..Default::default()
    };
    let e = pair_round(&t, &PairOptions::default()).unwrap_err();
    assert!(matches!(e, PairError::NoLegalPairing { .. }));
}

/// Every rotation that gives a player its opponent without a probe
/// (`Bracketer::swap`) is checked against that probe inside the engine in
/// the library's test build; here generated events (both editions, a
/// field large enough for many transpositions) drive it, and the check
/// must have run.
#[test]
fn rotations_agree_with_the_probes_they_save() {
    use crate::pairing::generate::{generate, GenerateOptions};
    use std::sync::atomic::Ordering;
    let before = super::engine::swaps_checked().load(Ordering::Relaxed);
    for (edition, seed) in [(DutchEdition::Dutch2017, 3), (DutchEdition::Dutch2025, 4)] {
        let o = GenerateOptions {
            players: 200,
            rounds: 7,
            seed,
            ..GenerateOptions::default()
        };
        let t = generate(&o, edition, |_| {});
        assert!(t.is_ok(), "{edition:?}: {:?}", t.err());
    }
    let checked = super::engine::swaps_checked().load(Ordering::Relaxed) - before;
    assert!(checked > 0, "no rotation was checked against its probe");
}
