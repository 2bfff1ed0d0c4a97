//! The FIDE Dutch system (C.04.3), editions 2017 and 2025.
//!
//! - `dutch-2017`: handbook.fide.com/chapter/C0403Till2025, in force from
//!   1 July 2017 to 31 January 2026 (criteria C.1-C.19).
//! - `dutch-2025`: handbook.fide.com/chapter/C0403202507 / C0403202602,
//!   applied from 1 February 2026 (criteria \[C1\]-\[C21\]).
//!
//! [`pair_round`] pairs one round of a [`Tournament`]: [`prepare`] builds
//! each player's state ([`state`]), the engine ([`engine`]) pairs the
//! brackets that `walk` cuts, on the criteria ladder of [`criteria`] solved
//! as one lexicographic matching per bracket (`solve`, `complete` for the
//! completion tests), and `colour` allocates the colours. [`evaluate`]
//! walks the same brackets to explain any pairing criterion by criterion.

pub(crate) mod colour;
pub(crate) mod complete;
pub mod criteria;
pub mod engine;
pub mod evaluate;
mod input;
pub(crate) mod solve;
pub mod state;
mod walk;

use std::collections::HashSet;
use std::fmt;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::model::{
    Acceleration, ByeKind, Color, Player, PlayerId, Points, RoundEntry, Tournament,
};
pub use input::Input;
use state::PlayerState;

/// Which text of C.04.3 to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DutchEdition {
    /// In force 1 July 2017 - 31 January 2026 (bbpPairings v5.0.1).
    #[serde(rename = "dutch-2017")]
    Dutch2017,
    /// In force from 1 February 2026 (bbpPairings v6.0.0).
    #[serde(rename = "dutch-2025")]
    Dutch2025,
}

impl DutchEdition {
    /// The edition's name as the command line and profiles write it (`dutch-2017`, `dutch-2025`).
    pub fn name(self) -> &'static str {
        match self {
            DutchEdition::Dutch2017 => "dutch-2017",
            DutchEdition::Dutch2025 => "dutch-2025",
        }
    }

    /// The edition of a name (`dutch-2017`; `dutch-2025` or `dutch-2026` for the 2026 rules).
    pub fn from_name(s: &str) -> Option<DutchEdition> {
        match s {
            "dutch-2017" => Some(DutchEdition::Dutch2017),
            "dutch-2025" | "dutch-2026" => Some(DutchEdition::Dutch2025),
            _ => None,
        }
    }

    /// The handbook page of the edition.
    pub fn source(self) -> &'static str {
        match self {
            DutchEdition::Dutch2017 => "handbook.fide.com/chapter/C0403Till2025",
            DutchEdition::Dutch2025 => "handbook.fide.com/chapter/C0403202602",
        }
    }
}

impl fmt::Display for DutchEdition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Options of [`pair_round`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PairOptions {
    /// The edition; chosen by [`select_edition`] when `None`.
    pub edition: Option<DutchEdition>,
    /// The round to pair (1-based); the next round when `None`.
    pub round: Option<u32>,
    /// Total rounds (overrides `XXR`/`142`); needed for topscorers.
    pub total_rounds: Option<u32>,
}

options!(PairOptions { edition: Option<DutchEdition>, round: Option<u32>, total_rounds: Option<u32> });

/// One board: white and black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Starting rank of the player with White.
    pub white: PlayerId,
    /// Starting rank of the player with Black.
    pub black: PlayerId,
}

/// A paired round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The edition of the Dutch rules (C.04.3) used.
    pub edition: DutchEdition,
    /// Why this edition was used.
    pub edition_reason: String,
    /// The round paired (1-based).
    pub round: u32,
    /// Boards in FIDE board order (C.04.2 (2026) art. 3.6).
    pub boards: Vec<Board>,
    /// The pairing-allocated bye.
    pub bye: Option<PlayerId>,
    /// Players not paired this round (pre-set byes, absences, withdrawals).
    pub not_paired: Vec<PlayerId>,
}

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PairError {
    /// No pairing satisfies the absolute criteria.
    NoLegalPairing {
        /// What stands in the way (which players or criterion), in words.
        obstacle: String,
    },
    /// The request does not fit the tournament (round out of range ...).
    InvalidRequest(String),
    /// The engine cannot handle this input (a graph whose packed criteria
    /// weights exceed the widest integer of the matching solver).
    Unsupported(String),
    /// The file is not ready for its next round to be paired (an unfinished
    /// round, points without games, ...: [`crate::pairing::ready`]).
    NotReady(crate::pairing::ready::NotReady),
}

impl fmt::Display for PairError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairError::NoLegalPairing { obstacle } => write!(f, "no legal pairing: {obstacle}"),
            PairError::InvalidRequest(s) => write!(f, "invalid request: {s}"),
            PairError::Unsupported(s) => write!(f, "unsupported: {s}"),
            PairError::NotReady(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PairError {}

impl From<PairError> for crate::Error {
    fn from(e: PairError) -> crate::Error {
        use crate::diag::codes;
        let code = match &e {
            PairError::NoLegalPairing { .. } => codes::NO_LEGAL_PAIRING,
            PairError::InvalidRequest(_) => codes::INVALID_OPTION,
            PairError::Unsupported(_) => codes::UNSUPPORTED,
            PairError::NotReady(n) => return crate::Error::from(n.clone()),
        };
        crate::error::engine(code, e.to_string())
    }
}

/// The date from which the 2025 edition applies.
fn cutover() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 2, 1).unwrap_or_default()
}

/// Choose the edition: the option, else the file's system code (TRF-2026
/// `192`, bbpPairings' `092`), else the start date (`042`, else the first
/// round date) against 1 February 2026, else the 2025 edition.
pub fn select_edition(t: &Tournament, opts: &PairOptions) -> (DutchEdition, String) {
    if let Some(e) = opts.edition {
        return (e, format!("{} requested", e.name()));
    }
    for (code, rec) in [
        (&t.info.system_code, "192"),
        (&t.info.tournament_type, "092"),
    ] {
        let up = code.to_ascii_uppercase();
        if up.contains("DUTCH") {
            if up.contains("2025") || up.contains("2026") {
                return (
                    DutchEdition::Dutch2025,
                    format!("system code {:?} in record {rec}", code.trim()),
                );
            }
            if up.contains("2017") {
                return (
                    DutchEdition::Dutch2017,
                    format!("system code {:?} in record {rec}", code.trim()),
                );
            }
        }
    }
    let date = t
        .info
        .start_date
        .map(|d| (d, "start date (042)"))
        .or_else(|| {
            t.info
                .round_dates
                .iter()
                .flatten()
                .next()
                .map(|d| (*d, "first round date (132)"))
        });
    if let Some((d, what)) = date {
        return if d < cutover() {
            (
                DutchEdition::Dutch2017,
                format!("{what} {d} is before 2026-02-01"),
            )
        } else {
            (
                DutchEdition::Dutch2025,
                format!("{what} {d} is on or after 2026-02-01"),
            )
        };
    }
    (
        DutchEdition::Dutch2025,
        "no system code or date in the file: the edition in force now".to_string(),
    )
}

/// The first round without any pairing recorded
/// ([`Tournament::rounds_recorded`] + 1).
pub fn next_round(t: &Tournament) -> u32 {
    u32::try_from(t.rounds_recorded())
        .unwrap_or(u32::MAX)
        .saturating_add(1)
}

/// The initial colour: the colour that E.5 / 5.2.5 gives to the higher-ranked
/// player of a pair when their pairing number is odd (C.04.3 (2017) E.5,
/// (2025) art. 5.2.5; drawn by lot before round 1).
///
/// `XXC`/`152` when the file gives it. Otherwise it is inferred from round 1,
/// where no player has a colour history and E.5 decides every board: take the
/// board (colours known: a game, an unknown result, a published pairing or a
/// forfeit with its scheduled colour) whose higher-ranked player ranks
/// highest, and turn that player's colour by the parity of their pairing
/// number. The pairing number is counted as the engine counts it for E.5
/// (`effective_numbers`): the position among the players taking part in
/// round 1, so a player 1 absent from round 1 makes player 2 the first.
/// Without any such board: White.
pub fn initial_color(t: &Tournament) -> Color {
    t.initial_color
        .or_else(|| initial_color_from_round1(t))
        .unwrap_or(Color::White)
}

/// The inference of [`initial_color`] from round 1 alone, ignoring `XXC`;
/// `None` when round 1 has no board with known colours.
pub(crate) fn initial_color_from_round1(t: &Tournament) -> Option<Color> {
    let mut participants: Vec<&Player> = t
        .players
        .iter()
        .filter(|p| {
            !matches!(
                p.rounds.first(),
                Some(RoundEntry::NotPaired)
                    | Some(RoundEntry::Bye {
                        bye: ByeKind::Half | ByeKind::Full | ByeKind::Zero
                    })
            )
        })
        .collect();
    participants.sort_by_key(|p| p.id);
    let numbers = effective_numbers(t, &participants, 1);
    // Round 1 pairing score: the acceleration of round 1 (everyone has 0 points).
    let acc = |id: PlayerId| {
        t.accelerations
            .iter()
            .find(|a| a.player == id)
            .and_then(|a| a.points.first().copied())
            .unwrap_or_default()
    };
    let colour_of = |e: &RoundEntry| match *e {
        RoundEntry::Played { color, .. } | RoundEntry::Unknown { color, .. } => Some(color),
        RoundEntry::Pending { color, .. } | RoundEntry::Forfeit { color, .. } => color,
        _ => None,
    };
    let mut best: Option<((std::cmp::Reverse<Points>, PlayerId), Color)> = None;
    for (p, &n) in participants.iter().zip(&numbers) {
        let entry = p.round(1);
        let (Some(c), Some(opp)) = (colour_of(&entry), entry.opponent()) else {
            continue;
        };
        // Only the higher-ranked player of the board (higher pairing score,
        // then lower pairing number) carries the E.5 decision.
        if (std::cmp::Reverse(acc(opp)), opp) < (std::cmp::Reverse(acc(p.id)), p.id) {
            continue;
        }
        let rank = (std::cmp::Reverse(acc(p.id)), p.id);
        if best.is_some_and(|(r, _)| r <= rank) {
            continue;
        }
        // 0-based even = 1-based odd: the initial colour itself.
        best = Some((rank, if n % 2 == 0 { c } else { c.opposite() }));
    }
    best.map(|(_, c)| c)
}

/// Baku acceleration (C.04.5.1, 2016 text / C.04.7 (2026)): the first
/// 2*ceil(N/4) players (group A) get 1 virtual point in the first half of the
/// accelerated rounds and 1/2 in the rest; accelerated rounds = ceil(R/2).
fn baku(t: &Tournament, total: u32) -> Vec<Acceleration> {
    let n = t.players.len() as u32;
    let ga = 2 * n.div_ceil(4);
    let acc = total.div_ceil(2);
    let full = acc.div_ceil(2);
    let mut ids: Vec<PlayerId> = t.players.iter().map(|p| p.id).collect();
    ids.sort();
    ids.iter()
        .take(ga as usize)
        .map(|&id| Acceleration {
            player: id,
            points: (1..=acc)
                .map(|r| {
                    if r <= full {
                        t.scoring.win
                    } else {
                        t.scoring.draw
                    }
                })
                .collect(),
        })
        .collect()
}

/// Effective pairing numbers (0-based) of the participants of round `r`:
/// their position, in pairing-number order, among the players who take part
/// in this round or were paired in an earlier one. Players who have not yet
/// entered (absent from every round so far) are not numbered; this is the
/// convention of bbpPairings for the E.5 / 5.2.5 parity.
pub(crate) fn effective_numbers(t: &Tournament, participants: &[&Player], r: usize) -> Vec<usize> {
    let mut numbered: Vec<PlayerId> = t
        .players
        .iter()
        .filter(|p| {
            participants.iter().any(|q| q.id == p.id)
                || p.rounds.iter().take(r - 1).any(RoundEntry::is_pairing)
        })
        .map(|p| p.id)
        .collect();
    numbered.sort();
    participants
        .iter()
        .map(|p| numbered.binary_search(&p.id).unwrap_or(0))
        .collect()
}

/// Everything the engine needs for one round, built from the tournament.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// The edition of the Dutch rules (C.04.3) in force for the round.
    pub edition: DutchEdition,
    /// Why this edition was chosen (given, or the round's dates).
    pub edition_reason: String,
    /// The round to pair (1-based).
    pub round: u32,
    /// The players taking part, in pairing-number order.
    pub states: Vec<PlayerState>,
    /// Forbidden pairs active this round (both orders).
    pub forbidden: HashSet<(PlayerId, PlayerId)>,
    /// The colour of the first-ranked player in round 1.
    pub initial: Color,
    /// Players not paired this round (pre-set byes, absences, withdrawals).
    pub not_paired: Vec<PlayerId>,
}

impl Prepared {
    /// The engine's view of the round.
    pub fn input(&self) -> Input<'_> {
        Input {
            players: &self.states,
            edition: self.edition,
            initial: self.initial,
            forbidden: &self.forbidden,
            one_point: Points::ONE,
        }
    }
}

/// Build the state before round `opts.round` (default: the next round).
pub fn prepare(t: &Tournament, opts: &PairOptions) -> Result<Prepared, PairError> {
    let (edition, edition_reason) = select_edition(t, opts);
    let round = opts.round.unwrap_or_else(|| next_round(t));
    if round == 0 {
        return Err(PairError::InvalidRequest("round 0 does not exist".into()));
    }
    let total_rounds = opts.total_rounds.or(t.total_rounds);
    if let Some(tr) = total_rounds {
        if round > tr {
            return Err(PairError::InvalidRequest(format!(
                "round {round} is beyond the {tr} rounds of the tournament"
            )));
        }
    }
    let mut owned;
    let mut t = t;
    let code = format!("{} {}", t.info.system_code, t.info.tournament_type).to_ascii_uppercase();
    if code.contains("BAKU") && t.accelerations.is_empty() {
        if let Some(tr) = total_rounds {
            owned = t.clone();
            owned.accelerations = baku(t, tr);
            t = &owned;
        }
    }
    let r = round as usize;
    let mut players: Vec<&Player> = t.players.iter().collect();
    players.sort_by_key(|p| p.id);
    let mut not_paired = Vec::new();
    let mut participants = Vec::new();
    for p in players {
        match p.rounds.get(r - 1) {
            Some(RoundEntry::Bye { bye }) if *bye != ByeKind::PairingAllocated => {
                not_paired.push(p.id)
            }
            Some(RoundEntry::NotPaired) => not_paired.push(p.id),
            _ => participants.push(p),
        }
    }
    let numbers = effective_numbers(t, &participants, r);
    let states = state::build(t, &participants, &numbers, r, total_rounds, edition);
    let mut forbidden = HashSet::new();
    for fp in &t.forbidden_pairs {
        let active =
            fp.first_round.is_none_or(|f| round >= f) && fp.last_round.is_none_or(|l| round <= l);
        if active {
            for a in &fp.players {
                for b in &fp.players {
                    if a != b {
                        forbidden.insert((*a, *b));
                    }
                }
            }
        }
    }
    Ok(Prepared {
        edition,
        edition_reason,
        round,
        states,
        forbidden,
        initial: initial_color(t),
        not_paired,
    })
}

/// [`crate::pairing::ready::ready`], then [`pair_round`]: the next round of
/// a file, or why it cannot be paired yet ([`PairError::NotReady`]: an
/// unfinished round, points without games, a pre-set pairing-allocated bye,
/// a team event, errors in `diagnostics` that leave no position to pair).
/// `at` locates the refusal in the file `t` was read from.
pub fn pair_next(
    t: &Tournament,
    at: &dyn crate::diag::Locator,
    opts: &PairOptions,
    diagnostics: &[crate::diag::Diagnostic],
) -> Result<Pairing, PairError> {
    use crate::pairing::ready::{ready, ReadyOptions};
    let r = ReadyOptions {
        round: opts.round,
        round_robin: false,
        diagnostics,
        team: false,
    };
    ready(t, at, &r).map_err(PairError::NotReady)?;
    pair_round(t, opts)
}

/// Pair round `opts.round` (default: the next round) of `t`.
///
/// It pairs the position as it is given; [`pair_next`] first refuses a file
/// whose next round cannot be paired yet.
///
/// ```
/// use chess_arbiter::formats::trf;
/// use chess_arbiter::{pair_round, PairOptions, PlayerId};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let text = "\
/// 012 Club championship
/// 142 5
/// 001    1      Player 0001                       2591                             0.0
/// 001    2      Player 0002                       2229                             0.0
/// 001    3      Player 0003                       1840                             0.0
/// 001    4      Player 0004                       1752                             0.0
/// 001    5      Player 0005                       1572                             0.0
/// ";
/// let t = trf::read(text.as_bytes(), &trf::ReadOptions::default())?.tournament;
/// let p = pair_round(&t, &PairOptions::default())?;
/// assert_eq!(p.round, 1);
/// // C.04.3: the top half meets the bottom half; the odd player out, the
/// // lowest, gets the pairing-allocated bye.
/// let mut pairs: Vec<[u32; 2]> = p
///     .boards
///     .iter()
///     .map(|b| {
///         let mut pair = [b.white.0, b.black.0];
///         pair.sort();
///         pair
///     })
///     .collect();
/// pairs.sort();
/// assert_eq!(pairs, [[1, 3], [2, 4]]);
/// assert_eq!(p.bye, Some(PlayerId(5)));
/// # Ok(())
/// # }
/// ```
pub fn pair_round(t: &Tournament, opts: &PairOptions) -> Result<Pairing, PairError> {
    let prep = prepare(t, opts)?;
    let inp = prep.input();
    let (states, initial) = (&prep.states, prep.initial);
    let raw = engine::pair(&inp).map_err(|e| match e {
        engine::EngineError::NoLegalPairing(obstacle) => PairError::NoLegalPairing { obstacle },
        engine::EngineError::TooLarge(n) => PairError::Unsupported(format!(
            "the criteria weights of a graph of {n} players are too wide for the matching solver"
        )),
    })?;
    let pairs: Vec<(usize, usize)> = raw.pairs;
    let mut boards: Vec<Board> = pairs
        .iter()
        .map(|&(a, b)| {
            let (pa, pb) = (&states[a], &states[b]);
            if colour::color_of(pa, pb, initial) == Color::White {
                Board {
                    white: pa.id,
                    black: pb.id,
                }
            } else {
                Board {
                    white: pb.id,
                    black: pa.id,
                }
            }
        })
        .collect();
    // C.04.2 (2026) art. 3.6: by real scores, not the pairing scores of an
    // accelerated round; the one copy of the rule, shared with the check and
    // the site.
    crate::model::sort_boards(t, prep.round, &mut boards, |b| (b.white, b.black));
    let pairing = Pairing {
        edition: prep.edition,
        edition_reason: prep.edition_reason.clone(),
        round: prep.round,
        boards,
        bye: raw.bye.map(|i| states[i].id),
        not_paired: prep.not_paired.clone(),
    };
    check_absolute(states, &prep.forbidden, &pairing).map_err(|obstacle| {
        PairError::NoLegalPairing {
            obstacle: format!("internal check failed: {obstacle}"),
        }
    })?;
    Ok(pairing)
}

/// Independent check of the absolute criteria on a finished pairing:
/// everyone present paired exactly once or given the single PAB, C1 (no
/// rematch), C2 (PAB eligibility), C3 (absolute colour preferences),
/// forbidden pairs.
fn check_absolute(
    states: &[PlayerState],
    forbidden: &HashSet<(PlayerId, PlayerId)>,
    p: &Pairing,
) -> Result<(), String> {
    let by_id = |id: PlayerId| states.iter().find(|s| s.id == id);
    let mut seen: HashSet<PlayerId> = HashSet::new();
    for b in &p.boards {
        for id in [b.white, b.black] {
            if !seen.insert(id) {
                return Err(format!("player {id} is paired twice"));
            }
        }
        let (Some(w), Some(k)) = (by_id(b.white), by_id(b.black)) else {
            return Err(format!(
                "board {}-{} has a player not taking part",
                b.white, b.black
            ));
        };
        if w.opponents.contains(&k.id) {
            return Err(format!("{} and {} have already played (C1)", w.id, k.id));
        }
        if forbidden.contains(&(w.id, k.id)) {
            return Err(format!("{} and {} are a forbidden pair", w.id, k.id));
        }
        for (s, c) in [(w, Color::White), (k, Color::Black)] {
            if let Some(pref) = s.preference {
                if pref.strength == state::Strength::Absolute
                    && pref.color != c
                    && !w.topscorer
                    && !k.topscorer
                {
                    return Err(format!(
                        "{} gets {c:?} against an absolute preference (C3)",
                        s.id
                    ));
                }
            }
        }
    }
    if let Some(bye) = p.bye {
        if !seen.insert(bye) {
            return Err(format!("player {bye} is paired and has the bye"));
        }
        match by_id(bye) {
            Some(s) if s.bye_eligible => {}
            _ => return Err(format!("player {bye} may not receive the PAB (C2)")),
        }
    }
    if seen.len() != states.len() {
        return Err(format!(
            "{} of {} players are paired",
            seen.len(),
            states.len()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
