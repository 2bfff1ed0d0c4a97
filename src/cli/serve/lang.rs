//! The language of the app's pages: `?lang=TAG` (the switch on every page,
//! remembered in a cookie), else the cookie, else the browser's
//! `Accept-Language`, else the hosted event's own (its profile's
//! `[event] lang`, for the pages under `/e/{id}/`), else English. A middleware settles it once per request
//! and keeps it for the request's task ([`current`]); work moved to a
//! blocking thread takes it along as a value.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use chess_arbiter::render::i18n::Lang;

/// The cookie that keeps a reader's choice of language.
const LANG_COOKIE: &str = "arbiter_lang";

tokio::task_local! {
    static LANG: Lang;
}

/// The language of the request being answered (English outside one).
pub(crate) fn current() -> Lang {
    LANG.try_with(|l| *l).unwrap_or_default()
}

/// `lang=TAG` in a query string, when it names a language with a catalogue.
fn from_query(query: Option<&str>) -> Option<Lang> {
    query?
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == "lang")
        .and_then(|(_, v)| Lang::parse(v).ok())
}

fn from_cookie(headers: &HeaderMap) -> Option<Lang> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == LANG_COOKIE)
        .and_then(|(_, v)| Lang::by_tag(v))
}

/// The language a request asks for, and whether it was chosen by the
/// switch (to be remembered); `default` for a request that asks for none
/// (no switch, no cookie, no `Accept-Language`).
fn of_request_or(query: Option<&str>, headers: &HeaderMap, default: Lang) -> (Lang, bool) {
    if let Some(l) = from_query(query) {
        return (l, true);
    }
    if let Some(l) = from_cookie(headers) {
        return (l, false);
    }
    match headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.trim().is_empty())
    {
        Some(accept) => (Lang::from_accept_language(accept), false),
        None => (default, false),
    }
}

/// Each hosted event's own language (its profile's `[event] lang`), by the
/// event's id in the address.
pub(crate) type EventLangs = Arc<HashMap<String, Lang>>;

/// The event a hall address names (`/e/{id}/…`), if any.
fn event_of(path: &str) -> Option<&str> {
    path.strip_prefix("/e/")?.split('/').next()
}

/// Settle the request's language, answer within it, and remember a choice
/// made by the switch. Pages vary by the cookie and `Accept-Language`.
pub(crate) async fn choose(State(events): State<EventLangs>, req: Request, next: Next) -> Response {
    let default = event_of(req.uri().path())
        .and_then(|id| events.get(id).copied())
        .unwrap_or_default();
    let (lang, chosen) = of_request_or(req.uri().query(), req.headers(), default);
    let mut r = LANG.scope(lang, next.run(req)).await;
    let h = r.headers_mut();
    h.append(
        header::VARY,
        HeaderValue::from_static("Accept-Language, Cookie"),
    );
    if chosen {
        let cookie = format!(
            "{LANG_COOKIE}={}; Path=/; Max-Age=31536000; SameSite=Lax",
            lang.tag()
        );
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            h.append(header::SET_COOKIE, v);
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of_request(query: Option<&str>, headers: &HeaderMap) -> (Lang, bool) {
        of_request_or(query, headers, Lang::ENGLISH)
    }

    #[test]
    fn the_switch_wins_then_the_cookie_then_the_browser() {
        let mut h = HeaderMap::new();
        h.insert(
            header::ACCEPT_LANGUAGE,
            HeaderValue::from_static("zh-TW,en;q=0.5"),
        );
        assert_eq!(of_request(None, &h).0.tag(), "zh-TW");
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("a=b; arbiter_lang=en"),
        );
        assert_eq!(of_request(None, &h), (Lang::ENGLISH, false));
        assert_eq!(of_request(Some("x=1&lang=zh-TW"), &h).0.tag(), "zh-TW");
        assert!(of_request(Some("lang=zh-TW"), &h).1);
        // a tag without a catalogue is ignored, not an error
        assert_eq!(of_request(Some("lang=fr"), &h), (Lang::ENGLISH, false));
        assert_eq!(of_request(None, &HeaderMap::new()), (Lang::ENGLISH, false));
    }

    #[test]
    fn an_event_speaks_its_own_language_to_a_browser_that_asks_for_none() {
        let zh = Lang::by_tag("zh-TW").expect("zh-TW");
        assert_eq!(of_request_or(None, &HeaderMap::new(), zh), (zh, false));
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_static("en-GB"));
        assert_eq!(of_request_or(None, &h, zh), (Lang::ENGLISH, false));
        assert_eq!(event_of("/e/ctca-open/a/log"), Some("ctca-open"));
        assert_eq!(event_of("/upload"), None);
    }
}
