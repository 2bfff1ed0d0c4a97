//! Round robins in the model: recognising one and marking the free round of an
//! odd field as [`RoundEntry::Free`] (no game and no bye).
//!
//! A tournament is a round robin when the file says so (Swiss-Manager's type
//! "Round robin", a TRF `092` text naming a round robin or Berger, a TRF-2026
//! `192` code `*_ROUNDROBIN*`) or when its schedule shows it: every player met
//! every other one exactly once (or twice) in n − 1 rounds (2(n − 1)), or in n
//! rounds (2n) for an odd field, where each round leaves one player free
//! (C.05 Annex 1: the highest number of the table is the dummy).

use std::collections::BTreeMap;

use super::{PlayerId, RoundEntry, Tournament};

/// How a round robin was recognised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundRobinSource {
    /// The file's tournament type (`092` text, `192` code, Swiss-Manager type).
    Declared,
    /// The schedule: everyone met everyone the same number of times.
    Schedule,
}

/// A round robin recognised in a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundRobin {
    /// 1 for a single, 2 for a double round robin.
    pub cycles: u32,
    /// What made it recognisable as a round robin.
    pub source: RoundRobinSource,
}

impl RoundRobin {
    /// Rounds of one cycle for `n` players: n − 1, or n for an odd field
    /// (C.05 Annex 1: an odd field plays the table of n + 1).
    pub fn rounds_per_cycle(n: usize) -> usize {
        if n % 2 == 1 {
            n
        } else {
            n.saturating_sub(1)
        }
    }
}

/// Whether a `092` text or a `192` code names a round robin, and how many
/// cycles it says (`Some(None)`: a round robin, cycles not said).
fn declared(text: &str) -> Option<Option<u32>> {
    let t = text.to_ascii_lowercase();
    if t.contains("swiss") {
        return None;
    }
    let double = t.contains("double");
    let rr = t.contains("robin") || t.contains("berger") || t.contains("roundrobin");
    if !rr {
        return None;
    }
    Some(if double { Some(2) } else { None })
}

/// Whether a `092` text or a `192` code names a Swiss system: "Swiss", or a
/// FIDE Swiss system code of ETT26 (`FIDE_DUTCH_2025`, `FIDE_BURSTEIN`,
/// `FIDE_DUBOV`, `FIDE_LIM`, with or without `_BAKU`) as bbpPairings writes in `092`.
fn swiss_declared(text: &str) -> bool {
    let t = text.to_ascii_lowercase();
    ["swiss", "dutch", "burstein", "dubov", "fide_lim"]
        .iter()
        .any(|k| t.contains(k))
}

impl Tournament {
    /// True when the file names a Swiss system (its `092` type or `192` system
    /// code: Swiss, Dutch, Burstein, Dubov, Lim), whatever its schedule looks like.
    pub fn declares_swiss(&self) -> bool {
        [&self.info.system_code, &self.info.tournament_type]
            .iter()
            .any(|s| swiss_declared(s))
    }

    /// True when the file's points count a pairing-allocated bye (a `U` scored
    /// as the file's points say): a Swiss, even where a small field happens to
    /// have met everyone (5 players in 5 rounds, bbpPairings' corpus). A round
    /// robin's free round gives no point (C.05; `Free`).
    fn pairing_byes_scored(&self) -> bool {
        self.scoring.pairing_bye > super::Points::ZERO
            && self.players.iter().any(|p| {
                p.rounds.iter().any(|e| {
                    matches!(
                        e,
                        RoundEntry::Bye {
                            bye: super::ByeKind::PairingAllocated
                        }
                    )
                }) && p.points == Some(self.score(p, None))
            })
    }

    /// The round robin this tournament is, if it is one (see the module docs).
    /// Team round robins (Swiss-Manager's "Team round robin") are not
    /// individual round robins and are not recognised.
    pub fn round_robin(&self) -> Option<RoundRobin> {
        let n = self.players.len();
        let is_team = |s: &str| s.to_ascii_lowercase().contains("team");
        let said = [&self.info.system_code, &self.info.tournament_type]
            .into_iter()
            .filter(|s| !is_team(s))
            .find_map(|s| declared(s));
        let per = RoundRobin::rounds_per_cycle(n);
        let from_schedule = self.schedule_cycles();
        match said {
            Some(cycles) => Some(RoundRobin {
                cycles: cycles.or(from_schedule).unwrap_or_else(|| {
                    // Not said, schedule incomplete: the planned rounds tell.
                    match self.total_rounds {
                        Some(r) if per > 0 && r as usize == 2 * per => 2,
                        _ => 1,
                    }
                }),
                source: RoundRobinSource::Declared,
            }),
            None => {
                if self.declares_swiss() || self.pairing_byes_scored() {
                    return None;
                }
                from_schedule.map(|cycles| RoundRobin {
                    cycles,
                    source: RoundRobinSource::Schedule,
                })
            }
        }
    }

    /// Cycles (1 or 2) when every pair of players has been scheduled against
    /// each other exactly that many times in exactly that many cycles of
    /// rounds; `None` otherwise. Forfeits count as scheduled meetings.
    fn schedule_cycles(&self) -> Option<u32> {
        let n = self.players.len();
        if n < 3 {
            return None;
        }
        let rounds = self.rounds_recorded();
        let per = RoundRobin::rounds_per_cycle(n);
        let cycles = match rounds {
            r if r == per => 1,
            r if r == 2 * per => 2,
            _ => return None,
        };
        let mut met: BTreeMap<(PlayerId, PlayerId), u32> = BTreeMap::new();
        for p in &self.players {
            for e in &p.rounds {
                if let Some(o) = e.opponent() {
                    if p.id < o {
                        *met.entry((p.id, o)).or_default() += 1;
                    }
                }
            }
        }
        let pairs = n * (n - 1) / 2;
        (met.len() == pairs && met.values().all(|&k| k == cycles)).then_some(cycles)
    }

    /// In a round robin with an odd number of players, turn the one entry
    /// without an opponent in each round (a pairing-allocated or zero-point
    /// bye, or no pairing, as readers that know no "free" record write it)
    /// into [`RoundEntry::Free`]. Requested half- and full-point byes are
    /// kept: they are decisions, not the schedule. Returns how many entries
    /// changed; a tournament that is no round robin is left alone.
    pub fn mark_round_robin_free_rounds(&mut self) -> usize {
        let n = self.players.len();
        if n.is_multiple_of(2) || self.round_robin().is_none() {
            return 0;
        }
        let mut changed = 0;
        for r in 1..=self.rounds_recorded() {
            let without: Vec<usize> = self
                .players
                .iter()
                .enumerate()
                .filter(|(_, p)| p.round(r).opponent().is_none())
                .map(|(i, _)| i)
                .collect();
            let [only] = without[..] else {
                continue;
            };
            // A free round at the end of a player's list is left blank by
            // the files (the row simply stops): the slot is made, so that the
            // last round's free player is free too, not absent.
            let rounds = &mut self.players[only].rounds;
            if rounds.len() < r {
                rounds.resize(r, RoundEntry::NotPaired);
            }
            if let Some(slot) = rounds.get_mut(r - 1) {
                if matches!(
                    slot,
                    RoundEntry::NotPaired
                        | RoundEntry::Bye {
                            bye: super::ByeKind::PairingAllocated | super::ByeKind::Zero
                        }
                ) {
                    *slot = RoundEntry::Free;
                    changed += 1;
                }
            }
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ByeKind, Color, Outcome, Player};

    /// Three players, three rounds: each round one pair and one bye.
    fn three(bye: RoundEntry, info_type: &str) -> Tournament {
        let game = |o: u32, c: Color, out: Outcome| RoundEntry::Played {
            opponent: PlayerId(o),
            color: c,
            outcome: out,
            short: false,
        };
        let mut t = Tournament::default();
        t.info.tournament_type = info_type.to_string();
        let rows = [
            vec![
                bye,
                game(2, Color::White, Outcome::Win),
                game(3, Color::Black, Outcome::Draw),
            ],
            vec![
                game(3, Color::White, Outcome::Loss),
                game(1, Color::Black, Outcome::Loss),
                bye,
            ],
            vec![
                game(2, Color::Black, Outcome::Win),
                bye,
                game(1, Color::White, Outcome::Draw),
            ],
        ];
        for (i, rounds) in rows.into_iter().enumerate() {
            t.players.push(Player {
                id: PlayerId(i as u32 + 1),
                name: format!("P{}", i + 1),
                rounds,
                ..Default::default()
            });
        }
        t
    }

    #[test]
    fn recognised_by_type_and_by_schedule() {
        let pab = RoundEntry::Bye {
            bye: ByeKind::PairingAllocated,
        };
        let t = three(pab, "Round robin");
        assert_eq!(
            t.round_robin(),
            Some(RoundRobin {
                cycles: 1,
                source: RoundRobinSource::Declared
            })
        );
        let t = three(pab, "");
        assert_eq!(
            t.round_robin().map(|r| r.source),
            Some(RoundRobinSource::Schedule)
        );
        let t = three(pab, "Swiss");
        assert_eq!(t.round_robin(), None);
        // bbpPairings writes its system code in 092 (corpus n005-r05-s7000185).
        let t = three(pab, "FIDE_DUTCH_2025");
        assert_eq!(t.round_robin(), None);
        // A file whose points count the pairing-allocated byes is a Swiss
        // (corpus n005-r05-s8000352: five players met everyone in five rounds).
        let mut t = three(pab, "");
        for i in 0..3 {
            t.players[i].points = Some(t.score(&t.players[i], None));
        }
        assert_eq!(t.round_robin(), None);
        let mut t = three(pab, "");
        t.info.system_code = "FIDE_DOUBLEROUNDROBIN".into();
        assert_eq!(t.round_robin().map(|r| r.cycles), Some(2));
    }

    #[test]
    fn free_rounds_marked_and_score_nothing() {
        for bye in [
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            },
            RoundEntry::Bye { bye: ByeKind::Zero },
            RoundEntry::NotPaired,
        ] {
            let mut t = three(bye, "Round robin");
            assert_eq!(t.mark_round_robin_free_rounds(), 3);
            assert_eq!(t.players[0].round(1), RoundEntry::Free);
            assert_eq!(t.score(&t.players[0], None).to_string(), "1.5");
        }
        // A requested half-point bye stays what it is.
        let mut t = three(RoundEntry::Bye { bye: ByeKind::Half }, "Round robin");
        assert_eq!(t.mark_round_robin_free_rounds(), 0);
        // A Swiss keeps its byes.
        let mut t = three(
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            },
            "Swiss",
        );
        assert_eq!(t.mark_round_robin_free_rounds(), 0);
    }
}
