//! The evaluator's findings in an arbiter's words: criterion numbers,
//! what a pairing does on a criterion, the outcome of a comparison.

use super::bracket::Amount;
use super::order::{Comparison, Decision, GenerationStep, OrderDetail};
use crate::pairing::dutch::criteria::Criterion;
use crate::pairing::dutch::DutchEdition;

impl GenerationStep {
    /// The step in words.
    pub fn words(self) -> &'static str {
        match self {
            GenerationStep::MdpSelection => "the choice of the MDPs to pair",
            GenerationStep::MdpTranspositions => {
                "the transpositions giving the MDPs their opponents"
            }
            GenerationStep::Exchanges => "the exchanges of residents between S1 and S2",
            GenerationStep::Transpositions => "the transpositions of S2",
        }
    }
}

impl OrderDetail {
    /// One side's value in words.
    pub fn phrase(&self, v: &str) -> String {
        match self.rule {
            'a' if v.parse::<u32>() == Ok(1) => "exchanges 1 player".to_string(),
            'a' => format!("exchanges {v} players"),
            'b' => format!("has a difference of {v}"),
            'c' => format!("moves BSN {v} from S1 to S2"),
            _ => format!("moves BSN {v} from S2 to S1"),
        }
    }

    /// The sub-article: `D.2 b` (2017) / `art. 4.3 b` (2025) and what it asks.
    pub fn words(&self) -> &'static str {
        match self.rule {
            'a' => "the fewest exchanged players",
            'b' => {
                "the smallest difference between the BSN sums moved from S2 to S1 and from S1 to S2"
            }
            'c' => "the highest BSNs moved from S1 to S2",
            _ => "the lowest BSNs moved from S2 to S1",
        }
    }
}

/// The criterion's number with its edition: `C.10 (2017)`, `[C12] (2025)`.
pub fn label(c: Criterion, edition: DutchEdition) -> String {
    match edition {
        DutchEdition::Dutch2017 => format!("{} (2017)", c.article(edition)),
        DutchEdition::Dutch2025 => format!("[{}] (2025)", c.article(edition)),
    }
}

/// The criterion's number alone: `C.10`, `[C12]`.
pub fn number(c: Criterion, edition: DutchEdition) -> String {
    match edition {
        DutchEdition::Dutch2017 => c.article(edition).to_string(),
        DutchEdition::Dutch2025 => format!("[{}]", c.article(edition)),
    }
}

/// What a pairing does on criterion `c`, given its amount: completes
/// "the recorded pairing ...".
fn count(amount: &Amount, one: &str, many: &str) -> String {
    if amount.is_one() {
        format!("1 {one}")
    } else {
        format!("{amount} {many}")
    }
}

/// What a pairing does on criterion `c` with value `amount`, as a phrase the check reports complete with "the recorded pairing ..." (e.g. `makes 3 pairs in the bracket`).
pub fn phrase(c: Criterion, edition: DutchEdition, amount: &Amount) -> String {
    use Criterion::*;
    let e17 = edition == DutchEdition::Dutch2017;
    match c {
        Completion => format!("leaves a round that cannot be completed ({amount})"),
        ByeEligible => {
            format!(
                "leaves {} who may not receive the PAB without an opponent",
                count(amount, "player", "players")
            )
        }
        ByeScore => format!(
            "leaves {amount} as the lowest score that can receive the pairing-allocated bye"
        ),
        Pairs => format!("makes {} in the bracket", count(amount, "pair", "pairs")),
        Scores if e17 => format!("has the PSD {amount}"),
        Scores => format!("has downfloaters with {amount}"),
        NextEligible => format!(
            "leaves {} in the last bracket who may not receive the PAB",
            count(amount, "player", "players")
        ),
        NextPairs => format!(
            "allows at most {} in the next bracket",
            count(amount, "pair", "pairs")
        ),
        NextScores if e17 => format!("allows at best the PSD {amount} in the next bracket"),
        NextScores => format!("allows at best downfloaters with {amount} from the next bracket"),
        ByeUnplayed => format!(
            "gives the PAB to a player with {}",
            count(amount, "unplayed game", "unplayed games")
        ),
        TopscorerCd => {
            format!(
                "gives {} a colour difference beyond ±2",
                count(
                    amount,
                    "topscorer or opponent",
                    "topscorers or their opponents"
                )
            )
        }
        TopscorerRepeat => format!(
            "gives {} the same colour three times in a row",
            count(
                amount,
                "topscorer or opponent",
                "topscorers or their opponents"
            )
        ),
        Preference => format!(
            "denies {} their colour preference",
            count(amount, "player", "players")
        ),
        StrongPreference => format!(
            "denies {} their strong colour preference",
            count(amount, "player", "players")
        ),
        Down1 if e17 => {
            format!(
                "gives {} a downfloat again after one in the previous round",
                count(amount, "player", "players")
            )
        }
        Down2 if e17 => {
            format!(
                "gives {} a downfloat again after one two rounds before",
                count(amount, "player", "players")
            )
        }
        Up1 if e17 => {
            format!(
                "gives {} an upfloat again after one in the previous round",
                count(amount, "player", "players")
            )
        }
        Up2 if e17 => {
            format!(
                "gives {} an upfloat again after one two rounds before",
                count(amount, "player", "players")
            )
        }
        Down1 => {
            format!(
                "floats down {} who had a downfloat in the previous round",
                count(amount, "resident", "residents")
            )
        }
        Down2 => format!(
            "floats down {} who had a downfloat two rounds before",
            count(amount, "resident", "residents")
        ),
        Up1 => {
            format!(
                "pairs MDPs with {} who had an upfloat in the previous round",
                count(amount, "opponent", "opponents")
            )
        }
        Up2 => format!(
            "pairs MDPs with {} who had an upfloat two rounds before",
            count(amount, "opponent", "opponents")
        ),
        Down1Sd => format!(
            "has repeated downfloats (previous round) with score differences totalling {amount}"
        ),
        Down2Sd => format!(
            "has repeated downfloats (two rounds before) with score differences totalling {amount}"
        ),
        Up1Sd => format!(
            "has repeated upfloats (previous round) with score differences totalling {amount}"
        ),
        Up2Sd => format!(
            "has repeated upfloats (two rounds before) with score differences totalling {amount}"
        ),
    }
}

/// The finding in an arbiter's words.
pub fn explain_outcome(edition: DutchEdition, cmp: &Comparison) -> String {
    match cmp.outcome {
        Decision::RecordedWorse(c) => {
            let (r, s) = cmp.amounts(c);
            format!(
                "{}: the recorded pairing {}; the rules allow {s}",
                label(c, edition),
                phrase(c, edition, &r)
            )
        }
        Decision::RecordedBetter(c) => {
            let (r, s) = cmp.amounts(c);
            format!(
                "{}: the comparison found the recorded pairing better: it {}, the engine's pairing {s}; the engine's choice is not optimal here (an engine defect), so this verdict is not backed",
                label(c, edition),
                phrase(c, edition, &r)
            )
        }
        Decision::GenerationOrder(step) if cmp.order.is_some() => {
            let range = match edition {
                DutchEdition::Dutch2017 => "C.5-C.19",
                DutchEdition::Dutch2025 => "[C5]-[C21]",
            };
            let Some(d) = &cmp.order else {
                return String::new();
            };
            let head = format!(
                "both pairings of the bracket are equal on every criterion {range}; {} {} ranks first the exchange with {}: the recorded pairing {}, the rules' pairing {}",
                step.article(edition),
                d.rule,
                d.words(),
                d.phrase(&d.recorded),
                d.phrase(&d.rules)
            );
            if d.favours_recorded {
                format!("{head}; this puts the recorded pairing first, so the engine's choice is not the first candidate (an engine defect) and this verdict is not backed")
            } else {
                format!("{head}; the generation order prefers the rules' pairing")
            }
        }
        Decision::GenerationOrder(step) => {
            let range = match edition {
                DutchEdition::Dutch2017 => "C.5-C.19",
                DutchEdition::Dutch2025 => "[C5]-[C21]",
            };
            format!(
                "both pairings of the bracket are equal on every criterion {range}; the generation order prefers the rules' pairing ({}: {})",
                step.article(edition),
                step.words()
            )
        }
    }
}
