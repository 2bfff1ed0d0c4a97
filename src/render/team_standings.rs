//! Team standings as an aligned text table (Rk, No, Team, MP, GP, TB1..) and
//! as JSON.

use crate::standings::team::TeamStandings;

/// `Rk  No  Team  MP  GP  TB1 ..`, then the tie-break legend.
pub fn text(s: &TeamStandings) -> String {
    let name_w = s
        .rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = format!("Team standings after round {}\n\n", s.rounds);
    out.push_str(&format!(
        "{:>3} {:>3}  {:<name_w$} {:>5} {:>6}",
        "Rk", "No", "Team", "MP", "GP"
    ));
    for k in 0..s.tiebreaks.len() {
        out.push_str(&format!(" {:>8}", format!("TB{}", k + 1)));
    }
    out.push('\n');
    for r in &s.rows {
        out.push_str(&format!(
            "{:>3} {:>3}  {:<name_w$} {:>5} {:>6}",
            r.rank,
            r.team.0,
            r.name,
            r.match_points.to_string(),
            r.game_points.to_string()
        ));
        for v in &r.values {
            out.push_str(&format!(" {:>8}", v.to_string()));
        }
        out.push('\n');
    }
    if !s.tiebreaks.is_empty() {
        out.push('\n');
        for (k, tb) in s.tiebreaks.iter().enumerate() {
            out.push_str(&format!("TB{}: {tb}\n", k + 1));
        }
    }
    out
}

/// The standings as JSON.
pub fn json(s: &TeamStandings) -> String {
    let mut j = serde_json::to_string_pretty(s).unwrap_or_else(|_| "{}".into());
    j.push('\n');
    j
}
