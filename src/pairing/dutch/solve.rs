//! Lexicographic maximum-weight matching for the engine.
//!
//! Each edge carries a criterion vector (most significant field first); a
//! matching's value is the field-wise sum over its edges, compared
//! lexicographically. [`solve`] packs the vectors into one wide integer per
//! edge (each field wide enough that no matching's sum can spill into the
//! field above) and calls the general solver in
//! [`crate::pairing::matching`]; [`solve_exhaustive`] is an exact reference
//! for small graphs, used in tests.

use std::cmp::Ordering;

use crate::pairing::matching::{Matcher, Wide};

/// A criterion vector: one field per criterion, most significant first.
pub type Fields = Vec<i64>;

/// The largest graph the exhaustive solver accepts.
pub const MAX_EXHAUSTIVE: usize = 18;

/// Why a graph could not be solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooLarge(pub usize);

fn add(a: &mut Fields, b: &[i64]) {
    if a.len() < b.len() {
        a.resize(b.len(), 0);
    }
    for (x, y) in a.iter_mut().zip(b) {
        *x += *y;
    }
}

/// Lexicographic comparison, missing fields counting as zero.
pub fn cmp_fields(a: &[i64], b: &[i64]) -> Ordering {
    let n = a.len().max(b.len());
    for i in 0..n {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(0);
        match x.cmp(&y) {
            Ordering::Equal => continue,
            o => return o,
        }
    }
    Ordering::Equal
}

/// A matching maximising the lexicographic sum of edge vectors. Vertices may
/// stay unmatched (reward pairs in a top field to force cardinality).
pub fn solve(n: usize, edges: &[(usize, usize, Fields)]) -> Result<Vec<Option<usize>>, TooLarge> {
    let nf = edges.iter().map(|e| e.2.len()).max().unwrap_or(0);
    let mut flat = vec![0i64; edges.len() * nf];
    for (k, e) in edges.iter().enumerate() {
        flat[k * nf..k * nf + e.2.len()].copy_from_slice(&e.2);
    }
    let ends: Vec<(usize, usize)> = edges.iter().map(|e| (e.0, e.1)).collect();
    Ok(solve_flat(n, &ends, &flat, nf, None)?.mate)
}

/// As [`solve`], with the vectors of all edges in one table: edge `k` owns
/// `fields[k * nf..(k + 1) * nf]`, most significant field first.
///
/// With `low = Some(k)`, also reports the edges that may belong to a
/// matching that is optimal on all fields but the last `k`: an edge whose
/// reduced cost in the optimal dual solution exceeds what the last `k`
/// fields can add up to over a whole matching is in no such matching
/// (complementary slackness: forcing it costs at least its reduced cost).
pub fn solve_flat(
    n: usize,
    edges: &[(usize, usize)],
    fields: &[i64],
    nf: usize,
    low: Option<usize>,
) -> Result<Solution, TooLarge> {
    // Bits per field: the largest |sum| over a matching is (n/2) * max|w|.
    let half = (n / 2 + 1) as u128;
    let mut max = vec![0u64; nf];
    for row in fields.chunks_exact(nf.max(1)).take(edges.len()) {
        for (m, v) in max.iter_mut().zip(row) {
            *m = (*m).max(v.unsigned_abs());
        }
    }
    let widths: Vec<u32> = max
        .iter()
        .map(|&m| {
            if m == 0 {
                0
            } else {
                130 - (u128::from(m).saturating_mul(half)).leading_zeros()
            }
        })
        .collect();
    let total: u32 = widths.iter().sum::<u32>() + 2 * (usize::BITS - n.leading_zeros()) + 8;
    macro_rules! run {
        ($l:literal) => {
            if total < 64 * $l {
                return Ok(packed::<$l>(n, edges, fields, nf, &widths, low));
            }
        };
    }
    run!(1);
    run!(2);
    run!(4);
    run!(8);
    run!(16);
    run!(32);
    run!(64);
    run!(128);
    Err(TooLarge(n))
}

fn packed<const L: usize>(
    n: usize,
    edges: &[(usize, usize)],
    fields: &[i64],
    nf: usize,
    widths: &[u32],
    low: Option<usize>,
) -> Solution {
    let mut offsets = vec![0u32; widths.len()];
    let mut at = 0;
    for f in (0..widths.len()).rev() {
        offsets[f] = at;
        at += widths[f];
    }
    let w: Vec<(usize, usize, Wide<L>)> = edges
        .iter()
        .enumerate()
        .filter(|(_, (u, v))| u != v && *u < n && *v < n)
        .map(|(k, &(u, v))| {
            let mut x = Wide::<L>::ZERO;
            for (f, val) in fields[k * nf..(k + 1) * nf].iter().enumerate() {
                if *val != 0 && widths[f] > 0 {
                    x = x + (Wide::<L>::from_i64(*val) << offsets[f]);
                }
            }
            (u, v, x)
        })
        .collect();
    let mut m = Matcher::with_edges(n, &w);
    let mate = m.solve();
    let maybe = match low {
        Some(k) => {
            // The last k fields occupy the lowest `bits` bits: over any two
            // matchings they differ by less than 2^(bits+1), or 2^(bits+2)
            // in the solver's doubled units.
            let bits: u32 = widths.iter().rev().take(k).sum();
            let limit = Wide::<L>::pow2(bits + 2);
            w.iter()
                .map(|&(u, v, x)| m.reduced_cost_of(u, v, x).is_some_and(|c| c < limit))
                .collect()
        }
        None => Vec::new(),
    };
    Solution { mate, maybe }
}

/// A maximum-weight matching and, when asked for, the edges that may be in
/// an optimum of the leading fields.
#[derive(Debug, Clone)]
pub struct Solution {
    pub mate: Vec<Option<usize>>,
    /// Per input edge (when asked for): may the edge belong to a matching
    /// optimal on the leading fields?
    pub maybe: Vec<bool>,
}

/// Exhaustive lexicographic solver for graphs of at most [`MAX_EXHAUSTIVE`]
/// vertices; among optimal matchings the result is deterministic.
pub fn solve_exhaustive(
    n: usize,
    edges: &[(usize, usize, Fields)],
) -> Result<Vec<Option<usize>>, TooLarge> {
    if n > MAX_EXHAUSTIVE {
        return Err(TooLarge(n));
    }
    let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (k, (u, v, _)) in edges.iter().enumerate() {
        if u != v && *u < n && *v < n {
            adj[*u].push((*v, k));
            adj[*v].push((*u, k));
        }
    }
    let full = (1usize << n) - 1;
    // best[mask] = (value, choice) for the vertices in `mask`; choice = edge
    // index used by the lowest vertex, or usize::MAX if it stays unmatched.
    let mut best: Vec<Option<(Fields, usize)>> = vec![None; 1 << n];
    best[0] = Some((Vec::new(), usize::MAX));
    // Masks in increasing order: every submask is smaller than its mask.
    for mask in 1..=full {
        let low = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << low);
        let mut cand = best[rest].as_ref().map(|(w, _)| (w.clone(), usize::MAX));
        for &(v, k) in &adj[low] {
            if rest & (1 << v) == 0 {
                continue;
            }
            let sub = rest & !(1 << v);
            if let Some((w, _)) = &best[sub] {
                let mut w = w.clone();
                add(&mut w, &edges[k].2);
                let better = match &cand {
                    None => true,
                    Some((cw, _)) => cmp_fields(&w, cw) == Ordering::Greater,
                };
                if better {
                    cand = Some((w, k));
                }
            }
        }
        best[mask] = cand;
    }
    let mut mate = vec![None; n];
    let mut mask = full;
    while mask != 0 {
        let low = mask.trailing_zeros() as usize;
        let choice = best[mask].as_ref().map(|(_, c)| *c).unwrap_or(usize::MAX);
        if choice == usize::MAX {
            mask &= !(1 << low);
        } else {
            let (u, v, _) = &edges[choice];
            mate[*u] = Some(*v);
            mate[*v] = Some(*u);
            mask &= !(1 << *u) & !(1 << *v);
        }
    }
    Ok(mate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefers_higher_fields() {
        // Path 0-1-2-3: the two outer edges beat the middle one on field 0.
        let e = vec![(0, 1, vec![1, 0]), (1, 2, vec![1, 5]), (2, 3, vec![1, 0])];
        let m = solve(4, &e).unwrap();
        assert_eq!(m, vec![Some(1), Some(0), Some(3), Some(2)]);
        assert_eq!(solve_exhaustive(4, &e).unwrap(), m);
        // With field 0 removed from the outer edges the middle edge wins.
        let e = vec![(0, 1, vec![0, 1]), (1, 2, vec![1, 0]), (2, 3, vec![0, 1])];
        let m = solve(4, &e).unwrap();
        assert_eq!(m, vec![None, Some(2), Some(1), None]);
        assert_eq!(solve_exhaustive(4, &e).unwrap(), m);
    }
}
