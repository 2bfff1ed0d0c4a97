//! Where in a profile's TOML text a setting is: errors about a profile name
//! its file, line and columns (issue #18), both when the text does not read
//! and when the standings engine later finds a category it cannot use.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::profile::{File, StandingsProfile};
use super::StandingsError;
use crate::diag::{codes, Diagnostic, Family, Location};

/// File, line and columns (characters, 1-based) of a byte span of `text`;
/// `key` names the field.
pub(crate) fn toml_location(
    text: &str,
    file: &str,
    span: Option<Range<usize>>,
    key: Option<&str>,
) -> Location {
    let mut loc = Location {
        file: Some(file.to_string()),
        field: key.map(str::to_string),
        ..Location::default()
    };
    if let Some(r) = span {
        let start = r.start.min(text.len());
        let before = text.get(..start).unwrap_or("");
        let line = before.matches('\n').count() + 1;
        let col = before
            .rsplit('\n')
            .next()
            .map_or(1, |l| l.chars().count() + 1);
        let end = r.end.min(text.len()).max(start);
        let len = text
            .get(start..end)
            .map_or(1, |s| s.lines().next().unwrap_or("").chars().count().max(1));
        loc.line = Some(line);
        loc.cols = Some((col, col + len - 1));
    }
    loc
}

/// A TOML error as a located diagnostic: the key path the parser names
/// ("... for key `standings.tiebreaks`"), the span, the message's first line.
pub(crate) fn toml_error(text: &str, file: &str, e: &toml::de::Error) -> Diagnostic {
    let full = e.to_string();
    let key = full
        .split_once("for key `")
        .and_then(|(_, rest)| rest.split_once('`'))
        .map(|(k, _)| k.to_string());
    let loc = toml_location(text, file, e.span(), key.as_deref());
    let msg = e
        .message()
        .lines()
        .next()
        .unwrap_or("")
        .trim()
        .trim_end_matches('.')
        .to_string();
    Diagnostic::error(codes::PROFILE_SYNTAX, Family::Syntax, loc, msg)
}

impl StandingsProfile {
    /// [`StandingsProfile::from_toml`] with the error located in `file`
    /// (line, columns, key), as `arbiter prizes` reports it.
    pub fn from_toml_in(text: &str, file: &str) -> Result<StandingsProfile, Box<Diagnostic>> {
        toml::from_str::<File>(text)
            .map(|f| f.standings)
            .map_err(|e| Box::new(toml_error(text, file, &e)))
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct NamesFile {
    standings: NamesStandings,
    sections: BTreeMap<String, NamesSection>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct NamesSection {
    standings: NamesStandings,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct NamesStandings {
    categories: Vec<NamedCategory>,
    age_groups: Option<Spanned<toml::Value>>,
    tiebreaks: Option<Spanned<toml::Value>>,
}

/// Where a note about a setting belongs in the profile that gave it: a note
/// on the tie-break list ([`super::TIEBREAKS_FIELD`]) at the `tiebreaks` of
/// `section` (the main `[standings]` when `None`) if the profile sets it there,
/// a note on a category (`category NAME`) at that category's definition.
/// `None` when the profile does not hold the setting (the caller then names
/// the tournament file).
pub fn setting_location(
    text: &str,
    file: &str,
    section: Option<&str>,
    field: &str,
) -> Option<Location> {
    if let Some(name) = field.strip_prefix("category ") {
        return category_location(text, file, name);
    }
    if field != super::TIEBREAKS_FIELD {
        return None;
    }
    let f: NamesFile = toml::from_str(text).ok()?;
    let standings = match section {
        Some(key) => &f.sections.get(key)?.standings,
        None => &f.standings,
    };
    let span = standings.tiebreaks.as_ref()?.span();
    Some(toml_location(text, file, Some(span), Some(field)))
}

#[derive(Deserialize)]
struct NamedCategory {
    /// A plain name or names by language (`{ en = "Open", zh-TW = "公開組" }`).
    name: Spanned<toml::Value>,
}

impl NamedCategory {
    /// Whether this category is the one named `name`, in any of its languages.
    fn is(&self, name: &str) -> bool {
        match self.name.get_ref() {
            toml::Value::String(s) => s == name,
            toml::Value::Table(t) => t.values().any(|v| v.as_str() == Some(name)),
            _ => false,
        }
    }
}

/// Where category `name` is defined in a profile's text: its `name` in a
/// `[[standings.categories]]` table (the main one first, then each
/// section's), else the `[standings.age_groups]` table it was expanded from.
pub(crate) fn category_location(text: &str, file: &str, name: &str) -> Option<Location> {
    let f: NamesFile = toml::from_str(text).ok()?;
    let all = std::iter::once(&f.standings).chain(f.sections.values().map(|s| &s.standings));
    let mut groups = None;
    for s in all {
        if let Some(c) = s.categories.iter().find(|c| c.is(name)) {
            return Some(toml_location(text, file, Some(c.name.span()), Some("name")));
        }
        if groups.is_none() {
            groups = s.age_groups.as_ref().map(Spanned::span);
        }
    }
    groups.map(|g| toml_location(text, file, Some(g), Some("age_groups")))
}

/// A standings error that comes from the profile, as a diagnostic located
/// in it: an age category without a reference date (the tournament file has
/// no start date and `[standings]` gives no `reference_date`). `None` for the
/// errors that are not the profile's.
pub fn profile_diagnostic(e: &StandingsError, text: &str, file: &str) -> Option<Diagnostic> {
    match e {
        StandingsError::NoReferenceDate(c) => {
            let loc = category_location(text, file, c)
                .unwrap_or_else(|| toml_location(text, file, None, None));
            Some(Diagnostic::error(
                codes::PROFILE_INVALID,
                Family::Consistency,
                loc,
                format!(
                    "category {c} needs a reference date: the tournament file has no start date; give reference_date = YYYY-MM-DD in [standings]"
                ),
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "[standings]\ntiebreaks = [\"BH\"]\n\n[[standings.categories]]\nname = \"Open\"\n\n[[standings.categories]]\nname = \"U13\"\nunder = 13\n";

    #[test]
    fn a_category_is_found_at_its_name() {
        let l = category_location(TEXT, "p.toml", "U13").unwrap();
        assert_eq!((l.line, l.cols), (Some(8), Some((8, 12))));
        assert_eq!(l.file.as_deref(), Some("p.toml"));
        assert!(category_location(TEXT, "p.toml", "U99").is_none());
        // Names by language (the CTCA profile's main category).
        let ctca = include_str!("../../samples/ctca-2023.toml");
        let open = category_location(ctca, "c.toml", "Open").unwrap();
        assert_eq!(open.line, Some(22));
    }

    /// A note on the tie-break list is placed at the list in the profile,
    /// the main one or a section's; a profile without a list places nothing.
    #[test]
    fn a_tiebreak_note_is_placed_at_the_list() {
        let l = setting_location(TEXT, "p.toml", None, crate::standings::TIEBREAKS_FIELD).unwrap();
        assert_eq!((l.line, l.cols), (Some(2), Some((13, 18))));
        let ctca = include_str!("../../samples/ctca-2023.toml");
        let s = setting_location(ctca, "c.toml", Some("senior"), "tiebreaks").unwrap();
        assert_eq!(s.line, Some(85));
        let main = setting_location(ctca, "c.toml", None, "tiebreaks").unwrap();
        assert_eq!(main.line, Some(19));
        assert!(setting_location("[standings]\n", "p.toml", None, "tiebreaks").is_none());
        assert!(setting_location(TEXT, "p.toml", Some("nope"), "tiebreaks").is_none());
        assert!(setting_location(TEXT, "p.toml", None, "edition").is_none());
    }

    #[test]
    fn no_reference_date_names_the_profile_line() {
        let e = StandingsError::NoReferenceDate("U13".into());
        let d = profile_diagnostic(&e, TEXT, "p.toml").unwrap();
        let s = d.to_string();
        assert!(s.contains("p.toml, line 8"), "{s}");
        assert!(s.contains("category U13 needs a reference date"), "{s}");
        assert!(
            profile_diagnostic(&StandingsError::UnknownPlayer("x".into()), TEXT, "p.toml")
                .is_none()
        );
    }

    #[test]
    fn unreadable_standings_table_is_located() {
        let d = StandingsProfile::from_toml_in("[standings]\ntiebreaks = \"BH\"\n", "p.toml")
            .unwrap_err();
        let s = d.to_string();
        assert!(s.contains("p.toml, line 2, cols 13-16"), "{s}");
        assert!(!s.contains('\n'), "{s}");
    }
}
