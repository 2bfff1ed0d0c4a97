//! A section's name in the page's language. The log's steps and what
//! entering a result did are worded by `render::event` (one wording with
//! `arbiter event`), given the names this gives the sections.

use chess_arbiter::event::spec::MAIN;
use chess_arbiter::render::i18n::Lang;

use super::Hosted;

impl Hosted {
    /// A section's name in `lang`: the profile's name in that language, else
    /// the name the event file keeps (`plain`).
    pub(crate) fn section_name(&self, key: &str, plain: &str, lang: Lang) -> String {
        let section = self
            .profile
            .as_ref()
            .and_then(|p| p.section((key != MAIN).then_some(key)));
        match section {
            Some(s) => s.names.shown(plain, lang.tag()).to_string(),
            None => plain.to_string(),
        }
    }
}
