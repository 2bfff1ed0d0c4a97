//! FIDE endorsement (VCL4THP): the table `docs/fide-endorsement.md` kept true,
//! and the generator and checker questions (Q21, Q24-31) shown end to end.

use std::path::{Path, PathBuf};

use super::event::arbiter;
use super::scratch::Scratch;

const QUESTIONS: u32 = 225;

/// One row of the table: number, weight, status, test (`FILE::NAME`).
struct Row {
    q: u32,
    weight: String,
    status: String,
    test: Option<(String, String)>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rows(text: &str) -> Vec<Row> {
    text.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            // "| 12 | asks | weight | status | how | test |"
            let q = cells.get(1)?.parse().ok()?;
            assert_eq!(cells.len(), 8, "Q{q}: expected 6 columns: {line}");
            let test = cells[6].trim_matches('`');
            let test = test
                .split_once("::")
                .map(|(f, n)| (f.to_string(), n.to_string()));
            Some(Row {
                q,
                weight: cells[3].to_string(),
                status: cells[4].to_string(),
                test,
            })
        })
        .collect()
}

/// The penalty a row costs when not met: `None` for a hard fail, the larger
/// of two percentages, 0 for a routing question.
fn penalty(weight: &str) -> Option<u32> {
    if weight.starts_with("HF") {
        return None;
    }
    Some(
        weight
            .trim_end_matches('%')
            .split('/')
            .filter_map(|p| p.trim().parse().ok())
            .max()
            .unwrap_or(0),
    )
}

#[test]
fn the_endorsement_table_names_every_question_once_and_only_tests_that_exist() {
    let text = std::fs::read_to_string(root().join("docs/fide-endorsement.md")).unwrap();
    let rows = rows(&text);
    let mut seen = vec![0u32; QUESTIONS as usize + 1];
    for r in &rows {
        assert!((1..=QUESTIONS).contains(&r.q), "Q{} out of range", r.q);
        seen[r.q as usize] += 1;
        assert!(
            ["met", "not yet", "off path"].contains(&r.status.as_str()),
            "Q{}: status \"{}\"",
            r.q,
            r.status
        );
        if r.status == "met" {
            assert!(r.test.is_some(), "Q{} is met but names no test", r.q);
        }
        if let Some((file, name)) = &r.test {
            let src = std::fs::read_to_string(root().join(file))
                .unwrap_or_else(|e| panic!("Q{}: {file}: {e}", r.q));
            let found = src.match_indices(&format!("fn {name}")).any(|(i, m)| {
                !src[i + m.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
            });
            assert!(found, "Q{}: no `fn {name}` in {file}", r.q);
        }
    }
    let twice: Vec<usize> = (1..seen.len()).filter(|&q| seen[q] != 1).collect();
    assert!(twice.is_empty(), "questions missing or repeated: {twice:?}");
    let open: Vec<&Row> = rows.iter().filter(|r| r.status == "not yet").collect();
    let hard: Vec<u32> = open
        .iter()
        .filter(|r| penalty(&r.weight).is_none())
        .map(|r| r.q)
        .collect();
    let sum: u32 = open.iter().filter_map(|r| penalty(&r.weight)).sum();
    println!(
        "endorsement: {} of {QUESTIONS} met, {} not yet: {sum} % of penalties and {} hard fails ({hard:?})",
        rows.iter().filter(|r| r.status == "met").count(),
        open.len(),
        hard.len()
    );
}

#[test]
fn weights_read_as_the_table_writes_them() {
    assert_eq!(penalty("HF"), None);
    assert_eq!(penalty("HF / 2 %"), None);
    assert_eq!(penalty("7 / 30 %"), Some(30));
    assert_eq!(penalty("117 %"), Some(117));
    assert_eq!(penalty("—"), Some(0));
}

/// `arbiter generate ARGS -o DIR/NAME`: the file's text.
fn generate(dir: &Path, name: &str, args: &[&str]) -> String {
    let out = dir.join(name);
    let o = out.to_str().unwrap_or_default().to_string();
    let mut argv = vec!["generate"];
    argv.extend_from_slice(args);
    argv.extend(["-o", &o]);
    let (code, _, err) = arbiter(&argv);
    assert_eq!(code, 0, "{argv:?}: {err}");
    std::fs::read_to_string(&out).unwrap()
}

fn comments(trf: &str) -> Vec<&str> {
    trf.lines().filter(|l| l.starts_with("###")).collect()
}

#[test]
fn every_run_takes_a_new_seed_and_a_given_seed_repeats_the_file() {
    let dir = Scratch::new("endorse-seed");
    let args = ["--players", "12", "--rounds", "4", "--unset", "fixed"];
    let a = generate(dir.path(), "a.trf", &args);
    let b = generate(dir.path(), "b.trf", &args);
    assert_ne!(comments(&a)[0], comments(&b)[0], "the same seed twice");
    let seed = comments(&a)[0]
        .split_whitespace()
        .find_map(|w| w.strip_prefix("seed="))
        .unwrap()
        .to_string();
    let mut again = args.to_vec();
    again.extend(["--seed", &seed]);
    assert_eq!(generate(dir.path(), "c.trf", &again), a);
    assert!(comments(&a).contains(&"### unset=fixed drawn=-"), "{a}");
    // Left out and --unset random (the default): drawn from the seed and
    // named, their values on the lines above.
    let r = generate(dir.path(), "r.trf", &["--seed", "42"]);
    assert!(
        comments(&r)
            .iter()
            .any(|l| l.starts_with("### unset=random drawn=players,rounds,")
                && l.contains("full-bye-rate")
                && l.ends_with("tie-breaks")),
        "{r}"
    );
    assert!(r.lines().any(|l| l.starts_with("202 ")), "{r}");
}

/// Q27: ratings given one by one are the players' ratings, highest first (pairing numbers
/// follow them), recorded in a `###` line; a list of the wrong length is refused.
#[test]
fn ratings_can_be_given_one_by_one() {
    let dir = Scratch::new("endorse-ratings");
    let text = generate(
        dir.path(),
        "r.trf",
        &[
            "--ratings",
            "1800,2450,2100,1999,2200,1650",
            "--rounds",
            "3",
            "--seed",
            "3",
        ],
    );
    let ratings: Vec<u16> = text
        .lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| l[48..52].trim().parse().unwrap())
        .collect();
    assert_eq!(ratings, [2450, 2200, 2100, 1999, 1800, 1650], "{text}");
    assert!(
        comments(&text).contains(&"### ratings=1800,2450,2100,1999,2200,1650"),
        "{text}"
    );
    let out = dir.join("bad.trf");
    let (code, _, err) = arbiter(&[
        "generate",
        "--players",
        "5",
        "--rounds",
        "3",
        "--ratings",
        "2000,1900",
        "-o",
        out.to_str().unwrap_or_default(),
    ]);
    assert_ne!(code, 0);
    assert!(
        err.contains("expected one per player (5), found 2"),
        "{err}"
    );
}

#[test]
fn generated_files_obey_the_pairing_rules_and_their_tie_break_list() {
    let dir = Scratch::new("endorse-generate");
    for (k, seed) in ["11", "12", "13"].into_iter().enumerate() {
        let name = format!("g{k}.trf");
        let text = generate(
            dir.path(),
            &name,
            &[
                "--players",
                "24",
                "--rounds",
                "6",
                "--seed",
                seed,
                "--full-bye-rate",
                "0.03",
                "--double-forfeit-rate",
                "0.03",
                "--forfeit-rate",
                "0.03",
                "--half-bye-rate",
                "0.03",
                "--tie-breaks",
                "BH/C1,BH,SB",
            ],
        );
        assert!(
            text.lines().any(|l| l.starts_with("202 BH/C1,BH,SB")),
            "{text}"
        );
        let f = dir.join(&name);
        let (code, out, err) = arbiter(&["check", f.to_str().unwrap_or_default()]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(
            out.contains("ranks follow the file's tie-break list (BH/C1,BH,SB)"),
            "{out}"
        );
        bbp_agrees(&f);
    }
    // Full-point byes and 0F-0F forfeits are written as TRF-26 has them.
    let text = generate(
        dir.path(),
        "many.trf",
        &[
            "--players",
            "30",
            "--rounds",
            "7",
            "--seed",
            "5",
            "--full-bye-rate",
            "0.08",
            "--double-forfeit-rate",
            "0.08",
            "--unset",
            "fixed",
        ],
    );
    let players: Vec<&str> = text.lines().filter(|l| l.starts_with("001")).collect();
    assert!(players.iter().any(|l| l.contains("0000 - F")), "{text}");
    // A round block (cols 92-101): opponent, colour, result.
    let block = |l: &str, k: usize| {
        let b = l.get(91 + 10 * k..99 + 10 * k)?;
        Some((b[..4].trim().parse::<usize>().ok()?, b[7..8].to_string()))
    };
    let double = (0..7).any(|k| {
        players.iter().any(|l| match block(l, k) {
            Some((opp, res)) if res == "-" && opp > 0 => {
                block(players[opp - 1], k).is_some_and(|(_, r)| r == "-")
            }
            _ => false,
        })
    });
    assert!(double, "no 0F-0F forfeit written:\n{text}");
}

/// bbpPairings `--dutch FILE -c` agrees that every round is right (opt-in:
/// `ARBITER_BBP=/path/to/bbpPairings`, the 2025 edition, v6). It reads the
/// file as TRF(bx) (it refuses the TRF-2026 system code), prints
/// `NAME: Round #k` for each round and, below it, its own pairing beside the
/// file's only where they differ.
fn bbp_agrees(file: &Path) {
    let Ok(bbp) = std::env::var("ARBITER_BBP") else {
        return;
    };
    let bx = file.with_extension("trfbx");
    let (code, _, err) = arbiter(&[
        "convert",
        file.to_str().unwrap_or_default(),
        "--to",
        "trfbx",
        "-o",
        bx.to_str().unwrap_or_default(),
    ]);
    assert_eq!(code, 0, "{err}");
    let o = std::process::Command::new(bbp)
        .args(["--dutch", bx.to_str().unwrap_or_default(), "-c"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    let differs = out
        .lines()
        .any(|l| !l.trim().is_empty() && !l.contains(": Round #"));
    assert!(
        o.status.success() && !differs,
        "bbpPairings -c on {}: {out}{}",
        bx.display(),
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn check_names_ranks_that_break_the_files_tie_break_list() {
    let dir = Scratch::new("endorse-ranks");
    let text = generate(
        dir.path(),
        "ok.trf",
        &[
            "--players",
            "16",
            "--rounds",
            "5",
            "--seed",
            "8",
            "--tie-breaks",
            "BH,SB",
            "--unset",
            "fixed",
        ],
    );
    // Swap the ranks (001 columns 86-89) of the players ranked 1 and 16.
    let rank = |l: &str| l.get(85..89).map(|r| r.trim().to_string());
    let first = text
        .lines()
        .find(|l| l.starts_with("001") && rank(l).as_deref() == Some("1"));
    let last = text
        .lines()
        .find(|l| l.starts_with("001") && rank(l).as_deref() == Some("16"));
    let (Some(first), Some(last)) = (first, last) else {
        panic!("no ranks 1 and 16 in the generated file:\n{text}");
    };
    let swap = |l: &str, to: &str| format!("{}{to:>4}{}", &l[..85], &l[89..]);
    let bad = text
        .replace(first, &swap(first, "16"))
        .replace(last, &swap(last, "1"));
    let f = dir.join("bad.trf");
    std::fs::write(&f, bad).unwrap();
    let (code, out, err) = arbiter(&["check", f.to_str().unwrap_or_default()]);
    assert_eq!(code, 1, "{out}{err}");
    let who = |l: &str| l[4..8].trim().to_string();
    assert!(
        out.contains("2 of 16 ranks break the file's tie-break list (BH,SB)"),
        "{out}"
    );
    assert!(
        out.contains(&format!("player {}: expected rank 1, found 16", who(first))),
        "{out}"
    );
    assert!(
        out.contains(&format!("player {}: expected rank 16, found 1", who(last))),
        "{out}"
    );
    let (_, json, _) = arbiter(&["check", f.to_str().unwrap_or_default(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["standings"]["findings"].as_array().map(Vec::len), Some(2));
}
