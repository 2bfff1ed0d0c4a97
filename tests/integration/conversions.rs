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
    p.to_str().unwrap_or_else(|| panic!("{} is not UTF-8", p.display()))
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
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
}
