//! Files written by one command and read back by another: the round `pair`
//! writes, conversions between TRF dialects, JSON and the Swiss-Manager
//! formats, and the start list (issue #32).

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::scratch::Scratch;

fn fixture(dir: &str, name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(dir)
        .join(name)
}

fn arbiter(args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("run arbiter: {e}"))
}

fn path(p: &Path) -> &str {
    p.to_str()
        .unwrap_or_else(|| panic!("{} is not UTF-8", p.display()))
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Issue #32 item 2: the round `pair` wrote gave its pairing-allocated bye a
/// point the points column left out ("player 6 declares 0.0 points, but the
/// results add up to 1.0"), so `validate`, `check` and the next `pair`
/// refused the file.
#[test]
fn paired_round_with_a_bye_reads_back() {
    let dir = Scratch::new("pab-points");
    let g2 = dir.join("g2.trf");
    let input = fixture("pair", "random-pab-round2.trf");
    let out = arbiter(&["pair", path(&input), "--format", "trf", "-o", path(&g2)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = read(&g2);
    let six = text
        .lines()
        .find(|l| l.starts_with("001    6"))
        .unwrap_or_else(|| panic!("no player 6 in\n{text}"));
    assert!(six.ends_with("0000 - U"), "{six}");
    assert_eq!(six.get(80..84), Some(" 1.0"), "{six}");
    let out = arbiter(&["validate", path(&g2)]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// Issue #32 item 5: a JSON player id above 9999 validated with 0 errors,
/// then `convert --to trf16` left the player out with a warning that named
/// no place. Now `validate` says what a TRF cannot hold, at the JSON path,
/// and the conversion refuses to write a file without the player.
#[test]
fn json_player_id_beyond_a_trf_is_located_and_not_dropped() {
    let dir = Scratch::new("json-id");
    let input = dir.join("big-id.json");
    std::fs::write(
        &input,
        r#"{"format":"chess-arbiter-tournament","version":1,"tournament":{"info":{},"players":[{"id":4294967295,"name":"A"}]}}"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = arbiter(&["validate", path(&input)]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &stderr(&out);
    assert!(
        text.contains("(tournament.players[0].id)") && text.contains("found 4294967295"),
        "{text}"
    );
    let trf = dir.join("out.trf");
    let out = arbiter(&["convert", path(&input), "--to", "trf16", "-o", path(&trf)]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("(tournament.players[0].id)"),
        "{}",
        stderr(&out)
    );
    assert!(!trf.exists(), "a file without the player was written");
}

/// Issue #32 item 6: the FIDE report needs the round dates (`132`) and the
/// tie-breaks (`202`), which `--set` could not give; accelerations (`250`)
/// and forbidden pairs (`260`) neither.
#[test]
fn convert_set_gives_every_header_record_of_the_report() {
    let dir = Scratch::new("set-headers");
    let out_file = dir.join("report.trf");
    let input = fixture("pair", "random-pab-round2.trf");
    let out = arbiter(&[
        "convert",
        path(&input),
        "--to",
        "trf26",
        "--set",
        "132=2026-03-29,2026-03-30",
        "--set",
        "202=BH,SB",
        "--set",
        "250=1.0;1-2;1-3",
        "--set",
        "260=1,2",
        "-o",
        path(&out_file),
    ]);
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{}",
        stderr(&out)
    );
    let text = read(&out_file);
    for want in [
        "26/03/29  26/03/30",
        "\r\n202 BH,SB\r\n",
        "\r\n250 ",
        "\r\n260 001 999    1    2\r\n",
    ] {
        assert!(text.contains(want), "{want:?} not in\n{text}");
    }
}

/// Issue #34 item 12: a value with a line break wrote a record of its own
/// (`001    1 evil`) with exit 0.
#[test]
fn convert_set_refuses_a_line_break() {
    let input = fixture("pair", "random-pab-round2.trf");
    let out = arbiter(&["convert", path(&input), "--set", "012=a\r\n001    1 evil"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(stderr(&out).contains("--set 012"), "{}", stderr(&out));
}

/// Issue #32 item 6: `convert --for fide` takes `--profile` (and
/// `--section`) for the tie-breaks; before, ties were ranked by starting
/// rank ("tie-breaks were not applied").
#[test]
fn convert_for_fide_ranks_by_the_profile_tiebreaks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let input = root.join("samples/senior-2023.trf");
    let profile = root.join("samples/ctca-2023.toml");
    let out = arbiter(&[
        "convert",
        path(&input),
        "--to",
        "trf16",
        "--for",
        "fide",
        "--profile",
        path(&profile),
        "--section",
        "senior",
    ]);
    let err = stderr(&out);
    assert!(out.status.code().is_some_and(|c| c <= 1), "{err}");
    assert!(!err.contains("not applied"), "{err}");
    assert!(err.contains("tie-breaks DE"), "{err}");
    let out = arbiter(&[
        "convert",
        path(&input),
        "--profile",
        path(&profile),
        "--section",
        "nosuch",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("senior"), "{}", stderr(&out));
}

/// Issue #32 item 12: `convert --to json` built the whole document as one
/// string; it is streamed now, and is the same document.
#[test]
fn convert_to_json_streams_the_same_document() {
    let dir = Scratch::new("json-stream");
    let input = fixture("pair", "random-pab-round2.trf");
    let file = dir.join("t.json");
    let out = arbiter(&["convert", path(&input), "--to", "json", "-o", path(&file)]);
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{}",
        stderr(&out)
    );
    let stdout = arbiter(&["convert", path(&input), "--to", "json"]);
    assert_eq!(read(&file).as_bytes(), &stdout.stdout[..]);
    let back = arbiter(&["validate", path(&file)]);
    assert!(
        back.status.code().is_some_and(|c| c <= 1),
        "{}",
        stderr(&back)
    );
    assert!(read(&file).starts_with("{\n  \"format\": \"chess-arbiter-tournament\""));
}

/// Issue #32 item 9: the Swiss-Manager player and pairing files as a results
/// sheet. Written from a TRF and read back together (`players.txt+pairings.txt`),
/// round-1 absences (`Z`) came back as "no entry" and half-point byes as
/// nothing, so the player file's points contradicted the results and nothing
/// read back until its points column was blanked. The pairing file has no row
/// for those byes; the player file's points now say which they were. The
/// header (system, round count) is in neither file: the export says so and
/// `pair` takes `--system` as for any file without one.
#[test]
fn swiss_manager_players_and_pairings_round_trip_a_results_sheet() {
    use chess_arbiter::formats::{swiss_manager as sm, trf};
    use chess_arbiter::model::{ByeKind, RoundEntry};
    let scratch = Scratch::new("sm-results-sheet");
    let dir = scratch.path();
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/open-2023.trf");
    let bytes = std::fs::read(&sample).unwrap_or_else(|e| panic!("{e}"));
    let mut t = trf::read(&bytes, &trf::ReadOptions::default())
        .unwrap_or_else(|e| panic!("{e}"))
        .tournament;
    for p in &mut t.players {
        p.rounds.truncate(3);
        p.rank = None;
    }
    let points: Vec<_> = t.players.iter().map(|p| t.score(p, None)).collect();
    for (p, s) in t.players.iter_mut().zip(points) {
        p.points = Some(s);
    }
    // What the sample's first three rounds hold: the byes this test is about.
    let has = |bye: ByeKind, round: usize| {
        t.players
            .iter()
            .any(|p| p.round(round) == RoundEntry::Bye { bye })
    };
    assert!(has(ByeKind::Zero, 1) && has(ByeKind::Half, 2));
    let after3 = dir.join("after3.trf");
    std::fs::write(&after3, trf::write(&t, &trf::WriteOptions::default()).text)
        .unwrap_or_else(|e| panic!("{e}"));

    let players = dir.join("players.txt");
    let o = arbiter(&[
        "convert",
        path(&after3),
        "--to",
        "sm-players",
        "-o",
        path(&players),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let mut sheet = String::new();
    for r in 1..=3 {
        let one = dir.join(format!("round{r}.txt"));
        let o = arbiter(&[
            "convert",
            path(&after3),
            "--to",
            "sm-pairings",
            "--round",
            &r.to_string(),
            "-o",
            path(&one),
        ]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(0), "{err}");
        // The header is in neither file: said at writing.
        assert!(err.contains("sm-pairings cannot carry"), "{err}");
        let text = read(&one);
        // Swiss-Manager exports a range of rounds as one file: one header.
        let body: Vec<&str> = text.lines().skip(usize::from(r > 1)).collect();
        sheet.push_str(&body.join("\r\n"));
        sheet.push_str("\r\n");
    }
    let pairings = dir.join("pairings.txt");
    std::fs::write(&pairings, &sheet).unwrap_or_else(|e| panic!("{e}"));

    let back = sm::read_combined(
        &std::fs::read(&players).unwrap_or_else(|e| panic!("{e}")),
        sheet.as_bytes(),
    )
    .unwrap_or_else(|d| panic!("{d:?}"));
    assert!(
        back.diagnostics.iter().all(|d| !d.is_error()),
        "{:?}",
        back.diagnostics
    );
    let b = &back.tournament;
    assert_eq!(b.players.len(), t.players.len());
    for (p, q) in t.players.iter().zip(&b.players) {
        assert_eq!(p.id, q.id);
        for r in 1..=3 {
            assert_eq!(p.round(r), q.round(r), "player {} round {r}", p.id);
        }
        assert_eq!(p.points, q.points, "player {}", p.id);
        assert_eq!(t.score(p, None), b.score(q, None), "player {}", p.id);
    }

    // The same round 4 from both, given the system the files cannot carry.
    let combined = format!("{}+{}", path(&players), path(&pairings));
    let pair = |input: &str| {
        let o = arbiter(&["pair", input, "--system", "dutch-2017", "--format", "bbp"]);
        assert_eq!(o.status.code(), Some(0), "{input}: {}", stderr(&o));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let ours = pair(path(&after3));
    assert!(ours.lines().count() > 50, "{ours}");
    assert_eq!(pair(&combined), ours);
}
