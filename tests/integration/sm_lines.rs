//! Issue #18: messages about Swiss-Manager text exports name the file and line of
//! the fact (a player's row in the player file, a board row in the pairing file),
//! and a player file read alone is not an error per player.

use std::path::{Path, PathBuf};
use std::process::Output;

use chess_arbiter::diag::codes;
use chess_arbiter::formats::input::{self, InputOptions, Source};
use chess_arbiter::model::{PlayerId, RoundEntry};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sm")
}

/// `arbiter <args>` run in the fixtures directory, so file names are as given.
fn arbiter(args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(dir())
        .output()
        .unwrap_or_else(|e| panic!("arbiter {args:?}: {e}"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `players_round1.txt` alone: 8 players declare points, the file has no games.
/// Before: 8 errors "declares 1.0 points, but the results add up to 0.0" without a
/// line, exit 1. Now one warning at the first declaring player's row, exit 0.
#[test]
fn sm_player_file_alone_is_one_located_warning_not_an_error_per_player() {
    let out = arbiter(&["validate", "players_round1.txt"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains(
            "warning: players_round1.txt, line 2 (points): player 1 declares 1.0 points \
             (and 7 other players), but the file records no games: the points cannot be \
             checked, standings computed from it count no game (every player 0.0), and \
             `check` and `pair` need the games; give them too (a Swiss-Manager player \
             file with its pairing file: players.txt+pairings.txt)\n"
        ),
        "{stdout}"
    );
    assert!(!stdout.contains("add up to"), "{stdout}");
    assert!(stdout.contains("0 error(s), 1 warning(s)"), "{stdout}");
    // `--strict` turns the warning into a failure, as for every warning.
    assert_eq!(
        arbiter(&["validate", "--strict", "players_round1.txt"])
            .status
            .code(),
        Some(1)
    );
}

/// The same player file with its pairing file has games: a `Pkt` that disagrees
/// is still an error, at the player's row in the player file; a start number the
/// player file does not know is an error at its board row in the pairing file.
/// Each message names the file its fact came from, not `a+b`, in either order.
#[test]
fn sm_combined_messages_name_the_file_and_line_of_each_fact() {
    let pkt = "error: players_round1_pkt3_wrong.txt, line 4 (points): player 3 declares 0.0 points, but the results add up to 1.0\n";
    let nr = "error: pairings_round1_unknown_99.txt, line 8 (NrW/NrS): expected start number 99 of the pairing file in the player file, found no such player\n";
    for pair in [
        "players_round1_pkt3_wrong.txt+pairings_round1_unknown_99.txt",
        "pairings_round1_unknown_99.txt+players_round1_pkt3_wrong.txt",
    ] {
        let out = arbiter(&["validate", pair]);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{pair}: {stdout}");
        assert!(stdout.contains(pkt), "{pair}: {stdout}");
        assert!(stdout.contains(nr), "{pair}: {stdout}");
        assert!(
            stdout.contains("2 error(s), 0 warning(s)"),
            "{pair}: {stdout}"
        );
        assert!(!stdout.contains("points-without-games"), "{stdout}");
    }
    // The unedited pair is clean: the player file's `Pkt` agrees with the games.
    let out = arbiter(&["validate", "players_round1.txt+pairings_round1_played.txt"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("0 error(s), 0 warning(s)"));
}

/// A round-level finding is located at the board row of that round in the pairing
/// file (not at the player's row in the player file): the checks of
/// `chess_arbiter::validate` ask the input's `Source` for the round's line.
#[test]
fn sm_round_messages_name_the_board_row() {
    let pl = std::fs::read(dir().join("players_round1.txt")).unwrap();
    let pa = std::fs::read(dir().join("pairings_round1_played.txt")).unwrap();
    let opts = InputOptions::new().file_name("p.txt+a.txt".to_string());
    let mut i = input::read_pair(&pl, &pa, &opts).unwrap();
    assert!(matches!(i.source, Source::Sm(_)));
    // Board 3 (line 4 of the pairing file): 3-53. Make 53's side disagree.
    let p53 = i
        .tournament
        .players
        .iter_mut()
        .find(|p| p.id == PlayerId(53))
        .unwrap();
    p53.rounds[0] = RoundEntry::NotPaired;
    let d = chess_arbiter::validate::check(&i.tournament, &i.source);
    let asym: Vec<_> = d
        .iter()
        .filter(|d| d.code == codes::GAME_ASYMMETRIC)
        .collect();
    assert_eq!(asym.len(), 1, "{d:?}");
    assert_eq!(
        asym[0].to_string(),
        "error: a.txt, line 4 (round 1): player 3 has a win against 53 with white, but player 53 has no pairing"
    );
    // Player-level facts stay in the player file: player 3 is on its line 4.
    let pts: Vec<_> = d
        .iter()
        .filter(|d| d.code == codes::POINTS_MISMATCH)
        .map(|d| d.to_string())
        .collect();
    assert!(pts.is_empty(), "{pts:?}");
}

/// `pair` on a pairing file whose last round has no results: the refusal names
/// the board row of the first open board (before: no file, no line).
#[test]
fn sm_pair_unfinished_round_names_the_board_row() {
    let out = arbiter(&["pair", "pairings_round3_unplayed.txt"]);
    assert_eq!(out.status.code(), Some(3));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(
            "error: pairings_round3_unplayed.txt, line 3 (round 3): round 3 is paired but 4 of its boards have no result (1-3, 2-4, 5-8, 7-9): enter round 3's results before pairing round 4\n"
        ),
        "{stderr}"
    );
}

/// `pair` on a player file alone: the games that gave the points are not in it, so
/// "round 1" would be a round already played. Refused (exit 3) at the first row
/// that declares points; before, it paired round 1 on scores of 0 (exit 0).
#[test]
fn sm_pair_refuses_a_player_file_without_games() {
    let out = arbiter(&["pair", "players_round1.txt"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(
        stderr.contains(
            "error: players_round1.txt, line 2 (points): player 1 declares 1.0 points, but the file records no games: the next round cannot be paired without them; give the games too (a Swiss-Manager player file with its pairing file: players.txt+pairings.txt)\n"
        ),
        "{stderr}"
    );
    // With its pairing file, round 2 is paired.
    let out = arbiter(&["pair", "players_round1.txt+pairings_round1_played.txt"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("Round 2 paired"),
        "{}",
        text(&out.stdout)
    );
}
