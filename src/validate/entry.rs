//! Entry rules of an event's regulation, checked against the entry list: the
//! `[entry]` table of a tournament profile (docs/profile.md).
//!
//! ```toml
//! [entry]
//! require_fide_id = true   # every player needs a FIDE ID (CTCA 2023 §8(2))
//! capacity = 350           # the hall holds this many players (CTCA 2023 §14(6))
//! ```

use serde::Deserialize;

use crate::diag::{codes, Diagnostic, Family, Location, Locator};
use crate::model::Tournament;

/// The `[entry]` table; absent keys check nothing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EntryRules {
    /// Every player must have a FIDE ID.
    pub require_fide_id: bool,
    /// At most this many players.
    pub capacity: Option<u32>,
}

#[derive(Deserialize)]
struct File {
    #[serde(default)]
    entry: EntryRules,
}

impl EntryRules {
    /// Read the `[entry]` table of a profile file (other tables are not looked
    /// at); the error carries the TOML parser's message with its line and column.
    pub fn from_toml(text: &str) -> Result<EntryRules, EntryRulesError> {
        toml::from_str::<File>(text)
            .map(|f| f.entry)
            .map_err(|e| EntryRulesError {
                message: e.to_string().trim().to_string(),
                line: e.span().and_then(|r| Location::at_byte(text, r.start).line),
                span: e.span(),
            })
    }
}

/// A profile whose `[entry]` table does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryRulesError {
    /// The TOML parser's message, with its line and column.
    pub message: String,
    /// The bytes of the profile the error is about, when the parser knows.
    pub span: Option<std::ops::Range<usize>>,
    /// The line of the span's start (the caller names the file).
    pub line: Option<usize>,
}

impl std::fmt::Display for EntryRulesError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EntryRulesError {}

impl From<EntryRulesError> for crate::Error {
    fn from(e: EntryRulesError) -> crate::Error {
        let location = Location {
            line: e.line,
            field: Some("[entry]".to_string()),
            ..Location::default()
        };
        crate::Error::new(codes::PROFILE_SYNTAX, Family::Syntax, location, e.message)
    }
}

/// The entry list against `rules`: one error per player without a FIDE ID
/// (code `fide-id-missing`), one for an entry list over capacity
/// (`entry-over-capacity`). `lines` locates the players' records.
pub fn check_entry(t: &Tournament, rules: &EntryRules, lines: &dyn Locator) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if rules.require_fide_id {
        for p in &t.players {
            let has = p
                .fide_id
                .as_deref()
                .is_some_and(|s| !s.trim().trim_start_matches('0').is_empty());
            if !has {
                out.push(Diagnostic::error(
                    codes::FIDE_ID_MISSING,
                    Family::Consistency,
                    Location {
                        file: lines.player_file(p.id.0),
                        line: lines.player_line(p.id.0),
                        field: Some("FIDE ID".into()),
                        ..Location::default()
                    },
                    format!(
                        "{} ({}) has no FIDE ID; the profile's entry rules require one",
                        p.name, p.id
                    ),
                ));
            }
        }
    }
    if let Some(cap) = rules.capacity {
        let n = t.players.len();
        if n > cap as usize {
            out.push(Diagnostic::error(
                codes::ENTRY_OVER_CAPACITY,
                Family::Consistency,
                Location::default(),
                format!(
                    "expected at most {cap} players (the profile's entry capacity), found {n}: {} over",
                    n - cap as usize
                ),
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::NoSource;
    use crate::model::{Player, PlayerId};

    #[test]
    fn missing_fide_ids_and_capacity() {
        let rules = EntryRules::from_toml(
            "[prizes]\nx = 1\n[entry]\nrequire_fide_id = true\ncapacity = 2\n",
        );
        assert_eq!(
            rules,
            Ok(EntryRules {
                require_fide_id: true,
                capacity: Some(2)
            })
        );
        let rules = rules.unwrap_or_default();
        let p = |id: u32, fide: Option<&str>| Player {
            id: PlayerId(id),
            name: format!("P{id}"),
            fide_id: fide.map(str::to_string),
            ..Default::default()
        };
        let t = Tournament {
            players: vec![p(1, Some("4100018")), p(2, None), p(3, Some("0"))],
            ..Default::default()
        };
        let d = check_entry(&t, &rules, &NoSource);
        let codes: Vec<&str> = d.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(
            codes,
            ["fide-id-missing", "fide-id-missing", "entry-over-capacity"]
        );
        assert!(d[0].message.contains("P2 (2) has no FIDE ID"));
        assert!(d[2].message.contains("expected at most 2 players"));
        assert!(check_entry(&t, &EntryRules::default(), &NoSource).is_empty());
        assert!(EntryRules::from_toml("[entry]\ncapasity = 3\n").is_err());
    }

    #[test]
    fn from_toml_returns_a_typed_error_with_its_place() {
        let e = EntryRules::from_toml("[entry]\ncapasity = 3\n").unwrap_err();
        assert!(e.message.contains("capasity"), "{e}");
        assert!(e.message.contains("line 2"), "{e}");
        assert_eq!(e.span, Some(8..16));
        let _: &dyn std::error::Error = &e;
    }
}
