//! The tournament as the tie-break code sees it: one slot per player and round up to
//! the round of the standings, scores, and the adjusted scores of C.07 art. 16.3
//! (and the pre-2023 opponents' view).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::{ByeKind, Color, PointSystem, Points, RoundEntry, Tournament};

use super::code::TieBreakSpec;
use super::custom::CustomTieBreak;
use super::edition::TiebreakEdition;
use super::value::Value;

/// One round of one player, with opponents as indexes into `Tournament::players`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    /// A game over the board (unknown results count with their points).
    Game {
        opp: usize,
        color: Color,
        pts: Points,
    },
    /// A forfeit against a scheduled opponent (`won` for the player present).
    Forfeit {
        opp: usize,
        color: Option<Color>,
        won: bool,
        pts: Points,
    },
    Bye {
        kind: ByeKind,
        pts: Points,
    },
    /// Not paired, no data, or a result still pending.
    Absent {
        pts: Points,
    },
    /// Free in a round-robin schedule (odd field): not a round of this player
    /// at all, neither a game nor an unplayed round (C.07 art. 15.2).
    Free,
}

impl Slot {
    pub(crate) fn pts(&self) -> Points {
        match *self {
            Slot::Game { pts, .. }
            | Slot::Forfeit { pts, .. }
            | Slot::Bye { pts, .. }
            | Slot::Absent { pts } => pts,
            Slot::Free => Points::ZERO,
        }
    }

    pub(crate) fn opponent(&self) -> Option<usize> {
        match *self {
            Slot::Game { opp, .. } | Slot::Forfeit { opp, .. } => Some(opp),
            _ => None,
        }
    }

    pub(crate) fn is_game(&self) -> bool {
        matches!(self, Slot::Game { .. })
    }

    /// The free round of an odd round-robin field (no game, no bye).
    pub(crate) fn is_free(&self) -> bool {
        matches!(self, Slot::Free)
    }

    /// C.07 art. 16.1: a voluntarily unplayed round is a requested bye (HPB, ZPB, and
    /// every round after a withdrawal) or a forfeit loss. PAB, FPB and forfeit wins are
    /// not.
    pub(crate) fn is_vur(&self) -> bool {
        match *self {
            Slot::Game { .. } => false,
            Slot::Forfeit { won, .. } => !won,
            Slot::Bye { kind, .. } => matches!(kind, ByeKind::Half | ByeKind::Zero),
            Slot::Absent { .. } => true,
            Slot::Free => false,
        }
    }

    /// Short words for `--explain`.
    pub(crate) fn describe(&self, ctx: &Ctx) -> String {
        match *self {
            Slot::Game { opp, pts, .. } => {
                format!("game v {} ({})", ctx.label(opp), pts)
            }
            Slot::Forfeit { opp, won, .. } => format!(
                "forfeit {} v {}",
                if won { "win" } else { "loss" },
                ctx.label(opp)
            ),
            Slot::Bye { kind, pts } => {
                let k = match kind {
                    ByeKind::PairingAllocated => "PAB",
                    ByeKind::Full => "FPB",
                    ByeKind::Half => "HPB",
                    ByeKind::Zero => "ZPB",
                };
                format!("{k} ({pts})")
            }
            Slot::Absent { pts } => format!("absent ({pts})"),
            Slot::Free => "free (round-robin schedule)".into(),
        }
    }
}

/// Per-player data for the rounds considered.
#[derive(Debug, Clone)]
pub(crate) struct PInfo {
    pub slots: Vec<Slot>,
    /// Score after the rounds considered.
    pub score: Points,
    /// C.07 art. 16.3: the score as opponents see it (category 16.2.5 rounds as draws).
    pub adj: Points,
    /// Pre-2023: OTB points plus a draw for every unplayed round.
    pub adj_pre: Points,
    /// `adj` with a last-round game counted as a draw (C.07 art. 8.3, Fore Buchholz).
    pub fb_adj: Points,
    /// `adj_pre` with a last-round game counted as a draw.
    pub fb_adj_pre: Points,
    /// Own score with a last-round game counted as a draw (the FB dummy's score).
    pub fb_score: Points,
}

/// Everything the tie-break functions read.
pub(crate) struct Ctx<'a> {
    pub t: &'a Tournament,
    pub rounds: usize,
    pub edition: TiebreakEdition,
    pub scoring: PointSystem,
    pub round_robin: bool,
    pub players: Vec<PInfo>,
    pub custom: &'a [CustomTieBreak],
    cache: RefCell<HashMap<String, Rc<Vec<Option<Value>>>>>,
}

impl<'a> Ctx<'a> {
    pub(crate) fn build(
        t: &'a Tournament,
        rounds: usize,
        edition: TiebreakEdition,
        round_robin: bool,
        custom: &'a [CustomTieBreak],
        at: &dyn crate::diag::Locator,
        notes: &mut Vec<Diagnostic>,
    ) -> Ctx<'a> {
        let scoring = t.scoring;
        let index: HashMap<_, _> = t
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id, i))
            .collect();
        let mut players = Vec::with_capacity(t.players.len());
        for p in &t.players {
            let mut slots = Vec::with_capacity(rounds);
            for r in 1..=rounds {
                let e = p.round(r);
                let slot = match e {
                    RoundEntry::Played {
                        opponent, color, ..
                    }
                    | RoundEntry::Unknown { opponent, color } => {
                        let pts = e.points(&scoring).unwrap_or(Points::ZERO);
                        match index.get(&opponent) {
                            Some(&opp) => Slot::Game { opp, color, pts },
                            None => {
                                notes.push(Diagnostic::warning(
                                    codes::UNKNOWN_OPPONENT,
                                    Family::Consistency,
                                    Location::of_round(at, p.id.0, r),
                                    format!("player {} round {r}: expected an opponent among the players, found {opponent}; round treated as unplayed", p.id),
                                ));
                                Slot::Absent { pts }
                            }
                        }
                    }
                    RoundEntry::Forfeit {
                        opponent,
                        color,
                        won,
                    } => {
                        let pts = e.points(&scoring).unwrap_or(Points::ZERO);
                        match index.get(&opponent) {
                            Some(&opp) => Slot::Forfeit {
                                opp,
                                color,
                                won,
                                pts,
                            },
                            None => {
                                notes.push(Diagnostic::warning(
                                    codes::UNKNOWN_OPPONENT,
                                    Family::Consistency,
                                    Location::of_round(at, p.id.0, r),
                                    format!("player {} round {r}: expected a forfeit opponent among the players, found {opponent}; round treated as unplayed", p.id),
                                ));
                                Slot::Absent { pts }
                            }
                        }
                    }
                    RoundEntry::Pending { .. } => {
                        notes.push(Diagnostic::warning(
                            codes::RESULT_MISSING,
                            Family::Consistency,
                            Location::of_round(at, p.id.0, r),
                            format!("player {} round {r}: expected a result, found a pending game; counted as unplayed with 0 points", p.id),
                        ));
                        Slot::Absent { pts: Points::ZERO }
                    }
                    RoundEntry::Bye { bye } => Slot::Bye {
                        kind: bye,
                        pts: e.points(&scoring).unwrap_or(Points::ZERO),
                    },
                    RoundEntry::NotPaired => Slot::Absent {
                        pts: scoring.zero_bye,
                    },
                    RoundEntry::Free => Slot::Free,
                };
                slots.push(slot);
            }
            players.push(Self::info(slots, &scoring, rounds, round_robin));
        }
        Ctx {
            t,
            rounds,
            edition,
            scoring,
            round_robin,
            players,
            custom,
            cache: RefCell::new(HashMap::new()),
        }
    }

    fn info(slots: Vec<Slot>, ps: &PointSystem, rounds: usize, round_robin: bool) -> PInfo {
        let score: Points = slots.iter().map(|s| s.pts()).sum();
        let last_non_vur = slots
            .iter()
            .rposition(|s| !s.is_vur())
            .map(|i| i + 1)
            .unwrap_or(0);
        // C.07 art. 16.2.5 / 16.3: requested byes (no opponent) after the last non-VUR
        // round count as draws for the opponents.
        let adj: Points = slots
            .iter()
            .enumerate()
            .map(|(i, s)| {
                if i + 1 > last_non_vur && s.opponent().is_none() && !s.is_free() {
                    ps.draw
                } else {
                    s.pts()
                }
            })
            .sum();
        let adj_pre: Points = slots
            .iter()
            .map(|s| {
                // Pre-2023 (C.02 13.16): in a round robin unplayed games count
                // as played, so a forfeit keeps its result.
                let forfeit = matches!(s, Slot::Forfeit { .. });
                if s.is_game() || s.is_free() || (round_robin && forfeit) {
                    s.pts()
                } else {
                    ps.draw
                }
            })
            .sum();
        // C.07 art. 8.3: every game paired for the last round counted as a draw. A
        // forfeit was paired (it has a scheduled opponent), so it is counted as a draw
        // too, won or lost; art. 16's unplayed-round rules govern the rounds FB does not
        // redefine. #13 (2023_elllobregat_a_753347, player 19): 45.0, as TieBreakServer.
        let last = slots.last().copied();
        let fb_delta = match last {
            Some(s) if rounds > 0 && s.opponent().is_some() => ps.draw - s.pts(),
            _ => Points::ZERO,
        };
        let fb_delta_pre = match last {
            Some(s) if s.is_game() => ps.draw - s.pts(),
            _ => Points::ZERO,
        };
        // Under FB the last round is a drawn game when it was paired: no round then comes
        // after the participant's last played one, so art. 16.3 turns no bye into a draw.
        let fb_adj = match slots.split_last() {
            Some((s, before)) if s.opponent().is_some() => {
                before.iter().map(|s| s.pts()).sum::<Points>() + ps.draw
            }
            _ => adj + fb_delta,
        };
        PInfo {
            score,
            adj,
            adj_pre,
            fb_adj,
            fb_adj_pre: adj_pre + fb_delta_pre,
            fb_score: score + fb_delta,
            slots,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.players.len()
    }

    /// `#12 Nick`: how players are named in explanations.
    pub(crate) fn label(&self, i: usize) -> String {
        match self.t.players.get(i) {
            Some(p) => format!("#{} {}", p.id, p.name),
            None => format!("#{i}"),
        }
    }

    /// A column of values computed once per standings (AOB needs BH, APRO needs TPR).
    pub(crate) fn cached(
        &self,
        spec: &TieBreakSpec,
        f: impl FnOnce() -> Vec<Option<Value>>,
    ) -> Rc<Vec<Option<Value>>> {
        let key = spec.to_string();
        if let Some(c) = self.cache.borrow().get(&key) {
            return Rc::clone(c);
        }
        let v = Rc::new(f());
        self.cache.borrow_mut().insert(key, Rc::clone(&v));
        v
    }
}
