//! Random tournament generation (the RTG of C.04.A): players with random
//! ratings, absences, requested byes, withdrawals and late entries, each round
//! paired by a pairing engine and its results drawn from the FIDE expected
//! score of the rating difference. Deterministic for a seed.

use crate::model::random::Seeded as Rng;
use crate::model::{
    Acceleration, ByeKind, Color, ExtraRecord, Outcome, Player, PlayerId, PointSystem, Points,
    RoundEntry, Tournament, TournamentInfo,
};

/// The standard normal distribution function, via the complementary error
/// function (Numerical Recipes' Chebyshev fit, relative error below 1.2e-7).
fn normal_cdf(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 {
        1.0 - 0.5 * erfc
    } else {
        0.5 * erfc
    }
}

/// Expected score of a player rated `diff` points above the opponent: the FIDE
/// table of B.02 (Rating Regulations) art. 8.1.2 is the normal distribution with
/// σ = 2000/7, and a difference beyond 400 counts as 400 (art. 8.3.1).
/// Within 0.005 of the published table ([`crate::model::b02::pd`]); every
/// generated file depends on this formula, so a seed keeps giving the same file.
pub(crate) fn expected_score(diff: i32) -> f64 {
    let d = f64::from(diff.clamp(-400, 400));
    normal_cdf(d * 7.0 / 2000.0)
}

/// Scoring of generated tournaments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scoring {
    /// 1 / ½ / 0.
    #[default]
    Standard,
    /// 3 / 1 / 0.
    ThreeOneZero,
}

/// Parameters of a generated tournament. Rates are probabilities in `[0, 1]`.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct GenerateOptions {
    /// Number of players (starting ranks 1..=players).
    pub players: u32,
    /// Number of rounds to play and record.
    pub rounds: u32,
    /// Seed of the random generator: the same options and seed give the same tournament.
    pub seed: u64,
    /// Probability that a game is drawn (capped so that the expected score holds).
    pub draw_rate: f64,
    /// Probability that a paired game is lost by forfeit by one side (`+`/`-`).
    pub forfeit_rate: f64,
    /// Probability that a paired game is forfeited by both sides (`-`/`-`, 0F-0F).
    pub double_forfeit_rate: f64,
    /// Per player and round: a requested half-point bye (`H`), never in the last round.
    pub half_bye_rate: f64,
    /// Per player and round: a full-point bye (`F`), never in the last round.
    /// FIDE discourages it; the checklist's generator still offers it (VCL4THP Q24).
    pub full_bye_rate: f64,
    /// Per player and round: a known absence (`Z`).
    pub zero_bye_rate: f64,
    /// Per player and round from round 2: withdrawal (`Z` from then on).
    pub withdraw_rate: f64,
    /// Per player: joins late, in a round of the first half (`Z` before).
    pub late_entry_rate: f64,
    /// The point system written to the file.
    pub scoring: Scoring,
    /// Baku acceleration (C.04.5.1 (2016) / C.04.7 (2026)): virtual points in `XXA` records.
    pub baku: bool,
    /// Colour of the first-ranked player in round 1 (`XXC` / `152`).
    pub initial_color: Color,
    /// Ratings drawn uniformly in this range (unless `ratings` gives them).
    pub rating_range: (u16, u16),
    /// The players' ratings given one by one (VCL4THP Q27), one per player; empty: drawn in
    /// `rating_range`. Pairing numbers follow them from the highest (C.04.2 art. 2.2).
    pub ratings: Vec<u16>,
    /// The system code written to `192` (e.g. `FIDE_DUTCH_2026`).
    pub system_code: String,
    /// A round robin by the Berger tables with this many cycles (1 or 2)
    /// instead of a Swiss; `rounds` may then stop before the table's end.
    pub round_robin: Option<u32>,
    /// The tie-break list written to the file (TRF-2026 `202`, C.07 codes
    /// such as `BH/C1`); empty: none.
    pub tiebreaks: Vec<String>,
}

options!(GenerateOptions { players: u32, rounds: u32, seed: u64, draw_rate: f64, forfeit_rate: f64, double_forfeit_rate: f64, half_bye_rate: f64, full_bye_rate: f64, zero_bye_rate: f64, withdraw_rate: f64, late_entry_rate: f64, scoring: Scoring, baku: bool, initial_color: Color, rating_range: (u16, u16), ratings: Vec<u16>, system_code: String, round_robin: Option<u32>, tiebreaks: Vec<String> });

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            players: 30,
            rounds: 7,
            seed: 1,
            draw_rate: 0.3,
            forfeit_rate: 0.0,
            double_forfeit_rate: 0.0,
            half_bye_rate: 0.0,
            full_bye_rate: 0.0,
            zero_bye_rate: 0.0,
            withdraw_rate: 0.0,
            late_entry_rate: 0.0,
            scoring: Scoring::Standard,
            baku: false,
            initial_color: Color::White,
            rating_range: (1400, 2700),
            ratings: Vec::new(),
            system_code: String::new(),
            round_robin: None,
            tiebreaks: Vec::new(),
        }
    }
}

/// A round's pairing as an engine returns it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct RoundPairing {
    /// (white, black).
    pub(crate) boards: Vec<(PlayerId, PlayerId)>,
    pub(crate) bye: Option<PlayerId>,
    /// The free player of an odd round-robin field (no game, no bye).
    pub(crate) free: Option<PlayerId>,
}

/// Why a tournament could not be generated.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// An option is out of range.
    Options(String),
    /// The engine found no legal pairing for a round.
    NoPairing {
        /// The round being paired (1-based).
        round: u32,
        /// The engine's explanation.
        reason: String,
    },
    /// The engine returned a pairing that does not pair the present players.
    BadPairing {
        /// The round being paired (1-based).
        round: u32,
        /// What is wrong with the pairing.
        reason: String,
    },
}

impl std::fmt::Display for GenerateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GenerateError::Options(s) => write!(f, "{s}"),
            GenerateError::NoPairing { round, reason } => {
                write!(f, "round {round}: no legal pairing: {reason}")
            }
            GenerateError::BadPairing { round, reason } => {
                write!(
                    f,
                    "round {round}: the engine returned an unusable pairing: {reason}"
                )
            }
        }
    }
}

impl std::error::Error for GenerateError {}

impl From<GenerateError> for crate::Error {
    fn from(e: GenerateError) -> crate::Error {
        use crate::diag::codes;
        let code = match &e {
            GenerateError::Options(_) => codes::INVALID_OPTION,
            GenerateError::NoPairing { .. } => codes::NO_LEGAL_PAIRING,
            GenerateError::BadPairing { .. } => codes::UNSUPPORTED,
        };
        crate::error::engine(code, e.to_string())
    }
}

fn check_options(o: &GenerateOptions) -> Result<(), GenerateError> {
    let bad = |s: String| Err(GenerateError::Options(s));
    if o.players < 2 {
        return bad(format!("expected at least 2 players, found {}", o.players));
    }
    if o.rounds < 1 {
        return bad("expected at least 1 round, found 0".into());
    }
    if let Some(cycles) = o.round_robin {
        let total = crate::pairing::round_robin::BergerTable::new(o.players, cycles)
            .map(|t| t.total_rounds())
            .unwrap_or(0);
        if o.rounds > total {
            return bad(format!(
                "expected at most {total} rounds for a round robin of {} players in {cycles} cycle(s), found {}",
                o.players, o.rounds
            ));
        }
        if [
            o.half_bye_rate,
            o.full_bye_rate,
            o.zero_bye_rate,
            o.withdraw_rate,
            o.late_entry_rate,
        ]
        .iter()
        .any(|r| *r != 0.0)
            || o.baku
        {
            return bad(
                "a round robin has no byes, absences, late entries, withdrawals or acceleration: their rates must be 0".into(),
            );
        }
    } else if o.rounds >= o.players.max(2) {
        return bad(format!(
            "expected fewer rounds than players, found {} rounds for {} players",
            o.rounds, o.players
        ));
    }
    for (name, v) in [
        ("draw rate", o.draw_rate),
        ("forfeit rate", o.forfeit_rate),
        ("double-forfeit rate", o.double_forfeit_rate),
        ("half-bye rate", o.half_bye_rate),
        ("full-bye rate", o.full_bye_rate),
        ("zero-bye rate", o.zero_bye_rate),
        ("withdraw rate", o.withdraw_rate),
        ("late-entry rate", o.late_entry_rate),
    ] {
        if !(0.0..=1.0).contains(&v) {
            return bad(format!(
                "{name}: expected a probability between 0 and 1, found {v}"
            ));
        }
    }
    if o.rating_range.0 > o.rating_range.1 {
        return bad(format!(
            "rating range: expected LO <= HI, found {}-{}",
            o.rating_range.0, o.rating_range.1
        ));
    }
    if !o.ratings.is_empty() && o.ratings.len() != o.players as usize {
        return bad(format!(
            "ratings: expected one per player ({}), found {}",
            o.players,
            o.ratings.len()
        ));
    }
    if o.baku && o.scoring != Scoring::Standard {
        return bad("Baku acceleration needs 1-0.5-0 scoring".into());
    }
    Ok(())
}

/// Baku acceleration virtual points for `n` players and `rounds` rounds.
/// C.04.5.1 (2016) / C.04.7 (2026): group A = the first half rounded up to an
/// even number (2·⌈n/4⌉); accelerated rounds = the first ⌈R/2⌉; group A gets
/// 1 point in the first ⌈accelerated/2⌉ of them and ½ in the rest.
pub(crate) fn baku_accelerations(n: u32, rounds: u32) -> Vec<Acceleration> {
    let ga = 2 * n.div_ceil(4);
    let acc = rounds.div_ceil(2);
    let full = acc.div_ceil(2);
    (1..=ga.min(n))
        .map(|id| Acceleration {
            player: PlayerId(id),
            points: (1..=rounds)
                .map(|r| {
                    if r <= full {
                        Points::ONE
                    } else if r <= acc {
                        Points::HALF
                    } else {
                        Points::ZERO
                    }
                })
                .collect(),
        })
        .collect()
}

/// Generate a tournament, pairing each round with `pair(position, round)`.
/// `progress(round)` is called after each round is complete.
///
/// Byes and absences are drawn before each round and entered in that round's
/// column, as a pairing program would have them; then the engine pairs the
/// present players; then the results are drawn.
pub(crate) fn generate_with<F, P>(
    o: &GenerateOptions,
    mut pair: F,
    mut progress: P,
) -> Result<Tournament, GenerateError>
where
    F: FnMut(&Tournament, u32) -> Result<RoundPairing, String>,
    P: FnMut(u32),
{
    check_options(o)?;
    let mut rng = Rng::new(o.seed);
    // Ratings given one by one take no draws, so the rest of the run is the same stream.
    let mut ratings: Vec<u16> = if o.ratings.is_empty() {
        (0..o.players)
            .map(|_| {
                u16::try_from(rng.range(i64::from(o.rating_range.0), i64::from(o.rating_range.1)))
                    .unwrap_or(o.rating_range.1)
            })
            .collect()
    } else {
        o.ratings.clone()
    };
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let scoring = match o.scoring {
        Scoring::Standard => PointSystem::standard(),
        Scoring::ThreeOneZero => PointSystem::three_one_zero(),
    };
    let late_last = o.rounds.div_ceil(2).max(1);
    // Per player: first round present, round of withdrawal (exclusive end).
    let mut first_round = vec![1u32; ratings.len()];
    for f in &mut first_round {
        if o.rounds > 1 && rng.chance(o.late_entry_rate) {
            *f = u32::try_from(rng.range(2, i64::from(late_last.max(2)))).unwrap_or(2);
        }
    }
    let mut players: Vec<Player> = ratings
        .iter()
        .enumerate()
        .map(|(i, r)| Player {
            id: PlayerId(u32::try_from(i + 1).unwrap_or(u32::MAX)),
            name: format!("Player {:04}", i + 1),
            rating: Some(*r),
            ..Default::default()
        })
        .collect();
    let mut withdrawn = vec![false; players.len()];
    let mut t = Tournament {
        info: TournamentInfo {
            name: format!("Random tournament {}", o.seed),
            system_code: o.system_code.clone(),
            tournament_type: match o.round_robin {
                Some(2) => "Double round robin (Berger)".into(),
                Some(_) => "Round robin (Berger)".into(),
                None => String::new(),
            },
            ..Default::default()
        },
        total_rounds: Some(o.rounds),
        initial_color: Some(o.initial_color),
        scoring,
        accelerations: if o.baku {
            baku_accelerations(o.players, o.rounds)
        } else {
            Vec::new()
        },
        tiebreaks: o.tiebreaks.clone(),
        ..Default::default()
    };
    t.extra_records = describe(o)
        .into_iter()
        .map(|line| ExtraRecord {
            code: "###".into(),
            line,
            after_player: None,
        })
        .collect();
    for round in 1..=o.rounds {
        // Pre-set entries for this round.
        for (i, p) in players.iter_mut().enumerate() {
            let entry = if round < first_round[i] || withdrawn[i] {
                Some(RoundEntry::Bye { bye: ByeKind::Zero })
            } else if round > 1 && rng.chance(o.withdraw_rate) {
                withdrawn[i] = true;
                Some(RoundEntry::Bye { bye: ByeKind::Zero })
            } else if round < o.rounds && rng.chance(o.half_bye_rate) {
                Some(RoundEntry::Bye { bye: ByeKind::Half })
            } else if round < o.rounds && rng.chance(o.full_bye_rate) {
                Some(RoundEntry::Bye { bye: ByeKind::Full })
            } else if rng.chance(o.zero_bye_rate) {
                Some(RoundEntry::Bye { bye: ByeKind::Zero })
            } else {
                None
            };
            if let Some(e) = entry {
                p.rounds.push(e);
            }
        }
        // Keep at least two players present.
        let present = players
            .iter()
            .filter(|p| p.rounds.len() < round as usize)
            .count();
        if present < 2 {
            for p in players.iter_mut().take(2) {
                if p.rounds.len() == round as usize {
                    p.rounds.pop();
                }
            }
        }
        t.players = players.clone();
        let pairing =
            pair(&t, round).map_err(|reason| GenerateError::NoPairing { round, reason })?;
        apply(&mut players, &pairing, round, o, &mut rng)?;
        progress(round);
    }
    for p in &mut players {
        p.points = Some(p.rounds.iter().filter_map(|e| e.points(&t.scoring)).sum());
    }
    t.players = players;
    Ok(t)
}

/// Generate a tournament paired by the FIDE Dutch engine in `edition`.
pub fn generate(
    o: &GenerateOptions,
    edition: crate::pairing::dutch::DutchEdition,
    progress: impl FnMut(u32),
) -> Result<Tournament, GenerateError> {
    use crate::pairing::dutch::{pair_round, PairOptions};
    let total = o.rounds;
    generate_with(
        o,
        |t, round| {
            let p = pair_round(
                t,
                &PairOptions {
                    edition: Some(edition),
                    round: Some(round),
                    total_rounds: Some(total),
                },
            )
            .map_err(|e| e.to_string())?;
            Ok(RoundPairing {
                boards: p.boards.iter().map(|b| (b.white, b.black)).collect(),
                bye: p.bye,
                free: None,
            })
        },
        progress,
    )
}

/// The parameter lines recorded in the file (TRF-2026 `###` comments).
pub(crate) fn describe(o: &GenerateOptions) -> Vec<String> {
    let mut lines = vec![
        format!(
            "### arbiter generate {} seed={} players={} rounds={}",
            env!("CARGO_PKG_VERSION"),
            o.seed,
            o.players,
            o.rounds
        ),
        format!(
            "### draw-rate={} forfeit-rate={} double-forfeit-rate={} half-bye-rate={} full-bye-rate={} zero-bye-rate={} withdraw-rate={} late-entry-rate={}",
            o.draw_rate, o.forfeit_rate, o.double_forfeit_rate, o.half_bye_rate, o.full_bye_rate, o.zero_bye_rate, o.withdraw_rate, o.late_entry_rate
        ),
        format!(
            "### scoring={} acceleration={} initial-colour={} rating-range={}-{} system={}",
            match o.scoring {
                Scoring::Standard => "1-0.5-0",
                Scoring::ThreeOneZero => "3-1-0",
            },
            if o.baku { "baku" } else { "none" },
            match o.initial_color {
                Color::White => "white",
                Color::Black => "black",
            },
            o.rating_range.0,
            o.rating_range.1,
            if o.system_code.is_empty() { "-" } else { &o.system_code }
        ),
        format!(
            "### tie-breaks={}",
            if o.tiebreaks.is_empty() {
                "-".to_string()
            } else {
                o.tiebreaks.join(",")
            }
        ),
    ];
    if !o.ratings.is_empty() {
        let given: Vec<String> = o.ratings.iter().map(u16::to_string).collect();
        lines.push(format!("### ratings={}", given.join(",")));
    }
    lines
}

/// Enter a round's pairing and draw its results.
fn apply(
    players: &mut [Player],
    pairing: &RoundPairing,
    round: u32,
    o: &GenerateOptions,
    rng: &mut Rng,
) -> Result<(), GenerateError> {
    let r = round as usize;
    let bad = |reason: String| GenerateError::BadPairing { round, reason };
    let idx = |id: PlayerId, players: &[Player]| -> Result<usize, GenerateError> {
        let i = (id.0 as usize)
            .checked_sub(1)
            .filter(|i| {
                players
                    .get(*i)
                    .is_some_and(|p| p.id == id && p.rounds.len() == r - 1)
            })
            .ok_or_else(|| bad(format!("player {id} is unknown, absent or paired twice")))?;
        Ok(i)
    };
    if let Some(b) = pairing.bye {
        let i = idx(b, players)?;
        players[i].rounds.push(RoundEntry::Bye {
            bye: ByeKind::PairingAllocated,
        });
    }
    if let Some(f) = pairing.free {
        let i = idx(f, players)?;
        players[i].rounds.push(RoundEntry::Free);
    }
    for &(w, b) in &pairing.boards {
        let (iw, ib) = (idx(w, players)?, idx(b, players)?);
        if iw == ib {
            return Err(bad(format!("player {w} is paired with themself")));
        }
        let (rw, rb) = (
            players[iw].rating.unwrap_or(0),
            players[ib].rating.unwrap_or(0),
        );
        let e = expected_score(i32::from(rw) - i32::from(rb));
        // A double forfeit (0F-0F, C.04.1 art. 4: not a game for pairing)
        // scores nobody.
        if rng.chance(o.double_forfeit_rate) {
            players[iw].rounds.push(RoundEntry::Forfeit {
                opponent: b,
                color: Some(Color::White),
                won: false,
            });
            players[ib].rounds.push(RoundEntry::Forfeit {
                opponent: w,
                color: Some(Color::Black),
                won: false,
            });
            continue;
        }
        if rng.chance(o.forfeit_rate) {
            let white_wins = rng.unit() < 0.5;
            players[iw].rounds.push(RoundEntry::Forfeit {
                opponent: b,
                color: Some(Color::White),
                won: white_wins,
            });
            players[ib].rounds.push(RoundEntry::Forfeit {
                opponent: w,
                color: Some(Color::Black),
                won: !white_wins,
            });
            continue;
        }
        // Draws at most twice the weaker side's expectation, so that the
        // expected score stays `e`.
        let pd = o.draw_rate.min(2.0 * e.min(1.0 - e));
        let x = rng.unit();
        let white = if x < pd {
            Outcome::Draw
        } else if x < pd + (e - pd / 2.0) {
            Outcome::Win
        } else {
            Outcome::Loss
        };
        players[iw].rounds.push(RoundEntry::Played {
            opponent: b,
            color: Color::White,
            outcome: white,
            short: false,
        });
        players[ib].rounds.push(RoundEntry::Played {
            opponent: w,
            color: Color::Black,
            outcome: white.opposite(),
            short: false,
        });
    }
    if let Some(p) = players.iter().find(|p| p.rounds.len() < r) {
        return Err(bad(format!(
            "player {} is present but neither paired nor given the bye",
            p.id
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A simple legal pairer for tests of the generator itself: a depth-first
    /// search over the present players in order, never repeating a meeting and
    /// giving at most one bye, to a player who has not had one.
    pub(crate) fn naive(t: &Tournament, round: u32) -> Result<RoundPairing, String> {
        let present: Vec<&Player> = t
            .players
            .iter()
            .filter(|p| p.rounds.len() < round as usize)
            .collect();
        fn go(ps: &[&Player], used: &mut Vec<bool>, out: &mut RoundPairing) -> bool {
            let Some(i) = used.iter().position(|u| !u) else {
                return true;
            };
            used[i] = true;
            for j in i + 1..ps.len() {
                if used[j] || ps[i].rounds.iter().any(|e| e.opponent() == Some(ps[j].id)) {
                    continue;
                }
                used[j] = true;
                out.boards.push((ps[i].id, ps[j].id));
                if go(ps, used, out) {
                    return true;
                }
                out.boards.pop();
                used[j] = false;
            }
            let had_bye = ps[i].rounds.iter().any(|e| {
                *e == RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated,
                }
            });
            if out.bye.is_none() && ps.len() % 2 == 1 && !had_bye {
                out.bye = Some(ps[i].id);
                if go(ps, used, out) {
                    return true;
                }
                out.bye = None;
            }
            used[i] = false;
            false
        }
        let mut out = RoundPairing::default();
        let mut used = vec![false; present.len()];
        if go(&present, &mut used, &mut out) {
            Ok(out)
        } else {
            Err("no pairing without a rematch".into())
        }
    }

    #[test]
    fn expected_score_matches_fide_table() {
        // B.02 8.1.2: D=0 -> .50, 100 -> .64, 200 -> .76, 400 -> .92.
        for (d, p) in [
            (0, 0.50),
            (100, 0.64),
            (200, 0.76),
            (400, 0.92),
            (-200, 0.24),
        ] {
            assert!(
                (expected_score(d) - p).abs() < 0.005,
                "{d}: {}",
                expected_score(d)
            );
        }
        assert_eq!(expected_score(800), expected_score(400));
    }

    #[test]
    fn same_seed_same_tournament_and_scores_follow_results() {
        let o = GenerateOptions {
            players: 21,
            rounds: 6,
            seed: 99,
            forfeit_rate: 0.05,
            half_bye_rate: 0.03,
            zero_bye_rate: 0.03,
            withdraw_rate: 0.02,
            late_entry_rate: 0.1,
            ..Default::default()
        };
        let a = generate_with(&o, naive, |_| {}).unwrap();
        let b = generate_with(&o, naive, |_| {}).unwrap();
        assert_eq!(a, b);
        let c = generate_with(
            &GenerateOptions {
                seed: 100,
                ..o.clone()
            },
            naive,
            |_| {},
        )
        .unwrap();
        assert_ne!(a, c);
        assert_eq!(a.players.len(), 21);
        for p in &a.players {
            assert_eq!(p.rounds.len(), 6);
            assert_eq!(p.points, Some(a.score(p, None)));
        }
        // Ratings in the range, in descending order of pairing number.
        assert!(a.players.windows(2).all(|w| w[0].rating >= w[1].rating));
        assert!(a.extra_records[0].line.contains("seed=99"));
        // Every recorded round is consistent.
        for r in 1..=6 {
            let rec = super::super::check::recorded_round(&a, r);
            assert!(rec.inconsistencies.is_empty());
            assert!(rec.pab.len() <= 1);
        }
    }

    #[test]
    fn results_follow_expected_score() {
        // 400 points apart: the stronger side scores about 0.92.
        let o = GenerateOptions {
            players: 2,
            rounds: 1,
            rating_range: (1600, 1600),
            draw_rate: 0.2,
            ..Default::default()
        };
        let mut rng = Rng::new(5);
        let mut total = 0.0;
        let n = 4000;
        for _ in 0..n {
            let mut ps = vec![
                Player {
                    id: PlayerId(1),
                    rating: Some(2000),
                    ..Default::default()
                },
                Player {
                    id: PlayerId(2),
                    rating: Some(1600),
                    ..Default::default()
                },
            ];
            let pairing = RoundPairing {
                boards: vec![(PlayerId(1), PlayerId(2))],
                bye: None,
                free: None,
            };
            apply(&mut ps, &pairing, 1, &o, &mut rng).unwrap();
            total += ps[0].rounds[0]
                .points(&PointSystem::standard())
                .unwrap_or_default()
                .as_f64();
        }
        let mean = total / f64::from(n);
        assert!((mean - 0.92).abs() < 0.015, "{mean}");
    }

    #[test]
    fn full_byes_and_double_forfeits_are_drawn_and_score_as_the_rules_say() {
        let o = GenerateOptions {
            players: 20,
            rounds: 6,
            seed: 4,
            full_bye_rate: 0.1,
            double_forfeit_rate: 0.15,
            tiebreaks: vec!["BH/C1".into(), "SB".into()],
            ..Default::default()
        };
        let t = generate_with(&o, naive, |_| {}).unwrap();
        let full = Points::ONE;
        let mut fulls = 0;
        let mut doubles = 0;
        for p in &t.players {
            for (i, e) in p.rounds.iter().enumerate() {
                match e {
                    RoundEntry::Bye { bye: ByeKind::Full } => {
                        fulls += 1;
                        assert!(i + 1 < 6, "a full-point bye in the last round");
                        assert_eq!(e.points(&t.scoring), Some(full));
                    }
                    RoundEntry::Forfeit {
                        opponent,
                        won: false,
                        ..
                    } => {
                        let other = &t.players[opponent.0 as usize - 1].rounds[i];
                        if matches!(other, RoundEntry::Forfeit { won: false, .. }) {
                            doubles += 1;
                            assert_eq!(e.points(&t.scoring), Some(Points::ZERO));
                        }
                    }
                    _ => {}
                }
            }
        }
        assert!(fulls > 0, "no full-point bye drawn");
        assert!(doubles > 0, "no double forfeit drawn");
        assert_eq!(t.tiebreaks, ["BH/C1", "SB"]);
        assert!(t
            .extra_records
            .iter()
            .any(|r| r.line == "### tie-breaks=BH/C1,SB"));
        assert!(t.extra_records[1].line.contains("full-bye-rate=0.1"));
        assert!(t.extra_records[1].line.contains("double-forfeit-rate=0.15"));
        // Not drawn at rate 0: the default options give neither.
        let plain = generate_with(
            &GenerateOptions {
                seed: 4,
                ..Default::default()
            },
            naive,
            |_| {},
        )
        .unwrap();
        assert!(plain
            .players
            .iter()
            .flat_map(|p| &p.rounds)
            .all(|e| !matches!(
                e,
                RoundEntry::Bye { bye: ByeKind::Full } | RoundEntry::Forfeit { won: false, .. }
            )));
    }

    #[test]
    fn baku_groups_follow_c0451() {
        let acc = baku_accelerations(10, 9);
        // GA = 2 * ceil(10/4) = 6; 5 accelerated rounds: 1, 1, 1, 0.5, 0.5, then 0.
        assert_eq!(acc.len(), 6);
        assert_eq!(
            acc[0].points,
            [10, 10, 10, 5, 5, 0, 0, 0, 0].map(Points).to_vec()
        );
        assert_eq!(baku_accelerations(161, 9).len(), 82);
    }

    #[test]
    fn bad_options_are_refused() {
        let o = GenerateOptions {
            players: 4,
            rounds: 4,
            ..Default::default()
        };
        assert!(matches!(
            generate_with(&o, naive, |_| {}),
            Err(GenerateError::Options(_))
        ));
        let o = GenerateOptions {
            draw_rate: 1.5,
            ..Default::default()
        };
        assert!(generate_with(&o, naive, |_| {}).is_err());
    }
}
