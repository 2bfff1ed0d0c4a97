//! The player table behind a round's pairing: pairing score, colour history
//! and preference, floats of the two previous rounds (the engine's view of
//! the round, [`crate::pairing::dutch::state`]), PAB eligibility with its
//! reason, topscorer flag; the score groups of the players to be paired; and
//! the brackets of the rules' pairing (residents, MDPs, the engine's pairs
//! and downfloaters in each).

use super::colour::{ColourHistory, Preference};
use super::finding::{choice, ids, prepared, selected_assignment, selected_boards};
use super::legality::{is_topscorer, pab_ineligibility};
use super::pair::{Pair, Selected};
use super::position::Position;
use crate::model::{Player, PlayerId, Points, Tournament};
use crate::pairing::dutch;
use crate::pairing::dutch::evaluate::{evaluate, BracketKind};
use crate::pairing::dutch::DutchEdition;

/// A float received in an earlier round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Float {
    /// Moved down to a lower bracket (or the PAB).
    Down,
    /// Paired against a higher-scored opponent moved down.
    Up,
}

/// One player as the pairing of the round sees them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PlayerState {
    /// The player (starting rank).
    pub id: PlayerId,
    /// Score before the round.
    pub score: Points,
    /// Score plus the round's acceleration points (brackets use this).
    pub pairing_score: Points,
    /// Played colours, oldest first (`WBW`).
    pub colours: String,
    /// Whites minus blacks among the games played.
    pub colour_difference: i32,
    /// The colour preference; `None` without any game played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preference: Option<Preference>,
    /// Float in the previous round and in the round before it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub float_last: Option<Float>,
    /// The float two rounds before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub float_before_last: Option<Float>,
    /// Whether the player may receive the pairing-allocated bye (C.04.3 (2017) C.2 / (2025) \[C2\]).
    pub pab_eligible: bool,
    /// Why not eligible, e.g. "U in round 3".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pab_reason: Option<String>,
    /// A topscorer of the last round (more than half the maximum score: 2017 A.7 / 2025 Art. 1.8).
    pub topscorer: bool,
}

/// A score group: the players to be paired with equal pairing score.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ScoreGroup {
    /// The pairing score shared by the group.
    pub score: Points,
    /// Its players, by pairing number.
    pub players: Vec<PlayerId>,
}

/// One bracket as the rules pair it (C.04.3 (2017) B / (2025) Art. 3): its
/// residents, the MDPs it receives, and the engine's choice in it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Bracket {
    /// The pairing score of its residents.
    pub score: Points,
    /// `regular`, `last`, and under the 2017 rules `penultimate` (PPB) or
    /// `collapsed-last` (CLB).
    pub kind: BracketKind,
    /// The players whose pairing score is the bracket's.
    pub residents: Vec<PlayerId>,
    /// Moved-down players from higher brackets.
    pub mdps: Vec<PlayerId>,
    /// The rules' pairs made in this bracket, white first.
    pub pairs: Vec<Pair>,
    /// Players of the bracket the rules float down (in the last bracket: the PAB).
    pub downfloaters: Vec<PlayerId>,
}

/// The explanation data of a position.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Explanation {
    /// The score groups, highest first.
    pub score_groups: Vec<ScoreGroup>,
    /// Every player taking part, in pairing order (score, then pairing number).
    pub players: Vec<PlayerState>,
    /// Players not paired in this round, with their pre-set entry.
    pub absent: Vec<PlayerId>,
    /// The brackets of the rules' pairing, top first (when it is known).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub brackets: Vec<Bracket>,
}

fn acceleration(t: &Tournament, id: PlayerId, round: usize) -> Points {
    t.accelerations
        .iter()
        .find(|a| a.player == id)
        .and_then(|a| round.checked_sub(1).and_then(|i| a.points.get(i)).copied())
        .unwrap_or_default()
}

/// Pairing score of `p` before round `round` (1-based): the score plus the
/// round's acceleration points.
pub(super) fn pairing_score(t: &Tournament, p: &Player, round: usize) -> Points {
    t.score(p, Some(round.saturating_sub(1))) + acceleration(t, p.id, round)
}

fn float(f: dutch::state::Float) -> Option<Float> {
    match f {
        dutch::state::Float::Down => Some(Float::Down),
        dutch::state::Float::Up => Some(Float::Up),
        dutch::state::Float::None => None,
    }
}

/// The brackets of the rules' pairing `sel` of the position.
fn brackets(prep: &dutch::Prepared, sel: &Selected) -> Vec<Bracket> {
    let Some(a) = selected_assignment(prep, sel) else {
        return Vec::new();
    };
    let boards = selected_boards(sel);
    evaluate(prep, &a)
        .map(|bs| {
            bs.iter()
                .map(|b| {
                    let c = choice(prep, b, &boards);
                    Bracket {
                        score: b.score,
                        kind: b.kind,
                        residents: ids(prep, &b.residents),
                        mdps: ids(prep, &b.mdps),
                        pairs: c.pairs,
                        downfloaters: c.downfloaters,
                    }
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Build the explanation data for a position.
pub(crate) fn explain(pos: &Position, edition: DutchEdition) -> Explanation {
    explain_with(pos, edition, None)
}

/// Build the explanation data for a position, with the brackets of the
/// rules' pairing `sel` when given. Floats come from the engine's view of the
/// round ([`dutch::state`]), so the table shows what the engine optimised.
pub(crate) fn explain_with(
    pos: &Position,
    edition: DutchEdition,
    sel: Option<&Selected>,
) -> Explanation {
    let t = &pos.tournament;
    let prep = prepared(pos, edition);
    let floats = |id: PlayerId| {
        prep.as_ref()
            .and_then(|p| p.states.iter().find(|s| s.id == id))
            .map_or((None, None), |s| (float(s.float1), float(s.float2)))
    };
    let k = usize::try_from(pos.round).unwrap_or(usize::MAX);
    let mut players = Vec::new();
    let mut absent = Vec::new();
    for p in &t.players {
        if p.rounds.len() >= k {
            absent.push(p.id);
            continue;
        }
        let h = ColourHistory::of(p, pos.round);
        let inel = pab_ineligibility(t, p, pos.round, edition);
        let (float_last, float_before_last) = floats(p.id);
        players.push(PlayerState {
            id: p.id,
            score: t.score(p, Some(k.saturating_sub(1))),
            pairing_score: pairing_score(t, p, k),
            colours: h.letters(),
            colour_difference: h.difference(),
            preference: h.preference(),
            float_last,
            float_before_last,
            pab_eligible: inel.is_none(),
            pab_reason: inel.map(|(r, c)| format!("{c} in round {r}")),
            topscorer: is_topscorer(t, p, pos.round, pos.total_rounds),
        });
    }
    players.sort_by_key(|s| (std::cmp::Reverse(s.pairing_score), s.id));
    let mut score_groups: Vec<ScoreGroup> = Vec::new();
    for s in &players {
        match score_groups.last_mut() {
            Some(g) if g.score == s.pairing_score => g.players.push(s.id),
            _ => score_groups.push(ScoreGroup {
                score: s.pairing_score,
                players: vec![s.id],
            }),
        }
    }
    Explanation {
        score_groups,
        players,
        absent,
        brackets: match (&prep, sel) {
            (Some(p), Some(s)) => brackets(p, s),
            _ => Vec::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ByeKind, Color, Outcome, RoundEntry};
    use crate::pairing::check::position::position_before;
    use crate::pairing::check::test_support::game as g;

    #[test]
    fn floats_and_groups_per_edition() {
        use Color::*;
        use Outcome::*;
        // Round 1: 1-2 (1 wins), 3 absent (Z). Round 2: 1-3 (draw), 2 U.
        let t = Tournament {
            total_rounds: Some(3),
            players: vec![
                Player {
                    id: PlayerId(1),
                    rounds: vec![g(2, White, Win), g(3, Black, Draw)],
                    ..Default::default()
                },
                Player {
                    id: PlayerId(2),
                    rounds: vec![
                        g(1, Black, Loss),
                        RoundEntry::Bye {
                            bye: ByeKind::PairingAllocated,
                        },
                    ],
                    ..Default::default()
                },
                Player {
                    id: PlayerId(3),
                    rounds: vec![RoundEntry::Bye { bye: ByeKind::Zero }, g(1, White, Draw)],
                    ..Default::default()
                },
            ],
            ..Default::default()
        };
        let pos = position_before(&t, 3).unwrap();
        let e17 = explain(&pos, DutchEdition::Dutch2017);
        let e25 = explain(&pos, DutchEdition::Dutch2025);
        let p3_17 = e17.players.iter().find(|p| p.id == PlayerId(3)).unwrap();
        let p3_25 = e25.players.iter().find(|p| p.id == PlayerId(3)).unwrap();
        // Round 2: 3 (0) met 1 (1): upfloat. Round 1: Z is a downfloat only in 2017.
        assert_eq!(p3_17.float_last, Some(Float::Up));
        assert_eq!(p3_17.float_before_last, Some(Float::Down));
        assert_eq!(p3_25.float_before_last, None);
        let p2 = e25.players.iter().find(|p| p.id == PlayerId(2)).unwrap();
        assert_eq!(p2.float_last, Some(Float::Down));
        assert!(!p2.pab_eligible);
        assert_eq!(p2.pab_reason.as_deref(), Some("U in round 2"));
        // Last round: 1 has 1.5 of 2 -> topscorer.
        assert!(e25.players[0].topscorer);
        assert_eq!(
            e25.score_groups,
            vec![
                ScoreGroup {
                    score: Points(15),
                    players: vec![PlayerId(1)]
                },
                ScoreGroup {
                    score: Points(10),
                    players: vec![PlayerId(2)]
                },
                ScoreGroup {
                    score: Points(5),
                    players: vec![PlayerId(3)]
                },
            ]
        );
    }
}
