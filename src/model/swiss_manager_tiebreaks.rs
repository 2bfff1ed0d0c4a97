//! Swiss-Manager's numbered tie-breaks: the one table of SM ids, their labels and
//! the C.07 tie-break each corresponds to.
//!
//! Why it lives in `model`: two rooms need it and may not import each other. The
//! `.TUNX` reader in `formats` names the ids it finds, and `standings` reads ids given
//! as `SM37/M1` into C.07 codes. `model` is the lowest layer both see, so the table is
//! plain data here: the corresponding code is its FIDE acronym as text, which
//! `standings` parses. No format knowledge and no engine logic.
//!
//! Numbering and labels per the project's Swiss-Manager reference (SM's numbered
//! list, compiled from chess-results annotations and public SM-importing code; not
//! confirmed against the program itself). Ids whose variant depends on a parameter
//! the files do not carry (7, 60, 68, 88) or that have no individual C.07 code have
//! no [`FideEquivalent`]; callers report them instead of guessing.

/// How an SM id sets the cut modifiers of its C.07 code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmCuts {
    /// The id implies these cuts (`low` lowest, `high` highest values).
    Fixed { low: u8, high: u8 },
    /// The id takes SM's "cut lowest / cut highest" parameters.
    Parameters,
    /// The id takes only the "cut lowest" parameter (progressive score `/C1`).
    LowParameter,
}

/// The C.07 tie-break an SM id corresponds to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FideEquivalent {
    /// The FIDE acronym (`"BH"`, `"DE"` ...), as in C.07 art. 5.
    pub code: &'static str,
    pub cuts: SmCuts,
    /// A legacy id: SM computes it by the rules before C.07-2023.
    pub legacy: bool,
}

/// One numbered Swiss-Manager tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SmTieBreak {
    /// The number SM stores in `.TUNX` files and shows in its dialog.
    pub id: u16,
    /// SM's label (abridged where SM's own is long).
    pub label: &'static str,
    /// `None`: no individual C.07 code, or one that depends on undecoded parameters.
    pub fide: Option<FideEquivalent>,
}

const fn none(id: u16, label: &'static str) -> SmTieBreak {
    SmTieBreak {
        id,
        label,
        fide: None,
    }
}

const fn fide(
    id: u16,
    label: &'static str,
    code: &'static str,
    cuts: SmCuts,
    legacy: bool,
) -> SmTieBreak {
    SmTieBreak {
        id,
        label,
        fide: Some(FideEquivalent { code, cuts, legacy }),
    }
}

const NO_CUT: SmCuts = SmCuts::Fixed { low: 0, high: 0 };
const LEGACY: bool = true;
const MODERN: bool = false;

/// Every SM tie-break number we know, in id order.
pub const SM_TIEBREAKS: &[SmTieBreak] = &[
    none(1, "points"),
    fide(2, "Buchholz Tie-Breaks (all results)", "BH", NO_CUT, LEGACY),
    fide(
        3,
        "Buchholz cut 1",
        "BH",
        SmCuts::Fixed { low: 1, high: 0 },
        LEGACY,
    ),
    fide(
        4,
        "Buchholz median",
        "BH",
        SmCuts::Fixed { low: 1, high: 1 },
        LEGACY,
    ),
    none(5, "manual rank correction (player)"),
    none(6, "manual rank correction (team)"),
    // Sonneborn-Berger with real points: the variant depends on a parameter.
    none(7, "Sonneborn-Berger"),
    none(8, "progressive score"),
    none(9, "progressive score"),
    none(10, "average rating of opponents"),
    fide(
        11,
        "Direct Encounter (same point group)",
        "DE",
        NO_CUT,
        MODERN,
    ),
    fide(12, "The greater number of victories", "WIN", NO_CUT, LEGACY),
    none(13, "match points"),
    none(14, "team direct encounter"),
    none(15, "board points"),
    none(21, "rating performance"),
    none(23, "sum of opponents' ratings without one result"),
    fide(35, "FIDE-Sonneborn-Berger-Tie-Break", "SB", NO_CUT, LEGACY),
    fide(
        36,
        "rating average of the opponents (variabel with parameter)",
        "ARO",
        SmCuts::Parameters,
        LEGACY,
    ),
    fide(
        37,
        "Buchholz Tie-Breaks (variabel with parameter)",
        "BH",
        SmCuts::Parameters,
        LEGACY,
    ),
    none(44, "match points (variable)"),
    fide(45, "Koya", "KS", NO_CUT, MODERN),
    none(48, "sum of match points"),
    none(50, "Olympiad Sonneborn-Berger"),
    fide(
        52,
        "Sonneborn-Berger (variable)",
        "SB",
        SmCuts::Parameters,
        LEGACY,
    ),
    fide(53, "Most black", "BPG", NO_CUT, MODERN),
    none(54, "recursive performance"),
    none(55, "average recursive performance of opponents"),
    none(57, "Olympiad Sonneborn-Berger"),
    none(60, "performance (variable)"),
    none(61, "Arranz system"),
    none(67, "Olympiad Sonneborn-Berger"),
    none(68, "number of wins (variable)"),
    none(69, "Koya (fine)"),
    none(70, "sum of Buchholz (variable)"),
    none(71, "Berlin tie-break"),
    none(74, "Olympiad Sonneborn-Berger with cut"),
    none(75, "adjusted opponents' match points with cut"),
    fide(
        77,
        "Average of Opponents' Buchholz (AOB)",
        "AOB",
        NO_CUT,
        MODERN,
    ),
    fide(79, "Rounds Elected to Play (REP)", "REP", NO_CUT, MODERN),
    fide(
        80,
        "Average Rating of Opponents (ARO)",
        "ARO",
        SmCuts::Parameters,
        MODERN,
    ),
    fide(81, "Direct Encounter (DE)", "DE", NO_CUT, MODERN),
    fide(84, "Buchholz (2023)", "BH", SmCuts::Parameters, MODERN),
    fide(
        85,
        "Sonneborn-Berger (2023)",
        "SB",
        SmCuts::Parameters,
        MODERN,
    ),
    fide(
        86,
        "FIDE Tiebreak (Progressive Score)",
        "PS",
        SmCuts::LowParameter,
        MODERN,
    ),
    fide(87, "Koya System (KS)", "KS", NO_CUT, MODERN),
    none(88, "performance family (2023)"),
];

/// The entry for SM id `id`.
pub fn lookup(id: u16) -> Option<&'static SmTieBreak> {
    SM_TIEBREAKS.iter().find(|t| t.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_sorted_and_unique() {
        assert!(SM_TIEBREAKS.windows(2).all(|w| w[0].id < w[1].id));
        assert_eq!(
            lookup(37).map(|t| t.label),
            Some("Buchholz Tie-Breaks (variabel with parameter)")
        );
        assert!(lookup(68).is_some_and(|t| t.fide.is_none()));
        assert!(lookup(999).is_none());
    }
}
