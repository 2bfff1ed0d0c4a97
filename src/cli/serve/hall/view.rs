//! The hall's pages: their templates (`templates/hall/`, HTML-escaped by
//! minijinja: a name in the data is always text), the frame every page
//! shares, and the app's one script and stylesheet.

use std::sync::OnceLock;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use chess_arbiter::render::i18n::Lang;
use chess_arbiter::tr;
use minijinja::{context, Environment, Value};
use serde::Serialize;

pub(crate) use super::session::Flash;
use super::session::Session;
use super::Hosted;

const TEMPLATES: &[(&str, &str)] = &[
    (
        "base.html",
        include_str!("../../../../templates/hall/base.html"),
    ),
    (
        "home.html",
        include_str!("../../../../templates/hall/home.html"),
    ),
    (
        "login.html",
        include_str!("../../../../templates/hall/login.html"),
    ),
    (
        "setup.html",
        include_str!("../../../../templates/hall/setup.html"),
    ),
    (
        "error.html",
        include_str!("../../../../templates/hall/error.html"),
    ),
    (
        "desk.html",
        include_str!("../../../../templates/hall/desk.html"),
    ),
    (
        "results.html",
        include_str!("../../../../templates/hall/results.html"),
    ),
    (
        "pair.html",
        include_str!("../../../../templates/hall/pair.html"),
    ),
    (
        "players.html",
        include_str!("../../../../templates/hall/players.html"),
    ),
    (
        "player.html",
        include_str!("../../../../templates/hall/player.html"),
    ),
    (
        "byes.html",
        include_str!("../../../../templates/hall/byes.html"),
    ),
    (
        "log.html",
        include_str!("../../../../templates/hall/log.html"),
    ),
    (
        "print.html",
        include_str!("../../../../templates/hall/print.html"),
    ),
    (
        "events.html",
        include_str!("../../../../templates/hall/events.html"),
    ),
    (
        "pick.html",
        include_str!("../../../../templates/hall/pick.html"),
    ),
    (
        "player_fields.html",
        include_str!("../../../../templates/hall/player_fields.html"),
    ),
];

/// The app's script: live pages, fast result entry.
pub(crate) const SCRIPT: &str = include_str!("../../../../templates/hall/hall.js");
/// The app's stylesheet (beside the site's `style.css`), print rules included.
pub(crate) const STYLE: &str = include_str!("../../../../templates/hall/hall.css");

fn env() -> &'static Result<Environment<'static>, String> {
    static ENV: OnceLock<Result<Environment<'static>, String>> = OnceLock::new();
    ENV.get_or_init(|| {
        let mut env = Environment::new();
        for (name, text) in TEMPLATES {
            env.add_template(name, text).map_err(|e| format!("{e:#}"))?;
        }
        chess_arbiter::render::site::add_functions(&mut env);
        Ok(env)
    })
}

#[derive(Serialize)]
struct NavItem {
    label: String,
    href: String,
    current: bool,
}

/// What every hall page shows around its content.
#[derive(Serialize)]
pub(crate) struct Frame {
    event: String,
    title: String,
    base: String,
    user: Option<String>,
    role: Option<&'static str>,
    chief: bool,
    csrf: String,
    nav: Vec<NavItem>,
    flash: Vec<Flash>,
    /// The live feed this page follows (public pages, the desk).
    live: Option<String>,
    tool: String,
    /// The page's language tag, and the links to the same page in the others.
    lang: String,
    switch: Vec<Switch>,
    /// The banner every page shows while the event is out of FIDE mode.
    fide_off: Option<String>,
}

/// A link to the page in another language (`?lang=TAG`).
#[derive(Serialize)]
struct Switch {
    label: String,
    href: String,
    lang: String,
}

/// The links to the page being answered in the other languages.
fn switch(lang: Lang) -> Vec<Switch> {
    Lang::all()
        .filter(|l| *l != lang)
        .map(|l| Switch {
            label: l.own_name(),
            href: format!("?lang={}", l.tag()),
            lang: l.tag().to_string(),
        })
        .collect()
}

impl Frame {
    pub(crate) fn new(
        h: &Hosted,
        title: impl Into<String>,
        s: Option<&Session>,
        here: &str,
    ) -> Frame {
        let base = format!("/e/{}", h.id);
        let lang = super::super::lang::current();
        let mut nav = vec![(tr!(lang, "hall-public"), format!("{base}/"))];
        if let Some(s) = s {
            nav.extend([
                (tr!(lang, "hall-desk"), format!("{base}/a/")),
                (tr!(lang, "hall-results"), format!("{base}/a/results")),
                (tr!(lang, "hall-players"), format!("{base}/a/players")),
                (tr!(lang, "hall-byes"), format!("{base}/a/byes")),
            ]);
            if s.role == chess_arbiter::event::Role::Chief {
                nav.push((tr!(lang, "hall-pairing"), format!("{base}/a/pair")));
            }
            nav.push((tr!(lang, "hall-log"), format!("{base}/a/log")));
        }
        Frame {
            event: h.section_name(chess_arbiter::event::spec::MAIN, &h.title, lang),
            title: title.into(),
            base: base.clone(),
            user: s.map(|s| s.account.clone()),
            role: s.map(|s| s.role.as_str()),
            chief: s.is_some_and(|s| s.role == chess_arbiter::event::Role::Chief),
            csrf: s.map(|s| s.csrf.clone()).unwrap_or_default(),
            nav: nav
                .into_iter()
                .map(|(l, href)| NavItem {
                    label: l,
                    current: href.ends_with(here) && !here.is_empty(),
                    href,
                })
                .collect(),
            flash: Vec::new(),
            live: None,
            tool: format!("arbiter {}", env!("CARGO_PKG_VERSION")),
            lang: lang.tag().to_string(),
            switch: switch(lang),
            fide_off: fide_banner(h, lang),
        }
    }

    pub(crate) fn flash(mut self, f: Vec<Flash>) -> Frame {
        self.flash = f;
        self
    }

    pub(crate) fn live(mut self, h: &Hosted) -> Frame {
        self.live = Some(format!("/e/{}/live", h.id));
        self
    }
}

/// The words of the banner shown while the event is out of FIDE mode
/// (VCL4THP Q46), `None` in FIDE mode.
pub(crate) fn fide_banner(h: &Hosted, lang: Lang) -> Option<String> {
    let mode = h.open().and_then(|e| e.fide_mode()).ok()?;
    match mode {
        chess_arbiter::event::FideMode::On => None,
        chess_arbiter::event::FideMode::Left {
            step,
            arbiter,
            reason,
            ..
        } => Some(tr!(
            lang,
            "hall-fide-mode-off",
            step = step,
            arbiter = arbiter,
            reason = reason
        )),
    }
}

/// The sections a page picks from: key and name in `lang`.
pub(crate) fn pick(
    h: &Hosted,
    sections: Vec<chess_arbiter::event::SectionState>,
    lang: Lang,
) -> Vec<(String, String)> {
    sections
        .into_iter()
        .map(|s| {
            let name = h.section_name(&s.key, &s.name, lang);
            (s.key, name)
        })
        .collect()
}

/// Render `template` with the frame and `ctx`.
pub(crate) fn render(template: &str, frame: Frame, ctx: Value) -> Response {
    let text = match env() {
        Ok(env) => env
            .get_template(template)
            .and_then(|t| {
                let lang = frame.lang.clone();
                t.render(context! { frame => frame, lang => lang, ..ctx })
            })
            .map_err(|e| format!("{e:#}")),
        Err(e) => Err(e.clone()),
    };
    match text {
        Ok(t) => html(StatusCode::OK, t),
        Err(e) => plain(
            StatusCode::INTERNAL_SERVER_ERROR,
            &format!("page template {template}: {e}"),
        ),
    }
}

pub(crate) fn html(status: StatusCode, text: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        text,
    )
        .into_response()
}

fn plain(status: StatusCode, text: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!("{text}\n"),
    )
        .into_response()
}

/// A page that says why a request was refused (`text` in the page's
/// language).
pub(crate) fn error_page(status: StatusCode, text: &str) -> Response {
    error_page_with(status, text, None)
}

/// A page that says why a request was refused: `text` in the page's
/// language, then what the event room said in its own words (`detail`,
/// English, marked so).
pub(crate) fn error_page_with(status: StatusCode, text: &str, detail: Option<&str>) -> Response {
    let rendered = env().as_ref().ok().and_then(|env| {
        env.get_template("error.html")
            .and_then(|t| {
                let lang = super::super::lang::current();
                t.render(context! {
                    status => status.as_u16(), text => text, detail => detail,
                    lang => lang.tag(), switch => switch(lang),
                })
            })
            .ok()
    });
    match rendered {
        Some(t) => html(status, t),
        None => plain(
            status,
            &[Some(text), detail]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" "),
        ),
    }
}

pub(crate) fn not_found() -> Response {
    error_page(
        StatusCode::NOT_FOUND,
        &tr!(super::super::lang::current(), "desk-not-found"),
    )
}

/// The list of events served.
pub(crate) fn events(list: &[(String, String)]) -> Response {
    let text = env().as_ref().map_err(|e| e.clone()).and_then(|env| {
        env.get_template("events.html")
            .and_then(|t| {
                let lang = super::super::lang::current();
                t.render(context! { events => list, tool => format!("arbiter {}", env!("CARGO_PKG_VERSION")), lang => lang.tag(), switch => switch(lang) })
            })
            .map_err(|e| format!("{e:#}"))
    });
    match text {
        Ok(t) => html(StatusCode::OK, t),
        Err(e) => plain(StatusCode::INTERNAL_SERVER_ERROR, &e),
    }
}

pub(crate) fn login(h: &Hosted, s: Option<&Session>, setup: bool, error: Option<&str>) -> Response {
    let mut r = render(
        "login.html",
        Frame::new(
            h,
            tr!(super::super::lang::current(), "hall-login-title"),
            s,
            "/login",
        ),
        context! { setup => setup, error => error },
    );
    if error.is_some() {
        *r.status_mut() = StatusCode::UNAUTHORIZED;
    }
    r
}

pub(crate) fn setup(h: &Hosted, error: Option<&str>) -> Response {
    render(
        "setup.html",
        Frame::new(
            h,
            tr!(super::super::lang::current(), "hall-setup-title"),
            None,
            "/setup",
        ),
        context! { error => error, min => chess_arbiter::event::MIN_PASSWORD },
    )
}

pub(crate) async fn script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        SCRIPT,
    )
        .into_response()
}

pub(crate) async fn style() -> Response {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE).into_response()
}
