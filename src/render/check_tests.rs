//! The words of a check finding, from typed findings: the sentences the
//! reports have always printed.

use super::{amount_words, finding_criterion, finding_explanation, finding_value};
use crate::model::{PlayerId, Points};
use crate::pairing::check::{CriterionFinding, FindingCriterion, FindingKind, FindingValue};
use crate::pairing::dutch::criteria::Criterion;
use crate::pairing::dutch::evaluate::{Amount, ExchangeRule, ExchangeValue, GenerationStep};
use crate::pairing::dutch::DutchEdition::{self, Dutch2017, Dutch2025};

fn on(
    edition: DutchEdition,
    c: Criterion,
    kind: FindingKind,
    recorded: Amount,
    rules: Amount,
) -> CriterionFinding {
    CriterionFinding {
        edition,
        criterion: FindingCriterion::Criterion(c),
        recorded: FindingValue::Amount(recorded),
        rules: FindingValue::Amount(rules),
        kind,
    }
}

fn scores(v: &[i32]) -> Amount {
    Amount::Scores(v.iter().copied().map(Points).collect())
}

#[test]
fn amounts_read_as_the_reports_quote_them() {
    assert_eq!(amount_words(&Amount::Complete), "complete");
    assert_eq!(amount_words(&Amount::Unpaired(3)), "3 players unpaired");
    assert_eq!(amount_words(&Amount::Count(2)), "2");
    assert_eq!(amount_words(&Amount::Score(Points(35))), "3.5");
    assert_eq!(amount_words(&scores(&[40, 35])), "4.0, 3.5");
    assert_eq!(amount_words(&scores(&[])), "none");
    assert_eq!(amount_words(&Amount::NoOne), "none");
    assert_eq!(amount_words(&Amount::Absent), "");
}

#[test]
fn a_criterion_finding_in_words() {
    use FindingKind::{RecordedBetter as Better, RecordedWorse as Worse};
    let (two, none) = (Amount::Count(2), Amount::Count(0));
    let f = on(
        Dutch2017,
        Criterion::Preference,
        Worse,
        two.clone(),
        none.clone(),
    );
    assert_eq!(finding_criterion(&f), "C.10");
    assert_eq!(
        (finding_value(&f.recorded), finding_value(&f.rules)),
        ("2".to_string(), "0".to_string())
    );
    assert_eq!(
        finding_explanation(&f),
        "C.10 (2017): the recorded pairing denies 2 players their colour preference; the rules allow 0"
    );
    let f = on(
        Dutch2025,
        Criterion::Preference,
        Worse,
        two.clone(),
        none.clone(),
    );
    assert_eq!(finding_criterion(&f), "[C12]");
    assert_eq!(
        finding_explanation(&f),
        "[C12] (2025): the recorded pairing denies 2 players their colour preference; the rules allow 0"
    );
    let f = on(Dutch2017, Criterion::Preference, Better, none, two);
    assert_eq!(
        finding_explanation(&f),
        "C.10 (2017): the comparison found the recorded pairing better: it denies 0 players their colour preference, the engine's pairing 2; the engine's choice is not optimal here (an engine defect), so this verdict is not backed"
    );
    let f = on(
        Dutch2017,
        Criterion::Pairs,
        Worse,
        Amount::Count(0),
        Amount::Count(1),
    );
    assert_eq!(
        finding_explanation(&f),
        "C.5 (2017): the recorded pairing makes 0 pairs in the bracket; the rules allow 1"
    );
    let f = on(
        Dutch2025,
        Criterion::Scores,
        Worse,
        scores(&[10]),
        scores(&[5]),
    );
    assert_eq!(
        finding_explanation(&f),
        "[C7] (2025): the recorded pairing has downfloaters with 1.0; the rules allow 0.5"
    );
    let f = on(
        Dutch2017,
        Criterion::Scores,
        Worse,
        scores(&[15, 0, 0, 0]),
        scores(&[10, 5, 0, 0]),
    );
    assert_eq!(
        finding_explanation(&f),
        "C.6 (2017): the recorded pairing has the PSD 1.5, 0.0, 0.0, 0.0; the rules allow 1.0, 0.5, 0.0, 0.0"
    );
}

#[test]
fn a_generation_order_finding_in_words() {
    let f = CriterionFinding {
        edition: Dutch2017,
        criterion: FindingCriterion::GenerationOrder {
            step: GenerationStep::Transpositions,
            exchange: None,
        },
        recorded: FindingValue::Unmeasured,
        rules: FindingValue::Unmeasured,
        kind: FindingKind::GenerationOrder,
    };
    assert_eq!(finding_criterion(&f), "C.04.3 (2017) D.1");
    assert_eq!(finding_value(&f.recorded), "");
    assert_eq!(
        finding_explanation(&f),
        "both pairings of the bracket are equal on every criterion C.5-C.19; the generation order prefers the rules' pairing (C.04.3 (2017) D.1: the transpositions of S2)"
    );
    let f = CriterionFinding {
        edition: Dutch2025,
        criterion: FindingCriterion::GenerationOrder {
            step: GenerationStep::Exchanges,
            exchange: Some(ExchangeRule::FewestExchanged),
        },
        recorded: FindingValue::Exchange(ExchangeValue::Exchanged(1)),
        rules: FindingValue::Exchange(ExchangeValue::Exchanged(0)),
        kind: FindingKind::GenerationOrder,
    };
    assert_eq!(finding_criterion(&f), "C.04.3 (2025) art. 4.3 a");
    assert_eq!(
        finding_explanation(&f),
        "both pairings of the bracket are equal on every criterion [C5]-[C21]; C.04.3 (2025) art. 4.3 a ranks first the exchange with the fewest exchanged players: the recorded pairing exchanges 1 player, the rules' pairing exchanges 0 players; the generation order prefers the rules' pairing"
    );
    let f = CriterionFinding {
        edition: Dutch2017,
        criterion: FindingCriterion::GenerationOrder {
            step: GenerationStep::Exchanges,
            exchange: Some(ExchangeRule::LowestFromS2),
        },
        recorded: FindingValue::Exchange(ExchangeValue::Bsns(vec![6, 9])),
        rules: FindingValue::Exchange(ExchangeValue::Bsns(vec![7, 8])),
        kind: FindingKind::RecordedBetter,
    };
    assert_eq!(finding_criterion(&f), "C.04.3 (2017) D.2 d");
    assert_eq!(finding_value(&f.recorded), "6+9");
    assert_eq!(
        finding_explanation(&f),
        "both pairings of the bracket are equal on every criterion C.5-C.19; C.04.3 (2017) D.2 d ranks first the exchange with the lowest BSNs moved from S2 to S1: the recorded pairing moves BSN 6+9 from S2 to S1, the rules' pairing moves BSN 7+8 from S2 to S1; this puts the recorded pairing first, so the engine's choice is not the first candidate (an engine defect) and this verdict is not backed"
    );
    assert_eq!(
        finding_value(&FindingValue::Exchange(ExchangeValue::Bsns(vec![]))),
        "none"
    );
}

#[test]
fn a_bye_finding_in_words() {
    let bye = |p, s| FindingValue::Bye {
        player: PlayerId(p),
        score: Points(s),
    };
    let f = CriterionFinding {
        edition: Dutch2025,
        criterion: FindingCriterion::Criterion(Criterion::ByeScore),
        recorded: bye(5, 20),
        rules: bye(7, 10),
        kind: FindingKind::RecordedWorse,
    };
    assert_eq!(finding_criterion(&f), "[C5]");
    assert_eq!(finding_value(&f.recorded), "PAB to player 5 with 2.0");
    assert_eq!(
        finding_explanation(&f),
        "[C5] (2025, art. 2.3.1): the recorded pairing gives the pairing-allocated bye to a player with 2.0, the rules allow 1.0"
    );
}
