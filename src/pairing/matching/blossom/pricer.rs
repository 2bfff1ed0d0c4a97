//! Reduced costs of many edges against one dual solution, for pricing
//! edges that are not in the graph (column generation).

use super::{Matcher, NONE};
use crate::pairing::matching::Weight;

/// The dual solution of a [`Matcher`]'s last solve, laid out so that the
/// reduced cost of any edge takes the two vertex duals and, when both ends
/// lie in one outermost blossom, a binary search over their chains of
/// enclosing blossoms (instead of walking them).
pub struct Pricer<'m, W: Weight> {
    m: &'m Matcher<W>,
    /// Enclosing blossoms of each vertex, outermost first: vertex `v` owns
    /// `chain[start[v]..start[v + 1]]`.
    chain: Vec<usize>,
    /// Sum of the duals of `chain[start[v]..=k]` at index `k`.
    sum: Vec<W>,
    start: Vec<usize>,
}

impl<W: Weight> Matcher<W> {
    /// A [`Pricer`] for the dual solution of the last solve; `None` before
    /// the first solve.
    pub fn pricer(&self) -> Option<Pricer<'_, W>> {
        if self.fresh {
            return None;
        }
        let mut chain = Vec::new();
        let mut sum = Vec::new();
        let mut start = Vec::with_capacity(self.n + 1);
        let mut up = Vec::new();
        for v in 0..self.n {
            start.push(chain.len());
            up.clear();
            let mut b = self.parent[v];
            while b != NONE {
                up.push(b);
                b = self.parent[b];
            }
            let mut acc = W::ZERO;
            for &b in up.iter().rev() {
                acc = acc + self.dual[b];
                chain.push(b);
                sum.push(acc);
            }
        }
        start.push(chain.len());
        Some(Pricer {
            m: self,
            chain,
            sum,
            start,
        })
    }
}

impl<W: Weight> Pricer<'_, W> {
    /// True when the duals cover an edge `(u, v)` of weight `w` (its reduced
    /// cost is not negative), decided from the vertex duals alone when
    /// they suffice (blossom duals are never negative).
    #[inline]
    pub fn covers(&self, u: usize, v: usize, w: W) -> bool {
        let m = self.m;
        if u >= m.n || v >= m.n || u == v {
            return true;
        }
        if m.dual[u] + m.dual[v] >= w.double() {
            return true;
        }
        self.reduced_cost(u, v, w).is_none_or(|c| c >= W::ZERO)
    }

    /// The reduced cost of an edge `(u, v)` of weight `w`, as
    /// [`Matcher::reduced_cost_of`] gives it; `None` for out-of-range or
    /// equal ends.
    pub fn reduced_cost(&self, u: usize, v: usize, w: W) -> Option<W> {
        let m = self.m;
        if u >= m.n || v >= m.n || u == v {
            return None;
        }
        let s = m.dual[u] + m.dual[v] - w.double();
        let cu = self.chain.get(self.start[u]..self.start[u + 1])?;
        let cv = self.chain.get(self.start[v]..self.start[v + 1])?;
        // The common blossoms are a common prefix of the two chains.
        let (mut lo, mut hi) = (0, cu.len().min(cv.len()));
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if cu[mid - 1] == cv[mid - 1] {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        if lo == 0 {
            return Some(s);
        }
        Some(s + self.sum[self.start[u] + lo - 1])
    }
}

/// A copy of a dual solution (vertex duals and each vertex's chain of
/// enclosing blossoms with their duals), kept to tell which vertices' edges
/// may have lost reduced cost since: see [`Pricer::loosened_since`].
#[derive(Debug, Clone)]
pub struct DualSnapshot<W: Weight> {
    dual: Vec<W>,
    chain: Vec<usize>,
    sum: Vec<W>,
    start: Vec<usize>,
}

impl<W: Weight> Pricer<'_, W> {
    /// The dual solution as it is now.
    pub fn snapshot(&self) -> DualSnapshot<W> {
        DualSnapshot {
            dual: self.m.dual[..self.m.n].to_vec(),
            chain: self.chain.clone(),
            sum: self.sum.clone(),
            start: self.start.clone(),
        }
    }

    /// Marks in `out` (one flag per vertex) every vertex whose dual is
    /// lower now than in `old` or whose chain of enclosing blossoms (their
    /// ids or duals) differs. The reduced cost of an edge is a function of
    /// its weight and of the dual and chain of each end (see
    /// [`Pricer::reduced_cost`]), and it only grows with a vertex dual, so
    /// an edge whose weight is unchanged and whose ends are both unmarked
    /// has a reduced cost at least the one it had in `old`.
    pub fn loosened_since(&self, old: &DualSnapshot<W>, out: &mut [bool]) {
        let n = self.m.n;
        if old.dual.len() != n || out.len() != n {
            out.iter_mut().for_each(|x| *x = true);
            return;
        }
        for (v, flag) in out.iter_mut().enumerate() {
            if *flag {
                continue;
            }
            let (now, then) = (
                self.start[v]..self.start[v + 1],
                old.start[v]..old.start[v + 1],
            );
            *flag = self.m.dual[v] < old.dual[v]
                || self.chain[now.clone()] != old.chain[then.clone()]
                || self.sum[now] != old.sum[then];
        }
    }
}
