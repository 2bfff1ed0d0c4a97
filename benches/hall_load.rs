//! Load on the hall (issue #29): 500 public clients follow a 350-player
//! event while 5 arbiters enter its 175-board round.
//!
//! The event is made with the library (350 players registered, round 1
//! paired and published, a chief and five deputies' accounts), then served by
//! the release binary (`ARBITER_BIN`, default `target/release/arbiter`; run
//! `scripts/load-hall`, which builds it first). Each public client holds the
//! live feed open (`/e/load/live`) and, like the app's script, fetches its
//! page again when the event changes (one fetch at a time; changes that
//! arrive meanwhile make one more): half follow the round's pairing page,
//! half the standings. Each arbiter logs in and enters 35 results one board
//! at a time, each a form posted and the page it redirects to read, one
//! every `ARBITER_PACE_MS` (default 1000) milliseconds.
//!
//! Prints the answers by kind (errors: anything but the expected status, or
//! a connection that failed), latency percentiles of the public pages and
//! of the arbiters' posts and pages, the server's peak resident memory, and
//! checks that all 175 results are in the file. The client runs on the
//! same machine (and cores) as the server: its own work is in the figures.

// A benchmark panics on its own fixed inputs; the lint is for the product.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;
use std::io;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chess_arbiter::event::{spec, Author, Entrant, Event, Role, Step};
use chess_arbiter::model::Player;
use chess_arbiter::standings::prizes::Profile;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

const PLAYERS: u32 = 350;
const PUBLIC: usize = 500;
const ARBITERS: u32 = 5;

#[derive(Default)]
struct Stats {
    lat: HashMap<&'static str, Vec<f64>>,
    errors: HashMap<String, usize>,
}

type Shared = Arc<Mutex<Stats>>;

fn record(s: &Shared, kind: &'static str, ms: f64) {
    if let Ok(mut s) = s.lock() {
        s.lat.entry(kind).or_default().push(ms);
    }
}

fn error(s: &Shared, what: String) {
    if let Ok(mut s) = s.lock() {
        *s.errors.entry(what).or_default() += 1;
    }
}

/// One keep-alive HTTP/1.1 connection.
struct Conn {
    r: BufReader<TcpStream>,
    addr: String,
}

impl Conn {
    async fn open(addr: &str) -> io::Result<Conn> {
        let s = TcpStream::connect(addr).await?;
        s.set_nodelay(true)?;
        Ok(Conn {
            r: BufReader::new(s),
            addr: addr.to_string(),
        })
    }

    /// Send a request; the status, the headers (lowercased names) and the body.
    async fn call(
        &mut self,
        method: &str,
        path: &str,
        cookie: &str,
        form: &str,
    ) -> io::Result<(u16, HashMap<String, String>, Vec<u8>)> {
        let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {}\r\n", self.addr);
        if !cookie.is_empty() {
            req.push_str(&format!("Cookie: {cookie}\r\n"));
        }
        if method == "POST" {
            req.push_str(&format!(
                "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
                form.len()
            ));
        }
        req.push_str("\r\n");
        req.push_str(form);
        self.r.get_mut().write_all(req.as_bytes()).await?;
        let (status, headers) = head(&mut self.r).await?;
        let body = if headers
            .get("transfer-encoding")
            .is_some_and(|v| v.contains("chunked"))
        {
            let mut body = Vec::new();
            loop {
                let mut line = String::new();
                self.r.read_line(&mut line).await?;
                let n = usize::from_str_radix(line.trim(), 16)
                    .map_err(|_| io::Error::other("bad chunk"))?;
                let mut chunk = vec![0; n + 2];
                self.r.read_exact(&mut chunk).await?;
                if n == 0 {
                    break;
                }
                body.extend_from_slice(&chunk[..n]);
            }
            body
        } else {
            let n: usize = headers
                .get("content-length")
                .and_then(|v| v.parse().ok())
                .unwrap_or(0);
            let mut body = vec![0; n];
            self.r.read_exact(&mut body).await?;
            body
        };
        Ok((status, headers, body))
    }
}

async fn head(r: &mut BufReader<TcpStream>) -> io::Result<(u16, HashMap<String, String>)> {
    let mut line = String::new();
    if r.read_line(&mut line).await? == 0 {
        return Err(io::Error::other("connection closed"));
    }
    let status = line
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let mut headers = HashMap::new();
    loop {
        line.clear();
        r.read_line(&mut line).await?;
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if let Some((k, v)) = l.split_once(':') {
            headers.insert(k.trim().to_ascii_lowercase(), v.trim().to_string());
        }
    }
    Ok((status, headers))
}

/// A phone following a page: the feed, and its page fetched on each change.
async fn follower(addr: String, page: &'static str, stats: Shared, stop: Instant) {
    let kind = if page.contains("standings") {
        "public standings"
    } else {
        "public pairing"
    };
    let (tx, mut rx) = tokio::sync::watch::channel(0i64);
    let feed = {
        let (addr, stats) = (addr.clone(), stats.clone());
        tokio::spawn(async move {
            let mut s = match TcpStream::connect(&addr).await {
                Ok(s) => BufReader::new(s),
                Err(e) => return error(&stats, format!("feed connect: {e}")),
            };
            let req = format!(
                "GET /e/load/live HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
            );
            if let Err(e) = s.get_mut().write_all(req.as_bytes()).await {
                return error(&stats, format!("feed send: {e}"));
            }
            match head(&mut s).await {
                Ok((200, _)) => {}
                Ok((st, _)) => return error(&stats, format!("feed status {st}")),
                Err(e) => return error(&stats, format!("feed head: {e}")),
            }
            let mut line = String::new();
            loop {
                line.clear();
                match s.read_line(&mut line).await {
                    Ok(0) => break,
                    Ok(_) => {}
                    Err(e) => return error(&stats, format!("feed read: {e}")),
                }
                // chunked framing lines are skipped; the data lines carry the step
                if let Some(n) = line
                    .trim()
                    .strip_prefix("data: ")
                    .and_then(|n| n.parse().ok())
                {
                    let _ = tx.send(n);
                }
            }
        })
    };
    let mut conn = match Conn::open(&addr).await {
        Ok(c) => c,
        Err(e) => return error(&stats, format!("page connect: {e}")),
    };
    let path = format!("/e/load/s/main/{page}");
    while Instant::now() < stop {
        let t = Instant::now();
        match conn.call("GET", &path, "", "").await {
            Ok((200, _, _)) => record(&stats, kind, t.elapsed().as_secs_f64() * 1e3),
            Ok((st, _, _)) => error(&stats, format!("{kind} status {st}")),
            Err(e) => {
                error(&stats, format!("{kind}: {e}"));
                match Conn::open(&addr).await {
                    Ok(c) => conn = c,
                    Err(_) => break,
                }
            }
        }
        let left = stop.saturating_duration_since(Instant::now());
        if tokio::time::timeout(left, rx.changed()).await.is_err() {
            break;
        }
    }
    feed.abort();
}

/// An arbiter entering the results of boards `boards`.
async fn arbiter(
    addr: String,
    name: String,
    password: String,
    boards: std::ops::RangeInclusive<u32>,
    pace: Duration,
    stats: Shared,
) {
    let mut c = match Conn::open(&addr).await {
        Ok(c) => c,
        Err(e) => return error(&stats, format!("arbiter connect: {e}")),
    };
    let form = format!("name={}&password={password}", name.replace(' ', "+"));
    let cookie = match c.call("POST", "/e/load/login", "", &form).await {
        Ok((303, h, _)) => h
            .get("set-cookie")
            .and_then(|v| v.split(';').next())
            .unwrap_or_default()
            .to_string(),
        Ok((st, _, b)) => {
            return error(
                &stats,
                format!("login status {st}: {}", String::from_utf8_lossy(&b)),
            )
        }
        Err(e) => return error(&stats, format!("login: {e}")),
    };
    let page = "/e/load/a/results?section=main&round=1";
    let csrf = match c.call("GET", page, &cookie, "").await {
        Ok((200, _, b)) => {
            let t = String::from_utf8_lossy(&b).into_owned();
            t.split("name=\"csrf\" value=\"")
                .nth(1)
                .map(|r| r[..32].to_string())
                .unwrap_or_default()
        }
        Ok((st, _, _)) => return error(&stats, format!("sheet status {st}")),
        Err(e) => return error(&stats, format!("sheet: {e}")),
    };
    for b in boards {
        let next = Instant::now() + pace;
        let res = ["1-0", "0-1", "1%2F2"][b as usize % 3];
        let form = format!("csrf={csrf}&section=main&round=1&r{b}={res}&o{b}=");
        let t = Instant::now();
        match c.call("POST", "/e/load/a/results", &cookie, &form).await {
            Ok((303, _, _)) => record(&stats, "arbiter post", t.elapsed().as_secs_f64() * 1e3),
            Ok((st, _, body)) => error(
                &stats,
                format!(
                    "post status {st}: {}",
                    String::from_utf8_lossy(&body)
                        .chars()
                        .take(200)
                        .collect::<String>()
                ),
            ),
            Err(e) => error(&stats, format!("post: {e}")),
        }
        let t = Instant::now();
        match c.call("GET", page, &cookie, "").await {
            Ok((200, _, body)) => {
                record(&stats, "arbiter sheet", t.elapsed().as_secs_f64() * 1e3);
                let text = String::from_utf8_lossy(&body);
                if text.contains("flash error") {
                    error(&stats, format!("board {b}: the sheet reports an error"));
                }
            }
            Ok((st, _, _)) => error(&stats, format!("sheet status {st}")),
            Err(e) => error(&stats, format!("sheet: {e}")),
        }
        tokio::time::sleep_until(next.into()).await;
    }
}

fn pct(v: &mut [f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    v[((p / 100.0) * (v.len() - 1) as f64).round() as usize]
}

fn make_event(dir: &std::path::Path) -> PathBuf {
    let path = dir.join("load.arbiter");
    let _ = std::fs::remove_file(&path);
    let text = std::fs::read_to_string("tests/fixtures/event/ctca-2026.toml").expect("the profile");
    let profile = Profile::from_toml(&text, "ctca-2026.toml").expect("profile reads");
    let me = Author {
        arbiter: "setup".into(),
        reason: None,
    };
    let mut e = Event::create(
        &path,
        &me,
        vec![Step::Create {
            name: "Load".into(),
            profile: Some(text.clone()),
            profile_name: Some("ctca-2026.toml".into()),
            sections: spec::sections(&profile).expect("sections"),
        }],
    )
    .expect("create");
    let entrants = (1..=PLAYERS)
        .map(|i| Entrant {
            player: Player {
                name: format!("Player {i:03}"),
                rating: Some(2500 - i as u16 * 3),
                federation: Some("TPE".into()),
                ..Player::default()
            },
            first_round: 1,
            missed: None,
        })
        .collect();
    e.register(&me, None, entrants).expect("register");
    e.pair(&me, None, false, None).expect("pair round 1");
    e.add_account("setup", "Chief", Role::Chief, "chief-password")
        .unwrap();
    for i in 1..=ARBITERS {
        e.add_account(
            "setup",
            &format!("Deputy {i}"),
            Role::Deputy,
            "deputy-password",
        )
        .unwrap();
    }
    path
}

fn peak_kb(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    s.lines()
        .find(|l| l.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo bench -- --list`
    }
    let bin = std::env::var("ARBITER_BIN").unwrap_or_else(|_| "target/release/arbiter".into());
    if !std::path::Path::new(&bin).is_file() {
        eprintln!(
            "hall_load: {bin} not found: `cargo build --release` first (scripts/load-hall does)"
        );
        return;
    }
    let pace = Duration::from_millis(
        std::env::var("ARBITER_PACE_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1000),
    );
    let dir = std::env::temp_dir().join(format!("arbiter-hall-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let event = make_event(&dir);
    let mut server = std::process::Command::new(&bin)
        .args(["serve", "--port", "0"])
        .arg(&event)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("start the server");
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(server.stdout.take().unwrap()),
        &mut line,
    )
    .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.trim().strip_suffix('/'))
        .expect("listening on http://ADDR/")
        .to_string();
    let boards = PLAYERS / 2;
    let per = boards / ARBITERS;
    let stats: Shared = Arc::default();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let t0 = Instant::now();
    rt.block_on(async {
        // the arbiters' round lasts about per * pace; the public follows until it ends
        let stop = Instant::now() + pace * per + Duration::from_secs(5);
        let mut tasks = Vec::new();
        for i in 0..PUBLIC {
            let page = if i % 2 == 0 {
                "round-1.html"
            } else {
                "standings.html"
            };
            tasks.push(tokio::spawn(follower(
                addr.clone(),
                page,
                stats.clone(),
                stop,
            )));
        }
        tokio::time::sleep(Duration::from_secs(2)).await; // the hall fills up
        let mut desk = Vec::new();
        for i in 0..ARBITERS {
            let first = i * per + 1;
            desk.push(tokio::spawn(arbiter(
                addr.clone(),
                format!("Deputy {}", i + 1),
                "deputy-password".into(),
                first..=first + per - 1,
                pace,
                stats.clone(),
            )));
        }
        for t in desk {
            let _ = t.await;
        }
        for t in tasks {
            let _ = t.await;
        }
    });
    let wall = t0.elapsed();
    let peak = peak_kb(server.id());
    let _ = server.kill();
    let _ = server.wait();
    let e = Event::open(&event).expect("reopen");
    let entered = e
        .boards(None, 1)
        .unwrap()
        .iter()
        .filter(|b| b.result.is_some())
        .count();
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|c| {
            c.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_default();
    println!(
        "hall load: {PUBLIC} public clients, {ARBITERS} arbiters, {PLAYERS} players ({boards} boards), one result per arbiter every {} ms; {} cores ({cpu}); {:.1} s",
        pace.as_millis(),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        wall.as_secs_f64()
    );
    let mut s = stats.lock().unwrap();
    let mut kinds: Vec<_> = s.lat.keys().copied().collect();
    kinds.sort();
    for k in kinds {
        let v = s.lat.get_mut(k).unwrap();
        let n = v.len();
        println!(
            "  {k:17} {n:7} requests  p50 {:7.1} ms  p99 {:7.1} ms  max {:7.1} ms",
            pct(v, 50.0),
            pct(v, 99.0),
            pct(v, 100.0)
        );
    }
    let errors: usize = s.errors.values().sum();
    println!("  errors: {errors}");
    for (what, n) in &s.errors {
        println!("    {n} x {what}");
    }
    println!(
        "  results in the file: {entered} of {boards}; server peak memory: {}",
        peak.map_or("unknown".into(), |kb| format!(
            "{:.1} MiB",
            kb as f64 / 1024.0
        ))
    );
    let _ = std::fs::remove_dir_all(&dir);
    if errors > 0 || entered != boards as usize {
        std::process::exit(1);
    }
}
