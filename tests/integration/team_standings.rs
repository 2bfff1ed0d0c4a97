//! Team standings (issue #31) against FIDE's TieBreakServer: the values it
//! gave on the TEC team sample are committed;
//! `ARBITER_TBS=/ABS/PATH/tiebreakserver` reruns it with more team codes.

use std::path::PathBuf;
use std::process::Command;

use chess_arbiter::formats::trf::{self, ReadOptions};
use chess_arbiter::model::Tournament;
use chess_arbiter::standings::team::{self, TeamStandings, TeamTieBreak};

use super::team_tbs::{differences, tiebreakserver};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn sample_path() -> PathBuf {
    root().join("tests/fixtures/trf/trf26-team-grandmommys-cup.trf")
}

fn sample() -> Tournament {
    let bytes = std::fs::read(sample_path()).unwrap();
    trf::read(&bytes, &ReadOptions::default())
        .unwrap()
        .tournament
}

fn standings(t: &Tournament, codes: &[String]) -> TeamStandings {
    let tbs: Vec<TeamTieBreak> = codes
        .iter()
        .map(|c| TeamTieBreak::parse(c).unwrap())
        .collect();
    team::compute(t, &tbs, None)
}

#[test]
fn team_standings_equal_tiebreakserver() {
    let t = sample();
    assert_eq!(t.tiebreaks, ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]);
    let s = standings(&t, &t.tiebreaks);
    assert!(s.notes.is_empty(), "{:?}", s.notes);
    assert_eq!(s.rounds, 14);
    let csv = std::fs::read_to_string(
        root().join("tests/fixtures/standings/team/grandmommys-cup.tiebreakserver.csv"),
    )
    .unwrap();
    let (d, _) = differences(&csv, &s);
    assert!(d.is_empty(), "{d:#?}");
    // Spot checks by hand from the file's 802 crosstable: India 3 and
    // Slovakia lead on 20 MP; the seven teams on 19 MP all met each other,
    // Israel first by mutual match points (8).
    let top: Vec<u32> = s.rows.iter().take(3).map(|r| r.team.0).collect();
    assert_eq!(top, [16, 22, 19]);
}

/// Match and game points of every team add up to what its `310` record
/// declares.
#[test]
fn team_scores_equal_the_declared_310_points() {
    let t = sample();
    let s = standings(&t, &[]);
    for (k, x) in t.teams.iter().enumerate() {
        let id = x.id(k);
        let row = s.rows.iter().find(|r| r.team == id).unwrap();
        let mp = x.match_points.unwrap();
        let gp = x.game_points.unwrap();
        assert_eq!(row.match_points.to_f64(), mp.as_f64(), "team {id} MP");
        assert_eq!(row.game_points.to_f64(), gp.as_f64(), "team {id} GP");
    }
}

#[test]
fn cli_prints_team_standings_for_a_team_file() {
    let o = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["standings", sample_path().to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.starts_with("Team standings after round 14"), "{out}");
    assert!(out.contains("India 3"), "{out}");
    // columns headed by the tie-breaks' short names, never TB1..; the
    // legend gives each its C.07 name
    assert!(!out.contains("TB1"), "{out}");
    assert!(out.contains("EDET-P = Extended direct encounter"), "{out}");
    let heads = out.lines().nth(2).unwrap_or_default();
    assert!(heads.contains(" EDET-P"), "{heads}");
    // in zh-TW: the heads and the legend in the language, codes at most
    let o = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "standings",
            sample_path().to_str().unwrap(),
            "--lang",
            "zh-TW",
        ])
        .output()
        .unwrap();
    let zh = String::from_utf8(o.stdout).unwrap();
    assert!(zh.starts_with("第 14 輪後團體排名"), "{zh}");
    let heads = zh.lines().nth(2).unwrap_or_default();
    assert!(
        heads.contains("隊伍") && heads.contains("延伸對局首台-P"),
        "{heads}"
    );
    assert!(!zh.contains("TB1") && !zh.contains("EDET"), "{zh}");
    assert!(zh.contains("延伸對局首台-P = 延伸直接對局"), "{zh}");
}

/// The lists compared with TieBreakServer: the file's own `202`, then two
/// lists of further team codes (file stem suffix, codes).
const LISTS: [(&str, &[&str]); 3] = [
    ("", &["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]),
    (
        ".list2",
        &["EDE/P", "EDEB/P", "EMMSB", "EGGSB", "EGMSB/C1", "EMGSB"],
    ),
    (
        ".list3",
        &[
            "BH:GP",
            "BH:MP",
            "BH:MP/P",
            "SB:MP/P",
            "SB:GP",
            "BH:GP/M1/P",
        ],
    ),
];

/// The sample as dated (December 2024: C.07 of 2024) and re-dated to
/// December 2026 (C.07 of 2026: the dummy opponent of a forfeited match is
/// capped at the opponent's score, art. 16.4.1, of a bye at a draw a
/// round, art. 16.4.2): file stem and the TRF text.
fn editions() -> [(&'static str, String); 2] {
    let text = std::fs::read_to_string(sample_path()).unwrap();
    let redated = text
        .replace("\n042 2024/12/01", "\n042 2026/12/01")
        .replace("\n052 2024/12/14", "\n052 2026/12/14");
    assert_ne!(text, redated);
    [("grandmommys-cup", text), ("grandmommys-cup-2026", redated)]
}

/// Every value TieBreakServer gave (committed) for the three lists in both
/// editions equals ours: 2 × 50 teams × (6 + 8 + 8) values.
#[test]
fn team_standings_equal_tiebreakserver_in_both_editions() {
    let mut compared = 0;
    for (stem, text) in editions() {
        let t = trf::read(text.as_bytes(), &ReadOptions::default())
            .unwrap()
            .tournament;
        for (suffix, list) in LISTS {
            let codes: Vec<String> = list.iter().map(|c| c.to_string()).collect();
            let s = standings(&t, &codes);
            let csv = std::fs::read_to_string(root().join(format!(
                "tests/fixtures/standings/team/{stem}{suffix}.tiebreakserver.csv"
            )))
            .unwrap();
            let (d, n) = differences(&csv, &s);
            assert!(d.is_empty(), "{stem}{suffix}: {d:#?}");
            compared += n;
        }
    }
    assert_eq!(compared, 2 * 50 * (6 + 8 + 8));
}

/// Opt-in (`ARBITER_TBS=/ABS/PATH/tiebreakserver`): TieBreakServer run now
/// gives the committed output for every list and edition.
#[test]
fn team_standings_equal_a_live_tiebreakserver() {
    let Some(dir) = std::env::var_os("ARBITER_TBS") else {
        return;
    };
    let dir = PathBuf::from(dir);
    let scratch = crate::scratch::Scratch::new("team-tbs-live");
    for (stem, text) in editions() {
        let path = scratch.join(format!("{stem}.trf"));
        std::fs::write(&path, text).unwrap();
        for (suffix, list) in LISTS {
            let live = tiebreakserver(&dir, &path, list);
            let csv = std::fs::read_to_string(root().join(format!(
                "tests/fixtures/standings/team/{stem}{suffix}.tiebreakserver.csv"
            )))
            .unwrap();
            assert_eq!(live.trim(), csv.trim(), "{stem}{suffix}");
        }
    }
}
