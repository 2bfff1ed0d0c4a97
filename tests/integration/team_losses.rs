//! Conversions of a team event to formats without the TRF-2026 team layer
//! say what they lose (#31): which team fields and records, how many teams,
//! records and matches, and whose totals change. The TEC team sample
//! (50 teams, 14 rounds, every team record) is converted to each target.

use std::process::Command;

fn convert(to: &str) -> String {
    let sample = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/trf/trf26-team-grandmommys-cup.trf");
    let o = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["convert", sample.to_str().unwrap(), "--to", to])
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stderr).unwrap()
}

fn has(err: &str, needle: &str) {
    assert!(err.contains(needle), "expected {needle:?} in:\n{err}");
}

/// The records of the sample, counted by hand from the file: one 352
/// (WBWB), one 362, 18 `240` lines naming 22 team byes, one `320` with 8
/// teams, 141 `300` line-ups, 22 `330` forfeited matches.
const RECORDS: &str = "cannot carry the team records: the board colours (352 WBWB); the match points (362 TW 2.0 TD 1.0 TL 0.0, the default a reader assumes); 18 team-bye records (22 team byes in round(s) 1, 2, 3, 4, 5, 6, 8, 9, 10, 12) (240); the team pairing-allocated bye (320: 8 teams worth 1.0 MP and 2.0 GP); 141 line-ups (300) in round(s) 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14; 22 forfeited matches (330) in round(s) 4, 5, 6, 7, 8, 9, 10, 11, 12, 14; not written (use trf26 or json)";

/// TRF16, TRF(x) and TRF(bx) keep the teams as `013` (names, members in
/// board order): the `310` details, the team records and so the byes and
/// forfeited matches are lost, and 34 teams' totals change.
#[test]
fn trf16_trfx_and_trfbx_say_which_team_records_and_matches_they_lose() {
    for (to, name) in [("trf16", "TRF16"), ("trfx", "TRF(x)"), ("trfbx", "TRF(bx)")] {
        let err = convert(to);
        has(&err, &format!("{name} {RECORDS}"));
        for field in [
            "short name (310) for 50 teams; e.g. India (1): IND not written",
            "strength factor (310) for 50 teams",
            "declared match points (310) for 50 teams; e.g. India (1): 15.0 not written",
            "declared game points (310) for 50 teams",
            "declared rank (310) for 50 teams",
        ] {
            has(&err, &format!("{name} cannot carry the teams' {field}"));
        }
        // The 22 forfeited matches are lost; the 141 line-ups change no
        // result (their boards are the games read back); 30 byes are lost.
        has(&err, &format!("{name} cannot carry the team matches as played: 22 matches of 284 and 30 rounds without a match of 132 read back with another opponent or score"));
        has(
            &err,
            "round 6: Ukraine (2) v 24 forfeited 0.0 GP 0.0 MP read back as no match 0.0 GP 0.0 MP",
        );
        has(&err, &format!("{name} changes the totals of 34 teams: Georgia (3): 19.0 MP 32.5 GP → 17.0 MP 28.5 GP"));
        // The teams themselves and their numbers survive as 013.
        assert!(!err.contains("teams (names, players"), "{err}");
        assert!(!err.contains("team numbers (310)"), "{err}");
        // One account, not the writer's record-by-record notes as well.
        assert!(!err.contains("(310): "), "{err}");
    }
}

/// Swiss-Manager's XML import file carries players only.
#[test]
fn sm_xml_says_it_loses_the_teams_and_every_match() {
    let err = convert("sm-xml");
    has(&err, "sm-xml cannot carry the 50 teams (names, players and board order): India (1); Ukraine (2); Georgia (3); Poland (4); France (5); …; not written");
    has(&err, &format!("sm-xml {RECORDS}"));
    has(&err, "sm-xml cannot carry the team matches: 284 matches and 132 rounds without a match (byes and absences) of 14 round(s) are lost with the teams");
    // Not also as a raw field dump in the event warning.
    assert!(!err.contains("(team_records)"), "{err}");
    assert!(!err.contains("teams (teams)"), "{err}");
}

/// TRF-2026 and JSON carry the whole team layer: no team loss is reported.
#[test]
fn trf26_and_json_lose_nothing_of_the_teams() {
    for to in ["trf26", "json"] {
        let err = convert(to);
        for w in ["team records", "team matches", "teams'", "team totals"] {
            assert!(!err.contains(w), "{to}: {err}");
        }
    }
}
