//! Who is at the desk: logins against the event file's accounts (argon2id),
//! sessions in memory (an HttpOnly, SameSite=Strict cookie scoped to the
//! event's path holds a 128-bit random id), a CSRF token per session on
//! every form, failed logins limited per client address and per account,
//! and the first-run setup page that only answers on this machine.
//!
//! Sessions live as long as the server: a restart logs everyone out (the
//! event file keeps everything that matters).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Extension, Form, Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use chess_arbiter::event::Role;
use chess_arbiter::tr;
use serde::Deserialize;

use super::super::guard::{random_id, Ends};
use super::session::Flash;
pub(crate) use super::session::Session;
use super::view;
use super::{Hall, Hosted};

/// A session ends this long after its last request.
pub(crate) const SESSION_IDLE: Duration = Duration::from_secs(12 * 3600);
/// Failed logins allowed per client address, and per account, in [`WINDOW`].
pub(crate) const MAX_FAILURES: usize = 5;
pub(crate) const WINDOW: Duration = Duration::from_secs(300);
/// Sessions kept at most (the oldest go first).
const MAX_SESSIONS: usize = 10_000;

const COOKIE: &str = "arbiter_session";

/// The sessions and the failed logins.
#[derive(Default)]
pub(crate) struct Sessions {
    map: Mutex<HashMap<String, Session>>,
    failures: Mutex<HashMap<String, Vec<Instant>>>,
}

impl Sessions {
    fn start(&self, event: &str, account: &str, role: Role) -> Option<String> {
        let id = random_id()?;
        let csrf = random_id()?;
        let mut m = self.map.lock().ok()?;
        let now = Instant::now();
        m.retain(|_, s| now.duration_since(s.last) < SESSION_IDLE);
        if m.len() >= MAX_SESSIONS {
            if let Some(oldest) = m.iter().min_by_key(|(_, s)| s.last).map(|(k, _)| k.clone()) {
                m.remove(&oldest);
            }
        }
        m.insert(
            id.clone(),
            Session {
                event: event.to_string(),
                account: account.to_string(),
                role,
                csrf,
                last: now,
                flash: Vec::new(),
            },
        );
        Some(id)
    }

    /// The session of this request for event `event`, if any (its idle
    /// time restarted).
    pub(crate) fn of(&self, headers: &HeaderMap, event: &str) -> Option<Session> {
        let id = cookie(headers)?;
        let mut m = self.map.lock().ok()?;
        let s = m.get_mut(&id)?;
        let now = Instant::now();
        if s.event != event || now.duration_since(s.last) >= SESSION_IDLE {
            return None;
        }
        s.last = now;
        Some(s.clone())
    }

    /// Take the session's messages (shown once).
    pub(crate) fn take_flash(&self, headers: &HeaderMap) -> Vec<Flash> {
        let Some(id) = cookie(headers) else {
            return Vec::new();
        };
        self.map
            .lock()
            .ok()
            .and_then(|mut m| m.get_mut(&id).map(|s| std::mem::take(&mut s.flash)))
            .unwrap_or_default()
    }

    /// Keep messages for the session's next page.
    pub(crate) fn flash(&self, headers: &HeaderMap, flash: Vec<Flash>) {
        if let (Some(id), Ok(mut m)) = (cookie(headers), self.map.lock()) {
            if let Some(s) = m.get_mut(&id) {
                s.flash.extend(flash);
            }
        }
    }

    fn end(&self, headers: &HeaderMap) {
        if let (Some(id), Ok(mut m)) = (cookie(headers), self.map.lock()) {
            m.remove(&id);
        }
    }

    /// Seconds to wait when `keys` (an address, an account) failed too
    /// often lately; `None`: go on.
    fn blocked(&self, keys: &[String]) -> Option<u64> {
        let mut f = self.failures.lock().ok()?;
        let now = Instant::now();
        let mut wait = None;
        for k in keys {
            if let Some(v) = f.get_mut(k) {
                v.retain(|t| now.duration_since(*t) < WINDOW);
                if v.len() >= MAX_FAILURES {
                    let left = WINDOW.saturating_sub(now.duration_since(v[0])).as_secs() + 1;
                    wait = Some(wait.map_or(left, |w: u64| w.max(left)));
                }
            }
        }
        wait
    }

    fn failed(&self, keys: &[String]) {
        if let Ok(mut f) = self.failures.lock() {
            let now = Instant::now();
            if f.len() > 100_000 {
                f.retain(|_, v| v.iter().any(|t| now.duration_since(*t) < WINDOW));
            }
            for k in keys {
                f.entry(k.clone()).or_default().push(now);
            }
        }
    }
}

fn cookie(headers: &HeaderMap) -> Option<String> {
    for v in headers.get_all(header::COOKIE) {
        for part in v.to_str().ok()?.split(';') {
            if let Some(val) = part.trim().strip_prefix(&format!("{COOKIE}=")) {
                if val.len() == 32 && val.bytes().all(|b| b.is_ascii_hexdigit()) {
                    return Some(val.to_string());
                }
            }
        }
    }
    None
}

fn set_cookie(event: &str, id: &str, max_age: u64) -> HeaderValue {
    HeaderValue::from_str(&format!(
        "{COOKIE}={id}; Path=/e/{event}/; HttpOnly; SameSite=Strict; Max-Age={max_age}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("arbiter_session=; Max-Age=0"))
}

/// A form's CSRF token matches the session's (compared in constant time).
pub(crate) fn csrf_ok(s: &Session, token: Option<&str>) -> bool {
    let Some(t) = token else { return false };
    let (a, b) = (s.csrf.as_bytes(), t.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Why a write was refused before it reached the event.
pub(crate) fn refuse(status: StatusCode, text: &str) -> Response {
    view::error_page(status, text)
}

/// The language of the request being answered.
fn lang() -> chess_arbiter::render::i18n::Lang {
    super::super::lang::current()
}

/// The login could not be checked (the event file, the thread): why, in
/// the event room's words.
fn login_failed(why: &str) -> Response {
    view::error_page_with(
        StatusCode::INTERNAL_SERVER_ERROR,
        &tr!(lang(), "desk-login-failed"),
        Some(why),
    )
}

/// The session of a request that changes the event: logged in to this
/// event, the form's CSRF token right, the role allowed.
pub(crate) fn writer(
    hall: &Hall,
    headers: &HeaderMap,
    id: &str,
    token: Option<&str>,
    chief_only: bool,
) -> Result<Session, Response> {
    let Some(s) = hall.sessions.of(headers, id) else {
        return Err(refuse(
            StatusCode::UNAUTHORIZED,
            &tr!(lang(), "desk-no-session"),
        ));
    };
    if !csrf_ok(&s, token) {
        return Err(refuse(StatusCode::FORBIDDEN, &tr!(lang(), "desk-bad-csrf")));
    }
    if chief_only && s.role != Role::Chief {
        return Err(refuse(
            StatusCode::FORBIDDEN,
            &tr!(lang(), "desk-chief-only"),
        ));
    }
    Ok(s)
}

/// The session of a request for an arbiters' page, or the login page.
pub(crate) fn reader(hall: &Hall, headers: &HeaderMap, id: &str) -> Result<Session, Response> {
    hall.sessions
        .of(headers, id)
        .ok_or_else(|| Redirect::to(&format!("/e/{id}/login")).into_response())
}

fn client_ip(ends: Option<Extension<Ends>>) -> Option<IpAddr> {
    ends.map(|Extension(e)| e.peer.ip())
}

/// A request from this machine itself, addressed to it as localhost.
fn from_this_machine(ends: Option<Extension<Ends>>, headers: &HeaderMap) -> bool {
    let local_peer = client_ip(ends).is_some_and(|ip| match ip {
        IpAddr::V4(a) => a.is_loopback(),
        IpAddr::V6(a) => a.is_loopback() || a.to_ipv4_mapped().is_some_and(|v| v.is_loopback()),
    });
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .and_then(super::super::guard::parse_host);
    local_peer && matches!(host.as_deref(), Some("localhost" | "127.0.0.1" | "[::1]"))
}

/// A form posted from another site (its Origin names another host).
fn cross_site(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) else {
        return false;
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin.split_once("://").map(|(_, h)| h);
    origin == "null" || origin_host != host
}

/// A session started for `account`: the cookie, and the desk.
fn signed_in(hall: &Hall, id: &str, account: &str, role: Role) -> Response {
    let Some(sid) = hall.sessions.start(id, account, role) else {
        return refuse(
            StatusCode::INTERNAL_SERVER_ERROR,
            &tr!(lang(), "desk-no-random"),
        );
    };
    let mut r = Redirect::to(&format!("/e/{id}/a/")).into_response();
    r.headers_mut().insert(
        header::SET_COOKIE,
        set_cookie(id, &sid, SESSION_IDLE.as_secs()),
    );
    r
}

fn hosted(hall: &Hall, id: &str) -> Result<Arc<Hosted>, Response> {
    hall.get(id).ok_or_else(view::not_found)
}

pub(crate) async fn login_page(
    State(hall): State<Arc<Hall>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let h = match hosted(&hall, &id) {
        Ok(h) => h,
        Err(r) => return r,
    };
    let no_accounts = tokio::task::spawn_blocking({
        let h = h.clone();
        move || h.open().and_then(|e| e.accounts()).map(|a| a.is_empty())
    })
    .await
    .ok()
    .and_then(Result::ok)
    .unwrap_or(false);
    let session = hall.sessions.of(&headers, &id);
    view::login(&h, session.as_ref(), no_accounts, None)
}

#[derive(Deserialize)]
pub(crate) struct LoginForm {
    name: String,
    password: String,
}

pub(crate) async fn login(
    State(hall): State<Arc<Hall>>,
    Path(id): Path<String>,
    ends: Option<Extension<Ends>>,
    headers: HeaderMap,
    Form(f): Form<LoginForm>,
) -> Response {
    let h = match hosted(&hall, &id) {
        Ok(h) => h,
        Err(r) => return r,
    };
    if cross_site(&headers) {
        return refuse(StatusCode::FORBIDDEN, &tr!(lang(), "desk-cross-site"));
    }
    let ip = client_ip(ends).map_or_else(|| "unknown".to_string(), |ip| ip.to_string());
    let keys = vec![format!("ip {ip}"), format!("account {id}/{}", f.name)];
    if let Some(wait) = hall.sessions.blocked(&keys) {
        let mut r = refuse(
            StatusCode::TOO_MANY_REQUESTS,
            &tr!(lang(), "desk-too-many", wait = wait),
        );
        if let Ok(v) = HeaderValue::from_str(&wait.to_string()) {
            r.headers_mut().insert(header::RETRY_AFTER, v);
        }
        return r;
    }
    let checked = tokio::task::spawn_blocking({
        let h = h.clone();
        let (name, password) = (f.name.clone(), f.password);
        move || h.open().and_then(|e| e.login(&name, &password))
    })
    .await;
    match checked {
        Ok(Ok(Some(acc))) => signed_in(&hall, &id, &acc.name, acc.role),
        Ok(Ok(None)) => {
            hall.sessions.failed(&keys);
            let mut r = view::login(&h, None, false, Some(&tr!(lang(), "desk-wrong-password")));
            *r.status_mut() = StatusCode::UNAUTHORIZED;
            r
        }
        Ok(Err(e)) => login_failed(&e.to_string()),
        Err(e) => login_failed(&e.to_string()),
    }
}

#[derive(Deserialize)]
pub(crate) struct TokenForm {
    csrf: Option<String>,
}

pub(crate) async fn logout(
    State(hall): State<Arc<Hall>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Form(f): Form<TokenForm>,
) -> Response {
    if let Err(r) = writer(&hall, &headers, &id, f.csrf.as_deref(), false) {
        return r;
    }
    hall.sessions.end(&headers);
    let mut r = Redirect::to(&format!("/e/{id}/")).into_response();
    r.headers_mut()
        .insert(header::SET_COOKIE, set_cookie(&id, "", 0));
    r
}

pub(crate) async fn setup_page(
    State(hall): State<Arc<Hall>>,
    Path(id): Path<String>,
    ends: Option<Extension<Ends>>,
    headers: HeaderMap,
) -> Response {
    let h = match hosted(&hall, &id) {
        Ok(h) => h,
        Err(r) => return r,
    };
    if !from_this_machine(ends, &headers) {
        return refuse(StatusCode::FORBIDDEN, &tr!(lang(), "desk-setup-local"));
    }
    view::setup(&h, None)
}

#[derive(Deserialize)]
pub(crate) struct SetupForm {
    name: String,
    password: String,
    again: String,
}

pub(crate) async fn setup(
    State(hall): State<Arc<Hall>>,
    Path(id): Path<String>,
    ends: Option<Extension<Ends>>,
    headers: HeaderMap,
    Form(f): Form<SetupForm>,
) -> Response {
    let h = match hosted(&hall, &id) {
        Ok(h) => h,
        Err(r) => return r,
    };
    if !from_this_machine(ends, &headers) || cross_site(&headers) {
        return refuse(StatusCode::FORBIDDEN, &tr!(lang(), "desk-setup-local"));
    }
    if f.password != f.again {
        return view::setup(&h, Some(&tr!(lang(), "desk-passwords-differ")));
    }
    let made = tokio::task::spawn_blocking({
        let h = h.clone();
        let (name, password) = (f.name.clone(), f.password);
        move || {
            let mut e = h.open()?;
            if !e.accounts()?.is_empty() {
                return Ok(false);
            }
            e.add_account("setup page", &name, Role::Chief, &password)?;
            Ok::<_, chess_arbiter::event::EventError>(true)
        }
    })
    .await;
    match made {
        Ok(Ok(true)) => signed_in(&hall, &id, &f.name, Role::Chief),
        Ok(Ok(false)) => refuse(StatusCode::FORBIDDEN, &tr!(lang(), "desk-has-accounts")),
        Ok(Err(e)) => view::setup(&h, Some(&e.to_string())),
        Err(e) => refuse(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_logins_block_an_address_after_five() {
        let s = Sessions::default();
        let keys = vec!["ip 10.0.0.9".to_string(), "account x/Chief".to_string()];
        for _ in 0..MAX_FAILURES - 1 {
            s.failed(&keys);
            assert!(s.blocked(&keys).is_none());
        }
        s.failed(&keys);
        let wait = s.blocked(&keys).expect("blocked after five failures");
        assert!(wait > 0 && wait <= WINDOW.as_secs() + 1);
        // another address, same account: still blocked (the account is)
        assert!(s
            .blocked(&["ip 10.0.0.10".into(), "account x/Chief".into()])
            .is_some());
        assert!(s
            .blocked(&["ip 10.0.0.10".into(), "account x/Deputy".into()])
            .is_none());
    }

    #[test]
    fn csrf_tokens_must_match_exactly() {
        let s = Session {
            event: "e".into(),
            account: "a".into(),
            role: Role::Deputy,
            csrf: "0123456789abcdef0123456789abcdef".into(),
            last: Instant::now(),
            flash: Vec::new(),
        };
        assert!(csrf_ok(&s, Some("0123456789abcdef0123456789abcdef")));
        assert!(!csrf_ok(&s, Some("0123456789abcdef0123456789abcdee")));
        assert!(!csrf_ok(&s, Some("")));
        assert!(!csrf_ok(&s, None));
    }
}
