//! The languages of everything people read: a [`Lang`], the Fluent catalogue of
//! each language (`locales/TAG/arbiter.ftl`, embedded at compile time) and the
//! forms that differ by language (amounts, dates, ordinal places, counts).
//!
//! Catalogues are [Project Fluent](https://projectfluent.org) files read by
//! `fluent-bundle`, Mozilla's reference implementation (plural and ordinal
//! rules from CLDR through `intl_pluralrules`), and languages are negotiated by
//! `fluent-langneg` (RFC 4647 filtering with likely subtags). A third language
//! is one more file and one line in [`CATALOGUES`]; no code.
//!
//! A message missing from a catalogue falls back to English; the tests list
//! every id of one catalogue missing from another and every id the code looks
//! up (through [`tr!`](crate::tr) or [`Lang::text`]) missing from English.
//!
//! Command-line diagnostics stay English (README, "Languages").

use std::fmt;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

mod forms;

/// Each language with a catalogue: its BCP 47 tag and the catalogue text. The
/// first is English, the fallback for every message.
pub const CATALOGUES: &[(&str, &str)] = &[
    ("en", include_str!("../../../locales/en/arbiter.ftl")),
    ("zh-TW", include_str!("../../../locales/zh-TW/arbiter.ftl")),
];

/// A language the tool writes: one of [`CATALOGUES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Lang(usize);

impl Lang {
    /// English, the default and the fallback.
    pub const ENGLISH: Lang = Lang(0);

    /// Every language with a catalogue, English first.
    pub fn all() -> impl Iterator<Item = Lang> {
        (0..CATALOGUES.len()).map(Lang)
    }

    /// The language's tag as its catalogue is registered: `en`, `zh-TW`.
    pub fn tag(self) -> &'static str {
        CATALOGUES.get(self.0).map_or("en", |c| c.0)
    }

    /// The language whose catalogue is registered under exactly `tag` (as
    /// [`Lang::tag`] writes it); `None` for any other text.
    pub fn by_tag(tag: &str) -> Option<Lang> {
        CATALOGUES.iter().position(|c| c.0 == tag).map(Lang)
    }

    /// The language's own name for itself (`English`, `中文`), as a
    /// language switch shows it.
    pub fn own_name(self) -> String {
        self.text("lang-own-name", &[])
    }

    fn id(self) -> LanguageIdentifier {
        self.tag().parse().unwrap_or_default()
    }

    /// The language a tag names (`en`, `en-GB`, `zh-TW`, `zh-Hant-TW`,
    /// `zh-Hant`, `zh_TW`), or an error listing the supported tags. A tag of a
    /// language in another script (`zh-CN`, `zh-Hans`) is refused rather than
    /// shown in a script its reader did not ask for.
    pub fn parse(tag: &str) -> Result<Lang, LangError> {
        let bad = || LangError {
            found: tag.to_string(),
        };
        let wanted: LanguageIdentifier = tag.trim().parse().map_err(|_| bad())?;
        let found = negotiate(std::slice::from_ref(&wanted)).ok_or_else(bad)?;
        if script_of(&wanted) != script_of(&found.id()) {
            return Err(bad());
        }
        Ok(found)
    }

    /// The best supported language for an HTTP `Accept-Language` value
    /// (`zh-TW,zh;q=0.9,en-US;q=0.8`): tags by falling weight (`q=0` means
    /// "not this one"), equal weights in the order given; English when none
    /// matches. Malformed entries are skipped.
    pub fn from_accept_language(header: &str) -> Lang {
        let mut tags: Vec<(u16, usize, LanguageIdentifier)> = header
            .split(',')
            .enumerate()
            .filter_map(|(i, item)| {
                let mut parts = item.split(';');
                let tag = parts.next()?.trim();
                let q = parts
                    .filter_map(|p| p.trim().strip_prefix("q="))
                    .next()
                    .map_or(Some(1000), quality)?;
                if q == 0 || tag == "*" {
                    return None;
                }
                Some((q, i, tag.parse().ok()?))
            })
            .collect();
        tags.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let ids: Vec<LanguageIdentifier> = tags.into_iter().map(|t| t.2).collect();
        negotiate(&ids).unwrap_or(Lang::ENGLISH)
    }

    /// The message `id` with `args`, in this language, else in English, else
    /// the id itself (the catalogue tests make that last case a failing test).
    pub fn text(self, id: &str, args: &[(&str, Arg)]) -> String {
        let bundles = bundles();
        for lang in [self, Lang::ENGLISH] {
            let Some(bundle) = bundles.get(lang.0) else {
                continue;
            };
            let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
                continue;
            };
            let mut fa = FluentArgs::new();
            for (k, v) in args {
                fa.set(*k, v.to_fluent());
            }
            let mut errors = Vec::new();
            return bundle
                .format_pattern(pattern, Some(&fa), &mut errors)
                .into_owned();
        }
        id.to_string()
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

impl std::str::FromStr for Lang {
    type Err = LangError;
    fn from_str(s: &str) -> Result<Lang, LangError> {
        Lang::parse(s)
    }
}

/// `q=0.8` → 800; `None` for a weight that does not read (the entry is skipped).
fn quality(q: &str) -> Option<u16> {
    let v: f64 = q.trim().parse().ok()?;
    (0.0..=1.0)
        .contains(&v)
        .then(|| (v * 1000.0).round() as u16)
}

/// The script a tag is written in, with likely subtags (`zh-TW` → Hant).
fn script_of(id: &LanguageIdentifier) -> Option<String> {
    let mut id = id.clone();
    id.maximize();
    id.script.map(|s| s.as_str().to_string())
}

/// The first supported language that matches one of `wanted`, in order.
fn negotiate(wanted: &[LanguageIdentifier]) -> Option<Lang> {
    let available: Vec<LanguageIdentifier> = Lang::all().map(Lang::id).collect();
    let picked = fluent_langneg::negotiate_languages(
        wanted,
        &available,
        None,
        fluent_langneg::NegotiationStrategy::Lookup,
    );
    let first = picked.first()?;
    available.iter().position(|a| a == *first).map(Lang)
}

/// A tag that names no language with a catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LangError {
    /// The tag as given (`--lang`, the profile's `lang`).
    pub found: String,
}

impl fmt::Display for LangError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tags: Vec<&str> = Lang::all().map(Lang::tag).collect();
        write!(
            f,
            "expected a language with a catalogue ({}), found \"{}\"",
            tags.join(", "),
            self.found
        )
    }
}

impl std::error::Error for LangError {}

impl From<LangError> for crate::Error {
    fn from(e: LangError) -> crate::Error {
        crate::error::engine(crate::diag::codes::INVALID_OPTION, e.to_string())
    }
}

/// A value handed to a message.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A number: selects plural and ordinal forms, written as digits.
    Num(i64),
    /// Text, written as it is.
    Str(String),
}

impl Arg {
    fn to_fluent(&self) -> FluentValue<'static> {
        match self {
            Arg::Num(n) => FluentValue::from(*n),
            Arg::Str(s) => FluentValue::from(s.clone()),
        }
    }
}

macro_rules! arg_from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
arg_from_int!(u8, u16, u32, u64, usize, i32, i64);

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Str(s.clone())
    }
}

/// A message in a language: `tr!(lang, "players", n = 3)`. The id is a string
/// literal, so the catalogue tests find every id the code uses.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:literal) => {
        $crate::render::i18n::Lang::text($lang, $id, &[])
    };
    ($lang:expr, $id:literal, $($k:ident = $v:expr),+ $(,)?) => {
        $crate::render::i18n::Lang::text(
            $lang,
            $id,
            &[$((stringify!($k), $crate::render::i18n::Arg::from($v))),+],
        )
    };
}

/// One bundle per catalogue, built once. A catalogue with syntax errors keeps
/// the messages that read (the tests fail on any error).
fn bundles() -> &'static [FluentBundle<FluentResource>] {
    static B: OnceLock<Vec<FluentBundle<FluentResource>>> = OnceLock::new();
    B.get_or_init(|| {
        Lang::all()
            .map(|lang| {
                let text = CATALOGUES.get(lang.0).map_or("", |c| c.1);
                let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
                let mut b = FluentBundle::new_concurrent(vec![lang.id()]);
                // Text tables are aligned by width: no bidi isolation marks.
                b.set_use_isolating(false);
                let _ = b.add_builtins();
                let _ = b.add_resource(res);
                b
            })
            .collect()
    })
}

pub use forms::{amount, date, date_range, group_digits, ordinal, places, players};

#[cfg(test)]
mod tests;
