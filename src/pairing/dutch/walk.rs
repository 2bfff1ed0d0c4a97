//! The brackets of a round, in the order they are paired: C.04.3 (2017)
//! A.9, B / (2025) Art. 3.
//!
//! Scoregroups by pairing score, highest first; a bracket holds the players
//! of higher brackets not paired there (MDPs) and its scoregroup's residents;
//! the next scoregroup is its look-ahead (2017 C.7 / 2025 \[C8\]) unless the
//! bracket is the last. Under the 2017 rules, once a bracket has been paired
//! as the PPB ([`Walk::collapse`]), the remaining scoregroups collapse into
//! the last bracket (2017 A.9).
//!
//! The engine ([`super::engine::pair`]) and the evaluator
//! ([`super::evaluate`]) both walk the round with [`Walk`], so the
//! evaluator's brackets are by construction the engine's.

use std::collections::HashSet;

use super::complete::{completable, lowest_bye_score, Compat};
use super::criteria::Members;
use super::input::Input;
use super::state::{by_rank, PlayerState};
use super::DutchEdition;
use crate::model::Points;

/// One bracket of the walk, with the players still to pair around it.
#[derive(Debug, Clone)]
pub(crate) struct Bracket {
    /// The position of the bracket in the round (0 = the top bracket).
    pub index: usize,
    /// All players not yet paired, in rank order.
    pub remaining: Vec<usize>,
    /// The MDPs (the higher brackets' floaters), in the order they came down.
    pub mdps: Vec<usize>,
    /// The residents of the bracket's scoregroup (all remaining players
    /// but the MDPs once the scoregroups collapsed).
    pub residents: Vec<usize>,
    /// MDPs and residents, in rank order.
    pub players: Vec<usize>,
    /// The next scoregroup's unpaired players (empty for the last bracket
    /// and after the collapse).
    pub next: Vec<usize>,
    /// The bracket holds every remaining player.
    pub is_last: bool,
    /// 2025 \[C9\] ranks this bracket's candidates ([`c9_applies`]).
    pub c9: bool,
}

impl Bracket {
    /// The bracket's players with `next` as the look-ahead (empty: none).
    pub(crate) fn members<'a>(&'a self, next: &'a [usize]) -> Members<'a> {
        Members {
            bracket: &self.players,
            mdps: &self.mdps,
            next,
            next_last: !next.is_empty() && self.players.len() + next.len() == self.remaining.len(),
        }
    }

    /// The bracket and the next scoregroup: the graph of a bracket solved
    /// without completion.
    pub(crate) fn local(&self) -> Vec<usize> {
        self.players.iter().chain(&self.next).copied().collect()
    }
}

/// The walk over a round's brackets: [`Walk::next_bracket`] gives the next
/// bracket, [`Walk::advance`] records how it was paired.
pub(crate) struct Walk<'a> {
    inp: &'a Input<'a>,
    compat: &'a Compat,
    /// Every player, in rank order.
    all: Vec<usize>,
    /// Scoregroups, highest first.
    groups: Vec<Vec<usize>>,
    unpaired: Vec<bool>,
    mdps: Vec<usize>,
    collapsed: bool,
    g: usize,
    /// 2025 \[C5\]: the lowest score the PAB can go to. Every bracket keeps
    /// it reachable, so it is the same for the whole round.
    pub bye_cap: Option<Points>,
}

impl<'a> Walk<'a> {
    pub(crate) fn new(inp: &'a Input<'a>, compat: &'a Compat) -> Walk<'a> {
        let ps = inp.players;
        let mut all: Vec<usize> = (0..ps.len()).collect();
        by_rank(ps, &mut all);
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for &i in &all {
            match groups.last_mut() {
                Some(g) if ps[g[0]].pscore == ps[i].pscore => g.push(i),
                _ => groups.push(vec![i]),
            }
        }
        let bye_cap = if inp.edition == DutchEdition::Dutch2025 && all.len() % 2 == 1 {
            lowest_bye_score(inp, compat, &all)
        } else {
            None
        };
        Walk {
            inp,
            compat,
            unpaired: vec![true; ps.len()],
            all,
            groups,
            mdps: Vec::new(),
            collapsed: false,
            g: 0,
            bye_cap,
        }
    }

    /// Every player of the round, in rank order.
    pub(crate) fn all(&self) -> &[usize] {
        &self.all
    }

    /// True once the scoregroups have collapsed into the last bracket
    /// (2017 A.9).
    pub(crate) fn collapsed(&self) -> bool {
        self.collapsed
    }

    /// 2017 A.9: the bracket being paired is the PPB; from the next bracket
    /// on, the remaining scoregroups form the collapsed last bracket.
    pub(crate) fn collapse(&mut self) {
        self.collapsed = true;
    }

    /// The next bracket to pair; `None` when every player is paired.
    pub(crate) fn next_bracket(&self) -> Option<Bracket> {
        let ps: &[PlayerState] = self.inp.players;
        let remaining: Vec<usize> = self
            .all
            .iter()
            .copied()
            .filter(|i| self.unpaired[*i])
            .collect();
        if remaining.is_empty() {
            return None;
        }
        let mut residents: Vec<usize> = if self.collapsed {
            remaining.clone()
        } else {
            self.groups.get(self.g).cloned().unwrap_or_default()
        };
        residents.retain(|i| self.unpaired[*i] && !self.mdps.contains(i));
        let mut players: Vec<usize> = self.mdps.iter().chain(&residents).copied().collect();
        by_rank(ps, &mut players);
        let is_last = players.len() == remaining.len();
        let next: Vec<usize> = if is_last || self.collapsed {
            Vec::new()
        } else {
            self.groups
                .get(self.g + 1)
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .filter(|i| self.unpaired[*i])
                .collect()
        };
        let c9 = c9_applies(
            self.inp,
            self.compat,
            &remaining,
            &self.mdps,
            &residents,
            is_last,
            self.bye_cap,
        );
        Some(Bracket {
            index: self.g,
            remaining,
            mdps: self.mdps.clone(),
            residents,
            players,
            next,
            is_last,
            c9,
        })
    }

    /// The bracket was paired with `pairs`; `floaters` float down into the
    /// next bracket as its MDPs.
    pub(crate) fn advance(&mut self, pairs: &[(usize, usize)], floaters: Vec<usize>) {
        for &(a, b) in pairs {
            self.unpaired[a] = false;
            self.unpaired[b] = false;
        }
        self.mdps = floaters;
        self.g += 1;
    }
}

/// 2025 \[C9\] (art. 2.4.4 and its note) ranks the candidates of a bracket
/// that downfloats exactly one player, who then receives the PAB: the last
/// bracket, and any bracket (MDPs and residents) that can be paired among
/// itself but one player eligible for the PAB at no more than the PAB's score
/// (\[C5\]: `bye_cap`), while everyone below pairs among themselves. No
/// player of such a bracket has to pair downwards, so its single
/// downfloater goes unpaired through the lower brackets to the PAB.
pub(crate) fn c9_applies(
    inp: &Input,
    compat: &Compat,
    remaining: &[usize],
    mdps: &[usize],
    residents: &[usize],
    is_last: bool,
    bye_cap: Option<Points>,
) -> bool {
    if is_last {
        return true;
    }
    let bracket: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    if remaining.len().is_multiple_of(2) || bracket.len().is_multiple_of(2) || bye_cap.is_none() {
        return false;
    }
    let lower: Vec<usize> = remaining
        .iter()
        .copied()
        .filter(|i| !bracket.contains(i))
        .collect();
    completable(inp, compat, &bracket, bye_cap) && completable(inp, compat, &lower, None)
}

/// The players of `players` in no pair of `pairs`, in their order.
pub(crate) fn unpaired(players: &[usize], pairs: &[(usize, usize)]) -> Vec<usize> {
    let paired: HashSet<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    players
        .iter()
        .copied()
        .filter(|i| !paired.contains(i))
        .collect()
}
