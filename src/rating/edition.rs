//! Which rating regulations apply: the B.02 edition and the kind of play.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// An edition of the FIDE Rating Regulations B.02.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum RatingRules {
    /// B.02 effective 1 Jan 2022 (until 29 Feb 2024).
    #[serde(rename = "2022")]
    B2022,
    /// B.02 effective 1 Mar 2024.
    #[serde(rename = "2024")]
    B2024,
    /// B.02 2024 with the §8.3.1 amendment effective 1 Oct 2025 (no 400-point
    /// cap for players rated 2650 or more).
    #[serde(rename = "2025-10")]
    B2025Oct,
}

impl RatingRules {
    /// Every edition, oldest first.
    pub const ALL: [RatingRules; 3] = [
        RatingRules::B2022,
        RatingRules::B2024,
        RatingRules::B2025Oct,
    ];

    /// The edition's code as options and reports write it (`2022`, `2024`, `2025-10`).
    pub fn code(self) -> &'static str {
        match self {
            RatingRules::B2022 => "2022",
            RatingRules::B2024 => "2024",
            RatingRules::B2025Oct => "2025-10",
        }
    }

    /// The first day the edition applies.
    pub fn effective(self) -> NaiveDate {
        let (y, m) = match self {
            RatingRules::B2022 => (2022, 1),
            RatingRules::B2024 => (2024, 3),
            RatingRules::B2025Oct => (2025, 10),
        };
        NaiveDate::from_ymd_opt(y, m, 1).unwrap_or_default()
    }

    /// The edition in force on `date` (an event's end date). Dates before
    /// 2022 get the 2022 edition, the oldest this crate implements.
    pub fn in_force_on(date: NaiveDate) -> RatingRules {
        RatingRules::ALL
            .iter()
            .rev()
            .find(|e| date >= e.effective())
            .copied()
            .unwrap_or(RatingRules::B2022)
    }
}

impl fmt::Display for RatingRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for RatingRules {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "2022" => Ok(RatingRules::B2022),
            "2024" => Ok(RatingRules::B2024),
            "2025-10" | "2025" => Ok(RatingRules::B2025Oct),
            other => Err(format!("expected 2022, 2024 or 2025-10, found \"{other}\"")),
        }
    }
}

/// The rating list a game counts for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Standard play (B.02 §1.1: at least 60, 90 or 120 minutes for 60 moves depending on the
    /// ratings).
    Standard,
    /// Rapid play (B.02 R&B 2024 §1: more than 10 and less than 60 minutes per player for 60
    /// moves).
    Rapid,
    /// Blitz play (B.02 R&B 2024 §1: more than 3 and at most 10 minutes per player for 60 moves).
    Blitz,
}

impl Kind {
    /// The kind's code as options and reports write it (`standard`, `rapid`, `blitz`).
    pub fn code(self) -> &'static str {
        match self {
            Kind::Standard => "standard",
            Kind::Rapid => "rapid",
            Kind::Blitz => "blitz",
        }
    }

    /// B.02 R&B 2024 §1: rapid is more than 10 and less than 60 minutes per
    /// player (base + 60 × increment), blitz more than 3 and at most 10.
    /// `None` at or below 3 minutes (not ratable).
    pub fn from_minutes_per_60_moves(minutes: f64) -> Option<Kind> {
        if minutes >= 60.0 {
            Some(Kind::Standard)
        } else if minutes > 10.0 {
            Some(Kind::Rapid)
        } else if minutes > 3.0 {
            Some(Kind::Blitz)
        } else {
            None
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "standard" | "classical" => Ok(Kind::Standard),
            "rapid" => Ok(Kind::Rapid),
            "blitz" => Ok(Kind::Blitz),
            other => Err(format!(
                "expected standard, rapid or blitz, found \"{other}\""
            )),
        }
    }
}

/// Minutes each player has for a 60-move game, as B.02 §1 counts them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct PlayingTime {
    pub minutes: f64,
    /// True when read from the encoded `222` record; false when read from
    /// the free-text `122` record.
    pub exact: bool,
}

/// Parse a TRF-2026 `222` encoded time control (`5400+30`,
/// `40/6000+30:900+30`, `W300-B240`) and return the minutes per player for a
/// 60-move game (base times of the periods reached plus 60 × increment, as
/// B.02 R&B §1 counts them). For unequal times the smaller side counts.
pub(crate) fn minutes_from_encoded(text: &str) -> Option<f64> {
    let t = text.trim();
    if t.is_empty() {
        return None;
    }
    if let Some(rest) = t.strip_prefix('W') {
        let (w, b) = rest.split_once("-B")?;
        let a = periods_minutes(w)?;
        let c = periods_minutes(b)?;
        return Some(a.min(c));
    }
    periods_minutes(t)
}

fn periods_minutes(t: &str) -> Option<f64> {
    let mut remaining: u32 = 60;
    let mut seconds: f64 = 0.0;
    for period in t.split(':') {
        if remaining == 0 {
            break;
        }
        let (moves, rest) = match period.split_once('/') {
            Some((m, r)) => (Some(m.trim().parse::<u32>().ok()?), r),
            None => (None, period),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b.trim().parse::<u32>().ok()?, i.trim().parse::<u32>().ok()?),
            None => (rest.trim().parse::<u32>().ok()?, 0),
        };
        let covered = moves.map(|m| m.min(remaining)).unwrap_or(remaining);
        seconds += f64::from(base) + f64::from(inc) * f64::from(covered);
        remaining -= covered;
    }
    Some(seconds / 60.0)
}

/// The playing time of the event: the encoded `222` record if it reads,
/// otherwise the free-text `122` record as [`super::time_control`] reads it
/// (`None` when neither reads: the caller says so, it never assumes).
pub(crate) fn playing_time(encoded: &str, free_text: &str) -> Option<PlayingTime> {
    if let Some(m) = minutes_from_encoded(encoded) {
        return Some(PlayingTime {
            minutes: m,
            exact: true,
        });
    }
    super::time_control::parse(free_text)
        .ok()
        .map(|tc| PlayingTime {
            minutes: tc.minutes_for_60_moves(),
            exact: false,
        })
}

/// B.02 §1.1: the minimum minutes per player for a 60-move game, by the
/// highest rating involved: 120 if anyone is rated 2400+, 90 if anyone is
/// rated 1800+, else 60.
pub(crate) fn minimum_standard_minutes(highest_rating: Option<u16>) -> u32 {
    match highest_rating {
        Some(r) if r >= 2400 => 120,
        Some(r) if r >= 1800 => 90,
        _ => 60,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, dd: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, dd).unwrap()
    }

    #[test]
    fn editions_by_end_date() {
        assert_eq!(RatingRules::in_force_on(d(2023, 7, 1)), RatingRules::B2022);
        assert_eq!(RatingRules::in_force_on(d(2024, 2, 29)), RatingRules::B2022);
        assert_eq!(RatingRules::in_force_on(d(2024, 3, 1)), RatingRules::B2024);
        assert_eq!(RatingRules::in_force_on(d(2025, 9, 30)), RatingRules::B2024);
        assert_eq!(
            RatingRules::in_force_on(d(2025, 10, 1)),
            RatingRules::B2025Oct
        );
        assert_eq!(RatingRules::in_force_on(d(2019, 1, 1)), RatingRules::B2022);
        assert_eq!("2025-10".parse::<RatingRules>(), Ok(RatingRules::B2025Oct));
        assert!("2023".parse::<RatingRules>().is_err());
    }

    #[test]
    fn encoded_time_controls() {
        assert_eq!(minutes_from_encoded("5400+30"), Some(120.0));
        // 40 moves in 100 min + 30 s, then 15 min + 30 s: 100 + 15 + 30
        assert_eq!(minutes_from_encoded("40/6000+30:900+30"), Some(145.0));
        assert_eq!(minutes_from_encoded("W300-B240"), Some(4.0));
        assert_eq!(minutes_from_encoded("180+2"), Some(5.0));
        assert_eq!(minutes_from_encoded("90 min"), None);
        assert_eq!(minutes_from_encoded(""), None);
    }

    #[test]
    fn free_text_is_read_only_when_the_encoded_record_is_missing() {
        let pt = playing_time("", "90 minutes with 30 second increment from move 1").unwrap();
        assert_eq!((pt.minutes, pt.exact), (120.0, false));
        let pt = playing_time("5400+30", "3+2").unwrap();
        assert_eq!((pt.minutes, pt.exact), (120.0, true));
        assert_eq!(playing_time("", "rapid"), None);
    }

    #[test]
    fn kinds_by_minutes() {
        assert_eq!(Kind::from_minutes_per_60_moves(120.0), Some(Kind::Standard));
        assert_eq!(Kind::from_minutes_per_60_moves(60.0), Some(Kind::Standard));
        assert_eq!(Kind::from_minutes_per_60_moves(25.0), Some(Kind::Rapid));
        assert_eq!(Kind::from_minutes_per_60_moves(10.0), Some(Kind::Blitz));
        assert_eq!(Kind::from_minutes_per_60_moves(3.0), None);
    }
}
