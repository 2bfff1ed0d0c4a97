//! The edge list of a graph, shared between the engine's bracket graph and
//! the sessions solved over it.

use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;

use super::TooLarge;

/// The edges of a graph over vertices `0..n`, the row of fields of each,
/// and each vertex's edges. Cloning shares them (reference counts): a
/// bracket's list of compatible pairs grows with its players squared, so
/// it exists once however many solves use it.
#[derive(Clone, Debug)]
pub(crate) struct Edges {
    n: usize,
    /// The ends of each edge (u32: half the memory of `usize` pairs).
    ends: Rc<Vec<(u32, u32)>>,
    /// The row of fields of each edge.
    row_of: Rc<Vec<u32>>,
    /// The edges of vertex `v`, ascending: `inc[inc_start[v]..inc_start[v + 1]]`
    /// (an edge with an end out of range or a loop is in no vertex's list).
    inc_start: Rc<Vec<u32>>,
    inc: Rc<Vec<u32>>,
}

impl Edges {
    /// The graph of `ends` over `n` vertices, edge `k` with row `row_of[k]`.
    /// [`TooLarge`] when the vertices or the edge ends do not fit in u32.
    pub(crate) fn new(
        n: usize,
        ends: Vec<(u32, u32)>,
        row_of: Vec<u32>,
    ) -> Result<Edges, TooLarge> {
        let fits = |x: usize| u32::try_from(x).is_ok_and(|x| x < u32::MAX);
        if !fits(n) || !fits(2 * ends.len()) || row_of.len() != ends.len() {
            return Err(TooLarge(n));
        }
        let ok = |u: u32, v: u32| u != v && (u as usize) < n && (v as usize) < n;
        let mut start = vec![0u32; n + 1];
        for &(u, v) in &ends {
            if ok(u, v) {
                start[u as usize + 1] += 1;
                start[v as usize + 1] += 1;
            }
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut inc = vec![0u32; start[n] as usize];
        let mut fill = start.clone();
        for (k, &(u, v)) in ends.iter().enumerate() {
            if ok(u, v) {
                for x in [u as usize, v as usize] {
                    inc[fill[x] as usize] = k as u32;
                    fill[x] += 1;
                }
            }
        }
        Ok(Edges {
            n,
            ends: Rc::new(ends),
            row_of: Rc::new(row_of),
            inc_start: Rc::new(start),
            inc: Rc::new(inc),
        })
    }

    /// From `usize` ends; row `k` for edge `k` without `row_of`.
    #[cfg(test)]
    pub(crate) fn from_usize(
        n: usize,
        ends: &[(usize, usize)],
        row_of: Option<&[u32]>,
    ) -> Result<Edges, TooLarge> {
        let small = |x: usize| u32::try_from(x).map_err(|_| TooLarge(n));
        let ends = ends
            .iter()
            .map(|&(u, v)| Ok((small(u)?, small(v)?)))
            .collect::<Result<Vec<_>, TooLarge>>()?;
        let rows = match row_of {
            Some(r) => r.to_vec(),
            None => (0..ends.len()).map(small).collect::<Result<_, _>>()?,
        };
        Edges::new(n, ends, rows)
    }

    /// The number of vertices.
    pub(crate) fn vertices(&self) -> usize {
        self.n
    }

    /// The number of edges.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The ends of edge `e`.
    #[inline]
    pub(crate) fn ends(&self, e: usize) -> (usize, usize) {
        let (u, v) = self.ends[e];
        (u as usize, v as usize)
    }

    /// Does edge `e` join two different vertices of the graph?
    #[inline]
    pub(crate) fn proper(&self, e: usize) -> bool {
        let (u, v) = self.ends(e);
        u != v && u < self.n && v < self.n
    }

    /// The row of fields of edge `e`.
    #[inline]
    pub(crate) fn row(&self, e: usize) -> usize {
        self.row_of[e] as usize
    }

    /// The edges of vertex `v`, ascending.
    #[inline]
    pub(crate) fn of(&self, v: usize) -> &[u32] {
        match (self.inc_start.get(v), self.inc_start.get(v + 1)) {
            (Some(&a), Some(&b)) => &self.inc[a as usize..b as usize],
            _ => &[],
        }
    }
}

/// One flag per edge, 64 to a word: a players-squared list of flags in an
/// eighth of the memory of `bool`s. Set through `&self` (cells): the graph
/// marks edges excluded while answering queries.
#[derive(Debug, Clone)]
pub(crate) struct Bits(Vec<Cell<u64>>);

impl Bits {
    /// `len` flags, all clear.
    pub(crate) fn new(len: usize) -> Bits {
        Bits(vec![Cell::new(0); len.div_ceil(64)])
    }

    /// Flag `i` (clear when out of range).
    #[inline]
    pub(crate) fn get(&self, i: usize) -> bool {
        self.0
            .get(i / 64)
            .is_some_and(|w| w.get() & (1 << (i % 64)) != 0)
    }

    /// Sets flag `i` to `on` (nothing when out of range).
    #[inline]
    pub(crate) fn set(&self, i: usize, on: bool) {
        if let Some(w) = self.0.get(i / 64) {
            let bit = 1u64 << (i % 64);
            w.set(if on { w.get() | bit } else { w.get() & !bit });
        }
    }

    /// The flags set here and clear in `other`, in order (whole words
    /// without any skipped: a pass over a list of edges most of which are
    /// out of the graph or in the matcher).
    pub(crate) fn ones_without<'a>(&'a self, other: &'a Bits) -> impl Iterator<Item = usize> + 'a {
        self.0
            .iter()
            .enumerate()
            .flat_map(move |(k, w)| word_ones(k, w.get() & !other.0.get(k).map_or(0, Cell::get)))
    }

    /// `len` flags, flag `i` set when `f(i)`; built a word at a time.
    pub(crate) fn from_fn(len: usize, f: impl Fn(usize) -> bool) -> Bits {
        Bits(
            (0..len.div_ceil(64))
                .map(|w| {
                    let bits = (w * 64..((w + 1) * 64).min(len))
                        .enumerate()
                        .fold(0u64, |acc, (b, i)| acc | (u64::from(f(i)) << b));
                    Cell::new(bits)
                })
                .collect(),
        )
    }

    /// The indices of the flags set, ascending, a word at a time.
    pub(crate) fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.0
            .iter()
            .enumerate()
            .flat_map(|(k, w)| word_ones(k, w.get()))
    }

    /// The number of flags set.
    pub(crate) fn count(&self) -> usize {
        self.0.iter().map(|w| w.get().count_ones() as usize).sum()
    }
}

/// The indices of the bits set in `bits`, word `k` of a [`Bits`].
fn word_ones(k: usize, mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        Some(k * 64 + i)
    })
}

/// The distinct vectors of fields of a graph's edges, `nf` each, each
/// stored once and numbered in order of first appearance: a bracket's
/// pairs take few distinct values, so an edge keeps only its row number.
#[derive(Debug, Default)]
pub(crate) struct Rows {
    nf: usize,
    data: Vec<i64>,
    known: HashMap<Vec<i64>, u32>,
    /// The row interned last (neighbours in a graph's rows mostly share
    /// their fields: tried before hashing).
    last: Option<u32>,
}

impl Rows {
    /// No rows yet, of `nf` fields each.
    pub(crate) fn new(nf: usize) -> Rows {
        Rows {
            nf,
            ..Rows::default()
        }
    }

    /// The number of the row `f` (`nf` fields), added when new.
    pub(crate) fn intern(&mut self, f: &[i64]) -> u32 {
        let nf = self.nf;
        if let Some(r) = self.last {
            let at = r as usize * nf;
            if self.data.get(at..at + nf) == Some(f) {
                return r;
            }
        }
        let r = match self.known.get(f) {
            Some(&r) => r,
            None => {
                let next = self.known.len() as u32;
                self.data.extend_from_slice(f);
                self.known.insert(f.to_vec(), next);
                next
            }
        };
        self.last = Some(r);
        r
    }

    /// The rows, `nf` fields each, in order.
    pub(crate) fn into_data(self) -> Vec<i64> {
        self.data
    }
}
