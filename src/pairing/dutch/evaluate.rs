//! Evaluation of any complete pairing of a round, bracket by bracket, with
//! the criteria ladder the engine optimises (C.04.3 (2017) C.4-C.19 /
//! (2025) \[C4\]-\[C21\]), and the comparison of two pairings (a recorded one
//! and the engine's) at the first bracket where they differ.
//!
//! The round is cut into brackets by the walk [`super::engine::pair`] uses
//! ([`super::walk`]): scoregroups by pairing score, highest first; a bracket
//! holds the players of higher brackets not paired there (MDPs) and its
//! scoregroup's residents; the pairs with both players in the bracket are the
//! bracket's pairs, the rest of the bracket floats down. Under the 2017 rules a bracket whose best pairing
//! (without C.4) leaves a round that cannot be completed is the PPB and the
//! remaining scoregroups collapse into the last bracket (2017 A.9, C.4).
//!
//! The value of a bracket's pairing is the sum of [`edge_fields`] over its
//! pairs plus the best the remaining players can still do on the fields that
//! reach beyond the bracket (completion, the PAB criteria, the look-ahead of
//! 2017 C.7 / 2025 \[C8\]): the same objective the engine's matching
//! maximises, so a pairing the engine chose is never beaten by another.

use std::cmp::Ordering;
use std::collections::HashSet;
use std::fmt;

use super::complete::{completable, lowest_bye_score, Compat};
use super::criteria::{edge_fields, BracketCtx, Criterion, Layout, Members, Role};
use super::input::Input;
use super::walk::Walk;
use super::solve::{self, cmp_fields, Fields};
use super::state::{by_rank, Float, PlayerState};
use super::{Edition, Prepared};
use crate::model::{PlayerId, Points};

/// A complete pairing of a round as player indices into [`Prepared::states`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Assignment {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// Why a pairing could not be evaluated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvalError {
    /// A player of the pairing does not take part in the round.
    UnknownPlayer(PlayerId),
    /// The pairing does not pair every participant exactly once.
    NotComplete(String),
    /// The matching back end cannot handle a graph of this size.
    TooLarge(usize),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::UnknownPlayer(p) => {
                write!(
                    f,
                    "player {p} is paired but does not take part in the round"
                )
            }
            EvalError::NotComplete(s) => write!(f, "the pairing is not complete: {s}"),
            EvalError::TooLarge(n) => write!(f, "a graph of {n} players is too large"),
        }
    }
}

impl std::error::Error for EvalError {}

impl From<solve::TooLarge> for EvalError {
    fn from(e: solve::TooLarge) -> Self {
        EvalError::TooLarge(e.0)
    }
}

impl Assignment {
    /// The pairing given by player ids; every participant must be paired
    /// once or have the bye.
    pub fn from_ids(
        prep: &Prepared,
        pairs: &[(PlayerId, PlayerId)],
        bye: Option<PlayerId>,
    ) -> Result<Assignment, EvalError> {
        let idx = |id: PlayerId| {
            prep.states
                .iter()
                .position(|s| s.id == id)
                .ok_or(EvalError::UnknownPlayer(id))
        };
        let mut seen = vec![false; prep.states.len()];
        let mut mark = |i: usize| {
            if std::mem::replace(&mut seen[i], true) {
                Err(EvalError::NotComplete(format!(
                    "player {} is paired twice",
                    prep.states[i].id
                )))
            } else {
                Ok(())
            }
        };
        let mut out = Assignment::default();
        for &(a, b) in pairs {
            let (x, y) = (idx(a)?, idx(b)?);
            mark(x)?;
            mark(y)?;
            out.pairs.push((x, y));
        }
        if let Some(b) = bye {
            let x = idx(b)?;
            mark(x)?;
            out.bye = Some(x);
        }
        if let Some(i) = seen.iter().position(|s| !s) {
            return Err(EvalError::NotComplete(format!(
                "player {} is neither paired nor given the bye",
                prep.states[i].id
            )));
        }
        Ok(out)
    }

    fn mates(&self, n: usize) -> Vec<Option<usize>> {
        let mut m = vec![None; n];
        for &(a, b) in &self.pairs {
            if a < n && b < n {
                m[a] = Some(b);
                m[b] = Some(a);
            }
        }
        m
    }
}

/// How the bracket stands in the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BracketKind {
    /// A bracket with a next scoregroup below it.
    Regular,
    /// 2017 A.9: the penultimate pairing bracket (C.4 applies).
    Penultimate,
    /// 2017 A.9: the collapsed last bracket.
    CollapsedLast,
    /// The last bracket of the round.
    Last,
}

/// A criterion's value for one bracket pairing: the engine's reward fields
/// (higher is better) and the quantity the handbook minimises, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Value {
    pub fields: Vec<i64>,
    /// E.g. `2`, `4.0, 3.5`, `none`.
    pub amount: String,
}

/// One bracket of a pairing with its criteria values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BracketEval {
    /// The pairing score of the bracket's (highest) residents.
    pub score: Points,
    pub kind: BracketKind,
    /// In rank order.
    pub residents: Vec<usize>,
    pub mdps: Vec<usize>,
    /// The next scoregroup, when the look-ahead (C.7 / \[C8\]) applies.
    pub next: Vec<usize>,
    /// Pairs with both players in the bracket, higher-ranked player first, in rank order.
    pub pairs: Vec<(usize, usize)>,
    /// Players of the bracket not paired in it, in rank order (in the last
    /// bracket: the PAB).
    pub downfloaters: Vec<usize>,
    /// In ladder order.
    pub values: Vec<(Criterion, Value)>,
}

impl BracketEval {
    pub fn value(&self, c: Criterion) -> Option<&Value> {
        self.values.iter().find(|(x, _)| *x == c).map(|(_, v)| v)
    }
}

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
        let mut edges = Vec::new();
        for i in 0..verts.len() {
            for j in i + 1..verts.len() {
                let (a, b) = (verts[i], verts[j]);
                if skip_inner && inner(a) && inner(b) {
                    continue;
                }
                if self.compat.ok(a, b) {
                    edges.push((i, j, self.fields(ctx, lay, a, b)));
                }
            }
        }
        let mate = solve::solve(verts.len(), &edges)?;
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
        let paired: HashSet<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        let rest: Vec<usize> = f
            .verts
            .iter()
            .copied()
            .filter(|i| !paired.contains(i))
            .collect();
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
        let cap = if odd && self.prep.edition == Edition::Dutch2025 {
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
                .find(|&i| ps[i].bye_eligible && cap.map_or(true, |c| ps[i].pscore == c))
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

fn add(a: &mut Fields, b: &[i64]) {
    if a.len() < b.len() {
        a.resize(b.len(), 0);
    }
    for (x, y) in a.iter_mut().zip(b) {
        *x += *y;
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
    if prep.edition != Edition::Dutch2017 {
        return None;
    }
    super::engine::pair(&prep.input()).ok()?.ppb
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
            Edition::Dutch2025 => frame(
                if br.is_last {
                    BracketKind::Last
                } else {
                    BracketKind::Regular
                },
                true,
                !br.next.is_empty(),
            ),
            Edition::Dutch2017 if br.is_last => frame(
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
            Edition::Dutch2017 if ppb == Some(br.index) => {
                walk.collapse();
                frame(BracketKind::Penultimate, true, false)
            }
            Edition::Dutch2017 => frame(BracketKind::Regular, false, true),
        };
        let (fields, unmatched) = r.value_of(&f, &own)?;
        let paired: HashSet<usize> = own.iter().flat_map(|&(x, y)| [x, y]).collect();
        let floaters: Vec<usize> = br
            .players
            .iter()
            .copied()
            .filter(|i| !paired.contains(i))
            .collect();
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

fn list(v: impl IntoIterator<Item = i32>) -> String {
    let s: Vec<String> = v.into_iter().map(|x| Points(x).to_string()).collect();
    if s.is_empty() {
        "none".to_string()
    } else {
        s.join(", ")
    }
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

fn float_of(c: Criterion, p: &PlayerState) -> Float {
    match c {
        Criterion::Down1 | Criterion::Up1 | Criterion::Down1Sd | Criterion::Up1Sd => p.float1,
        _ => p.float2,
    }
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
                    "complete".to_string()
                } else {
                    format!("{} players unpaired", unmatched.len())
                }
            }
            Criterion::ByeEligible => unmatched
                .iter()
                .filter(|i| !p(i).bye_eligible)
                .count()
                .to_string(),
            Criterion::ByeScore => match unmatched {
                [one] => p(one).pscore.to_string(),
                _ => "none".to_string(),
            },
            Criterion::ByeUnplayed => match floaters {
                [one] => p(one).unplayed.to_string(),
                _ => "none".to_string(),
            },
            Criterion::Pairs | Criterion::NextPairs => x.to_string(),
            Criterion::NextEligible => {
                let inelig = f
                    .bracket
                    .iter()
                    .chain(f.next.iter())
                    .filter(|i| !p(i).bye_eligible)
                    .count() as i64;
                (inelig - x).to_string()
            }
            Criterion::Scores => {
                let base = match ctx.edition {
                    Edition::Dutch2017 => counts(
                        &ctx.levels,
                        f.bracket.iter().map(|i| p(i).pscore.0 - lowest),
                    ),
                    Edition::Dutch2025 => {
                        counts(&ctx.levels, f.bracket.iter().map(|i| p(i).pscore.0))
                    }
                };
                let left: Vec<i64> = base.iter().zip(&fl).map(|(b, g)| b - g).collect();
                list(expand(&ctx.levels, &left))
            }
            Criterion::NextScores => {
                let base = match ctx.edition {
                    Edition::Dutch2017 => counts(
                        &ctx.next_levels,
                        f.bracket
                            .iter()
                            .chain(f.next.iter())
                            .map(|i| p(i).pscore.0 - next_lowest),
                    ),
                    Edition::Dutch2025 => counts(
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
            | Criterion::Up2 => (-x).to_string(),
            Criterion::Down1 | Criterion::Down2 => {
                let base = f
                    .bracket
                    .iter()
                    .filter(|i| {
                        float_of(c, p(i)) == Float::Down
                            && (ctx.edition == Edition::Dutch2017
                                || ctx.role.get(**i) == Some(&Role::Resident))
                    })
                    .count() as i64;
                (base - x).to_string()
            }
            Criterion::Down1Sd | Criterion::Down2Sd => {
                let base: i64 = f
                    .bracket
                    .iter()
                    .filter(|i| float_of(c, p(i)) == Float::Down)
                    .map(|i| i64::from(p(i).pscore.0 - lowest))
                    .sum();
                Points(i32::try_from(base - x).unwrap_or(i32::MAX)).to_string()
            }
            Criterion::Up1Sd | Criterion::Up2Sd => {
                Points(i32::try_from(-x).unwrap_or(i32::MAX)).to_string()
            }
        };
        out.push((c, Value { fields: fl, amount }));
    }
    out
}

/// The step of the generation order (2017 D.1-D.3 / 2025 Art. 4.2-4.4) at
/// which two pairings of a bracket that tie on every criterion part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GenerationStep {
    /// Which MDPs are paired: 2017 D.3 (MDP exchanges) / 2025 Art. 4.4.
    MdpSelection,
    /// Whom the paired MDPs meet: 2017 D.1 / 2025 Art. 4.2 (transpositions).
    MdpTranspositions,
    /// Which residents of the remainder swap S1 and S2: 2017 D.2 / 2025 Art. 4.3.
    Exchanges,
    /// The order of S2 in the remainder: 2017 D.1 / 2025 Art. 4.2.
    Transpositions,
}

impl GenerationStep {
    pub fn article(self, edition: Edition) -> &'static str {
        use GenerationStep::*;
        match (edition, self) {
            (Edition::Dutch2017, MdpSelection) => "C.04.3 (2017) D.3",
            (Edition::Dutch2017, Exchanges) => "C.04.3 (2017) D.2",
            (Edition::Dutch2017, _) => "C.04.3 (2017) D.1",
            (Edition::Dutch2025, MdpSelection) => "C.04.3 (2025) art. 4.4",
            (Edition::Dutch2025, Exchanges) => "C.04.3 (2025) art. 4.3",
            (Edition::Dutch2025, _) => "C.04.3 (2025) art. 4.2",
        }
    }

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

/// How the recorded pairing of the first differing bracket compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Worse on this criterion, equal on every criterion above it.
    RecordedWorse(Criterion),
    /// Better on this criterion: the engine's pairing is not optimal (a defect).
    RecordedBetter(Criterion),
    /// Equal on every criterion: the generation order decides.
    GenerationOrder(GenerationStep),
}

/// Two pairings compared at the first bracket where they differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// The position of the bracket in the round (0 = top bracket).
    pub index: usize,
    pub recorded: BracketEval,
    pub rules: BracketEval,
    pub outcome: Decision,
    /// With [`GenerationStep::Exchanges`]: the rule of the exchange order
    /// that parts the two pairings, with both values.
    pub order: Option<OrderDetail>,
}

/// Which rule of the exchange order (2017 D.2 / 2025 Art. 4.3) parts two
/// pairings of a remainder that tie on every criterion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderDetail {
    /// `a` (fewest exchanged players), `b` (smallest difference of the BSN
    /// sums), `c` (highest BSNs moved from S1 to S2), `d` (lowest BSNs moved
    /// from S2 to S1).
    pub rule: char,
    /// The recorded pairing's value and the rules' value, in words.
    pub recorded: String,
    pub rules: String,
    /// True when the rule puts the recorded pairing first: the engine's
    /// choice is then not the first candidate (an engine defect).
    pub favours_recorded: bool,
}

impl OrderDetail {
    /// One side's value in words.
    pub fn phrase(&self, v: &str) -> String {
        match self.rule {
            'a' => format!("exchanges {}", count(v, "player", "players")),
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

/// Compare `recorded` with the rules' pairing `rules` at the first bracket
/// where their pairs differ; `None` when they make the same pairs.
pub fn compare(
    prep: &Prepared,
    recorded: &Assignment,
    rules: &Assignment,
) -> Result<Option<Comparison>, EvalError> {
    let ppb = engine_ppb(prep);
    let mine = evaluate_against(prep, recorded, rules, ppb, true)?;
    let theirs = evaluate_against(prep, rules, rules, ppb, true)?;
    let Some(index) = mine
        .iter()
        .zip(&theirs)
        .position(|(a, b)| a.pairs != b.pairs)
    else {
        return Ok(None);
    };
    let (rec, sel) = (mine[index].clone(), theirs[index].clone());
    let mut outcome = None;
    for (c, v) in &rec.values {
        let Some(w) = sel.value(*c) else { continue };
        match cmp_fields(&v.fields, &w.fields) {
            Ordering::Less => outcome = Some(Decision::RecordedWorse(*c)),
            Ordering::Greater => outcome = Some(Decision::RecordedBetter(*c)),
            Ordering::Equal => continue,
        }
        break;
    }
    let outcome = outcome
        .unwrap_or_else(|| Decision::GenerationOrder(generation_step(&prep.states, &rec, &sel)));
    let order = match outcome {
        Decision::GenerationOrder(GenerationStep::Exchanges) => {
            exchange_order(&prep.states, &rec, &sel)
        }
        _ => None,
    };
    Ok(Some(Comparison {
        index,
        recorded: rec,
        rules: sel,
        outcome,
        order,
    }))
}

/// Where two equally good pairings of one bracket part in the generation order.
fn generation_step(ps: &[PlayerState], a: &BracketEval, b: &BracketEval) -> GenerationStep {
    let mate = mate_in;
    let mdp_set = |e: &BracketEval| -> Vec<usize> {
        e.mdps
            .iter()
            .copied()
            .filter(|m| mate(e, *m).is_some())
            .collect()
    };
    if mdp_set(a) != mdp_set(b) {
        return GenerationStep::MdpSelection;
    }
    if a.mdps.iter().any(|m| mate(a, *m) != mate(b, *m)) {
        return GenerationStep::MdpTranspositions;
    }
    // The remainder: residents not paired with an MDP, S1 its first p_r.
    let (rem, p_r) = remainder(ps, a);
    if exchange_of(ps, a, &rem, p_r) != exchange_of(ps, b, &rem, p_r) {
        GenerationStep::Exchanges
    } else {
        GenerationStep::Transpositions
    }
}

/// The mate of `x` in a bracket's pairs.
fn mate_in(e: &BracketEval, x: usize) -> Option<usize> {
    e.pairs
        .iter()
        .find_map(|&(p, q)| (p == x).then_some(q).or((q == x).then_some(p)))
}

/// The remainder of a bracket (residents not paired with an MDP, in rank
/// order) and its number of pairs.
fn remainder(ps: &[PlayerState], e: &BracketEval) -> (Vec<usize>, usize) {
    let mut rem: Vec<usize> = e
        .residents
        .iter()
        .copied()
        .filter(|r| !mate_in(e, *r).is_some_and(|o| e.mdps.contains(&o)))
        .collect();
    by_rank(ps, &mut rem);
    let p_r = e
        .pairs
        .iter()
        .filter(|(p, q)| rem.contains(p) && rem.contains(q))
        .count();
    (rem, p_r)
}

/// The exchange of a remainder pairing (2017 D.2 / 2025 Art. 4.3), by BSN
/// (the player's number in the bracket, 1 first): the BSNs moved from S1 to
/// S2, highest first, and from S2 to S1, lowest first. With the fewest
/// exchanges a pair of two S1 players moves its higher BSN to S2 (as does an
/// S1 player left unpaired) and a pair of two S2 players its lower BSN to S1.
fn exchange_of(
    ps: &[PlayerState],
    e: &BracketEval,
    rem: &[usize],
    p_r: usize,
) -> (Vec<usize>, Vec<usize>) {
    let mut bracket: Vec<usize> = e.mdps.iter().chain(&e.residents).copied().collect();
    by_rank(ps, &mut bracket);
    let bsn = |x: usize| bracket.iter().position(|y| *y == x).map_or(0, |i| i + 1);
    let at = |x: usize| rem.iter().position(|y| *y == x);
    let (mut out, mut inn) = (Vec::new(), Vec::new());
    for (i, &x) in rem.iter().enumerate() {
        let j = mate_in(e, x).and_then(at);
        if i < p_r && j.map_or(true, |j| j < i) {
            out.push(bsn(x));
        }
        if i >= p_r && j.is_some_and(|j| j > i) {
            inn.push(bsn(x));
        }
    }
    out.sort_unstable_by(|a, b| b.cmp(a));
    inn.sort_unstable();
    (out, inn)
}

/// Which rule of the exchange order parts the recorded pairing `a` from the
/// rules' pairing `b` of the same remainder; `None` when they make the same
/// exchange (the transpositions part them).
fn exchange_order(ps: &[PlayerState], a: &BracketEval, b: &BracketEval) -> Option<OrderDetail> {
    let (rem, p_r) = remainder(ps, a);
    let (ao, ai) = exchange_of(ps, a, &rem, p_r);
    let (bo, bi) = exchange_of(ps, b, &rem, p_r);
    let sum = |v: &[usize]| v.iter().sum::<usize>() as i64;
    let names = |v: &[usize]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join("+")
        }
    };
    let detail = |rule: char, ra: String, rb: String, favours: bool| OrderDetail {
        rule,
        recorded: ra,
        rules: rb,
        favours_recorded: favours,
    };
    if ai.len() != bi.len() {
        return Some(detail(
            'a',
            ai.len().to_string(),
            bi.len().to_string(),
            ai.len() < bi.len(),
        ));
    }
    let (da, db) = (sum(&ai) - sum(&ao), sum(&bi) - sum(&bo));
    if da != db {
        return Some(detail('b', da.to_string(), db.to_string(), da < db));
    }
    if ao != bo {
        return Some(detail('c', names(&ao), names(&bo), ao > bo));
    }
    if ai != bi {
        return Some(detail('d', names(&ai), names(&bi), ai < bi));
    }
    None
}

/// The criterion's number with its edition: `C.10 (2017)`, `[C12] (2025)`.
pub fn label(c: Criterion, edition: Edition) -> String {
    match edition {
        Edition::Dutch2017 => format!("{} (2017)", c.article(edition)),
        Edition::Dutch2025 => format!("[{}] (2025)", c.article(edition)),
    }
}

/// The criterion's number alone: `C.10`, `[C12]`.
pub fn number(c: Criterion, edition: Edition) -> String {
    match edition {
        Edition::Dutch2017 => c.article(edition).to_string(),
        Edition::Dutch2025 => format!("[{}]", c.article(edition)),
    }
}

/// What a pairing does on criterion `c`, given its amount: completes
/// "the recorded pairing ...".
fn count(amount: &str, one: &str, many: &str) -> String {
    if amount == "1" {
        format!("1 {one}")
    } else {
        format!("{amount} {many}")
    }
}

pub fn phrase(c: Criterion, edition: Edition, amount: &str) -> String {
    use Criterion::*;
    let e17 = edition == Edition::Dutch2017;
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
pub fn explain_outcome(edition: Edition, cmp: &Comparison) -> String {
    let amounts = |c: Criterion| {
        (
            cmp.recorded
                .value(c)
                .map(|v| v.amount.clone())
                .unwrap_or_default(),
            cmp.rules
                .value(c)
                .map(|v| v.amount.clone())
                .unwrap_or_default(),
        )
    };
    match cmp.outcome {
        Decision::RecordedWorse(c) => {
            let (r, s) = amounts(c);
            format!(
                "{}: the recorded pairing {}; the rules allow {s}",
                label(c, edition),
                phrase(c, edition, &r)
            )
        }
        Decision::RecordedBetter(c) => {
            let (r, s) = amounts(c);
            format!(
                "{}: the comparison found the recorded pairing better: it {}, the engine's pairing {s}; the engine's choice is not optimal here (an engine defect), so this verdict is not backed",
                label(c, edition),
                phrase(c, edition, &r)
            )
        }
        Decision::GenerationOrder(step) if cmp.order.is_some() => {
            let range = match edition {
                Edition::Dutch2017 => "C.5-C.19",
                Edition::Dutch2025 => "[C5]-[C21]",
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
                Edition::Dutch2017 => "C.5-C.19",
                Edition::Dutch2025 => "[C5]-[C21]",
            };
            format!(
                "both pairings of the bracket are equal on every criterion {range}; the generation order prefers the rules' pairing ({}: {})",
                step.article(edition),
                step.words()
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ByeKind, Color, Outcome, Player, RoundEntry, Tournament};
    use crate::pairing::dutch::{pair_round, prepare, PairOptions};

    fn game(opp: u32, color: Color, outcome: Outcome) -> RoundEntry {
        RoundEntry::Played {
            opponent: PlayerId(opp),
            color,
            outcome,
            short: false,
        }
    }

    fn tour(rows: Vec<Vec<RoundEntry>>) -> Tournament {
        Tournament {
            total_rounds: Some(5),
            initial_color: Some(Color::White),
            players: rows
                .into_iter()
                .enumerate()
                .map(|(i, rounds)| Player {
                    id: PlayerId(i as u32 + 1),
                    name: format!("P{}", i + 1),
                    rounds,
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }
    }

    fn ids(v: &[(u32, u32)]) -> Vec<(PlayerId, PlayerId)> {
        v.iter().map(|&(a, b)| (PlayerId(a), PlayerId(b))).collect()
    }

    /// The engine's pairing and the recorded one compared under `edition`.
    fn run(
        t: &Tournament,
        edition: Edition,
        recorded: &[(u32, u32)],
        bye: Option<u32>,
    ) -> (Comparison, Vec<(u32, u32)>) {
        let opts = PairOptions {
            edition: Some(edition),
            ..Default::default()
        };
        let prep = prepare(t, &opts).unwrap();
        let sel = pair_round(t, &opts).unwrap();
        let sel_pairs: Vec<(PlayerId, PlayerId)> =
            sel.boards.iter().map(|b| (b.white, b.black)).collect();
        let rules = Assignment::from_ids(&prep, &sel_pairs, sel.bye).unwrap();
        let rec = Assignment::from_ids(&prep, &ids(recorded), bye.map(PlayerId)).unwrap();
        // The engine's pairing evaluates completely and is never beaten.
        assert!(evaluate(&prep, &rules).is_ok());
        let cmp = compare(&prep, &rec, &rules).unwrap().unwrap();
        let boards = sel.boards.iter().map(|b| (b.white.0, b.black.0)).collect();
        (cmp, boards)
    }

    use Color::{Black as B, White as W};
    use Outcome::{Draw as D, Loss as L, Win as X};

    /// Round 2 of 8: 1, 2, 3, 4 won in round 1 (1 and 3 White), so 1 and 3
    /// want Black, 2 and 4 White. 1-4, 2-3 grants all four preferences;
    /// 1-3, 2-4 denies two.
    fn colour_case() -> Tournament {
        tour(vec![
            vec![game(5, W, X)],
            vec![game(6, B, X)],
            vec![game(7, W, X)],
            vec![game(8, B, X)],
            vec![game(1, B, L)],
            vec![game(2, W, L)],
            vec![game(3, B, L)],
            vec![game(4, W, L)],
        ])
    }

    #[test]
    fn colour_preference_given_away() {
        for e in [Edition::Dutch2017, Edition::Dutch2025] {
            let t = colour_case();
            let (cmp, boards) = run(&t, e, &[(3, 1), (2, 4), (8, 5), (6, 7)], None);
            let mut top: Vec<(u32, u32)> = boards[..2].to_vec();
            top.sort();
            assert_eq!(top, vec![(2, 3), (4, 1)], "{e}");
            assert_eq!(cmp.index, 0);
            assert_eq!(cmp.outcome, Decision::RecordedWorse(Criterion::Preference));
            let want = match e {
                Edition::Dutch2017 => "C.10 (2017): the recorded pairing denies 2 players their colour preference; the rules allow 0",
                Edition::Dutch2025 => "[C12] (2025): the recorded pairing denies 2 players their colour preference; the rules allow 0",
            };
            assert_eq!(explain_outcome(e, &cmp), want);
        }
    }

    #[test]
    fn a_better_recorded_pairing_is_reported_not_hidden() {
        // Swap the roles: the engine's pairing as "recorded" against a worse
        // "rules" pairing must come out better, and say so.
        let t = colour_case();
        let opts = PairOptions {
            edition: Some(Edition::Dutch2017),
            ..Default::default()
        };
        let prep = prepare(&t, &opts).unwrap();
        let sel = pair_round(&t, &opts).unwrap();
        let pairs: Vec<(PlayerId, PlayerId)> =
            sel.boards.iter().map(|b| (b.white, b.black)).collect();
        let good = Assignment::from_ids(&prep, &pairs, None).unwrap();
        let bad =
            Assignment::from_ids(&prep, &ids(&[(3, 1), (2, 4), (8, 5), (6, 7)]), None).unwrap();
        let cmp = compare(&prep, &good, &bad).unwrap().unwrap();
        assert_eq!(cmp.outcome, Decision::RecordedBetter(Criterion::Preference));
        assert_eq!(
            explain_outcome(Edition::Dutch2017, &cmp),
            "C.10 (2017): the comparison found the recorded pairing better: it denies 0 players their colour preference, the engine's pairing 2; the engine's choice is not optimal here (an engine defect), so this verdict is not backed"
        );
        // Identical pairings: nothing to compare.
        assert_eq!(compare(&prep, &good, &good).unwrap(), None);
    }

    #[test]
    fn fewer_pairs_in_the_bracket() {
        // Round 2 of 4: 1 and 2 won; 1-4, 2-3 leaves the 1.0 bracket unpaired.
        let t = tour(vec![
            vec![game(3, W, X)],
            vec![game(4, B, X)],
            vec![game(1, B, L)],
            vec![game(2, W, L)],
        ]);
        let (cmp, _) = run(&t, Edition::Dutch2017, &[(4, 1), (2, 3)], None);
        assert_eq!(cmp.outcome, Decision::RecordedWorse(Criterion::Pairs));
        assert_eq!(cmp.recorded.downfloaters.len(), 2);
        assert_eq!(
            explain_outcome(Edition::Dutch2017, &cmp),
            "C.5 (2017): the recorded pairing makes 0 pairs in the bracket; the rules allow 1"
        );
    }

    /// Round 2 of 9: 1 beat 5, 2-6, 3-7, 4-8 drawn, 9 absent in round 1.
    /// The 0.5 bracket holds MDP 1 and six residents: the rules pair 1 and
    /// float a 0.5; the recorded round pairs the residents among themselves
    /// and floats 1 (1-9, PAB 5).
    fn float_case() -> Tournament {
        tour(vec![
            vec![game(5, W, X)],
            vec![game(6, B, D)],
            vec![game(7, W, D)],
            vec![game(8, B, D)],
            vec![game(1, B, L)],
            vec![game(2, W, D)],
            vec![game(3, B, D)],
            vec![game(4, W, D)],
            vec![RoundEntry::Bye { bye: ByeKind::Zero }],
        ])
    }

    #[test]
    fn higher_score_floated() {
        let rec = [(2, 3), (6, 4), (7, 8), (9, 1)];
        let (cmp, _) = run(&float_case(), Edition::Dutch2025, &rec, Some(5));
        assert_eq!(cmp.index, 1);
        assert_eq!(cmp.outcome, Decision::RecordedWorse(Criterion::Scores));
        assert_eq!(cmp.recorded.mdps.len(), 1);
        assert_eq!(
            explain_outcome(Edition::Dutch2025, &cmp),
            "[C7] (2025): the recorded pairing has downfloaters with 1.0; the rules allow 0.5"
        );
        let (cmp, _) = run(&float_case(), Edition::Dutch2017, &rec, Some(5));
        assert_eq!(cmp.outcome, Decision::RecordedWorse(Criterion::Scores));
        // PSD: recorded pairs SD 0, 0, 0 and floats 1 (1.0 - (0.5 - 1) = 1.5);
        // the rules pair 1 with a 0.5 (SD 0.5), two pairs SD 0, float a 0.5 (1.0).
        assert_eq!(
            explain_outcome(Edition::Dutch2017, &cmp),
            "C.6 (2017): the recorded pairing has the PSD 1.5, 0.0, 0.0, 0.0; the rules allow 1.0, 0.5, 0.0, 0.0"
        );
    }

    #[test]
    fn equal_criteria_leave_the_generation_order() {
        // Round 1 of 4 players: no preferences, no floats: 1-3, 2-4 by D.1.
        let t = tour(vec![vec![], vec![], vec![], vec![]]);
        for e in [Edition::Dutch2017, Edition::Dutch2025] {
            let (cmp, boards) = run(&t, e, &[(1, 4), (3, 2)], None);
            assert_eq!(boards, vec![(1, 3), (4, 2)]);
            assert_eq!(
                cmp.outcome,
                Decision::GenerationOrder(GenerationStep::Transpositions)
            );
            let (cmp, _) = run(&t, e, &[(1, 2), (3, 4)], None);
            assert_eq!(
                cmp.outcome,
                Decision::GenerationOrder(GenerationStep::Exchanges)
            );
            // 1-2 and 3-4 exchange 2 and 3; the rules' 1-3, 2-4 none (D.2 a).
            let d = cmp.order.clone().unwrap();
            assert_eq!(
                (d.rule, d.recorded.as_str(), d.rules.as_str()),
                ('a', "1", "0")
            );
            assert!(!d.favours_recorded);
        }
        let (cmp, _) = run(&t, Edition::Dutch2017, &[(1, 4), (3, 2)], None);
        assert_eq!(
            explain_outcome(Edition::Dutch2017, &cmp),
            "both pairings of the bracket are equal on every criterion C.5-C.19; the generation order prefers the rules' pairing (C.04.3 (2017) D.1: the transpositions of S2)"
        );
    }

    /// A homogeneous bracket of players 1..n (round 1) paired with `pairs`
    /// (player numbers), for the exchange order alone.
    fn bracket_of(prep: &Prepared, pairs: &[(usize, usize)]) -> BracketEval {
        BracketEval {
            score: Points::ZERO,
            kind: BracketKind::Regular,
            residents: (0..prep.states.len()).collect(),
            mdps: Vec::new(),
            next: Vec::new(),
            pairs: pairs.iter().map(|&(a, b)| (a - 1, b - 1)).collect(),
            downfloaters: Vec::new(),
            values: Vec::new(),
        }
    }

    #[test]
    fn exchange_order_rules_c_and_d() {
        // 2017 D.2 / 2025 art. 4.3 on BSNs 1-6 (S1 1-3, S2 4-6): 1-4 2-3 5-6
        // moves 3 out and 5 in, 1-2 3-5 4-6 moves 2 out and 4 in; both one
        // exchange with a difference of 2, and rule c puts moving 3 first.
        let t = tour(vec![vec![]; 6]);
        let prep = prepare(&t, &PairOptions::default()).unwrap();
        let a = bracket_of(&prep, &[(1, 4), (2, 3), (5, 6)]);
        let b = bracket_of(&prep, &[(1, 2), (3, 5), (4, 6)]);
        let d = exchange_order(&prep.states, &a, &b).unwrap();
        assert_eq!(
            (d.rule, d.recorded.as_str(), d.rules.as_str()),
            ('c', "3", "2")
        );
        assert!(d.favours_recorded);
        assert!(
            !exchange_order(&prep.states, &b, &a)
                .unwrap()
                .favours_recorded
        );
        // BSNs 1-10 (S1 1-5): both move 4 and 5 out, and 6+9 or 7+8 in (the
        // same difference, 6); rule d puts 6+9 first.
        let t = tour(vec![vec![]; 10]);
        let prep = prepare(&t, &PairOptions::default()).unwrap();
        let a = bracket_of(&prep, &[(1, 4), (2, 5), (3, 8), (6, 7), (9, 10)]);
        let b = bracket_of(&prep, &[(1, 4), (2, 5), (3, 6), (7, 9), (8, 10)]);
        let d = exchange_order(&prep.states, &a, &b).unwrap();
        assert_eq!(
            (d.rule, d.recorded.as_str(), d.rules.as_str()),
            ('d', "6+9", "7+8")
        );
        assert!(d.favours_recorded);
        // The same exchange: the transpositions decide.
        let c = bracket_of(&prep, &[(1, 4), (2, 5), (3, 7), (6, 8), (9, 10)]);
        assert_eq!(exchange_order(&prep.states, &a, &c), None);
    }

    #[test]
    fn brackets_of_the_engine_pairing() {
        let t = float_case();
        let opts = PairOptions {
            edition: Some(Edition::Dutch2025),
            ..Default::default()
        };
        let prep = prepare(&t, &opts).unwrap();
        let sel = pair_round(&t, &opts).unwrap();
        let pairs: Vec<(PlayerId, PlayerId)> =
            sel.boards.iter().map(|b| (b.white, b.black)).collect();
        let a = Assignment::from_ids(&prep, &pairs, sel.bye).unwrap();
        let b = evaluate(&prep, &a).unwrap();
        let id = |i: &usize| prep.states[*i].id.0;
        // 1.0: {1} floats; 0.5: MDP 1 + six residents, one 0.5 floats; 0.0: 5, 9 + it.
        assert_eq!(b.len(), 3);
        assert_eq!(
            b[0].downfloaters.iter().map(id).collect::<Vec<_>>(),
            vec![1]
        );
        assert_eq!(b[1].mdps.iter().map(id).collect::<Vec<_>>(), vec![1]);
        assert_eq!(b[1].residents.len(), 6);
        assert_eq!(b[1].downfloaters.len(), 1);
        assert_eq!(b[2].kind, BracketKind::Last);
        assert_eq!(b[2].pairs.len(), 1);
        assert_eq!(
            b[2].downfloaters.iter().map(id).collect::<Vec<_>>(),
            vec![sel.bye.unwrap().0]
        );
    }
}
