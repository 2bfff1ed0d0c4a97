//! Issue #16, rough edges a new user hit: each end to end through the real
//! binary, named after what broke.

use std::path::Path;
use std::process::Command;

use crate::scratch::Scratch;

/// Run `arbiter` from the repository root: (exit code, stdout, stderr).
fn arbiter(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap_or_else(|e| panic!("run arbiter: {e}"));
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn path_str(p: &Path) -> &str {
    p.to_str()
        .unwrap_or_else(|| panic!("non-UTF-8 path {}", p.display()))
}

/// Players registered, no round paired yet.
const NO_ROUNDS: &str = "012 Registration only\n\
001    1      Test0001 Player0001               2424                             0.0    1\n\
001    2      Test0002 Player0002               2393                             0.0    2\n";

#[test]
fn check_of_a_file_with_no_rounds_said_0_of_0_conform_and_exited_0() {
    let dir = Scratch::new("check-no-rounds");
    let file = dir.join("empty.trf");
    std::fs::write(&file, NO_ROUNDS).unwrap_or_else(|e| panic!("{e}"));
    let (code, out, err) = arbiter(&["check", path_str(&file)]);
    assert_eq!(code, Some(3), "{out}{err}");
    assert!(!out.contains("0 of 0 rounds conform"), "{out}");
    assert!(
        err.contains("empty.trf: no paired rounds in the file; nothing to check"),
        "{err}"
    );
    // An empty --rounds list selects nothing either.
    let (code, _, err) = arbiter(&[
        "check",
        "tests/fixtures/check/n005-r04-s8000133.trf",
        "--rounds",
        ",",
    ]);
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("--rounds: no round given"), "{err}");
}

const OPEN: &str = "samples/open-2023.trf";

#[test]
fn rating_accepted_a_k_factor_fide_does_not_have() {
    let (code, out, err) = arbiter(&["rating", OPEN, "--kind", "standard", "--k", "3=7"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("--k 3=7: player 3 ("), "{err}");
    assert!(
        err.contains("K 7 is not a FIDE K factor for standard ratings"),
        "{err}"
    );
    assert!(err.contains("allowed: 40, 20, 10"), "{err}");
    assert!(err.contains("--force uses it anyway"), "{err}");

    // Rapid and blitz use the same K rules as standard (B.02 R&B 2024).
    let (code, _, err) = arbiter(&["rating", OPEN, "--kind", "rapid", "--k", "3=10"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) = arbiter(&["rating", OPEN, "--kind", "blitz", "--k", "3=15"]);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.contains("for blitz ratings; allowed: 40, 20, 10 "),
        "{err}"
    );

    // --force uses it, with a coded warning.
    let (code, out, err) = arbiter(&[
        "rating", OPEN, "--kind", "standard", "--k", "3=7", "--force",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("warning[k-factor-not-fide]: --k 3=7: player 3 ("),
        "{err}"
    );
    assert!(!out.is_empty());

    // A FIDE value is taken as it is.
    for k in ["40", "20", "10"] {
        let arg = format!("3={k}");
        let (code, _, err) = arbiter(&["rating", OPEN, "--kind", "standard", "--k", &arg]);
        assert_eq!(code, Some(0), "{k}: {err}");
        assert!(!err.contains("k-factor-not-fide"), "{err}");
    }
}

#[test]
fn pair_listed_not_paired_players_by_number_only() {
    let (code, out, err) = arbiter(&["pair", "tests/fixtures/pair/not-paired-kinds.trf"]);
    assert_eq!(code, Some(0), "{err}");
    let tail = out
        .split("Not paired:\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no not-paired list in {out}"));
    let lines: Vec<&str> = tail.lines().map(str::trim_end).collect();
    assert_eq!(
        lines,
        [
            "      5 Echo, Eva                    H  requested half-point bye",
            "      6 Foxtrot, Finn                Z  zero-point bye (known absence)",
            "      7 Golf, Gina                   F  full-point bye",
            "      8 Hotel, Hugo                     withdrawn (no entry for the rest of the event)",
            "      9 India, Ivo                      absent (no entry)",
        ]
    );
    // Programs' formats do not change: bbp lists the pairs only.
    let (code, bbp, _) = arbiter(&[
        "pair",
        "tests/fixtures/pair/not-paired-kinds.trf",
        "--format",
        "bbp",
    ]);
    assert_eq!(code, Some(0));
    assert_eq!(bbp, "2\n4 1\n2 3\n");
}

fn ctca_standings(extra: &[&str]) -> (Option<i32>, String, String) {
    let mut args = vec!["standings", OPEN, "--profile", "samples/ctca-2023.toml"];
    args.extend_from_slice(extra);
    arbiter(&args)
}

#[test]
fn standings_category_printed_every_player_before_the_category() {
    let (code, out, err) = ctca_standings(&["--category", "U15 Girls"]);
    assert_eq!(code, Some(0), "{err}");
    let cat = out
        .find("Category U15 Girls (")
        .unwrap_or_else(|| panic!("no category table in {out}"));
    // Before the category: the event's name and the header line only.
    assert!(!out[..cat].contains("Rk"), "{}", &out[..cat]);
    assert_eq!(out.matches("\nCategory ").count(), 1, "{out}");
    assert_eq!(out.matches("Rk  SNo").count(), 1, "{out}");
    let (_, all, _) = ctca_standings(&[]);
    assert!(all
        .find("Rk")
        .is_some_and(|rk| rk < all.find("\nCategory ").unwrap_or(0)));

    let (code, csv, err) = ctca_standings(&["--category", "U15 Girls", "--format", "csv"]);
    assert_eq!(code, Some(0), "{err}");
    let data: Vec<&str> = csv.lines().skip(1).collect();
    assert!(!data.is_empty());
    assert!(data.iter().all(|l| l.starts_with("U15 Girls,")), "{csv}");
}

#[test]
fn standings_and_validate_had_no_output_option() {
    let dir = Scratch::new("output-option");
    for (cmd, args) in [
        ("standings", vec!["standings", OPEN]),
        ("validate", vec!["validate", OPEN]),
        ("rating", vec!["rating", OPEN]),
        (
            "check",
            vec!["check", "tests/fixtures/check/n005-r04-s8000133.trf"],
        ),
        (
            "prizes",
            vec!["prizes", OPEN, "--profile", "samples/ctca-2023.toml"],
        ),
    ] {
        let (code, want, err) = arbiter(&args);
        assert!(code.is_some_and(|c| c <= 1), "{cmd}: {err}");
        assert!(!want.is_empty(), "{cmd}");
        let file = dir.join(format!("{cmd}.out"));
        let mut with_o = args.clone();
        with_o.extend(["-o", path_str(&file)]);
        let (code2, out, err) = arbiter(&with_o);
        assert_eq!(code2, code, "{cmd}: {err}");
        assert!(out.is_empty(), "{cmd} wrote to stdout with -o: {out}");
        let written = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{cmd}: {e}"));
        assert_eq!(written, want, "{cmd}");
    }
}

#[test]
fn tiebreak_cut_of_every_round_gave_zero_to_everyone_without_a_word() {
    for tb in ["BH/M9", "BH/C9", "BH/M5"] {
        let (code, _, err) = arbiter(&["standings", OPEN, "--tiebreaks", tb]);
        assert_eq!(code, Some(0), "{err}");
        assert!(
            err.contains(&format!(
                "warning[tiebreak-cuts-all]: {OPEN} (tiebreaks): {tb} cuts "
            )),
            "{tb}: {err}"
        );
        assert!(err.contains("the standings count 9 rounds"), "{err}");
    }
    for tb in ["BH/M4", "BH/C8", "BH"] {
        let (_, _, err) = arbiter(&["standings", OPEN, "--tiebreaks", tb]);
        assert!(!err.contains("tiebreak-cuts-all"), "{tb}: {err}");
    }
    // After round 4, BH/M2 cuts every round.
    let (_, _, err) = arbiter(&[
        "standings",
        OPEN,
        "--tiebreaks",
        "BH/M2",
        "--after-round",
        "4",
    ]);
    assert!(
        err.contains(&format!(
            "warning[tiebreak-cuts-all]: {OPEN} (tiebreaks): BH/M2 cuts 4 values"
        )),
        "{err}"
    );
}

/// Issue 32, item 11: a UTF-16 file was summarised as "UTF-8" by `validate`
/// while its warning said UTF-16LE (the text is decoded before reading).
/// The summary names the file's encoding, in text and JSON.
#[test]
fn validate_summarised_a_utf16_file_as_utf8() {
    let dir = Scratch::new("utf16-summary");
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pair/not-paired-kinds.trf"),
    )
    .expect("read the fixture");
    for (bom, enc) in [([0xFF, 0xFE], "UTF-16LE"), ([0xFE, 0xFF], "UTF-16BE")] {
        let mut bytes = bom.to_vec();
        for u in text.encode_utf16() {
            let b = if enc == "UTF-16LE" {
                u.to_le_bytes()
            } else {
                u.to_be_bytes()
            };
            bytes.extend_from_slice(&b);
        }
        let file = dir.join(format!("{enc}.trf"));
        std::fs::write(&file, &bytes).expect("write the UTF-16 file");
        let (code, out, err) = arbiter(&["validate", path_str(&file)]);
        assert_eq!(code, Some(0), "{out}{err}");
        let dialect = out
            .lines()
            .find(|l| l.starts_with("dialect: "))
            .unwrap_or_else(|| panic!("no dialect line in {out}"));
        assert!(
            dialect.contains(&format!("; {enc} (read as Unicode)")),
            "{dialect}"
        );
        assert!(!dialect.contains("UTF-8"), "{dialect}");
        assert!(
            out.contains(&format!("text in {enc} read as Unicode")),
            "{out}"
        );
        let (_, json, _) = arbiter(&["validate", path_str(&file), "--format", "json"]);
        assert!(
            json.contains(&format!("\"source_encoding\": \"{enc}\"")),
            "{json}"
        );
    }
}
