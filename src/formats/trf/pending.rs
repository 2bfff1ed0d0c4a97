//! Games paired but not yet played, in the TRF dialects we write (#13).
//!
//! No TRF has a result code for a game still to be played. TRF16's result table
//! and TRF-2026's `001` table (C.02.03 Annexure A) define `1 = 0 + - W D L F H U Z`
//! and a blank (read as `Z` when there is no opponent); the in-tournament files of
//! other programs (Sevilla, Sharly-Chess) write a pending game as its opponent and
//! colour with a blank result, and that is what TRF16 and TRF-2026 get from us:
//! the block full width, as JaVaFo's column rules ask, with a warning.
//!
//! The engine dialects exist to be read by a pairing engine, and bbpPairings
//! (v5.0.1 and v6.0.0) refuses every form of a game with an opponent and no result
//! (blank, `?`, `X`, `*`, `Z`: "Invalid line"). JaVaFo's TRF(x) describes finished
//! rounds plus the round to be paired. So for TRF(x) and TRF(bx) the first round
//! holding a pending game becomes the round to be paired again: its games, forfeits
//! and pairing-allocated bye are left out (with every later round), its requested
//! byes and absences stay in its column as JaVaFo's "not to be paired" marks
//! (`0000 - H/F/Z`, points included), and a warning names the round and its games.

use std::collections::BTreeMap;

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::{ByeKind, Color, PlayerId, RoundEntry, Tournament};

/// Pending games by round (1-based): each game once, white first where known.
pub fn pending_games(t: &Tournament) -> BTreeMap<usize, Vec<(PlayerId, PlayerId)>> {
    let mut out: BTreeMap<usize, Vec<(PlayerId, PlayerId)>> = BTreeMap::new();
    for p in &t.players {
        for (i, e) in p.rounds.iter().enumerate() {
            if let RoundEntry::Pending { opponent, color } = *e {
                // One side names the game: white, or the lower number without colours.
                let first = match color {
                    Some(Color::White) => true,
                    Some(Color::Black) => false,
                    None => p.id < opponent,
                };
                if first {
                    out.entry(i + 1).or_default().push((p.id, opponent));
                }
            }
        }
    }
    out
}

fn list(games: &[(PlayerId, PlayerId)]) -> String {
    const SHOWN: usize = 8;
    let mut s: Vec<String> = games
        .iter()
        .take(SHOWN)
        .map(|(a, b)| format!("{}-{}", a.0, b.0))
        .collect();
    if games.len() > SHOWN {
        s.push(format!("… ({} games)", games.len()));
    }
    s.join(", ")
}

fn rounds_text(by_round: &BTreeMap<usize, Vec<(PlayerId, PlayerId)>>) -> String {
    by_round
        .iter()
        .map(|(r, g)| format!("round {r} ({})", list(g)))
        .collect::<Vec<_>>()
        .join("; ")
}

fn warning(code: crate::diag::Code, msg: String) -> Diagnostic {
    Diagnostic::warning(
        code,
        Family::Engine,
        Location {
            field: Some("result".into()),
            ..Location::default()
        },
        msg,
    )
}

/// For TRF16 and TRF-2026: the warning that pending games are written with a
/// blank result, or `None` when there are none. Not a loss (the file reads back
/// the same), so [`super::write`] leaves it to the caller that converts.
pub fn blank_result_note(t: &Tournament, target_name: &str) -> Option<Diagnostic> {
    let by_round = pending_games(t);
    if by_round.is_empty() {
        return None;
    }
    Some(warning(
        codes::PENDING_NOT_PORTABLE,
        format!(
        "{target_name} has no result code for a game not yet played: {} written with a blank result \
         (full width); pairing engines such as bbpPairings refuse such a file (--to trfx leaves the round out)",
        rounds_text(&by_round)
    ),
    ))
}

/// For TRF(x) and TRF(bx): the tournament with the first round holding a pending
/// game turned back into the round to be paired (see the module text), and the
/// warning naming what was left out. `None` when there is no pending game.
pub fn for_engines(t: &Tournament, target_name: &str) -> Option<(Tournament, Diagnostic)> {
    let by_round = pending_games(t);
    let first = *by_round.keys().next()?;
    let last = t.rounds_recorded();
    let mut out = t.clone();
    let mut others = 0usize;
    for p in &mut out.players {
        if p.rounds.len() < first {
            continue;
        }
        let keep = match p.rounds[first - 1] {
            e @ (RoundEntry::Bye {
                bye: ByeKind::Half | ByeKind::Full | ByeKind::Zero,
            }
            | RoundEntry::Free) => Some(e),
            _ => None,
        };
        others += p.rounds[first - 1..]
            .iter()
            .enumerate()
            .filter(|(j, e)| {
                matches!(
                    e,
                    RoundEntry::Played { .. }
                        | RoundEntry::Unknown { .. }
                        | RoundEntry::Forfeit { .. }
                        | RoundEntry::Bye { .. }
                ) && !(*j == 0 && keep.is_some())
            })
            .count();
        p.rounds.truncate(first - 1);
        if let Some(e) = keep {
            p.rounds.push(e);
        }
        if p.points.is_some() {
            // The points of what is written: a source's points may or may not hold
            // the pending round's bye (Swiss-Manager leaves the PAB's point out until
            // the round is over), and bbpPairings checks them against the results.
            p.points = Some(t.score(p, None));
        }
    }
    let span = if last > first {
        format!("rounds {first}-{last} are")
    } else {
        format!("round {first} is")
    };
    let mut msg = format!(
        "{target_name} (for pairing engines) has no code for a game not yet played \
         (bbpPairings refuses a blank, ?, X or *): {span} left out, to be paired again, \
         with the games {}",
        rounds_text(&by_round)
    );
    if others > 0 {
        msg.push_str(&format!(
            " and {others} other entries (results, forfeits, byes) of those rounds"
        ));
    }
    msg.push_str(&format!(
        "; requested byes and absences of round {first} stay as its 0000 - H/F/Z marks \
         and every player's points are those of the rounds written \
         (write trf16 or trf26 to keep the pending games)"
    ));
    Some((out, warning(codes::CONVERSION_LOSS, msg)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::trf::{read, write, ReadOptions, Target, WriteOptions};

    /// Round 1 played (5 has the PAB); round 2 paired: 1-3 pending, 2-4 played,
    /// 5 on a requested half-point bye.
    const TRF: &str = "012 Pending\nXXR 3\n\
001    1      A, A                                                               1.0          2 w 1     3 w  \n\
001    2      B, B                                                               1.0          1 b 0     4 w 1\n\
001    3      C, C                                                               1.0          4 w 1     1 b  \n\
001    4      D, D                                                               0.0          3 b 0     2 b 0\n\
001    5      E, E                                                               1.5       0000 - U  0000 - H\n";

    fn tournament() -> Tournament {
        read(TRF.as_bytes(), &ReadOptions::default())
            .unwrap()
            .tournament
    }

    #[test]
    fn pending_games_are_listed_once_white_first() {
        let t = tournament();
        let g = pending_games(&t);
        assert_eq!(g.len(), 1);
        assert_eq!(g[&2], vec![(PlayerId(1), PlayerId(3))]);
    }

    #[test]
    fn engines_get_the_round_to_be_paired_again() {
        let t = tournament();
        let (e, d) = for_engines(&t, "TRF(x)").unwrap();
        assert!(d.message.contains("round 2 is left out"), "{}", d.message);
        assert!(d.message.contains("games round 2 (1-3)"), "{}", d.message);
        assert!(d.message.contains("2 other entries"), "{}", d.message);
        let p = |id: u32| e.players.iter().find(|p| p.id == PlayerId(id)).unwrap();
        // 1 and 2 keep round 1 only; 2's win in round 2 is left out, with its point.
        assert_eq!(p(1).rounds.len(), 1);
        assert_eq!(p(2).rounds.len(), 1);
        assert_eq!(p(2).points, Some(crate::model::Points::ZERO));
        // 5's requested half-point bye stays as the next round's mark.
        assert_eq!(p(5).points, Some(crate::model::Points::tenths(15)));
        assert_eq!(p(5).rounds[1], RoundEntry::Bye { bye: ByeKind::Half });
        let w = write(
            &e,
            &WriteOptions {
                target: Target::TrfX,
                ..WriteOptions::default()
            },
        );
        assert!(!w.text.contains("3 w  "), "{}", w.text);
    }

    /// Swiss-Manager writes the pending round's PAB without its point
    /// (`round3_paired.trf`): the points written are those of the rounds kept,
    /// never the source's points less the PAB (which gave -1.0).
    #[test]
    fn points_are_those_of_the_rounds_written() {
        let mut t = tournament();
        let five = t.players.iter_mut().find(|p| p.id == PlayerId(5)).unwrap();
        five.rounds[1] = RoundEntry::Bye {
            bye: ByeKind::PairingAllocated,
        };
        five.points = Some(crate::model::Points::tenths(10));
        let (e, _) = for_engines(&t, "TRF(bx)").unwrap();
        let five = e.players.iter().find(|p| p.id == PlayerId(5)).unwrap();
        assert_eq!(five.rounds.len(), 1);
        assert_eq!(five.points, Some(crate::model::Points::tenths(10)));
    }

    #[test]
    fn no_pending_no_change() {
        let mut t = tournament();
        for p in &mut t.players {
            p.rounds.truncate(1);
        }
        assert!(for_engines(&t, "TRF(x)").is_none());
        assert!(blank_result_note(&t, "TRF16").is_none());
    }

    #[test]
    fn trf16_keeps_the_pending_game_and_says_so() {
        let t = tournament();
        let d = blank_result_note(&t, "TRF16").unwrap();
        assert!(d.message.contains("round 2 (1-3)"), "{}", d.message);
    }
}
