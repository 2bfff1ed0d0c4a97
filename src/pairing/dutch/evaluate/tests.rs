use super::order::exchange_order;
use super::*;
use crate::model::{ByeKind, Color, Outcome, PlayerId, Points, RoundEntry, Tournament};
use crate::pairing::dutch::criteria::Criterion;
use crate::pairing::dutch::tests::game;
use crate::pairing::dutch::{pair_round, prepare, DutchEdition, PairOptions, Prepared};

/// The check's test tournament (players P1, P2, ...) with 5 rounds, initial colour White.
fn tour(rows: Vec<Vec<RoundEntry>>) -> Tournament {
    Tournament {
        total_rounds: Some(5),
        initial_color: Some(Color::White),
        ..crate::pairing::check::test_support::tournament(rows)
    }
}

fn ids(v: &[(u32, u32)]) -> Vec<(PlayerId, PlayerId)> {
    v.iter().map(|&(a, b)| (PlayerId(a), PlayerId(b))).collect()
}

/// The engine's pairing and the recorded one compared under `edition`.
fn run(
    t: &Tournament,
    edition: DutchEdition,
    recorded: &[(u32, u32)],
    bye: Option<u32>,
) -> (Comparison, Vec<(u32, u32)>) {
    let opts = PairOptions {
        edition: Some(edition),
        ..Default::default()
    };
    let prep = prepare(t, &opts).unwrap();
    let sel = pair_round(t, &opts).unwrap();
    let sel_pairs: Vec<(PlayerId, PlayerId)> =
        sel.boards.iter().map(|b| (b.white, b.black)).collect();
    let rules = Assignment::from_ids(&prep, &sel_pairs, sel.bye).unwrap();
    let rec = Assignment::from_ids(&prep, &ids(recorded), bye.map(PlayerId)).unwrap();
    // The engine's pairing evaluates completely and is never beaten.
    assert!(evaluate(&prep, &rules).is_ok());
    let cmp = compare(&prep, &rec, &rules).unwrap().unwrap();
    let boards = sel.boards.iter().map(|b| (b.white.0, b.black.0)).collect();
    (cmp, boards)
}

use Color::{Black as B, White as W};
use Outcome::{Draw as D, Loss as L, Win as X};

/// Round 2 of 8: 1, 2, 3, 4 won in round 1 (1 and 3 White), so 1 and 3
/// want Black, 2 and 4 White. 1-4, 2-3 grants all four preferences;
/// 1-3, 2-4 denies two.
fn colour_case() -> Tournament {
    tour(vec![
        vec![game(5, W, X)],
        vec![game(6, B, X)],
        vec![game(7, W, X)],
        vec![game(8, B, X)],
        vec![game(1, B, L)],
        vec![game(2, W, L)],
        vec![game(3, B, L)],
        vec![game(4, W, L)],
    ])
}

#[test]
fn colour_preference_given_away() {
    for e in [DutchEdition::Dutch2017, DutchEdition::Dutch2025] {
        let t = colour_case();
        let (cmp, boards) = run(&t, e, &[(3, 1), (2, 4), (8, 5), (6, 7)], None);
        let mut top: Vec<(u32, u32)> = boards[..2].to_vec();
        top.sort();
        assert_eq!(top, vec![(2, 3), (4, 1)], "{e}");
        assert_eq!(cmp.index, 0);
        assert_eq!(cmp.outcome, Decision::RecordedWorse(Criterion::Preference));
        assert_eq!(
            cmp.amounts(Criterion::Preference),
            (Amount::Count(2), Amount::Count(0)),
            "{e}"
        );
    }
}

#[test]
fn a_better_recorded_pairing_is_reported_not_hidden() {
    // Swap the roles: the engine's pairing as "recorded" against a worse
    // "rules" pairing must come out better, and say so.
    let t = colour_case();
    let opts = PairOptions {
        edition: Some(DutchEdition::Dutch2017),
        ..Default::default()
    };
    let prep = prepare(&t, &opts).unwrap();
    let sel = pair_round(&t, &opts).unwrap();
    let pairs: Vec<(PlayerId, PlayerId)> = sel.boards.iter().map(|b| (b.white, b.black)).collect();
    let good = Assignment::from_ids(&prep, &pairs, None).unwrap();
    let bad = Assignment::from_ids(&prep, &ids(&[(3, 1), (2, 4), (8, 5), (6, 7)]), None).unwrap();
    let cmp = compare(&prep, &good, &bad).unwrap().unwrap();
    assert_eq!(cmp.outcome, Decision::RecordedBetter(Criterion::Preference));
    assert_eq!(
        cmp.amounts(Criterion::Preference),
        (Amount::Count(0), Amount::Count(2))
    );
    // Identical pairings: nothing to compare.
    assert_eq!(compare(&prep, &good, &good).unwrap(), None);
}

#[test]
fn fewer_pairs_in_the_bracket() {
    // Round 2 of 4: 1 and 2 won; 1-4, 2-3 leaves the 1.0 bracket unpaired.
    let t = tour(vec![
        vec![game(3, W, X)],
        vec![game(4, B, X)],
        vec![game(1, B, L)],
        vec![game(2, W, L)],
    ]);
    let (cmp, _) = run(&t, DutchEdition::Dutch2017, &[(4, 1), (2, 3)], None);
    assert_eq!(cmp.outcome, Decision::RecordedWorse(Criterion::Pairs));
    assert_eq!(cmp.recorded.downfloaters.len(), 2);
    assert_eq!(
        cmp.amounts(Criterion::Pairs),
        (Amount::Count(0), Amount::Count(1))
    );
}

/// Round 2 of 9: 1 beat 5, 2-6, 3-7, 4-8 drawn, 9 absent in round 1.
/// The 0.5 bracket holds MDP 1 and six residents: the rules pair 1 and
/// float a 0.5; the recorded round pairs the residents among themselves
/// and floats 1 (1-9, PAB 5).
fn float_case() -> Tournament {
    tour(vec![
        vec![game(5, W, X)],
        vec![game(6, B, D)],
        vec![game(7, W, D)],
        vec![game(8, B, D)],
        vec![game(1, B, L)],
        vec![game(2, W, D)],
        vec![game(3, B, D)],
        vec![game(4, W, D)],
        vec![RoundEntry::Bye { bye: ByeKind::Zero }],
    ])
}

#[test]
fn higher_score_floated() {
    let rec = [(2, 3), (6, 4), (7, 8), (9, 1)];
    let (cmp, _) = run(&float_case(), DutchEdition::Dutch2025, &rec, Some(5));
    assert_eq!(cmp.index, 1);
    assert_eq!(cmp.outcome, Decision::RecordedWorse(Criterion::Scores));
    assert_eq!(cmp.recorded.mdps.len(), 1);
    let scores = |v: &[i32]| Amount::Scores(v.iter().copied().map(Points).collect());
    assert_eq!(
        cmp.amounts(Criterion::Scores),
        (scores(&[10]), scores(&[5]))
    );
    let (cmp, _) = run(&float_case(), DutchEdition::Dutch2017, &rec, Some(5));
    assert_eq!(cmp.outcome, Decision::RecordedWorse(Criterion::Scores));
    // PSD: recorded pairs SD 0, 0, 0 and floats 1 (1.0 - (0.5 - 1) = 1.5);
    // the rules pair 1 with a 0.5 (SD 0.5), two pairs SD 0, float a 0.5 (1.0).
    assert_eq!(
        cmp.amounts(Criterion::Scores),
        (scores(&[15, 0, 0, 0]), scores(&[10, 5, 0, 0]))
    );
}

#[test]
fn equal_criteria_leave_the_generation_order() {
    // Round 1 of 4 players: no preferences, no floats: 1-3, 2-4 by D.1.
    let t = tour(vec![vec![], vec![], vec![], vec![]]);
    for e in [DutchEdition::Dutch2017, DutchEdition::Dutch2025] {
        let (cmp, boards) = run(&t, e, &[(1, 4), (3, 2)], None);
        assert_eq!(boards, vec![(1, 3), (4, 2)]);
        assert_eq!(
            cmp.outcome,
            Decision::GenerationOrder(GenerationStep::Transpositions)
        );
        let (cmp, _) = run(&t, e, &[(1, 2), (3, 4)], None);
        assert_eq!(
            cmp.outcome,
            Decision::GenerationOrder(GenerationStep::Exchanges)
        );
        // 1-2 and 3-4 exchange 2 and 3; the rules' 1-3, 2-4 none (D.2 a).
        let d = cmp.order.clone().unwrap();
        assert_eq!(
            (d.rule, d.recorded, d.rules),
            (
                ExchangeRule::FewestExchanged,
                ExchangeValue::Exchanged(1),
                ExchangeValue::Exchanged(0)
            )
        );
        assert!(!d.favours_recorded);
    }
    let (cmp, _) = run(&t, DutchEdition::Dutch2017, &[(1, 4), (3, 2)], None);
    assert_eq!(cmp.order, None);
}

/// A homogeneous bracket of players 1..n (round 1) paired with `pairs`
/// (player numbers), for the exchange order alone.
fn bracket_of(prep: &Prepared, pairs: &[(usize, usize)]) -> BracketEval {
    BracketEval {
        score: Points::ZERO,
        kind: BracketKind::Regular,
        residents: (0..prep.states.len()).collect(),
        mdps: Vec::new(),
        next: Vec::new(),
        pairs: pairs.iter().map(|&(a, b)| (a - 1, b - 1)).collect(),
        downfloaters: Vec::new(),
        values: Vec::new(),
    }
}

#[test]
fn exchange_order_rules_c_and_d() {
    // 2017 D.2 / 2025 art. 4.3 on BSNs 1-6 (S1 1-3, S2 4-6): 1-4 2-3 5-6
    // moves 3 out and 5 in, 1-2 3-5 4-6 moves 2 out and 4 in; both one
    // exchange with a difference of 2, and rule c puts moving 3 first.
    let t = tour(vec![vec![]; 6]);
    let prep = prepare(&t, &PairOptions::default()).unwrap();
    let a = bracket_of(&prep, &[(1, 4), (2, 3), (5, 6)]);
    let b = bracket_of(&prep, &[(1, 2), (3, 5), (4, 6)]);
    let d = exchange_order(&prep.states, &a, &b).unwrap();
    assert_eq!(
        (d.rule, d.recorded, d.rules),
        (
            ExchangeRule::HighestFromS1,
            ExchangeValue::Bsns(vec![3]),
            ExchangeValue::Bsns(vec![2])
        )
    );
    assert!(d.favours_recorded);
    assert!(
        !exchange_order(&prep.states, &b, &a)
            .unwrap()
            .favours_recorded
    );
    // BSNs 1-10 (S1 1-5): both move 4 and 5 out, and 6+9 or 7+8 in (the
    // same difference, 6); rule d puts 6+9 first.
    let t = tour(vec![vec![]; 10]);
    let prep = prepare(&t, &PairOptions::default()).unwrap();
    let a = bracket_of(&prep, &[(1, 4), (2, 5), (3, 8), (6, 7), (9, 10)]);
    let b = bracket_of(&prep, &[(1, 4), (2, 5), (3, 6), (7, 9), (8, 10)]);
    let d = exchange_order(&prep.states, &a, &b).unwrap();
    assert_eq!(
        (d.rule, d.recorded, d.rules),
        (
            ExchangeRule::LowestFromS2,
            ExchangeValue::Bsns(vec![6, 9]),
            ExchangeValue::Bsns(vec![7, 8])
        )
    );
    assert!(d.favours_recorded);
    // The same exchange: the transpositions decide.
    let c = bracket_of(&prep, &[(1, 4), (2, 5), (3, 7), (6, 8), (9, 10)]);
    assert_eq!(exchange_order(&prep.states, &a, &c), None);
}

#[test]
fn brackets_of_the_engine_pairing() {
    let t = float_case();
    let opts = PairOptions {
        edition: Some(DutchEdition::Dutch2025),
        ..Default::default()
    };
    let prep = prepare(&t, &opts).unwrap();
    let sel = pair_round(&t, &opts).unwrap();
    let pairs: Vec<(PlayerId, PlayerId)> = sel.boards.iter().map(|b| (b.white, b.black)).collect();
    let a = Assignment::from_ids(&prep, &pairs, sel.bye).unwrap();
    let b = evaluate(&prep, &a).unwrap();
    let id = |i: &usize| prep.states[*i].id.0;
    // 1.0: {1} floats; 0.5: MDP 1 + six residents, one 0.5 floats; 0.0: 5, 9 + it.
    assert_eq!(b.len(), 3);
    assert_eq!(
        b[0].downfloaters.iter().map(id).collect::<Vec<_>>(),
        vec![1]
    );
    assert_eq!(b[1].mdps.iter().map(id).collect::<Vec<_>>(), vec![1]);
    assert_eq!(b[1].residents.len(), 6);
    assert_eq!(b[1].downfloaters.len(), 1);
    assert_eq!(b[2].kind, BracketKind::Last);
    assert_eq!(b[2].pairs.len(), 1);
    assert_eq!(
        b[2].downfloaters.iter().map(id).collect::<Vec<_>>(),
        vec![sel.bye.unwrap().0]
    );
}
