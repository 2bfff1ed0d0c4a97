//! Exactness of the Dutch engine against bbpPairings-generated tournaments.

use std::path::{Path, PathBuf};

use chess_arbiter::pairing::dutch::{
    initial_color, pair_round, DutchEdition, PairError, PairOptions,
};

use crate::dutch_support::{read_corpus, recorded};
use chess_arbiter::pairing::check::position::position_before;

/// Outcome of replaying every round of one file.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    pub rounds: usize,
    pub exact: usize,
    pub unsupported: usize,
    pub failures: Vec<String>,
}

pub(crate) fn replay(path: &Path, edition: DutchEdition, tally: &mut Tally) {
    let text = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            tally.failures.push(format!("{}: {e}", path.display()));
            return;
        }
    };
    let (t, n_rounds) = match read_corpus(&text) {
        Ok(x) => x,
        Err(e) => {
            tally.failures.push(format!("{}: {e}", path.display()));
            return;
        }
    };
    let name = path
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    for k in 1..=n_rounds {
        // The same position rebuild that `arbiter check` uses.
        let Some(position) = position_before(&t, k as u32) else {
            continue;
        };
        let mut pos = position.tournament;
        // The colour drawn by lot before round 1, as the file shows it.
        pos.initial_color = Some(initial_color(&t));
        let opts = PairOptions::new()
            .edition(Some(edition))
            .round(Some(k as u32))
            .total_rounds(Some(n_rounds as u32));
        tally.rounds += 1;
        let want = recorded(&t, k);
        match pair_round(&pos, &opts) {
            Ok(p) => {
                let mut got: Vec<(u32, u32)> =
                    p.boards.iter().map(|b| (b.white.0, b.black.0)).collect();
                got.sort();
                let got = (got, p.bye.map(|b| b.0));
                if got == want {
                    tally.exact += 1;
                } else {
                    tally
                        .failures
                        .push(format!("{name} round {k}: got {got:?}, want {want:?}"));
                }
            }
            Err(PairError::Unsupported(_)) => tally.unsupported += 1,
            Err(e) => tally.failures.push(format!("{name} round {k}: {e}")),
        }
    }
}

fn files_in(dir: &Path, max_players: usize) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    v.retain(|p| {
        p.extension().is_some_and(|e| e == "trf")
            && p.file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.get(1..4))
                .and_then(|n| n.parse::<usize>().ok())
                .is_some_and(|n| n <= max_players)
    });
    v.sort();
    v
}

/// The rounds of the whole shared corpus per edition, as the README claims
/// them: every one identical to the reference.
const CORPUS_ROUNDS: [(&str, DutchEdition, usize); 2] = [
    ("dutch2025", DutchEdition::Dutch2025, 3206),
    ("dutch2017", DutchEdition::Dutch2017, 3174),
];

/// The whole shared corpus (opt-in: `ARBITER_CORPUS` points at it). Prints
/// the pass rate per edition and requires every round identical, and with
/// the whole corpus (no `ARBITER_CORPUS_MAX` limiting the field size) the
/// round counts the README states.
#[test]
#[ignore = "needs ARBITER_CORPUS=../shared/corpus (1-4 minutes with --release)"]
fn corpus_pass_rate() {
    let root = std::env::var("ARBITER_CORPUS")
        .unwrap_or_else(|_| panic!("set ARBITER_CORPUS to the shared corpus to run this test"));
    let limited = std::env::var("ARBITER_CORPUS_MAX").is_ok();
    let max: usize = std::env::var("ARBITER_CORPUS_MAX")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let mut wrong = Vec::new();
    for (dir, ed, claimed) in CORPUS_ROUNDS {
        let mut tally = Tally::default();
        for f in files_in(&Path::new(&root).join(dir), max) {
            replay(&f, ed, &mut tally);
        }
        for f in tally.failures.iter().take(40) {
            eprintln!("{f}");
        }
        eprintln!(
            "{dir}: {} of {} rounds exact, {} unsupported, {} differ",
            tally.exact,
            tally.rounds,
            tally.unsupported,
            tally.failures.len()
        );
        if tally.exact != tally.rounds || (!limited && tally.rounds != claimed) {
            wrong.push(format!(
                "{dir}: {} of {} rounds exact, the README claims {claimed} of {claimed}",
                tally.exact, tally.rounds
            ));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

mod properties {
    use std::collections::HashSet;

    use chess_arbiter::model::{ByeKind, Color, Outcome, Player, PlayerId, RoundEntry, Tournament};
    use chess_arbiter::pairing::dutch::{pair_round, DutchEdition, PairError, PairOptions};
    use proptest::prelude::*;

    /// Play `rounds` rounds from random results, absences and forfeits, and
    /// check every pairing made on the way.
    fn play(n: u32, rounds: u32, seed: &[u8], edition: DutchEdition) -> Result<(), TestCaseError> {
        let mut t = Tournament {
            total_rounds: Some(rounds),
            players: (1..=n)
                .map(|i| Player {
                    id: PlayerId(i),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        };
        let mut s = seed.iter().cycle().copied();
        let mut draw = move || s.next().unwrap_or(0);
        for r in 1..=rounds {
            let ri = r as usize - 1;
            for p in &mut t.players {
                p.rounds.resize(ri, RoundEntry::NotPaired);
                // About one in twelve players sits the round out.
                if draw() % 12 == 0 {
                    let bye = if draw() % 2 == 0 {
                        ByeKind::Half
                    } else {
                        ByeKind::Zero
                    };
                    p.rounds.push(RoundEntry::Bye { bye });
                }
            }
            let opts = PairOptions::new()
                .edition(Some(edition))
                .round(Some(r))
                .total_rounds(Some(rounds));
            let p = match pair_round(&t, &opts) {
                Ok(p) => p,
                Err(PairError::NoLegalPairing { .. }) => return Ok(()),
                Err(e) => return Err(TestCaseError::fail(e.to_string())),
            };
            // Every present player exactly once, or the single PAB.
            let present: HashSet<PlayerId> = t
                .players
                .iter()
                .filter(|p| p.rounds.len() == ri)
                .map(|p| p.id)
                .collect();
            let mut seen = HashSet::new();
            for b in &p.boards {
                prop_assert!(seen.insert(b.white) && seen.insert(b.black));
                // No rematch of a game played over the board.
                let w = &t.players[b.white.0 as usize - 1];
                prop_assert!(!w
                    .rounds
                    .iter()
                    .any(|e| e.is_played_game() && e.opponent() == Some(b.black)));
                // No absolute colour violation (no topscorers before the last round).
                if r < rounds {
                    for (id, c) in [(b.white, Color::White), (b.black, Color::Black)] {
                        let cols: Vec<Color> = t.players[id.0 as usize - 1]
                            .rounds
                            .iter()
                            .filter_map(|e| e.played_color())
                            .collect();
                        let cd: i32 = cols
                            .iter()
                            .map(|x| if *x == Color::White { 1 } else { -1 })
                            .sum::<i32>()
                            + if c == Color::White { 1 } else { -1 };
                        prop_assert!(cd.abs() <= 2, "player {id} colour difference {cd}");
                        let k = cols.len();
                        prop_assert!(!(k >= 2 && cols[k - 1] == c && cols[k - 2] == c));
                    }
                }
            }
            if let Some(b) = p.bye {
                prop_assert!(seen.insert(b));
                prop_assert!(present.len() % 2 == 1);
                let had_pab = t.players[b.0 as usize - 1].rounds.iter().any(|e| {
                    matches!(
                        e,
                        RoundEntry::Bye {
                            bye: ByeKind::PairingAllocated
                        }
                    )
                });
                prop_assert!(!had_pab, "second PAB for {}", b);
            }
            prop_assert_eq!(&seen, &present);
            for pl in &mut t.players {
                pl.rounds.resize(ri + 1, RoundEntry::NotPaired);
            }
            for b in &p.boards {
                let x = draw() % 10;
                let (wo, bo) = match x {
                    0..=3 => (Outcome::Win, Outcome::Loss),
                    4..=6 => (Outcome::Draw, Outcome::Draw),
                    _ => (Outcome::Loss, Outcome::Win),
                };
                let forfeit = draw() % 15 == 0;
                let entry = |opp, color, o: Outcome| {
                    if forfeit {
                        RoundEntry::Forfeit {
                            opponent: opp,
                            color: Some(color),
                            won: o == Outcome::Win,
                        }
                    } else {
                        RoundEntry::Played {
                            opponent: opp,
                            color,
                            outcome: o,
                            short: false,
                        }
                    }
                };
                t.players[b.white.0 as usize - 1].rounds[ri] = entry(b.black, Color::White, wo);
                t.players[b.black.0 as usize - 1].rounds[ri] = entry(b.white, Color::Black, bo);
            }
            if let Some(b) = p.bye {
                t.players[b.0 as usize - 1].rounds[ri] = RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated,
                };
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn pairings_respect_absolute_criteria(
            n in 4u32..24,
            rounds in 3u32..8,
            seed in proptest::collection::vec(any::<u8>(), 64),
            e2017 in any::<bool>(),
        ) {
            let edition = if e2017 { DutchEdition::Dutch2017 } else { DutchEdition::Dutch2025 };
            play(n, rounds, &seed, edition)?;
        }
    }
}

/// The committed fixtures: every round must match bbpPairings, except the
/// rounds listed in `known-differences.txt`.
#[test]
fn fixtures_match_reference() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dutch");
    let known: Vec<String> = std::fs::read_to_string(root.join("known-differences.txt"))
        .unwrap_or_default()
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let mut unexpected = Vec::new();
    let mut still_known = Vec::new();
    let mut total = 0;
    for (dir, ed) in [
        ("dutch2025", DutchEdition::Dutch2025),
        ("dutch2017", DutchEdition::Dutch2017),
    ] {
        let files = files_in(&root.join(dir), usize::MAX);
        assert!(!files.is_empty(), "no fixtures in {dir}");
        for f in files {
            let mut tally = Tally::default();
            replay(&f, ed, &mut tally);
            total += tally.rounds;
            assert_eq!(tally.unsupported, 0);
            for fail in tally.failures {
                let key = format!("{dir}/{}", fail.split(':').next().unwrap_or_default());
                if known.contains(&key) {
                    still_known.push(key);
                } else {
                    unexpected.push(fail);
                }
            }
        }
    }
    assert!(total > 100, "only {total} rounds replayed");
    assert!(
        unexpected.is_empty(),
        "rounds differing from the reference:\n{}",
        unexpected.join("\n")
    );
    let fixed: Vec<&String> = known.iter().filter(|k| !still_known.contains(k)).collect();
    assert!(
        fixed.is_empty(),
        "listed as known differences but now agree: {fixed:?}"
    );
}

/// `arbiter pair` in every output format on bbpPairings' `dutch_2025_C5` case.
#[test]
fn cli_pair_snapshots() {
    let input =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dutch/bbp-dutch_2025_C5.trf");
    for (system, format) in [
        ("dutch-2025", "bbp"),
        ("dutch-2017", "bbp"),
        ("dutch-2025", "text"),
        ("dutch-2025", "json"),
        ("dutch-2025", "trf"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .arg("pair")
            .arg(&input)
            .args(["--system", system, "--format", format])
            .output()
            .expect("run arbiter");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout).replace('\r', "\n");
        insta::assert_snapshot!(format!("pair_{system}_{format}"), text);
    }
}
