//! The matching graph of one bracket and its solves: the ladder's fields of
//! every compatible pair computed once, one-shot solves with extra fields,
//! and the persistent warm [`solve::Session`] of the remainder's solves.

use crate::pairing::dutch::complete::Compat;
use crate::pairing::dutch::criteria::{BracketCtx, Layout};
use crate::pairing::dutch::input::Input;
use crate::pairing::dutch::solve;

mod types;

/// Extra fields of a solve, below the ladder: `fill(a, b, out)` writes them
/// for the edge between players `a` and `b`.
pub(super) struct Extra<'f> {
    pub count: usize,
    pub fill: &'f dyn Fn(usize, usize, &mut [i64]),
}

/// The matching graph of one bracket: its players (and the next
/// scoregroup's, or all remaining), with the ladder's fields of every
/// compatible pair computed once.
pub(super) struct Graph {
    players: usize,
    /// Player index of each local vertex.
    pub verts: Vec<usize>,
    /// Local vertex of each player index, if in the graph and not yet fixed.
    local: Vec<Option<usize>>,
    /// Compatible pairs (local vertices, `a < b`, sorted), each with the
    /// number of its row of `rows`, and each vertex's edges; shared with the
    /// sessions solved over this graph.
    edges: solve::Edges,
    /// The distinct ladder field vectors of the edges, `nf` each: a
    /// bracket's pairs take few distinct values (scores, colours, floats),
    /// so each edge stores only the number of its row instead of a
    /// players-squared table of fields. Computed by player type, not per
    /// pair (see [`types`]).
    rows: Vec<i64>,
    nf: usize,
    /// Local vertex of each player index in the graph (kept when fixed).
    slot: Vec<Option<usize>>,
    /// First edge of each local vertex's row (edges are sorted).
    row_start: Vec<usize>,
    /// Edges proven to lie in no optimum of the ladder and the exchange
    /// fields (see [`solve::Session::maybe_all`]); for the persistent solves found
    /// on demand by [`Graph::maybe`], hence the cells.
    excluded: solve::Bits,
    /// Edges taken out of the graph by a generation-order decision.
    banned: solve::Bits,
    /// The persistent solver of the remainder's solves, once started (see
    /// [`Graph::solve_fixed`]).
    session: Option<solve::Session>,
    /// Local vertices whose edges' extra fields must be recomputed before
    /// the next persistent solve.
    stale: Vec<usize>,
    /// `low` of the last persistent solve, while its dual solution is the
    /// session's.
    low_now: Option<usize>,
    /// While `low_now` is set: what the last `low` fields of that solve's
    /// optimum exceed their floors by, less the pairs fixed since (see
    /// [`Graph::solve_fixed`]).
    budget: Budget,
    /// The scoregroup of each local vertex, numbered in order (see
    /// [`solve::Spec::groups`]).
    groups: Vec<usize>,
}

/// See [`Graph::budget`].
#[derive(Default)]
struct Budget {
    /// Per low field: its sum over the optimum's unfixed pairs, less its
    /// floor.
    excess: Vec<i64>,
    /// The optimum's mate of each local vertex.
    mate: Vec<Option<usize>>,
    /// The low fields of each pair of the optimum, at its lower vertex.
    vals: Vec<i64>,
}

impl Budget {
    /// The pair `i`-`j` is fixed: if it is one of the optimum's, its low
    /// fields leave the excess. Returns whether they did.
    fn fix(&mut self, i: usize, j: usize) -> bool {
        let low = self.excess.len();
        if low == 0 || self.mate.get(i).copied().flatten() != Some(j) {
            return false;
        }
        let at = i.min(j) * low;
        let Some(vals) = self.vals.get_mut(at..at + low) else {
            return false;
        };
        for (acc, v) in self.excess.iter_mut().zip(vals.iter_mut()) {
            *acc -= std::mem::take(v);
        }
        self.mate[i] = None;
        self.mate[j] = None;
        true
    }
}

impl Graph {
    pub(super) fn new(
        inp: &Input,
        compat: &Compat,
        verts: Vec<usize>,
        ctx: &BracketCtx,
    ) -> Result<Graph, solve::TooLarge> {
        let lay = Layout::new(ctx);
        let nf = lay.len;
        let mut local = vec![None; inp.players.len()];
        for (k, &v) in verts.iter().enumerate() {
            local[v] = Some(k);
        }
        let types::Built {
            edges,
            row_of,
            row_start,
            rows,
        } = types::build(inp, compat, &verts, ctx, &lay);
        let excluded = solve::Bits::new(edges.len());
        let banned = solve::Bits::new(edges.len());
        let edges = solve::Edges::new(verts.len(), edges, row_of)?;
        let mut groups = Vec::with_capacity(verts.len());
        for (k, &v) in verts.iter().enumerate() {
            let same = k > 0 && inp.players[verts[k - 1]].score == inp.players[v].score;
            let prev = groups.last().copied().unwrap_or(0);
            groups.push(if same || k == 0 { prev } else { prev + 1 });
        }
        Ok(Graph {
            groups,
            players: inp.players.len(),
            verts,
            slot: local.clone(),
            local,
            edges,
            rows,
            nf,
            row_start,
            excluded,
            banned,
            session: None,
            stale: Vec::new(),
            low_now: None,
            budget: Budget::default(),
        })
    }

    /// Take out every edge of player `a` to a player `b` for which
    /// `drop(b)` holds.
    pub(super) fn ban_edges_of(&mut self, a: usize, drop: impl Fn(usize) -> bool) {
        let Some(i) = self.slot.get(a).copied().flatten() else {
            return;
        };
        for &e in self.edges.of(i) {
            let e = e as usize;
            let (x, y) = self.edges.ends(e);
            let other = if x == i { y } else { x };
            if drop(self.verts[other]) {
                self.banned.set(e, true);
                if let Some(s) = self.session.as_mut() {
                    s.remove(e, i);
                }
            }
        }
    }

    /// The edge between players `a` and `b`, if they are compatible.
    #[inline]
    pub(super) fn edge(&self, a: usize, b: usize) -> Option<usize> {
        let (i, j) = (self.slot.get(a).copied()??, self.slot.get(b).copied()??);
        let (i, j) = (i.min(j), i.max(j));
        // The edges with lower end `i` are numbered consecutively, by `j`.
        let (mut lo, mut hi) = (*self.row_start.get(i)?, *self.row_start.get(i + 1)?);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.edges.ends(mid).1.cmp(&j) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(mid),
            }
        }
        None
    }

    /// True when every two of `players` may meet and all their pairs have
    /// the same ladder fields.
    pub(super) fn uniform(&self, players: &[usize]) -> bool {
        let mut first: Option<usize> = None;
        for (x, &a) in players.iter().enumerate() {
            for &b in &players[x + 1..] {
                let Some(e) = self.edge(a, b) else {
                    return false;
                };
                // Rows are interned: equal fields, equal row numbers.
                let row = self.edges.row(e);
                match first {
                    None => first = Some(row),
                    Some(f) if f == row => {}
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
    #[inline]
    pub(super) fn maybe(&self, a: usize, b: usize) -> bool {
        let Some(e) = self.edge(a, b) else {
            return false;
        };
        if self.excluded.get(e) || self.banned.get(e) {
            return false;
        }
        if let (Some(s), Some(low)) = (self.session.as_ref(), self.low_now) {
            if s.live(e) && !s.maybe(e, low) {
                self.excluded.set(e, true);
                return false;
            }
        }
        true
    }

    /// The leading fields of the pair `a`-`b` in the remainder's solves
    /// (see [`Graph::solve_fixed`]): the ladder's, then `fill`'s but its
    /// last `low`, added to `acc` with the sign `sign` (`scratch` holds
    /// `fill`'s fields, at least `nx` long). False (and `acc` unchanged)
    /// when `a`-`b` is not an edge of the graph as it is now: a player out
    /// of it, or the edge banned, excluded or taken out of the session.
    pub(super) fn add_lead(
        &self,
        (a, b): (usize, usize),
        fill: &dyn Fn(usize, usize, &mut [i64]),
        (nx, low): (usize, usize),
        sign: i64,
        acc: &mut [i64],
        scratch: &mut [i64],
    ) -> bool {
        let Some(e) = self.edge(a, b) else {
            return false;
        };
        let usable = self.contains(a)
            && self.contains(b)
            && !self.banned.get(e)
            && !self.excluded.get(e)
            && self.session.as_ref().is_none_or(|s| s.live(e));
        let lead = self.lead_len((nx, low));
        let row = self.edges.row(e) * self.nf;
        let (Some(ladder), Some(extra), true) = (
            self.rows.get(row..row + self.nf),
            scratch.get_mut(..nx),
            usable && acc.len() == lead,
        ) else {
            return false;
        };
        extra.fill(0);
        let (i, j) = self.edges.ends(e);
        fill(self.verts[i], self.verts[j], extra);
        for (x, v) in acc.iter_mut().zip(ladder.iter().chain(extra.iter())) {
            *x += sign * v;
        }
        true
    }

    /// The number of leading fields [`Graph::add_lead`] adds up for
    /// `(nx, low)`.
    pub(super) fn lead_len(&self, (nx, low): (usize, usize)) -> usize {
        self.nf + nx.saturating_sub(low)
    }

    /// The players joined to player `p` by an edge of the graph (some of
    /// them may be out of it, or the edge banned or excluded).
    pub(super) fn neighbours(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        let i = self.local(p);
        i.into_iter().flat_map(move |i| {
            self.edges.of(i).iter().map(move |&e| {
                let (a, b) = self.edges.ends(e as usize);
                self.verts[if a == i { b } else { a }]
            })
        })
    }

    /// The local vertex of player `p`, while in the graph.
    fn local(&self, p: usize) -> Option<usize> {
        self.local.get(p).copied().flatten()
    }

    #[inline]
    pub(super) fn contains(&self, p: usize) -> bool {
        self.local.get(p).is_some_and(Option::is_some)
    }

    /// Take players `a` and `b` out of the graph (their pair is fixed).
    /// When it is a pair of the last persistent solve's optimum, the optima
    /// of the rest are those of the whole that contain it, so its low
    /// fields drop out of the budget (see [`Graph::solve_fixed`]).
    pub(super) fn remove(&mut self, a: usize, b: usize) {
        if let (Some(i), Some(j), Some(low)) = (self.local(a), self.local(b), self.low_now) {
            if self.budget.fix(i, j) {
                if let Some(s) = self.session.as_mut() {
                    s.set_budget(low, &self.budget.excess);
                }
            }
        }
        for p in [a, b] {
            if let Some(x) = self.local.get_mut(p) {
                if let (Some(i), Some(s)) = (*x, self.session.as_mut()) {
                    for &e in self.edges.of(i) {
                        s.remove(e as usize, i);
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
    pub(super) fn prune(&mut self) {
        if let (Some(s), Some(low)) = (self.session.as_mut(), self.low_now) {
            s.prune(low, &self.excluded);
        }
    }

    /// The extra fields of player `a`'s edges changed (announced for the
    /// next [`Graph::solve_fixed`]).
    pub(super) fn stale(&mut self, a: usize) {
        if let Some(i) = self.local(a) {
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
    /// `floors[f]` is the least sum field `f` can have over a matching (only
    /// those of the last `low` fields are read): with each field's sum over
    /// the optimum, it bounds the reduced cost of edges that may still lie
    /// in an optimum of the leading fields (see [`solve::Session::set_budget`]).
    ///
    /// The optimum's value is that of [`Graph::solve`] with the same fields;
    /// among several optima a warm solve may return another one than a cold
    /// solve, so callers read only what the fields decide.
    pub(super) fn solve_fixed(
        &mut self,
        fill: &dyn Fn(usize, usize, &mut [i64]),
        changed: Option<&[usize]>,
        low: usize,
        bounds: &[i64],
        floors: &[i64],
    ) -> Result<Vec<Option<usize>>, solve::TooLarge> {
        let nx = bounds.len();
        let mut changed = changed;
        if self.session.is_none() {
            changed = None;
            let present: Vec<bool> = (0..self.edges.len())
                .map(|e| {
                    let (i, j) = self.edges.ends(e);
                    !self.banned.get(e)
                        && !self.excluded.get(e)
                        && self.local[self.verts[i]].is_some()
                        && self.local[self.verts[j]].is_some()
                })
                .collect();
            self.session = Some(solve::Session::new(&solve::Spec {
                edges: &self.edges,
                base: &self.rows,
                nf: self.nf,
                present: Some(&present),
                extra_max: bounds,
                groups: &self.groups,
            })?);
        }
        let Some(s) = self.session.as_mut() else {
            return Err(solve::TooLarge(self.verts.len()));
        };
        let mut buf = vec![0i64; nx];
        let mut ok = true;
        let mut refresh = |s: &mut solve::Session, e: usize, owner: usize, buf: &mut [i64]| {
            let (i, j) = self.edges.ends(e);
            buf.fill(0);
            fill(self.verts[i], self.verts[j], buf);
            ok &= s.set_extra(e, owner, buf);
        };
        match changed {
            None => {
                for e in 0..self.edges.len() {
                    if s.live(e) {
                        refresh(s, e, self.edges.ends(e).0, &mut buf);
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
                    for &e in self.edges.of(i) {
                        let e = e as usize;
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
                let (i, j) = self.edges.ends(e);
                buf.fill(0);
                fill(self.verts[i], self.verts[j], &mut buf);
                debug_assert!(s.carries(e, &buf), "stale extra fields on edge {e}");
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
        // What the last `low` fields sum to over this optimum, less the
        // least they can sum to over any matching (`floors`).
        let first = nx.saturating_sub(low);
        let b = &mut self.budget;
        b.excess.clear();
        b.excess
            .extend(floors.get(first..).unwrap_or(&[]).iter().map(|f| -f));
        b.mate.clone_from(&local);
        b.vals.clear();
        b.vals.resize(local.len() * low, 0);
        if b.excess.len() == low {
            for (i, x) in local.iter().enumerate() {
                if let Some(j) = x.filter(|&j| j > i) {
                    buf.fill(0);
                    fill(self.verts[i], self.verts[j], &mut buf);
                    b.vals[i * low..(i + 1) * low].copy_from_slice(&buf[first..]);
                    for (acc, v) in b.excess.iter_mut().zip(&buf[first..]) {
                        *acc += v;
                    }
                }
            }
            s.set_budget(low, &b.excess);
        } else {
            // No floors for these fields: the static bound only.
            b.excess.clear();
        }
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
    ///
    /// A session of its own over the graph's shared edge list: the edges of
    /// players still in the graph and not banned, the extra fields set on
    /// the few edges where they are not zero (they concern a few players'
    /// edges), with widths from their largest values.
    pub(super) fn solve(
        &mut self,
        extra: &Extra,
        low: Option<usize>,
    ) -> Result<Vec<Option<usize>>, solve::TooLarge> {
        // The session's duals no longer describe the latest optimum.
        self.low_now = None;
        let present: Vec<bool> = (0..self.edges.len())
            .map(|e| {
                let (i, j) = self.edges.ends(e);
                !self.banned.get(e)
                    && self.local[self.verts[i]].is_some()
                    && self.local[self.verts[j]].is_some()
            })
            .collect();
        let mut max = vec![0i64; extra.count];
        let mut nonzero: Vec<(u32, Vec<i64>)> = Vec::new();
        let mut buf = vec![0i64; extra.count];
        for e in (0..self.edges.len()).filter(|&e| present[e]) {
            let (i, j) = self.edges.ends(e);
            buf.fill(0);
            (extra.fill)(self.verts[i], self.verts[j], &mut buf);
            if buf.iter().any(|&x| x != 0) {
                for (m, x) in max.iter_mut().zip(&buf) {
                    *m = (*m).max(x.saturating_abs());
                }
                nonzero.push((e as u32, buf.clone()));
            }
        }
        let mut s = solve::Session::new(&solve::Spec {
            edges: &self.edges,
            base: &self.rows,
            nf: self.nf,
            present: Some(&present),
            extra_max: &max,
            groups: &self.groups,
        })?;
        for (e, vals) in &nonzero {
            let e = *e as usize;
            s.set_extra(e, self.edges.ends(e).0, vals);
        }
        let mate = s.solve();
        if let Some(k) = low {
            let maybe = s.maybe_all(k);
            for (e, ok) in maybe.iter().enumerate() {
                if present[e] && !ok {
                    self.excluded.set(e, true);
                }
            }
        }
        let mut out = vec![None; self.players];
        for (k, x) in mate.iter().enumerate() {
            if let Some(y) = x {
                out[self.verts[k]] = Some(self.verts[*y]);
            }
        }
        Ok(out)
    }
}
