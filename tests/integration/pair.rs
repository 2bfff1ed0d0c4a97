//! `arbiter pair` on every shared sample whose next round is still to be
//! paired (tests/fixtures/pair/README.md lists them and why the others are
//! left out), in all four output formats, plus the samples that must be
//! refused.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::scratch::Scratch;

const FORMATS: [&str; 4] = ["text", "json", "trf", "bbp"];

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pair")
        .join(name)
}

fn arbiter(input: &Path, extra: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("pair")
        .arg(input)
        .args(extra)
        .output()
        .unwrap_or_else(|e| panic!("run arbiter: {e}"))
}

/// Standard output of a successful run, line ends made `\n`.
fn stdout_ok(input: &Path, extra: &[&str]) -> String {
    let out = arbiter(input, extra);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}: {}",
        input.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .replace("\r\n", "\n")
        .replace('\r', "\n")
}

/// Snapshots of the four formats, the edition chosen from the file.
fn snapshot_all(input: &Path, stem: &str) {
    for format in FORMATS {
        let text = stdout_ok(input, &["--format", format]);
        insta::assert_snapshot!(format!("pair_{stem}_{format}"), text);
    }
}

/// JaVaFo's TRF(x) sample 2: 52 players, 4 of 9 rounds played, round 5's
/// pre-set `Z`/`H` entries in the file; dated 2010, so the 2017 rules.
#[test]
fn javafo_trfx_sample2() {
    snapshot_all(&fixture("javafo-trfx-sample2.trf"), "javafo_trfx_sample2");
}

/// Vega's engine file before round 1: 16 players, `152 W`.
#[test]
fn vega_engine26_round1() {
    let input = fixture("vega-engine26_round1.trf");
    snapshot_all(&input, "vega_engine26_round1");
    // Round 1 by the book (C.04.3 (2025) art. 5.2.5, initial colour White):
    // 1-9, 10-2, 3-11, ... top half against bottom half, colours alternating.
    let bbp = stdout_ok(&input, &["--format", "bbp"]);
    assert_eq!(bbp, "8\n1 9\n10 2\n3 11\n12 4\n5 13\n14 6\n7 15\n16 8\n");
}

/// Vega's engine file after 3 rounds were imported: 9 players, `142 5`.
#[test]
fn vega_engine26_after_import() {
    snapshot_all(
        &fixture("vega-engine26_after_import.trf"),
        "vega_engine26_after_import",
    );
}

/// The same 9-player event after round 2 (`XXR 5`, `XXC white1`), padded by
/// bytes and by characters: both read alike and pair alike.
#[test]
fn vega_accents_padding() {
    snapshot_all(
        &fixture("vega-accents_bytepad_imported.trf"),
        "vega_accents_bytepad",
    );
    for format in ["text", "json", "bbp"] {
        assert_eq!(
            stdout_ok(
                &fixture("vega-accents_bytepad_imported.trf"),
                &["--format", format]
            ),
            stdout_ok(
                &fixture("vega-accents_charpad_hangs_vega.trf"),
                &["--format", format]
            ),
            "{format}"
        );
    }
}

/// bbpPairings' own cases: our `bbp` output must equal its expected `-p`
/// output byte for byte (after line ends), and the four formats are
/// snapshotted.
#[test]
fn bbp_cases() {
    for (input, expected, system, stem) in [
        (
            "bbp-v6.0.0-dutch_2025_C5.input",
            "bbp-v6.0.0-dutch_2025_C5.output.expected",
            "dutch-2025",
            "bbp_dutch_2025_c5",
        ),
        (
            "bbp-v6.0.0-dutch_2025_C9.input",
            "bbp-v6.0.0-dutch_2025_C9.output.expected",
            "dutch-2025",
            "bbp_dutch_2025_c9",
        ),
        (
            "bbp-v6.0.0-issue_7.input",
            "bbp-v6.0.0-issue_7.output.expected",
            "dutch-2025",
            "bbp_issue_7",
        ),
    ] {
        let want = std::fs::read_to_string(fixture(expected))
            .unwrap_or_else(|e| panic!("{expected}: {e}"))
            .replace("\r\n", "\n")
            .replace('\r', "\n");
        let got = stdout_ok(&fixture(input), &["--system", system, "--format", "bbp"]);
        assert_eq!(got, want, "{input}");
        snapshot_all(&fixture(input), stem);
    }
    // issue_7 under the 2017 rules: bbpPairings v5.0.1's expectation, which
    // differs from v6.0.0's in four pairs.
    let want = std::fs::read_to_string(fixture("bbp-v5.0.1-issue_7.output.expected"))
        .unwrap_or_else(|e| panic!("v5 issue_7: {e}"))
        .replace('\r', "\n");
    let got = stdout_ok(
        &fixture("bbp-v6.0.0-issue_7.input"),
        &["--system", "dutch-2017", "--format", "bbp"],
    );
    assert_eq!(got, want);
}

/// Its birth dates are written one column late (1963/04/13 runs into column
/// 80): `pair` does not use birth dates, so it warns at the located columns
/// and goes on (issue #32). It holds one team, which has no opponent: the
/// C.04.6 pairing of round 2 (issue #31) gives it the pairing-allocated bye.
#[test]
fn trf26_team_small_pairs_its_team_and_warns_of_its_shifted_birth_dates() {
    let out = arbiter(&fixture("trf26-team-small.trf"), &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("line 13, cols 70-80 (birth date): expected the birth date in columns 70-79 and a blank in column 80, found \"1963/04/13\""),
        "{err}"
    );
    assert!(
        err.contains("`arbiter pair` does not use birth dates"),
        "{err}"
    );
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(out.contains("Round 2 (C.04.6)"), "{out}");
    assert!(out.contains("Russia (1): pairing-allocated bye"), "{out}");
}

/// Swiss-Manager's export with round 3 paired but not played: pairing round
/// 4 must wait for round 3's results. The error names the file and the line
/// of the first open board's player (#18).
#[test]
fn unfinished_round_is_refused() {
    let out = arbiter(&fixture("sm-round3_paired.trf"), &[]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("sm-round3_paired.trf, line 17 (round 3): round 3 is paired but 4 of its boards have no result (1-3, 2-4, 5-8, 7-9): enter round 3's results before pairing round 4"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

/// The 112-player lichess export (`XXR 21`, 20 rounds played): a large
/// field, so it runs only when `ARBITER_SAMPLES` points at the shared
/// samples (opt-in).
#[test]
#[ignore = "needs ARBITER_SAMPLES=../shared/samples"]
fn lichess_112_players_round_21() {
    let root = std::env::var("ARBITER_SAMPLES")
        .unwrap_or_else(|_| panic!("set ARBITER_SAMPLES to the shared samples to run this test"));
    let input = Path::new(&root).join("trf/lichess-swiss-j8rtJ5GL.trf");
    snapshot_all(&input, "lichess_j8rtJ5GL");
}

/// A `U` pre-set in the column of the round to pair (bbpPairings #3): the
/// round looks paired, so pairing "the next round" would skip it. Refused,
/// naming the player. Built from bbpPairings' C9 case with `0000 - U` added
/// to player 5's round 2.
#[test]
fn preset_pab_is_refused() {
    let text = std::fs::read_to_string(fixture("bbp-v6.0.0-dutch_2025_C9.input"))
        .unwrap_or_else(|e| panic!("C9: {e}"))
        .replace("0000 - Z", "0000 - Z  0000 - U");
    let dir = Scratch::new("pair-preset-u");
    let path = dir.join("preset-u.trf");
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let out = arbiter(&path, &[]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(".trf, line 6 (round 2): round 2 has a pairing-allocated bye (U) for player 5 and no games: a PAB is given by the pairing, not pre-set"),
        "{err}"
    );
}

/// #32 item 4: the guards are the library's (`pairing::ready`), so a program
/// using it (the app, the event room) refuses what `arbiter pair` refuses:
/// round 3 of the Swiss-Manager export has four boards without a result.
#[test]
fn the_library_refuses_to_pair_after_an_unfinished_round() {
    use chess_arbiter::formats::input::{read, InputOptions};
    use chess_arbiter::pairing::dutch::{pair_next, PairError, PairOptions};
    use chess_arbiter::pairing::ready::{ready, ReadyOptions, Reason};
    let bytes = std::fs::read(fixture("sm-round3_paired.trf")).expect("fixture");
    let i = read(&bytes, &InputOptions::default()).expect("read");
    let e = ready(&i.tournament, &i.source, &ReadyOptions::default()).expect_err("ready");
    assert_eq!(e.reason, Reason::UnfinishedRound);
    let d = &e.diagnostics[0];
    assert_eq!(d.location.line, Some(17), "{d}");
    assert!(
        d.message
            .contains("round 3 is paired but 4 of its boards have no result (1-3, 2-4, 5-8, 7-9)"),
        "{d}"
    );
    let r = pair_next(&i.tournament, &i.source, &PairOptions::default(), &[]);
    assert!(matches!(r, Err(PairError::NotReady(_))), "{r:?}");
}
