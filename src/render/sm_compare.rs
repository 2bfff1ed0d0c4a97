//! Swiss-Manager's own points, tie-break values and ranks (from its player file, kept as
//! `Player::points`, `Player::rank` and the `sm.Wtg<n>` labels) next to ours, every
//! difference flagged. For appeals: `arbiter standings players.txt+pairings.txt --compare`.

use crate::model::{PlayerId, Tournament};
use crate::standings::{Standings, Value};

/// One compared quantity of one player.
#[derive(Debug, Clone, PartialEq)]
pub struct Difference {
    /// Starting rank of the player.
    pub player: PlayerId,
    /// `points`, `rank`, or the tie-break code with its `Wtg` column.
    pub what: String,
    /// Swiss-Manager's value, as its file writes it.
    pub swiss_manager: String,
    /// Our value, in the same form.
    pub ours: String,
}

/// The comparison of a whole ranking.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Comparison {
    /// Every quantity that differs, player by player.
    pub differences: Vec<Difference>,
    /// Players compared (those with any Swiss-Manager value).
    pub players: usize,
    /// Tie-break columns compared.
    pub columns: usize,
    /// Remarks on what could not be compared (e.g. a different number of tie-break columns).
    pub notes: Vec<String>,
}

/// Parse a Swiss-Manager decimal (`12,5`, `1`, `-0,25`, `2½`) into (numerator, 10^decimals).
fn parse_decimal(s: &str) -> Option<(i64, i64)> {
    let s = s.trim().replace('½', ",5");
    let s = s.strip_prefix(',').map(|r| format!("0,{r}")).unwrap_or(s);
    let (neg, s) = match s.strip_prefix('-') {
        Some(r) => (true, r.to_string()),
        None => (false, s),
    };
    let (int, frac) = s.split_once([',', '.']).unwrap_or((&s, ""));
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    if !int.chars().all(|c| c.is_ascii_digit())
        || !frac.chars().all(|c| c.is_ascii_digit())
        || frac.len() > 6
    {
        return None;
    }
    let scale = 10i64.checked_pow(frac.len() as u32)?;
    let i: i64 = if int.is_empty() { 0 } else { int.parse().ok()? };
    let f: i64 = if frac.is_empty() {
        0
    } else {
        frac.parse().ok()?
    };
    let n = i.checked_mul(scale)?.checked_add(f)?;
    Some((if neg { -n } else { n }, scale))
}

/// Does Swiss-Manager's shown value equal ours after rounding ours to SM's decimals?
fn same(sm: (i64, i64), ours: Value) -> bool {
    let (n, scale) = sm;
    // ours * scale, rounded half up, equals n.
    let scaled = Value::new(ours.numer().saturating_mul(scale), ours.denom());
    scaled.round_half_up() == n
}

/// Compare `s` (our standings of `t`) with the Swiss-Manager values carried by `t`.
pub fn compare(t: &Tournament, s: &Standings) -> Comparison {
    let mut c = Comparison::default();
    let mut cols: Vec<String> = t
        .players
        .iter()
        .flat_map(|p| p.labels.keys())
        .filter(|k| k.starts_with("sm.Wtg"))
        .cloned()
        .collect();
    cols.sort_by_key(|k| {
        k.trim_start_matches("sm.Wtg")
            .parse::<u32>()
            .unwrap_or(u32::MAX)
    });
    cols.dedup();
    c.columns = cols.len().min(s.tiebreaks.len());
    if cols.len() != s.tiebreaks.len() {
        c.notes.push(format!(
            "swiss-manager gives {} tie-break column(s), we compute {}; the first {} are compared in order",
            cols.len(),
            s.tiebreaks.len(),
            c.columns
        ));
    }
    for p in &t.players {
        let Some(row) = s.row(p.id) else { continue };
        let has_sm =
            p.points.is_some() || p.rank.is_some() || cols.iter().any(|k| p.labels.contains_key(k));
        if !has_sm {
            continue;
        }
        c.players += 1;
        let mut diff = |what: String, sm: String, ours: String| {
            c.differences.push(Difference {
                player: p.id,
                what,
                swiss_manager: sm,
                ours,
            })
        };
        if let Some(sp) = p.points {
            if sp != row.points {
                diff("points".into(), sp.to_string(), row.points.to_string());
            }
        }
        if let Some(sr) = p.rank {
            if sr != row.rank {
                diff("rank".into(), sr.to_string(), row.rank.to_string());
            }
        }
        for (i, (k, spec)) in cols.iter().zip(s.tiebreaks.iter()).enumerate() {
            let sm = p.labels.get(k).map(String::as_str).unwrap_or("");
            let ours = row.tiebreaks.get(i).copied().flatten();
            let name = format!("{spec} ({})", k.trim_start_matches("sm."));
            match (parse_decimal(sm), ours) {
                (None, None) => {}
                (Some(v), Some(o)) if same(v, o) => {}
                (_, o) => diff(
                    name,
                    sm.to_string(),
                    o.map_or("-".into(), |o| o.to_string()),
                ),
            }
        }
    }
    c
}

/// A plain-text report: one line per difference, then a summary.
pub fn text(t: &Tournament, c: &Comparison) -> String {
    let mut out = String::new();
    out.push_str("Comparison with Swiss-Manager's player file\n");
    for n in &c.notes {
        out.push_str(&format!("note: {n}\n"));
    }
    if !c.differences.is_empty() {
        out.push_str(&format!(
            "{:>4}  {:<28} {:<22} {:>14} {:>10}\n",
            "No.", "Name", "Value", "Swiss-Manager", "Ours"
        ));
        for d in &c.differences {
            let name = t.player(d.player).map(|p| p.name.as_str()).unwrap_or("");
            let name: String = name.chars().take(28).collect();
            out.push_str(&format!(
                "{:>4}  {:<28} {:<22} {:>14} {:>10}\n",
                d.player.0, name, d.what, d.swiss_manager, d.ours
            ));
        }
    }
    out.push_str(&format!(
        "{} difference(s) over {} player(s), points, rank and {} tie-break column(s) compared\n",
        c.differences.len(),
        c.players,
        c.columns
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_compare_after_rounding() {
        assert_eq!(parse_decimal("12,5"), Some((125, 10)));
        assert_eq!(parse_decimal("2½"), Some((25, 10)));
        assert_eq!(parse_decimal("1"), Some((1, 1)));
        assert_eq!(parse_decimal(""), None);
        assert!(same((125, 10), Value::new(25, 2)));
        // 1543.333… shown as 1543
        assert!(same((1543, 1), Value::new(4630, 3)));
        assert!(!same((1544, 1), Value::new(4630, 3)));
        assert!(same((1233, 100), Value::new(37, 3)));
    }
}
