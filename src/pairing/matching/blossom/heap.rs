//! A binary min-heap over the items `0..m` with at most one entry per item
//! (each item's position is kept, so its key can be changed in place).

use super::NONE;
use crate::pairing::matching::Weight;

/// A min-heap of items `0..m`, each with a key and the label instance it
/// was queued for.
#[derive(Clone, Debug)]
pub(super) struct IndexedHeap<W: Weight> {
    /// The items in heap order.
    heap: Vec<usize>,
    /// The position of each item in `heap`, or NONE.
    pos: Vec<usize>,
    key: Vec<W>,
    inst: Vec<u64>,
}

impl<W: Weight> IndexedHeap<W> {
    /// An empty heap over the items `0..m`.
    pub(super) fn with_items(m: usize) -> Self {
        IndexedHeap {
            heap: Vec::new(),
            pos: vec![NONE; m],
            key: vec![W::ZERO; m],
            inst: vec![0; m],
        }
    }

    pub(super) fn clear(&mut self) {
        for &i in &self.heap {
            self.pos[i] = NONE;
        }
        self.heap.clear();
    }

    /// The entry with the smallest key: `(key, item, instance)`.
    #[inline]
    pub(super) fn top(&self) -> Option<(W, usize, u64)> {
        let &i = self.heap.first()?;
        Some((self.key[i], i, self.inst[i]))
    }

    /// The instance `item` was queued for.
    #[inline]
    pub(super) fn inst(&self, item: usize) -> u64 {
        self.inst[item]
    }

    /// Queues `item` at `key` for `inst`, replacing its entry.
    pub(super) fn set(&mut self, item: usize, key: W, inst: u64) {
        self.inst[item] = inst;
        let p = self.pos[item];
        if p == NONE {
            self.key[item] = key;
            self.pos[item] = self.heap.len();
            self.heap.push(item);
            self.sift_up(self.heap.len() - 1);
        } else {
            let old = self.key[item];
            self.key[item] = key;
            if key < old {
                self.sift_up(p);
            } else if key > old {
                self.sift_down(p);
            }
        }
    }

    /// Queues `item` at `key` for `inst`, keeping its entry's key when that
    /// is lower and for the same instance (the entry is then a lower bound
    /// that must not be lost).
    pub(super) fn lower(&mut self, item: usize, key: W, inst: u64) {
        if self.pos[item] != NONE && self.inst[item] == inst && self.key[item] <= key {
            return;
        }
        self.set(item, key, inst);
    }

    /// Takes `item` out of the heap (nothing if absent).
    pub(super) fn remove(&mut self, item: usize) {
        let p = self.pos[item];
        if p == NONE {
            return;
        }
        self.pos[item] = NONE;
        let last = self.heap.len() - 1;
        let moved = self.heap[last];
        self.heap.pop();
        if p == last {
            return;
        }
        self.heap[p] = moved;
        self.pos[moved] = p;
        if self.key[moved] < self.key[item] {
            self.sift_up(p);
        } else {
            self.sift_down(p);
        }
    }

    /// Appends to `out` every item whose key is `key`, the smallest key:
    /// they form a subtree at the root.
    pub(super) fn ties(&self, key: W, out: &mut Vec<usize>) {
        let start = out.len();
        if self.heap.first().is_some_and(|&i| self.key[i] == key) {
            out.push(self.heap[0]);
        }
        let mut k = start;
        while k < out.len() {
            let p = self.pos[out[k]];
            k += 1;
            for c in [2 * p + 1, 2 * p + 2] {
                if let Some(&i) = self.heap.get(c) {
                    if self.key[i] == key {
                        out.push(i);
                    }
                }
            }
        }
    }

    fn sift_up(&mut self, mut p: usize) {
        let item = self.heap[p];
        let key = self.key[item];
        while p > 0 {
            let q = (p - 1) / 2;
            let up = self.heap[q];
            if self.key[up] <= key {
                break;
            }
            self.heap[p] = up;
            self.pos[up] = p;
            p = q;
        }
        self.heap[p] = item;
        self.pos[item] = p;
    }

    fn sift_down(&mut self, mut p: usize) {
        let item = self.heap[p];
        let key = self.key[item];
        let len = self.heap.len();
        loop {
            let mut c = 2 * p + 1;
            if c >= len {
                break;
            }
            if c + 1 < len && self.key[self.heap[c + 1]] < self.key[self.heap[c]] {
                c += 1;
            }
            let down = self.heap[c];
            if self.key[down] >= key {
                break;
            }
            self.heap[p] = down;
            self.pos[down] = p;
            p = c;
        }
        self.heap[p] = item;
        self.pos[item] = p;
    }
}

#[cfg(test)]
mod tests {
    use super::IndexedHeap;

    /// Every operation against a plain list of entries.
    #[test]
    fn indexed_heap_matches_a_list() {
        let m = 40;
        let mut h = IndexedHeap::<i64>::with_items(m);
        let mut model: Vec<Option<(i64, u64)>> = vec![None; m];
        let mut x: u64 = 0x1234_5678;
        let mut next = |k: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % k
        };
        for _ in 0..20_000 {
            let item = next(m as u64) as usize;
            let key = next(30) as i64 - 10;
            let inst = next(3);
            match next(4) {
                0 => {
                    h.set(item, key, inst);
                    model[item] = Some((key, inst));
                }
                1 => {
                    h.lower(item, key, inst);
                    model[item] = match model[item] {
                        Some((k, i)) if i == inst && k <= key => Some((k, i)),
                        _ => Some((key, inst)),
                    };
                }
                2 => {
                    h.remove(item);
                    model[item] = None;
                }
                _ => {
                    if let Some((k, i, s)) = h.top() {
                        assert_eq!(model[i], Some((k, s)));
                        let least = model.iter().flatten().map(|e| e.0).min();
                        assert_eq!(Some(k), least);
                        let mut ties = Vec::new();
                        h.ties(k, &mut ties);
                        ties.sort_unstable();
                        let want: Vec<usize> = (0..m)
                            .filter(|&j| model[j].is_some_and(|e| e.0 == k))
                            .collect();
                        assert_eq!(ties, want);
                        assert_eq!(h.inst(i), s);
                    } else {
                        assert!(model.iter().all(Option::is_none));
                    }
                }
            }
        }
    }
}
