//! Categories as data: age (birth-date window at a reference date), sex, rating band,
//! federation, group labels. Serde-deserializable so profiles can define them.

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::model::{Player, Sex};

/// A category: every condition given must hold.
///
/// Age conditions follow the FIDE youth convention of counting by year of birth:
/// `under = 13` at a reference date in 2023 means born on or after 1 Jan 2010;
/// `at_least = 65` means born on or before 31 Dec of (reference year − 65).
/// `born_from`/`born_until` give an explicit window instead.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(from = "RawCategory")]
pub struct Category {
    /// The name's identity (its English or only form): prize tables, priority
    /// lists and registrations name the category by it.
    pub name: String,
    /// The name by language (`name = { en = "U19 Girls", zh-TW = "U19 女子組" }`),
    /// shown by [`Category::name_in`]; not written back (the plain name is).
    #[serde(skip)]
    pub names: crate::model::Names,
    /// Under this age by year of birth: born on or after 1 Jan of (reference
    /// year − `under`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub under: Option<u32>,
    /// At least this age by year of birth: born on or before 31 Dec of
    /// (reference year − `at_least`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_least: Option<u32>,
    /// Born on or after this day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub born_from: Option<NaiveDate>,
    /// Born on or before this day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub born_until: Option<NaiveDate>,
    /// Only players of this sex (a player without one is outside).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<Sex>,
    /// Lowest rating included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_min: Option<u16>,
    /// Highest rating included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_max: Option<u16>,
    /// Whether unrated players belong to a rating band (default: only if no minimum).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unrated: Option<bool>,
    /// FIDE federation codes; empty means any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub federations: Vec<String>,
    /// Labels that must match (`Player::labels`, e.g. Swiss-Manager `Typ`/`Gr`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    /// Registrations ([`Player::registered_category`]) that enter this age
    /// category besides its own name, compared without case: e.g. `["U13"]`
    /// for "U13 Girls", where the entry list names the age group only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub registered_as: Vec<String>,
}

/// A category as a profile writes it: the same keys, `name` plain or by language.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCategory {
    name: crate::model::Names,
    #[serde(default)]
    under: Option<u32>,
    #[serde(default)]
    at_least: Option<u32>,
    #[serde(default)]
    born_from: Option<NaiveDate>,
    #[serde(default)]
    born_until: Option<NaiveDate>,
    #[serde(default)]
    sex: Option<Sex>,
    /// Lowest rating included.
    #[serde(default)]
    rating_min: Option<u16>,
    /// Highest rating included.
    #[serde(default)]
    rating_max: Option<u16>,
    /// Whether unrated players belong to a rating band (default: only if no minimum).
    #[serde(default)]
    unrated: Option<bool>,
    /// FIDE federation codes; empty means any.
    #[serde(default)]
    federations: Vec<String>,
    /// Labels that must match (`Player::labels`, e.g. Swiss-Manager `Typ`/`Gr`).
    #[serde(default)]
    labels: BTreeMap<String, String>,
    /// Registrations ([`Player::registered_category`]) that enter this age
    /// category besides its own name, compared without case: e.g. `["U13"]`
    /// for "U13 Girls", where the entry list names the age group only.
    #[serde(default)]
    registered_as: Vec<String>,
}

impl From<RawCategory> for Category {
    fn from(r: RawCategory) -> Category {
        Category {
            name: r.name.as_plain().to_string(),
            names: r.name,
            under: r.under,
            at_least: r.at_least,
            born_from: r.born_from,
            born_until: r.born_until,
            sex: r.sex,
            rating_min: r.rating_min,
            rating_max: r.rating_max,
            unrated: r.unrated,
            federations: r.federations,
            labels: r.labels,
            registered_as: r.registered_as,
        }
    }
}

/// A player whose registration contradicts the birth date: registered in an
/// age category whose birth-date window excludes them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegistrationConflict {
    /// The player's starting rank.
    pub player: crate::model::PlayerId,
    /// The category the player is registered in, as written.
    pub registered: String,
    /// The age categories the registration names.
    pub categories: Vec<String>,
}

impl Category {
    /// The name in language `tag`, else the plain name.
    pub fn name_in(&self, tag: &str) -> &str {
        self.names.shown(&self.name, tag)
    }

    /// Whether the category has an age condition (an age group).
    pub fn is_age_group(&self) -> bool {
        self.under.is_some()
            || self.at_least.is_some()
            || self.born_from.is_some()
            || self.born_until.is_some()
    }

    /// Whether registration `r` names this category: its name or one of
    /// `registered_as`, compared without case and surrounding blanks.
    pub fn names_registration(&self, r: &str) -> bool {
        let r = r.trim();
        self.name.trim().eq_ignore_ascii_case(r)
            || self
                .registered_as
                .iter()
                .any(|x| x.trim().eq_ignore_ascii_case(r))
    }

    /// Whether `p` takes part in this category's ranking at `reference`. A
    /// player with a registered category belongs to an age group only if the
    /// registration names it (the regulation prizes by the category entered);
    /// the other conditions (sex, rating, federation, labels) still apply. A
    /// player without one is placed by birth date ([`Category::contains`]).
    pub fn admits(&self, p: &Player, reference: NaiveDate) -> bool {
        match p.registered_category.as_deref() {
            Some(r) if self.is_age_group() && !r.trim().is_empty() => {
                self.names_registration(r) && self.others_hold(p)
            }
            _ => self.contains(p, reference),
        }
    }

    /// Whether `p` belongs to this category at `reference` (the event's start by default).
    /// A player without a birth date is outside every age condition.
    pub fn contains(&self, p: &Player, reference: NaiveDate) -> bool {
        self.age_holds(p, reference) && self.others_hold(p)
    }

    /// The age conditions (none: true).
    fn age_holds(&self, p: &Player, reference: NaiveDate) -> bool {
        let year = reference.year();
        let birth_lo = p.birth.and_then(|b| b.earliest());
        // Latest day the birth date can mean (year-only: 31 Dec).
        let birth_hi = p.birth.and_then(|b| {
            let m = b.month.unwrap_or(12);
            let d = b.day.or_else(|| {
                (28..=31)
                    .rev()
                    .find(|&d| NaiveDate::from_ymd_opt(b.year, m, d).is_some())
            })?;
            NaiveDate::from_ymd_opt(b.year, m, d)
        });
        if let Some(n) = self.under {
            let from = NaiveDate::from_ymd_opt(year - n as i32, 1, 1);
            match (birth_lo, from) {
                (Some(b), Some(f)) if b >= f => {}
                _ => return false,
            }
        }
        if let Some(n) = self.at_least {
            let until = NaiveDate::from_ymd_opt(year - n as i32, 12, 31);
            match (birth_hi, until) {
                (Some(b), Some(u)) if b <= u => {}
                _ => return false,
            }
        }
        if let Some(f) = self.born_from {
            if birth_lo.is_none_or(|b| b < f) {
                return false;
            }
        }
        if let Some(u) = self.born_until {
            if birth_hi.is_none_or(|b| b > u) {
                return false;
            }
        }
        true
    }

    /// Every condition but age.
    fn others_hold(&self, p: &Player) -> bool {
        if let Some(s) = self.sex {
            if p.sex != Some(s) {
                return false;
            }
        }
        if self.rating_min.is_some() || self.rating_max.is_some() {
            match p.rating {
                Some(r) => {
                    if self.rating_min.is_some_and(|m| r < m)
                        || self.rating_max.is_some_and(|m| r > m)
                    {
                        return false;
                    }
                }
                None => {
                    if !self.unrated.unwrap_or(self.rating_min.is_none()) {
                        return false;
                    }
                }
            }
        } else if self.unrated == Some(false) && p.rating.is_none() {
            return false;
        }
        if !self.federations.is_empty() {
            let fed = p.federation.as_deref().unwrap_or("");
            if !self.federations.iter().any(|f| f.eq_ignore_ascii_case(fed)) {
                return false;
            }
        }
        self.labels.iter().all(|(k, v)| {
            p.labels
                .get(k)
                .is_some_and(|x| x.trim().eq_ignore_ascii_case(v.trim()))
        })
    }
}

/// Players whose registered category names age categories none of which their
/// birth date allows (players without a birth date are not judged).
pub fn registration_conflicts(
    categories: &[Category],
    players: &[Player],
    reference: NaiveDate,
) -> Vec<RegistrationConflict> {
    let mut out = Vec::new();
    for p in players {
        let Some(r) = p
            .registered_category
            .as_deref()
            .filter(|r| !r.trim().is_empty())
        else {
            continue;
        };
        if p.birth.is_none() {
            continue;
        }
        let named: Vec<&Category> = categories
            .iter()
            .filter(|c| c.is_age_group() && c.names_registration(r))
            .collect();
        if !named.is_empty() && !named.iter().any(|c| c.age_holds(p, reference)) {
            out.push(RegistrationConflict {
                player: p.id,
                registered: r.trim().to_string(),
                categories: named.iter().map(|c| c.name.clone()).collect(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::BirthDate;

    fn player(year: i32, month: Option<u32>) -> Player {
        Player {
            name: "x".into(),
            birth: Some(BirthDate {
                year,
                month,
                day: month.map(|_| 15),
            }),
            rating: Some(1500),
            sex: Some(Sex::Female),
            federation: Some("CAN".into()),
            ..Default::default()
        }
    }

    #[test]
    fn age_windows_at_the_reference_date() {
        let d = NaiveDate::from_ymd_opt(2023, 7, 1).unwrap();
        let u13 = Category {
            name: "U13".into(),
            under: Some(13),
            ..Default::default()
        };
        assert!(u13.contains(&player(2010, Some(1)), d));
        assert!(u13.contains(&player(2010, None), d));
        assert!(!u13.contains(&player(2009, Some(12)), d));
        let s65 = Category {
            name: "S65".into(),
            at_least: Some(65),
            ..Default::default()
        };
        assert!(s65.contains(&player(1958, Some(12)), d));
        assert!(!s65.contains(&player(1959, None), d));
        assert!(!s65.contains(&Player::default(), d));
    }

    #[test]
    fn sex_rating_federation_and_labels() {
        let d = NaiveDate::from_ymd_opt(2023, 7, 1).unwrap();
        let mut p = player(2000, None);
        p.labels.insert("Gr".into(), "B".into());
        let c: Category = toml::from_str(
            "name = \"U1600 women CAN\"\nsex = \"female\"\nrating_max = 1599\nfederations = [\"can\"]\nlabels = { Gr = \"B\" }",
        )
        .unwrap();
        assert!(c.contains(&p, d));
        p.rating = Some(1600);
        assert!(!c.contains(&p, d));
        p.rating = None;
        assert!(
            c.contains(&p, d),
            "unrated belong to a band without minimum"
        );
        let c2 = Category {
            rating_min: Some(1000),
            ..c.clone()
        };
        assert!(!c2.contains(&p, d));
        p.rating = Some(1500);
        p.labels.insert("Gr".into(), "A".into());
        assert!(!c.contains(&p, d));
    }

    #[test]
    fn registration_decides_age_groups_and_contradictions_are_found() {
        let d = NaiveDate::from_ymd_opt(2023, 8, 12).unwrap();
        let u13 = Category {
            name: "U13".into(),
            born_from: NaiveDate::from_ymd_opt(2010, 1, 1),
            born_until: NaiveDate::from_ymd_opt(2011, 12, 31),
            ..Default::default()
        };
        let u13g = Category {
            name: "U13 Girls".into(),
            sex: Some(Sex::Female),
            registered_as: vec!["u13".into()],
            ..u13.clone()
        };
        let u15 = Category {
            name: "U15".into(),
            born_from: NaiveDate::from_ymd_opt(2008, 1, 1),
            born_until: NaiveDate::from_ymd_opt(2009, 12, 31),
            ..Default::default()
        };
        let open = Category {
            name: "Open".into(),
            ..Default::default()
        };
        // Born 2011, registered in U15 (playing up): U15, not U13.
        let mut p = player(2011, Some(3));
        p.registered_category = Some("U15".into());
        assert!(u15.admits(&p, d) && !u13.admits(&p, d) && !u13g.admits(&p, d));
        assert!(
            open.admits(&p, d),
            "a category without age condition ignores it"
        );
        // Registered "U13": both U13 and (being a girl) U13 Girls.
        p.registered_category = Some("U13".into());
        assert!(u13.admits(&p, d) && u13g.admits(&p, d) && !u15.admits(&p, d));
        // Without a registration the birth date decides.
        p.registered_category = None;
        assert!(u13.admits(&p, d) && !u15.admits(&p, d));
        // Registered U13 but born 2008: a contradiction, reported once.
        let mut q = player(2008, Some(5));
        q.id = crate::model::PlayerId(7);
        q.registered_category = Some("U13".into());
        let cats = [open, u13, u13g, u15];
        let found = registration_conflicts(&cats, &[p, q], d);
        assert_eq!(
            found,
            vec![RegistrationConflict {
                player: crate::model::PlayerId(7),
                registered: "U13".into(),
                categories: vec!["U13".into(), "U13 Girls".into()],
            }]
        );
    }
}
