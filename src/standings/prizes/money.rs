//! Money arithmetic: rounding to the unit, pro-rata reduction and tax.
//!
//! Amounts are whole currency units ([`Money`]). Computation order, each step
//! rounded as stated so that every figure in the statement is an integer:
//! 1. pro-rata reduction of each place prize (`cash × players / min_players`),
//!    rounded **down** to the rounding unit; the difference is never paid;
//! 2. sharing of the (reduced) place prizes among tied players; each share is
//!    rounded to the unit by [`RoundingMode`], and the difference between the
//!    pool and the shares paid is reported as the line's `remainder`
//!    (positive: kept by the organiser; negative: paid on top by rounding up);
//! 3. tax on each player's gross payment, rounded half up to a whole unit.

use super::output::Reduction;
use super::reason::{ReductionReason, TaxNote};
use super::rules::{CategoryInput, Money, PlacePrize, PrizeRules, RoundingMode};

/// A category's prize table after the pro-rata reduction.
pub(crate) struct Reduced {
    pub table: Vec<PlacePrize>,
    pub reduction: Option<Reduction>,
    /// Cash not paid because of the reduction.
    pub cut: Money,
}

/// Pro-rata reduction (step 1): the reduced prize table, the reduction, and the cash cut.
pub(crate) fn reduce(c: &CategoryInput, rules: &PrizeRules) -> Reduced {
    let n = c.size() as i64;
    let unchanged = || Reduced {
        table: c.prizes.clone(),
        reduction: None,
        cut: 0,
    };
    let Some(pr) = rules.pro_rata else {
        return unchanged();
    };
    let min = i64::from(pr.min_players);
    // A category without players is not reduced: its prizes are not awarded at
    // all (`CategoryStatement::unawarded`).
    if n == 0 || n >= min || min == 0 || !c.prizes.iter().any(|p| p.cash > 0) {
        return unchanged();
    }
    let unit = rules.rounding.unit.max(1);
    let mut cut = 0;
    let table: Vec<PlacePrize> = c
        .prizes
        .iter()
        .map(|p| {
            let exact_num = i128::from(p.cash) * i128::from(n);
            let v = round_div(exact_num, i128::from(min), unit, RoundingMode::Down);
            cut += p.cash - v;
            PlacePrize {
                cash: v,
                awards: p.awards.clone(),
            }
        })
        .collect();
    let reduced = table.iter().map(|p| p.cash).filter(|&c| c > 0).collect();
    Reduced {
        table,
        reduction: Some(Reduction {
            players: n as u32,
            min_players: pr.min_players,
            reason: ReductionReason { unit, reduced },
        }),
        cut,
    }
}

/// `num / den` rounded to a multiple of `unit`.
pub(crate) fn round_div(num: i128, den: i128, unit: Money, mode: RoundingMode) -> Money {
    let d = den * i128::from(unit);
    if d <= 0 {
        return 0;
    }
    let q = match mode {
        RoundingMode::Down => num.div_euclid(d),
        RoundingMode::Nearest => (2 * num + d).div_euclid(2 * d),
    };
    Money::try_from(q * i128::from(unit)).unwrap_or(Money::MAX)
}

/// Tax withheld from a gross payment (step 3).
pub(crate) fn tax_of(gross: Money, rules: &PrizeRules) -> Money {
    match rules.tax {
        Some(t) if gross >= t.min_gross && gross > 0 => round_div(
            i128::from(gross) * i128::from(t.rate_bp),
            10_000,
            1,
            RoundingMode::Nearest,
        ),
        _ => 0,
    }
}

/// Whether the rules tax a payment of `gross`, for the reason (none when there is
/// no tax or nothing is paid).
pub(crate) fn tax_note(gross: Money, rules: &PrizeRules) -> Option<TaxNote> {
    match rules.tax {
        Some(t) if gross > 0 => Some(TaxNote {
            gross,
            rate_bp: t.rate_bp,
            min_gross: t.min_gross,
        }),
        _ => None,
    }
}
