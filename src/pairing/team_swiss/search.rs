//! The pairing of one round (C.04.6 art. 3): the pairing-allocated bye
//! (art. 3.4), then bracket by bracket the top scoregroup with its
//! upfloaters (art. 3.5) and the pairing of the bracket (art. 3.6).
//!
//! Bounds. Every "is there a legal pairing" question (art. 2.1, 2.2.1) is a
//! maximum-cardinality matching; the pairing of a bracket is decided by at
//! most m + m²/4 minimum-cost perfect matchings on its m teams (the first
//! pairing in the order of art. 3.6.2-3.6.3 among those with the fewest
//! criteria failures, built one position of its identifier at a time). The
//! upfloater sets of art. 3.5 are enumerated for the smallest size that
//! works (art. 2.3.1); more than [`SET_LIMIT`] sets of one size is refused
//! with [`TeamSwissError::SearchLimit`] rather than searched.

use std::cmp::Reverse;

use crate::model::{Points, TeamId};
use crate::pairing::matching::{max_cardinality_matching, max_weight_matching};

use super::colour::preference;
use super::state::TeamState;
use super::{Bracket, RoundContext, TeamSwissError};

/// The most upfloater sets of one size examined for one bracket.
pub const SET_LIMIT: u64 = 200_000;

/// The pairs (indices into the teams) and the brackets of a round.
type Paired = (Vec<(usize, usize)>, Vec<Bracket>);

pub(crate) struct Search<'a> {
    pub(crate) teams: &'a [TeamState],
    pub(crate) ctx: &'a RoundContext,
}

impl Search<'_> {
    /// C.04.6 art. 2.1.1: the two teams have not met.
    fn legal(&self, a: usize, b: usize) -> bool {
        a != b && !self.teams[a].opponents.contains(&self.teams[b].team)
    }

    fn score(&self, i: usize) -> Points {
        self.teams[i].primary
    }

    /// A legal pairing of all of `nodes` exists (art. 3.1, 2.2.1).
    pub(crate) fn perfect(&self, nodes: &[usize]) -> bool {
        if nodes.len() % 2 == 1 {
            return false;
        }
        let mut edges = Vec::new();
        for (x, &a) in nodes.iter().enumerate() {
            for (y, &b) in nodes.iter().enumerate().skip(x + 1) {
                if self.legal(a, b) {
                    edges.push((x, y));
                }
            }
        }
        max_cardinality_matching(nodes.len(), &edges)
            .iter()
            .all(Option::is_some)
    }

    /// The team that receives the pairing-allocated bye (C.04.6 art. 3.4):
    /// among the teams allowed it (art. 2.1.2), the first that leaves a
    /// legal pairing for all the others (3.4.1), taking the lowest score
    /// (3.4.2), then the most matches played (3.4.3), then the largest
    /// pairing number (3.4.4).
    pub(crate) fn bye(&self, all: &[usize]) -> Result<Option<usize>, TeamSwissError> {
        if all.len().is_multiple_of(2) {
            return Ok(None);
        }
        let mut cands: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&i| !self.teams[i].bye_barred)
            .collect();
        cands.sort_by_key(|&i| {
            let s = &self.teams[i];
            (s.primary, Reverse(s.matches_played), Reverse(s.team))
        });
        for c in cands {
            let rest: Vec<usize> = all.iter().copied().filter(|&i| i != c).collect();
            if self.perfect(&rest) {
                return Ok(Some(c));
            }
        }
        Err(TeamSwissError::NoLegalPairing {
            round: self.ctx.round,
            teams: all.len(),
        })
    }

    /// Pairs `remaining` (sorted by score, then pairing number) bracket by
    /// bracket (art. 3.3.2); returns the pairs and the brackets.
    pub(crate) fn brackets(&self, mut remaining: Vec<usize>) -> Result<Paired, TeamSwissError> {
        let mut pairs = Vec::new();
        let mut brackets = Vec::new();
        while let Some(&first) = remaining.first() {
            let top_score = self.score(first);
            let (top, lower): (Vec<usize>, Vec<usize>) =
                remaining.iter().partition(|&&i| self.score(i) == top_score);
            let ups = self.upfloaters(&top, &lower)?;
            let mut bracket: Vec<usize> = top.iter().chain(&ups).copied().collect();
            bracket.sort_by_key(|&i| self.teams[i].team);
            pairs.extend(self.pair_bracket(&bracket, &ups)?);
            brackets.push(Bracket {
                score: top_score,
                residents: top.iter().map(|&i| self.teams[i].team).collect(),
                upfloaters: ups.iter().map(|&i| self.teams[i].team).collect(),
            });
            remaining.retain(|i| !bracket.contains(i));
        }
        Ok((pairs, brackets))
    }

    /// The upfloaters joining the top scoregroup `top` (C.04.6 art. 3.5):
    /// the fewest (2.3.1) that give a legal pairing of the bracket and leave
    /// one for the other teams (2.1, 2.2.1); among those, the highest scores
    /// (2.3.2, smallest score differences in descending order), then the
    /// sets that comply with 2.3.3 and then 2.3.4, then the first set in the
    /// order of art. 3.5.3-3.5.4.
    fn upfloaters(&self, top: &[usize], lower: &[usize]) -> Result<Vec<usize>, TeamSwissError> {
        let start = top.len() % 2;
        for k in (start..=lower.len()).step_by(2) {
            let count = binomial(lower.len() as u64, k as u64);
            if count > SET_LIMIT {
                return Err(TeamSwissError::SearchLimit {
                    round: self.ctx.round,
                    score: self.score(top[0]),
                    upfloaters: k,
                    sets: count,
                });
            }
            type Key = (Reverse<Vec<Points>>, Vec<TeamId>);
            let mut feasible: Vec<(Key, Vec<usize>)> = Vec::new();
            for combo in Combinations::new(lower.len(), k) {
                let mut u: Vec<usize> = combo.iter().map(|&x| lower[x]).collect();
                let bracket: Vec<usize> = top.iter().chain(&u).copied().collect();
                let rest: Vec<usize> = lower.iter().copied().filter(|i| !u.contains(i)).collect();
                if !self.perfect(&bracket) || !self.perfect(&rest) {
                    continue;
                }
                // art. 3.5.3: descending score, then ascending pairing number
                u.sort_by_key(|&i| (Reverse(self.score(i)), self.teams[i].team));
                let mut scores: Vec<Points> = u.iter().map(|&i| self.score(i)).collect();
                scores.sort();
                let tpns = u.iter().map(|&i| self.teams[i].team).collect();
                feasible.push(((Reverse(scores), tpns), u));
            }
            if feasible.is_empty() {
                continue;
            }
            feasible.sort();
            // 2.3.2 first: only the sets with the best score differences
            let best = feasible[0].0 .0.clone();
            feasible.retain(|(key, _)| key.0 == best);
            let mut chosen: Option<((bool, usize), &Vec<usize>)> = None;
            for (_, u) in &feasible {
                let key = (!self.c6_ok(lower, u), self.c7_count(u));
                if chosen.as_ref().is_none_or(|(k, _)| key < *k) {
                    chosen = Some((key, u));
                }
                if key == (false, 0) {
                    break;
                }
            }
            return Ok(chosen.map(|(_, u)| u.clone()).unwrap_or_default());
        }
        Err(TeamSwissError::NoLegalPairing {
            round: self.ctx.round,
            teams: top.len() + lower.len(),
        })
    }

    /// C.04.6 art. 2.3.3: unless the following scoregroup is now empty, it
    /// can still be paired in its own bracket legally (2.1.1), leaving a
    /// legal pairing for the rest (2.2.1), with the fewest upfloaters its
    /// size allows (2.3.1: none when even, one when odd).
    fn c6_ok(&self, lower: &[usize], ups: &[usize]) -> bool {
        let Some(&first) = lower.first() else {
            return true;
        };
        let next = self.score(first);
        let rest: Vec<usize> = lower.iter().copied().filter(|i| !ups.contains(i)).collect();
        let (group, beyond): (Vec<usize>, Vec<usize>) =
            rest.iter().partition(|&&i| self.score(i) == next);
        if group.is_empty() {
            return true;
        }
        if group.len() % 2 == 0 {
            return self.perfect(&group) && self.perfect(&beyond);
        }
        beyond.iter().any(|&x| {
            let with: Vec<usize> = group.iter().copied().chain([x]).collect();
            let without: Vec<usize> = beyond.iter().copied().filter(|&i| i != x).collect();
            self.perfect(&with) && self.perfect(&without)
        })
    }

    /// C.04.6 art. 2.3.4: upfloaters that were floaters in the previous
    /// round (not counted in the last two rounds).
    fn c7_count(&self, ups: &[usize]) -> usize {
        if self.ctx.in_last_two_rounds() {
            return 0;
        }
        ups.iter().filter(|&&i| self.teams[i].floated).count()
    }

    /// The criteria a pair fails, weighted in their order of priority:
    /// art. 2.3.5 (a colour preference left unfulfilled: both teams prefer
    /// the same colour), 2.3.6 (type B: both prefer it strongly), 2.3.7 (an
    /// upfloater's opponent that floated in the previous round).
    fn cost(&self, a: usize, b: usize, ups: &[usize], w1: i64) -> i64 {
        let (pa, pb) = (
            preference(&self.teams[a], self.ctx),
            preference(&self.teams[b], self.ctx),
        );
        let mut c8 = 0;
        let mut c9 = 0;
        if let (Some(p), Some(q)) = (pa, pb) {
            if p.colour == q.colour {
                c8 = 1;
                c9 = i64::from(p.strong && q.strong);
            }
        }
        let mut c10 = 0;
        if !self.ctx.in_last_two_rounds() {
            c10 += i64::from(ups.contains(&b) && self.teams[a].floated);
            c10 += i64::from(ups.contains(&a) && self.teams[b].floated);
        }
        (c8 * w1 + c9) * w1 + c10
    }

    /// The pairing of a bracket (C.04.6 art. 3.6): the first pairing, in the
    /// order of its identifier (art. 3.6.2-3.6.3: the top members'
    /// pairing numbers ascending, then their opponents'), among the legal
    /// pairings (2.1.1) failing 2.3.5-2.3.7 the fewest times in their order
    /// of priority. `bracket` is sorted by pairing number.
    fn pair_bracket(
        &self,
        bracket: &[usize],
        ups: &[usize],
    ) -> Result<Vec<(usize, usize)>, TeamSwissError> {
        let m = bracket.len();
        let w1 = m as i64 / 2 + 3;
        let big = 2 * w1 * w1 * w1;
        let costs: Vec<Vec<Option<i64>>> = (0..m)
            .map(|x| {
                (0..m)
                    .map(|y| {
                        let (a, b) = (bracket[x], bracket[y]);
                        self.legal(a, b).then(|| self.cost(a, b, ups, w1))
                    })
                    .collect()
            })
            .collect();
        // top (true) or bottom member, and fixed partners, by position
        let mut role: Vec<Option<bool>> = vec![None; m];
        let mut fixed: Vec<Option<usize>> = vec![None; m];
        let oracle = |role: &[Option<bool>], fixed: &[Option<usize>]| -> Option<i64> {
            let mut edges = Vec::new();
            for x in 0..m {
                for y in x + 1..m {
                    let Some(c) = costs[x][y] else { continue };
                    // x < y in pairing number: x is the top member
                    if role[x] == Some(false) || role[y] == Some(true) {
                        continue;
                    }
                    if fixed[x].is_some_and(|z| z != y) || fixed[y].is_some_and(|z| z != x) {
                        continue;
                    }
                    edges.push((x, y, big - c));
                }
            }
            let mates = max_weight_matching(m, &edges, true);
            let mut total = 0;
            for (x, mate) in mates.iter().enumerate() {
                let y = (*mate)?;
                if x < y {
                    total += costs[x][y]?;
                }
            }
            Some(total)
        };
        let no_pairing = || TeamSwissError::NoLegalPairing {
            round: self.ctx.round,
            teams: m,
        };
        let best = oracle(&role, &fixed).ok_or_else(no_pairing)?;
        for p in 0..m {
            role[p] = Some(true);
            if oracle(&role, &fixed) != Some(best) {
                role[p] = Some(false);
            }
        }
        let mut pairs = Vec::with_capacity(m / 2);
        for x in 0..m {
            if role[x] != Some(true) {
                continue;
            }
            let mut partner = None;
            for y in x + 1..m {
                if role[y] != Some(false) || fixed[y].is_some() {
                    continue;
                }
                fixed[x] = Some(y);
                fixed[y] = Some(x);
                if oracle(&role, &fixed) == Some(best) {
                    partner = Some(y);
                    break;
                }
                fixed[x] = None;
                fixed[y] = None;
            }
            let partner = partner.ok_or_else(no_pairing)?;
            pairs.push((bracket[x], bracket[partner]));
        }
        Ok(pairs)
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    let k = k.min(n.saturating_sub(k));
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// The k-element subsets of `0..n` in lexicographic order.
struct Combinations {
    n: usize,
    current: Option<Vec<usize>>,
}

impl Combinations {
    fn new(n: usize, k: usize) -> Combinations {
        Combinations {
            n,
            current: (k <= n).then(|| (0..k).collect()),
        }
    }
}

impl Iterator for Combinations {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        let out = self.current.clone()?;
        let k = out.len();
        let mut next = out.clone();
        // the rightmost position that can still move right
        let pos = (0..k).rev().find(|&i| next[i] < self.n - k + i);
        self.current = pos.map(|i| {
            next[i] += 1;
            for j in i + 1..k {
                next[j] = next[j - 1] + 1;
            }
            next
        });
        Some(out)
    }
}
