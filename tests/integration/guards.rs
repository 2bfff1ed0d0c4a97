//! The guards and messages of issues #32 and #34 that cut across commands:
//! `--section` wherever a profile is taken, an error printed means a non-zero
//! exit, a team event's site, a Vega standings export, a finished event and
//! birth dates shifted one column.

use std::path::PathBuf;
use std::process::Output;

use crate::scratch::Scratch;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn at(p: &str) -> String {
    root().join(p).display().to_string()
}

fn arbiter(args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap_or_else(|e| panic!("run arbiter: {e}"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// #34 item 13: an `error:` line printed means a non-zero exit, whatever
/// the command; the 5-byte file `001 9` is accepted by none.
#[test]
fn every_command_that_prints_an_error_exits_non_zero() {
    let scratch = Scratch::new("error-exit");
    let five = scratch.path().join("five.trf");
    std::fs::write(&five, "001 9").expect("write");
    let five = five.display().to_string();
    let site = scratch.path().join("site").display().to_string();
    let out = scratch.path().join("out").display().to_string();
    let regs = scratch.path().join("regs.csv");
    std::fs::write(&regs, "001 9").expect("write");
    let regs = regs.display().to_string();
    let profile = at("samples/ctca-2023.toml");
    let list = at("tests/fixtures/fide_list/players_list_foa.txt");
    let example = at("tests/fixtures/trf/fide-example1.trf");
    let dup = at("tests/fixtures/trf/invalid/duplicate-fide-id.trf");
    let dates = at("tests/fixtures/trf/invalid/end-before-start.trf");
    let points = at("tests/fixtures/trf/invalid/points-mismatch.trf");
    let cases: Vec<(&str, Vec<&str>)> = vec![
        ("standings 001 9", vec!["standings", &five]),
        ("pair 001 9", vec!["pair", &five]),
        ("report 001 9", vec!["report", &five, "-o", &site]),
        (
            "convert 001 9",
            vec!["convert", &five, "--to", "json", "-o", &out],
        ),
        ("check 001 9", vec!["check", &five]),
        ("prizes 001 9", vec!["prizes", &five, "--profile", &profile]),
        ("rating 001 9", vec!["rating", &five]),
        ("validate 001 9", vec!["validate", &five]),
        (
            "start-list 001 9",
            vec!["start-list", &regs, "--fide-list", &list],
        ),
        // #34 item 13: ids the list does not know, printed as errors
        (
            "rating --fide-list",
            vec!["rating", &example, "--fide-list", &list],
        ),
        (
            "validate --fide-list",
            vec!["validate", &example, "--fide-list", &list],
        ),
        ("generate 0 players", vec!["generate", "--players", "0"]),
        // errors that do not stop the work: printed, the work done, exit 1
        ("check duplicate FIDE id", vec!["check", &dup]),
        ("standings duplicate FIDE id", vec!["standings", &dup]),
        ("standings dates", vec!["standings", &dates]),
        ("check dates", vec!["check", &dates]),
        ("standings points", vec!["standings", &points]),
        (
            "prizes points",
            vec!["prizes", &points, "--profile", &profile],
        ),
    ];
    let mut wrong = Vec::new();
    for (what, args) in &cases {
        let o = arbiter(args);
        let err = text(&o.stderr);
        let printed = err.lines().any(|l| l.starts_with("error"));
        let code = o.status.code();
        if code == Some(0) || (printed && !matches!(code, Some(1 | 3 | 4 | 5))) {
            wrong.push(format!("{what}: exit {code:?}\n{err}"));
        }
        assert!(
            printed || code != Some(0),
            "{what}: no error printed, exit {code:?}"
        );
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n---\n"));
}

/// A ranking on a file with an error that does not stop it (declared
/// points the results contradict) is written, and the exit says a problem
/// was found (1), not success.
#[test]
fn standings_written_after_an_error_exit_1() {
    let o = arbiter(&[
        "standings",
        &at("tests/fixtures/trf/invalid/points-mismatch.trf"),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("Alpha, A"));
}

/// #32 item 3: the Senior section's site pays its winner from the Senior
/// table (NT$15,000), not the Open's (NT$45,000).
#[test]
fn report_of_a_section_pays_from_the_section_table() {
    let scratch = Scratch::new("report-section");
    let dir = scratch.path().join("site");
    let o = arbiter(&[
        "report",
        "samples/senior-2023.trf",
        "--profile",
        "samples/ctca-2023.toml",
        "--section",
        "senior",
        "--no-check",
        "-o",
        &dir.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    // the Senior table's 15,000 for first, reduced to 9/10 by the section's
    // pro-rata rule (9 players), as `prizes --section senior` pays it; never
    // the Open table's 45,000 (40,500 reduced)
    let prizes = std::fs::read_to_string(dir.join("prizes.html")).expect("prizes.html");
    assert!(
        prizes.contains("reduced to 9/10 and rounded down to whole NT$: 13,500 / 8,100 / 5,400"),
        "{prizes}"
    );
    // the Senior sample's winner (TRF rank 1, columns 86-89), read from the file
    let senior =
        std::fs::read_to_string(root().join("samples/senior-2023.trf")).unwrap_or_default();
    let field = |l: &str, from: usize, len: usize| -> String {
        l.chars()
            .skip(from)
            .take(len)
            .collect::<String>()
            .trim()
            .to_string()
    };
    let winner = senior
        .lines()
        .find(|l| l.starts_with("001 ") && field(l, 85, 4) == "1")
        .map(|l| field(l, 14, 33))
        .unwrap_or_default();
    assert!(
        prizes.contains(&format!("<td>{winner}</td><td class=\"n\">13,500</td>")),
        "{winner}: {prizes}"
    );
    assert!(
        !prizes.contains("45,000") && !prizes.contains("40,500"),
        "{prizes}"
    );
    // an unknown section is refused, naming the known ones
    let o = arbiter(&[
        "report",
        "samples/senior-2023.trf",
        "--profile",
        "samples/ctca-2023.toml",
        "--section",
        "rapid",
        "-o",
        &dir.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        text(&o.stderr)
            .contains("expected a section of the profile (blitz, senior), found \"rapid\""),
        "{}",
        text(&o.stderr)
    );
    // without --section the main section is used, and the note says so
    let o = arbiter(&[
        "report",
        "samples/senior-2023.trf",
        "--profile",
        "samples/ctca-2023.toml",
        "--no-check",
        "-o",
        &dir.display().to_string(),
    ]);
    assert!(
        text(&o.stderr).contains("the profile also has the section(s) blitz, senior (give --section KEY for one of them)"),
        "{}",
        text(&o.stderr)
    );
}

/// #32 item 3: `standings --section` ranks with the section's categories and
/// tie-breaks; `validate --section` refuses a section the profile lacks.
#[test]
fn standings_and_validate_take_the_section() {
    let o = arbiter(&[
        "standings",
        "samples/senior-2023.trf",
        "--profile",
        "samples/ctca-2023.toml",
        "--section",
        "senior",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("\"Senior\""), "the section's category: {out}");
    let o = arbiter(&[
        "standings",
        "samples/senior-2023.trf",
        "--profile",
        "samples/ctca-2023.toml",
        "--format",
        "json",
    ]);
    let main = text(&o.stdout);
    assert!(
        !main.contains("\"Senior\""),
        "the main section has no Senior category"
    );
    let o = arbiter(&[
        "validate",
        "samples/senior-2023.trf",
        "--profile",
        "samples/ctca-2023.toml",
        "--section",
        "rapid",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
    let o = arbiter(&[
        "validate",
        "samples/senior-2023.trf",
        "--profile",
        "samples/ctca-2023.toml",
        "--section",
        "senior",
    ]);
    assert_ne!(o.status.code(), Some(3), "{}", text(&o.stderr));
    // --section without --profile is a usage error
    let o = arbiter(&[
        "standings",
        "samples/senior-2023.trf",
        "--section",
        "senior",
    ]);
    assert_eq!(o.status.code(), Some(3));
}

/// #32: `report` on a team event refused as pair and check refuse it, and
/// pointing at `standings` (not at a `--tiebreaks` report does not take).
#[test]
fn report_refuses_a_team_event() {
    let scratch = Scratch::new("report-team");
    let o = arbiter(&[
        "report",
        "tests/fixtures/trf/trf26-team-grandmommys-cup.trf",
        "-o",
        &scratch.path().join("site").display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(3));
    let err = text(&o.stderr);
    assert!(
        err.contains("expected an individual tournament, found a team event"),
        "{err}"
    );
    assert!(err.contains("`arbiter standings"), "{err}");
    assert!(!err.contains("--tiebreaks"), "{err}");
}

/// #32: Vega's standings export is named as such, with what to give instead.
#[test]
fn a_vega_standings_export_is_named() {
    let scratch = Scratch::new("vega-standings");
    let f = scratch.path().join("standings_round3.txt");
    std::fs::write(
        &f,
        "TestOpen\r\n - , \r\n\r\nStandings at round 3\r\n\r\nPos   N     NAME                      g | FRtg  NRtg  Fed |  Pts      BH\r\n------------------------------------------------------------------------\n  1   6     Gruber, Sarah             m | 1922     0  AUT |  2.5     5.0\r\n",
    )
    .expect("write");
    let o = arbiter(&["standings", &f.display().to_string()]);
    assert_eq!(o.status.code(), Some(3));
    let err = text(&o.stderr);
    assert!(
        err.contains("standings_round3.txt, line 4: expected a tournament file, found Vega's standings export"),
        "{err}"
    );
    assert!(err.contains("cross table"), "{err}");
    assert!(!err.contains("expected TRF records"), "{err}");
}

/// #32: `pair` on a finished event names the file.
#[test]
fn pair_on_a_finished_event_names_the_file() {
    let o = arbiter(&["pair", "samples/blitz-2023.trf"]);
    assert_eq!(o.status.code(), Some(3));
    let err = text(&o.stderr);
    assert!(
        err.contains("error: samples/blitz-2023.trf: invalid request: round 10 is beyond the 9 rounds of the tournament"),
        "{err}"
    );
}

fn shifted() -> String {
    at("tests/fixtures/pair/trf26-shifted-birth-dates.trf")
}

/// #32: birth dates shifted one column are a warning where they are not
/// used (pair, check, standings without categories by age) and an error
/// where they are (rating: K factors by age; categories by age).
#[test]
fn shifted_birth_dates_refuse_only_where_the_date_matters() {
    let warn = "line 7, cols 70-80 (birth date): expected the birth date in columns 70-79";
    for cmd in ["pair", "check", "standings"] {
        let o = arbiter(&[cmd, &shifted()]);
        let err = text(&o.stderr);
        assert!(
            matches!(o.status.code(), Some(0)),
            "{cmd}: exit {:?}\n{err}",
            o.status.code()
        );
        assert!(
            err.contains(&format!("warning: {}, {warn}", shifted())),
            "{cmd}: {err}"
        );
        assert!(
            err.contains(&format!("`arbiter {cmd}` does not use birth dates")),
            "{cmd}: {err}"
        );
        assert!(!o.stdout.is_empty(), "{cmd}");
    }
    let o = arbiter(&["rating", &shifted()]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains(&format!("error: {}, {warn}", shifted())));
    // a category by age needs the dates: refused
    let scratch = Scratch::new("shifted-ages");
    let p = scratch.path().join("ages.toml");
    std::fs::write(
        &p,
        "[standings]\nreference_date = 2026-01-01\ncategories = [{ name = \"S50\", at_least = 50 }]\n",
    )
    .expect("write");
    let o = arbiter(&[
        "standings",
        &shifted(),
        "--profile",
        &p.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
}
