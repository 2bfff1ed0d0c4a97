//! A whole-tournament check: one verdict per selected round, with the header
//! an appeals committee needs (edition and why, input hash, tool version).

use super::explain::{explain_with, Explanation};
use super::pair::{Pair, Selected};
use super::position::{position_before, recorded_round, Position, TotalRoundsSource};
use super::verdict::{absolute_verdict, compare, ColourContext, Verdict};
use super::warnings::{file_warnings, round_warnings, FileFacts};
use crate::diag::Diagnostic;
use crate::model::{Color, PlayerId, Tournament};
use crate::pairing::dutch::DutchEdition;

/// The memory that rounds checked at once may take together (see the
/// choice of workers in [`check_tournament_in`]): the tool's 1 GB bound.
const CHECK_MEMORY_BUDGET: u64 = 1 << 30;

pub use super::position::{initial_color_source, InitialColorSource};

/// The handbook page of an edition, as a URL.
pub fn handbook_url(e: DutchEdition) -> String {
    format!("https://{}", e.source())
}

/// What the rules select for a position (the engine's answer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    /// The pairing the rules select.
    Pairing(Selected),
    /// No pairing satisfies the absolute criteria; the reason names the obstacle.
    NoLegalPairing(String),
    /// The engine could not pair the position (unsupported input, too large).
    Unavailable(String),
}

/// The Dutch engine's pairing of a position (`pairing::dutch::pair_round`).
pub fn engine_selection(pos: &Position, edition: DutchEdition) -> Selection {
    use crate::pairing::dutch::{pair_round, PairError, PairOptions};
    let opts = PairOptions {
        edition: Some(edition),
        round: Some(pos.round),
        total_rounds: Some(pos.total_rounds),
    };
    match pair_round(&pos.tournament, &opts) {
        Ok(p) => Selection::Pairing(Selected {
            boards: p
                .boards
                .iter()
                .map(|b| Pair {
                    white: b.white,
                    black: b.black,
                })
                .collect(),
            bye: p.bye,
        }),
        Err(PairError::NoLegalPairing { obstacle }) => Selection::NoLegalPairing(obstacle),
        Err(e) => Selection::Unavailable(e.to_string()),
    }
}

/// Options for [`check_tournament`]: [`CheckOptions::new`] with the edition,
/// then the setters.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct CheckOptions {
    /// The edition of C.04.3 the rounds are checked against.
    pub edition: DutchEdition,
    /// Why this edition (e.g. "--system", "192 FIDE_DUTCH_2026", "start date 2023-08-05").
    pub edition_reason: String,
    /// Rounds to check (1-based); `None` = every recorded round.
    pub rounds: Option<Vec<u32>>,
    /// Add the player table and score groups of each round.
    pub explain: bool,
}

impl CheckOptions {
    /// Every recorded round against `edition` (the reason: "dutch-2025
    /// requested"), without the explanation.
    pub fn new(edition: DutchEdition) -> CheckOptions {
        CheckOptions {
            edition,
            edition_reason: format!("{} requested", edition.name()),
            rounds: None,
            explain: false,
        }
    }

    options!(@setters edition: DutchEdition, edition_reason: String, rounds: Option<Vec<u32>>, explain: bool);
}

/// The verdict of one round with the pairings compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundReport {
    /// The round (1-based).
    pub round: u32,
    /// The verdict, with what it found.
    pub verdict: Verdict,
    /// As recorded, in board order (C.04.2 (2026) art. 3.6).
    pub recorded: Vec<Pair>,
    /// The pairing-allocated bye as recorded.
    pub recorded_bye: Option<PlayerId>,
    /// As the rules select, in board order; absent when not computed.
    pub selected: Option<Selected>,
    /// Facts of the round that change the check or the pairing (double forfeits, byes written as F...).
    pub warnings: Vec<Diagnostic>,
    /// The player table and score groups of the position ([`CheckOptions::explain`]).
    pub explanation: Option<Explanation>,
}

/// The whole report; `render::check::json` gives its JSON shape.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The edition of C.04.3 the rounds were checked against.
    pub system: DutchEdition,
    /// Why that edition ([`CheckOptions::edition_reason`]).
    pub system_reason: String,
    /// The handbook page of the edition, as a URL.
    pub handbook: String,
    /// The program and its version, for the record of an appeal.
    pub tool: String,
    /// The SHA-256 of the input file, when the caller computed it.
    pub input_sha256: Option<String>,
    /// The number of rounds of the event (the topscorer rules depend on it).
    pub total_rounds: u32,
    /// Where `total_rounds` came from.
    pub total_rounds_source: TotalRoundsSource,
    /// The colour drawn before round 1 (C.04.3 (2017) E.5 / (2025) art.
    /// 5.2.5); `initial_colour` in JSON.
    pub initial_color: Color,
    /// Where the initial colour came from; `initial_colour_source` in JSON.
    pub initial_color_source: InitialColorSource,
    /// Facts about the whole file that change the check (an assumed round count, XXZ absences...).
    pub warnings: Vec<Diagnostic>,
    /// One report per checked round, in the order asked for.
    pub rounds: Vec<RoundReport>,
}

impl Report {
    /// True when every checked round conforms.
    pub fn all_conform(&self) -> bool {
        self.rounds.iter().all(|r| r.verdict.is_conform())
    }
}

/// Boards in publication order (C.04.2 (2026) art. 3.6):
/// [`crate::model::sort_boards`], the one copy of the rule.
fn board_order(pos: &Position, pairs: &mut [Pair]) {
    crate::model::sort_boards(&pos.tournament, pos.round, pairs, |p| (p.white, p.black));
}

/// Check the selected rounds of a played tournament. `select` returns the
/// pairing the rules select for a position; it is called only for rounds that
/// pass the absolute checks. Warnings carry no file locations; see
/// [`check_tournament_in`].
///
/// ```
/// use chess_arbiter::formats::trf;
/// use chess_arbiter::pairing::dutch::DutchEdition;
/// use chess_arbiter::{check_tournament, engine_selection, CheckOptions, PlayerId};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// // Round 1 as the Dutch system pairs it: the top half against the bottom
/// // half, the lowest player's pairing-allocated bye.
/// let text = "\
/// 012 Club championship
/// 142 5
/// 152 W
/// 001    1      Player 0001                       2591                             1.0          4 w 1
/// 001    2      Player 0002                       2229                             1.0          5 b 1
/// 001    3      Player 0003                       1840                             1.0          6 w 1
/// 001    4      Player 0004                       1752                             0.0          1 b 0
/// 001    5      Player 0005                       1572                             0.0          2 w 0
/// 001    6      Player 0006                       1563                             0.0          3 b 0
/// 001    7      Player 0007                       1531                             1.0       0000 - U
/// ";
/// let t = trf::read(text.as_bytes(), &trf::ReadOptions::default())?.tournament;
/// let edition = DutchEdition::Dutch2025;
/// let opts = CheckOptions::new(edition);
/// let report = check_tournament(&t, &opts, |pos| engine_selection(pos, edition));
/// assert_eq!(report.rounds.len(), 1);
/// assert!(report.all_conform());
/// assert_eq!(report.rounds[0].recorded_bye, Some(PlayerId(7)));
/// # Ok(())
/// # }
/// ```
pub fn check_tournament<F>(t: &Tournament, opts: &CheckOptions, select: F) -> Report
where
    F: Fn(&Position) -> Selection + Sync,
{
    check_tournament_in(t, opts, &FileFacts::default(), select)
}

/// [`check_tournament`] with warnings located in the input file.
///
/// The rounds are independent (each is rebuilt from the file and re-paired),
/// so they are checked on as many threads as the machine has cores; the
/// report lists them in the order asked for, whatever the threads did.
pub fn check_tournament_in<F>(
    t: &Tournament,
    opts: &CheckOptions,
    facts: &FileFacts,
    select: F,
) -> Report
where
    F: Fn(&Position) -> Selection + Sync,
{
    let (initial, initial_source) = initial_color_source(t);
    let ctx = ColourContext { initial };
    // Every round with a pairing in it ([`Tournament::rounds_recorded`]). A
    // last column holding only pre-set byes and absences (the round still to
    // be paired) is not a pairing to check: its empty "pairing" would
    // otherwise conform.
    let paired_rounds = u32::try_from(t.rounds_recorded()).unwrap_or(u32::MAX);
    let rounds: Vec<u32> = match &opts.rounds {
        Some(r) => r.clone(),
        None => (1..=paired_rounds).collect(),
    };
    let mut report = Report {
        system: opts.edition,
        system_reason: opts.edition_reason.clone(),
        handbook: handbook_url(opts.edition),
        tool: format!("arbiter {}", env!("CARGO_PKG_VERSION")),
        input_sha256: None,
        // Pre-set byes of later rounds show those rounds exist: the
        // assumed count covers them (see `position_before`).
        total_rounds: t
            .total_rounds
            .unwrap_or(u32::try_from(t.rounds_listed()).unwrap_or(u32::MAX)),
        total_rounds_source: if t.total_rounds.is_some() {
            TotalRoundsSource::File
        } else {
            TotalRoundsSource::RoundsRecorded
        },
        initial_color: initial,
        initial_color_source: initial_source,
        warnings: file_warnings(t, &rounds, facts),
        rounds: Vec::new(),
    };
    // Rounds are checked on every core, but no more at once than the
    // memory budget allows: the engine's peak for one round grows with the
    // largest bracket's pairs, about 10 bytes times the players squared, so a
    // field of thousands is checked one round at a time and peaks as `pair`
    // does (the README's Speed section gives the measured peak).
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let workers = workers_for(t.players.len(), rounds.len(), cores);
    let one = |k: u32| check_round(t, k, opts, facts, ctx, &select);
    let done: Vec<Option<RoundReport>> = if workers == 1 {
        rounds.iter().map(|&k| one(k)).collect()
    } else {
        // Each worker takes the next unchecked round; results keep their slot.
        let next = std::sync::atomic::AtomicUsize::new(0);
        let slots: Vec<std::sync::Mutex<Option<RoundReport>>> =
            rounds.iter().map(|_| std::sync::Mutex::new(None)).collect();
        std::thread::scope(|s| {
            for _ in 0..workers {
                s.spawn(|| loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&k) = rounds.get(i) else { break };
                    let r = one(k);
                    if let Ok(mut slot) = slots[i].lock() {
                        *slot = r;
                    }
                });
            }
        });
        slots
            .into_iter()
            .map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
            .collect()
    };
    report.rounds = done.into_iter().flatten().collect();
    report
}

/// How many rounds of a field of `players` to check at once on `cores`:
/// no more than the rounds, nor than [`CHECK_MEMORY_BUDGET`] holds at about
/// 10 bytes per pair of players per round; at least one.
fn workers_for(players: usize, rounds: usize, cores: usize) -> usize {
    let per_round = 10u64.saturating_mul((players as u64).saturating_pow(2));
    let by_memory = (CHECK_MEMORY_BUDGET / per_round.max(1)).max(1);
    cores
        .min(usize::try_from(by_memory).unwrap_or(usize::MAX))
        .min(rounds)
        .max(1)
}

/// Check round `k`: rebuild the position before it, select the rules'
/// pairing, compare; `None` when the round cannot be rebuilt.
fn check_round<F>(
    t: &Tournament,
    k: u32,
    opts: &CheckOptions,
    facts: &FileFacts,
    ctx: ColourContext,
    select: &F,
) -> Option<RoundReport>
where
    F: Fn(&Position) -> Selection,
{
    let pos = position_before(t, k)?;
    let rec = recorded_round(t, k);
    let warnings = round_warnings(t, &rec, facts, opts.edition);
    let mut recorded: Vec<Pair> = rec.boards.iter().map(Pair::from).collect();
    board_order(&pos, &mut recorded);
    let (verdict, selected) = match absolute_verdict(&pos, &rec, opts.edition) {
        Some(v) => (v, None),
        None => match select(&pos) {
            Selection::NoLegalPairing(reason) => (Verdict::NoLegalPairing { reason }, None),
            Selection::Unavailable(reason) => (Verdict::NotChecked { reason }, None),
            Selection::Pairing(mut sel) => {
                let v = compare(&pos, &rec, &sel, opts.edition, ctx);
                board_order(&pos, &mut sel.boards);
                (v, Some(sel))
            }
        },
    };
    let explanation = opts
        .explain
        .then(|| explain_with(&pos, opts.edition, selected.as_ref()));
    Some(RoundReport {
        round: k,
        verdict,
        recorded,
        recorded_bye: rec.pab.first().copied(),
        selected,
        warnings,
        explanation,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ByeKind, Outcome, RoundEntry};
    use crate::pairing::check::test_support::{game, tournament};

    fn g(o: u32, c: Color) -> RoundEntry {
        game(o, c, Outcome::Draw)
    }

    fn tour(r1: Vec<RoundEntry>) -> Tournament {
        tournament(r1.into_iter().map(|e| vec![e]).collect())
    }

    /// Round 2 holds only a pre-set absence (the round still to be paired):
    /// the check covers round 1 only, not an empty "pairing" of round 2.
    #[test]
    fn a_column_of_preset_entries_is_not_checked() {
        use Color::*;
        let mut t = tour(vec![
            g(2, White),
            g(1, Black),
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            },
        ]);
        t.players[2]
            .rounds
            .push(RoundEntry::Bye { bye: ByeKind::Zero });
        let opts = CheckOptions {
            edition: DutchEdition::Dutch2025,
            edition_reason: String::new(),
            rounds: None,
            explain: false,
        };
        let r = check_tournament(&t, &opts, |_| Selection::Unavailable("not needed".into()));
        let checked: Vec<u32> = r.rounds.iter().map(|x| x.round).collect();
        assert_eq!(checked, vec![1]);
        // The round count assumed still covers the pre-set column.
        assert_eq!(r.total_rounds, 2);
    }
}

#[cfg(test)]
mod worker_tests {
    use super::workers_for;

    /// Small fields use every core; a field of 9,999 players (a round's
    /// engine peak near 1 GB) is checked one round at a time.
    #[test]
    fn large_fields_are_checked_one_round_at_a_time() {
        assert_eq!(workers_for(1000, 11, 2), 2);
        assert_eq!(workers_for(1000, 1, 2), 1);
        assert_eq!(workers_for(5000, 11, 8), 4);
        assert_eq!(workers_for(9999, 11, 2), 1);
        assert_eq!(workers_for(0, 0, 0), 1);
    }
}
