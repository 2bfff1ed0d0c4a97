//! Two pairings of a round compared at the first bracket where they differ:
//! criterion by criterion, then by the generation order (2017 D.1-D.3 /
//! 2025 Art. 4.2-4.4) and the exchange order (2017 D.2 / 2025 Art. 4.3).

use std::cmp::Ordering;

use super::bracket::{Amount, Assignment, BracketEval, EvalError};
use super::value::{engine_ppb, evaluate_against};
use crate::pairing::dutch::criteria::Criterion;
use crate::pairing::dutch::solve::cmp_fields;
use crate::pairing::dutch::state::{by_rank, PlayerState};
use crate::pairing::dutch::{DutchEdition, Prepared};

/// The step of the generation order (2017 D.1-D.3 / 2025 Art. 4.2-4.4) at
/// which two pairings of a bracket that tie on every criterion part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GenerationStep {
    /// Which MDPs are paired: 2017 D.3 (MDP exchanges) / 2025 Art. 4.4.
    MdpSelection,
    /// Whom the paired MDPs meet: 2017 D.1 / 2025 Art. 4.2 (transpositions).
    MdpTranspositions,
    /// Which residents of the remainder swap S1 and S2: 2017 D.2 / 2025 Art. 4.3.
    Exchanges,
    /// The order of S2 in the remainder: 2017 D.1 / 2025 Art. 4.2.
    Transpositions,
}

impl GenerationStep {
    /// The handbook article of this generation step in `edition` (e.g. `C.04.3 (2025) art. 4.3`).
    pub fn article(self, edition: DutchEdition) -> &'static str {
        use GenerationStep::*;
        match (edition, self) {
            (DutchEdition::Dutch2017, MdpSelection) => "C.04.3 (2017) D.3",
            (DutchEdition::Dutch2017, Exchanges) => "C.04.3 (2017) D.2",
            (DutchEdition::Dutch2017, _) => "C.04.3 (2017) D.1",
            (DutchEdition::Dutch2025, MdpSelection) => "C.04.3 (2025) art. 4.4",
            (DutchEdition::Dutch2025, Exchanges) => "C.04.3 (2025) art. 4.3",
            (DutchEdition::Dutch2025, _) => "C.04.3 (2025) art. 4.2",
        }
    }
}

/// How the recorded pairing of the first differing bracket compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Worse on this criterion, equal on every criterion above it.
    RecordedWorse(Criterion),
    /// Better on this criterion: the engine's pairing is not optimal (a defect).
    RecordedBetter(Criterion),
    /// Equal on every criterion: the generation order decides.
    GenerationOrder(GenerationStep),
}

/// Two pairings compared at the first bracket where they differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// The position of the bracket in the round (0 = top bracket).
    pub index: usize,
    /// The recorded pairing's evaluation of the bracket.
    pub recorded: BracketEval,
    /// The rules' (engine's) pairing's evaluation of the bracket.
    pub rules: BracketEval,
    /// Which one the criteria, or the generation order, prefer.
    pub outcome: Decision,
    /// With [`GenerationStep::Exchanges`]: the rule of the exchange order
    /// that parts the two pairings, with both values.
    pub order: Option<OrderDetail>,
}

impl Comparison {
    /// Criterion `c`'s amount for the recorded pairing and for the rules'
    /// pairing ([`Amount::Absent`] where the bracket has no such criterion).
    pub fn amounts(&self, c: Criterion) -> (Amount, Amount) {
        let amount = |e: &BracketEval| e.value(c).map_or(Amount::Absent, |v| v.amount.clone());
        (amount(&self.recorded), amount(&self.rules))
    }
}

/// A rule of the exchange order (2017 D.2 / 2025 Art. 4.3), in the order
/// the rules apply them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExchangeRule {
    /// `a`: the fewest exchanged players.
    FewestExchanged,
    /// `b`: the smallest difference between the BSN sums moved from S2 to S1
    /// and from S1 to S2.
    SmallestDifference,
    /// `c`: the highest BSNs moved from S1 to S2.
    HighestFromS1,
    /// `d`: the lowest BSNs moved from S2 to S1.
    LowestFromS2,
}

impl ExchangeRule {
    /// The rule's letter in the handbook: `a`, `b`, `c` or `d`.
    pub fn letter(self) -> char {
        match self {
            ExchangeRule::FewestExchanged => 'a',
            ExchangeRule::SmallestDifference => 'b',
            ExchangeRule::HighestFromS1 => 'c',
            ExchangeRule::LowestFromS2 => 'd',
        }
    }
}

/// One pairing's value under a rule of the exchange order.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExchangeValue {
    /// Rule `a`: the number of players the exchange moves from S2 to S1.
    Exchanged(usize),
    /// Rule `b`: the BSN sum moved from S2 to S1 minus the sum moved from S1 to S2.
    Difference(i64),
    /// Rules `c` and `d`: the BSNs moved (rule `c`: from S1 to S2, highest
    /// first; rule `d`: from S2 to S1, lowest first); empty when none move.
    Bsns(Vec<usize>),
}

/// Which rule of the exchange order (2017 D.2 / 2025 Art. 4.3) parts two
/// pairings of a remainder that tie on every criterion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderDetail {
    /// The rule that parts them.
    pub rule: ExchangeRule,
    /// The recorded pairing's value under the rule.
    pub recorded: ExchangeValue,
    /// The rules' pairing's value under the rule.
    pub rules: ExchangeValue,
    /// True when the rule puts the recorded pairing first: the engine's
    /// choice is then not the first candidate (an engine defect).
    pub favours_recorded: bool,
}

/// Compare `recorded` with the rules' pairing `rules` at the first bracket
/// where their pairs differ; `None` when they make the same pairs.
pub fn compare(
    prep: &Prepared,
    recorded: &Assignment,
    rules: &Assignment,
) -> Result<Option<Comparison>, EvalError> {
    let ppb = engine_ppb(prep);
    let mine = evaluate_against(prep, recorded, rules, ppb, true)?;
    let theirs = evaluate_against(prep, rules, rules, ppb, true)?;
    let Some(index) = mine
        .iter()
        .zip(&theirs)
        .position(|(a, b)| a.pairs != b.pairs)
    else {
        return Ok(None);
    };
    let (rec, sel) = (mine[index].clone(), theirs[index].clone());
    let mut outcome = None;
    for (c, v) in &rec.values {
        let Some(w) = sel.value(*c) else { continue };
        match cmp_fields(&v.fields, &w.fields) {
            Ordering::Less => outcome = Some(Decision::RecordedWorse(*c)),
            Ordering::Greater => outcome = Some(Decision::RecordedBetter(*c)),
            Ordering::Equal => continue,
        }
        break;
    }
    let outcome = outcome
        .unwrap_or_else(|| Decision::GenerationOrder(generation_step(&prep.states, &rec, &sel)));
    let order = match outcome {
        Decision::GenerationOrder(GenerationStep::Exchanges) => {
            exchange_order(&prep.states, &rec, &sel)
        }
        _ => None,
    };
    Ok(Some(Comparison {
        index,
        recorded: rec,
        rules: sel,
        outcome,
        order,
    }))
}

/// Where two equally good pairings of one bracket part in the generation order.
fn generation_step(ps: &[PlayerState], a: &BracketEval, b: &BracketEval) -> GenerationStep {
    let mate = mate_in;
    let mdp_set = |e: &BracketEval| -> Vec<usize> {
        e.mdps
            .iter()
            .copied()
            .filter(|m| mate(e, *m).is_some())
            .collect()
    };
    if mdp_set(a) != mdp_set(b) {
        return GenerationStep::MdpSelection;
    }
    if a.mdps.iter().any(|m| mate(a, *m) != mate(b, *m)) {
        return GenerationStep::MdpTranspositions;
    }
    // The remainder: residents not paired with an MDP, S1 its first p_r.
    let (rem, p_r) = remainder(ps, a);
    if exchange_of(ps, a, &rem, p_r) != exchange_of(ps, b, &rem, p_r) {
        GenerationStep::Exchanges
    } else {
        GenerationStep::Transpositions
    }
}

/// The mate of `x` in a bracket's pairs.
fn mate_in(e: &BracketEval, x: usize) -> Option<usize> {
    e.pairs
        .iter()
        .find_map(|&(p, q)| (p == x).then_some(q).or((q == x).then_some(p)))
}

/// The remainder of a bracket (residents not paired with an MDP, in rank
/// order) and its number of pairs.
fn remainder(ps: &[PlayerState], e: &BracketEval) -> (Vec<usize>, usize) {
    let mut rem: Vec<usize> = e
        .residents
        .iter()
        .copied()
        .filter(|r| !mate_in(e, *r).is_some_and(|o| e.mdps.contains(&o)))
        .collect();
    by_rank(ps, &mut rem);
    let p_r = e
        .pairs
        .iter()
        .filter(|(p, q)| rem.contains(p) && rem.contains(q))
        .count();
    (rem, p_r)
}

/// The exchange of a remainder pairing (2017 D.2 / 2025 Art. 4.3), by BSN
/// (the player's number in the bracket, 1 first): the BSNs moved from S1 to
/// S2, highest first, and from S2 to S1, lowest first. With the fewest
/// exchanges a pair of two S1 players moves its higher BSN to S2 (as does an
/// S1 player left unpaired) and a pair of two S2 players its lower BSN to S1.
fn exchange_of(
    ps: &[PlayerState],
    e: &BracketEval,
    rem: &[usize],
    p_r: usize,
) -> (Vec<usize>, Vec<usize>) {
    let mut bracket: Vec<usize> = e.mdps.iter().chain(&e.residents).copied().collect();
    by_rank(ps, &mut bracket);
    let bsn = |x: usize| bracket.iter().position(|y| *y == x).map_or(0, |i| i + 1);
    let at = |x: usize| rem.iter().position(|y| *y == x);
    let (mut out, mut inn) = (Vec::new(), Vec::new());
    for (i, &x) in rem.iter().enumerate() {
        let j = mate_in(e, x).and_then(at);
        if i < p_r && j.is_none_or(|j| j < i) {
            out.push(bsn(x));
        }
        if i >= p_r && j.is_some_and(|j| j > i) {
            inn.push(bsn(x));
        }
    }
    out.sort_unstable_by(|a, b| b.cmp(a));
    inn.sort_unstable();
    (out, inn)
}

/// Which rule of the exchange order parts the recorded pairing `a` from the
/// rules' pairing `b` of the same remainder; `None` when they make the same
/// exchange (the transpositions part them).
pub(super) fn exchange_order(
    ps: &[PlayerState],
    a: &BracketEval,
    b: &BracketEval,
) -> Option<OrderDetail> {
    let (rem, p_r) = remainder(ps, a);
    let (ao, ai) = exchange_of(ps, a, &rem, p_r);
    let (bo, bi) = exchange_of(ps, b, &rem, p_r);
    let sum = |v: &[usize]| v.iter().sum::<usize>() as i64;
    let detail = |rule, recorded, rules, favours_recorded| OrderDetail {
        rule,
        recorded,
        rules,
        favours_recorded,
    };
    if ai.len() != bi.len() {
        return Some(detail(
            ExchangeRule::FewestExchanged,
            ExchangeValue::Exchanged(ai.len()),
            ExchangeValue::Exchanged(bi.len()),
            ai.len() < bi.len(),
        ));
    }
    let (da, db) = (sum(&ai) - sum(&ao), sum(&bi) - sum(&bo));
    if da != db {
        return Some(detail(
            ExchangeRule::SmallestDifference,
            ExchangeValue::Difference(da),
            ExchangeValue::Difference(db),
            da < db,
        ));
    }
    if ao != bo {
        let favours = ao > bo;
        return Some(detail(
            ExchangeRule::HighestFromS1,
            ExchangeValue::Bsns(ao),
            ExchangeValue::Bsns(bo),
            favours,
        ));
    }
    if ai != bi {
        let favours = ai < bi;
        return Some(detail(
            ExchangeRule::LowestFromS2,
            ExchangeValue::Bsns(ai),
            ExchangeValue::Bsns(bi),
            favours,
        ));
    }
    None
}
