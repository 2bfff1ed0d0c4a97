//! Sonneborn-Berger (C.07 art. 9.1) and Koya (art. 9.2).

use super::code::TieBreakSpec;
use super::ctx::{Ctx, Slot};
use super::unplayed::Basis;
use super::value::Value;

/// C.07 art. 9.1: Σ opponent's score × points scored against them, unplayed rounds per
/// art. 16 (pre-2023: virtual opponent); SB/C1 drops the term of the lowest-scoring
/// opponent, the smallest product among equals (Aug 2024 wording).
pub(crate) fn sb(
    ctx: &Ctx,
    spec: &TieBreakSpec,
    i: usize,
    ex: Option<&mut Vec<String>>,
) -> Option<Value> {
    super::buchholz::sum(ctx, spec, i, Basis::Final, true, ex)
}

/// C.07 art. 9.2: points scored against the opponents who finished with at least half
/// of the maximum possible score; `/L±n` moves that limit by n half-points. Forfeit
/// results count (points achieved against the scheduled opponent), as in the FIDE
/// TieBreakServer. The maximum is a win for every round the opponent was
/// scheduled to play: the free rounds of an odd round robin are not games
/// (n − 1 games for n rounds, as TieBreakServer counts them).
pub(crate) fn ks(
    ctx: &Ctx,
    spec: &TieBreakSpec,
    i: usize,
    mut ex: Option<&mut Vec<String>>,
) -> Option<Value> {
    let me = ctx.players.get(i)?;
    // Compare doubled tenths: 2 × score ≥ max + n × 1.0.
    let limit2_of = |games: usize| {
        i64::from(ctx.scoring.win.0) * games as i64 + i64::from(spec.limit_shift) * 10
    };
    let games_of = |o: usize| {
        let free = ctx
            .players
            .get(o)
            .map(|p| p.slots.iter().filter(|s| s.is_free()).count())
            .unwrap_or(0);
        ctx.rounds.saturating_sub(free)
    };
    let full = limit2_of(ctx.rounds);
    if let Some(e) = ex.as_deref_mut() {
        e.push(format!(
            "limit: opponents with at least {} ({} per game scheduled)",
            Value::new(full, 20),
            Value::new(limit2_of(1) - i64::from(spec.limit_shift) * 10, 20)
        ));
    }
    let mut total = 0i64;
    for (k, s) in me.slots.iter().enumerate() {
        let opp = match *s {
            Slot::Game { opp, .. } => opp,
            Slot::Forfeit { opp, .. } => opp,
            _ => continue,
        };
        let osc = ctx
            .players
            .get(opp)
            .map(|p| i64::from(p.score.0))
            .unwrap_or(0);
        let limit2 = limit2_of(games_of(opp));
        let counted = 2 * osc >= limit2;
        if counted {
            total += i64::from(s.pts().0);
        }
        if let Some(e) = ex.as_deref_mut() {
            e.push(format!(
                "R{}: {} with {}: {}",
                k + 1,
                ctx.label(opp),
                Value::tenths(osc),
                match (counted, limit2 == full) {
                    (true, _) => format!("counts {}", s.pts()),
                    (false, true) => "below the limit".into(),
                    (false, false) => format!("below the limit {}", Value::new(limit2, 20)),
                }
            ));
        }
    }
    Some(Value::tenths(total))
}
