//! `arbiter check` library level: verdicts on the worked example of
//! docs/dutch-pairing.md §6.9 (a 6-player position where the 2017 and 2025
//! rules pair round 3 differently), its mutations, and the rendered reports.

use chess_arbiter::model::{ByeKind, Color, Outcome, Player, PlayerId, RoundEntry, Tournament};
use chess_arbiter::pairing::check::report::{check_tournament, CheckOptions, Report, Selection};
use chess_arbiter::pairing::check::{Edition, Pair, Position, Selected};
use chess_arbiter::render;

fn g(o: u32, c: Color, out: Outcome) -> RoundEntry {
    RoundEntry::Played {
        opponent: PlayerId(o),
        color: c,
        outcome: out,
        short: false,
    }
}

/// §6.9: round 3 of 3, initial colour White, player 4 absent in round 3.
/// Rounds 1-2 as in the document; round 3 as the 2017 rules pair it
/// (observed with bbpPairings v5.0.1): 1-3 draw, 6-2 (2 wins), 5 gets the PAB.
fn worked_example() -> Tournament {
    use Color::*;
    use Outcome::*;
    let rows = [
        vec![g(4, White, Win), g(2, Black, Win), g(3, White, Draw)],
        vec![g(5, Black, Win), g(1, White, Loss), g(6, Black, Win)],
        vec![g(6, White, Win), g(4, Black, Win), g(1, Black, Draw)],
        vec![
            g(1, Black, Loss),
            g(3, White, Loss),
            RoundEntry::Bye { bye: ByeKind::Zero },
        ],
        vec![
            g(2, White, Loss),
            g(6, Black, Win),
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            },
        ],
        vec![g(3, Black, Loss), g(5, White, Loss), g(2, White, Loss)],
    ];
    Tournament {
        total_rounds: Some(3),
        initial_color: Some(White),
        players: rows
            .into_iter()
            .enumerate()
            .map(|(i, r)| Player {
                id: PlayerId(i as u32 + 1),
                name: format!("Player {}", i + 1),
                rounds: r,
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    }
}

fn pairs(v: &[(u32, u32)]) -> Vec<Pair> {
    v.iter()
        .map(|&(w, b)| Pair {
            white: PlayerId(w),
            black: PlayerId(b),
        })
        .collect()
}

/// The rules' pairing of round 3, hand-worked in §6.9 and observed with both
/// reference engines: 2017 pairs 1-3, 6-2, PAB 5; 2025 pairs 1-5, 3-2, PAB 6.
fn rules(edition: Edition) -> impl FnMut(&Position) -> Selection {
    move |pos: &Position| {
        assert_eq!(pos.round, 3);
        Selection::Pairing(match edition {
            Edition::Dutch2017 => Selected {
                boards: pairs(&[(1, 3), (6, 2)]),
                bye: Some(PlayerId(5)),
            },
            Edition::Dutch2025 => Selected {
                boards: pairs(&[(1, 5), (3, 2)]),
                bye: Some(PlayerId(6)),
            },
        })
    }
}

/// Check with the hand-worked selection; the tool version is blanked so that
/// snapshots survive a version bump.
fn run(t: &Tournament, o: &CheckOptions, edition: Edition) -> Report {
    let mut r = check_tournament(t, o, rules(edition));
    r.tool = "arbiter (version)".into();
    r
}

fn opts(edition: Edition) -> CheckOptions {
    CheckOptions {
        edition,
        edition_reason: "--system".into(),
        rounds: Some(vec![3]),
        explain: false,
    }
}

fn verdict(t: &Tournament, edition: Edition) -> String {
    let r = run(t, &opts(edition), edition);
    r.rounds[0].verdict.name().to_string()
}

#[test]
fn worked_example_conforms_under_2017_and_differs_under_2025() {
    let t = worked_example();
    assert_eq!(verdict(&t, Edition::Dutch2017), "conform");
    assert_eq!(verdict(&t, Edition::Dutch2025), "differs");
}

#[test]
fn mutation_swap_colours_is_colours_differ_with_rule() {
    let mut t = worked_example();
    // 3 White, 1 Black on board 1: 1 and 3 both have WB, so E.3 cannot decide
    // and E.4 gives the higher-ranked player 1 his preference (White).
    t.players[0].rounds[2] = g(3, Color::Black, Outcome::Draw);
    t.players[2].rounds[2] = g(1, Color::White, Outcome::Draw);
    let r = run(&t, &opts(Edition::Dutch2017), Edition::Dutch2017);
    insta::assert_snapshot!("worked_example_swapped_colours", render::check::text(&r));
    let v = &r.rounds[0].verdict;
    assert_eq!(v.name(), "colours-differ");
}

#[test]
fn mutation_rematch_and_second_bye_are_illegal() {
    // Rematch: 1-2 (played in round 2) and 3-6 (played in round 1).
    let mut t = worked_example();
    t.players[0].rounds[2] = g(2, Color::White, Outcome::Draw);
    t.players[1].rounds[2] = g(1, Color::Black, Outcome::Draw);
    t.players[2].rounds[2] = g(6, Color::White, Outcome::Draw);
    t.players[5].rounds[2] = g(3, Color::Black, Outcome::Draw);
    let r = run(&t, &opts(Edition::Dutch2025), Edition::Dutch2025);
    insta::assert_snapshot!("worked_example_rematch", render::check::text(&r));
    assert_eq!(r.rounds[0].verdict.name(), "illegal");
    // Second PAB: 5 had the PAB in round 2 (6 absent then) and gets it again.
    let mut t = worked_example();
    t.players[4].rounds[1] = RoundEntry::Bye {
        bye: ByeKind::PairingAllocated,
    };
    t.players[5].rounds[1] = RoundEntry::Bye { bye: ByeKind::Zero };
    let r = run(&t, &opts(Edition::Dutch2017), Edition::Dutch2017);
    assert_eq!(r.rounds[0].verdict.name(), "illegal");
    assert!(render::check::text(&r).contains(
        "player 5 received the pairing-allocated bye but already received the pairing-allocated bye in round 2"
    ));
}

#[test]
fn mutation_move_the_bye_differs() {
    // Move the bye from 5 to 6: with 4 absent, the only legal pairing that
    // does so is 1-5, 3-2 (2-5 and 5-6 already met), the 2025 rules' choice.
    let mut t = worked_example();
    t.players[0].rounds[2] = g(5, Color::White, Outcome::Win);
    t.players[4].rounds[2] = g(1, Color::Black, Outcome::Loss);
    t.players[2].rounds[2] = g(2, Color::White, Outcome::Win);
    t.players[1].rounds[2] = g(3, Color::Black, Outcome::Loss);
    t.players[5].rounds[2] = RoundEntry::Bye {
        bye: ByeKind::PairingAllocated,
    };
    let r = run(&t, &opts(Edition::Dutch2017), Edition::Dutch2017);
    assert_eq!(r.rounds[0].verdict.name(), "differs");
    assert_eq!(verdict(&t, Edition::Dutch2025), "conform");
}

#[test]
fn report_snapshots_text_and_json() {
    let t = worked_example();
    let mut o = opts(Edition::Dutch2025);
    o.explain = true;
    let mut r = run(&t, &o, Edition::Dutch2025);
    r.input_sha256 = Some("0".repeat(64));
    insta::assert_snapshot!("worked_example_2025_text", render::check::text(&r));
    insta::assert_snapshot!("worked_example_2025_json", render::check::json(&r));
}

// ---------------------------------------------------------------------------
// Corpus rounds (bbpPairings-generated tournaments, see tests/fixtures/check/README.md).

use chess_arbiter::pairing::check::report::engine_selection;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/check")
        .join(name)
}

fn load(path: &Path) -> Tournament {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (t, _) = crate::dutch_support::read_corpus(&String::from_utf8_lossy(&bytes))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    t
}

fn check_with_engine(t: &Tournament, edition: Edition, rounds: Option<Vec<u32>>) -> Report {
    let o = CheckOptions {
        edition,
        edition_reason: "--system".into(),
        rounds,
        explain: false,
    };
    check_tournament(t, &o, |pos| engine_selection(pos, edition))
}

/// Rounds whose verdict is not `conform`, with the verdicts.
fn non_conform(r: &Report) -> Vec<(u32, String)> {
    r.rounds
        .iter()
        .filter(|x| !x.verdict.is_conform())
        .map(|x| (x.round, x.verdict.name().to_string()))
        .collect()
}

/// The committed fixtures with the reference checkers' cross-edition verdicts
/// (copied from /work/shared/corpus/cross-check.tsv).
fn cross_cases() -> Vec<(String, Edition, Edition, Vec<u32>)> {
    let text = std::fs::read_to_string(fixture("cross-check.tsv")).unwrap_or_default();
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let file = f.first()?.to_string();
            let own = if file.starts_with("dutch2025") {
                Edition::Dutch2025
            } else {
                Edition::Dutch2017
            };
            let other = Edition::from_name(f.get(1)?)?;
            let rounds = f
                .get(3)
                .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
                .unwrap_or_default();
            Some((file, own, other, rounds))
        })
        .collect()
}

#[test]
fn corpus_fixtures_conform_under_their_own_edition() {
    let cases = cross_cases();
    assert!(!cases.is_empty(), "fixtures missing");
    for (file, own, _, _) in &cases {
        let t = load(&fixture(file.rsplit('/').next().unwrap_or(file)));
        let r = check_with_engine(&t, *own, None);
        assert_eq!(non_conform(&r), vec![], "{file} under {}", own.name());
    }
}

#[test]
fn corpus_fixtures_cross_edition_rounds_flagged_exactly() {
    for (file, _, other, want) in cross_cases() {
        let t = load(&fixture(file.rsplit('/').next().unwrap_or(&file)));
        let r = check_with_engine(&t, other, None);
        let got: Vec<u32> = non_conform(&r).into_iter().map(|x| x.0).collect();
        assert_eq!(got, want, "{file} under {}", other.name());
    }
}

/// The whole shared corpus when `ARBITER_CORPUS` points at it: every file
/// conforms under its own edition and, under the other edition, exactly the
/// rounds of cross-check.tsv are flagged. `ARBITER_CORPUS_MAX` limits the
/// field size. Prints the mismatches before failing.
#[test]
fn whole_corpus_verdicts() {
    let Ok(root) = std::env::var("ARBITER_CORPUS") else {
        return;
    };
    let max: usize = std::env::var("ARBITER_CORPUS_MAX")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let root = PathBuf::from(root);
    let tsv = std::fs::read_to_string(root.join("cross-check.tsv")).unwrap_or_default();
    let (mut files, mut bad) = (0, Vec::new());
    for l in tsv.lines().skip(1) {
        let f: Vec<&str> = l.split('\t').collect();
        let (Some(file), Some(sys), Some(code)) = (f.first(), f.get(1), f.get(2)) else {
            continue;
        };
        if *code != "0" {
            continue;
        }
        let n: usize = file
            .split('/')
            .nth(1)
            .and_then(|s| s.get(1..4))
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        if n > max {
            continue;
        }
        let Some(edition) = Edition::from_name(sys) else {
            continue;
        };
        let want: Vec<u32> = f
            .get(3)
            .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
            .unwrap_or_default();
        let t = load(&root.join(file));
        let r = check_with_engine(&t, edition, None);
        let got = non_conform(&r);
        let got_rounds: Vec<u32> = got.iter().map(|x| x.0).collect();
        files += 1;
        if got_rounds != want {
            bad.push(format!("{file} {sys}: expected {want:?}, got {got:?}"));
        }
    }
    eprintln!(
        "check corpus: {files} file/edition runs, {} mismatches",
        bad.len()
    );
    for b in bad.iter().take(50) {
        eprintln!("  {b}");
    }
    assert!(bad.is_empty());
}

// ---------------------------------------------------------------------------
// Generated tournaments: every round the generator pairs with the engine must
// check `conform` (and nothing illegal) in the same edition.

use chess_arbiter::pairing::generate::{generate, GenerateOptions};

fn generated_conform(edition: Edition, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let o = GenerateOptions {
            players: 9 + (seed % 14) as u32,
            rounds: 5 + (seed % 4) as u32,
            seed,
            draw_rate: 0.3,
            forfeit_rate: 0.04,
            half_bye_rate: 0.03,
            zero_bye_rate: 0.03,
            withdraw_rate: 0.01,
            late_entry_rate: 0.05,
            ..Default::default()
        };
        let t = match generate(&o, edition, |_| {}) {
            Ok(t) => t,
            // A position without a legal pairing is a legitimate stop.
            Err(chess_arbiter::pairing::generate::GenerateError::NoPairing { .. }) => continue,
            Err(e) => panic!("seed {seed}: {e}"),
        };
        let r = check_with_engine(&t, edition, None);
        assert_eq!(non_conform(&r), vec![], "seed {seed} {}", edition.name());
    }
}

#[test]
fn generated_tournaments_conform_2017() {
    generated_conform(Edition::Dutch2017, 1..41);
}

#[test]
fn generated_tournaments_conform_2025() {
    generated_conform(Edition::Dutch2025, 1..41);
}
