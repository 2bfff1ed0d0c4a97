//! Team standings against FIDE's TieBreakServer (issue #31) on generated
//! team Swiss events: 40 teams (no bye) and 41 teams (a pairing-allocated
//! bye every round), 9 rounds, paired by the C.04.6 engine, written as
//! TRF-2026 with a `202` list of team tie-breaks. The 41-team event is ranked
//! twice: dated 2025 (C.07 of 2024: the dummy opponent has the team's own
//! score) and dated 2026 (C.07 of 2026: the dummy is capped, art. 16.4.2).
//!
//! The files and TieBreakServer's CSV on them are committed in
//! `tests/fixtures/standings/team/generated/` (its README says how they were
//! made); the normal test compares every value with ours. With
//! `ARBITER_TBS=/ABS/PATH/tiebreakserver` the opt-in test regenerates the
//! files, checks they are the committed ones, reruns the program and checks
//! its output is the committed one.

use std::path::{Path, PathBuf};
use std::process::Command;

use chess_arbiter::formats::trf::{self, ReadOptions};
use chess_arbiter::model::Tournament;
use chess_arbiter::standings::team::{self, TeamStandings, TeamTieBreak};
use chess_arbiter::standings::TiebreakEdition;
use chrono::NaiveDate;

use super::team_gen::played_swiss;

/// The tie-breaks of the generated events' `202`: every family computed by
/// `standings::team`, on match and game points, with cuts.
pub(crate) const LIST: &[&str] = &[
    "EDE", "BH:MP", "BH:GP/C1", "SB:MP", "SB:GP", "EMGSB", "EGGSB", "EMMSB", "EGMSB/C1", "MPvGP",
];

/// A generated event: file stem, teams, rounds, seed, start date.
struct Case(&'static str, u32, u32, u64, (i32, u32, u32));

const CASES: [Case; 3] = [
    Case("swiss-40-2026", 40, 9, 31, (2026, 4, 1)),
    Case("swiss-41-2026", 41, 9, 41, (2026, 4, 1)),
    Case("swiss-41-2025", 41, 9, 41, (2025, 4, 1)),
];

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/standings/team/generated")
}

/// The TRF-2026 text of a case, as generated now.
fn generated(c: &Case) -> String {
    let mut t = played_swiss(c.1, c.2, c.3);
    let (y, m, d) = c.4;
    t.info.name = format!("Generated team Swiss {}", c.0);
    t.info.start_date = NaiveDate::from_ymd_opt(y, m, d);
    t.info.end_date = NaiveDate::from_ymd_opt(y, m, d + 8);
    t.tiebreaks = LIST.iter().map(|s| s.to_string()).collect();
    let w = trf::write(
        &t,
        &trf::WriteOptions::new()
            .target(trf::Target::Trf26)
            .line_end(trf::LineEnd::Lf),
    );
    w.text.replace(env!("CARGO_PKG_VERSION"), "(version)")
}

pub(crate) fn read_trf(path: &Path) -> Tournament {
    let bytes = std::fs::read(path).unwrap();
    trf::read(&bytes, &ReadOptions::default())
        .unwrap()
        .tournament
}

pub(crate) fn standings(t: &Tournament, codes: &[&str]) -> TeamStandings {
    team::compute(t, &parse(codes), None)
}

fn parse(codes: &[&str]) -> Vec<TeamTieBreak> {
    codes
        .iter()
        .map(|c| TeamTieBreak::parse(c).unwrap())
        .collect()
}

/// TieBreakServer's CSV (`StartNo,Rank,PTS,TB…`) for `path`, with `PTS` and
/// `codes` (in `tbs`, its folder).
pub(crate) fn tiebreakserver(tbs: &Path, path: &Path, codes: &[&str]) -> String {
    let o = Command::new("python3")
        .current_dir(tbs)
        .args(["tiebreakchecker.py", "-b", "utf-8", "-s", "-i"])
        .arg(path.canonicalize().unwrap())
        .args(["-f", "TRF", "-d", ",", "-t", "PTS"])
        .args(codes)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// Every value of a TieBreakServer CSV (`StartNo,Rank,PTS,TB…`) against ours
/// (rank, MP, then the tie-breaks in order), and how many were compared.
pub(crate) fn differences(csv: &str, s: &TeamStandings) -> (Vec<String>, usize) {
    let mut out = Vec::new();
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let (mut seen, mut values) = (0, 0);
    for l in lines.filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = l.split(',').collect();
        let no: u32 = f[0].parse().unwrap();
        let row = s.rows.iter().find(|r| r.team.0 == no).unwrap();
        let ours: Vec<f64> = [f64::from(row.rank), row.match_points.to_f64()]
            .into_iter()
            .chain(row.values.iter().map(|v| v.to_f64()))
            .collect();
        assert_eq!(f.len() - 1, ours.len(), "team {no}: columns");
        for (k, (theirs, mine)) in f[1..].iter().zip(&ours).enumerate() {
            let theirs: f64 = theirs.parse().unwrap();
            values += 1;
            if (theirs - mine).abs() > 1e-9 {
                out.push(format!(
                    "team {no} {}: {theirs} v ours {mine}",
                    header[k + 1]
                ));
            }
        }
        seen += 1;
    }
    assert_eq!(seen, s.rows.len(), "every team compared");
    (out, values)
}

/// Every team, every value (rank, MP, ten tie-breaks) of the committed
/// generated events equals TieBreakServer's committed output.
#[test]
fn generated_team_events_rank_as_tiebreakserver() {
    let mut total = 0;
    for c in &CASES {
        let t = read_trf(&dir().join(format!("{}.trf", c.0)));
        assert_eq!(t.teams.len(), c.1 as usize, "{}", c.0);
        assert_eq!(t.tiebreaks, LIST, "{}", c.0);
        let s = standings(&t, LIST);
        assert_eq!(s.rounds, c.2 as usize, "{}", c.0);
        assert!(s.notes.is_empty(), "{}: {:?}", c.0, s.notes);
        let csv =
            std::fs::read_to_string(dir().join(format!("{}.tiebreakserver.csv", c.0))).unwrap();
        let (d, n) = differences(&csv, &s);
        assert!(d.is_empty(), "{}: {d:#?}", c.0);
        assert_eq!(n, c.1 as usize * (2 + LIST.len()), "{}", c.0);
        total += n;
    }
    assert_eq!(total, (40 + 41 + 41) * 12);
}

/// The 2026 cap changes values only where a team had a round without a
/// match: the 41-team event dated 2026 differs from the same event dated
/// 2025 (TieBreakServer's two outputs differ too), and the 40-team event,
/// without byes, has nothing to cap.
#[test]
fn the_2026_dummy_cap_is_what_separates_the_two_editions() {
    let t25 = read_trf(&dir().join("swiss-41-2025.trf"));
    let t26 = read_trf(&dir().join("swiss-41-2026.trf"));
    let (a, b) = (standings(&t25, LIST), standings(&t26, LIST));
    assert_ne!(a.rows, b.rows, "the PAB rounds are capped in 2026");
    let edition = |t: &Tournament| team::edition_of(t).to_string();
    assert_eq!(
        (edition(&t25), edition(&t26)),
        ("2023".into(), "2026".into())
    );
    let t40 = read_trf(&dir().join("swiss-40-2026.trf"));
    let in_2024 = team::compute_in(&t40, &parse(LIST), None, TiebreakEdition::C07_2023);
    assert_eq!(in_2024.rows, standings(&t40, LIST).rows);
}

/// Opt-in (`ARBITER_TBS=/ABS/PATH/tiebreakserver`): the generator still
/// makes the committed files, and TieBreakServer still gives the committed
/// output on them.
#[test]
fn generated_team_events_against_a_live_tiebreakserver() {
    let Some(tbs) = std::env::var_os("ARBITER_TBS") else {
        return;
    };
    let tbs = PathBuf::from(tbs);
    for c in &CASES {
        let path = dir().join(format!("{}.trf", c.0));
        let committed = std::fs::read_to_string(&path).unwrap();
        assert_eq!(generated(c), committed, "{}: regenerate the fixture", c.0);
        let live = tiebreakserver(&tbs, &path, LIST);
        let csv =
            std::fs::read_to_string(dir().join(format!("{}.tiebreakserver.csv", c.0))).unwrap();
        assert_eq!(live.trim(), csv.trim(), "{}", c.0);
    }
}

/// Writes the generated files into `ARBITER_TEAM_GEN` (a folder), to make
/// the fixtures: `cargo test --test integration write_generated_team_events
/// -- --ignored`.
#[test]
#[ignore = "writes the generated team events for a run by hand"]
fn write_generated_team_events() {
    if let Some(d) = std::env::var_os("ARBITER_TEAM_GEN") {
        for c in &CASES {
            std::fs::write(PathBuf::from(&d).join(format!("{}.trf", c.0)), generated(c)).unwrap();
        }
    }
}
