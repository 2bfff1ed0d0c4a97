//! The canonical FIDE submission model: a tournament with everything the
//! rating server needs filled in from data the model already holds, and a
//! report of what was filled and what could not be. The TRF writer then
//! writes the result (CRLF, UTF-8); this module knows no columns.

use chrono::NaiveDate;

use std::collections::BTreeMap;

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::{ByeKind, PlayerId, RoundEntry, Tournament};

use super::names::check_name;

/// Which TRF edition the submission is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Target {
    /// TRF-16 (reports of events before 1 Sep 2025, still accepted).
    #[default]
    Trf16,
    /// TRF-2026, applied from 1 Sep 2025.
    Trf26,
}

/// The prepared tournament and what had to be done to it.
#[derive(Debug, Clone)]
pub struct Submission {
    /// The tournament ready to write as the report (in the target TRF edition).
    pub tournament: Tournament,
    /// Warnings name what was filled in; errors name what could not be and
    /// must be fixed before the report is sent.
    pub notes: Vec<Diagnostic>,
}

impl Submission {
    /// Whether any note is an error: the report cannot be sent as it is.
    pub fn has_errors(&self) -> bool {
        self.notes.iter().any(Diagnostic::is_error)
    }
}

fn field(name: impl Into<String>) -> Location {
    Location {
        field: Some(name.into()),
        ..Location::default()
    }
}

/// Why no rating report can be made of `t` at all, as an error: a team event
/// (team reports are not supported yet), no players, or no game a rating could
/// change (no game played over the board with a rated player, B.02 §5).
pub fn refusal(t: &Tournament) -> Option<Diagnostic> {
    let (code, why) = if !t.teams.is_empty()
        || t.info
            .tournament_type
            .to_ascii_lowercase()
            .starts_with("team")
    {
        (codes::UNSUPPORTED, "expected an individual tournament, found a team event: team rating reports are not supported yet")
    } else if t.players.is_empty() {
        (
            codes::NO_RATED_GAME,
            "expected players in a rating report, found none",
        )
    } else {
        let rated_game = t.players.iter().any(|p| {
            p.rounds.iter().any(|e| match e {
                RoundEntry::Played {
                    opponent,
                    short: false,
                    ..
                } => p.rating.is_some() || t.player(*opponent).is_some_and(|o| o.rating.is_some()),
                _ => false,
            })
        });
        if rated_game {
            return None;
        }
        (codes::NO_RATED_GAME, "expected at least one game played over the board with a rated player (B.02 §5), found none: nothing to rate")
    };
    Some(Diagnostic::error(
        code,
        Family::Consistency,
        field("report"),
        why,
    ))
}

/// Names in the Latin letters the FIDE rating server takes (the rule
/// `validate --fide` cites as "FIDE rating server: latin names"; the TRF
/// `001` name is `Lastname, Firstname`). A name with characters outside them is written in
/// its Latin form, with a warning naming the player and both forms: the
/// transliteration of diacritics, or for Chinese characters the Latin form
/// written beside them in `Surname, Given` order (`陳美玲, Chen Mei-Ling` is
/// written `Chen, Mei-Ling`). A name with no Latin form (`王小明`) is an
/// error: the report cannot be sent until it has one.
fn names_for_fide(t: &mut Tournament, notes: &mut Vec<Diagnostic>) {
    for p in &mut t.players {
        let Some(check) = check_name(&p.name) else {
            continue;
        };
        let at = field(format!("player {} name", p.id));
        match check.transliterated {
            Some(latin) => {
                notes.push(Diagnostic::warning(
                    codes::NAME,
                    Family::Engine,
                    at,
                    format!(
                        "name \"{}\" written as \"{latin}\": the rating server takes names in latin letters",
                        p.name
                    ),
                ));
                p.name = latin;
            }
            None => {
                let chars: String = check.offending.iter().collect();
                notes.push(Diagnostic::error(
                    codes::NAME,
                    Family::Consistency,
                    at,
                    format!(
                        "name \"{}\" has characters with no latin transliteration (\"{chars}\"): expected the name in latin letters, or its latin form after a comma (\"陳美玲, Chen Mei-Ling\")",
                        p.name
                    ),
                ));
            }
        }
    }
}

/// Build the submission model of `t` for `target`.
///
/// Filled (each with a warning): ranks (the mandatory `001` rank field) by score then
/// starting rank when the file has none; points when missing; `062`/`072`
/// player counts; the number of rounds; start and end dates from the round
/// dates. Not filled (errors): round dates, chief arbiter, results still
/// missing, points that contradict the results, and for TRF-2026 the `192`
/// encoded tournament type. Byes keep their kind; a full-point bye that
/// looks like the pairing-allocated one is reported, never recoded.
pub fn prepare(t: &Tournament, target: Target) -> Submission {
    prepare_ranked(t, target, None)
}

/// [`prepare`], with the ranks of the final standings when the file has none:
/// `ranks` maps each player to their place and names how it was ranked (the
/// event's tie-breaks, e.g. `"BH/C1, BH, SB"`). Without it ranks are filled by
/// score and starting rank.
pub fn prepare_ranked(
    t: &Tournament,
    target: Target,
    ranks: Option<(&BTreeMap<PlayerId, u32>, &str)>,
) -> Submission {
    let mut out = t.clone();
    let mut notes = Vec::new();
    let rounds = t.rounds_recorded();

    // Every player gets a cell for every round (blank = not paired).
    for p in &mut out.players {
        if p.rounds.len() < rounds {
            p.rounds.resize(rounds, RoundEntry::NotPaired);
        }
    }

    names_for_fide(&mut out, &mut notes);

    // Points (cols 81-84).
    let mut filled_points = 0;
    let scores: Vec<_> = out.players.iter().map(|p| out.score(p, None)).collect();
    for (p, s) in out.players.iter_mut().zip(&scores) {
        match p.points {
            None => {
                p.points = Some(*s);
                filled_points += 1;
            }
            Some(d) if d != *s => notes.push(Diagnostic::error(
                codes::POINTS_MISMATCH,
                Family::Consistency,
                field(format!("player {} points", p.id)),
                format!(
                    "declared points {d} do not match the results, which give {s}: correct one of them before submitting"
                ),
            )),
            _ => {}
        }
    }
    if filled_points > 0 {
        notes.push(Diagnostic::warning(
            codes::VALUE_FILLED,
            Family::Engine,
            field("points"),
            format!("points filled from the results for {filled_points} players"),
        ));
    }

    // Ranks (cols 86-89): keep the file's, fill only when none are given.
    let missing_ranks = out.players.iter().filter(|p| p.rank.is_none()).count();
    let ranked = ranks.filter(|(r, _)| out.players.iter().all(|p| r.contains_key(&p.id)));
    if let (Some((by, how)), true) = (ranked, missing_ranks == out.players.len()) {
        for p in &mut out.players {
            p.rank = by.get(&p.id).copied();
        }
        notes.push(Diagnostic::warning(
            codes::VALUE_FILLED,
            Family::Engine,
            field("rank"),
            format!("ranks filled from the final standings by points and the event's tie-breaks ({how})"),
        ));
    } else if missing_ranks == out.players.len() && !out.players.is_empty() {
        let mut order: Vec<(i32, PlayerId)> = out
            .players
            .iter()
            .zip(&scores)
            .map(|(p, s)| (-s.0, p.id))
            .collect();
        order.sort();
        for (rank, (_, id)) in order.iter().enumerate() {
            if let Some(p) = out.players.iter_mut().find(|p| p.id == *id) {
                p.rank = Some(rank as u32 + 1);
            }
        }
        notes.push(Diagnostic::warning(
            codes::VALUE_FILLED,
            Family::Engine,
            field("rank"),
            "ranks filled by score, ties by starting rank: tie-breaks were not applied, give the final standings if they differ".to_string(),
        ));
    } else if missing_ranks > 0 {
        notes.push(Diagnostic::error(
            codes::RANK_MISSING,
            Family::Consistency,
            field("rank"),
            format!("{missing_ranks} players have no rank while others have one: cannot fill ranks consistently"),
        ));
    }

    // Header counts.
    let info = &mut out.info;
    if info.players_declared.trim().is_empty() {
        info.players_declared = out.players.len().to_string();
        notes.push(Diagnostic::warning(
            codes::VALUE_FILLED,
            Family::Engine,
            field("062 number of players"),
            format!("number of players filled: {}", out.players.len()),
        ));
    }
    let rated = out.players.iter().filter(|p| p.rating.is_some()).count();
    if info.rated_players_declared.trim().is_empty() {
        info.rated_players_declared = rated.to_string();
        notes.push(Diagnostic::warning(
            codes::VALUE_FILLED,
            Family::Engine,
            field("072 number of rated players"),
            format!("number of rated players filled: {rated}"),
        ));
    }
    if out.total_rounds.is_none() && rounds > 0 {
        out.total_rounds = Some(rounds as u32);
        notes.push(Diagnostic::warning(
            codes::VALUE_FILLED,
            Family::Engine,
            field("number of rounds"),
            format!("number of rounds filled from the results: {rounds}"),
        ));
    }

    // Dates.
    let dates: Vec<NaiveDate> = info.round_dates.iter().flatten().copied().collect();
    let missing_round_dates: Vec<String> = (1..=rounds)
        .filter(|r| info.round_dates.get(r - 1).copied().flatten().is_none())
        .map(|r| r.to_string())
        .collect();
    if !missing_round_dates.is_empty() {
        notes.push(Diagnostic::error(
            codes::ROUND_DATE_MISSING,
            Family::Consistency,
            field("132 round dates"),
            format!(
                "dates missing for rounds {}: round dates are mandatory and cannot be guessed",
                missing_round_dates.join(", ")
            ),
        ));
    }
    // Event dates from the round dates, start first.
    for (date, from_rounds, code, name, which) in [
        (
            &mut info.start_date,
            dates.iter().min(),
            "042",
            "start date",
            "first",
        ),
        (
            &mut info.end_date,
            dates.iter().max(),
            "052",
            "end date",
            "last",
        ),
    ] {
        if date.is_some() {
            continue;
        }
        match from_rounds {
            Some(d) => {
                *date = Some(*d);
                notes.push(Diagnostic::warning(
                    codes::VALUE_FILLED,
                    Family::Engine,
                    field(format!("{code} {name}")),
                    format!("{name} filled from the {which} round date: {d}"),
                ));
            }
            None => notes.push(Diagnostic::error(
                codes::DATE_MISSING,
                Family::Consistency,
                field(format!("{code} {name}")),
                format!("{name} missing and no round dates to take it from"),
            )),
        }
    }
    for (diag_code, code, name, value) in [
        (codes::HEADER_MISSING, "012", "tournament name", &info.name),
        (codes::HEADER_MISSING, "022", "city", &info.city),
        (codes::HEADER_MISSING, "032", "federation", &info.federation),
        (
            codes::CHIEF_ARBITER_MISSING,
            "102",
            "chief arbiter",
            &info.chief_arbiter,
        ),
    ] {
        if value.trim().is_empty() {
            notes.push(Diagnostic::error(
                diag_code,
                Family::Consistency,
                field(format!("{code} {name}")),
                format!("{name} missing: a required header that the data cannot supply"),
            ));
        }
    }
    if info.tournament_type.trim().is_empty() && target == Target::Trf16 {
        notes.push(Diagnostic::warning(
            codes::HEADER_MISSING,
            Family::Consistency,
            field("092 tournament type"),
            "tournament type missing".to_string(),
        ));
    }
    if target == Target::Trf26 && info.system_code.trim().is_empty() {
        notes.push(Diagnostic::error(
            codes::HEADER_MISSING,
            Family::Consistency,
            field("192 encoded tournament type"),
            "encoded tournament type missing, TRF-2026 requires it (e.g. FIDE_DUTCH_2025)"
                .to_string(),
        ));
    }
    if target == Target::Trf26 && info.encoded_time_control.trim().is_empty() {
        notes.push(Diagnostic::warning(
            codes::HEADER_MISSING,
            Family::Consistency,
            field("222 encoded time control"),
            "encoded time control missing (e.g. 5400+30)".to_string(),
        ));
    }

    // Results that cannot be submitted, and byes FIDE would read differently.
    for p in &out.players {
        for (i, e) in p.rounds.iter().enumerate() {
            if matches!(e, RoundEntry::Unknown { .. } | RoundEntry::Pending { .. }) {
                notes.push(Diagnostic::error(
                    codes::RESULT_MISSING,
                    Family::Consistency,
                    field(format!("player {} round {}", p.id, i + 1)),
                    "result missing: cannot be submitted".to_string(),
                ));
            }
        }
    }
    for r in 1..=rounds {
        let entries: Vec<(PlayerId, RoundEntry)> =
            out.players.iter().map(|p| (p.id, p.round(r))).collect();
        let pab = entries.iter().any(|(_, e)| {
            matches!(
                e,
                RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated
                }
            )
        });
        let fulls: Vec<PlayerId> = entries
            .iter()
            .filter(|(_, e)| matches!(e, RoundEntry::Bye { bye: ByeKind::Full }))
            .map(|(id, _)| *id)
            .collect();
        let paired = entries
            .iter()
            .filter(|(_, e)| e.opponent().is_some())
            .count();
        if !pab && fulls.len() == 1 && paired % 2 == 0 {
            if let Some(id) = fulls.first() {
                notes.push(Diagnostic::warning(
                    codes::FULL_BYE_FOR_PAIRING_BYE,
                    Family::Consistency,
                    field(format!("player {id} round {r}")),
                    "full-point bye where everyone else was paired: if it was the pairing-allocated bye it must be U, left as F".to_string(),
                ));
            }
        }
    }
    Submission {
        tournament: out,
        notes,
    }
}
