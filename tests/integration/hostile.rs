//! Hostile inputs (issue #18): every command ends with a located error or a
//! result, in bounded memory and time; never an abort.

use std::process::{Command, Output};

const DIR: &str = env!("CARGO_MANIFEST_DIR");

/// Run `arbiter` under a 1 GiB address-space limit (Linux `ulimit -v`), so an
/// allocation sized by a value from the file fails the test instead of the machine.
fn run_limited(args: &[&str]) -> Output {
    let mut line = format!("ulimit -v 1048576; exec '{}'", env!("CARGO_BIN_EXE_arbiter"));
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
        assert!(!stderr(&o).contains("memory allocation"), "{cmd:?}: {}", stderr(&o));
    }
}

/// A fresh scratch directory for this test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-hostile-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
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
    let file = scratch("repeated").join("repeated.trf");
    std::fs::write(&file, text).unwrap_or_else(|e| panic!("{e}"));
    let file = file.to_string_lossy().into_owned();

    let v = run_limited(&["validate", &file]);
    assert_eq!(v.status.code(), Some(1), "{}", stderr(&v));
    let report = String::from_utf8_lossy(&v.stdout).into_owned();
    assert!(report.contains("starting rank 1 is used by 1001 player records"), "{report}");

    for cmd in [&["pair"][..], &["check"], &["standings"], &["rating"]] {
        let mut args = cmd.to_vec();
        args.push(&file);
        let started = std::time::Instant::now();
        let o = run_limited(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(3), "{cmd:?}: {err}");
        assert!(started.elapsed().as_secs() < 10, "{cmd:?} took {:?}", started.elapsed());
        // The located errors validate gives, then one summary line.
        assert!(
            err.contains("line 8 (starting rank): starting rank 1 is used by 1001 player records"),
            "{cmd:?}: {err}"
        );
        assert!(err.contains("error(s) above make the file unusable"), "{cmd:?}: {err}");
        assert!(!err.contains("internal check failed"), "{cmd:?}: {err}");
        assert!(o.stdout.is_empty(), "{cmd:?} printed a result");
    }
}
