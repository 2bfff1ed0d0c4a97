//! Per-round terms for the opponent-score tie-breaks (BH, FB, SB) with the unplayed-round
//! rules of each edition, and the cuts of C.07 art. 14 with the VUR-first exception of
//! art. 16.5.

use super::ctx::{Ctx, Slot};
use super::edition::TiebreakEdition;
use super::value::Value;

/// Which opponent score a term uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Basis {
    /// Final (adjusted) scores: BH, SB.
    Final,
    /// Scores with the last-round game counted as a draw: FB (C.07 art. 8.3).
    Fore,
}

/// Where a term's opponent score came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    /// A game over the board (or a forfeit counted as played with `/P`).
    Opponent(usize),
    /// C.07 art. 16.4: the dummy opponent with the participant's own score; `cap` when
    /// the 2026 cap (16.4.1/16.4.2) lowered it, with the uncapped value.
    Dummy { uncapped: Option<Value> },
    /// Pre-2023: the virtual opponent (2009 rules).
    Virtual,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Term {
    pub round: usize,
    /// The opponent's score (what "least significant" is measured by).
    pub score: Value,
    /// The value summed: the score (BH/FB) or score × points (SB).
    pub value: Value,
    /// A voluntarily unplayed round (C.07 art. 16.1), cut first (16.5).
    pub vur: bool,
    pub source: Source,
    pub basis: Basis,
}

/// The opponent score of player `o` as seen by others.
pub(crate) fn seen_score(ctx: &Ctx, o: usize, basis: Basis) -> Value {
    let p = match ctx.players.get(o) {
        Some(p) => p,
        None => return Value::ZERO,
    };
    let t = match (ctx.edition.dummy(), basis) {
        (true, Basis::Final) => p.adj,
        (true, Basis::Fore) => p.fb_adj,
        (false, Basis::Final) => p.adj_pre,
        (false, Basis::Fore) => p.fb_adj_pre,
    };
    Value::tenths(i64::from(t.0))
}

/// One term per round for player `i` (C.07 art. 8.1, 8.3, 9.1 with art. 16; pre-2023
/// virtual opponent).
pub(crate) fn terms(
    ctx: &Ctx,
    i: usize,
    basis: Basis,
    sb: bool,
    forfeits_played: bool,
) -> Vec<Term> {
    let Some(me) = ctx.players.get(i) else {
        return Vec::new();
    };
    let n = ctx.rounds as i64;
    let ps = ctx.scoring;
    let forfeits_played = forfeits_played || ctx.round_robin;
    let own = Value::tenths(i64::from(match basis {
        Basis::Final => me.score.0,
        Basis::Fore => me.fb_score.0,
    }));
    let mut before = 0i64;
    let mut out = Vec::with_capacity(me.slots.len());
    for (k, s) in me.slots.iter().enumerate() {
        let round = k + 1;
        let pts = i64::from(s.pts().0);
        let as_game = match *s {
            Slot::Game { opp, .. } => Some(opp),
            Slot::Forfeit { opp, .. } if forfeits_played => Some(opp),
            // C.07 art. 8.3: FB counts every game paired for the last round as drawn; FB is
            // known before that round is played, so a forfeit there is still a game against
            // its scheduled opponent, not a dummy (as TieBreakServer computes it).
            Slot::Forfeit { opp, .. } if basis == Basis::Fore && round == ctx.rounds => Some(opp),
            _ => None,
        };
        if s.is_free() {
            // C.07 art. 15.2: a round robin's free round is no round of the
            // player's: no term at all (TieBreakServer also leaves it out).
            continue;
        }
        let (score, source, vur) = if let Some(o) = as_game {
            (seen_score(ctx, o, basis), Source::Opponent(o), false)
        } else if ctx.edition.dummy() {
            if ctx.edition == TiebreakEdition::C07_2026 {
                // C.07 (2026) art. 16.4.1: forfeits capped at the scheduled opponent's
                // score; 16.4.2: byes capped at a draw per round.
                let cap = match *s {
                    Slot::Forfeit { opp, .. } => seen_score(ctx, opp, basis),
                    _ => Value::tenths(i64::from(ps.draw.0) * n),
                };
                if cap < own {
                    (
                        cap,
                        Source::Dummy {
                            uncapped: Some(own),
                        },
                        s.is_vur(),
                    )
                } else {
                    (own, Source::Dummy { uncapped: None }, s.is_vur())
                }
            } else {
                (own, Source::Dummy { uncapped: None }, s.is_vur())
            }
        } else {
            // Pre-2023 virtual opponent: score before the round, the complementary
            // result in the round, draws afterwards.
            let comp = (i64::from(ps.win.0) - pts).max(0);
            let v = before + comp + i64::from(ps.draw.0) * (n - round as i64);
            (Value::tenths(v), Source::Virtual, false)
        };
        let value = if sb {
            score * Value::tenths(pts)
        } else {
            score
        };
        out.push(Term {
            round,
            score,
            value,
            vur,
            source,
            basis,
        });
        before += pts;
    }
    out
}

/// Why a term was cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CutReason {
    Lowest,
    VurFirst,
    Highest,
}

/// Apply `/Cn` and `/Mn` (C.07 art. 14.1-14.3). In the dummy editions a low cut removes
/// the lowest VUR term first unless the least significant term has a smaller value
/// (art. 16.5); high cuts have no VUR priority. Pre-2023: plain lowest/highest.
pub(crate) fn cut(
    mut terms: Vec<Term>,
    low: u8,
    high: u8,
    vur_first: bool,
) -> (Vec<Term>, Vec<(Term, CutReason)>) {
    let mut removed = Vec::new();
    let key = |t: &Term| (t.score, t.value);
    let low = usize::from(low).min(terms.len());
    for _ in 0..low {
        let Some(all) = argmin(&terms, |_| true, key) else {
            break;
        };
        let pick = match argmin(&terms, |t| t.vur, key) {
            Some(v) if vur_first && terms[all].value <= terms[v].value => (v, CutReason::VurFirst),
            _ => (all, CutReason::Lowest),
        };
        let (idx, mut reason) = pick;
        if reason == CutReason::VurFirst && idx == all {
            reason = CutReason::Lowest;
        }
        removed.push((terms.remove(idx), reason));
    }
    let high = usize::from(high).min(terms.len());
    for _ in 0..high {
        let mut best: Option<usize> = None;
        for (k, t) in terms.iter().enumerate() {
            if best.is_none_or(|b| key(t) > key(&terms[b])) {
                best = Some(k);
            }
        }
        if let Some(b) = best {
            removed.push((terms.remove(b), CutReason::Highest));
        }
    }
    (terms, removed)
}

fn argmin(
    terms: &[Term],
    filter: impl Fn(&Term) -> bool,
    key: impl Fn(&Term) -> (Value, Value),
) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (k, t) in terms.iter().enumerate() {
        if !filter(t) {
            continue;
        }
        if best.is_none_or(|b| key(t) < key(&terms[b])) {
            best = Some(k);
        }
    }
    best
}

/// Explanation line for one term.
pub(crate) fn describe(ctx: &Ctx, i: usize, t: &Term, sb: bool) -> String {
    let slot = ctx
        .players
        .get(i)
        .and_then(|p| p.slots.get(t.round - 1))
        .map(|s| s.describe(ctx))
        .unwrap_or_default();
    let src = match t.source {
        Source::Opponent(o) => {
            let actual = ctx.players.get(o).map(|p| p.score).unwrap_or_default();
            if Value::tenths(i64::from(actual.0)) == t.score {
                format!("opponent {} counts {}", ctx.label(o), t.score)
            } else if ctx.edition.dummy() {
                format!(
                    "opponent {} counts {} (scored {actual}; byes after the last played round count as draws, C.07 art. 16.3{})",
                    ctx.label(o),
                    t.score,
                    if t.basis == Basis::Fore { "; last round as a draw, art. 8.3" } else { "" }
                )
            } else {
                format!(
                    "opponent {} counts {} (scored {actual}; every unplayed round counts as a draw, pre-2023 rules)",
                    ctx.label(o),
                    t.score
                )
            }
        }
        Source::Dummy { uncapped: None } => {
            format!("dummy opponent with own score {} (C.07 art. 16.4)", t.score)
        }
        Source::Dummy { uncapped: Some(u) } => format!(
            "dummy opponent: own score {u} capped to {} (C.07 2026 art. 16.4)",
            t.score
        ),
        Source::Virtual => format!(
            "virtual opponent {} (score before the round, opposite result, draws after)",
            t.score
        ),
    };
    let vur = if t.vur { ", VUR" } else { "" };
    if sb {
        format!("R{}: {slot}: {src}{vur}; term {}", t.round, t.value)
    } else {
        format!("R{}: {slot}: {src}{vur}", t.round)
    }
}
