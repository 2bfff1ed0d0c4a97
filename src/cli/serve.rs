//! `arbiter serve [--port N] [--host H] [--open]`: a local web app. Drop a
//! tournament file (any input `arbiter` reads, with an optional profile) and
//! read the same pages as `arbiter report` writes, the round-by-round check
//! with its explanations, the next round's pairing, and download the
//! conversions. Uploads live in memory only (a bounded, least-recently-used
//! store keyed by a random id); nothing is written to disk.

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasher, Hasher};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Multipart, Path, Query, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;
use chess_arbiter::diag::Diagnostic;
use chess_arbiter::formats::trf;
use chess_arbiter::pairing::dutch::Edition;
use chess_arbiter::rating::submission::{prepare, Target};
use chess_arbiter::render::site;
use chess_arbiter::standings::prizes::Profile;

use super::common::blocks;
use super::exit::{Failure, Outcome};
use super::input::{self, Format};
use super::report::{compute, Built, ComputeError, Request as SiteRequest};
use chess_arbiter::standings::profile_locate::profile_diagnostic;

/// Largest upload accepted, in bytes.
pub const MAX_UPLOAD: usize = 20 * 1024 * 1024;
/// Uploads kept in memory; the least recently used one goes first.
const KEEP: usize = 32;

/// Serve the web app on this machine.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  arbiter serve                 # http://127.0.0.1:8000/
  arbiter serve --port 9000 --open

The app answers only requests addressed to localhost, 127.0.0.1, [::1] or the
--host given (the Host header is checked), accepts files up to 20 MB and
keeps them in memory only.")]
pub struct Args {
    /// Port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8000)]
    pub port: u16,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the app in the default browser.
    #[arg(long)]
    pub open: bool,
}

/// One upload: the engines' results and the file for the downloads.
struct Upload {
    built: Built,
    file: String,
    /// Checks run on request with another edition.
    checks: Mutex<HashMap<Edition, Arc<chess_arbiter::pairing::check::report::Report>>>,
    loaded: input::Loaded,
}

#[derive(Default)]
struct Store {
    map: HashMap<String, Arc<Upload>>,
    order: VecDeque<String>,
}

impl Store {
    fn get(&mut self, id: &str) -> Option<Arc<Upload>> {
        let u = self.map.get(id)?.clone();
        self.order.retain(|x| x != id);
        self.order.push_back(id.to_string());
        Some(u)
    }

    fn insert(&mut self, id: String, u: Upload) {
        while self.order.len() >= KEEP {
            if let Some(old) = self.order.pop_front() {
                self.map.remove(&old);
            }
        }
        self.order.push_back(id.clone());
        self.map.insert(id, Arc::new(u));
    }
}

#[derive(Clone)]
struct App {
    store: Arc<Mutex<Store>>,
    /// Host names (without port) requests may be addressed to.
    hosts: Arc<Vec<String>>,
}

impl App {
    fn get(&self, id: &str) -> Option<Arc<Upload>> {
        self.store.lock().ok()?.get(id)
    }
}

/// A fresh id nobody can guess: 128 bits from the standard library's
/// randomly keyed hasher.
fn new_id() -> String {
    let mut out = String::new();
    for k in 0..2u64 {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(k);
        if let Ok(d) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
            h.write_u128(d.as_nanos());
        }
        out.push_str(&format!("{:016x}", h.finish()));
    }
    out
}

/// The host part of a Host header: `[::1]:8000` -> `[::1]`, `a:80` -> `a`.
fn host_name(h: &str) -> &str {
    if h.starts_with('[') {
        return h.split_inclusive(']').next().unwrap_or(h);
    }
    h.rsplit_once(':').map_or(h, |(a, _)| a)
}

/// Refuse requests addressed to another host (DNS rebinding: a web page
/// whose name resolves to 127.0.0.1 must not reach the app).
async fn check_host(State(app): State<App>, req: Request, next: Next) -> Response {
    let ok = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(|h| host_name(h).to_ascii_lowercase())
        .is_some_and(|h| app.hosts.contains(&h));
    if !ok {
        return (
            StatusCode::MISDIRECTED_REQUEST,
            "this app answers only requests addressed to localhost or the --host it was given\n",
        )
            .into_response();
    }
    next.run(req).await
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
    match site::upload_page(error, (MAX_UPLOAD / (1024 * 1024)) as u64) {
        Ok(t) => html(status, t),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

async fn home() -> Response {
    upload_page(StatusCode::OK, None)
}

async fn style() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        site::STYLE_CSS,
    )
        .into_response()
}

fn lines(diags: &[Diagnostic]) -> Vec<String> {
    diags.iter().map(|d| d.to_string()).collect()
}

/// What went wrong with an upload, for the page.
struct Refusal {
    status: StatusCode,
    title: String,
    lines: Vec<String>,
}

fn refusal(status: StatusCode, title: impl Into<String>, lines: Vec<String>) -> Refusal {
    Refusal {
        status,
        title: title.into(),
        lines,
    }
}

/// Read the upload as `arbiter` reads a file, then run the engines: the same
/// located messages as the CLI when the file cannot be used.
fn open_upload(
    name: &str,
    bytes: &[u8],
    profile: Option<(String, Vec<u8>)>,
    edition: Option<Edition>,
) -> Result<Upload, Refusal> {
    let bad = StatusCode::UNPROCESSABLE_ENTITY;
    let mut profile_src = None;
    let profile = match profile {
        Some((pname, pbytes)) => {
            let text = String::from_utf8(pbytes).map_err(|_| {
                refusal(
                    bad,
                    format!("{pname}: expected a UTF-8 TOML profile, found invalid bytes"),
                    Vec::new(),
                )
            })?;
            let p = Profile::from_toml(&text, &pname).map_err(|d| {
                refusal(
                    bad,
                    format!("{pname}: the profile cannot be used"),
                    lines(&d),
                )
            })?;
            profile_src = Some((pname, text));
            Some(p)
        }
        None => None,
    };
    let loaded = input::read_bytes(name, bytes, None, None).map_err(|e| {
        refusal(
            bad,
            format!("{name}: the file cannot be read"),
            lines(&e.diagnostics),
        )
    })?;
    let n = loaded.diagnostics.iter().filter(|d| blocks(d)).count();
    if n > 0 {
        return Err(refusal(
            bad,
            format!("{name}: {n} error(s) make the file unusable; nothing done"),
            lines(&loaded.diagnostics),
        ));
    }
    let req = SiteRequest {
        after_round: None,
        edition,
        check: true,
        next: true,
        fide_list: None,
    };
    let built = compute(&loaded, profile.as_ref(), &req).map_err(|e| {
        // a category of the profile it cannot use: named in the profile
        let located = match (&e, &profile_src) {
            (ComputeError::Standings(se), Some((pname, text))) => {
                profile_diagnostic(se, text, pname)
            }
            _ => None,
        };
        match located {
            Some(d) => refusal(bad, format!("{name}: {e}"), vec![d.to_string()]),
            None => refusal(bad, format!("{name}: {e}"), lines(&loaded.diagnostics)),
        }
    })?;
    Ok(Upload {
        built,
        file: name.to_string(),
        checks: Mutex::new(HashMap::new()),
        loaded,
    })
}

async fn upload(State(app): State<App>, mut form: Multipart) -> Response {
    let mut file: Option<(String, Vec<u8>)> = None;
    let mut profile: Option<(String, Vec<u8>)> = None;
    let mut system: Option<Edition> = None;
    loop {
        let field = match form.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => break,
            Err(e) => return multipart_error(e.status(), &e.body_text()),
        };
        let name = field.name().unwrap_or_default().to_string();
        let file_name = field.file_name().unwrap_or("upload").to_string();
        let data = match field.bytes().await {
            Ok(d) => d,
            Err(e) => return multipart_error(e.status(), &e.body_text()),
        };
        match name.as_str() {
            "file" if !data.is_empty() => file = Some((file_name, data.to_vec())),
            "profile" if !data.is_empty() => profile = Some((file_name, data.to_vec())),
            "system" => system = Edition::from_name(String::from_utf8_lossy(&data).trim()),
            _ => {}
        }
    }
    let Some((name, bytes)) = file else {
        return upload_page(
            StatusCode::BAD_REQUEST,
            Some(("Choose a tournament file to open.", &[])),
        );
    };
    if bytes.len() > MAX_UPLOAD {
        return too_large();
    }
    let opened =
        tokio::task::spawn_blocking(move || open_upload(&name, &bytes, profile, system)).await;
    match opened {
        Ok(Ok(u)) => {
            let id = new_id();
            if let Ok(mut s) = app.store.lock() {
                s.insert(id.clone(), u);
            }
            Redirect::to(&format!("/u/{id}/index.html")).into_response()
        }
        Ok(Err(r)) => upload_page(r.status, Some((&r.title, &r.lines))),
        Err(_) => upload_page(
            StatusCode::INTERNAL_SERVER_ERROR,
            Some(("The file could not be processed (an internal error).", &[])),
        ),
    }
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
            "No such page: the file may have been closed (the app keeps the last 32 uploads). Open it again.",
            &[],
        )),
    )
}

const DOWNLOADS: &[(&str, &str)] = &[
    ("TRF-16 for FIDE", "download/trf16-fide.trf"),
    ("TRF-2026", "download/trf26.trf"),
    ("JSON", "download/event.json"),
    ("Swiss-Manager XML", "download/swiss-manager.xml"),
];

fn nav() -> Vec<(String, String)> {
    DOWNLOADS
        .iter()
        .map(|(l, h)| (format!("Download {l}"), h.to_string()))
        .chain([("Open another file".to_string(), "/".to_string())])
        .collect()
}

#[derive(serde::Deserialize)]
struct CheckQuery {
    system: Option<String>,
}

async fn page(
    State(app): State<App>,
    Path((id, name)): Path<(String, String)>,
    Query(q): Query<CheckQuery>,
) -> Response {
    let Some(u) = app.get(&id) else {
        return not_found();
    };
    let edition = q.system.as_deref().and_then(Edition::from_name);
    let result = tokio::task::spawn_blocking(move || render_page(&u, &name, edition)).await;
    match result {
        Ok(Ok(Some(r))) => r,
        Ok(Ok(None)) => not_found(),
        Ok(Err(e)) => (StatusCode::INTERNAL_SERVER_ERROR, e).into_response(),
        Err(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response(),
    }
}

fn render_page(
    u: &Upload,
    name: &str,
    edition: Option<Edition>,
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
    let nav = nav();
    let mut input = u.built.input(&nav);
    input.app = true;
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
fn rerun_check(u: &Upload, e: Edition) -> chess_arbiter::pairing::check::report::Report {
    if let Some(r) = u.checks.lock().ok().and_then(|m| m.get(&e).cloned()) {
        return (*r).clone();
    }
    let req = SiteRequest {
        after_round: None,
        edition: Some(e),
        check: true,
        next: false,
        fide_list: None,
    };
    let r = compute(&u.loaded, None, &req)
        .ok()
        .and_then(|b| b.check)
        .unwrap_or_else(|| u.built.check.clone().unwrap_or_else(|| empty_report(e)));
    if let Ok(mut m) = u.checks.lock() {
        m.insert(e, Arc::new(r.clone()));
    }
    r
}

fn empty_report(e: Edition) -> chess_arbiter::pairing::check::report::Report {
    chess_arbiter::pairing::check::report::Report {
        system: e,
        system_reason: "requested".into(),
        handbook: chess_arbiter::pairing::check::report::handbook_url(e),
        tool: format!("arbiter {}", env!("CARGO_PKG_VERSION")),
        input_sha256: None,
        total_rounds: 0,
        total_rounds_source: chess_arbiter::pairing::check::TotalRoundsSource::RoundsRecorded,
        initial_colour: chess_arbiter::model::Color::White,
        initial_colour_source: chess_arbiter::pairing::check::report::InitialColourSource::Default,
        warnings: Vec::new(),
        rounds: Vec::new(),
    }
}

async fn download(State(app): State<App>, Path((id, what)): Path<(String, String)>) -> Response {
    let Some(u) = app.get(&id) else {
        return not_found();
    };
    let t = &u.built.tournament;
    let (text, mime) = match what.as_str() {
        "trf16-fide.trf" => {
            let sub = prepare(t, Target::Trf16);
            let w = trf::write(
                &sub.tournament,
                &trf::WriteOptions {
                    target: trf::Target::Trf16,
                    line_end: trf::LineEnd::CrLf,
                },
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

fn router(app: App) -> Router {
    Router::new()
        .route("/", get(home))
        .route("/style.css", get(style))
        .route("/upload", post(upload))
        .route("/u/{id}/{page}", get(page))
        .route("/u/{id}/download/{what}", get(download))
        .layer(DefaultBodyLimit::max(MAX_UPLOAD + 256 * 1024))
        .layer(middleware::from_fn_with_state(app.clone(), check_host))
        .with_state(app)
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
        eprintln!("note: could not open a browser ({cmd}: {e}); open {url}");
    }
}

pub fn run(args: Args) -> Result<Outcome, Failure> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .map_err(|e| Failure::Invalid(format!("cannot start the server: {e}")))?;
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
        let app = App {
            store: Arc::default(),
            hosts: Arc::new(hosts),
        };
        let url = match local {
            SocketAddr::V4(a) => format!("http://{}:{}/", a.ip(), a.port()),
            SocketAddr::V6(a) => format!("http://[{}]:{}/", a.ip(), a.port()),
        };
        println!("arbiter serve: listening on {url}");
        if args.open {
            open_browser(&url);
        }
        axum::serve(listener, router(app))
            .await
            .map_err(|e| Failure::Access(format!("{addr}: {e}")))?;
        Ok(Outcome::Clean)
    })
}

#[cfg(test)]
mod tests {
    use super::{host_name, open_upload};

    /// #18 item 5: an upload whose profile has an age category the event
    /// cannot date (no start date) is refused naming the profile and the line.
    #[test]
    fn upload_names_the_profile_line_of_an_undated_category() {
        let trf = "012 T\n001    1 m    Doe, Jane                         2100 FRA    12345678 1990/01/01  1.0    1     2 w 1\n001    2 m    Roe, Rick                         2000 GER    23456789 1991/02/03  0.0    2     1 b 0\n";
        let profile = "[standings]\n[[standings.categories]]\nname = \"U13\"\nunder = 13\n";
        let r = open_upload(
            "t.trf",
            trf.as_bytes(),
            Some(("p.toml".into(), profile.as_bytes().to_vec())),
            None,
        );
        let Err(refusal) = r else { panic!("accepted") };
        let all = refusal.lines.join("\n");
        assert!(all.contains("p.toml, line 3"), "{all}");
        assert!(all.contains("category U13 needs a reference date"), "{all}");
    }

    #[test]
    fn host_header_names() {
        assert_eq!(host_name("localhost:8000"), "localhost");
        assert_eq!(host_name("127.0.0.1"), "127.0.0.1");
        assert_eq!(host_name("[::1]:8000"), "[::1]");
        assert_eq!(host_name("evil.example:8000"), "evil.example");
    }
}
