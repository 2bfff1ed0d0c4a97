//! The ladder's fields of the pairs among a set of players, by player type.
//!
//! The fields of a pair ([`edge_fields_into`]) read a few attributes of each
//! player: the role in the bracket, the pairing score, the colour history
//! and preference, the floats of the two previous rounds, PAB eligibility,
//! the unplayed rounds and the topscorer flag. A large bracket has a few
//! dozen distinct combinations of them among hundreds of players, so each
//! player gets a type number and each ordered pair of types its row of
//! fields once, in a lazily filled `types x types` table; only the first
//! pair of two types computes and interns its fields.
//!
//! The one place where the fields read more than the two types is the
//! colour allocation behind the colour criteria, 2017 C.8-C.11 / 2025
//! \[C10\]-\[C13\] ([`colour::violations`]): when 2017 E.4-E.5 / 2025
//! 5.2.4-5.2.5 decide the colours, the higher-ranked player's preference
//! (E.4) or pairing number (E.5) does, and rank and pairing number are not
//! part of a type. Whether the allocation gets there depends on the
//! preferences and colour histories only (E.1-E.3), which are part of the
//! type. When the two players also have the same colour history and the
//! same preference, the counts do not depend on who gets which colour:
//! each count is a sum over the two players of a term that reads the
//! player's colour difference, last two colours and preference, the colour
//! that player receives and the pair's topscorer flag (C.8-C.9 / \[C10\]-
//! \[C11\] count only when either player is a topscorer, the same for both
//! allocations); with the two players' histories and preferences equal, the
//! two allocations give the same two terms, swapped. For two types that
//! reach E.4-E.5 with different histories or preferences, each pair's fields
//! are computed from the two players (as [`edge_fields_into`] always
//! does), which keeps the rows exact whatever the allocation does there.

use std::collections::HashMap;

use crate::model::Color;
use crate::pairing::dutch::colour;
use crate::pairing::dutch::criteria::{edge_fields_into, BracketCtx, Layout, Role};
use crate::pairing::dutch::solve;
use crate::pairing::dutch::state::{Float, PlayerState};

/// A table cell not filled yet.
const UNKNOWN: u32 = u32::MAX;
/// A table cell whose pairs' fields depend on more than the two types.
const PER_PAIR: u32 = u32::MAX - 1;

/// Everything [`edge_fields_into`] reads of one player, but for the rank
/// and pairing number that only E.4-E.5 read (see the module comment).
#[derive(PartialEq, Eq, Hash)]
struct Key<'a> {
    role: u8,
    pscore: i32,
    colors: &'a [Color],
    preference: u8,
    floats: (u8, u8),
    bye_eligible: bool,
    unplayed: u32,
    topscorer: bool,
}

fn key<'a>(ctx: &BracketCtx, p: &'a PlayerState) -> Key<'a> {
    let role = match ctx.role.get(p.index).copied().unwrap_or_default() {
        Role::Lower => 0,
        Role::Resident => 1,
        Role::Mdp => 2,
        Role::Next => 3,
    };
    let float = |f: Float| match f {
        Float::None => 0,
        Float::Down => 1,
        Float::Up => 2,
    };
    Key {
        role,
        pscore: p.pscore.0,
        colors: &p.colors,
        preference: p
            .preference
            .map_or(0, |q| 1 + 3 * (q.color as u8) + (q.strength as u8)),
        floats: (float(p.float1), float(p.float2)),
        bye_eligible: p.bye_eligible,
        unplayed: p.unplayed,
        topscorer: p.topscorer,
    }
}

/// May the fields of a pair of these two players' types be computed once
/// for all such pairs? Not when the colours are decided by rank or pairing
/// number (E.4-E.5 / 5.2.4-5.2.5) between players whose colour histories or
/// preferences differ (see the module comment).
fn by_type(a: &PlayerState, b: &PlayerState) -> bool {
    !colour::rank_decides(a, b) || (a.colors == b.colors && a.preference == b.preference)
}

/// The rows of fields of pairs among a fixed list of players (local
/// numbers `0..players.len()`), each distinct row interned once and
/// numbered in order of first appearance, exactly as interning
/// [`edge_fields_into`] of every pair asked for, in the same order, would
/// number them. A pair with a missing player has all fields zero.
pub(crate) struct PairRows<'a> {
    ctx: &'a BracketCtx,
    lay: &'a Layout,
    players: Vec<Option<&'a PlayerState>>,
    /// Type number of each local player.
    type_of: Vec<u32>,
    types: usize,
    /// Row number of each ordered pair of types, [`UNKNOWN`] or
    /// [`PER_PAIR`]; empty when there are too many types for a table.
    table: Vec<u32>,
    rows: solve::Rows,
    buf: Vec<i64>,
    /// Pairs whose fields were computed (the others read the table).
    computed: usize,
}

impl<'a> PairRows<'a> {
    /// The table for `players` in the bracket of `ctx`.
    pub(crate) fn new(
        ctx: &'a BracketCtx,
        lay: &'a Layout,
        players: Vec<Option<&'a PlayerState>>,
    ) -> Self {
        let mut known: HashMap<Key, u32> = HashMap::new();
        let type_of = players
            .iter()
            .map(|p| match p {
                Some(p) => {
                    let next = known.len() as u32;
                    *known.entry(key(ctx, p)).or_insert(next)
                }
                None => u32::MAX,
            })
            .collect();
        let nt = known.len();
        let n = players.len();
        // With nearly as many types as players the table would hold about
        // as many cells as there are pairs, for little reuse: every pair is
        // then computed directly.
        let dense = nt <= 64 || nt.saturating_mul(nt) <= n.saturating_mul(n) / 4;
        PairRows {
            ctx,
            lay,
            players,
            type_of,
            types: nt,
            table: vec![UNKNOWN; if dense { nt * nt } else { 0 }],
            rows: solve::Rows::new(lay.len),
            buf: vec![0; lay.len],
            computed: 0,
        }
    }

    /// The row number of the pair of local players `i` and `j`.
    #[inline]
    pub(crate) fn row(&mut self, i: usize, j: usize) -> u32 {
        let cell = match (self.type_of.get(i), self.type_of.get(j)) {
            (Some(&ti), Some(&tj)) if ti != u32::MAX && tj != u32::MAX => {
                ti as usize * self.types + tj as usize
            }
            _ => usize::MAX,
        };
        let known = self.table.get(cell).copied();
        if let Some(r) = known.filter(|&r| r != UNKNOWN && r != PER_PAIR) {
            return r;
        }
        self.computed += 1;
        let pair = match (self.players.get(i), self.players.get(j)) {
            (Some(&Some(a)), Some(&Some(b))) => Some((a, b)),
            _ => None,
        };
        match pair {
            Some((a, b)) => edge_fields_into(self.ctx, self.lay, a, b, &mut self.buf),
            None => self.buf.fill(0),
        }
        let r = self.rows.intern(&self.buf);
        if let (Some(c), Some((a, b))) = (self.table.get_mut(cell), pair) {
            if *c == UNKNOWN {
                *c = if by_type(a, b) { r } else { PER_PAIR };
            }
        }
        r
    }

    /// How many pairs computed their fields, and how many cells of the
    /// table are computed pair by pair (the tests' audit).
    #[cfg(test)]
    pub(crate) fn stats(&self) -> (usize, usize) {
        let per_pair = self.table.iter().filter(|&&c| c == PER_PAIR).count();
        (self.computed, per_pair)
    }

    /// The distinct rows, `lay.len` fields each, in order.
    pub(crate) fn into_data(self) -> Vec<i64> {
        self.rows.into_data()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::dutch::criteria::Members;
    use crate::pairing::dutch::{prepare, DutchEdition, PairOptions};
    use crate::pairing::generate::{generate, GenerateOptions};

    /// Every pair of a real round's players (with a missing player among
    /// them) gets the row, and the row number, of interning its own fields.
    #[test]
    fn rows_by_type_are_the_rows_of_each_pair() {
        for edition in [DutchEdition::Dutch2017, DutchEdition::Dutch2025] {
            let o = GenerateOptions {
                players: 120,
                rounds: 4,
                seed: 5,
                late_entry_rate: 0.2,
                half_bye_rate: 0.05,
                ..GenerateOptions::default()
            };
            let t = generate(&o, edition, |_| {}).unwrap();
            let opts = PairOptions {
                edition: Some(edition),
                round: Some(4),
                total_rounds: Some(4),
            };
            let prep = prepare(&t, &opts).unwrap();
            let ps = &prep.states;
            let all: Vec<usize> = (0..ps.len()).collect();
            let ctx = BracketCtx::new(
                ps,
                edition,
                prep.initial,
                crate::model::Points::ONE,
                Members {
                    bracket: &all[..60],
                    mdps: &all[..3],
                    next: &all[60..90],
                    next_last: false,
                },
                true,
                true,
            );
            let lay = Layout::new(&ctx);
            let mut players: Vec<Option<&PlayerState>> = ps.iter().map(Some).collect();
            players.insert(7, None);
            let mut table = PairRows::new(&ctx, &lay, players.clone());
            let mut direct = solve::Rows::new(lay.len);
            let mut f = vec![0i64; lay.len];
            for i in 0..players.len() {
                for j in i + 1..players.len() {
                    match (players[i], players[j]) {
                        (Some(a), Some(b)) => edge_fields_into(&ctx, &lay, a, b, &mut f),
                        _ => f.fill(0),
                    }
                    assert_eq!(table.row(i, j), direct.intern(&f), "pair {i}-{j}");
                }
            }
            let (computed, _) = table.stats();
            let n = players.len();
            // Players of the same type reuse their rows (round 4 of 120
            // players: at most 8 colour histories of 3 games, 7 scores).
            assert!(
                computed * 2 < n * (n - 1) / 2,
                "{computed} of {} pairs",
                n * (n - 1) / 2
            );
            assert_eq!(table.into_data(), direct.into_data());
        }
    }
}
