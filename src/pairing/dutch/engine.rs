//! Bracket-by-bracket pairing: C.04.3 (2017) B / (2025) Art. 3, each bracket
//! solved as one lexicographic maximum-weight matching over the criteria
//! ladder, then the earliest candidate in generation order (2017 D / 2025
//! Art. 4) recovered by tie-breaking fields and probes.
//!
//! # Where the speed comes from
//! The ladder is evaluated on small graphs: the bracket and the next
//! scoregroup (the look-ahead of 2017 C.7 / 2025 \[C8\]), never the whole
//! field, except when completion fails.
//! - 2025 \[C4\]/\[C2\]/\[C5\] (complete the round, PAB eligibility, the PAB
//!   at the lowest possible score) rank every bracket's candidates by the
//!   whole rest of the round. The bracket is first paired without them; if
//!   the result (its pairs and the look-ahead pairs of the next bracket)
//!   leaves a rest that can still be completed with the PAB at the lowest
//!   score the round allows, it is also the optimum with them: the optimum
//!   of a relaxation that is feasible is optimal, and the first candidate in
//!   generation order of a larger set that lies in the smaller set is also
//!   the first of the smaller one. Otherwise the bracket is paired again
//!   over all remaining players with the completion fields (the exact
//!   formulation). Completion is an unweighted matching question
//!   ([`super::complete`]).
//! - The choice of MDPs (2017 D.3 / 2025 4.4: highest scores, then lowest
//!   numbers) and of their opponents (2017 D.1 / 2025 4.2: in order, the
//!   first resident allowing an optimum) are lexicographic fields of one
//!   matching instead of one matching per decision.
//! - For the remainder, the exchange comes first (2017 D.2 / 2025 4.3):
//!   fewest exchanged players and the smallest difference of BSN sums as
//!   fields, then rules c-d player by player (`Bracketer::exchange`);
//!   then each player of the new S1 in order takes the first opponent of the
//!   new S2 that still allows an optimal candidate (transpositions, 2017
//!   D.1 / 2025 4.2). A probe matching is skipped when the current
//!   optimum already gives the player the best opponent the probe could
//!   find; a lowest-priority field steers ties towards the natural
//!   S1-against-S2 candidate so that this is the common case.
//! - The remainder's solves share one field layout and one warm matcher
//!   ([`solve::Session`], fixed bit widths): a probe changes only the probed
//!   player's edges, a fixed pair isolates two vertices, so each probe is a
//!   repair around one or two vertices rather than a cold solve. Edges whose
//!   reduced cost proves them in no optimum of the leading fields (after
//!   the MDP solve, and once the exchange loop has settled) are dropped
//!   from that matcher, which costs the warm solves nothing.

use std::cell::Cell;
use std::collections::HashSet;

use super::complete::{completable, Compat};
use super::criteria::{edge_fields, BracketCtx, Layout, Members, Role};
use super::solve;
use super::input::Input;
use super::state::by_rank;
use super::walk::Walk;
use super::Edition;

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
    /// 2017 A.9: the position (0 = the top bracket) of the bracket that
    /// was paired as the PPB, the remaining scoregroups collapsing below it.
    pub ppb: Option<usize>,
}

/// The outcome of one bracket.
struct BracketResult {
    /// Pairs made inside the bracket.
    pairs: Vec<(usize, usize)>,
    /// Its downfloaters, in rank order.
    floaters: Vec<usize>,
    /// Other pairs of the final matching (the look-ahead into the next
    /// bracket, or the completion of the round).
    ahead: Vec<(usize, usize)>,
}

/// Extra fields of a solve, below the ladder: `fill(a, b, out)` writes them
/// for the edge between players `a` and `b`.
struct Extra<'f> {
    count: usize,
    fill: &'f dyn Fn(usize, usize, &mut [i64]),
}

/// The matching graph of one bracket: its players (and the next
/// scoregroup's, or all remaining), with the ladder's fields of every
/// compatible pair computed once.
struct Graph {
    players: usize,
    /// Player index of each local vertex.
    verts: Vec<usize>,
    /// Local vertex of each player index, if in the graph and not yet fixed.
    local: Vec<Option<usize>>,
    /// Compatible pairs (local vertices, `a < b`) and their ladder fields.
    edges: Vec<(usize, usize)>,
    base: Vec<i64>,
    nf: usize,
    /// Local vertex of each player index in the graph (kept when fixed).
    slot: Vec<Option<usize>>,
    /// First edge of each local vertex's row (edges are sorted).
    row_start: Vec<usize>,
    /// Edges proven to lie in no optimum of the ladder and the exchange
    /// fields (see [`solve::solve_flat`]); for the persistent solves found
    /// on demand by [`Graph::maybe`], hence the cells.
    excluded: Vec<Cell<bool>>,
    /// Edges taken out of the graph by a generation-order decision.
    banned: Vec<bool>,
    /// Edges of each local vertex.
    inc: Vec<Vec<usize>>,
    /// The persistent solver of the remainder's solves, once started (see
    /// [`Graph::solve_fixed`]).
    session: Option<solve::Session>,
    /// Local vertices whose edges' extra fields must be recomputed before
    /// the next persistent solve.
    stale: Vec<usize>,
    /// `low` of the last persistent solve, while its dual solution is the
    /// session's.
    low_now: Option<usize>,
}

impl Graph {
    fn new(inp: &Input, compat: &Compat, verts: Vec<usize>, ctx: &BracketCtx) -> Graph {
        let lay = Layout::new(ctx);
        let nf = lay.len;
        let mut local = vec![None; inp.players.len()];
        for (k, &v) in verts.iter().enumerate() {
            local[v] = Some(k);
        }
        let mut edges = Vec::new();
        let mut base = Vec::new();
        let mut row_start = Vec::with_capacity(verts.len() + 1);
        for i in 0..verts.len() {
            row_start.push(edges.len());
            for j in i + 1..verts.len() {
                let (a, b) = (verts[i], verts[j]);
                if compat.ok(a, b) {
                    edges.push((i, j));
                    base.extend(edge_fields(ctx, &lay, &inp.players[a], &inp.players[b]));
                }
            }
        }
        row_start.push(edges.len());
        let excluded = vec![Cell::new(false); edges.len()];
        let banned = vec![false; edges.len()];
        let mut inc = vec![Vec::new(); verts.len()];
        for (e, &(i, j)) in edges.iter().enumerate() {
            inc[i].push(e);
            inc[j].push(e);
        }
        Graph {
            players: inp.players.len(),
            verts,
            slot: local.clone(),
            local,
            edges,
            base,
            nf,
            row_start,
            excluded,
            banned,
            inc,
            session: None,
            stale: Vec::new(),
            low_now: None,
        }
    }

    /// Take out every edge of player `a` to a player `b` for which
    /// `drop(b)` holds.
    fn ban_edges_of(&mut self, a: usize, drop: impl Fn(usize) -> bool) {
        let Some(i) = self.slot.get(a).copied().flatten() else {
            return;
        };
        for &e in &self.inc[i] {
            let (x, y) = self.edges[e];
            let other = if x == i { y } else { x };
            if drop(self.verts[other]) {
                self.banned[e] = true;
                if let Some(s) = self.session.as_mut() {
                    s.remove(e, i);
                }
            }
        }
    }

    /// The edge between players `a` and `b`, if they are compatible.
    fn edge(&self, a: usize, b: usize) -> Option<usize> {
        let (i, j) = (self.slot.get(a).copied()??, self.slot.get(b).copied()??);
        let (i, j) = (i.min(j), i.max(j));
        let row = self.edges.get(self.row_start[i]..self.row_start[i + 1])?;
        row.binary_search_by_key(&j, |e| e.1)
            .ok()
            .map(|k| self.row_start[i] + k)
    }

    /// True when every two of `players` may meet and all their pairs have
    /// the same ladder fields.
    fn uniform(&self, players: &[usize]) -> bool {
        let mut first: Option<usize> = None;
        for (x, &a) in players.iter().enumerate() {
            for &b in &players[x + 1..] {
                let Some(e) = self.edge(a, b) else {
                    return false;
                };
                let row = &self.base[e * self.nf..(e + 1) * self.nf];
                match first {
                    None => first = Some(e),
                    Some(f) if &self.base[f * self.nf..(f + 1) * self.nf] == row => {}
                    Some(_) => return false,
                }
            }
        }
        true
    }

    /// May `a`-`b` still be part of an optimum of the leading fields?
    ///
    /// After a persistent solve the edge's reduced cost in that solve's dual
    /// is checked here, on demand, rather than for every edge after every
    /// solve: the engine asks about a few edges per solve. The answer holds
    /// for the graph as it is now: fixing a pair of the optimum or banning
    /// edges that the optimum does not use only narrows the set of optima,
    /// and the session's duals stay those of the last solve until the next
    /// one.
    fn maybe(&self, a: usize, b: usize) -> bool {
        let Some(e) = self.edge(a, b) else {
            return false;
        };
        if self.excluded[e].get() || self.banned[e] {
            return false;
        }
        if let (Some(s), Some(low)) = (self.session.as_ref(), self.low_now) {
            if s.live(e) && !s.maybe(e, low) {
                self.excluded[e].set(true);
                return false;
            }
        }
        true
    }

    fn contains(&self, p: usize) -> bool {
        self.local.get(p).is_some_and(Option::is_some)
    }

    /// Take players `a` and `b` out of the graph (their pair is fixed).
    fn remove(&mut self, a: usize, b: usize) {
        for p in [a, b] {
            if let Some(x) = self.local.get_mut(p) {
                if let (Some(i), Some(s)) = (*x, self.session.as_mut()) {
                    for &e in &self.inc[i] {
                        s.remove(e, i);
                    }
                }
                *x = None;
            }
        }
    }

    /// After a persistent solve: take out of the graph (and mark excluded)
    /// every edge in no optimum of all fields but the last `low`, as
    /// [`Graph::maybe`] would find them. Sound while all later solves'
    /// optima are optima of those leading fields on the graph as it then is
    /// (see [`Graph::maybe`]); the probes then scan fewer edges.
    fn prune(&mut self) {
        if let (Some(s), Some(low)) = (self.session.as_mut(), self.low_now) {
            for e in s.prune(low) {
                self.excluded[e].set(true);
            }
        }
    }

    /// The extra fields of player `a`'s edges changed (announced for the
    /// next [`Graph::solve_fixed`]).
    fn stale(&mut self, a: usize) {
        if let Some(i) = self.local.get(a).copied().flatten() {
            self.stale.push(i);
        }
    }

    /// The remainder's solves: the ladder plus `bounds.len()` extra fields
    /// from `fill`, on one persistent [`solve::Session`] whose field layout
    /// and widths stay fixed (`bounds[f]` bounds |field `f`| for every edge
    /// and every call). `changed`: the players whose edges' extra fields may
    /// differ from the previous call, besides those announced with
    /// [`Graph::stale`]; `None` when any edge may have changed (the solve is
    /// then cold). The players of `changed` are refreshed again at the next
    /// call, so a probe's temporary fields need no announcing. Edges proven
    /// in no optimum of all fields but the last `low` are marked excluded.
    ///
    /// The optimum's value is that of [`Graph::solve`] with the same fields;
    /// among several optima a warm solve may return another one than a cold
    /// solve, so callers read only what the fields decide.
    fn solve_fixed(
        &mut self,
        fill: &dyn Fn(usize, usize, &mut [i64]),
        changed: Option<&[usize]>,
        low: usize,
        bounds: &[i64],
    ) -> Result<Vec<Option<usize>>, EngineError> {
        let nx = bounds.len();
        let mut changed = changed;
        if self.session.is_none() {
            changed = None;
            let present: Vec<bool> = self
                .edges
                .iter()
                .enumerate()
                .map(|(e, &(i, j))| {
                    !self.banned[e]
                        && !self.excluded[e].get()
                        && self.local[self.verts[i]].is_some()
                        && self.local[self.verts[j]].is_some()
                })
                .collect();
            self.session = Some(solve::Session::new(
                self.verts.len(),
                &self.edges,
                &self.base,
                self.nf,
                &present,
                bounds,
            )?);
        }
        let Some(s) = self.session.as_mut() else {
            return Err(EngineError::TooLarge(self.verts.len()));
        };
        let mut buf = vec![0i64; nx];
        let mut ok = true;
        let mut refresh = |s: &mut solve::Session, e: usize, owner: usize, buf: &mut [i64]| {
            let (i, j) = self.edges[e];
            buf.fill(0);
            fill(self.verts[i], self.verts[j], buf);
            ok &= s.set_extra(e, owner, buf);
        };
        match changed {
            None => {
                for e in 0..self.edges.len() {
                    if s.live(e) {
                        refresh(s, e, self.edges[e].0, &mut buf);
                    }
                }
                s.restart();
                self.stale.clear();
            }
            Some(players) => {
                let now: Vec<usize> = players
                    .iter()
                    .filter_map(|&p| self.local.get(p).copied().flatten())
                    .collect();
                for &i in self.stale.iter().chain(&now) {
                    for &e in &self.inc[i] {
                        if s.live(e) {
                            refresh(s, e, i, &mut buf);
                        }
                    }
                }
                self.stale = now;
            }
        }
        // Every edge must now carry `fill`'s fields.
        #[cfg(debug_assertions)]
        for e in 0..self.edges.len() {
            if s.live(e) {
                let (i, j) = self.edges[e];
                buf.fill(0);
                fill(self.verts[i], self.verts[j], &mut buf);
                debug_assert_eq!(s.extra(e), &buf[..], "stale extra fields on edge {e}");
            }
        }
        if !ok {
            // A field beyond its declared bound: no fixed layout fits, solve
            // this one cold with widths of its own.
            self.session = None;
            self.low_now = None;
            return self.solve(&Extra { count: nx, fill }, Some(low));
        }
        let local = s.solve();
        self.low_now = Some(low);
        let mut mate = vec![None; self.players];
        for (k, x) in local.iter().enumerate() {
            if let Some(y) = x {
                mate[self.verts[k]] = Some(self.verts[*y]);
            }
        }
        Ok(mate)
    }

    /// Solve the ladder plus `extra`; the mate of each player index. With
    /// `low = Some(k)`, edges proven to lie in no optimum of all fields but
    /// the last `k` are marked excluded.
    fn solve(
        &mut self,
        extra: &Extra,
        low: Option<usize>,
    ) -> Result<Vec<Option<usize>>, EngineError> {
        // The session's duals no longer describe the latest optimum.
        self.low_now = None;
        let nf = self.nf + extra.count;
        // Renumber the vertices still in the graph.
        let mut renum = vec![usize::MAX; self.verts.len()];
        let mut back = Vec::new();
        for (k, &p) in self.verts.iter().enumerate() {
            if self.local[p].is_some() {
                renum[k] = back.len();
                back.push(p);
            }
        }
        let mut ends = Vec::with_capacity(self.edges.len());
        let mut ids = Vec::with_capacity(self.edges.len());
        let mut fields = Vec::with_capacity(self.edges.len() * nf);
        for (e, &(i, j)) in self.edges.iter().enumerate() {
            if renum[i] == usize::MAX || renum[j] == usize::MAX || self.banned[e] {
                continue;
            }
            ends.push((renum[i], renum[j]));
            ids.push(e);
            fields.extend_from_slice(&self.base[e * self.nf..(e + 1) * self.nf]);
            let at = fields.len();
            fields.resize(at + extra.count, 0);
            (extra.fill)(self.verts[i], self.verts[j], &mut fields[at..]);
        }
        let sol = solve::solve_flat(back.len(), &ends, &fields, nf, low)?;
        for (k, &e) in ids.iter().enumerate() {
            if sol.maybe.get(k) == Some(&false) {
                self.excluded[e].set(true);
            }
        }
        let mut mate = vec![None; self.players];
        for (k, x) in sol.mate.iter().enumerate() {
            if let Some(y) = x {
                mate[back[k]] = Some(back[*y]);
            }
        }
        Ok(mate)
    }
}

/// Pair the whole round.
pub fn pair(inp: &Input) -> Result<Raw, EngineError> {
    let compat = Compat::new(inp);
    let mut walk = Walk::new(inp, &compat);
    if !completable(inp, &compat, walk.all(), None) {
        return Err(EngineError::NoLegalPairing(
            "no pairing of all present players avoids rematches, forbidden pairs and \
             absolute colour conflicts while giving at most one bye to an eligible player"
                .to_string(),
        ));
    }
    let bye_cap = walk.bye_cap;
    let mut pairs = Vec::new();
    let mut ppb = None;
    let b = Bracketer {
        inp,
        compat: &compat,
    };
    while let Some(br) = walk.next_bracket() {
        let m = br.members(&br.next);
        let all = &br.remaining;
        let res = match inp.edition {
            _ if br.is_last => b.pair(m, all.clone(), true, true)?,
            Edition::Dutch2025 => {
                // Without [C4]/[C2]/[C5] first; kept when the rest completes.
                let first = b.pair(m, br.local(), false, br.c9)?;
                let done: HashSet<usize> = first
                    .pairs
                    .iter()
                    .chain(first.ahead.iter())
                    .flat_map(|&(x, y)| [x, y])
                    .collect();
                let rest: Vec<usize> = all.iter().copied().filter(|i| !done.contains(i)).collect();
                if completable(inp, &compat, &rest, bye_cap) {
                    first
                } else {
                    b.pair(m, all.clone(), true, br.c9)?
                }
            }
            Edition::Dutch2017 => {
                let first = b.pair(m, br.local(), false, false)?;
                let mut rest: Vec<usize> = first.floaters.clone();
                rest.extend(all.iter().copied().filter(|i| !br.players.contains(i)));
                if completable(inp, &compat, &rest, None) {
                    first
                } else {
                    // 2017 A.9: this is the PPB; C.4 applies and the
                    // remaining scoregroups collapse into the CLB.
                    walk.collapse();
                    ppb = Some(br.index);
                    b.pair(br.members(&[]), all.clone(), true, false)?
                }
            }
        };
        pairs.extend_from_slice(&res.pairs);
        if br.is_last {
            return match res.floaters.as_slice() {
                [] => Ok(Raw {
                    pairs,
                    bye: None,
                    ppb,
                }),
                [one] => Ok(Raw {
                    pairs,
                    bye: Some(*one),
                    ppb,
                }),
                _ => Err(EngineError::NoLegalPairing(format!(
                    "{} players are left without an opponent in the last bracket",
                    res.floaters.len()
                ))),
            };
        }
        walk.advance(&res.pairs, res.floaters);
    }
    Ok(Raw {
        pairs,
        bye: None,
        ppb,
    })
}

struct Bracketer<'a> {
    inp: &'a Input<'a>,
    compat: &'a Compat,
}

/// The remainder's fields below the ladder: exchanged players, the sum of
/// the lower BSNs, players who must stay paired, the probe field (zero but
/// in probe solves, on the probed player's edges), the guide. One layout for
/// all of the remainder's solves, so that a probe changes only the probed
/// player's edges (see [`Graph::solve_fixed`]).
const REM: usize = 5;
/// The probe field's index among the remainder's fields.
const PROBE: usize = 3;

/// The extra fields of the remainder's solves for an edge: `(a, b, must, out)`.
type ExchFill<'f> = &'f dyn Fn(usize, usize, &[bool], &mut [i64]);

/// The other end of the edge `a`-`b` when `u` is one of its ends.
fn other_end(u: usize, a: usize, b: usize) -> Option<usize> {
    if a == u {
        Some(b)
    } else if b == u {
        Some(a)
    } else {
        None
    }
}

/// Position of each player in a list (`None` when absent), for lookups
/// inside the per-edge fills.
fn positions(n: usize, list: &[usize]) -> Vec<Option<usize>> {
    let mut at = vec![None; n];
    for (k, &x) in list.iter().enumerate() {
        if let Some(slot) = at.get_mut(x) {
            *slot = Some(k);
        }
    }
    at
}

impl Bracketer<'_> {
    /// 2017 D.2 c-d / 2025 Art. 4.3 c-d: among the exchanges with the fewest
    /// exchanged players and the smallest difference of BSN sums (already
    /// optimal in `cur`), the first moves the highest BSNs from S1 to S2
    /// (compared from the highest down), then the lowest BSNs from S2 to S1.
    ///
    /// A pairing of the remainder determines its exchange: with the fewest
    /// exchanges, a pair of two S1 players moves its higher BSN to S2 (as does
    /// an S1 player left unpaired), a pair of two S2 players moves its lower
    /// BSN to S1, and an S1-S2 pair moves nobody. Each S1 player from the
    /// highest BSN down, then each S2 player from the lowest up, is moved when
    /// an optimum allows it (a probe solve rewarding it), and the decision is
    /// kept by taking out the edges that would undo it. Returns the new S1
    /// and S2, each in BSN order.
    #[allow(clippy::too_many_arguments)]
    fn exchange(
        &self,
        graph: &mut Graph,
        rem: &[usize],
        p_r: usize,
        cur: &mut Vec<Option<usize>>,
        must: &mut [bool],
        exch: ExchFill,
        bounds: &[i64],
    ) -> Result<(Vec<usize>, Vec<usize>), EngineError> {
        let rpos = positions(must.len(), rem);
        let in_rem = |x: usize| rpos.get(x).copied().flatten();
        let mate_pos = |m: &[Option<usize>], x: usize| m[rem[x]].and_then(in_rem);
        let k = (p_r..rem.len())
            .filter(|&x| mate_pos(cur, x).is_some_and(|y| y > x))
            .count();
        if k == 0 {
            return Ok((rem[..p_r].to_vec(), rem[p_r..].to_vec()));
        }
        let can_float = rem.len() > 2 * p_r;
        // S1 position x moves to S2: paired with a lower S1 player, or unpaired.
        let moved_out = |m: &[Option<usize>], x: usize| mate_pos(m, x).map_or(true, |y| y < x);
        // S2 position y moves to S1: paired with a higher S2 player.
        let moved_in = |m: &[Option<usize>], y: usize| mate_pos(m, y).is_some_and(|z| z > y);
        let mut out_set = Vec::new();
        for x in (0..p_r).rev() {
            if out_set.len() == k {
                break;
            }
            let u = rem[x];
            let possible = can_float || (0..x).any(|y| graph.maybe(u, rem[y]));
            if !possible {
                continue;
            }
            if !moved_out(cur, x) {
                // Reward the pairings that move u: penalise u's edges to
                // S2 and to higher S1 players.
                let probe = |a: usize, b: usize, out: &mut [i64]| {
                    exch(a, b, must, out);
                    if other_end(u, a, b).and_then(in_rem).is_some_and(|y| y > x) {
                        out[PROBE] = -1;
                    }
                };
                *cur = graph.solve_fixed(&probe, Some(&[u]), 2, bounds)?;
                if !moved_out(cur, x) {
                    continue;
                }
            }
            out_set.push(x);
            graph.ban_edges_of(u, |v| in_rem(v).is_some_and(|y| y > x));
        }
        let mut in_set = Vec::new();
        for y in p_r..rem.len() {
            if in_set.len() == k {
                break;
            }
            let u = rem[y];
            if !(y + 1..rem.len()).any(|z| graph.maybe(u, rem[z])) {
                continue;
            }
            if !moved_in(cur, y) {
                let probe = |a: usize, b: usize, out: &mut [i64]| {
                    exch(a, b, must, out);
                    if other_end(u, a, b).and_then(in_rem).is_some_and(|z| z > y) {
                        out[PROBE] = 1;
                    }
                };
                *cur = graph.solve_fixed(&probe, Some(&[u]), 2, bounds)?;
                if !moved_in(cur, y) {
                    continue;
                }
            }
            in_set.push(y);
            must[u] = true;
            graph.stale(u);
            graph.ban_edges_of(u, |v| !in_rem(v).is_some_and(|z| z > y));
        }
        let s1: Vec<usize> = (0..rem.len())
            .filter(|x| (*x < p_r && !out_set.contains(x)) || in_set.contains(x))
            .map(|x| rem[x])
            .collect();
        let s2: Vec<usize> = rem.iter().copied().filter(|v| !s1.contains(v)).collect();
        Ok((s1, s2))
    }

    /// Pair one bracket over the graph on `verts`. `completion`: the
    /// completion and PAB fields are measured over `verts` (all remaining
    /// players); `is_last`: the last bracket of the round.
    fn pair(
        &self,
        m: Members,
        verts: Vec<usize>,
        completion: bool,
        c9: bool,
    ) -> Result<BracketResult, EngineError> {
        let inp = self.inp;
        let ps = inp.players;
        let ctx = BracketCtx::new(
            ps,
            inp.edition,
            inp.initial,
            inp.one_point,
            m,
            completion,
            c9,
        );
        let role = &ctx.role;
        let in_b = |i: usize| matches!(role.get(i), Some(Role::Resident | Role::Mdp));
        let mut graph = Graph::new(inp, self.compat, verts, &ctx);
        let bracket = m.bracket;
        let mut fixed: Vec<(usize, usize)> = Vec::new();

        // 2017 D.3 / 2025 4.4: which MDPs are paired (highest score, then
        // lowest number: one field per MDP in that order), and 2017 D.1 /
        // 2025 4.2: each paired MDP in order takes the first opponent in
        // the bracket that still allows an optimum (one field per MDP,
        // rewarding an early opponent). Lexicographic fields give what one
        // matching per decision would.
        let mut mdp_order: Vec<usize> = m.mdps.to_vec();
        by_rank(ps, &mut mdp_order);
        let k = mdp_order.len();
        let blen = bracket.len() as i64;
        let bpos = positions(ps.len(), bracket);
        let mdp_fill = |a: usize, b: usize, out: &mut [i64]| {
            for (j, &x) in mdp_order.iter().enumerate() {
                let other = if a == x {
                    b
                } else if b == x {
                    a
                } else {
                    continue;
                };
                if let Some(r) = bpos.get(other).copied().flatten() {
                    out[j] = 1;
                    out[k + j] = blen - r as i64;
                }
            }
        };
        let mut cur = if k > 0 {
            graph.solve(
                &Extra {
                    count: 2 * k,
                    fill: &mdp_fill,
                },
                Some(2 * k),
            )?
        } else {
            vec![None; ps.len()]
        };
        for &x in &mdp_order {
            if !graph.contains(x) {
                continue;
            }
            if let Some(o) = cur[x].filter(|o| in_b(*o)) {
                fixed.push((x, o));
                graph.remove(x, o);
            }
        }

        // The remainder: residents not paired with MDPs.
        let rem: Vec<usize> = bracket
            .iter()
            .copied()
            .filter(|i| graph.contains(*i) && !m.mdps.contains(i))
            .collect();
        let rpos = positions(ps.len(), &rem);
        let in_rem = |x: usize| rpos.get(x).copied().flatten();
        let rem_pairs = |cur: &[Option<usize>]| {
            rem.iter()
                .filter(|&&i| cur[i].is_some_and(|j| in_rem(j).is_some()))
                .count()
                / 2
        };
        // A homogeneous bracket in which every two players may meet and every
        // pair scores the same on the whole ladder (round 1, typically): all
        // complete candidates tie, and the first in generation order is
        // S1[i]-S2[i] (2017 D.1 / 2025 4.2). With an odd number of players
        // this needs the bracket to be the whole graph (no look-ahead), as
        // which player floats could matter there; with completion over
        // lower players too, as completing the round may need floaters.
        let uniform = k == 0
            && (graph.verts.len() == bracket.len() || (bracket.len() % 2 == 0 && !completion))
            && graph.uniform(bracket);
        if uniform {
            let p = rem.len() / 2;
            for i in 0..p {
                fixed.push((rem[i], rem[p + i]));
            }
        } else if rem.len() >= 2 {
            // Pairs inside the remainder: from the MDP solve, or, without
            // MDPs, guessed and confirmed by the solve below (the ladder
            // decides it, whatever the exchange fields say).
            let mut p_r = if k > 0 {
                rem_pairs(&cur)
            } else {
                rem.len() / 2
            };
            let len = rem.len() as i64;
            // Bounds of the remainder's fields (see [`REM`]).
            let bounds: [i64; REM] = [1, len, 2, len.max(1), len * len];
            // Players who must stay paired in the remainder (exchanges
            // decided below).
            let mut must = vec![false; ps.len()];
            // 2017 D.2 / 2025 4.3 a: fewest exchanged players (pairs inside
            // S2); 4.3 b: smallest difference of exchanged BSN sums, which is
            // the sum over pairs of the lower BSN; then the players whose
            // exchange is decided stay paired. Lowest, to steer ties only
            // towards the first candidate in generation order: early players
            // with early opponents (a rearrangement-inequality proxy).
            let exch_fields = |a: usize, b: usize, p_r: usize, must: &[bool], out: &mut [i64]| {
                if let (Some(x), Some(y)) = (in_rem(a), in_rem(b)) {
                    if x >= p_r && y >= p_r {
                        out[0] = -1;
                    }
                    out[1] = -(x.min(y) as i64);
                    out[4] = (len - x as i64) * (len - y as i64);
                }
                out[2] = i64::from(must[a]) + i64::from(must[b]);
            };
            // Below the exchange fields only the guide (the probe field is
            // zero). The first solve is cold; a new `p_r` changes the first
            // field only of the edges whose lower-ranked end lies between
            // the old and the new `p_r`, so the next solve repairs around
            // those players.
            let mut prev: Option<usize> = None;
            loop {
                let exch = |a: usize, b: usize, out: &mut [i64]| exch_fields(a, b, p_r, &must, out);
                let moved: Vec<usize> = match prev {
                    Some(old) => rem[old.min(p_r)..old.max(p_r).min(rem.len())].to_vec(),
                    None => Vec::new(),
                };
                let changed = prev.map(|_| moved.as_slice());
                cur = graph.solve_fixed(&exch, changed, 1, &bounds)?;
                let found = rem_pairs(&cur);
                if found == p_r {
                    break;
                }
                prev = Some(p_r);
                p_r = found;
            }
            // From here on every solve is an optimum of these leading fields
            // (the exchanges' must fields and bans, the fixed pairs only
            // narrow them; the probes lie below).
            graph.prune();
            // 2017 D.2 c-d / 2025 4.3 c-d: of the exchanges equal on a and
            // b, the one moving the highest BSNs from S1 to S2, then the
            // lowest BSNs from S2 to S1; decided player by player.
            let (s1, s2) = self.exchange(
                &mut graph,
                &rem,
                p_r,
                &mut cur,
                &mut must,
                &|a, b, must, out| exch_fields(a, b, p_r, must, out),
                &bounds,
            )?;
            // Then, player by player of S1 in BSN order, the first available
            // opponent of S2 (2017 D.1 / 2025 4.2 transpositions).
            for &u in &s1 {
                if !graph.contains(u) {
                    continue;
                }
                // The best opponent a probe could find: the first compatible
                // player of S2 still in the graph.
                let first = s2.iter().find(|&&v| graph.contains(v) && graph.maybe(u, v));
                let mate = match (first, cur[u]) {
                    (Some(&v), Some(o)) if o == v => Some(o),
                    // No compatible player of S2 is left.
                    (None, _) => None,
                    _ => {
                        let probe = |a: usize, b: usize, out: &mut [i64]| {
                            exch_fields(a, b, p_r, &must, out);
                            if let Some(other) = other_end(u, a, b) {
                                out[PROBE] = in_rem(other).map_or(0, |r| len - r as i64);
                            }
                        };
                        cur = graph.solve_fixed(&probe, Some(&[u]), 2, &bounds)?;
                        cur[u]
                    }
                };
                if let Some(o) = mate.filter(|o| s2.contains(o)) {
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
        let ahead: Vec<(usize, usize)> = (0..cur.len())
            .filter(|&a| graph.contains(a))
            .filter_map(|a| {
                cur[a]
                    .filter(|&b| a < b && graph.contains(b))
                    .map(|b| (a, b))
            })
            .filter(|&(a, b)| !(in_b(a) && in_b(b)))
            .collect();
        Ok(BracketResult {
            pairs: fixed,
            floaters,
            ahead,
        })
    }
}
