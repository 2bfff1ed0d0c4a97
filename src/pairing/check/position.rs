//! Rebuilding the position before a round, and reading the round as recorded.
//!
//! A played tournament file holds every round. To check round `k` we need the
//! position the pairing program saw before pairing it: rounds `1..k-1` as
//! played, plus the entries of round `k` that were known *before* the pairing
//! (requested byes `H`/`F` and absences `Z` or blank), and nothing of round
//! `k`'s games, forfeits or pairing-allocated bye.

use crate::model::{
    entry_colour, game_sides, ByeKind, Color, PlayerId, Points, ResultSides, RoundEntry, Tournament,
};

/// Where the total number of rounds came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TotalRoundsSource {
    /// `XXR` / TRF-2026 `142`.
    File,
    /// Not in the file: the number of rounds with data was used (C.04.1 art. 1
    /// requires the number of rounds to be fixed in advance; the topscorer rules of
    /// the last round depend on it).
    RoundsRecorded,
}

/// Where the initial colour (E.5 / 5.2.5) came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum InitialColorSource {
    /// `XXC` / TRF-2026 `152`.
    File,
    /// The colour of the highest-ranked player of round 1 on a board whose
    /// colours are known, turned by the parity of their pairing number among
    /// the players of round 1 (C.04.3 (2017) E.5 / (2025) 5.2.5).
    InferredFromRound1,
    /// Nothing to infer from: White.
    Default,
}

/// The initial colour and where it came from: the engine's own
/// [`crate::pairing::dutch::initial_color`] (`XXC`/`152`, else inferred from
/// round 1, else White), so the check and the engine cannot disagree on it.
pub fn initial_color_source(t: &Tournament) -> (Color, InitialColorSource) {
    use crate::pairing::dutch::{initial_color, initial_color_from_round1};
    let source = if t.initial_color.is_some() {
        InitialColorSource::File
    } else if initial_color_from_round1(t).is_some() {
        InitialColorSource::InferredFromRound1
    } else {
        InitialColorSource::Default
    };
    (initial_color(t), source)
}

/// The tournament as it stood before round `round` was paired.
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    /// Rounds `1..round-1` as played, and the pre-set entries of `round`.
    pub tournament: Tournament,
    /// The round to be paired (1-based).
    pub round: u32,
    /// Number of rounds of the event.
    pub total_rounds: u32,
    /// Where `total_rounds` came from.
    pub total_rounds_source: TotalRoundsSource,
}

/// True for a round-`k` entry known before round `k` was paired: a requested
/// bye (`H`, `F`), a zero-point bye / absence (`Z`) or not paired at all.
pub(crate) fn is_preset(entry: &RoundEntry) -> bool {
    matches!(
        entry,
        RoundEntry::Bye {
            bye: ByeKind::Half | ByeKind::Full | ByeKind::Zero
        } | RoundEntry::NotPaired
    )
}

/// Rebuild the position before `round` (1-based) from a played tournament.
///
/// Every player keeps rounds `1..round-1` (shorter histories are padded with
/// `NotPaired`, which is what a missing entry means) and gets an entry for
/// `round` only if it was pre-set: `H`, `F`, `Z` or not paired (including a
/// player with no data for that round while others have, e.g. after
/// withdrawing). For the round after the last recorded one, players without
/// an entry are to be paired. Players
/// who were paired in `round` (game, forfeit, pending game, PAB) have no entry
/// for it, so the engine pairs them. Declared points are recomputed from the
/// kept entries. The initial colour (from the file, else inferred from round
/// 1 as played) is made explicit.
///
/// Returns `None` when `round` is 0.
pub fn position_before(t: &Tournament, round: u32) -> Option<Position> {
    let k = usize::try_from(round).ok()?.checked_sub(1)?;
    let (total_rounds, total_rounds_source) = match t.total_rounds {
        Some(n) => (n, TotalRoundsSource::File),
        None => (
            // Byes pre-set for rounds not yet paired show that the event
            // has those rounds too: the assumed count covers them.
            u32::try_from(t.rounds_listed()).unwrap_or(u32::MAX),
            TotalRoundsSource::RoundsRecorded,
        ),
    };
    // A round beyond the recorded ones is the next round to pair: a player
    // without an entry for it is present. Within the recorded rounds, a player
    // without an entry was not paired.
    let recorded = k < t.rounds_recorded();
    let mut pos = t.clone();
    for p in &mut pos.players {
        let this = p.rounds.get(k).copied();
        let mut rounds: Vec<RoundEntry> = p.rounds.iter().take(k).copied().collect();
        rounds.resize(k, RoundEntry::NotPaired);
        match this {
            Some(e) if is_preset(&e) => rounds.push(e),
            None if recorded => rounds.push(RoundEntry::NotPaired),
            _ => {}
        }
        p.rounds = rounds;
    }
    let scores: Vec<Points> = pos.players.iter().map(|p| pos.score(p, None)).collect();
    for (p, s) in pos.players.iter_mut().zip(scores) {
        p.points = Some(s);
    }
    pos.total_rounds = Some(total_rounds.max(round));
    // The initial colour was drawn before round 1; the engine cannot infer it
    // from a position without round 1, so carry it over.
    pos.initial_color = Some(initial_color_source(t).0);
    Some(Position {
        tournament: pos,
        round,
        total_rounds: total_rounds.max(round),
        total_rounds_source,
    })
}

/// How a recorded board ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BoardKind {
    /// A game played with a result.
    Played,
    /// Result unknown (`?`/`X`): still a game on the board.
    Unknown,
    /// Paired, result not entered yet (a published pairing).
    Pending,
    /// One or both players did not appear.
    Forfeit,
}

/// One pair of round `k` as recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct RecordedBoard {
    /// White and Black when the colours are known; otherwise the lower and the
    /// higher pairing number.
    pub white: PlayerId,
    /// Black, or the higher pairing number when the colours are not known.
    pub black: PlayerId,
    /// False for forfeits or pending games written without a colour.
    pub colours_known: bool,
    /// Played, unknown result, pending or forfeited.
    pub kind: BoardKind,
}

impl RecordedBoard {
    /// Whether `p` plays on this board.
    pub fn has(&self, p: PlayerId) -> bool {
        self.white == p || self.black == p
    }
    /// The opponent of `p` on this board; `None` when `p` does not play on it.
    pub fn opponent_of(&self, p: PlayerId) -> Option<PlayerId> {
        if self.white == p {
            Some(self.black)
        } else if self.black == p {
            Some(self.white)
        } else {
            None
        }
    }
}

/// A player who was not paired in round `k`, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Unpaired {
    /// The player.
    pub player: PlayerId,
    /// `None`: not paired and no bye recorded (blank, or no data for the round).
    pub bye: Option<ByeKind>,
}

/// A round-`k` record that does not describe a consistent pairing.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Inconsistency {
    /// `player` names `opponent`, who does not exist.
    UnknownOpponent {
        /// The player whose entry names the opponent.
        player: PlayerId,
        /// The starting number named, which no player has.
        opponent: PlayerId,
    },
    /// `player` is recorded as playing against themself.
    SelfPaired {
        /// The player.
        player: PlayerId,
    },
    /// `player` names `opponent`, whose entry for the round names someone else or nobody.
    NotReciprocated {
        /// The player whose entry names the opponent.
        player: PlayerId,
        /// The opponent named.
        opponent: PlayerId,
        /// Whom the opponent's entry names instead (`None`: nobody).
        opponent_has: Option<PlayerId>,
    },
    /// Both players of a board recorded with the same colour.
    SameColour {
        /// The board's first player (the one listed as White).
        white: PlayerId,
        /// The board's second player.
        black: PlayerId,
        /// The colour both entries record.
        colour: Color,
    },
    /// The two sides of a board do not describe the same kind of game or a
    /// possible result (e.g. a win against a win, a played game against a forfeit).
    ResultMismatch {
        /// One player of the board.
        a: PlayerId,
        /// The other player of the board.
        b: PlayerId,
    },
    /// Two entries for the same player id.
    DuplicatePlayer {
        /// The starting number given twice.
        player: PlayerId,
    },
}

impl Inconsistency {
    /// One line for people, naming the players.
    pub(crate) fn describe(&self) -> String {
        match self {
            Inconsistency::UnknownOpponent { player, opponent } => {
                format!("player {player} is recorded against player {opponent}, who is not in the file")
            }
            Inconsistency::SelfPaired { player } => {
                format!("player {player} is recorded as their own opponent")
            }
            Inconsistency::NotReciprocated {
                player,
                opponent,
                opponent_has: Some(o),
            } => format!(
                "player {player} is recorded against player {opponent}, but player {opponent} is recorded against player {o}"
            ),
            Inconsistency::NotReciprocated {
                player,
                opponent,
                opponent_has: None,
            } => format!(
                "player {player} is recorded against player {opponent}, but player {opponent} has no opponent in this round"
            ),
            Inconsistency::SameColour {
                white,
                black,
                colour,
            } => format!(
                "players {white} and {black} are both recorded with {}",
                colour_word(*colour)
            ),
            Inconsistency::ResultMismatch { a, b } => format!(
                "the results of players {a} and {b} against each other do not match"
            ),
            Inconsistency::DuplicatePlayer { player } => {
                format!("pairing number {player} is used by more than one player")
            }
        }
    }
}

pub(crate) fn colour_word(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Round `k` as recorded in the file.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct RecordedRound {
    /// The round (1-based).
    pub round: u32,
    /// Pairs, in the order their first player appears in the player list
    /// (board order is recomputed by the renderer).
    pub boards: Vec<RecordedBoard>,
    /// Players given the pairing-allocated bye (`U`); more than one is illegal.
    pub pab: Vec<PlayerId>,
    /// Players not paired: pre-set byes and absences.
    pub unpaired: Vec<Unpaired>,
    /// Records that do not form a consistent pairing.
    pub inconsistencies: Vec<Inconsistency>,
}

fn board_kind(a: &RoundEntry, b: &RoundEntry) -> Option<BoardKind> {
    if game_sides(a, b).result == ResultSides::Clash {
        return None;
    }
    Some(match (a, b) {
        (RoundEntry::Played { .. }, RoundEntry::Played { .. }) => BoardKind::Played,
        (RoundEntry::Pending { .. }, _) => BoardKind::Pending,
        (RoundEntry::Forfeit { .. }, _) => BoardKind::Forfeit,
        // Unknown on one side (any result on the other) or both.
        _ => BoardKind::Unknown,
    })
}

/// Extract round `round` (1-based) as recorded: its pairs with colours, the
/// PAB, the players not paired, and every record that contradicts another.
pub fn recorded_round(t: &Tournament, round: u32) -> RecordedRound {
    let mut rec = RecordedRound {
        round,
        ..RecordedRound::default()
    };
    let Some(r) = usize::try_from(round).ok().filter(|r| *r >= 1) else {
        return rec;
    };
    let mut seen = std::collections::BTreeSet::new();
    for p in &t.players {
        if !seen.insert(p.id) {
            rec.inconsistencies
                .push(Inconsistency::DuplicatePlayer { player: p.id });
        }
    }
    let mut done = std::collections::BTreeSet::new();
    for p in &t.players {
        let e = p.round(r);
        match e {
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            } => rec.pab.push(p.id),
            RoundEntry::Bye { bye } => rec.unpaired.push(Unpaired {
                player: p.id,
                bye: Some(bye),
            }),
            RoundEntry::NotPaired => rec.unpaired.push(Unpaired {
                player: p.id,
                bye: None,
            }),
            _ => {
                let Some(o) = e.opponent() else { continue };
                if o == p.id {
                    rec.inconsistencies
                        .push(Inconsistency::SelfPaired { player: p.id });
                    continue;
                }
                let Some(op) = t.player(o) else {
                    rec.inconsistencies.push(Inconsistency::UnknownOpponent {
                        player: p.id,
                        opponent: o,
                    });
                    continue;
                };
                let oe = op.round(r);
                if oe.opponent() != Some(p.id) {
                    rec.inconsistencies.push(Inconsistency::NotReciprocated {
                        player: p.id,
                        opponent: o,
                        opponent_has: oe.opponent(),
                    });
                    continue;
                }
                let key = (p.id.min(o), p.id.max(o));
                if !done.insert(key) {
                    continue;
                }
                let Some(kind) = board_kind(&e, &oe) else {
                    rec.inconsistencies
                        .push(Inconsistency::ResultMismatch { a: key.0, b: key.1 });
                    continue;
                };
                let (ca, cb) = (entry_colour(&e), entry_colour(&oe));
                let board = match (ca, cb) {
                    (Some(x), Some(y)) if x == y => {
                        rec.inconsistencies.push(Inconsistency::SameColour {
                            white: key.0,
                            black: key.1,
                            colour: x,
                        });
                        continue;
                    }
                    (Some(Color::White), _) | (_, Some(Color::Black)) => RecordedBoard {
                        white: p.id,
                        black: o,
                        colours_known: true,
                        kind,
                    },
                    (Some(Color::Black), _) | (_, Some(Color::White)) => RecordedBoard {
                        white: o,
                        black: p.id,
                        colours_known: true,
                        kind,
                    },
                    (None, None) => RecordedBoard {
                        white: key.0,
                        black: key.1,
                        colours_known: false,
                        kind,
                    },
                };
                rec.boards.push(board);
            }
        }
    }
    rec
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Outcome;
    use crate::pairing::check::test_support::{game, tournament};

    fn four_players() -> Tournament {
        use Color::*;
        use Outcome::*;
        let rounds = [
            vec![game(3, White, Win), game(2, Black, Draw)],
            vec![game(4, White, Win), game(1, White, Draw)],
            vec![game(1, Black, Loss), RoundEntry::Bye { bye: ByeKind::Half }],
            vec![
                game(2, Black, Loss),
                RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated,
                },
            ],
        ];
        tournament(rounds.into())
    }

    #[test]
    fn position_keeps_preset_byes_and_drops_games_and_pab() {
        let t = four_players();
        let pos = position_before(&t, 2).unwrap();
        assert_eq!(pos.total_rounds, 2);
        assert_eq!(pos.total_rounds_source, TotalRoundsSource::RoundsRecorded);
        let p = &pos.tournament.players;
        // Players 1, 2 played in round 2, 4 got the PAB: no round-2 entry.
        assert_eq!(p[0].rounds.len(), 1);
        assert_eq!(p[1].rounds.len(), 1);
        assert_eq!(p[3].rounds.len(), 1);
        // Player 3's half-point bye was requested before the pairing.
        assert_eq!(p[2].rounds.len(), 2);
        assert_eq!(p[2].rounds[1], RoundEntry::Bye { bye: ByeKind::Half });
        assert_eq!(p[2].points, Some(Points(5)));
        assert_eq!(p[0].points, Some(Points(10)));
    }

    #[test]
    fn position_marks_players_without_data_absent() {
        let mut t = four_players();
        t.total_rounds = Some(5);
        t.players[3].rounds.truncate(1);
        let pos = position_before(&t, 2).unwrap();
        assert_eq!(pos.total_rounds, 5);
        assert_eq!(pos.tournament.players[3].rounds[1], RoundEntry::NotPaired);
        assert!(position_before(&t, 0).is_none());
    }

    #[test]
    fn recorded_round_reads_pairs_colours_and_pab() {
        let t = four_players();
        let r = recorded_round(&t, 2);
        assert!(r.inconsistencies.is_empty(), "{:?}", r.inconsistencies);
        assert_eq!(r.pab, vec![PlayerId(4)]);
        assert_eq!(r.boards.len(), 1);
        assert_eq!(r.boards[0].white, PlayerId(2));
        assert_eq!(r.boards[0].black, PlayerId(1));
        assert_eq!(
            r.unpaired,
            vec![Unpaired {
                player: PlayerId(3),
                bye: Some(ByeKind::Half)
            }]
        );
    }

    #[test]
    fn recorded_round_flags_asymmetric_records() {
        let mut t = four_players();
        // Player 4 claims to have played 1 in round 2, but 1 played 2.
        t.players[3].rounds[1] = game(1, Color::White, Outcome::Win);
        t.players[1].rounds[1] = game(1, Color::Black, Outcome::Draw);
        let r = recorded_round(&t, 2);
        assert!(r.inconsistencies.contains(&Inconsistency::NotReciprocated {
            player: PlayerId(4),
            opponent: PlayerId(1),
            opponent_has: Some(PlayerId(2)),
        }));
        assert!(r.inconsistencies.contains(&Inconsistency::SameColour {
            white: PlayerId(1),
            black: PlayerId(2),
            colour: Color::Black,
        }));
        t.players[1].rounds[1] = game(1, Color::White, Outcome::Win);
        let r = recorded_round(&t, 2);
        assert!(r.inconsistencies.contains(&Inconsistency::ResultMismatch {
            a: PlayerId(1),
            b: PlayerId(2)
        }));
    }

    /// One round: player `i + 1` has the entry `r1[i]`.
    fn round_1(r1: Vec<RoundEntry>) -> Tournament {
        tournament(r1.into_iter().map(|e| vec![e]).collect())
    }

    fn draw(o: u32, c: Color) -> RoundEntry {
        game(o, c, Outcome::Draw)
    }

    /// Player 1 sits out round 1 (`Z`); of the four players taking part, 2
    /// (first, odd) plays White against 4 and 3 (second, even) Black against 5:
    /// the initial colour is White. A literal reading of 2's number (even)
    /// would give Black.
    #[test]
    fn initial_colour_counts_the_players_of_round_1() {
        use Color::*;
        let t = round_1(vec![
            RoundEntry::Bye { bye: ByeKind::Zero },
            draw(4, White),
            draw(5, Black),
            draw(2, Black),
            draw(3, White),
        ]);
        assert_eq!(crate::pairing::dutch::initial_color(&t), White);
        assert_eq!(
            initial_color_source(&t),
            (White, InitialColorSource::InferredFromRound1)
        );
        // The same with XXC Black: the file wins.
        let mut x = t.clone();
        x.initial_color = Some(Black);
        assert_eq!(initial_color_source(&x), (Black, InitialColorSource::File));
        // Board 2-4 forfeited without colours: board 3-5 decides, 3 is the
        // second player of round 1 and has Black, so the initial colour is
        // still White (the old inference took 3's own colour, Black).
        let mut f = t.clone();
        f.players[1].rounds[0] = RoundEntry::Forfeit {
            opponent: PlayerId(4),
            color: None,
            won: true,
        };
        f.players[3].rounds[0] = RoundEntry::Forfeit {
            opponent: PlayerId(2),
            color: None,
            won: false,
        };
        assert_eq!(crate::pairing::dutch::initial_color(&f), White);
        // No board with colours at all: White by default.
        let none = round_1(vec![RoundEntry::Bye { bye: ByeKind::Zero }; 3]);
        assert_eq!(
            initial_color_source(&none),
            (White, InitialColorSource::Default)
        );
    }
}
