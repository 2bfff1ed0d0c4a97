//! What a recorded round is (issue 32, item 1): a round with at least one
//! pairing or result. Byes and absences entered in advance (`240 H 2 3`) for a
//! round not yet paired do not make it a played round in the standings,
//! validation, the site or the tie-breaks; the pairing engine still honours
//! them in the round it pairs (C.04.1 art. 4).

use std::process::Command;

use chess_arbiter::formats::trf;
use chess_arbiter::model::{RoundEntry, Tournament};
use chess_arbiter::render::standings as render;
use chess_arbiter::standings::{compute, StandingsOptions, TieBreakSpec};

use crate::scratch::Scratch;

const FIX: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/");

/// Round 1 played (7 players, a pairing-allocated bye), and a half-point bye
/// requested for round 2 by player 3 (`240 H   2    3`): the file of issue 32.
const PRESET: &str = "standings/preset-bye-future-round.trf";

fn arbiter(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn read(name: &str) -> Tournament {
    let bytes = std::fs::read(format!("{FIX}{name}")).unwrap();
    trf::read(&bytes, &trf::ReadOptions::default())
        .unwrap()
        .tournament
}

#[test]
fn a_bye_requested_in_advance_is_not_a_played_round() {
    let t = read(PRESET);
    assert_eq!(t.rounds_listed(), 2);
    assert_eq!(t.rounds_recorded(), 1);
    // The same file without the announced bye gives the same standings.
    let mut without = t.clone();
    for p in &mut without.players {
        p.rounds.truncate(1);
    }
    assert_eq!(without.rounds_recorded(), 1);
    let o = StandingsOptions::new().tiebreaks(TieBreakSpec::parse_list("BH,SB").unwrap());
    let (a, b) = (compute(&t, &o).unwrap(), compute(&without, &o).unwrap());
    assert_eq!(a.after_round, 1);
    assert_eq!(render::text(&t, &a), render::text(&without, &b));
    let (code, out, _) = arbiter(&["standings", &format!("{FIX}{PRESET}"), "--tiebreaks", "BH"]);
    assert_eq!(code, 0);
    assert!(out.contains("Standings after round 1;"), "{out}");
    // Player 3 has 1.0 point after round 1, not the 1.5 of the future bye.
    let p3 = out.lines().find(|l| l.contains("Player 0003")).unwrap();
    assert!(p3.contains(" 1.0 "), "{p3}");
    let (code, _, _) = arbiter(&["standings", &format!("{FIX}{PRESET}"), "--after-round", "2"]);
    assert_ne!(code, 0, "round 2 is not played yet");
}

#[test]
fn validate_does_not_count_a_preset_bye_among_rounds_with_data() {
    let (code, out, err) = arbiter(&["validate", &format!("{FIX}{PRESET}")]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("rounds with data: 1 of 5"), "{out}");
}

#[test]
fn pair_honours_the_preset_bye_of_the_round_it_pairs() {
    let (code, out, err) = arbiter(&["pair", &format!("{FIX}{PRESET}")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Round 2 paired"), "{out}");
    let not_paired = out.split("Not paired:").nth(1).unwrap();
    assert!(not_paired.contains("Player 0003"), "{out}");
    assert!(not_paired.contains("requested half-point bye"), "{out}");
}

#[test]
fn the_site_publishes_no_page_for_a_round_not_yet_played() {
    let dir = Scratch::new("preset-bye-site");
    let (code, _, err) = arbiter(&[
        "report",
        &format!("{FIX}{PRESET}"),
        "-o",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(dir.join("round-1.html").exists());
    assert!(!dir.join("round-2.html").exists());
    assert!(!dir.join("standings-2.html").exists());
}

/// abs_fem_1378181.TUNX holds 4 played rounds and byes entered for rounds 5-7:
/// TieBreakServer (after round 4) gives player 9 a Buchholz of 7.5; we gave
/// 24.0 "after round 7".
#[test]
fn rounds_not_yet_played_do_not_count_in_tiebreaks() {
    let (code, out, err) = arbiter(&[
        "standings",
        &format!("{FIX}tunx/abs_fem_1378181.TUNX"),
        "--tiebreaks",
        "BH",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Standings after round 4;"), "{out}");
    let p9 = out
        .lines()
        .find(|l| l.split_whitespace().nth(1) == Some("9"))
        .unwrap();
    assert!(p9.trim_end().ends_with(" 7.5"), "{p9}");
}

#[test]
fn a_round_of_preset_byes_only_is_not_recorded() {
    let mut t = read(PRESET);
    // A zero-point bye (absence) for round 4 too: still one round recorded.
    t.players[0].set_round(
        4,
        RoundEntry::Bye {
            bye: chess_arbiter::model::ByeKind::Zero,
        },
    );
    assert_eq!(t.rounds_recorded(), 1);
    assert_eq!(chess_arbiter::pairing::dutch::next_round(&t), 2);
}

/// icu-latin-1.tab: a 3-player round robin whose player 1 is free in the last
/// round, a slot the file leaves blank (the row stops after round 2). It was
/// read as an absence; TieBreakServer, for player 2: BH 1.0, SB 1.0, KS 1.0
/// (C.07 art. 15.2: in a round robin only forfeits are unplayed rounds).
#[test]
fn a_round_robin_free_round_in_the_last_round_is_not_an_absence() {
    let (code, out, err) = arbiter(&[
        "standings",
        &format!("{FIX}trf/icu-latin-1.tab"),
        "--tiebreaks",
        "BH,SB,KS",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("after round 3"), "{out}");
    let p2 = out
        .lines()
        .find(|l| l.split_whitespace().nth(1) == Some("2"))
        .unwrap();
    let values: Vec<f64> = p2
        .split_whitespace()
        .rev()
        .take(3)
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(values, [1.0, 1.0, 1.0], "{p2}");
}

/// C.07 art. 10: ARO with unrated opponents (abs_fem_1378181.TUNX has unrated
/// players) warns without a rating for them, and takes `--unrated N`.
#[test]
fn aro_with_unrated_opponents_warns_or_takes_the_given_rating() {
    let file = format!("{FIX}tunx/abs_fem_1378181.TUNX");
    let (code, plain, err) = arbiter(&["standings", &file, "--tiebreaks", "ARO"]);
    assert_eq!(code, 0, "{err}");
    // The standings' notes close the text output.
    assert!(
        plain.contains("ARO: 26 player(s) met unrated opponents"),
        "{plain}"
    );
    let (code, given, err) = arbiter(&[
        "standings",
        &file,
        "--tiebreaks",
        "ARO",
        "--unrated",
        "1000",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!given.contains("met unrated opponents"), "{given}");
    assert_ne!(
        plain, given,
        "the rating given for unrated players changes ARO"
    );
    // The same as the code's own /U modifier (TieBreakServer's /U1000).
    let (_, own, _) = arbiter(&["standings", &file, "--tiebreaks", "ARO/U1000"]);
    let values = |s: &str| -> Vec<String> {
        s.lines()
            .filter_map(|l| l.split_whitespace().last().map(str::to_string))
            .collect()
    };
    assert_eq!(values(&given)[3..20], values(&own)[3..20]);
}
