//! The pairing being evaluated and the evaluation of one bracket.

use std::fmt;

use crate::model::{PlayerId, Points};
use crate::pairing::dutch::criteria::Criterion;
use crate::pairing::dutch::solve;
use crate::pairing::dutch::Prepared;

/// A complete pairing of a round as player indices into [`Prepared::states`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Assignment {
    /// The pairs, as indices into [`Prepared::states`] (order within a pair free).
    pub pairs: Vec<(usize, usize)>,
    /// The player given the pairing-allocated bye (C.04.1 art. 4), when the field is odd.
    pub bye: Option<usize>,
}

/// Why a pairing could not be evaluated.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EvalError {
    /// A player of the pairing does not take part in the round.
    UnknownPlayer(PlayerId),
    /// The pairing does not pair every participant exactly once.
    NotComplete(String),
    /// The matching back end cannot handle a graph of this size.
    TooLarge(usize),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::UnknownPlayer(p) => {
                write!(
                    f,
                    "player {p} is paired but does not take part in the round"
                )
            }
            EvalError::NotComplete(s) => write!(f, "the pairing is not complete: {s}"),
            EvalError::TooLarge(n) => write!(f, "a graph of {n} players is too large"),
        }
    }
}

impl std::error::Error for EvalError {}

impl From<EvalError> for crate::Error {
    fn from(e: EvalError) -> crate::Error {
        use crate::diag::codes;
        let code = match &e {
            EvalError::UnknownPlayer(_) => codes::UNKNOWN_PLAYER,
            EvalError::NotComplete(_) => codes::INVALID_OPTION,
            EvalError::TooLarge(_) => codes::UNSUPPORTED,
        };
        crate::error::engine(code, e.to_string())
    }
}

impl From<solve::TooLarge> for EvalError {
    fn from(e: solve::TooLarge) -> Self {
        EvalError::TooLarge(e.0)
    }
}

impl Assignment {
    /// The pairing given by player ids; every participant must be paired
    /// once or have the bye.
    pub fn from_ids(
        prep: &Prepared,
        pairs: &[(PlayerId, PlayerId)],
        bye: Option<PlayerId>,
    ) -> Result<Assignment, EvalError> {
        let idx = |id: PlayerId| {
            prep.states
                .iter()
                .position(|s| s.id == id)
                .ok_or(EvalError::UnknownPlayer(id))
        };
        let mut seen = vec![false; prep.states.len()];
        let mut mark = |i: usize| {
            if std::mem::replace(&mut seen[i], true) {
                Err(EvalError::NotComplete(format!(
                    "player {} is paired twice",
                    prep.states[i].id
                )))
            } else {
                Ok(())
            }
        };
        let mut out = Assignment::default();
        for &(a, b) in pairs {
            let (x, y) = (idx(a)?, idx(b)?);
            mark(x)?;
            mark(y)?;
            out.pairs.push((x, y));
        }
        if let Some(b) = bye {
            let x = idx(b)?;
            mark(x)?;
            out.bye = Some(x);
        }
        if let Some(i) = seen.iter().position(|s| !s) {
            return Err(EvalError::NotComplete(format!(
                "player {} is neither paired nor given the bye",
                prep.states[i].id
            )));
        }
        Ok(out)
    }

    pub(super) fn mates(&self, n: usize) -> Vec<Option<usize>> {
        let mut m = vec![None; n];
        for &(a, b) in &self.pairs {
            if a < n && b < n {
                m[a] = Some(b);
                m[b] = Some(a);
            }
        }
        m
    }
}

/// How the bracket stands in the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BracketKind {
    /// A bracket with a next scoregroup below it.
    Regular,
    /// 2017 A.9: the penultimate pairing bracket (C.4 applies).
    Penultimate,
    /// 2017 A.9: the collapsed last bracket.
    CollapsedLast,
    /// The last bracket of the round.
    Last,
}

/// A criterion's value for one bracket pairing: the engine's reward fields
/// (higher is better) and the quantity the handbook minimises.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Value {
    /// The engine's reward fields for the criterion (compared lexicographically, higher is better).
    pub fields: Vec<i64>,
    /// The quantity the handbook minimises.
    pub amount: Amount,
}

/// The quantity a criterion minimises (or, for completion, whether the round
/// can be completed), as data; `render::check` words it for the reports
/// (`2`, `4.0, 3.5`, `none`, `complete`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Amount {
    /// C.4 / \[C4\]: the round can be completed.
    Complete,
    /// C.4 / \[C4\]: this many players cannot be paired.
    Unpaired(usize),
    /// A number of players, pairs, games or floats.
    Count(i64),
    /// A score or a sum of score differences.
    Score(Points),
    /// Scores, highest first (the downfloaters' scores, the PSD); empty is none.
    Scores(Vec<Points>),
    /// No single player the criterion looks at (no lone bye candidate).
    NoOne,
    /// The bracket has no value for this criterion.
    Absent,
}

impl Amount {
    /// Exactly one (of whatever the criterion counts).
    pub fn is_one(&self) -> bool {
        *self == Amount::Count(1)
    }
}

/// One bracket of a pairing with its criteria values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BracketEval {
    /// The pairing score of the bracket's (highest) residents.
    pub score: Points,
    /// Where the bracket stands in the round (regular, penultimate, collapsed last, last).
    pub kind: BracketKind,
    /// In rank order.
    pub residents: Vec<usize>,
    /// The moved-down players (MDPs) of a heterogeneous bracket, in rank order (C.04.3 (2017) A.3 / (2025) 1.3).
    pub mdps: Vec<usize>,
    /// The next scoregroup, when the look-ahead (C.7 / \[C8\]) applies.
    pub next: Vec<usize>,
    /// Pairs with both players in the bracket, higher-ranked player first, in rank order.
    pub pairs: Vec<(usize, usize)>,
    /// Players of the bracket not paired in it, in rank order (in the last
    /// bracket: the PAB).
    pub downfloaters: Vec<usize>,
    /// In ladder order.
    pub values: Vec<(Criterion, Value)>,
}

impl BracketEval {
    /// The value of criterion `c` in this bracket; `None` when the bracket does not evaluate it.
    pub fn value(&self, c: Criterion) -> Option<&Value> {
        self.values.iter().find(|(x, _)| *x == c).map(|(_, v)| v)
    }
}
