//! Dual steps in O(log n): duals relative to the accumulated step, and the
//! next step found with priority queues.
//!
//! In one dual step every S-vertex's dual falls by `delta`, every
//! T-vertex's rises by `delta`, every outermost S-blossom's dual rises by
//! `2 delta` and every outermost T-blossom's falls by `2 delta` (Galil 1986,
//! section on weighted matching in general graphs; the same device is used
//! in Kolmogorov's Blossom V). Rather than moving them all, the matcher
//! keeps `g`, the sum of the steps of the current run, and stores the dual of
//! each labelled node relative to it:
//!
//! | node                 | true dual        |
//! |----------------------|------------------|
//! | vertex, S            | `stored - g`     |
//! | vertex, T            | `stored + g`     |
//! | outermost blossom, S | `stored + 2 g`   |
//! | outermost blossom, T | `stored - 2 g`   |
//! | free, or inner       | `stored`         |
//!
//! so a dual step is `g += delta`. A node's stored dual is converted
//! whenever its label changes ([`Matcher::relabel`]) and every dual is made
//! true again when [`Matcher::run`] returns (`g` is then zero, so readers
//! outside a run see true duals whatever the labels say).
//!
//! The next step is the smallest of four kinds of event, each in a binary
//! heap with at most one entry per node ([`IndexedHeap`]), keyed by the
//! value of `g` at which it happens, which stays fixed while the labels
//! involved do not change:
//!
//! - an S-vertex's dual reaches zero: key `dual + g`;
//! - an edge from a free vertex to an S-vertex becomes tight (its slack falls
//!   at rate 1): key `slack + g`, per free vertex and its least-slack edge
//!   (`best_free`);
//! - an edge between two S-blossoms becomes tight (rate 2): key
//!   `slack / 2 + g`, per S-node and its least-slack edge (`best_s`);
//! - a T-blossom's dual reaches zero (rate 2): key `dual / 2 + g`.
//!
//! An entry is not taken out when its node changes label: it carries the
//! instance number of the label it was queued for and is checked when it
//! reaches the top of its heap (then removed, re-keyed or kept as an
//! event). A node's least-slack edge may go out of date without its entry
//! knowing (its other end leaves the forest); the entry then keeps its key
//! as a lower bound of the node's next event, and reaching it rescans the
//! node, as the full scan of every step did before.

use super::heap::IndexedHeap;
use super::{Event, Matcher, FREE, NONE, S, T};
use crate::pairing::matching::Weight;

/// The four event queues of a run (see the module documentation), one
/// entry at most per node.
#[derive(Clone, Debug)]
pub(super) struct Heaps<W: Weight> {
    /// S-vertices, keyed by the step at which their dual reaches zero.
    zero: IndexedHeap<W>,
    /// Free vertices, by the step at which their least-slack edge to an
    /// S-vertex becomes tight.
    free: IndexedHeap<W>,
    /// Outermost S-nodes, by the step at which their least-slack edge to
    /// another S-node becomes tight.
    pair: IndexedHeap<W>,
    /// Outermost T-blossoms, by the step at which their dual reaches zero.
    expand: IndexedHeap<W>,
}

impl<W: Weight> Heaps<W> {
    /// Empty queues for `n` vertices (and `2 n` nodes).
    pub(super) fn new(n: usize) -> Self {
        Heaps {
            zero: IndexedHeap::with_items(n),
            free: IndexedHeap::with_items(n),
            pair: IndexedHeap::with_items(2 * n),
            expand: IndexedHeap::with_items(2 * n),
        }
    }

    pub(super) fn clear(&mut self) {
        self.zero.clear();
        self.free.clear();
        self.pair.clear();
        self.expand.clear();
    }
}

/// The kinds of event, in the order in which tied events are handled.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Kind {
    Zero,
    Free,
    Pair,
    Expand,
}

const KINDS: [Kind; 4] = [Kind::Zero, Kind::Free, Kind::Pair, Kind::Expand];

impl<W: Weight> Matcher<W> {
    // ------------------------------------------------------------------
    // stored and true duals

    /// The offset from a stored vertex dual to the true one, for a vertex
    /// whose outermost node has label `l`.
    #[inline]
    pub(super) fn voff(&self, l: u8) -> W {
        match l {
            S => W::ZERO - self.g,
            T => self.g,
            _ => W::ZERO,
        }
    }

    /// The offset from a stored outermost-blossom dual to the true one, for
    /// label `l`.
    #[inline]
    pub(super) fn zoff(&self, l: u8) -> W {
        match l {
            S => self.g.double(),
            T => W::ZERO - self.g.double(),
            _ => W::ZERO,
        }
    }

    /// The true dual of vertex `v`.
    #[inline]
    pub(super) fn ydual(&self, v: usize) -> W {
        self.dual[v] + self.voff(self.label[self.inblossom[v]])
    }

    /// The true dual of the outermost blossom `b`.
    #[inline]
    pub(super) fn zdual(&self, b: usize) -> W {
        self.dual[b] + self.zoff(self.label[b])
    }

    /// A new instance number.
    #[inline]
    pub(super) fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    /// Gives the outermost node `b` the label `to`: converts the stored
    /// duals of its vertices (and its own, for a blossom) from the old
    /// label's form to the new one's and starts new label instances. The
    /// vertices of `b` are appended to `out`.
    pub(super) fn relabel(&mut self, b: usize, to: u8, out: &mut Vec<usize>) {
        let from = self.label[b];
        let k = self.tick();
        self.label[b] = to;
        self.binst[b] = k;
        let start = out.len();
        self.leaves_into(b, out);
        if from != to {
            let d = self.voff(from) - self.voff(to);
            for &v in &out[start..] {
                self.dual[v] = self.dual[v] + d;
                // Losses for the pricer (see `Matcher::lost`).
                if from == S && self.g > self.sg[v] {
                    self.lost[v] = true;
                }
                if to == S {
                    self.sg[v] = self.g;
                }
            }
            if b >= self.n {
                self.dual[b] = self.dual[b] + self.zoff(from) - self.zoff(to);
            }
        }
        for &v in &out[start..] {
            self.vinst[v] = k;
        }
    }

    /// Makes every stored dual true and `g` zero (the end of a run).
    pub(super) fn materialise_duals(&mut self) {
        if self.g == W::ZERO {
            return;
        }
        for v in 0..self.n {
            if self.label[self.inblossom[v]] == S && self.g > self.sg[v] {
                self.lost[v] = true;
            }
            self.dual[v] = self.ydual(v);
        }
        for b in self.n..2 * self.n {
            if self.base[b] != NONE && self.parent[b] == NONE {
                self.dual[b] = self.zdual(b);
            }
        }
        self.g = W::ZERO;
    }

    // ------------------------------------------------------------------
    // queue entries

    /// Queues the S-vertex `v`'s dual reaching zero.
    pub(super) fn push_zero(&mut self, v: usize) {
        if !self.max_cardinality {
            // Stored S-dual = true dual + g: the step at which it is zero.
            self.heaps.zero.set(v, self.dual[v], self.vinst[v]);
        }
    }

    /// Queues the T-blossom `b`'s dual reaching zero.
    pub(super) fn push_expand(&mut self, b: usize) {
        if b >= self.n {
            let key = self.g + self.zdual(b).halve();
            self.heaps.expand.set(b, key, self.binst[b]);
        }
    }

    /// Queues the free vertex `v`'s least-slack edge to an S-vertex
    /// becoming tight (nothing if `v` is not free or has no such edge).
    /// With `exact` the entry is replaced; otherwise a lower key already
    /// queued for the same label instance is kept (a lower bound left by
    /// an edge that went out of date).
    pub(super) fn push_free(&mut self, v: usize, exact: bool) {
        let e = self.best_free[v];
        if e != NONE && self.label[self.inblossom[v]] == FREE {
            // `g + slack(e)`, the free end's stored dual being its true one.
            let key = self.dual[v] + self.bf_inv[v];
            debug_assert!(key == self.g + self.slack(e));
            if exact {
                self.heaps.free.set(v, key, self.vinst[v]);
            } else {
                self.heaps.free.lower(v, key, self.vinst[v]);
            }
        }
    }

    /// Queues the S-node `b`'s least-slack edge to another S-node becoming
    /// tight; `exact` as in [`Matcher::push_free`].
    pub(super) fn push_pair(&mut self, b: usize, exact: bool) {
        let e = self.best_s[b];
        if e != NONE {
            let key = self.g + self.slack(e).halve();
            if exact {
                self.heaps.pair.set(b, key, self.binst[b]);
            } else {
                self.heaps.pair.lower(b, key, self.binst[b]);
            }
        }
    }

    /// True if `best_free[v]` still joins `v` to an S-vertex in the label
    /// instance it was recorded with (any change of label starts a new
    /// instance).
    #[inline]
    pub(super) fn free_valid(&self, v: usize) -> bool {
        let valid = self.best_free[v] != NONE && self.vinst[self.bf_x[v]] == self.bf_gen[v];
        debug_assert!(!valid || self.label[self.inblossom[self.bf_x[v]]] == S);
        valid
    }

    /// True if `best_s[b]` still joins the S-node `b` to the S-vertex it was
    /// recorded with, outside `b`.
    #[inline]
    pub(super) fn pair_valid(&self, b: usize) -> bool {
        let e = self.best_s[b];
        if e == NONE {
            return false;
        }
        let (u, v) = (self.eu[e], self.ev[e]);
        let x = if self.inblossom[u] == b {
            v
        } else if self.inblossom[v] == b {
            u
        } else {
            return false;
        };
        let bx = self.inblossom[x];
        bx != b && self.label[bx] == S && self.vinst[x] == self.bs_gen[b]
    }

    /// A vertex whose outermost node has just become free (a T-blossom was
    /// expanded around it): queue its least-slack edge, rescanning when the
    /// recorded one may not be the least.
    pub(super) fn enter_free(&mut self, v: usize) {
        if self.best_free[v] == NONE {
            return;
        }
        if self.bf_exact[v] && self.free_valid(v) {
            self.push_free(v, true);
        } else {
            self.rescan_free(v);
        }
    }

    // ------------------------------------------------------------------
    // the next dual step

    fn queue(&mut self, kind: Kind) -> &mut IndexedHeap<W> {
        match kind {
            Kind::Zero => &mut self.heaps.zero,
            Kind::Free => &mut self.heaps.free,
            Kind::Pair => &mut self.heaps.pair,
            Kind::Expand => &mut self.heaps.expand,
        }
    }

    /// Checks the entry of node `x` (key `key`, instance `inst`) in the
    /// queue of `kind`. True if it is an event at its key; otherwise the
    /// entry was removed, re-keyed, or replaced by a rescan of the node.
    fn check(&mut self, kind: Kind, key: W, x: usize, inst: u64) -> bool {
        match kind {
            Kind::Zero => {
                let live = self.label[self.inblossom[x]] == S
                    && self.vinst[x] == inst
                    && self.dual[x] == key;
                if !live {
                    self.heaps.zero.remove(x);
                }
                live
            }
            Kind::Free => {
                if self.label[self.inblossom[x]] != FREE
                    || self.vinst[x] != inst
                    || self.best_free[x] == NONE
                {
                    self.heaps.free.remove(x);
                    return false;
                }
                if self.free_valid(x) {
                    let now = self.dual[x] + self.bf_inv[x];
                    debug_assert!(now == self.g + self.slack(self.best_free[x]));
                    if now == key {
                        return true;
                    }
                    if now > key && self.bf_exact[x] {
                        // A lower bound left by an earlier least edge.
                        self.heaps.free.set(x, now, inst);
                        return false;
                    }
                }
                self.rescan_free(x);
                if self.best_free[x] == NONE {
                    self.heaps.free.remove(x);
                }
                false
            }
            Kind::Pair => {
                let top = self.parent[x] == NONE
                    && self.label[x] == S
                    && (x < self.n || self.base[x] != NONE);
                if !top || self.binst[x] != inst || self.best_s[x] == NONE {
                    self.heaps.pair.remove(x);
                    return false;
                }
                if self.pair_valid(x) {
                    let now = self.g + self.slack(self.best_s[x]).halve();
                    if now == key {
                        return true;
                    }
                    if now > key && self.bs_exact[x] {
                        self.heaps.pair.set(x, now, inst);
                        return false;
                    }
                }
                self.rescan_s(x);
                if self.best_s[x] == NONE {
                    self.heaps.pair.remove(x);
                }
                false
            }
            Kind::Expand => {
                let live = self.base[x] != NONE
                    && self.parent[x] == NONE
                    && self.label[x] == T
                    && self.binst[x] == inst
                    && self.g + self.zdual(x).halve() == key;
                if !live {
                    self.heaps.expand.remove(x);
                }
                live
            }
        }
    }

    /// The key of the first entry of the queue of `kind` once the entries
    /// above it that are not events have been dealt with.
    fn live_top(&mut self, kind: Kind) -> Option<W> {
        loop {
            let (key, x, inst) = self.queue(kind).top()?;
            if self.check(kind, key, x, inst) {
                return Some(key);
            }
        }
    }

    /// Finds the smallest admissible dual step, applies it (`g += delta`)
    /// and returns every event that limits it, in a fixed order (vertices
    /// reaching zero by vertex, edges from free vertices by vertex, edges
    /// between S-nodes by node, blossoms to expand by blossom); `None` when
    /// no event is left (no tree left, or with maximum cardinality none can
    /// grow). The entries stay queued; each event is re-checked when
    /// handled, and one left unhandled is found again at the next step.
    pub(super) fn next_delta(&mut self) -> Option<Vec<Event>> {
        let mut best: Option<W> = None;
        for kind in KINDS {
            if let Some(k) = self.live_top(kind) {
                if best.is_none_or(|b| k < b) {
                    best = Some(k);
                }
            }
        }
        let key = best?;
        debug_assert!(key >= self.g, "a dual step must not be negative");
        let mut events = Vec::new();
        let mut ties = Vec::new();
        for kind in KINDS {
            // Check every tied entry; repeat while checking changed one.
            loop {
                ties.clear();
                self.queue(kind).ties(key, &mut ties);
                let mut settled = true;
                for &x in &ties {
                    let inst = self.queue(kind).inst(x);
                    if !self.check(kind, key, x, inst) {
                        settled = false;
                    }
                }
                if settled {
                    break;
                }
            }
            ties.sort_unstable();
            for &x in &ties {
                events.push(match kind {
                    Kind::Zero => Event::VertexZero(x),
                    Kind::Free => Event::Edge(self.best_free[x]),
                    Kind::Pair => Event::Edge(self.best_s[x]),
                    Kind::Expand => Event::Expand(x),
                });
            }
        }
        self.g = key;
        Some(events)
    }
}
