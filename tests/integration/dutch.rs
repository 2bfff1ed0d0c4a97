//! Exactness of the Dutch engine against bbpPairings-generated tournaments.

use std::path::{Path, PathBuf};

use chess_arbiter::pairing::dutch::{initial_color, pair_round, Edition, PairError, PairOptions};

use crate::dutch_support::{before_round, read_corpus, recorded};

/// Outcome of replaying every round of one file.
#[derive(Debug, Default)]
pub struct Tally {
    pub rounds: usize,
    pub exact: usize,
    pub unsupported: usize,
    pub failures: Vec<String>,
}

pub fn replay(path: &Path, edition: Edition, tally: &mut Tally) {
    let text = match std::fs::read(path) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
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
        let mut pos = before_round(&t, k);
        // The colour drawn by lot before round 1, as the file shows it.
        pos.initial_color = Some(initial_color(&t));
        let opts = PairOptions {
            edition: Some(edition),
            round: Some(k as u32),
            total_rounds: Some(n_rounds as u32),
        };
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

/// The whole shared corpus, when `ARBITER_CORPUS` points at it. Prints the
/// pass rate per edition; `ARBITER_CORPUS_MAX` limits the field size.
#[test]
fn corpus_pass_rate() {
    let Ok(root) = std::env::var("ARBITER_CORPUS") else {
        return;
    };
    let max: usize = std::env::var("ARBITER_CORPUS_MAX")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    for (dir, ed) in [
        ("dutch2025", Edition::Dutch2025),
        ("dutch2017", Edition::Dutch2017),
    ] {
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
    }
}
