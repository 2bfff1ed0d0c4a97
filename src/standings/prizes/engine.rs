//! The prize engine: allocate the prizes of every category ([`allocate`]) over
//! the abstract input of [`super::rules`]. No tournament, no file:
//! [`build()`](super::build()) builds the input from a tournament and a profile.
//! Money is computed as `money` states; one category's lines come from
//! `category`; every decision carries its reason as data
//! ([`super::reason`]), worded by `crate::render::prizes`.
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
//! It can be made better (a tied player leaving lifts a share to a whole
//! place), so the reasons quote the prize kept as finally paid.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};

use super::category::{allocate_category, CategoryAlloc, Entitlement};
use super::money::{reduce, Reduced};
use super::output::{Allocation, CategoryStatement, OnePrizeCheck, RankingRow, Skip, Totals};
use super::reason::{OnePrizeChoice, Preference, Prize, RemovalNote};
use super::rules::{CategoryInput, Money, OnePrize, PrizeRules, TiedSettlement, ValueBasis};
use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::PlayerId;

/// Allocate the prizes of all categories.
pub fn allocate(categories: &[CategoryInput], rules: &PrizeRules) -> Allocation {
    let reduced: Vec<Reduced> = categories.iter().map(|c| reduce(c, rules)).collect();
    let priority_rank = priority_ranks(categories.len(), &rules.one_prize);

    // player -> category index they were assigned to; removed from all others.
    let mut locks: BTreeMap<PlayerId, usize> = BTreeMap::new();
    // (category, player) -> what the player would have had there when removed.
    let mut lost: BTreeMap<(usize, PlayerId), Entitlement> = BTreeMap::new();

    let allocs = loop {
        let allocs: Vec<CategoryAlloc> = categories
            .iter()
            .enumerate()
            .map(|(ci, c)| {
                allocate_category(c, &reduced[ci].table, &removed_from(&locks, ci), rules)
            })
            .collect();
        let OnePrize::PerPlayer { value, .. } = &rules.one_prize else {
            break allocs;
        };
        let key = |p: PlayerId, ci: usize| {
            prize_key(&allocs[ci].entitled[&p], *value, rules, priority_rank[ci])
        };
        let decided = most_valuable_conflicts(&allocs, &locks, &key, rules.tied_settlement);
        if decided.is_empty() {
            break allocs;
        }
        for (p, top, cats) in decided {
            for &ci in cats.iter().filter(|&&ci| ci != top) {
                lost.insert((ci, p), allocs[ci].entitled[&p].clone());
            }
            locks.insert(p, top);
        }
    };

    // The reasons quote the prize each player is finally paid where they were
    // kept: later decisions can still move them up there (a tied player above
    // taking a prize elsewhere), so it is read from the final allocation.
    let skips: BTreeMap<(usize, PlayerId), OnePrizeChoice> = lost
        .into_iter()
        .filter_map(|((ci, p), lost)| {
            let top = *locks.get(&p)?;
            let kept = allocs.get(top)?.entitled.get(&p)?;
            let OnePrize::PerPlayer { value, .. } = &rules.one_prize else {
                return None;
            };
            let (k, l) = (
                prize_key(kept, *value, rules, priority_rank[top]),
                prize_key(&lost, *value, rules, priority_rank[ci]),
            );
            let why = if k.0 > l.0 {
                Preference::HigherValue
            } else if k.1 > l.1 {
                Preference::HigherAwardValue
            } else {
                Preference::Priority
            };
            let choice = OnePrizeChoice {
                lost: prize(&lost),
                kept_in: categories[top].name.clone(),
                kept: prize(kept),
                why,
            };
            Some(((ci, p), choice))
        })
        .collect();

    let mut diagnostics = Vec::new();
    let mut out = Vec::new();
    for (ci, ((c, a), red)) in categories.iter().zip(allocs).zip(&reduced).enumerate() {
        for w in &a.warnings {
            diagnostics.push(Diagnostic::warning(
                codes::UNBROKEN_TIE,
                Family::Consistency,
                Location {
                    field: Some(format!("category {}", c.name)),
                    ..Location::default()
                },
                w.clone(),
            ));
        }
        let removed: BTreeMap<PlayerId, RemovalNote> = locks
            .iter()
            .filter(|(_, &l)| l != ci)
            .map(|(&p, &l)| {
                let note = match skips.get(&(ci, p)) {
                    Some(s) => RemovalNote::Choice(s.clone()),
                    None => RemovalNote::TakenIn(categories[l].name.clone()),
                };
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
            names: crate::model::Names::plain(c.name.clone()),
            players: c.size(),
            reduction: red.reduction.clone(),
            ranking: ranking_rows(c, &removed),
            prizes: a.lines,
            skipped,
            unawarded: (c.size() == 0).then(|| c.prizes.iter().map(|p| p.cash).sum()),
        });
    }
    let totals = totals(&out, reduced.iter().map(|r| r.cut).sum());
    let one_prize_check = check_one_prize(&out, &rules.one_prize);
    Allocation {
        categories: out,
        totals,
        one_prize_check,
        diagnostics,
    }
}

/// The players locked to a category other than `ci`.
fn removed_from(locks: &BTreeMap<PlayerId, usize>, ci: usize) -> BTreeSet<PlayerId> {
    locks
        .iter()
        .filter(|(_, &l)| l != ci)
        .map(|(&p, _)| p)
        .collect()
}

/// How a prize compares for one prize per player: cash (gross or net), then the
/// value of the non-cash awards, then the category's priority (earlier first).
type PrizeKey = (Money, u64, Reverse<usize>);

fn prize_key(e: &Entitlement, value: ValueBasis, rules: &PrizeRules, priority: usize) -> PrizeKey {
    let cash = match value {
        ValueBasis::Gross => e.gross,
        ValueBasis::Net => e.net,
    };
    let award: u64 = e
        .awards
        .iter()
        .map(|a| u64::from(rules.award_values.get(a).copied().unwrap_or(0)))
        .sum();
    (cash, award, Reverse(priority))
}

/// The undecided players to settle now, each with the category to keep and
/// all the categories they are entitled in: the player entitled in several
/// categories whose best prize is the most valuable (ties: the lower start
/// rank) or, with [`TiedSettlement::Together`], every player whose best prize
/// is exactly as valuable (same amount, award value and priority).
fn most_valuable_conflicts(
    allocs: &[CategoryAlloc],
    locks: &BTreeMap<PlayerId, usize>,
    key: &dyn Fn(PlayerId, usize) -> PrizeKey,
    settlement: TiedSettlement,
) -> Vec<(PlayerId, usize, Vec<usize>)> {
    let Some((p, top, cats)) = most_valuable_conflict(allocs, locks, key) else {
        return Vec::new();
    };
    let best = key(p, top);
    let mut out = vec![(p, top, cats)];
    if settlement == TiedSettlement::Together {
        let mut by_player: BTreeMap<PlayerId, Vec<usize>> = BTreeMap::new();
        for (ci, a) in allocs.iter().enumerate() {
            for q in a.entitled.keys() {
                by_player.entry(*q).or_default().push(ci);
            }
        }
        for (q, cats) in by_player {
            if q == p || cats.len() < 2 || locks.contains_key(&q) {
                continue;
            }
            if let Some(t) = cats.iter().copied().max_by_key(|&ci| key(q, ci)) {
                if key(q, t) == best {
                    out.push((q, t, cats));
                }
            }
        }
    }
    out
}

/// The undecided player entitled in several categories whose best prize is the
/// most valuable (ties: the lower start rank): the player, the category to keep,
/// and all the categories they are entitled in.
fn most_valuable_conflict(
    allocs: &[CategoryAlloc],
    locks: &BTreeMap<PlayerId, usize>,
    key: &dyn Fn(PlayerId, usize) -> PrizeKey,
) -> Option<(PlayerId, usize, Vec<usize>)> {
    let mut by_player: BTreeMap<PlayerId, Vec<usize>> = BTreeMap::new();
    for (ci, a) in allocs.iter().enumerate() {
        for p in a.entitled.keys() {
            by_player.entry(*p).or_default().push(ci);
        }
    }
    let best = by_player
        .into_iter()
        .filter(|(p, cats)| cats.len() > 1 && !locks.contains_key(p))
        .filter_map(|(p, cats)| {
            let top = cats.iter().copied().max_by_key(|&ci| key(p, ci))?;
            Some((key(p, top), Reverse(p), top, cats))
        })
        .max_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)))?;
    let (_, Reverse(p), top, cats) = best;
    Some((p, top, cats))
}

fn prize(e: &Entitlement) -> Prize {
    Prize {
        places: e.places.clone(),
        gross: e.gross,
        awards: e.awards.clone(),
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

fn ranking_rows(c: &CategoryInput, removed: &BTreeMap<PlayerId, RemovalNote>) -> Vec<RankingRow> {
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
        t.unawarded += c.unawarded.unwrap_or(0);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Points;
    use crate::standings::prizes::rules::{Entrant, PlacePrize, RankGroup, Separator};

    fn group(ids: &[u32], last: bool) -> RankGroup {
        RankGroup {
            players: ids
                .iter()
                .map(|&id| Entrant {
                    start_rank: PlayerId(id),
                    name: format!("P{id}"),
                    points: Points(50),
                })
                .collect(),
            separated_from_next: (!last).then(Separator::points),
        }
    }

    fn cat(name: &str, groups: Vec<RankGroup>, cash: &[Money]) -> CategoryInput {
        CategoryInput {
            name: name.into(),
            groups,
            prizes: cash
                .iter()
                .map(|&c| PlacePrize {
                    cash: c,
                    awards: Vec::new(),
                })
                .collect(),
        }
    }

    /// (category, start rank, gross) of every payment.
    fn paid(settlement: TiedSettlement) -> Vec<(String, u32, Money)> {
        // #1 and #2 tie for 1st-2nd in A (1,000 each) and in B (pool 2,000,
        // 1,000 each); A comes first in the priority order. #3 is 3rd in B,
        // #4 3rd in A.
        let a = cat(
            "A",
            vec![group(&[1, 2], false), group(&[4], true)],
            &[1000, 1000],
        );
        let b = cat(
            "B",
            vec![group(&[1, 2], false), group(&[3], true)],
            &[1500, 500],
        );
        let rules = PrizeRules {
            one_prize: OnePrize::PerPlayer {
                value: ValueBasis::Gross,
                priority: vec![0, 1],
            },
            tied_settlement: settlement,
            ..PrizeRules::default()
        };
        let alloc = allocate(&[a, b], &rules);
        let mut out = Vec::new();
        for c in &alloc.categories {
            for l in &c.prizes {
                for p in &l.players {
                    out.push((c.name.clone(), p.start_rank.0, p.gross));
                }
            }
        }
        out
    }

    #[test]
    fn tied_settlement_one_at_a_time_and_together() {
        // One at a time: #1 keeps A; B is recomputed and #2, now alone 1st
        // there, takes 1,500 in B; #4 moves up to A's 2nd, #3 gets 500.
        assert_eq!(
            paid(TiedSettlement::OneAtATime),
            [
                ("A".to_string(), 1, 1000),
                ("A".to_string(), 4, 1000),
                ("B".to_string(), 2, 1500),
                ("B".to_string(), 3, 500),
            ]
        );
        // Together: both keep A (their better prize when they decided); #3
        // moves up to B's 1st.
        assert_eq!(
            paid(TiedSettlement::Together),
            [
                ("A".to_string(), 1, 1000),
                ("A".to_string(), 2, 1000),
                ("B".to_string(), 3, 1500),
            ]
        );
    }
}
