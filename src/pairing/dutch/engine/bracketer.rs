//! One bracket paired: the MDPs and their opponents (2017 D.3, D.1 / 2025
//! Art. 4.4, 4.2), then the remainder's exchange (2017 D.2 / 2025 Art. 4.3)
//! and transpositions (2017 D.1 / 2025 Art. 4.2), on one [`Graph`].

use super::graph::{Extra, Graph};
use crate::pairing::dutch::complete::Compat;
use crate::pairing::dutch::criteria::{BracketCtx, Members, Role};
use crate::pairing::dutch::input::Input;
use crate::pairing::dutch::solve;
use crate::pairing::dutch::state::by_rank;
use crate::pairing::dutch::walk::unpaired;

/// The outcome of one bracket.
pub(super) struct BracketResult {
    /// Pairs made inside the bracket.
    pub pairs: Vec<(usize, usize)>,
    /// Its downfloaters, in rank order.
    pub floaters: Vec<usize>,
    /// Other pairs of the final matching (the look-ahead into the next
    /// bracket, or the completion of the round).
    pub ahead: Vec<(usize, usize)>,
}

/// Pairs the brackets of one round.
pub(super) struct Bracketer<'a> {
    pub inp: &'a Input<'a>,
    pub compat: &'a Compat,
}

/// The remainder's fields below the ladder: exchanged players, the sum of
/// the lower BSNs, players who must stay paired, the probe field (zero but
/// in probe solves, on the probed player's edges), the guide. One layout for
/// all of the remainder's solves, so that a probe changes only the probed
/// player's edges (see [`Graph::solve_fixed`]).
const REM: usize = 5;
/// The probe field's index among the remainder's fields.
const PROBE: usize = 3;
/// The remainder's fields below the leading ones: the probe field and the
/// guide.
const LOW_FIELDS: usize = REM - PROBE;
/// The least sum of each of the remainder's fields over a matching, for
/// the probe field and the guide (the only ones read: see
/// [`Graph::solve_fixed`]). The guide is never negative, nor is the probe
/// field but in the exchange's probes that move a player of S1 to S2:
/// there it is -1 on that player's edges and zero elsewhere, so a matching
/// (one edge per player) sums it to at least -1 ([`FLOORS_OUT`]).
const FLOORS: [i64; REM] = [0; REM];
/// See [`FLOORS`].
const FLOORS_OUT: [i64; REM] = [0, 0, 0, -1, 0];

/// Swaps checked against their probes by the library's tests.
#[cfg(test)]
pub(crate) static SWAPS_CHECKED: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(0);

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
    ) -> Result<(Vec<usize>, Vec<usize>), solve::TooLarge> {
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
        let moved_out = |m: &[Option<usize>], x: usize| mate_pos(m, x).is_none_or(|y| y < x);
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
                *cur = graph.solve_fixed(&probe, Some(&[u]), 2, bounds, &FLOORS_OUT)?;
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
                *cur = graph.solve_fixed(&probe, Some(&[u]), 2, bounds, &FLOORS)?;
                if !moved_in(cur, y) {
                    continue;
                }
            }
            in_set.push(y);
            must[u] = true;
            graph.stale(u);
            graph.ban_edges_of(u, |v| in_rem(v).is_none_or(|z| z <= y));
        }
        let s1: Vec<usize> = (0..rem.len())
            .filter(|x| (*x < p_r && !out_set.contains(x)) || in_set.contains(x))
            .map(|x| rem[x])
            .collect();
        let s2: Vec<usize> = rem.iter().copied().filter(|v| !s1.contains(v)).collect();
        Ok((s1, s2))
    }

    /// Gives `u` the opponent `v` without a probe when a rotation of two or
    /// three pairs of `cur` does it at no cost on the leading fields:
    /// `u`-`v` and `o`-`m` (or `o` and `m` left unpaired) instead of
    /// `u`-`o` and `v`-`m`, or `u`-`v`, `o`-`x` and `y`-`m` instead of
    /// `u`-`o`, `v`-`m` and `x`-`y`. `cur` is an optimum of the leading
    /// fields (the ladder and the exchange fields) over the graph as it is;
    /// the rotated matching then is one too, with `u`-`v`, and `cur`
    /// becomes it. No probe could give `u` an earlier opponent than `v`
    /// when no earlier one may lie in an optimum ([`Graph::maybe`]), so
    /// the probe's answer would be `v`. The fields are added up exactly;
    /// the rotation is only a guess at where such an optimum lies.
    fn swap(
        &self,
        graph: &Graph,
        cur: &mut [Option<usize>],
        (u, v): (usize, usize),
        fill: &dyn Fn(usize, usize, &mut [i64]),
    ) -> bool {
        let shape = (REM, LOW_FIELDS);
        let (o, m) = (cur[u], cur[v]);
        if o == Some(v) || m == Some(u) {
            return false;
        }
        let mut scratch = [0i64; REM];
        let mut add = |pair: (usize, usize), sign: i64, acc: &mut [i64]| {
            graph.add_lead(pair, fill, shape, sign, acc, &mut scratch)
        };
        // `u`-`v` in, the old pairs of `u` and `v` out.
        let mut base = vec![0i64; graph.lead_len(shape)];
        if !add((u, v), 1, &mut base) {
            return false;
        }
        for old in [o.map(|o| (u, o)), m.map(|m| (v, m))].into_iter().flatten() {
            if !add(old, -1, &mut base) {
                return false;
            }
        }
        let zero = |acc: &[i64]| acc.iter().all(|&x| x == 0);
        let (Some(o), Some(m)) = (o, m) else {
            if !zero(&base) {
                return false;
            }
            cur[u] = Some(v);
            cur[v] = Some(u);
            for x in [o, m].into_iter().flatten() {
                cur[x] = None;
            }
            return true;
        };
        let mut acc = base.clone();
        let pairs: Vec<(usize, usize)> = if add((o, m), 1, &mut acc) && zero(&acc) {
            vec![(o, m)]
        } else if zero(&base) {
            Vec::new()
        } else {
            let mut found = None;
            for x in graph.neighbours(o) {
                let Some(y) = cur[x] else {
                    continue;
                };
                if [u, v, m].contains(&x) || [u, v, o].contains(&y) {
                    continue;
                }
                acc.copy_from_slice(&base);
                if add((o, x), 1, &mut acc)
                    && add((x, y), -1, &mut acc)
                    && add((y, m), 1, &mut acc)
                    && zero(&acc)
                {
                    found = Some(vec![(o, x), (y, m)]);
                    break;
                }
            }
            match found {
                Some(p) => p,
                None => return false,
            }
        };
        cur[u] = Some(v);
        cur[v] = Some(u);
        cur[o] = None;
        cur[m] = None;
        for (a, b) in pairs {
            cur[a] = Some(b);
            cur[b] = Some(a);
        }
        true
    }

    /// True when every two of `players` (residents, no MDPs) may meet and
    /// all of them are alike in everything the ladder reads of a player
    /// ([`crate::pairing::dutch::criteria::edge_fields`]: scores, colour
    /// history and preference, floats, PAB eligibility, unplayed rounds,
    /// topscorer), so that every pair among them has the same fields: the
    /// condition of [`Graph::uniform`] without building the graph. The
    /// colour criteria of two alike players do not depend on which of them
    /// gets White (each colour goes to one player of the same history).
    fn alike(&self, players: &[usize]) -> bool {
        let ps = self.inp.players;
        let key = |i: usize| {
            ps.get(i).map(|p| {
                (
                    p.score,
                    p.pscore,
                    &p.colors,
                    p.preference,
                    p.float1,
                    p.float2,
                    p.bye_eligible,
                    p.unplayed,
                    p.topscorer,
                )
            })
        };
        let Some(&first) = players.first() else {
            return true;
        };
        let k0 = key(first);
        if k0.is_none() || players.iter().any(|&i| key(i) != k0) {
            return false;
        }
        players
            .iter()
            .enumerate()
            .all(|(x, &a)| players[x + 1..].iter().all(|&b| self.compat.ok(a, b)))
    }

    /// Pair one bracket over the graph on `verts`. `completion`: the
    /// completion and PAB fields are measured over `verts` (all remaining
    /// players); `c9`: 2025 \[C9\] ranks the candidates (see
    /// [`crate::pairing::dutch::walk::c9_applies`]).
    pub(crate) fn pair(
        &self,
        m: Members,
        verts: Vec<usize>,
        completion: bool,
        c9: bool,
    ) -> Result<BracketResult, solve::TooLarge> {
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
        let bracket = m.bracket;
        // The uniform bracket below (round 1, typically), recognised before
        // the graph is built: its edges are players squared in number.
        if m.mdps.is_empty()
            && (verts.len() == bracket.len() || (bracket.len().is_multiple_of(2) && !completion))
            && self.alike(bracket)
        {
            let p = bracket.len() / 2;
            let pairs: Vec<(usize, usize)> = (0..p).map(|i| (bracket[i], bracket[p + i])).collect();
            return Ok(BracketResult {
                floaters: unpaired(bracket, &pairs),
                pairs,
                ahead: Vec::new(),
            });
        }
        let mut graph = Graph::new(inp, self.compat, verts, &ctx)?;
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
            && (graph.verts.len() == bracket.len()
                || (bracket.len().is_multiple_of(2) && !completion))
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
                cur = graph.solve_fixed(&exch, changed, 1, &bounds, &FLOORS)?;
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
            let exch_now = |a: usize, b: usize, out: &mut [i64]| exch_fields(a, b, p_r, &must, out);
            for &u in &s1 {
                if !graph.contains(u) {
                    continue;
                }
                // The best opponent a probe could find: the first compatible
                // player of S2 still in the graph.
                let first = s2.iter().find(|&&v| graph.contains(v) && graph.maybe(u, v));
                let probe = |a: usize, b: usize, out: &mut [i64]| {
                    exch_fields(a, b, p_r, &must, out);
                    if let Some(other) = other_end(u, a, b) {
                        out[PROBE] = in_rem(other).map_or(0, |r| len - r as i64);
                    }
                };
                let mate = match (first, cur[u]) {
                    (Some(&v), Some(o)) if o == v => Some(o),
                    // No compatible player of S2 is left.
                    (None, _) => None,
                    (Some(&v), _) if self.swap(&graph, &mut cur, (u, v), &exch_now) => {
                        // The library's tests check the swap against the
                        // probe it saves (never compiled into a build that
                        // reads input).
                        #[cfg(test)]
                        {
                            let probed =
                                graph.solve_fixed(&probe, Some(&[u]), 2, &bounds, &FLOORS)?;
                            assert_eq!(probed[u], Some(v), "swap and probe disagree for {u}");
                            SWAPS_CHECKED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        }
                        Some(v)
                    }
                    _ => {
                        cur = graph.solve_fixed(&probe, Some(&[u]), 2, &bounds, &FLOORS)?;
                        cur[u]
                    }
                };
                if let Some(o) = mate.filter(|o| s2.contains(o)) {
                    fixed.push((u, o));
                    graph.remove(u, o);
                }
            }
        }
        let floaters = unpaired(bracket, &fixed);
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
