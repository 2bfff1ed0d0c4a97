//! The samples shipped in `samples/` (issue #16): each is what the README tells a new
//! user to run, so each must agree with our own checker.

use std::path::Path;
use std::process::Command;

/// `arbiter check` of every TRF sample finds every round conform (exit 0). The
/// open was paired round by round by our Dutch 2017 engine
/// (`examples/make_sample_open.rs`); a sample paired any other way would be flagged.
#[test]
fn every_sample_checks_conform() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let mut trfs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    trfs.sort();
    assert!(!trfs.is_empty(), "no TRF sample in {}", dir.display());
    // The CTCA event's three sections (issue #16): open, Senior and blitz.
    for name in ["open-2023.trf", "senior-2023.trf", "blitz-2023.trf"] {
        assert!(trfs.iter().any(|p| p.ends_with(name)), "{name} missing");
    }
    for trf in trfs {
        let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .arg("check")
            .arg(&trf)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let last = text.lines().last().unwrap_or_default().to_string();
        let rounds = text.lines().filter(|l| l.starts_with("round ")).count();
        assert!(rounds > 0, "{}: no round checked\n{text}", trf.display());
        assert_eq!(
            (out.status.code(), last),
            (Some(0), format!("{rounds} of {rounds} rounds conform")),
            "{}:\n{text}",
            trf.display()
        );
    }
}
