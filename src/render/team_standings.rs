//! Team standings as an aligned text table (Rk, No, Team, MP, GP, TB1..) and
//! as JSON; the board standings of a team event likewise.

use crate::standings::team::TeamStandings;
use crate::standings::team_boards::BoardStandings;

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

/// One table per board: `Rk  SNo  Name  Rtg  Team  Games  Pts  %`; players
/// below the minimum of games are listed last without a rank.
pub fn boards_text(s: &BoardStandings) -> String {
    let mut out = format!("Board standings after round {}", s.rounds);
    if s.min_games > 0 {
        out.push_str(&format!(" (ranked: at least {} games)", s.min_games));
    }
    out.push('\n');
    for b in &s.boards {
        let name_w = b
            .rows
            .iter()
            .map(|r| r.name.chars().count())
            .max()
            .unwrap_or(4)
            .max(4);
        let team_w = b
            .rows
            .iter()
            .map(|r| r.team_name.chars().count())
            .max()
            .unwrap_or(4)
            .max(4);
        out.push_str(&format!("\nBoard {}\n\n", b.board));
        out.push_str(&format!(
            "{:>3} {:>4}  {:<name_w$} {:>4}  {:<team_w$} {:>5} {:>5} {:>6}\n",
            "Rk", "SNo", "Name", "Rtg", "Team", "Games", "Pts", "%"
        ));
        for r in &b.rows {
            out.push_str(&format!(
                "{:>3} {:>4}  {:<name_w$} {:>4}  {:<team_w$} {:>5} {:>5} {:>6}\n",
                r.rank.map(|k| k.to_string()).unwrap_or_default(),
                r.player.0,
                r.name,
                r.rating.map(|k| k.to_string()).unwrap_or_default(),
                r.team_name,
                r.games,
                r.points.to_string(),
                r.percentage.to_string()
            ));
        }
    }
    out
}

/// The board standings as JSON.
pub fn boards_json(s: &BoardStandings) -> String {
    let mut j = serde_json::to_string_pretty(s).unwrap_or_else(|_| "{}".into());
    j.push('\n');
    j
}
