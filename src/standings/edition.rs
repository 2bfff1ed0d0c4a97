//! Which C.07 text applies: pre-2023 (virtual opponent), 2023 (Sep 2023 / Apr 2024 /
//! Aug 2024 texts, dummy opponent) or 2026 (capped dummy, STD/TPN/RTNG).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A tie-break rules edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[non_exhaustive]
pub enum TiebreakEdition {
    /// Rules before C.07-2023 (2009 Kallithea wording, C.02 art. 13): unplayed games of
    /// opponents count as draws; own unplayed rounds use a virtual opponent.
    #[serde(rename = "pre2023")]
    Pre2023,
    /// C.07 approved 01/08/2023, mandatory for all rated events from 1 April 2024, with
    /// the editorial April 2024 and August 2024 revisions (GE renamed REP, SB-C1 tie
    /// wording, 2.1 default): dummy opponent with the participant's own score (art. 16.4),
    /// VUR cut first (art. 16.5).
    #[serde(rename = "2023")]
    C07_2023,
    /// C.07 in force from 1 March 2026: the dummy opponent's score is capped
    /// (art. 16.4.1 / 16.4.2); STD, TPN, RTNG; AOB/F.
    #[serde(rename = "2026")]
    C07_2026,
}

/// How the edition was chosen; always reported with the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum EditionSource {
    /// Given by the caller (`--edition`, profile).
    Requested,
    /// From the event's start (or end) date.
    EventDate {
        /// The date the edition was chosen by.
        date: NaiveDate,
    },
    /// No date in the file: the rules in force today are assumed.
    NoDate,
}

/// C.07-2023 became mandatory for every FIDE-rated event on this day.
pub(crate) const C07_2023_MANDATORY: (i32, u32, u32) = (2024, 4, 1);
/// C.07-2026 is in force from this day.
pub(crate) const C07_2026_IN_FORCE: (i32, u32, u32) = (2026, 3, 1);

impl TiebreakEdition {
    /// The edition in force for an event starting on `date`.
    pub fn for_date(date: NaiveDate) -> TiebreakEdition {
        let d = |(y, m, dd): (i32, u32, u32)| NaiveDate::from_ymd_opt(y, m, dd);
        if d(C07_2023_MANDATORY).is_some_and(|x| date < x) {
            TiebreakEdition::Pre2023
        } else if d(C07_2026_IN_FORCE).is_some_and(|x| date < x) {
            TiebreakEdition::C07_2023
        } else {
            TiebreakEdition::C07_2026
        }
    }

    /// The edition's code as options and profiles write it (`pre2023`, `2023`, `2026`).
    pub fn as_str(self) -> &'static str {
        match self {
            TiebreakEdition::Pre2023 => "pre2023",
            TiebreakEdition::C07_2023 => "2023",
            TiebreakEdition::C07_2026 => "2026",
        }
    }

    /// True for the dummy-opponent editions (C.07 art. 16).
    pub fn dummy(self) -> bool {
        self != TiebreakEdition::Pre2023
    }
}

impl fmt::Display for TiebreakEdition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for TiebreakEdition {
    type Err = EditionError;
    fn from_str(s: &str) -> Result<TiebreakEdition, EditionError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "pre2023" | "pre-2023" | "2009" | "legacy" => Ok(TiebreakEdition::Pre2023),
            "2023" | "2024" | "2023-09" | "2024-04" | "2024-08" => Ok(TiebreakEdition::C07_2023),
            "2026" | "2026-03" => Ok(TiebreakEdition::C07_2026),
            other => Err(EditionError {
                found: other.to_string(),
            }),
        }
    }
}

/// An edition name that is none of `pre2023`, `2023`, `2026` (or their aliases).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditionError {
    /// The text given, trimmed and lower-cased.
    pub found: String,
}

impl fmt::Display for EditionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected an edition pre2023, 2023 or 2026, found \"{}\"",
            self.found
        )
    }
}

impl std::error::Error for EditionError {}

impl From<EditionError> for crate::Error {
    fn from(e: EditionError) -> crate::Error {
        crate::error::engine(crate::diag::codes::INVALID_OPTION, e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_edition_by_date() {
        let d = |y, m, dd| NaiveDate::from_ymd_opt(y, m, dd).unwrap();
        assert_eq!(
            TiebreakEdition::for_date(d(2023, 7, 1)),
            TiebreakEdition::Pre2023
        );
        assert_eq!(
            TiebreakEdition::for_date(d(2024, 3, 31)),
            TiebreakEdition::Pre2023
        );
        assert_eq!(
            TiebreakEdition::for_date(d(2024, 4, 1)),
            TiebreakEdition::C07_2023
        );
        assert_eq!(
            TiebreakEdition::for_date(d(2026, 2, 28)),
            TiebreakEdition::C07_2023
        );
        assert_eq!(
            TiebreakEdition::for_date(d(2026, 3, 1)),
            TiebreakEdition::C07_2026
        );
        assert_eq!(
            "2024".parse::<TiebreakEdition>(),
            Ok(TiebreakEdition::C07_2023)
        );
        assert!("1999".parse::<TiebreakEdition>().is_err());
    }
}
