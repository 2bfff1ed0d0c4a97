//! Reduced costs of many edges against one dual solution, for pricing
//! edges that are not in the graph (column generation).

use super::{Matcher, NONE};
use crate::pairing::matching::Weight;

/// The dual solution of a [`Matcher`]'s last solve, laid out so that the
/// reduced cost of any edge takes the two vertex duals and, when both ends
/// lie in one outermost blossom, the duals of their common blossoms from
/// one lookup at their lowest common enclosing blossom.
///
/// That blossom is found in constant time: an Euler tour of each
/// outermost blossom's tree of sub-blossoms and a sparse table of the
/// shallowest node over every power-of-two stretch of the tour (the lowest
/// common ancestor of two leaves is the shallowest node the tour passes
/// between them). Pricing asks this for most edges of a bracket whose
/// players nest in one blossom hundreds deep. Memory grows with the
/// number of blossoms times the logarithm of their number, not with each
/// vertex's chain of enclosing blossoms (per-vertex chains took hundreds of
/// megabytes at thousands of players).
pub struct Pricer<'m, W: Weight> {
    m: &'m Matcher<W>,
    /// Depth of each node in the forest of blossoms (0 = outermost).
    depth: Vec<u32>,
    /// Position of each vertex's first visit in `tour` (`u32::MAX` when it
    /// is in no blossom).
    first: Vec<u32>,
    /// `table[k * len + i]`: the shallowest node of the tour's stretch
    /// `i .. i + 2^k` (`len` = the tour's length).
    table: Vec<u32>,
    len: usize,
    /// The duals of the blossoms enclosing node `x`, `x` included when it
    /// is a blossom, summed.
    incl: Vec<W>,
    /// Kept for [`Pricer::into_buffers`].
    stack: Vec<(usize, usize)>,
}

/// The memory of a [`Pricer`], kept for the next one
/// ([`Matcher::pricer_in`], [`Pricer::into_buffers`]): a pricer is built
/// after every solve of a session, and fresh tables of that size would be
/// pages the kernel clears each time.
#[derive(Debug)]
pub struct PricerBuffers<W> {
    depth: Vec<u32>,
    first: Vec<u32>,
    table: Vec<u32>,
    incl: Vec<W>,
    stack: Vec<(usize, usize)>,
}

impl<W> Default for PricerBuffers<W> {
    fn default() -> Self {
        PricerBuffers {
            depth: Vec::new(),
            first: Vec::new(),
            table: Vec::new(),
            incl: Vec::new(),
            stack: Vec::new(),
        }
    }
}

impl<W: Weight> Matcher<W> {
    /// A [`Pricer`] for the dual solution of the last solve; `None` before
    /// the first solve.
    pub fn pricer(&self) -> Option<Pricer<'_, W>> {
        self.pricer_in(PricerBuffers::default())
    }

    /// As [`Matcher::pricer`], in the memory of an earlier pricer.
    pub fn pricer_in(&self, bufs: PricerBuffers<W>) -> Option<Pricer<'_, W>> {
        if self.fresh {
            return None;
        }
        let PricerBuffers {
            mut depth,
            mut first,
            table: mut tour,
            mut incl,
            mut stack,
        } = bufs;
        let nodes = self.parent.len();
        depth.clear();
        depth.resize(nodes, 0);
        incl.clear();
        incl.resize(nodes, W::ZERO);
        first.clear();
        first.resize(self.n, u32::MAX);
        // The tours of the outermost blossoms, one after another (an edge
        // needs a common blossom only within one of them); the sparse table
        // grows after the tour in the same vector.
        tour.clear();
        stack.clear();
        for top in self.n..nodes {
            if self.base[top] == NONE || self.parent[top] != NONE {
                continue;
            }
            depth[top] = 0;
            incl[top] = self.dual[top];
            tour.push(top as u32);
            stack.push((top, 0));
            while let Some(&mut (b, ref mut next)) = stack.last_mut() {
                let kids = &self.childs[b];
                if *next < kids.len() {
                    let c = kids[*next];
                    *next += 1;
                    depth[c] = depth[b] + 1;
                    incl[c] = incl[b] + if c >= self.n { self.dual[c] } else { W::ZERO };
                    if c < self.n {
                        first[c] = tour.len() as u32;
                        tour.push(c as u32);
                        tour.push(b as u32);
                    } else {
                        tour.push(c as u32);
                        stack.push((c, 0));
                    }
                } else {
                    stack.pop();
                    if let Some(&(p, _)) = stack.last() {
                        tour.push(p as u32);
                    }
                }
            }
        }
        let len = tour.len();
        let levels = (usize::BITS - len.leading_zeros()).max(1) as usize;
        let mut table = tour;
        table.reserve(levels.saturating_sub(1) * len);
        for k in 1..levels {
            let half = 1usize << (k - 1);
            let below = (k - 1) * len;
            for i in 0..len {
                let a = table[below + i];
                let b = table.get(below + i + half).copied().unwrap_or(a);
                table.push(if depth[b as usize] < depth[a as usize] {
                    b
                } else {
                    a
                });
            }
        }
        Some(Pricer {
            m: self,
            depth,
            first,
            table,
            len,
            incl,
            stack,
        })
    }
}

impl<W: Weight> Pricer<'_, W> {
    /// This pricer's memory, for the next one.
    pub fn into_buffers(self) -> PricerBuffers<W> {
        PricerBuffers {
            depth: self.depth,
            first: self.first,
            table: self.table,
            incl: self.incl,
            stack: self.stack,
        }
    }

    /// True when the duals cover an edge `(u, v)` of weight `w` (its reduced
    /// cost is not negative).
    #[inline]
    pub fn covers(&self, u: usize, v: usize, w: W) -> bool {
        self.violation(u, v, w).is_none()
    }

    /// The reduced cost of an edge `(u, v)` of weight `w` when it is
    /// negative (the duals do not cover the edge), else `None`: decided from
    /// the vertex duals alone when they suffice (blossom duals are never
    /// negative), then, for two ends in one outermost blossom, from that
    /// blossom's dual (every blossom enclosing both lies inside it, so
    /// their duals add up to at least its own), the lowest common blossom
    /// looked up only when neither suffices. (Pricing a bracket nested in
    /// one blossom: nine edges in ten have both ends in it, and about half
    /// of those are covered by its dual.)
    #[inline]
    pub fn violation(&self, u: usize, v: usize, w: W) -> Option<W> {
        let s = self.vertex_part(u, v, w)?;
        if s >= W::ZERO {
            return None;
        }
        let Some(top) = self.outermost(u, v) else {
            return Some(s);
        };
        if s + self.incl[top] >= W::ZERO {
            return None;
        }
        let r = s + self.common_duals(u, v);
        (r < W::ZERO).then_some(r)
    }

    /// The vertex duals' part of the reduced cost of an edge `(u, v)` of
    /// weight `w`; `None` for out-of-range or equal ends.
    #[inline]
    fn vertex_part(&self, u: usize, v: usize, w: W) -> Option<W> {
        let m = self.m;
        if u >= m.n || v >= m.n || u == v {
            return None;
        }
        Some(m.dual[u] + m.dual[v] - w.double())
    }

    /// The outermost blossom enclosing both `u` and `v`, if any.
    #[inline]
    fn outermost(&self, u: usize, v: usize) -> Option<usize> {
        let top = self.m.inblossom[u];
        (top == self.m.inblossom[v] && top >= self.m.n).then_some(top)
    }

    /// The duals of the blossoms enclosing both `u` and `v`, summed (two
    /// vertices in one outermost blossom).
    #[inline]
    fn common_duals(&self, u: usize, v: usize) -> W {
        match self.common(u, v) {
            NONE => W::ZERO,
            c => self.incl[c],
        }
    }

    /// The lowest blossom enclosing both of two different vertices in one
    /// outermost blossom: the shallowest node the tour visits between
    /// their first visits.
    #[inline]
    fn common(&self, u: usize, v: usize) -> usize {
        let (a, b) = (self.first[u] as usize, self.first[v] as usize);
        if a >= self.len || b >= self.len {
            return NONE;
        }
        let (i, j) = (a.min(b), a.max(b));
        let k = (usize::BITS - 1 - (j - i + 1).leading_zeros()) as usize;
        let x = self.table[k * self.len + i];
        let y = self.table[k * self.len + j + 1 - (1 << k)];
        if self.depth[y as usize] < self.depth[x as usize] {
            y as usize
        } else {
            x as usize
        }
    }

    /// The reduced cost of an edge `(u, v)` of weight `w`, as
    /// [`Matcher::reduced_cost_of`] gives it; `None` for out-of-range or
    /// equal ends.
    pub fn reduced_cost(&self, u: usize, v: usize, w: W) -> Option<W> {
        let s = self.vertex_part(u, v, w)?;
        Some(match self.outermost(u, v) {
            None => s,
            Some(_) => s + self.common_duals(u, v),
        })
    }

    /// Marks in `out` (one flag per vertex) every vertex whose edges may
    /// have lost reduced cost since the matcher's last
    /// [`Matcher::clear_losses`]; an edge whose weight is unchanged and
    /// whose ends are both unmarked has a reduced cost at least the one it
    /// had then.
    ///
    /// Why: write the reduced cost of an edge `(x, y)` as `E_x + E_y - 2w -
    /// S(x, y)`, where `E_v` is `v`'s dual plus half the duals of the
    /// blossoms containing `v`, and `S(x, y)` is half the duals of the
    /// blossoms containing exactly one of `x` and `y`. Dissolving a blossom
    /// hands half its dual to each of its vertices (`E` unchanged, `S` not
    /// higher); a new blossom starts at dual zero; a dual step moves an
    /// outermost S-blossom's dual up by `2 delta` and its vertices' down by
    /// `delta` (`E` unchanged), a T-blossom's the other way, a trivial
    /// S-vertex's dual down and a T-vertex's up. So `E_x` falls, or `S(x,
    /// y)` grows, only while `x` or `y` lies in an S-node during a step of
    /// positive `delta`, or when a repair lowers a changed vertex's dual:
    /// exactly when the matcher marks it lost.
    pub fn loosened(&self, out: &mut [bool]) {
        for (flag, lost) in out.iter_mut().zip(&self.m.lost) {
            *flag |= *lost;
        }
    }
}
