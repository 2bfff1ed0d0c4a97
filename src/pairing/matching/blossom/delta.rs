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
//! heap keyed by the value of `g` at which it happens, which stays fixed
//! while the labels involved do not change:
//!
//! - an S-vertex's dual reaches zero: key `dual + g`;
//! - an edge from a free vertex to an S-vertex becomes tight (its slack falls
//!   at rate 1): key `slack + g`, one entry per free vertex and its
//!   least-slack edge (`best_free`);
//! - an edge between two S-blossoms becomes tight (rate 2): key
//!   `slack / 2 + g`, per S-node and its least-slack edge (`best_s`);
//! - a T-blossom's dual reaches zero (rate 2): key `dual / 2 + g`.
//!
//! Entries are never removed when they go out of date (lazy deletion): each
//! carries the instance number of its node's label and is checked when it
//! reaches the top of its heap. A node's least-slack edge may go out of date
//! without its entry knowing (its other end leaves the forest); such an
//! entry is a lower bound of the node's next event, so reaching it rescans
//! the node, as the full scan of every step did before.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::{Event, Matcher, FREE, NONE, S, T};
use crate::pairing::matching::Weight;

/// A heap of `(key, node, instance)`, smallest key first.
type Queue<W> = BinaryHeap<Reverse<(W, usize, u64)>>;

/// The four event queues of a run (see the module documentation).
#[derive(Clone, Debug)]
pub(super) struct Heaps<W: Weight> {
    /// S-vertices, keyed by the step at which their dual reaches zero.
    zero: Queue<W>,
    /// Free vertices, by the step at which their least-slack edge to an
    /// S-vertex becomes tight.
    free: Queue<W>,
    /// Outermost S-nodes, by the step at which their least-slack edge to
    /// another S-node becomes tight.
    pair: Queue<W>,
    /// Outermost T-blossoms, by the step at which their dual reaches zero.
    expand: Queue<W>,
}

impl<W: Weight> Default for Heaps<W> {
    fn default() -> Self {
        Heaps {
            zero: BinaryHeap::new(),
            free: BinaryHeap::new(),
            pair: BinaryHeap::new(),
            expand: BinaryHeap::new(),
        }
    }
}

impl<W: Weight> Heaps<W> {
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

/// What checking a heap entry found.
enum Check {
    /// The entry is an event at its key.
    Event,
    /// The entry is out of date (when the node's least-slack edge had to be
    /// recomputed, the rescan pushed a new entry).
    Stale,
}

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
            self.heaps.zero.push(Reverse((self.dual[v], v, self.vinst[v])));
        }
    }

    /// Queues the T-blossom `b`'s dual reaching zero.
    pub(super) fn push_expand(&mut self, b: usize) {
        if b >= self.n {
            let key = self.g + self.zdual(b).halve();
            self.heaps.expand.push(Reverse((key, b, self.binst[b])));
        }
    }

    /// Queues the free vertex `v`'s least-slack edge to an S-vertex
    /// becoming tight (nothing if `v` is not free or has no such edge).
    pub(super) fn push_free(&mut self, v: usize) {
        let e = self.best_free[v];
        if e != NONE && self.label[self.inblossom[v]] == FREE {
            let key = self.g + self.slack(e);
            self.heaps.free.push(Reverse((key, v, self.vinst[v])));
        }
    }

    /// Queues the S-node `b`'s least-slack edge to another S-node becoming
    /// tight.
    pub(super) fn push_pair(&mut self, b: usize) {
        let e = self.best_s[b];
        if e != NONE {
            let key = self.g + self.slack(e).halve();
            self.heaps.pair.push(Reverse((key, b, self.binst[b])));
        }
    }

    /// The S-end of `best_free[v]` if that edge still joins `v` to the
    /// S-vertex it was recorded with.
    #[inline]
    pub(super) fn free_valid(&self, v: usize) -> bool {
        let e = self.best_free[v];
        if e == NONE {
            return false;
        }
        let x = if self.eu[e] == v {
            self.ev[e]
        } else {
            self.eu[e]
        };
        self.label[self.inblossom[x]] == S && self.vinst[x] == self.bf_gen[v]
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
            self.push_free(v);
        } else {
            self.rescan_free(v);
        }
    }

    // ------------------------------------------------------------------
    // the next dual step

    fn queue(&mut self, kind: Kind) -> &mut Queue<W> {
        match kind {
            Kind::Zero => &mut self.heaps.zero,
            Kind::Free => &mut self.heaps.free,
            Kind::Pair => &mut self.heaps.pair,
            Kind::Expand => &mut self.heaps.expand,
        }
    }

    /// Checks the entry `(key, x, inst)` of the queue of `kind`.
    fn check(&mut self, kind: Kind, key: W, x: usize, inst: u64) -> Check {
        match kind {
            Kind::Zero => {
                let live = self.label[self.inblossom[x]] == S
                    && self.vinst[x] == inst
                    && self.dual[x] == key;
                if live {
                    Check::Event
                } else {
                    Check::Stale
                }
            }
            Kind::Free => {
                if self.label[self.inblossom[x]] != FREE
                    || self.vinst[x] != inst
                    || self.best_free[x] == NONE
                {
                    return Check::Stale;
                }
                if self.free_valid(x) {
                    let now = self.g + self.slack(self.best_free[x]);
                    if now == key {
                        return Check::Event;
                    }
                    if now > key && self.bf_exact[x] {
                        // An earlier least edge, since improved on.
                        return Check::Stale;
                    }
                }
                self.rescan_free(x);
                Check::Stale
            }
            Kind::Pair => {
                let top = self.parent[x] == NONE
                    && self.label[x] == S
                    && (x < self.n || self.base[x] != NONE);
                if !top || self.binst[x] != inst || self.best_s[x] == NONE {
                    return Check::Stale;
                }
                if self.pair_valid(x) {
                    let now = self.g + self.slack(self.best_s[x]).halve();
                    if now == key {
                        return Check::Event;
                    }
                    if now > key && self.bs_exact[x] {
                        return Check::Stale;
                    }
                }
                self.rescan_s(x);
                Check::Stale
            }
            Kind::Expand => {
                let live = self.base[x] != NONE
                    && self.parent[x] == NONE
                    && self.label[x] == T
                    && self.binst[x] == inst
                    && self.g + self.zdual(x).halve() == key;
                if live {
                    Check::Event
                } else {
                    Check::Stale
                }
            }
        }
    }

    /// The key of the first live entry of the queue of `kind`, dropping the
    /// stale entries above it.
    fn live_top(&mut self, kind: Kind) -> Option<W> {
        loop {
            let Reverse((key, x, inst)) = self.queue(kind).pop()?;
            // Checked off the queue: a rescan pushes the node's new entry.
            if let Check::Event = self.check(kind, key, x, inst) {
                self.queue(kind).push(Reverse((key, x, inst)));
                return Some(key);
            }
        }
    }

    /// Finds the smallest admissible dual step, applies it (`g += delta`)
    /// and returns every event that limits it, in a fixed order (vertices
    /// reaching zero by vertex, edges from free vertices by vertex, edges
    /// between S-nodes by node, blossoms to expand by blossom); `None` when
    /// no event is left (no tree left, or with maximum cardinality none can
    /// grow). Each event is re-checked when handled.
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
        let mut found: Vec<(Kind, usize, u64)> = Vec::new();
        for kind in KINDS {
            while self.live_top(kind) == Some(key) {
                if let Some(Reverse((_, x, inst))) = self.queue(kind).pop() {
                    found.push((kind, x, inst));
                }
            }
        }
        found.sort_unstable();
        found.dedup();
        debug_assert!(key >= self.g, "a dual step must not be negative");
        self.g = key;
        let mut events = Vec::with_capacity(found.len());
        for &(kind, x, inst) in &found {
            events.push(match kind {
                Kind::Zero => Event::VertexZero(x),
                Kind::Free => Event::Edge(self.best_free[x]),
                Kind::Pair => Event::Edge(self.best_s[x]),
                Kind::Expand => Event::Expand(x),
            });
            // Keep the entry: if handling the other events leaves this one
            // unhandled, it is found again at the next step.
            self.queue(kind).push(Reverse((key, x, inst)));
        }
        Some(events)
    }
}
