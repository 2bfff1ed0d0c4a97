//! Team events paired and checked (issue #31): a generated 40-team, 9-round
//! team Swiss paired by the C.04.6 engine round by round and checked
//! conform; a team round robin by its Berger table; the command line on the
//! shared team samples.

use std::path::PathBuf;
use std::process::Command;

use chess_arbiter::pairing::team_swiss::{
    self, check::berger_round, TeamSwissOptions, TeamVerdict,
};

use super::team_gen::{play, team_event, Draw};

/// Issue #31's done-when: a generated 40-team, 9-round team Swiss paired by
/// the engine round by round checks conform in every round; then a round
/// changed by hand (two matches' opponents exchanged) does not.
#[test]
fn a_generated_forty_team_swiss_checks_conform_round_by_round() {
    let mut t = team_event(40, 9, "Team Swiss");
    let mut draw = Draw(31);
    for round in 1..=9 {
        assert_eq!(team_swiss::next_round(&t), round);
        let p = team_swiss::pair_round(&t, &TeamSwissOptions::new()).unwrap();
        assert_eq!(p.round, round);
        assert_eq!(p.matches.len(), 20, "round {round}");
        play(&mut t, &p, &mut draw);
        let c = team_swiss::check(&t, &TeamSwissOptions::new());
        assert_eq!(c.rounds.len(), round as usize);
        for r in &c.rounds {
            assert_eq!(
                r.verdict,
                TeamVerdict::Conform,
                "round {}: {:?}",
                r.round,
                r.explanation
            );
        }
    }
    // exchange the Black teams of round 9's first two matches
    let p9 = team_swiss::check(&t, &TeamSwissOptions::new()).rounds[8]
        .expected
        .clone()
        .unwrap();
    let mut swapped = p9.clone();
    let b0 = swapped.matches[0].black;
    swapped.matches[0].black = swapped.matches[1].black;
    swapped.matches[1].black = b0;
    let mut u = t.clone();
    for pl in &mut u.players {
        pl.rounds.truncate(8);
    }
    if let Some(pab) = u.team_records.pab.as_mut() {
        pab.teams.truncate(8);
    }
    play(&mut u, &swapped, &mut draw);
    let c = team_swiss::check(&u, &TeamSwissOptions::new());
    assert!(c.rounds[..8]
        .iter()
        .all(|r| r.verdict == TeamVerdict::Conform));
    assert!(
        matches!(
            c.rounds[8].verdict,
            TeamVerdict::Differs | TeamVerdict::Illegal
        ),
        "{:?}",
        c.rounds[8]
    );
}

/// A team round robin of 5 teams (C.05 Annex 1 with a dummy: one team free
/// a round) played by its Berger table checks conform; a round played
/// with the colours of one match reversed is "colours-differ".
#[test]
fn a_team_round_robin_follows_its_berger_table() {
    let mut t = team_event(5, 5, "Team round robin");
    assert_eq!(team_swiss::round_robin_cycles(&t), Some(1));
    let table = team_swiss::check::berger_table(&t, 1).unwrap();
    let mut draw = Draw(5);
    for round in 1..=5 {
        let mut p = berger_round(&table, round).unwrap();
        assert_eq!(p.matches.len(), 2);
        assert!(p.bye.is_some());
        if round == 5 {
            let m = &mut p.matches[0];
            std::mem::swap(&mut m.white, &mut m.black);
        }
        p.bye = None;
        play(&mut t, &p, &mut draw);
    }
    let c = team_swiss::check_round_robin(&t, 1).unwrap();
    let verdicts: Vec<TeamVerdict> = c.rounds.iter().map(|r| r.verdict).collect();
    assert_eq!(
        verdicts,
        [
            TeamVerdict::Conform,
            TeamVerdict::Conform,
            TeamVerdict::Conform,
            TeamVerdict::Conform,
            TeamVerdict::ColoursDiffer
        ]
    );
}

fn arbiter(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")))
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The TEC team sample (Grandmommy's Cup, `192 FIDE_TEAM_BAKU`, 50 teams,
/// 14 rounds): `check` judges every round by C.04.6 and says the verdict of
/// each; `pair` has no round left to pair.
#[test]
fn the_tec_team_sample_is_checked_round_by_round() {
    let f = "tests/fixtures/trf/trf26-team-grandmommys-cup.trf";
    let o = arbiter(&["check", f]);
    let out = text(&o.stdout);
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "{}",
        text(&o.stderr)
    );
    assert!(
        out.starts_with("system: C.04.6 (team event, 50 teams)"),
        "{out}"
    );
    for r in 1..=14 {
        assert!(out.contains(&format!("\nround {r}: ")), "round {r}: {out}");
    }
    let o = arbiter(&["pair", f]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        text(&o.stderr).contains("expected a round from 1 to 14"),
        "{}",
        text(&o.stderr)
    );
}

/// `pair --format trf` on a team Swiss writes the file with the next round
/// added as TRF-2026: on every board of every match of `pair --format json`
/// a pending game between the two teams' players, colours by `352`; the bye
/// team in `320`; earlier rounds untouched. `check` then finds the round it
/// wrote conform.
#[test]
fn a_team_pairing_is_written_as_trf26() {
    use chess_arbiter::formats::trf;
    use chess_arbiter::model::{Color, RoundEntry, TeamId};
    let mut t = team_event(41, 9, "Team Swiss");
    let mut draw = Draw(7);
    for _ in 1..=3 {
        let p = team_swiss::pair_round(&t, &TeamSwissOptions::new()).unwrap();
        play(&mut t, &p, &mut draw);
    }
    let dir = crate::scratch::Scratch::new("team-pair-trf");
    let path = dir.join("three-rounds.trf");
    let opts = trf::WriteOptions::new()
        .target(trf::Target::Trf26)
        .line_end(trf::LineEnd::Lf);
    std::fs::write(&path, trf::write(&t, &opts).text).unwrap();
    let path = path.to_str().unwrap();
    let o = arbiter(&["pair", path, "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let o = arbiter(&["pair", path, "--format", "trf"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let back = trf::read(&o.stdout, &trf::ReadOptions::default())
        .unwrap()
        .tournament;
    let members = |team: u64| t.teams[team as usize - 1].members.clone();
    let matches = j["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 20);
    for m in matches {
        let (w, b) = (
            members(m["white"].as_u64().unwrap()),
            members(m["black"].as_u64().unwrap()),
        );
        for k in 0..4 {
            let pl = back.players.iter().find(|p| p.id == w[k]).unwrap();
            let c = if k % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            assert_eq!(
                pl.rounds[3],
                RoundEntry::Pending {
                    opponent: b[k],
                    color: Some(c)
                }
            );
        }
    }
    let bye = TeamId(j["bye"].as_u64().unwrap() as u32);
    let pab = back.team_records.pab.as_ref().unwrap();
    assert_eq!(pab.teams.get(3), Some(&Some(bye)));
    let before = trf::read(&std::fs::read(path).unwrap(), &trf::ReadOptions::default())
        .unwrap()
        .tournament;
    for (a, b) in before.players.iter().zip(&back.players) {
        assert_eq!(a.rounds[..3], b.rounds[..3]);
    }
    let paired = dir.join("four-rounds.trf");
    std::fs::write(&paired, &o.stdout).unwrap();
    let o = arbiter(&["check", paired.to_str().unwrap()]);
    let out = text(&o.stdout);
    assert!(
        out.contains("\nround 4: conform"),
        "{out}{}",
        text(&o.stderr)
    );
}
