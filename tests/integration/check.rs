//! `arbiter check` library level: verdicts on the worked example of
//! docs/dutch-pairing.md §6.9 (a 6-player position where the 2017 and 2025
//! rules pair round 3 differently), its mutations, and the rendered reports.

use chess_arbiter::model::{ByeKind, Color, Outcome, Player, PlayerId, RoundEntry, Tournament};
use chess_arbiter::pairing::check::report::{check_tournament, CheckOptions, Report, Selection};
use chess_arbiter::pairing::check::{Edition, Pair, Position, Selected};
use chess_arbiter::render;

fn g(o: u32, c: Color, out: Outcome) -> RoundEntry {
    RoundEntry::Played {
        opponent: PlayerId(o),
        color: c,
        outcome: out,
        short: false,
    }
}

/// §6.9: round 3 of 3, initial colour White, player 4 absent in round 3.
/// Rounds 1-2 as in the document; round 3 as the 2017 rules pair it
/// (observed with bbpPairings v5.0.1): 1-3 draw, 6-2 (2 wins), 5 gets the PAB.
fn worked_example() -> Tournament {
    use Color::*;
    use Outcome::*;
    let rows = [
        vec![g(4, White, Win), g(2, Black, Win), g(3, White, Draw)],
        vec![g(5, Black, Win), g(1, White, Loss), g(6, Black, Win)],
        vec![g(6, White, Win), g(4, Black, Win), g(1, Black, Draw)],
        vec![
            g(1, Black, Loss),
            g(3, White, Loss),
            RoundEntry::Bye { bye: ByeKind::Zero },
        ],
        vec![
            g(2, White, Loss),
            g(6, Black, Win),
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            },
        ],
        vec![g(3, Black, Loss), g(5, White, Loss), g(2, White, Loss)],
    ];
    Tournament {
        total_rounds: Some(3),
        initial_color: Some(White),
        players: rows
            .into_iter()
            .enumerate()
            .map(|(i, r)| Player {
                id: PlayerId(i as u32 + 1),
                name: format!("Player {}", i + 1),
                rounds: r,
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

fn pairs(v: &[(u32, u32)]) -> Vec<Pair> {
    v.iter()
        .map(|&(w, b)| Pair {
            white: PlayerId(w),
            black: PlayerId(b),
        })
        .collect()
}

/// The rules' pairing of round 3, hand-worked in §6.9 and observed with both
/// reference engines: 2017 pairs 1-3, 6-2, PAB 5; 2025 pairs 1-5, 3-2, PAB 6.
fn rules(edition: Edition) -> impl FnMut(&Position) -> Selection {
    move |pos: &Position| {
        assert_eq!(pos.round, 3);
        Selection::Pairing(match edition {
            Edition::Dutch2017 => Selected {
                boards: pairs(&[(1, 3), (6, 2)]),
                bye: Some(PlayerId(5)),
            },
            Edition::Dutch2025 => Selected {
                boards: pairs(&[(1, 5), (3, 2)]),
                bye: Some(PlayerId(6)),
            },
        })
    }
}

/// Check with the hand-worked selection; the tool version is blanked so that
/// snapshots survive a version bump.
fn run(t: &Tournament, o: &CheckOptions, edition: Edition) -> Report {
    let mut r = check_tournament(t, o, rules(edition));
    r.tool = "arbiter (version)".into();
    r
}

fn opts(edition: Edition) -> CheckOptions {
    CheckOptions {
        edition,
        edition_reason: "--system".into(),
        rounds: Some(vec![3]),
        explain: false,
    }
}

fn verdict(t: &Tournament, edition: Edition) -> String {
    let r = run(t, &opts(edition), edition);
    r.rounds[0].verdict.name().to_string()
}

#[test]
fn worked_example_conforms_under_2017_and_differs_under_2025() {
    let t = worked_example();
    assert_eq!(verdict(&t, Edition::Dutch2017), "conform");
    assert_eq!(verdict(&t, Edition::Dutch2025), "differs");
}

#[test]
fn mutation_swap_colours_is_colours_differ_with_rule() {
    let mut t = worked_example();
    // 3 White, 1 Black on board 1: 1 and 3 both have WB, so E.3 cannot decide
    // and E.4 gives the higher-ranked player 1 his preference (White).
    t.players[0].rounds[2] = g(3, Color::Black, Outcome::Draw);
    t.players[2].rounds[2] = g(1, Color::White, Outcome::Draw);
    let r = run(&t, &opts(Edition::Dutch2017), Edition::Dutch2017);
    insta::assert_snapshot!("worked_example_swapped_colours", render::check::text(&r));
    let v = &r.rounds[0].verdict;
    assert_eq!(v.name(), "colours-differ");
}

#[test]
fn mutation_rematch_and_second_bye_are_illegal() {
    // Rematch: 1-2 (played in round 2) and 3-6 (played in round 1).
    let mut t = worked_example();
    t.players[0].rounds[2] = g(2, Color::White, Outcome::Draw);
    t.players[1].rounds[2] = g(1, Color::Black, Outcome::Draw);
    t.players[2].rounds[2] = g(6, Color::White, Outcome::Draw);
    t.players[5].rounds[2] = g(3, Color::Black, Outcome::Draw);
    let r = run(&t, &opts(Edition::Dutch2025), Edition::Dutch2025);
    insta::assert_snapshot!("worked_example_rematch", render::check::text(&r));
    assert_eq!(r.rounds[0].verdict.name(), "illegal");
    // Second PAB: 5 had the PAB in round 2 (6 absent then) and gets it again.
    let mut t = worked_example();
    t.players[4].rounds[1] = RoundEntry::Bye {
        bye: ByeKind::PairingAllocated,
    };
    t.players[5].rounds[1] = RoundEntry::Bye { bye: ByeKind::Zero };
    let r = run(&t, &opts(Edition::Dutch2017), Edition::Dutch2017);
    assert_eq!(r.rounds[0].verdict.name(), "illegal");
    assert!(render::check::text(&r).contains(
        "player 5 received the pairing-allocated bye but already received the pairing-allocated bye in round 2"
    ));
}

#[test]
fn mutation_move_the_bye_differs() {
    // Move the bye from 5 to 6: with 4 absent, the only legal pairing that
    // does so is 1-5, 3-2 (2-5 and 5-6 already met), the 2025 rules' choice.
    let mut t = worked_example();
    t.players[0].rounds[2] = g(5, Color::White, Outcome::Win);
    t.players[4].rounds[2] = g(1, Color::Black, Outcome::Loss);
    t.players[2].rounds[2] = g(2, Color::White, Outcome::Win);
    t.players[1].rounds[2] = g(3, Color::Black, Outcome::Loss);
    t.players[5].rounds[2] = RoundEntry::Bye {
        bye: ByeKind::PairingAllocated,
    };
    let r = run(&t, &opts(Edition::Dutch2017), Edition::Dutch2017);
    assert_eq!(r.rounds[0].verdict.name(), "differs");
    assert_eq!(verdict(&t, Edition::Dutch2025), "conform");
}

#[test]
fn report_snapshots_text_and_json() {
    let t = worked_example();
    let mut o = opts(Edition::Dutch2025);
    o.explain = true;
    let mut r = run(&t, &o, Edition::Dutch2025);
    r.input_sha256 = Some("0".repeat(64));
    insta::assert_snapshot!("worked_example_2025_text", render::check::text(&r));
    insta::assert_snapshot!("worked_example_2025_json", render::check::json(&r));
}
