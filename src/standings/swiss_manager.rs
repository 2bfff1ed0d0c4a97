//! Swiss-Manager's numbered tie-breaks (as stored in `.TUNX` files and named on
//! chess-results) mapped to C.07 codes. Ids we cannot map with confidence are reported,
//! never guessed. Numbering per /work/shared/docs/tiebreaks-ratings.md §2.1 (compiled
//! from chess-results annotations; not confirmed against the program itself).

use super::code::{Code, TieBreakSpec};
use super::edition::Edition;

/// A mapped Swiss-Manager tie-break.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissManagerTieBreak {
    pub spec: TieBreakSpec,
    /// The rules family the id belongs to (legacy ids: pre-2023 handling).
    pub edition: Option<Edition>,
    pub label: &'static str,
}

/// Map id `id` with Swiss-Manager's "cut lowest / cut highest" parameters.
pub fn map(id: u16, cut_low: u8, cut_high: u8) -> Result<SwissManagerTieBreak, String> {
    let legacy = Some(Edition::Pre2023);
    let modern = None;
    let (code, edition, label, cuts) = match id {
        2 => (
            Code::Bh,
            legacy,
            "Buchholz Tie-Breaks (all results)",
            (0, 0),
        ),
        3 => (
            Code::Bh,
            legacy,
            "Buchholzwertung (1 Streichresultat)",
            (1, 0),
        ),
        4 => (
            Code::Bh,
            legacy,
            "Buchholz Tie-Breaks (middle Tie-Breaks)",
            (1, 1),
        ),
        11 => (
            Code::De,
            modern,
            "Direct Encounter (same point group)",
            (0, 0),
        ),
        12 => (Code::Win, legacy, "The greater number of victories", (0, 0)),
        35 => (Code::Sb, legacy, "FIDE-Sonneborn-Berger-Tie-Break", (0, 0)),
        36 => (
            Code::Aro,
            legacy,
            "rating average of the opponents (variabel with parameter)",
            (cut_low, cut_high),
        ),
        37 => (
            Code::Bh,
            legacy,
            "Buchholz Tie-Breaks (variabel with parameter)",
            (cut_low, cut_high),
        ),
        45 => (Code::Ks, modern, "Koya", (0, 0)),
        52 => (
            Code::Sb,
            legacy,
            "Sonneborn-Berger-Tie-Break (variabel)",
            (cut_low, cut_high),
        ),
        53 => (Code::Bpg, modern, "Most black", (0, 0)),
        77 => (
            Code::Aob,
            modern,
            "Average of Opponents' Buchholz (AOB)",
            (0, 0),
        ),
        79 => (Code::Rep, modern, "Rounds Elected to Play (REP)", (0, 0)),
        80 => (
            Code::Aro,
            modern,
            "Average Rating of Opponents (ARO)",
            (cut_low, cut_high),
        ),
        81 => (Code::De, modern, "Direct Encounter (DE)", (0, 0)),
        84 => (
            Code::Bh,
            modern,
            "Buchholz Tie-Break Variable (2023/2026)",
            (cut_low, cut_high),
        ),
        85 => (
            Code::Sb,
            modern,
            "Sonneborn Berger Tie-Break Variable (2023/2026)",
            (cut_low, cut_high),
        ),
        86 => (
            Code::Ps,
            modern,
            "FIDE Tiebreak (Progressive Score)",
            (cut_low, 0),
        ),
        87 => (Code::Ks, modern, "Koya System (KS)", (0, 0)),
        // 7, 60, 68, 88 choose their variant by a parameter we do not have; anything
        // else is unknown to us.
        _ => {
            return Err(format!(
            "swiss-manager tie-break id {id} is not mapped to a C.07 code; give the code instead"
        ))
        }
    };
    let mut spec = TieBreakSpec::new(code);
    spec.cut_low = cuts.0;
    spec.cut_high = cuts.1;
    Ok(SwissManagerTieBreak {
        spec,
        edition,
        label,
    })
}

/// Parse `SM37`, `SM37/C1`, `SM37/M1` (cut parameters as C.07 modifiers).
pub fn parse(text: &str) -> Option<Result<SwissManagerTieBreak, String>> {
    let t = text.trim().to_ascii_uppercase();
    let rest = t.strip_prefix("SM")?;
    let mut parts = rest.split(['/', '-']);
    let id = parts.next().unwrap_or("");
    let id: u16 = match id.parse() {
        Ok(n) => n,
        Err(_) => {
            return Some(Err(format!(
                "expected a swiss-manager id after SM, found \"{id}\""
            )))
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
                return Some(Err(format!(
                    "expected /Cn or /Mn after SM{id}, found \"/{m}\""
                )))
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
