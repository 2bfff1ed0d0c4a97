//! Bracket-by-bracket pairing: C.04.3 (2017) B / (2025) Art. 3, each bracket
//! solved as one lexicographic maximum-weight matching over the criteria
//! ladder, then the earliest candidate in generation order (2017 D / 2025
//! Art. 4) recovered by a short series of tie-breaking re-solves.

use std::collections::HashSet;

use super::colour;
use super::criteria::{edge_fields, BracketCtx, Layout, Members, Role};
use super::solve::{self, Fields};
use super::state::PlayerState;
use super::Edition;
use crate::model::{Color, PlayerId, Points};

/// What the engine pairs.
pub struct Input<'a> {
    pub players: &'a [PlayerState],
    pub edition: Edition,
    pub initial: Color,
    /// Pairs forbidden by the organiser (`XXP`/`260`), as player ids.
    pub forbidden: &'a HashSet<(PlayerId, PlayerId)>,
    /// One point, for the PSD's artificial floater score (2017 A.8).
    pub one_point: Points,
}

/// Why the engine could not produce a pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// No pairing satisfies C1-C3 for everyone (or no eligible PAB).
    NoLegalPairing(String),
    /// The matching back end cannot handle a graph of this size yet.
    TooLarge(usize),
}

impl From<solve::TooLarge> for EngineError {
    fn from(e: solve::TooLarge) -> Self {
        EngineError::TooLarge(e.0)
    }
}

/// The raw result: pairs of player indices (unordered) and the PAB.
pub struct Raw {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// C1 (no rematch, played games only), forbidden pairs, C3 (absolute colours).
pub fn compatible(inp: &Input, a: usize, b: usize) -> bool {
    let (Some(pa), Some(pb)) = (inp.players.get(a), inp.players.get(b)) else {
        return false;
    };
    a != b
        && !pa.opponents.contains(&pb.id)
        && !inp.forbidden.contains(&(pa.id, pb.id))
        && !inp.forbidden.contains(&(pb.id, pa.id))
        && !colour::absolute_conflict(pa, pb)
}

/// Pairs made inside a bracket and its downfloaters (in rank order).
type BracketResult = (Vec<(usize, usize)>, Vec<usize>);

type Extra = Box<dyn Fn(usize, usize) -> i64>;

struct Graph<'a> {
    inp: &'a Input<'a>,
    /// Vertices (player indices) of the current graph.
    verts: Vec<usize>,
    ctx: BracketCtx,
    lay: Layout,
    extras: Vec<Extra>,
}

impl Graph<'_> {
    /// Solve; returns the mate of each player index.
    fn solve(&self, probe: Option<&Extra>) -> Result<Vec<Option<usize>>, EngineError> {
        let n = self.verts.len();
        let mut edges: Vec<(usize, usize, Fields)> = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (self.verts[i], self.verts[j]);
                if !compatible(self.inp, a, b) {
                    continue;
                }
                let (pa, pb) = (&self.inp.players[a], &self.inp.players[b]);
                let mut w = edge_fields(&self.ctx, &self.lay, pa, pb);
                for x in &self.extras {
                    w.push(x(a, b));
                }
                if let Some(p) = probe {
                    w.push(p(a, b));
                }
                edges.push((i, j, w));
            }
        }
        let local = solve::solve(n, &edges)?;
        let mut mate = vec![None; self.inp.players.len()];
        for (i, m) in local.iter().enumerate() {
            if let Some(j) = m {
                mate[self.verts[i]] = Some(self.verts[*j]);
            }
        }
        Ok(mate)
    }

    fn remove(&mut self, a: usize, b: usize) {
        self.verts.retain(|v| *v != a && *v != b);
    }
}

/// Can `set` be paired completely (leaving at most one PAB-eligible player)?
pub fn feasible(inp: &Input, set: &[usize]) -> Result<bool, EngineError> {
    let mut edges = Vec::new();
    for i in 0..set.len() {
        for j in i + 1..set.len() {
            if compatible(inp, set[i], set[j]) {
                let e = i64::from(!inp.players[set[i]].bye_eligible)
                    + i64::from(!inp.players[set[j]].bye_eligible);
                edges.push((i, j, vec![1, e]));
            }
        }
    }
    let mate = solve::solve(set.len(), &edges)?;
    let unmatched: Vec<usize> = (0..set.len()).filter(|i| mate[*i].is_none()).collect();
    Ok(match unmatched.as_slice() {
        [] => true,
        [one] => set.len() % 2 == 1 && inp.players[set[*one]].bye_eligible,
        _ => false,
    })
}

fn by_rank(players: &[PlayerState], v: &mut [usize]) {
    v.sort_by_key(|&i| (std::cmp::Reverse(players[i].pscore), players[i].index));
}

/// Pair the whole round.
pub fn pair(inp: &Input) -> Result<Raw, EngineError> {
    let ps = inp.players;
    let mut all: Vec<usize> = (0..ps.len()).collect();
    by_rank(ps, &mut all);
    if !feasible(inp, &all)? {
        return Err(EngineError::NoLegalPairing(
            "no pairing of all present players avoids rematches, forbidden pairs and \
             absolute colour conflicts while giving at most one bye to an eligible player"
                .to_string(),
        ));
    }
    // Scoregroups, highest first.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in &all {
        match groups.last_mut() {
            Some(g) if ps[g[0]].pscore == ps[i].pscore => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut remaining: Vec<bool> = vec![true; ps.len()];
    let mut pairs = Vec::new();
    let mut mdps: Vec<usize> = Vec::new();
    let mut collapsed = false;
    let mut g = 0;
    loop {
        let rem_list: Vec<usize> = all.iter().copied().filter(|i| remaining[*i]).collect();
        if rem_list.is_empty() {
            return Ok(Raw { pairs, bye: None });
        }
        let mut residents: Vec<usize> = if collapsed {
            rem_list
                .iter()
                .copied()
                .filter(|i| !mdps.contains(i))
                .collect()
        } else {
            groups.get(g).cloned().unwrap_or_default()
        };
        residents.retain(|i| remaining[*i] && !mdps.contains(i));
        let mut bracket: Vec<usize> = mdps
            .iter()
            .copied()
            .chain(residents.iter().copied())
            .collect();
        by_rank(ps, &mut bracket);
        let is_last = bracket.len() == rem_list.len();
        let next: Vec<usize> = if is_last || collapsed {
            Vec::new()
        } else {
            groups
                .get(g + 1)
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .filter(|i| remaining[*i])
                .collect()
        };
        let (in_b, floaters) = match inp.edition {
            Edition::Dutch2025 => bracket_pairs(
                inp,
                &bracket,
                &mdps,
                &next,
                &rem_list,
                true,
                !next.is_empty(),
                is_last,
            )?,
            Edition::Dutch2017 => {
                let first = bracket_pairs(
                    inp, &bracket, &mdps, &next, &rem_list, is_last, !is_last, is_last,
                )?;
                if is_last {
                    first
                } else {
                    let mut rest: Vec<usize> = first.1.clone();
                    rest.extend(rem_list.iter().copied().filter(|i| !bracket.contains(i)));
                    if feasible(inp, &rest)? {
                        first
                    } else {
                        // 2017 A.9: this is the PPB; C.4 applies and the
                        // remaining scoregroups collapse into the CLB.
                        collapsed = true;
                        bracket_pairs(inp, &bracket, &mdps, &[], &rem_list, true, false, false)?
                    }
                }
            }
        };
        for &(a, b) in &in_b {
            remaining[a] = false;
            remaining[b] = false;
            pairs.push((a, b));
        }
        if is_last {
            return match floaters.as_slice() {
                [] => Ok(Raw { pairs, bye: None }),
                [one] => Ok(Raw {
                    pairs,
                    bye: Some(*one),
                }),
                _ => Err(EngineError::NoLegalPairing(format!(
                    "{} players are left without an opponent in the last bracket",
                    floaters.len()
                ))),
            };
        }
        mdps = floaters;
        g += 1;
    }
}

/// Pair one bracket. Returns the pairs made inside it and its downfloaters
/// (in rank order).
#[allow(clippy::too_many_arguments)]
fn bracket_pairs(
    inp: &Input,
    bracket: &[usize],
    mdps: &[usize],
    next: &[usize],
    remaining: &[usize],
    completion: bool,
    lookahead: bool,
    is_last: bool,
) -> Result<BracketResult, EngineError> {
    let ps = inp.players;
    let lookahead = lookahead && !next.is_empty();
    let ctx = BracketCtx::new(
        ps,
        inp.edition,
        inp.initial,
        inp.one_point,
        Members {
            bracket,
            mdps,
            next: if lookahead { next } else { &[] },
        },
        completion,
        is_last,
    );
    let role = ctx.role.clone();
    let lay = Layout::new(&ctx);
    let verts: Vec<usize> = if completion {
        remaining.to_vec()
    } else {
        bracket.iter().chain(next.iter()).copied().collect()
    };
    let mut graph = Graph {
        inp,
        verts,
        ctx,
        lay,
        extras: Vec::new(),
    };
    let in_b = |i: usize| matches!(role[i], Role::Resident | Role::Mdp);
    let mut fixed: Vec<(usize, usize)> = Vec::new();

    // 2017 D.3 / 2025 4.4: which MDPs are paired: highest score, then lowest BSN.
    let mut mdp_order: Vec<usize> = mdps.to_vec();
    by_rank(ps, &mut mdp_order);
    let mut paired_mdps = Vec::new();
    for &m in &mdp_order {
        let bset: HashSet<usize> = bracket.iter().copied().collect();
        let probe: Extra = Box::new(move |a, b| {
            i64::from((a == m && bset.contains(&b)) || (b == m && bset.contains(&a)))
        });
        let mate = graph.solve(Some(&probe))?;
        if mate[m].is_some_and(in_b) {
            graph.extras.push(probe);
            paired_mdps.push(m);
        }
    }
    // 2017 D.1 / 2025 4.2: each paired MDP, in order, takes the first resident
    // (in BSN order) that still allows an optimal candidate.
    for &m in &paired_mdps {
        if !graph.verts.contains(&m) {
            continue;
        }
        let b_order: Vec<usize> = bracket.to_vec();
        let rank = move |x: usize| b_order.iter().position(|y| *y == x);
        let len = bracket.len() as i64;
        let probe: Extra = Box::new(move |a, b| {
            let other = if a == m {
                b
            } else if b == m {
                a
            } else {
                return 0;
            };
            rank(other).map_or(0, |r| len - r as i64)
        });
        let mate = graph.solve(Some(&probe))?;
        if let Some(o) = mate[m].filter(|o| in_b(*o)) {
            fixed.push((m, o));
            graph.remove(m, o);
        }
    }
    // The remainder: residents not paired with MDPs.
    let rem: Vec<usize> = bracket
        .iter()
        .copied()
        .filter(|i| graph.verts.contains(i) && !mdps.contains(i))
        .collect();
    if rem.len() >= 2 {
        let mate = graph.solve(None)?;
        let p_r = rem
            .iter()
            .filter(|&&i| mate[i].is_some_and(|j| rem.contains(&j)))
            .count()
            / 2;
        let bsn = |x: usize, r: &[usize]| r.iter().position(|y| *y == x);
        // 2017 D.2 / 2025 4.3 a: fewest exchanged players (pairs inside S2).
        let r1 = rem.clone();
        graph
            .extras
            .push(Box::new(move |a, b| match (bsn(a, &r1), bsn(b, &r1)) {
                (Some(x), Some(y)) if x >= p_r && y >= p_r => -1,
                _ => 0,
            }));
        // 2017 D.2 / 2025 4.3 b: smallest difference of exchanged BSN sums,
        // which is the sum over pairs of the lower BSN.
        let r2 = rem.clone();
        graph
            .extras
            .push(Box::new(move |a, b| match (bsn(a, &r2), bsn(b, &r2)) {
                (Some(x), Some(y)) => -(x.min(y) as i64),
                _ => 0,
            }));
        // Then, player by player in BSN order, the first available opponent.
        for (k, &u) in rem.iter().enumerate() {
            if !graph.verts.contains(&u) {
                continue;
            }
            let r3 = rem.clone();
            let len = rem.len() as i64;
            let probe: Extra = Box::new(move |a, b| {
                let other = if a == u {
                    b
                } else if b == u {
                    a
                } else {
                    return 0;
                };
                bsn(other, &r3).map_or(0, |r| len - r as i64)
            });
            let mate = graph.solve(Some(&probe))?;
            if let Some(o) = mate[u].filter(|o| rem[k + 1..].contains(o)) {
                fixed.push((u, o));
                graph.remove(u, o);
            }
        }
    }
    let paired: HashSet<usize> = fixed.iter().flat_map(|&(a, b)| [a, b]).collect();
    let floaters: Vec<usize> = bracket
        .iter()
        .copied()
        .filter(|i| !paired.contains(i))
        .collect();
    Ok((fixed, floaters))
}
