//! Team events paired and checked (issue #31): a generated 40-team, 9-round
//! team Swiss paired by the C.04.6 engine round by round and checked
//! conform; a team round robin by its Berger table; the command line on the
//! shared team samples.

use std::path::PathBuf;
use std::process::Command;

use chess_arbiter::model::{
    Color, Outcome, Player, PlayerId, Points, RoundEntry, Team, TeamId, TeamPab, Tournament,
};
use chess_arbiter::pairing::team_swiss::{
    self, check::berger_round, TeamRoundPairing, TeamSwissOptions, TeamVerdict,
};

/// A small deterministic generator (splitmix64): no timing, no seed file.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A game result, the stronger side (lower board number across teams)
    /// winning a little more often.
    fn outcome(&mut self) -> Outcome {
        match self.next() % 100 {
            0..=39 => Outcome::Win,
            40..=69 => Outcome::Draw,
            _ => Outcome::Loss,
        }
    }
}

const BOARDS: u32 = 4;

/// A team event of `teams` teams of four boards (colours W B W B by
/// board, TRF-2026 `352`), `rounds` rounds, nothing played.
fn team_event(teams: u32, rounds: u32, kind: &str) -> Tournament {
    let mut t = Tournament::default();
    t.info.name = "Generated team event".into();
    t.info.tournament_type = kind.into();
    t.info.system_code = if kind.contains("Swiss") {
        "FIDE_TEAM_TYPEA_MP_GP".into()
    } else {
        String::new()
    };
    t.total_rounds = Some(rounds);
    t.team_records.board_colours = vec![Color::White, Color::Black, Color::White, Color::Black];
    t.team_records.pab = Some(TeamPab {
        match_points: Points(10),
        game_points: Points(20),
        teams: Vec::new(),
    });
    for i in 0..teams {
        let members: Vec<PlayerId> = (0..BOARDS).map(|b| PlayerId(i * BOARDS + b + 1)).collect();
        for m in &members {
            t.players.push(Player {
                id: *m,
                name: format!("Player {}", m.0),
                rating: Some(2400 - m.0 as u16),
                ..Player::default()
            });
        }
        t.teams.push(Team {
            name: format!("Team {}", i + 1),
            number: Some(i + 1),
            members,
            ..Team::default()
        });
    }
    t
}

/// Plays the pairing `p`: every board a game with a drawn result; the bye
/// team's players get no game (the `320` record scores the team).
fn play(t: &mut Tournament, p: &TeamRoundPairing, draw: &mut Draw) {
    let r = p.round as usize;
    let member = |t: &Tournament, team: TeamId, b: usize| t.teams[team.0 as usize - 1].members[b];
    for m in &p.matches {
        for b in 0..BOARDS as usize {
            let (w, bl) = (member(t, m.white, b), member(t, m.black, b));
            // board colours W B W B: the White team's odd boards have White
            let (wc, bc) = if b % 2 == 0 {
                (Color::White, Color::Black)
            } else {
                (Color::Black, Color::White)
            };
            let o = draw.outcome();
            let set = |t: &mut Tournament, id: PlayerId, e: RoundEntry| {
                let pl = &mut t.players[id.0 as usize - 1];
                pl.rounds.resize(r - 1, RoundEntry::NotPaired);
                pl.rounds.push(e);
            };
            set(
                t,
                w,
                RoundEntry::Played {
                    opponent: bl,
                    color: wc,
                    outcome: o,
                    short: false,
                },
            );
            set(
                t,
                bl,
                RoundEntry::Played {
                    opponent: w,
                    color: bc,
                    outcome: o.opposite(),
                    short: false,
                },
            );
        }
    }
    if let Some(pab) = t.team_records.pab.as_mut() {
        pab.teams.resize(r - 1, None);
        pab.teams.push(p.bye);
    }
    for pl in &mut t.players {
        pl.rounds.resize(r, RoundEntry::NotPaired);
    }
}

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
