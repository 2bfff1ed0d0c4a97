//! The prize engine over an abstract input: per category, the ranking as
//! ordered groups of players still tied after all tie-breaks, and the prize
//! table place by place. No tournament, no file: [`build()`](super::build()) builds
//! this input from a tournament and a profile.
//!
//! FIDE regulations do not govern prizes: C.07 (Tie-Break Regulations) art. 2
//! only lets the event regulations say how tied places are shared. Every rule
//! here is therefore a choice written in the profile ([`PrizeRules`]).
//!
//! # Money
//! Amounts are whole currency units ([`Money`]). Computation order, each step
//! rounded as stated so that every figure in the statement is an integer:
//! 1. pro-rata reduction of each place prize (`cash × players / min_players`),
//!    rounded **down** to the rounding unit; the difference is never paid;
//! 2. sharing of the (reduced) place prizes among tied players; each share is
//!    rounded to the unit by [`RoundingMode`], and the difference between the
//!    pool and the shares paid is reported as the line's `remainder`
//!    (positive: kept by the organiser; negative: paid on top by rounding up);
//! 3. tax on each player's gross payment, rounded half up to a whole unit.
//!
//! # One prize per player
//! With [`OnePrize::PerPlayer`], a player who would receive prizes in several
//! categories keeps the one of highest value (cash, then the value of the
//! non-cash awards, then the category listed first in the priority order) and
//! is removed from the other categories' rankings, so the players below move up.
//! The decision is made greedily, most valuable conflict first, and the
//! allocation is recomputed after each decision. Because place prizes do not
//! increase down a table, removing a player never lowers anyone's entitlement,
//! so a decision made earlier is never made worse by a later one.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::diag::{Diagnostic, Family, Location};
use crate::model::{PlayerId, Points};

/// An amount in whole currency units.
pub type Money = i64;

/// One player as the prize engine sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entrant {
    pub start_rank: PlayerId,
    pub name: String,
    #[serde(serialize_with = "points_as_number")]
    pub points: Points,
}

/// What separated two consecutive groups of a ranking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Separator {
    /// 0 for points, `i` for the i-th tie-break (1-based).
    pub level: usize,
    /// `"points"` or the tie-break code (`"DE"`, `"BH/M1"`).
    pub label: String,
}

impl Separator {
    pub fn points() -> Separator {
        Separator {
            level: 0,
            label: "points".to_string(),
        }
    }
    pub fn tiebreak(index: usize, code: &str) -> Separator {
        Separator {
            level: index,
            label: code.to_string(),
        }
    }
}

/// Players still tied after all tie-breaks, listed in the order the standings
/// give them (start rank, or a recorded lot).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RankGroup {
    pub players: Vec<Entrant>,
    /// What separated this group from the next one; `None` for the last group.
    pub separated_from_next: Option<Separator>,
}

/// The prize for one place.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct PlacePrize {
    pub cash: Money,
    /// Non-cash awards: `"trophy"`, `"medal"`, `"certificate"` ...
    pub awards: Vec<String>,
}

impl PlacePrize {
    fn is_prize(&self) -> bool {
        self.cash > 0 || !self.awards.is_empty()
    }
}

/// One category: its ranking and its prize table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CategoryInput {
    pub name: String,
    /// The ranking, best first.
    pub groups: Vec<RankGroup>,
    /// Index 0 is 1st place.
    pub prizes: Vec<PlacePrize>,
}

impl CategoryInput {
    /// Number of players in the category's ranking.
    pub fn size(&self) -> usize {
        self.groups.iter().map(|g| g.players.len()).sum()
    }
}

/// How players tied on a prize place share money.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "rule")]
pub enum Sharing {
    /// Players still tied after all tie-breaks pool the prizes of the places
    /// they occupy and split the pool equally.
    Pooled,
    /// Hort system: players on equal points each keep `keep_percent` of the
    /// prize of the place the tie-breaks give them; the rest of the prizes of
    /// all places the equal-points group occupies is pooled and split equally.
    Hort { keep_percent: u32 },
    /// No sharing: the tie-breaks decide. Players still tied after all
    /// tie-breaks take places in the listed order (reported as a warning).
    None,
}

/// Rounding of shares to the rounding unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundingMode {
    /// Round down; the organiser keeps the remainder.
    Down,
    /// Round half up; a negative remainder is paid on top.
    Nearest,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rounding {
    /// Whole currency units to round to (1, 10, 100 ...), at least 1.
    pub unit: Money,
    pub mode: RoundingMode,
}

impl Default for Rounding {
    fn default() -> Self {
        Rounding {
            unit: 1,
            mode: RoundingMode::Down,
        }
    }
}

/// What "value" means when a player must choose between prizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ValueBasis {
    Gross,
    Net,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "rule")]
pub enum OnePrize {
    /// One prize per player: highest value, then the category earliest in `priority`
    /// (indices into the category list; categories not listed come after, in list order).
    PerPlayer {
        value: ValueBasis,
        priority: Vec<usize>,
    },
    /// A player keeps every prize won.
    Cumulative,
}

/// How non-cash awards of places shared by players tied after all tie-breaks
/// are given (awards cannot be split).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TiedAwards {
    /// Each tied player receives the awards of the place their listed order gives.
    ListedOrder,
    /// Each tied player receives the awards of the best place of the group.
    BestPlace,
}

/// Tax withheld from a player's gross payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Tax {
    /// Rate in hundredths of a percent (1000 = 10%).
    pub rate_bp: u32,
    /// Tax applies to a payment of at least this much (inclusive).
    pub min_gross: Money,
}

/// Pro-rata reduction of cash prizes in small categories.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ProRata {
    /// Categories with fewer players get `players / min_players` of each cash prize.
    pub min_players: u32,
}

/// All prize rules of an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrizeRules {
    pub sharing: Sharing,
    pub rounding: Rounding,
    pub one_prize: OnePrize,
    pub tied_awards: TiedAwards,
    /// Values of non-cash awards, used only to choose between prizes of equal cash.
    pub award_values: BTreeMap<String, u32>,
    pub pro_rata: Option<ProRata>,
    pub tax: Option<Tax>,
    /// Currency label for reasons, e.g. `"NT$"`.
    pub currency: String,
}

impl Default for PrizeRules {
    fn default() -> Self {
        PrizeRules {
            sharing: Sharing::Pooled,
            rounding: Rounding::default(),
            one_prize: OnePrize::PerPlayer {
                value: ValueBasis::Gross,
                priority: Vec::new(),
            },
            tied_awards: TiedAwards::ListedOrder,
            award_values: BTreeMap::new(),
            pro_rata: None,
            tax: None,
            currency: String::new(),
        }
    }
}

// ---------------------------------------------------------------- output

/// One player's payment on a prize line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Payment {
    pub start_rank: PlayerId,
    pub name: String,
    pub gross: Money,
    pub tax: Money,
    pub net: Money,
    pub awards: Vec<String>,
}

/// A prize line: the place(s), who gets what, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrizeLine {
    /// The places (1-based), after removing players who took a prize elsewhere.
    pub places: Vec<u32>,
    pub players: Vec<Payment>,
    /// Sum of the (reduced) cash prizes of the places.
    pub pool: Money,
    /// Pool minus the gross paid (rounding); zero when nothing is left over.
    pub remainder: Money,
    pub reason: String,
}

/// A player removed from this category's ranking because they took a prize elsewhere.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Skip {
    pub start_rank: PlayerId,
    pub name: String,
    pub reason: String,
}

/// One row of a category's ranking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RankingRow {
    /// Rank in the category (shared by players tied after all tie-breaks).
    pub rank: u32,
    pub start_rank: PlayerId,
    pub name: String,
    /// In JSON a number of points (`6.5`).
    #[serde(serialize_with = "points_as_number")]
    pub points: Points,
    /// What separated this player's group from the next; `None` inside a tie or at the end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub separated_by: Option<String>,
    /// Set when the player was removed from this category (prize taken elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A pro-rata reduction applied to a category.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reduction {
    pub players: u32,
    pub min_players: u32,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CategoryStatement {
    pub name: String,
    pub players: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reduction: Option<Reduction>,
    pub ranking: Vec<RankingRow>,
    pub prizes: Vec<PrizeLine>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<Skip>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Totals {
    pub gross: Money,
    pub tax: Money,
    pub net: Money,
    /// Sum of the line remainders (kept by the organiser when positive).
    pub remainder: Money,
    /// Cash not paid because of pro-rata reductions.
    pub reduced_by: Money,
    /// Number of distinct players receiving any prize.
    pub players_awarded: usize,
    /// Count of each non-cash award given.
    pub awards: BTreeMap<String, usize>,
}

/// The "one prize per player" check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OnePrizeCheck {
    /// Whether the profile allows one prize per player only.
    pub required: bool,
    /// Players with prizes in more than one category: `(start rank, categories)`.
    pub players_with_several: Vec<(PlayerId, Vec<String>)>,
    pub ok: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Allocation {
    pub categories: Vec<CategoryStatement>,
    pub totals: Totals,
    pub one_prize_check: OnePrizeCheck,
    pub diagnostics: Vec<Diagnostic>,
}

// ---------------------------------------------------------------- engine

/// What a player would receive in one category.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entitlement {
    places: Vec<u32>,
    gross: Money,
    net: Money,
    awards: Vec<String>,
}

/// The allocation of one category given the players removed from it.
struct CategoryAlloc {
    lines: Vec<PrizeLine>,
    entitled: BTreeMap<PlayerId, Entitlement>,
    warnings: Vec<String>,
}

/// Allocate the prizes of all categories.
pub fn allocate(categories: &[CategoryInput], rules: &PrizeRules) -> Allocation {
    let reduced: Vec<(Vec<PlacePrize>, Option<Reduction>, Money)> =
        categories.iter().map(|c| reduce(c, rules)).collect();
    let priority_rank = priority_ranks(categories.len(), &rules.one_prize);

    // player -> category index they were assigned to; removed from all others.
    let mut locks: BTreeMap<PlayerId, usize> = BTreeMap::new();
    // (category, player) -> reason text for the skip.
    let mut skips: BTreeMap<(usize, PlayerId), String> = BTreeMap::new();

    let allocs = loop {
        let allocs: Vec<CategoryAlloc> = categories
            .iter()
            .enumerate()
            .map(|(ci, c)| {
                let removed: BTreeSet<PlayerId> = locks
                    .iter()
                    .filter(|(_, &l)| l != ci)
                    .map(|(&p, _)| p)
                    .collect();
                allocate_category(c, &reduced[ci].0, &removed, rules)
            })
            .collect();
        let OnePrize::PerPlayer { value, .. } = &rules.one_prize else {
            break allocs;
        };
        // Players entitled in several categories, not yet decided.
        let mut by_player: BTreeMap<PlayerId, Vec<usize>> = BTreeMap::new();
        for (ci, a) in allocs.iter().enumerate() {
            for p in a.entitled.keys() {
                by_player.entry(*p).or_default().push(ci);
            }
        }
        let key = |p: PlayerId, ci: usize| {
            let e = &allocs[ci].entitled[&p];
            let cash = match value {
                ValueBasis::Gross => e.gross,
                ValueBasis::Net => e.net,
            };
            let award: u64 = e
                .awards
                .iter()
                .map(|a| u64::from(rules.award_values.get(a).copied().unwrap_or(0)))
                .sum();
            (cash, award, std::cmp::Reverse(priority_rank[ci]))
        };
        // The most valuable conflict first.
        let best = by_player
            .iter()
            .filter(|(p, cats)| cats.len() > 1 && !locks.contains_key(p))
            .filter_map(|(&p, cats)| {
                let top = cats.iter().copied().max_by_key(|&ci| key(p, ci))?;
                Some((key(p, top), std::cmp::Reverse(p), top, cats.clone()))
            })
            .max_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
        let Some((_, std::cmp::Reverse(p), top, cats)) = best else {
            break allocs;
        };
        let kept = &allocs[top].entitled[&p];
        for &ci in cats.iter().filter(|&&ci| ci != top) {
            let lost = &allocs[ci].entitled[&p];
            let why = if key(p, top).0 > key(p, ci).0 {
                "higher value".to_string()
            } else if key(p, top).1 > key(p, ci).1 {
                "equal cash, higher value of non-cash awards".to_string()
            } else {
                format!(
                    "equal value, {} comes first in the priority order",
                    categories[top].name
                )
            };
            skips.insert(
                (ci, p),
                format!(
                    "would be {} here ({}); took {} {} ({}) instead: one prize per player, {why}",
                    places_text(&lost.places),
                    value_text(lost.gross, &lost.awards, &rules.currency),
                    categories[top].name,
                    places_text(&kept.places),
                    value_text(kept.gross, &kept.awards, &rules.currency),
                ),
            );
        }
        locks.insert(p, top);
    };

    let mut diagnostics = Vec::new();
    let mut out = Vec::new();
    for (ci, (c, a)) in categories.iter().zip(allocs).enumerate() {
        for w in &a.warnings {
            diagnostics.push(Diagnostic::warning(
                Family::Consistency,
                Location {
                    field: Some(format!("category {}", c.name)),
                    ..Location::default()
                },
                w.clone(),
            ));
        }
        let removed: BTreeMap<PlayerId, String> = locks
            .iter()
            .filter(|(_, &l)| l != ci)
            .map(|(&p, &l)| {
                let note = skips
                    .get(&(ci, p))
                    .cloned()
                    .unwrap_or_else(|| format!("prize taken in {}", categories[l].name));
                (p, note)
            })
            .collect();
        let skipped = c
            .groups
            .iter()
            .flat_map(|g| &g.players)
            .filter_map(|e| {
                skips.get(&(ci, e.start_rank)).map(|r| Skip {
                    start_rank: e.start_rank,
                    name: e.name.clone(),
                    reason: r.clone(),
                })
            })
            .collect();
        out.push(CategoryStatement {
            name: c.name.clone(),
            players: c.size(),
            reduction: reduced[ci].1.clone(),
            ranking: ranking_rows(c, &removed),
            prizes: a.lines,
            skipped,
        });
    }
    let totals = totals(&out, reduced.iter().map(|r| r.2).sum());
    let one_prize_check = check_one_prize(&out, &rules.one_prize);
    Allocation {
        categories: out,
        totals,
        one_prize_check,
        diagnostics,
    }
}

/// Rank of each category in the priority order (lower = first).
fn priority_ranks(n: usize, one: &OnePrize) -> Vec<usize> {
    let mut rank: Vec<usize> = (0..n).map(|i| n + i).collect();
    if let OnePrize::PerPlayer { priority, .. } = one {
        for (pos, &ci) in priority.iter().enumerate() {
            if let Some(r) = rank.get_mut(ci) {
                *r = (*r).min(pos);
            }
        }
    }
    rank
}

/// Pro-rata reduction: the reduced prize table, the reduction note, and the cash cut.
fn reduce(c: &CategoryInput, rules: &PrizeRules) -> (Vec<PlacePrize>, Option<Reduction>, Money) {
    let n = c.size() as i64;
    let Some(pr) = rules.pro_rata else {
        return (c.prizes.clone(), None, 0);
    };
    let min = i64::from(pr.min_players);
    if n >= min || min == 0 || !c.prizes.iter().any(|p| p.cash > 0) {
        return (c.prizes.clone(), None, 0);
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
    let list: Vec<String> = table
        .iter()
        .filter(|p| p.cash > 0)
        .map(|p| money(p.cash))
        .collect();
    let reason = format!(
        "{n} player{}, fewer than {min}: cash prizes reduced to {n}/{min} and rounded down to {}: {}",
        if n == 1 { "" } else { "s" },
        unit_text(unit, &rules.currency),
        list.join(" / ")
    );
    (
        table,
        Some(Reduction {
            players: n as u32,
            min_players: pr.min_players,
            reason,
        }),
        cut,
    )
}

/// `num / den` rounded to a multiple of `unit`.
fn round_div(num: i128, den: i128, unit: Money, mode: RoundingMode) -> Money {
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

fn tax_of(gross: Money, rules: &PrizeRules) -> Money {
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

/// The ranking after removing `removed`: groups with their first place and
/// the separator to the next remaining group (the most significant one crossed).
fn effective_groups<'a>(
    c: &'a CategoryInput,
    removed: &BTreeSet<PlayerId>,
) -> Vec<(Vec<&'a Entrant>, Option<Separator>)> {
    let mut out: Vec<(Vec<&Entrant>, Option<Separator>)> = Vec::new();
    let mut pending: Option<Separator> = None;
    for g in &c.groups {
        let kept: Vec<&Entrant> = g
            .players
            .iter()
            .filter(|e| !removed.contains(&e.start_rank))
            .collect();
        if kept.is_empty() {
            pending = min_sep(pending, g.separated_from_next.clone());
            continue;
        }
        if let Some(last) = out.last_mut() {
            last.1 = min_sep(last.1.take(), pending.take());
        }
        pending = None;
        out.push((kept, g.separated_from_next.clone()));
    }
    // Nothing follows the last remaining group.
    if let Some(last) = out.last_mut() {
        last.1 = None;
    }
    out
}

fn min_sep(a: Option<Separator>, b: Option<Separator>) -> Option<Separator> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if b.level < a.level { b } else { a }),
        (a, None) => a,
        (None, b) => b,
    }
}

fn allocate_category(
    c: &CategoryInput,
    table: &[PlacePrize],
    removed: &BTreeSet<PlayerId>,
    rules: &PrizeRules,
) -> CategoryAlloc {
    let groups = effective_groups(c, removed);
    // Rank in the full category ranking, to explain promotions.
    let mut full_rank: BTreeMap<PlayerId, u32> = BTreeMap::new();
    let mut r = 1u32;
    for g in &c.groups {
        for e in &g.players {
            full_rank.insert(e.start_rank, r);
        }
        r += g.players.len() as u32;
    }
    let moved_up = |e: &Entrant, place: u32| -> String {
        let Some(&own) = full_rank.get(&e.start_rank) else {
            return String::new();
        };
        if own <= place {
            return String::new();
        }
        let above: Vec<String> = c
            .groups
            .iter()
            .flat_map(|g| &g.players)
            .filter(|x| removed.contains(&x.start_rank))
            .filter(|x| full_rank.get(&x.start_rank).is_some_and(|&rk| rk < own))
            .map(|x| format!("#{}", x.start_rank))
            .collect();
        format!(
            "; ranked {} in the category, moves up because {} took a prize elsewhere",
            ordinal(own),
            above.join(", ")
        )
    };
    let prize_at = |place: u32| -> PlacePrize {
        place
            .checked_sub(1)
            .and_then(|i| table.get(i as usize))
            .cloned()
            .unwrap_or_default()
    };
    let mut alloc = CategoryAlloc {
        lines: Vec::new(),
        entitled: BTreeMap::new(),
        warnings: Vec::new(),
    };
    let last_prized = table
        .iter()
        .rposition(|p| p.is_prize())
        .map(|i| i as u32 + 1);
    let Some(last_prized) = last_prized else {
        return alloc;
    };
    let unit = rules.rounding.unit.max(1);
    let cur = &rules.currency;

    match rules.sharing {
        Sharing::Pooled | Sharing::None => {
            let mut place = 1u32;
            for (gi, (players, sep)) in groups.iter().enumerate() {
                if place > last_prized {
                    break;
                }
                let k = players.len() as u32;
                let places: Vec<u32> = (place..place + k).collect();
                let prev_sep = gi
                    .checked_sub(1)
                    .and_then(|i| groups.get(i))
                    .and_then(|g| g.1.clone());
                let context = boundary_text(prev_sep.as_ref(), sep.as_ref(), &groups, gi, k == 1);
                if k == 1 || rules.sharing == Sharing::None {
                    if k > 1 {
                        alloc.warnings.push(format!(
                            "{} players tied after all tie-breaks for {} and the profile forbids sharing: places given in listed order ({})",
                            k,
                            places_text(&places),
                            players.iter().map(|e| format!("#{}", e.start_rank)).collect::<Vec<_>>().join(", ")
                        ));
                    }
                    for (i, e) in players.iter().enumerate() {
                        let pl = place + i as u32;
                        let pz = prize_at(pl);
                        if !pz.is_prize() {
                            continue;
                        }
                        let mut reason = format!("{}: {}{}", ordinal(pl), context, moved_up(e, pl));
                        if k > 1 {
                            reason.push_str(
                                "; tied after all tie-breaks, no sharing: place by listed order",
                            );
                        }
                        let pay = payment(e, pz.cash, pz.awards.clone(), rules);
                        alloc
                            .entitled
                            .insert(e.start_rank, entitlement(&pay, vec![pl]));
                        alloc.lines.push(PrizeLine {
                            places: vec![pl],
                            players: vec![pay],
                            pool: pz.cash,
                            remainder: 0,
                            reason: reason + &tax_text(pz.cash, rules),
                        });
                    }
                } else {
                    let prizes: Vec<PlacePrize> = places.iter().map(|&p| prize_at(p)).collect();
                    let pool: Money = prizes.iter().map(|p| p.cash).sum();
                    if !prizes.iter().any(PlacePrize::is_prize) {
                        place += k;
                        continue;
                    }
                    let share =
                        round_div(i128::from(pool), i128::from(k), unit, rules.rounding.mode);
                    let mut pays = Vec::new();
                    for (i, e) in players.iter().enumerate() {
                        let awards = match rules.tied_awards {
                            TiedAwards::ListedOrder => prizes[i].awards.clone(),
                            TiedAwards::BestPlace => prizes[0].awards.clone(),
                        };
                        let pay = payment(e, share, awards, rules);
                        if pay.gross > 0 || !pay.awards.is_empty() {
                            alloc
                                .entitled
                                .insert(e.start_rank, entitlement(&pay, places.clone()));
                        }
                        pays.push(pay);
                    }
                    let paid: Money = pays.iter().map(|p| p.gross).sum();
                    let mut reason = format!(
                        "{}: {} players tied on {} points after all tie-breaks{}; ",
                        places_text(&places),
                        k,
                        players[0].points,
                        if context.is_empty() {
                            String::new()
                        } else {
                            format!(" ({context})")
                        }
                    );
                    if pool > 0 {
                        reason.push_str(&format!(
                            "pool {} = {}, {} each",
                            prizes
                                .iter()
                                .map(|p| money(p.cash))
                                .collect::<Vec<_>>()
                                .join(" + "),
                            money_c(pool, cur),
                            money_c(share, cur)
                        ));
                        if share * Money::from(k) != pool {
                            reason.push_str(&format!(
                                " ({} / {k} rounded {} to {}; remainder {})",
                                money(pool),
                                match rules.rounding.mode {
                                    RoundingMode::Down => "down",
                                    RoundingMode::Nearest => "to nearest",
                                },
                                unit_text(unit, cur),
                                money(pool - paid)
                            ));
                        }
                    } else {
                        reason.push_str("no cash for these places");
                    }
                    if prizes.iter().any(|p| !p.awards.is_empty()) {
                        reason.push_str(match rules.tied_awards {
                            TiedAwards::ListedOrder => {
                                "; non-cash awards cannot be shared: given by listed order"
                            }
                            TiedAwards::BestPlace => {
                                "; non-cash awards: each receives those of the best place"
                            }
                        });
                    }
                    reason.push_str(&moved_up(players[0], place));
                    reason.push_str(&tax_text(share, rules));
                    alloc.lines.push(PrizeLine {
                        places,
                        players: pays,
                        pool,
                        remainder: pool - paid,
                        reason,
                    });
                }
                place += k;
            }
        }
        Sharing::Hort { keep_percent } => {
            // Equal-points blocks: consecutive groups not separated by points.
            let mut blocks: Vec<Vec<usize>> = Vec::new();
            for (gi, _) in groups.iter().enumerate() {
                let starts_new = gi == 0
                    || groups
                        .get(gi - 1)
                        .and_then(|g| g.1.as_ref())
                        .map_or(true, |s| s.level == 0);
                if starts_new {
                    blocks.push(vec![gi]);
                } else if let Some(b) = blocks.last_mut() {
                    b.push(gi);
                }
            }
            let keep = i128::from(keep_percent.min(100));
            let mut place = 1u32;
            for block in blocks {
                if place > last_prized {
                    break;
                }
                let members: Vec<(usize, &Entrant)> = block
                    .iter()
                    .flat_map(|&gi| groups[gi].0.iter().map(move |e| (gi, *e)))
                    .collect();
                let kk = members.len() as u32;
                let places: Vec<u32> = (place..place + kk).collect();
                let prizes: Vec<PlacePrize> = places.iter().map(|&p| prize_at(p)).collect();
                let pool: Money = prizes.iter().map(|p| p.cash).sum();
                if kk == 1 {
                    let e = members[0].1;
                    let pz = &prizes[0];
                    if pz.is_prize() {
                        let ctx = boundary_text(
                            block
                                .first()
                                .and_then(|&g| g.checked_sub(1))
                                .and_then(|i| groups.get(i))
                                .and_then(|g| g.1.clone())
                                .as_ref(),
                            groups[block[0]].1.as_ref(),
                            &groups,
                            block[0],
                            true,
                        );
                        let pay = payment(e, pz.cash, pz.awards.clone(), rules);
                        alloc
                            .entitled
                            .insert(e.start_rank, entitlement(&pay, vec![place]));
                        alloc.lines.push(PrizeLine {
                            places: vec![place],
                            players: vec![pay],
                            pool: pz.cash,
                            remainder: 0,
                            reason: format!(
                                "{}: {}{}",
                                ordinal(place),
                                ctx,
                                tax_text(pz.cash, rules)
                            ),
                        });
                    }
                    place += 1;
                    continue;
                }
                // Own place prize of each member (groups tied after all tie-breaks average theirs).
                let mut own: Vec<(i128, i128)> = Vec::new(); // numerator, denominator
                let mut off = 0usize;
                for &gi in &block {
                    let n = groups[gi].0.len();
                    let sum: i128 = prizes[off..off + n]
                        .iter()
                        .map(|p| i128::from(p.cash))
                        .sum();
                    for _ in 0..n {
                        own.push((sum, n as i128));
                    }
                    off += n;
                }
                let mut pays = Vec::new();
                let mut details = Vec::new();
                for (i, (_, e)) in members.iter().enumerate() {
                    let (on, od) = own[i];
                    // keep% × own + (100 − keep)% × pool / K, over a common denominator.
                    let num = keep * on * i128::from(kk) + (100 - keep) * i128::from(pool) * od;
                    let den = 100 * od * i128::from(kk);
                    let gross = round_div(num, den, unit, rules.rounding.mode);
                    let awards = match rules.tied_awards {
                        TiedAwards::ListedOrder => prizes[i].awards.clone(),
                        TiedAwards::BestPlace => prizes[0].awards.clone(),
                    };
                    details.push(format!("#{} {}", e.start_rank, money(gross)));
                    let pay = payment(e, gross, awards, rules);
                    if pay.gross > 0 || !pay.awards.is_empty() {
                        alloc
                            .entitled
                            .insert(e.start_rank, entitlement(&pay, places.clone()));
                    }
                    pays.push(pay);
                }
                let paid: Money = pays.iter().map(|p| p.gross).sum();
                let mut reason = format!(
                    "{}: {} players on {} points; Hort system: each keeps {}% of the prize of the place the tie-breaks give, the other {}% of {} = {} is split equally: {}",
                    places_text(&places),
                    kk,
                    members[0].1.points,
                    keep,
                    100 - keep,
                    prizes.iter().map(|p| money(p.cash)).collect::<Vec<_>>().join(" + "),
                    money_c(pool, cur),
                    details.join(", ")
                );
                if paid != pool {
                    reason.push_str(&format!("; remainder {} (rounding)", money(pool - paid)));
                }
                reason.push_str(&tax_text(paid / Money::from(kk).max(1), rules));
                alloc.lines.push(PrizeLine {
                    places,
                    players: pays,
                    pool,
                    remainder: pool - paid,
                    reason,
                });
                place += kk;
            }
        }
    }
    alloc
}

fn payment(e: &Entrant, gross: Money, awards: Vec<String>, rules: &PrizeRules) -> Payment {
    let tax = tax_of(gross, rules);
    Payment {
        start_rank: e.start_rank,
        name: e.name.clone(),
        gross,
        tax,
        net: gross - tax,
        awards,
    }
}

fn entitlement(p: &Payment, places: Vec<u32>) -> Entitlement {
    Entitlement {
        places,
        gross: p.gross,
        net: p.net,
        awards: p.awards.clone(),
    }
}

fn tax_text(gross: Money, rules: &PrizeRules) -> String {
    match rules.tax {
        Some(t) if gross > 0 => {
            let rate = percent_text(t.rate_bp);
            if gross >= t.min_gross {
                format!(
                    "; tax {rate}% withheld: {} is at least {}",
                    money(gross),
                    money(t.min_gross)
                )
            } else {
                format!("; no tax: {} is below {}", money(gross), money(t.min_gross))
            }
        }
        _ => String::new(),
    }
}

/// `1000` basis points → `"10"`, `1250` → `"12.5"`.
pub fn percent_text(bp: u32) -> String {
    let whole = bp / 100;
    let frac = bp % 100;
    if frac == 0 {
        whole.to_string()
    } else if frac % 10 == 0 {
        format!("{whole}.{}", frac / 10)
    } else {
        format!("{whole}.{frac:02}")
    }
}

/// Why a group stands where it does: what separated it from the group above and below.
fn boundary_text(
    above: Option<&Separator>,
    below: Option<&Separator>,
    groups: &[(Vec<&Entrant>, Option<Separator>)],
    gi: usize,
    with_points: bool,
) -> String {
    let pts = groups
        .get(gi)
        .and_then(|g| g.0.first())
        .map(|e| e.points.to_string())
        .unwrap_or_default();
    let mut parts = Vec::new();
    if with_points {
        parts.push(format!("{pts} points"));
    }
    if let (Some(s), Some(prev)) = (above, gi.checked_sub(1).and_then(|i| groups.get(i))) {
        let who = prev
            .0
            .first()
            .map(|e| format!("#{}", e.start_rank))
            .unwrap_or_default();
        parts.push(format!("behind {who} on {}", s.label));
    }
    if let (Some(s), Some(next)) = (below, groups.get(gi + 1)) {
        let who = next
            .0
            .first()
            .map(|e| format!("#{}", e.start_rank))
            .unwrap_or_default();
        parts.push(format!("ahead of {who} on {}", s.label));
    }
    parts.join(", ")
}

fn ranking_rows(c: &CategoryInput, removed: &BTreeMap<PlayerId, String>) -> Vec<RankingRow> {
    let mut rows = Vec::new();
    let mut rank = 1u32;
    for g in &c.groups {
        let n = g.players.len();
        for (i, e) in g.players.iter().enumerate() {
            rows.push(RankingRow {
                rank,
                start_rank: e.start_rank,
                name: e.name.clone(),
                points: e.points,
                separated_by: if i + 1 == n {
                    g.separated_from_next.as_ref().map(|s| s.label.clone())
                } else {
                    None
                },
                note: removed.get(&e.start_rank).cloned(),
            });
        }
        rank += n as u32;
    }
    rows
}

fn totals(cats: &[CategoryStatement], reduced_by: Money) -> Totals {
    let mut t = Totals {
        reduced_by,
        ..Totals::default()
    };
    let mut who = BTreeSet::new();
    for c in cats {
        for l in &c.prizes {
            t.remainder += l.remainder;
            for p in &l.players {
                t.gross += p.gross;
                t.tax += p.tax;
                t.net += p.net;
                for a in &p.awards {
                    *t.awards.entry(a.clone()).or_default() += 1;
                }
                if p.gross > 0 || !p.awards.is_empty() {
                    who.insert(p.start_rank);
                }
            }
        }
    }
    t.players_awarded = who.len();
    t
}

fn check_one_prize(cats: &[CategoryStatement], one: &OnePrize) -> OnePrizeCheck {
    let mut by: BTreeMap<PlayerId, Vec<String>> = BTreeMap::new();
    for c in cats {
        for l in &c.prizes {
            for p in &l.players {
                if p.gross > 0 || !p.awards.is_empty() {
                    by.entry(p.start_rank).or_default().push(c.name.clone());
                }
            }
        }
    }
    let several: Vec<(PlayerId, Vec<String>)> =
        by.into_iter().filter(|(_, v)| v.len() > 1).collect();
    let required = matches!(one, OnePrize::PerPlayer { .. });
    OnePrizeCheck {
        required,
        ok: !required || several.is_empty(),
        players_with_several: several,
    }
}

/// Points as a JSON number of points (`6.5`), not tenths.
fn points_as_number<S: serde::Serializer>(p: &Points, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(p.as_f64())
}

// ---------------------------------------------------------------- text helpers

/// `1st`, `2nd`, `3rd`, `11th`, `22nd`.
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `[1]` → `1st`, `[3, 4, 5]` → `3rd-5th`.
pub fn places_text(places: &[u32]) -> String {
    match places {
        [] => String::new(),
        [p] => ordinal(*p),
        [a, .., b] => format!("{}-{}", ordinal(*a), ordinal(*b)),
    }
}

/// `45000` → `45,000`.
pub fn money(m: Money) -> String {
    let s = m.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    if m < 0 {
        format!("-{out}")
    } else {
        out
    }
}

fn money_c(m: Money, currency: &str) -> String {
    format!("{currency}{}", money(m))
}

fn unit_text(unit: Money, currency: &str) -> String {
    if unit == 1 {
        if currency.is_empty() {
            "whole units".to_string()
        } else {
            format!("whole {currency}")
        }
    } else {
        format!("multiples of {}", money_c(unit, currency))
    }
}

fn value_text(gross: Money, awards: &[String], currency: &str) -> String {
    let mut parts = Vec::new();
    if gross > 0 {
        parts.push(money_c(gross, currency));
    }
    parts.extend(awards.iter().cloned());
    if parts.is_empty() {
        "nothing".to_string()
    } else {
        parts.join(" + ")
    }
}
