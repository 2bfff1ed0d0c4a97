//! Team pairings and the check of a team event (C.04.6 Swiss, C.05 Annex 1
//! team round robins) in words and in JSON.

use std::fmt::Write as _;

use crate::model::{TeamId, Tournament};
use crate::pairing::team_swiss::{TeamCheck, TeamRoundPairing, TeamVerdict};

fn name(t: &Tournament, id: TeamId) -> String {
    t.teams
        .iter()
        .enumerate()
        .find(|(i, x)| x.id(*i) == id)
        .map_or_else(
            || format!("team {id}"),
            |(_, x)| format!("{} ({id})", x.name),
        )
}

/// The pairing of a round as text: one match a line, White first, then the
/// team without a match.
pub fn pair_text(t: &Tournament, p: &TeamRoundPairing, system: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Round {} ({system})", p.round);
    for (k, m) in p.matches.iter().enumerate() {
        let _ = writeln!(
            s,
            "{:>3}. {} - {}",
            k + 1,
            name(t, m.white),
            name(t, m.black)
        );
    }
    if let Some(b) = p.bye {
        let what = if p.brackets.is_empty() && system.starts_with("C.05") {
            "free"
        } else {
            "pairing-allocated bye"
        };
        let _ = writeln!(s, "     {}: {what}", name(t, b));
    }
    s
}

/// The pairing of a round as JSON.
pub fn pair_json(p: &TeamRoundPairing) -> String {
    serde_json::to_string_pretty(p).unwrap_or_default() + "\n"
}

fn verdict(v: TeamVerdict) -> &'static str {
    match v {
        TeamVerdict::Conform => "conform",
        TeamVerdict::ColoursDiffer => "colours-differ",
        TeamVerdict::Differs => "differs",
        TeamVerdict::Illegal => "illegal",
        TeamVerdict::NotChecked => "not-checked",
    }
}

/// The check as text: a verdict a round, and why a round is not conform.
pub fn check_text(t: &Tournament, c: &TeamCheck, input_sha256: Option<&str>) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "system: {} (team event, {} teams)",
        c.system,
        t.teams.len()
    );
    if let Some(h) = input_sha256 {
        let _ = writeln!(s, "input sha256: {h}");
    }
    s.push('\n');
    for r in &c.rounds {
        let _ = writeln!(s, "round {}: {}", r.round, verdict(r.verdict));
        if r.verdict == TeamVerdict::Conform {
            continue;
        }
        for e in &r.explanation {
            let _ = writeln!(s, "  {e}");
        }
    }
    let conform = c
        .rounds
        .iter()
        .filter(|r| r.verdict == TeamVerdict::Conform)
        .count();
    let _ = writeln!(s, "\n{conform} of {} rounds conform", c.rounds.len());
    s
}

/// The check as JSON.
pub fn check_json(c: &TeamCheck, input_sha256: Option<&str>) -> String {
    let v = serde_json::json!({
        "input_sha256": input_sha256,
        "check": c,
    });
    serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
}
