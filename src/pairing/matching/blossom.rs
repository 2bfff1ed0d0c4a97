//! Edmonds' weighted blossom algorithm, primal-dual, O(n^3), with warm
//! starts.
//!
//! Written from the textbook description of the algorithm (Edmonds 1965;
//! Galil, "Efficient algorithms for finding maximum matching in graphs",
//! ACM Computing Surveys 18(1), 1986, section on weighted matching in general
//! graphs). Notation follows Galil: vertex duals `u`, blossom duals `z`, the
//! slack of edge `(i, j)` is `u_i + u_j - w_ij` for an edge between two
//! different outermost blossoms.
//!
//! # Integral duals
//!
//! Edge weights are doubled on entry. With doubled weights every dual
//! change `delta` is an integer: edges between two S-vertices always have an
//! even slack because all vertices of an alternating tree are joined to the
//! root by tight edges (so their duals have the root's parity) and all roots
//! of one stage have duals of the same parity. Blossom duals change by
//! `2 * delta` and stay even.
//!
//! # Warm starts
//!
//! The classic algorithm assumes every exposed vertex carries the same,
//! smallest, dual. To re-solve after a few edges changed we drop that
//! assumption: a root is any exposed vertex with a positive dual, an exposed
//! vertex with dual zero is a *sink* (it satisfies complementary slackness
//! and may stay exposed, but a tight edge from an S-vertex to a sink is an
//! augmenting path), and when the dual of a matched S-vertex reaches zero the
//! alternating path from its root is flipped so that vertex becomes exposed
//! (the root is matched; weight rises by the root's dual). Every stage ends
//! with the number of exposed vertices of positive dual strictly smaller, so
//! at most `n` stages run. When the algorithm stops, the matching and the
//! duals satisfy the LP optimality conditions for the matching polytope, so
//! the matching has maximum weight.
//!
//! Changing edges invalidates only the structure around their endpoints:
//! every blossom containing an endpoint is dissolved (its dual is handed to
//! its vertices, half each, which keeps every slack inside it unchanged and
//! raises slacks leaving it), matched edges that are no longer tight are
//! unmatched, and the endpoints get the smallest feasible dual. Everything
//! else (other blossoms, the rest of the matching, all other duals) is kept.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::weight::Weight;

mod delta;
mod heap;
mod pricer;
use delta::Heaps;
pub use pricer::{Pricer, PricerBuffers};

const NONE: usize = usize::MAX;
const FREE: u8 = 0;
const S: u8 = 1;
const T: u8 = 2;

/// A multiplicative hasher for the `(u, v)` edge index.
#[derive(Default, Clone, Copy)]
struct PairHasher(u64);

impl Hasher for PairHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

type PairMap = HashMap<u64, usize, BuildHasherDefault<PairHasher>>;

fn pair_key(u: usize, v: usize) -> u64 {
    let (a, b) = if u < v { (u, v) } else { (v, u) };
    ((a as u64) << 32) | (b as u64)
}

/// A reusable maximum-weight matching solver over vertices `0..n`.
///
/// Build it once, set edge weights with [`Matcher::set_weight`], call
/// [`Matcher::solve`]; then change some weights (or remove edges, isolate or
/// add vertices) and call [`Matcher::solve`] again. The second solve starts
/// from the previous optimum: it keeps the matching, the dual variables and
/// the blossoms that the changes did not touch, and repairs the rest. Its
/// result is a maximum-weight matching of the current graph, exactly as a
/// cold solve would give (the total weight is the same; among several
/// optimal matchings either may be returned).
///
/// The cost of a warm re-solve grows with the number of vertices whose edges
/// changed (roughly `O(k * n^2)` for `k` touched vertices in a dense graph,
/// against `O(n^3)` cold), so changing the edges of a few vertices and
/// re-solving is much cheaper than building a new graph.
///
/// Weights: see [`Weight`] for the headroom the solver needs. Edges of weight
/// zero or below are allowed; without maximum cardinality they are never
/// needed for an optimum, but may appear in the result when that costs
/// nothing.
///
/// Maximum cardinality: with [`Matcher::set_max_cardinality`]`(true)` the
/// solver returns a maximum-weight matching among the matchings of maximum
/// cardinality. That mode always solves from scratch (warm starts are used
/// only for plain maximum weight).
///
/// ```
/// use chess_arbiter::pairing::matching::Matcher;
/// let mut m = Matcher::<i64>::new(4);
/// m.set_weight(0, 1, 5);
/// m.set_weight(1, 2, 11);
/// m.set_weight(2, 3, 5);
/// let mates = m.solve();
/// assert_eq!(mates, vec![None, Some(2), Some(1), None]);
/// // Make the outer edges heavier: re-solve from the previous optimum.
/// m.set_weight(0, 1, 7);
/// m.set_weight(2, 3, 7);
/// assert_eq!(m.solve(), vec![Some(1), Some(0), Some(3), Some(2)]);
/// assert_eq!(m.total_weight(), 14);
/// ```
#[derive(Clone, Debug)]
pub struct Matcher<W: Weight> {
    n: usize,
    max_cardinality: bool,
    // ---- graph ----
    /// Endpoints of edge `e` are `eu[e]`, `ev[e]`. Endpoint ids: `2e` names
    /// `eu[e]`, `2e + 1` names `ev[e]`; `p ^ 1` is the other end.
    eu: Vec<usize>,
    ev: Vec<usize>,
    /// The user's weight.
    weight: Vec<W>,
    /// The doubled weight used by the solver.
    w2: Vec<W>,
    alive: Vec<bool>,
    free_edges: Vec<usize>,
    /// Edges removed since the last solve; reusable only after the repair.
    pending_free: Vec<usize>,
    index: PairMap,
    /// For vertex `v`, the endpoint ids naming its neighbours.
    adj: Vec<Vec<usize>>,
    // ---- solver state; nodes `0..n` are vertices, `n..2n` blossoms ----
    /// Endpoint naming the mate, or NONE.
    mate: Vec<usize>,
    /// Vertex duals `u` (nodes `0..n`) and blossom duals `z` (`n..2n`),
    /// both in doubled-weight units.
    dual: Vec<W>,
    /// Outermost blossom (or the vertex itself) containing each vertex.
    inblossom: Vec<usize>,
    /// Enclosing blossom of each node, or NONE when outermost.
    parent: Vec<usize>,
    /// Sub-blossoms of a blossom in cycle order; index 0 holds the base.
    childs: Vec<Vec<usize>>,
    /// `endps[b][i]` is an endpoint id `p` whose edge joins `childs[b][i]`
    /// (vertex `p ^ 1`) and `childs[b][i + 1]` (vertex `p`), cyclically.
    endps: Vec<Vec<usize>>,
    /// Base vertex of each node; NONE for an unused blossom id.
    base: Vec<usize>,
    /// Label of an outermost node.
    label: Vec<u8>,
    /// For an outermost labelled node, the endpoint naming the vertex of its
    /// tree parent (S: the mate of its base; T: the S-vertex that reached
    /// it); NONE for roots.
    labelend: Vec<usize>,
    /// For a vertex in a non-S outermost blossom: least-slack edge to an
    /// S-vertex.
    best_free: Vec<usize>,
    /// For an outermost S-node: least-slack edge to another S-node.
    best_s: Vec<usize>,
    /// For an S-blossom formed in this stage: for each other S-node, the
    /// least-slack edge to it.
    best_list: Vec<Option<Vec<usize>>>,
    unused_blossoms: Vec<usize>,
    queue: Vec<usize>,
    /// A reusable list of vertices.
    scratch: Vec<usize>,
    mark: Vec<bool>,
    best_to: Vec<usize>,
    /// For an outermost labelled node, the root vertex of its tree.
    tree: Vec<usize>,
    /// Vertices whose edges may have lost reduced cost since the last
    /// [`Matcher::clear_losses`]: see [`Pricer::loosened`].
    lost: Vec<bool>,
    /// Per vertex in an S-node: `g` when it entered one (it loses reduced
    /// cost on its edges if `g` grows before it leaves).
    sg: Vec<W>,
    // ---- lazy dual steps (see `delta`) ----
    /// The sum of the dual steps of the current run; zero outside a run.
    /// Labelled nodes store their duals relative to it.
    g: W,
    /// The event queues of the current run.
    heaps: Heaps<W>,
    /// Per vertex: the instance of its current label (a new one each time
    /// the label of its outermost node changes).
    vinst: Vec<u64>,
    /// Per node: the instance of its current label as an outermost node.
    binst: Vec<u64>,
    /// The last instance number given out.
    clock: u64,
    /// `vinst` of the S-end of `best_free[v]` when it was recorded.
    bf_gen: Vec<u64>,
    /// The S-end of `best_free[v]`.
    bf_x: Vec<usize>,
    /// `dual[x] - w2[e]` (stored dual) for `best_free[v] = e` and its S-end
    /// `x`: constant while `x` keeps its label instance, and the slack of
    /// `e` less the part from `v` (so edges of `v` compare by it).
    bf_inv: Vec<W>,
    /// False when `best_free[v]` may not be the least-slack edge of `v`
    /// (it was recorded after the previous one went out of date).
    bf_exact: Vec<bool>,
    /// `vinst` of the far end of `best_s[b]` when it was recorded.
    bs_gen: Vec<u64>,
    /// As `bf_exact`, for `best_s`.
    bs_exact: Vec<bool>,
    // ---- warm-start bookkeeping ----
    dirty: Vec<bool>,
    dirty_list: Vec<usize>,
    /// True when there is no optimum to start from.
    fresh: bool,
}

impl<W: Weight> Matcher<W> {
    /// A solver over vertices `0..n` with no edges.
    pub fn new(n: usize) -> Self {
        assert!(n < (1 << 31), "too many vertices for the matcher");
        let mut m = Matcher {
            n,
            max_cardinality: false,
            eu: Vec::new(),
            ev: Vec::new(),
            weight: Vec::new(),
            w2: Vec::new(),
            alive: Vec::new(),
            free_edges: Vec::new(),
            pending_free: Vec::new(),
            index: PairMap::default(),
            adj: vec![Vec::new(); n],
            mate: Vec::new(),
            dual: Vec::new(),
            inblossom: Vec::new(),
            parent: Vec::new(),
            childs: Vec::new(),
            endps: Vec::new(),
            base: Vec::new(),
            label: Vec::new(),
            labelend: Vec::new(),
            best_free: Vec::new(),
            best_s: Vec::new(),
            best_list: Vec::new(),
            unused_blossoms: Vec::new(),
            queue: Vec::new(),
            scratch: Vec::new(),
            mark: Vec::new(),
            best_to: Vec::new(),
            tree: Vec::new(),
            lost: Vec::new(),
            sg: Vec::new(),
            g: W::ZERO,
            heaps: Heaps::new(0),
            vinst: Vec::new(),
            binst: Vec::new(),
            clock: 0,
            bf_gen: Vec::new(),
            bf_x: Vec::new(),
            bf_inv: Vec::new(),
            bf_exact: Vec::new(),
            bs_gen: Vec::new(),
            bs_exact: Vec::new(),
            dirty: vec![false; n],
            dirty_list: Vec::new(),
            fresh: true,
        };
        m.reset_structure();
        m
    }

    /// A solver over vertices `0..n` with the given edges. A later entry for
    /// the same pair replaces an earlier one; self-loops are ignored.
    ///
    /// # Panics
    /// If an endpoint is `>= n`.
    pub fn with_edges(n: usize, edges: &[(usize, usize, W)]) -> Self {
        let mut m = Self::new(n);
        m.eu.reserve(edges.len());
        m.ev.reserve(edges.len());
        m.weight.reserve(edges.len());
        m.w2.reserve(edges.len());
        m.alive.reserve(edges.len());
        m.index.reserve(edges.len());
        for &(u, v, w) in edges {
            m.set_weight(u, v, w);
        }
        m
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.n
    }

    /// The number of edges currently present.
    pub fn edge_count(&self) -> usize {
        self.index.len()
    }

    /// Chooses between plain maximum weight (`false`, the default) and
    /// maximum weight among maximum-cardinality matchings (`true`). Changing
    /// the mode makes the next solve start from scratch.
    pub fn set_max_cardinality(&mut self, on: bool) {
        if on != self.max_cardinality {
            self.max_cardinality = on;
            self.fresh = true;
        }
    }

    /// The weight of edge `(u, v)`, if present.
    pub fn weight(&self, u: usize, v: usize) -> Option<W> {
        self.index.get(&pair_key(u, v)).map(|&e| self.weight[e])
    }

    /// Makes room for `more` edges beyond those present, so that setting
    /// them does not grow the edge arrays step by step (each growth of a
    /// large array is a copy into fresh pages).
    pub fn reserve_edges(&mut self, more: usize) {
        self.eu.reserve(more);
        self.ev.reserve(more);
        self.weight.reserve(more);
        self.w2.reserve(more);
        self.alive.reserve(more);
        self.index.reserve(more);
    }

    /// Adds edge `(u, v)` or changes its weight. Setting the weight it
    /// already has changes nothing. Self-loops (`u == v`) are ignored.
    ///
    /// Only `u` is marked for repair: the next warm solve dissolves the
    /// blossoms containing `u`, unmatches `u` and its mate and gives `u` the
    /// smallest feasible dual. That restores the optimality conditions for
    /// any change of `u`'s edges (no edge at `u` is then matched or inside a
    /// blossom, and `u`'s dual covers all of them), so the other endpoint
    /// needs nothing. When changing several edges of one vertex, name that
    /// vertex first: the repair then stays around it.
    ///
    /// # Panics
    /// If `u` or `v` is `>= n`.
    pub fn set_weight(&mut self, u: usize, v: usize, w: W) {
        assert!(u < self.n && v < self.n, "vertex out of range");
        if u == v {
            return;
        }
        let key = pair_key(u, v);
        if let Some(&e) = self.index.get(&key) {
            if self.weight[e] == w {
                return;
            }
            self.weight[e] = w;
            self.w2[e] = w.double();
        } else {
            let e = match self.free_edges.pop() {
                Some(e) => {
                    self.eu[e] = u;
                    self.ev[e] = v;
                    self.weight[e] = w;
                    self.w2[e] = w.double();
                    self.alive[e] = true;
                    e
                }
                None => {
                    self.eu.push(u);
                    self.ev.push(v);
                    self.weight.push(w);
                    self.w2.push(w.double());
                    self.alive.push(true);
                    self.eu.len() - 1
                }
            };
            self.index.insert(key, e);
            self.adj[u].push(2 * e + 1);
            self.adj[v].push(2 * e);
        }
        self.touch(u);
    }

    /// Removes edge `(u, v)` if present; returns whether it was.
    ///
    /// As with [`Matcher::set_weight`], only `u` is marked for repair.
    pub fn remove_edge(&mut self, u: usize, v: usize) -> bool {
        if !self.unlink(u, v) {
            return false;
        }
        self.touch(u);
        true
    }

    /// Takes edge `(u, v)` out of the graph without marking anything for
    /// repair; returns whether it was there.
    fn unlink(&mut self, u: usize, v: usize) -> bool {
        let Some(e) = self.index.remove(&pair_key(u, v)) else {
            return false;
        };
        self.alive[e] = false;
        for x in [self.eu[e], self.ev[e]] {
            if let Some(i) = self.adj[x].iter().position(|&p| p >> 1 == e) {
                self.adj[x].swap_remove(i);
            }
        }
        self.pending_free.push(e);
        true
    }

    /// Removes edge `(u, v)` if present; returns whether it was. If the edge
    /// has not changed since the last solve and has a positive reduced cost
    /// in its dual solution, it is neither matched nor part of a blossom
    /// (both need a reduced cost of zero), so the solution stays optimal
    /// without it and nothing is marked for repair: pruning edges that can
    /// be in no optimum costs the next solve nothing. Otherwise as
    /// [`Matcher::remove_edge`].
    pub fn remove_loose_edge(&mut self, u: usize, v: usize) -> bool {
        let Some(&e) = self.index.get(&pair_key(u, v)) else {
            return false;
        };
        let loose = !self.fresh
            && !self.max_cardinality
            && !self.dirty[u]
            && !self.dirty[v]
            && self
                .reduced_cost_of(u, v, self.weight[e])
                .is_some_and(|c| c > W::ZERO);
        if loose {
            self.unlink(u, v)
        } else {
            self.remove_edge(u, v)
        }
    }

    /// Removes every edge at `v` (the vertex stays, unmatched). Only `v` is
    /// marked for repair.
    pub fn isolate(&mut self, v: usize) {
        let nbrs: Vec<usize> = self.adj[v].iter().map(|&p| self.vert(p)).collect();
        for x in nbrs {
            self.remove_edge(v, x);
        }
    }

    /// Adds a vertex without edges and returns its number (`n` before the
    /// call). Blossoms are dissolved (the matching and duals are kept).
    pub fn add_vertex(&mut self) -> usize {
        if !self.fresh {
            self.dissolve_all_blossoms();
        }
        let v = self.n;
        self.n += 1;
        self.adj.push(Vec::new());
        self.dirty.push(false);
        let keep_fresh = self.fresh;
        // Re-number blossom ids: none exist any more, so only vertex arrays
        // need their entries kept.
        let mate = std::mem::take(&mut self.mate);
        let duals: Vec<W> = self.dual.iter().take(v).copied().collect();
        self.reset_structure();
        self.mate[..v].copy_from_slice(&mate[..v]);
        self.dual[..v].copy_from_slice(&duals);
        self.fresh = keep_fresh;
        v
    }

    /// Starts a new count of the vertices whose edges may lose reduced
    /// cost (see [`Pricer::loosened`]).
    pub fn clear_losses(&mut self) {
        self.lost.iter_mut().for_each(|x| *x = false);
    }

    /// The mates found by the last [`Matcher::solve`] (or an empty matching
    /// before the first one).
    pub fn mates(&self) -> Vec<Option<usize>> {
        (0..self.n)
            .map(|v| (self.mate[v] != NONE).then(|| self.vert(self.mate[v])))
            .collect()
    }

    /// The mate of `v` in the last solution.
    pub fn mate(&self, v: usize) -> Option<usize> {
        let p = self.mate[v];
        (p != NONE).then(|| self.vert(p))
    }

    /// The total weight of the last solution (sum over matched edges).
    pub fn total_weight(&self) -> W {
        let mut t = W::ZERO;
        for v in 0..self.n {
            let p = self.mate[v];
            if p != NONE && v < self.vert(p) {
                t = t + self.weight[p >> 1];
            }
        }
        t
    }

    /// The reduced cost of edge `(u, v)` in the dual solution of the last
    /// solve (doubled-weight units): `u_u + u_v - 2 w_uv` plus the dual of
    /// every blossom containing both ends (kept in the same units). After a plain
    /// maximum-weight solve it is never negative, and it is zero on every
    /// edge of the matching; by complementary slackness an edge with a
    /// positive reduced cost belongs to no maximum-weight matching at all.
    /// `None` when the edge does not exist or nothing was solved yet.
    pub fn reduced_cost(&self, u: usize, v: usize) -> Option<W> {
        let &e = self.index.get(&pair_key(u, v))?;
        self.reduced_cost_of(u, v, self.weight[e])
    }

    /// The reduced cost that an edge `(u, v)` of weight `w` would have in the
    /// dual solution of the last solve, whether or not the edge is in the
    /// graph (see [`Matcher::reduced_cost`]). A negative value means the
    /// edge would improve the matching: adding the edges with negative
    /// reduced cost and solving again (warm) until none is left gives an
    /// optimum of the larger graph (the duals then certify it). `None`
    /// before the first solve or for out-of-range vertices.
    pub fn reduced_cost_of(&self, u: usize, v: usize, w: W) -> Option<W> {
        if self.fresh || u >= self.n || v >= self.n || u == v {
            return None;
        }
        let mut s = self.dual[u] + self.dual[v] - w.double();
        // The blossoms containing both ends are the common tail of their
        // chains of enclosing blossoms; none unless the outermost agree.
        if self.inblossom[u] != self.inblossom[v] || self.inblossom[u] < self.n {
            return Some(s);
        }
        let depth = |x: usize| {
            let (mut d, mut b) = (0usize, self.parent[x]);
            while b != NONE {
                d += 1;
                b = self.parent[b];
            }
            d
        };
        // Walk both chains up to the same depth, then together until they
        // meet; from there on every blossom contains both ends.
        let (mut a, mut b) = (self.parent[u], self.parent[v]);
        let (mut da, mut db) = (depth(u), depth(v));
        while da > db {
            a = self.parent[a];
            da -= 1;
        }
        while db > da {
            b = self.parent[b];
            db -= 1;
        }
        while a != b {
            a = self.parent[a];
            b = self.parent[b];
        }
        while a != NONE {
            s = s + self.dual[a];
            a = self.parent[a];
        }
        Some(s)
    }

    /// `u_u + u_v - 2 w` for an edge `(u, v)` of weight `w`: the part of
    /// [`Matcher::reduced_cost_of`] from the vertex duals alone, a lower
    /// bound of it (blossom duals are never negative). `None` as there.
    #[inline]
    pub fn vertex_slack_of(&self, u: usize, v: usize, w: W) -> Option<W> {
        if self.fresh || u >= self.n || v >= self.n || u == v {
            return None;
        }
        Some(self.dual[u] + self.dual[v] - w.double())
    }

    /// Forgets the previous optimum: the next solve starts from scratch.
    pub fn reset(&mut self) {
        self.fresh = true;
    }

    /// Computes a maximum-weight matching of the current graph (see the type
    /// documentation) and returns each vertex's mate.
    pub fn solve(&mut self) -> Vec<Option<usize>> {
        if self.fresh || self.max_cardinality {
            self.cold_start();
        } else {
            self.repair();
        }
        for &x in &self.dirty_list {
            self.dirty[x] = false;
        }
        self.dirty_list.clear();
        self.free_edges.append(&mut self.pending_free);
        self.fresh = false;
        self.run();
        self.mates()
    }

    // ------------------------------------------------------------------
    // small helpers

    #[inline]
    fn vert(&self, p: usize) -> usize {
        if p & 1 == 0 {
            self.eu[p >> 1]
        } else {
            self.ev[p >> 1]
        }
    }

    /// The slack of edge `e` from the true duals of its ends.
    #[inline]
    fn slack(&self, e: usize) -> W {
        self.ydual(self.eu[e]) + self.ydual(self.ev[e]) - self.w2[e]
    }

    /// The smallest dual of `v` that keeps every edge at `v` feasible (the
    /// largest `2 w - u` over its neighbours, at least zero), for a trivial
    /// blossom `v`.
    fn least_feasible_dual(&self, v: usize) -> W {
        let mut need = W::ZERO;
        for &p in &self.adj[v] {
            let d = self.w2[p >> 1] - self.dual[self.vert(p)];
            if d > need {
                need = d;
            }
        }
        need
    }

    /// Matches the exposed vertex `v` along its first tight edge to another
    /// exposed vertex, if any (greedy cold start).
    fn match_tight_exposed(&mut self, v: usize) {
        for i in 0..self.adj[v].len() {
            let p = self.adj[v][i];
            let u = self.vert(p);
            if self.mate[u] == NONE && self.slack(p >> 1) == W::ZERO {
                self.mate[v] = p;
                self.mate[u] = p ^ 1;
                return;
            }
        }
    }

    fn touch(&mut self, v: usize) {
        if !self.dirty[v] {
            self.dirty[v] = true;
            self.dirty_list.push(v);
        }
    }

    /// Pushes the vertices of node `b` onto `out`.
    fn leaves_into(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
            return;
        }
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if x < self.n {
                out.push(x);
            } else {
                stack.extend_from_slice(&self.childs[x]);
            }
        }
    }

    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves_into(b, &mut v);
        v
    }

    /// All arrays sized for the current `n`, no blossoms, no matching, zero
    /// duals.
    fn reset_structure(&mut self) {
        let n = self.n;
        self.mate = vec![NONE; n];
        self.dual = vec![W::ZERO; 2 * n];
        self.inblossom = (0..n).collect();
        self.parent = vec![NONE; 2 * n];
        self.childs = vec![Vec::new(); 2 * n];
        self.endps = vec![Vec::new(); 2 * n];
        self.base = (0..n).chain(std::iter::repeat_n(NONE, n)).collect();
        self.label = vec![FREE; 2 * n];
        self.labelend = vec![NONE; 2 * n];
        self.best_free = vec![NONE; n];
        self.best_s = vec![NONE; 2 * n];
        self.best_list = vec![None; 2 * n];
        self.unused_blossoms = (n..2 * n).rev().collect();
        self.mark = vec![false; 2 * n];
        self.best_to = vec![NONE; 2 * n];
        self.tree = vec![NONE; 2 * n];
        self.lost = vec![true; n];
        self.sg = vec![W::ZERO; n];
        self.queue.clear();
        self.g = W::ZERO;
        self.heaps = Heaps::new(n);
        self.vinst = vec![0; n];
        self.binst = vec![0; 2 * n];
        self.bf_gen = vec![0; n];
        self.bf_x = vec![NONE; n];
        self.bf_inv = vec![W::ZERO; n];
        self.bf_exact = vec![true; n];
        self.bs_gen = vec![0; 2 * n];
        self.bs_exact = vec![true; 2 * n];
    }

    /// No blossoms. With maximum cardinality: empty matching, every vertex
    /// dual equal to the largest edge weight (zero for isolated vertices),
    /// the classic starting point. Otherwise a greedy start (see below).
    fn cold_start(&mut self) {
        self.reset_structure();
        let mut maxw: Option<W> = None;
        for e in 0..self.eu.len() {
            if self.alive[e] {
                let w = self.weight[e];
                maxw = Some(maxw.map_or(w, |m: W| m.max(w)));
            }
        }
        let mut start = maxw.unwrap_or(W::ZERO);
        if !self.max_cardinality && start < W::ZERO {
            start = W::ZERO;
        }
        if self.max_cardinality {
            for v in 0..self.n {
                self.dual[v] = if self.adj[v].is_empty() {
                    W::ZERO
                } else {
                    start
                };
            }
            return;
        }
        // Plain maximum weight: a cheaper start that the generalised
        // algorithm (roots with unequal duals) allows. Each vertex gets its
        // heaviest incident weight as dual (feasible: u_i + u_j >= 2 w_ij),
        // tight edges (mutually heaviest) are matched greedily, and exposed
        // vertices round their dual up to even so that all roots share one
        // parity.
        for v in 0..self.n {
            let mut y = W::ZERO;
            for &p in &self.adj[v] {
                let w = self.weight[p >> 1];
                if w > y {
                    y = w;
                }
            }
            self.dual[v] = y;
        }
        for v in 0..self.n {
            if self.mate[v] != NONE || self.dual[v] == W::ZERO {
                continue;
            }
            self.match_tight_exposed(v);
        }
        // Second pass: lower each exposed vertex's dual to the smallest
        // feasible value (the largest `2 w - u` over its neighbours); if
        // that makes an edge to another exposed vertex tight, match it.
        for v in 0..self.n {
            if self.mate[v] != NONE || self.dual[v] == W::ZERO {
                continue;
            }
            self.dual[v] = self.least_feasible_dual(v);
            self.match_tight_exposed(v);
        }
        for v in 0..self.n {
            if self.mate[v] == NONE && self.dual[v].halve().double() != self.dual[v] {
                self.dual[v] = self.dual[v] + W::ONE;
            }
        }
    }

    // ------------------------------------------------------------------
    // warm start

    /// Dissolves the outermost blossom `b`, handing half its dual to each of
    /// its vertices. If that leaves the matched edge at its base non-tight,
    /// unmatches it. Vertices that become exposed with a possibly positive
    /// dual are pushed onto `exposed`.
    fn dissolve_top(&mut self, b: usize, exposed: &mut Vec<usize>) {
        let z = self.dual[b];
        let bv = self.base[b];
        if z > W::ZERO {
            let half = z.halve();
            for v in self.leaves(b) {
                self.dual[v] = self.dual[v] + half;
            }
            let p = self.mate[bv];
            if p != NONE {
                let m = self.vert(p);
                self.mate[bv] = NONE;
                self.mate[m] = NONE;
                exposed.push(m);
            }
            exposed.push(bv);
        }
        let ch = std::mem::take(&mut self.childs[b]);
        self.endps[b].clear();
        for &c in &ch {
            self.parent[c] = NONE;
            if c < self.n {
                self.inblossom[c] = c;
            } else {
                for v in self.leaves(c) {
                    self.inblossom[v] = c;
                }
            }
        }
        self.dual[b] = W::ZERO;
        self.base[b] = NONE;
        self.label[b] = FREE;
        self.labelend[b] = NONE;
        self.best_list[b] = None;
        self.best_s[b] = NONE;
        self.unused_blossoms.push(b);
    }

    /// Dissolves every blossom containing `v`, outermost first.
    fn dissolve_around(&mut self, v: usize, exposed: &mut Vec<usize>) {
        loop {
            let b = self.inblossom[v];
            if b < self.n {
                return;
            }
            self.dissolve_top(b, exposed);
        }
    }

    fn dissolve_all_blossoms(&mut self) {
        let mut exposed = Vec::new();
        for v in 0..self.n {
            self.dissolve_around(v, &mut exposed);
        }
        // Exposed vertices with a positive dual are fixed by the next repair.
        for v in exposed {
            self.touch_exposed(v);
        }
    }

    /// Records an exposed vertex whose dual needs its parity fixed.
    fn touch_exposed(&mut self, v: usize) {
        // Dirty vertices get their dual recomputed (rounded to even) by the
        // repair; that is what an exposed vertex needs too.
        self.touch(v);
    }

    /// Restores dual feasibility and complementary slackness around the
    /// vertices whose edges changed, keeping everything else.
    fn repair(&mut self) {
        let mut exposed = Vec::new();
        let dirty = std::mem::take(&mut self.dirty_list);
        // 1. Dissolve blossoms around changed vertices, unmatch them.
        for &x in &dirty {
            self.dissolve_around(x, &mut exposed);
            let p = self.mate[x];
            if p != NONE {
                let m = self.vert(p);
                self.mate[x] = NONE;
                self.mate[m] = NONE;
                exposed.push(m);
            }
        }
        // 2. Newly exposed vertices: make them trivial blossoms (dissolving a
        //    blossom whose base is exposed unmatches nothing more) and give
        //    them an even dual (raising a dual keeps feasibility).
        let mut i = 0;
        while i < exposed.len() {
            let v = exposed[i];
            self.dissolve_around(v, &mut exposed);
            i += 1;
        }
        for &v in &exposed {
            if self.mate[v] == NONE && self.dual[v].halve().double() != self.dual[v] {
                self.dual[v] = self.dual[v] + W::ONE;
            }
        }
        // 3. Changed vertices (now trivial and exposed): smallest feasible
        //    dual, rounded up to even.
        for &x in &dirty {
            let mut need = self.least_feasible_dual(x);
            if need.halve().double() != need {
                need = need + W::ONE;
            }
            self.dual[x] = need;
            self.lost[x] = true;
        }
        self.dirty_list = dirty;
    }

    // ------------------------------------------------------------------
    // the primal-dual algorithm

    fn reset_labels(&mut self) {
        for x in self.label.iter_mut() {
            *x = FREE;
        }
        for x in self.labelend.iter_mut() {
            *x = NONE;
        }
        for x in self.best_free.iter_mut() {
            *x = NONE;
        }
        for x in self.best_s.iter_mut() {
            *x = NONE;
        }
        for x in self.best_list.iter_mut() {
            *x = None;
        }
        for x in self.tree.iter_mut() {
            *x = NONE;
        }
        self.bf_exact.iter_mut().for_each(|x| *x = true);
        self.bs_exact.iter_mut().for_each(|x| *x = true);
        self.queue.clear();
        self.heaps.clear();
        self.g = W::ZERO;
    }

    /// The primal-dual loop. Trees grow from every root at once; an
    /// augmentation (or a root whose dual reaches zero) dissolves only the
    /// trees involved, and the others keep growing, so the labels are not
    /// rebuilt from scratch after each augmentation.
    fn run(&mut self) {
        let n = self.n;
        self.reset_labels();
        for v in 0..n {
            if self.mate[v] == NONE
                && self.label[self.inblossom[v]] == FREE
                && (self.max_cardinality || self.dual[v] > W::ZERO)
            {
                self.assign_label(v, S, NONE);
            }
        }
        loop {
            self.scan_queue();
            let Some(events) = self.next_delta() else {
                // No tree left (or, with maximum cardinality, none can grow).
                self.materialise_duals();
                return;
            };
            for ev in events {
                match ev {
                    Event::VertexZero(v) => {
                        let b = self.inblossom[v];
                        if self.label[b] != S || self.ydual(v) != W::ZERO {
                            continue;
                        }
                        let t = self.tree[b];
                        if self.mate[v] != NONE {
                            self.augment_from(v, NONE);
                        }
                        self.destroy(t, NONE);
                    }
                    Event::Edge(e) => {
                        let (u, v) = (self.eu[e], self.ev[e]);
                        if self.label[self.inblossom[u]] == S {
                            self.consider(u, 2 * e + 1);
                        } else if self.label[self.inblossom[v]] == S {
                            self.consider(v, 2 * e);
                        }
                    }
                    Event::Expand(b) => {
                        if self.base[b] != NONE
                            && self.parent[b] == NONE
                            && self.label[b] == T
                            && self.zdual(b) == W::ZERO
                        {
                            self.expand(b, false);
                        }
                    }
                }
                self.scan_queue();
            }
        }
    }

    /// Scans the S-vertices waiting in the queue.
    fn scan_queue(&mut self) {
        while let Some(v) = self.queue.pop() {
            let mut i = 0;
            while i < self.adj[v].len() && self.label[self.inblossom[v]] == S {
                let p = self.adj[v][i];
                i += 1;
                self.consider(v, p);
            }
        }
    }

    /// Unlabels every node of the trees rooted at `t1` and `t2` (after an
    /// augmentation through them), expands their blossoms of zero dual, and
    /// recomputes the least-slack edges of their vertices.
    fn destroy(&mut self, t1: usize, t2: usize) {
        let n = self.n;
        let mut nodes = Vec::new();
        for b in 0..2 * n {
            let top = if b < n {
                self.inblossom[b] == b
            } else {
                self.base[b] != NONE && self.parent[b] == NONE
            };
            if top && self.label[b] != FREE && (self.tree[b] == t1 || self.tree[b] == t2) {
                nodes.push(b);
            }
        }
        let mut verts = Vec::new();
        for b in nodes {
            self.relabel(b, FREE, &mut verts);
            self.labelend[b] = NONE;
            self.tree[b] = NONE;
            self.best_s[b] = NONE;
            self.best_list[b] = None;
            if b >= n && self.dual[b] == W::ZERO {
                self.expand(b, true);
            }
        }
        for w in verts {
            self.rescan_free(w);
        }
    }

    /// Recomputes the least-slack edge from vertex `w` to an S-vertex.
    fn rescan_free(&mut self, w: usize) {
        let bw = self.inblossom[w];
        let mut best = NONE;
        let mut best_x = NONE;
        let mut best_inv = W::ZERO;
        for &p in &self.adj[w] {
            let x = self.vert(p);
            let bx = self.inblossom[x];
            if bx != bw && self.label[bx] == S {
                // The slack less the part from `w`, the same for every edge.
                let inv = self.dual[x] - self.w2[p >> 1];
                if best == NONE || inv < best_inv {
                    best = p >> 1;
                    best_x = x;
                    best_inv = inv;
                }
            }
        }
        self.best_free[w] = best;
        self.bf_exact[w] = true;
        if best != NONE {
            self.bf_x[w] = best_x;
            self.bf_gen[w] = self.vinst[best_x];
            self.bf_inv[w] = best_inv;
            self.push_free(w, true);
        }
    }

    /// Recomputes the least-slack edge from S-node `b` to another S-node.
    fn rescan_s(&mut self, b: usize) {
        let mut best = NONE;
        let mut far = NONE;
        let mut best_slack = W::ZERO;
        for v in self.leaves(b) {
            for &p in &self.adj[v] {
                let bx = self.inblossom[self.vert(p)];
                if bx != b && self.label[bx] == S {
                    let s = self.slack(p >> 1);
                    if best == NONE || s < best_slack {
                        best = p >> 1;
                        best_slack = s;
                        far = self.vert(p);
                    }
                }
            }
        }
        self.bs_exact[b] = true;
        self.set_best_s(b, best, far, true);
    }

    /// Records `e` (reaching vertex `far` outside `b`) as the least-slack
    /// edge of the S-node `b` and queues it.
    /// With `exact`, its entry replaces the node's queued one.
    fn set_best_s(&mut self, b: usize, e: usize, far: usize, exact: bool) {
        self.best_s[b] = e;
        if e != NONE {
            self.bs_gen[b] = self.vinst[far];
            self.push_pair(b, exact);
        }
    }

    /// Offers edge `e` from the S-vertex `x` to the non-S vertex `w` as
    /// `w`'s least-slack edge to an S-vertex.
    fn offer_free(&mut self, w: usize, e: usize, x: usize) {
        let inv = self.dual[x] - self.w2[e];
        let better = if self.best_free[w] == NONE {
            true
        } else if !self.free_valid(w) {
            // The recorded edge went out of date: `e` may not be the least
            // one (its entry in the queue, a lower bound, finds out).
            self.bf_exact[w] = false;
            true
        } else {
            inv < self.bf_inv[w]
        };
        if better {
            self.best_free[w] = e;
            self.bf_x[w] = x;
            self.bf_gen[w] = self.vinst[x];
            self.bf_inv[w] = inv;
            self.push_free(w, false);
        }
    }

    /// Examines the edge from S-vertex `v` to vertex `vert(p)`. Returns true
    /// if it augmented the matching.
    fn consider(&mut self, v: usize, p: usize) -> bool {
        let w = self.vert(p);
        let bv = self.inblossom[v];
        let bw = self.inblossom[w];
        if bv == bw {
            return false;
        }
        let e = p >> 1;
        let lw = self.label[bw];
        // The slack from the stored duals: `v` is an S-vertex, `w` has
        // label `lw` (as `slack`, without looking the labels up again).
        let s = self.dual[v] + self.dual[w] - self.w2[e] + (self.voff(lw) - self.g);
        debug_assert!(self.label[bv] == S && s == self.slack(e));
        match lw {
            S => {
                if s == W::ZERO {
                    let base = self.scan_blossom(v, w);
                    if base != NONE {
                        self.add_blossom(base, e);
                        false
                    } else {
                        let (a, b) = (self.eu[e], self.ev[e]);
                        let (ta, tb) = (self.tree[bv], self.tree[bw]);
                        self.augment_from(a, 2 * e + 1);
                        self.augment_from(b, 2 * e);
                        self.destroy(ta, tb);
                        true
                    }
                } else {
                    let cur = self.best_s[bv];
                    let better = if cur == NONE {
                        true
                    } else if !self.pair_valid(bv) {
                        self.bs_exact[bv] = false;
                        true
                    } else {
                        s < self.slack(cur)
                    };
                    if better {
                        self.set_best_s(bv, e, w, false);
                    }
                    false
                }
            }
            FREE => {
                if s == W::ZERO {
                    if self.mate[self.base[bw]] == NONE {
                        // A sink: exposed with zero dual.
                        let tv = self.tree[bv];
                        self.augment_from(v, p);
                        if bw >= self.n {
                            self.augment_blossom(bw, w);
                        }
                        self.mate[w] = p ^ 1;
                        self.destroy(tv, NONE);
                        true
                    } else {
                        self.assign_label(w, T, p ^ 1);
                        false
                    }
                } else {
                    self.offer_free(w, e, v);
                    false
                }
            }
            _ => {
                // T: remember the edge in case the blossom is expanded.
                self.offer_free(w, e, v);
                false
            }
        }
    }

    /// Labels the outermost blossom of `w` with `t`, reached through
    /// endpoint `p` (naming the parent's vertex).
    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.labelend[b] = p;
        self.best_s[b] = NONE;
        self.bs_exact[b] = true;
        self.best_list[b] = None;
        self.tree[b] = if p == NONE {
            w
        } else {
            self.tree[self.inblossom[self.vert(p)]]
        };
        if t == S {
            let mut q = std::mem::take(&mut self.queue);
            let start = q.len();
            self.relabel(b, S, &mut q);
            for &v in &q[start..] {
                self.push_zero(v);
            }
            self.queue = q;
        } else {
            let mut scratch = std::mem::take(&mut self.scratch);
            self.relabel(b, T, &mut scratch);
            scratch.clear();
            self.scratch = scratch;
            self.push_expand(b);
            let base = self.base[b];
            let q = self.mate[base];
            let m = self.vert(q);
            self.assign_label(m, S, q ^ 1);
        }
    }

    /// Walks up from S-vertices `v` and `w`; returns the base of the nearest
    /// common S-blossom, or NONE if they lie in different trees.
    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut cur = [v, w];
        let mut side = 0;
        let mut found = NONE;
        while cur[0] != NONE || cur[1] != NONE {
            let x = cur[side];
            if x != NONE {
                let bx = self.inblossom[x];
                if self.mark[bx] {
                    found = self.base[bx];
                    break;
                }
                self.mark[bx] = true;
                path.push(bx);
                cur[side] = if self.labelend[bx] == NONE {
                    NONE
                } else {
                    let t = self.vert(self.labelend[bx]);
                    self.vert(self.labelend[self.inblossom[t]])
                };
            }
            side ^= 1;
        }
        for b in path {
            self.mark[b] = false;
        }
        found
    }

    /// Offers edge `e` (with one end in the new blossom `b`) to the
    /// least-slack table of S-nodes.
    fn offer(&mut self, b: usize, e: usize, touched: &mut Vec<usize>) {
        let ti = self.inblossom[self.eu[e]];
        let tj = self.inblossom[self.ev[e]];
        let other = if ti == b && tj != b {
            tj
        } else if tj == b && ti != b {
            ti
        } else {
            return;
        };
        if self.label[other] != S {
            return;
        }
        let cur = self.best_to[other];
        if cur == NONE {
            touched.push(other);
            self.best_to[other] = e;
        } else if self.slack(e) < self.slack(cur) {
            self.best_to[other] = e;
        }
    }

    /// Forms a new S-blossom from the tight edge `e` between two S-vertices
    /// of one tree whose nearest common blossom has base `base_v`.
    fn add_blossom(&mut self, base_v: usize, e: usize) {
        let bb = self.inblossom[base_v];
        let v = self.eu[e];
        let w = self.ev[e];
        let bv = self.inblossom[v];
        let bw = self.inblossom[w];
        let b = self
            .unused_blossoms
            .pop()
            .expect("at most n/2 blossoms exist at once");
        self.base[b] = base_v;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut ch = Vec::new();
        let mut ep = Vec::new();
        let mut x = bv;
        while x != bb {
            self.parent[x] = b;
            ch.push(x);
            ep.push(self.labelend[x] ^ 1);
            x = self.inblossom[self.vert(self.labelend[x])];
        }
        ch.push(bb);
        ch.reverse();
        ep.reverse();
        ep.push(2 * e + 1);
        let mut x = bw;
        while x != bb {
            self.parent[x] = b;
            ch.push(x);
            ep.push(self.labelend[x]);
            x = self.inblossom[self.vert(self.labelend[x])];
        }
        self.label[b] = S;
        self.binst[b] = self.tick();
        self.labelend[b] = self.labelend[bb];
        self.tree[b] = self.tree[bb];
        // A true dual of zero, stored in the S-form.
        self.dual[b] = W::ZERO - self.zoff(S);
        // Vertices: new outermost blossom; former T-vertices become S (their
        // stored duals change form, they start a new label instance and are
        // scanned). Sub-blossoms keep their true duals.
        let mut q = std::mem::take(&mut self.queue);
        let to_s = self.voff(T) - self.voff(S);
        let k = self.tick();
        for &c in &ch {
            let start = q.len();
            self.leaves_into(c, &mut q);
            for &leaf in &q[start..] {
                self.inblossom[leaf] = b;
            }
            let lc = self.label[c];
            if c >= self.n {
                self.dual[c] = self.dual[c] + self.zoff(lc);
            }
            if lc != T {
                q.truncate(start);
            } else {
                for &leaf in &q[start..] {
                    self.dual[leaf] = self.dual[leaf] + to_s;
                    self.sg[leaf] = self.g;
                    self.vinst[leaf] = k;
                    self.push_zero(leaf);
                }
            }
        }
        self.queue = q;
        // Least-slack edges to other S-nodes.
        let mut touched = Vec::new();
        let mut tmp = Vec::new();
        for &c in &ch {
            if let Some(list) = self.best_list[c].take() {
                for e in list {
                    self.offer(b, e, &mut touched);
                }
            } else {
                tmp.clear();
                self.leaves_into(c, &mut tmp);
                for &leaf in &tmp {
                    for i in 0..self.adj[leaf].len() {
                        let e = self.adj[leaf][i] >> 1;
                        self.offer(b, e, &mut touched);
                    }
                }
            }
            self.best_s[c] = NONE;
        }
        let mut list = Vec::with_capacity(touched.len());
        let mut best = NONE;
        for o in touched {
            let e = self.best_to[o];
            self.best_to[o] = NONE;
            if best == NONE || self.slack(e) < self.slack(best) {
                best = e;
            }
            list.push(e);
        }
        self.best_list[b] = Some(list);
        self.childs[b] = ch;
        self.endps[b] = ep;
        let far = if best == NONE {
            NONE
        } else if self.inblossom[self.eu[best]] == b {
            self.ev[best]
        } else {
            self.eu[best]
        };
        self.bs_exact[b] = true;
        self.set_best_s(b, best, far, true);
    }

    /// Expands the outermost blossom `b`. During a stage (`endstage =
    /// false`) `b` is a T-blossom of zero dual and its sub-blossoms are
    /// relabelled along the even path from the entry to the base; at the end
    /// of a stage sub-blossoms of zero dual are expanded recursively.
    fn expand(&mut self, b: usize, endstage: bool) {
        let relabel_path = !endstage && self.label[b] == T;
        let mut verts = std::mem::take(&mut self.scratch);
        verts.clear();
        // True duals for the vertices (a stage-end expansion comes from
        // `destroy`, which has made them true already).
        self.relabel(b, FREE, &mut verts);
        let ch = std::mem::take(&mut self.childs[b]);
        let ep = std::mem::take(&mut self.endps[b]);
        for &c in &ch {
            self.parent[c] = NONE;
            self.label[c] = FREE;
            self.binst[c] = self.tick();
            self.labelend[c] = NONE;
            self.tree[c] = NONE;
            if c < self.n {
                self.inblossom[c] = c;
            } else if endstage && self.dual[c] == W::ZERO {
                self.expand(c, true);
            } else {
                for leaf in self.leaves(c) {
                    self.inblossom[leaf] = c;
                }
            }
        }
        if relabel_path {
            let k = ch.len();
            let entry = self.vert(self.labelend[b] ^ 1);
            let entry_child = self.inblossom[entry];
            let mut j = ch.iter().position(|&c| c == entry_child).unwrap_or(0);
            let forward = j & 1 == 1;
            let mut p = self.labelend[b];
            while j != 0 {
                let x = self.vert(p ^ 1);
                self.assign_label(x, T, p);
                if forward {
                    p = ep[j + 1] ^ 1;
                    j = (j + 2) % k;
                } else {
                    p = ep[j - 2];
                    j -= 2;
                }
            }
            let c0 = ch[0];
            let mut tmp = Vec::new();
            self.relabel(c0, T, &mut tmp);
            self.labelend[c0] = p;
            self.best_s[c0] = NONE;
            self.tree[c0] = self.tree[b];
            self.push_expand(c0);
            // Vertices left free: queue their least-slack edges.
            for &v in &verts {
                if self.label[self.inblossom[v]] == FREE {
                    self.enter_free(v);
                }
            }
        }
        verts.clear();
        self.scratch = verts;
        self.label[b] = FREE;
        self.labelend[b] = NONE;
        self.tree[b] = NONE;
        self.best_list[b] = None;
        self.best_s[b] = NONE;
        self.dual[b] = W::ZERO;
        self.base[b] = NONE;
        self.unused_blossoms.push(b);
    }

    /// Makes vertex `v` the base of blossom `b` by flipping the matching
    /// along the even path from `v`'s sub-blossom to the old base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let k = self.childs[b].len();
        let i = self.childs[b].iter().position(|&c| c == t).unwrap_or(0);
        if i != 0 {
            let mut idx: Vec<usize> = Vec::new();
            if i & 1 == 1 {
                let mut j = i + 1;
                while j < k {
                    idx.push(j);
                    j += 2;
                }
            } else {
                let mut j = i;
                while j >= 2 {
                    j -= 2;
                    idx.push(j);
                }
            }
            for j in idx {
                let p = self.endps[b][j];
                let a = self.childs[b][j];
                let c = self.childs[b][(j + 1) % k];
                let va = self.vert(p ^ 1);
                let vc = self.vert(p);
                if a >= self.n {
                    self.augment_blossom(a, va);
                }
                if c >= self.n {
                    self.augment_blossom(c, vc);
                }
                self.mate[va] = p;
                self.mate[vc] = p ^ 1;
            }
            self.childs[b].rotate_left(i);
            self.endps[b].rotate_left(i);
        }
        self.base[b] = v;
    }

    /// Matches S-vertex `s` through endpoint `p` (or leaves it exposed when
    /// `p` is NONE) and flips the alternating path from `s` to its root.
    fn augment_from(&mut self, s: usize, p: usize) {
        let mut s = s;
        let mut p = p;
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs] == NONE {
                return;
            }
            let t = self.vert(self.labelend[bs]);
            let bt = self.inblossom[t];
            let j = self.labelend[bt];
            let jt = self.vert(j ^ 1);
            if bt >= self.n {
                self.augment_blossom(bt, jt);
            }
            self.mate[jt] = j;
            s = self.vert(j);
            p = j ^ 1;
        }
    }

    /// The number of vertices marked for repair. Used by the tests.
    #[cfg(test)]
    pub(crate) fn dirty_count(&self) -> usize {
        self.dirty_list.len()
    }

    /// Checks the LP optimality certificate of the current solution: dual
    /// feasibility, tight matched edges, exposed vertices of zero dual (or,
    /// with maximum cardinality, of the smallest dual), consistent blossoms.
    /// Used by the tests.
    #[cfg(test)]
    pub(crate) fn verify_optimum(&self) -> Result<(), String> {
        let n = self.n;
        // Blossom dual sums for each edge: sum of z over blossoms containing
        // both ends.
        let chain = |v: usize| {
            let mut c = Vec::new();
            let mut x = self.parent[v];
            while x != NONE {
                c.push(x);
                x = self.parent[x];
            }
            c
        };
        let mut min_dual = None;
        for v in 0..n {
            let d = self.dual[v];
            if !self.adj[v].is_empty() && min_dual.is_none_or(|m| d < m) {
                min_dual = Some(d);
            }
            if !self.max_cardinality && d < W::ZERO {
                return Err(format!("vertex {v} has negative dual"));
            }
        }
        for v in 0..n {
            if self.mate[v] == NONE {
                let want = if self.max_cardinality {
                    min_dual.unwrap_or(W::ZERO)
                } else {
                    W::ZERO
                };
                if self.dual[v] != want && !self.adj[v].is_empty() {
                    return Err(format!("exposed vertex {v} has dual {:?}", self.dual[v]));
                }
            } else {
                let m = self.vert(self.mate[v]);
                if self.vert(self.mate[m]) != v {
                    return Err(format!("mate of {v} is not symmetric"));
                }
                if !self.alive[self.mate[v] >> 1] {
                    return Err(format!("{v} is matched along a removed edge"));
                }
            }
        }
        for e in 0..self.eu.len() {
            if !self.alive[e] {
                continue;
            }
            let (a, b) = (self.eu[e], self.ev[e]);
            let ca = chain(a);
            let cb = chain(b);
            let mut s = self.slack(e);
            for x in &ca {
                if cb.contains(x) {
                    s = s + self.dual[*x];
                }
            }
            if s < W::ZERO {
                return Err(format!("edge {a}-{b} has negative slack {s:?}"));
            }
            let matched = self.mate[a] != NONE && self.mate[a] >> 1 == e;
            if matched && s != W::ZERO {
                return Err(format!("matched edge {a}-{b} has slack {s:?}"));
            }
        }
        for b in n..2 * n {
            if self.base[b] == NONE {
                continue;
            }
            if self.dual[b] < W::ZERO {
                return Err(format!("blossom {b} has negative dual"));
            }
            if self.endps[b].iter().any(|&p| !self.alive[p >> 1]) {
                return Err(format!("blossom {b} uses a removed edge"));
            }
            let leaves = self.leaves(b);
            let inside = leaves
                .iter()
                .filter(|&&v| self.mate[v] != NONE && leaves.contains(&self.vert(self.mate[v])))
                .count();
            if self.dual[b] > W::ZERO && inside != leaves.len() - 1 {
                return Err(format!("blossom {b} with positive dual is not full"));
            }
        }
        Ok(())
    }
}

#[derive(Clone, Copy, Debug)]
enum Event {
    /// The dual of an S-vertex reached zero.
    VertexZero(usize),
    /// An edge became tight.
    Edge(usize),
    /// A T-blossom's dual reached zero.
    Expand(usize),
}
