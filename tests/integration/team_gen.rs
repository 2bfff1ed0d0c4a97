//! Generated team events (issue #31): teams of four boards paired round by
//! round by the C.04.6 engine (or a Berger table) and played with results
//! from a fixed pseudo-random sequence. Used by the C.04.6 checks
//! (`team_swiss`) and the TieBreakServer comparison (`team_tbs`).

use chess_arbiter::model::{
    Color, Outcome, Player, PlayerId, Points, RoundEntry, Team, TeamId, TeamPab, Tournament,
};
use chess_arbiter::pairing::team_swiss::{self, TeamRoundPairing, TeamSwissOptions};

/// A small deterministic generator (splitmix64): no timing, no seed file.
pub(crate) struct Draw(pub(crate) u64);

impl Draw {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A game result, the stronger side (lower board number across teams)
    /// winning a little more often.
    pub(crate) fn outcome(&mut self) -> Outcome {
        match self.next() % 100 {
            0..=39 => Outcome::Win,
            40..=69 => Outcome::Draw,
            _ => Outcome::Loss,
        }
    }
}

pub(crate) const BOARDS: u32 = 4;

/// A team event of `teams` teams of four boards (colours W B W B by
/// board, TRF-2026 `352`), `rounds` rounds, nothing played.
pub(crate) fn team_event(teams: u32, rounds: u32, kind: &str) -> Tournament {
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
pub(crate) fn play(t: &mut Tournament, p: &TeamRoundPairing, draw: &mut Draw) {
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

/// A team Swiss of `teams` teams and `rounds` rounds, every round paired by
/// the C.04.6 engine and played with results drawn from `seed`.
pub(crate) fn played_swiss(teams: u32, rounds: u32, seed: u64) -> Tournament {
    let mut t = team_event(teams, rounds, "Team Swiss");
    let mut draw = Draw(seed);
    for _ in 1..=rounds {
        let p = team_swiss::pair_round(&t, &TeamSwissOptions::new()).unwrap();
        play(&mut t, &p, &mut draw);
    }
    t
}
