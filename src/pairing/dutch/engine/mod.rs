//! Bracket-by-bracket pairing: C.04.3 (2017) B / (2025) Art. 3, each bracket
//! solved as one lexicographic maximum-weight matching over the criteria
//! ladder, then the earliest candidate in generation order (2017 D / 2025
//! Art. 4) recovered by tie-breaking fields and probes.
//!
//! # Where the speed comes from
//! The ladder is evaluated on small graphs: the bracket and the next
//! scoregroup (the look-ahead of 2017 C.7 / 2025 \[C8\]), never the whole
//! field, except when completion fails.
//! - 2025 \[C4\]/\[C2\]/\[C5\] (complete the round, PAB eligibility, the PAB
//!   at the lowest possible score) rank every bracket's candidates by the
//!   whole rest of the round. The bracket is first paired without them; if
//!   the result (its pairs and the look-ahead pairs of the next bracket)
//!   leaves a rest that can still be completed with the PAB at the lowest
//!   score the round allows, it is also the optimum with them: the optimum
//!   of a relaxation that is feasible is optimal, and the first candidate in
//!   generation order of a larger set that lies in the smaller set is also
//!   the first of the smaller one. Otherwise the bracket is paired again
//!   over all remaining players with the completion fields (the exact
//!   formulation). Completion is an unweighted matching question
//!   (`super::complete`).
//! - The choice of MDPs (2017 D.3 / 2025 4.4: highest scores, then lowest
//!   numbers) and of their opponents (2017 D.1 / 2025 4.2: in order, the
//!   first resident allowing an optimum) are lexicographic fields of one
//!   matching instead of one matching per decision.
//! - For the remainder, the exchange comes first (2017 D.2 / 2025 4.3):
//!   fewest exchanged players and the smallest difference of BSN sums as
//!   fields, then rules c-d player by player (`Bracketer::exchange`);
//!   then each player of the new S1 in order takes the first opponent of the
//!   new S2 that still allows an optimal candidate (transpositions, 2017
//!   D.1 / 2025 4.2). A probe matching is skipped when the current
//!   optimum already gives the player the best opponent the probe could
//!   find; a lowest-priority field steers ties towards the natural
//!   S1-against-S2 candidate so that this is the common case. The best
//!   opponent a probe could find is the first whose edge may still lie in
//!   an optimum: its reduced cost is below twice what the low fields
//!   (probe, guide) of the actual optimum sum to above their floors, less
//!   the pairs fixed since (`solve::Session::set_budget`), not their worst
//!   case over a whole matching. When the current optimum gives the
//!   player another opponent, rotating two or three of its pairs at no
//!   cost on the leading fields (added up exactly) gives an optimum with
//!   the best one, which is then the probe's answer without the probe
//!   (`Bracketer::swap`).
//! - The remainder's solves share one field layout and one warm matcher
//!   (`solve::Session`, fixed bit widths): a probe changes only the probed
//!   player's edges, a fixed pair isolates two vertices, so each probe is a
//!   repair around one or two vertices rather than a cold solve. Edges whose
//!   reduced cost proves them in no optimum of the leading fields (after
//!   the MDP solve, and once the exchange loop has settled) are dropped
//!   from that matcher, which costs the warm solves nothing.
//! - A large bracket's matcher does not start with all its edges
//!   (`solve::Session`, column generation): it starts with each
//!   scoregroup's S1-against-S2 window and each player's heaviest edges,
//!   and after each solve brings in the edges whose reduced cost in that
//!   solve's duals is negative, until there is none. The duals then cover
//!   every edge of the bracket's graph, which certifies the matching as an
//!   optimum of the whole graph (LP duality); no optimum is assumed from
//!   rank order, it is proven each time. Most pairs of a bracket are S1
//!   against S2, so the matcher holds a few edges per player instead of
//!   players squared, and a cold solve of a 500-player bracket takes
//!   milliseconds instead of most of a second.

mod bracketer;
mod graph;

use std::collections::HashSet;

use super::complete::{completable, Compat};
use super::input::Input;
use super::solve;
use super::walk::Walk;
use super::DutchEdition;
use bracketer::Bracketer;

pub use super::complete::compatible;

/// Rotations checked against their probes so far (the library's tests).
#[cfg(test)]
pub(crate) fn swaps_checked() -> &'static std::sync::atomic::AtomicUsize {
    &bracketer::SWAPS_CHECKED
}

/// Why the engine could not produce a pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum EngineError {
    /// No pairing satisfies C1-C3 for everyone (or no eligible PAB).
    NoLegalPairing(String),
    /// The packed criteria weights of a graph of this many players exceed
    /// the widest integer of the matching solver ([`solve::TooLarge`]).
    TooLarge(usize),
}

impl From<solve::TooLarge> for EngineError {
    fn from(e: solve::TooLarge) -> Self {
        EngineError::TooLarge(e.0)
    }
}

/// The raw result: pairs of player indices (unordered) and the PAB.
pub(crate) struct Raw {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
    /// 2017 A.9: the position (0 = the top bracket) of the bracket that
    /// was paired as the PPB, the remaining scoregroups collapsing below it.
    pub ppb: Option<usize>,
}

/// Pair the whole round.
pub(crate) fn pair(inp: &Input) -> Result<Raw, EngineError> {
    let compat = Compat::new(inp);
    let mut walk = Walk::new(inp, &compat);
    if !completable(inp, &compat, walk.all(), None) {
        return Err(EngineError::NoLegalPairing(
            "no pairing of all present players avoids rematches, forbidden pairs and \
             absolute colour conflicts while giving at most one bye to an eligible player"
                .to_string(),
        ));
    }
    let bye_cap = walk.bye_cap;
    let mut pairs = Vec::new();
    let mut ppb = None;
    let b = Bracketer {
        inp,
        compat: &compat,
    };
    while let Some(br) = walk.next_bracket() {
        let m = br.members(&br.next);
        let all = &br.remaining;
        let res = match inp.edition {
            _ if br.is_last => b.pair(m, all.clone(), true, true)?,
            DutchEdition::Dutch2025 => {
                // Without [C4]/[C2]/[C5] first; kept when the rest completes.
                let first = b.pair(m, br.local(), false, br.c9)?;
                let done: HashSet<usize> = first
                    .pairs
                    .iter()
                    .chain(first.ahead.iter())
                    .flat_map(|&(x, y)| [x, y])
                    .collect();
                let rest: Vec<usize> = all.iter().copied().filter(|i| !done.contains(i)).collect();
                if completable(inp, &compat, &rest, bye_cap) {
                    first
                } else {
                    b.pair(m, all.clone(), true, br.c9)?
                }
            }
            DutchEdition::Dutch2017 => {
                let first = b.pair(m, br.local(), false, false)?;
                let mut rest: Vec<usize> = first.floaters.clone();
                rest.extend(all.iter().copied().filter(|i| !br.players.contains(i)));
                if completable(inp, &compat, &rest, None) {
                    first
                } else {
                    // 2017 A.9: this is the PPB; C.4 applies and the
                    // remaining scoregroups collapse into the CLB.
                    walk.collapse();
                    ppb = Some(br.index);
                    b.pair(br.members(&[]), all.clone(), true, false)?
                }
            }
        };
        pairs.extend_from_slice(&res.pairs);
        if br.is_last {
            return match res.floaters.as_slice() {
                [] => Ok(Raw {
                    pairs,
                    bye: None,
                    ppb,
                }),
                [one] => Ok(Raw {
                    pairs,
                    bye: Some(*one),
                    ppb,
                }),
                _ => Err(EngineError::NoLegalPairing(format!(
                    "{} players are left without an opponent in the last bracket",
                    res.floaters.len()
                ))),
            };
        }
        walk.advance(&res.pairs, res.floaters);
    }
    Ok(Raw {
        pairs,
        bye: None,
        ppb,
    })
}
