//! Consistency checks over a [`Tournament`]: the file reads, but does it agree with itself?
//!
//! Checks: declared points against the results under the scoring system
//! (TRF16 `001` points field), both sides of every game (opponent, colour,
//! complementary result), unknown opponents, players paired twice in a round,
//! header counts (`062`, `072`), duplicate starting ranks and FIDE ids, and
//! impossible dates.

use std::collections::{BTreeMap, HashMap};

mod entry;
pub use entry::{check_entry, EntryRules, EntryRulesError};

use crate::diag::{codes, Diagnostic, Family, Location, Locator, PlayerField};
use crate::model::{game_sides, ByeKind, Outcome, Player, PlayerId, RoundEntry, Tournament};

/// The record of player `id`, its line only, named `field`.
fn at(lines: &dyn Locator, id: PlayerId, field: &str) -> Location {
    Location {
        file: lines.player_file(id.0),
        line: lines.player_line(id.0),
        field: Some(record_field(lines, id, field)),
        ..Location::default()
    }
}

/// Where round `r` of player `id` is recorded (the player's record in a TRF, the
/// board row of a Swiss-Manager pairing file), named `round r`.
fn at_round(lines: &dyn Locator, id: PlayerId, r: usize) -> Location {
    Location {
        file: lines.round_file(id.0, r),
        line: lines.round_line(id.0, r),
        field: Some(record_field(lines, id, &format!("round {r}"))),
        ..Location::default()
    }
}

/// `field`, prefixed by the player's record where the file has no lines.
fn record_field(lines: &dyn Locator, id: PlayerId, field: &str) -> String {
    match lines.player_record(id.0) {
        Some(r) => format!("{r}, {field}"),
        None => field.to_string(),
    }
}

fn header_at(lines: &dyn Locator, code: &str) -> Location {
    Location {
        line: lines.header_line(code),
        field: Some(code.to_string()),
        ..Location::default()
    }
}

/// Run every consistency check. `lines` locates the diagnostics: the TRF
/// reader's `SourceMap` for a file read, an empty one otherwise. Locations
/// carry no file name ([`Diagnostic::in_file`] adds it).
pub fn check(t: &Tournament, lines: &dyn Locator) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    duplicates(t, lines, &mut out);
    games(t, lines, &mut out);
    points(t, lines, &mut out);
    counts(t, lines, &mut out);
    dates(t, lines, &mut out);
    out
}

fn duplicates(t: &Tournament, lines: &dyn Locator, out: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<PlayerId, usize> = HashMap::new();
    for p in &t.players {
        *seen.entry(p.id).or_default() += 1;
    }
    let mut dup: Vec<_> = seen.into_iter().filter(|(_, n)| *n > 1).collect();
    dup.sort();
    for (id, n) in dup {
        out.push(Diagnostic::error(
            codes::STARTING_RANK_DUPLICATE,
            Family::Consistency,
            at(lines, id, "starting rank"),
            format!("starting rank {id} is used by {n} player records"),
        ));
    }
    let mut ids: BTreeMap<&str, Vec<PlayerId>> = BTreeMap::new();
    for p in &t.players {
        if let Some(f) = p.fide_id.as_deref() {
            if f.trim_start_matches('0').is_empty() {
                continue;
            }
            ids.entry(f).or_default().push(p.id);
        }
    }
    for (fid, ps) in ids {
        if ps.len() > 1 {
            let list: Vec<String> = ps.iter().map(|p| p.to_string()).collect();
            out.push(Diagnostic::error(
                codes::FIDE_ID_DUPLICATE,
                Family::Consistency,
                at(lines, ps[0], "fide id"),
                format!("fide id {fid} is given to players {}", list.join(", ")),
            ));
        }
    }
}

fn describe(e: &RoundEntry) -> String {
    match *e {
        RoundEntry::Played {
            opponent,
            color,
            outcome,
            short,
        } => format!(
            "{}{} against {opponent} with {}",
            match outcome {
                Outcome::Win => "a win",
                Outcome::Draw => "a draw",
                Outcome::Loss => "a loss",
            },
            if short { " (under one move)" } else { "" },
            match color {
                crate::model::Color::White => "white",
                crate::model::Color::Black => "black",
            }
        ),
        RoundEntry::Unknown { opponent, .. } => format!("an unknown result against {opponent}"),
        RoundEntry::Pending { opponent, .. } => format!("a game without result against {opponent}"),
        RoundEntry::Forfeit { opponent, won, .. } => format!(
            "a forfeit {} against {opponent}",
            if won { "win" } else { "loss" }
        ),
        RoundEntry::Bye { bye } => match bye {
            ByeKind::PairingAllocated => "a pairing-allocated bye".into(),
            ByeKind::Half => "a half-point bye".into(),
            ByeKind::Full => "a full-point bye".into(),
            ByeKind::Zero => "a zero-point bye".into(),
        },
        RoundEntry::NotPaired => "no pairing".into(),
        RoundEntry::Free => "the free round of a round robin".into(),
    }
}

fn games(t: &Tournament, lines: &dyn Locator, out: &mut Vec<Diagnostic>) {
    // Index players by starting rank (first record wins for duplicates).
    // Maps keyed by id, so memory follows the players present, not the
    // largest id a file names.
    let mut by_id: HashMap<PlayerId, &Player> = HashMap::with_capacity(t.players.len());
    for p in &t.players {
        by_id.entry(p.id).or_insert(p);
    }
    let lookup = |id: PlayerId| by_id.get(&id).copied();
    let mut named: HashMap<PlayerId, u32> = HashMap::with_capacity(t.players.len());
    let rounds = t.rounds_recorded();
    for r in 1..=rounds {
        named.clear();
        let mut twice = false;
        for p in &t.players {
            let e = p.round(r);
            let Some(o) = e.opponent() else { continue };
            let n = named.entry(o).or_default();
            *n += 1;
            twice |= *n > 1;
            if o == p.id {
                out.push(Diagnostic::error(
                    codes::PAIRED_WITH_SELF,
                    Family::Consistency,
                    at_round(lines, p.id, r),
                    format!("player {} is paired against themself", p.id),
                ));
                continue;
            }
            let Some(q) = lookup(o) else {
                out.push(Diagnostic::error(
                    codes::UNKNOWN_OPPONENT,
                    Family::Consistency,
                    at_round(lines, p.id, r),
                    format!("opponent {o} of player {} does not exist", p.id),
                ));
                continue;
            };
            // Report each asymmetric pair once, from the lower starting rank.
            let qe = q.round(r);
            if qe.opponent() == Some(p.id) && (game_sides(&e, &qe).mirrored() || p.id > o) {
                continue;
            }
            out.push(Diagnostic::error(
                codes::GAME_ASYMMETRIC,
                Family::Consistency,
                at_round(lines, p.id, r),
                format!(
                    "player {} has {}, but player {o} has {}",
                    p.id,
                    describe(&e),
                    describe(&qe)
                ),
            ));
        }
        if !twice {
            continue;
        }
        let mut named_by: BTreeMap<PlayerId, Vec<PlayerId>> = BTreeMap::new();
        for p in &t.players {
            if let Some(o) = p.round(r).opponent() {
                named_by.entry(o).or_default().push(p.id);
            }
        }
        for (o, by) in named_by {
            if by.len() > 1 {
                // One entry per naming player, with its count when a
                // duplicated record names the same opponent again.
                let mut counted: BTreeMap<PlayerId, usize> = BTreeMap::new();
                for p in &by {
                    *counted.entry(*p).or_default() += 1;
                }
                let list: Vec<String> = counted
                    .iter()
                    .map(|(p, n)| match n {
                        1 => p.to_string(),
                        n => format!("{p} ({n} records)"),
                    })
                    .collect();
                out.push(Diagnostic::error(
                    codes::PAIRED_TWICE,
                    Family::Consistency,
                    at_round(lines, o, r),
                    format!(
                        "player {o} is paired twice (named by players {})",
                        list.join(", ")
                    ),
                ));
            }
        }
    }
}

/// TRF16: Points (`001` points field) are the score under the scoring system. Files may
/// or may not count a pre-set bye of the round to be paired (JaVaFo's sample
/// does, bbp accepts both), so that one variant is accepted too.
fn points(t: &Tournament, lines: &dyn Locator, out: &mut Vec<Diagnostic>) {
    // The round being paired: the last round with data holds no finished game
    // (only pairings without result and pre-set byes). Its entries may or may
    // not be counted in the declared points.
    let n = t.rounds_recorded();
    let open_round = n > 0
        && t.players.iter().all(|p| {
            !matches!(
                p.round(n),
                RoundEntry::Played { .. } | RoundEntry::Unknown { .. } | RoundEntry::Forfeit { .. }
            )
        });
    if n == 0 {
        return points_without_games(t, lines, out);
    }
    // TRF-2026: in team events the individual points are informative only.
    let team_event = t.teams.iter().any(|x| x.number.is_some());
    for p in &t.players {
        let Some(declared) = p.points else { continue };
        // The rounds recorded (`n`) and, besides, the whole list: a file may
        // or may not count byes entered in advance for rounds not yet paired.
        let all = t.score(p, Some(n));
        if declared == all || declared == t.score(p, None) {
            continue;
        }
        if open_round && declared == t.score(p, Some(n - 1)) {
            continue;
        }
        let without_last = match p.rounds.last() {
            Some(RoundEntry::Bye { bye }) if *bye != ByeKind::PairingAllocated => {
                Some(t.score(p, Some(p.rounds.len() - 1)))
            }
            _ => None,
        };
        if without_last == Some(declared) {
            continue;
        }
        let loc = Location {
            file: lines.player_file(p.id.0),
            line: lines.player_line(p.id.0),
            cols: lines.cols(PlayerField::Points),
            field: Some(record_field(lines, p.id, "points")),
        };
        let msg = format!(
            "player {} declares {declared} points, but the results add up to {all}",
            p.id
        );
        out.push(if team_event {
            Diagnostic::warning(
                codes::POINTS_MISMATCH,
                Family::Consistency,
                loc,
                msg + " (informative in team events)",
            )
        } else {
            Diagnostic::error(codes::POINTS_MISMATCH, Family::Consistency, loc, msg)
        });
    }
}

/// A file with declared points and no games at all (a Swiss-Manager player file
/// read alone: it carries `Pkt` but its games are in the pairing file) contradicts
/// nothing; the points simply cannot be checked. One warning at the first player who
/// declares points, instead of an error per player: the commands that need the games
/// (standings from results, `check`, `pair` of the next round) cannot use the points
/// (`pair` refuses such a file).
fn points_without_games(t: &Tournament, lines: &dyn Locator, out: &mut Vec<Diagnostic>) {
    let mut declaring = t
        .players
        .iter()
        .filter_map(|p| p.points.filter(|x| x.0 != 0).map(|x| (p, x)));
    let Some((first, declared)) = declaring.next() else {
        return;
    };
    let others = match declaring.count() {
        0 => String::new(),
        1 => " (and 1 other player)".to_string(),
        k => format!(" (and {k} other players)"),
    };
    out.push(Diagnostic::warning(
        codes::POINTS_WITHOUT_GAMES,
        Family::Consistency,
        Location {
            file: lines.player_file(first.id.0),
            line: lines.player_line(first.id.0),
            cols: lines.cols(PlayerField::Points),
            field: Some(record_field(lines, first.id, "points")),
        },
        format!(
            "player {} declares {declared} points{others}, but the file records no games: \
             the points cannot be checked, standings computed from it count no game \
             (every player 0.0), and `check` and `pair` need the games; give them too \
             (a Swiss-Manager player file with its pairing file: players.txt+pairings.txt)",
            first.id
        ),
    ));
}

fn leading_number(s: &str) -> Option<usize> {
    let d: String = s
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    d.parse().ok()
}

fn counts(t: &Tournament, headers: &dyn Locator, out: &mut Vec<Diagnostic>) {
    let n = t.players.len();
    if let Some(declared) = leading_number(&t.info.players_declared) {
        if declared != n {
            out.push(Diagnostic::warning(
                codes::COUNT_MISMATCH,
                Family::Consistency,
                header_at(headers, "062"),
                format!("062 declares {declared} players, but the file has {n} player records"),
            ));
        }
    }
    // Swiss-Manager: `062 129 (88)`, the bracket counting players with a played game.
    if let Some((_, rest)) = t.info.players_declared.split_once('(') {
        if let Some(declared) = leading_number(rest) {
            let with_game = t
                .players
                .iter()
                .filter(|p| p.rounds.iter().any(|e| e.is_played_game()))
                .count();
            if declared != with_game {
                out.push(Diagnostic::warning(
                    codes::COUNT_MISMATCH,
                    Family::Consistency,
                    header_at(headers, "062"),
                    format!(
                        "062 declares {declared} players with a played game, but {with_game} have one"
                    ),
                ));
            }
        }
    }
    if let Some(declared) = leading_number(&t.info.rated_players_declared) {
        let rated = t.players.iter().filter(|p| p.rating.is_some()).count();
        if declared != rated {
            out.push(Diagnostic::warning(
                codes::COUNT_MISMATCH,
                Family::Consistency,
                header_at(headers, "072"),
                format!("072 declares {declared} rated players, but {rated} players have a rating"),
            ));
        }
    }
}

fn dates(t: &Tournament, lines: &dyn Locator, out: &mut Vec<Diagnostic>) {
    let headers = lines;
    let info = &t.info;
    if let (Some(s), Some(e)) = (info.start_date, info.end_date) {
        if e < s {
            out.push(Diagnostic::error(
                codes::DATES_INCONSISTENT,
                Family::Consistency,
                header_at(headers, "052"),
                format!(
                    "end date {} is before start date {}",
                    e.format("%Y/%m/%d"),
                    s.format("%Y/%m/%d")
                ),
            ));
        }
    }
    let mut prev: Option<chrono::NaiveDate> = None;
    for (i, d) in info.round_dates.iter().enumerate() {
        let Some(d) = *d else { continue };
        let r = i + 1;
        if let Some(p) = prev {
            if d < p {
                out.push(Diagnostic::error(
                    codes::DATES_INCONSISTENT,
                    Family::Consistency,
                    header_at(headers, "132"),
                    format!(
                        "round {r} date {} is before the previous round's",
                        d.format("%Y/%m/%d")
                    ),
                ));
            }
        }
        prev = Some(d);
        let outside =
            info.start_date.is_some_and(|s| d < s) || info.end_date.is_some_and(|e| d > e);
        if outside {
            out.push(Diagnostic::warning(
                codes::DATES_INCONSISTENT,
                Family::Consistency,
                header_at(headers, "132"),
                format!(
                    "round {r} date {} is outside the tournament dates (042/052)",
                    d.format("%Y/%m/%d")
                ),
            ));
        }
    }
    let reference = info
        .start_date
        .or(info.round_dates.iter().flatten().next().copied());
    for p in &t.players {
        let Some(b) = p.birth else { continue };
        if let (Some(start), Some(born)) = (reference, b.earliest()) {
            if born > start {
                out.push(Diagnostic::error(
                    codes::BIRTH_DATE,
                    Family::Consistency,
                    at(lines, p.id, "birth date"),
                    format!(
                        "player {} is born after the tournament starts ({})",
                        p.id,
                        start.format("%Y/%m/%d")
                    ),
                ));
            }
        }
        if b.year < 1880 {
            out.push(Diagnostic::warning(
                codes::BIRTH_DATE,
                Family::Consistency,
                at(lines, p.id, "birth date"),
                format!("player {} has an implausible birth year {}", p.id, b.year),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Color, Points};

    fn game(o: u32, color: Color, outcome: Outcome) -> RoundEntry {
        RoundEntry::Played {
            opponent: PlayerId(o),
            color,
            outcome,
            short: false,
        }
    }

    fn two(a: RoundEntry, b: RoundEntry) -> Tournament {
        Tournament {
            players: vec![
                Player {
                    id: PlayerId(1),
                    rounds: vec![a],
                    ..Default::default()
                },
                Player {
                    id: PlayerId(2),
                    rounds: vec![b],
                    ..Default::default()
                },
            ],
            ..Default::default()
        }
    }

    fn msgs(t: &Tournament) -> Vec<String> {
        check(t, &crate::diag::NoSource)
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    #[test]
    fn symmetric_game_is_clean() {
        let t = two(
            game(2, Color::White, Outcome::Win),
            game(1, Color::Black, Outcome::Loss),
        );
        assert!(msgs(&t).is_empty());
    }

    #[test]
    fn asymmetric_result_is_reported_once() {
        let t = two(
            game(2, Color::White, Outcome::Win),
            game(1, Color::Black, Outcome::Win),
        );
        assert_eq!(
            msgs(&t),
            vec!["player 1 has a win against 2 with white, but player 2 has a win against 1 with black"]
        );
    }

    #[test]
    fn unknown_opponent_and_points() {
        let mut t = two(
            game(3, Color::White, Outcome::Win),
            RoundEntry::Bye { bye: ByeKind::Half },
        );
        t.players[1].points = Some(Points(10));
        let m = msgs(&t);
        assert!(m.contains(&"opponent 3 of player 1 does not exist".to_string()));
        assert!(
            m.contains(&"player 2 declares 1.0 points, but the results add up to 0.5".to_string())
        );
    }

    /// Points without any game (a Swiss-Manager player file alone): one warning,
    /// not an error per player; with games, the error stays (#18).
    #[test]
    fn points_without_games_is_one_warning() {
        let mut t = two(RoundEntry::NotPaired, RoundEntry::NotPaired);
        for p in &mut t.players {
            p.rounds.clear();
            p.points = Some(Points(10));
        }
        let d = check(&t, &crate::diag::NoSource);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].code, codes::POINTS_WITHOUT_GAMES);
        assert!(!d[0].is_error());
        assert!(d[0].message.starts_with(
            "player 1 declares 1.0 points (and 1 other player), but the file records no games"
        ));
        t.players[0].rounds = vec![game(2, Color::White, Outcome::Loss)];
        t.players[1].rounds = vec![game(1, Color::Black, Outcome::Win)];
        let d = check(&t, &crate::diag::NoSource);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].code, codes::POINTS_MISMATCH);
        assert!(d[0].is_error());
    }

    #[test]
    fn paired_twice() {
        let mut t = two(
            game(2, Color::White, Outcome::Win),
            game(1, Color::Black, Outcome::Loss),
        );
        t.players.push(Player {
            id: PlayerId(3),
            rounds: vec![game(2, Color::White, Outcome::Draw)],
            ..Default::default()
        });
        let m = msgs(&t);
        assert!(
            m.contains(&"player 2 is paired twice (named by players 1, 3)".to_string()),
            "{m:?}"
        );
    }
}
