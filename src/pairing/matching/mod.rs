//! Maximum-weight matching on general graphs; knows nothing of chess.
//!
//! - [`max_weight_matching`]: exact maximum-weight matching (optionally of
//!   maximum cardinality), Edmonds' blossom algorithm in its primal-dual
//!   form, O(n^3).
//! - [`Matcher`]: the same solver kept alive between solves, so that after
//!   changing the edges of a few vertices the next solve starts from the
//!   previous optimum instead of from scratch.
//! - [`max_cardinality_matching`]: unweighted Edmonds, for feasibility
//!   questions ("can everybody be paired?").
//! - [`Weight`]: the arithmetic the solver needs, for `i64`, `i128` and the
//!   fixed-width [`Wide`] integer used for lexicographically stacked
//!   criteria.
//!
//! Vertices are `0..n`. Results are `Vec<Option<usize>>`: `result[v]` is the
//! mate of `v`, `None` when `v` stays unmatched; the relation is symmetric.
//!
//! References: J. Edmonds, "Paths, trees, and flowers" (1965) and "Maximum
//! matching and a polyhedron with 0,1-vertices" (1965); Z. Galil,
//! "Efficient algorithms for finding maximum matching in graphs", ACM
//! Computing Surveys 18(1), 1986.

mod blossom;
mod cardinality;
mod weight;

#[cfg(test)]
mod tests;

pub use blossom::{Matcher, Pricer, PricerBuffers};
pub use cardinality::{max_cardinality_matching, max_cardinality_matching_bits};
pub use weight::{Weight, Wide};

/// A maximum-weight matching of the graph on vertices `0..n` with the given
/// weighted edges.
///
/// With `max_cardinality = false` the result maximises the total weight of
/// the matched edges (edges of negative weight are then never used, and
/// edges of weight zero only where they cost nothing). With
/// `max_cardinality = true` it maximises the total weight among the
/// matchings with the largest possible number of edges.
///
/// Repeated edges: the last entry for a pair counts. Self-loops are ignored.
/// Among several optimal matchings any one may be returned; encode every
/// preference in the weights if the choice matters.
///
/// See [`Weight`] for the range the weights must stay in.
///
/// # Panics
/// If an endpoint is `>= n`.
///
/// ```
/// use chess_arbiter::pairing::matching::max_weight_matching;
/// // The path 0-1-2-3 with a heavy middle edge.
/// let edges = [(0, 1, 5i64), (1, 2, 11), (2, 3, 5)];
/// // Maximum weight: the middle edge alone (11 > 5 + 5).
/// assert_eq!(max_weight_matching(4, &edges, false), vec![None, Some(2), Some(1), None]);
/// // Maximum weight among the matchings of two edges.
/// assert_eq!(
///     max_weight_matching(4, &edges, true),
///     vec![Some(1), Some(0), Some(3), Some(2)]
/// );
/// ```
pub fn max_weight_matching<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    let mut m = Matcher::with_edges(n, edges);
    m.set_max_cardinality(max_cardinality);
    m.solve()
}
