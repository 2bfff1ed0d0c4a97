//! Issue #18: every message names the file and line (or record, or JSON path) of
//! the fact it is about, whatever the input format: `check`'s and `pair`'s
//! warnings about the data, through the same locator `validate` uses.

use std::path::{Path, PathBuf};
use std::process::Output;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// `arbiter <args>` run in `tests/fixtures/<dir>`, so file names are as given.
fn arbiter(dir: &str, args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(root().join(dir))
        .output()
        .unwrap_or_else(|e| panic!("arbiter {args:?}: {e}"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const DOUBLE_FORFEIT: &str = "players 2 and 5 both lost round 4 by forfeit (double forfeit): the check takes them as paired with each other";

/// `check` on a Swiss-Manager pairing file: the double forfeit of round 4 names the
/// board row it is on (line 9, `4;3;0;0;2;5;0;0;K;0:0K`). Before: the file only.
#[test]
fn check_double_forfeit_names_the_sm_board_row() {
    let out = arbiter("sm", &["check", "pairings_rounds3-4_played.txt"]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(&format!(
            "  warning: pairings_rounds3-4_played.txt, line 9 (round 4): {DOUBLE_FORFEIT}"
        )),
        "{stdout}"
    );
}

/// `pair` on a Swiss-Manager pairing file: player 5 has no board in round 2. The
/// round to pair has no row, nor does the player (no player file): the warning
/// names the player's latest board row (round 1, line 2). With the player file
/// (`a+b`) it names the player's row there. Before: the file only.
#[test]
fn pair_no_entry_names_the_board_row_or_the_player_row() {
    let warning = "player 5 was not paired in round 2 (no entry) and has no entry for round 3, so is paired in round 3";
    let out = arbiter("sm", &["pair", "pairings_rounds1-2_played.txt"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "warning: pairings_rounds1-2_played.txt, line 2 (round 3): {warning}"
        )),
        "{stderr}"
    );
}

/// The same double forfeit in a TRF (line and columns) and in the JSON converted
/// from it (the player's path in the document).
#[test]
fn check_double_forfeit_in_trf_and_json() {
    let head = "players 1 and 2 both lost round 2 by forfeit (double forfeit)";
    each_names(
        "check",
        [
            (
                "double_forfeit.trf",
                "double_forfeit.trf, line 8, cols 102-109 (round 2)",
            ),
            (
                "double_forfeit.json",
                "double_forfeit.json (tournament.players[0], round 2)",
            ),
        ],
        |at| format!("  warning: {at}: {head}"),
    );
}

/// Runs `cmd` on each fixture of tests/fixtures/locations and asserts that
/// its standard output holds `line(at)` for that fixture's location `at`.
fn each_names(cmd: &str, cases: [(&str, &str); 2], line: impl Fn(&str) -> String) {
    for (file, at) in cases {
        let out = arbiter("locations", &[cmd, file]);
        let stdout = text(&out.stdout);
        assert!(stdout.contains(&line(at)), "{file}: {stdout}");
    }
}

/// Standings notes name where their fact is: a round with games without results
/// at its first open game (the board row of a Swiss-Manager pairing file, the
/// player's line and the round's columns in a TRF, the player's path in JSON);
/// no event date and no tie-breaks at the file. Before: no file, no line.
#[test]
fn standings_notes_name_the_file_and_the_first_open_game() {
    let tail = "round 3 has games without results; standings after round 2";
    let out = arbiter("sm", &["standings", "pairings_round3_unplayed.txt"]);
    let stdout = text(&out.stdout);
    for want in [
        format!("warning: pairings_round3_unplayed.txt, line 2 (round 3): {tail}\n"),
        "warning: pairings_round3_unplayed.txt (edition): the file gives no event date: tie-breaks follow the rules in force now (2026); choose an edition to change this\n".to_string(),
        "warning: pairings_round3_unplayed.txt (tiebreaks): no tie-breaks given (neither by the file nor by --tiebreaks or the profile): players with equal points share their place\n".to_string(),
    ] {
        assert!(stdout.contains(&want), "{want}\n{stdout}");
    }
    assert!(
        text(&out.stderr).contains(
            "warning[no-tiebreaks]: pairings_round3_unplayed.txt (tiebreaks): no tie-breaks given"
        ),
        "{}",
        text(&out.stderr)
    );
    each_names(
        "standings",
        [
            (
                "round3_pending.trf",
                "round3_pending.trf, line 8, cols 112-119 (round 3)",
            ),
            (
                "round3_pending.json",
                "round3_pending.json (tournament.players[0], round 3)",
            ),
        ],
        |at| format!("warning: {at}: {tail}\n"),
    );
}

/// Declared points that the results contradict (issue #18 item 3): `pair`, `check`
/// and `rating` refuse the file (exit 3) with the located error, as for the other
/// contradictions; `standings` ranks on the results and says so. Before: every
/// command exited 0 after printing the error.
#[test]
fn points_mismatch_is_refused_by_pair_check_rating_and_named_by_standings() {
    let error = "error: points-mismatch.trf, line 4, cols 81-84 (points): player 1 declares 2.0 points, but the results add up to 1.0\n";
    for cmd in ["pair", "check", "rating"] {
        let out = arbiter("trf/invalid", &[cmd, "points-mismatch.trf"]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{cmd}: {stderr}");
        assert!(out.stdout.is_empty(), "{cmd}");
        assert!(stderr.starts_with(error), "{cmd}: {stderr}");
        assert!(
            stderr.contains("error: points-mismatch.trf: 1 error(s) above make the file unusable; nothing done (`arbiter validate` lists every problem); declared points that the results contradict: correct the points or the results (a bye's result, a round missing from the file), or rank on the results with `arbiter standings`\n"),
            "{cmd}: {stderr}"
        );
    }
    // ranked, but an error was printed: exit 1 (#34 item 13)
    let out = arbiter("trf/invalid", &["standings", "points-mismatch.trf"]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.starts_with(error), "{stderr}");
    assert!(
        stdout.contains("warning: points-mismatch.trf (points): ranked on the points the results give (Pts), not on the points the file declares: 1 player(s) declare other points (the points-mismatch errors)\n"),
        "{stdout}"
    );
    // Player 1 is ranked on the result's 1.0, not the declared 2.0.
    let row = stdout
        .lines()
        .find(|l| l.contains("Alpha, A"))
        .unwrap_or("");
    assert!(row.contains(" 1.0"), "{row}");
    assert!(!row.contains(" 2.0"), "{row}");
}
