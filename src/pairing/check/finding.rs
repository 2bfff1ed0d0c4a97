//! Why a legal recorded round is not the rules' pairing: the first bracket
//! where it differs from the engine's pairing and the first criterion of the
//! ladder (2017 C.5-C.19 / 2025 \[C5\]-\[C21\]) on which it is worse, with
//! both values, or the generation-order step (2017 D.1-D.3 / 2025 Art.
//! 4.2-4.4) when every criterion ties. Computed by
//! [`crate::pairing::dutch::evaluate`], the engine's own ladder. The finding
//! is data; `render::check` words it.

use super::pair::{Pair, Selected};
use super::position::{Position, RecordedRound};
use crate::model::{PlayerId, Points};
use crate::pairing::dutch::criteria::Criterion;
use crate::pairing::dutch::evaluate::{
    self, Amount, Assignment, BracketEval, BracketKind, Comparison, Decision, ExchangeRule,
    ExchangeValue, GenerationStep,
};
use crate::pairing::dutch::{prepare, DutchEdition, PairOptions, Prepared};

/// What the comparison found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum FindingKind {
    /// The recorded pairing is worse on `criterion`, equal on every criterion above.
    RecordedWorse,
    /// The recorded pairing came out better: the engine's choice is not
    /// optimal there (an engine defect); the verdict is not backed.
    RecordedBetter,
    /// Every criterion ties; the generation order prefers the rules' pairing.
    GenerationOrder,
}

/// The rule a finding is decided on: a criterion of the ladder or, when
/// every criterion ties, a step of the generation order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum FindingCriterion {
    /// A criterion of the ladder (2017 C.4-C.19 / 2025 \[C4\]-\[C21\]).
    Criterion(Criterion),
    /// A step of the generation order (2017 D.1-D.3 / 2025 Art. 4.2-4.4);
    /// with the exchanges, the rule of the exchange order (2017 D.2 / 2025
    /// Art. 4.3) that parts the two pairings, when one does.
    GenerationOrder {
        /// The step at which the two pairings part.
        step: GenerationStep,
        /// The rule of the exchange order, with [`GenerationStep::Exchanges`].
        exchange: Option<ExchangeRule>,
    },
}

/// One pairing's value on the rule of a finding.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FindingValue {
    /// The quantity a criterion minimises in the bracket.
    Amount(Amount),
    /// The value under a rule of the exchange order.
    Exchange(ExchangeValue),
    /// The pairing-allocated bye, given to this player with this score
    /// (2025 \[C5\] judged on the byes alone).
    Bye {
        /// The player given the bye.
        player: PlayerId,
        /// Their score before the round.
        score: Points,
    },
    /// The rule has no measure (a generation step other than the exchanges).
    Unmeasured,
}

/// Where the rules part from the recorded pairing, as data: the rule that
/// decides (with the edition), both values and which way it goes.
/// `render::check` words it (criterion number, values, explanation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CriterionFinding {
    /// The edition whose numbering and ladder apply.
    pub edition: DutchEdition,
    /// The criterion (or generation-order step) that decides.
    pub criterion: FindingCriterion,
    /// The recorded pairing's value.
    pub recorded: FindingValue,
    /// The value the rules' pairing achieves.
    pub rules: FindingValue,
    /// Worse, better, or decided by the generation order.
    pub kind: FindingKind,
}

/// How one pairing pairs a bracket.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BracketChoice {
    /// Pairs made inside the bracket, white first when known.
    pub pairs: Vec<Pair>,
    /// Players of the bracket not paired in it (in the last bracket: the PAB).
    pub downfloaters: Vec<PlayerId>,
}

/// The first bracket where the recorded pairing and the rules' pairing differ.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BracketDifference {
    /// The pairing score of the bracket's residents (tenths of a point).
    pub score: Points,
    /// `regular`, `last`, and under the 2017 rules `penultimate` (PPB) or
    /// `collapsed-last` (CLB).
    pub kind: BracketKind,
    /// The players whose pairing score is the bracket's.
    pub residents: Vec<PlayerId>,
    /// Moved-down players from higher brackets.
    pub mdps: Vec<PlayerId>,
    /// How the recorded round pairs the bracket.
    pub recorded: BracketChoice,
    /// How the rules' pairing pairs it.
    pub rules: BracketChoice,
}

/// The engine's view of the position's round.
pub(super) fn prepared(pos: &Position, edition: DutchEdition) -> Option<Prepared> {
    prepare(
        &pos.tournament,
        &PairOptions {
            edition: Some(edition),
            round: Some(pos.round),
            total_rounds: Some(pos.total_rounds),
        },
    )
    .ok()
}

/// The boards of the rules' pairing as (white, black).
pub(super) fn selected_boards(sel: &Selected) -> Vec<(PlayerId, PlayerId)> {
    sel.boards.iter().map(|b| (b.white, b.black)).collect()
}

/// The rules' pairing as an assignment of the prepared round.
pub(super) fn selected_assignment(prep: &Prepared, sel: &Selected) -> Option<Assignment> {
    Assignment::from_ids(prep, &selected_boards(sel), sel.bye).ok()
}

/// The recorded round as an assignment of the prepared round; `boards` are
/// its boards as (white, black).
fn recorded_assignment(
    prep: &Prepared,
    rec: &RecordedRound,
    boards: &[(PlayerId, PlayerId)],
) -> Option<Assignment> {
    match rec.pab.as_slice() {
        [] => Assignment::from_ids(prep, boards, None).ok(),
        [one] => Assignment::from_ids(prep, boards, Some(*one)).ok(),
        _ => None,
    }
}

/// The pairs of a bracket oriented as in `boards` (white first).
pub(super) fn choice(
    prep: &Prepared,
    b: &BracketEval,
    boards: &[(PlayerId, PlayerId)],
) -> BracketChoice {
    let id = |i: usize| prep.states.get(i).map_or(PlayerId(0), |s| s.id);
    BracketChoice {
        pairs: b
            .pairs
            .iter()
            .map(|&(x, y)| {
                let (x, y) = (id(x), id(y));
                if boards.contains(&(y, x)) {
                    Pair { white: y, black: x }
                } else {
                    Pair { white: x, black: y }
                }
            })
            .collect(),
        downfloaters: b.downfloaters.iter().map(|&i| id(i)).collect(),
    }
}

/// Ids of player indices.
pub(super) fn ids(prep: &Prepared, v: &[usize]) -> Vec<PlayerId> {
    v.iter()
        .filter_map(|&i| prep.states.get(i).map(|s| s.id))
        .collect()
}

/// The first differing bracket and the finding, or `None` when the
/// evaluator cannot read the two pairings (a player outside the round, an
/// incomplete pairing) or they make the same pairs.
pub(super) fn first_bracket(
    pos: &Position,
    rec: &RecordedRound,
    sel: &Selected,
    edition: DutchEdition,
) -> Option<(BracketDifference, CriterionFinding)> {
    let prep = prepared(pos, edition)?;
    let rec_boards: Vec<(PlayerId, PlayerId)> =
        rec.boards.iter().map(|b| (b.white, b.black)).collect();
    let sel_boards = selected_boards(sel);
    let r = recorded_assignment(&prep, rec, &rec_boards)?;
    let s = Assignment::from_ids(&prep, &sel_boards, sel.bye).ok()?;
    let cmp = evaluate::compare(&prep, &r, &s).ok()??;
    let diff = BracketDifference {
        score: cmp.rules.score,
        kind: cmp.rules.kind,
        residents: ids(&prep, &cmp.rules.residents),
        mdps: ids(&prep, &cmp.rules.mdps),
        recorded: choice(&prep, &cmp.recorded, &rec_boards),
        rules: choice(&prep, &cmp.rules, &sel_boards),
    };
    let finding = outcome(edition, &cmp);
    Some((diff, finding))
}

/// The finding of a comparison: the criterion that decides with both
/// amounts, or the generation-order step (with the exchange-order rule and
/// both values when that rule parts the pairings).
fn outcome(edition: DutchEdition, cmp: &Comparison) -> CriterionFinding {
    let on_criterion = |kind, c| {
        let (recorded, rules) = cmp.amounts(c);
        CriterionFinding {
            edition,
            criterion: FindingCriterion::Criterion(c),
            recorded: FindingValue::Amount(recorded),
            rules: FindingValue::Amount(rules),
            kind,
        }
    };
    match (cmp.outcome, &cmp.order) {
        (Decision::RecordedWorse(c), _) => on_criterion(FindingKind::RecordedWorse, c),
        (Decision::RecordedBetter(c), _) => on_criterion(FindingKind::RecordedBetter, c),
        (Decision::GenerationOrder(step), Some(d)) => CriterionFinding {
            edition,
            criterion: FindingCriterion::GenerationOrder {
                step,
                exchange: Some(d.rule),
            },
            recorded: FindingValue::Exchange(d.recorded.clone()),
            rules: FindingValue::Exchange(d.rules.clone()),
            kind: if d.favours_recorded {
                FindingKind::RecordedBetter
            } else {
                FindingKind::GenerationOrder
            },
        },
        (Decision::GenerationOrder(step), None) => CriterionFinding {
            edition,
            criterion: FindingCriterion::GenerationOrder {
                step,
                exchange: None,
            },
            recorded: FindingValue::Unmeasured,
            rules: FindingValue::Unmeasured,
            kind: FindingKind::GenerationOrder,
        },
    }
}
