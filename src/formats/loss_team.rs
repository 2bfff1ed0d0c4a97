//! What a written file failed to carry of a team event, found by reading it
//! back ([`super::loss`] does the same for the event and its players).
//!
//! A format without the TRF-2026 team layer (TRF16 and the engine dialects
//! keep only the `013` team names and members; Swiss-Manager's XML import file
//! none of it) loses three kinds of thing, each said with its count:
//! - the teams themselves, or their `310` details (number, short name,
//!   strength, declared match and game points, rank) and other labels;
//! - the team records (`352` board colours, `362` match points, `240` team
//!   byes, `300` line-ups, `320` the team PAB, `330` forfeited matches);
//! - and so the team matches: each match is recomputed from what reads back
//!   ([`crate::model::team_rounds`]) and every match or bye whose result
//!   changes is counted, with examples, as are the teams whose totals change.

use std::collections::BTreeMap;

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::{
    team_rounds, Color, Points, Team, TeamRecords, TeamRound, TeamRoundKind, Tournament,
};

/// How many examples a warning lists before "…".
const SHOWN: usize = 5;

fn loss(field: &str, message: String) -> Diagnostic {
    Diagnostic::warning(
        codes::CONVERSION_LOSS,
        Family::Engine,
        Location {
            field: Some(field.to_string()),
            ..Location::default()
        },
        message,
    )
}

fn list(items: &[String]) -> String {
    let mut s: Vec<String> = items.iter().take(SHOWN).cloned().collect();
    if items.len() > SHOWN {
        s.push("…".into());
    }
    s.join("; ")
}

fn plural(n: usize, what: &str) -> String {
    let many = match what {
        "match" => "matches".to_string(),
        "forfeited match" => "forfeited matches".to_string(),
        "round without a match" => "rounds without a match".to_string(),
        w => format!("{w}s"),
    };
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {many}")
    }
}

/// Every loss of the team layer between `before` (what was to be written)
/// and `after` (what `format` read back). Nothing for an individual event.
pub fn team_losses(before: &Tournament, after: &Tournament, format: &str) -> Vec<Diagnostic> {
    if before.teams.is_empty() && before.team_records.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    teams(before, after, format, &mut out);
    records(&before.team_records, &after.team_records, format, &mut out);
    matches(before, after, format, &mut out);
    out
}

fn team_name(t: &Team, i: usize) -> String {
    format!("{} ({})", t.name.trim(), t.id(i))
}

fn teams(before: &Tournament, after: &Tournament, format: &str, out: &mut Vec<Diagnostic>) {
    let (nb, na) = (before.teams.len(), after.teams.len());
    if na < nb {
        let lost: Vec<String> = before.teams[na..]
            .iter()
            .enumerate()
            .map(|(k, t)| team_name(t, na + k))
            .collect();
        let what = if na == 0 {
            format!("the {nb} teams")
        } else {
            format!("{} of the {nb} teams", nb - na)
        };
        out.push(loss(
            "teams",
            format!(
                "{format} cannot carry {what} (names, players and board order): {}; not written",
                list(&lost)
            ),
        ));
    }
    // Field by field, teams in the same order.
    // A team's number: `310`'s, else its place (`013`); only a changed
    // number is a loss.
    let moved: Vec<String> = before
        .teams
        .iter()
        .zip(&after.teams)
        .enumerate()
        .filter(|(i, (b, a))| b.id(*i) != a.id(*i))
        .map(|(i, (b, a))| format!("{} read back as {}", team_name(b, i), a.id(i)))
        .collect();
    if !moved.is_empty() {
        out.push(loss(
            "teams.number",
            format!(
                "{format} cannot carry the team numbers (310) of {}: {}",
                plural(moved.len(), "team"),
                list(&moved)
            ),
        ));
    }
    type Field = (&'static str, &'static str, fn(&Team) -> String);
    let fields: [Field; 6] = [
        ("nickname", "short name (310)", |t| t.nickname.clone()),
        ("strength", "strength factor (310)", |t| t.strength.clone()),
        ("match_points", "declared match points (310)", |t| {
            t.match_points.map(|p| p.to_string()).unwrap_or_default()
        }),
        ("game_points", "declared game points (310)", |t| {
            t.game_points.map(|p| p.to_string()).unwrap_or_default()
        }),
        ("rank", "declared rank (310)", |t| {
            t.rank.map(|r| r.to_string()).unwrap_or_default()
        }),
        ("members", "players in board order", |t| {
            let m: Vec<String> = t.members.iter().map(|p| p.0.to_string()).collect();
            m.join(" ")
        }),
    ];
    for (key, words, get) in fields {
        let mut which = Vec::new();
        let mut example = String::new();
        for (i, (b, a)) in before.teams.iter().zip(&after.teams).enumerate() {
            let (vb, va) = (get(b), get(a));
            if !vb.is_empty() && vb != va {
                if which.is_empty() {
                    example = if va.is_empty() {
                        format!("{}: {vb} not written", team_name(b, i))
                    } else {
                        format!("{}: {vb} read back as {va}", team_name(b, i))
                    };
                }
                which.push(i + 1);
            }
        }
        if !which.is_empty() {
            out.push(loss(
                &format!("teams.{key}"),
                format!(
                    "{format} cannot carry the teams' {words} for {}; e.g. {example}",
                    plural(which.len(), "team")
                ),
            ));
        }
    }
    let mut labels: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, b) in before.teams.iter().enumerate() {
        for (k, v) in &b.labels {
            if after.teams.get(i).and_then(|a| a.labels.get(k)) != Some(v) {
                *labels.entry(k.as_str()).or_default() += 1;
            }
        }
    }
    if !labels.is_empty() {
        let l: Vec<String> = labels
            .iter()
            .map(|(k, n)| format!("{k} ({})", plural(*n, "team")))
            .collect();
        out.push(loss(
            "teams.labels",
            format!(
                "{format} cannot carry the teams' labels: {}; not written",
                l.join(", ")
            ),
        ));
    }
}

fn colours(c: &[Color]) -> String {
    c.iter()
        .map(|c| if *c == Color::White { 'W' } else { 'B' })
        .collect()
}

fn rounds_of(mut r: Vec<u32>) -> String {
    r.sort_unstable();
    r.dedup();
    let s: Vec<String> = r.iter().map(ToString::to_string).collect();
    s.join(", ")
}

fn records(b: &TeamRecords, a: &TeamRecords, format: &str, out: &mut Vec<Diagnostic>) {
    let mut parts = Vec::new();
    if !b.board_colours.is_empty() && a.board_colours != b.board_colours {
        parts.push(format!(
            "the board colours (352 {})",
            colours(&b.board_colours)
        ));
    }
    if let Some(ms) = b
        .match_points
        .as_ref()
        .filter(|_| a.match_points != b.match_points)
    {
        let default = *ms == crate::model::MatchPointSystem::default();
        parts.push(format!(
            "the match points (362 TW {} TD {} TL {}{})",
            ms.win,
            ms.draw,
            ms.loss,
            if default {
                ", the default a reader assumes"
            } else {
                "; a reader assumes 2-1-0"
            }
        ));
    }
    if !b.byes.is_empty() && a.byes != b.byes {
        let teams: usize = b.byes.iter().map(|x| x.teams.len()).sum();
        parts.push(
            format!(
                "{} ({} in round(s) {})",
                plural(b.byes.len(), "team-bye record"),
                plural(teams, "team bye"),
                rounds_of(b.byes.iter().map(|x| x.round).collect())
            ) + " (240)",
        );
    }
    if let Some(p) = b.pab.as_ref().filter(|_| a.pab != b.pab) {
        let n = p.teams.iter().flatten().count();
        parts.push(format!(
            "the team pairing-allocated bye (320: {} worth {} MP and {} GP)",
            plural(n, "team"),
            p.match_points,
            p.game_points
        ));
    }
    if !b.lineups.is_empty() && a.lineups != b.lineups {
        parts.push(format!(
            "{} (300) in round(s) {}",
            plural(b.lineups.len(), "line-up"),
            rounds_of(b.lineups.iter().map(|l| l.round).collect())
        ));
    }
    if !b.forfeits.is_empty() && a.forfeits != b.forfeits {
        parts.push(format!(
            "{} (330) in round(s) {}",
            plural(b.forfeits.len(), "forfeited match"),
            rounds_of(b.forfeits.iter().map(|f| f.round).collect())
        ));
    }
    if !parts.is_empty() {
        out.push(loss(
            "team records",
            format!(
                "{format} cannot carry the team records: {}; not written (use trf26 or json)",
                parts.join("; ")
            ),
        ));
    }
}

fn score(r: &TeamRound) -> String {
    match r.kind {
        TeamRoundKind::Match {
            opponent, forfeit, ..
        } => format!(
            "v {opponent}{} {} GP {} MP",
            if forfeit.is_some() { " forfeited" } else { "" },
            r.game_points,
            r.match_points
        ),
        TeamRoundKind::Bye { bye } => format!(
            "{} {} GP {} MP",
            match bye {
                crate::model::TeamByeKind::PairingAllocated => "PAB",
                crate::model::TeamByeKind::Full => "full-point bye",
                crate::model::TeamByeKind::Half => "half-point bye",
                crate::model::TeamByeKind::Zero => "no match",
            },
            r.game_points,
            r.match_points
        ),
    }
}

fn same_kind(a: &TeamRoundKind, b: &TeamRoundKind) -> bool {
    match (a, b) {
        (
            TeamRoundKind::Match {
                opponent: oa,
                forfeit: fa,
                ..
            },
            TeamRoundKind::Match {
                opponent: ob,
                forfeit: fb,
                ..
            },
        ) => oa == ob && fa == fb,
        _ => a == b,
    }
}

fn matches(before: &Tournament, after: &Tournament, format: &str, out: &mut Vec<Diagnostic>) {
    let rounds = before.rounds_recorded();
    if rounds == 0 || before.teams.is_empty() {
        return;
    }
    let (sb, _) = team_rounds(before, rounds);
    let (sa, _) = team_rounds(after, rounds);
    let played = |s: &[crate::model::TeamSchedule]| {
        s.iter()
            .flat_map(|t| t.rounds.iter())
            .filter(|r| r.opponent().is_some())
            .count()
            / 2
    };
    let (nmatches, nbyes) = (
        played(&sb),
        sb.iter()
            .flat_map(|t| t.rounds.iter())
            .filter(|r| matches!(r.kind, TeamRoundKind::Bye { .. }))
            .count(),
    );
    if after.teams.is_empty() {
        out.push(loss(
            "team matches",
            format!(
                "{format} cannot carry the team matches: {} and {} (byes and absences) of {} round(s) are lost with the teams",
                plural(nmatches, "match"),
                plural(nbyes, "round without a match"),
                rounds
            ),
        ));
        return;
    }
    let mut changed_matches = 0usize;
    let mut changed_byes = 0usize;
    let mut examples = Vec::new();
    let mut totals = Vec::new();
    for (i, tb) in sb.iter().enumerate() {
        let Some(ta) = sa.get(i) else { continue };
        let name = team_name(&before.teams[i], i);
        for (rb, ra) in tb.rounds.iter().zip(&ta.rounds) {
            // The team colour follows from the games and 352, whose loss is
            // said above; here the opponent, forfeit or bye, and the points.
            let same = same_kind(&rb.kind, &ra.kind)
                && rb.game_points == ra.game_points
                && rb.match_points == ra.match_points;
            if same {
                continue;
            }
            match rb.kind {
                // Each match is seen from both teams: count it once, from
                // the team with the lower number.
                TeamRoundKind::Match { opponent, .. } if opponent < tb.team => continue,
                TeamRoundKind::Match { .. } => changed_matches += 1,
                TeamRoundKind::Bye { .. } => changed_byes += 1,
            }
            examples.push(format!(
                "round {}: {name} {} read back as {}",
                rb.round,
                score(rb),
                score(ra)
            ));
        }
        let sum = |t: &crate::model::TeamSchedule, f: fn(&TeamRound) -> Points| {
            t.rounds.iter().map(f).sum::<Points>()
        };
        let (mb, ma) = (sum(tb, |r| r.match_points), sum(ta, |r| r.match_points));
        let (gb, ga) = (sum(tb, |r| r.game_points), sum(ta, |r| r.game_points));
        if (mb, gb) != (ma, ga) {
            totals.push(format!("{name}: {mb} MP {gb} GP → {ma} MP {ga} GP"));
        }
    }
    if changed_matches + changed_byes > 0 {
        let mut what = Vec::new();
        if changed_matches > 0 {
            what.push(format!(
                "{} of {nmatches}",
                plural(changed_matches, "match")
            ));
        }
        if changed_byes > 0 {
            what.push(format!(
                "{} of {nbyes}",
                plural(changed_byes, "round without a match")
            ));
        }
        out.push(loss(
            "team matches",
            format!(
                "{format} cannot carry the team matches as played: {} read back with another opponent or score; e.g. {}",
                what.join(" and "),
                list(&examples)
            ),
        ));
    }
    if !totals.is_empty() {
        out.push(loss(
            "team totals",
            format!(
                "{format} changes the totals of {}: {}",
                plural(totals.len(), "team"),
                list(&totals)
            ),
        ));
    }
}
