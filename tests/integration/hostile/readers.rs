//! Hostile input found by mutating real files (issue 32) and by attacking the
//! readers and commands (issue 34): every number that sizes work is checked
//! against the data, every width taken from data is capped, every file read is
//! bounded, and an error printed means a non-zero exit. Big inputs are made
//! here, not committed.

use std::io::Write as _;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::scratch::Scratch;

const DIR: &str = env!("CARGO_MANIFEST_DIR");

/// Run `arbiter` with its address space limited to `kb` KiB (`ulimit -v`), so
/// an allocation out of proportion fails the test.
fn run_within(kb: u64, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut line = format!("ulimit -v {kb}; exec '{}'", env!("CARGO_BIN_EXE_arbiter"));
    for a in args {
        line.push_str(&format!(" '{a}'"));
    }
    let mut c = Command::new("sh");
    c.arg("-c").arg(line).current_dir(DIR).stdin(Stdio::null());
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().unwrap_or_else(|e| panic!("run arbiter: {e}"))
}

/// 1 GiB, as the other hostile tests.
fn run_limited(args: &[&str]) -> Output {
    run_within(1 << 20, args, &[])
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(format!("{DIR}/{rel}")).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn write(dir: &Scratch, name: &str, bytes: impl AsRef<[u8]>) -> String {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap_or_else(|e| panic!("{e}"));
    p.to_string_lossy().into_owned()
}

/// Every command that reads a tournament file, `report` included.
const COMMANDS: &[&[&str]] = &[
    &["validate"],
    &["convert", "--to", "trf16"],
    &["standings"],
    &["rating"],
    &["check"],
    &["pair"],
];

/// `Pairing of round 4294967295` sized every player's round list (16 GB) and
/// aborted every command; round 1,000,000 kept `check` and `report` busy past a
/// minute. The round is checked before anything is allocated: a located error.
#[test]
fn vega_pairing_list_round_number_does_not_size_an_allocation() {
    let dir = Scratch::new("vega-round");
    let base = read("tests/fixtures/vega/sorted_pairs_round3.txt");
    assert!(base.contains("Pairing of round 3"));
    for round in ["4294967295", "1000000", "102"] {
        let file = write(
            &dir,
            &format!("r{round}.txt"),
            base.replace("Pairing of round 3", &format!("Pairing of round {round}")),
        );
        let mut cmds: Vec<Vec<&str>> = COMMANDS.iter().map(|c| c.to_vec()).collect();
        let site = dir.join(format!("site{round}"));
        let site = site.to_string_lossy().into_owned();
        cmds.push(vec!["report", "-o", &site]);
        for cmd in cmds {
            let mut args = cmd.clone();
            args.push(&file);
            let start = Instant::now();
            let o = run_limited(&args);
            assert!(start.elapsed() < Duration::from_secs(20), "{cmd:?} {round}");
            assert_eq!(o.status.code(), Some(3), "{cmd:?} {round}: {}", stderr(&o));
            let all = format!("{}{}", stderr(&o), stdout(&o));
            assert!(
                all.contains(&format!(
                    "line 1 (round): expected a round from 1 to 101, found `Pairing of round {round}`"
                )),
                "{cmd:?}: {all}"
            );
        }
    }
    // a real round far from 1 still reads
    let file = write(
        &dir,
        "r40.txt",
        base.replace("Pairing of round 3", "Pairing of round 40"),
    );
    let o = run_limited(&["validate", &file]);
    assert!(
        stdout(&o).contains("rounds with data: 40"),
        "{}",
        stdout(&o)
    );
}

/// A bbpPairings-style TRF (CR line ends) whose first player line is padded
/// with 100,000 spaces and ends in a pairing-allocated bye: round 10,004 of an
/// event of 5 declared rounds. `validate` said 0 errors and `report` reached
/// 2.8 GB; now every command refuses it at the line and columns of the entry.
#[test]
fn player_entry_pushed_to_round_10004_is_refused_with_its_columns() {
    let base = read("tests/fixtures/pair/vega-engine26_after_import.trf");
    let mut done = false;
    let lines: Vec<String> = base
        .lines()
        .map(|l| {
            if l.starts_with("001") && !done {
                done = true;
                format!("{l}{}  0000 - U", " ".repeat(100_000))
            } else {
                l.to_string()
            }
        })
        .collect();
    let dir = Scratch::new("padded");
    let file = write(&dir, "padded.trf", lines.join("\r") + "\r");
    let site = dir.join("site").to_string_lossy().into_owned();
    let mut cmds: Vec<Vec<&str>> = COMMANDS.iter().map(|c| c.to_vec()).collect();
    cmds.push(vec!["report", "-o", &site]);
    for cmd in cmds {
        let mut args = cmd.clone();
        args.push(&file);
        let o = run_within(300_000, &args, &[]);
        assert_eq!(o.status.code(), Some(3), "{cmd:?}: {}", stderr(&o));
        let all = format!("{}{}", stderr(&o), stdout(&o));
        assert!(
            all.contains("line 8, cols 100122-100129 (round 10004): expected entries in the rounds played or declared, found player 1 in round 10004 after 10000 rounds in which nobody played (4 rounds with entries, 5 rounds declared)"),
            "{cmd:?}: {all}"
        );
    }
}

/// A JSON event whose player 1 has a name and a federation of 70,000
/// characters (`=HYPERLINK` in front, for the CSV test below).
fn long_fields_json(dir: &Scratch) -> String {
    let o = run_limited(&["convert", "samples/open-2023.trf", "--to", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let mut v: serde_json::Value =
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}"));
    let p = &mut v["tournament"]["players"][0];
    p["name"] = format!("=HYPERLINK(\"http://x\"){}", "N".repeat(70_000)).into();
    p["federation"] = "F".repeat(70_000).into();
    write(dir, "long.json", v.to_string())
}

/// Text tables took each column's width from its widest cell, and a width of
/// 65,536 or more panics in `format!` ("Formatting argument out of range"):
/// `standings` and `prizes` died on a long name or federation. Cells are cut to
/// 64 characters, and the reader warns of each long field.
#[test]
fn name_and_federation_of_70000_characters_do_not_panic_text_output() {
    let dir = Scratch::new("long-fields");
    let file = long_fields_json(&dir);
    for cmd in [
        vec!["standings", file.as_str()],
        vec![
            "prizes",
            file.as_str(),
            "--profile",
            "samples/ctca-2023.toml",
        ],
        vec!["rating", file.as_str()],
    ] {
        let o = run_limited(&cmd);
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "{cmd:?}: {err}");
        assert!(
            matches!(o.status.code(), Some(0) | Some(1)),
            "{cmd:?}: {:?} {err}",
            o.status.code()
        );
        assert!(
            err.contains("(player 1, name): expected a name of at most 64 characters, found 70022; text tables show its first 63 and …"),
            "{cmd:?}: {err}"
        );
        assert!(
            err.contains("(player 1, federation): expected a federation of at most 64 characters, found 70000"),
            "{cmd:?}: {err}"
        );
        let out = stdout(&o);
        assert!(out.contains("…"), "{cmd:?}: {out}");
        assert!(
            out.lines().all(|l| l.chars().count() < 400),
            "{cmd:?}: a line wider than the cap"
        );
    }
}

/// `=HYPERLINK(…)` in a player's name was written as it is into the CSV of
/// `standings`, `rating` and `prizes`, where a spreadsheet runs it. Text cells
/// that begin with `=`, `+`, `-` or `@` get a leading apostrophe; numbers
/// (a rating change `-12`) stay numbers.
#[test]
fn csv_cells_that_a_spreadsheet_would_run_are_neutralised() {
    let dir = Scratch::new("csv-injection");
    let file = long_fields_json(&dir);
    let prizes_out = dir.join("prizes.csv").to_string_lossy().into_owned();
    for cmd in [
        vec!["standings", file.as_str(), "--format", "csv"],
        vec!["rating", file.as_str(), "--format", "csv"],
    ] {
        let o = run_limited(&cmd);
        let out = stdout(&o);
        assert!(out.contains("'=HYPERLINK("), "{cmd:?}: {}", stderr(&o));
        assert!(
            !out.lines().any(|l| l.split([',', ';']).any(|c| {
                let c = c.trim_matches('"');
                c.starts_with("=HYPERLINK")
            })),
            "{cmd:?}"
        );
    }
    // rating changes stay numbers
    let o = run_limited(&["rating", "samples/open-2023.trf", "--format", "csv"]);
    let out = stdout(&o);
    assert!(
        out.lines().any(|l| l
            .split(',')
            .any(|c| c.starts_with('-') && c[1..].parse::<f64>().is_ok())),
        "{out}"
    );
    assert!(!out.contains(",'-"), "{out}");
    let o = run_limited(&[
        "prizes",
        &file,
        "--profile",
        "samples/ctca-2023.toml",
        "--format",
        "csv",
        "-o",
        &prizes_out,
    ]);
    let csv = std::fs::read_to_string(&prizes_out).unwrap_or_default();
    let all = format!("{csv}{}", stdout(&o));
    if all.contains("HYPERLINK") {
        assert!(all.contains("'=HYPERLINK("), "{all}");
    }
}

/// Zip bombs as `--fide-list`: a zip of zeros (one endless line) reached 2 GB,
/// and a member that inflates far past its archive 3.1 GB. Lines and elements
/// are bounded, and inflating stops at 200 times the archive (plus 64 MiB):
/// exit 4, in little memory.
#[test]
fn zip_bomb_as_fide_list_is_refused_in_bounded_memory() {
    let dir = Scratch::new("zip-bomb");
    let header = read("tests/fixtures/fide_list/players_list_foa.txt")
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    let zip = |name: &str, chunk: &[u8], times: usize, first: &str| -> String {
        let path = dir.join(name);
        let f = std::fs::File::create(&path).unwrap_or_else(|e| panic!("{e}"));
        let mut z = zip::ZipWriter::new(f);
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .large_file(true);
        z.start_file("players_list_foa.txt", opts)
            .unwrap_or_else(|e| panic!("{e}"));
        z.write_all(first.as_bytes())
            .unwrap_or_else(|e| panic!("{e}"));
        for _ in 0..times {
            z.write_all(chunk).unwrap_or_else(|e| panic!("{e}"));
        }
        z.finish().unwrap_or_else(|e| panic!("{e}"));
        path.to_string_lossy().into_owned()
    };
    let zeros = zip("zeros.zip", &[b'0'; 1 << 20], 300, "");
    let mut line = vec![b' '; 4000];
    line.push(b'\n');
    let wide = zip("wide.zip", &line.repeat(256), 400, &format!("{header}\n"));
    for (file, expected) in [
        (&zeros, "expected FIDE list lines and XML elements of at most 1048576 bytes, found a longer one"),
        (&wide, "expected a zipped list that inflates to at most"),
    ] {
        for cmd in ["validate", "rating"] {
            let o = run_within(
                300_000,
                &[cmd, "tests/fixtures/rating/clean.trf", "--fide-list", file],
                &[],
            );
            assert_eq!(o.status.code(), Some(4), "{cmd} {file}: {}", stderr(&o));
            assert!(stderr(&o).contains(expected), "{cmd} {file}: {}", stderr(&o));
        }
    }
}

/// A zipped list of ordinary size still reads (the bound is on what a zip
/// inflates to, not on lists).
#[test]
fn zipped_fide_list_of_ordinary_size_still_reads() {
    let dir = Scratch::new("zip-list");
    let path = dir.join("list.zip");
    let f = std::fs::File::create(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut z = zip::ZipWriter::new(f);
    z.start_file(
        "players_list_foa.txt",
        zip::write::SimpleFileOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    z.write_all(read("tests/fixtures/fide_list/players_list_foa.txt").as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
    z.finish().unwrap_or_else(|e| panic!("{e}"));
    let o = run_limited(&[
        "validate",
        "tests/fixtures/rating/clean.trf",
        "--fide-list",
        &path.to_string_lossy(),
    ]);
    assert!(!stderr(&o).contains("inflates"), "{}", stderr(&o));
    assert!(
        matches!(o.status.code(), Some(0) | Some(1)),
        "{}",
        stderr(&o)
    );
}

/// Profiles were read whole whatever their size (20 MB took 2 GB; 60 MB
/// aborted): the input limit applies to them too, exit 4 before reading.
#[test]
fn profile_above_the_input_limit_is_refused_with_exit_4() {
    let dir = Scratch::new("big-profile");
    let profile = write(&dir, "big.toml", "# x\n".repeat(1000));
    for cmd in [
        vec![
            "standings",
            "tests/fixtures/rating/clean.trf",
            "--profile",
            profile.as_str(),
        ],
        vec![
            "prizes",
            "tests/fixtures/rating/clean.trf",
            "--profile",
            profile.as_str(),
        ],
        vec![
            "validate",
            "tests/fixtures/rating/clean.trf",
            "--profile",
            profile.as_str(),
        ],
    ] {
        let o = run_within(1 << 20, &cmd, &[("ARBITER_MAX_INPUT_BYTES", "3000")]);
        assert_eq!(o.status.code(), Some(4), "{cmd:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("input too large: expected at most 3000 bytes, found 4000"),
            "{cmd:?}: {}",
            stderr(&o)
        );
    }
}

/// 10 MB of blank lines after one player took 681 MB (each line held as a
/// classified line and kept for the round trip): now the first 10,000 are
/// kept, the rest counted in one warning, and it reads in 200 MB.
#[test]
fn ten_megabytes_of_blank_lines_read_in_bounded_memory() {
    let dir = Scratch::new("blank-lines");
    let event = read("tests/fixtures/rating/clean.trf");
    let lines = event.lines().count();
    let file = write(
        &dir,
        "blank.trf",
        format!("{event}{}", "\n".repeat(10_000_000)),
    );
    let o = run_within(200_000, &["validate", &file], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let summary = format!(
        "line {}: expected TRF records, found 10000000 blank or comment lines; after the first 10000, 9990000 more were skipped (not kept)",
        lines + 10_001
    );
    assert!(stdout(&o).contains(&summary), "{}", stdout(&o));
}

/// 9 MB of unclosed `<Player>` tags were read as a million empty players
/// (707 MB): a Swiss-Manager XML file stops at 9,999 players, exit 4.
#[test]
fn unclosed_player_tags_stop_at_the_most_players_a_trf_can_number() {
    let dir = Scratch::new("xml-players");
    let file = write(
        &dir,
        "players.xml",
        format!(
            "<SwissManagerImport><Players>{}",
            "<Player>".repeat(1_100_000)
        ),
    );
    let o = run_within(300_000, &["validate", &file], &[]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("expected at most 9999 players (a TRF's four-digit start numbers), found more `<Player>` elements; reading stopped"),
        "{}",
        stderr(&o)
    );
}

/// 50,000 attributes on one element took 10 s (each compared with every
/// earlier one); a duplicate is still found, by a set.
#[test]
fn xml_element_with_50000_attributes_reads_in_linear_time() {
    let dir = Scratch::new("xml-attrs");
    let attrs: Vec<String> = (0..50_000).map(|i| format!("a{i}=\"x\"")).collect();
    let file = write(
        &dir,
        "attrs.xml",
        format!(
            "<SwissManagerImport><Players><Player PlayerUniqueId=\"1\" Lastname=\"A\" Lastname=\"B\" {}/></Players></SwissManagerImport>",
            attrs.join(" ")
        ),
    );
    let start = Instant::now();
    let o = run_limited(&["validate", &file]);
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
    assert!(
        stdout(&o)
            .contains("expected each attribute once, found Lastname again; the first is kept"),
        "{}",
        stdout(&o)
    );
}

/// 100,000 duplicate registrations (1 MB) took 20 s: each row's line number
/// was counted from the start of the file.
#[test]
fn start_list_with_100000_duplicate_registrations_is_linear() {
    let dir = Scratch::new("dup-registrations");
    let regs = read("tests/fixtures/fide_list/registrations.csv");
    let mut lines = regs.lines();
    let header = lines.next().unwrap_or_default();
    let row = lines.next().unwrap_or_default();
    let file = write(
        &dir,
        "regs.csv",
        format!("{header}\n{}", format!("{row}\n").repeat(100_000)),
    );
    let out = dir.join("start.trf").to_string_lossy().into_owned();
    let start = Instant::now();
    let o = run_limited(&[
        "start-list",
        &file,
        "--fide-list",
        "tests/fixtures/fide_list/players_list_foa.txt",
        "-o",
        &out,
    ]);
    assert!(
        start.elapsed() < Duration::from_secs(40),
        "{:?}",
        start.elapsed()
    );
    assert!(
        stderr(&o).contains("regs.csv, line 100001: FIDE id"),
        "{}",
        &stderr(&o)[..stderr(&o).len().min(2000)]
    );
}

/// `check --rounds 1-4294967295` expanded the list (16 GB, abort);
/// `generate --players 1000000` ran past a minute: both refused, exit 3.
#[test]
fn command_line_numbers_that_no_event_can_have_are_refused() {
    let o = run_limited(&["check", "samples/open-2023.trf", "--rounds", "1-4294967295"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "--rounds: expected rounds from 1 to 65535, found 4294967295 in \"1-4294967295\""
        ),
        "{}",
        stderr(&o)
    );
    let o = run_limited(&["check", "samples/open-2023.trf", "--rounds", "1-65535"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("is not paired in the file"),
        "{}",
        stderr(&o)
    );
    let start = Instant::now();
    let o = run_limited(&["generate", "--players", "1000000", "--rounds", "9"]);
    assert!(start.elapsed() < Duration::from_secs(10));
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "--players: expected 1 to 9999 (a TRF's four-digit start numbers), found 1000000"
        ),
        "{}",
        stderr(&o)
    );
    let o = run_limited(&["generate", "--players", "10", "--rounds", "4294967295"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
}

/// The 5-byte file `001 9` was a tournament for every command (exit 0): a
/// player record without a name is an error at its columns.
#[test]
fn five_byte_player_record_is_refused_by_every_command() {
    let dir = Scratch::new("five-bytes");
    let file = write(&dir, "five.trf", "001 9");
    for cmd in COMMANDS {
        let mut args = cmd.to_vec();
        args.push(&file);
        let o = run_limited(&args);
        assert_ne!(o.status.code(), Some(0), "{cmd:?}: {}", stderr(&o));
        let all = format!("{}{}", stderr(&o), stdout(&o));
        assert!(
            all.contains("line 1, cols 15-47 (name): expected the player's name, found nothing"),
            "{cmd:?}: {all}"
        );
    }
}

/// `rating` and `validate` with `--fide-list` printed the list's `error:`
/// lines and exited 0: an error printed means a non-zero exit.
#[test]
fn errors_in_the_fide_list_give_a_non_zero_exit() {
    let dir = Scratch::new("list-errors");
    let mut list = read("tests/fixtures/fide_list/players_list_foa.txt");
    list.push_str("abcdefgh   Broken, Line\n");
    let broken = write(&dir, "list.txt", list);
    // every player of the event in the list (4600044 is not: an error of its own)
    let event = read("tests/fixtures/rating/clean.trf").replace("    4600044", "  900000039");
    let event = write(&dir, "event.trf", event);
    for cmd in ["validate", "rating"] {
        let o = run_limited(&[cmd, &event, "--fide-list", &broken]);
        assert!(
            stderr(&o).contains("list.txt, line 57"),
            "{cmd}: {}",
            stderr(&o)
        );
        assert!(stderr(&o).contains("(fide id)"), "{cmd}: {}", stderr(&o));
        assert_eq!(o.status.code(), Some(1), "{cmd}: {}", stderr(&o));
        // the same list without the broken line: no error, exit 0
        let o = run_limited(&[
            cmd,
            &event,
            "--fide-list",
            "tests/fixtures/fide_list/players_list_foa.txt",
        ]);
        assert!(!stderr(&o).contains("error:"), "{cmd}: {}", stderr(&o));
        assert_eq!(o.status.code(), Some(0), "{cmd}: {}", stderr(&o));
    }
}

/// A birth date with a day and no month became `YYYY/00/DD` in a TRF, read
/// back as the year alone: the day was lost without a word.
#[test]
fn birth_day_without_month_is_a_warned_loss_in_trf() {
    let dir = Scratch::new("birth-day");
    let file = write(
        &dir,
        "birth.json",
        r#"{"format":"chess-arbiter-tournament","version":1,"tournament":{"info":{},"players":[{"id":1,"name":"A, B","birth":{"year":2010,"day":5}}]}}"#,
    );
    let o = run_limited(&["convert", &file, "--to", "trf26"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("player 1: birth date 2010 has a day (5) but no month; a TRF date cannot hold that: written as the year only"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("2010/00/00"), "{}", stdout(&o));
}

/// The empty-rounds check looked at the rounds played (`rounds_recorded`),
/// which no longer counts a round holding only byes and absences: a
/// zero-point bye pushed to round 10,004 slipped past it. It reads the
/// rounds listed.
#[test]
fn a_zero_point_bye_pushed_far_beyond_the_games_is_refused_too() {
    let dir = Scratch::new("far-zero-bye");
    let mut line = format!(
        "001    1      {:<33} 2000                             0.0     ",
        "Far, Zero"
    );
    while line.chars().count() < 91 + 10 * 10_003 {
        line.push(' ');
    }
    line.push_str("0000 - Z");
    let text = format!(
        "012 Far\n{line}\n001    2      {:<33} 1900                             0.0     \n",
        "Near, One"
    );
    let path = dir.join("far.trf");
    std::fs::write(&path, text).unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["validate", &path.display().to_string()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_ne!(o.status.code(), Some(0), "{out}{err}");
    assert!(
        format!("{out}{err}").contains("rounds in which nobody played"),
        "{out}{err}"
    );
}
