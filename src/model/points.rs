use serde::{Deserialize, Serialize};
use std::fmt;

/// A score in tenths of a point (`15` is 1.5). Scores are never floats.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Points(pub i32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point (5 tenths): a draw or a half-point bye.
    pub const HALF: Points = Points(5);
    /// One point (10 tenths): a win under the standard scoring.
    pub const ONE: Points = Points(10);

    /// Build from whole tenths.
    pub const fn tenths(t: i32) -> Points {
        Points(t)
    }

    /// The value as a float, for display and JSON only.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }

    /// Parse `"1.5"`, `"1,5"`, `"10"`, `"-0.5"`, `"½"`, `"2½"`. At most one decimal.
    pub fn parse(text: &str) -> Option<Points> {
        let t = text.trim();
        if t.is_empty() {
            return None;
        }
        let (neg, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let (t, half) = match t.strip_suffix('½') {
            Some(rest) => (rest, true),
            None => (t, false),
        };
        let t = t.replace(',', ".");
        let (int, frac) = match t.split_once('.') {
            Some((i, f)) => (i, f),
            None => (t.as_str(), ""),
        };
        if half && !frac.is_empty() {
            return None;
        }
        if int.is_empty() && frac.is_empty() && !half {
            return None;
        }
        if !int.chars().all(|c| c.is_ascii_digit()) || !frac.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        if frac.len() > 1 && frac[1..].chars().any(|c| c != '0') {
            return None;
        }
        let whole: i32 = if int.is_empty() { 0 } else { int.parse().ok()? };
        let tenth: i32 = frac
            .chars()
            .next()
            .and_then(|c| c.to_digit(10))
            .unwrap_or(0) as i32;
        let mut v = whole.checked_mul(10)?.checked_add(tenth)?;
        if half {
            v = v.checked_add(5)?;
        }
        Some(Points(if neg { -v } else { v }))
    }
}

impl fmt::Display for Points {
    /// `1.5`, `10.0`, `-0.5`: always one decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        let s = format!("{sign}{}.{}", a / 10, a % 10);
        f.pad(&s)
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}
impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.0 += o.0;
    }
}
impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points(self.0 - o.0)
    }
}
impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

/// What each kind of round entry is worth. Explicit data: read from TRF
/// (`XXS`, `BBW..BBU`, TRF-2026 `162`) or the standard 1 / ½ / 0 by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PointSystem {
    /// Points for a game won over the board (`1`, `W`).
    pub win: Points,
    /// Points for a drawn game (`=`, `D`).
    pub draw: Points,
    /// Points for a game lost over the board (`0`, `L`).
    pub loss: Points,
    /// Points for a win by forfeit (`+`).
    pub forfeit_win: Points,
    /// Points for a loss by forfeit (`-`).
    pub forfeit_loss: Points,
    /// Pairing-allocated bye (`U`).
    pub pairing_bye: Points,
    /// Half-point bye (`H`).
    pub half_bye: Points,
    /// Full-point bye (`F`).
    pub full_bye: Points,
    /// Zero-point bye (`Z`) and not paired.
    pub zero_bye: Points,
    /// Unknown result (`?`/`X`), counted as a draw by default.
    pub unknown: Points,
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem::standard()
    }
}

impl PointSystem {
    /// 1 / ½ / 0, byes as their names say.
    pub const fn standard() -> PointSystem {
        PointSystem {
            win: Points::ONE,
            draw: Points::HALF,
            loss: Points::ZERO,
            forfeit_win: Points::ONE,
            forfeit_loss: Points::ZERO,
            pairing_bye: Points::ONE,
            half_bye: Points::HALF,
            full_bye: Points::ONE,
            zero_bye: Points::ZERO,
            unknown: Points::HALF,
        }
    }

    /// 3 / 1 / 0 ("football") scoring, byes following win/draw.
    pub const fn three_one_zero() -> PointSystem {
        PointSystem {
            win: Points(30),
            draw: Points(10),
            loss: Points::ZERO,
            forfeit_win: Points(30),
            forfeit_loss: Points::ZERO,
            pairing_bye: Points(30),
            half_bye: Points(10),
            full_bye: Points(30),
            zero_bye: Points::ZERO,
            unknown: Points(10),
        }
    }

    /// Whether this is the standard 1 / ½ / 0 system with byes as their names say ([`PointSystem::standard`]).
    pub fn is_standard(&self) -> bool {
        *self == PointSystem::standard()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        assert_eq!(Points::parse("1.5"), Some(Points(15)));
        assert_eq!(Points::parse("1,5"), Some(Points(15)));
        assert_eq!(Points::parse(" 10"), Some(Points(100)));
        assert_eq!(Points::parse("2½"), Some(Points(25)));
        assert_eq!(Points::parse("½"), Some(Points(5)));
        assert_eq!(Points::parse("-0.5"), Some(Points(-5)));
        assert_eq!(Points::parse("1.50"), Some(Points(15)));
        assert_eq!(Points::parse("1.55"), None);
        assert_eq!(Points::parse("a"), None);
        assert_eq!(Points::parse(""), None);
        assert_eq!(Points(15).to_string(), "1.5");
        assert_eq!(Points(-5).to_string(), "-0.5");
        assert_eq!(format!("{:>4}", Points(100)), "10.0");
    }
}
