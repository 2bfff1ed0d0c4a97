//! Swiss-Manager team files (#31). The one real team file here,
//! `cro_1386026.TUNX`, was saved before any team was entered; the team layer
//! is tested on files built here in the layout that `formats::swiss_manager::
//! tunx_team` describes: cro_1386026's own header and configuration (a real
//! team round robin's: tie-breaks 13, 1, 57) with teams, players, games and
//! team pairings filled in. The built event is a 5-team, 4-board round robin
//! (each team one pairing-allocated bye), with a reserve playing out of roster
//! order, forfeited boards, an empty board and a double forfeit; its TRF-2026
//! export is what FIDE's TieBreakServer ranked (values committed;
//! `ARBITER_TBS=/ABS/PATH/tiebreakserver` reruns it).

use std::path::{Path, PathBuf};
use std::process::Command;

use chess_arbiter::formats::swiss_manager::tunx;
use chess_arbiter::formats::trf::{self, ReadOptions};
use chess_arbiter::model::{ByeKind, Color, Points, RoundEntry, TeamId, Tournament};
use chess_arbiter::standings::team::{self, TeamStandings, TeamTieBreak};

use crate::scratch::Scratch;
use crate::team_tbs::{differences, tiebreakserver};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn string(out: &mut Vec<u8>, s: &str) {
    let units: Vec<u16> = s.encode_utf16().collect();
    out.extend_from_slice(&(units.len() as u16).to_le_bytes());
    for u in units {
        out.extend_from_slice(&u.to_le_bytes());
    }
}

fn put16(b: &mut [u8], at: usize, v: u16) {
    b[at..at + 2].copy_from_slice(&v.to_le_bytes());
}

fn put32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

fn marker(out: &mut Vec<u8>, tag: u8) -> u32 {
    let at = out.len() as u32;
    out.extend_from_slice(&[tag, 0xFF, 0x89, 0x44]);
    at
}

/// A team as the built file holds it: name, display name, captain,
/// federation, group, and its players (surname, rating) in roster order.
struct BuiltTeam {
    strings: [&'static str; 5],
    players: Vec<(String, u16)>,
}

/// A board record: white and black player record numbers (0 empty), result.
type Game = (u16, u16, u8);
/// A team pairing record: first, second (`FFFF` bye), stored half points.
type Pairing = (u16, u16, u16);

pub(crate) struct Built {
    teams: Vec<BuiltTeam>,
    boards: u16,
    /// Per round: the games (in board order, match after match) and pairings.
    rounds: Vec<(Vec<Game>, Vec<Pairing>)>,
}

/// The bytes of a team `.TUNX`: cro_1386026's header and configuration with
/// the counts patched, then schedule, players, boards, teams, team pairings
/// and the directory.
pub(crate) fn build(e: &Built) -> Vec<u8> {
    build_on(e, 20250412)
}

/// [`build`] with the event starting on `start` (YYYYMMDD), one round a day.
fn build_on(e: &Built, start: u32) -> Vec<u8> {
    let cro = std::fs::read(fixtures().join("tunx/cro_1386026.TUNX")).unwrap();
    let cfg = 0x2ca;
    let sched_at = u32::from_le_bytes(cro[cro.len() - 32..cro.len() - 28].try_into().unwrap());
    let mut out = cro[..sched_at as usize].to_vec();
    let players: u16 = e.teams.iter().map(|t| t.players.len() as u16).sum();
    put16(&mut out, cfg + 23, players);
    put16(&mut out, cfg + 27, e.rounds.len() as u16);
    put16(&mut out, cfg + 51, e.teams.len() as u16);
    put16(&mut out, cfg + 53, e.boards);
    // Both programs take the tie-break edition from the dates: 2025 for the
    // rules of 2024, 2026 for those of 2026 (the capped dummy opponent).
    put32(&mut out, cfg + 75, start);
    put32(&mut out, cfg + 79, start + e.rounds.len() as u32 - 1);
    let mut dir = [0u32; 7];
    dir[0] = marker(&mut out, 0xA3);
    for (r, (games, pairings)) in e.rounds.iter().enumerate() {
        string(&mut out, "15:00");
        for _ in 1..16 {
            string(&mut out, "");
        }
        let mut block = [0u8; 76];
        put16(&mut block, 6, games.len() as u16);
        put16(&mut block, 8, pairings.len() as u16);
        put32(&mut block, 18, start + r as u32);
        out.extend_from_slice(&block);
    }
    dir[1] = marker(&mut out, 0xA5);
    let mut n = 0u32;
    for (ti, t) in e.teams.iter().enumerate() {
        for (k, (surname, rating)) in t.players.iter().enumerate() {
            n += 1;
            for i in 0..18 {
                string(
                    &mut out,
                    match i {
                        0 => surname,
                        1 => "Test",
                        10 => t.strings[3],
                        _ => "",
                    },
                );
            }
            let mut block = [0u8; 134];
            put16(&mut block, 32, *rating);
            put32(&mut block, 48, 90_000_000 + n);
            put16(&mut block, 52, ti as u16 + 1);
            put16(&mut block, 54, k as u16 + 1);
            out.extend_from_slice(&block);
        }
    }
    dir[2] = marker(&mut out, 0xB3);
    for (games, _) in &e.rounds {
        for &(w, b, res) in games {
            out.extend_from_slice(&w.to_le_bytes());
            out.extend_from_slice(&b.to_le_bytes());
            out.push(res);
            out.extend_from_slice(&[0u8; 16]);
        }
    }
    dir[3] = marker(&mut out, 0xB5);
    for t in &e.teams {
        for s in t.strings {
            string(&mut out, s);
        }
        out.extend_from_slice(&[0u8; 96]);
    }
    dir[4] = marker(&mut out, 0xC3);
    for (_, pairings) in &e.rounds {
        for &(a, b, half) in pairings {
            out.extend_from_slice(&a.to_le_bytes());
            out.extend_from_slice(&b.to_le_bytes());
            out.extend_from_slice(&half.to_le_bytes());
            out.extend_from_slice(&[0u8; 9]);
        }
    }
    dir[5] = marker(&mut out, 0xD3);
    for d in dir {
        out.extend_from_slice(&d.to_le_bytes());
    }
    marker(&mut out, 0xE3);
    out
}

const BOARDS: u16 = 4;
const PER_TEAM: u16 = 6;

/// Player record number of team `t` (1-based), roster board `k` (1-based).
fn p(t: u16, k: u16) -> u16 {
    (t - 1) * PER_TEAM + k
}

/// The built event: 5 teams of 6 players, 4 boards, a Berger round robin of
/// 5 rounds (team 6 of the table is the bye). The first-named team has White
/// on boards 1 and 3. Results from a fixed sequence, with the special cases:
/// - round 2, team 3 plays its reserve (board 5) on board 3 and board 4 on
///   board 4, roster player 3 rests: the games' order is 1, 2, 5, 4;
/// - round 3, the second team of the first match has no player on board 4
///   (an empty board: the first team's player wins it, code 1 or 4 by colour);
/// - round 4, board 2 of the first match is won by forfeit (code 5), board 1
///   of the second match is a double forfeit (code 6).
pub(crate) fn event() -> Built {
    let names = [
        ("Zadar", "ZAD", "Kapetan A", "CRO"),
        ("Biograd", "BIO", "Kapetan B", "CRO"),
        ("Nin", "NIN", "Kapetan C", "CRO"),
        ("Benkovac", "BEN", "Kapetan D", "CRO"),
        ("Pag", "PAG", "Kapetan E", "CRO"),
    ];
    let teams = names
        .iter()
        .enumerate()
        .map(|(i, (name, short, captain, fed))| BuiltTeam {
            strings: [name, short, captain, fed, "A"],
            players: (1..=PER_TEAM)
                .map(|k| (format!("{name}{k}"), 2300 - 100 * i as u16 - 20 * k))
                .collect(),
        })
        .collect();
    // Berger table for 6 (team 6 = bye).
    let berger: [[(u16, u16); 3]; 5] = [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ];
    let mut seed: u32 = 20260412;
    let mut next = move || {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
        // 1 white wins, 2 draw, 3 black wins
        ((seed >> 16) % 3) as u8 + 1
    };
    let mut rounds = Vec::new();
    for (ri, table) in berger.iter().enumerate() {
        let r = ri + 1;
        let mut games = Vec::new();
        let mut pairings = Vec::new();
        let mut nmatch = 0;
        for &(a, b) in table {
            let (first, second) = if a == 6 { (b, 6) } else { (a, b) };
            if second == 6 {
                // Pairing-allocated bye worth 2 board points (4 half points).
                pairings.push((first, 0xFFFF, 4));
                continue;
            }
            pairings.push((first, second, 0));
            let roster = |t: u16| -> Vec<u16> {
                if r == 2 && t == 3 {
                    vec![p(3, 1), p(3, 2), p(3, 5), p(3, 4)]
                } else {
                    (1..=BOARDS).map(|k| p(t, k)).collect()
                }
            };
            let (fa, sb) = (roster(first), roster(second));
            for k in 0..BOARDS as usize {
                let first_white = k % 2 == 0;
                let (w, b) = if first_white {
                    (fa[k], sb[k])
                } else {
                    (sb[k], fa[k])
                };
                let mut res = next();
                let (mut w, mut b) = (w, b);
                if r == 3 && nmatch == 0 && k == 3 {
                    // The second team's board 4 is empty; board 4 has the
                    // first team Black.
                    if first_white {
                        b = 0;
                        res = 4;
                    } else {
                        w = 0;
                        res = 5;
                    }
                }
                if r == 4 && nmatch == 0 && k == 1 {
                    res = 5;
                }
                if r == 4 && nmatch == 1 && k == 0 {
                    res = 6;
                }
                games.push((w, b, res));
            }
            nmatch += 1;
        }
        rounds.push((games, pairings));
    }
    Built {
        teams,
        boards: BOARDS,
        rounds,
    }
}

fn read(bytes: &[u8]) -> Tournament {
    let r = tunx::read(bytes).unwrap_or_else(|e| panic!("{:#?}", e.diagnostics));
    let errors: Vec<_> = r.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    r.tournament
}

fn standings(t: &Tournament, codes: &[&str]) -> TeamStandings {
    let tbs: Vec<TeamTieBreak> = codes
        .iter()
        .map(|c| TeamTieBreak::parse(c).unwrap())
        .collect();
    team::compute(t, &tbs, None)
}

/// Match and game points by hand from the built games: team -> (MP, GP in
/// half points).
fn by_hand(e: &Built) -> Vec<(u32, u32)> {
    let team_of = |pl: u16| (pl - 1) / PER_TEAM + 1;
    let mut out = vec![(0u32, 0u32); e.teams.len()];
    for (games, pairings) in &e.rounds {
        let mut gp = vec![0u32; e.teams.len()];
        for &(w, b, res) in games {
            // Half points of white and black; an empty side scores nothing.
            let (hw, hb) = match res {
                1 | 4 => (2, 0),
                2 => (1, 1),
                3 | 5 => (0, 2),
                _ => (0, 0),
            };
            if w != 0 {
                gp[(team_of(w) - 1) as usize] += hw;
            }
            if b != 0 {
                gp[(team_of(b) - 1) as usize] += hb;
            }
        }
        for &(a, b, half) in pairings {
            let a = (a - 1) as usize;
            if b == 0xFFFF {
                out[a].1 += u32::from(half);
                out[a].0 += 1; // 2 of 4 board points: a drawn match
                continue;
            }
            let b = (b - 1) as usize;
            out[a].1 += gp[a];
            out[b].1 += gp[b];
            let (ma, mb) = match gp[a].cmp(&gp[b]) {
                std::cmp::Ordering::Greater => (2, 0),
                std::cmp::Ordering::Equal => (1, 1),
                std::cmp::Ordering::Less => (0, 2),
            };
            out[a].0 += ma;
            out[b].0 += mb;
        }
    }
    out
}

#[test]
fn a_built_team_round_robin_reads_into_teams_and_team_records() {
    let e = event();
    let t = read(&build(&e));
    assert_eq!(t.info.tournament_type, "Team round robin");
    assert_eq!(t.teams.len(), 5);
    assert_eq!(t.players.len(), 30);
    let zadar = &t.teams[0];
    assert_eq!(zadar.name, "Zadar");
    assert_eq!(zadar.number, Some(1));
    assert_eq!(zadar.members.len(), 6);
    assert_eq!(zadar.labels["sm.captain"], "Kapetan A");
    assert_eq!(zadar.labels["sm.display_name"], "ZAD");
    let rec = &t.team_records;
    assert_eq!(
        rec.board_colours,
        [Color::White, Color::Black, Color::White, Color::Black]
    );
    // One pairing-allocated bye a round: 1 MP, 2 board points (TEC's 320).
    let pab = rec.pab.as_ref().unwrap();
    assert_eq!(pab.teams.iter().flatten().count(), 5);
    assert_eq!(pab.teams[0], Some(TeamId(1)));
    assert_eq!(pab.match_points, Points(10));
    assert_eq!(pab.game_points, Points(20));
    // Round 2: Nin (team 3) has its reserve on board 3, a line-up (300).
    let nin = rec
        .lineups
        .iter()
        .find(|l| l.round == 2 && l.team == TeamId(3))
        .expect("a line-up for Nin in round 2");
    let ids: Vec<u32> = nin.boards.iter().map(|p| p.unwrap().0).collect();
    assert_eq!(ids, [13, 14, 17, 16]);
    // Round 3: the empty board 4 of the first match's second team.
    let empty = rec
        .lineups
        .iter()
        .find(|l| l.round == 3 && l.boards.contains(&None))
        .expect("a line-up with an empty board in round 3");
    assert_eq!(empty.boards.len(), 4);
    assert_eq!(empty.boards[3], None);
    let winner = t
        .players
        .iter()
        .find(|p| {
            matches!(
                p.round(3),
                RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated
                }
            )
        })
        .expect("the player facing the empty board wins it");
    assert!(winner.name.starts_with("Nin") || winner.name.starts_with("Biograd"));
    assert!(rec.byes.is_empty() && rec.forfeits.is_empty());
    // The event's tie-breaks: 13 is the primary score (MP), then 1 and 57.
    assert_eq!(t.tiebreaks, ["GP", "EMGSB"]);
}

#[test]
fn team_scores_of_a_built_file_equal_the_scores_by_hand() {
    let e = event();
    let t = read(&build(&e));
    let s = standings(&t, &["GP"]);
    assert!(s.notes.is_empty(), "{:?}", s.notes);
    assert_eq!(s.rounds, 5);
    let hand = by_hand(&e);
    for row in &s.rows {
        let (mp, gp) = hand[(row.team.0 - 1) as usize];
        assert_eq!(
            row.match_points.to_f64(),
            f64::from(mp),
            "team {}",
            row.team
        );
        assert_eq!(
            row.game_points.to_f64(),
            f64::from(gp) / 2.0,
            "team {}",
            row.team
        );
    }
    // Every match point handed out: 2 per match, 1 per bye.
    let total: f64 = s.rows.iter().map(|r| r.match_points.to_f64()).sum();
    assert_eq!(total, 10.0 * 2.0 + 5.0);
}

/// The TRF-2026 export carries the teams: it reads back to the same team
/// standings, and TieBreakServer's values on it (committed) are ours, with
/// the event dated 2025 (C.07 of 2024) and dated 2026 (C.07 of 2026, whose
/// capped dummy opponent changes the values of the teams with a bye).
/// `ARBITER_TBS=/ABS/PATH/tiebreakserver` reruns the program.
#[test]
fn the_trf26_export_ranks_as_the_tunx_and_as_tiebreakserver() {
    let dir = Scratch::new("tunx-team");
    let mut by_edition = Vec::new();
    for (start, stem) in [
        (20250412, "built-team-rr"),
        (20260412, "built-team-rr-2026"),
    ] {
        let tunx_path = dir.join(format!("{stem}.TUNX"));
        std::fs::write(&tunx_path, build_on(&event(), start)).unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["convert", &format!("{stem}.TUNX"), "--to", "trf26"])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let trf_text = String::from_utf8(o.stdout).unwrap();
        assert_eq!(
            trf_text.lines().filter(|l| l.starts_with("310 ")).count(),
            5
        );
        assert!(trf_text.contains("\n352 WBWB"), "{trf_text}");
        assert!(trf_text.contains("\n320 "), "{trf_text}");
        assert!(
            trf_text
                .lines()
                .any(|l| l.starts_with("300   2   3   5   13   14   17   16")),
            "{trf_text}"
        );
        let back = trf::read(trf_text.as_bytes(), &ReadOptions::default())
            .unwrap()
            .tournament;
        let from_tunx = read(&std::fs::read(&tunx_path).unwrap());
        let (a, b) = (standings(&from_tunx, LIST), standings(&back, LIST));
        assert_eq!(a.rows, b.rows);
        let csv = std::fs::read_to_string(
            fixtures().join(format!("standings/team/{stem}.tiebreakserver.csv")),
        )
        .unwrap();
        let (d, n) = differences(&csv, &a);
        assert!(d.is_empty(), "{stem}: {d:#?}");
        assert_eq!(n, 5 * (2 + LIST.len()));
        if let Some(tbs) = std::env::var_os("ARBITER_TBS") {
            let trf_path = dir.join(format!("{stem}.trf"));
            std::fs::write(&trf_path, &trf_text).unwrap();
            let live = tiebreakserver(Path::new(&tbs), &trf_path, TBS_LIST);
            assert_eq!(
                live.trim(),
                csv.trim(),
                "{stem}: committed values are TieBreakServer's"
            );
        }
        by_edition.push(a.rows);
    }
    // every team has one bye; the 2026 cap binds only where the team's own
    // score is above a draw a round: teams 2 and 5, the two rows
    // TieBreakServer's outputs differ in
    let mut changed: Vec<u32> = by_edition[0]
        .iter()
        .filter(|r| {
            !by_edition[1]
                .iter()
                .any(|x| x.team == r.team && x.values == r.values)
        })
        .map(|r| r.team.0)
        .collect();
    changed.sort_unstable();
    assert_eq!(changed, [2, 5], "the teams the 2026 cap changes");
}

/// The codes compared with TieBreakServer: the file's own (GP, EMGSB) and
/// further team tie-breaks.
const LIST: &[&str] = &[
    "GP", "EMGSB", "EDE", "BH:MP", "SB:MP", "MPvGP", "EGGSB", "EMMSB", "BH:GP", "SB:GP",
];
/// The same codes as TieBreakServer names them (its game points are `GPTS`).
const TBS_LIST: &[&str] = &[
    "GPTS", "EMGSB", "EDE", "BH:MP", "SB:MP", "MPvGP", "EGGSB", "EMMSB", "BH:GP", "SB:GP",
];

/// cro_1386026 was saved before its teams were entered: it converts (the
/// TRF-2026 header, no team), ranks no team, and says what the file holds.
#[test]
fn the_empty_team_round_robin_converts_and_says_it_has_no_teams() {
    let dir = fixtures().join("tunx");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    let o = run(&["convert", "cro_1386026.TUNX", "--to", "trf26"]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("092 Team round robin"), "{out}");
    assert!(!out.contains("\n001 ") && !out.contains("\n310 "), "{out}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("team event without teams: the file holds 0 team records, 0 players, 0 games and 0 team pairings (150 rounds configured, 4 boards per match)"),
        "{err}"
    );
    let o = run(&["standings", "cro_1386026.TUNX"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("Team standings"));
    // #31: a team event is paired and checked, but this one has no team
    for cmd in ["pair", "check"] {
        let o = run(&[cmd, "cro_1386026.TUNX"]);
        assert_eq!(o.status.code(), Some(3), "{cmd}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("a team event without teams: nothing to"),
            "{cmd}: {err}"
        );
    }
    let t = read(&std::fs::read(dir.join("cro_1386026.TUNX")).unwrap());
    assert!(t.teams.is_empty() && t.is_team_event());
}

/// Writes the built file to the path in `BUILT_TEAM_TUNX`, starting on
/// `BUILT_TEAM_START` (YYYYMMDD, default 20250412) (to run
/// TieBreakServer or Swiss-Manager on it by hand).
#[test]
#[ignore = "writes the built team file for a run by hand"]
fn write_the_built_team_file() {
    if let Some(p) = std::env::var_os("BUILT_TEAM_TUNX") {
        let start = std::env::var("BUILT_TEAM_START").map_or(20250412, |s| s.parse().unwrap());
        std::fs::write(p, build_on(&event(), start)).unwrap();
    }
}
