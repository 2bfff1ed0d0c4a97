//! Age groups declared compactly in a profile (`[standings.age_groups]`),
//! expanded into ordinary [`Category`] values with explicit birth-date windows.
//!
//! ```toml
//! [standings.age_groups]
//! under = [19, 17, 15, 13, 11, 9, 7]  # U19 ... U7
//! year = 2023          # ages count by year of birth from this year: U19 = born 2004 or later
//! girls = true         # also "U19 Girls" ... (sex = female) after each open group
//! exclusive = true     # each group ends the day before the next younger one starts
//! ```
//!
//! Names are `prefix` + age (default `"U"`), girls' groups add `girls_suffix`
//! (default `" Girls"`). The FIDE youth convention counts by year of birth:
//! "under 13" in 2023 is born on or after 1 January 2010.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::category::Category;
use crate::model::Sex;

/// The `[standings.age_groups]` table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AgeGroups {
    /// The ages, e.g. `[19, 17, 15]`: one group per age, in this order.
    pub under: Vec<u32>,
    /// The year ages count from (the event's year).
    pub year: i32,
    /// Also a girls' group (sex = female) after each open one.
    #[serde(default)]
    pub girls: bool,
    /// Each group ends the day before the next younger group starts (one age
    /// group per player); otherwise a group admits everyone younger too.
    #[serde(default)]
    pub exclusive: bool,
    /// What goes before the age in a group's name (default `U`: `U13`).
    #[serde(default = "default_prefix")]
    pub prefix: String,
    /// What a girls' group adds to the open group's name (default ` Girls`:
    /// `U13 Girls`).
    #[serde(default = "default_girls_suffix")]
    pub girls_suffix: String,
}

fn default_prefix() -> String {
    "U".into()
}
fn default_girls_suffix() -> String {
    " Girls".into()
}

/// An `[standings.age_groups]` table that gives no birth-date window.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum AgeGroupError {
    /// `year` minus this age is no calendar year (`under` too large).
    NoBirthYear {
        /// The age of `under`.
        age: u32,
        /// The table's `year`.
        year: i32,
    },
}

impl std::fmt::Display for AgeGroupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AgeGroupError::NoBirthYear { age, year } => write!(
                f,
                "standings.age_groups.under: expected an age that gives a birth year from {year}, found {age}"
            ),
        }
    }
}

impl std::error::Error for AgeGroupError {}

impl From<AgeGroupError> for crate::Error {
    fn from(e: AgeGroupError) -> crate::Error {
        crate::error::engine(crate::diag::codes::PROFILE_INVALID, e.to_string())
    }
}

impl AgeGroups {
    /// The categories, in the order of `under` (open group, then girls' group).
    pub fn expand(&self) -> Result<Vec<Category>, AgeGroupError> {
        let start = |age: u32| {
            i32::try_from(age)
                .ok()
                .and_then(|a| self.year.checked_sub(a))
                .and_then(|y| NaiveDate::from_ymd_opt(y, 1, 1))
                .ok_or(AgeGroupError::NoBirthYear {
                    age,
                    year: self.year,
                })
        };
        let mut out = Vec::new();
        for &age in &self.under {
            let born_from = start(age)?;
            // The next younger group: the largest age below this one.
            let born_until = if self.exclusive {
                match self.under.iter().copied().filter(|&a| a < age).max() {
                    Some(next) => start(next)?.pred_opt(),
                    None => None,
                }
            } else {
                None
            };
            let open = Category {
                name: format!("{}{age}", self.prefix),
                born_from: Some(born_from),
                born_until,
                ..Default::default()
            };
            let girls = self.girls.then(|| Category {
                name: format!("{}{age}{}", self.prefix, self.girls_suffix),
                sex: Some(Sex::Female),
                ..open.clone()
            });
            out.push(open);
            out.extend(girls);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expands_exclusive_windows_with_girls() {
        let g: AgeGroups =
            toml::from_str("under = [19, 17, 7]\nyear = 2023\ngirls = true\nexclusive = true")
                .unwrap();
        let c = g.expand().unwrap();
        let names: Vec<&str> = c.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            names,
            ["U19", "U19 Girls", "U17", "U17 Girls", "U7", "U7 Girls"]
        );
        let d = |y, m, dd| NaiveDate::from_ymd_opt(y, m, dd);
        assert_eq!(
            (c[0].born_from, c[0].born_until),
            (d(2004, 1, 1), d(2005, 12, 31))
        );
        assert_eq!(c[1].sex, Some(Sex::Female));
        assert_eq!(
            (c[2].born_from, c[2].born_until),
            (d(2006, 1, 1), d(2015, 12, 31))
        );
        assert_eq!((c[4].born_from, c[4].born_until), (d(2016, 1, 1), None));
        let open: AgeGroups = toml::from_str("under = [13]\nyear = 2023").unwrap();
        let c = open.expand().unwrap();
        assert_eq!(c.len(), 1);
        assert_eq!((c[0].born_from, c[0].born_until), (d(2010, 1, 1), None));
        assert!(toml::from_str::<AgeGroups>("under = [13]\nyear = 2023\nboys = true").is_err());
    }

    #[test]
    fn expand_returns_a_typed_error_for_an_age_without_birth_year() {
        let g: AgeGroups = toml::from_str("under = [4294967295]\nyear = 2023").unwrap();
        let e = g.expand().unwrap_err();
        assert_eq!(
            e,
            AgeGroupError::NoBirthYear {
                age: u32::MAX,
                year: 2023
            }
        );
        assert!(e.to_string().contains("found 4294967295"));
    }
}
