//! Hand-made cases of C.04.6, one rule each. No endorsed program exists for
//! C.04.6: each expected pairing is worked out from the text in the test's
//! comment.

use super::colour::{allocate, preference};
use super::*;
use crate::model::Color::{Black as B, White as W};

/// A team with pairing number `tpn`, primary score `mp` (whole points) and
/// the colours of its matches.
fn team(tpn: u32, mp: i32, colours: &[Color]) -> TeamState {
    let mut s = TeamState::new(tpn);
    s.primary = Points(mp * 10);
    s.history = colours.iter().map(|c| Some(*c)).collect();
    s.matches_played = colours.len() as u32;
    s
}

fn met(teams: &mut [TeamState], a: u32, b: u32) {
    for s in teams.iter_mut() {
        if s.team.0 == a {
            s.opponents.insert(TeamId(b));
        }
        if s.team.0 == b {
            s.opponents.insert(TeamId(a));
        }
    }
}

fn ctx(round: u32, total: u32, preference: PreferenceType) -> RoundContext {
    RoundContext {
        round,
        total_rounds: Some(total),
        preference,
        secondary_for_colours: true,
        initial_colour: W,
    }
}

/// The meetings of a pairing, lower number first, sorted.
fn meetings(p: &TeamRoundPairing) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = p
        .matches
        .iter()
        .map(|m| (m.white.0.min(m.black.0), m.white.0.max(m.black.0)))
        .collect();
    v.sort();
    v
}

fn white_of(p: &TeamRoundPairing, a: u32) -> Option<bool> {
    p.matches.iter().find_map(|m| {
        (m.white.0 == a)
            .then_some(true)
            .or((m.black.0 == a).then_some(false))
    })
}

/// C.04.6 art. 3.6 with no history (round 1): one bracket; the first
/// pairing in identifier order is tops 1-4 against 5-8 in order
/// (identifier 1 2 3 4 5 6 7 8), and by art. 4.3.1 the first team (the
/// smaller number at equal scores, art. 4.2.3) with an odd number takes the
/// initial colour, with an even number the other.
#[test]
fn round_one_pairs_the_top_half_with_the_bottom_half() {
    let teams: Vec<TeamState> = (1..=8).map(|n| team(n, 0, &[])).collect();
    let p = pair_teams(&teams, &ctx(1, 7, PreferenceType::A)).unwrap();
    assert_eq!(meetings(&p), vec![(1, 5), (2, 6), (3, 7), (4, 8)]);
    assert_eq!(white_of(&p, 1), Some(true));
    assert_eq!(white_of(&p, 2), Some(false));
    assert_eq!(white_of(&p, 3), Some(true));
    assert_eq!(p.bye, None);
}

/// C.04.6 art. 2.1.1: two teams do not meet twice. Four teams on equal
/// scores; 1-3 and 2-4 met in round 1, so the first identifier (1 2 3 4)
/// is illegal and the next one, tops 1 2 with 4 3 (1-4, 2-3), is chosen.
#[test]
fn teams_that_met_are_not_paired_again() {
    let mut teams = vec![
        team(1, 1, &[W]),
        team(2, 1, &[B]),
        team(3, 1, &[B]),
        team(4, 1, &[W]),
    ];
    met(&mut teams, 1, 3);
    met(&mut teams, 2, 4);
    let p = pair_teams(&teams, &ctx(2, 7, PreferenceType::A)).unwrap();
    assert_eq!(meetings(&p), vec![(1, 4), (2, 3)]);
}

/// C.04.6 art. 2.1.2 and 3.4.2: the PAB goes to the lowest score, but not to
/// a team that had it already: teams 4 and 5 have 0, 5 had the PAB, so 4
/// gets it.
#[test]
fn the_bye_skips_a_team_that_had_it() {
    let mut teams = vec![
        team(1, 4, &[]),
        team(2, 2, &[]),
        team(3, 2, &[]),
        team(4, 0, &[]),
        team(5, 0, &[]),
    ];
    teams[4].bye_barred = true;
    let p = pair_teams(&teams, &ctx(3, 7, PreferenceType::A)).unwrap();
    assert_eq!(p.bye, Some(TeamId(4)));
}

/// C.04.6 art. 3.4.3 and 3.4.4: at equal scores the PAB goes to the team
/// with the most matches played, then to the largest pairing number.
#[test]
fn the_bye_among_equals_goes_to_the_most_matches_then_the_largest_number() {
    let teams = vec![team(1, 0, &[]), team(2, 0, &[]), team(3, 0, &[])];
    let p = pair_teams(&teams, &ctx(1, 5, PreferenceType::A)).unwrap();
    assert_eq!(p.bye, Some(TeamId(3)), "3.4.4: largest number");
    let teams = vec![team(1, 0, &[W]), team(2, 0, &[W, B]), team(3, 0, &[B])];
    let p = pair_teams(&teams, &ctx(3, 5, PreferenceType::A)).unwrap();
    assert_eq!(p.bye, Some(TeamId(2)), "3.4.3: most matches played");
}

/// C.04.6 art. 3.4.1: the PAB goes to a team that leaves a legal pairing
/// for all the others. Team 3 has the lowest score, but 1 and 2 have met:
/// without 3 they could not be paired. Of 1 and 2 (equal scores and
/// matches), 2 has the larger number (3.4.4).
#[test]
fn the_bye_leaves_a_legal_pairing() {
    let mut teams = vec![team(1, 2, &[W]), team(2, 2, &[B]), team(3, 0, &[])];
    met(&mut teams, 1, 2);
    let p = pair_teams(&teams, &ctx(2, 5, PreferenceType::A)).unwrap();
    assert_eq!(p.bye, Some(TeamId(2)));
    assert_eq!(meetings(&p), vec![(1, 3)]);
}

/// C.04.6 art. 2.3.1 (fewest upfloaters) and 3.6: team 1 has met 2, 3 and
/// 4, so the top scoregroup 1-4 cannot be paired alone; one upfloater
/// leaves an odd bracket, so two are needed: the two highest of the lower
/// teams, 5 and 6 (2.3.2). The bracket 1-6 is paired tops 1 2 3 against
/// 5 4 6 (1 cannot meet 4).
#[test]
fn the_fewest_upfloaters_that_allow_a_legal_pairing() {
    let mut teams: Vec<TeamState> = (1..=8)
        .map(|n| team(n, if n <= 4 { 4 } else { 2 }, &[]))
        .collect();
    for o in [2, 3, 4] {
        met(&mut teams, 1, o);
    }
    let p = pair_teams(&teams, &ctx(4, 7, PreferenceType::A)).unwrap();
    assert_eq!(p.brackets[0].upfloaters, vec![TeamId(5), TeamId(6)]);
    assert_eq!(meetings(&p), vec![(1, 5), (2, 4), (3, 6), (7, 8)]);
}

/// C.04.6 art. 2.3.2: the upfloater comes with the smallest score
/// difference: team 5 (3 points) rather than team 4 (2 points), though 4
/// has the smaller number. The bracket 1 2 3 5 pairs 1-3 and 2-5.
#[test]
fn the_upfloater_has_the_highest_score() {
    let teams = vec![
        team(1, 4, &[]),
        team(2, 4, &[]),
        team(3, 4, &[]),
        team(4, 2, &[]),
        team(5, 3, &[]),
        team(6, 2, &[]),
    ];
    let p = pair_teams(&teams, &ctx(3, 7, PreferenceType::A)).unwrap();
    assert_eq!(p.brackets[0].upfloaters, vec![TeamId(5)]);
    assert_eq!(meetings(&p), vec![(1, 3), (2, 5), (4, 6)]);
}

/// C.04.6 art. 2.3.3: the upfloater is chosen so that the next scoregroup
/// can still be paired. Top 1 2 3 (4 points), next 4 5 6 (2 points), then
/// 7 8. 5 and 6 have met: taking 4 (the first set by number, 3.5.4) would
/// leave 5-6 unpairable in their bracket, so 5 floats and 4-6 play.
#[test]
fn the_upfloater_leaves_the_next_scoregroup_pairable() {
    let mut teams: Vec<TeamState> = (1..=8)
        .map(|n| team(n, [4, 4, 4, 2, 2, 2, 0, 0][n as usize - 1], &[]))
        .collect();
    met(&mut teams, 5, 6);
    let p = pair_teams(&teams, &ctx(4, 7, PreferenceType::A)).unwrap();
    assert_eq!(p.brackets[0].upfloaters, vec![TeamId(5)]);
    assert!(meetings(&p).contains(&(4, 6)), "{:?}", meetings(&p));
}

/// C.04.6 art. 2.3.4: an upfloater that floated in the previous round is
/// avoided, except in the last two rounds. Team 4 floated: in round 5 of 9
/// team 5 floats up instead; in round 8 of 9 the rule is off and 4 (the
/// first set by number) floats.
#[test]
fn a_team_that_floated_last_round_does_not_float_again() {
    let mut teams: Vec<TeamState> = (1..=8)
        .map(|n| team(n, if n <= 3 { 4 } else { 2 }, &[]))
        .collect();
    teams[3].floated = true;
    let p = pair_teams(&teams, &ctx(5, 9, PreferenceType::A)).unwrap();
    assert_eq!(p.brackets[0].upfloaters, vec![TeamId(5)]);
    let p = pair_teams(&teams, &ctx(8, 9, PreferenceType::A)).unwrap();
    assert_eq!(p.brackets[0].upfloaters, vec![TeamId(4)]);
}

/// C.04.6 art. 2.3.5: fewest unfulfilled colour preferences. 1 and 3 want
/// White (two Blacks), 2 and 4 Black (two Whites): 1-3 and 2-4 (the first
/// identifier) leave two preferences unfulfilled; 1-4, 2-3 (identifier
/// 1 2 4 3) and 1-2, 3-4 (1 3 2 4) none; the first of these is chosen, and
/// every preference is granted (art. 4.3.3).
#[test]
fn colour_preferences_are_fulfilled_where_possible() {
    let teams = vec![
        team(1, 2, &[B, B]),
        team(2, 2, &[W, W]),
        team(3, 2, &[B, B]),
        team(4, 2, &[W, W]),
    ];
    let p = pair_teams(&teams, &ctx(3, 7, PreferenceType::A)).unwrap();
    assert_eq!(meetings(&p), vec![(1, 4), (2, 3)]);
    assert_eq!(white_of(&p, 1), Some(true));
    assert_eq!(white_of(&p, 3), Some(true));
}

/// C.04.6 art. 2.3.6 (type B): fewest unfulfilled strong preferences. All
/// four teams prefer White, so every pairing leaves two preferences
/// unfulfilled (2.3.5 ties). 1 and 3 prefer it strongly (CD -1, two Blacks
/// in a row), 2 and 4 mildly (CD -1): 1-3 (first identifier) leaves a
/// strong preference unfulfilled; 1-4, 2-3 is the first pairing that does
/// not. Under type A, 2 and 4 have no preference (CD -1 is not enough,
/// art. 1.7.1), so 1-3 fails 2.3.5 and 1-4, 2-3 is chosen too -- by 2.3.5.
#[test]
fn strong_preferences_come_before_mild_ones() {
    let teams = vec![
        team(1, 2, &[W, B, B]),
        team(2, 2, &[B, W, B]),
        team(3, 2, &[W, B, B]),
        team(4, 2, &[B, W, B]),
    ];
    let c = ctx(4, 7, PreferenceType::B);
    assert_eq!(preference(&teams[0], &c).map(|p| p.strong), Some(true));
    assert_eq!(preference(&teams[1], &c).map(|p| p.strong), Some(false));
    let p = pair_teams(&teams, &c).unwrap();
    assert_eq!(meetings(&p), vec![(1, 4), (2, 3)]);
    // 4.3.4: only one strong preference: 1 (strong) gets White over 4 (mild)
    assert_eq!(white_of(&p, 1), Some(true));
}

/// C.04.6 art. 2.3.7: the upfloater's opponent should not have floated in
/// the previous round. 4 floats up into 1 2 3; 2 floated last round: 1-3,
/// 2-4 (first identifier) would give the upfloater an opponent that
/// floated; 1-4, 2-3 does not.
#[test]
fn an_upfloaters_opponent_did_not_float_last_round() {
    let mut teams: Vec<TeamState> = (1..=8)
        .map(|n| team(n, if n <= 3 { 4 } else { 2 }, &[]))
        .collect();
    teams[1].floated = true;
    let p = pair_teams(&teams, &ctx(5, 9, PreferenceType::A)).unwrap();
    assert_eq!(p.brackets[0].upfloaters, vec![TeamId(4)]);
    assert!(meetings(&p).contains(&(1, 4)) && meetings(&p).contains(&(2, 3)));
}

/// C.04.6 art. 1.7.1 (type A): White when CD < -1 or CD 0/-1 after two
/// Blacks; Black symmetrically; else none, and none before the first match.
#[test]
fn type_a_preferences() {
    let c = ctx(5, 9, PreferenceType::A);
    let pref = |h: &[Color]| preference(&team(1, 0, h), &c).map(|p| (p.colour, p.strong));
    assert_eq!(pref(&[]), None);
    assert_eq!(pref(&[B]), None);
    assert_eq!(pref(&[W, B, B]), Some((W, false)));
    assert_eq!(pref(&[B, B]), Some((W, false)));
    assert_eq!(pref(&[W, W, B, B]), Some((W, false)));
    assert_eq!(pref(&[W, W]), Some((B, false)));
    assert_eq!(pref(&[B, W, W]), Some((B, false)));
    assert_eq!(pref(&[B, W]), None);
}

/// C.04.6 art. 1.7.2 (type B): strong as type A; mild for CD -1 / +1, or CD
/// 0 alternating from the last match -- but no mild preference of CD 0 in
/// the last round.
#[test]
fn type_b_preferences() {
    let c = ctx(5, 9, PreferenceType::B);
    let pref =
        |h: &[Color], c: &RoundContext| preference(&team(1, 0, h), c).map(|p| (p.colour, p.strong));
    assert_eq!(pref(&[B, B], &c), Some((W, true)));
    assert_eq!(pref(&[W, B, W], &c), Some((B, false)));
    assert_eq!(pref(&[W, B], &c), Some((W, false)));
    assert_eq!(pref(&[B, W], &c), Some((B, false)));
    let last = ctx(9, 9, PreferenceType::B);
    assert_eq!(pref(&[W, B], &last), None);
    assert_eq!(pref(&[W, B, B], &last), Some((W, true)));
}

/// C.04.6 art. 1.7 (no preference): nobody has one; colours go by art.
/// 4.3.5 (lower CD White) and the alternation rules.
#[test]
fn no_preferences() {
    let c = ctx(5, 9, PreferenceType::None);
    assert_eq!(preference(&team(1, 0, &[B, B]), &c), None);
    let (a, b) = (team(1, 2, &[W, W]), team(2, 2, &[B, W]));
    assert_eq!(allocate(&a, &b, &c), (B, "C.04.6 art. 4.3.5"));
}

/// C.04.6 art. 4.2 and 4.3.2-4.3.9, one case each; a is team 1.
#[test]
fn colour_allocation_rules_in_order() {
    let c = ctx(5, 9, PreferenceType::A);
    let rule = |a: TeamState, b: TeamState| allocate(&a, &b, &c);
    // 4.3.2: only b has a preference (White after two Blacks): a gets Black
    assert_eq!(
        rule(team(1, 2, &[W, B]), team(2, 2, &[B, B])),
        (B, "C.04.6 art. 4.3.2")
    );
    // 4.3.3: opposite preferences, both granted
    assert_eq!(
        rule(team(1, 2, &[W, W]), team(2, 2, &[B, B])),
        (B, "C.04.6 art. 4.3.3")
    );
    // 4.3.5: same preference (White) -- the lower CD (-2 against -1... both
    // prefer White): team 2 has CD -2, lower, and gets White
    assert_eq!(
        rule(team(1, 2, &[W, B, B]), team(2, 2, &[B, B])),
        (B, "C.04.6 art. 4.3.5")
    );
    // 4.3.6: same preference (White), same CD (-1): alternate from the
    // latest round where they differed (round 2: a Black, b White)
    assert_eq!(
        rule(team(1, 2, &[W, B, W, B, B]), team(2, 2, &[B, W, W, B, B])),
        (W, "C.04.6 art. 4.3.6")
    );
    // 4.3.7: same preference and CD, never differing: the first team's
    assert_eq!(
        rule(team(1, 2, &[W, B, B]), team(2, 2, &[W, B, B])),
        (W, "C.04.6 art. 4.3.7")
    );
    // 4.3.8: no preference, equal CD, never differing: the first team (a,
    // higher score, 4.2.1) alternates from its last colour
    assert_eq!(
        rule(team(1, 3, &[B, W]), team(2, 2, &[B, W])),
        (B, "C.04.6 art. 4.3.8")
    );
    // 4.3.5 before 4.3.9: the first team b (higher score) has not played,
    // CD 0 against a's +1: b, lower, gets White
    assert_eq!(
        rule(team(1, 2, &[W]), team(2, 3, &[])),
        (B, "C.04.6 art. 4.3.5")
    );
    // 4.3.9: equal CD (0), the first team b has no colour: a alternates
    // from its last (Black)
    assert_eq!(
        rule(team(1, 2, &[W, B]), team(2, 3, &[])),
        (W, "C.04.6 art. 4.3.9")
    );
    let c0 = ctx(2, 9, PreferenceType::None);
    let mut a = team(1, 2, &[]);
    a.history = vec![None];
    let b = team(2, 3, &[]);
    assert_eq!(allocate(&a, &b, &c0).1, "C.04.6 art. 4.3.1");
}

/// C.04.6 art. 4.3.4 (type B): same colour preferred, only one strong: the
/// strong one is granted.
#[test]
fn one_strong_preference_wins() {
    let c = ctx(5, 9, PreferenceType::B);
    // a: mild White (CD -1), b: strong White (two Blacks, CD -2)
    assert_eq!(
        allocate(&team(1, 2, &[B, B, W]), &team(2, 2, &[W, B, B]), &c),
        (B, "C.04.6 art. 4.3.4")
    );
}
