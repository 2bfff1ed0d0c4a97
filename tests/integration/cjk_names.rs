//! Issue #30: a name in Chinese characters survives every conversion the tool
//! offers, or a warning says where it cannot. The sample open with two of its
//! players renamed in Chinese characters (one with its Latin form after the
//! comma, as registrations in Taiwan write it) goes through every output:
//! `convert` to each format (read back where the format is read too),
//! `convert --for fide`, `standings`, `prizes` and `rating` in each format,
//! `start-list` and the `report` site.
//!
//! TRF columns count characters, not bytes, in every dialect we read and write
//! (a CJK name takes one column per character, so the fields after it stay in
//! their columns). bbpPairings v5.0.1 and v6.0.0 read such a UTF-8 TRF(bx) and
//! check it with the same verdicts as the all-Latin file (run by hand with
//! `bbpPairings --dutch FILE -c`; the tools are not here in CI).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chess_arbiter::formats::fide_list::synthetic::{self, Layout};
use chess_arbiter::model::fide_list::{ListPlayer, ListRating};
use chess_arbiter::model::Sex;

use crate::scratch::Scratch;

const NAMES: [&str; 2] = ["王小明", "陳美玲, Chen Mei-Ling"];

fn arbiter(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .current_dir(cwd)
        .args(args)
        .output()
        .expect("run arbiter")
}

fn repo(rel: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(rel)
        .display()
        .to_string()
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

/// Columns `from..=to` (1-based, in characters) of a TRF line, trimmed.
fn cols(line: &str, from: usize, to: usize) -> String {
    line.chars()
        .skip(from - 1)
        .take(to + 1 - from)
        .collect::<String>()
        .trim()
        .to_string()
}

/// The `001` lines of a TRF text.
fn player_lines(trf: &str) -> Vec<&str> {
    trf.lines().filter(|l| l.starts_with("001")).collect()
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

/// The form FIDE's report gives a name written `陳美玲, Chen Mei-Ling`:
/// `Chen, Mei-Ling` (the Latin part's first word is the surname), worked out
/// here from the text; `None` for a name without such a Latin part.
fn fide_form(name: &str) -> Option<String> {
    let (chars, latin) = name.split_once(", ")?;
    if chars.is_ascii() || !latin.is_ascii() {
        return None;
    }
    let (surname, given) = latin.split_once(' ')?;
    Some(format!("{surname}, {given}"))
}

/// What happens to the names in one conversion.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Expect {
    /// Each name is in the output and reads back (`convert --to json`).
    RoundTrip,
    /// Each name is in the output, or a warning on stderr quotes it (the
    /// player and field it concerns).
    ShownOrWarned,
    /// The format has no name at all, and says so.
    NoNameColumn,
}

/// A FIDE list with the two renamed players in Latin letters, under their
/// ids in the sample (the list spells the first one's name for itself).
fn list_of_renamed(trf: &str) -> Vec<ListPlayer> {
    let latin = ["Wang, Hsiao-Ming", "Chen, Mei Ling"];
    player_lines(trf)
        .iter()
        .take(2)
        .zip(latin)
        .map(|(l, name)| ListPlayer {
            fide_id: cols(l, 58, 68).parse().expect("fide id"),
            name: name.into(),
            federation: cols(l, 54, 56),
            sex: Some(if cols(l, 10, 10) == "w" {
                Sex::Female
            } else {
                Sex::Male
            }),
            title: None,
            women_title: None,
            other_titles: String::new(),
            birth_year: cols(l, 70, 73).parse().ok(),
            inactive: false,
            standard: Some(ListRating {
                rating: cols(l, 49, 52).parse().expect("rating"),
                games: 30,
                k: Some(10),
            }),
            rapid: None,
            blitz: None,
        })
        .collect()
}

#[test]
fn chinese_names_survive_every_conversion_or_are_named() {
    let dir = Scratch::new("cjk");
    let trf = cjk_trf();
    std::fs::write(dir.join("cjk.trf"), &trf).unwrap();
    let mut list = Vec::new();
    synthetic::write(&mut list, Layout::CombinedTxt, &list_of_renamed(&trf), 0, 1).unwrap();
    std::fs::write(dir.join("list.txt"), list).unwrap();
    let ids: Vec<String> = player_lines(&trf)
        .iter()
        .take(2)
        .map(|l| cols(l, 58, 68))
        .collect();
    std::fs::write(
        dir.join("regs.csv"),
        format!(
            "FIDE ID;Category;Name\n{};;{}\n{};;{}\n",
            ids[0], NAMES[0], ids[1], NAMES[1]
        ),
    )
    .unwrap();
    let v = arbiter(&dir, &["validate", "cjk.trf"]);
    let out = String::from_utf8_lossy(&v.stdout);
    assert_eq!(v.status.code(), Some(0), "{out}");
    assert!(out.contains("0 error(s), 0 warning(s)"), "{out}");
    let profile = repo("samples/ctca-2023.toml");
    let p = profile.as_str();
    use Expect::*;
    let mut cases: Vec<(Vec<&str>, &str, Expect)> = Vec::new();
    for (to, file) in [
        ("trf16", "o.trf"),
        ("trf26", "o26.trf"),
        ("trfx", "ox.trf"),
        ("trfbx", "obx.trf"),
        ("json", "o.json"),
        ("sm-players", "players.txt"),
        ("sm-xml", "o.xml"),
    ] {
        cases.push((vec!["convert", "cjk.trf", "--to", to], file, RoundTrip));
    }
    let sm_pairings = vec!["convert", "cjk.trf", "--to", "sm-pairings", "--round", "1"];
    cases.push((sm_pairings, "p.txt", NoNameColumn));
    for to in ["trf16", "trf26"] {
        let fide = vec!["convert", "cjk.trf", "--for", "fide", "--to", to];
        cases.push((fide, "fide.trf", ShownOrWarned));
    }
    for format in ["text", "csv", "json", "html", "crosstable"] {
        let args = vec!["standings", "cjk.trf", "--profile", p, "--format", format];
        cases.push((args, "st.out", ShownOrWarned));
    }
    for format in ["text", "csv", "json", "html"] {
        let args = vec!["prizes", "cjk.trf", "--profile", p, "--format", format];
        cases.push((args, "pr.out", ShownOrWarned));
        let rating = vec!["rating", "cjk.trf", "--format", format];
        cases.push((rating, "ra.out", ShownOrWarned));
        let listed = vec![
            "rating",
            "cjk.trf",
            "--fide-list",
            "list.txt",
            "--format",
            format,
        ];
        cases.push((listed, "ra.out", ShownOrWarned));
    }
    for to in ["trf26", "trf16", "trfx", "json"] {
        let args = vec![
            "start-list",
            "regs.csv",
            "--fide-list",
            "list.txt",
            "--to",
            to,
        ];
        cases.push((args, "sl.out", ShownOrWarned));
    }
    cases.push((
        vec!["report", "cjk.trf", "--profile", p, "--lang", "zh-TW"],
        "site",
        ShownOrWarned,
    ));
    for (args, file, expect) in cases {
        let what = args.join(" ");
        let _ = std::fs::remove_file(dir.join(file));
        let mut run = args.clone();
        run.extend(["-o", file]);
        let c = arbiter(&dir, &run);
        let err = String::from_utf8_lossy(&c.stderr).into_owned();
        // 1: written, with errors found in the input (a name without a Latin
        // form in a FIDE report, players missing from the list).
        assert!(matches!(c.status.code(), Some(0 | 1)), "{what}: {err}");
        let written = output_text(&dir.join(file));
        for name in NAMES {
            match expect {
                NoNameColumn => assert!(
                    err.contains("cannot carry the players' name"),
                    "{what}: {err}"
                ),
                // Read back below (the Swiss-Manager files split the name).
                RoundTrip => {}
                ShownOrWarned => assert!(
                    written.contains(name) || err.contains(&format!("\"{name}\"")),
                    "{what}: \"{name}\" neither written nor named in a warning\n{err}\n{written}"
                ),
            }
        }
        if expect == RoundTrip {
            assert!(
                !err.contains("(name)"),
                "{what}: a name was cut or lost: {err}"
            );
            let back = arbiter(&dir, &["convert", file, "--to", "json"]);
            assert_eq!(back.status.code(), Some(0), "{what}: {:?}", back);
            assert_eq!(names_of(&back.stdout), NAMES, "{what}");
        }
        if file.ends_with(".trf") || (file == "sl.out" && !args.contains(&"json")) {
            // One column per character: the rating stays in columns 49-52.
            let line = player_lines(&written)
                .into_iter()
                .find(|l| !cols(l, 15, 47).is_ascii());
            if let Some(line) = line {
                assert!(cols(line, 49, 52).parse::<u16>().is_ok(), "{what}: {line}");
            }
        }
    }
}

/// The output of one run: the file, or every page of a site directory.
fn output_text(path: &Path) -> String {
    if !path.is_dir() {
        return std::fs::read_to_string(path).unwrap_or_default();
    }
    let mut pages: Vec<PathBuf> = std::fs::read_dir(path)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    pages.sort();
    pages
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

/// Issue #30: the FIDE rating report names each player entered in Chinese
/// characters by the Latin form beside them, in FIDE's `Surname, Given`
/// order, keeps the file's name in the JSON (`name_in_file`) and says so on
/// stderr; every other name is the file's.
#[test]
fn rating_report_names_chinese_entries_by_their_latin_form() {
    let sample = include_str!("../../samples/open-2023.trf");
    let entered: Vec<(u64, String)> = player_lines(sample)
        .iter()
        .map(|l| (cols(l, 5, 8).parse().unwrap(), cols(l, 15, 47)))
        .collect();
    let chinese = entered
        .iter()
        .filter(|(_, n)| fide_form(n).is_some())
        .count();
    assert!(chinese >= 15, "{chinese} names in Chinese characters");
    let dir = Scratch::new("cjk-rating");
    let r = arbiter(
        &dir,
        &["rating", &repo("samples/open-2023.trf"), "--format", "json"],
    );
    assert_eq!(r.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), entered.len());
    for (p, (sno, name)) in players.iter().zip(&entered) {
        assert_eq!(p["start_rank"].as_u64(), Some(*sno));
        let reported = p["name"].as_str().unwrap();
        match fide_form(name) {
            Some(latin) => {
                assert_eq!(reported, latin);
                assert_eq!(p["name_in_file"].as_str(), Some(name.as_str()));
            }
            None => {
                assert_eq!(reported, name);
                assert!(p.get("name_in_file").is_none(), "{p}");
            }
        }
        assert!(reported.is_ascii(), "{reported}");
    }
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        err.contains(&format!("note: name: {chinese} player(s) reported by")),
        "{err}"
    );
    // The text report: the Latin forms, no Chinese character.
    let t = arbiter(&dir, &["rating", &repo("samples/open-2023.trf")]);
    let text = String::from_utf8_lossy(&t.stdout);
    assert!(!text.chars().any(|c| c >= '\u{2E80}'), "{text}");
    let (sno, name) = entered
        .iter()
        .find(|(_, n)| fide_form(n).is_some())
        .unwrap();
    let latin = fide_form(name).unwrap();
    assert!(text.contains(&format!("\n{sno} {latin} (")), "{text}");
}

/// With the FIDE list, a listed player's name is the list's spelling.
#[test]
fn rating_report_takes_the_fide_list_name() {
    let dir = Scratch::new("cjk-rating-list");
    let trf = cjk_trf();
    std::fs::write(dir.join("cjk.trf"), &trf).unwrap();
    let listed = list_of_renamed(&trf);
    let mut list = Vec::new();
    synthetic::write(&mut list, Layout::CombinedTxt, &listed, 0, 1).unwrap();
    std::fs::write(dir.join("list.txt"), list).unwrap();
    let r = arbiter(
        &dir,
        &[
            "rating",
            "cjk.trf",
            "--fide-list",
            "list.txt",
            "--format",
            "json",
        ],
    );
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    let players = v["players"].as_array().unwrap();
    for (k, l) in listed.iter().enumerate() {
        assert_eq!(players[k]["name"].as_str(), Some(l.name.as_str()));
        assert_eq!(players[k]["name_in_file"].as_str(), Some(NAMES[k]));
    }
    // The third player is not in the list: the file's name.
    let third = cols(player_lines(&trf)[2], 15, 47);
    assert_eq!(players[2]["name"].as_str(), Some(third.as_str()));
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
