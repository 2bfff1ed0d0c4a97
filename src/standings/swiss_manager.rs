//! Swiss-Manager's numbered tie-breaks (as stored in `.TUNX` files and named on
//! chess-results) read as C.07 codes. The ids, labels and corresponding codes are the
//! one table in [`crate::model::swiss_manager_tiebreaks`]; ids we cannot map with
//! confidence are reported, never guessed.

use std::fmt;

use super::code::{Code, TieBreakSpec};
use super::edition::TiebreakEdition;
use crate::model::swiss_manager_tiebreaks::{self as table, SmCuts};

/// A mapped Swiss-Manager tie-break.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissManagerTieBreak {
    /// `None`: the id has no C.07 computation (team, manual rank correction, Arranz
    /// ...): accepted, and left out of a ranking with a warning.
    pub spec: Option<TieBreakSpec>,
    /// The rules family the id belongs to (legacy ids: pre-2023 handling).
    pub edition: Option<TiebreakEdition>,
    /// Swiss-Manager's label for the id (abridged where Swiss-Manager's own is long).
    pub label: &'static str,
}

/// Why an SM id could not be read as a C.07 code.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SwissManagerError {
    /// The id is not in Swiss-Manager's numbered list as we know it.
    Unmapped {
        /// The id read.
        id: u16,
    },
    /// `SM` not followed by a number.
    BadId {
        /// What followed `SM`.
        found: String,
    },
    /// A modifier other than `/Cn` or `/Mn`.
    BadModifier {
        /// The id read.
        id: u16,
        /// The modifier as written.
        found: String,
    },
}

impl fmt::Display for SwissManagerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwissManagerError::Unmapped { id } => write!(
                f,
                "expected a swiss-manager tie-break id of its numbered list, found {id}; give the C.07 code instead"
            ),
            SwissManagerError::BadId { found } => {
                write!(f, "expected a swiss-manager id after SM, found \"{found}\"")
            }
            SwissManagerError::BadModifier { id, found } => {
                write!(f, "expected /Cn or /Mn after SM{id}, found \"/{found}\"")
            }
        }
    }
}

impl std::error::Error for SwissManagerError {}

impl From<SwissManagerError> for crate::Error {
    fn from(e: SwissManagerError) -> crate::Error {
        crate::error::engine(crate::diag::codes::TIEBREAK_CODE, e.to_string())
    }
}

/// Map id `id` with Swiss-Manager's "cut lowest / cut highest" parameters.
pub fn map(id: u16, cut_low: u8, cut_high: u8) -> Result<SwissManagerTieBreak, SwissManagerError> {
    let entry = table::lookup(id).ok_or(SwissManagerError::Unmapped { id })?;
    let Some(fide) = entry.fide else {
        return Ok(SwissManagerTieBreak {
            spec: None,
            edition: None,
            label: entry.label,
        });
    };
    let (code, _) = Code::from_name(fide.code).ok_or(SwissManagerError::Unmapped { id })?;
    let mut spec = TieBreakSpec::new(code);
    (spec.cut_low, spec.cut_high) = match fide.cuts {
        SmCuts::Fixed { low, high } => (low, high),
        SmCuts::Parameters => (cut_low, cut_high),
        SmCuts::LowParameter => (cut_low, 0),
    };
    Ok(SwissManagerTieBreak {
        spec: Some(spec),
        edition: fide.legacy.then_some(TiebreakEdition::Pre2023),
        label: entry.label,
    })
}

/// Parse `SM37`, `SM37/C1`, `SM37/M1` (cut parameters as C.07 modifiers); `None`
/// when the text is not an SM id.
pub fn parse(text: &str) -> Option<Result<SwissManagerTieBreak, SwissManagerError>> {
    let t = text.trim().to_ascii_uppercase();
    let rest = t.strip_prefix("SM")?;
    let mut parts = rest.split(['/', '-']);
    let id = parts.next().unwrap_or("");
    let id: u16 = match id.parse() {
        Ok(n) => n,
        Err(_) => {
            return Some(Err(SwissManagerError::BadId {
                found: id.to_string(),
            }))
        }
    };
    let (mut low, mut high) = (0u8, 0u8);
    for m in parts {
        let n = m.get(1..).and_then(|d| d.parse::<u8>().ok());
        match (m.chars().next(), n) {
            (Some('C'), Some(n)) => low = n,
            (Some('M'), Some(n)) => {
                low = n;
                high = n
            }
            _ => {
                return Some(Err(SwissManagerError::BadModifier {
                    id,
                    found: m.to_string(),
                }))
            }
        }
    }
    Some(map(id, low, high))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(id: u16, low: u8, high: u8) -> String {
        map(id, low, high).unwrap().spec.unwrap().to_string()
    }

    #[test]
    fn maps_known_ids_and_reports_unknown() {
        let b = map(37, 1, 1).unwrap();
        assert_eq!(b.spec.unwrap().to_string(), "BH/M1");
        assert_eq!(b.edition, Some(TiebreakEdition::Pre2023));
        assert_eq!(code(84, 1, 0), "BH/C1");
        assert_eq!(code(81, 0, 0), "DE");
        assert!(map(999, 0, 0).is_err());
        let p = |t: &str| parse(t).unwrap().unwrap().spec.unwrap().to_string();
        assert_eq!(p("sm4"), "BH/M1");
        assert_eq!(p("SM52/C1"), "SB/C1");
        assert!(parse("SMx").unwrap().is_err());
        assert!(parse("BH").is_none());
    }

    /// #13: SM68, SM61, SM8 and SM88 were rejected; id 11 is the legacy direct
    /// encounter ("results of the players in the same point group").
    #[test]
    fn every_id_of_the_table_is_accepted() {
        for t in table::SM_TIEBREAKS {
            assert!(map(t.id, 0, 0).is_ok(), "SM{}", t.id);
        }
        assert_eq!(code(68, 0, 0), "WIN");
        assert_eq!(code(8, 0, 0), "PS");
        assert_eq!(code(88, 0, 0), "TPR");
        assert_eq!(map(61, 0, 0).unwrap().spec, None);
        let de = map(11, 0, 0).unwrap();
        assert_eq!(de.spec.unwrap().to_string(), "DE");
        assert_eq!(de.edition, Some(TiebreakEdition::Pre2023));
    }
}
