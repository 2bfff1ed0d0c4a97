//! The registry of individual tie-breaks keyed by FIDE code: name, C.07 article,
//! type (art. 4.3) and the editions that define it.

use super::code::Code;
use super::edition::Edition;

/// One registry entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TieBreakInfo {
    pub code: &'static str,
    pub name: &'static str,
    /// C.07 article (2023+ numbering).
    pub article: &'static str,
    /// Type A, B, C, D or combinations (C.07 art. 4.3).
    pub kind: &'static str,
    /// First edition that defines the code.
    pub since: Edition,
}

const fn e(
    code: &'static str,
    name: &'static str,
    article: &'static str,
    kind: &'static str,
    since: Edition,
) -> TieBreakInfo {
    TieBreakInfo {
        code,
        name,
        article,
        kind,
        since,
    }
}

/// Every individual tie-break this crate computes.
pub const REGISTRY: &[TieBreakInfo] = &[
    e("DE", "Direct Encounter", "6", "A", Edition::Pre2023),
    e("WIN", "Number of Wins", "7.1", "B", Edition::Pre2023),
    e("WON", "Number of Games Won", "7.2", "B", Edition::C07_2023),
    e(
        "BPG",
        "Number of Games Played with Black",
        "7.3",
        "B",
        Edition::Pre2023,
    ),
    e(
        "BWG",
        "Number of Games Won with Black",
        "7.4",
        "B",
        Edition::Pre2023,
    ),
    e(
        "PS",
        "Sum of Progressive Scores",
        "7.5",
        "B",
        Edition::Pre2023,
    ),
    e(
        "REP",
        "Rounds one Elected to Play (GE)",
        "7.6",
        "B",
        Edition::C07_2023,
    ),
    e("STD", "Standard Points", "7.7", "B", Edition::C07_2026),
    e(
        "TPN",
        "Tournament Pairing Number",
        "7.8",
        "B",
        Edition::C07_2026,
    ),
    e("BH", "Buchholz", "8.1", "C", Edition::Pre2023),
    e(
        "AOB",
        "Average of Opponents' Buchholz",
        "8.2",
        "CC",
        Edition::C07_2023,
    ),
    e("FB", "Fore Buchholz", "8.3", "D", Edition::C07_2023),
    e("SB", "Sonneborn-Berger", "9.1", "BC", Edition::Pre2023),
    e("KS", "Koya System", "9.2", "BC", Edition::Pre2023),
    e(
        "ARO",
        "Average Rating of Opponents",
        "10.1",
        "D",
        Edition::Pre2023,
    ),
    e(
        "TPR",
        "Tournament Performance Rating",
        "10.2",
        "DB",
        Edition::C07_2023,
    ),
    e(
        "PTP",
        "Perfect Tournament Performance",
        "10.3",
        "DB",
        Edition::C07_2023,
    ),
    e(
        "APRO",
        "Average Performance Rating of Opponents",
        "10.4",
        "DC",
        Edition::C07_2023,
    ),
    e(
        "APPO",
        "Average Perfect Performance of Opponents",
        "10.5",
        "DC",
        Edition::C07_2023,
    ),
    e("RTNG", "Rating", "10.6", "B", Edition::C07_2026),
];

/// Look a code up (custom `OTHER_…` codes are not here; they are data).
pub fn lookup(code: &Code) -> Option<&'static TieBreakInfo> {
    REGISTRY.iter().find(|i| i.code == code.name())
}
