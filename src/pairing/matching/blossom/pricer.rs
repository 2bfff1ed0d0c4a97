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
