//! Rating tie-breaks (C.07 art. 10): ARO, TPR, PTP, APRO, APPO, RTNG, with the B.02
//! tables 8.1.1 (p → dp) and 8.1.2 (D → PD).

use super::code::{Code, TieBreakSpec};
use super::ctx::{Ctx, Slot};
use super::edition::TiebreakEdition;
use super::value::Value;
use crate::model::b02;

/// B.02 table 8.1.1 (p → dp), shared with the rating engine: dp for a
/// percentage in hundredths (0..=100); dp(1−p) = −dp(p).
pub fn dp(p100: i64) -> i64 {
    // Clamped first, so the narrowing cannot lose information.
    i64::from(b02::dp(p100.clamp(0, 100) as i32))
}

/// B.02 table 8.1.2 (D → PD), shared with the rating engine: PD in hundredths
/// for a rating difference `d`; PD(−D) = 1 − PD(D).
pub fn pd(d: i64) -> i64 {
    // Beyond ±735 the table is flat, so clamping to ±1000 changes nothing.
    i64::from(b02::pd(d.clamp(-1000, 1000) as i32))
}

/// The opponents met over the board: (round, opponent, rating used, own points in tenths).
fn opponents(ctx: &Ctx, spec: &TieBreakSpec, i: usize) -> Vec<(usize, usize, Option<i64>, i64)> {
    let Some(me) = ctx.players.get(i) else {
        return Vec::new();
    };
    // C.07 art. 15.2: in round robins forfeits count as games, except (2026) for art. 10.
    let forfeits = ctx.round_robin && ctx.edition != TiebreakEdition::C07_2026;
    me.slots
        .iter()
        .enumerate()
        .filter_map(|(k, s)| {
            let opp = match *s {
                Slot::Game { opp, .. } => opp,
                Slot::Forfeit { opp, .. } if forfeits => opp,
                _ => return None,
            };
            let r = ctx
                .t
                .players
                .get(opp)
                .and_then(|p| p.rating)
                .or(spec.unrated_rating)
                .map(i64::from);
            Some((k + 1, opp, r, i64::from(s.pts().0)))
        })
        .collect()
}

pub(crate) fn eval(
    ctx: &Ctx,
    spec: &TieBreakSpec,
    i: usize,
    mut ex: Option<&mut Vec<String>>,
) -> Option<Value> {
    macro_rules! note {
        ($($a:tt)*) => { if let Some(e) = ex.as_deref_mut() { e.push(format!($($a)*)); } };
    }
    match spec.code {
        Code::Rtng => {
            let r = ctx
                .t
                .players
                .get(i)
                .and_then(|p| p.rating)
                .or(spec.unrated_rating)?;
            Some(Value::int(i64::from(r)))
        }
        Code::Aro => {
            let mut ops = opponents(ctx, spec, i);
            for (r, o, rt, _) in &ops {
                match rt {
                    Some(x) => note!("R{r}: {} rated {x}", ctx.label(*o)),
                    None => note!("R{r}: {} unrated, not counted", ctx.label(*o)),
                }
            }
            // Cuts drop the lowest (unrated first) and the highest ratings.
            ops.sort_by_key(|(r, _, rt, _)| (rt.unwrap_or(i64::MIN), *r));
            let low = usize::from(spec.cut_low).min(ops.len());
            for (r, _, rt, _) in ops.drain(..low) {
                note!(
                    "cut R{r} ({}): lowest",
                    rt.map_or("unrated".into(), |x| x.to_string())
                );
            }
            let high = usize::from(spec.cut_high).min(ops.len());
            for (r, _, rt, _) in ops.split_off(ops.len() - high) {
                note!(
                    "cut R{r} ({}): highest",
                    rt.map_or("unrated".into(), |x| x.to_string())
                );
            }
            let rated: Vec<i64> = ops.iter().filter_map(|o| o.2).collect();
            if rated.is_empty() {
                note!("no rated opponent left: undefined");
                return None;
            }
            let v = Value::new(rated.iter().sum(), rated.len() as i64);
            note!("average {v}, rounded half up (C.07 art. 10.1)");
            Some(Value::int(v.round_half_up()))
        }
        Code::Tpr | Code::Ptp => {
            let ops = opponents(ctx, spec, i);
            let rated: Vec<(i64, i64)> = ops
                .iter()
                .filter_map(|(_, _, r, p)| r.map(|r| (r, *p)))
                .collect();
            if rated.len() < ops.len() {
                note!("{} unrated opponent(s) left out", ops.len() - rated.len());
            }
            if rated.is_empty() {
                note!("no rated opponent: undefined");
                return None;
            }
            let n = rated.len() as i64;
            let score: i64 = rated.iter().map(|x| x.1).sum();
            let win = i64::from(ctx.scoring.win.0).max(1);
            let aro = Value::new(rated.iter().map(|x| x.0).sum(), n).round_half_up();
            if spec.code == Code::Tpr {
                // p = points / games in hundredths, half up (B.02 8.1.1 lookup).
                let p100 = Value::new(score * 100, n * win).round_half_up();
                let d = dp(p100);
                note!(
                    "ARO {aro}, score {}/{n} = .{p100:02}, dp {d} (C.07 art. 10.2)",
                    Value::tenths(score)
                );
                Some(Value::int(aro + d))
            } else {
                let ratings: Vec<i64> = rated.iter().map(|x| x.0).collect();
                let lo = ratings.iter().copied().min().unwrap_or(0);
                let hi = ratings.iter().copied().max().unwrap_or(0);
                // Score in hundredths of a win.
                let target = score * 100 / win;
                if target <= 0 {
                    note!("zero score: lowest opponent {lo} − 800 (C.07 art. 10.3)");
                    return Some(Value::int(lo - 800));
                }
                let sum_pd = |r: i64| ratings.iter().map(|&o| pd(r - o)).sum::<i64>();
                let (mut a, mut b) = (lo - 800, hi + 800);
                if sum_pd(b) < target {
                    return Some(Value::int(b));
                }
                // Smallest R with Σ PD(R − Ropp) ≥ score; sum_pd is monotone.
                while a < b {
                    let m = a + (b - a).div_euclid(2);
                    if sum_pd(m) >= target {
                        b = m;
                    } else {
                        a = m + 1;
                    }
                }
                note!(
                    "smallest R with Σ PD(R − Ropp) ≥ {}: {a} (Σ PD = {})",
                    Value::tenths(score),
                    Value::new(sum_pd(a), 100)
                );
                Some(Value::int(a))
            }
        }
        Code::Apro | Code::Appo => {
            let base = TieBreakSpec {
                unrated_rating: spec.unrated_rating,
                ..TieBreakSpec::plain(if spec.code == Code::Apro {
                    Code::Tpr
                } else {
                    Code::Ptp
                })
            };
            let col = ctx.cached(&base, || {
                (0..ctx.len()).map(|k| eval(ctx, &base, k, None)).collect()
            });
            let mut vals = Vec::new();
            for (r, o, _, _) in opponents(ctx, spec, i) {
                match col.get(o).copied().flatten() {
                    Some(v) => {
                        note!("R{r}: {} {} {v}", ctx.label(o), base);
                        vals.push(v.numer());
                    }
                    None => note!("R{r}: {} has no {}", ctx.label(o), base),
                }
            }
            if vals.is_empty() {
                return None;
            }
            let v = Value::new(vals.iter().sum(), vals.len() as i64);
            note!("average {v}, rounded half up");
            Some(Value::int(v.round_half_up()))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_symmetric_and_monotone() {
        assert_eq!(dp(80), 240);
        assert_eq!(dp(20), -240);
        assert_eq!(dp(0), -800);
        assert_eq!(dp(38), -87);
        assert_eq!(pd(0), 50);
        assert_eq!(pd(-100), 36);
        assert_eq!(pd(150), 70);
        assert_eq!(pd(736), 100);
        for d in -900..900 {
            assert!(pd(d) <= pd(d + 1));
            assert_eq!(pd(-d), 100 - pd(d));
        }
        for p in 0..=100 {
            assert_eq!(dp(100 - p), -dp(p));
        }
    }
}
