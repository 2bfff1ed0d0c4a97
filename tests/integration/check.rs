//! `arbiter check` library level: verdicts on the worked example of
//! docs/dutch-pairing.md §6.9 (a 6-player position where the 2017 and 2025
//! rules pair round 3 differently), its mutations, and the rendered reports.

use chess_arbiter::model::{ByeKind, Color, Outcome, Player, PlayerId, RoundEntry, Tournament};
use chess_arbiter::pairing::check::report::{check_tournament, CheckOptions, Report, Selection};
use chess_arbiter::pairing::check::{DutchEdition, Pair, Position, Selected};
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
fn rules(edition: DutchEdition) -> impl Fn(&Position) -> Selection + Sync {
    move |pos: &Position| {
        assert_eq!(pos.round, 3);
        Selection::Pairing(match edition {
            DutchEdition::Dutch2017 => Selected {
                boards: pairs(&[(1, 3), (6, 2)]),
                bye: Some(PlayerId(5)),
            },
            DutchEdition::Dutch2025 => Selected {
                boards: pairs(&[(1, 5), (3, 2)]),
                bye: Some(PlayerId(6)),
            },
        })
    }
}

/// Check with the hand-worked selection; the tool version is blanked so that
/// snapshots survive a version bump.
fn run(t: &Tournament, o: &CheckOptions, edition: DutchEdition) -> Report {
    let mut r = check_tournament(t, o, rules(edition));
    r.tool = "arbiter (version)".into();
    r
}

fn opts(edition: DutchEdition) -> CheckOptions {
    CheckOptions::new(edition)
        .edition_reason("--system")
        .rounds(Some(vec![3]))
}

fn verdict(t: &Tournament, edition: DutchEdition) -> String {
    let r = run(t, &opts(edition), edition);
    r.rounds[0].verdict.name().to_string()
}

#[test]
fn worked_example_conforms_under_2017_and_differs_under_2025() {
    let t = worked_example();
    assert_eq!(verdict(&t, DutchEdition::Dutch2017), "conform");
    assert_eq!(verdict(&t, DutchEdition::Dutch2025), "differs");
}

#[test]
fn mutation_swap_colours_is_colours_differ_with_rule() {
    let mut t = worked_example();
    // 3 White, 1 Black on board 1: 1 and 3 both have WB, so E.3 cannot decide
    // and E.4 gives the higher-ranked player 1 his preference (White).
    t.players[0].rounds[2] = g(3, Color::Black, Outcome::Draw);
    t.players[2].rounds[2] = g(1, Color::White, Outcome::Draw);
    let r = run(&t, &opts(DutchEdition::Dutch2017), DutchEdition::Dutch2017);
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
    let r = run(&t, &opts(DutchEdition::Dutch2025), DutchEdition::Dutch2025);
    insta::assert_snapshot!("worked_example_rematch", render::check::text(&r));
    assert_eq!(r.rounds[0].verdict.name(), "illegal");
    // Second PAB: 5 had the PAB in round 2 (6 absent then) and gets it again.
    let mut t = worked_example();
    t.players[4].rounds[1] = RoundEntry::Bye {
        bye: ByeKind::PairingAllocated,
    };
    t.players[5].rounds[1] = RoundEntry::Bye { bye: ByeKind::Zero };
    let r = run(&t, &opts(DutchEdition::Dutch2017), DutchEdition::Dutch2017);
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
    let r = run(&t, &opts(DutchEdition::Dutch2017), DutchEdition::Dutch2017);
    assert_eq!(r.rounds[0].verdict.name(), "differs");
    assert_eq!(verdict(&t, DutchEdition::Dutch2025), "conform");
}

#[test]
fn report_snapshots_text_and_json() {
    let t = worked_example();
    let mut o = opts(DutchEdition::Dutch2025);
    o.explain = true;
    let mut r = run(&t, &o, DutchEdition::Dutch2025);
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
    let (t, _) = crate::dutch_support::read_corpus(&bytes)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    t
}

fn check_with_engine(t: &Tournament, edition: DutchEdition, rounds: Option<Vec<u32>>) -> Report {
    let o = CheckOptions::new(edition)
        .edition_reason("--system")
        .rounds(rounds);
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
/// (copied from the shared corpus's `$ARBITER_CORPUS/cross-check.tsv`).
fn cross_cases() -> Vec<(String, DutchEdition, DutchEdition, Vec<u32>)> {
    let text = std::fs::read_to_string(fixture("cross-check.tsv")).unwrap_or_default();
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let file = f.first()?.to_string();
            let own = if file.starts_with("dutch2025") {
                DutchEdition::Dutch2025
            } else {
                DutchEdition::Dutch2017
            };
            let other = DutchEdition::from_name(f.get(1)?)?;
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

use chess_arbiter::pairing::check::FindingKind;

/// The whole shared corpus when `ARBITER_CORPUS` points at it: every file
/// conforms under its own edition and, under the other edition, exactly the
/// rounds of cross-check.tsv are flagged. `ARBITER_CORPUS_MAX` limits the
/// field size. Prints the mismatches before failing. Opt-in.
#[test]
#[ignore = "needs ARBITER_CORPUS=../shared/corpus"]
fn whole_corpus_verdicts() {
    let root = std::env::var("ARBITER_CORPUS")
        .unwrap_or_else(|_| panic!("set ARBITER_CORPUS to the shared corpus to run this test"));
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
        let Some(edition) = DutchEdition::from_name(sys) else {
            continue;
        };
        let want: Vec<u32> = f
            .get(3)
            .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
            .unwrap_or_default();
        let t = load(&root.join(file));
        let r = check_with_engine(&t, edition, None);
        // A differs round names a criterion or the generation order, and
        // never finds the recorded round better than the engine's.
        for x in &r.rounds {
            if let chess_arbiter::pairing::check::Verdict::Differs { difference } = &x.verdict {
                match &difference.criterion {
                    Some(c) if c.kind != FindingKind::RecordedBetter => {}
                    other => bad.push(format!("{file} {sys} round {}: {other:?}", x.round)),
                }
            }
        }
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

fn generated_conform(edition: DutchEdition, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        // Small fields (7-16 players, 4-6 rounds) keep the test quick.
        let o = GenerateOptions::new()
            .players(7 + (seed % 10) as u32)
            .rounds(4 + (seed % 3) as u32)
            .seed(seed)
            .draw_rate(0.3)
            .forfeit_rate(0.04)
            .half_bye_rate(0.03)
            .zero_bye_rate(0.03)
            .withdraw_rate(0.01)
            .late_entry_rate(0.05);
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
    generated_conform(DutchEdition::Dutch2017, 1..41);
}

#[test]
fn generated_tournaments_conform_2025() {
    generated_conform(DutchEdition::Dutch2025, 1..41);
}

// ---------------------------------------------------------------------------
// Mutations of a corpus round: each must get the right verdict.

use chess_arbiter::pairing::check::{position_before, recorded_round, Violation};

/// Set round `k` of players `a` and `b` to a played draw, `a` White.
fn set_game(t: &mut Tournament, k: usize, a: PlayerId, b: PlayerId) {
    for (p, o, c) in [(a, b, Color::White), (b, a, Color::Black)] {
        if let Some(pl) = t.players.iter_mut().find(|x| x.id == p) {
            pl.rounds[k - 1] = g(o.0, c, Outcome::Draw);
        }
    }
}

fn set_pab(t: &mut Tournament, k: usize, a: PlayerId) {
    if let Some(pl) = t.players.iter_mut().find(|x| x.id == a) {
        pl.rounds[k - 1] = RoundEntry::Bye {
            bye: ByeKind::PairingAllocated,
        };
    }
}

fn verdict_of(t: &Tournament, k: u32, e: DutchEdition) -> chess_arbiter::pairing::check::Verdict {
    check_with_engine(t, e, Some(vec![k])).rounds[0]
        .verdict
        .clone()
}

#[test]
fn corpus_round_mutations() {
    use chess_arbiter::pairing::check::colour::{ColourHistory, Strength};
    use chess_arbiter::pairing::check::Verdict;
    let e = DutchEdition::Dutch2025;
    let t = load(&fixture("n012-r07-s7000328.trf"));
    let k = 5u32;
    let ku = k as usize;
    assert!(verdict_of(&t, k, e).is_conform());
    let pos = position_before(&t, k).unwrap();
    let rec = recorded_round(&t, k);
    let played = |a: PlayerId, b: PlayerId| {
        pos.tournament.player(a).is_some_and(|p| {
            p.rounds
                .iter()
                .any(|x| x.is_played_game() && x.opponent() == Some(b))
        })
    };
    let absolute = |a: PlayerId| {
        pos.tournament.player(a).is_some_and(|p| {
            ColourHistory::of(p, k)
                .preference()
                .is_some_and(|x| x.strength == Strength::Absolute)
        })
    };
    let boards: Vec<_> = rec
        .boards
        .iter()
        .filter(|b| b.kind == chess_arbiter::pairing::check::BoardKind::Played)
        .copied()
        .collect();

    // 1. Swap colours on a board of two players without absolute preferences.
    let b = boards
        .iter()
        .find(|b| !absolute(b.white) && !absolute(b.black))
        .expect("a board without absolute preferences");
    let mut m = t.clone();
    set_game(&mut m, ku, b.black, b.white);
    let v = verdict_of(&m, k, e);
    let Verdict::ColoursDiffer { boards: cd } = &v else {
        panic!("swap colours: {v:?}")
    };
    assert_eq!(cd.len(), 1);
    assert_eq!(
        (cd[0].recorded.white, cd[0].recorded.black),
        (b.black, b.white)
    );

    // 2. Swap two opponents where no rematch results: a different legal or
    // illegal pairing, never conform; with no rematch and no absolute
    // preference involved it is `differs`.
    let mut done = false;
    for (i, x) in boards.iter().enumerate() {
        for y in &boards[i + 1..] {
            let ok = !played(x.white, y.black)
                && !played(y.white, x.black)
                && [x.white, x.black, y.white, y.black]
                    .iter()
                    .all(|p| !absolute(*p));
            if ok && !done {
                let mut m = t.clone();
                set_game(&mut m, ku, x.white, y.black);
                set_game(&mut m, ku, y.white, x.black);
                let v = verdict_of(&m, k, e);
                assert_eq!(v.name(), "differs", "swap opponents {x:?} {y:?}: {v:?}");
                done = true;
            }
        }
    }
    assert!(done, "no swappable pair of boards");

    // 3. Create a rematch: two boards whose players met before.
    let mut done = false;
    for (i, x) in boards.iter().enumerate() {
        for y in &boards[i + 1..] {
            if !done && played(x.white, y.white) && !played(x.black, y.black) {
                let mut m = t.clone();
                set_game(&mut m, ku, x.white, y.white);
                set_game(&mut m, ku, x.black, y.black);
                let v = verdict_of(&m, k, e);
                let Verdict::Illegal { violations } = &v else {
                    panic!("rematch: {v:?}")
                };
                let (lo, hi) = (x.white.min(y.white), x.white.max(y.white));
                assert!(violations.iter().any(|r| matches!(r.violation,
                    Violation::Rematch { a, b, .. } if a == lo && b == hi)));
                done = true;
            }
        }
    }
    assert!(done, "no rematch could be built");
}

#[test]
fn corpus_round_bye_mutations() {
    use chess_arbiter::pairing::check::legality::pab_ineligibility;
    use chess_arbiter::pairing::check::Verdict;
    // An 11-player event paired under the 2017 rules: a PAB every round.
    let e = DutchEdition::Dutch2017;
    let t = load(&fixture("n011-r09-s8000042.trf"));
    let k = 6u32;
    let ku = k as usize;
    assert!(verdict_of(&t, k, e).is_conform());
    let pos = position_before(&t, k).unwrap();
    let rec = recorded_round(&t, k);
    let pab = rec.pab[0];
    let played = |a: PlayerId, b: PlayerId| {
        pos.tournament.player(a).is_some_and(|p| {
            p.rounds
                .iter()
                .any(|x| x.is_played_game() && x.opponent() == Some(b))
        })
    };
    let ineligible = |a: PlayerId| {
        pos.tournament
            .player(a)
            .and_then(|p| pab_ineligibility(&pos.tournament, p, k, e))
            .is_some()
    };
    // 4. Move the bye to an eligible player whose opponent the PAB player has
    // not met: legal, not the rules' choice.
    let mv = rec.boards.iter().find_map(|b| {
        [(b.white, b.black), (b.black, b.white)]
            .into_iter()
            .find(|(q, o)| !ineligible(*q) && !played(pab, *o))
    });
    let (q, o) = mv.expect("a player to move the bye to");
    let mut m = t.clone();
    set_game(&mut m, ku, pab, o);
    set_pab(&mut m, ku, q);
    let v = verdict_of(&m, k, e);
    // Only colour rules can make it illegal (pab may get a forbidden colour).
    assert!(
        matches!(v.name(), "differs" | "illegal"),
        "move the bye: {v:?}"
    );
    if let Verdict::Illegal { violations } = &v {
        assert!(violations
            .iter()
            .all(|r| matches!(r.violation, Violation::AbsoluteColour { .. })));
    }
    // 5. Give a second bye: to a player who already had it.
    let (q, o) = rec
        .boards
        .iter()
        .find_map(|b| {
            [(b.white, b.black), (b.black, b.white)]
                .into_iter()
                .find(|(q, _)| ineligible(*q))
        })
        .expect("a player who already had the PAB");
    let mut m = t.clone();
    set_game(&mut m, ku, pab, o);
    set_pab(&mut m, ku, q);
    let v = verdict_of(&m, k, e);
    let Verdict::Illegal { violations } = &v else {
        panic!("second bye: {v:?}")
    };
    assert!(violations.iter().any(|r| matches!(r.violation,
        Violation::IneligiblePab { player, .. } if player == q)));
}

#[test]
fn generate_snapshot_trf26() {
    use chess_arbiter::formats::trf;
    let o = GenerateOptions::new()
        .players(9)
        .rounds(4)
        .seed(2026)
        .half_bye_rate(0.05)
        .forfeit_rate(0.05)
        .system_code("FIDE_DUTCH_2026");
    let t = generate(&o, DutchEdition::Dutch2025, |_| {}).expect("generated");
    let w = trf::write(
        &t,
        &trf::WriteOptions::new()
            .target(trf::Target::Trf26)
            .line_end(trf::LineEnd::Lf),
    );
    // The version in the parameter comment changes with releases.
    let text = w.text.replace(env!("CARGO_PKG_VERSION"), "(version)");
    insta::assert_snapshot!("generate_9x4_seed2026_trf26", text);
    // Read back: the same tournament, and every round conforms.
    let back = trf::read(w.text.as_bytes(), &trf::ReadOptions::default()).expect("readable");
    let r = check_with_engine(&back.tournament, DutchEdition::Dutch2025, None);
    assert_eq!(non_conform(&r), vec![]);
    let json = render::check::json(&{
        let mut r = r;
        r.tool = "arbiter (version)".into();
        r.input_sha256 = None;
        r
    });
    insta::assert_snapshot!("generate_9x4_seed2026_check_json", json);
}

// ---------------------------------------------------------------------------
// `differs` findings: the first differing bracket and criterion, from the
// engine's ladder, on the cross-edition rounds of the committed fixtures.

fn finding(file: &str, edition: DutchEdition, k: u32) -> (String, String) {
    use chess_arbiter::pairing::check::Verdict;
    let t = load(&fixture(file));
    let r = check_with_engine(&t, edition, Some(vec![k]));
    let Verdict::Differs { difference } = &r.rounds[0].verdict else {
        panic!("{file} round {k}: {:?}", r.rounds[0].verdict)
    };
    let c = difference.criterion.as_ref().expect("a criterion");
    let b = difference.first_bracket.as_ref().expect("a bracket");
    (
        format!("{} {}", b.score, render::check::finding_criterion(c)),
        render::check::finding_explanation(c),
    )
}

#[test]
fn cross_edition_rounds_name_bracket_and_criterion() {
    // Every flagged round is worse on a named criterion (never better: that
    // would be an engine defect), in the bracket where the pairs first part.
    let cases = [
        (
            "n005-r04-s8000133.trf",
            DutchEdition::Dutch2025,
            4,
            "2.0 [C5]",
        ),
        (
            "n007-r07-s7000318.trf",
            DutchEdition::Dutch2017,
            6,
            "3.5 C.5",
        ),
        (
            "n010-r08-s8000376.trf",
            DutchEdition::Dutch2025,
            8,
            "4.0 [C12]",
        ),
        (
            "n011-r09-s8000042.trf",
            DutchEdition::Dutch2025,
            4,
            "1.0 [C9]",
        ),
        (
            "n012-r07-s7000328.trf",
            DutchEdition::Dutch2017,
            5,
            "2.0 C.7",
        ),
    ];
    for (file, e, k, want) in cases {
        let (got, why) = finding(file, e, k);
        assert_eq!(got, want, "{file} round {k}: {why}");
        assert!(why.contains("the rules allow"), "{why}");
    }
}

/// The finding of a `differs` round is data: the criterion as a typed
/// value with its edition and both pairings' amounts, not sentences (the
/// words come from `render::check`).
#[test]
fn a_finding_is_data_the_criterion_and_both_values() {
    use chess_arbiter::pairing::check::{FindingCriterion, FindingValue, Verdict};
    use chess_arbiter::pairing::dutch::criteria::Criterion;
    use chess_arbiter::pairing::dutch::evaluate::Amount;
    use chess_arbiter::Points;
    let cases = [
        // 2017 C.5: the recorded round makes no pair in the 3.5 bracket
        // where the rules make one.
        (
            "n007-r07-s7000318.trf",
            DutchEdition::Dutch2017,
            6,
            Criterion::Pairs,
            Amount::Count(0),
            Amount::Count(1),
        ),
        // 2025 [C12]: one player denied the colour preference, none by the rules.
        (
            "n010-r08-s8000376.trf",
            DutchEdition::Dutch2025,
            8,
            Criterion::Preference,
            Amount::Count(1),
            Amount::Count(0),
        ),
        // 2025 [C5]: the PAB could go to a 2.0 player, not to a 3.0 one.
        (
            "n005-r04-s8000133.trf",
            DutchEdition::Dutch2025,
            4,
            Criterion::ByeScore,
            Amount::Score(Points(30)),
            Amount::Score(Points(20)),
        ),
    ];
    for (file, edition, k, criterion, recorded, rules) in cases {
        let r = check_with_engine(&load(&fixture(file)), edition, Some(vec![k]));
        let Verdict::Differs { difference } = &r.rounds[0].verdict else {
            panic!("{file} round {k}: {:?}", r.rounds[0].verdict)
        };
        let c = difference.criterion.as_ref().expect("a finding");
        assert_eq!(c.edition, edition, "{file}");
        assert_eq!(
            c.criterion,
            FindingCriterion::Criterion(criterion),
            "{file}"
        );
        assert_eq!(c.recorded, FindingValue::Amount(recorded), "{file}");
        assert_eq!(c.rules, FindingValue::Amount(rules), "{file}");
        assert_eq!(c.kind, FindingKind::RecordedWorse, "{file}");
    }
}

#[test]
fn differs_round_snapshots_text_and_json() {
    // The README's appeal walkthrough: a 2025 event checked under 2017.
    let t = load(&fixture("n007-r07-s7000318.trf"));
    let o = CheckOptions::new(DutchEdition::Dutch2017)
        .edition_reason("--system")
        .rounds(Some(vec![6]))
        .explain(true);
    let mut r = check_tournament(&t, &o, |pos| engine_selection(pos, DutchEdition::Dutch2017));
    r.tool = "arbiter (version)".into();
    // 2017 A.9: the 2.0 bracket is the PPB (its best pairing without C.4
    // leaves a round that cannot be completed) and 1.0 the collapsed last.
    let e = r.rounds[0].explanation.as_ref().expect("explanation");
    let kinds: Vec<String> = e
        .brackets
        .iter()
        .map(|b| format!("{} {:?}", b.score, b.kind))
        .collect();
    assert_eq!(
        kinds,
        [
            "4.0 Regular",
            "3.5 Regular",
            "2.5 Regular",
            "2.0 Penultimate",
            "1.0 CollapsedLast"
        ]
    );
    insta::assert_snapshot!("n007_round6_2017_text", render::check::text(&r));
    insta::assert_snapshot!("n007_round6_2017_json", render::check::json(&r));
}

/// The evaluator never finds a legal alternative better than the engine's
/// pairing: on every round of the committed fixtures (and of the shared
/// corpus up to `ARBITER_CORPUS_MAX` players, default 16, when
/// `ARBITER_CORPUS` is set), each swap of opponents between two boards that
/// keeps the round legal compares as worse or as a generation-order tie,
/// never as better.
#[test]
fn evaluator_never_prefers_a_swap_to_the_engine() {
    use chess_arbiter::pairing::dutch::engine::compatible;
    use chess_arbiter::pairing::dutch::evaluate::{compare, evaluate, Assignment, Decision};
    use chess_arbiter::pairing::dutch::{pair_round, prepare, PairOptions};
    let mut files: Vec<PathBuf> = cross_cases()
        .iter()
        .map(|c| fixture(c.0.rsplit('/').next().unwrap_or(&c.0)))
        .collect();
    if let Ok(root) = std::env::var("ARBITER_CORPUS") {
        let max: usize = std::env::var("ARBITER_CORPUS_MAX")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(16);
        for dir in ["dutch2017", "dutch2025"] {
            let mut v: Vec<PathBuf> = std::fs::read_dir(Path::new(&root).join(dir))
                .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
                .unwrap_or_default();
            v.retain(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .and_then(|n| n.get(1..4))
                    .and_then(|n| n.parse::<usize>().ok())
                    .is_some_and(|n| n <= max)
            });
            v.sort();
            files.extend(v);
        }
    }
    let (mut swaps, mut worse) = (0, 0);
    for f in &files {
        let t = load(f);
        for e in [DutchEdition::Dutch2017, DutchEdition::Dutch2025] {
            for k in 1..=t.rounds_recorded() as u32 {
                let Some(pos) = position_before(&t, k) else {
                    continue;
                };
                let opts = PairOptions::new()
                    .edition(Some(e))
                    .round(Some(k))
                    .total_rounds(Some(pos.total_rounds));
                let (Ok(prep), Ok(sel)) = (
                    prepare(&pos.tournament, &opts),
                    pair_round(&pos.tournament, &opts),
                ) else {
                    continue;
                };
                let pairs: Vec<_> = sel.boards.iter().map(|b| (b.white, b.black)).collect();
                let rules = Assignment::from_ids(&prep, &pairs, sel.bye).unwrap();
                let brackets = evaluate(&prep, &rules)
                    .unwrap_or_else(|x| panic!("{} {e} round {k}: {x}", f.display()));
                assert!(!brackets.is_empty());
                let inp = prep.input();
                let n = rules.pairs.len();
                for i in 0..n {
                    for j in i + 1..n {
                        let ((a, b), (c, d)) = (rules.pairs[i], rules.pairs[j]);
                        for (x, y) in [((a, d), (c, b)), ((a, c), (b, d))] {
                            if !compatible(&inp, x.0, x.1) || !compatible(&inp, y.0, y.1) {
                                continue;
                            }
                            let mut m = rules.clone();
                            m.pairs[i] = x;
                            m.pairs[j] = y;
                            let cmp = compare(&prep, &m, &rules).unwrap().unwrap();
                            swaps += 1;
                            match cmp.outcome {
                                Decision::RecordedBetter(c) => panic!(
                                    "{} {e} round {k}: swap {x:?} {y:?} is better on {c:?}",
                                    f.display()
                                ),
                                Decision::RecordedWorse(_) => worse += 1,
                                Decision::GenerationOrder(_) => {}
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!("evaluator: {swaps} legal swaps, {worse} worse on a criterion, none better");
    assert!(swaps > 0 && worse > 0);
}

/// Issue 32: a forfeited board's colours were not compared, so round 1 of the
/// Swiss-Manager sample (board 4-8 forfeited) was called conform. bbpPairings
/// v6.0.0 `--dutch -c` on its TRF(bx) conversion reports `8 - 4 | 4 - 8`:
/// conform means the same pairs and the same colours, forfeit or not.
#[test]
fn check_compares_the_colours_of_a_forfeited_board() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "check",
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/trf/sm-round3_paired.trf"
            ),
            "--system",
            "dutch-2025",
            "--rounds",
            "1",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("round 1: colours-differ"), "{text}");
    assert!(
        text.contains("recorded    4 - 8     rules    8 - 4"),
        "{text}"
    );
}
