//! The registry of individual tie-breaks keyed by FIDE code: one entry per code
//! with its acronym, name, C.07 article, type (art. 4.3), the edition that defines
//! it, the modifiers it accepts, its direction and the module that computes it.
//! [`Code::name`], code parsing, modifier checks, legends, edition notes and the
//! evaluation dispatch all read this table.

use super::edition::TiebreakEdition::{self, Pre2023, C07_2023, C07_2026};
use Evaluator as F;

/// The individual tie-breaks of C.07 art. 5 (one entry each in the internal
/// tie-break registry), plus self-defined `OTHER_…` codes (art. 4.1).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Code {
    /// C.07 art. 6, Direct Encounter.
    De,
    /// C.07 art. 7.1, Number of Wins.
    Win,
    /// C.07 art. 7.2, Number of Games Won over the board.
    Won,
    /// C.07 art. 7.3, Number of Games Played with Black.
    Bpg,
    /// C.07 art. 7.4, Number of Games Won with Black.
    Bwg,
    /// C.07 art. 7.5, Sum of Progressive Scores.
    Ps,
    /// C.07 art. 7.6, Rounds one Elected to Play (named GE until July 2024).
    Rep,
    /// C.07 (2026) art. 7.7, Standard Points.
    Std,
    /// C.07 (2026) art. 7.8, Tournament Pairing Number.
    Tpn,
    /// C.07 art. 8.1, Buchholz.
    Bh,
    /// C.07 art. 8.2, Average of Opponents' Buchholz.
    Aob,
    /// C.07 art. 8.3, Fore Buchholz.
    Fb,
    /// C.07 art. 9.1, Sonneborn-Berger.
    Sb,
    /// C.07 art. 9.2, Koya System.
    Ks,
    /// C.07 art. 10.1, Average Rating of Opponents.
    Aro,
    /// C.07 art. 10.2, Tournament Performance Rating.
    Tpr,
    /// C.07 art. 10.3, Perfect Tournament Performance.
    Ptp,
    /// C.07 art. 10.4, Average Performance Rating of Opponents.
    Apro,
    /// C.07 art. 10.5, Average Perfect Performance of Opponents.
    Appo,
    /// C.07 (2026) art. 10.6, Rating.
    Rtng,
    /// A self-defined tie-break (C.07 art. 4.1), written `OTHER_…`; defined as data
    /// ([`super::CustomTieBreak`]).
    Other(String),
}

/// Which module computes a code (dispatched by `super::eval`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Evaluator {
    /// Art. 6: applied to tied groups while ranking (`super::direct`), no value per player.
    DirectEncounter,
    /// Art. 7 and self-defined counts (`super::own`).
    Own,
    /// Art. 8.1 over final scores (`super::buchholz`).
    Buchholz,
    /// Art. 8.3 over the scores before the last round (`super::buchholz`).
    ForeBuchholz,
    /// Art. 8.2 (`super::buchholz`).
    AverageOfBuchholz,
    /// Art. 9.1 (`super::sonneborn`).
    SonnebornBerger,
    /// Art. 9.2 (`super::sonneborn`).
    Koya,
    /// Art. 10 (`super::rating`).
    Rating,
}

/// One registry entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TieBreakInfo {
    pub code: Code,
    /// The official acronym.
    pub acronym: &'static str,
    pub name: &'static str,
    /// C.07 article (2023+ numbering).
    pub article: &'static str,
    /// Type A, B, C, D or combinations (C.07 art. 4.3).
    pub kind: &'static str,
    /// First edition that defines the code.
    pub since: TiebreakEdition,
    /// The modifier letters the code accepts (C.07 art. 14 and the TEC list):
    /// `C`/`M` cuts, `P` forfeits as played, `F` AOB over Fore Buchholz, `L` Koya
    /// limit, `U` rating of unrated players.
    pub modifiers: &'static str,
    /// Lower values rank higher (DE places, pairing numbers).
    pub ascending: bool,
    pub(crate) evaluator: Evaluator,
}

#[allow(clippy::too_many_arguments)]
const fn e(
    code: Code,
    acronym: &'static str,
    name: &'static str,
    article: &'static str,
    kind: &'static str,
    since: TiebreakEdition,
    modifiers: &'static str,
    evaluator: Evaluator,
) -> TieBreakInfo {
    TieBreakInfo {
        code,
        acronym,
        name,
        article,
        kind,
        since,
        modifiers,
        ascending: false,
        evaluator,
    }
}

impl TieBreakInfo {
    const fn ranked_ascending(mut self) -> TieBreakInfo {
        self.ascending = true;
        self
    }
}

/// Every individual tie-break this crate computes.
pub(crate) const REGISTRY: &[TieBreakInfo] = &[
    e(
        Code::De,
        "DE",
        "Direct Encounter",
        "6",
        "A",
        Pre2023,
        "P",
        F::DirectEncounter,
    )
    .ranked_ascending(),
    e(
        Code::Win,
        "WIN",
        "Number of Wins",
        "7.1",
        "B",
        Pre2023,
        "",
        F::Own,
    ),
    e(
        Code::Won,
        "WON",
        "Number of Games Won",
        "7.2",
        "B",
        C07_2023,
        "",
        F::Own,
    ),
    e(
        Code::Bpg,
        "BPG",
        "Number of Games Played with Black",
        "7.3",
        "B",
        Pre2023,
        "",
        F::Own,
    ),
    e(
        Code::Bwg,
        "BWG",
        "Number of Games Won with Black",
        "7.4",
        "B",
        Pre2023,
        "",
        F::Own,
    ),
    // `/C1` drops the first cumulative score (C.07 art. 14.1).
    e(
        Code::Ps,
        "PS",
        "Sum of Progressive Scores",
        "7.5",
        "B",
        Pre2023,
        "C",
        F::Own,
    ),
    e(
        Code::Rep,
        "REP",
        "Rounds one Elected to Play (GE)",
        "7.6",
        "B",
        C07_2023,
        "",
        F::Own,
    ),
    e(
        Code::Std,
        "STD",
        "Standard Points",
        "7.7",
        "B",
        C07_2026,
        "",
        F::Own,
    ),
    e(
        Code::Tpn,
        "TPN",
        "Tournament Pairing Number",
        "7.8",
        "B",
        C07_2026,
        "",
        F::Own,
    )
    .ranked_ascending(),
    e(
        Code::Bh,
        "BH",
        "Buchholz",
        "8.1",
        "C",
        Pre2023,
        "CMP",
        F::Buchholz,
    ),
    e(
        Code::Aob,
        "AOB",
        "Average of Opponents' Buchholz",
        "8.2",
        "CC",
        C07_2023,
        "PF",
        F::AverageOfBuchholz,
    ),
    e(
        Code::Fb,
        "FB",
        "Fore Buchholz",
        "8.3",
        "D",
        C07_2023,
        "CMP",
        F::ForeBuchholz,
    ),
    e(
        Code::Sb,
        "SB",
        "Sonneborn-Berger",
        "9.1",
        "BC",
        Pre2023,
        "CMP",
        F::SonnebornBerger,
    ),
    e(
        Code::Ks,
        "KS",
        "Koya System",
        "9.2",
        "BC",
        Pre2023,
        "L",
        F::Koya,
    ),
    e(
        Code::Aro,
        "ARO",
        "Average Rating of Opponents",
        "10.1",
        "D",
        Pre2023,
        "CMU",
        F::Rating,
    ),
    e(
        Code::Tpr,
        "TPR",
        "Tournament Performance Rating",
        "10.2",
        "DB",
        C07_2023,
        "U",
        F::Rating,
    ),
    e(
        Code::Ptp,
        "PTP",
        "Perfect Tournament Performance",
        "10.3",
        "DB",
        C07_2023,
        "U",
        F::Rating,
    ),
    e(
        Code::Apro,
        "APRO",
        "Average Performance Rating of Opponents",
        "10.4",
        "DC",
        C07_2023,
        "U",
        F::Rating,
    ),
    e(
        Code::Appo,
        "APPO",
        "Average Perfect Performance of Opponents",
        "10.5",
        "DC",
        C07_2023,
        "U",
        F::Rating,
    ),
    e(
        Code::Rtng,
        "RTNG",
        "Rating",
        "10.6",
        "B",
        C07_2026,
        "U",
        F::Rating,
    ),
];

/// Other spellings read as a registry code: the former name `GE` of REP, and `AROC`
/// (ARO cut 1, a TEC shorthand), with the low cut they imply.
const ALIASES: &[(&str, Code, u8)] = &[("GE", Code::Rep, 0), ("AROC", Code::Aro, 1)];

/// Look a code up (custom `OTHER_…` codes are not here; they are data).
pub(crate) fn lookup(code: &Code) -> Option<&'static TieBreakInfo> {
    REGISTRY.iter().find(|i| i.code == *code)
}

impl Code {
    /// The official acronym (`GE` is read as `REP`).
    pub fn name(&self) -> &str {
        match self {
            Code::Other(s) => s,
            c => lookup(c).map_or("", |i| i.acronym),
        }
    }

    /// The code written `s` (upper case), with the low cut an alias implies.
    pub(crate) fn from_name(s: &str) -> Option<(Code, u8)> {
        if let Some(i) = REGISTRY.iter().find(|i| i.acronym == s) {
            return Some((i.code.clone(), 0));
        }
        if let Some((_, code, cut)) = ALIASES.iter().find(|(a, ..)| *a == s) {
            return Some((code.clone(), *cut));
        }
        (s.starts_with("OTHER_") && s.len() > 6).then(|| (Code::Other(s.to_string()), 0))
    }

    /// Lower values rank higher (DE places, pairing numbers).
    pub fn ascending(&self) -> bool {
        lookup(self).is_some_and(|i| i.ascending)
    }

    /// Whether the code takes modifier `m` (C.07 art. 14 and the TEC list).
    pub(crate) fn accepts(&self, m: char) -> bool {
        lookup(self).is_some_and(|i| i.modifiers.contains(m))
    }

    /// The module that computes the code; self-defined codes are counts.
    pub(crate) fn evaluator(&self) -> Evaluator {
        lookup(self).map_or(Evaluator::Own, |i| i.evaluator)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_reads_back_and_is_found_once() {
        for i in REGISTRY {
            assert_eq!(Code::from_name(i.acronym), Some((i.code.clone(), 0)));
            assert_eq!(i.code.name(), i.acronym);
            assert_eq!(REGISTRY.iter().filter(|j| j.code == i.code).count(), 1);
        }
        assert_eq!(REGISTRY.len(), 20);
    }
}
