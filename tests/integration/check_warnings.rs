//! `arbiter check` data warnings end to end: located in the input file by
//! the reader's line map, in text and JSON.

use std::path::Path;

fn run(args: &[&str]) -> (Option<i32>, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("check")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap_or_else(|e| panic!("run arbiter: {e}"));
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

const FILE: &str = "tests/fixtures/dutch/dutch2017/n011-r07-s8000229.trf";

/// Round 1 of this bbpPairings v5.0.1 file has a double forfeit between
/// players 1 and 6 (both `-`, on lines 2 and 7). The check takes it as a
/// pairing, conforms, and says so at player 1's round-1 block.
#[test]
fn double_forfeit_is_located_in_text_and_json() {
    assert!(Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE).exists());
    let (code, text) = run(&[FILE, "--system", "dutch-2017", "--rounds", "1"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains(
        "  warning: tests/fixtures/dutch/dutch2017/n011-r07-s8000229.trf, line 2, cols 92-99 (round 1): players 1 and 6 both lost round 1 by forfeit (double forfeit): the check takes them as paired with each other"
    ), "{text}");
    // Round 7 is not checked: the missing round count does not matter.
    assert!(!text.contains("XXR / 142"), "{text}");

    let (_, json) = run(&[
        FILE,
        "--system",
        "dutch-2017",
        "--rounds",
        "1,7",
        "--format",
        "json",
    ]);
    let v: serde_json::Value =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    let w = &v["rounds"][0]["warnings"][0];
    assert_eq!(w["severity"], "warning");
    assert_eq!(w["line"], 2);
    assert_eq!(w["cols"], serde_json::json!([92, 99]));
    assert_eq!(w["field"], "round 1");
    // Round 7 is checked as the final round of a file without XXR.
    let top = &v["warnings"][0];
    assert!(
        top["message"]
            .as_str()
            .is_some_and(|m| m.ends_with("round 7 was checked as the final round")),
        "{top}"
    );
}

/// Progress goes to a terminal only: with standard error piped, `check` of
/// every round and `generate` of a field large enough to show progress on a
/// terminal print no progress line.
#[test]
fn no_progress_when_stderr_is_not_a_terminal() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["check", FILE, "--system", "dutch-2017"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap_or_else(|e| panic!("run arbiter: {e}"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.stdout.is_empty());
    assert!(!err.contains("checked") && !err.contains('\r'), "{err}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "generate",
            "--players",
            "200",
            "--rounds",
            "2",
            "--seed",
            "3",
        ])
        .output()
        .unwrap_or_else(|e| panic!("run arbiter: {e}"));
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("round") && !err.contains('\r'), "{err}");
}
