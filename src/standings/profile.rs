//! The `[standings]` part of a profile file (TOML). The prizes feature extends the same
//! file with its own tables (`[event]`, `[prizes]`, `[sections.*]`, `[entry]`), which
//! are not read here; any other table is an error, as for `arbiter prizes`.
//!
//! ```toml
//! [standings]
//! tiebreaks = ["DE", "BH/M1", "BH", "OTHER_WINS_FORFEITS_NO_BYES"]
//! edition = "2023"                 # pre2023 | 2023 | 2026; default: by event date
//! reference_date = "2023-07-01"    # for age categories; default: event start
//! category_mode = "filter"         # or "reapply_direct_encounter"
//! unrated_rating = 1000            # unrated players in ARO/TPR (C.07 art. 10)
//!
//! [[standings.categories]]
//! name = { en = "U13", zh-TW = "U13 組" }   # or a plain string
//! under = 13
//!
//! [standings.category_names]         # names by language of age groups
//! "U13 Girls" = { zh-TW = "U13 女子組" }
//!
//! [[standings.custom_tiebreaks]]
//! code = "OTHER_WINS_WHITE"
//! kinds = ["win", "forfeit_win"]
//! color = "white"
//! ```

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::diag::Location;

use super::age_groups::AgeGroups;
use super::category::Category;
use super::code::TieBreakSpec;
use super::custom::CustomTieBreak;
use super::edition::TiebreakEdition;
use super::options::{CategoryMode, StandingsOptions};

/// The standings settings of a profile. `categories` holds the categories
/// listed in `[[standings.categories]]` followed by those expanded from
/// `[standings.age_groups]` ([`AgeGroups`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RawStandings")]
pub struct StandingsProfile {
    /// `tiebreaks`: the tie-break list in order (empty: the tournament file's).
    pub tiebreaks: Vec<TieBreakSpec>,
    /// `edition`: the C.07 edition (`None`: by the event's dates).
    pub edition: Option<TiebreakEdition>,
    /// `reference_date`: the date ages are counted at (`None`: the event's start).
    pub reference_date: Option<NaiveDate>,
    /// `category_mode`: how a category is ranked inside the overall order.
    pub category_mode: CategoryMode,
    /// `[[standings.categories]]`, then the groups of `[standings.age_groups]`.
    pub categories: Vec<Category>,
    /// `[[standings.custom_tiebreaks]]`: self-defined `OTHER_…` codes (C.07 art. 4.1).
    pub custom_tiebreaks: Vec<CustomTieBreak>,
    /// `lot_seed`: separate players still tied after every tie-break by a
    /// drawing of lots with this seed (`None`: they share the rank).
    pub lot_seed: Option<u64>,
    /// `unrated_rating`: the rating the regulations fix for unrated players in
    /// ARO, TPR, PTP, APRO, APPO and RTNG (C.07 art. 10).
    pub unrated_rating: Option<u16>,
}

/// The table as written.
#[derive(Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RawStandings {
    tiebreaks: Vec<TieBreakSpec>,
    edition: Option<TiebreakEdition>,
    reference_date: Option<NaiveDate>,
    category_mode: CategoryMode,
    categories: Vec<Category>,
    age_groups: Option<AgeGroups>,
    custom_tiebreaks: Vec<CustomTieBreak>,
    lot_seed: Option<u64>,
    unrated_rating: Option<u16>,
    /// `category_names`: the names by language of categories named elsewhere
    /// (those `[standings.age_groups]` makes): `"U19 Girls" = { zh-TW = "U19 女子組" }`.
    category_names: std::collections::BTreeMap<String, std::collections::BTreeMap<String, String>>,
}

impl Default for RawStandings {
    fn default() -> Self {
        let d = StandingsProfile::default();
        RawStandings {
            tiebreaks: d.tiebreaks,
            edition: d.edition,
            reference_date: d.reference_date,
            category_mode: d.category_mode,
            categories: d.categories,
            age_groups: None,
            custom_tiebreaks: d.custom_tiebreaks,
            lot_seed: d.lot_seed,
            unrated_rating: d.unrated_rating,
            category_names: Default::default(),
        }
    }
}

impl TryFrom<RawStandings> for StandingsProfile {
    type Error = String;

    fn try_from(r: RawStandings) -> Result<Self, String> {
        let mut categories = r.categories;
        if let Some(g) = &r.age_groups {
            categories.extend(g.expand().map_err(|e| e.to_string())?);
        }
        for (name, forms) in &r.category_names {
            let Some(c) = categories.iter_mut().find(|c| &c.name == name) else {
                let known: Vec<&str> = categories.iter().map(|c| c.name.as_str()).collect();
                return Err(format!(
                    "expected category_names to name a category ({}), found \"{name}\"",
                    known.join(", ")
                ));
            };
            if c.names.as_plain() != c.name {
                c.names = crate::model::Names::plain(c.name.clone());
            }
            for (tag, v) in forms {
                c.names = std::mem::take(&mut c.names).with(tag, v.clone());
            }
        }
        for (i, c) in categories.iter().enumerate() {
            if categories[..i].iter().any(|x| x.name == c.name) {
                return Err(format!(
                    "expected each category name once, found \"{}\" twice",
                    c.name
                ));
            }
        }
        Ok(StandingsProfile {
            tiebreaks: r.tiebreaks,
            edition: r.edition,
            reference_date: r.reference_date,
            category_mode: r.category_mode,
            categories,
            custom_tiebreaks: r.custom_tiebreaks,
            lot_seed: r.lot_seed,
            unrated_rating: r.unrated_rating,
        })
    }
}

/// A whole profile file as `arbiter standings` reads it: `[standings]` typed,
/// the other tables of a profile (docs/profile.md) accepted unread, anything
/// else refused, as `arbiter prizes` refuses it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct File {
    #[serde(default)]
    pub(super) standings: StandingsProfile,
    #[serde(default)]
    #[allow(dead_code)]
    event: Option<toml::Value>,
    #[serde(default)]
    #[allow(dead_code)]
    prizes: Option<toml::Value>,
    #[serde(default)]
    #[allow(dead_code)]
    sections: Option<toml::Value>,
    #[serde(default)]
    #[allow(dead_code)]
    entry: Option<toml::Value>,
    /// `[play]`: read by the event file (crate::model::play).
    #[serde(default)]
    #[allow(dead_code)]
    play: Option<toml::Value>,
}

impl StandingsProfile {
    /// Read the `[standings]` table of a profile file.
    pub fn from_toml(text: &str) -> Result<StandingsProfile, ProfileError> {
        toml::from_str::<File>(text)
            .map(|f| f.standings)
            .map_err(|e| {
                let at = e.span().map(|r| Location::at_byte(text, r.start));
                ProfileError {
                    line: at.as_ref().and_then(|l| l.line),
                    column: at.and_then(|l| l.cols).map(|(c, _)| c),
                    message: e.message().trim().to_string(),
                    report: e.to_string().trim().to_string(),
                }
            })
    }

    /// Fill `opts` from the profile where the caller left it unset.
    pub fn apply(&self, opts: &mut StandingsOptions) {
        if opts.tiebreaks.is_empty() {
            opts.tiebreaks = self.tiebreaks.clone();
        }
        if opts.edition.is_none() {
            opts.edition = self.edition;
        }
        if opts.reference_date.is_none() {
            opts.reference_date = self.reference_date;
        }
        if opts.categories.is_empty() {
            opts.categories = self.categories.clone();
            opts.category_mode = self.category_mode;
        }
        opts.custom.extend(self.custom_tiebreaks.iter().cloned());
        if opts.lot_seed.is_none() {
            opts.lot_seed = self.lot_seed;
        }
        if opts.unrated_rating.is_none() {
            opts.unrated_rating = self.unrated_rating;
        }
    }
}

/// A profile whose `[standings]` table does not read: the TOML parser's message,
/// with its line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileError {
    /// The line of the profile where the parser stopped (the caller names
    /// the file).
    pub line: Option<usize>,
    /// The column (characters, 1-based) on that line.
    pub column: Option<usize>,
    /// What the parser expected and found.
    pub message: String,
    /// The parser's report: the message with the line quoted and marked.
    pub report: String,
}

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.report)
    }
}

impl std::error::Error for ProfileError {}

impl From<ProfileError> for crate::Error {
    fn from(e: ProfileError) -> crate::Error {
        let location = Location {
            line: e.line,
            cols: e.column.map(|c| (c, c)),
            field: Some("[standings]".to_string()),
            ..Location::default()
        };
        crate::Error::new(
            crate::diag::codes::PROFILE_SYNTAX,
            crate::diag::Family::Syntax,
            location,
            e.message,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_standings_table_and_ignores_others() {
        let p = StandingsProfile::from_toml(
            r#"
[prizes]
anything = 1

[standings]
tiebreaks = ["DE", "BH-M1", "BH", "OTHER_WINS_FORFEITS_NO_BYES"]
edition = "pre2023"
reference_date = "2023-07-01"

[[standings.categories]]
name = "U13"
under = 13

[[standings.custom_tiebreaks]]
code = "OTHER_BLACK_WINS"
kinds = ["win", "forfeit_win"]
color = "black"
"#,
        )
        .unwrap();
        assert_eq!(p.tiebreaks.len(), 4);
        assert_eq!(p.tiebreaks[1].to_string(), "BH/M1");
        assert_eq!(p.edition, Some(TiebreakEdition::Pre2023));
        assert_eq!(p.categories[0].under, Some(13));
        assert_eq!(p.custom_tiebreaks[0].code, "OTHER_BLACK_WINS");
        assert!(StandingsProfile::from_toml("[standings]\ntiebreaks = [\"NOPE\"]").is_err());
        assert!(StandingsProfile::from_toml("[standings]\nbogus = 1").is_err());
    }

    #[test]
    fn profile_quirks_are_refused() {
        // An unknown top-level table, as `arbiter prizes` refuses it.
        let e = StandingsProfile::from_toml("[standing]\ntiebreaks = [\"BH\"]");
        assert!(e.is_err_and(|e| e.to_string().contains("unknown field `standing`")));
        // An unknown key in a custom tie-break.
        let e = StandingsProfile::from_toml(
            "[[standings.custom_tiebreaks]]\ncode = \"X\"\nkinds = [\"win\"]\ncolour = \"white\"",
        );
        assert!(e.is_err_and(|e| e.to_string().contains("unknown field `colour`")));
        // The same category name twice (here once listed, once generated).
        let e = StandingsProfile::from_toml(
            "[[standings.categories]]\nname = \"U13\"\n[standings.age_groups]\nunder = [13]\nyear = 2023",
        );
        assert!(e.is_err_and(|e| e.to_string().contains("found \"U13\" twice")));
        let p = StandingsProfile::from_toml(
            "[[standings.categories]]\nname = \"Open\"\n[standings.age_groups]\nunder = [13, 11]\nyear = 2023\ngirls = true",
        )
        .unwrap();
        let names: Vec<&str> = p.categories.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Open", "U13", "U13 Girls", "U11", "U11 Girls"]);
    }
}
