//! Direct Encounter (C.07 art. 6), a type-A tie-break computed on each tied group.

use super::code::TieBreakSpec;
use super::ctx::{Ctx, Slot};
use super::value::Value;

/// Split `group` (indexes of players tied so far) by C.07 art. 6 into ordered
/// sub-groups. Forfeits are left out unless `/P` (6.1.1); repeated games between two
/// players are averaged (6.1.2); if all met, rank by the separate standings and re-apply
/// to the sub-groups still tied (6.2); otherwise a player is placed only if alone on top
/// whatever the missing games' results, then the next place is tested the same way and
/// the rest re-ranked by art. 6 (6.3).
pub(crate) fn split(
    ctx: &Ctx,
    spec: &TieBreakSpec,
    group: &[usize],
    ex: &mut Vec<String>,
) -> Vec<Vec<usize>> {
    if group.len() <= 1 {
        return vec![group.to_vec()];
    }
    let forfeits = spec.forfeits_played || ctx.round_robin;
    let win = Value::tenths(i64::from(ctx.scoring.win.0));
    let mut cur = Vec::with_capacity(group.len());
    let mut max = Vec::with_capacity(group.len());
    let mut all_met = true;
    for &i in group {
        let mut total = Value::ZERO;
        let mut met = 0i64;
        for &j in group {
            if j == i {
                continue;
            }
            let mut sum = 0i64;
            let mut n = 0i64;
            if let Some(p) = ctx.players.get(i) {
                for s in &p.slots {
                    let hit = match *s {
                        Slot::Game { opp, .. } => opp == j,
                        Slot::Forfeit { opp, .. } => forfeits && opp == j,
                        _ => false,
                    };
                    if hit {
                        sum += i64::from(s.pts().0);
                        n += 1;
                    }
                }
            }
            if n > 0 {
                total = total + Value::new(sum, 10 * n);
                met += 1;
            }
        }
        let missing = group.len() as i64 - 1 - met;
        if missing > 0 {
            all_met = false;
        }
        cur.push(total);
        max.push(total + win * Value::int(missing));
    }
    let names: Vec<String> = group
        .iter()
        .zip(cur.iter().zip(&max))
        .map(|(&i, (c, m))| {
            if c == m {
                format!("{} {c}", ctx.label(i))
            } else {
                format!("{} {c} (at most {m})", ctx.label(i))
            }
        })
        .collect();
    ex.push(format!("DE among {}: {}", group.len(), names.join(", ")));
    let mut order: Vec<usize> = (0..group.len()).collect();
    order.sort_by(|&a, &b| cur[b].cmp(&cur[a]).then(group[a].cmp(&group[b])));
    if all_met {
        // 6.2: everybody met everybody.
        let mut blocks: Vec<Vec<usize>> = Vec::new();
        let mut last: Option<Value> = None;
        for &k in &order {
            if last == Some(cur[k]) {
                if let Some(b) = blocks.last_mut() {
                    b.push(group[k]);
                }
            } else {
                blocks.push(vec![group[k]]);
                last = Some(cur[k]);
            }
        }
        if blocks.len() == 1 {
            ex.push("all met; still tied".into());
            return blocks;
        }
        ex.push("all met: ranked by the points among them (C.07 art. 6.2)".into());
        return blocks
            .into_iter()
            .flat_map(|b| {
                if b.len() > 1 {
                    split(ctx, spec, &b, ex)
                } else {
                    vec![b]
                }
            })
            .collect();
    }
    // 6.3: not all met.
    let mut remaining = order.clone();
    let mut out: Vec<Vec<usize>> = Vec::new();
    loop {
        let top = remaining
            .iter()
            .copied()
            .find(|&k| remaining.iter().all(|&j| j == k || cur[k] > max[j]));
        match top {
            Some(k) if remaining.len() > 1 => {
                ex.push(format!(
                    "{} stays alone on top whatever the missing results (C.07 art. 6.3)",
                    ctx.label(group[k])
                ));
                out.push(vec![group[k]]);
                remaining.retain(|&x| x != k);
            }
            _ => break,
        }
    }
    if out.is_empty() {
        ex.push("not all met and nobody is alone on top whatever the missing results: not separated (C.07 art. 6.3)".into());
        return vec![group.to_vec()];
    }
    let rest: Vec<usize> = remaining.iter().map(|&k| group[k]).collect();
    if rest.len() > 1 {
        out.extend(split(ctx, spec, &rest, ex));
    } else if !rest.is_empty() {
        out.push(rest);
    }
    out
}
