//! Individual board standings of a team event (#31, board prizes) on the TEC
//! team sample (50 teams, 4 boards, 14 rounds).

use std::process::Command;

use chess_arbiter::formats::trf::{self, ReadOptions};
use chess_arbiter::model::{PlayerId, RoundEntry, Tournament};
use chess_arbiter::standings::team_boards::{compute, BoardOptions};

fn sample_path() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/trf/trf26-team-grandmommys-cup.trf")
}

fn sample() -> Tournament {
    let bytes = std::fs::read(sample_path()).unwrap();
    trf::read(&bytes, &ReadOptions::default())
        .unwrap()
        .tournament
}

/// By hand from the file: player 101 (Slovakia's first board, `310` 22)
/// played 13 games, all on board 1 (round 10 `0000 - -`), scoring 10.5:
/// 80.77 %, first on board 1 among the players with at least 8 games.
#[test]
fn board_one_is_led_by_player_101_with_10_5_of_13() {
    let s = compute(&sample(), &BoardOptions::new().min_games(8u32));
    assert_eq!(s.rounds, 14);
    assert_eq!(s.boards.len(), 4);
    let b1 = &s.boards[0];
    assert_eq!(b1.board, 1);
    let top = &b1.rows[0];
    assert_eq!(top.player, PlayerId(101));
    assert_eq!(top.team_name, "Slovakia");
    assert_eq!(top.rank, Some(1));
    assert_eq!(top.games, 13);
    assert_eq!(top.points.to_string(), "10.5");
    assert_eq!(top.percentage.to_string(), "80.77");
    // Below the minimum: listed last, without a rank.
    for b in &s.boards {
        let first_unranked = b.rows.iter().position(|r| r.rank.is_none());
        if let Some(i) = first_unranked {
            assert!(b.rows[i..].iter().all(|r| r.rank.is_none() && r.games < 8));
            assert!(b.rows[..i].iter().all(|r| r.games >= 8));
        }
        // Ranked in order of percentage, then games.
        for w in b.rows.windows(2) {
            if w[1].rank.is_some() {
                assert!(
                    (w[0].percentage, w[0].games) >= (w[1].percentage, w[1].games),
                    "{:?} before {:?}",
                    w[0],
                    w[1]
                );
                assert_eq!(
                    w[0].rank == w[1].rank,
                    (w[0].percentage, w[0].games) == (w[1].percentage, w[1].games)
                );
            }
        }
    }
}

/// Every game played over the board counts on exactly one board, for both
/// players; forfeits and byes count on none.
#[test]
fn every_played_game_is_on_one_board() {
    let t = sample();
    let s = compute(&t, &BoardOptions::default());
    let games: u32 = s.boards.iter().flat_map(|b| &b.rows).map(|r| r.games).sum();
    let points: f64 = s
        .boards
        .iter()
        .flat_map(|b| &b.rows)
        .map(|r| r.points.to_f64())
        .sum();
    let mut played = 0;
    let mut scored = 0.0;
    for p in &t.players {
        for r in 1..=14 {
            let e = p.round(r);
            if matches!(e, RoundEntry::Played { .. } | RoundEntry::Unknown { .. }) {
                played += 1;
                scored += e.points(&t.scoring).unwrap().as_f64();
            }
        }
    }
    assert_eq!(games, played);
    assert_eq!(points, scored);
    // Without a minimum every row is ranked.
    assert!(s
        .boards
        .iter()
        .flat_map(|b| &b.rows)
        .all(|r| r.rank.is_some()));
}

#[test]
fn cli_prints_board_standings_and_refuses_them_for_an_individual_event() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(args)
            .output()
            .unwrap()
    };
    let path = sample_path();
    let o = run(&[
        "standings",
        path.to_str().unwrap(),
        "--boards",
        "--min-games",
        "8",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.starts_with("Board standings after round 14 (ranked: at least 8 games)"),
        "{out}"
    );
    assert!(out.contains("\nBoard 4\n"), "{out}");
    let row = out
        .lines()
        .find(|l| l.contains("Test0101 Player0101"))
        .unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cells[..2], ["1", "101"]);
    assert_eq!(cells[cells.len() - 3..], ["13", "10.5", "80.77"]);
    let o = run(&[
        "standings",
        path.to_str().unwrap(),
        "--boards",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["boards"][0]["board"], 1);
    let individual = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tunx/aut_1384031.TUNX");
    let o = run(&["standings", individual.to_str().unwrap(), "--boards"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("--boards ranks the boards of a team event")
    );
}
