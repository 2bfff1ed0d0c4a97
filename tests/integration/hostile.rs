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
