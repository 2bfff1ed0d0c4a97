//! Hostile inputs (issue #18): every command ends with a located error or a
//! result, in bounded memory and time; never an abort.

use crate::scratch::Scratch;
use std::process::{Command, Output};

const DIR: &str = env!("CARGO_MANIFEST_DIR");

/// Run `arbiter` under a 1 GiB address-space limit (Linux `ulimit -v`), so an
/// allocation sized by a value from the file fails the test instead of the machine.
fn run_limited(args: &[&str]) -> Output {
    let mut line = format!(
        "ulimit -v 1048576; exec '{}'",
        env!("CARGO_BIN_EXE_arbiter")
    );
    for a in args {
        line.push_str(&format!(" '{a}'"));
    }
    Command::new("sh")
        .arg("-c")
        .arg(line)
        .current_dir(DIR)
        .output()
        .unwrap_or_else(|e| panic!("run arbiter: {e}"))
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Every command that reads a tournament file.
const READERS: &[&[&str]] = &[
    &["validate"],
    &["convert", "--to", "trf16"],
    &["standings"],
    &["rating"],
    &["check"],
    &["pair"],
];

#[test]
fn huge_player_id_does_not_size_an_allocation() {
    let file = "tests/fixtures/hostile/huge-id.json";
    for cmd in READERS {
        let mut args = cmd.to_vec();
        args.push(file);
        let o = run_limited(&args);
        let code = o.status.code();
        assert!(
            code.is_some() && code != Some(134) && code != Some(2),
            "{cmd:?}: exit {code:?}\n{}",
            stderr(&o)
        );
        assert!(
            !stderr(&o).contains("memory allocation"),
            "{cmd:?}: {}",
            stderr(&o)
        );
    }
}

/// A JSON event of 400,000 players (the memory survey) kept `pair`, `prizes`
/// and `report` busy past two minutes each. No file the federations exchange
/// holds more than 9,999 players (four-digit start numbers): more is refused
/// by every command as too large (exit 4); 9,999 is read.
#[test]
fn more_players_than_a_trf_can_number_is_refused_by_every_command() {
    let json = |n: u32| {
        let players: Vec<String> = (1..=n)
            .map(|i| format!("{{\"id\":{i},\"name\":\"P{i}, X\"}}"))
            .collect();
        format!(
            "{{\"format\":\"chess-arbiter-tournament\",\"version\":1,\"tournament\":{{\"info\":{{}},\"players\":[{}]}}}}",
            players.join(",")
        )
    };
    let dir = Scratch::new("many-players");
    let over = dir.join("over.json");
    let most = dir.join("most.json");
    std::fs::write(&over, json(10_000)).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&most, json(9_999)).unwrap_or_else(|e| panic!("{e}"));
    for cmd in READERS {
        let mut args = cmd.to_vec();
        let path = over.to_string_lossy();
        args.push(&path);
        let o = run_limited(&args);
        assert_eq!(o.status.code(), Some(4), "{cmd:?}: {}", stderr(&o));
        let all = format!("{}{}", stderr(&o), String::from_utf8_lossy(&o.stdout));
        assert!(
            all.contains(
                "expected at most 9999 players (a TRF's four-digit start numbers), found 10000"
            ),
            "{cmd:?}: {all}"
        );
    }
    let o = run_limited(&["validate", &most.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// One `001` line repeated 1,001 times: validate rejects it (duplicate
/// starting rank, players paired twice); every engine command used to run on
/// it anyway (`pair` spent 17 s, then "internal check failed").
#[test]
fn repeated_player_line_is_refused_by_every_engine_command() {
    let base = std::fs::read_to_string(format!(
        "{DIR}/tests/fixtures/pair/vega-engine26_after_import.trf"
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    let mut text = String::new();
    let mut done = false;
    for line in base.lines() {
        text.push_str(line);
        text.push('\n');
        if line.starts_with("001") && !done {
            text.push_str(&format!("{line}\n").repeat(1000));
            done = true;
        }
    }
    let scratch = Scratch::new("repeated");
    let file = scratch.join("repeated.trf");
    std::fs::write(&file, text).unwrap_or_else(|e| panic!("{e}"));
    let file = file.to_string_lossy().into_owned();

    let v = run_limited(&["validate", &file]);
    assert_eq!(v.status.code(), Some(1), "{}", stderr(&v));
    let report = String::from_utf8_lossy(&v.stdout).into_owned();
    assert!(
        report.contains("starting rank 1 is used by 1001 player records"),
        "{report}"
    );
    // Each duplicated record names its opponent again: counted, not listed 1,001 times.
    assert!(
        report.contains("player 2 is paired twice (named by players 1 (1001 records))"),
        "{report}"
    );

    for cmd in [&["pair"][..], &["check"], &["standings"], &["rating"]] {
        let mut args = cmd.to_vec();
        args.push(&file);
        let started = std::time::Instant::now();
        let o = run_limited(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(3), "{cmd:?}: {err}");
        assert!(
            started.elapsed().as_secs() < 10,
            "{cmd:?} took {:?}",
            started.elapsed()
        );
        // The located errors validate gives, then one summary line.
        assert!(
            err.contains("line 8 (starting rank): starting rank 1 is used by 1001 player records"),
            "{cmd:?}: {err}"
        );
        assert!(
            err.contains("error(s) above make the file unusable"),
            "{cmd:?}: {err}"
        );
        assert!(!err.contains("internal check failed"), "{cmd:?}: {err}");
        assert!(o.stdout.is_empty(), "{cmd:?} printed a result");
    }
}

/// A file without players is no tournament: `XXR 5` alone validated with
/// exit 0. Every command now refuses it with a located error, exit 3.
#[test]
fn file_without_players_is_refused_by_every_command() {
    for (file, expected) in [
        (
            "tests/fixtures/hostile/record-only.trf",
            "error: tests/fixtures/hostile/record-only.trf: expected a tournament with at least a player record (001), found none",
        ),
        (
            "tests/fixtures/hostile/no-players.json",
            "error: tests/fixtures/hostile/no-players.json: expected a tournament with at least a player in \"players\", found none",
        ),
    ] {
        for cmd in READERS {
            let mut args = cmd.to_vec();
            args.push(file);
            let o = run_limited(&args);
            assert_eq!(o.status.code(), Some(3), "{cmd:?} {file}: {}", stderr(&o));
            if *cmd != ["pair"] {
                // pair reads TRF only: the JSON file has no TRF records.
                assert!(stderr(&o).contains(expected), "{cmd:?} {file}: {}", stderr(&o));
            }
            assert!(o.stdout.is_empty(), "{cmd:?} {file} printed a result");
        }
    }
}

/// Deterministic junk bytes (the crate's seeded generator), newlines included by chance.
fn junk(len: usize) -> Vec<u8> {
    let mut lots = chess_arbiter::model::random::Seeded::new(1);
    (0..len).map(|_| (lots.next_u64() >> 24) as u8).collect()
}

/// The first `001` line of the committed Vega fixture.
fn first_player_line() -> String {
    let base = std::fs::read_to_string(format!(
        "{DIR}/tests/fixtures/pair/vega-engine26_after_import.trf"
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    base.lines()
        .find(|l| l.starts_with("001"))
        .unwrap_or_else(|| panic!("no 001 line"))
        .to_string()
}

/// Megabytes of junk after one player line: one warning per undecodable
/// line filled memory (1 GB of random bytes took 9.7 GB). The reader now
/// reports the first 200 and one summary with the count of skipped lines.
#[test]
fn junk_lines_get_one_summary_not_one_warning_each() {
    let player = first_player_line();
    let mut bytes = format!("{player}\n").into_bytes();
    for i in 0..5000 {
        bytes.extend_from_slice(format!("zq{i} not a record\n").as_bytes());
    }
    bytes.extend(junk(2_000_000));
    let scratch = Scratch::new("junk");
    let file = scratch.join("junk.trf");
    std::fs::write(&file, bytes).unwrap_or_else(|e| panic!("{e}"));
    let o = run_limited(&["validate", &file.to_string_lossy()]);
    let report = String::from_utf8_lossy(&o.stdout).into_owned();
    let unknown = report.matches("expected a known record code").count();
    assert_eq!(unknown, 200, "{report}");
    let summary: Vec<&str> = report
        .lines()
        .filter(|l| l.contains("more were skipped"))
        .collect();
    assert_eq!(summary.len(), 1, "{report}");
    assert!(
        summary[0].contains("line 202: expected TRF records, found ")
            && summary[0].contains("undecodable lines; after the first 200, "),
        "{}",
        summary[0]
    );
    assert!(
        report.lines().count() < 400,
        "{} lines",
        report.lines().count()
    );
}

/// Inputs above 64 MB are refused before reading, exit 4 (a sparse file:
/// nothing is written to disk); `ARBITER_MAX_INPUT_BYTES` moves the limit,
/// for files and for stdin.
#[test]
fn input_above_the_limit_is_refused_with_exit_4() {
    let scratch = Scratch::new("large");
    let file = scratch.join("large.trf");
    let f = std::fs::File::create(&file).unwrap_or_else(|e| panic!("{e}"));
    f.set_len(64 * 1024 * 1024 + 1)
        .unwrap_or_else(|e| panic!("{e}"));
    drop(f);
    let name = file.to_string_lossy().into_owned();
    for cmd in READERS {
        let mut args = cmd.to_vec();
        args.push(&name);
        let o = run_limited(&args);
        assert_eq!(o.status.code(), Some(4), "{cmd:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("input too large: expected at most 67108864 bytes, found 67108865"),
            "{cmd:?}: {}",
            stderr(&o)
        );
    }
    let _ = std::fs::remove_file(&file);

    let small = "tests/fixtures/pair/vega-engine26_after_import.trf";
    let limited = |stdin: bool| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_arbiter"));
        c.current_dir(DIR).env("ARBITER_MAX_INPUT_BYTES", "100");
        if stdin {
            let f = std::fs::File::open(format!("{DIR}/{small}")).unwrap_or_else(|e| panic!("{e}"));
            c.args(["validate", "-"]).stdin(f);
        } else {
            c.args(["validate", small]);
        }
        c.output().unwrap_or_else(|e| panic!("{e}"))
    };
    for stdin in [false, true] {
        let o = limited(stdin);
        assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("input too large: expected at most 100 bytes"),
            "{}",
            stderr(&o)
        );
    }
}

/// The Swiss-Manager text readers gave every junk row its own diagnostics;
/// after 200 rows with problems they now say how many more there were, in
/// one diagnostic that keeps the outcome (an error when any left out was).
#[test]
fn junk_rows_in_a_swiss_manager_file_get_one_summary() {
    let mut text = std::fs::read_to_string(format!("{DIR}/tests/fixtures/sm/players_round1.txt"))
        .unwrap_or_else(|e| panic!("{e}"));
    let good = text.lines().count();
    for i in 0..1000 {
        text.push_str(&format!("junk{i};x\r\n"));
    }
    let scratch = Scratch::new("sm");
    let file = scratch.join("players.txt");
    std::fs::write(&file, text).unwrap_or_else(|e| panic!("{e}"));
    let o = run_limited(&["validate", "--from", "sm-players", &file.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let report = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(report.matches("row skipped").count(), 200, "{report}");
    let summary = format!(
        "line {}: 800 more rows with problems after the first 200 were not reported one by one (1600 diagnostics)",
        good + 201
    );
    assert!(
        report.contains(&format!("error: {}, {summary}", file.display())),
        "{report}"
    );
}

/// The Swiss-Manager export `tests/fixtures/sm/<name>` with its data rows
/// written `times` times under its header, and those rows.
fn repeat_rows(name: &str, times: usize) -> (String, Vec<String>) {
    let text = std::fs::read_to_string(format!("{DIR}/tests/fixtures/sm/{name}"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut lines = text.lines();
    let header = lines.next().unwrap_or_default();
    let rows: Vec<String> = lines
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect();
    let mut big = format!("{header}\r\n");
    for _ in 0..times {
        for r in &rows {
            big.push_str(r);
            big.push_str("\r\n");
        }
    }
    (big, rows)
}

/// A Swiss-Manager player file of its rows repeated to 63 MB (the memory
/// survey, `scripts/mem-survey`) read 727,650 players and held 2.3 GB: every
/// row as 26 strings, every duplicate as a player, every message kept until
/// the end. A start number used again is now an error on that row, which is
/// not read; rows are kept as their text; messages past the first 200 rows are
/// only counted.
#[test]
fn repeated_swiss_manager_rows_are_not_read_twice() {
    let (big, rows) = repeat_rows("players_round1.txt", 50);
    let scratch = Scratch::new("sm-repeat");
    let file = scratch.join("players.txt");
    std::fs::write(&file, big).unwrap_or_else(|e| panic!("{e}"));
    let o = run_limited(&["validate", "--from", "sm-players", &file.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let report = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        report.contains(&format!("players: {}, ", rows.len())),
        "{report}"
    );
    let second = rows.len() + 2;
    assert!(
        report.contains(&format!(
            "line {second} (Nr): expected a start number not used before, found 1, already on line 2; row skipped"
        )),
        "{report}"
    );
    assert_eq!(report.matches("not used before").count(), 200, "{report}");
    assert!(
        report.contains(&format!(
            "{} more rows with problems after the first 200 were not reported one by one",
            49 * rows.len() - 200
        )),
        "{report}"
    );
}

/// The same for a pairing export: its rows repeated to 63 MB took 1.7 GB
/// (every repeat a board, and a "paired twice" message per player). A player
/// on a second board of a round is now an error on that row, not read.
#[test]
fn repeated_swiss_manager_boards_are_not_read_twice() {
    let (big, rows) = repeat_rows("pairings_rounds1-2_played.txt", 30);
    let scratch = Scratch::new("sm-boards");
    let file = scratch.join("pairings.txt");
    std::fs::write(&file, big).unwrap_or_else(|e| panic!("{e}"));
    let o = run_limited(&["validate", "--from", "sm-pairings", &file.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let report = String::from_utf8_lossy(&o.stdout).into_owned();
    let second = rows.len() + 2;
    assert!(
        report.contains(&format!(
            "line {second}: expected each player on one board of round 1, found player 1 again (first on line 2); row skipped"
        )),
        "{report}"
    );
    assert!(
        report.contains(&format!(
            "{} more rows with problems after the first 200 were not reported one by one",
            29 * rows.len() - 200
        )),
        "{report}"
    );
    assert!(!report.contains("more than one board"), "{report}");
}

/// `250` lines naming the widest range (players 1-9999, rounds 1-999) 2,000
/// times: each expanded into ten million cells, and finding a player's entry
/// scanned the list, so validate ran for minutes. Ranges are bounded in all
/// (a located error per line beyond the bound) and entries are found by map.
#[test]
fn repeated_wide_acceleration_ranges_are_bounded() {
    let player = first_player_line();
    let mut text = format!("{player}\n");
    text.push_str(&"250  1.0  1.0   1 999    1 9999\n".repeat(2000));
    let scratch = Scratch::new("accel");
    let file = scratch.join("accel.trf");
    std::fs::write(&file, text).unwrap_or_else(|e| panic!("{e}"));
    let started = std::time::Instant::now();
    let o = run_limited(&["validate", &file.to_string_lossy()]);
    assert!(
        started.elapsed().as_secs() < 20,
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let report = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(
        report
            .matches("expected acceleration ranges covering at most 10000000 player-rounds in all")
            .count(),
        1999,
        "{}",
        &report[..report.len().min(2000)]
    );
    assert!(report.contains("line 3, cols 15-31 (acceleration): expected acceleration ranges covering at most 10000000 player-rounds in all, found 19978002 with this line"));
}

/// Issue #18 item 4: a Swiss-Manager file holds less than a tournament; every
/// field it drops is named (read back and compared), never dropped in silence.
#[test]
fn swiss_manager_exports_name_every_field_they_drop() {
    let cases: &[(&str, &[&str])] = &[
        (
            "sm-pairings",
            &[
                "sm-pairings cannot carry",
                "end date (info.end_date) \"2023-08-19\" not written",
                "chief arbiter (info.chief_arbiter)",
                "time control (info.time_control)",
                "games or byes of round(s) 1, 2, 3, 4, 5, 6, 7, 8 for",
                "players' name (name)",
            ],
        ),
        (
            "sm-players",
            &[
                "round dates (info.round_dates)",
                "games or byes of round(s) 1, 2, 3, 4, 5, 6, 7, 8, 9 for 121 players",
            ],
        ),
        (
            "sm-xml",
            &[
                "start date (info.start_date)",
                "games or byes of round(s) 1, 2, 3, 4, 5, 6, 7, 8, 9 for 121 players",
            ],
        ),
    ];
    for (to, expected) in cases {
        let o = run_limited(&["convert", "samples/open-2023.trf", "--to", to]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(0), "{to}: {err}");
        assert!(!o.stdout.is_empty(), "{to}: nothing written");
        for e in *expected {
            assert!(err.contains(e), "{to}: expected {e:?} in:\n{err}");
        }
    }
    // What a format carries in full is not reported.
    let o = run_limited(&["convert", "samples/open-2023.trf", "--to", "json"]);
    assert!(!stderr(&o).contains("cannot carry"), "{}", stderr(&o));
}

/// Issue #18/#13: a pairing list of a round the event does not have is an
/// error (exit 3, nothing written), not a header with exit 0.
#[test]
fn swiss_manager_pairing_list_of_a_missing_round_is_an_error() {
    for round in ["0", "12"] {
        let o = run_limited(&[
            "convert",
            "samples/open-2023.trf",
            "--to",
            "sm-pairings",
            "--round",
            round,
        ]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(3), "--round {round}: {err}");
        assert!(
            err.contains(&format!(
                "--round: expected a round from 1 to 9 (the rounds with data in the file), found {round}"
            )),
            "{err}"
        );
        assert!(o.stdout.is_empty(), "--round {round}: output written");
    }
}

/// Issue #18 item 5: a profile that is not UTF-8 is invalid input (exit 3),
/// located at its first bad byte; not "cannot access the file" (exit 5).
#[test]
fn profile_not_in_utf8_is_invalid_input_located_at_the_byte() {
    let dir = Scratch::new("profile");
    let path = dir.join("latin1.toml");
    std::fs::write(&path, b"[prizes]\nname = \"Caf\xe9 Open\"\n").unwrap_or_else(|e| panic!("{e}"));
    let p = path.to_string_lossy().into_owned();
    let site = dir.join("site").to_string_lossy().into_owned();
    for cmd in ["prizes", "standings", "report"] {
        let mut args = vec![cmd, "samples/open-2023.trf", "--profile", &p];
        if cmd == "report" {
            args.extend(["--no-check", "-o", &site]);
        }
        let o = run_limited(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(3), "{cmd}: {err}");
        assert!(
            err.contains("line 2, col 12: expected a profile in UTF-8 text, found byte 0xE9"),
            "{cmd}: {err}"
        );
    }
}

/// Issue #18 item 5: "category U13 needs a reference date" names the
/// profile, the line and the columns of the category's name, in `prizes`,
/// `standings` and `report`; a `[standings]` table that does not read is
/// located in one line (file, line, columns), as `prizes` locates it.
#[test]
fn profile_errors_name_the_profile_file_and_line() {
    let dir = Scratch::new("profile-line");
    // a tournament file without a start date (no 042, 052 or 132)
    let trf = std::fs::read_to_string(format!("{DIR}/tests/fixtures/rating/clean.trf"))
        .unwrap_or_else(|e| panic!("{e}"));
    let trf: String = trf
        .lines()
        .filter(|l| !["042", "052", "132"].iter().any(|c| l.starts_with(c)))
        .map(|l| format!("{l}\n"))
        .collect();
    let input = dir.join("nodate.trf");
    std::fs::write(&input, trf).unwrap_or_else(|e| panic!("{e}"));
    let profile = dir.join("u13.toml");
    std::fs::write(
        &profile,
        "[standings]\ntiebreaks = [\"BH\"]\n\n[[standings.categories]]\nname = \"U13\"\nunder = 13\n\n[prizes]\n[[prizes.tables]]\ncategory = \"U13\"\ncash = [100]\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let (i, p) = (
        input.to_string_lossy().into_owned(),
        profile.to_string_lossy().into_owned(),
    );
    let site = dir.join("site").to_string_lossy().into_owned();
    for cmd in ["prizes", "standings", "report"] {
        let mut args = vec![cmd, i.as_str(), "--profile", &p];
        if cmd == "report" {
            args.extend(["--no-check", "-o", &site]);
        }
        let o = run_limited(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(3), "{cmd}: {err}");
        assert!(
            err.contains(&format!(
                "{p}, line 5, cols 8-12 (name): category U13 needs a reference date"
            )),
            "{cmd}: {err}"
        );
    }
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "[standings]\ntiebreaks = \"BH\"\n").unwrap_or_else(|e| panic!("{e}"));
    let b = bad.to_string_lossy().into_owned();
    for cmd in ["prizes", "standings"] {
        let o = run_limited(&[cmd, "samples/open-2023.trf", "--profile", &b]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(3), "{cmd}: {err}");
        assert!(
            err.contains(&format!("{b}, line 2, cols 13-16")),
            "{cmd}: {err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{cmd}: {err}");
    }
}

/// Issue #18 item 5: the team tie-breaks (EDET, EDEBT, EDEBB, EDEB, MPvGP,
/// EMGSB; C.07 art. 13) asked of an individual event are refused as team
/// tie-breaks. (A team file's own list now ranks its teams: issue #31,
/// `team_standings`.)
#[test]
fn team_tie_breaks_of_an_individual_event_are_named_as_team_tie_breaks() {
    for code in ["EDEBT", "EDEBB", "EDEB", "MPvGP", "EMGSB"] {
        let o = run_limited(&["standings", "samples/open-2023.trf", "--tiebreaks", code]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(3), "{code}: {err}");
        assert!(err.contains("team tie-break"), "{code}: {err}");
    }
}

/// Issue #18 item 5: diagnostics about a JSON input name the file and the
/// field, never TRF columns (there are none in a JSON file).
#[test]
fn json_input_is_never_located_by_trf_columns() {
    let o = run_limited(&["convert", "samples/open-2023.trf", "--to", "json"]);
    let mut doc: serde_json::Value =
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}"));
    doc["tournament"]["players"][0]["points"] = serde_json::json!(5);
    let dir = Scratch::new("json-cols");
    let path = dir.join("points.json");
    std::fs::write(&path, doc.to_string()).unwrap_or_else(|e| panic!("{e}"));
    let p = path.to_string_lossy().into_owned();
    for cmd in [&["validate"][..], &["check", "--rounds", "1"]] {
        let mut args = cmd.to_vec();
        args.insert(1, &p);
        let o = run_limited(&args);
        let err = format!("{}{}", String::from_utf8_lossy(&o.stdout), stderr(&o));
        // The player's path in the document (issue #18: JSON is located by path).
        assert!(
            err.contains("(tournament.players[0], points): player 1"),
            "{cmd:?}: {err}"
        );
        assert!(!err.contains("cols "), "{cmd:?} cites TRF columns: {err}");
    }
}

/// Issue #18 item 5: a JSON input that does not read is located by line and
/// column of the JSON text, never left without a position.
#[test]
fn json_errors_name_line_and_column() {
    let dir = Scratch::new("json-pos");
    let path = dir.join("bad.json");
    std::fs::write(
        &path,
        "{\"format\":\"chess-arbiter-tournament\",\n\"version\":1,\"tournament\":{\"info\":{},\n\"players\":[{\"id\":1,\"name\":5}]}}",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let p = path.to_string_lossy().into_owned();
    let o = run_limited(&["validate", &p]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains(&format!("{p}, line 3, col 27")), "{err}");
}

mod readers;
