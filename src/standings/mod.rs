//! Standings and FIDE tie-breaks (C.07), categories.
//!
//! [`compute`] ranks a [`Tournament`] after any round with an ordered list of
//! tie-breaks ([`TieBreakSpec`], the TRF-2026/TEC code syntax), in the rules edition
//! asked for or in force at the event's dates ([`TiebreakEdition`]), and ranks each
//! [`Category`] too. Values are exact ([`Value`]); `f64` appears only in output.
//!
//! Every code has one entry in the internal `registry` (name, article, modifiers, direction,
//! the module that computes it). One module per tie-break family: `direct`
//! (art. 6), `own` (art. 7 and self-defined counts, defined in `custom`),
//! `buchholz` (art. 8), `sonneborn` (art. 9), `rating` (art. 10), `unplayed`
//! (art. 14 cuts, art. 16 and the pre-2023 virtual opponent).

mod age_groups;
mod buchholz;
mod category;
mod code;
mod ctx;
mod custom;
mod direct;
mod edition;
mod options;
mod own;
pub mod prizes;
mod profile;
pub mod profile_locate;
pub mod rank_check;
mod rating;
mod registry;
mod sonneborn;
pub mod swiss_manager;
pub mod team;
pub mod team_boards;
mod team_ede;
mod unplayed;
mod value;

pub use age_groups::{AgeGroupError, AgeGroups};
pub use category::{registration_conflicts, Category, RegistrationConflict};
pub use code::{Code, CodeError, TieBreakLabel, TieBreakSpec};
pub use custom::{CustomTieBreak, RoundKind};
pub use edition::{EditionError, EditionSource, TiebreakEdition};
pub use options::{CategoryMode, StandingsOptions};
pub use profile::{ProfileError, StandingsProfile};
pub use rating::{dp, pd};
pub use value::Value;

use chrono::NaiveDate;
use serde::Serialize;
use std::cmp::Ordering;
use std::fmt;

use crate::diag::{self, codes, Diagnostic, Family, Location};
use crate::model::{PlayerId, Points, RoundEntry, Tournament};
use ctx::Ctx;
use registry::Evaluator;
use unplayed::Basis;

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// 1-based; players tied after every tie-break share the best rank.
    pub rank: u32,
    /// The player's starting rank (TRF pairing number).
    pub player: PlayerId,
    /// The score after [`Standings::after_round`] rounds ([`Points`] are tenths: 65 is 6½).
    pub points: Points,
    /// In the order of [`Standings::tiebreaks`]; `None` where undefined.
    pub tiebreaks: Vec<Option<Value>>,
    /// Tied after every tie-break with another player.
    pub shared: bool,
    /// The rank came from drawing lots.
    pub by_lot: bool,
}

/// A category's ranking.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoryStandings {
    /// The category's name as the profile gives it (`U16`, `Women`).
    pub name: String,
    /// The name by language (from the profile), for renderings.
    #[serde(skip)]
    pub names: crate::model::Names,
    /// The category's players in category rank order.
    pub rows: Vec<CategoryRow>,
}

/// One line of a category's ranking.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoryRow {
    /// Rank inside the category (1-based; players tied after every tie-break share it).
    pub rank: u32,
    /// The player's starting rank (TRF pairing number).
    pub player: PlayerId,
    /// The player's rank in the overall standings ([`Row::rank`]).
    pub overall_rank: u32,
    /// The tie-break values the category ranking used, in the order of
    /// [`Standings::tiebreaks`], when they differ in kind from the overall ones
    /// (DE re-applied inside the category); `None`: the overall values
    /// ([`Row::tiebreaks`]) ranked the category.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tiebreaks: Option<Vec<Option<Value>>>,
}

/// The working of one value.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExplainItem {
    /// The tie-break as written (`BH/C1`, `DE`).
    pub tiebreak: String,
    /// Its value for the player (`None`: undefined for this player).
    pub value: Option<Value>,
    /// The working in words, one line per step, as the tie-break's module
    /// writes it (for DE, the comparisons made inside the tied group).
    pub lines: Vec<String>,
}

/// Every value of one player, with its working.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explanation {
    /// The player's starting rank (TRF pairing number).
    pub player: PlayerId,
    /// The player's rank in the standings.
    pub rank: u32,
    /// The player's score ([`Points`] in tenths).
    pub points: Points,
    /// Each round as the tie-breaks see it, `R1: ...` first.
    pub rounds: Vec<String>,
    /// One item per tie-break, in the order of [`Standings::tiebreaks`].
    pub items: Vec<ExplainItem>,
}

/// The result of [`compute`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standings {
    /// The C.07 edition whose rules computed the tie-breaks.
    pub edition: TiebreakEdition,
    /// Why that edition: asked for, by the event's date, or the one in force now.
    pub edition_source: EditionSource,
    /// The number of rounds counted (the last round with results unless
    /// [`StandingsOptions::after_round`] asks for fewer).
    pub after_round: u32,
    /// Whether the event was treated as a round robin (asked for, or detected from the
    /// pairings): without a tie-break list it gets DE, WIN, SB, KS (C.02 13.16), and under C.07
    /// (2026) a Buchholz-family tie-break gets a warning.
    pub round_robin: bool,
    /// The tie-breaks applied, in order, after the round-robin and unrated-player adjustments.
    pub tiebreaks: Vec<TieBreakSpec>,
    /// What each tie-break is, for legends: `Buchholz (C.07 art. 8.1)` or the
    /// description of a self-defined code.
    pub tiebreak_names: Vec<String>,
    /// What heads each tie-break's column: `BH-M1`, `SB`, a self-defined
    /// code's short name ([`TieBreakSpec::label`]).
    pub tiebreak_short: Vec<String>,
    /// In rank order.
    pub rows: Vec<Row>,
    /// Each category's ranking, in the order of [`StandingsOptions::categories`].
    pub categories: Vec<CategoryStandings>,
    /// Warnings: pending games, codes outside their edition, unknown opponents.
    pub notes: Vec<Diagnostic>,
    /// The working of [`StandingsOptions::explain`]'s player, when one was asked for.
    pub explanation: Option<Explanation>,
}

impl Standings {
    /// The row of player `id` (by starting rank), if the standings have one.
    pub fn row(&self, id: PlayerId) -> Option<&Row> {
        self.rows.iter().find(|r| r.player == id)
    }
}

/// Why standings could not be computed.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StandingsError {
    /// A tie-break code that cannot be read or has no definition.
    TieBreak(String),
    /// A tie-break of the file's own list (TRF `202`, a Swiss-Manager list)
    /// that cannot be read: the entry as written and why.
    FileTieBreak {
        /// The entry as the file writes it.
        entry: String,
        /// Why it cannot be read.
        reason: String,
    },
    /// `--after-round` beyond the rounds in the file.
    Round {
        /// The round asked for.
        requested: u32,
        /// The rounds the file records.
        available: u32,
    },
    /// `--explain` names nobody.
    UnknownPlayer(String),
    /// An age category without a reference date.
    NoReferenceDate(String),
}

impl fmt::Display for StandingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StandingsError::TieBreak(m) => write!(f, "tie-break: {m}"),
            StandingsError::FileTieBreak { entry, reason } => write!(
                f,
                "the file's tie-break list: entry \"{entry}\": {reason}; give the tie-breaks to use with --tiebreaks"
            ),
            StandingsError::Round {
                requested,
                available,
            } => write!(
                f,
                "expected a round from 0 to {available}, found {requested}"
            ),
            StandingsError::UnknownPlayer(p) => {
                write!(
                    f,
                    "expected a player's starting rank or name, found \"{p}\""
                )
            }
            StandingsError::NoReferenceDate(c) => write!(
                f,
                "category {c} needs a reference date: the file has no start date; give one"
            ),
        }
    }
}

impl std::error::Error for StandingsError {}

impl From<StandingsError> for crate::Error {
    fn from(e: StandingsError) -> crate::Error {
        let code = match &e {
            StandingsError::TieBreak(_) | StandingsError::FileTieBreak { .. } => {
                codes::TIEBREAK_CODE
            }
            StandingsError::Round { .. } | StandingsError::UnknownPlayer(_) => {
                codes::INVALID_OPTION
            }
            StandingsError::NoReferenceDate(_) => codes::DATE_MISSING,
        };
        crate::error::engine(code, e.to_string())
    }
}

/// A note about a setting rather than a game: `field` names the setting
/// ([`TIEBREAKS_FIELD`], [`EDITION_FIELD`], a player's registered category),
/// so the caller can place it where that setting was given (the profile's
/// line, the file's `202` record).
fn note(notes: &mut Vec<Diagnostic>, code: diag::Code, field: &str, msg: String) {
    notes.push(Diagnostic::warning(
        code,
        Family::Engine,
        Location {
            field: Some(field.to_string()),
            ..Location::default()
        },
        msg,
    ));
}

/// The field of the notes about the tie-break list.
pub const TIEBREAKS_FIELD: &str = "tiebreaks";
/// The field of the notes about the tie-break rules' edition.
pub const EDITION_FIELD: &str = "edition";

/// Where the first game of round `round` without a result is: the earliest line
/// among them (the first player's when the input has no lines).
fn first_pending(t: &Tournament, round: usize, at: &dyn diag::Locator) -> Location {
    let pending = t
        .players
        .iter()
        .filter(|p| matches!(p.rounds.get(round - 1), Some(RoundEntry::Pending { .. })))
        .map(|p| p.id.0);
    pending
        .min_by_key(|&id| at.round_line(id, round).unwrap_or(usize::MAX))
        .map(|id| Location::of_round(at, id, round))
        .unwrap_or_default()
}

/// The tie-break list of a round robin. Without a list, DE, WIN, SB, KS: the
/// last order FIDE recommended for individual round robins (C.02 13.16),
/// and no tie-break of the Buchholz family, which C.07 (2026) rules out
/// for round robins (C.07 2023-2024 give no default: art. 2.1 and 4.1.1
/// leave the list to the organiser and the chief arbiter). A Buchholz-family
/// tie-break asked for a round robin under the 2026 rules gets a warning.
/// The tie-breaks of C.07 art. 10 that read opponents' ratings.
fn reads_opponent_ratings(c: &Code) -> bool {
    matches!(
        c,
        Code::Aro | Code::Tpr | Code::Ptp | Code::Apro | Code::Appo
    )
}

/// C.07 art. 10: a tie-break on ratings is not used with unrated opponents
/// unless the regulations fix a rating for them. The rating of `unrated`
/// (`--unrated`, the profile's `unrated_rating`) goes to every rating code
/// without its own `/Unnnn`; a code still without one that meets an unrated
/// opponent over the board in the rounds counted gets a warning naming how
/// many players it concerns (they are left out of the averages).
fn unrated_specs(
    t: &Tournament,
    mut specs: Vec<TieBreakSpec>,
    rounds: usize,
    unrated: Option<u16>,
    notes: &mut Vec<Diagnostic>,
) -> Vec<TieBreakSpec> {
    for s in &mut specs {
        if s.unrated_rating.is_none() && (reads_opponent_ratings(&s.code) || s.code == Code::Rtng) {
            s.unrated_rating = unrated;
        }
    }
    let without: Vec<String> = specs
        .iter()
        .filter(|s| reads_opponent_ratings(&s.code) && s.unrated_rating.is_none())
        .map(ToString::to_string)
        .collect();
    if without.is_empty() {
        return specs;
    }
    let unrated_ids: std::collections::HashSet<_> = t
        .players
        .iter()
        .filter(|p| p.rating.is_none())
        .map(|p| p.id)
        .collect();
    let concerned = t
        .players
        .iter()
        .filter(|p| {
            p.rounds.iter().take(rounds).any(|e| {
                matches!(e, RoundEntry::Played { .. } | RoundEntry::Unknown { .. })
                    && e.opponent().is_some_and(|o| unrated_ids.contains(&o))
            })
        })
        .count();
    if concerned > 0 {
        note(
            notes,
            codes::TIEBREAK_UNRATED,
            TIEBREAKS_FIELD,format!(
                "{}: {concerned} player(s) met unrated opponents, left out of the averages; C.07 art. 10 uses such a tie-break only where the regulations fix a rating for unrated players: give it with --unrated N, the profile's unrated_rating or /Unnnn on the code",
                without.join(", ")
            ),
        );
    }
    specs
}

fn round_robin_specs(
    specs: Vec<TieBreakSpec>,
    round_robin: bool,
    edition: TiebreakEdition,
    notes: &mut Vec<Diagnostic>,
) -> Vec<TieBreakSpec> {
    if !round_robin {
        return specs;
    }
    if specs.is_empty() {
        let list: Vec<TieBreakSpec> = ["DE", "WIN", "SB", "KS"]
            .iter()
            .filter_map(|c| TieBreakSpec::parse(c).ok())
            .collect();
        note(
            notes,
            codes::TIEBREAK_ROUND_ROBIN,
            TIEBREAKS_FIELD,"round robin without a tie-break list: DE, WIN, SB, KS (FIDE's recommended order for individual round robins, C.02 13.16; no Buchholz)".into(),
        );
        return list;
    }
    if edition == TiebreakEdition::C07_2026 {
        let bh: Vec<String> = specs
            .iter()
            .filter(|s| {
                matches!(
                    s.code.evaluator(),
                    Evaluator::Buchholz | Evaluator::ForeBuchholz | Evaluator::AverageOfBuchholz
                )
            })
            .map(|s| s.to_string())
            .collect();
        if !bh.is_empty() {
            note(
                notes,
                codes::TIEBREAK_ROUND_ROBIN,
                TIEBREAKS_FIELD,format!(
                    "{} belong to the Buchholz family, which C.07 (2026) does not use in round robins; computed as asked",
                    bh.join(", ")
                ),
            );
        }
    }
    specs
}

/// Whether the pairings look like a round robin: every player scheduled against every
/// other one exactly once (or the event type says so, or the model recognises
/// one: [`Tournament::round_robin`]).
fn detect_round_robin(t: &Tournament, rounds: usize) -> bool {
    if t.round_robin().is_some() {
        return true;
    }
    let ty = t.info.tournament_type.to_ascii_lowercase();
    if ty.contains("robin") || ty.contains("berger") {
        return true;
    }
    // A declared Swiss stays one where a small field met everyone (bbpPairings writes
    // `092 FIDE_DUTCH_2025`: 8 players in 7 rounds); its unplayed games follow C.07
    // art. 16, not the round robin's 15.2.
    if t.declares_swiss() {
        return false;
    }
    let n = t.players.len();
    if n < 3 || rounds + 1 < n {
        return false;
    }
    t.players.iter().all(|p| {
        let mut opps: Vec<PlayerId> = p.rounds.iter().filter_map(|e| e.opponent()).collect();
        opps.sort();
        opps.dedup();
        opps.len() == n - 1
    })
}

/// The value of `spec` for player `i`, computed by the module its registry entry names.
fn eval(ctx: &Ctx, spec: &TieBreakSpec, i: usize, ex: Option<&mut Vec<String>>) -> Option<Value> {
    match spec.code.evaluator() {
        Evaluator::Buchholz => buchholz::sum(ctx, spec, i, Basis::Final, false, ex),
        Evaluator::ForeBuchholz => buchholz::sum(ctx, spec, i, Basis::Fore, false, ex),
        Evaluator::AverageOfBuchholz => buchholz::aob(ctx, spec, i, ex),
        Evaluator::SonnebornBerger => sonneborn::sb(ctx, spec, i, ex),
        Evaluator::Koya => sonneborn::ks(ctx, spec, i, ex),
        Evaluator::Rating => rating::eval(ctx, spec, i, ex),
        Evaluator::DirectEncounter => None,
        Evaluator::Own => own::eval(ctx, spec, i, ex),
    }
}

fn cmp_values(a: Option<Value>, b: Option<Value>, ascending: bool) -> Ordering {
    // Better first; undefined values last.
    match (a, b) {
        (Some(x), Some(y)) => {
            if ascending {
                x.cmp(&y)
            } else {
                y.cmp(&x)
            }
        }
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// Rank `members` by points, then each tie-break in turn on the groups still tied
/// (C.07 art. 4.2). DE values are written into `cols` for the groups it was applied to.
fn order(
    ctx: &Ctx,
    specs: &[TieBreakSpec],
    cols: &mut [Vec<Option<Value>>],
    members: &[usize],
    explain: Option<usize>,
    de_log: &mut [Vec<String>],
) -> Vec<Vec<usize>> {
    let mut sorted = members.to_vec();
    sorted.sort_by(|&a, &b| {
        let (pa, pb) = (ctx.players[a].score, ctx.players[b].score);
        pb.cmp(&pa).then(a.cmp(&b))
    });
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in sorted {
        match groups.last_mut() {
            Some(g) if g.first().map(|&f| ctx.players[f].score) == Some(ctx.players[i].score) => {
                g.push(i)
            }
            _ => groups.push(vec![i]),
        }
    }
    for (k, spec) in specs.iter().enumerate() {
        let mut next = Vec::with_capacity(groups.len());
        for g in groups {
            if g.len() == 1 {
                next.push(g);
                continue;
            }
            if spec.code == Code::De {
                let mut lines = Vec::new();
                let parts = direct::split(ctx, spec, &g, &mut lines);
                let separated = parts.len() > 1;
                let mut place = 1u32;
                for part in &parts {
                    for &i in part {
                        if let Some(c) = cols.get_mut(k).and_then(|c| c.get_mut(i)) {
                            *c = Some(Value::int(if separated { i64::from(place) } else { 0 }));
                        }
                    }
                    place += part.len() as u32;
                }
                if let Some(x) = explain {
                    if g.contains(&x) {
                        if let Some(l) = de_log.get_mut(k) {
                            l.extend(lines);
                        }
                    }
                }
                next.extend(parts);
                continue;
            }
            let col = &cols[k];
            let asc = spec.code.ascending();
            let mut g = g;
            g.sort_by(|&a, &b| cmp_values(col[a], col[b], asc).then(a.cmp(&b)));
            let mut cur: Vec<usize> = Vec::new();
            for i in g {
                if let Some(&f) = cur.first() {
                    if col[f] != col[i] {
                        next.push(std::mem::take(&mut cur));
                    }
                }
                cur.push(i);
            }
            if !cur.is_empty() {
                next.push(cur);
            }
        }
        groups = next;
    }
    groups
}

/// Standings of `t` per `opts`: rows in rank order, per-category rankings, and the
/// working for `opts.explain`. Re-exported as `chess_arbiter::standings`.
///
/// ```
/// use chess_arbiter::formats::trf;
/// use chess_arbiter::standings::Value;
/// use chess_arbiter::{standings, PlayerId, Points, StandingsOptions, TieBreakSpec};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// // Two rounds: 1 beats 2 and 3, 3 and 4 draw, 2 beats 4.
/// let text = "\\
/// 012 Club championship
/// 001    1      Player 0001                       2591                             2.0          2 w 1     3 b 1
/// 001    2      Player 0002                       2229                             1.0          1 b 0     4 w 1
/// 001    3      Player 0003                       1840                             0.5          4 w =     1 w 0
/// 001    4      Player 0004                       1752                             0.5          3 b =     2 b 0
/// ";
/// let t = trf::read(text.as_bytes(), &trf::ReadOptions::default())?.tournament;
/// let opts = StandingsOptions::new().tiebreaks(vec![TieBreakSpec::parse("BH")?]);
/// let table = standings(&t, &opts)?;
/// assert_eq!(table.after_round, 2);
/// assert_eq!(table.rows[0].points, Points::tenths(20));
/// // 3 and 4 have 0.5 each; Buchholz (C.07 art. 8.1) puts 3 first: its
/// // opponents scored 2.5, 4's 1.5.
/// let order: Vec<PlayerId> = table.rows.iter().map(|r| r.player).collect();
/// assert_eq!(order, [PlayerId(1), PlayerId(2), PlayerId(3), PlayerId(4)]);
/// assert_eq!(table.rows[2].tiebreaks[0], Some(Value::tenths(25)));
/// # Ok(())
/// # }
/// ```
pub fn compute(t: &Tournament, opts: &StandingsOptions) -> Result<Standings, StandingsError> {
    compute_located(t, opts, &diag::NoSource)
}

/// [`compute`], its notes located where `at` (the reader's locator) puts the fact:
/// games without results at the first such game's record or board row, and
/// each per-game note at its round. Notes about the whole file (no event date, no
/// tie-breaks) carry no place; the caller names the file ([`Diagnostic::in_file`]).
pub fn compute_located(
    t: &Tournament,
    opts: &StandingsOptions,
    at: &dyn diag::Locator,
) -> Result<Standings, StandingsError> {
    let mut notes = Vec::new();
    let available = t.rounds_recorded();
    let rounds = match opts.after_round {
        Some(r) if r as usize > available => {
            return Err(StandingsError::Round {
                requested: r,
                available: available as u32,
            })
        }
        Some(r) => r as usize,
        None => {
            let pending = t.players.iter().any(|p| {
                matches!(
                    available.checked_sub(1).and_then(|i| p.rounds.get(i)),
                    Some(RoundEntry::Pending { .. })
                )
            });
            if pending && available > 0 {
                notes.push(Diagnostic::warning(
                    codes::RESULT_MISSING,
                    Family::Engine,
                    first_pending(t, available, at),
                    format!(
                        "round {available} has games without results; standings after round {}",
                        available - 1
                    ),
                ));
                available - 1
            } else {
                available
            }
        }
    };
    let (edition, edition_source) = match opts.edition {
        Some(e) => (e, EditionSource::Requested),
        None => match t.info.start_date.or(t.info.end_date) {
            Some(d) => (
                TiebreakEdition::for_date(d),
                EditionSource::EventDate { date: d },
            ),
            None => {
                note(
                    &mut notes,
                    codes::EDITION_ASSUMED,
                    EDITION_FIELD,"the file gives no event date: tie-breaks follow the rules in force now (2026); choose an edition to change this".into(),
                );
                (TiebreakEdition::C07_2026, EditionSource::NoDate)
            }
        },
    };
    let specs: Vec<TieBreakSpec> = if opts.tiebreaks.is_empty() {
        t.tiebreaks
            .iter()
            .map(|s| {
                TieBreakSpec::parse(s).map_err(|e| StandingsError::FileTieBreak {
                    entry: s.clone(),
                    reason: e.to_string(),
                })
            })
            .collect::<Result<_, _>>()?
    } else {
        opts.tiebreaks.clone()
    };
    let round_robin = opts
        .round_robin
        .unwrap_or_else(|| detect_round_robin(t, rounds));
    let specs = round_robin_specs(specs, round_robin, edition, &mut notes);
    let specs = unrated_specs(t, specs, rounds, opts.unrated_rating, &mut notes);
    if specs.is_empty() {
        note(
            &mut notes,
            codes::NO_TIEBREAKS,
            TIEBREAKS_FIELD,"no tie-breaks given (neither by the file nor by --tiebreaks or the profile): players with equal points share their place".into(),
        );
    }
    let mut custom = opts.custom.clone();
    for b in CustomTieBreak::builtins() {
        if !custom.iter().any(|c| c.code.eq_ignore_ascii_case(&b.code)) {
            custom.push(b);
        }
    }
    for s in &specs {
        match &s.code {
            Code::Other(name) => {
                if !custom.iter().any(|c| c.code.eq_ignore_ascii_case(name)) {
                    return Err(StandingsError::TieBreak(format!(
                        "expected a definition for self-defined tie-break {name}, found none"
                    )));
                }
            }
            c => {
                if let Some(info) = registry::lookup(c) {
                    if info.since > edition {
                        note(
                            &mut notes,
                            codes::TIEBREAK_EDITION,
                            TIEBREAKS_FIELD,
                            format!(
                                "{} is defined from the {} edition; computed anyway under {}",
                                info.acronym, info.since, edition
                            ),
                        );
                    }
                }
            }
        }
    }
    // C.07 art. 14: /Cn cuts the n least significant values, /Mn the n least and
    // the n most significant, one value per round. Cuts of every round leave nothing.
    for s in &specs {
        let cuts = usize::from(s.cut_low) + usize::from(s.cut_high);
        if cuts > 0 && rounds > 0 && cuts >= rounds {
            note(
                &mut notes,
                codes::TIEBREAK_CUTS_ALL,
                TIEBREAKS_FIELD,format!(
                    "{s} cuts {cuts} values per player, but the standings count {rounds} rounds: every value is cut and the tie-break separates nobody"
                ),
            );
        }
    }
    if edition == TiebreakEdition::C07_2023 {
        let differs: Vec<String> = specs
            .iter()
            .filter(|s| {
                s.code == Code::Rep
                    || (matches!(s.code, Code::Bh | Code::Fb | Code::Sb) && s.cut_low > 0)
            })
            .map(|s| s.to_string())
            .collect();
        if !differs.is_empty() {
            note(
                &mut notes,
                codes::TIEBREAK_EDITION,
                TIEBREAKS_FIELD,format!(
                    "edition 2023 covers the Sep 2023, Apr 2024 and Aug 2024 texts; {} follow the Aug 2024 wording (VUR definition, SB cut by smallest product among equal opponent scores, GE named REP)",
                    differs.join(", ")
                ),
            );
        }
    }
    let ctx = Ctx::build(t, rounds, edition, round_robin, &custom, at, &mut notes);
    let n = ctx.len();

    let explain_idx = match opts.explain {
        Some(id) => Some(
            t.players
                .iter()
                .position(|p| p.id == id)
                .ok_or_else(|| StandingsError::UnknownPlayer(id.to_string()))?,
        ),
        None => None,
    };

    let mut cols: Vec<Vec<Option<Value>>> = specs
        .iter()
        .map(|s| {
            if s.code == Code::De {
                vec![Some(Value::ZERO); n]
            } else {
                (0..n).map(|i| eval(&ctx, s, i, None)).collect()
            }
        })
        .collect();
    let mut de_log = vec![Vec::new(); specs.len()];
    let all: Vec<usize> = (0..n).collect();
    let mut groups = order(&ctx, &specs, &mut cols, &all, explain_idx, &mut de_log);

    let mut rows = Vec::with_capacity(n);
    let mut rank_of = vec![0u32; n];
    let mut pos = 1u32;
    for g in groups.iter_mut() {
        let shared = g.len() > 1;
        let by_lot = shared && opts.lot_seed.is_some();
        if let (true, Some(seed)) = (by_lot, opts.lot_seed) {
            // The lot of each tied group has its own stream, from the seed and
            // the group's first place: the same seed draws the same lots.
            crate::model::random::Seeded::new(seed ^ u64::from(pos)).shuffle(g);
        }
        for (k, &i) in g.iter().enumerate() {
            let rank = if by_lot { pos + k as u32 } else { pos };
            rank_of[i] = rank;
            rows.push(Row {
                rank,
                player: t.players[i].id,
                points: ctx.players[i].score,
                tiebreaks: cols.iter().map(|c| c[i]).collect(),
                shared: shared && !by_lot,
                by_lot,
            });
        }
        pos += g.len() as u32;
    }

    // Categories.
    let mut categories = Vec::with_capacity(opts.categories.len());
    if !opts.categories.is_empty() {
        let reference = opts.reference_date.or(t.info.start_date);
        for cat in &opts.categories {
            let needs_date = cat.under.is_some() || cat.at_least.is_some();
            let date = match reference {
                Some(d) => d,
                None if needs_date => {
                    return Err(StandingsError::NoReferenceDate(cat.name.clone()))
                }
                None => NaiveDate::MIN,
            };
            let members: Vec<usize> = groups
                .iter()
                .flatten()
                .copied()
                .filter(|&i| cat.admits(&t.players[i], date))
                .collect();
            let mut crow = Vec::with_capacity(members.len());
            match opts.category_mode {
                CategoryMode::Filter => {
                    for (k, &i) in members.iter().enumerate() {
                        let better = members[..k]
                            .iter()
                            .filter(|&&j| rank_of[j] < rank_of[i])
                            .count();
                        crow.push(CategoryRow {
                            rank: better as u32 + 1,
                            player: t.players[i].id,
                            overall_rank: rank_of[i],
                            tiebreaks: None,
                        });
                    }
                }
                CategoryMode::ReapplyDirectEncounter => {
                    let mut ccols = cols.clone();
                    let mut log = vec![Vec::new(); specs.len()];
                    let cg = order(&ctx, &specs, &mut ccols, &members, None, &mut log);
                    let mut p = 1u32;
                    for g in cg {
                        for &i in &g {
                            crow.push(CategoryRow {
                                rank: p,
                                player: t.players[i].id,
                                overall_rank: rank_of[i],
                                tiebreaks: Some(ccols.iter().map(|c| c[i]).collect()),
                            });
                        }
                        p += g.len() as u32;
                    }
                }
            }
            categories.push(CategoryStandings {
                name: cat.name.clone(),
                names: cat.names.clone(),
                rows: crow,
            });
        }
        let date = reference.unwrap_or(NaiveDate::MIN);
        for c in category::registration_conflicts(&opts.categories, &t.players, date) {
            let who = t
                .player(c.player)
                .map(|p| format!("{} ({})", p.name, p.id))
                .unwrap_or_else(|| c.player.to_string());
            // At the player's record, on the birth date the category contradicts.
            let line = at.player_line(c.player.0);
            notes.push(Diagnostic::warning(
                codes::REGISTRATION_BIRTH_DATE,
                Family::Engine,
                Location {
                    file: at.player_file(c.player.0),
                    line,
                    cols: line.and(at.cols(diag::PlayerField::BirthDate)),
                    field: Some(format!("player {} birth date", c.player.0)),
                },
                format!(
                    "{who} is registered as {} but the birth date is outside {}: ranked in the registered category",
                    c.registered,
                    c.categories.join(", ")
                ),
            ));
        }
    }

    let explanation = explain_idx.map(|i| {
        let items = specs
            .iter()
            .enumerate()
            .map(|(k, s)| {
                let mut lines = Vec::new();
                let value = cols[k][i];
                if s.code == Code::De {
                    lines = de_log[k].clone();
                    if lines.is_empty() {
                        lines.push("not tied with anybody when DE was applied".into());
                    }
                } else {
                    eval(&ctx, s, i, Some(&mut lines));
                }
                ExplainItem {
                    tiebreak: s.to_string(),
                    value,
                    lines,
                }
            })
            .collect();
        let p = &ctx.players[i];
        Explanation {
            player: t.players[i].id,
            rank: rank_of[i],
            points: p.score,
            rounds: p
                .slots
                .iter()
                .enumerate()
                .map(|(k, s)| format!("R{}: {}", k + 1, s.describe(&ctx)))
                .collect(),
            items,
        }
    });

    let labels: Vec<TieBreakLabel> = specs.iter().map(|s| s.label(&custom)).collect();
    let tiebreak_names = labels.iter().map(|l| l.full.clone()).collect();
    let tiebreak_short = labels.into_iter().map(|l| l.short).collect();
    Ok(Standings {
        edition,
        edition_source,
        after_round: rounds as u32,
        round_robin,
        tiebreaks: specs,
        tiebreak_names,
        tiebreak_short,
        rows,
        categories,
        notes,
        explanation,
    })
}

/// Find a player by starting rank or (case-insensitive, unique) name fragment.
pub fn find_player(t: &Tournament, query: &str) -> Result<PlayerId, StandingsError> {
    let q = query.trim();
    if let Ok(n) = q.parse::<u32>() {
        if t.players.iter().any(|p| p.id.0 == n) {
            return Ok(PlayerId(n));
        }
    }
    let lower = q.to_lowercase();
    let hits: Vec<&crate::model::Player> = t
        .players
        .iter()
        .filter(|p| p.name.to_lowercase().contains(&lower))
        .collect();
    match hits.as_slice() {
        [one] => Ok(one.id),
        _ => Err(StandingsError::UnknownPlayer(q.to_string())),
    }
}

#[cfg(test)]
mod tests;
