//! Issue #16, rough edges a new user hit: each end to end through the real
//! binary, named after what broke.

use std::path::{Path, PathBuf};
use std::process::Command;

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

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-rough-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
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
    let dir = scratch("check-no-rounds");
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
