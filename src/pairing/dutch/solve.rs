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

mod edges;
mod packed;
pub(crate) use edges::{Bits, Edges, Rows};
#[cfg(test)]
use packed::DENSE_PER_VERTEX;
use packed::{widths, PackedSession};

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
        with_limbs!(@ $total, $l, $body; 1 2 3 4 5 6 8 16 32 64 128)
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
pub(crate) type Fields = Vec<i64>;

/// The largest graph the exhaustive solver accepts.
#[cfg(test)]
pub(crate) const MAX_EXHAUSTIVE: usize = 18;

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
pub(crate) fn cmp_fields(a: &[i64], b: &[i64]) -> Ordering {
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
#[cfg(test)]
pub(crate) fn solve(
    n: usize,
    edges: &[(usize, usize, Fields)],
) -> Result<Vec<Option<usize>>, TooLarge> {
    let nf = edges.iter().map(|e| e.2.len()).max().unwrap_or(0);
    let mut flat = vec![0i64; edges.len() * nf];
    for (k, e) in edges.iter().enumerate() {
        flat[k * nf..k * nf + e.2.len()].copy_from_slice(&e.2);
    }
    let ends: Vec<(usize, usize)> = edges.iter().map(|e| (e.0, e.1)).collect();
    solve_flat(n, &ends, (&flat, None), nf, &[])
}

/// As [`solve`], with the vectors of all edges in one table: edge `k` owns
/// `rows[r * nf..(r + 1) * nf]`, most significant field first, where `r` is
/// `row_of[k]` (or `k` without `row_of`: then `fields = (rows, None)`).
#[cfg(test)]
pub(crate) fn solve_flat(
    n: usize,
    edges: &[(usize, usize)],
    fields: (&[i64], Option<&[u32]>),
    nf: usize,
    groups: &[usize],
) -> Result<Vec<Option<usize>>, TooLarge> {
    // One cold solve of a session whose edges are all present and carry no
    // extra fields.
    let shared = Edges::from_usize(n, edges, fields.1)?;
    solve_grouped(&shared, fields.0, nf, groups)
}

/// As [`solve_flat`], over an edge list already built: edge `k` has the
/// fields `rows[r * nf..(r + 1) * nf]` for its row `r`.
pub(crate) fn solve_rows(
    edges: &Edges,
    rows: &[i64],
    nf: usize,
) -> Result<Vec<Option<usize>>, TooLarge> {
    solve_grouped(edges, rows, nf, &[])
}

fn solve_grouped(
    edges: &Edges,
    rows: &[i64],
    nf: usize,
    groups: &[usize],
) -> Result<Vec<Option<usize>>, TooLarge> {
    let mut s = Session::new(&Spec {
        edges,
        base: rows,
        nf,
        present: None,
        extra_max: &[],
        groups,
    })?;
    Ok(s.solve())
}

/// Exhaustive lexicographic solver for graphs of at most [`MAX_EXHAUSTIVE`]
/// vertices; among optimal matchings the result is deterministic.
#[cfg(test)]
pub(crate) fn solve_exhaustive(
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
/// A dense graph (more than `packed::DENSE_PER_VERTEX` edges per vertex) is solved
/// by column generation: the matcher starts with some of the edges
/// ([`Spec::groups`] and each vertex's heaviest), every other edge is
/// *dormant* (its weight kept current, outside the matcher), and each solve
/// ends only when no dormant edge has a negative reduced cost, which makes
/// the result an optimum of the whole graph.
pub(crate) struct Session {
    inner: Box<dyn Packed>,
}

/// The packed back end of a [`Session`], one per integer width.
trait Packed {
    fn set_extra(&mut self, e: usize, owner: usize, vals: &[i64]) -> bool;
    #[cfg(debug_assertions)]
    fn carries(&self, e: usize, vals: &[i64]) -> bool;
    fn remove(&mut self, e: usize, owner: usize);
    fn live(&self, e: usize) -> bool;
    fn restart(&mut self);
    fn solve(&mut self) -> Vec<Option<usize>>;
    fn maybe(&self, e: usize, low: usize) -> bool;
    fn set_budget(&mut self, low: usize, excess: &[i64]);
    fn prune(&mut self, low: usize, out: &Bits);
    fn maybe_all(&self, low: usize) -> Vec<bool>;
}

/// The graph a [`Session`] is built on: vertices `0..n` and `edges` (edge
/// `k` joins `edges[k]`, with base fields `base[r * nf..(r + 1) * nf]` for
/// `r = row_of[k]`, or `r = k` without `row_of`);
/// only the edges with `present[k]` (every edge without `present`) are put
/// in the graph, with all extra
/// fields zero. `extra_max[f]` bounds the absolute value extra field `f` may
/// ever take.
pub(crate) struct Spec<'a> {
    /// The edges over `edges.vertices()` vertices and the row of `base` of
    /// each (shared with the session, not copied).
    pub edges: &'a Edges,
    pub base: &'a [i64],
    pub nf: usize,
    pub present: Option<&'a [bool]>,
    pub extra_max: &'a [i64],
    /// A hint for the first edges of a large graph (may be empty): each
    /// vertex's group, the vertices of a group consecutive. Within a group of
    /// `g`, the vertex at position `x` starts with its edges to positions
    /// near `x + g/2` and `x - g/2` (S1 against S2, most of a bracket's
    /// pairs); any other edge comes in by pricing when needed.
    pub groups: &'a [usize],
}

impl Spec<'_> {
    /// The largest |value| of each field (base fields, then extra
    /// fields): over the present edges' rows, or the declared bound.
    fn maxima(&self) -> Vec<u64> {
        let nf = self.nf;
        let mut max = vec![0u64; nf + self.extra_max.len()];
        // The rows of the present edges.
        let mut used = vec![false; self.rows()];
        for k in 0..self.edges.len() {
            if self
                .present
                .is_none_or(|p| p.get(k).copied().unwrap_or(false))
            {
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
        max
    }
}

impl Spec<'_> {
    /// The number of rows of `base`.
    fn rows(&self) -> usize {
        self.base.len() / self.nf.max(1)
    }

    /// The row of `base` of edge `k`.
    fn row(&self, k: usize) -> usize {
        self.edges.row(k)
    }
}

impl Session {
    /// A session over the graph of `spec`. The first solve is cold.
    pub(crate) fn new(spec: &Spec) -> Result<Session, TooLarge> {
        let n = spec.edges.vertices();
        let maxima = spec.maxima();
        let widths = widths(n, &maxima);
        let total = packed_bits(n, &widths);
        with_limbs!(total, L => Session {
            inner: Box::new(PackedSession::<L>::new(spec, &widths, &maxima)),
        });
        Err(TooLarge(n))
    }

    /// Sets the extra fields of edge `e`, naming the endpoint `owner` whose
    /// edges are being changed (the warm solve repairs around it). Returns
    /// false, changing nothing, if a value exceeds its declared bound or
    /// the edge is not in the graph.
    pub(crate) fn set_extra(&mut self, e: usize, owner: usize, vals: &[i64]) -> bool {
        self.inner.set_extra(e, owner, vals)
    }

    /// Does edge `e` carry the extra fields `vals` (for the engine's debug
    /// check)?
    #[cfg(debug_assertions)]
    pub(crate) fn carries(&self, e: usize, vals: &[i64]) -> bool {
        self.inner.carries(e, vals)
    }

    /// Takes edge `e` out of the graph, `owner` being the endpoint whose
    /// edges are being changed.
    pub(crate) fn remove(&mut self, e: usize, owner: usize) {
        self.inner.remove(e, owner);
    }

    /// Is edge `e` in the graph?
    pub(crate) fn live(&self, e: usize) -> bool {
        self.inner.live(e)
    }

    /// Makes the next solve cold (after changing most edges).
    pub(crate) fn restart(&mut self) {
        self.inner.restart();
    }

    /// A maximum lexicographic matching of the current graph: each vertex's
    /// mate.
    pub(crate) fn solve(&mut self) -> Vec<Option<usize>> {
        self.inner.solve()
    }

    /// After a solve: may edge `e` belong to a matching that is optimal on
    /// all fields but the last `low`? False only when its reduced cost in
    /// the optimal dual exceeds what the last `low` fields can add up to
    /// over a whole matching (complementary slackness: forcing it costs at
    /// least its reduced cost), as in [`Session::maybe_all`].
    pub(crate) fn maybe(&self, e: usize, low: usize) -> bool {
        self.inner.maybe(e, low)
    }

    /// After a solve: a tighter bound for [`Session::maybe`],
    /// [`Session::maybe_all`] and [`Session::prune`] with this `low`, until
    /// the next solve. `excess[i]`, for each of the last `low` extra fields
    /// in order, bounds how much more that field sums to over this solve's
    /// optimum `M` than over any other matching of the graph (its sum over
    /// `M` less the least sum a matching can have).
    ///
    /// Why it is sound: with optimal duals, every matching `M'` weighs at
    /// most `w(M)` less the reduced costs of its edges (LP duality: the
    /// duals' objective is `w(M)` and covers each edge's weight plus its
    /// reduced cost). If `M'` is optimal on the leading fields it differs
    /// from `M` only in the last `low`, so `w(M) - w(M')` is at most their
    /// excess, and no edge of `M'` has a reduced cost above it (twice it in
    /// the solver's doubled units). The static bound assumes every pair of
    /// a matching takes each field's largest value; the excess of an
    /// actual optimum is far smaller (a probe field is rewarded on one
    /// player's edges only, the guide sums to a fraction of its range).
    pub(crate) fn set_budget(&mut self, low: usize, excess: &[i64]) {
        self.inner.set_budget(low, excess)
    }

    /// [`Session::maybe`] of every edge, with the dual solution laid out
    /// once.
    pub(crate) fn maybe_all(&self, low: usize) -> Vec<bool> {
        self.inner.maybe_all(low)
    }

    /// After a solve: takes out of the graph every edge for which
    /// [`Session::maybe`] is false, and sets its flag in `out`. Such an edge has a
    /// positive reduced cost, so it is neither matched nor in a blossom and
    /// the next solve needs no repair for it. Sound for every later solve
    /// whose optima are optima of the same leading fields (or of fewer
    /// edges and vertices among them): it can be in none of them.
    pub(crate) fn prune(&mut self, low: usize, out: &Bits) {
        self.inner.prune(low, out)
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
mod sparse_tests;
