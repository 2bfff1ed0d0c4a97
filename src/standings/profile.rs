//! The `[standings]` part of a profile file (TOML). The prizes feature extends the same
//! file with its own tables; tables other than `[standings]` are ignored here.
//!
//! ```toml
//! [standings]
//! tiebreaks = ["DE", "BH/M1", "BH", "OTHER_WINS_FORFEITS_NO_BYES"]
//! edition = "2023"                 # pre2023 | 2023 | 2026; default: by event date
//! reference_date = "2023-07-01"    # for age categories; default: event start
//! category_mode = "filter"         # or "reapply_direct_encounter"
//!
//! [[standings.categories]]
//! name = "U13"
//! under = 13
//!
//! [[standings.custom_tiebreaks]]
//! code = "OTHER_WINS_WHITE"
//! kinds = ["win", "forfeit_win"]
//! color = "white"
//! ```

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use std::fmt;

use super::category::Category;
use super::code::TieBreakSpec;
use super::custom::CustomTieBreak;
use super::edition::Edition;
use super::options::{CategoryMode, StandingsOptions};

/// The standings settings of a profile.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StandingsProfile {
    pub tiebreaks: Vec<TieBreakSpec>,
    pub edition: Option<Edition>,
    pub reference_date: Option<NaiveDate>,
    pub category_mode: CategoryMode,
    pub categories: Vec<Category>,
    pub custom_tiebreaks: Vec<CustomTieBreak>,
    pub lot_seed: Option<u64>,
}

#[derive(Deserialize)]
struct File {
    #[serde(default)]
    standings: StandingsProfile,
}

impl StandingsProfile {
    /// Read the `[standings]` table of a profile file.
    pub fn from_toml(text: &str) -> Result<StandingsProfile, ProfileError> {
        toml::from_str::<File>(text)
            .map(|f| f.standings)
            .map_err(|e| ProfileError(e.to_string().trim().to_string()))
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
    }
}

/// A profile whose `[standings]` table does not read: the TOML parser's message,
/// with its line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileError(String);

impl fmt::Display for ProfileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProfileError {}

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
        assert_eq!(p.edition, Some(Edition::Pre2023));
        assert_eq!(p.categories[0].under, Some(13));
        assert_eq!(p.custom_tiebreaks[0].code, "OTHER_BLACK_WINS");
        assert!(StandingsProfile::from_toml("[standings]\ntiebreaks = [\"NOPE\"]").is_err());
        assert!(StandingsProfile::from_toml("[standings]\nbogus = 1").is_err());
    }
}
