//! The event file's durability claims, tested on real processes: a step is
//! written whole or not at all whenever the process is killed; two writers
//! at once both land (or one waits and fails with a clear message); a file
//! that is not an event file, a damaged one or a newer one is refused and
//! left unchanged.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use super::event::{arbiter, ok};
use crate::scratch::Scratch;

/// An event of `n` players by hand (no list needed), main section of
/// `rounds` rounds, round 1 paired.
pub(crate) fn event_with_players(dir: &Path, n: u32, rounds: u32) -> String {
    let event = dir.join("e.arbiter").display().to_string();
    ok(&[
        "event",
        "new",
        &event,
        "--name",
        "Durability Open",
        "--rounds",
        &rounds.to_string(),
    ]);
    let trf = dir.join("start.trf");
    let mut text = String::from("012 Durability Open\n");
    for i in 1..=n {
        text.push_str(&format!(
            "001 {i:>4}      {:<33} {:>4}                             0.0     \n",
            format!("Player {i:04}"),
            2400 - i
        ));
    }
    std::fs::write(&trf, text).unwrap();
    ok(&[
        "event",
        "register",
        &event,
        "--from",
        &trf.display().to_string(),
    ]);
    event
}

fn sheet(dir: &Path, name: &str, boards: std::ops::RangeInclusive<u32>, r: &str) -> String {
    let p = dir.join(name);
    let text: String = boards.map(|b| format!("{b},{r}\n")).collect();
    std::fs::write(&p, format!("board,result\n{text}")).unwrap();
    p.display().to_string()
}

/// Results recorded in a round, counted from `event show`.
fn results_in(event: &str, round: u32) -> usize {
    let out = ok(&["event", "show", event, "--round", &round.to_string()]);
    out.lines()
        .skip_while(|l| !l.starts_with("Round "))
        .skip(1)
        .filter(|l| l.contains(" 1-0 ") || l.contains(" 0-1 ") || l.contains(" 1/2 "))
        .count()
}

fn steps(event: &str) -> usize {
    let out = ok(&["event", "log", event, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v.as_array().unwrap().len()
}

fn validate_clean(event: &str) {
    let (code, out, err) = arbiter(&["validate", event]);
    assert_eq!(code, 0, "validate after a kill:\n{out}\n{err}");
    assert!(!err.contains("error"), "{err}");
}

#[test]
fn a_killed_step_is_written_whole_or_not_at_all() {
    let dir = Scratch::new("event-kill");
    let event = event_with_players(&dir, 400, 9);
    ok(&["event", "pair", &event]);
    let all = sheet(&dir, "r1.csv", 1..=200, "1-0");
    let bin = env!("CARGO_BIN_EXE_arbiter");
    // Kill moments spread over the run of one import (a debug build takes
    // some tens of milliseconds), each with the clock's jitter.
    let delays = [0u64, 1, 2, 3, 5, 7, 10, 14, 19, 25, 33, 45, 60, 80, 110];
    let mut committed = 0;
    let mut killed = 0;
    for (i, d) in delays.iter().enumerate() {
        let before = steps(&event);
        let mut child = Command::new(bin)
            .args(["event", "results", &event, &all])
            .env("ARBITER_NAME", "Deputy")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(*d));
        let _ = child.kill();
        let status = child.wait().unwrap();
        let after = steps(&event);
        let n = results_in(&event, 1);
        // Whole or nothing: 200 results with one more step, or none and no step.
        match after - before {
            0 => assert_eq!(
                n, 0,
                "kill {i} after {d} ms: a half step ({n} results, no step)"
            ),
            1 => {
                assert_eq!(
                    n, 200,
                    "kill {i} after {d} ms: a step with {n} of 200 results"
                );
                committed += 1;
                // Back to no results for the next kill (an undo is a step too).
                ok(&["event", "undo", &event]);
                assert_eq!(results_in(&event, 1), 0);
            }
            x => panic!("kill {i}: {x} steps written by one import"),
        }
        if !status.success() {
            killed += 1;
        }
        validate_clean(&event);
    }
    assert!(
        killed > 0,
        "no run was killed before it ended: the test proves nothing"
    );
    // The same on pairing: kill `pair` of round 2 at moments through its run.
    ok(&["event", "results", &event, &all]);
    for d in [0u64, 2, 5, 10, 20, 40, 80] {
        let before = steps(&event);
        let mut child = Command::new(bin)
            .args(["event", "pair", &event])
            .env("ARBITER_NAME", "Chief")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(d));
        let _ = child.kill();
        let _ = child.wait();
        let after = steps(&event);
        let show = ok(&["event", "show", &event]);
        if after > before {
            assert!(show.contains("2 of 9 rounds published"), "{show}");
            ok(&["event", "undo", &event]);
        } else {
            assert!(show.contains("1 of 9 rounds published"), "{show}");
        }
        validate_clean(&event);
    }
    let _ = committed;
}

#[test]
fn two_writers_at_once_both_land() {
    let dir = Scratch::new("event-writers");
    let event = event_with_players(&dir, 80, 5);
    ok(&["event", "pair", &event]);
    let bin = env!("CARGO_BIN_EXE_arbiter");
    // Two deputies enter the boards of one round at the same time, one
    // board per step each.
    let spawn = |boards: Vec<u32>, who: &'static str| {
        let event = event.clone();
        std::thread::spawn(move || {
            for b in boards {
                let o = Command::new(bin)
                    .args(["event", "result", &event, &b.to_string(), "1/2"])
                    .env("ARBITER_NAME", who)
                    .output()
                    .unwrap();
                assert!(
                    o.status.success(),
                    "{who} board {b}: {}",
                    String::from_utf8_lossy(&o.stderr)
                );
            }
        })
    };
    let a = spawn((1..=40).step_by(2).collect(), "Deputy A");
    let b = spawn((2..=40).step_by(2).collect(), "Deputy B");
    a.join().unwrap();
    b.join().unwrap();
    assert_eq!(
        results_in(&event, 1),
        40,
        "every result of both writers landed"
    );
    let log = ok(&["event", "log", &event]);
    assert_eq!(log.matches("Deputy A").count(), 20);
    assert_eq!(log.matches("Deputy B").count(), 20);
    validate_clean(&event);
}

#[test]
fn a_file_that_is_not_a_sound_event_is_refused_and_left_unchanged() {
    let dir = Scratch::new("event-bad");
    // Not an event file at all.
    let text = dir.join("notes.arbiter");
    std::fs::write(&text, "hello").unwrap();
    let (code, _, err) = arbiter(&["event", "pair", &text.display().to_string()]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("expected a chess-arbiter event file"), "{err}");
    assert_eq!(std::fs::read(&text).unwrap(), b"hello");
    // A SQLite database of another program.
    let other = dir.join("other.db");
    {
        let c = rusqlite::Connection::open(&other).unwrap();
        c.execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
            .unwrap();
    }
    let before = std::fs::read(&other).unwrap();
    let (code, _, err) = arbiter(&["event", "log", &other.display().to_string()]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("another program"), "{err}");
    assert_eq!(std::fs::read(&other).unwrap(), before);
    // Written by a newer version.
    let event = event_with_players(&dir, 6, 3);
    {
        let c = rusqlite::Connection::open(&event).unwrap();
        c.execute_batch("PRAGMA user_version = 99;").unwrap();
    }
    let before = std::fs::read(&event).unwrap();
    let (code, _, err) = arbiter(&["event", "pair", &event]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("newer chess-arbiter") && err.contains("99"),
        "{err}"
    );
    let (code, _, err) = arbiter(&["standings", &event]);
    assert_eq!(code, 3, "{err}");
    assert_eq!(std::fs::read(&event).unwrap(), before);
    // Damaged: the pages after the header overwritten.
    let damaged = dir.join("damaged.arbiter");
    let mut bytes = before.clone();
    bytes[..100].copy_from_slice(&std::fs::read(&event).unwrap()[..100]);
    for b in bytes.iter_mut().skip(4096).take(8192) {
        *b = 0xA5;
    }
    std::fs::write(&damaged, &bytes).unwrap();
    let d = damaged.display().to_string();
    for args in [
        vec!["event", "pair", &d],
        vec!["event", "log", &d],
        vec!["standings", &d],
        vec!["validate", &d],
    ] {
        let (code, _, err) = arbiter(&args);
        assert!(code == 3 || code == 5, "{args:?}: exit {code}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(err.contains(&d), "the error names the file: {err}");
    }
    assert_eq!(std::fs::read(&damaged).unwrap(), bytes);
}
