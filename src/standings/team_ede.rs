//! C.07 art. 13.3 Extended Direct Encounter for teams (2024 rules): among
//! the teams tied so far, when every two of them have met, the match points
//! of their mutual matches; a new tied subset restarts the procedure among
//! its teams; game points of the mutual matches only where match points
//! leave the whole group tied; a tie left between exactly two teams goes to
//! the board
//! tie-break the code names (art. 12: `T` top board results, `B` bottom
//! board elimination, `BT`/`BB` board count first).
//!
//! The value is the team's place inside its tied group (1 is best); 0 where
//! the group is a single team, its teams have not all met, or nothing
//! separates them.

use std::cmp::Ordering;

use crate::model::{TeamRound, TeamRoundKind};

use std::collections::HashMap;

use crate::model::TeamId;

use super::value::Value;

/// The board tie-break EDE uses between the last two tied teams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdeBoards {
    /// `EDE`: no board tie-break.
    None,
    /// `EDET`: top-board results (C.07 art. 12.2).
    TopBoard,
    /// `EDEB`: bottom-board elimination (art. 12.3).
    BottomBoard,
    /// `EDEBT`: board count (art. 12.1), then top-board results.
    CountThenTop,
    /// `EDEBB`: board count (art. 12.1), then bottom-board elimination.
    CountThenBottom,
}

/// What EDE reads.
pub(super) struct EdeView<'a> {
    pub rounds: &'a [Vec<TeamRound>],
    pub index: &'a HashMap<TeamId, usize>,
    pub mp: &'a [Value],
}

pub(super) fn ede(
    ctx: EdeView<'_>,
    forfeits_played: bool,
    boards: EdeBoards,
    before: &[Vec<Value>],
) -> Vec<Value> {
    let len = ctx.mp.len();
    let mut out = vec![Value::ZERO; len];
    let mut done = vec![false; len];
    for i in 0..len {
        if done[i] {
            continue;
        }
        let group: Vec<usize> = (0..len)
            .filter(|&j| ctx.mp[j] == ctx.mp[i] && before[j] == before[i])
            .collect();
        for &j in &group {
            done[j] = true;
        }
        if group.len() < 2 || !all_met(&ctx, &group, forfeits_played) {
            continue;
        }
        let ordered = order(&ctx, group, forfeits_played, boards, false);
        if ordered.iter().skip(1).all(|(_, tied)| *tied) {
            // Nothing separated them: no value (TieBreakServer gives 0 too).
            continue;
        }
        let mut place = 0i64;
        for (n, (team, tied_with_previous)) in ordered.into_iter().enumerate() {
            if n == 0 || !tied_with_previous {
                place = n as i64 + 1;
            }
            out[team] = Value::int(place);
        }
    }
    out
}

fn counts(r: &TeamRound, forfeits_played: bool) -> bool {
    matches!(r.kind, TeamRoundKind::Match { forfeit: None, .. })
        || (forfeits_played && matches!(r.kind, TeamRoundKind::Match { .. }))
}

fn mutual<'a>(
    ctx: &'a EdeView<'_>,
    i: usize,
    others: &'a [usize],
    fp: bool,
) -> impl Iterator<Item = &'a TeamRound> + 'a {
    ctx.rounds[i].iter().filter(move |r| {
        counts(r, fp)
            && r.opponent()
                .and_then(|o| ctx.index.get(&o))
                .is_some_and(|o| others.contains(o) && *o != i)
    })
}

fn all_met(ctx: &EdeView<'_>, group: &[usize], fp: bool) -> bool {
    group.iter().all(|&i| {
        group
            .iter()
            .filter(|&&j| j != i)
            .all(|&j| mutual(ctx, i, &[j], fp).next().is_some())
    })
}

/// The group in order, each team with whether it stays tied with the one
/// before it: mutual match points, a new tied subset restarting from match
/// points; game points only when match points leave the whole group tied;
/// then the boards for exactly two teams.
fn order(
    ctx: &EdeView<'_>,
    group: Vec<usize>,
    fp: bool,
    boards: EdeBoards,
    game_points: bool,
) -> Vec<(usize, bool)> {
    let key = |i: usize| -> Value {
        mutual(ctx, i, &group, fp)
            .map(|r| {
                let p = if game_points {
                    r.game_points
                } else {
                    r.match_points
                };
                Value::tenths(i64::from(p.0))
            })
            .sum()
    };
    let mut g: Vec<(usize, Value)> = group.iter().map(|&i| (i, key(i))).collect();
    g.sort_by_key(|x| std::cmp::Reverse(x.1));
    let mut out = Vec::with_capacity(g.len());
    let mut k = 0;
    while k < g.len() {
        let mut e = k + 1;
        while e < g.len() && g[e].1 == g[k].1 {
            e += 1;
        }
        let run: Vec<usize> = g[k..e].iter().map(|x| x.0).collect();
        let sub = if run.len() == 1 {
            vec![(run[0], false)]
        } else if run.len() < g.len() {
            order(ctx, run, fp, boards, false)
        } else if !game_points {
            order(ctx, run, fp, boards, true)
        } else if run.len() == 2 {
            two(ctx, run[0], run[1], fp, boards)
        } else {
            run.iter().enumerate().map(|(n, &i)| (i, n > 0)).collect()
        };
        for (n, (i, tied)) in sub.into_iter().enumerate() {
            out.push((i, n > 0 && tied));
        }
        k = e;
    }
    out
}

/// Per-board game points of `i` in its matches against `j`.
fn board_points(ctx: &EdeView<'_>, i: usize, j: usize, fp: bool) -> Vec<Value> {
    let mut pts: Vec<Value> = Vec::new();
    for r in mutual(ctx, i, &[j], fp) {
        for b in &r.boards {
            let k = b.number as usize - 1;
            if pts.len() <= k {
                pts.resize(k + 1, Value::ZERO);
            }
            pts[k] = pts[k] + Value::tenths(i64::from(b.points.0));
        }
    }
    pts
}

/// C.07 art. 12 between two teams on their mutual match(es).
fn two(ctx: &EdeView<'_>, a: usize, b: usize, fp: bool, boards: EdeBoards) -> Vec<(usize, bool)> {
    let pa = board_points(ctx, a, b, fp);
    let pb = board_points(ctx, b, a, fp);
    let n = pa.len().max(pb.len());
    let at = |p: &[Value], k: usize| p.get(k).copied().unwrap_or(Value::ZERO);
    // Art. 12.1: Σ board number × points; the lower sum is better.
    let count = || {
        let s =
            |p: &[Value]| -> Value { (0..n).map(|k| Value::int(k as i64 + 1) * at(p, k)).sum() };
        s(&pb).cmp(&s(&pa))
    };
    // Art. 12.2: board 1, then board 2, ...
    let top = || {
        (0..n)
            .map(|k| at(&pa, k).cmp(&at(&pb, k)))
            .find(|o| *o != Ordering::Equal)
            .unwrap_or(Ordering::Equal)
    };
    // Art. 12.3: drop the bottom board, then the next, ...
    let bottom = || {
        (1..n)
            .rev()
            .map(|m| {
                let s = |p: &[Value]| -> Value { (0..m).map(|k| at(p, k)).sum() };
                s(&pa).cmp(&s(&pb))
            })
            .find(|o| *o != Ordering::Equal)
            .unwrap_or(Ordering::Equal)
    };
    let o = match boards {
        EdeBoards::None => Ordering::Equal,
        EdeBoards::TopBoard => top(),
        EdeBoards::BottomBoard => bottom(),
        EdeBoards::CountThenTop => count().then_with(top),
        EdeBoards::CountThenBottom => count().then_with(bottom),
    };
    match o {
        Ordering::Greater => vec![(a, false), (b, false)],
        Ordering::Less => vec![(b, false), (a, false)],
        Ordering::Equal => vec![(a, false), (b, true)],
    }
}
