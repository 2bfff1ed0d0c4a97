//! Scratch folders for tests that write files: one fresh folder per test under
//! the system temp dir, removed when the [`Scratch`] is dropped, so a passing
//! or a failing (panicking) test leaves nothing behind. Before this every
//! `cargo test` left its `arbiter-*` folders in /tmp, up to 2 MB each.

use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The prefix of every scratch folder's name: `arbiter-<pid>-<n>-<name>`.
pub(crate) const PREFIX: &str = "arbiter-";

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// A folder of its own for one test, removed with everything in it on drop.
///
/// Bind it (`let dir = Scratch::new("x");`) for as long as the test uses its
/// files: `Scratch::new("x").join("f")` drops the folder at the end of that
/// statement. Derefs to [`Path`], so `dir.join("out.html")` works.
#[derive(Debug)]
pub(crate) struct Scratch {
    path: PathBuf,
}

impl Scratch {
    /// A new empty folder `arbiter-<pid>-<n>-<name>`: the process id keeps
    /// concurrent test binaries apart, the counter two tests (or two calls)
    /// of one process that pass the same name.
    pub(crate) fn new(name: &str) -> Scratch {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("{PREFIX}{}-{n}-{name}", std::process::id()));
        // A folder left by an earlier process that had this pid.
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        Scratch { path }
    }

    /// The folder.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }
}

impl Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

#[test]
fn a_scratch_folder_is_gone_after_drop() {
    let dir = Scratch::new("drop");
    let kept = dir.path().to_path_buf();
    std::fs::create_dir_all(dir.join("sub")).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("sub/out.html"), "<p>x</p>").unwrap_or_else(|e| panic!("{e}"));
    assert!(kept.join("sub/out.html").is_file());
    let name = kept.file_name().map(|n| n.to_string_lossy().into_owned());
    assert!(
        name.as_deref().is_some_and(
            |n| n.starts_with(&format!("{PREFIX}{}-", std::process::id())) && n.ends_with("-drop")
        ),
        "{name:?}"
    );
    drop(dir);
    assert!(!kept.exists(), "{} is still there", kept.display());
}

#[test]
fn a_scratch_folder_is_gone_after_a_failing_test() {
    let mut kept = PathBuf::new();
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let dir = Scratch::new("panics");
        kept = dir.to_path_buf();
        std::fs::write(dir.join("in.trf"), "012 x\n").unwrap_or_else(|e| panic!("{e}"));
        assert!(kept.join("in.trf").is_file());
        panic!("the test fails here");
    }));
    assert!(caught.is_err());
    assert!(!kept.as_os_str().is_empty());
    assert!(!kept.exists(), "{} is still there", kept.display());
}

#[test]
fn two_scratch_folders_of_one_name_are_two_folders() {
    let a = Scratch::new("same");
    let b = Scratch::new("same");
    assert_ne!(a.path(), b.path());
    std::fs::write(a.join("f"), "a").unwrap_or_else(|e| panic!("{e}"));
    assert!(!b.join("f").exists());
    drop(a);
    assert!(b.is_dir(), "dropping one removed the other");
}

/// Tests of the areas that write files, run in a child test process whose
/// temp dir (TMPDIR) is a folder of its own; that folder must be empty after
/// them: nothing left by the tests, nor by the `arbiter` runs they start.
/// One cheap test per module that uses [`Scratch`].
#[test]
#[cfg(unix)]
fn representative_file_writing_tests_leave_nothing_in_the_temp_dir() {
    const TESTS: &[&str] = &[
        "conversions::paired_round_with_a_bye_reads_back",
        "ctca::registration_against_birth_date_is_reported",
        "fide_list::start_list_pairs_round_1_and_checks_conform",
        "hostile::json_errors_name_line_and_column",
        "hostile::profile_not_in_utf8_is_invalid_input_located_at_the_byte",
        "pair::preset_pab_is_refused",
        "prizes::bad_profile_gives_located_errors",
        "rating::convert_for_fide_rereads_cleanly_and_passes_the_checks",
        "rough_edges::standings_and_validate_had_no_output_option",
        "round_robin::pair_gives_the_next_round_of_the_table",
        "trf::cli_validate_and_convert",
        "tunx_events::unknown_result_codes_are_located",
    ];
    let tmp = Scratch::new("child-tmp");
    let exe = std::env::current_exe().unwrap_or_else(|e| panic!("{e}"));
    let out = std::process::Command::new(exe)
        .args(TESTS)
        .args(["--exact", "--test-threads=2"])
        .env("TMPDIR", tmp.path())
        .output()
        .unwrap_or_else(|e| panic!("run the tests: {e}"));
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{report}");
    assert!(
        report.contains(&format!("{} passed", TESTS.len())),
        "a test name is stale:\n{report}"
    );
    let left: Vec<String> = std::fs::read_dir(tmp.path())
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(left.is_empty(), "left behind in the temp dir: {left:?}");
}
