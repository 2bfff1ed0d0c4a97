//! The initial colour (C.04.3 (2017) E.5 / (2025) 5.2.5) inferred from round 1
//! when the file has no `XXC`/`152`, on corpus files whose player 1 sat out
//! round 1: the engine and `arbiter check` must infer the same colour, and
//! every round must conform.

use chess_arbiter::model::{Color, Tournament};
use chess_arbiter::pairing::check::report::{
    check_tournament, engine_selection, initial_color_source, CheckOptions, InitialColorSource,
};
use chess_arbiter::pairing::check::DutchEdition;
use chess_arbiter::pairing::dutch::initial_color;
use std::path::Path;

fn load(rel: &str) -> Tournament {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    crate::dutch_support::read_corpus(&bytes)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .0
}

fn verdicts(t: &Tournament, edition: DutchEdition) -> Vec<(u32, String)> {
    let o = CheckOptions::new(edition).edition_reason("--system");
    check_tournament(t, &o, |pos| engine_selection(pos, edition))
        .rounds
        .iter()
        .map(|r| (r.round, r.verdict.name().to_string()))
        .collect()
}

/// n027-r04-s8000183 (bbpPairings v5.0.1): players 1, 8 (`Z`) and 9, 15 (`H`)
/// sit out round 1; player 2, the first player of round 1, has Black against
/// 16. Player 2 is the first (odd) of the players taking part, so the initial
/// colour is Black. Reading player 2's literal (even) number instead gives
/// White, and the engine then pairs round 1 with every colour reversed.
#[test]
fn player_1_absent_in_round_1_2017() {
    let t = load("tests/fixtures/dutch/dutch2017/n027-r04-s8000183.trf");
    assert_eq!(t.initial_color, None);
    assert_eq!(initial_color(&t), Color::Black);
    assert_eq!(
        initial_color_source(&t),
        (Color::Black, InitialColorSource::InferredFromRound1)
    );
    let v = verdicts(&t, DutchEdition::Dutch2017);
    assert_eq!(v.len(), 4);
    assert!(v.iter().all(|(_, x)| x == "conform"), "{v:?}");
}

/// n035-r06-s7000156 (bbpPairings v6.0.0): player 1 has a half-point bye in
/// round 1; player 2 has Black against 19, so the initial colour is Black.
#[test]
fn player_1_absent_in_round_1_2025() {
    let t = load("tests/fixtures/dutch/dutch2025/n035-r06-s7000156.trf");
    assert_eq!(initial_color(&t), Color::Black);
    let v = verdicts(&t, DutchEdition::Dutch2025);
    assert_eq!(v.len(), 6);
    assert!(v.iter().all(|(_, x)| x == "conform"), "{v:?}");
}
