//! `--lang`, shared by the commands whose outputs people read (`standings`,
//! `prizes`, `rating`): the language from `--lang`, else the profile's
//! `[event] lang`, else English. Diagnostics on stderr stay English.

use chess_arbiter::render::i18n::Lang;

use super::exit::Failure;

/// The language of the output.
#[derive(clap::Args, Debug, Clone, Default)]
pub(crate) struct LangArg {
    /// Language of the output (`en`, `zh-TW`); default: the profile's
    /// `[event] lang`, else English. Diagnostics stay English.
    #[arg(long)]
    pub(crate) lang: Option<String>,
}

impl LangArg {
    /// `--lang`, else `profile` (the profile's `[event] lang`, named `file`
    /// in an error), else English.
    pub(crate) fn resolve(&self, profile: Option<(&str, &str)>) -> Result<Lang, Failure> {
        if let Some(tag) = &self.lang {
            return Lang::parse(tag).map_err(|e| Failure::Invalid(format!("--lang: {e}")));
        }
        match profile {
            Some((tag, file)) => {
                Lang::parse(tag).map_err(|e| Failure::Invalid(format!("{file}: [event] lang: {e}")))
            }
            None => Ok(Lang::ENGLISH),
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
