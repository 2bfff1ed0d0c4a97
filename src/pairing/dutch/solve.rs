//! Lexicographic maximum-weight matching for the engine.
//!
//! Each edge carries a criterion vector (most significant field first); a
//! matching's value is the field-wise sum over its edges, compared
//! lexicographically. [`solve`] packs the vectors into one wide integer per
//! edge (each field wide enough that no matching's sum can spill into the
//! field above) and calls the general solver in
//! [`crate::pairing::matching`]; `solve_exhaustive` is an exact reference
//! for small graphs, used in tests.

use std::cmp::Ordering;

use crate::pairing::matching::{DualSnapshot, Matcher, Wide};

/// Bits the solver needs for one packed weight: the fields, plus headroom
/// for the doubled weights and dual sums of `n` vertices.
fn packed_bits(n: usize, widths: &[u32]) -> u32 {
    widths.iter().sum::<u32>() + 2 * (usize::BITS - n.leading_zeros()) + 8
}

/// Returns `Ok(body)` from the enclosing function with `L` bound to the
/// smallest supported number of 64-bit limbs that holds `total` bits; falls
/// through when none does.
macro_rules! with_limbs {
    ($total:expr, $l:ident => $body:expr) => {
        with_limbs!(@ $total, $l, $body; 1 2 3 4 6 8 16 32 64 128)
    };
    (@ $total:expr, $l:ident, $body:expr; $($n:literal)*) => {
        $(
            if $total < 64 * $n {
                const $l: usize = $n;
                return Ok($body);
            }
        )*
    };
}

/// A criterion vector: one field per criterion, most significant first.
pub type Fields = Vec<i64>;

/// The largest graph the exhaustive solver accepts.
#[cfg(test)]
pub const MAX_EXHAUSTIVE: usize = 18;

/// Why a graph could not be solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooLarge(pub usize);

/// Add `b` to `a` field by field (`a` grows to `b`'s length).
pub(crate) fn add(a: &mut Fields, b: &[i64]) {
    if a.len() < b.len() {
        a.resize(b.len(), 0);
    }
    for (x, y) in a.iter_mut().zip(b) {
        *x += *y;
    }
}

/// Lexicographic comparison, missing fields counting as zero.
pub fn cmp_fields(a: &[i64], b: &[i64]) -> Ordering {
    let n = a.len().max(b.len());
    for i in 0..n {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(0);
        match x.cmp(&y) {
            Ordering::Equal => continue,
            o => return o,
        }
    }
    Ordering::Equal
}

/// A matching maximising the lexicographic sum of edge vectors. Vertices may
/// stay unmatched (reward pairs in a top field to force cardinality).
pub fn solve(n: usize, edges: &[(usize, usize, Fields)]) -> Result<Vec<Option<usize>>, TooLarge> {
    let nf = edges.iter().map(|e| e.2.len()).max().unwrap_or(0);
    let mut flat = vec![0i64; edges.len() * nf];
    for (k, e) in edges.iter().enumerate() {
        flat[k * nf..k * nf + e.2.len()].copy_from_slice(&e.2);
    }
    let ends: Vec<(usize, usize)> = edges.iter().map(|e| (e.0, e.1)).collect();
    Ok(solve_flat(n, &ends, (&flat, None), nf, None, &[])?.mate)
}

/// As [`solve`], with the vectors of all edges in one table: edge `k` owns
/// `rows[r * nf..(r + 1) * nf]`, most significant field first, where `r` is
/// `row_of[k]` (or `k` without `row_of`: then `fields = (rows, None)`).
///
/// With `low = Some(k)`, also reports the edges that may belong to a
/// matching that is optimal on all fields but the last `k`: an edge whose
/// reduced cost in the optimal dual solution exceeds what the last `k`
/// fields can add up to over a whole matching is in no such matching
/// (complementary slackness: forcing it costs at least its reduced cost).
pub fn solve_flat(
    n: usize,
    edges: &[(usize, usize)],
    fields: (&[i64], Option<&[u32]>),
    nf: usize,
    low: Option<usize>,
    groups: &[usize],
) -> Result<Solution, TooLarge> {
    // One cold solve of a session whose edges are all present and carry no
    // extra fields.
    let mut s = Session::new(&Spec {
        n,
        edges,
        base: fields.0,
        row_of: fields.1,
        nf,
        present: &vec![true; edges.len()],
        extra_max: &[],
        groups,
    })?;
    let mate = s.solve();
    let maybe = match low {
        Some(k) => s.maybe_all(k),
        None => Vec::new(),
    };
    Ok(Solution { mate, maybe })
}

/// A maximum-weight matching and, when asked for, the edges that may be in
/// an optimum of the leading fields.
#[derive(Debug, Clone)]
pub struct Solution {
    pub mate: Vec<Option<usize>>,
    /// Per input edge (when asked for): may the edge belong to a matching
    /// optimal on the leading fields?
    pub maybe: Vec<bool>,
}

/// Exhaustive lexicographic solver for graphs of at most [`MAX_EXHAUSTIVE`]
/// vertices; among optimal matchings the result is deterministic.
#[cfg(test)]
pub fn solve_exhaustive(
    n: usize,
    edges: &[(usize, usize, Fields)],
) -> Result<Vec<Option<usize>>, TooLarge> {
    if n > MAX_EXHAUSTIVE {
        return Err(TooLarge(n));
    }
    let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (k, (u, v, _)) in edges.iter().enumerate() {
        if u != v && *u < n && *v < n {
            adj[*u].push((*v, k));
            adj[*v].push((*u, k));
        }
    }
    let full = (1usize << n) - 1;
    // best[mask] = (value, choice) for the vertices in `mask`; choice = edge
    // index used by the lowest vertex, or usize::MAX if it stays unmatched.
    let mut best: Vec<Option<(Fields, usize)>> = vec![None; 1 << n];
    best[0] = Some((Vec::new(), usize::MAX));
    // Masks in increasing order: every submask is smaller than its mask.
    for mask in 1..=full {
        let low = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << low);
        let mut cand = best[rest].as_ref().map(|(w, _)| (w.clone(), usize::MAX));
        for &(v, k) in &adj[low] {
            if rest & (1 << v) == 0 {
                continue;
            }
            let sub = rest & !(1 << v);
            if let Some((w, _)) = &best[sub] {
                let mut w = w.clone();
                add(&mut w, &edges[k].2);
                let better = match &cand {
                    None => true,
                    Some((cw, _)) => cmp_fields(&w, cw) == Ordering::Greater,
                };
                if better {
                    cand = Some((w, k));
                }
            }
        }
        best[mask] = cand;
    }
    let mut mate = vec![None; n];
    let mut mask = full;
    while mask != 0 {
        let low = mask.trailing_zeros() as usize;
        let choice = best[mask].as_ref().map(|(_, c)| *c).unwrap_or(usize::MAX);
        if choice == usize::MAX {
            mask &= !(1 << low);
        } else {
            let (u, v, _) = &edges[choice];
            mate[*u] = Some(*v);
            mate[*v] = Some(*u);
            mask &= !(1 << *u) & !(1 << *v);
        }
    }
    Ok(mate)
}

/// A lexicographic solver kept alive across a sequence of solves over one
/// graph, with a fixed field layout: every edge has the same base fields
/// (set once) and `extra` fields below them that may change between solves.
///
/// Each field gets a fixed bit width from an upper bound on its absolute
/// value (the largest base value, or the bound given for an extra field), so
/// changing the extra fields of a few edges changes only their packed
/// weights, and the next solve starts warm from the previous optimum
/// ([`Matcher`] repairs only around the vertices named as owners of the
/// changes). The optimal value of every solve is that of a cold solve of the
/// same fields; among several optima either may be returned, so callers must
/// read only what the fields decide.
///
/// A dense graph (more than [`DENSE_PER_VERTEX`] edges per vertex) is solved
/// by column generation: the matcher starts with some of the edges
/// ([`Spec::groups`] and each vertex's heaviest), every other edge is
/// *dormant* (its weight kept current, outside the matcher), and each solve
/// ends only when no dormant edge has a negative reduced cost, which makes
/// the result an optimum of the whole graph.
pub struct Session {
    inner: Box<dyn Packed>,
}

/// The packed back end of a [`Session`], one per integer width.
trait Packed {
    fn set_extra(&mut self, e: usize, owner: usize, vals: &[i64]) -> bool;
    #[cfg(debug_assertions)]
    fn extra(&self, e: usize) -> &[i64];
    fn remove(&mut self, e: usize, owner: usize);
    fn live(&self, e: usize) -> bool;
    fn restart(&mut self);
    fn solve(&mut self) -> Vec<Option<usize>>;
    fn maybe(&self, e: usize, low: usize) -> bool;
    fn prune(&mut self, low: usize) -> Vec<usize>;
    fn maybe_all(&self, low: usize) -> Vec<bool>;
}

/// The graph a [`Session`] is built on: vertices `0..n` and `edges` (edge
/// `k` joins `edges[k]`, with base fields `base[r * nf..(r + 1) * nf]` for
/// `r = row_of[k]`, or `r = k` without `row_of`);
/// only the edges with `present[k]` are put in the graph, with all extra
/// fields zero. `extra_max[f]` bounds the absolute value extra field `f` may
/// ever take.
pub struct Spec<'a> {
    pub n: usize,
    pub edges: &'a [(usize, usize)],
    pub base: &'a [i64],
    /// The row of `base` of each edge, when edges share rows.
    pub row_of: Option<&'a [u32]>,
    pub nf: usize,
    pub present: &'a [bool],
    pub extra_max: &'a [i64],
    /// A hint for the first edges of a large graph (may be empty): each
    /// vertex's group, the vertices of a group consecutive. Within a group of
    /// `g`, the vertex at position `x` starts with its edges to positions
    /// near `x + g/2` and `x - g/2` (S1 against S2, most of a bracket's
    /// pairs); any other edge comes in by pricing when needed.
    pub groups: &'a [usize],
}

impl Spec<'_> {
    /// The bit width of each field (base fields, then extra fields): the
    /// largest |value| over the present edges, or the declared bound.
    fn widths(&self) -> Vec<u32> {
        let nf = self.nf;
        let mut max = vec![0u64; nf + self.extra_max.len()];
        // The rows of the present edges.
        let mut used = vec![false; self.rows()];
        for k in 0..self.edges.len() {
            if self.present.get(k).copied().unwrap_or(false) {
                if let Some(u) = used.get_mut(self.row(k)) {
                    *u = true;
                }
            }
        }
        for (r, row) in self.base.chunks_exact(nf.max(1)).enumerate() {
            if !used.get(r).copied().unwrap_or(false) {
                continue;
            }
            for (m, v) in max.iter_mut().zip(row) {
                *m = (*m).max(v.unsigned_abs());
            }
        }
        max.truncate(nf);
        max.extend(self.extra_max.iter().map(|x| x.unsigned_abs()));
        widths(self.n, &max)
    }
}

impl Spec<'_> {
    /// The number of rows of `base`.
    fn rows(&self) -> usize {
        self.base.len() / self.nf.max(1)
    }

    /// The row of `base` of edge `k`.
    fn row(&self, k: usize) -> usize {
        match self.row_of {
            Some(r) => r.get(k).map_or(usize::MAX, |&x| x as usize),
            None => k,
        }
    }
}

impl Session {
    /// A session over the graph of `spec`. The first solve is cold.
    pub fn new(spec: &Spec) -> Result<Session, TooLarge> {
        // Edges and their ends are kept as u32.
        let fits = |x: usize| u32::try_from(x).is_ok_and(|x| x < u32::MAX);
        if !fits(spec.edges.len()) || spec.edges.iter().any(|&(u, v)| !fits(u) || !fits(v)) {
            return Err(TooLarge(spec.n));
        }
        let widths = spec.widths();
        let total = packed_bits(spec.n, &widths);
        with_limbs!(total, L => Session {
            inner: Box::new(PackedSession::<L>::new(spec, &widths)),
        });
        Err(TooLarge(spec.n))
    }

    /// Sets the extra fields of edge `e`, naming the endpoint `owner` whose
    /// edges are being changed (the warm solve repairs around it). Returns
    /// false, changing nothing, if a value exceeds its declared bound or
    /// the edge is not in the graph.
    pub fn set_extra(&mut self, e: usize, owner: usize, vals: &[i64]) -> bool {
        self.inner.set_extra(e, owner, vals)
    }

    /// The current extra fields of edge `e` (for the engine's debug check).
    #[cfg(debug_assertions)]
    pub fn extra(&self, e: usize) -> &[i64] {
        self.inner.extra(e)
    }

    /// Takes edge `e` out of the graph, `owner` being the endpoint whose
    /// edges are being changed.
    pub fn remove(&mut self, e: usize, owner: usize) {
        self.inner.remove(e, owner);
    }

    /// Is edge `e` in the graph?
    pub fn live(&self, e: usize) -> bool {
        self.inner.live(e)
    }

    /// Makes the next solve cold (after changing most edges).
    pub fn restart(&mut self) {
        self.inner.restart();
    }

    /// A maximum lexicographic matching of the current graph: each vertex's
    /// mate.
    pub fn solve(&mut self) -> Vec<Option<usize>> {
        self.inner.solve()
    }

    /// After a solve: may edge `e` belong to a matching that is optimal on
    /// all fields but the last `low`? False only when its reduced cost in
    /// the optimal dual exceeds what the last `low` fields can add up to
    /// over a whole matching (complementary slackness: forcing it costs at
    /// least its reduced cost), as in [`solve_flat`].
    pub fn maybe(&self, e: usize, low: usize) -> bool {
        self.inner.maybe(e, low)
    }

    /// [`Session::maybe`] of every edge, with the dual solution laid out
    /// once.
    pub fn maybe_all(&self, low: usize) -> Vec<bool> {
        self.inner.maybe_all(low)
    }

    /// After a solve: takes out of the graph every edge for which
    /// [`Session::maybe`] is false, and returns them. Such an edge has a
    /// positive reduced cost, so it is neither matched nor in a blossom and
    /// the next solve needs no repair for it. Sound for every later solve
    /// whose optima are optima of the same leading fields (or of fewer
    /// edges and vertices among them): it can be in none of them.
    pub fn prune(&mut self, low: usize) -> Vec<usize> {
        self.inner.prune(low)
    }
}

/// No slot of extra fields (see `PackedSession::slot`).
const NO_SLOT: u32 = u32::MAX;

/// Graphs with at most this many edges per vertex go into the matcher
/// whole; larger ones start from [`SEED_PER_VERTEX`] heaviest edges of
/// each vertex and grow by pricing (see [`PackedSession::price`]).
const DENSE_PER_VERTEX: usize = 24;
/// The heaviest edges of each vertex that a sparse session starts from.
const SEED_PER_VERTEX: usize = 12;
/// Half the width of the window of group positions a vertex starts with
/// (see [`Spec::groups`]).
const WINDOW: usize = 3;
/// Dormant edges brought in per vertex and pricing pass.
const PRICE_PER_VERTEX: u8 = 16;

/// The edges a session's matcher starts with: all live ones of a sparse
/// graph; of a dense graph, the [`SEED_PER_VERTEX`] heaviest of each vertex.
fn seed<W: Ord + Copy>(
    n: usize,
    edges: &[(usize, usize)],
    w: impl Fn(usize) -> W,
    alive: &[bool],
    groups: &[usize],
) -> Vec<bool> {
    let live = alive.iter().filter(|&&a| a).count();
    if live <= DENSE_PER_VERTEX * n.max(1) {
        return alive.to_vec();
    }
    // Position of each vertex in its group, and the group's size.
    let mut at = vec![(0usize, 0usize); n];
    if groups.len() == n {
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
    }
    let near = |u: usize, v: usize| {
        if groups.len() != n || groups[u] != groups[v] {
            return false;
        }
        let ((x, g), (y, _)) = (at[u], at[v]);
        let d = x.abs_diff(y);
        d.abs_diff(g / 2) <= WINDOW
    };
    let mut inc: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut active = vec![false; edges.len()];
    for (k, &(u, v)) in edges.iter().enumerate() {
        if alive[k] {
            if near(u, v) {
                active[k] = true;
            } else {
                inc[u].push(k as u32);
                inc[v].push(k as u32);
            }
        }
    }
    for row in &mut inc {
        if row.len() > SEED_PER_VERTEX {
            row.select_nth_unstable_by(SEED_PER_VERTEX, |&a, &b| w(b as usize).cmp(&w(a as usize)));
            row.truncate(SEED_PER_VERTEX);
        }
        for &k in row.iter() {
            active[k as usize] = true;
        }
    }
    active
}

/// Bits per field: the largest |sum| over a matching of `n` vertices is
/// `(n/2 + 1) * max|w|`, plus room for the sign.
fn widths(n: usize, max: &[u64]) -> Vec<u32> {
    let half = (n / 2 + 1) as u128;
    max.iter()
        .map(|&m| {
            if m == 0 {
                0
            } else {
                130 - (u128::from(m).saturating_mul(half)).leading_zeros()
            }
        })
        .collect()
}

struct PackedSession<const L: usize> {
    m: Matcher<Wide<L>>,
    /// The ends of each edge (u32: half the memory of a players-squared
    /// table; [`Session::new`] refuses more vertices or edges).
    ends: Vec<(u32, u32)>,
    /// Packed base fields of each distinct row of [`Spec::base`].
    rows: Vec<Wide<L>>,
    /// Row of each edge.
    base: Vec<u32>,
    nx: usize,
    /// The slot of the edge's extra fields, `NO_SLOT` when they are all
    /// zero. Most edges have none, so the extra fields and the packed
    /// weight (base and extra fields) are kept only for the edges with a
    /// slot: memory grows with the edges, not with the edges times the
    /// fields.
    slot: Vec<u32>,
    /// Extra fields of each slot (`nx` each) and its edge's packed weight.
    slot_vals: Vec<i64>,
    slot_full: Vec<Wide<L>>,
    /// Slots no longer in use.
    free: Vec<u32>,
    /// All-zero extra fields.
    #[cfg(debug_assertions)]
    zeros: Vec<i64>,
    extra_max: Vec<u64>,
    /// Offsets of the extra fields.
    offsets: Vec<u32>,
    alive: Vec<bool>,
    /// Live edges in the matcher; a live edge not in it is *dormant*: its
    /// weight is kept up to date, and [`PackedSession::price`] brings it in
    /// when the duals of a solve do not cover it.
    active: Vec<bool>,
    /// Is the session sparse (some live edges dormant)? A dense one prices
    /// nothing.
    sparse: bool,
    /// The edges of each vertex, `inc[inc_start[v]..inc_start[v + 1]]`
    /// (sparse sessions only), for pricing around the vertices whose duals
    /// dropped instead of every dormant edge.
    inc: Vec<u32>,
    inc_start: Vec<u32>,
    /// The duals of the last solve after which every dormant edge was
    /// priced and found covered; `None` when the next pricing must look at
    /// every dormant edge (first solve, restart).
    certified: Option<DualSnapshot<Wide<L>>>,
    /// Vertices whose dormant edges' weights changed since `certified`.
    reprice: Vec<bool>,
    /// `limits[k]`: the reduced cost from which an edge is in no optimum of
    /// all fields but the last `k`.
    limits: Vec<Wide<L>>,
}

impl<const L: usize> PackedSession<L> {
    fn new(spec: &Spec, widths: &[u32]) -> Self {
        let Spec {
            n,
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
        // left out of the graph.
        let row_of: Vec<u32> = (0..edges.len())
            .map(|k| {
                let r = spec.row(k);
                if nf == 0 {
                    // No fields: every edge weighs nothing.
                    0
                } else if r < rows.len() {
                    r as u32
                } else {
                    u32::MAX
                }
            })
            .collect();
        let packed = |k: usize| {
            rows.get(row_of[k] as usize)
                .copied()
                .unwrap_or(Wide::<L>::ZERO)
        };
        let mut m = Matcher::new(n);
        let mut alive = vec![false; edges.len()];
        for (k, &(u, v)) in edges.iter().enumerate() {
            alive[k] = present.get(k).copied().unwrap_or(false)
                && u != v
                && u < n
                && v < n
                && row_of[k] != u32::MAX;
        }
        let active = seed(n, edges, packed, &alive, groups);
        let mut sparse = false;
        for (k, &(u, v)) in edges.iter().enumerate() {
            if active[k] {
                m.set_weight(u, v, packed(k));
            } else if alive[k] {
                sparse = true;
            }
        }
        // Incidence of the live edges, counted then filled (CSR).
        let (mut inc, mut inc_start) = (Vec::new(), Vec::new());
        if sparse {
            let mut deg = vec![0u32; n + 1];
            for (k, &(u, v)) in edges.iter().enumerate() {
                if alive[k] {
                    deg[u] += 1;
                    deg[v] += 1;
                }
            }
            inc_start = Vec::with_capacity(n + 1);
            let mut at = 0u32;
            for d in &deg[..n] {
                inc_start.push(at);
                at += d;
            }
            inc_start.push(at);
            inc = vec![0u32; at as usize];
            let mut fill = inc_start.clone();
            for (k, &(u, v)) in edges.iter().enumerate() {
                if alive[k] {
                    for x in [u, v] {
                        inc[fill[x] as usize] = k as u32;
                        fill[x] += 1;
                    }
                }
            }
        }
        // The last k fields occupy the lowest `bits` bits: over any two
        // matchings they differ by less than 2^(bits+1), or 2^(bits+2) in
        // the solver's doubled units.
        let mut limits = Vec::with_capacity(widths.len() + 1);
        let mut bits = 0;
        limits.push(Wide::<L>::pow2(2));
        for w in widths.iter().rev() {
            bits += w;
            limits.push(Wide::<L>::pow2(bits + 2));
        }
        PackedSession {
            m,
            ends: edges.iter().map(|&(u, v)| (u as u32, v as u32)).collect(),
            rows,
            base: row_of,
            nx,
            slot: vec![NO_SLOT; edges.len()],
            slot_vals: Vec::new(),
            slot_full: Vec::new(),
            free: Vec::new(),
            #[cfg(debug_assertions)]
            zeros: vec![0; nx],
            extra_max: extra_max.iter().map(|x| x.unsigned_abs()).collect(),
            offsets: offsets[nf..].to_vec(),
            alive,
            active,
            sparse,
            inc,
            inc_start,
            certified: None,
            reprice: vec![false; n],
            limits,
        }
    }

    /// The ends of edge `e`.
    #[inline]
    fn ends(&self, e: usize) -> (usize, usize) {
        let (u, v) = self.ends[e];
        (u as usize, v as usize)
    }

    /// The packed base fields of edge `e`.
    fn base_of(&self, e: usize) -> Wide<L> {
        self.base
            .get(e)
            .and_then(|&r| self.rows.get(r as usize))
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

    /// The extra fields of edge `e`, if not all zero.
    fn extra_of(&self, e: usize) -> Option<&[i64]> {
        let s = *self.slot.get(e)?;
        if s == NO_SLOT {
            return None;
        }
        let s = s as usize;
        self.slot_vals.get(s * self.nx..(s + 1) * self.nx)
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
    /// whose dual or blossoms changed since the last certified solve, or
    /// whose edges' weights changed, are priced again: every other dormant
    /// edge keeps a reduced cost at least the one it had then, which was
    /// not negative ([`crate::pairing::matching::Pricer::loosened_since`]).
    fn price(&mut self) -> bool {
        if !self.sparse {
            return false;
        }
        let Some(pricer) = self.m.pricer() else {
            return false;
        };
        let n = self.m.vertex_count();
        let mut bad: Vec<(Wide<L>, usize)> = Vec::new();
        let check = |e: usize, bad: &mut Vec<(Wide<L>, usize)>| {
            if !self.alive[e] || self.active[e] {
                return;
            }
            let (u, v) = self.ends(e);
            let w = self.full(e);
            if pricer.covers(u, v, w) {
                return;
            }
            if let Some(c) = pricer.reduced_cost(u, v, w) {
                if c < Wide::<L>::ZERO {
                    bad.push((c, e));
                }
            }
        };
        match &self.certified {
            None => {
                for e in 0..self.ends.len() {
                    check(e, &mut bad);
                }
            }
            Some(old) => {
                let mut dirty = self.reprice.clone();
                pricer.loosened_since(old, &mut dirty);
                for x in 0..n {
                    if !dirty[x] {
                        continue;
                    }
                    let range = self.inc_start[x] as usize..self.inc_start[x + 1] as usize;
                    for &e in &self.inc[range] {
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
        if bad.is_empty() {
            self.certified = Some(pricer.snapshot());
            self.reprice.iter_mut().for_each(|x| *x = false);
            return false;
        }
        bad.sort_unstable();
        let mut taken = vec![0u8; n];
        for (_, e) in bad {
            let (u, v) = self.ends(e);
            if taken[u] >= PRICE_PER_VERTEX && taken[v] >= PRICE_PER_VERTEX {
                continue;
            }
            taken[u] = taken[u].saturating_add(1);
            taken[v] = taken[v].saturating_add(1);
            self.active[e] = true;
            self.m.set_weight(u, v, self.full(e));
        }
        true
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
        if !self.alive.get(e).copied().unwrap_or(false)
            || vals.len() != self.nx
            || vals
                .iter()
                .zip(&self.extra_max)
                .any(|(v, m)| v.unsigned_abs() > *m)
        {
            return false;
        }
        let zero = vals.iter().all(|&v| v == 0);
        let same = match self.extra_of(e) {
            Some(row) => row == vals,
            None => zero,
        };
        if !same {
            let w = self.weight(e, vals);
            let old = self.slot[e];
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
                    self.slot_vals.resize(self.slot_vals.len() + self.nx, 0);
                    (self.slot_full.len() - 1) as u32
                };
                self.slot[e] = s;
                let at = s as usize;
                self.slot_vals[at * self.nx..(at + 1) * self.nx].copy_from_slice(vals);
                self.slot_full[at] = w;
            }
            if self.active[e] {
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
    fn extra(&self, e: usize) -> &[i64] {
        self.extra_of(e).unwrap_or(&self.zeros)
    }

    fn remove(&mut self, e: usize, owner: usize) {
        if self.alive.get(e).copied().unwrap_or(false) {
            self.alive[e] = false;
            if self.active[e] {
                self.active[e] = false;
                let other = self.other(e, owner);
                self.m.remove_edge(owner, other);
            }
        }
    }

    fn live(&self, e: usize) -> bool {
        self.alive.get(e).copied().unwrap_or(false)
    }

    fn restart(&mut self) {
        self.m.reset();
        self.certified = None;
    }

    fn solve(&mut self) -> Vec<Option<usize>> {
        // Column generation: solve over the edges in the matcher, then bring
        // in the dormant edges whose reduced cost in that solve's duals is
        // negative and solve again, warm, until none is. The duals then
        // cover every live edge, which certifies the matching as an optimum
        // of the whole graph (LP duality for the matching polytope), not
        // only of the edges in the matcher.
        loop {
            let mate = self.m.solve();
            if !self.price() {
                return mate;
            }
        }
    }

    fn maybe(&self, e: usize, low: usize) -> bool {
        let Some(limit) = self.limits.get(low) else {
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
            .is_some_and(|c| c >= *limit)
        {
            return false;
        }
        self.m
            .reduced_cost_of(u, v, self.full(e))
            .is_none_or(|c| c < *limit)
    }

    fn maybe_all(&self, low: usize) -> Vec<bool> {
        let Some(limit) = self.limits.get(low) else {
            return vec![true; self.ends.len()];
        };
        let pricer = self.m.pricer();
        (0..self.ends.len())
            .map(|e| {
                let (u, v) = self.ends(e);
                self.live(e)
                    && pricer
                        .as_ref()
                        .and_then(|p| p.reduced_cost(u, v, self.full(e)))
                        .is_none_or(|c| c < *limit)
            })
            .collect()
    }

    fn prune(&mut self, low: usize) -> Vec<usize> {
        let mut out = Vec::new();
        if self.limits.get(low).is_none() {
            return out;
        }
        let keep = self.maybe_all(low);
        let drop: Vec<usize> = (0..self.ends.len())
            .filter(|&e| self.live(e) && !keep[e])
            .collect();
        for e in drop {
            if self.active[e] {
                let (u, v) = self.ends(e);
                self.m.remove_loose_edge(u, v);
                self.active[e] = false;
            }
            self.alive[e] = false;
            out.push(e);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefers_higher_fields() {
        // Path 0-1-2-3: the two outer edges beat the middle one on field 0.
        let e = vec![(0, 1, vec![1, 0]), (1, 2, vec![1, 5]), (2, 3, vec![1, 0])];
        let m = solve(4, &e).unwrap();
        assert_eq!(m, vec![Some(1), Some(0), Some(3), Some(2)]);
        assert_eq!(solve_exhaustive(4, &e).unwrap(), m);
        // With field 0 removed from the outer edges the middle edge wins.
        let e = vec![(0, 1, vec![0, 1]), (1, 2, vec![1, 0]), (2, 3, vec![0, 1])];
        let m = solve(4, &e).unwrap();
        assert_eq!(m, vec![None, Some(2), Some(1), None]);
        assert_eq!(solve_exhaustive(4, &e).unwrap(), m);
    }
}

#[cfg(test)]
mod sparse_tests {
    use super::*;
    use crate::pairing::matching::Matcher;

    /// Splitmix64, so that failures reproduce.
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, k: u64) -> i64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) % k) as i64
        }
    }

    /// The packed value of three small fields, for an independent dense
    /// solve: each field's sum over a matching of at most 50 edges stays
    /// below the factor.
    fn pack(f: &[i64]) -> i64 {
        f.iter().fold(0, |acc, x| acc * 1_000 + x)
    }

    /// A complete graph too dense to go into the matcher whole (so the
    /// session starts sparse and prices the rest), with ties on the
    /// leading fields as in a bracket, solved cold and then warm after a
    /// probe-like change of one vertex's extra field: each optimum has the
    /// value of a dense matcher over all edges.
    #[test]
    fn sparse_session_finds_the_dense_optimum() {
        let mut rng = Rng(5);
        // `shared`: the edges name their row of a table of the distinct
        // base fields (as the engine's graph does), and extra fields go
        // back to zero now and then (their slots are freed and reused).
        let cases = [
            (60usize, false, false),
            (60, true, false),
            (90, true, false),
        ];
        for &(n, with_groups, shared) in cases.iter().chain(&[(60, true, true), (90, false, true)])
        {
            assert!(n * (n - 1) / 2 > DENSE_PER_VERTEX * n);
            let mut edges = Vec::new();
            let mut base = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    edges.push((u, v));
                    base.extend([rng.below(2), rng.below(4)]);
                }
            }
            let groups: Vec<usize> = (0..n).map(|v| v * 3 / n).collect();
            let present = vec![true; edges.len()];
            let table: Vec<i64> = (0..8).flat_map(|r| [r / 4, r % 4]).collect();
            let row_of: Vec<u32> = (0..edges.len())
                .map(|e| (base[2 * e] * 4 + base[2 * e + 1]) as u32)
                .collect();
            let mut s = Session::new(&Spec {
                n,
                edges: &edges,
                base: if shared { &table } else { &base },
                row_of: shared.then_some(&row_of[..]),
                nf: 2,
                present: &present,
                extra_max: &[9],
                groups: if with_groups { &groups } else { &[] },
            })
            .unwrap();
            let mut extra = vec![0i64; edges.len()];
            for step in 0..8 {
                if step > 0 {
                    let u = rng.below(n as u64) as usize;
                    for (e, &(a, b)) in edges.iter().enumerate() {
                        if a == u || b == u {
                            extra[e] = rng.below(10);
                            if shared && rng.below(2) == 0 {
                                extra[e] = 0;
                            }
                            assert!(s.set_extra(e, u, &[extra[e]]));
                        }
                    }
                }
                let mate = s.solve();
                let value = |e: usize| pack(&[base[2 * e], base[2 * e + 1], extra[e]]);
                let mut dense = Matcher::<i64>::new(n);
                for (e, &(a, b)) in edges.iter().enumerate() {
                    dense.set_weight(a, b, value(e));
                }
                dense.solve();
                let got: i64 = edges
                    .iter()
                    .enumerate()
                    .filter(|&(_, &(a, b))| mate[a] == Some(b))
                    .map(|(e, _)| value(e))
                    .sum();
                assert_eq!(got, dense.total_weight(), "n {n} step {step}");
                // An edge the session calls out of every optimum (dormant
                // ones included) is: forcing it costs something.
                let maybe = s.maybe_all(0);
                let out: Vec<usize> = (0..edges.len()).filter(|&e| !maybe[e]).take(6).collect();
                for e in out {
                    let (a, b) = edges[e];
                    let mut forced = Matcher::<i64>::new(n);
                    for (f, &(x, y)) in edges.iter().enumerate() {
                        if ![x, y].iter().any(|z| *z == a || *z == b) {
                            forced.set_weight(x, y, value(f));
                        }
                    }
                    forced.solve();
                    assert!(
                        forced.total_weight() + value(e) < dense.total_weight(),
                        "edge {e} excluded but in an optimum"
                    );
                }
            }
        }
    }
}
