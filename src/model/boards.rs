//! The order of the boards of a published pairing, C.04.2 (2026) art. 3.6
//! ((2017) D.9, C.04.1 F.1 before): by the score of the higher-ranked player
//! of the pair, then the sum of both scores, then the rank in the initial
//! order (the pairing number) of the higher-ranked player.
//!
//! "Score" is the points scored in the rounds before, without the virtual
//! points of an accelerated pairing (C.04.5: acceleration adds points for
//! pairing purposes only): the board order shows the tournament as it stands,
//! and it is what bbpPairings publishes. The higher-ranked player is the one
//! with more points, then the lower pairing number.

use super::{Color, PlayerId, Points, RoundEntry, Tournament};

/// The sort key of a board between `a` and `b` before round `round`.
fn key(t: &Tournament, round: u32, a: PlayerId, b: PlayerId) -> (Points, Points, PlayerId) {
    let before = usize::try_from(round.saturating_sub(1)).unwrap_or(usize::MAX);
    let score = |id: PlayerId| {
        t.player(id)
            .map(|p| t.score(p, Some(before)))
            .unwrap_or(Points::ZERO)
    };
    let (sa, sb) = (score(a), score(b));
    let higher = if (sa, std::cmp::Reverse(a)) >= (sb, std::cmp::Reverse(b)) {
        a
    } else {
        b
    };
    (sa.max(sb), sa + sb, higher)
}

/// Sort `boards` of round `round` into board order (C.04.2 (2026) art. 3.6);
/// `players` gives a board's two players, in any order.
pub fn sort_boards<T>(
    t: &Tournament,
    round: u32,
    boards: &mut [T],
    players: impl Fn(&T) -> (PlayerId, PlayerId),
) {
    boards.sort_by_cached_key(|x| {
        let (a, b) = players(x);
        let (hi, sum, higher) = key(t, round, a, b);
        (std::cmp::Reverse(hi), std::cmp::Reverse(sum), higher)
    });
}

/// The recorded games of `round`, White first, in board order (C.04.2 (2026)
/// art. 3.6, [`sort_boards`]).
pub fn recorded_boards(t: &Tournament, round: u32) -> Vec<(PlayerId, PlayerId)> {
    let k = round as usize;
    let mut pairs = Vec::new();
    for p in &t.players {
        let e = p.round(k);
        let Some(o) = e.opponent() else { continue };
        let colour = match e {
            RoundEntry::Played { color, .. } | RoundEntry::Unknown { color, .. } => Some(color),
            RoundEntry::Pending { color, .. } | RoundEntry::Forfeit { color, .. } => color,
            _ => None,
        };
        let white = match colour {
            Some(Color::White) => true,
            Some(Color::Black) => false,
            None => p.id < o,
        };
        if white {
            pairs.push((p.id, o));
        }
    }
    sort_boards(t, round, &mut pairs, |&(w, b)| (w, b));
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Color, Outcome, Player, RoundEntry};

    #[test]
    fn boards_go_by_real_score_then_the_higher_ranked_players_number() {
        let mut t = Tournament::default();
        for id in 1..=6 {
            t.players.push(Player {
                id: PlayerId(id),
                ..Player::default()
            });
        }
        // Round 1: 6 beats 1, 2 beats 5, 3-4 drawn.
        let g = |o: u32, c: Color, r: Outcome| RoundEntry::Played {
            opponent: PlayerId(o),
            color: c,
            outcome: r,
            short: false,
        };
        use Color::*;
        use Outcome::*;
        t.players[5].set_round(1, g(1, White, Win));
        t.players[0].set_round(1, g(6, Black, Loss));
        t.players[1].set_round(1, g(5, White, Win));
        t.players[4].set_round(1, g(2, Black, Loss));
        t.players[2].set_round(1, g(4, White, Draw));
        t.players[3].set_round(1, g(3, Black, Draw));
        // Acceleration gives player 1 virtual points: not counted here.
        t.accelerations.push(crate::model::Acceleration {
            player: PlayerId(1),
            points: vec![Points(10), Points(10)],
        });
        let mut boards = vec![
            (PlayerId(1), PlayerId(5)),
            (PlayerId(4), PlayerId(3)),
            (PlayerId(2), PlayerId(6)),
        ];
        sort_boards(&t, 2, &mut boards, |&(a, b)| (a, b));
        // 2-6 (1 + 1: the higher-ranked is 2), 4-3 (0.5 + 0.5), 1-5 (0 + 0).
        assert_eq!(
            boards,
            [
                (PlayerId(2), PlayerId(6)),
                (PlayerId(4), PlayerId(3)),
                (PlayerId(1), PlayerId(5))
            ]
        );
    }

    #[test]
    fn the_higher_ranked_player_is_the_one_with_more_points() {
        let mut t = Tournament::default();
        for id in 1..=4 {
            t.players.push(Player {
                id: PlayerId(id),
                ..Player::default()
            });
        }
        t.players[3].set_round(
            1,
            RoundEntry::Bye {
                bye: crate::model::ByeKind::Full,
            },
        );
        t.players[1].set_round(
            1,
            RoundEntry::Bye {
                bye: crate::model::ByeKind::Full,
            },
        );
        // 1-4 and 3-2: both 1 + 0; the higher-ranked players are 4 and 2.
        let mut boards = vec![(PlayerId(1), PlayerId(4)), (PlayerId(3), PlayerId(2))];
        sort_boards(&t, 2, &mut boards, |&(a, b)| (a, b));
        assert_eq!(
            boards,
            [(PlayerId(3), PlayerId(2)), (PlayerId(1), PlayerId(4))]
        );
    }
}
