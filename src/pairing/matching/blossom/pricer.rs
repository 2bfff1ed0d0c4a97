//! Reduced costs of many edges against one dual solution, for pricing
//! edges that are not in the graph (column generation).

use super::{Matcher, NONE};
use crate::pairing::matching::Weight;

/// The dual solution of a [`Matcher`]'s last solve, laid out so that the
/// reduced cost of any edge takes the two vertex duals and, when both ends
/// lie in one outermost blossom, the duals of their common blossoms from
/// one lookup at their lowest common enclosing blossom (found by binary
/// lifting in the forest of blossoms).
///
/// Memory grows with the number of blossoms times the logarithm of their
/// nesting depth, not with each vertex's chain of enclosing blossoms: a
/// bracket of thousands of players with many equal pairs nests blossoms
/// hundreds deep, and per-vertex chains took hundreds of megabytes there.
pub struct Pricer<'m, W: Weight> {
    m: &'m Matcher<W>,
    /// Depth of each node in the forest of blossoms (0 = outermost).
    depth: Vec<u32>,
    /// `up[k * nodes + x]`: the enclosing blossom `2^k` levels above node
    /// `x`, or `NONE`.
    up: Vec<usize>,
    levels: usize,
    /// The duals of the blossoms enclosing node `x`, `x` included when it
    /// is a blossom, summed.
    incl: Vec<W>,
}

impl<W: Weight> Matcher<W> {
    /// A [`Pricer`] for the dual solution of the last solve; `None` before
    /// the first solve.
    pub fn pricer(&self) -> Option<Pricer<'_, W>> {
        if self.fresh {
            return None;
        }
        let nodes = self.parent.len();
        let mut depth = vec![u32::MAX; nodes];
        let mut incl = vec![W::ZERO; nodes];
        let own = |x: usize| {
            if x >= self.n {
                self.dual[x]
            } else {
                W::ZERO
            }
        };
        // Each node after its parent: walk up to a node already placed,
        // then place the walked nodes from the top down.
        let mut path = Vec::new();
        for x in 0..nodes {
            let mut y = x;
            while y != NONE && depth[y] == u32::MAX {
                path.push(y);
                y = self.parent[y];
            }
            while let Some(z) = path.pop() {
                let p = self.parent[z];
                if p == NONE {
                    depth[z] = 0;
                    incl[z] = own(z);
                } else {
                    depth[z] = depth[p] + 1;
                    incl[z] = incl[p] + own(z);
                }
            }
        }
        let deepest = depth.iter().copied().max().unwrap_or(0);
        let levels = (u32::BITS - deepest.leading_zeros()).max(1) as usize;
        let mut up = Vec::with_capacity(levels * nodes);
        up.extend_from_slice(&self.parent);
        for k in 1..levels {
            let below = (k - 1) * nodes;
            for x in 0..nodes {
                let mid = up[below + x];
                up.push(if mid == NONE { NONE } else { up[below + mid] });
            }
        }
        Some(Pricer {
            m: self,
            depth,
            up,
            levels,
            incl,
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

    /// The lowest blossom enclosing both of two different vertices in one
    /// outermost blossom.
    fn common(&self, u: usize, v: usize) -> usize {
        let nodes = self.depth.len();
        let (mut a, mut b) = if self.depth[u] >= self.depth[v] {
            (u, v)
        } else {
            (v, u)
        };
        let mut rise = self.depth[a] - self.depth[b];
        let mut k = 0;
        while rise > 0 {
            if rise & 1 == 1 {
                a = self.up[k * nodes + a];
            }
            rise >>= 1;
            k += 1;
        }
        if a == b {
            return a;
        }
        for k in (0..self.levels).rev() {
            let (x, y) = (self.up[k * nodes + a], self.up[k * nodes + b]);
            if x != y {
                a = x;
                b = y;
            }
        }
        self.m.parent[a]
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
        let top = m.inblossom[u];
        if top != m.inblossom[v] || top < m.n {
            return Some(s);
        }
        let c = self.common(u, v);
        Some(if c == NONE { s } else { s + self.incl[c] })
    }

    /// The dual solution as it is now, per vertex: its dual, the birth and
    /// dual of its outermost blossom.
    pub fn snapshot(&self) -> DualSnapshot<W> {
        let m = self.m;
        let mut top = Vec::with_capacity(m.n);
        for v in 0..m.n {
            let b = m.inblossom[v];
            top.push(if b >= m.n {
                (m.birth[b], m.dual[b])
            } else {
                (0, W::ZERO)
            });
        }
        DualSnapshot {
            dual: m.dual[..m.n].to_vec(),
            top,
        }
    }

    /// Marks in `out` (one flag per vertex) every vertex whose dual is
    /// lower now than in `old`, whose outermost blossom is another one (by
    /// birth), or whose outermost blossom's dual is lower. An edge whose
    /// weight is unchanged and whose ends are both unmarked has a reduced
    /// cost at least the one it had in `old`: the vertex duals did not
    /// drop, and the blossoms containing both ends are the same blossoms
    /// (a blossom's sub-blossoms and their duals change only after it is
    /// dissolved, and only outermost blossoms' duals move), the outermost
    /// one's dual not lower.
    pub fn loosened_since(&self, old: &DualSnapshot<W>, out: &mut [bool]) {
        let m = self.m;
        if old.dual.len() != m.n || out.len() != m.n {
            out.iter_mut().for_each(|x| *x = true);
            return;
        }
        for (v, flag) in out.iter_mut().enumerate() {
            if *flag {
                continue;
            }
            let b = m.inblossom[v];
            let (birth, z) = if b >= m.n {
                (m.birth[b], m.dual[b])
            } else {
                (0, W::ZERO)
            };
            let (old_birth, old_z) = old.top[v];
            *flag = m.dual[v] < old.dual[v] || birth != old_birth || z < old_z;
        }
    }
}

/// A copy of a dual solution, per vertex: its dual and its outermost
/// blossom's birth and dual, kept to tell which vertices' edges may have
/// lost reduced cost since: see [`Pricer::loosened_since`].
#[derive(Debug, Clone)]
pub struct DualSnapshot<W: Weight> {
    dual: Vec<W>,
    top: Vec<(u64, W)>,
}
