//! One category's allocation, given the players removed from it because they
//! took a prize elsewhere: the ranking without them, then the prize lines by
//! the sharing rule (pooled, none, or Hort).

use std::collections::{BTreeMap, BTreeSet};

use super::money::{round_div, tax_note, tax_of};
use super::output::{Payment, PrizeLine};
use super::reason::{Boundary, LineReason, MovedUp, RoundingNote};
use super::rules::{
    CategoryInput, Entrant, Money, PlacePrize, PrizeRules, Separator, Sharing, TiedAwards,
};
use super::statement::places_text;
use crate::model::PlayerId;

/// What a player would receive in one category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entitlement {
    pub places: Vec<u32>,
    pub gross: Money,
    pub net: Money,
    pub awards: Vec<String>,
}

/// The allocation of one category given the players removed from it.
pub(crate) struct CategoryAlloc {
    pub lines: Vec<PrizeLine>,
    pub entitled: BTreeMap<PlayerId, Entitlement>,
    /// Players tied after all tie-breaks where sharing is forbidden.
    pub warnings: Vec<String>,
}

/// A group of the ranking after removals, with the separator to the next
/// remaining group.
type Group<'a> = (Vec<&'a Entrant>, Option<Separator>);

/// Allocate the prizes of category `c` with prize table `table` (already reduced
/// pro rata), without the players in `removed`.
pub(crate) fn allocate_category(
    c: &CategoryInput,
    table: &[PlacePrize],
    removed: &BTreeSet<PlayerId>,
    rules: &PrizeRules,
) -> CategoryAlloc {
    let mut a = Allocator {
        c,
        table,
        removed,
        rules,
        groups: effective_groups(c, removed),
        full_rank: full_ranks(c),
        alloc: CategoryAlloc {
            lines: Vec::new(),
            entitled: BTreeMap::new(),
            warnings: Vec::new(),
        },
    };
    let Some(last_prized) = table.iter().rposition(PlacePrize::is_prize) else {
        return a.alloc;
    };
    let last_prized = last_prized as u32 + 1;
    match rules.sharing {
        Sharing::Pooled | Sharing::None => a.by_tied_groups(last_prized),
        Sharing::Hort { keep_percent } => a.by_equal_points(keep_percent, last_prized),
    }
    a.alloc
}

/// Rank of each player in the full category ranking, to explain promotions.
fn full_ranks(c: &CategoryInput) -> BTreeMap<PlayerId, u32> {
    let mut full_rank = BTreeMap::new();
    let mut r = 1u32;
    for g in &c.groups {
        for e in &g.players {
            full_rank.insert(e.start_rank, r);
        }
        r += g.players.len() as u32;
    }
    full_rank
}

/// The ranking after removing `removed`: groups with the separator to the next
/// remaining group (the most significant one crossed).
fn effective_groups<'a>(c: &'a CategoryInput, removed: &BTreeSet<PlayerId>) -> Vec<Group<'a>> {
    let mut out: Vec<Group<'a>> = Vec::new();
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

struct Allocator<'a> {
    c: &'a CategoryInput,
    table: &'a [PlacePrize],
    removed: &'a BTreeSet<PlayerId>,
    rules: &'a PrizeRules,
    groups: Vec<Group<'a>>,
    full_rank: BTreeMap<PlayerId, u32>,
    alloc: CategoryAlloc,
}

impl<'a> Allocator<'a> {
    fn prize_at(&self, place: u32) -> PlacePrize {
        place
            .checked_sub(1)
            .and_then(|i| self.table.get(i as usize))
            .cloned()
            .unwrap_or_default()
    }

    fn prizes(&self, places: &[u32]) -> Vec<PlacePrize> {
        places.iter().map(|&p| self.prize_at(p)).collect()
    }

    /// Set when `e` stands at `place` only because players above took a prize elsewhere.
    fn moved_up(&self, e: &Entrant, place: u32) -> Option<MovedUp> {
        let &own = self.full_rank.get(&e.start_rank)?;
        if own <= place {
            return None;
        }
        let removed_above = self
            .c
            .groups
            .iter()
            .flat_map(|g| &g.players)
            .filter(|x| self.removed.contains(&x.start_rank))
            .filter(|x| {
                self.full_rank
                    .get(&x.start_rank)
                    .is_some_and(|&rk| rk < own)
            })
            .map(|x| x.start_rank)
            .collect();
        Some(MovedUp {
            ranked: own,
            removed_above,
        })
    }

    /// What separated group `gi` from the group above and below.
    fn boundary(&self, gi: usize, with_points: bool) -> Boundary {
        let first = |g: Option<&Group>| g.and_then(|g| g.0.first()).map(|e| e.start_rank);
        let above = gi.checked_sub(1).and_then(|i| self.groups.get(i));
        let sep_above = above.and_then(|g| g.1.as_ref());
        let sep_below = self.groups.get(gi).and_then(|g| g.1.as_ref());
        let below = self.groups.get(gi + 1);
        Boundary {
            points: self
                .groups
                .get(gi)
                .and_then(|g| g.0.first())
                .map(|e| e.points)
                .filter(|_| with_points),
            behind: sep_above
                .zip(above)
                .and_then(|(s, g)| Some((first(Some(g))?, s.label.clone()))),
            ahead_of: sep_below
                .zip(below)
                .and_then(|(s, g)| Some((first(Some(g))?, s.label.clone()))),
        }
    }

    /// Pay `e` and record what they are entitled to here.
    fn pay(&mut self, e: &Entrant, gross: Money, awards: Vec<String>, places: &[u32]) -> Payment {
        let tax = tax_of(gross, self.rules);
        let pay = Payment {
            start_rank: e.start_rank,
            name: e.name.clone(),
            gross,
            tax,
            net: gross - tax,
            awards,
        };
        if pay.gross > 0 || !pay.awards.is_empty() {
            self.alloc.entitled.insert(
                e.start_rank,
                Entitlement {
                    places: places.to_vec(),
                    gross: pay.gross,
                    net: pay.net,
                    awards: pay.awards.clone(),
                },
            );
        }
        pay
    }

    /// Pay the `i`-th of players sharing `prizes`: `gross`, and non-cash awards by
    /// the tied-awards rule (awards cannot be split).
    fn pay_shared(
        &mut self,
        e: &Entrant,
        i: usize,
        gross: Money,
        prizes: &[PlacePrize],
        places: &[u32],
    ) -> Payment {
        let awards = match self.rules.tied_awards {
            TiedAwards::ListedOrder => prizes[i].awards.clone(),
            TiedAwards::BestPlace => prizes[0].awards.clone(),
        };
        self.pay(e, gross, awards, places)
    }

    /// One player on one place.
    fn place_line(
        &mut self,
        e: &Entrant,
        place: u32,
        boundary: Boundary,
        moved_up: Option<MovedUp>,
        listed_order: bool,
    ) {
        let pz = self.prize_at(place);
        if !pz.is_prize() {
            return;
        }
        let pay = self.pay(e, pz.cash, pz.awards.clone(), &[place]);
        let reason = LineReason::Place {
            place,
            boundary,
            moved_up,
            listed_order,
            tax: tax_note(pz.cash, self.rules),
        };
        self.push_line(vec![place], vec![pay], pz.cash, reason);
    }

    /// A prize line; the remainder is what the payments leave of the pool.
    fn push_line(
        &mut self,
        places: Vec<u32>,
        players: Vec<Payment>,
        pool: Money,
        reason: LineReason,
    ) {
        let paid: Money = players.iter().map(|p| p.gross).sum();
        self.alloc.lines.push(PrizeLine {
            places,
            players,
            pool,
            remainder: pool - paid,
            reason,
        });
    }

    /// Pooled or no sharing: the groups still tied after all tie-breaks in turn.
    fn by_tied_groups(&mut self, last_prized: u32) {
        let mut place = 1u32;
        for gi in 0..self.groups.len() {
            if place > last_prized {
                break;
            }
            let k = self.groups[gi].0.len() as u32;
            if k == 1 || self.rules.sharing == Sharing::None {
                self.listed_order(gi, place);
            } else {
                self.pooled(gi, place);
            }
            place += k;
        }
    }

    /// Each player of group `gi` takes the place of their listed order; a tie
    /// after all tie-breaks without sharing is a warning.
    fn listed_order(&mut self, gi: usize, place: u32) {
        let players = self.groups[gi].0.clone();
        let k = players.len() as u32;
        if k > 1 {
            let places: Vec<u32> = (place..place + k).collect();
            self.alloc.warnings.push(format!(
                "{} players tied after all tie-breaks for {} and the profile forbids sharing: places given in listed order ({})",
                k,
                places_text(&places),
                players.iter().map(|e| format!("#{}", e.start_rank)).collect::<Vec<_>>().join(", ")
            ));
        }
        let boundary = self.boundary(gi, k == 1);
        for (i, e) in players.iter().enumerate() {
            let pl = place + i as u32;
            let moved_up = self.moved_up(e, pl);
            self.place_line(e, pl, boundary.clone(), moved_up, k > 1);
        }
    }

    /// Players tied after all tie-breaks pool the prizes of their places and
    /// split the pool equally.
    fn pooled(&mut self, gi: usize, place: u32) {
        let players = self.groups[gi].0.clone();
        let k = players.len() as u32;
        let places: Vec<u32> = (place..place + k).collect();
        let prizes = self.prizes(&places);
        if !prizes.iter().any(PlacePrize::is_prize) {
            return;
        }
        let pool: Money = prizes.iter().map(|p| p.cash).sum();
        let unit = self.rules.rounding.unit.max(1);
        let mode = self.rules.rounding.mode;
        let share = round_div(i128::from(pool), i128::from(k), unit, mode);
        let pays: Vec<Payment> = players
            .iter()
            .enumerate()
            .map(|(i, e)| self.pay_shared(e, i, share, &prizes, &places))
            .collect();
        let paid: Money = pays.iter().map(|p| p.gross).sum();
        let reason = LineReason::Pooled {
            places: places.clone(),
            points: players[0].points,
            boundary: self.boundary(gi, false),
            cash: prizes.iter().map(|p| p.cash).collect(),
            pool,
            share,
            rounding: (pool > 0 && share * Money::from(k) != pool).then_some(RoundingNote {
                mode,
                unit,
                remainder: pool - paid,
            }),
            awards: prizes
                .iter()
                .any(|p| !p.awards.is_empty())
                .then_some(self.rules.tied_awards),
            moved_up: self.moved_up(players[0], place),
            tax: tax_note(share, self.rules),
        };
        self.push_line(places, pays, pool, reason);
    }

    /// Equal-points blocks: consecutive groups not separated by points.
    fn equal_point_blocks(&self) -> Vec<Vec<usize>> {
        let mut blocks: Vec<Vec<usize>> = Vec::new();
        for gi in 0..self.groups.len() {
            let starts_new = gi == 0
                || self
                    .groups
                    .get(gi - 1)
                    .and_then(|g| g.1.as_ref())
                    .is_none_or(|s| s.level == 0);
            if starts_new {
                blocks.push(vec![gi]);
            } else if let Some(b) = blocks.last_mut() {
                b.push(gi);
            }
        }
        blocks
    }

    /// Hort system: the equal-points blocks in turn.
    fn by_equal_points(&mut self, keep_percent: u32, last_prized: u32) {
        let keep = keep_percent.min(100);
        let mut place = 1u32;
        for block in self.equal_point_blocks() {
            if place > last_prized {
                break;
            }
            let kk: usize = block.iter().map(|&gi| self.groups[gi].0.len()).sum();
            if kk == 1 {
                let e = self.groups[block[0]].0[0];
                let boundary = self.boundary(block[0], true);
                self.place_line(e, place, boundary, None, false);
            } else {
                self.hort(&block, place, keep);
            }
            place += kk as u32;
        }
    }

    /// One equal-points block of several players: each keeps `keep`% of the prize
    /// of their tie-break place (groups tied after all tie-breaks average theirs);
    /// the rest of the block's prizes is split equally.
    fn hort(&mut self, block: &[usize], place: u32, keep: u32) {
        let members: Vec<&Entrant> = block
            .iter()
            .flat_map(|&gi| self.groups[gi].0.iter().copied())
            .collect();
        let kk = members.len() as u32;
        let places: Vec<u32> = (place..place + kk).collect();
        let prizes = self.prizes(&places);
        let pool: Money = prizes.iter().map(|p| p.cash).sum();
        // Own place prize of each member: numerator, denominator.
        let mut own: Vec<(i128, i128)> = Vec::new();
        let mut off = 0usize;
        for &gi in block {
            let n = self.groups[gi].0.len();
            let sum: i128 = prizes[off..off + n]
                .iter()
                .map(|p| i128::from(p.cash))
                .sum();
            own.extend(std::iter::repeat_n((sum, n as i128), n));
            off += n;
        }
        let keep_i = i128::from(keep);
        let unit = self.rules.rounding.unit.max(1);
        let mut pays = Vec::new();
        let mut shares = Vec::new();
        for (i, e) in members.iter().enumerate() {
            let (on, od) = own[i];
            // keep% × own + (100 − keep)% × pool / K, over a common denominator.
            let num = keep_i * on * i128::from(kk) + (100 - keep_i) * i128::from(pool) * od;
            let den = 100 * od * i128::from(kk);
            let gross = round_div(num, den, unit, self.rules.rounding.mode);
            shares.push((e.start_rank, gross));
            pays.push(self.pay_shared(e, i, gross, &prizes, &places));
        }
        let paid: Money = pays.iter().map(|p| p.gross).sum();
        let reason = LineReason::Hort {
            places: places.clone(),
            points: members[0].points,
            keep_percent: keep,
            cash: prizes.iter().map(|p| p.cash).collect(),
            pool,
            shares,
            remainder: pool - paid,
            tax: tax_note(paid / Money::from(kk).max(1), self.rules),
        };
        self.push_line(places, pays, pool, reason);
    }
}
