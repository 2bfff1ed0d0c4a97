//! Tie-break codes with modifiers: the TRF-2026 / TEC syntax
//! `NAME[/C1|/C2|/M1|/M2][/L±n][/P][/F][/Unnnn]`, case-insensitive, and the
//! Handbook's hyphen form (`BH-M1` = `BH/M1`). C.07 art. 5 and art. 14.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The individual tie-breaks of C.07 art. 5, plus self-defined `OTHER_…` codes (art. 4.1).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

impl Code {
    /// The official acronym (`GE` is read as `REP`).
    pub fn name(&self) -> &str {
        match self {
            Code::De => "DE",
            Code::Win => "WIN",
            Code::Won => "WON",
            Code::Bpg => "BPG",
            Code::Bwg => "BWG",
            Code::Ps => "PS",
            Code::Rep => "REP",
            Code::Std => "STD",
            Code::Tpn => "TPN",
            Code::Bh => "BH",
            Code::Aob => "AOB",
            Code::Fb => "FB",
            Code::Sb => "SB",
            Code::Ks => "KS",
            Code::Aro => "ARO",
            Code::Tpr => "TPR",
            Code::Ptp => "PTP",
            Code::Apro => "APRO",
            Code::Appo => "APPO",
            Code::Rtng => "RTNG",
            Code::Other(s) => s,
        }
    }

    fn from_name(s: &str) -> Option<Code> {
        Some(match s {
            "DE" => Code::De,
            "WIN" => Code::Win,
            "WON" => Code::Won,
            "BPG" => Code::Bpg,
            "BWG" => Code::Bwg,
            "PS" => Code::Ps,
            "REP" | "GE" => Code::Rep,
            "STD" => Code::Std,
            "TPN" => Code::Tpn,
            "BH" => Code::Bh,
            "AOB" => Code::Aob,
            "FB" => Code::Fb,
            "SB" => Code::Sb,
            "KS" => Code::Ks,
            "ARO" => Code::Aro,
            "AROC" => Code::Aro,
            "TPR" => Code::Tpr,
            "PTP" => Code::Ptp,
            "APRO" => Code::Apro,
            "APPO" => Code::Appo,
            "RTNG" => Code::Rtng,
            other if other.starts_with("OTHER_") && other.len() > 6 => {
                Code::Other(other.to_string())
            }
            _ => return None,
        })
    }

    /// Lower values rank higher (DE places, pairing numbers).
    pub fn ascending(&self) -> bool {
        matches!(self, Code::De | Code::Tpn)
    }

    /// Which modifiers a code accepts (C.07 art. 14 and the TEC list).
    fn accepts(&self, m: char) -> bool {
        match m {
            'C' | 'M' => matches!(self, Code::Bh | Code::Fb | Code::Sb | Code::Aro),
            'P' => matches!(self, Code::De | Code::Bh | Code::Fb | Code::Sb | Code::Aob),
            'F' => matches!(self, Code::Aob),
            'L' => matches!(self, Code::Ks),
            'U' => matches!(
                self,
                Code::Aro | Code::Tpr | Code::Ptp | Code::Apro | Code::Appo | Code::Rtng
            ),
            _ => false,
        }
    }
}

/// One entry of a tie-break list: a code with its modifiers.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TieBreakSpec {
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
    pub fn parse(text: &str) -> Result<TieBreakSpec, String> {
        let t = text.trim().to_ascii_uppercase();
        if t.is_empty() {
            return Err("expected a tie-break code, found an empty entry".into());
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
                return Err(format!(
                    "expected the score suffix :GP for an individual event, found \":{k}\" in \"{text}\""
                ))
            }
        }
        let code = Code::from_name(name).ok_or_else(|| {
            format!("expected a FIDE C.07 tie-break code or OTHER_…, found \"{name}\"")
        })?;
        let mut spec = TieBreakSpec::new(code);
        if name == "AROC" {
            spec.cut_low = 1;
        }
        for m in parts.iter().skip(1) {
            let mut chars = m.chars();
            let Some(first) = chars.next() else {
                return Err(format!(
                    "expected a modifier after '/', found nothing in \"{text}\""
                ));
            };
            let rest = chars.as_str();
            let ok_code = spec.code.accepts(first) || (first == 'C' && spec.code == Code::Ps);
            if !ok_code {
                return Err(format!(
                    "modifier /{m} does not apply to {} (in \"{text}\")",
                    spec.code.name()
                ));
            }
            let num = |r: &str| -> Result<u32, String> {
                r.parse::<u32>().map_err(|_| {
                    format!("expected a number after /{first}, found \"{r}\" in \"{text}\"")
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
                    spec.unrated_rating = Some(u16::try_from(r).map_err(|_| {
                        format!("expected a rating up to 4 digits after /U, found \"{rest}\"")
                    })?);
                }
                _ => return Err(format!("unknown modifier /{m} in \"{text}\"")),
            }
        }
        Ok(spec)
    }

    /// Parse a comma- or space-separated list (`"DE,BH/M1,BH,WIN"`).
    pub fn parse_list(text: &str) -> Result<Vec<TieBreakSpec>, String> {
        text.split([',', ';', ' '])
            .filter(|s| !s.trim().is_empty())
            .map(TieBreakSpec::parse)
            .collect()
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
