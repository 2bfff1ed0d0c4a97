//! The criteria ladder of C.04.3, in priority order, for both editions, and
//! the contribution of one pair to each criterion inside a bracket.
//!
//! Every quality criterion is a quantity to minimise over the bracket; the
//! engine turns each into a field of an edge weight (pairing a player instead
//! of letting them float earns back that player's floater cost), so that one
//! lexicographic maximum-weight matching optimises the whole ladder. The same
//! functions evaluate a given pairing criterion by criterion.

use super::colour;
use super::state::{Float, PlayerState};
use super::DutchEdition;
use crate::model::{Color, Points};

pub(crate) mod by_type;

/// One rung of the ladder (absolute criteria C1-C3 are edges that do not exist).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Criterion {
    /// 2017 C.4 (PPB/CLB only) / 2025 \[C4\]: the round can be completed.
    Completion,
    /// 2017 C.2 / 2025 \[C2\]: the player left over may receive the PAB.
    ByeEligible,
    /// 2025 \[C5\]: the PAB goes to the lowest possible score.
    ByeScore,
    /// 2017 C.5 / 2025 \[C6\]: maximise the pairs in the bracket.
    Pairs,
    /// 2017 C.6 (minimise the PSD) / 2025 \[C7\] (minimise the downfloaters'
    /// scores in descending order). Several fields, one per score level.
    Scores,
    /// 2017 C.7 when the next bracket is the last one and has a player left
    /// over: the look-ahead counts only its legal pairings, whose player
    /// without an opponent may receive the PAB (C.2); measured as the
    /// PAB-ineligible players of the two brackets that are paired.
    NextEligible,
    /// 2017 C.7 / 2025 \[C8\]: pairs in the next bracket.
    NextPairs,
    /// 2017 C.7 / 2025 \[C8\]: PSD / downfloater scores in the next bracket.
    NextScores,
    /// 2025 \[C9\]: minimise the unplayed games of the PAB assignee.
    ByeUnplayed,
    /// 2017 C.8 / 2025 \[C10\]: topscorers or opponents with CD beyond ±2.
    TopscorerCd,
    /// 2017 C.9 / 2025 \[C11\]: topscorers or opponents with a colour three times in a row.
    TopscorerRepeat,
    /// 2017 C.10 / 2025 \[C12\]: players not getting their colour preference.
    Preference,
    /// 2017 C.11 / 2025 \[C13\]: players not getting their strong preference.
    StrongPreference,
    /// 2017 C.12 / 2025 \[C14\]: repeated downfloat from the previous round.
    Down1,
    /// 2017 C.13 / 2025 \[C15\]: repeated upfloat from the previous round.
    Up1,
    /// 2017 C.14 / 2025 \[C16\]: downfloat two rounds before.
    Down2,
    /// 2017 C.15 / 2025 \[C17\]: upfloat two rounds before.
    Up2,
    /// 2017 C.16 / 2025 \[C18\]: score differences of repeated downfloats.
    Down1Sd,
    /// 2017 C.17 / 2025 \[C19\]: score differences of repeated upfloats.
    Up1Sd,
    /// 2017 C.18 / 2025 \[C20\]: as C.16/\[C18\], two rounds before.
    Down2Sd,
    /// 2017 C.19 / 2025 \[C21\]: as C.17/\[C19\], two rounds before.
    Up2Sd,
}

impl Criterion {
    /// The handbook number of the criterion in `edition`.
    pub fn article(self, edition: DutchEdition) -> &'static str {
        use Criterion::*;
        let (a, b) = match self {
            Completion => ("C.4", "C4"),
            ByeEligible => ("C.2", "C2"),
            ByeScore => ("-", "C5"),
            Pairs => ("C.5", "C6"),
            Scores => ("C.6", "C7"),
            NextEligible | NextPairs | NextScores => ("C.7", "C8"),
            ByeUnplayed => ("-", "C9"),
            TopscorerCd => ("C.8", "C10"),
            TopscorerRepeat => ("C.9", "C11"),
            Preference => ("C.10", "C12"),
            StrongPreference => ("C.11", "C13"),
            Down1 => ("C.12", "C14"),
            Up1 => ("C.13", "C15"),
            Down2 => ("C.14", "C16"),
            Up2 => ("C.15", "C17"),
            Down1Sd => ("C.16", "C18"),
            Up1Sd => ("C.17", "C19"),
            Down2Sd => ("C.18", "C20"),
            Up2Sd => ("C.19", "C21"),
        };
        match edition {
            DutchEdition::Dutch2017 => a,
            DutchEdition::Dutch2025 => b,
        }
    }
}

impl Criterion {
    /// Every criterion of both editions in ladder order (the order of the
    /// enum): each edition's ladder is the subsequence of the criteria it
    /// has (see [`ladder`]).
    const ALL: [Criterion; 21] = {
        use Criterion::*;
        [
            Completion,
            ByeEligible,
            ByeScore,
            Pairs,
            Scores,
            NextEligible,
            NextPairs,
            NextScores,
            ByeUnplayed,
            TopscorerCd,
            TopscorerRepeat,
            Preference,
            StrongPreference,
            Down1,
            Up1,
            Down2,
            Up2,
            Down1Sd,
            Up1Sd,
            Down2Sd,
            Up2Sd,
        ]
    };

    /// True when `edition` has this criterion: 2025 \[C5\] and \[C9\] are
    /// new; the 2017 look-ahead into a last bracket ([`Criterion::NextEligible`])
    /// has no 2025 counterpart.
    pub fn in_edition(self, edition: DutchEdition) -> bool {
        !matches!(
            (edition, self),
            (
                DutchEdition::Dutch2017,
                Criterion::ByeScore | Criterion::ByeUnplayed
            ) | (DutchEdition::Dutch2025, Criterion::NextEligible)
        )
    }
}

/// The ladder of `edition`, highest priority first: 2017 C.4, C.2, C.5-C.19;
/// 2025 \[C4\], \[C2\], \[C5\]-\[C21\].
pub fn ladder(edition: DutchEdition) -> impl Iterator<Item = Criterion> {
    Criterion::ALL
        .into_iter()
        .filter(move |c| c.in_edition(edition))
}

/// Membership of a player in the bracket being paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Role {
    /// Not in the bracket nor in the next one (only completion counts).
    #[default]
    Lower,
    /// A resident of the bracket.
    Resident,
    /// A moved-down player of the bracket.
    Mdp,
    /// A resident of the next scoregroup (look-ahead, C.7 / \[C8\]).
    Next,
}

impl Role {
    fn in_bracket(self) -> bool {
        matches!(self, Role::Resident | Role::Mdp)
    }
}

/// What the ladder needs to know about the bracket being paired.
#[derive(Debug, Clone)]
pub(crate) struct BracketCtx {
    pub edition: DutchEdition,
    /// Role of each player (indexed like the player states).
    pub role: Vec<Role>,
    /// Completion, eligibility (and \[C5\]) over all remaining players.
    pub completion: bool,
    /// The look-ahead into the next bracket (C.7 / \[C8\]).
    pub lookahead: bool,
    /// 2017 C.7 into a last bracket with a player left over: that player
    /// must be eligible for the PAB ([`Criterion::NextEligible`]).
    pub next_bye: bool,
    /// \[C9\] active: rank the bye candidates by unplayed games.
    pub bye_unplayed: bool,
    pub initial: Color,
    /// Score levels of [`Criterion::Scores`] (values, descending).
    pub levels: Vec<i32>,
    /// Score levels of [`Criterion::NextScores`].
    pub next_levels: Vec<i32>,
    /// Lowest score of the bracket and of the next bracket (PSD, 2017 A.8).
    pub lowest: Points,
    pub next_lowest: Points,
    pub one_point: Points,
}

/// The players of one bracket: all of them (residents and MDPs), the MDPs,
/// and the residents of the next scoregroup when the look-ahead applies.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Members<'a> {
    pub bracket: &'a [usize],
    pub mdps: &'a [usize],
    /// Empty: no look-ahead (C.7 / \[C8\] do not apply).
    pub next: &'a [usize],
    /// The next bracket is the last one of the round.
    pub next_last: bool,
}

impl BracketCtx {
    /// The context of a bracket. `completion`: C.4 / \[C4\] and the PAB
    /// criteria are measured over all remaining players; `c9`: the bracket's
    /// single downfloater receives the PAB, so 2025 \[C9\] applies (the last
    /// bracket, or the scoregroup at the PAB's score).
    pub(crate) fn new(
        players: &[PlayerState],
        edition: DutchEdition,
        initial: Color,
        one_point: Points,
        m: Members,
        completion: bool,
        c9: bool,
    ) -> BracketCtx {
        let mut role = vec![Role::Lower; players.len()];
        for &i in m.bracket {
            if let Some(r) = role.get_mut(i) {
                *r = if m.mdps.contains(&i) {
                    Role::Mdp
                } else {
                    Role::Resident
                };
            }
        }
        for &i in m.next {
            if let Some(r) = role.get_mut(i) {
                *r = Role::Next;
            }
        }
        let score = |i: &usize| players.get(*i).map_or(Points::ZERO, |p| p.pscore);
        let scores: Vec<Points> = m.bracket.iter().map(score).collect();
        let lowest = scores.iter().copied().min().unwrap_or(Points::ZERO);
        let mut next_scores = scores.clone();
        next_scores.extend(m.next.iter().map(score));
        let next_lowest = m.next.iter().map(score).min().unwrap_or(lowest);
        let lookahead = !m.next.is_empty();
        let next_bye = edition == DutchEdition::Dutch2017
            && lookahead
            && m.next_last
            && (m.bracket.len() + m.next.len()) % 2 == 1;
        BracketCtx {
            edition,
            role,
            completion,
            lookahead,
            next_bye,
            bye_unplayed: edition == DutchEdition::Dutch2025 && c9,
            initial,
            levels: score_levels(edition, &scores, lowest, one_point),
            next_levels: if lookahead {
                score_levels(edition, &next_scores, next_lowest, one_point)
            } else {
                Vec::new()
            },
            lowest,
            next_lowest,
            one_point,
        }
    }
}

/// Field offsets of each criterion in an edge weight.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    pub order: Vec<(Criterion, usize, usize)>,
    pub len: usize,
}

impl Layout {
    pub(crate) fn new(ctx: &BracketCtx) -> Layout {
        let mut order = Vec::new();
        let mut at = 0;
        for c in ladder(ctx.edition) {
            let w = match c {
                Criterion::Scores => ctx.levels.len(),
                Criterion::NextScores => ctx.next_levels.len(),
                _ => 1,
            };
            order.push((c, at, w));
            at += w;
        }
        Layout { order, len: at }
    }
}

fn level(levels: &[i32], v: i32) -> Option<usize> {
    levels.iter().position(|x| *x == v)
}

/// Score levels for 2017's PSD (all possible SDs, descending) or 2025's \[C7\]
/// (the scores present, descending).
pub(crate) fn score_levels(
    edition: DutchEdition,
    scores: &[Points],
    lowest: Points,
    one: Points,
) -> Vec<i32> {
    let mut v: Vec<i32> = match edition {
        DutchEdition::Dutch2025 => scores.iter().map(|s| s.0).collect(),
        DutchEdition::Dutch2017 => {
            // Over the distinct scores: the same set of levels, without a
            // players-squared list in a large bracket (round 1).
            let mut distinct: Vec<i32> = scores.iter().map(|s| s.0).collect();
            distinct.sort_unstable();
            distinct.dedup();
            let mut v = Vec::new();
            for &a in &distinct {
                v.push(a - (lowest.0 - one.0));
                for &b in &distinct {
                    v.push((a - b).abs());
                }
            }
            v
        }
    };
    v.sort_unstable_by(|a, b| b.cmp(a));
    v.dedup();
    v
}

/// Score-level reward for pairing `a` with `b` inside a bracket, compared
/// with both floating: 2017 C.6 PSD / 2025 \[C7\].
fn score_reward(
    edition: DutchEdition,
    levels: &[i32],
    lowest: Points,
    one: Points,
    a: &PlayerState,
    b: &PlayerState,
    out: &mut [i64],
) {
    match edition {
        DutchEdition::Dutch2025 => {
            for p in [a, b] {
                if let Some(l) = level(levels, p.pscore.0) {
                    out[l] += 1;
                }
            }
        }
        DutchEdition::Dutch2017 => {
            for p in [a, b] {
                if let Some(l) = level(levels, p.pscore.0 - (lowest.0 - one.0)) {
                    out[l] += 1;
                }
            }
            if let Some(l) = level(levels, (a.pscore.0 - b.pscore.0).abs()) {
                out[l] -= 1;
            }
        }
    }
}

/// The weight of the edge `a`-`b` (both compatible under C1-C3).
pub(crate) fn edge_fields(
    ctx: &BracketCtx,
    lay: &Layout,
    a: &PlayerState,
    b: &PlayerState,
) -> Vec<i64> {
    let mut w = vec![0i64; lay.len];
    edge_fields_into(ctx, lay, a, b, &mut w);
    w
}

/// [`edge_fields`] written into `w` (`lay.len` long, zeroed here), for
/// callers that evaluate many pairs without allocating for each.
pub(crate) fn edge_fields_into(
    ctx: &BracketCtx,
    lay: &Layout,
    a: &PlayerState,
    b: &PlayerState,
    w: &mut [i64],
) {
    w.fill(0);
    let ra = ctx.role.get(a.index).copied().unwrap_or_default();
    let rb = ctx.role.get(b.index).copied().unwrap_or_default();
    let both_in = ra.in_bracket() && rb.in_bracket();
    let next_pair = !both_in
        && matches!(ra, Role::Resident | Role::Mdp | Role::Next)
        && matches!(rb, Role::Resident | Role::Mdp | Role::Next);
    for &(c, at, width) in &lay.order {
        let f = &mut w[at..at + width];
        match c {
            Criterion::Completion if ctx.completion => f[0] = 1,
            Criterion::ByeEligible if ctx.completion => {
                f[0] = i64::from(!a.bye_eligible) + i64::from(!b.bye_eligible)
            }
            Criterion::ByeScore if ctx.completion => f[0] = i64::from(a.pscore.0 + b.pscore.0),
            Criterion::Pairs if both_in => f[0] = 1,
            Criterion::Scores if both_in => {
                score_reward(ctx.edition, &ctx.levels, ctx.lowest, ctx.one_point, a, b, f)
            }
            Criterion::NextEligible if ctx.next_bye && (both_in || next_pair) => {
                f[0] = i64::from(!a.bye_eligible) + i64::from(!b.bye_eligible)
            }
            Criterion::NextPairs if ctx.lookahead && next_pair => f[0] = 1,
            Criterion::NextScores if ctx.lookahead && next_pair => score_reward(
                ctx.edition,
                &ctx.next_levels,
                ctx.next_lowest,
                ctx.one_point,
                a,
                b,
                f,
            ),
            Criterion::NextScores
                if ctx.lookahead && both_in && ctx.edition == DutchEdition::Dutch2017 =>
            {
                // Pairing two bracket players keeps both out of the next bracket.
                {
                    for p in [a, b] {
                        if let Some(l) = level(
                            &ctx.next_levels,
                            p.pscore.0 - (ctx.next_lowest.0 - ctx.one_point.0),
                        ) {
                            f[l] += 1;
                        }
                    }
                }
            }
            // [C9]: of the bracket's players, the one left over (who gets
            // the PAB) has as few unplayed games as possible.
            Criterion::ByeUnplayed if ctx.bye_unplayed && both_in => {
                f[0] = i64::from(a.unplayed) + i64::from(b.unplayed)
            }
            Criterion::TopscorerCd
            | Criterion::TopscorerRepeat
            | Criterion::Preference
            | Criterion::StrongPreference
                if both_in =>
            {
                let v = colour::violations(a, b, ctx.initial);
                let i = match c {
                    Criterion::TopscorerCd => 0,
                    Criterion::TopscorerRepeat => 1,
                    Criterion::Preference => 2,
                    _ => 3,
                };
                f[0] = -v[i];
            }
            Criterion::Down1 | Criterion::Up1 | Criterion::Down2 | Criterion::Up2 if both_in => {
                f[0] = float_reward(ctx, c, a, ra, b, rb);
            }
            Criterion::Down1Sd | Criterion::Up1Sd | Criterion::Down2Sd | Criterion::Up2Sd
                if both_in =>
            {
                f[0] = float_sd_reward(ctx, c, a, ra, b, rb);
            }
            _ => {}
        }
    }
}

/// The past float criterion `c` looks at: the previous round's or the
/// one two rounds before.
pub(crate) fn float_of(c: Criterion, p: &PlayerState) -> Float {
    match c {
        Criterion::Down1 | Criterion::Up1 | Criterion::Down1Sd | Criterion::Up1Sd => p.float1,
        _ => p.float2,
    }
}

fn is_down(c: Criterion) -> bool {
    matches!(
        c,
        Criterion::Down1 | Criterion::Down2 | Criterion::Down1Sd | Criterion::Down2Sd
    )
}

/// Repeated floats: 2017 C.12-C.15 (any player receiving the same float) /
/// 2025 \[C14\]-\[C17\] (resident downfloaters; MDP opponents).
fn float_reward(
    ctx: &BracketCtx,
    c: Criterion,
    a: &PlayerState,
    ra: Role,
    b: &PlayerState,
    rb: Role,
) -> i64 {
    let mut r = 0;
    for (p, rp, q, rq) in [(a, ra, b, rb), (b, rb, a, ra)] {
        let past = float_of(c, p);
        match ctx.edition {
            DutchEdition::Dutch2017 => {
                if is_down(c) {
                    // Floating down would repeat; pairing downwards repeats too.
                    if past == Float::Down {
                        r += 1;
                        if p.pscore > q.pscore {
                            r -= 1;
                        }
                    }
                } else if past == Float::Up && p.pscore < q.pscore {
                    r -= 1;
                }
            }
            DutchEdition::Dutch2025 => {
                if is_down(c) {
                    if rp == Role::Resident && past == Float::Down {
                        r += 1;
                    }
                } else if rp == Role::Resident && rq == Role::Mdp && past == Float::Up {
                    r -= 1;
                }
            }
        }
    }
    r
}

/// Score differences of repeated floats: 2017 C.16-C.19 / 2025 \[C18\]-\[C21\].
fn float_sd_reward(
    ctx: &BracketCtx,
    c: Criterion,
    a: &PlayerState,
    ra: Role,
    b: &PlayerState,
    rb: Role,
) -> i64 {
    // A player left to float would receive a downfloat with the score
    // difference to the artificial score one point below the bracket's
    // lowest (2017 A.8); pairing them avoids that.
    let mut refund = 0;
    if is_down(c) {
        for p in [a, b] {
            if float_of(c, p) == Float::Down {
                refund += i64::from(p.pscore.0 - (ctx.lowest.0 - ctx.one_point.0));
            }
        }
    }
    let sd = i64::from((a.pscore.0 - b.pscore.0).abs());
    if sd == 0 {
        return refund;
    }
    let (hi, rhi, lo, rlo) = if a.pscore > b.pscore {
        (a, ra, b, rb)
    } else {
        (b, rb, a, ra)
    };
    let _ = rlo;
    if is_down(c) {
        let counts = match ctx.edition {
            DutchEdition::Dutch2017 => true,
            DutchEdition::Dutch2025 => rhi == Role::Mdp,
        };
        if counts && float_of(c, hi) == Float::Down {
            return refund - sd;
        }
    } else if float_of(c, lo) == Float::Up {
        return -sd;
    }
    refund
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2017 C.6 levels: every score's distance to the artificial floater
    /// score and every score difference, each once, descending, however
    /// often a score occurs.
    #[test]
    fn score_levels_2017_are_distinct_differences() {
        let p = |x: i32| Points(x);
        let scores = [p(20), p(20), p(10), p(20), p(0), p(10)];
        let levels = score_levels(DutchEdition::Dutch2017, &scores, p(0), p(10));
        assert_eq!(levels, vec![30, 20, 10, 0]);
        let once = score_levels(DutchEdition::Dutch2017, &[p(0), p(10), p(20)], p(0), p(10));
        assert_eq!(levels, once);
    }
}
