//! Maximum-cardinality matching (unweighted Edmonds), O(n^3).
//!
//! Written from the description of Edmonds' algorithm: grow an alternating
//! tree by breadth-first search from one exposed vertex at a time; an edge
//! between two outer (even) vertices of the tree closes an odd cycle, which
//! is shrunk by giving all its vertices the cycle's base as representative;
//! an edge to an exposed vertex outside the tree is an augmenting path.

use std::collections::VecDeque;

const NONE: usize = usize::MAX;

/// The neighbours of each vertex: lists, or rows of a bit matrix.
enum Adj<'a> {
    Lists(&'a [Vec<usize>]),
    Bits { words: usize, bits: &'a [u64] },
}

impl Adj<'_> {
    /// `v`'s neighbours in increasing order, into `out`.
    fn fill(&self, v: usize, out: &mut Vec<usize>) {
        out.clear();
        match self {
            Adj::Lists(l) => out.extend_from_slice(&l[v]),
            Adj::Bits { words, bits } => {
                for (k, &w) in bits[v * words..(v + 1) * words].iter().enumerate() {
                    let mut w = w;
                    while w != 0 {
                        out.push(k * 64 + w.trailing_zeros() as usize);
                        w &= w - 1;
                    }
                }
            }
        }
    }
}

struct Search<'a> {
    adj: Adj<'a>,
    scratch: Vec<usize>,
    mate: Vec<usize>,
    /// Representative (base of the outermost shrunk blossom) of each vertex.
    rep: Vec<usize>,
    /// Tree predecessor of an inner (odd) vertex.
    pred: Vec<usize>,
    /// Outer (even) vertices of the current tree.
    outer: Vec<bool>,
    in_cycle: Vec<bool>,
    on_path: Vec<bool>,
    queue: VecDeque<usize>,
}

impl Search<'_> {
    /// Nearest common base of outer vertices `a` and `b` in the tree.
    fn common_base(&mut self, a: usize, b: usize) -> usize {
        for x in self.on_path.iter_mut() {
            *x = false;
        }
        let mut a = a;
        loop {
            a = self.rep[a];
            self.on_path[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.pred[self.mate[a]];
        }
        let mut b = b;
        loop {
            b = self.rep[b];
            if self.on_path[b] {
                return b;
            }
            b = self.pred[self.mate[b]];
        }
    }

    /// Marks the cycle vertices on the path from `v` down to `base`, where
    /// `child` is the vertex across the closing edge; re-points predecessors
    /// so that paths through the blossom can be unwound later.
    fn mark_cycle(&mut self, mut v: usize, base: usize, mut child: usize) {
        while self.rep[v] != base {
            let m = self.mate[v];
            self.in_cycle[self.rep[v]] = true;
            self.in_cycle[self.rep[m]] = true;
            self.pred[v] = child;
            child = m;
            v = self.pred[m];
        }
    }

    /// Breadth-first search for an augmenting path from `root`; returns the
    /// exposed vertex at its far end.
    fn find_path(&mut self, root: usize) -> usize {
        let n = self.mate.len();
        for v in 0..n {
            self.rep[v] = v;
            self.pred[v] = NONE;
            self.outer[v] = false;
        }
        self.queue.clear();
        self.outer[root] = true;
        self.queue.push_back(root);
        let mut nbrs = std::mem::take(&mut self.scratch);
        let end = self.search(root, &mut nbrs);
        self.scratch = nbrs;
        end
    }

    fn search(&mut self, root: usize, nbrs: &mut Vec<usize>) -> usize {
        let n = self.mate.len();
        while let Some(v) = self.queue.pop_front() {
            self.adj.fill(v, nbrs);
            for &to in nbrs.iter() {
                if self.rep[v] == self.rep[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.pred[self.mate[to]] != NONE) {
                    // `to` is outer: an odd cycle closes.
                    let base = self.common_base(v, to);
                    for x in self.in_cycle.iter_mut() {
                        *x = false;
                    }
                    self.mark_cycle(v, base, to);
                    self.mark_cycle(to, base, v);
                    for x in 0..n {
                        if self.in_cycle[self.rep[x]] {
                            self.rep[x] = base;
                            if !self.outer[x] {
                                self.outer[x] = true;
                                self.queue.push_back(x);
                            }
                        }
                    }
                } else if self.pred[to] == NONE {
                    self.pred[to] = v;
                    if self.mate[to] == NONE {
                        return to;
                    }
                    let m = self.mate[to];
                    self.outer[m] = true;
                    self.queue.push_back(m);
                }
            }
        }
        NONE
    }

    fn augment(&mut self, end: usize) {
        let mut v = end;
        while v != NONE {
            let pv = self.pred[v];
            let next = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = next;
        }
    }
}

/// A maximum-cardinality matching of the graph on vertices `0..n` with the
/// given (unweighted) edges: `result[v]` is `v`'s mate, `None` if exposed.
/// Self-loops and repeated edges are ignored.
///
/// Edmonds' blossom algorithm, O(n^3) worst case (one O(n + m) search per
/// augmentation plus O(n) per shrunk cycle), after a greedy start.
///
/// # Panics
/// If an endpoint is `>= n`.
///
/// ```
/// use chess_arbiter::pairing::matching::max_cardinality_matching;
/// // A triangle with a pendant vertex: two edges can be matched.
/// let m = max_cardinality_matching(4, &[(0, 1), (1, 2), (2, 0), (2, 3)]);
/// assert_eq!(m.iter().filter(|x| x.is_some()).count(), 4);
/// ```
pub fn max_cardinality_matching(n: usize, edges: &[(usize, usize)]) -> Vec<Option<usize>> {
    let mut adj = vec![Vec::new(); n];
    for &(u, v) in edges {
        assert!(u < n && v < n, "vertex out of range");
        if u != v {
            adj[u].push(v);
            adj[v].push(u);
        }
    }
    for a in adj.iter_mut() {
        a.sort_unstable();
        a.dedup();
    }
    run(n, Adj::Lists(&adj))
}

/// [`max_cardinality_matching`] of the graph on vertices `0..n` given as a
/// symmetric bit matrix: bit `w` of row `v` (words `v * words ..
/// (v + 1) * words`, `words >= n.div_ceil(64)`) set when `v`-`w` is an edge,
/// no bit at or beyond `n`, no self-loops. Memory n^2 / 8 bytes instead of
/// 16 bytes an edge; neighbours are visited in the same (increasing) order,
/// so the result is the same as from the edge list.
///
/// # Panics
/// If `bits` is shorter than `n * words`.
pub fn max_cardinality_matching_bits(n: usize, words: usize, bits: &[u64]) -> Vec<Option<usize>> {
    assert!(bits.len() >= n * words, "bit matrix too small");
    run(n, Adj::Bits { words, bits })
}

fn run(n: usize, adj: Adj) -> Vec<Option<usize>> {
    let mut s = Search {
        adj,
        scratch: Vec::new(),
        mate: vec![NONE; n],
        rep: vec![0; n],
        pred: vec![NONE; n],
        outer: vec![false; n],
        in_cycle: vec![false; n],
        on_path: vec![false; n],
        queue: VecDeque::new(),
    };
    // Greedy start.
    let mut nbrs = Vec::new();
    for v in 0..n {
        if s.mate[v] == NONE {
            s.adj.fill(v, &mut nbrs);
            if let Some(&w) = nbrs.iter().find(|&&w| s.mate[w] == NONE) {
                s.mate[v] = w;
                s.mate[w] = v;
            }
        }
    }
    for v in 0..n {
        if s.mate[v] == NONE {
            s.adj.fill(v, &mut nbrs);
            if nbrs.is_empty() {
                continue;
            }
            let end = s.find_path(v);
            if end != NONE {
                s.augment(end);
            }
        }
    }
    s.mate.iter().map(|&m| (m != NONE).then_some(m)).collect()
}
