//! Issue #30: a name in Chinese characters survives every conversion the tool
//! offers, or a warning says where it cannot. The sample open with two of its
//! players renamed in Chinese characters (one with a Latin transliteration
//! after the comma, as the FIDE list keeps it) goes to every output format and
//! is read back.
//!
//! TRF columns count characters, not bytes, in every dialect we read and write
//! (a CJK name takes one column per character, so the fields after it stay in
//! their columns). bbpPairings v5.0.1 and v6.0.0 read such a UTF-8 TRF(bx) and
//! check it with the same verdicts as the all-Latin file (run by hand with
//! `bbpPairings --dutch FILE -c`; the tools are not here in CI).

use std::path::Path;
use std::process::{Command, Output};

use crate::scratch::Scratch;

const NAMES: [&str; 2] = ["王小明", "陳美玲, Chen Mei-Ling"];

fn arbiter(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .current_dir(cwd)
        .args(args)
        .output()
        .expect("run arbiter")
}

/// The sample open, players 1 and 2 renamed: the name field is columns 15-47
/// (33 characters), padded by characters.
fn cjk_trf() -> String {
    let sample = include_str!("../../samples/open-2023.trf");
    let mut renamed = 0;
    let mut out = String::new();
    for line in sample.lines() {
        if line.starts_with("001") && renamed < NAMES.len() {
            let chars: Vec<char> = line.chars().collect();
            let head: String = chars[..14].iter().collect();
            let tail: String = chars[47..].iter().collect();
            out += &format!("{head}{:<33}{tail}\n", NAMES[renamed]);
            renamed += 1;
        } else {
            out += line;
            out.push('\n');
        }
    }
    out
}

fn names_of(json: &[u8]) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_slice(json).expect("json");
    v["tournament"]["players"]
        .as_array()
        .expect("players")
        .iter()
        .take(2)
        .map(|p| p["name"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn chinese_names_survive_every_conversion_or_are_named() {
    let dir = Scratch::new("cjk");
    std::fs::write(dir.join("cjk.trf"), cjk_trf()).unwrap();
    let v = arbiter(&dir, &["validate", "cjk.trf"]);
    let out = String::from_utf8_lossy(&v.stdout);
    assert_eq!(v.status.code(), Some(0), "{out}");
    assert!(out.contains("0 error(s), 0 warning(s)"), "{out}");
    for (to, file) in [
        ("trf16", "o.trf"),
        ("trf26", "o26.trf"),
        ("trfx", "ox.trf"),
        ("trfbx", "obx.trf"),
        ("json", "o.json"),
        ("sm-players", "players.txt"),
        ("sm-xml", "o.xml"),
    ] {
        let c = arbiter(&dir, &["convert", "cjk.trf", "--to", to, "-o", file]);
        let err = String::from_utf8_lossy(&c.stderr);
        assert_eq!(c.status.code(), Some(0), "{to}: {err}");
        assert!(
            !err.contains("(name)"),
            "{to}: a name was cut or lost: {err}"
        );
        let back = arbiter(&dir, &["convert", file, "--to", "json"]);
        assert_eq!(
            back.status.code(),
            Some(0),
            "{to}: {}",
            String::from_utf8_lossy(&back.stderr)
        );
        assert_eq!(names_of(&back.stdout), NAMES, "{to}");
        if file.ends_with(".trf") {
            // One column per character: the rating stays in columns 49-52.
            let written = std::fs::read_to_string(dir.join(file)).unwrap();
            let line = written.lines().find(|l| l.contains(NAMES[0])).unwrap();
            let rating: String = line.chars().skip(48).take(4).collect();
            assert!(rating.trim().parse::<u16>().is_ok(), "{to}: {line}");
        }
    }
    // The Swiss-Manager pairing list has no name column: the warning says so.
    let p = arbiter(
        &dir,
        &[
            "convert",
            "cjk.trf",
            "--to",
            "sm-pairings",
            "--round",
            "1",
            "-o",
            "p.txt",
        ],
    );
    let err = String::from_utf8_lossy(&p.stderr);
    assert!(err.contains("cannot carry the players' name"), "{err}");
}

/// The standings table aligns a Chinese name by its display width (two
/// columns per character): the federation column starts at the same display
/// column on every row.
#[test]
fn standings_align_chinese_names_by_display_width() {
    let dir = Scratch::new("cjk-st");
    std::fs::write(dir.join("cjk.trf"), cjk_trf()).unwrap();
    let s = arbiter(&dir, &["standings", "cjk.trf"]);
    assert_eq!(s.status.code(), Some(0));
    let out = String::from_utf8_lossy(&s.stdout);
    let width = |l: &str, upto: usize| unicode_width_of(&l[..upto]);
    let cols: Vec<usize> = out
        .lines()
        .filter(|l| l.contains(" NED ") || l.contains(" TPE "))
        .filter_map(|l| {
            l.find(" NED ")
                .or_else(|| l.find(" TPE "))
                .map(|i| width(l, i))
        })
        .collect();
    assert!(cols.len() > 10, "{out}");
    assert!(cols.iter().all(|c| *c == cols[0]), "{cols:?}\n{out}");
    assert!(out.contains(NAMES[0]), "{out}");
}

/// Display width: two columns for a CJK ideograph or a full-width form, one
/// otherwise (enough for these names; the product uses unicode-width).
fn unicode_width_of(s: &str) -> usize {
    s.chars()
        .map(|c| match c as u32 {
            0x1100..=0x115F
            | 0x2E80..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFF00..=0xFF60 => 2,
            _ => 1,
        })
        .sum()
}
