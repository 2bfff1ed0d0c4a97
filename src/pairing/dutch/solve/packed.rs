//! The packed back end of a [`super::Session`]: each edge's criterion
//! vector packed into one wide integer, one warm [`Matcher`], and column
//! generation for dense graphs.

use super::{Bits, Edges, Packed, Spec};
use crate::pairing::matching::{Matcher, PricerBuffers, Wide};

/// No slot of extra fields (see `PackedSession::slot`).
const NO_SLOT: u32 = u32::MAX;

/// Graphs with at most this many edges per vertex go into the matcher
/// whole; larger ones start from [`SEED_PER_VERTEX`] heaviest edges of
/// each vertex and grow by pricing (see [`PackedSession::price`]).
pub(super) const DENSE_PER_VERTEX: usize = 24;
/// The heaviest edges of each vertex that a sparse session starts from.
const SEED_PER_VERTEX: usize = 6;
/// Half the width of the window of group positions a vertex starts with
/// (see [`Spec::groups`]), plus one for every [`WINDOW_GROWTH`] players of
/// its group (the larger the group, the farther its optimum strays from
/// S1[i]-S2[i]).
const WINDOW: usize = 3;
/// See [`WINDOW`].
const WINDOW_GROWTH: usize = 200;
/// Dormant edges brought in per vertex and pricing pass.
const PRICE_PER_VERTEX: u8 = 8;

/// The edges a session's matcher starts with: all live ones of a sparse
/// graph; of a dense graph, each vertex's window (see [`Spec::groups`]) and
/// its [`SEED_PER_VERTEX`] heaviest other edges, by `rank` (per row of
/// fields, 0 for the heaviest row); of equally heavy edges those nearest
/// to the window, where the optimum mostly lies (the order of the
/// seeds among ties showed in the number of pricing passes).
fn seed(edges: &Edges, rank: &[u32], alive: &Bits, window: &Window<'_>) -> Bits {
    let n = edges.vertices();
    if alive.count() <= DENSE_PER_VERTEX * n.max(1) {
        return alive.clone();
    }
    let active = Bits::new(edges.len());
    // Each vertex's heaviest edges outside the window so far, heaviest
    // first. One pass over the edges in order (each vertex meets its edges
    // in ascending order, as in its own list, so ties go the same way),
    // reading the edge table front to back instead of each vertex's list.
    let mut best = vec![(u64::MAX, 0u32); n * SEED_PER_VERTEX];
    let mut have = vec![0u8; n];
    for e in alive.ones() {
        let (a, b) = edges.ends(e);
        let d = window.off(a, b);
        if d <= window.reach(a) {
            active.set(e, true);
            continue;
        }
        let r = rank.get(edges.row(e)).copied().unwrap_or(u32::MAX);
        let r = (u64::from(r) << 32) | d.min(u32::MAX as usize) as u64;
        for v in [a, b] {
            let (Some(h), Some(list)) = (
                have.get_mut(v),
                best.get_mut(v * SEED_PER_VERTEX..(v + 1) * SEED_PER_VERTEX),
            ) else {
                continue;
            };
            let full = usize::from(*h) == SEED_PER_VERTEX;
            if full && r >= list[SEED_PER_VERTEX - 1].0 {
                continue;
            }
            // Insert in order.
            let mut i = usize::from(*h).min(SEED_PER_VERTEX - 1);
            while i > 0 && list[i - 1].0 > r {
                list[i] = list[i - 1];
                i -= 1;
            }
            list[i] = (r, e as u32);
            if !full {
                *h += 1;
            }
        }
    }
    for v in 0..n {
        let h = usize::from(have[v]);
        for &(_, k) in &best[v * SEED_PER_VERTEX..v * SEED_PER_VERTEX + h] {
            active.set(k as usize, true);
        }
    }
    active
}

/// Where the S1-against-S2 pairs of a graph lie (see [`Spec::groups`]).
struct Window<'g> {
    /// The group of each vertex (empty without groups).
    group: &'g [usize],
    /// The position of each vertex in its group, and the group's size.
    at: Vec<(usize, usize)>,
}

impl<'g> Window<'g> {
    fn new(n: usize, groups: &'g [usize]) -> Window<'g> {
        let mut at = vec![(0usize, 0usize); n];
        if groups.len() != n {
            return Window { group: &[], at };
        }
        let mut start = 0;
        while start < n {
            let mut end = start;
            while end < n && groups[end] == groups[start] {
                end += 1;
            }
            for (x, slot) in at[start..end].iter_mut().enumerate() {
                *slot = (x, end - start);
            }
            start = end;
        }
        Window { group: groups, at }
    }

    /// Half the width of the window of vertex `u` (see [`WINDOW`]).
    fn reach(&self, u: usize) -> usize {
        WINDOW + self.at.get(u).map_or(0, |&(_, g)| g / WINDOW_GROWTH)
    }

    /// How far the edge `u`-`v` is from the window: 0 for S1[i]-S2[i] of a
    /// group; across groups (or without them), by how far apart its ends
    /// rank, after every edge within a group.
    fn off(&self, u: usize, v: usize) -> usize {
        let n = self.at.len();
        match (self.group.get(u), self.group.get(v)) {
            (Some(a), Some(b)) if a == b => {
                let ((x, g), (y, _)) = (self.at[u], self.at[v]);
                x.abs_diff(y).abs_diff(g / 2)
            }
            _ => n + u.abs_diff(v),
        }
    }
}

/// Bits per field. Over a matching of `n` vertices (at most `n/2 + 1`
/// pairs counted) field `f` sums to at most `h * max_f` in absolute value,
/// `h = n/2 + 1`, so two matchings differ in it by at most
/// `R_f = 2 h max_f`. With `width_f = bits(R_f)`, `R_f <= 2^width_f - 1`,
/// and by induction from the lowest field the packed difference of the
/// fields below any field `g` is less than `2^off_g`: if it is less than
/// `2^off_f` for the fields below `f`, adding `f`'s part gives at most
/// `R_f 2^off_f + 2^off_f - 1 < 2^(off_f + width_f)`. So the packed sums
/// of two matchings compare as their field vectors do (lexicographically).
pub(super) fn widths(n: usize, max: &[u64]) -> Vec<u32> {
    let half = (n / 2 + 1) as u128;
    max.iter()
        .map(|&m| {
            if m == 0 {
                0
            } else {
                // bits(2 h m) = bits(h m) + 1.
                129 - (u128::from(m).saturating_mul(half)).leading_zeros()
            }
        })
        .collect()
}

/// `limits[k]`: the reduced cost (in the solver's doubled units) from
/// which an edge is in no matching that is optimal on all fields but the
/// last `k`.
///
/// Over a matching (at most `n/2 + 1` pairs) field `f` sums to at most
/// `(n/2 + 1) * max_f` in absolute value, so the packed last `k` fields of
/// two matchings differ by at most `D = 2 (n/2 + 1) sum_f max_f 2^off_f`.
/// A matching containing an edge of reduced cost `c` weighs at most the
/// optimum less `c/2` (LP duality for the matching polytope: every
/// optimum's edges are tight). If it were optimal on the leading fields it
/// would lose only on the last `k`, by less than `D`: so `c/2 > D`, that is
/// `c >= 2D + 1`, proves it is not. (Bounds from the fields' actual maxima,
/// not their bit widths: an edge whose best matching is worse by one unit
/// of the lowest leading field is then found out, where a bound of the
/// widths, several times larger, kept it.)
fn limits<const L: usize>(n: usize, offsets: &[u32], maxima: &[u64]) -> Vec<Wide<L>> {
    let pairs = (n / 2 + 1) as u64;
    let mut out = Vec::with_capacity(offsets.len() + 1);
    let mut sum = Wide::<L>::ZERO;
    out.push(Wide::<L>::from_u64(1));
    for (off, max) in offsets.iter().zip(maxima).rev() {
        sum = sum + (times(Wide::<L>::from_u64(*max), pairs) << *off);
        out.push(times(sum, 4) + Wide::<L>::from_u64(1));
    }
    out
}

/// `x * c` by shifts and adds.
fn times<const L: usize>(x: Wide<L>, c: u64) -> Wide<L> {
    let mut out = Wide::<L>::ZERO;
    for bit in 0..64 {
        if (c >> bit) & 1 == 1 {
            out = out + (x << bit);
        }
    }
    out
}

pub(super) struct PackedSession<const L: usize> {
    m: Matcher<Wide<L>>,
    /// The edges, their rows and incidence (shared with the caller).
    edges: Edges,
    /// Packed base fields of each distinct row of [`Spec::base`].
    rows: Vec<Wide<L>>,
    nx: usize,
    /// The slot of the edge's extra fields, `NO_SLOT` when they are all
    /// zero. Most edges have none, so the extra fields and the packed
    /// weight (base and extra fields) are kept only for the edges with a
    /// slot: memory grows with the edges, not with the edges times the
    /// fields. (Packing is one-to-one within the fields' bounds, so the
    /// packed weight alone tells whether the extra fields changed.)
    slot: Vec<u32>,
    /// The packed weight (base and extra fields) of each slot's edge.
    slot_full: Vec<Wide<L>>,
    /// Slots no longer in use.
    free: Vec<u32>,
    extra_max: Vec<u64>,
    /// Offsets of the extra fields.
    offsets: Vec<u32>,
    alive: Bits,
    /// Live edges in the matcher; a live edge not in it is *dormant*: its
    /// weight is kept up to date, and [`PackedSession::price`] brings it in
    /// when the duals of a solve do not cover it.
    active: Bits,
    /// Is the session sparse (some live edges dormant)? A dense one prices
    /// nothing.
    sparse: bool,
    /// Was every dormant edge priced and found covered after a solve since
    /// the last restart? Then the matcher tracks which vertices' edges may
    /// have lost reduced cost since ([`crate::pairing::matching::Pricer::loosened`]);
    /// false when the next pricing must look at every dormant edge.
    certified: bool,
    /// Vertices whose dormant edges' weights changed since `certified`.
    reprice: Vec<bool>,
    /// `limits[k]`: the reduced cost from which an edge is in no optimum of
    /// all fields but the last `k`.
    limits: Vec<Wide<L>>,
    /// After a solve, `(k, limit)`: a tighter `limits[k]` from what the
    /// last `k` fields of that solve's optimum actually sum to (see
    /// [`super::Session::set_budget`]); `None` after any other change.
    budget: Option<(usize, Wide<L>)>,
    /// Memory of the pricing passes, kept from one to the next.
    scratch: Scratch<L>,
}

/// See [`PackedSession::scratch`].
#[derive(Default)]
struct Scratch<const L: usize> {
    pricer: PricerBuffers<Wide<L>>,
    /// The violated edges found, with their reduced costs.
    bad: Vec<(Wide<L>, usize)>,
}

impl<const L: usize> PackedSession<L> {
    pub(super) fn new(spec: &Spec, widths: &[u32], maxima: &[u64]) -> Self {
        let n = spec.edges.vertices();
        let Spec {
            edges,
            base,
            nf,
            present,
            extra_max,
            groups,
            ..
        } = *spec;
        let nx = extra_max.len();
        let mut offsets = vec![0u32; widths.len()];
        let mut at = 0;
        for f in (0..widths.len()).rev() {
            offsets[f] = at;
            at += widths[f];
        }
        let rows: Vec<Wide<L>> = (0..spec.rows())
            .map(|r| {
                let mut x = Wide::<L>::ZERO;
                for (f, val) in base[r * nf..(r + 1) * nf].iter().enumerate() {
                    if *val != 0 && widths[f] > 0 {
                        x = x + (Wide::<L>::from_i64(*val) << offsets[f]);
                    }
                }
                x
            })
            .collect();
        // An edge without a row (a malformed spec) weighs nothing and is
        // left out of the graph; without fields every edge weighs nothing.
        let has_row = |k: usize| nf == 0 || edges.row(k) < rows.len();
        let packed = |k: usize| rows.get(edges.row(k)).copied().unwrap_or(Wide::<L>::ZERO);
        let mut m = Matcher::new(n);
        let alive = Bits::from_fn(edges.len(), |k| {
            present.is_none_or(|p| p.get(k).copied().unwrap_or(false))
                && edges.proper(k)
                && has_row(k)
        });
        // Each row's rank by weight (0 for the heaviest), for the seeds.
        let mut order: Vec<u32> = (0..rows.len() as u32).collect();
        order.sort_by(|&a, &b| rows[b as usize].cmp(&rows[a as usize]));
        let mut rank = vec![0u32; rows.len()];
        for (i, &r) in order.iter().enumerate() {
            rank[r as usize] = i as u32;
        }
        let window = Window::new(n, groups);
        let active = seed(edges, &rank, &alive, &window);
        // The seeded edges, and room for a few pricing passes' worth.
        m.reserve_edges(active.count() + 2 * n * PRICE_PER_VERTEX as usize);
        for k in active.ones() {
            let (u, v) = edges.ends(k);
            m.set_weight(u, v, packed(k));
        }
        let sparse = alive.ones_without(&active).next().is_some();
        let limits = limits(n, &offsets, maxima);
        PackedSession {
            m,
            edges: edges.clone(),
            rows,
            nx,
            // Without extra fields no edge ever needs a slot.
            slot: if nx == 0 {
                Vec::new()
            } else {
                vec![NO_SLOT; edges.len()]
            },
            slot_full: Vec::new(),
            free: Vec::new(),
            extra_max: extra_max.iter().map(|x| x.unsigned_abs()).collect(),
            offsets: offsets[nf..].to_vec(),
            alive,
            active,
            sparse,
            certified: false,
            reprice: vec![false; n],
            limits,
            budget: None,
            scratch: Scratch::default(),
        }
    }

    /// The ends of edge `e`.
    #[inline]
    fn ends(&self, e: usize) -> (usize, usize) {
        self.edges.ends(e)
    }

    /// The packed base fields of edge `e`.
    fn base_of(&self, e: usize) -> Wide<L> {
        if e >= self.edges.len() {
            return Wide::<L>::ZERO;
        }
        self.rows
            .get(self.edges.row(e))
            .copied()
            .unwrap_or(Wide::<L>::ZERO)
    }

    /// The packed weight of edge `e` (base and extra fields).
    #[inline]
    fn full(&self, e: usize) -> Wide<L> {
        match self.slot.get(e) {
            Some(&s) if s != NO_SLOT => self
                .slot_full
                .get(s as usize)
                .copied()
                .unwrap_or(Wide::<L>::ZERO),
            _ => self.base_of(e),
        }
    }

    /// The packed weight of edge `e` with extra fields `vals`.
    fn weight(&self, e: usize, vals: &[i64]) -> Wide<L> {
        let mut x = self.base_of(e);
        for (f, val) in vals.iter().enumerate() {
            if *val != 0 {
                x = x + (Wide::<L>::from_i64(*val) << self.offsets[f]);
            }
        }
        x
    }

    /// After a solve: brings into the matcher the dormant edges whose
    /// reduced cost is negative (the duals do not cover them), at most
    /// [`PRICE_PER_VERTEX`] per vertex, the most violated first. Returns
    /// false when there was none: the duals then cover every live edge.
    ///
    /// After the first complete pricing only the dormant edges of vertices
    /// that may have lost reduced cost since the last certified solve (in
    /// an S-node during a dual step, or repaired), or whose edges' weights
    /// changed, are priced again: every other dormant edge keeps a reduced
    /// cost at least the one it had then, which was not negative
    /// ([`crate::pairing::matching::Pricer::loosened`]).
    fn price(&mut self) -> bool {
        if !self.sparse {
            return false;
        }
        let bufs = std::mem::take(&mut self.scratch.pricer);
        let Some(pricer) = self.m.pricer_in(bufs) else {
            return false;
        };
        let n = self.m.vertex_count();
        let mut bad = std::mem::take(&mut self.scratch.bad);
        bad.clear();
        // At most this many violated edges are kept, the most violated
        // (after the first solve of a large graph nearly every dormant edge
        // is violated, and a list of them all would be players squared):
        // at most [`PRICE_PER_VERTEX`] per vertex come in anyway, and any
        // violated edge brought in moves the column generation on.
        let keep = (2 * n * PRICE_PER_VERTEX as usize).max(1 << 12);
        // A live edge not in the matcher.
        let check_dormant = |e: usize, (u, v): (usize, usize), bad: &mut Vec<(Wide<L>, usize)>| {
            // One lookup of the common blossoms, and only for an edge the
            // vertex duals do not cover.
            if let Some(c) = pricer.violation(u, v, self.full(e)) {
                bad.push((c, e));
                if bad.len() >= 2 * keep {
                    bad.select_nth_unstable(keep);
                    bad.truncate(keep);
                }
            }
        };
        let check = |e: usize, bad: &mut Vec<(Wide<L>, usize)>| {
            if self.alive.get(e) && !self.active.get(e) {
                check_dormant(e, self.ends(e), bad);
            }
        };
        let dormant = || self.alive.ones_without(&self.active);
        if !self.certified {
            for e in dormant() {
                check_dormant(e, self.ends(e), &mut bad);
            }
        } else {
            let mut dirty = self.reprice.clone();
            pricer.loosened(&mut dirty);
            // The edges of the dirty vertices: by vertex when they are
            // few; in edge order, a pass through memory instead of a
            // random access per edge, when they hold most of the edges
            // (a probe of a bracket nested in one blossom loosens
            // nearly every vertex).
            let touched: usize = (0..n)
                .filter(|&x| dirty[x])
                .map(|x| self.edges.of(x).len())
                .sum();
            if touched >= self.edges.len() / 2 {
                for e in dormant() {
                    let (u, v) = self.ends(e);
                    if dirty[u] || dirty[v] {
                        check_dormant(e, (u, v), &mut bad);
                    }
                }
            } else {
                for x in 0..n {
                    if !dirty[x] {
                        continue;
                    }
                    for &e in self.edges.of(x) {
                        let e = e as usize;
                        let (u, v) = self.ends(e);
                        let other = if u == x { v } else { u };
                        // An edge with both ends dirty is priced once.
                        if dirty[other] && other < x {
                            continue;
                        }
                        check(e, &mut bad);
                    }
                }
            }
        }
        self.scratch.pricer = pricer.into_buffers();
        if bad.is_empty() {
            self.scratch.bad = bad;
            self.certified = true;
            self.m.clear_losses();
            self.reprice.iter_mut().for_each(|x| *x = false);
            return false;
        }
        bad.sort_unstable();
        let mut taken = vec![0u8; n];
        for &(_, e) in &bad {
            let (u, v) = self.ends(e);
            if taken[u] >= PRICE_PER_VERTEX && taken[v] >= PRICE_PER_VERTEX {
                continue;
            }
            taken[u] = taken[u].saturating_add(1);
            taken[v] = taken[v].saturating_add(1);
            self.active.set(e, true);
            self.m.set_weight(u, v, self.full(e));
        }
        self.scratch.bad = bad;
        true
    }

    /// The reduced cost from which an edge is in no optimum of all fields
    /// but the last `low`: [`PackedSession::limits`], or the solve's
    /// budget when it is for `low` and tighter.
    fn limit(&self, low: usize) -> Option<Wide<L>> {
        let fixed = *self.limits.get(low)?;
        Some(match self.budget {
            Some((k, b)) if k == low && b < fixed => b,
            _ => fixed,
        })
    }

    fn other(&self, e: usize, owner: usize) -> usize {
        let (u, v) = self.ends(e);
        if u == owner {
            v
        } else {
            u
        }
    }
}

impl<const L: usize> Packed for PackedSession<L> {
    fn set_extra(&mut self, e: usize, owner: usize, vals: &[i64]) -> bool {
        if !self.alive.get(e)
            || vals.len() != self.nx
            || vals
                .iter()
                .zip(&self.extra_max)
                .any(|(v, m)| v.unsigned_abs() > *m)
        {
            return false;
        }
        if self.nx == 0 {
            // No extra fields: nothing to set.
            return true;
        }
        let zero = vals.iter().all(|&v| v == 0);
        let old = self.slot[e];
        if zero && old == NO_SLOT {
            // Still all zero (most edges of a large bracket: those that
            // leave the remainder).
            return true;
        }
        let w = self.weight(e, vals);
        let same = if old == NO_SLOT {
            zero
        } else {
            !zero && self.slot_full.get(old as usize) == Some(&w)
        };
        if !same {
            if zero {
                self.slot[e] = NO_SLOT;
                self.free.push(old);
            } else {
                let s = if old != NO_SLOT {
                    old
                } else if let Some(s) = self.free.pop() {
                    s
                } else {
                    self.slot_full.push(Wide::<L>::ZERO);
                    (self.slot_full.len() - 1) as u32
                };
                self.slot[e] = s;
                self.slot_full[s as usize] = w;
            }
            if self.active.get(e) {
                let other = self.other(e, owner);
                self.m.set_weight(owner, other, w);
            } else if let Some(r) = self.reprice.get_mut(owner) {
                // A dormant edge's weight changed: price it again.
                *r = true;
            }
        }
        true
    }

    #[cfg(debug_assertions)]
    fn carries(&self, e: usize, vals: &[i64]) -> bool {
        self.full(e) == self.weight(e, vals)
    }

    fn remove(&mut self, e: usize, owner: usize) {
        if self.alive.get(e) {
            self.alive.set(e, false);
            if self.active.get(e) {
                self.active.set(e, false);
                let other = self.other(e, owner);
                self.m.remove_edge(owner, other);
            }
        }
    }

    fn live(&self, e: usize) -> bool {
        self.alive.get(e)
    }

    fn restart(&mut self) {
        self.budget = None;
        self.m.reset();
        self.certified = false;
    }

    fn solve(&mut self) -> Vec<Option<usize>> {
        // Column generation: solve over the edges in the matcher, then bring
        // in the dormant edges whose reduced cost in that solve's duals is
        // negative and solve again, warm, until none is. The duals then
        // cover every live edge, which certifies the matching as an optimum
        // of the whole graph (LP duality for the matching polytope), not
        // only of the edges in the matcher.
        self.budget = None;
        loop {
            let mate = self.m.solve();
            if !self.price() {
                return mate;
            }
        }
    }

    fn set_budget(&mut self, low: usize, excess: &[i64]) {
        let nx = self.offsets.len();
        if low > nx || excess.len() != low {
            return;
        }
        let mut sum = Wide::<L>::ZERO;
        for (x, off) in excess.iter().zip(&self.offsets[nx - low..]) {
            sum = sum + (Wide::<L>::from_u64((*x).max(0) as u64) << *off);
        }
        let limit = times(sum, 2) + Wide::<L>::from_u64(1);
        self.budget = Some((low, limit));
    }

    fn maybe(&self, e: usize, low: usize) -> bool {
        let Some(limit) = self.limit(low) else {
            return true;
        };
        if !self.live(e) {
            return false;
        }
        // Dormant edges too: after a solve the duals cover every live edge
        // (see `solve`), so the same bound holds for them.
        let (u, v) = self.ends(e);
        // A lower bound at the limit already decides it.
        if self
            .m
            .vertex_slack_of(u, v, self.full(e))
            .is_some_and(|c| c >= limit)
        {
            return false;
        }
        self.m
            .reduced_cost_of(u, v, self.full(e))
            .is_none_or(|c| c < limit)
    }

    fn maybe_all(&self, low: usize) -> Vec<bool> {
        let Some(limit) = self.limit(low) else {
            return vec![true; self.edges.len()];
        };
        let pricer = self.m.pricer();
        (0..self.edges.len())
            .map(|e| {
                let (u, v) = self.ends(e);
                self.live(e)
                    && pricer
                        .as_ref()
                        .and_then(|p| p.reduced_cost(u, v, self.full(e)))
                        .is_none_or(|c| c < limit)
            })
            .collect()
    }

    fn prune(&mut self, low: usize, out: &Bits) {
        if self.limits.get(low).is_none() {
            return;
        }
        let keep = self.maybe_all(low);
        for (e, &ok) in keep.iter().enumerate() {
            if ok || !self.live(e) {
                continue;
            }
            if self.active.get(e) {
                let (u, v) = self.ends(e);
                self.m.remove_loose_edge(u, v);
                self.active.set(e, false);
            }
            self.alive.set(e, false);
            out.set(e, true);
        }
    }
}
