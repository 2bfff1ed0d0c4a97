//! The state of each player before the round being paired: pairing score,
//! played-colour history, colour preference, float history, PAB eligibility.
//! `arbiter check` cross-checks it with an independent colour model (`pairing::check::colour`).

use std::collections::HashSet;

use super::DutchEdition;
use crate::model::{ByeKind, Color, Player, PlayerId, Points, RoundEntry, Tournament};

/// Strength of a colour preference, C.04.3 (2017) A.6 / (2025) 1.6, as the
/// pairing engine models it: computed by [`preference`] from the colours of
/// the games played over the board only (forfeits and byes leave no colour),
/// from the colour difference CD (White minus Black) and the last two played
/// colours, before the round being paired. A player without a played game
/// has no preference (`None`, not a strength). The engine reads it for the
/// absolute criterion C.3 / \[C3\] (two non-topscorers with the same
/// absolute preference may not meet), the preference criteria C.10-C.11 /
/// \[C12\]-\[C13\] and the colour allocation of 2017 E / 2025 Art. 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// CD = 0: alternate from the last played game.
    Mild,
    /// CD = ±1.
    Strong,
    /// CD beyond ±1, or the same colour in the two latest played games.
    Absolute,
}

/// A colour preference; `None` when no game has been played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preference {
    /// The colour the player prefers.
    pub color: Color,
    /// How strongly.
    pub strength: Strength,
}

/// A float received in a past round, C.04.3 (2017) A.4 / (2025) 1.4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Float {
    /// No float.
    #[default]
    None,
    /// Floated down: met a lower pairing score, or did not play in a way that counts as a downfloat (2017 A.4.b: any unplayed round; 2025 1.4.3-1.4.4: the PAB or an unplayed round scored above a loss).
    Down,
    /// Floated up: met a higher pairing score.
    Up,
}

/// Everything the engine needs about one player taking part in the round.
#[derive(Debug, Clone)]
pub struct PlayerState {
    /// Starting rank.
    pub id: PlayerId,
    /// Position among the players taking part (0-based), in pairing-number order.
    pub index: usize,
    /// Effective pairing number (0-based) for the E.5 / 5.2.5 parity.
    pub number: usize,
    /// Real score before the round.
    pub score: Points,
    /// Pairing score: real score plus this round's acceleration points.
    pub pscore: Points,
    /// Colours of played games, oldest first.
    pub colors: Vec<Color>,
    /// Colour preference (C.04.3 (2017) A.6 / (2025) 1.6); `None` when no game has been played.
    pub preference: Option<Preference>,
    /// Float of the previous round and of two rounds before.
    pub float1: Float,
    /// The float of two rounds before.
    pub float2: Float,
    /// C.04.1 art. 4 (d in 2017): may receive the pairing-allocated bye.
    pub bye_eligible: bool,
    /// Played-game opponents (C.04.3 C1: forfeits do not count).
    pub opponents: HashSet<PlayerId>,
    /// Rounds before this one not played over the board (\[C9\] 2025).
    pub unplayed: u32,
    /// C.04.3 A.7 / 1.7: topscorer (only when the final round is paired).
    pub topscorer: bool,
}

impl PlayerState {
    /// Colour difference: games with White minus games with Black.
    pub fn cd(&self) -> i32 {
        self.colors
            .iter()
            .map(|c| if *c == Color::White { 1 } else { -1 })
            .sum()
    }
}

/// Sort player indices into rank order: pairing score descending, then
/// pairing number (the order of C.04.3 (2017) A.2). Indices without a
/// player sort last among score zero, by index.
pub(crate) fn by_rank(ps: &[PlayerState], v: &mut [usize]) {
    v.sort_by_key(|&i| {
        ps.get(i).map_or((std::cmp::Reverse(Points::ZERO), i), |p| {
            (std::cmp::Reverse(p.pscore), p.index)
        })
    });
}

/// Points of the acceleration for `player` in round `round` (1-based).
pub fn acceleration(t: &Tournament, player: PlayerId, round: usize) -> Points {
    t.accelerations
        .iter()
        .filter(|a| a.player == player)
        .filter_map(|a| a.points.get(round.wrapping_sub(1)).copied())
        .sum()
}

/// True when the entry counts as a round the player was paired (or byed) in,
/// as opposed to "not in the tournament that round".
fn is_unplayed(e: &RoundEntry) -> bool {
    !e.is_played_game()
}

/// Float of `p` in past round `r` (1-based), from the pairing scores as they
/// stood in that round.
fn past_float(t: &Tournament, p: &Player, r: usize, edition: DutchEdition) -> Float {
    let e = p.round(r);
    if let Some(opp) = e.opponent().filter(|_| e.is_played_game()) {
        let Some(o) = t.player(opp) else {
            return Float::None;
        };
        let mine = t.score(p, Some(r - 1)) + acceleration(t, p.id, r);
        let theirs = t.score(o, Some(r - 1)) + acceleration(t, o.id, r);
        return match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
            std::cmp::Ordering::Equal => Float::None,
        };
    }
    match edition {
        // C.04.3 (2017) A.4.b: not playing, for whatever reason, is a downfloat.
        DutchEdition::Dutch2017 => Float::Down,
        // C.04.3 (2025) 1.4.3-1.4.4: only the PAB and rounds scored above a
        // loss without playing.
        DutchEdition::Dutch2025 => {
            let pts = e.points(&t.scoring).unwrap_or(Points::ZERO);
            if matches!(
                e,
                RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated
                }
            ) || pts > t.scoring.loss
            {
                Float::Down
            } else {
                Float::None
            }
        }
    }
}

/// C.04.1 art. 4 (2017 d): PAB eligibility.
fn bye_eligible(t: &Tournament, p: &Player, rounds: usize, edition: DutchEdition) -> bool {
    (1..=rounds).all(|r| {
        let e = p.round(r);
        match edition {
            // 2017: no PAB after a PAB or a forfeit win.
            DutchEdition::Dutch2017 => !matches!(
                e,
                RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated
                } | RoundEntry::Forfeit { won: true, .. }
            ),
            // 2025: no PAB after a PAB or any round scoring a win without playing.
            DutchEdition::Dutch2025 => {
                if matches!(
                    e,
                    RoundEntry::Bye {
                        bye: ByeKind::PairingAllocated
                    }
                ) {
                    return false;
                }
                if e.is_played_game() {
                    return true;
                }
                e.points(&t.scoring).unwrap_or(Points::ZERO) < t.scoring.win
            }
        }
    })
}

/// Colour preference from the played-colour history, C.04.3 A.6 / 1.6.
pub fn preference(colors: &[Color]) -> Option<Preference> {
    let last = *colors.last()?;
    let cd: i32 = colors
        .iter()
        .map(|c| if *c == Color::White { 1 } else { -1 })
        .sum();
    let low = if cd > 0 { Color::Black } else { Color::White };
    let two_same = colors.len() >= 2 && colors[colors.len() - 2] == last;
    Some(if cd.abs() > 1 {
        Preference {
            color: low,
            strength: Strength::Absolute,
        }
    } else if two_same {
        Preference {
            color: last.opposite(),
            strength: Strength::Absolute,
        }
    } else if cd != 0 {
        Preference {
            color: low,
            strength: Strength::Strong,
        }
    } else {
        Preference {
            color: last.opposite(),
            strength: Strength::Mild,
        }
    })
}

/// Build the state of each participant in `round` (1-based), given the
/// players taking part in pairing-number order and their effective pairing
/// numbers (0-based, see `super::effective_numbers`).
pub fn build(
    t: &Tournament,
    participants: &[&Player],
    numbers: &[usize],
    round: usize,
    total_rounds: Option<u32>,
    edition: DutchEdition,
) -> Vec<PlayerState> {
    let done = round - 1;
    // C.04.3 A.7 / 1.7: topscorers exist only when the final round is paired.
    let last_round = total_rounds.is_some_and(|tr| round as u32 == tr);
    let max_per_round = t.scoring.win.max(t.scoring.draw);
    participants
        .iter()
        .enumerate()
        .map(|(index, p)| {
            let score = t.score(p, Some(done));
            let mut colors = Vec::new();
            let mut opponents = HashSet::new();
            let mut unplayed = 0;
            for r in 1..=done {
                let e = p.round(r);
                if let Some(c) = e.played_color() {
                    colors.push(c);
                    if let Some(o) = e.opponent() {
                        opponents.insert(o);
                    }
                } else if is_unplayed(&e) {
                    unplayed += 1;
                }
            }
            let f = |back: usize| {
                if done >= back {
                    past_float(t, p, done + 1 - back, edition)
                } else {
                    Float::None
                }
            };
            // "More than 50% of the maximum possible score" after `done` rounds.
            let topscorer = last_round && score.0 * 2 > done as i32 * max_per_round.0;
            PlayerState {
                id: p.id,
                index,
                number: numbers.get(index).copied().unwrap_or(index),
                score,
                pscore: score + acceleration(t, p.id, round),
                preference: preference(&colors),
                colors,
                float1: f(1),
                float2: f(2),
                bye_eligible: bye_eligible(t, p, done, edition),
                opponents,
                unplayed,
                topscorer,
            }
        })
        .collect()
}
