//! `--lang`, shared by the commands whose outputs people read (`standings`,
//! `prizes`, `rating`, `report`): the language from `--lang`, else the
//! profile's `[event] lang`, else the user's locale (`LC_ALL`, then
//! `LC_MESSAGES`, then `LANG`: the first set and not empty decides, as POSIX
//! orders them; `zh_TW.UTF-8` is zh-TW), else English. A locale naming a
//! language without a catalogue (`de_DE`, `zh_CN`, `C`) means English: the
//! environment is not an order to this tool, so it is never an error.
//! Diagnostics on stderr stay English.

use chess_arbiter::render::i18n::Lang;

use super::exit::Failure;

/// The language of the output.
#[derive(clap::Args, Debug, Clone, Default)]
pub(crate) struct LangArg {
    /// Language of the output (`en`, `zh-TW`); default: the profile's
    /// `[event] lang`, else the locale (LC_ALL, LC_MESSAGES, LANG), else
    /// English. Diagnostics stay English.
    #[arg(long)]
    pub(crate) lang: Option<String>,
}

impl LangArg {
    /// `--lang`, else `profile` (the profile's `[event] lang`, named `file`
    /// in an error), else the locale ([`locale_lang`]), else English.
    pub(crate) fn resolve(&self, profile: Option<(&str, &str)>) -> Result<Lang, Failure> {
        if let Some(tag) = &self.lang {
            return Lang::parse(tag).map_err(|e| Failure::Invalid(format!("--lang: {e}")));
        }
        match profile {
            Some((tag, file)) => {
                Lang::parse(tag).map_err(|e| Failure::Invalid(format!("{file}: [event] lang: {e}")))
            }
            None => Ok(locale_lang(|v| std::env::var(v).ok()).unwrap_or(Lang::ENGLISH)),
        }
    }

    /// [`LangArg::resolve`] with the profile given as its file name and text
    /// (`None`: no profile): its `[event] lang` is read here.
    pub(crate) fn resolve_in(&self, profile: Option<(&str, &str)>) -> Result<Lang, Failure> {
        let tag = profile.and_then(|(name, text)| profile_lang(text).map(|l| (l, name)));
        self.resolve(tag.as_ref().map(|(l, name)| (l.as_str(), *name)))
    }
}

/// The `[event] lang` of a profile file, without reading the rest (for the
/// commands that read only `[standings]`); `None` when absent or unreadable.
pub(crate) fn profile_lang(text: &str) -> Option<String> {
    let v: toml::Table = toml::from_str(text).ok()?;
    v.get("event")?.get("lang")?.as_str().map(str::to_string)
}

/// The language of the user's locale: the first of `LC_ALL`, `LC_MESSAGES`
/// and `LANG` that is set and not empty (POSIX: LC_ALL overrides the
/// category, which overrides LANG), without its codeset and modifier
/// (`zh_TW.UTF-8@x` is `zh_TW`). `None` when none is set, or it names no
/// language with a catalogue (`C`, `POSIX`, `de_DE`, `zh_CN`). `var` reads
/// one variable.
pub(crate) fn locale_lang(var: impl Fn(&str) -> Option<String>) -> Option<Lang> {
    let value = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(var)
        .find(|v| !v.trim().is_empty())?;
    let tag = value.split(['.', '@']).next()?.trim();
    if tag.eq_ignore_ascii_case("C") || tag.eq_ignore_ascii_case("POSIX") {
        return None;
    }
    Lang::parse(tag).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(vars: &[(&str, &str)]) -> Option<Lang> {
        locale_lang(|name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn the_locale_chooses_in_posix_order() {
        let zh = Lang::by_tag("zh-TW");
        assert!(zh.is_some());
        assert_eq!(with(&[("LANG", "zh_TW.UTF-8")]), zh);
        assert_eq!(with(&[("LANG", "zh_TW")]), zh);
        assert_eq!(with(&[("LANG", "en_GB.UTF-8")]), Some(Lang::ENGLISH));
        // LC_ALL before LC_MESSAGES before LANG; an empty one is skipped.
        assert_eq!(
            with(&[("LC_ALL", "en_US.UTF-8"), ("LANG", "zh_TW.UTF-8")]),
            Some(Lang::ENGLISH)
        );
        assert_eq!(
            with(&[("LC_MESSAGES", "zh_TW.Big5"), ("LANG", "en_US")]),
            zh
        );
        assert_eq!(with(&[("LC_ALL", ""), ("LANG", "zh_TW.UTF-8")]), zh);
        // C, POSIX, a language without a catalogue, a Simplified Chinese
        // locale, nothing set: no choice (English by default).
        for v in ["C", "POSIX", "C.UTF-8", "de_DE.UTF-8", "zh_CN.UTF-8"] {
            assert_eq!(with(&[("LANG", v)]), None, "{v}");
        }
        assert_eq!(with(&[]), None);
    }
}
