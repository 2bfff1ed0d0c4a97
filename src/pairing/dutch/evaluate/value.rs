//! The walk over the brackets of a pairing and the value of each bracket's
//! pairing on every criterion of the ladder.

use std::collections::HashSet;

use super::bracket::{Amount, Assignment, BracketEval, BracketKind, EvalError, Value};
use crate::model::Points;
use crate::pairing::dutch::complete::{completable, lowest_bye_score, Compat};
use crate::pairing::dutch::criteria::by_type::PairRows;
use crate::pairing::dutch::criteria::{
    edge_fields, float_of, BracketCtx, Criterion, Layout, Members, Role,
};
use crate::pairing::dutch::input::Input;
use crate::pairing::dutch::solve::{self, add, Fields};
use crate::pairing::dutch::state::{Float, PlayerState};
use crate::pairing::dutch::walk::{unpaired, Walk};
use crate::pairing::dutch::{DutchEdition, Prepared};

/// The players and context of one bracket.
struct Frame {
    bracket: Vec<usize>,
    mdps: Vec<usize>,
    residents: Vec<usize>,
    next: Vec<usize>,
    kind: BracketKind,
    ctx: BracketCtx,
    lay: Layout,
    /// Vertices of the engine's matching for this bracket.
    verts: Vec<usize>,
}

struct Round<'a> {
    prep: &'a Prepared,
    inp: Input<'a>,
    compat: Compat,
}

impl Round<'_> {
    fn ps(&self) -> &[PlayerState] {
        &self.prep.states
    }

    fn ctx(&self, m: Members, completion: bool, c9: bool) -> BracketCtx {
        BracketCtx::new(
            self.ps(),
            self.prep.edition,
            self.prep.initial,
            self.inp.one_point,
            m,
            completion,
            c9,
        )
    }

    fn fields(&self, ctx: &BracketCtx, lay: &Layout, a: usize, b: usize) -> Fields {
        match (self.ps().get(a), self.ps().get(b)) {
            (Some(pa), Some(pb)) => edge_fields(ctx, lay, pa, pb),
            _ => vec![0; lay.len],
        }
    }

    /// The best matching over `verts` (edges between two bracket players
    /// excluded when `skip_inner`): its value and the players left unmatched.
    fn best(
        &self,
        ctx: &BracketCtx,
        lay: &Layout,
        verts: &[usize],
        skip_inner: bool,
    ) -> Result<(Fields, Vec<usize>), EvalError> {
        let inner = |i: usize| matches!(ctx.role.get(i), Some(Role::Resident | Role::Mdp));
        // Each distinct vector of fields once, each pair its number (a
        // bracket's pairs take few distinct values; a vector per pair made
        // this players squared times the fields).
        let nf = lay.len;
        let mut ends: Vec<(u32, u32)> = Vec::new();
        let mut row_of: Vec<u32> = Vec::new();
        // Rows by player type (see `PairRows`): the same rows, numbered
        // alike, without computing the fields of every pair.
        let ps = self.ps();
        let mut rows = PairRows::new(ctx, lay, verts.iter().map(|&v| ps.get(v)).collect());
        let small = |x: usize| u32::try_from(x).map_err(|_| solve::TooLarge(verts.len()));
        for i in 0..verts.len() {
            for j in i + 1..verts.len() {
                let (a, b) = (verts[i], verts[j]);
                if skip_inner && inner(a) && inner(b) {
                    continue;
                }
                if self.compat.ok(a, b) {
                    ends.push((small(i)?, small(j)?));
                    row_of.push(rows.row(i, j));
                }
            }
        }
        let graph = solve::Edges::new(verts.len(), ends, row_of)?;
        let mate = solve::solve_rows(&graph, &rows.into_data(), nf)?;
        let mut sum = vec![0i64; lay.len];
        let mut unmatched = Vec::new();
        for (i, m) in mate.iter().enumerate() {
            match m {
                Some(j) if i < *j => add(&mut sum, &self.fields(ctx, lay, verts[i], verts[*j])),
                Some(_) => {}
                None => unmatched.push(verts[i]),
            }
        }
        Ok((sum, unmatched))
    }

    /// The value of pairing the bracket with `pairs`: their fields plus the
    /// best the other players of the matching can do; and the players left
    /// unmatched by that completion.
    fn value_of(
        &self,
        f: &Frame,
        pairs: &[(usize, usize)],
    ) -> Result<(Fields, Vec<usize>), EvalError> {
        let rest = unpaired(&f.verts, pairs);
        let relaxed = if f.ctx.completion
            && matches!(f.kind, BracketKind::Regular | BracketKind::Penultimate)
        {
            self.relaxed(f, &rest)?
        } else {
            None
        };
        let (mut sum, unmatched) = match relaxed {
            Some(v) => v,
            None => self.best(&f.ctx, &f.lay, &rest, true)?,
        };
        for &(a, b) in pairs {
            add(&mut sum, &self.fields(&f.ctx, &f.lay, a, b));
        }
        Ok((sum, unmatched))
    }
}

impl Round<'_> {
    /// The best the players `rest` left by a bracket pairing can do, found
    /// on the bracket and next scoregroup only, as the engine does: the best
    /// look-ahead pairs there, kept when the other players can still complete
    /// the round with the PAB at the lowest score `rest` allows (2025 \[C4\],
    /// \[C5\]); completing may pair two of the bracket's downfloaters with
    /// each other in a later bracket, as the rules allow. `None` when the
    /// look-ahead pairs block completion: then the whole formulation over all
    /// of `rest` decides, as in the engine.
    fn relaxed(
        &self,
        f: &Frame,
        rest: &[usize],
    ) -> Result<Option<(Fields, Vec<usize>)>, EvalError> {
        let ps = self.ps();
        let local: HashSet<usize> = f.bracket.iter().chain(f.next.iter()).copied().collect();
        let local_rest: Vec<usize> = rest.iter().copied().filter(|i| local.contains(i)).collect();
        let mut nc = f.ctx.clone();
        nc.completion = false;
        let (mut sum, left) = self.best(&nc, &f.lay, &local_rest, true)?;
        let r2: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|i| !local.contains(i) || left.contains(i))
            .collect();
        let odd = rest.len() % 2 == 1;
        let cap = if odd && self.prep.edition == DutchEdition::Dutch2025 {
            match lowest_bye_score(&self.inp, &self.compat, rest) {
                Some(c) => Some(c),
                None => return Ok(None),
            }
        } else {
            None
        };
        if !completable(&self.inp, &self.compat, &r2, cap) {
            return Ok(None);
        }
        // The completion fields of a complete pairing of `rest`; the PAB
        // (odd) goes to a player with exactly the lowest score possible.
        let leftover: Vec<usize> = if odd {
            r2.iter()
                .rev()
                .copied()
                .find(|&i| ps[i].bye_eligible && cap.is_none_or(|c| ps[i].pscore == c))
                .into_iter()
                .collect()
        } else {
            Vec::new()
        };
        for &(c, at, _) in &f.lay.order {
            let v = match c {
                Criterion::Completion => (rest.len() / 2) as i64,
                Criterion::ByeEligible => {
                    rest.iter().filter(|&&i| !ps[i].bye_eligible).count() as i64
                }
                Criterion::ByeScore => {
                    let all: i64 = rest.iter().map(|&i| i64::from(ps[i].pscore.0)).sum();
                    all - leftover
                        .iter()
                        .map(|&i| i64::from(ps[i].pscore.0))
                        .sum::<i64>()
                }
                _ => continue,
            };
            if let Some(x) = sum.get_mut(at) {
                *x += v;
            }
        }
        Ok(Some((sum, leftover)))
    }
}

/// The pairs of `mate` with both players in `bracket`, higher-ranked first.
fn pairs_in(bracket: &[usize], mate: &[Option<usize>]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (k, &a) in bracket.iter().enumerate() {
        if let Some(b) = mate.get(a).copied().flatten() {
            if bracket[k + 1..].contains(&b) {
                out.push((a, b));
            }
        }
    }
    out
}

/// The position of the bracket the engine pairs as the PPB (2017 A.9),
/// read from the engine itself; `None` under the 2025 rules (no PPB).
pub fn engine_ppb(prep: &Prepared) -> Option<usize> {
    if prep.edition != DutchEdition::Dutch2017 {
        return None;
    }
    crate::pairing::dutch::engine::pair(&prep.input()).ok()?.ppb
}

/// Evaluate `a` bracket by bracket. `reference` is the rules' pairing of the
/// round (the engine's) and `ppb` the bracket the engine paired as the PPB
/// under the 2017 rules ([`engine_ppb`]); evaluating the engine's own
/// pairing, pass it as both `a` and `reference`. With `stop`, the walk ends
/// at the first bracket where `a` and `reference` differ (beyond it the
/// brackets of `a` are not those of the rules).
pub fn evaluate_against(
    prep: &Prepared,
    a: &Assignment,
    reference: &Assignment,
    ppb: Option<usize>,
    stop: bool,
) -> Result<Vec<BracketEval>, EvalError> {
    let inp = prep.input();
    let r = Round {
        compat: Compat::new(&inp),
        prep,
        inp,
    };
    let ps = r.ps();
    let n = ps.len();
    let mate = a.mates(n);
    let ref_mate = reference.mates(n);
    let mut walk = Walk::new(&r.inp, &r.compat);
    let mut out = Vec::new();
    while let Some(br) = walk.next_bracket() {
        let own = pairs_in(&br.players, &mate);
        let frame = |kind: BracketKind, completion: bool, look: bool| {
            let nx: &[usize] = if look { &br.next } else { &[] };
            let ctx = r.ctx(br.members(nx), completion, br.c9);
            let lay = Layout::new(&ctx);
            let verts = if completion {
                br.remaining.clone()
            } else {
                br.local()
            };
            Frame {
                bracket: br.players.clone(),
                mdps: br.mdps.clone(),
                residents: br.residents.clone(),
                next: nx.to_vec(),
                kind,
                ctx,
                lay,
                verts,
            }
        };
        let f = match prep.edition {
            DutchEdition::Dutch2025 => frame(
                if br.is_last {
                    BracketKind::Last
                } else {
                    BracketKind::Regular
                },
                true,
                !br.next.is_empty(),
            ),
            DutchEdition::Dutch2017 if br.is_last => frame(
                if walk.collapsed() {
                    BracketKind::CollapsedLast
                } else {
                    BracketKind::Last
                },
                true,
                false,
            ),
            // 2017 A.9: the bracket the engine paired as the PPB (its best
            // pairing without C.4 left a round that could not be completed).
            DutchEdition::Dutch2017 if ppb == Some(br.index) => {
                walk.collapse();
                frame(BracketKind::Penultimate, true, false)
            }
            DutchEdition::Dutch2017 => frame(BracketKind::Regular, false, true),
        };
        let (fields, unmatched) = r.value_of(&f, &own)?;
        let floaters = unpaired(&br.players, &own);
        let values = values(&r, &f, &floaters, &fields, &unmatched);
        let differs = pairs_in(&br.players, &ref_mate) != own;
        let score = br
            .residents
            .first()
            .or(br.players.first())
            .map_or(Points::ZERO, |&i| ps[i].pscore);
        out.push(BracketEval {
            score,
            kind: f.kind,
            residents: f.residents,
            mdps: f.mdps,
            next: f.next,
            pairs: own.clone(),
            downfloaters: floaters.clone(),
            values,
        });
        if (stop && differs) || br.is_last {
            if br.is_last && floaters.len() > 1 && !(stop && differs) {
                return Err(EvalError::NotComplete(format!(
                    "{} players are left without an opponent",
                    floaters.len()
                )));
            }
            return Ok(out);
        }
        walk.advance(&own, floaters);
    }
    Ok(out)
}

/// Evaluate the engine's pairing `a` (its own reference for the PPB).
pub fn evaluate(prep: &Prepared, a: &Assignment) -> Result<Vec<BracketEval>, EvalError> {
    evaluate_against(prep, a, a, engine_ppb(prep), false)
}

fn list(v: impl IntoIterator<Item = i32>) -> Amount {
    Amount::Scores(v.into_iter().map(Points).collect())
}

/// Expand per-level counts (levels descending) into a descending list.
fn expand(levels: &[i32], counts: &[i64]) -> Vec<i32> {
    let mut v = Vec::new();
    for (l, c) in levels.iter().zip(counts) {
        for _ in 0..(*c).max(0) {
            v.push(*l);
        }
    }
    v
}

/// Counts per level of `xs`.
fn counts(levels: &[i32], xs: impl IntoIterator<Item = i32>) -> Vec<i64> {
    let mut c = vec![0i64; levels.len()];
    for x in xs {
        if let Some(l) = levels.iter().position(|y| *y == x) {
            c[l] += 1;
        }
    }
    c
}

/// Each criterion's fields with the quantity the handbook minimises.
fn values(
    r: &Round,
    f: &Frame,
    floaters: &[usize],
    fields: &[i64],
    unmatched: &[usize],
) -> Vec<(Criterion, Value)> {
    let ps = r.ps();
    let ctx = &f.ctx;
    let p = |i: &usize| &ps[*i];
    let lowest = ctx.lowest.0 - ctx.one_point.0;
    let next_lowest = ctx.next_lowest.0 - ctx.one_point.0;
    let mut out = Vec::new();
    for &(c, at, width) in &f.lay.order {
        let fl: Vec<i64> = fields
            .get(at..at + width)
            .map(<[i64]>::to_vec)
            .unwrap_or_default();
        let x = fl.first().copied().unwrap_or(0);
        let amount = match c {
            Criterion::Completion => {
                if unmatched.len() <= 1 {
                    Amount::Complete
                } else {
                    Amount::Unpaired(unmatched.len())
                }
            }
            Criterion::ByeEligible => {
                Amount::Count(unmatched.iter().filter(|i| !p(i).bye_eligible).count() as i64)
            }
            Criterion::ByeScore => match unmatched {
                [one] => Amount::Score(p(one).pscore),
                _ => Amount::NoOne,
            },
            Criterion::ByeUnplayed => match floaters {
                [one] => Amount::Count(i64::from(p(one).unplayed)),
                _ => Amount::NoOne,
            },
            Criterion::Pairs | Criterion::NextPairs => Amount::Count(x),
            Criterion::NextEligible => {
                let inelig = f
                    .bracket
                    .iter()
                    .chain(f.next.iter())
                    .filter(|i| !p(i).bye_eligible)
                    .count() as i64;
                Amount::Count(inelig - x)
            }
            Criterion::Scores => {
                let base = match ctx.edition {
                    DutchEdition::Dutch2017 => counts(
                        &ctx.levels,
                        f.bracket.iter().map(|i| p(i).pscore.0 - lowest),
                    ),
                    DutchEdition::Dutch2025 => {
                        counts(&ctx.levels, f.bracket.iter().map(|i| p(i).pscore.0))
                    }
                };
                let left: Vec<i64> = base.iter().zip(&fl).map(|(b, g)| b - g).collect();
                list(expand(&ctx.levels, &left))
            }
            Criterion::NextScores => {
                let base = match ctx.edition {
                    DutchEdition::Dutch2017 => counts(
                        &ctx.next_levels,
                        f.bracket
                            .iter()
                            .chain(f.next.iter())
                            .map(|i| p(i).pscore.0 - next_lowest),
                    ),
                    DutchEdition::Dutch2025 => counts(
                        &ctx.next_levels,
                        floaters.iter().chain(f.next.iter()).map(|i| p(i).pscore.0),
                    ),
                };
                let left: Vec<i64> = base.iter().zip(&fl).map(|(b, g)| b - g).collect();
                list(expand(&ctx.next_levels, &left))
            }
            Criterion::TopscorerCd
            | Criterion::TopscorerRepeat
            | Criterion::Preference
            | Criterion::StrongPreference
            | Criterion::Up1
            | Criterion::Up2 => Amount::Count(-x),
            Criterion::Down1 | Criterion::Down2 => {
                let base = f
                    .bracket
                    .iter()
                    .filter(|i| {
                        float_of(c, p(i)) == Float::Down
                            && (ctx.edition == DutchEdition::Dutch2017
                                || ctx.role.get(**i) == Some(&Role::Resident))
                    })
                    .count() as i64;
                Amount::Count(base - x)
            }
            Criterion::Down1Sd | Criterion::Down2Sd => {
                let base: i64 = f
                    .bracket
                    .iter()
                    .filter(|i| float_of(c, p(i)) == Float::Down)
                    .map(|i| i64::from(p(i).pscore.0 - lowest))
                    .sum();
                Amount::Score(Points(i32::try_from(base - x).unwrap_or(i32::MAX)))
            }
            Criterion::Up1Sd | Criterion::Up2Sd => {
                Amount::Score(Points(i32::try_from(-x).unwrap_or(i32::MAX)))
            }
        };
        out.push((c, Value { fields: fl, amount }));
    }
    out
}
