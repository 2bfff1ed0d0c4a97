//! Tie-break codes with modifiers: the TRF-2026 / TEC syntax
//! `NAME[/C1|/C2|/M1|/M2][/L±n][/P][/F][/Unnnn]`, case-insensitive, and the
//! Handbook's hyphen form (`BH-M1` = `BH/M1`). C.07 art. 5 and art. 14.

use serde::{Deserialize, Serialize};
use std::fmt;

use super::custom::CustomTieBreak;
pub use super::registry::Code;

/// One entry of a tie-break list: a code with its modifiers.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TieBreakSpec {
    /// The tie-break (C.07 art. 5), or a self-defined `OTHER_…` code.
    pub code: Code,
    /// `/Cn` (and the low half of `/Mn`): lowest values cut.
    pub cut_low: u8,
    /// The high half of `/Mn`: highest values cut.
    pub cut_high: u8,
    /// `/Pn` for PS: `/C1` drops the first cumulative score (C.07 art. 14.1).
    /// `/P`: forfeits count as played against the scheduled opponent.
    pub forfeits_played: bool,
    /// `/F`: AOB over the opponents' Fore Buchholz (2026).
    pub fore: bool,
    /// `/L±n`: Koya limit moved by n half-points.
    pub limit_shift: i32,
    /// `/Unnnn`: rating assumed for unrated players in art. 10 tie-breaks.
    pub unrated_rating: Option<u16>,
}

impl TieBreakSpec {
    /// `code` without modifiers (no cut, no limit shift, no assumed rating).
    pub fn new(code: Code) -> TieBreakSpec {
        TieBreakSpec {
            code,
            cut_low: 0,
            cut_high: 0,
            forfeits_played: false,
            fore: false,
            limit_shift: 0,
            unrated_rating: None,
        }
    }

    /// The same code without its modifiers (used for AOB's BH, APRO's TPR ...).
    pub fn plain(code: Code) -> TieBreakSpec {
        TieBreakSpec::new(code)
    }

    /// Parse one code, e.g. `BH/M1`, `bh-c1`, `KS/L+2`, `ARO/C1/U1400`, `DE/P`, `OTHER_WINS`.
    pub fn parse(text: &str) -> Result<TieBreakSpec, CodeError> {
        let t = text.trim().to_ascii_uppercase();
        if t.is_empty() {
            return Err(CodeError::Empty);
        }
        let parts: Vec<&str> = if t.contains('/') {
            t.split('/').collect()
        } else if !t.starts_with("OTHER_") && t.contains('-') {
            t.split('-').collect()
        } else {
            vec![t.as_str()]
        };
        let head = parts.first().copied().unwrap_or("");
        let (name, score_kind) = match head.split_once(':') {
            Some((n, k)) => (n, Some(k)),
            None => (head, None),
        };
        match score_kind {
            None | Some("GP") => {}
            Some(k) => {
                return Err(CodeError::ScoreSuffix {
                    found: k.to_string(),
                    text: text.to_string(),
                })
            }
        }
        if let Some(&(_, article, words)) = TEAM_CODES.iter().find(|(c, _, _)| *c == name) {
            return Err(CodeError::TeamTieBreak {
                found: name.to_string(),
                article,
                words,
            });
        }
        let (code, implied_cut) = Code::from_name(name).ok_or_else(|| CodeError::UnknownCode {
            found: name.to_string(),
        })?;
        let mut spec = TieBreakSpec::new(code);
        spec.cut_low = implied_cut;
        for m in parts.iter().skip(1) {
            let mut chars = m.chars();
            let Some(first) = chars.next() else {
                return Err(CodeError::MissingModifier {
                    text: text.to_string(),
                });
            };
            let rest = chars.as_str();
            if !spec.code.accepts(first) {
                return Err(CodeError::ModifierNotApplicable {
                    modifier: m.to_string(),
                    code: spec.code.name().to_string(),
                    text: text.to_string(),
                });
            }
            let num = |r: &str| -> Result<u32, CodeError> {
                r.parse::<u32>().map_err(|_| CodeError::NotANumber {
                    modifier: first,
                    found: r.to_string(),
                    text: text.to_string(),
                })
            };
            match first {
                'C' => spec.cut_low = num(rest)?.min(99) as u8,
                'M' => {
                    let n = num(rest)?.min(99) as u8;
                    spec.cut_low = n;
                    spec.cut_high = n;
                }
                'P' if rest.is_empty() => spec.forfeits_played = true,
                'F' if rest.is_empty() => spec.fore = true,
                'L' => {
                    let (neg, digits) = match rest.strip_prefix('-') {
                        Some(d) => (true, d),
                        None => (false, rest.strip_prefix('+').unwrap_or(rest)),
                    };
                    let n = num(digits)? as i32;
                    spec.limit_shift = if neg { -n } else { n };
                }
                'U' => {
                    let r = num(rest)?;
                    spec.unrated_rating =
                        Some(u16::try_from(r).map_err(|_| CodeError::RatingTooLarge {
                            found: rest.to_string(),
                        })?);
                }
                _ => {
                    return Err(CodeError::UnknownModifier {
                        modifier: m.to_string(),
                        text: text.to_string(),
                    })
                }
            }
        }
        Ok(spec)
    }

    /// Parse a comma- or space-separated list (`"DE,BH/M1,BH,WIN"`).
    pub fn parse_list(text: &str) -> Result<Vec<TieBreakSpec>, CodeError> {
        text.split([',', ';', ' '])
            .filter(|s| !s.trim().is_empty())
            .map(TieBreakSpec::parse)
            .collect()
    }
}

/// How a tie-break is named to readers ([`TieBreakSpec::label`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TieBreakLabel {
    /// What heads its column: the C.07 acronym with its modifiers in the
    /// Handbook's hyphen form (`BH-C1`, `BH-M1`, `KS-L+1`), or a self-defined
    /// code's `short` name.
    pub short: String,
    /// The full name with its article: `Buchholz Cut-1 (C.07 art. 8.1, 14)`,
    /// or `self-defined: ` and the definition's description.
    pub full: String,
}

impl TieBreakSpec {
    /// The short and the full name of the tie-break, the one place where
    /// tie-breaks are named in words (tables, legends and pages read it; a
    /// translation replaces these words here). `custom` holds the event's
    /// self-defined `OTHER_…` codes (C.07 art. 4.1), which name themselves.
    pub fn label(&self, custom: &[CustomTieBreak]) -> TieBreakLabel {
        if let Code::Other(code) = &self.code {
            let def = custom.iter().find(|c| c.code.eq_ignore_ascii_case(code));
            let short = match def.map(|c| c.short.trim()) {
                Some(s) if !s.is_empty() => s.to_string(),
                _ => code.strip_prefix("OTHER_").unwrap_or(code).to_string(),
            };
            let full = match def {
                Some(c) if !c.description.is_empty() => format!("self-defined: {}", c.description),
                _ => format!("self-defined: {code}"),
            };
            return TieBreakLabel { short, full };
        }
        let mut short = self.code.name().to_string();
        let mut words: Vec<String> = Vec::new();
        if self.cut_low > 0 && self.cut_low == self.cut_high {
            short.push_str(&format!("-M{}", self.cut_low));
            words.push(format!("Median-{}", self.cut_low));
        } else {
            if self.cut_low > 0 {
                short.push_str(&format!("-C{}", self.cut_low));
                words.push(format!("Cut-{}", self.cut_low));
            }
            if self.cut_high > 0 {
                short.push_str(&format!("-H{}", self.cut_high));
                words.push(format!("cut {} highest", self.cut_high));
            }
        }
        if self.limit_shift != 0 {
            short.push_str(&format!("-L{:+}", self.limit_shift));
            words.push(format!("limit {:+} half-points", self.limit_shift));
        }
        if self.forfeits_played {
            short.push_str("-P");
            words.push("forfeits as played".into());
        }
        if self.fore {
            short.push_str("-F");
            words.push("over Fore Buchholz".into());
        }
        if let Some(u) = self.unrated_rating {
            short.push_str(&format!("-U{u}"));
            words.push(format!("unrated as {u}"));
        }
        let full = match super::registry::lookup(&self.code) {
            Some(i) => {
                let mut name = i.name.to_string();
                for (k, w) in words.iter().enumerate() {
                    name.push_str(if k == 0 { " " } else { ", " });
                    name.push_str(w);
                }
                let modifiers = if words.is_empty() { "" } else { ", 14" };
                format!("{name} (C.07 art. {}{modifiers})", i.article)
            }
            None => short.clone(),
        };
        TieBreakLabel { short, full }
    }
}

/// The team tie-breaks of C.07 (2023/24 and 2026 editions), with their
/// article: they rank teams by match and game points, so they cannot rank
/// individual players. EDEBT, EDEBB, EDET and EDEB are the 2026 names of the
/// Extended Direct Encounter's variants.
const TEAM_CODES: [(&str, &str, &str); 11] = [
    ("MPVGP", "13.1", "match points versus game points"),
    ("ESB", "13.2", "Extended Sonneborn-Berger"),
    ("EMMSB", "13.2", "Extended Sonneborn-Berger"),
    ("EMGSB", "13.2", "Extended Sonneborn-Berger"),
    ("EGMSB", "13.2", "Extended Sonneborn-Berger"),
    ("EGGSB", "13.2", "Extended Sonneborn-Berger"),
    ("EDE", "13.3", "Extended Direct Encounter"),
    ("EDEBT", "13.3", "Extended Direct Encounter"),
    ("EDEBB", "13.3", "Extended Direct Encounter"),
    ("EDET", "13.3", "Extended Direct Encounter"),
    ("EDEB", "13.3", "Extended Direct Encounter"),
];

/// Why a tie-break code could not be read ([`TieBreakSpec::parse`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CodeError {
    /// An empty entry in a list.
    Empty,
    /// A score suffix other than `:GP` (`:MP` is for team events).
    ScoreSuffix {
        /// The suffix found after `:`.
        found: String,
        /// The code as written in the list.
        text: String,
    },
    /// Neither a C.07 code nor `OTHER_…`.
    UnknownCode {
        /// The name found (uppercased).
        found: String,
    },
    /// A team tie-break (C.07 art. 13), which ranks teams, not players.
    TeamTieBreak {
        /// The team code found, uppercased (`MPVGP`, `ESB`, ...).
        found: String,
        /// Its C.07 article (`13.3`).
        article: &'static str,
        /// Its name in words.
        words: &'static str,
    },
    /// A `/` with nothing after it.
    MissingModifier {
        /// The code as written in the list.
        text: String,
    },
    /// A modifier the code does not take (C.07 art. 14).
    ModifierNotApplicable {
        /// The modifier as written (`M1`, `P`).
        modifier: String,
        /// The code's name.
        code: String,
        /// The code as written in the list.
        text: String,
    },
    /// A modifier whose number does not read.
    NotANumber {
        /// The modifier letter (`C`, `M`, `L`, `U`).
        modifier: char,
        /// What followed it.
        found: String,
        /// The code as written in the list.
        text: String,
    },
    /// `/U` with a rating above 65535.
    RatingTooLarge {
        /// The number after `/U`.
        found: String,
    },
    /// A letter that is no modifier.
    UnknownModifier {
        /// The modifier as written.
        modifier: String,
        /// The code as written in the list.
        text: String,
    },
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Empty => f.write_str("expected a tie-break code, found an empty entry"),
            CodeError::ScoreSuffix { found, text } => write!(
                f,
                "expected the score suffix :GP for an individual event, found \":{found}\" in \"{text}\""
            ),
            CodeError::UnknownCode { found } => write!(
                f,
                "expected a FIDE C.07 tie-break code or OTHER_…, found \"{found}\""
            ),
            CodeError::TeamTieBreak {
                found,
                article,
                words,
            } => write!(
                f,
                "expected an individual tie-break, found the team tie-break \"{found}\" ({words}, C.07 art. {article}); team rankings are not computed yet"
            ),
            CodeError::MissingModifier { text } => write!(
                f,
                "expected a modifier after '/', found nothing in \"{text}\""
            ),
            CodeError::ModifierNotApplicable {
                modifier,
                code,
                text,
            } => write!(
                f,
                "modifier /{modifier} does not apply to {code} (in \"{text}\")"
            ),
            CodeError::NotANumber {
                modifier,
                found,
                text,
            } => write!(
                f,
                "expected a number after /{modifier}, found \"{found}\" in \"{text}\""
            ),
            CodeError::RatingTooLarge { found } => write!(
                f,
                "expected a rating up to 4 digits after /U, found \"{found}\""
            ),
            CodeError::UnknownModifier { modifier, text } => {
                write!(f, "unknown modifier /{modifier} in \"{text}\"")
            }
        }
    }
}

impl std::error::Error for CodeError {}

impl From<CodeError> for crate::Error {
    fn from(e: CodeError) -> crate::Error {
        crate::error::engine(crate::diag::codes::TIEBREAK_CODE, e.to_string())
    }
}

impl fmt::Display for TieBreakSpec {
    /// Canonical slash form: `BH/M1`, `SB/C1`, `KS/L+1`, `ARO/U1000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = self.code.name().to_string();
        if self.cut_low > 0 && self.cut_low == self.cut_high {
            s.push_str(&format!("/M{}", self.cut_low));
        } else {
            if self.cut_low > 0 {
                s.push_str(&format!("/C{}", self.cut_low));
            }
            if self.cut_high > 0 {
                s.push_str(&format!("/H{}", self.cut_high));
            }
        }
        if self.limit_shift != 0 {
            s.push_str(&format!("/L{:+}", self.limit_shift));
        }
        if self.forfeits_played {
            s.push_str("/P");
        }
        if self.fore {
            s.push_str("/F");
        }
        if let Some(u) = self.unrated_rating {
            s.push_str(&format!("/U{u}"));
        }
        f.write_str(&s)
    }
}

impl Serialize for TieBreakSpec {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for TieBreakSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        TieBreakSpec::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slash_and_hyphen_forms_are_equal() {
        let a = TieBreakSpec::parse("BH/M1").unwrap();
        let b = TieBreakSpec::parse("bh-m1").unwrap();
        assert_eq!(a, b);
        assert_eq!((a.cut_low, a.cut_high), (1, 1));
        assert_eq!(a.to_string(), "BH/M1");
        assert_eq!(TieBreakSpec::parse("BH-C2").unwrap().to_string(), "BH/C2");
    }

    #[test]
    fn every_modifier_parses() {
        let k = TieBreakSpec::parse("KS/L+2").unwrap();
        assert_eq!(k.limit_shift, 2);
        assert_eq!(TieBreakSpec::parse("KS/L-1").unwrap().limit_shift, -1);
        let a = TieBreakSpec::parse("ARO/C1/U1400").unwrap();
        assert_eq!((a.cut_low, a.unrated_rating), (1, Some(1400)));
        assert!(TieBreakSpec::parse("DE/P").unwrap().forfeits_played);
        assert!(TieBreakSpec::parse("AOB/F").unwrap().fore);
        assert_eq!(TieBreakSpec::parse("GE").unwrap().code, Code::Rep);
        assert_eq!(TieBreakSpec::parse("AROC").unwrap().cut_low, 1);
        assert_eq!(TieBreakSpec::parse("PS/C1").unwrap().cut_low, 1);
        assert_eq!(
            TieBreakSpec::parse("OTHER_WINS-NO-BYES").unwrap().code,
            Code::Other("OTHER_WINS-NO-BYES".into())
        );
        assert_eq!(TieBreakSpec::parse("BH:GP/C1").unwrap().cut_low, 1);
    }

    #[test]
    fn rejects_what_it_does_not_know() {
        assert!(TieBreakSpec::parse("XYZ").is_err());
        assert!(TieBreakSpec::parse("WIN/C1").is_err());
        assert!(TieBreakSpec::parse("BH/Cx").is_err());
        assert!(TieBreakSpec::parse("BH:MP").is_err());
        assert!(TieBreakSpec::parse("ARO/U99999").is_err());
        assert_eq!(
            TieBreakSpec::parse_list("DE, BH/M1,BH,WIN").unwrap().len(),
            4
        );
    }
}
