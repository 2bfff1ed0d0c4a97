//! The arbiters' desk of `arbiter serve EVENT` in Traditional Chinese and
//! in English (issue 30), on an event made from the sample: its players
//! (the sample's start list, without its rounds) under the CTCA profile, a
//! chief arbiter who logs in, pairs round 1 as a draft, publishes it and
//! enters results. Every desk page (desk, results, pairing with its draft,
//! players, a player, byes, log, each printout, the login page, an error
//! page, the messages a form leaves) is read in both languages:
//!
//! - over HTTP, a zh-TW page's text holds no Latin word outside the data
//!   and the codes (the allow-list of `lang_browser`: the sample's words,
//!   the profile's Chinese names, the zh-TW catalogue's own codes), text
//!   marked `lang="en"` (the event room's own words, check's verdict, the
//!   switch) left out; the English page says the same in English;
//! - in headless Chromium, the same scan of the visible text
//!   (`lang_browser::scan`), with screenshots of every page in both
//!   languages in `target/site-tests/browser/hall-lang/`.

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use serde_json::json;

use super::browser::{Browser, ONE_AT_A_TIME};
use super::event::ok;
use super::lang_browser::{allowed, scan, words};
use super::scratch::Scratch;
use super::site::{out_dir, root, Reply, Server};

/// The event file's name, hence its address `/e/ctca-desk/`.
const ID: &str = "ctca-desk";
/// The chief arbiter's account (a name in Chinese characters: data).
const CHIEF: &str = "陳裁判長";
const CHIEF_PW: &str = "chief-ctca-2023";

/// The event: the sample's players without their rounds (each player's
/// line cut before the points column), the CTCA profile, a chief arbiter.
/// Also the start list's path: the log names the file it was read from.
fn sample_event(dir: &Scratch) -> (String, String) {
    let trf = std::fs::read_to_string(root().join("samples/open-2023.trf")).expect("the sample");
    let start: String = trf
        .lines()
        .map(|l| {
            if l.starts_with("001") {
                l.chars()
                    .take(80)
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            } else {
                l.to_string()
            }
        })
        .map(|l| l + "\n")
        .collect();
    let start_file = dir.join("start.trf");
    std::fs::write(&start_file, start).expect("the start list");
    let event = dir.join(format!("{ID}.arbiter")).display().to_string();
    let profile = root().join("samples/ctca-2023.toml").display().to_string();
    ok(&[
        "event",
        "new",
        &event,
        "--from",
        &start_file.display().to_string(),
        "--profile",
        &profile,
        "--arbiter",
        CHIEF,
    ]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["user", "add", &event, CHIEF, "--role", "chief"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("arbiter user add");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(format!("{CHIEF_PW}\n").as_bytes())
        .expect("the password");
    assert!(child.wait().expect("user add").success(), "user add");
    (event, start_file.display().to_string())
}

/// The words a zh-TW desk page may show in Latin letters: `lang_browser`'s
/// (the sample's, the profile's, the zh-TW catalogue's codes) and the
/// start list's path (data: the log's import step names it).
fn allowed_with(start: &str) -> BTreeSet<String> {
    let mut allow = allowed();
    allow.extend(words(start));
    allow
}

fn serve(event: &str) -> Server {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args(["serve", "--port", "0", event]);
    Server::start_cmd(cmd)
}

/// A request in a language (`Accept-Language`), with a cookie and a form.
fn ask(srv: &Server, method: &str, path: &str, cookie: &str, lang: &str, form: &str) -> Reply {
    let mut s = TcpStream::connect(&srv.addr).expect("connect");
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nAccept-Language: {lang}\r\n",
        srv.addr
    );
    if !cookie.is_empty() {
        req.push_str(&format!("Cookie: {cookie}\r\n"));
    }
    if method == "POST" {
        req.push_str("Content-Type: application/x-www-form-urlencoded\r\n");
    }
    req.push_str(&format!("Content-Length: {}\r\n\r\n{form}", form.len()));
    s.write_all(req.as_bytes()).expect("send");
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    Reply {
        status: head
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0),
        head: head.to_string(),
        body: body.to_string(),
    }
}

/// A form value, percent-encoded.
/// A form sent in zh-TW (answered with a redirect), then the page `to` in
/// zh-TW.
fn send_then_read(srv: &Server, cookie: &str, action: &str, form: &str, to: &str) -> Reply {
    let r = ask(srv, "POST", action, cookie, "zh-TW", form);
    assert_eq!(r.status, 303, "{action}: {}", r.body);
    ask(srv, "GET", to, cookie, "zh-TW", "")
}

fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Log in as the chief arbiter: the session cookie.
fn log_in(srv: &Server) -> String {
    let r = ask(
        srv,
        "POST",
        &format!("/e/{ID}/login"),
        "",
        "zh-TW",
        &format!("name={}&password={}", enc(CHIEF), enc(CHIEF_PW)),
    );
    assert_eq!(r.status, 303, "login: {}", r.body);
    let c = r.header("set-cookie").expect("a session cookie");
    c.split(';').next().expect("the cookie").to_string()
}

/// The CSRF token of a page's forms.
fn csrf(body: &str) -> String {
    let i = body.find("name=\"csrf\" value=\"").expect("a CSRF field") + 19;
    body[i..i + 32].to_string()
}

/// The text of a page's body as a reader sees it: tags and entities out,
/// and every element marked as English (`lang="en"`: the switch, the event
/// room's own words, check's verdict) left out with its content.
fn visible_text(html: &str) -> String {
    let mut s = html[html.find("<body").unwrap_or(0)..].to_string();
    while let Some(at) = s.find(" lang=\"en\"") {
        let open = s[..at].rfind('<').expect("the marked element's tag");
        let name: String = s[open + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        let close = format!("</{name}>");
        let end = s[at..]
            .find(&close)
            .map_or(s.len(), |i| at + i + close.len());
        s.replace_range(open..end, " ");
    }
    let mut out = String::new();
    let (mut in_tag, mut in_entity) = (false, false);
    for c in s.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            '&' if !in_tag => in_entity = true,
            ';' if in_entity => {
                in_entity = false;
                out.push(' ');
            }
            _ if in_tag || in_entity => {}
            c => out.push(c),
        }
    }
    out
}

/// The Latin words of a zh-TW page outside the allow-list.
fn english_words(html: &str, allow: &BTreeSet<String>) -> Vec<String> {
    let mut bad: Vec<String> = words(&visible_text(html))
        .into_iter()
        .filter(|w| !allow.contains(w))
        .collect();
    bad.sort();
    bad.dedup();
    bad
}

/// Each desk page once the round is published: its address, a text the
/// zh-TW page shows and one the English page shows.
const PAGES: &[(&str, &str, &str)] = &[
    ("/a/", "裁判台", "Desk"),
    ("/a/results?section=main", "快速登錄", "Quick entry"),
    (
        "/a/pair?section=main",
        "配對第 2 輪（草案）",
        "Pair round 2 as a draft",
    ),
    (
        "/a/players?section=main",
        "登錄棋士至",
        "Register a player in",
    ),
    ("/a/players/1?section=main", "全部棋士", "All players"),
    (
        "/a/byes?section=main",
        "之後輪次已記錄的輪休",
        "Byes recorded for the rounds to come",
    ),
    ("/a/log", "撤銷步驟", "Undo step"),
    (
        "/a/print/pairings?section=main",
        "對戰表（依台次）",
        "pairings by board",
    ),
    (
        "/a/print/alphabetical?section=main",
        "對戰表（依姓名）",
        "pairings by name",
    ),
    ("/a/print/slips?section=main", "白方簽名", "signature"),
    ("/a/print/standings?section=main", "名次", "standings"),
    ("/a/print/prizes?section=main", "獎項清單", "prize list"),
    ("/a/players/999?section=main", "找不到頁面", "Not Found"),
];

#[test]
fn every_desk_page_in_traditional_chinese_has_no_english_message() {
    let dir = Scratch::new("hall-lang-http");
    let (event, start) = sample_event(&dir);
    let srv = serve(&event);
    let allow = allowed_with(&start);
    let e = |p: &str| format!("/e/{ID}{p}");
    let mut failures = Vec::new();
    let zh_page = |failures: &mut Vec<String>, what: &str, r: &Reply, expected: &str| {
        if !r.body.contains(expected) {
            failures.push(format!("{what}: expected {expected:?} in:\n{}", r.body));
        }
        let bad = english_words(&r.body, &allow);
        if !bad.is_empty() {
            failures.push(format!("{what}: English words {bad:?}"));
        }
    };

    // Before logging in: the login page; a wrong password says so in zh-TW.
    let r = ask(&srv, "GET", &e("/login"), "", "zh-TW", "");
    zh_page(&mut failures, "login", &r, "密碼");
    let r = ask(
        &srv,
        "POST",
        &e("/login"),
        "",
        "zh-TW,zh;q=0.9",
        &format!("name={}&password=wrong-password", enc(CHIEF)),
    );
    assert_eq!(r.status, 401);
    zh_page(&mut failures, "wrong password", &r, "帳號或密碼錯誤");

    let cookie = log_in(&srv);
    // The pairing page before round 1, then round 1 as a draft with its
    // check (marked English) and the message the form left.
    let r = ask(
        &srv,
        "GET",
        &e("/a/pair?section=main"),
        &cookie,
        "zh-TW",
        "",
    );
    zh_page(
        &mut failures,
        "pair, nothing paired",
        &r,
        "尚未公布任何輪次",
    );
    let token = csrf(&r.body);
    let r = send_then_read(
        &srv,
        &cookie,
        &e("/a/pair"),
        &format!("csrf={token}&section=main&action=draft"),
        &e("/a/pair?section=main"),
    );
    zh_page(&mut failures, "pair, the draft", &r, "第 1 輪已配對為草案");
    assert!(r.body.contains("第 1 輪編排草案"), "{}", r.body);
    // A change without its numbers: refused, in zh-TW.
    let r = send_then_read(
        &srv,
        &cookie,
        &e("/a/change"),
        &format!("csrf={token}&section=main&kind=swap&a=x&reason=r"),
        &e("/a/pair?section=main"),
    );
    zh_page(&mut failures, "pair, refused change", &r, "應為整數");
    // A change the event file refuses (one player swapped with itself): the
    // kind of refusal in zh-TW, the event room's particulars marked English.
    let r = send_then_read(
        &srv,
        &cookie,
        &e("/a/change"),
        &format!("csrf={token}&section=main&kind=swap&a=1&b=1&reason=r"),
        &e("/a/pair?section=main"),
    );
    zh_page(
        &mut failures,
        "pair, a change the event refuses",
        &r,
        "未執行，未寫入任何內容：",
    );
    assert!(
        r.body
            .contains("<span lang=\"en\">expected two different players"),
        "{}",
        r.body
    );
    let r = send_then_read(
        &srv,
        &cookie,
        &e("/a/pair"),
        &format!("csrf={token}&section=main&action=publish"),
        &e("/a/pair?section=main"),
    );
    zh_page(&mut failures, "pair, published", &r, "第 1 輪已公布");

    // Results: one entered, one that is not a result; the messages.
    let r = send_then_read(
        &srv,
        &cookie,
        &e("/a/results"),
        &format!("csrf={token}&section=main&round=1&r1=1-0&o1=&r2=2-0&o2="),
        &e("/a/results?section=main&round=1"),
    );
    zh_page(
        &mut failures,
        "results, a bad line",
        &r,
        "第 2 台：結果應為",
    );
    let r = send_then_read(
        &srv,
        &cookie,
        &e("/a/results"),
        &format!("csrf={token}&section=main&round=1&r1=1-0&o1=&r2=0-1&o2="),
        &e("/a/results?section=main&round=1"),
    );
    zh_page(&mut failures, "results, entered", &r, "第 1 台：1-0");

    // A bye and a withdrawal, their messages; the log words every step.
    let r = send_then_read(
        &srv,
        &cookie,
        &e("/a/byes"),
        &format!("csrf={token}&section=main&player=3&round=2&kind=half&reason=x"),
        &e("/a/byes?section=main"),
    );
    zh_page(&mut failures, "byes, recorded", &r, "半分輪休");

    // Every page in both languages.
    for (path, zh, en) in PAGES {
        let r = ask(
            &srv,
            "GET",
            &e(path),
            &cookie,
            "zh-TW,zh;q=0.9,en;q=0.5",
            "",
        );
        zh_page(&mut failures, path, &r, zh);
        let r = ask(&srv, "GET", &e(path), &cookie, "en-GB,en;q=0.9", "");
        if !r.body.contains(en) {
            failures.push(format!("{path} in English: expected {en:?}"));
        }
        if r.body.contains(zh) {
            failures.push(format!("{path} in English shows {zh:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The page open in `b`: a text it must show, its screenshot, and (zh-TW)
/// the scan of its visible text.
fn look(
    b: &Browser,
    name: &str,
    expected: &str,
    zh: Option<&BTreeSet<String>>,
    failures: &mut Vec<String>,
) {
    b.expect(expected);
    b.shot(name);
    if let Some(allow) = zh {
        let (bad, _) = scan(b, allow);
        if !bad.is_empty() {
            failures.push(format!("{name}: English words {bad:?}"));
        }
    }
}

#[test]
fn the_desk_in_chromium_in_traditional_chinese_and_in_english() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let shots = out_dir("browser/hall-lang");
    let Some(b) = Browser::start(shots.clone()) else {
        return;
    };
    let dir = Scratch::new("hall-lang-browser");
    let (event, start) = sample_event(&dir);
    let srv = serve(&event);
    let allow = allowed_with(&start);
    let url = |p: &str| srv.url(&format!("/e/{ID}{p}"));
    let mut failures = Vec::new();
    let ua = b.exec("return navigator.userAgent;", json!([]));
    b.cdp(
        "Emulation.setUserAgentOverride",
        json!({"userAgent": ua, "acceptLanguage": "zh-TW,zh;q=0.9"}),
    );

    // The browser asks for zh-TW: the login page, then the desk.
    b.go(&url("/a/"));
    look(&b, "zh-login", "裁判登入", Some(&allow), &mut failures);
    b.type_into("input[name=\"name\"]", CHIEF);
    b.type_into("input[name=\"password\"]", CHIEF_PW);
    b.click("form.card button[type=\"submit\"]");
    look(
        &b,
        "zh-desk-before",
        "尚未開始",
        Some(&allow),
        &mut failures,
    );

    // Round 1 paired as a draft and published from the pairing page.
    b.go(&url("/a/pair?section=main"));
    look(
        &b,
        "zh-pair-before",
        "尚未公布任何輪次",
        Some(&allow),
        &mut failures,
    );
    b.click("button[value=\"draft\"]");
    look(
        &b,
        "zh-pair-draft",
        "第 1 輪編排草案",
        Some(&allow),
        &mut failures,
    );
    b.click("button[value=\"publish\"]");
    look(
        &b,
        "zh-pair-published",
        "第 1 輪已公布",
        Some(&allow),
        &mut failures,
    );

    // A result typed in board 1's box, saved; its message.
    b.go(&url("/a/results?section=main"));
    b.expect("快速登錄");
    b.type_into("input[name=\"r1\"]", "1-0");
    b.click("form#sheet p.quick button[type=\"submit\"]");
    look(
        &b,
        "zh-results-entered",
        "第 1 台：1-0",
        Some(&allow),
        &mut failures,
    );

    for (path, zh, en) in PAGES {
        let name = path
            .trim_start_matches("/a/")
            .split('?')
            .next()
            .unwrap_or_default()
            .replace('/', "-");
        let name = if name.is_empty() { "desk".into() } else { name };
        b.go(&url(path));
        look(&b, &format!("zh-{name}"), zh, Some(&allow), &mut failures);
        // the switch: the same page in English, kept for the next one
        b.click("a.lang-switch");
        look(&b, &format!("en-{name}"), en, None, &mut failures);
        b.go(&url("/a/log"));
        b.expect("Undo step");
        b.go(&url(&format!(
            "{path}{}lang=zh-TW",
            if path.contains('?') { '&' } else { '?' }
        )));
        b.expect(zh);
    }
    assert!(
        shots.join("zh-desk.png").exists(),
        "screenshots in {}",
        shots.display()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
