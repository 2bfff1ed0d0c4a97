//! Rating changes of one event under B.02, per player and per game.

use chrono::{Datelike, NaiveDate};
use serde::Serialize;
use std::collections::BTreeMap;

use super::edition::{playing_time, Kind, RatingRules};
use super::fide_list::{list_k, list_kind, report_name, standard_stand_ins, with_list_ratings};
use crate::model::b02::{dp, hundredths_half_up, pd};
use crate::model::fide_list::{FideList, ListMonth};
use crate::model::{Outcome, Player, PlayerId, RoundEntry, Tournament};

/// What the caller decides; everything else comes from the tournament.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct RatingOptions {
    /// The B.02 edition; `None` chooses it by the event's end date.
    pub rules: Option<RatingRules>,
    /// Standard, rapid or blitz; `None` reads it from the time control.
    pub kind: Option<Kind>,
    /// K factors known from elsewhere (a players file), by starting rank.
    /// They take precedence over the file's K labels.
    pub k_factors: BTreeMap<PlayerId, u32>,
    /// The players of the published FIDE rating list: their ratings of the
    /// event's kind replace the file's, their K factors the assumed ones
    /// (the `k_factors` above still win).
    pub fide_list: Option<FideList>,
}

options!(RatingOptions { rules: Option<RatingRules>, kind: Option<Kind>, k_factors: BTreeMap<PlayerId, u32>, fide_list: Option<FideList> });

/// The FIDE list a report used.
#[derive(Debug, Clone, Serialize)]
pub struct ListUsed {
    /// The list's month, when known.
    pub month: Option<ListMonth>,
    /// Players of the file found in the list.
    pub players_found: usize,
}

/// How a setting was chosen, stated in every report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Given on the command line / in the options.
    Given,
    /// Read from the file (the date or record named).
    File(String),
    /// Nothing to go by: a default was assumed.
    Assumed(String),
}

/// The rating report of one event.
#[derive(Debug, Clone, Serialize)]
pub struct RatingReport {
    /// The B.02 edition the changes follow.
    pub rules: RatingRules,
    /// How the edition was chosen (given, by the event's end date, or assumed).
    pub rules_source: Source,
    /// Standard, rapid or blitz: which rating the event changes.
    pub kind: Kind,
    /// How the kind was chosen (given, from the time control, or assumed).
    pub kind_source: Source,
    /// Everything the computation had to assume, in plain words.
    pub assumptions: Vec<String>,
    /// The FIDE list the ratings and K factors came from, if one was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fide_list: Option<ListUsed>,
    /// One line per player, in starting-rank order.
    pub players: Vec<PlayerRating>,
}

/// Why a player has the K factor shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum KReason {
    /// Given by the file's K column or the options.
    Given,
    /// B.02 §8.3.3: rated 2400 or more (published, so permanently 10).
    Rated2400,
    /// B.02 §8.3.3: until the end of the year of the 18th birthday, rating below 2300.
    Junior,
    /// B.02 §8.3.3: rated below 2400, at least 30 games assumed.
    Below2400,
    /// Published in the FIDE rating list for the event's kind.
    FideList,
}

impl KReason {
    /// The reason in words, for reports (`rated 2400 or more`).
    pub fn describe(self) -> &'static str {
        match self {
            KReason::Given => "given in the input",
            KReason::Rated2400 => "rated 2400 or more",
            KReason::Junior => "junior (18 or younger this year) rated below 2300",
            KReason::Below2400 => "rated below 2400 (30 or more games assumed)",
            KReason::FideList => "from the FIDE list",
        }
    }
}

/// The K factor used for one player.
#[derive(Debug, Clone, Serialize)]
pub struct KFactor {
    /// K before the 700 cap.
    pub base: u32,
    /// K used: `base`, or the largest K with K × games ≤ 700 (B.02 §8.3.3).
    pub used: u32,
    /// Why the player has this base K.
    pub reason: KReason,
    /// True when the 700 cap lowered K.
    pub capped: bool,
    /// True when K was not given but worked out from rating and birth date.
    pub assumed: bool,
}

/// One rated game of a player.
#[derive(Debug, Clone, Serialize)]
pub struct GameDetail {
    /// The round (1-based).
    pub round: u32,
    /// The opponent's starting rank.
    pub opponent: u32,
    /// The opponent's rating used (the FIDE list's when one was given).
    pub opponent_rating: u16,
    /// 1, 0.5 or 0.
    pub result: f64,
    /// Own rating minus the opponent's (rated players only).
    pub d: Option<i32>,
    /// D after the 400-point rule.
    pub d_used: Option<i32>,
    /// Expected score from table 8.1.2.
    pub pd: Option<f64>,
    /// ΔR = result − PD.
    pub delta: Option<f64>,
    /// K × (result − PD), unrounded (rated players only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub change: Option<f64>,
}

/// A round that did not count, and why.
#[derive(Debug, Clone, Serialize)]
pub struct Excluded {
    /// The round (1-based).
    pub round: u32,
    /// The opponent's starting rank, when the round had an opponent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opponent: Option<u32>,
    /// Why the round does not count (a forfeit, a bye, an unrated opponent, the 600-point rule
    /// ...).
    pub reason: String,
}

/// The initial rating of a player who had none (B.02 §8.2).
#[derive(Debug, Clone, Serialize)]
pub struct InitialRating {
    /// Ru, the rating the games of this event give.
    pub rating: i32,
    /// Ra, the average the formula uses (with the fictitious 1800s in 2024).
    pub average: f64,
    /// p looked up in table 8.1.1, rounded to hundredths.
    pub p: f64,
    /// dp, the rating difference for `p`: table 8.1.1 (in the 2022 edition 20 per half point
    /// above 50%).
    pub dp: i32,
    /// Games against rated opponents.
    pub games: u32,
    /// Whether these games alone allow publication (at least 5 games and the
    /// rating floor); otherwise the figure is a performance so far.
    pub publishable: bool,
    /// What the figure means: publishable, a performance so far (B.02 §7.1.4), below the rating
    /// floor, capped at 2200 (§8.2.3).
    pub note: String,
}

/// One player's line of the report.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerRating {
    /// The player's starting rank.
    pub start_rank: u32,
    /// The player's name as FIDE knows it: the FIDE list's name when the
    /// list has the player, else the Latin form of a name written in
    /// characters FIDE's report cannot carry (`陳美玲, Chen Mei-Ling` is
    /// `Chen, Mei-Ling`), else the file's name.
    pub name: String,
    /// The name as the file writes it, when `name` is another.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name_in_file: Option<String>,
    /// The player's FIDE id, when the file gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<String>,
    /// Ro, the rating used; `null` when unrated.
    pub rating: Option<u16>,
    /// K used; `null` for unrated players.
    pub k: Option<u32>,
    /// How K was chosen (base, cap, reason), for rated players.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub k_detail: Option<KFactor>,
    /// Rated games.
    pub games: u32,
    /// W, the score in rated games.
    pub score: f64,
    /// We, the sum of PD over the rated games (`null` for unrated players).
    pub expected: Option<f64>,
    /// K × (W − We), unrounded; 0 for unrated players.
    pub change: f64,
    /// The change rounded half away from zero (B.02 §8.3.4).
    pub change_rounded: i32,
    /// The rating after the event (for unrated players, the initial rating).
    pub new_rating: Option<i32>,
    /// The initial rating worked out from this event (B.02 §8.2), for an unrated player with
    /// rated opponents.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initial: Option<InitialRating>,
    /// Rating performance over the rated games: Ra + dp(p).
    pub performance: Option<i32>,
    /// Each rated game with its D, PD and change.
    pub games_detail: Vec<GameDetail>,
    /// The rounds that did not count, with why.
    pub excluded: Vec<Excluded>,
}

/// The first day of the 600-point rule in rapid and blitz. FIDE Rating
/// Regulations for Rapid and Blitz (handbook.fide.com/chapter/B02RBRegulations2024,
/// in force 1 Mar 2024), art. 7.3.1, after the 400-point sentence: "Effective
/// from 1 December 2024: games played between players with a rating
/// difference of 600 points or more shall not be rated if at least one of the
/// players is rated above 2600 on the relevant list" (the rapid or the blitz
/// list). The standard regulations (B.02 2024 and its 1 Oct 2025 amendment
/// of §8.3.1) have no such rule.
///
/// The October 2025 exemption from the 400-point cap for players from 2650
/// amends art. 8.3.1 of the standard regulations only: art. 7.3.1 of the
/// rapid and blitz regulations still reads "a difference in rating of more
/// than 400 points shall be counted for rating purposes as though it were a
/// difference of 400 points", for everyone, so [`capped_d`] exempts standard
/// games alone.
fn rb_600_rule_start() -> NaiveDate {
    NaiveDate::from_ymd_opt(2024, 12, 1).unwrap_or_default()
}

/// Round a value in hundredths to an integer, half away from zero.
fn round_hundredths(v: i64) -> i64 {
    let q = (v.abs() + 50) / 100;
    if v < 0 {
        -q
    } else {
        q
    }
}

fn hundredths_f(v: i64) -> f64 {
    v as f64 / 100.0
}

/// Score of an outcome in hundredths.
fn outcome_hundredths(o: Outcome) -> i64 {
    match o {
        Outcome::Win => 100,
        Outcome::Draw => 50,
        Outcome::Loss => 0,
    }
}

/// B.02 §8.3.1 and its editions (B.02 R&B 2024 art. 7.3.1 for rapid and
/// blitz, which keeps the 400 cap for everyone): the D used for the table
/// look-up.
/// `cap_allowed` says whether the cap applies to this game (the 2022 edition
/// limits the upgrade of the higher-rated player to one game per event).
pub(crate) fn capped_d(d: i32, own: u16, edition: RatingRules, kind: Kind) -> i32 {
    if d.abs() <= 400 {
        return d;
    }
    let exempt = kind == Kind::Standard && edition == RatingRules::B2025Oct && own >= 2650;
    if exempt {
        d
    } else {
        d.clamp(-400, 400)
    }
}

/// The K factors B.02 §8.3.3 gives before the 700 cap: 40, 20 and 10. The
/// rapid and blitz regulations (B.02 R&B 2024) use the same K rules as the
/// standard list, which is also what [`compute`] applies to every kind. A K
/// below these that comes from the 700 cap (`cap_k`) is computed from the
/// games, never given.
pub fn allowed_k(_kind: Kind) -> &'static [u32] {
    &[40, 20, 10]
}

/// B.02 §8.3.3: the largest K with K × n ≤ 700.
pub(crate) fn cap_k(k: u32, games: u32) -> u32 {
    if games == 0 || k * games <= 700 {
        k
    } else {
        700 / games
    }
}

struct Context {
    kind: Kind,
    end: Option<NaiveDate>,
}

/// The date a round was played: the `132` date, else the end date.
fn round_date(t: &Tournament, round: usize, end: Option<NaiveDate>) -> Option<NaiveDate> {
    t.info
        .round_dates
        .get(round.wrapping_sub(1))
        .copied()
        .flatten()
        .or(end)
}

/// A rated game as the calculation sees it, before the 400-point rule.
struct RawGame {
    round: u32,
    opponent: PlayerId,
    opponent_rating: u16,
    result_h: i64,
}

/// Split a player's rounds into rated games and excluded rounds (B.02 §5,
/// §8.3.1, B.02 R&B 2024 art. 7.3.1 600-point rule).
fn classify(t: &Tournament, p: &Player, ctx: &Context) -> (Vec<RawGame>, Vec<Excluded>) {
    let mut games = Vec::new();
    let mut excluded = Vec::new();
    for (i, e) in p.rounds.iter().enumerate() {
        let round = (i + 1) as u32;
        let mut skip = |opponent: Option<PlayerId>, reason: &str| {
            excluded.push(Excluded {
                round,
                opponent: opponent.map(|o| o.0),
                reason: reason.to_string(),
            })
        };
        match *e {
            RoundEntry::Played {
                opponent,
                outcome,
                short,
                ..
            } => {
                if short {
                    skip(Some(opponent), "game lasted less than one move (B.02 §5)");
                    continue;
                }
                let Some(opp) = t.player(opponent) else {
                    skip(Some(opponent), "opponent not in the file");
                    continue;
                };
                let Some(or) = opp.rating else {
                    skip(Some(opponent), "opponent unrated (B.02 §8.3.1, §8.2.2)");
                    continue;
                };
                if ctx.kind != Kind::Standard {
                    if let (Some(own), Some(date)) = (p.rating, round_date(t, i + 1, ctx.end)) {
                        if date >= rb_600_rule_start()
                            && own.abs_diff(or) >= 600
                            && own.max(or) > 2600
                        {
                            skip(
                                Some(opponent),
                                "600 or more points apart with a player above 2600 (B.02 R&B 2024 art. 7.3.1, from 1 Dec 2024)",
                            );
                            continue;
                        }
                    }
                }
                games.push(RawGame {
                    round,
                    opponent,
                    opponent_rating: or,
                    result_h: outcome_hundredths(outcome),
                });
            }
            RoundEntry::Unknown { opponent, .. } => {
                skip(Some(opponent), "result unknown, cannot be rated")
            }
            RoundEntry::Pending { opponent, .. } => skip(Some(opponent), "result not entered yet"),
            RoundEntry::Forfeit { opponent, .. } => {
                skip(Some(opponent), "forfeit, not played (B.02 §5)")
            }
            RoundEntry::Bye { bye } => skip(
                None,
                match bye {
                    crate::model::ByeKind::PairingAllocated => "pairing-allocated bye (B.02 §5)",
                    crate::model::ByeKind::Half => "half-point bye (B.02 §5)",
                    crate::model::ByeKind::Full => "full-point bye (B.02 §5)",
                    crate::model::ByeKind::Zero => "zero-point bye (B.02 §5)",
                },
            ),
            RoundEntry::NotPaired => skip(None, "not paired"),
            RoundEntry::Free => skip(None, "free in the round-robin schedule"),
        }
    }
    (games, excluded)
}

/// The K label of a player, from the file or the options.
fn given_k(p: &Player, opts: &RatingOptions) -> Option<u32> {
    if let Some(k) = opts.k_factors.get(&p.id) {
        return Some(*k);
    }
    ["k", "K", "k_factor", "K factor", "kfactor"]
        .iter()
        .find_map(|key| p.labels.get(*key))
        .and_then(|v| v.trim().parse::<u32>().ok())
        .filter(|k| *k > 0)
}

/// B.02 §8.3.3: K from what the file says about the player. Precedence:
/// a rating of 2400 or more gives 10; a junior rated below 2300 gets 40; else 20
/// (the number of games played before and a past 2400 rating are not in a TRF
/// and are assumed to be "30 or more" and "never").
pub fn k_factor(
    rating: u16,
    birth_year: Option<i32>,
    event_year: Option<i32>,
    given: Option<u32>,
    games: u32,
) -> KFactor {
    let (base, reason, assumed) = if let Some(k) = given {
        (k, KReason::Given, false)
    } else if rating >= 2400 {
        (10, KReason::Rated2400, true)
    } else if matches!((birth_year, event_year), (Some(b), Some(y)) if y - b <= 18) && rating < 2300
    {
        (40, KReason::Junior, true)
    } else {
        (20, KReason::Below2400, true)
    };
    let used = cap_k(base, games);
    KFactor {
        base,
        used,
        reason,
        capped: used != base,
        assumed,
    }
}

/// B.02 §8.2 (2024): Ra = (Σ Rc + 2 × 1800) / (n + 2), p = (W + 1) / (n + 2),
/// Ru = Ra + dp(p) rounded, at most 2200. B.02 §8.2 (2022): Ra = average of
/// the rated opponents; at 50% Ru = Ra, above it Ra + 20 per half point, below
/// it Ra + dp(p); floor 1000. `score_h` is W in hundredths.
pub(crate) fn initial_rating(
    edition: RatingRules,
    opponents: &[u16],
    score_h: i64,
) -> Option<InitialRating> {
    let n = opponents.len() as i64;
    if n == 0 {
        return None;
    }
    let sum: i64 = opponents.iter().map(|&r| i64::from(r)).sum();
    match edition {
        RatingRules::B2024 | RatingRules::B2025Oct => {
            // p = (W + 1) / (n + 2), W in hundredths
            let p = hundredths_half_up(score_h + 100, (n + 2) * 100);
            let d = dp(p);
            let total = sum + 2 * 1800;
            // Ru = total/(n+2) + dp, rounded half up
            let num = total + i64::from(d) * (n + 2);
            let ru = (2 * num + (n + 2)).div_euclid(2 * (n + 2));
            let capped = ru.min(2200);
            let publishable = n >= 5 && capped >= 1400;
            let mut note = String::new();
            if ru > 2200 {
                note.push_str("capped at 2200 (B.02 §8.2.3); ");
            }
            note.push_str(if publishable {
                "5 or more games against rated opponents: publishable if the rating floor 1400 is reached over the period"
            } else if n < 5 {
                "performance so far: fewer than 5 games against rated opponents (B.02 §7.1.4)"
            } else {
                "below the rating floor 1400: not published"
            });
            Some(InitialRating {
                rating: capped as i32,
                average: total as f64 / (n + 2) as f64,
                p: f64::from(p) / 100.0,
                dp: d,
                games: n as u32,
                publishable,
                note,
            })
        }
        RatingRules::B2022 => {
            let p = hundredths_half_up(score_h, n * 100);
            // half points above 50%: (2W − n), W in hundredths
            let above = (2 * score_h - 100 * n) / 100;
            let (num, den, d) = if 2 * score_h == 100 * n {
                (sum, n, 0)
            } else if 2 * score_h > 100 * n {
                (sum + 20 * above * n, n, (20 * above) as i32)
            } else {
                let d = dp(p);
                (sum + i64::from(d) * n, n, d)
            };
            let ru = (2 * num + den).div_euclid(2 * den);
            let publishable = n >= 5 && ru >= 1000;
            let note = if publishable {
                "5 or more games against rated opponents: publishable if the rating floor 1000 is reached".to_string()
            } else if n < 5 {
                "performance so far: fewer than 5 games against rated opponents (B.02 §7.1.4)"
                    .to_string()
            } else {
                "below the rating floor 1000: not published".to_string()
            };
            Some(InitialRating {
                rating: ru as i32,
                average: sum as f64 / n as f64,
                p: f64::from(p) / 100.0,
                dp: d,
                games: n as u32,
                publishable,
                note,
            })
        }
    }
}

/// Rating performance: the rounded average of the opponents plus dp(p)
/// with p rounded to hundredths (B.01 1.4.9 practice, B.02 table 8.1.1).
pub fn performance(opponents: &[u16], score_h: i64) -> Option<i32> {
    let n = opponents.len() as i64;
    if n == 0 {
        return None;
    }
    let sum: i64 = opponents.iter().map(|&r| i64::from(r)).sum();
    let avg = (2 * sum + n).div_euclid(2 * n);
    let p = hundredths_half_up(score_h, n * 100);
    Some(avg as i32 + dp(p))
}

/// Choose the edition: given, else by end date, else by the last round date.
fn choose_edition(t: &Tournament, opts: &RatingOptions) -> (RatingRules, Source) {
    if let Some(e) = opts.rules {
        return (e, Source::Given);
    }
    if let Some(end) = t.info.end_date {
        return (
            RatingRules::in_force_on(end),
            Source::File(format!("end date {end}")),
        );
    }
    if let Some(last) = t.info.round_dates.iter().flatten().max() {
        return (
            RatingRules::in_force_on(*last),
            Source::File(format!("last round date {last} (no end date)")),
        );
    }
    if let Some(start) = t.info.start_date {
        return (
            RatingRules::in_force_on(start),
            Source::File(format!("start date {start} (no end date)")),
        );
    }
    (
        RatingRules::B2025Oct,
        Source::Assumed("no dates in the file: the current rules are assumed".into()),
    )
}

fn choose_kind(t: &Tournament, opts: &RatingOptions) -> (Kind, Source) {
    if let Some(k) = opts.kind {
        return (k, Source::Given);
    }
    match playing_time(&t.info.encoded_time_control, &t.info.time_control) {
        Some(pt) => match Kind::from_minutes_per_60_moves(pt.minutes) {
            Some(k) => {
                let rec = if pt.exact { "222" } else { "122" };
                (
                    k,
                    Source::File(format!(
                        "time control ({rec}): {} minutes per player for 60 moves",
                        pt.minutes
                    )),
                )
            }
            // Never standard for a control too short for it: 3 minutes or less
            // is below blitz (B.02 R&B 2024 §1), so it is computed as blitz and
            // said to be unratable.
            None => (
                Kind::Blitz,
                Source::Assumed(format!(
                    "time control of {} minutes per player for 60 moves is 3 or less, too short to be rated (B.02 R&B §1): computed as blitz",
                    pt.minutes
                )),
            ),
        },
        None => (
            Kind::Standard,
            Source::Assumed("no readable time control: standard assumed".into()),
        ),
    }
}

/// The kind of play of an event by its time control (record 122/222);
/// standard when it cannot be read.
pub fn event_kind(t: &Tournament) -> Kind {
    choose_kind(t, &RatingOptions::default()).0
}

/// Compute the rating changes of every player of `t`.
pub fn compute(t: &Tournament, opts: &RatingOptions) -> RatingReport {
    let (edition, rules_source) = choose_edition(t, opts);
    let (kind, kind_source) = choose_kind(t, opts);
    let listed = opts
        .fide_list
        .as_ref()
        .map(|l| (l, with_list_ratings(t, l, list_kind(kind))));
    let t = listed.as_ref().map(|(_, (t2, _))| t2).unwrap_or(t);
    let end = t
        .info
        .end_date
        .or_else(|| t.info.round_dates.iter().flatten().max().copied());
    let ctx = Context { kind, end };
    let mut assumptions = Vec::new();
    if let Some((l, _)) = &listed {
        let stand_ins = standard_stand_ins(t, l, list_kind(kind));
        if !stand_ins.is_empty() {
            let who: Vec<String> = stand_ins
                .iter()
                .map(|(id, r)| format!("{} ({r})", id.0))
                .collect();
            assumptions.push(format!(
                "{} player(s) without a {kind} rating in the list play with their standard rating and count as rated (B.02 Rapid and Blitz art. 7.2.1): {}",
                stand_ins.len(),
                who.join(", ")
            ));
        }
        if !l.has(list_kind(kind)) {
            assumptions.push(format!(
                "the FIDE list given has no {kind} ratings: ratings and K from the file"
            ));
        }
        if let (Some(m), Some(start)) = (l.month, t.info.start_date) {
            if (m.year, m.month) != (start.year(), start.month()) {
                assumptions.push(format!(
                    "the FIDE list is of {m}, the event starts {start}: FIDE rates with the list published for the start month"
                ));
            }
        }
    } else if kind != Kind::Standard {
        assumptions.push(format!(
            "the ratings in the file are taken as the {kind} ratings (a player without one counts with the standard rating)"
        ));
    }
    assumptions.push(
        "this event is the player's only event in the rating period (the 700 cap and rounding apply per period)"
            .to_string(),
    );
    let event_year = end.map(|d| d.year());
    let mut any_assumed_k = false;
    let mut players = Vec::with_capacity(t.players.len());
    let mut renamed = Vec::new();
    for p in &t.players {
        let (raw, excluded) = classify(t, p, &ctx);
        let fide_name = report_name(p, listed.as_ref().map(|(l, _)| *l));
        if fide_name.is_some() {
            renamed.push(p.id.0.to_string());
        }
        let opp_ratings: Vec<u16> = raw.iter().map(|g| g.opponent_rating).collect();
        let score_h: i64 = raw.iter().map(|g| g.result_h).sum();
        let n = raw.len() as u32;
        let mut line = PlayerRating {
            start_rank: p.id.0,
            name: fide_name.clone().unwrap_or_else(|| p.name.clone()),
            name_in_file: fide_name.map(|_| p.name.clone()),
            fide_id: p.fide_id.clone(),
            rating: p.rating,
            k: None,
            k_detail: None,
            games: n,
            score: hundredths_f(score_h),
            expected: None,
            change: 0.0,
            change_rounded: 0,
            new_rating: p.rating.map(i32::from),
            initial: None,
            performance: performance(&opp_ratings, score_h),
            games_detail: Vec::new(),
            excluded,
        };
        match p.rating {
            Some(own) => {
                let given = given_k(p, opts);
                let published = listed
                    .as_ref()
                    .and_then(|(l, _)| list_k(l, p.fide_id.as_deref(), list_kind(kind)));
                let mut k = k_factor(
                    own,
                    p.birth.map(|b| b.year),
                    event_year,
                    given.or(published),
                    n,
                );
                if given.is_none() && published.is_some() {
                    k.reason = KReason::FideList;
                }
                any_assumed_k |= k.assumed;
                let details = games_for_rated(own, &raw, edition, kind);
                let we: i64 = details.iter().map(|(_, pdh)| i64::from(*pdh)).sum();
                let change_h = i64::from(k.used) * (score_h - we);
                line.expected = Some(hundredths_f(we));
                line.change = hundredths_f(change_h);
                line.change_rounded = round_hundredths(change_h) as i32;
                line.new_rating = Some(i32::from(own) + line.change_rounded);
                line.games_detail = details
                    .into_iter()
                    .map(|(mut g, pdh)| {
                        let delta_h = (g.result * 100.0).round() as i64 - i64::from(pdh);
                        g.change = Some(hundredths_f(i64::from(k.used) * delta_h));
                        g
                    })
                    .collect();
                line.k = Some(k.used);
                line.k_detail = Some(k);
            }
            None => {
                line.games_detail = games_for_unrated(&raw);
                if score_h == 0 && n > 0 {
                    line.new_rating = None;
                    line.initial = initial_rating(edition, &opp_ratings, score_h).map(|mut i| {
                        i.publishable = false;
                        i.note = "no points against rated opponents: the event is disregarded for a first rating (B.02 §8.2.1)".into();
                        i
                    });
                } else {
                    line.initial = initial_rating(edition, &opp_ratings, score_h);
                    line.new_rating = line.initial.as_ref().map(|i| i.rating);
                }
            }
        }
        players.push(line);
    }
    if !renamed.is_empty() {
        assumptions.push(format!(
            "{} player(s) are reported by the name FIDE knows them by (the FIDE list's, else the Latin form written beside a name in other characters, as Surname, Given), not the file's: {}",
            renamed.len(),
            renamed.join(", ")
        ));
    }
    if any_assumed_k {
        assumptions.push(
            "K factors not in the file were worked out from rating and birth year: 10 at 2400+, 40 for juniors below 2300, else 20 assuming 30 or more earlier games and no past 2400 rating"
                .to_string(),
        );
    }
    RatingReport {
        rules: edition,
        rules_source,
        kind,
        kind_source,
        assumptions,
        fide_list: listed.map(|(l, (_, n))| ListUsed {
            month: l.month,
            players_found: n,
        }),
        players,
    }
}

/// Per-game D, PD and ΔR for a rated player, with the edition's 400-point rule.
fn games_for_rated(
    own: u16,
    raw: &[RawGame],
    edition: RatingRules,
    kind: Kind,
) -> Vec<(GameDetail, u8)> {
    // B.02 (2022) §8.3.1: the higher-rated player benefits from the cap in one
    // game per event only, the one with the largest difference.
    let single_upgrade = if edition == RatingRules::B2022 && kind == Kind::Standard {
        raw.iter()
            .enumerate()
            .filter(|(_, g)| i32::from(own) - i32::from(g.opponent_rating) > 400)
            .max_by_key(|(i, g)| {
                (
                    i32::from(own) - i32::from(g.opponent_rating),
                    usize::MAX - i,
                )
            })
            .map(|(i, _)| i)
    } else {
        None
    };
    raw.iter()
        .enumerate()
        .map(|(i, g)| {
            let d = i32::from(own) - i32::from(g.opponent_rating);
            let d_used = if edition == RatingRules::B2022 && kind == Kind::Standard && d > 400 {
                if single_upgrade == Some(i) {
                    400
                } else {
                    d
                }
            } else {
                capped_d(d, own, edition, kind)
            };
            let pd_h = pd(d_used);
            (
                GameDetail {
                    round: g.round,
                    opponent: g.opponent.0,
                    opponent_rating: g.opponent_rating,
                    result: hundredths_f(g.result_h),
                    d: Some(d),
                    d_used: Some(d_used),
                    pd: Some(f64::from(pd_h) / 100.0),
                    delta: Some(hundredths_f(g.result_h - i64::from(pd_h))),
                    change: None,
                },
                pd_h,
            )
        })
        .collect()
}

/// For an unrated player the games are listed with the opponents' ratings;
/// D, PD and ΔR do not exist (the initial-rating formula uses Ra and p).
fn games_for_unrated(raw: &[RawGame]) -> Vec<GameDetail> {
    raw.iter()
        .map(|g| GameDetail {
            round: g.round,
            opponent: g.opponent.0,
            opponent_rating: g.opponent_rating,
            result: hundredths_f(g.result_h),
            d: None,
            d_used: None,
            pd: None,
            delta: None,
            change: None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{BirthDate, Color};

    /// A tournament from ratings (index 0 = player 1) and games
    /// `(round, white, black, white's outcome)`.
    fn event(ratings: &[Option<u16>], games: &[(usize, u32, u32, Outcome)]) -> Tournament {
        let mut players: Vec<Player> = ratings
            .iter()
            .enumerate()
            .map(|(i, r)| Player {
                id: PlayerId(i as u32 + 1),
                name: format!("Player {}", i + 1),
                rating: *r,
                ..Default::default()
            })
            .collect();
        for &(round, w, b, o) in games {
            for (me, opp, color, out) in
                [(w, b, Color::White, o), (b, w, Color::Black, o.opposite())]
            {
                let p = &mut players[me as usize - 1];
                if p.rounds.len() < round {
                    p.rounds.resize(round, RoundEntry::NotPaired);
                }
                p.rounds[round - 1] = RoundEntry::Played {
                    opponent: PlayerId(opp),
                    color,
                    outcome: out,
                    short: false,
                };
            }
        }
        Tournament {
            players,
            ..Default::default()
        }
    }

    fn opts(e: RatingRules) -> RatingOptions {
        RatingOptions {
            rules: Some(e),
            kind: Some(Kind::Standard),
            ..Default::default()
        }
    }

    /// tiebreaks-ratings.md §3.7 A: 1850 against 1950 (1), 1700 (½), 2100 (0),
    /// 1800 (1), 1300 (1).
    fn example_a() -> Tournament {
        use Outcome::*;
        event(
            &[
                Some(1850),
                Some(1950),
                Some(1700),
                Some(2100),
                Some(1800),
                Some(1300),
            ],
            &[
                (1, 1, 2, Win),
                (2, 3, 1, Draw),
                (3, 1, 4, Loss),
                (4, 5, 1, Loss),
                (5, 1, 6, Win),
            ],
        )
    }

    #[test]
    fn worked_example_a_every_edition() {
        for e in RatingRules::ALL {
            let r = compute(&example_a(), &opts(e));
            let p = &r.players[0];
            assert_eq!(p.k, Some(20), "{e}");
            assert_eq!(p.games, 5);
            assert_eq!(p.score, 3.5);
            assert_eq!(p.expected, Some(2.74), "{e}");
            let pds: Vec<f64> = p.games_detail.iter().filter_map(|g| g.pd).collect();
            assert_eq!(pds, vec![0.36, 0.70, 0.19, 0.57, 0.92], "{e}");
            let deltas: Vec<f64> = p.games_detail.iter().filter_map(|g| g.delta).collect();
            assert_eq!(deltas, vec![0.64, -0.2, -0.19, 0.43, 0.08], "{e}");
            assert_eq!(p.games_detail[4].d, Some(550));
            assert_eq!(p.games_detail[4].d_used, Some(400));
            assert!((p.change - 15.2).abs() < 1e-9, "{e}: {}", p.change);
            assert_eq!(p.change_rounded, 15);
            assert_eq!(p.new_rating, Some(1865));
        }
    }

    #[test]
    fn worked_example_a_junior_k40() {
        let mut t = example_a();
        t.info.end_date = NaiveDate::from_ymd_opt(2024, 6, 30);
        t.players[0].birth = Some(BirthDate {
            year: 2008,
            month: None,
            day: None,
        });
        let r = compute(&t, &opts(RatingRules::B2024));
        let p = &r.players[0];
        assert_eq!(p.k, Some(40));
        assert_eq!(p.k_detail.as_ref().map(|k| k.reason), Some(KReason::Junior));
        assert!((p.change - 30.4).abs() < 1e-9);
        assert_eq!(p.change_rounded, 30);
        assert_eq!(p.new_rating, Some(1880));
    }

    #[test]
    fn worked_example_a_without_cap_would_be_14_2() {
        // The 1300 game is uncapped only by giving it the true table row.
        assert_eq!(pd(550), 97);
        let sum: i64 = [64, -20, -19, 43, 3].iter().sum();
        assert_eq!(sum * 20, 1420);
    }

    /// §3.7 B: 2700 (K 10) against 2200.
    #[test]
    fn worked_example_b_2650_exemption() {
        for (e, win, loss) in [
            (RatingRules::B2025Oct, 0.4, -9.6),
            (RatingRules::B2024, 0.8, -9.2),
            (RatingRules::B2022, 0.8, -9.2),
        ] {
            for (outcome, expect) in [(Outcome::Win, win), (Outcome::Loss, loss)] {
                let t = event(&[Some(2700), Some(2200)], &[(1, 1, 2, outcome)]);
                let r = compute(&t, &opts(e));
                let p = &r.players[0];
                assert_eq!(p.k, Some(10));
                assert!(
                    (p.change - expect).abs() < 1e-9,
                    "{e} {outcome:?}: {}",
                    p.change
                );
            }
        }
        // Rapid and blitz always cap.
        let t = event(&[Some(2700), Some(2200)], &[(1, 1, 2, Outcome::Win)]);
        let mut o = opts(RatingRules::B2025Oct);
        o.kind = Some(Kind::Rapid);
        let r = compute(&t, &o);
        assert!((r.players[0].change - 0.8).abs() < 1e-9);
    }

    #[test]
    fn the_2022_upgrade_counts_once_per_event() {
        use Outcome::*;
        let t = event(
            &[Some(2500), Some(2000), Some(2050)],
            &[(1, 1, 2, Win), (2, 1, 3, Win)],
        );
        let r = compute(&t, &opts(RatingRules::B2022));
        let g = &r.players[0].games_detail;
        assert_eq!((g[0].d_used, g[0].pd), (Some(400), Some(0.92)));
        assert_eq!((g[1].d_used, g[1].pd), (Some(450), Some(0.94)));
        let r = compute(&t, &opts(RatingRules::B2024));
        let g = &r.players[0].games_detail;
        assert_eq!((g[1].d_used, g[1].pd), (Some(400), Some(0.92)));
        // the lower-rated side is capped in every game
        let r = compute(&t, &opts(RatingRules::B2022));
        assert_eq!(r.players[1].games_detail[0].pd, Some(0.08));
    }

    /// §3.7 C: 39 games at K 20 gives K 17.
    #[test]
    fn worked_example_c_k_cap() {
        assert_eq!(cap_k(20, 39), 17);
        assert_eq!(cap_k(40, 18), 38);
        assert_eq!(cap_k(40, 17), 40);
        let k = k_factor(1900, None, Some(2024), None, 39);
        assert_eq!((k.base, k.used, k.capped), (20, 17, true));
    }

    /// §3.7 D: five rated opponents summing 9507, W = 3.
    #[test]
    fn worked_example_d_initial_rating() {
        let opps = [1900, 1900, 1900, 1900, 1907];
        let i = initial_rating(RatingRules::B2024, &opps, 300).unwrap();
        assert_eq!((i.rating, i.p, i.dp, i.games), (1922, 0.57, 50, 5));
        assert!((i.average - 1872.428571).abs() < 1e-5);
        assert!(i.publishable);
        let i = initial_rating(RatingRules::B2025Oct, &opps, 300).unwrap();
        assert_eq!(i.rating, 1922);
        let i = initial_rating(RatingRules::B2022, &opps, 300).unwrap();
        assert_eq!((i.rating, i.dp), (1921, 20));
        assert!((i.average - 1901.4).abs() < 1e-9);
    }

    #[test]
    fn initial_rating_through_the_report() {
        use Outcome::*;
        let t = event(
            &[
                None,
                Some(1900),
                Some(1900),
                Some(1900),
                Some(1900),
                Some(1907),
                None,
            ],
            &[
                (1, 1, 2, Win),
                (2, 3, 1, Loss),
                (3, 1, 4, Win),
                (4, 5, 1, Win),
                (5, 1, 6, Loss),
                (6, 1, 7, Win),
            ],
        );
        let r = compute(&t, &opts(RatingRules::B2024));
        let p = &r.players[0];
        assert_eq!((p.games, p.score, p.k), (5, 3.0, None));
        assert_eq!(p.new_rating, Some(1922));
        assert_eq!(p.excluded.len(), 1);
        assert!(p.excluded[0].reason.starts_with("opponent unrated"));
        // the rated opponents do not count the game against the unrated player
        assert_eq!(r.players[1].games, 0);
        assert_eq!(r.players[1].new_rating, Some(1900));
    }

    #[test]
    fn initial_rating_cap_and_short_events() {
        let i = initial_rating(RatingRules::B2024, &[2400, 2400, 2400], 300).unwrap();
        assert_eq!(i.rating, 2200);
        assert!(!i.publishable);
        assert!(i.note.contains("performance so far"));
        // 2022: below 50% uses dp; 1 of 4 = .25 -> -193
        let i = initial_rating(RatingRules::B2022, &[1600, 1600, 1600, 1600], 100).unwrap();
        assert_eq!(i.rating, 1407);
    }

    /// §3.7 E: average 1880, 80% gives 2120.
    #[test]
    fn worked_example_e_performance() {
        assert_eq!(
            performance(&[1880, 1880, 1880, 1880, 1880], 400),
            Some(2120)
        );
        assert_eq!(
            performance(&[1800, 1900, 1850, 1870, 1980], 400),
            Some(2120)
        );
        assert_eq!(performance(&[], 0), None);
    }

    #[test]
    fn unplayed_rounds_are_not_rated() {
        let mut t = event(&[Some(2000), Some(2000)], &[(1, 1, 2, Outcome::Win)]);
        t.players[0].rounds.push(RoundEntry::Forfeit {
            opponent: PlayerId(2),
            color: Some(Color::Black),
            won: true,
        });
        t.players[0].rounds.push(RoundEntry::Played {
            opponent: PlayerId(2),
            color: Color::White,
            outcome: Outcome::Win,
            short: true,
        });
        t.players[0].rounds.push(RoundEntry::Bye {
            bye: crate::model::ByeKind::PairingAllocated,
        });
        let r = compute(&t, &opts(RatingRules::B2024));
        let p = &r.players[0];
        assert_eq!(p.games, 1);
        assert_eq!(p.excluded.len(), 3);
        assert!((p.change - 10.0).abs() < 1e-9);
    }

    #[test]
    fn rapid_600_point_rule_from_december_2024() {
        let mut t = event(&[Some(2700), Some(2050)], &[(1, 1, 2, Outcome::Win)]);
        t.info.end_date = NaiveDate::from_ymd_opt(2024, 12, 5);
        let mut o = opts(RatingRules::B2024);
        o.kind = Some(Kind::Blitz);
        let r = compute(&t, &o);
        assert_eq!(r.players[0].games, 0);
        assert!(r.players[0].excluded[0].reason.contains("600"));
        assert!(r.players[0].excluded[0].reason.contains("art. 7.3.1"));
        t.info.end_date = NaiveDate::from_ymd_opt(2024, 11, 30);
        let r = compute(&t, &o);
        assert_eq!(r.players[0].games, 1);
        o.kind = Some(Kind::Standard);
        t.info.end_date = NaiveDate::from_ymd_opt(2024, 12, 5);
        assert_eq!(compute(&t, &o).players[0].games, 1);
    }

    /// R&B 2024: "600 or more apart" and "above 2600", and no 2650 exemption
    /// from the 400-point cap in rapid or blitz under the October 2025 rules.
    #[test]
    fn rapid_blitz_600_rule_boundaries_and_no_2650_exemption() {
        let games = |a: u16, b: u16, kind: Kind| {
            let mut t = event(&[Some(a), Some(b)], &[(1, 1, 2, Outcome::Win)]);
            t.info.end_date = NaiveDate::from_ymd_opt(2025, 11, 5);
            let mut o = opts(RatingRules::B2025Oct);
            o.kind = Some(kind);
            compute(&t, &o)
        };
        for kind in [Kind::Rapid, Kind::Blitz] {
            assert_eq!(games(2601, 2001, kind).players[0].games, 0, "{kind}");
            assert_eq!(games(2601, 2002, kind).players[0].games, 1, "599 apart");
            assert_eq!(
                games(2600, 2000, kind).players[0].games,
                1,
                "2600 is not above"
            );
            // 2660 v 2100 (560 apart, rated): D 560 is capped to 400 in rapid/blitz
            let r = games(2660, 2100, kind);
            assert_eq!(r.players[0].games_detail[0].d_used, Some(400), "{kind}");
        }
        // while the standard list uses the true difference from 2650 on
        let r = games(2660, 2100, Kind::Standard);
        assert_eq!(r.players[0].games_detail[0].d_used, Some(560));
    }

    #[test]
    fn rules_follow_the_end_date_unless_given() {
        let mut t = example_a();
        t.info.end_date = NaiveDate::from_ymd_opt(2023, 8, 20);
        let r = compute(&t, &RatingOptions::default());
        assert_eq!(r.rules, RatingRules::B2022);
        assert_eq!(r.rules_source, Source::File("end date 2023-08-20".into()));
        assert_eq!(r.kind, Kind::Standard);
        assert!(matches!(r.kind_source, Source::Assumed(_)));
        t.info.encoded_time_control = "180+2".into();
        let r = compute(&t, &RatingOptions::default());
        assert_eq!(r.kind, Kind::Blitz);
    }

    #[test]
    fn k_from_the_file_wins() {
        let mut t = example_a();
        t.players[0].labels.insert("k".into(), "40".into());
        let r = compute(&t, &opts(RatingRules::B2024));
        let k = r.players[0].k_detail.clone().unwrap();
        assert_eq!((k.used, k.reason, k.assumed), (40, KReason::Given, false));
    }

    #[test]
    fn rounding_is_half_away_from_zero() {
        assert_eq!(round_hundredths(1550), 16);
        assert_eq!(round_hundredths(-1550), -16);
        assert_eq!(round_hundredths(1549), 15);
        assert_eq!(round_hundredths(-40), 0);
    }

    mod props {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn pd_is_complementary(d in -1200i32..1200) {
                prop_assert_eq!(u32::from(pd(-d)), 100 - u32::from(pd(d)));
            }

            #[test]
            fn pd_is_monotone(d in -1200i32..1200) {
                prop_assert!(pd(d) <= pd(d + 1));
            }

            #[test]
            fn dp_is_antisymmetric(p in 0i32..=100) {
                prop_assert_eq!(dp(100 - p), -dp(p));
            }

            #[test]
            fn k_times_games_at_most_700(k in prop::sample::select(vec![10u32, 20, 40]), n in 1u32..200) {
                let c = cap_k(k, n);
                prop_assert!(c * n <= 700);
                prop_assert!(c <= k);
                prop_assert!(c == k || (c + 1) * n > 700);
            }

            #[test]
            fn equal_k_gains_and_losses_cancel(a in 1400u16..2399, b in 1400u16..2399, o in 0usize..3) {
                prop_assume!(a.abs_diff(b) <= 400);
                let outcome = [Outcome::Win, Outcome::Draw, Outcome::Loss][o];
                let t = event(&[Some(a), Some(b)], &[(1, 1, 2, outcome)]);
                let r = compute(&t, &opts(RatingRules::B2024));
                prop_assert!((r.players[0].change + r.players[1].change).abs() < 1e-9);
            }
        }
    }
}
