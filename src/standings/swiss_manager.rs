//! Swiss-Manager's numbered tie-breaks (as stored in `.TUNX` files and named on
//! chess-results) read as C.07 codes. The ids, labels and corresponding codes are the
//! one table in [`crate::model::swiss_manager_tiebreaks`]; ids we cannot map with
//! confidence are reported, never guessed.

use std::fmt;

use super::code::{Code, TieBreakSpec};
use super::edition::Edition;
use crate::model::swiss_manager_tiebreaks::{self as table, SmCuts};

/// A mapped Swiss-Manager tie-break.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissManagerTieBreak {
    pub spec: TieBreakSpec,
    /// The rules family the id belongs to (legacy ids: pre-2023 handling).
    pub edition: Option<Edition>,
    pub label: &'static str,
}

/// Why an SM id could not be read as a C.07 code.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SwissManagerError {
    /// The id has no C.07 code we can name with confidence.
    Unmapped { id: u16 },
    /// `SM` not followed by a number.
    BadId { found: String },
    /// A modifier other than `/Cn` or `/Mn`.
    BadModifier { id: u16, found: String },
}

impl fmt::Display for SwissManagerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwissManagerError::Unmapped { id } => write!(
                f,
                "swiss-manager tie-break id {id} is not mapped to a C.07 code; give the code instead"
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

/// Map id `id` with Swiss-Manager's "cut lowest / cut highest" parameters.
pub fn map(id: u16, cut_low: u8, cut_high: u8) -> Result<SwissManagerTieBreak, SwissManagerError> {
    let entry = table::lookup(id).ok_or(SwissManagerError::Unmapped { id })?;
    let fide = entry.fide.ok_or(SwissManagerError::Unmapped { id })?;
    let (code, _) = Code::from_name(fide.code).ok_or(SwissManagerError::Unmapped { id })?;
    let mut spec = TieBreakSpec::new(code);
    (spec.cut_low, spec.cut_high) = match fide.cuts {
        SmCuts::Fixed { low, high } => (low, high),
        SmCuts::Parameters => (cut_low, cut_high),
        SmCuts::LowParameter => (cut_low, 0),
    };
    Ok(SwissManagerTieBreak {
        spec,
        edition: fide.legacy.then_some(Edition::Pre2023),
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

    #[test]
    fn maps_known_ids_and_reports_unknown() {
        let b = map(37, 1, 1).unwrap();
        assert_eq!(b.spec.to_string(), "BH/M1");
        assert_eq!(b.edition, Some(Edition::Pre2023));
        assert_eq!(map(84, 1, 0).unwrap().spec.to_string(), "BH/C1");
        assert_eq!(map(81, 0, 0).unwrap().spec.to_string(), "DE");
        assert!(map(68, 0, 0).is_err());
        assert!(map(999, 0, 0).is_err());
        assert_eq!(parse("sm4").unwrap().unwrap().spec.to_string(), "BH/M1");
        assert_eq!(parse("SM52/C1").unwrap().unwrap().spec.to_string(), "SB/C1");
        assert!(parse("SMx").unwrap().is_err());
        assert!(parse("BH").is_none());
    }
}
