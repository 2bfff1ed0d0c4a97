//! Teams and what a team event records besides the individual games: the
//! line-ups, the team byes, forfeited matches, the board colours and the
//! match-point system (TRF-2026 team layer: `310 352 362 240 300 320 330`).
//!
//! The individual games stay in [`super::Player::rounds`]; a team event adds
//! the teams and the records here. [`team_rounds`] puts both together: one
//! [`TeamRound`] per team and round, with the opponent team, the team colour,
//! the boards and the match and game points the event's scoring gives.

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

use super::{Color, PlayerId, Points, RoundEntry, Tournament};

/// A team's pairing number (TRF-2026 `310` cols 5-7), 1-based.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct TeamId(pub u32);

impl std::fmt::Display for TeamId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

/// A team (TRF `013`, or TRF-2026 `310`) with its players in board order.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Team {
    /// Team name (TRF `013` cols 5-36, TRF-2026 `310` cols 9-40).
    pub name: String,
    /// The team's pairing number (`310`); `None` for a TRF16 `013` team,
    /// whose number is its position in the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
    /// Short name (`310` cols 42-46), e.g. `IND2`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub nickname: String,
    /// Strength factor as written (`310` cols 48-53; the TEC sample gives the
    /// average rating of the first boards).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub strength: String,
    /// Match points as the file declares them (`310` cols 55-60).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_points: Option<Points>,
    /// Game points as the file declares them (`310` cols 62-67).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_points: Option<Points>,
    /// Rank as the file declares it (`310` cols 69-71; ties allowed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    /// The players in board order (the default line-up is the first boards).
    pub members: Vec<PlayerId>,
    /// What a source file says of the team beyond TRF-2026 `310` (a
    /// Swiss-Manager file's captain, federation, group), under namespaced
    /// keys such as `sm.captain`; TRF cannot carry them (its writer says so).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
}

impl Team {
    /// The team's id: its `310` number, else its 1-based position (`013`).
    pub fn id(&self, position: usize) -> TeamId {
        TeamId(self.number.unwrap_or(position as u32 + 1))
    }
}

/// A symbol of the team match-point system (TRF-2026 `362`). An open set:
/// symbols this crate does not know are kept and written back.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MatchScoreSymbol(pub String);

impl MatchScoreSymbol {
    /// Match won.
    pub const WIN: &'static str = "TW";
    /// Match drawn.
    pub const DRAW: &'static str = "TD";
    /// Match lost.
    pub const LOSS: &'static str = "TL";
}

/// The match points of a team match (TRF-2026 `362`; C.04.6 and C.07 art. 13
/// default 2-1-0).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchPointSystem {
    /// Match points for a match won (default 2).
    pub win: Points,
    /// Match points for a drawn match (default 1).
    pub draw: Points,
    /// Match points for a match lost (default 0).
    pub loss: Points,
    /// Further symbols of the record, in file order, kept for the writer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub other: Vec<(MatchScoreSymbol, Points)>,
}

impl Default for MatchPointSystem {
    fn default() -> Self {
        MatchPointSystem {
            win: Points(20),
            draw: Points(10),
            loss: Points::ZERO,
            other: Vec::new(),
        }
    }
}

/// What a team receives without a match (TRF-2026 `240` for F/H/Z, `320`
/// for the pairing-allocated bye).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamByeKind {
    /// Pairing-allocated bye (`320`).
    PairingAllocated,
    /// Full-point bye (`240 F`).
    Full,
    /// Half-point bye (`240 H`).
    Half,
    /// Zero-point bye (`240 Z`), and a round without a match or a bye.
    Zero,
}

/// A `240` record of a team event: teams with a requested bye in a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamBye {
    /// Which bye (`240` col 5: `F`, `H` or `Z`).
    pub kind: TeamByeKind,
    /// The round of the bye (1-based, `240` cols 7-9).
    pub round: u32,
    /// The teams that have the bye that round.
    pub teams: Vec<TeamId>,
}

/// The team pairing-allocated bye (`320`): its points and the team that had
/// it in each round (index 0 = round 1).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TeamPab {
    /// Match points the pairing-allocated bye gives (`320` cols 5-8).
    pub match_points: Points,
    /// Game points the pairing-allocated bye gives (`320` cols 10-13).
    pub game_points: Points,
    /// The team with the bye in each round (index 0 = round 1); `None`: no team bye that round.
    pub teams: Vec<Option<TeamId>>,
}

/// A forfeited match's result (`330` cols 5-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchForfeit {
    /// `+-`: the white team won by forfeit.
    WhiteWon,
    /// `-+`: the black team won by forfeit.
    BlackWon,
    /// `--`: both teams lost by forfeit.
    Double,
}

impl MatchForfeit {
    /// The two-character code of `330` and back.
    pub const CODES: [(&'static str, MatchForfeit); 3] = [
        ("+-", MatchForfeit::WhiteWon),
        ("-+", MatchForfeit::BlackWon),
        ("--", MatchForfeit::Double),
    ];

    /// The two-character `330` code (`+-`, `-+`, `--`).
    pub fn code(self) -> &'static str {
        match self {
            MatchForfeit::WhiteWon => "+-",
            MatchForfeit::BlackWon => "-+",
            MatchForfeit::Double => "--",
        }
    }

    /// The forfeit of a `330` code; `None` for anything else.
    pub fn from_code(s: &str) -> Option<MatchForfeit> {
        Self::CODES.iter().find(|(c, _)| *c == s).map(|(_, f)| *f)
    }
}

/// A forfeited match (`330`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForfeitedMatch {
    /// Who won by forfeit (`330` cols 5-6).
    pub result: MatchForfeit,
    /// The round (1-based, `330` cols 8-10).
    pub round: u32,
    /// The first-named (white) team (`330` cols 12-14).
    pub white: TeamId,
    /// The second-named (black) team (`330` cols 16-18).
    pub black: TeamId,
}

/// A line-up that is not the default one (`300`): the player on each board,
/// `None` for an empty board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lineup {
    /// The round (1-based, `300` cols 5-7).
    pub round: u32,
    /// The team this line-up is for (`300` cols 9-11).
    pub team: TeamId,
    /// The opposing team that round (`300` cols 13-15).
    pub opponent: TeamId,
    /// The starting rank of the player on each board (board 1 first); `None` for an empty board.
    pub boards: Vec<Option<PlayerId>>,
}

/// The team records of an event (TRF-2026 team layer).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TeamRecords {
    /// The colours of the first-named (white) team, board by board (`352`,
    /// e.g. `WBWB`); its length is the number of boards.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub board_colours: Vec<Color>,
    /// `362`; `None` when the file has none (the default 2-1-0 applies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_points: Option<MatchPointSystem>,
    /// Requested team byes (`240`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<TeamBye>,
    /// The team pairing-allocated bye (`320`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pab: Option<TeamPab>,
    /// Forfeited matches (`330`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forfeits: Vec<ForfeitedMatch>,
    /// Line-ups other than the default one (`300`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lineups: Vec<Lineup>,
}

impl TeamRecords {
    /// True when no team record was read.
    pub fn is_empty(&self) -> bool {
        *self == TeamRecords::default()
    }

    /// The match-point system in force (the file's, else 2-1-0).
    pub fn scoring(&self) -> MatchPointSystem {
        self.match_points.clone().unwrap_or_default()
    }
}

impl Tournament {
    /// A team event: numbered teams (TRF-2026 `310`) or team records, or an
    /// event whose type says team (`092`, a Swiss-Manager team file) with
    /// teams or with no players at all (a team event saved before its teams
    /// were entered).
    pub fn is_team_event(&self) -> bool {
        let team_type = self
            .info
            .tournament_type
            .to_ascii_lowercase()
            .starts_with("team");
        !self.team_records.is_empty()
            || self.teams.iter().any(|x| x.number.is_some())
            || (team_type && (!self.teams.is_empty() || self.players.is_empty()))
    }
}

/// One board of a team match, from one team's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// 1-based board number.
    pub number: u32,
    /// The team's player on the board; `None` for an empty board.
    pub player: Option<PlayerId>,
    /// The points the player scored on the board (game points).
    pub points: Points,
}

/// What one team did in one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TeamRoundKind {
    /// A match against `opponent`. `colour` is the team's colour in the match
    /// (White: the first-named team, board 1 with the first colour of `352`);
    /// `forfeit` is set for a forfeited match (`330`).
    Match {
        /// The opposing team.
        opponent: TeamId,
        /// The team's colour in the match, when the boards' colours are known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        colour: Option<Color>,
        /// How the match was forfeited (`330`); `None` for a match played over the boards.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        forfeit: Option<MatchForfeit>,
    },
    /// No match: a bye (a round without match or bye is a zero-point bye).
    Bye {
        /// Which bye.
        bye: TeamByeKind,
    },
}

/// One team in one round, with the points the event's scoring gives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRound {
    /// The round (1-based).
    pub round: u32,
    /// The match or the bye.
    pub kind: TeamRoundKind,
    /// Match points the team scored (under the event's `362` system).
    pub match_points: Points,
    /// Game points the team scored (sum over its boards).
    pub game_points: Points,
    /// The team's boards in a match (empty for byes and forfeited matches).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boards: Vec<Board>,
}

impl TeamRound {
    /// The opposing team; `None` for a bye.
    pub fn opponent(&self) -> Option<TeamId> {
        match self.kind {
            TeamRoundKind::Match { opponent, .. } => Some(opponent),
            TeamRoundKind::Bye { .. } => None,
        }
    }

    /// A match played over the boards (not forfeited, not a bye).
    pub fn is_played(&self) -> bool {
        matches!(self.kind, TeamRoundKind::Match { forfeit: None, .. })
    }
}

/// A team's rounds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamSchedule {
    /// The team.
    pub team: TeamId,
    /// Its rounds, round 1 first.
    pub rounds: Vec<TeamRound>,
}

/// Something in the records that does not add up; the round is still built
/// from what the records say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamNote {
    /// The team concerned.
    pub team: TeamId,
    /// The round (1-based).
    pub round: u32,
    /// What does not add up, in words.
    pub message: String,
}

/// The team rounds of `t` for rounds 1..=`rounds`: matches from the players'
/// games (their opponents' teams) and the `300` line-ups, forfeited matches
/// from `330`, byes from `240` and `320`. Game points are the individual
/// points under [`Tournament::scoring`] on the boards of the line-up (C.04.6
/// and TRF-2026: a board whose opposing board is empty is won by forfeit);
/// match points compare the two teams' game points under `362`. Byes and
/// forfeited matches score as the TEC sample does: FPB and a forfeit win all
/// boards and the match win, HPB half the boards and the match draw, PAB
/// what `320` says.
pub fn team_rounds(t: &Tournament, rounds: usize) -> (Vec<TeamSchedule>, Vec<TeamNote>) {
    let rec = &t.team_records;
    let ms = rec.scoring();
    let nboards = if rec.board_colours.is_empty() {
        rec.lineups
            .iter()
            .map(|l| l.boards.len())
            .max()
            .unwrap_or(0)
    } else {
        rec.board_colours.len()
    };
    let ids: Vec<TeamId> = t.teams.iter().enumerate().map(|(i, x)| x.id(i)).collect();
    let mut team_of: HashMap<PlayerId, TeamId> = HashMap::new();
    for (x, id) in t.teams.iter().zip(&ids) {
        for m in &x.members {
            team_of.entry(*m).or_insert(*id);
        }
    }
    let lineup: HashMap<(u32, TeamId), &Lineup> =
        rec.lineups.iter().map(|l| ((l.round, l.team), l)).collect();
    let mut notes = Vec::new();
    let mut out = Vec::with_capacity(t.teams.len());
    for (x, &id) in t.teams.iter().zip(&ids) {
        let mut rs = Vec::with_capacity(rounds);
        for r in 1..=rounds as u32 {
            let bye = team_bye(rec, id, r);
            let forfeit = rec
                .forfeits
                .iter()
                .find(|f| f.round == r && (f.white == id || f.black == id));
            let tr = if let Some(f) = forfeit {
                let white = f.white == id;
                let won = match f.result {
                    MatchForfeit::WhiteWon => white,
                    MatchForfeit::BlackWon => !white,
                    MatchForfeit::Double => false,
                };
                TeamRound {
                    round: r,
                    kind: TeamRoundKind::Match {
                        opponent: if white { f.black } else { f.white },
                        colour: Some(if white { Color::White } else { Color::Black }),
                        forfeit: Some(f.result),
                    },
                    match_points: if won { ms.win } else { ms.loss },
                    game_points: if won {
                        times(t.scoring.forfeit_win, nboards)
                    } else {
                        Points::ZERO
                    },
                    boards: Vec::new(),
                }
            } else if let Some(kind) = bye {
                bye_round(t, r, kind, &ms, nboards)
            } else {
                match played(t, x, id, r, &lineup, &team_of, nboards, &mut notes) {
                    Some(m) => m,
                    None => bye_round(t, r, TeamByeKind::Zero, &ms, nboards),
                }
            };
            rs.push(tr);
        }
        out.push(TeamSchedule {
            team: id,
            rounds: rs,
        });
    }
    // Match points: compare the two sides' game points.
    let gp: HashMap<(TeamId, u32), Points> = out
        .iter()
        .flat_map(|s| s.rounds.iter().map(|r| ((s.team, r.round), r.game_points)))
        .collect();
    for s in &mut out {
        for r in &mut s.rounds {
            if let TeamRoundKind::Match {
                opponent,
                forfeit: None,
                ..
            } = r.kind
            {
                let Some(&theirs) = gp.get(&(opponent, r.round)) else {
                    notes.push(TeamNote {
                        team: s.team,
                        round: r.round,
                        message: format!(
                            "expected the opponent team {opponent} among the teams, found none"
                        ),
                    });
                    continue;
                };
                r.match_points = match r.game_points.cmp(&theirs) {
                    std::cmp::Ordering::Greater => ms.win,
                    std::cmp::Ordering::Equal => ms.draw,
                    std::cmp::Ordering::Less => ms.loss,
                };
            }
        }
    }
    (out, notes)
}

fn times(p: Points, n: usize) -> Points {
    Points(p.0.saturating_mul(n as i32))
}

fn team_bye(rec: &TeamRecords, id: TeamId, r: u32) -> Option<TeamByeKind> {
    if let Some(p) = &rec.pab {
        if p.teams.get(r as usize - 1).copied().flatten() == Some(id) {
            return Some(TeamByeKind::PairingAllocated);
        }
    }
    rec.byes
        .iter()
        .find(|b| b.round == r && b.teams.contains(&id))
        .map(|b| b.kind)
}

fn bye_round(
    t: &Tournament,
    r: u32,
    kind: TeamByeKind,
    ms: &MatchPointSystem,
    nboards: usize,
) -> TeamRound {
    let s = &t.scoring;
    let (mp, gp) = match kind {
        TeamByeKind::PairingAllocated => match &t.team_records.pab {
            Some(p) => (p.match_points, p.game_points),
            None => (ms.draw, times(s.draw, nboards)),
        },
        TeamByeKind::Full => (ms.win, times(s.full_bye, nboards)),
        TeamByeKind::Half => (ms.draw, times(s.half_bye, nboards)),
        TeamByeKind::Zero => (ms.loss, Points::ZERO),
    };
    TeamRound {
        round: r,
        kind: TeamRoundKind::Bye { bye: kind },
        match_points: mp,
        game_points: gp,
        boards: Vec::new(),
    }
}

/// The match of team `x` in round `r`, if its players were paired.
#[allow(clippy::too_many_arguments)]
fn played(
    t: &Tournament,
    x: &Team,
    id: TeamId,
    r: u32,
    lineups: &HashMap<(u32, TeamId), &Lineup>,
    team_of: &HashMap<PlayerId, TeamId>,
    nboards: usize,
    notes: &mut Vec<TeamNote>,
) -> Option<TeamRound> {
    let entry = |p: PlayerId| t.player(p).map(|q| q.round(r as usize));
    // The line-up: the `300` record, else the members with a pairing this
    // round in board order (the first boards of the `310` list).
    let (boards, mut opponent): (Vec<Option<PlayerId>>, Option<TeamId>) =
        match lineups.get(&(r, id)) {
            Some(l) => (l.boards.clone(), Some(l.opponent)),
            None => {
                let on: Vec<Option<PlayerId>> = x
                    .members
                    .iter()
                    .filter(|m| entry(**m).is_some_and(|e| on_board(&e)))
                    .map(|m| Some(*m))
                    .collect();
                (on, None)
            }
        };
    if boards.iter().all(Option::is_none) && opponent.is_none() {
        return None;
    }
    let mut colour = None;
    let pattern = &t.team_records.board_colours;
    let mut votes: BTreeMap<TeamId, usize> = BTreeMap::new();
    let mut out = Vec::with_capacity(boards.len());
    for (k, p) in boards.iter().enumerate() {
        let (points, e) = match p.and_then(&entry) {
            Some(e) => (e.points(&t.scoring).unwrap_or(Points::ZERO), Some(e)),
            None => (Points::ZERO, None),
        };
        if let Some(e) = e {
            if let Some(o) = e.opponent().and_then(|o| team_of.get(&o)) {
                *votes.entry(*o).or_default() += 1;
            }
            if colour.is_none() {
                if let (Some(c), Some(first)) = (board_colour(&e), pattern.get(k)) {
                    colour = Some(if c == *first {
                        Color::White
                    } else {
                        Color::Black
                    });
                }
            }
        }
        out.push(Board {
            number: k as u32 + 1,
            player: *p,
            points,
        });
    }
    if out.len() > nboards && nboards > 0 {
        notes.push(TeamNote {
            team: id,
            round: r,
            message: format!(
                "expected at most {nboards} boards, found {} players with a game",
                out.len()
            ),
        });
    }
    let voted = votes.iter().max_by_key(|(_, n)| **n).map(|(o, _)| *o);
    if let (Some(a), Some(b)) = (opponent, voted) {
        if a != b {
            notes.push(TeamNote {
                team: id,
                round: r,
                message: format!(
                    "the line-up (300) names team {a} as the opponent, the games team {b}"
                ),
            });
        }
    }
    opponent = opponent.or(voted);
    let opponent = opponent?;
    let game_points = out.iter().map(|b| b.points).sum();
    Some(TeamRound {
        round: r,
        kind: TeamRoundKind::Match {
            opponent,
            colour,
            forfeit: None,
        },
        match_points: Points::ZERO,
        game_points,
        boards: out,
    })
}

/// A player who sat at a board this round: a game, a forfeit, or a board won
/// because the opposing board was empty (read as a pairing-allocated bye).
fn on_board(e: &RoundEntry) -> bool {
    e.opponent().is_some()
        || matches!(
            e,
            RoundEntry::Bye {
                bye: super::ByeKind::PairingAllocated
            }
        )
}

fn board_colour(e: &RoundEntry) -> Option<Color> {
    match *e {
        RoundEntry::Played { color, .. } | RoundEntry::Unknown { color, .. } => Some(color),
        RoundEntry::Forfeit { color, .. } | RoundEntry::Pending { color, .. } => color,
        _ => None,
    }
}
