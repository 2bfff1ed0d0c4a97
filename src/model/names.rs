//! A name the regulation gives in several languages: a category (`U19 女子組`),
//! a section, the event. Profiles write it as a plain string (the same in every
//! language) or as a table of language tags, `{ en = "U19 Girls", zh-TW = "U19 女子組" }`.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

/// A name with its forms by language. The plain form (the `en` entry of a
/// table, or the string) is the name's identity: prize tables, priority lists
/// and registrations refer to it; the other forms are only shown.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Names {
    plain: String,
    /// Language tag (as written, e.g. `zh-TW`) → the name in that language.
    forms: BTreeMap<String, String>,
}

impl Names {
    /// A name the same in every language.
    pub fn plain(name: impl Into<String>) -> Names {
        Names {
            plain: name.into(),
            forms: BTreeMap::new(),
        }
    }

    /// The name's identity: its English or only form.
    pub fn as_plain(&self) -> &str {
        &self.plain
    }

    /// Add (or replace) the form of language `tag`.
    pub fn with(mut self, tag: &str, name: impl Into<String>) -> Names {
        self.forms.insert(tag.to_string(), name.into());
        self
    }

    /// The name in language `tag` (compared without case, `_` read as `-`),
    /// else the plain form.
    pub fn get(&self, tag: &str) -> &str {
        let norm = |t: &str| t.replace('_', "-").to_ascii_lowercase();
        let want = norm(tag);
        self.forms
            .iter()
            .find(|(t, _)| norm(t) == want)
            .map_or(&self.plain, |(_, v)| v)
    }

    /// The name in language `tag` if these are the names of `plain`, else
    /// `plain` itself (a name made in code, without forms, stays as it is).
    pub fn shown<'a>(&'a self, plain: &'a str, tag: &str) -> &'a str {
        if self.plain == plain {
            self.get(tag)
        } else {
            plain
        }
    }

    /// Whether the name has no form besides the plain one.
    pub fn is_plain(&self) -> bool {
        self.forms.is_empty()
    }

    /// The forms by language tag (the plain form aside).
    pub fn forms(&self) -> &BTreeMap<String, String> {
        &self.forms
    }

    /// Take the other forms of `other` where this name has none.
    pub fn merge(&mut self, other: &Names) {
        for (t, v) in &other.forms {
            self.forms.entry(t.clone()).or_insert_with(|| v.clone());
        }
    }
}

impl fmt::Display for Names {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.plain)
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawNames {
    Plain(String),
    ByLang(BTreeMap<String, String>),
}

impl<'de> Deserialize<'de> for Names {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match RawNames::deserialize(d)? {
            RawNames::Plain(s) => Ok(Names::plain(s)),
            RawNames::ByLang(mut forms) => {
                let plain = forms.remove("en").ok_or_else(|| {
                    let found: Vec<&str> = forms.keys().map(String::as_str).collect();
                    serde::de::Error::custom(format!(
                        "expected an `en` form in a name given by language, found only {}",
                        found.join(", ")
                    ))
                })?;
                Ok(Names { plain, forms })
            }
        }
    }
}

impl Serialize for Names {
    /// The plain string when there is no other form, else the table.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.forms.is_empty() {
            return s.serialize_str(&self.plain);
        }
        let mut all = self.forms.clone();
        all.insert("en".into(), self.plain.clone());
        all.serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct T {
        name: Names,
    }

    #[test]
    fn reads_a_plain_name_or_a_table_by_language() {
        let t: T = toml::from_str("name = \"Open\"").unwrap();
        assert_eq!(t.name.get("zh-TW"), "Open");
        assert!(t.name.is_plain());
        let t: T = toml::from_str("name = { en = \"U19 Girls\", zh-TW = \"U19 女子組\" }").unwrap();
        assert_eq!(t.name.as_plain(), "U19 Girls");
        assert_eq!(t.name.get("zh-TW"), "U19 女子組");
        assert_eq!(t.name.get("zh_tw"), "U19 女子組");
        assert_eq!(t.name.get("en"), "U19 Girls");
        assert_eq!(t.name.get("fr"), "U19 Girls");
    }

    #[test]
    fn a_table_without_english_is_refused() {
        let e = toml::from_str::<T>("name = { zh-TW = \"公開組\" }")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("line 1"), "{e}");
    }
}
