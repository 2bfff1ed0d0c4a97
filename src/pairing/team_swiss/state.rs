//! The state of the teams after round n (C.04.6 art. 1): scores, colour
//! differences and histories, the opponents met, whether a team may still
//! receive the pairing-allocated bye, and whether it floated in round n.

use std::collections::BTreeSet;

use crate::model::{team_rounds, MatchForfeit, TeamByeKind, TeamRoundKind, TeamSchedule};
use crate::model::{Color, Points, TeamId, Tournament};

use super::{PrimaryScore, TeamSwissError};

/// One team as the pairing of the next round sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamState {
    /// The team's pairing number (C.04.6 art. 1.1, TPN).
    pub team: TeamId,
    /// The primary score (C.04.6 art. 1.2: match points or game points, as
    /// the rules of the competition say), the one the teams are paired on.
    pub primary: Points,
    /// The other score (C.04.6 art. 1.2), used for colours (art. 4.2.2).
    pub secondary: Points,
    /// The team's colour in each round so far (index 0 = round 1): a colour
    /// only for a match played over the boards (C.04.6 art. 1.6.1: the colour
    /// of its first board's player), `None` otherwise.
    pub history: Vec<Option<Color>>,
    /// The teams met in a match played over the boards (C.04.6 art. 2.1.1).
    pub opponents: BTreeSet<TeamId>,
    /// The team had the pairing-allocated bye, a full-point bye, or won a
    /// match by forfeit: it shall not receive the PAB (C.04.6 art. 2.1.2).
    pub bye_barred: bool,
    /// Matches played over the boards (C.04.6 art. 3.4.3).
    pub matches_played: u32,
    /// The team was a floater in the previous round: it played an opponent
    /// with a different score (C.04.6 art. 1.5; used by art. 2.3.4 and 2.3.7).
    pub floated: bool,
}

impl TeamState {
    /// A team before round 1 with pairing number `tpn`.
    pub fn new(tpn: u32) -> TeamState {
        TeamState {
            team: TeamId(tpn),
            primary: Points::ZERO,
            secondary: Points::ZERO,
            history: Vec::new(),
            opponents: BTreeSet::new(),
            bye_barred: false,
            matches_played: 0,
            floated: false,
        }
    }

    /// The colour difference (C.04.6 art. 1.6.2): matches with White minus
    /// matches with Black.
    pub fn colour_difference(&self) -> i32 {
        self.history.iter().flatten().fold(0, |d, c| match c {
            Color::White => d + 1,
            Color::Black => d - 1,
        })
    }

    /// The colours of the matches played, oldest first.
    pub fn played_colours(&self) -> impl DoubleEndedIterator<Item = Color> + '_ {
        self.history.iter().flatten().copied()
    }
}

/// The state of every team of `t` before round `round` (1-based): built from
/// rounds 1 to `round - 1` of [`team_rounds`].
pub fn states_before(
    t: &Tournament,
    round: u32,
    primary: PrimaryScore,
) -> Result<Vec<TeamState>, TeamSwissError> {
    let played = round.checked_sub(1).ok_or(TeamSwissError::RoundZero)?;
    let (schedules, _) = team_rounds(t, played as usize);
    Ok(from_schedules(&schedules, played, primary))
}

/// The states after `played` rounds of `schedules`.
pub(crate) fn from_schedules(
    schedules: &[TeamSchedule],
    played: u32,
    primary: PrimaryScore,
) -> Vec<TeamState> {
    // scores before each round, to tell floaters (art. 1.5)
    let score_before = |s: &TeamSchedule, r: u32| -> Points {
        s.rounds
            .iter()
            .filter(|x| x.round < r)
            .map(|x| match primary {
                PrimaryScore::MatchPoints => x.match_points,
                PrimaryScore::GamePoints => x.game_points,
            })
            .sum()
    };
    let by_team = |id: TeamId| schedules.iter().find(|s| s.team == id);
    schedules
        .iter()
        .map(|s| {
            let mut st = TeamState::new(s.team.0);
            for x in s.rounds.iter().filter(|x| x.round <= played) {
                let (p, q) = match primary {
                    PrimaryScore::MatchPoints => (x.match_points, x.game_points),
                    PrimaryScore::GamePoints => (x.game_points, x.match_points),
                };
                st.primary += p;
                st.secondary += q;
                let mut colour = None;
                match x.kind {
                    TeamRoundKind::Match {
                        opponent,
                        colour: c,
                        forfeit: None,
                    } => {
                        st.opponents.insert(opponent);
                        st.matches_played += 1;
                        colour = c;
                    }
                    TeamRoundKind::Match {
                        colour: c,
                        forfeit: Some(f),
                        ..
                    } => {
                        let won = matches!(
                            (f, c),
                            (MatchForfeit::WhiteWon, Some(Color::White))
                                | (MatchForfeit::BlackWon, Some(Color::Black))
                        );
                        st.bye_barred |= won;
                    }
                    TeamRoundKind::Bye { bye } => {
                        st.bye_barred |=
                            matches!(bye, TeamByeKind::PairingAllocated | TeamByeKind::Full);
                    }
                }
                st.history.push(colour);
            }
            // floated in the last round played (art. 1.5)
            st.floated = played > 0
                && s.rounds
                    .iter()
                    .find(|x| x.round == played)
                    .and_then(|x| x.opponent())
                    .and_then(by_team)
                    .is_some_and(|o| score_before(o, played) != score_before(s, played));
            st
        })
        .collect()
}
