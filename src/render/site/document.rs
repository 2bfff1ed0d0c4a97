//! A single page around an HTML fragment: what `standings`, `prizes` and
//! `rating --format html` print.

use super::common::{environment, render, tool, Frame, SiteError, STYLE_CSS};
use crate::render::i18n::Lang;
use serde::Serialize;

/// A whole HTML5 document around an HTML `body` (the stylesheet inlined):
/// what the single-page outputs (`standings --format html`, `prizes --format
/// html`, `rating --format html`) print.
pub fn standalone(title: &str, body: &str) -> Result<String, SiteError> {
    standalone_in(Lang::ENGLISH, title, body)
}

/// [`standalone`] in `lang` (`<html lang>` and the font stack).
pub(crate) fn standalone_in(lang: Lang, title: &str, body: &str) -> Result<String, SiteError> {
    let env = environment()?;
    let frame = Frame {
        event: String::new(),
        subtitle: String::new(),
        home: "index.html".into(),
        css: "style.css".into(),
        tool: tool(),
        nav: Vec::new(),
        inline_css: Some(STYLE_CSS),
        app: false,
        live: None,
        lang: lang.tag().to_string(),
        switch: Vec::new(),
    };
    #[derive(Serialize)]
    struct Body<'a> {
        heading: &'a str,
        body: &'a str,
    }
    render(
        &env,
        "fragment.html",
        &frame,
        title,
        &Body {
            heading: title,
            body,
        },
    )
}
