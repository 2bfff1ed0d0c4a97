//! The participant's own results: WIN, WON, BPG, BWG, PS, REP, STD, TPN (C.07 art. 7)
//! and the self-defined counting tie-breaks (`OTHER_…`, art. 4.1).

use super::code::{Code, TieBreakSpec};
use super::ctx::{Ctx, Slot};
use super::custom::RoundKind;
use super::value::Value;
use crate::model::{ByeKind, Color, Points};

fn kind(s: &Slot, win: Points, loss: Points) -> RoundKind {
    match *s {
        Slot::Game { pts, .. } => {
            if pts == win {
                RoundKind::Win
            } else if pts == loss {
                RoundKind::Loss
            } else {
                RoundKind::Draw
            }
        }
        Slot::Forfeit { won: true, .. } => RoundKind::ForfeitWin,
        Slot::Forfeit { won: false, .. } => RoundKind::ForfeitLoss,
        Slot::Bye { kind, .. } => match kind {
            ByeKind::PairingAllocated => RoundKind::PairingBye,
            ByeKind::Full => RoundKind::FullBye,
            ByeKind::Half => RoundKind::HalfBye,
            ByeKind::Zero => RoundKind::ZeroBye,
        },
        Slot::Absent { .. } => RoundKind::Absent,
        Slot::Free => RoundKind::Free,
    }
}

fn color_of(s: &Slot) -> Option<Color> {
    match *s {
        Slot::Game { color, .. } => Some(color),
        Slot::Forfeit { color, .. } => color,
        _ => None,
    }
}

/// Art. 7 codes and custom counts.
pub(crate) fn eval(
    ctx: &Ctx,
    spec: &TieBreakSpec,
    i: usize,
    mut ex: Option<&mut Vec<String>>,
) -> Option<Value> {
    let me = ctx.players.get(i)?;
    let ps = ctx.scoring;
    let mut note = |r: usize, what: &str, s: &Slot| {
        if let Some(e) = ex.as_deref_mut() {
            e.push(format!("R{r}: {} {what}", s.describe(ctx)));
        }
    };
    let count = |f: &dyn Fn(&Slot) -> bool, note: &mut dyn FnMut(usize, &str, &Slot)| {
        let mut n = 0i64;
        for (k, s) in me.slots.iter().enumerate() {
            if f(s) {
                n += 1;
                note(k + 1, "counts", s);
            }
        }
        Some(Value::int(n))
    };
    match &spec.code {
        // 7.1: every round that earned a win's points, played or not.
        Code::Win => count(&|s| s.pts() == ps.win && ps.win > ps.draw, &mut note),
        // 7.2: games won over the board.
        Code::Won => count(&|s| s.is_game() && s.pts() == ps.win, &mut note),
        // 7.3: games played over the board with Black.
        Code::Bpg => count(
            &|s| {
                matches!(
                    s,
                    Slot::Game {
                        color: Color::Black,
                        ..
                    }
                )
            },
            &mut note,
        ),
        // 7.4: games won over the board with Black.
        Code::Bwg => count(
            &|s| {
                matches!(
                    s,
                    Slot::Game {
                        color: Color::Black,
                        ..
                    }
                ) && s.pts() == ps.win
            },
            &mut note,
        ),
        // 7.6: rounds minus requested byes and forfeit losses (art. 16.1 VURs).
        // The free round of a round robin is no round of the player's (art. 15.2).
        Code::Rep => count(&|s| !s.is_vur() && !s.is_free(), &mut note),
        // 7.5: Σ cumulative scores, the first n dropped with /Cn.
        Code::Ps => {
            let mut cum = Points::ZERO;
            let mut total = 0i64;
            for (k, s) in me.slots.iter().enumerate() {
                cum += s.pts();
                let dropped = k < usize::from(spec.cut_low);
                if !dropped {
                    total += i64::from(cum.0);
                }
                if let Some(e) = ex.as_deref_mut() {
                    e.push(format!(
                        "after R{}: {cum}{}",
                        k + 1,
                        if dropped { " (cut)" } else { "" }
                    ));
                }
            }
            Some(Value::tenths(total))
        }
        // 2026 7.7: 1 per round scored more than the scheduled opponent (unplayed: more
        // than a draw), ½ for the same.
        Code::Std => {
            let mut halves = 0i64;
            for (k, s) in me.slots.iter().enumerate() {
                if s.is_free() {
                    continue;
                }
                let other = match s.opponent() {
                    Some(o) => ctx
                        .players
                        .get(o)
                        .and_then(|p| p.slots.get(k))
                        .map(|x| x.pts())
                        .unwrap_or(Points::ZERO),
                    None => ps.draw,
                };
                let h = match s.pts().cmp(&other) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                };
                halves += h;
                if let Some(e) = ex.as_deref_mut() {
                    e.push(format!(
                        "R{}: {} against {other}: {}",
                        k + 1,
                        s.pts(),
                        Value::new(h, 2)
                    ));
                }
            }
            Some(Value::new(halves, 2))
        }
        // 2026 7.8: the pairing number (ascending).
        Code::Tpn => ctx.t.players.get(i).map(|p| Value::int(i64::from(p.id.0))),
        Code::Other(name) => {
            let def = ctx
                .custom
                .iter()
                .find(|c| c.code.eq_ignore_ascii_case(name))?;
            let mut total = 0i64;
            for (k, s) in me.slots.iter().enumerate() {
                let kd = kind(s, ps.win, ps.loss);
                if !def.kinds.contains(&kd) {
                    continue;
                }
                if def.color.is_some() && color_of(s) != def.color {
                    continue;
                }
                total += if def.sum_points {
                    i64::from(s.pts().0)
                } else {
                    10
                };
                note(k + 1, "counts", s);
            }
            Some(Value::tenths(total))
        }
        _ => None,
    }
}
