//! The samples shipped in `samples/` (issues #16, #30): each is what the README tells a new
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

/// Issue #30: every category of the CTCA profile has an entrant in the sample
/// of its section (the open's 15: the Open, U7..U19 and each girls' group;
/// the Senior; the blitz's 16), so every prize table of the sample has
/// someone to rank. A player counts where the standings place them
/// ([`Category::admits`]: the registered category, else the birth date at
/// the event's start).
#[test]
fn every_category_of_the_profile_has_an_entrant() {
    use chess_arbiter::formats::trf;
    use chess_arbiter::standings::prizes::Profile;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let text = std::fs::read_to_string(dir.join("ctca-2023.toml")).unwrap();
    let profile = Profile::from_toml(&text, "ctca-2023.toml").expect("the profile reads");
    for (sample, section, at_least) in [
        ("open-2023.trf", None, 15),
        ("senior-2023.trf", Some("senior"), 1),
        ("blitz-2023.trf", Some("blitz"), 16),
    ] {
        let bytes = std::fs::read(dir.join(sample)).unwrap();
        let t = trf::read(&bytes, &trf::ReadOptions::default())
            .expect("the sample reads")
            .tournament;
        let start = t.info.start_date.expect("a start date");
        let categories = &profile
            .section(section)
            .expect("section")
            .standings
            .categories;
        assert!(categories.len() >= at_least, "{sample}: {categories:?}");
        let empty: Vec<&str> = categories
            .iter()
            .filter(|c| !t.players.iter().any(|p| c.admits(p, start)))
            .map(|c| c.name.as_str())
            .collect();
        assert!(empty.is_empty(), "{sample}: no entrant in {empty:?}");
    }
}

/// The README's main command, run as it is written there (from the
/// repository root, `cargo run --release --` being the binary), in English
/// and with `--lang zh-TW`; and without `--lang`, the language of the locale
/// (issue #30): `LANG=zh_TW.UTF-8` gives the zh-TW statement, `LC_ALL`
/// overrides `LANG` (POSIX order), `C` gives English.
#[test]
fn readme_main_command_follows_the_chosen_language() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let quick = readme
        .split("## Quick start")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("a Quick start section");
    let commands: Vec<Vec<&str>> = quick
        .lines()
        .filter_map(|l| l.trim().strip_prefix("cargo run --release -- "))
        .take(2)
        .map(|c| c.split_whitespace().collect())
        .collect();
    assert_eq!(commands.len(), 2, "{quick}");
    let run = |args: &[&str], env: &[(&str, &str)]| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_arbiter"));
        c.current_dir(root).args(args);
        for v in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            c.env_remove(v);
        }
        c.envs(env.iter().copied());
        let out = c.output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?} {env:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let english = run(&commands[0], &[("LANG", "C")]);
    let chinese = run(&commands[1], &[("LANG", "C")]);
    assert!(commands[1].contains(&"--lang") && commands[1].contains(&"zh-TW"));
    assert!(
        english.contains("Open") && !english.contains("獎金"),
        "{english}"
    );
    assert!(
        chinese.contains("公開組") && chinese.contains("獎金"),
        "{chinese}"
    );
    // The first command without --lang: the locale decides.
    assert_eq!(run(&commands[0], &[]), english);
    assert_eq!(run(&commands[0], &[("LANG", "zh_TW.UTF-8")]), chinese);
    assert_eq!(
        run(&commands[0], &[("LC_MESSAGES", "zh_TW.UTF-8")]),
        chinese
    );
    let overridden = [("LC_ALL", "en_US.UTF-8"), ("LANG", "zh_TW.UTF-8")];
    assert_eq!(run(&commands[0], &overridden), english);
    assert_eq!(run(&commands[0], &[("LANG", "de_DE.UTF-8")]), english);
    // --lang wins over the locale.
    let mut en = commands[0].clone();
    en.extend(["--lang", "en"]);
    assert_eq!(run(&en, &[("LANG", "zh_TW.UTF-8")]), english);
}
