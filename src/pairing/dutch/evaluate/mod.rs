//! Evaluation of any complete pairing of a round, bracket by bracket, with
//! the criteria ladder the engine optimises (C.04.3 (2017) C.4-C.19 /
//! (2025) \[C4\]-\[C21\]), and the comparison of two pairings (a recorded one
//! and the engine's) at the first bracket where they differ.
//!
//! The round is cut into brackets by the walk `super::engine::pair` uses
//! (`super::walk`): scoregroups by pairing score, highest first; a bracket
//! holds the players of higher brackets not paired there (MDPs) and its
//! scoregroup's residents; the pairs with both players in the bracket are the
//! bracket's pairs, the rest of the bracket floats down. Under the 2017 rules a bracket whose best pairing
//! (without C.4) leaves a round that cannot be completed is the PPB and the
//! remaining scoregroups collapse into the last bracket (2017 A.9, C.4).
//!
//! The value of a bracket's pairing is the sum of `edge_fields` over its
//! pairs plus the best the remaining players can still do on the fields that
//! reach beyond the bracket (completion, the PAB criteria, the look-ahead of
//! 2017 C.7 / 2025 \[C8\]): the same objective the engine's matching
//! maximises, so a pairing the engine chose is never beaten by another.
//!
//! - `bracket`: the evaluated pairing and bracket ([`Assignment`],
//!   [`BracketEval`]).
//! - `value`: the walk over the brackets and each criterion's value.
//! - `order`: the comparison of two pairings, down to the generation
//!   order and the exchange order (2017 D / 2025 Art. 4).
//!
//! The evaluator returns data; `render::check` words its findings.

mod bracket;
mod order;
mod value;

pub use bracket::{Amount, Assignment, BracketEval, BracketKind, EvalError, Value};
pub use order::{
    compare, Comparison, Decision, ExchangeRule, ExchangeValue, GenerationStep, OrderDetail,
};
pub use value::{engine_ppb, evaluate, evaluate_against};

#[cfg(test)]
mod tests;
