//! `arbiter serve [--port N] [--host H] [--open]`: a local web app. Drop a
//! tournament file (any input `arbiter` reads, with an optional profile) and
//! read the same pages as `arbiter report` writes, the round-by-round check
//! with its explanations, the next round's pairing, and download the
//! conversions. Uploads live in memory only; nothing is written to disk.
//!
//! What one request may cost is bounded so that no upload takes the app
//! down: each request's work runs on a blocking thread, a panic in it becomes
//! that request's error page; the heavy requests (an upload read and run
//! through the engines, a check re-run) share a memory budget and wait in
//! line for it ([`WORK_MB`]); the uploads kept are bounded by bytes and age
//! ([`store`]); connections by number and idle time ([`net`]).

mod guard;
mod hall;
mod lang;
mod net;
mod open;
mod store;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Extension, Multipart, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use chess_arbiter::formats::trf;
use chess_arbiter::pairing::dutch::DutchEdition;
use chess_arbiter::rating::submission::{prepare, Target};
use chess_arbiter::render::site::{self, compute, Built, Request as SiteRequest};
use tokio::sync::Semaphore;

use super::exit::{Failure, Outcome};
use super::input::{self, Format};
use super::report::source;
use net::Activity;
use open::open_upload;
use store::{Limits, Lookup, Store, Why};

/// Largest upload accepted, in bytes.
pub(crate) const MAX_UPLOAD: usize = 20 * 1024 * 1024;
// The app is built to stay under 1 GiB: the uploads kept ([`STORE_MB`]),
// the heavy requests at work ([`WORK_MB`]) and the rest (connections, pages
// being rendered, the program itself).
/// Estimated bytes of the uploads kept.
pub(crate) const STORE_MB: usize = 256;
/// What the heavy requests at work may use together: each one reserves its
/// estimate ([`work_cost_mb`]) before its body is read and waits in line
/// when the rest is taken.
pub(crate) const WORK_MB: u32 = 640;
/// Unused this long, an upload goes (a client's latest one: [`IDLE_LATEST`]).
const IDLE: Duration = Duration::from_secs(30 * 60);
const IDLE_LATEST: Duration = Duration::from_secs(4 * 60 * 60);
/// The cookie that tells clients apart, so that each keeps its latest upload.
const CLIENT_COOKIE: &str = "arbiter_client";

/// Serve the web app on this machine.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  arbiter serve                 # http://127.0.0.1:8000/
  arbiter serve --port 9000 --open
  arbiter serve open.arbiter senior.arbiter     # run these events in the browser
  arbiter serve events/ --host 0.0.0.0 --public-name chess.example.org

Event files are served at /e/NAME/ (NAME from the file's name): the public
pages need no login; the arbiters log in with the accounts of `arbiter user
add`. With --host other than 127.0.0.1 the server answers the hall's network
and refuses to start until every event has a chief arbiter's account.

The app answers only requests addressed to localhost, 127.0.0.1, [::1] or the
--host given (the Host header is checked), accepts files up to 20 MB and
keeps them in memory only (at most 256 MB of them; an upload unused for 30
minutes goes, a client's latest after 4 hours). It is built to stay under
1 GB of memory: uploads wait in line for their share of it.")]
pub(crate) struct Args {
    /// Event files (or folders of them) to run in the browser.
    pub(crate) events: Vec<std::path::PathBuf>,
    /// Port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8000)]
    pub(crate) port: u16,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub(crate) host: String,
    /// A FIDE rating list to search when registering players (the desk's
    /// players page: by name or FIDE id). The whole list is kept in memory
    /// (the combined list: about 1.3 million players).
    #[command(flatten)]
    pub(crate) list: super::fide_list::FideListArgs,
    /// A name the server is reached by besides its addresses (a DNS name of
    /// the hall's network, a reverse proxy's); repeatable.
    #[arg(long = "public-name")]
    pub(crate) public_name: Vec<String>,
    /// Open the app in the default browser.
    #[arg(long)]
    pub(crate) open: bool,
    /// MB of uploads kept (tests use a small store to see uploads expire).
    #[arg(long, default_value_t = STORE_MB, hide = true)]
    pub(crate) store_mb: usize,
}

/// One upload: the engines' results and the file for the downloads.
struct Upload {
    built: Built,
    file: String,
    /// Checks run on request with another edition.
    checks: Mutex<HashMap<DutchEdition, Arc<chess_arbiter::pairing::check::report::Report>>>,
    /// The file as read (its bytes dropped), for a check re-run.
    loaded: input::Loaded,
    /// Why its next round cannot be paired (the library's guards, the
    /// lines `arbiter pair` prints), for the next-round page.
    not_ready: Option<Vec<String>>,
}

impl Upload {
    /// What keeping it costs, estimated from the input's size and the
    /// event's players and rounds (two copies of the event, the standings
    /// after each round, the check's explanations).
    fn size(&self, input_len: usize) -> usize {
        let t = &self.built.tournament;
        let cells = t.players.len() * (t.rounds_listed() + 1);
        64 * 1024 + input_len * 4 + cells * (512 + 128 * t.rounds_listed())
    }
}

#[derive(Clone)]
struct App {
    store: Arc<Mutex<Store<Upload>>>,
    /// MiB the heavy requests may use together.
    work: Arc<Semaphore>,
    /// The event files served.
    hall: Arc<hall::Hall>,
}

impl App {
    fn new(store_mb: usize) -> App {
        App {
            store: Arc::new(Mutex::new(Store::new(Limits {
                bytes: store_mb.saturating_mul(1024 * 1024),
                idle: IDLE,
                idle_latest: IDLE_LATEST,
            }))),
            work: Arc::new(Semaphore::new(WORK_MB as usize)),
            hall: Arc::new(hall::Hall::default()),
        }
    }

    fn get(&self, id: &str) -> Lookup<Upload> {
        match self.store.lock() {
            Ok(mut s) => s.get(id, Instant::now()),
            Err(_) => Lookup::Unknown,
        }
    }

    /// Run `f` on a blocking thread once `cost_mb` of the work budget is
    /// free (waiting in line for it), the connection marked busy meanwhile.
    /// A panic stays in this request: it comes back as `Err` with its
    /// message, and the server goes on.
    async fn heavy<T: Send + 'static>(
        &self,
        activity: Option<&Activity>,
        cost_mb: u32,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, String> {
        let _busy = activity.map(Activity::working);
        let permit = self
            .work
            .clone()
            .acquire_many_owned(cost_mb.clamp(1, WORK_MB))
            .await
            .map_err(|e| e.to_string())?;
        let r = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            std::panic::catch_unwind(AssertUnwindSafe(f))
        })
        .await;
        match r {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(p)) => Err(panic_message(&*p)),
            Err(e) => Err(e.to_string()),
        }
    }
}

fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

/// What reading an upload of `len` bytes and running the engines on it is
/// reserved, in MiB: the body itself and a multiple of it for the reader and
/// the engines.
pub(crate) fn work_cost_mb(len: usize) -> u32 {
    let kib = len.div_ceil(1024);
    (16 + (WORK_FACTOR * kib).div_ceil(1024)).min(WORK_MB as usize) as u32
}

/// Peak memory of a request's work per byte of upload, an upper bound of the
/// readers' worst case per byte (`scripts/mem-survey` measures it; the factor
/// can follow the readers down). With it a 20 MB upload has the whole
/// [`WORK_MB`] to itself, and several heavy uploads wait in line rather than
/// pass the budget together.
const WORK_FACTOR: usize = 70;

/// The client's id from its cookie, or a fresh one to set.
fn client_of(headers: &HeaderMap) -> (Option<String>, bool) {
    let found = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, v)| {
            *k == CLIENT_COOKIE && v.len() == 32 && v.bytes().all(|b| b.is_ascii_hexdigit())
        })
        .map(|(_, v)| v.to_string());
    match found {
        Some(c) => (Some(c), false),
        None => (guard::random_id(), true),
    }
}

fn html(status: StatusCode, text: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        text,
    )
        .into_response()
}

fn upload_page(status: StatusCode, error: Option<(&str, &[String])>) -> Response {
    upload_page_in(lang::current(), status, error)
}

fn upload_page_in(
    lang: chess_arbiter::render::i18n::Lang,
    status: StatusCode,
    error: Option<(&str, &[String])>,
) -> Response {
    match site::upload_page_in(lang, error, (MAX_UPLOAD / (1024 * 1024)) as u64) {
        Ok(t) => html(status, t),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

async fn upload_form() -> Response {
    upload_page(StatusCode::OK, None)
}

async fn home(State(app): State<App>) -> Response {
    if app.hall.events.is_empty() {
        upload_page(StatusCode::OK, None)
    } else {
        hall::index(&app.hall)
    }
}

async fn style() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        site::STYLE_CSS,
    )
        .into_response()
}

async fn upload(
    State(app): State<App>,
    activity: Option<Extension<Activity>>,
    headers: HeaderMap,
    form: Multipart,
) -> Response {
    // Reserve the work's share of memory before the body is read: a body
    // without a length is charged as the largest.
    let len = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<usize>().ok())
        .map_or(MAX_UPLOAD, |n| n.min(MAX_UPLOAD));
    let activity = activity.map(|Extension(a)| a);
    let _busy = activity.as_ref().map(Activity::working);
    let permit = match app.work.clone().acquire_many_owned(work_cost_mb(len)).await {
        Ok(p) => p,
        Err(_) => return internal("the server is shutting down"),
    };
    let Form {
        name,
        bytes,
        profile,
        section,
        system,
    } = match read_form(form).await {
        Ok(Some(f)) => f,
        Ok(None) => {
            return upload_page(
                StatusCode::BAD_REQUEST,
                Some(("Choose a tournament file to open.", &[])),
            )
        }
        Err(r) => return r,
    };
    if bytes.len() > MAX_UPLOAD {
        return too_large();
    }
    let input_len = bytes.len();
    let opened = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        std::panic::catch_unwind(AssertUnwindSafe(|| {
            // the tests' way to make a request's work fail inside
            if std::env::var_os("ARBITER_SERVE_TEST_PANIC").is_some_and(|v| *v == *name) {
                panic!("test panic while reading {name}");
            }
            open_upload(&name, &bytes, profile, section.as_deref(), system)
        }))
    })
    .await;
    let opened = match opened {
        Ok(Ok(r)) => r,
        Ok(Err(p)) => return internal(&panic_message(&*p)),
        Err(e) => return internal(&e.to_string()),
    };
    match opened {
        Ok(u) => {
            let (Some(id), (Some(client), new_client)) = (guard::random_id(), client_of(&headers))
            else {
                return internal("the operating system's random source failed");
            };
            let size = u.size(input_len);
            if let Ok(mut s) = app.store.lock() {
                s.insert(id.clone(), client.clone(), u, size, Instant::now());
            }
            let mut r = Redirect::to(&format!("/u/{id}/index.html")).into_response();
            if new_client {
                let c = format!("{CLIENT_COOKIE}={client}; Path=/; HttpOnly; SameSite=Strict");
                if let Ok(v) = HeaderValue::from_str(&c) {
                    r.headers_mut().insert(header::SET_COOKIE, v);
                }
            }
            r
        }
        Err(r) => upload_page(r.status, Some((&r.title, &r.lines))),
    }
}

/// The upload form's fields: the tournament file, the profile, the section
/// of the profile and the edition.
struct Form {
    name: String,
    bytes: Vec<u8>,
    profile: Option<(String, Vec<u8>)>,
    section: Option<String>,
    system: Option<DutchEdition>,
}

/// The upload form's fields (`None` when the tournament file is missing).
async fn read_form(mut form: Multipart) -> Result<Option<Form>, Response> {
    let mut file: Option<(String, Vec<u8>)> = None;
    let mut profile: Option<(String, Vec<u8>)> = None;
    let mut system: Option<DutchEdition> = None;
    let mut section: Option<String> = None;
    loop {
        let field = match form.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) => return Err(multipart_error(e.status(), &e.body_text())),
        };
        let name = field.name().unwrap_or_default().to_string();
        let file_name = field.file_name().unwrap_or("upload").to_string();
        let data = match field.bytes().await {
            Ok(d) => d,
            Err(e) => return Err(multipart_error(e.status(), &e.body_text())),
        };
        match name.as_str() {
            "file" if !data.is_empty() => file = Some((file_name, data.to_vec())),
            "profile" if !data.is_empty() => profile = Some((file_name, data.to_vec())),
            "system" => system = DutchEdition::from_name(String::from_utf8_lossy(&data).trim()),
            "section" => {
                let key = String::from_utf8_lossy(&data).trim().to_string();
                section = (!key.is_empty()).then_some(key);
            }
            _ => {}
        }
    }
    Ok(file.map(|(name, bytes)| Form {
        name,
        bytes,
        profile,
        section,
        system,
    }))
}

/// A request's work failed inside (a panic or a lost thread): that request
/// gets a 500 page saying so; the app goes on.
fn internal(why: &str) -> Response {
    let lines = [format!("internal error: {why}")];
    upload_page(
        StatusCode::INTERNAL_SERVER_ERROR,
        Some((
            "The file could not be processed (an internal error); the app goes on. Please report the file.",
            &lines,
        )),
    )
}

fn too_large() -> Response {
    let msg = format!(
        "The file is larger than {} MB, the most this app accepts.",
        MAX_UPLOAD / (1024 * 1024)
    );
    upload_page(StatusCode::PAYLOAD_TOO_LARGE, Some((&msg, &[])))
}

fn multipart_error(status: StatusCode, text: &str) -> Response {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        return too_large();
    }
    let msg = format!("The upload could not be read: {text}");
    upload_page(StatusCode::BAD_REQUEST, Some((&msg, &[])))
}

fn not_found() -> Response {
    upload_page(
        StatusCode::NOT_FOUND,
        Some((
            "No such page. Open a tournament file to see its pages.",
            &[],
        )),
    )
}

/// The page of an upload id that is no longer (or never was) here.
fn missing(l: &Lookup<Upload>) -> Response {
    let (status, msg) = match l {
        Lookup::Gone { why, ago } => {
            let mins = ago.as_secs() / 60;
            let when = if mins == 0 {
                "less than a minute ago".to_string()
            } else {
                format!("{mins} minute(s) ago")
            };
            let because = match why {
                Why::Age => format!(
                    "it had not been looked at for {} minutes (a browser's latest file: {} hours)",
                    IDLE.as_secs() / 60,
                    IDLE_LATEST.as_secs() / 3600
                ),
                Why::Space => "newer files needed the room (the app keeps a bounded amount of files in memory)".to_string(),
            };
            (
                StatusCode::GONE,
                format!("This file has expired: the app let it go {when} because {because}. Open it again."),
            )
        }
        _ => (
            StatusCode::NOT_FOUND,
            "No such file: this address names no file opened in this app (it may have been opened before the app restarted). Open it again.".to_string(),
        ),
    };
    upload_page(status, Some((&msg, &[])))
}

const DOWNLOADS: &[(&str, &str)] = &[
    ("TRF-16 for FIDE", "download/trf16-fide.trf"),
    ("TRF-2026", "download/trf26.trf"),
    ("JSON", "download/event.json"),
    ("Swiss-Manager XML", "download/swiss-manager.xml"),
];

fn nav(lang: chess_arbiter::render::i18n::Lang) -> Vec<(String, String)> {
    DOWNLOADS
        .iter()
        .map(|(l, h)| {
            let label = match *l {
                "TRF-16 for FIDE" => chess_arbiter::tr!(lang, "app-download-trf16"),
                other => chess_arbiter::tr!(lang, "app-download", what = other),
            };
            (label, h.to_string())
        })
        .chain([(
            chess_arbiter::tr!(lang, "app-open-another"),
            "/".to_string(),
        )])
        .collect()
}

#[derive(serde::Deserialize)]
struct CheckQuery {
    system: Option<String>,
}

async fn page(
    State(app): State<App>,
    activity: Option<Extension<Activity>>,
    Path((id, name)): Path<(String, String)>,
    Query(q): Query<CheckQuery>,
) -> Response {
    let u = match app.get(&id) {
        Lookup::Found(u) => u,
        l => return missing(&l),
    };
    let edition = q.system.as_deref().and_then(DutchEdition::from_name);
    // a check with another edition re-pairs every round: a heavy request
    let rerun = edition.is_some_and(|e| u.built.check.as_ref().is_some_and(|c| c.system != e));
    let cost = if rerun { 64 } else { 4 };
    let activity = activity.map(|Extension(a)| a);
    let lang = lang::current();
    let result = app
        .heavy(activity.as_ref(), cost, move || {
            render_page(&u, &name, edition, lang)
        })
        .await;
    match result {
        Ok(Ok(Some(r))) => r,
        Ok(Ok(None)) => not_found(),
        Ok(Err(e)) | Err(e) => internal(&e),
    }
}

fn render_page(
    u: &Upload,
    name: &str,
    edition: Option<DutchEdition>,
    lang: chess_arbiter::render::i18n::Lang,
) -> Result<Option<Response>, String> {
    if name == "style.css" {
        return Ok(Some(
            (
                [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
                site::STYLE_CSS,
            )
                .into_response(),
        ));
    }
    if let (Some(why), None, "next.html") = (&u.not_ready, &u.built.next, name) {
        let title = format!(
            "{}: the next round cannot be paired (as `arbiter pair` refuses it)",
            u.file
        );
        return Ok(Some(upload_page_in(
            lang,
            StatusCode::CONFLICT,
            Some((&title, why)),
        )));
    }
    let nav = nav(lang);
    let mut input = u.built.input(&nav);
    input.app = true;
    input.lang = lang;
    input.switch = site::Switch::Query;
    let other;
    if let (Some(e), Some(c)) = (edition, u.built.check.as_ref()) {
        if e != c.system {
            other = rerun_check(u, e);
            input.check = Some(&other);
        }
    }
    let text = site::page(&input, name).map_err(|e| e.to_string())?;
    Ok(text.map(|t| html(StatusCode::OK, t)))
}

/// The check with another edition of the Dutch system, run once per edition.
fn rerun_check(u: &Upload, e: DutchEdition) -> chess_arbiter::pairing::check::report::Report {
    if let Some(r) = u.checks.lock().ok().and_then(|m| m.get(&e).cloned()) {
        return (*r).clone();
    }
    let req = SiteRequest {
        after_round: None,
        edition: Some(e),
        check: true,
        next: false,
        fide_list: None,
        lang: Default::default(),
    };
    let r = compute(source(&u.loaded), None, &req)
        .ok()
        .and_then(|b| b.check)
        .unwrap_or_else(|| u.built.check.clone().unwrap_or_else(|| empty_report(e)));
    if let Ok(mut m) = u.checks.lock() {
        m.insert(e, Arc::new(r.clone()));
    }
    r
}

fn empty_report(e: DutchEdition) -> chess_arbiter::pairing::check::report::Report {
    chess_arbiter::pairing::check::report::Report {
        system: e,
        system_reason: "requested".into(),
        handbook: chess_arbiter::pairing::check::report::handbook_url(e),
        tool: format!("arbiter {}", env!("CARGO_PKG_VERSION")),
        input_sha256: None,
        total_rounds: 0,
        total_rounds_source: chess_arbiter::pairing::check::TotalRoundsSource::RoundsRecorded,
        initial_color: chess_arbiter::model::Color::White,
        initial_color_source: chess_arbiter::pairing::check::report::InitialColorSource::Default,
        warnings: Vec::new(),
        rounds: Vec::new(),
    }
}

async fn download(State(app): State<App>, Path((id, what)): Path<(String, String)>) -> Response {
    let u = match app.get(&id) {
        Lookup::Found(u) => u,
        l => return missing(&l),
    };
    let t = &u.built.tournament;
    let (text, mime) = match what.as_str() {
        "trf16-fide.trf" => {
            let sub = prepare(t, Target::Trf16);
            let w = trf::write(
                &sub.tournament,
                &trf::WriteOptions::new()
                    .target(trf::Target::Trf16)
                    .line_end(trf::LineEnd::CrLf),
            );
            (w.text, "text/plain; charset=utf-8")
        }
        "trf26.trf" => (
            input::render(t, Format::Trf26, trf::LineEnd::CrLf, None)
                .map(|r| r.0)
                .unwrap_or_default(),
            "text/plain; charset=utf-8",
        ),
        "event.json" => (
            input::render(t, Format::Json, trf::LineEnd::Lf, None)
                .map(|r| r.0)
                .unwrap_or_default(),
            "application/json",
        ),
        "swiss-manager.xml" => (
            input::render(t, Format::SmXml, trf::LineEnd::CrLf, None)
                .map(|r| r.0)
                .unwrap_or_default(),
            "application/xml",
        ),
        _ => return not_found(),
    };
    let stem = u
        .file
        .rsplit_once('.')
        .map_or(u.file.as_str(), |(a, _)| a)
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
        .collect::<String>();
    let disposition = format!("attachment; filename=\"{stem}-{what}\"");
    let mut r = Response::new(Body::from(text));
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    r
}

fn router(app: App, hosts: guard::Hosts) -> Router {
    let hall = app.hall.clone();
    let langs = hall.languages();
    Router::new()
        .route("/", get(home))
        .route("/style.css", get(style))
        .route("/upload", get(upload_form).post(upload))
        .route("/u/{id}/{page}", get(page))
        .route("/u/{id}/download/{what}", get(download))
        .with_state(app)
        .merge(hall::routes(hall))
        .fallback(|| async { not_found() })
        .layer(DefaultBodyLimit::max(MAX_UPLOAD + 256 * 1024))
        .layer(middleware::from_fn_with_state(langs, lang::choose))
        .layer(middleware::from_fn_with_state(hosts, guard::check_host))
        .layer(middleware::from_fn(guard::security_headers))
}

fn open_browser(url: &str) {
    let cmd = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(cmd).arg(url).spawn() {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "note: could not open a browser ({cmd}: {e}); open {url}"
        );
    }
}

pub(crate) fn run(args: Args) -> Result<Outcome, Failure> {
    // one worker per core: when a change brings a hall of phones back at
    // once, the kept pages are served on every core
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(std::thread::available_parallelism().map_or(2, |n| n.get()))
        .enable_all()
        .build()
        .map_err(|e| Failure::Invalid(format!("cannot start the server: {e}")))?;
    let loopback = args
        .host
        .trim_matches(|c| c == '[' || c == ']')
        .parse::<std::net::IpAddr>()
        .map_or(args.host.eq_ignore_ascii_case("localhost"), |ip| {
            ip.is_loopback()
        });
    let mut hall = hall::Hall::open(&args.events, !loopback)?;
    if !hall.events.is_empty() {
        hall.fide_list = args.list.load(None)?.map(Arc::new);
    }
    let hall = Arc::new(hall);
    rt.block_on(async move {
        let addr = format!("{}:{}", args.host, args.port);
        let listener = tokio::net::TcpListener::bind(&addr)
            .await
            .map_err(|e| Failure::Access(format!("{addr}: cannot listen: {e}")))?;
        let local: SocketAddr = listener
            .local_addr()
            .map_err(|e| Failure::Access(format!("{addr}: {e}")))?;
        let mut hosts = vec!["localhost".to_string(), "127.0.0.1".into(), "[::1]".into()];
        let h = args.host.to_ascii_lowercase();
        hosts.push(if h.contains(':') && !h.starts_with('[') {
            format!("[{h}]")
        } else {
            h
        });
        for name in &args.public_name {
            let Some(n) = guard::parse_host(name) else {
                return Err(Failure::Invalid(format!(
                    "--public-name: expected a host name (letters, digits, '-', '.'), found {name:?}"
                )));
            };
            hosts.push(n);
        }
        if !hall.events.is_empty() {
            hall.watch();
        }
        let mut app = App::new(args.store_mb);
        app.hall = hall.clone();
        let hosts = guard::Hosts(Arc::new(hosts));
        let url = match local {
            SocketAddr::V4(a) => format!("http://{}:{}/", a.ip(), a.port()),
            SocketAddr::V6(a) => format!("http://[{}]:{}/", a.ip(), a.port()),
        };
        // one write, its failure ignored: a server whose standard output
        // was closed (a script read the address and went) goes on serving
        let mut said = format!("arbiter serve: listening on {url}\n");
        for h in &hall.events {
            said.push_str(&format!("  {url}e/{}/  {}  ({})\n", h.id, h.title, h.path.display()));
        }
        {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(said.as_bytes()).and_then(|()| out.flush());
        }
        if args.open {
            open_browser(&url);
        }
        // uploads unused too long go even when nobody uploads
        let store = app.store.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(60)).await;
                if let Ok(mut s) = store.lock() {
                    s.expire(Instant::now());
                }
            }
        });
        net::serve(listener, router(app, hosts), net::connection_limit()).await;
        Ok(Outcome::Clean)
    })
}
