//! Individual board standings of a team event (board prizes): per board
//! number, each player's games played on that board, the points scored in
//! them and the percentage.
//!
//! A game counts on the board where it was played (the match's line-up,
//! [`crate::model::team_rounds`]), so a player who moved between boards
//! appears under each. Only games played over the board count: forfeits,
//! boards won or lost because a board was empty, and byes give neither a
//! game nor points (the usual condition of board prizes: the Olympiad's
//! "games played"). Players with fewer games than the minimum are listed
//! after the ranked ones, without a rank. Order: percentage, then more games,
//! then the pairing number; equal percentage and games share a rank.

use serde::Serialize;
use std::collections::BTreeMap;

use crate::model::{team_rounds, PlayerId, Points, RoundEntry, TeamId, Tournament};

use super::value::Value;

/// What to compute.
#[derive(Debug, Clone, Copy, Default)]
#[non_exhaustive]
pub struct BoardOptions {
    /// After this round (all recorded rounds when `None`).
    pub after_round: Option<usize>,
    /// The games a player needs on a board to be ranked there.
    pub min_games: u32,
}

options!(BoardOptions { after_round: Option<usize>, min_games: u32 });

/// One player on one board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoardRow {
    /// `None` below the minimum of games.
    pub rank: Option<u32>,
    /// The player's pairing number.
    pub player: PlayerId,
    /// The player's name.
    pub name: String,
    /// The player's rating in the file, if rated.
    pub rating: Option<u16>,
    /// The player's team.
    pub team: TeamId,
    /// The team's name.
    pub team_name: String,
    /// Games played over the board on this board.
    pub games: u32,
    /// Points scored in those games (the event's game scoring).
    pub points: Value,
    /// Points per game × 100.
    pub percentage: Value,
}

/// The players of one board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoardTable {
    /// The board number (1 is top board).
    pub board: u32,
    /// Ranked players first, then those below the minimum of games.
    pub rows: Vec<BoardRow>,
}

/// Board standings after `rounds` rounds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoardStandings {
    /// Rounds counted.
    pub rounds: usize,
    /// The games a player needed on a board to be ranked there.
    pub min_games: u32,
    /// One table per board, top board first.
    pub boards: Vec<BoardTable>,
}

/// A game over the board (a result or an unknown one), not a forfeit or bye.
fn played(e: &RoundEntry) -> bool {
    matches!(e, RoundEntry::Played { .. } | RoundEntry::Unknown { .. })
}

/// The board standings of the team event `t`.
pub fn compute(t: &Tournament, opts: &BoardOptions) -> BoardStandings {
    let rounds = opts
        .after_round
        .unwrap_or_else(|| t.rounds_recorded())
        .min(t.rounds_recorded());
    let (schedules, _) = team_rounds(t, rounds);
    let names: BTreeMap<TeamId, &str> = t
        .teams
        .iter()
        .enumerate()
        .map(|(i, x)| (x.id(i), x.name.trim()))
        .collect();
    // (board, player) -> (team, games, points)
    let mut acc: BTreeMap<(u32, PlayerId), (TeamId, u32, Points)> = BTreeMap::new();
    for s in &schedules {
        for r in &s.rounds {
            for b in &r.boards {
                let Some(p) = b.player else { continue };
                let Some(player) = t.player(p) else { continue };
                if !played(&player.round(r.round as usize)) {
                    continue;
                }
                let e = acc
                    .entry((b.number, p))
                    .or_insert((s.team, 0, Points::ZERO));
                e.1 += 1;
                e.2 += b.points;
            }
        }
    }
    let mut boards: BTreeMap<u32, Vec<BoardRow>> = BTreeMap::new();
    for ((board, p), (team, games, points)) in acc {
        let player = t.player(p);
        boards.entry(board).or_default().push(BoardRow {
            rank: None,
            player: p,
            name: player.map(|x| x.name.clone()).unwrap_or_default(),
            rating: player.and_then(|x| x.rating),
            team,
            team_name: names.get(&team).map(|s| s.to_string()).unwrap_or_default(),
            games,
            points: Value::tenths(i64::from(points.0)),
            percentage: Value::new(i64::from(points.0) * 10, i64::from(games)),
        });
    }
    let boards = boards
        .into_iter()
        .map(|(board, mut rows)| {
            rows.sort_by(|a, b| {
                let ea = a.games >= opts.min_games;
                let eb = b.games >= opts.min_games;
                eb.cmp(&ea)
                    .then(b.percentage.cmp(&a.percentage))
                    .then(b.games.cmp(&a.games))
                    .then(a.player.cmp(&b.player))
            });
            let mut rank = 0;
            let mut prev = None;
            for (i, row) in rows.iter_mut().enumerate() {
                if row.games < opts.min_games {
                    break;
                }
                if prev != Some((row.percentage, row.games)) {
                    rank = i as u32 + 1;
                }
                prev = Some((row.percentage, row.games));
                row.rank = Some(rank);
            }
            BoardTable { board, rows }
        })
        .collect();
    BoardStandings {
        rounds,
        min_games: opts.min_games,
        boards,
    }
}
