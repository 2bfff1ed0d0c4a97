//! The site and the app in headless Chromium, driven over WebDriver
//! (chromedriver; Debian's `chromium` and `chromium-driver`). A small
//! WebDriver client over plain HTTP keeps the test free of an async stack.
//! Without chromedriver the tests skip with a message, except under CI
//! (`CI` set), where `.ci/run` installs it and a skip would hide a failure.
//! Screenshots of each page land in `target/site-tests/browser/` (the
//! hall's, `hall_browser.rs`, in its `hall/`).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::site::{report_sample, root, sample_header, sample_player, Server};

fn chromedriver() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CHROMEDRIVER") {
        return Some(PathBuf::from(p));
    }
    ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
}

fn chromium() -> String {
    for p in ["/usr/lib/chromium/chromium", "/usr/bin/chromium"] {
        if Path::new(p).is_file() {
            return p.into();
        }
    }
    "chromium".into()
}

/// A chromedriver; stopped when the last of its sessions is dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One browser session on a chromedriver (several may share one: see
/// [`Browser::another`]); the session ends when dropped, and chromedriver
/// with the last of them.
pub(crate) struct Browser {
    driver: Arc<Driver>,
    session: String,
    profile: PathBuf,
    shots: PathBuf,
}

/// The Chromium tests one at a time: two browsers at once on the 2-core
/// machine only slow both, and each keeps its screenshots in its own place.
pub(crate) static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Browser {
    /// `None` (after saying why) when chromedriver is not installed here.
    pub(crate) fn start(shots: PathBuf) -> Option<Browser> {
        let Some(exe) = chromedriver() else {
            if std::env::var_os("CI").is_some() {
                panic!("chromedriver not found: .ci/run installs chromium and chromium-driver");
            }
            eprintln!(
                "skipped: chromedriver not found (apt-get install chromium chromium-driver, or set CHROMEDRIVER)"
            );
            return None;
        };
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        let child = Command::new(exe)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let driver = Arc::new(Driver { child, port });
        let t0 = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                t0.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        Some(Browser::open(driver, shots, "chromium-profile"))
    }

    /// Another browser session (its own profile, so its own cookies) on the
    /// same chromedriver, saving its screenshots beside this one's.
    pub(crate) fn another(&self, name: &str) -> Browser {
        Browser::open(
            self.driver.clone(),
            self.shots.clone(),
            &format!("chromium-profile-{name}"),
        )
    }

    fn open(driver: Arc<Driver>, shots: PathBuf, profile: &str) -> Browser {
        let profile = shots.join(profile);
        let _ = std::fs::remove_dir_all(&profile);
        let mut b = Browser {
            driver,
            session: String::new(),
            profile,
            shots,
        };
        // Prompts are left open ("ignore"): a page that opens one fails the
        // test by `alert_text`, not by every command after it.
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "unhandledPromptBehavior": "ignore",
            "goog:chromeOptions": {"binary": chromium(), "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1200,900",
                format!("--user-data-dir={}", b.profile.display()),
            ]}
        }}});
        let v = b.call("POST", "/session", Some(caps));
        b.session = v["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {v}"))
            .to_string();
        b
    }

    pub(crate) fn try_call(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> Result<Value, String> {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let port = self.driver.port;
        // chromedriver can refuse a connection for a moment under load (seen
        // once in a full run on the 2-core machine): retry for up to 10 s.
        let mut tries = 0;
        let mut s = loop {
            match TcpStream::connect(("127.0.0.1", port)) {
                Ok(s) => break s,
                Err(e) if tries >= 100 => panic!("chromedriver on port {port}: {e}"),
                Err(_) => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(100));
                }
            }
        };
        let _ = s.set_read_timeout(Some(Duration::from_secs(180)));
        let req = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        s.write_all(req.as_bytes()).expect("send to chromedriver");
        let raw = read_reply(&mut s);
        let text = String::from_utf8_lossy(&raw);
        let json = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        let v: Value = serde_json::from_str(json).map_err(|e| format!("{e}: {text}"))?;
        if v["value"].get("error").is_some() {
            return Err(format!("{method} {path}: {}", v["value"]));
        }
        Ok(v)
    }

    /// A command; one more try when chromedriver closed the connection
    /// without a reply (seen twice under load 12: "EOF while parsing"), not
    /// for a new session, which must not be made twice.
    pub(crate) fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        match self.try_call(method, path, body.clone()) {
            Err(e) if e.starts_with("EOF while parsing") && path != "/session" => {
                std::thread::sleep(Duration::from_millis(500));
                self.try_call(method, path, body)
                    .unwrap_or_else(|e2| panic!("{e2} (after: {e})"))
            }
            r => r.unwrap_or_else(|e| panic!("{e}")),
        }
    }

    pub(crate) fn s(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    pub(crate) fn go(&self, url: &str) {
        self.call("POST", &self.s("/url"), Some(json!({ "url": url })));
    }

    pub(crate) fn find(&self, css: &str) -> String {
        let v = self.call(
            "POST",
            &self.s("/element"),
            Some(json!({"using": "css selector", "value": css})),
        );
        v["value"][ELEMENT]
            .as_str()
            .expect("element id")
            .to_string()
    }

    pub(crate) fn click(&self, css: &str) {
        let e = self.find(css);
        self.call(
            "POST",
            &self.s(&format!("/element/{e}/click")),
            Some(json!({})),
        );
    }

    pub(crate) fn text(&self, css: &str) -> String {
        let e = self.find(css);
        let v = self.call("GET", &self.s(&format!("/element/{e}/text")), None);
        v["value"].as_str().unwrap_or_default().to_string()
    }

    pub(crate) fn type_into(&self, css: &str, text: &str) {
        let e = self.find(css);
        self.call(
            "POST",
            &self.s(&format!("/element/{e}/value")),
            Some(json!({ "text": text })),
        );
    }

    /// The visible text of the page once it says `expected` (a page still
    /// loading after a click or a form is waited for, up to three minutes:
    /// the app's check re-pairs every round in a debug build, and a minute
    /// was seen to run out at load 12).
    pub(crate) fn expect(&self, expected: &str) -> String {
        let t0 = Instant::now();
        let mut body = String::new();
        while t0.elapsed() < Duration::from_secs(180) {
            let found = self
                .try_call(
                    "POST",
                    &self.s("/element"),
                    Some(json!({"using": "css selector", "value": "body"})),
                )
                .ok()
                .and_then(|v| v["value"][ELEMENT].as_str().map(str::to_string));
            if let Some(e) = found {
                if let Ok(v) = self.try_call("GET", &self.s(&format!("/element/{e}/text")), None) {
                    body = v["value"].as_str().unwrap_or_default().to_string();
                    if body.contains(expected) {
                        return body;
                    }
                }
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        panic!("page lacks {expected:?}:\n{body}");
    }

    pub(crate) fn shot(&self, name: &str) -> PathBuf {
        let v = self.call("GET", &self.s("/screenshot"), None);
        let png = base64(v["value"].as_str().expect("base64 png"));
        assert!(png.starts_with(b"\x89PNG"), "a PNG");
        let p = self.shots.join(format!("{name}.png"));
        std::fs::write(&p, png).expect("save the screenshot");
        p
    }

    /// The value of a script run in the page (`arguments` as given).
    pub(crate) fn exec(&self, script: &str, args: Value) -> Value {
        let v = self.call(
            "POST",
            &self.s("/execute/sync"),
            Some(json!({ "script": script, "args": args })),
        );
        v["value"].clone()
    }

    /// The value an asynchronous script hands to its callback (the last
    /// argument), e.g. a `fetch` and its status.
    pub(crate) fn exec_async(&self, script: &str, args: Value) -> Value {
        let v = self.call(
            "POST",
            &self.s("/execute/async"),
            Some(json!({ "script": script, "args": args })),
        );
        v["value"].clone()
    }

    /// A Chrome DevTools command through chromedriver.
    pub(crate) fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.call(
            "POST",
            &self.s("/goog/cdp/execute"),
            Some(json!({ "cmd": cmd, "params": params })),
        )
    }

    /// The page's viewport, in CSS pixels (`mobile`: as a phone shows it,
    /// the page's viewport meta honoured).
    pub(crate) fn viewport(&self, width: u32, height: u32, mobile: bool) {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        );
    }

    /// The text of the prompt a page opened (`alert(…)`), if one is open.
    pub(crate) fn alert_text(&self) -> Option<String> {
        self.try_call("GET", &self.s("/alert/text"), None)
            .ok()
            .map(|v| v["value"].as_str().unwrap_or_default().to_string())
    }

    /// The element that has the keyboard's focus.
    pub(crate) fn active(&self) -> String {
        let v = self.call("GET", &self.s("/element/active"), None);
        v["value"][ELEMENT]
            .as_str()
            .expect("element id")
            .to_string()
    }

    /// Keys typed into the element that has the focus (`\u{E007}`: Enter).
    pub(crate) fn type_active(&self, text: &str) {
        let e = self.active();
        self.call(
            "POST",
            &self.s(&format!("/element/{e}/value")),
            Some(json!({ "text": text })),
        );
    }

    /// The page printed to PDF by Chromium (WebDriver's print command) on
    /// A4 portrait, backgrounds included; saved as `name.pdf`.
    pub(crate) fn print_pdf(&self, name: &str) -> (PathBuf, Vec<u8>) {
        let v = self.call(
            "POST",
            &self.s("/print"),
            Some(json!({
                "orientation": "portrait",
                "page": {"width": 21.0, "height": 29.7},
                "background": true,
            })),
        );
        let pdf = base64(v["value"].as_str().expect("base64 pdf"));
        let p = self.shots.join(format!("{name}.pdf"));
        std::fs::write(&p, &pdf).expect("save the PDF");
        (p, pdf)
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let mut s = TcpStream::connect(("127.0.0.1", self.driver.port)).ok();
            if let Some(s) = s.as_mut() {
                let _ = write!(
                    s,
                    "DELETE /session/{} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                    self.session
                );
                let _ = read_reply(s);
            }
        }
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// One HTTP reply: the head, then as many bytes as its Content-Length says
/// (chromedriver keeps the connection open, so reading to the end would wait).
fn read_reply(s: &mut TcpStream) -> Vec<u8> {
    let mut raw = Vec::new();
    let mut buf = [0u8; 65536];
    loop {
        let n = match s.read(&mut buf) {
            Ok(n) => n,
            // A signal on a loaded machine is no end of the reply.
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => 0,
        };
        if n == 0 {
            return raw;
        }
        raw.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&raw);
        if let Some((head, _)) = text.split_once("\r\n\r\n") {
            let len = head.lines().find_map(|l| {
                let (k, v) = l.split_once(':')?;
                k.eq_ignore_ascii_case("content-length")
                    .then(|| v.trim().parse::<usize>().ok())
                    .flatten()
            });
            if let Some(len) = len {
                if raw.len() >= head.len() + 4 + len {
                    return raw;
                }
            }
        }
    }
}

fn base64(s: &str) -> Vec<u8> {
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for v in s.bytes().filter_map(val) {
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

#[test]
fn site_and_app_in_headless_chromium() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // Its own files made afresh; hall/ is hall_browser.rs's.
    let shots = root().join("target/site-tests/browser");
    std::fs::create_dir_all(&shots).expect("the screenshots' folder");
    for e in std::fs::read_dir(&shots)
        .expect("list the screenshots")
        .flatten()
    {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "png") {
            let _ = std::fs::remove_file(&p);
        } else if p.file_name().is_some_and(|n| n == "site") {
            let _ = std::fs::remove_dir_all(&p);
        }
    }
    let Some(b) = Browser::start(shots.clone()) else {
        return;
    };
    // The static site: index -> a round -> a player -> a category's prizes.
    let site = shots.join("site");
    let out = report_sample(&site, &[]);
    assert!(out.status.success());
    b.go(&format!("file://{}", site.join("index.html").display()));
    b.expect(&sample_header("012"));
    b.expect("Chief arbiter");
    b.shot("site-index");
    b.click("main a[href=\"round-3.html\"]");
    b.expect("Round 3: pairings and results");
    b.expect(&sample_player(12));
    b.shot("site-round-3");
    b.click("main a[href=\"player-12.html\"]");
    b.expect("Starting number");
    b.expect("Rating change (FIDE B.02)");
    b.shot("site-player-12");
    b.click("main a[href=\"prizes.html#prizes-open\"]");
    let body = b.expect("Prize statement");
    assert!(b.text("#prizes-open").starts_with("Open ("), "{body}");
    b.shot("site-prizes");
    // The app: upload a TUNX, read the standings, check with the 2017 rules.
    let srv = Server::start();
    b.go(&srv.url("/"));
    b.expect("Open a tournament file");
    b.shot("app-upload");
    let tunx = root().join("tests/fixtures/tunx/aut_1384031.TUNX");
    b.type_into("input[name=\"file\"]", &tunx.display().to_string());
    b.click("form.upload button[type=\"submit\"]");
    b.expect("Österreichische Meisterschaften 2026 U18");
    b.shot("app-index");
    b.click("nav a[href=\"standings.html\"]");
    b.expect("Final standings (after round 7)");
    b.expect("Jetzl, Julian");
    b.shot("app-standings");
    b.click("nav a[href=\"check.html\"]");
    b.click("select[name=\"system\"] option[value=\"dutch-2017\"]");
    b.click("main form button[type=\"submit\"]");
    b.expect("System: dutch-2017");
    b.click("main a[href=\"#round-3\"]");
    // The explanation is folded: opened, it shows the round's position.
    b.click("#round-3 details summary");
    let explanation = b.text("#round-3 details");
    assert!(
        explanation.starts_with("The position before round 3: "),
        "{explanation}"
    );
    assert!(b.text("#round-3 table.position").contains("No"));
    b.shot("app-check");
}

/// The site on a phone (issue 32, item 10): at 390 CSS pixels the standings
/// and the pairings fit the screen (neither the page nor a table's box
/// scrolls sideways), and the rating and check pages are a few screens
/// tall, not tens of thousands of pixels. Screenshots in
/// `target/site-tests/phone/`.
#[test]
fn site_pages_fit_a_phone() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let shots = root().join("target/site-tests/phone");
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).expect("the screenshots' folder");
    let Some(b) = Browser::start(shots.clone()) else {
        return;
    };
    let site = shots.join("site");
    let out = report_sample(&site, &[]);
    assert!(out.status.success());
    b.viewport(390, 844, true);
    // The page's width and, for each table box, how far its table reaches
    // past the box.
    let widths = "return [document.scrollingElement.scrollWidth, window.innerWidth,
        Array.from(document.querySelectorAll('.table-wrap')).map(w => w.scrollWidth - w.clientWidth),
        document.scrollingElement.scrollHeight];";
    let measure = |page: &str| -> (i64, i64, Vec<i64>, i64) {
        b.go(&format!("file://{}", site.join(page).display()));
        b.expect("arbiter");
        let v = b.exec(widths, json!([]));
        let n = |x: &Value| x.as_i64().unwrap_or(i64::MAX);
        let over = v[2]
            .as_array()
            .map(|a| a.iter().map(n).collect())
            .unwrap_or_default();
        (n(&v[0]), n(&v[1]), over, n(&v[3]))
    };
    for (page, name) in [
        ("standings.html", "phone-standings"),
        ("standings-3.html", "phone-standings-3"),
        ("round-3.html", "phone-round-3"),
        ("index.html", "phone-index"),
    ] {
        let (scroll, inner, over, _) = measure(page);
        b.shot(name);
        assert_eq!(inner, 390, "{page}: the phone's width");
        assert!(
            scroll <= inner,
            "{page}: {scroll} px wide on a {inner} px screen"
        );
        assert!(
            over.iter().all(|&o| o <= 0),
            "{page}: a table reaches past its box by {over:?} px"
        );
    }
    // The menu takes at most two lines on the phone.
    b.go(&format!("file://{}", site.join("index.html").display()));
    let nav = b.exec(
        "return document.querySelector('nav.site').getBoundingClientRect().height;",
        json!([]),
    );
    assert!(
        nav.as_f64().unwrap_or(f64::MAX) < 60.0,
        "menu {nav} px tall"
    );
    for (page, name, most) in [
        ("rating.html", "phone-rating", 9000),
        ("check.html", "phone-check", 6000),
    ] {
        let (scroll, inner, _, height) = measure(page);
        b.shot(name);
        assert!(
            scroll <= inner,
            "{page}: {scroll} px wide on a {inner} px screen"
        );
        assert!(height <= most, "{page}: {height} px tall");
    }
}
