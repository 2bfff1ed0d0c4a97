//! The Buchholz family: BH (C.07 art. 8.1), AOB (8.2), FB (8.3), with cuts (art. 14)
//! and unplayed rounds (art. 16; pre-2023 virtual opponent).

use super::code::{Code, TieBreakSpec};
use super::ctx::{Ctx, Slot};
use super::unplayed::{cut, describe, terms, Basis, CutReason};
use super::value::Value;

/// BH or FB with the spec's cuts.
pub(crate) fn sum(
    ctx: &Ctx,
    spec: &TieBreakSpec,
    i: usize,
    basis: Basis,
    sb: bool,
    mut ex: Option<&mut Vec<String>>,
) -> Option<Value> {
    let all = terms(ctx, i, basis, sb, spec.forfeits_played);
    if let Some(e) = ex.as_deref_mut() {
        for t in &all {
            e.push(describe(ctx, i, t, sb));
        }
    }
    let (kept, removed) = cut(all, spec.cut_low, spec.cut_high, ctx.edition.dummy());
    if let Some(e) = ex {
        for (t, why) in &removed {
            let why = match why {
                CutReason::Lowest => "least significant value",
                CutReason::VurFirst => {
                    "lowest voluntarily unplayed round, cut first (C.07 art. 16.5)"
                }
                CutReason::Highest => "most significant value",
            };
            e.push(format!("cut R{} ({}): {why}", t.round, t.value));
        }
    }
    Some(kept.iter().map(|t| t.value).sum())
}

/// C.07 art. 8.2: the average of the Buchholz (with `/F`: Fore Buchholz) of the
/// opponents met over the board.
pub(crate) fn aob(
    ctx: &Ctx,
    spec: &TieBreakSpec,
    i: usize,
    mut ex: Option<&mut Vec<String>>,
) -> Option<Value> {
    let base = TieBreakSpec {
        forfeits_played: spec.forfeits_played,
        ..TieBreakSpec::plain(if spec.fore { Code::Fb } else { Code::Bh })
    };
    let basis = if spec.fore { Basis::Fore } else { Basis::Final };
    let col = ctx.cached(&base, || {
        (0..ctx.len())
            .map(|k| sum(ctx, &base, k, basis, false, None))
            .collect()
    });
    let me = ctx.players.get(i)?;
    let forfeits = spec.forfeits_played || ctx.round_robin;
    let mut total = Value::ZERO;
    let mut n = 0i64;
    for (k, s) in me.slots.iter().enumerate() {
        let opp = match *s {
            Slot::Game { opp, .. } => opp,
            Slot::Forfeit { opp, .. } if forfeits => opp,
            _ => continue,
        };
        let v = col.get(opp).copied().flatten().unwrap_or(Value::ZERO);
        if let Some(e) = ex.as_deref_mut() {
            e.push(format!("R{}: {} has {} {v}", k + 1, ctx.label(opp), base));
        }
        total = total + v;
        n += 1;
    }
    if n == 0 {
        if let Some(e) = ex.as_deref_mut() {
            e.push("no game over the board: undefined".into());
        }
        return None;
    }
    let avg = total * Value::new(1, n);
    if let Some(e) = ex {
        e.push(format!("{total} / {n} = {avg}"));
    }
    Some(avg)
}
