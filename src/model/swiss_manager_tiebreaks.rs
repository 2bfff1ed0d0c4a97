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
//! confirmed against the program itself); a test checks the ids against that
//! reference. Ids whose variant is a parameter not decoded from `.TUNX` files are
//! read as the family's plain code (68 as WIN, 88 as TPR) and flagged by callers; ids
//! with no individual C.07 code (team, manual, Arranz ...) have no
//! [`FideEquivalent`]: they are accepted and left out of a ranking with a warning.

/// How an SM id sets the cut modifiers of its C.07 code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmCuts {
    /// The id implies these cuts (`low` lowest, `high` highest values).
    Fixed {
        /// How many of the lowest values are cut.
        low: u8,
        /// How many of the highest values are cut.
        high: u8,
    },
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
    /// How the SM id sets the code's cut modifiers.
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
    fide(7, "Sonneborn-Berger with real points", "SB", NO_CUT, LEGACY),
    fide(
        8,
        "Fide Tie-Break (progressive score)",
        "PS",
        NO_CUT,
        LEGACY,
    ),
    fide(
        9,
        "Fide Tie-Break fine (progressive score)",
        "PS",
        NO_CUT,
        LEGACY,
    ),
    fide(10, "average rating of opponents", "ARO", NO_CUT, LEGACY),
    fide(
        11,
        "Direct Encounter (same point group)",
        "DE",
        NO_CUT,
        LEGACY,
    ),
    fide(12, "The greater number of victories", "WIN", NO_CUT, LEGACY),
    none(13, "match points"),
    none(14, "team direct encounter"),
    none(15, "board points"),
    fide(21, "rating performance", "TPR", NO_CUT, LEGACY),
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
    fide(60, "performance (variable)", "TPR", NO_CUT, LEGACY),
    none(61, "Arranz system"),
    none(67, "Olympiad Sonneborn-Berger"),
    // The variant (WIN, WON, BPG, BWG) is a parameter whose bytes are not decoded
    // (see the `.TUNX` reader): read as WIN, the plain "number of wins".
    fide(68, "number of wins (variable)", "WIN", NO_CUT, MODERN),
    fide(69, "Koya (fine)", "KS", NO_CUT, LEGACY),
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
    // Performance family (TPR, PTP, APRO, APPO) by a parameter: read as TPR.
    fide(88, "performance family (2023)", "TPR", NO_CUT, MODERN),
];

impl SmTieBreak {
    /// The C.07 code with modifiers as TRF-2026 writes it (`BH/C1`, `BH/M1`, `SB`)
    /// given SM's "cut lowest / cut highest" parameters; `None` for an id with no
    /// C.07 code.
    pub fn code_text(&self, cut_low: u8, cut_high: u8) -> Option<String> {
        let f = self.fide?;
        let (low, high) = match f.cuts {
            SmCuts::Fixed { low, high } => (low, high),
            SmCuts::Parameters => (cut_low, cut_high),
            SmCuts::LowParameter => (cut_low, 0),
        };
        Some(match (low, high) {
            (0, 0) => f.code.to_string(),
            (l, h) if l == h => format!("{}/M{l}", f.code),
            (l, 0) => format!("{}/C{l}", f.code),
            // C.07 has no modifier for a high cut alone: the median of the larger side.
            (l, h) => format!("{}/M{}", f.code, l.max(h)),
        })
    }
}

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
        assert!(lookup(61).is_some_and(|t| t.fide.is_none()));
        assert!(lookup(999).is_none());
        assert_eq!(
            lookup(84).unwrap().code_text(1, 0).as_deref(),
            Some("BH/C1")
        );
        assert_eq!(lookup(4).unwrap().code_text(0, 0).as_deref(), Some("BH/M1"));
        assert_eq!(lookup(85).unwrap().code_text(0, 0).as_deref(), Some("SB"));
        assert_eq!(lookup(61).unwrap().code_text(0, 0), None);
    }

    /// Every id of the numbered list in the project's Swiss-Manager reference
    /// (docs/swiss-manager.md §6.1, copied to tests/fixtures/tunx/sm-tiebreak-ids.txt)
    /// is in the table, and the table has no id the reference does not name.
    #[test]
    fn table_matches_the_reference() {
        let text = include_str!("../../tests/fixtures/tunx/sm-tiebreak-ids.txt");
        let mut ids = std::collections::BTreeSet::new();
        let numbers = |t: &str| -> Vec<u16> {
            t.split(|c: char| !c.is_ascii_digit())
                .filter_map(|n| n.parse().ok())
                .collect()
        };
        for l in text.lines() {
            // Table rows: the ids are the first cell (`| 2 / 3 / 4 | ...`).
            if let Some(cell) = l.strip_prefix('|').and_then(|r| r.split('|').next()) {
                ids.extend(numbers(cell));
            }
            // The paragraph of newer numbers: each id in bold (`**84** Buchholz`).
            for (i, part) in l.split("**").enumerate() {
                if i % 2 == 1 && part.chars().all(|c| c.is_ascii_digit()) {
                    ids.extend(numbers(part));
                }
            }
        }
        let ours: std::collections::BTreeSet<u16> = SM_TIEBREAKS.iter().map(|t| t.id).collect();
        let missing: Vec<_> = ids.difference(&ours).collect();
        assert!(
            missing.is_empty(),
            "ids of the reference not in the table: {missing:?}"
        );
        // Two ids come from elsewhere than that list: 35 (FIDE Sonneborn-Berger) and
        // 79 (REP); every other id of the table is the reference's.
        let extra: Vec<_> = ours.difference(&ids).copied().collect();
        assert_eq!(extra, vec![35, 79]);
    }
}
