//! The hall (`arbiter serve EVENT`) in headless Chromium, as issue 29 asks:
//! a chief and a deputy arbiter, each in a browser session of their own, run
//! a round of a small event (pair a draft, read check's verdict, publish,
//! enter every result between them by keyboard, correct one, meet the other's
//! change to the same board) while a third, public session follows the
//! round's page and sees the results come in without a reload. Then the
//! refusals (a form without its CSRF token, a write without a session, a
//! wrong password), a player named `<script>alert(1)</script>` shown as text
//! on every page that names him, the printouts as PDF (WebDriver's print
//! command, A4), and screenshots of every page at desktop and phone widths,
//! all in `target/site-tests/browser/hall/`.
//!
//! Skips with a message without chromedriver, except under CI (browser.rs).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::browser::{Browser, ONE_AT_A_TIME};
use super::event::{ok, profile};
use super::scratch::Scratch;
use super::site::{http, out_dir, Server};

/// The player whose name is a script: text on every page, never run.
const XSS: &str = "<script>alert(1)</script>";
const CHIEF_PW: &str = "chief-hall-2026";
const DEPUTY_PW: &str = "deputy-hall-2026";
/// The event file's name, hence its address `/e/hall-open/`.
const ID: &str = "hall-open";
const ENTER: &str = "\u{E007}";
const DESKTOP: (u32, u32) = (1280, 900);
const PHONE: (u32, u32) = (390, 844);

/// Sixteen players by hand in the main section (names, ratings, births,
/// sexes: the profile's age groups give the prize list some categories).
const PLAYERS: &[(&str, u16, &str, &str)] = &[
    ("Chen, Wei", 2310, "1990", "m"),
    ("Lin, Yu-Ting", 2254, "2008", "f"),
    (XSS, 2201, "2012", "m"),
    ("Huang, Jie", 2155, "1985", "m"),
    ("Wang, Mei", 2102, "2011", "f"),
    ("Müller, Jörg", 2050, "1962", "m"),
    ("Tsai, Ming", 1998, "2014", "m"),
    ("Kuo, Ling", 1951, "2013", "f"),
    ("Lee, Daniel", 1900, "2009", "m"),
    ("Chang, An", 1855, "2016", "f"),
    ("Wu, Hao", 1803, "2010", "m"),
    ("Hsu, Pei", 1750, "2007", "f"),
    ("Lai, Kai", 1702, "2015", "m"),
    ("Yang, Su", 1650, "2012", "f"),
    ("Chou, Tim", 1601, "2006", "m"),
    ("Liu, Nan", 1555, "2017", "f"),
];

/// The results of round 1 by board, as typed: boards 1-4 by the chief,
/// 5-8 by the deputy (board 5 through the quick box); board 2 is then
/// corrected to 0-1.
const TYPED: [&str; 8] = ["1-0", "1-0", "1/2", "+-", "1/2", "0-1", "1-0", "0-1"];

fn user_add(event: &str, name: &str, role: &str, password: &str) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["user", "add", event, name, "--role", role])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run arbiter user add");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(format!("{password}\n").as_bytes())
        .expect("the password");
    let out = child.wait_with_output().expect("arbiter user add");
    assert!(
        out.status.success(),
        "user add {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The event file: the test profile's three sections, sixteen players in
/// the main one, a chief's and a deputy's account.
fn sample_event(dir: &Path) -> String {
    let event = dir.join(format!("{ID}.arbiter")).display().to_string();
    ok(&["event", "new", &event, "--profile", &profile()]);
    for (name, rating, birth, sex) in PLAYERS {
        ok(&[
            "event",
            "register",
            &event,
            "--name",
            name,
            "--rating",
            &rating.to_string(),
            "--birth",
            birth,
            "--sex",
            sex,
            "--fed",
            "TPE",
        ]);
    }
    user_add(&event, "Chief", "chief", CHIEF_PW);
    user_add(&event, "Deputy", "deputy", DEPUTY_PW);
    event
}

/// Screenshots of the page at desktop and phone widths
/// (`NAME-desktop.png`, `NAME-phone.png`); the desktop width stays.
fn shoot(b: &Browser, name: &str) {
    b.viewport(PHONE.0, PHONE.1, true);
    b.shot(&format!("{name}-phone"));
    b.viewport(DESKTOP.0, DESKTOP.1, false);
    b.shot(&format!("{name}-desktop"));
}

/// The page shows the player named as a script as text (its text content:
/// a ranking folded in a `<details>` counts too), no prompt opened and no
/// script in the page but the app's own file.
fn shows_as_text(b: &Browser, page: &str) {
    assert_eq!(b.alert_text(), None, "{page}: a prompt opened");
    let v = b.exec(
        "return [document.body.textContent,
                 Array.from(document.scripts).filter(s => !s.src || s.text.includes('alert')).length];",
        json!([]),
    );
    assert!(
        v[0].as_str().unwrap_or_default().contains(XSS),
        "{page}: expected the name {XSS} as text, found:\n{}",
        v[0]
    );
    assert_eq!(v[1], json!(0), "{page}: an inline script in the page");
}

/// Log in on the login page open in `b`.
fn log_in(b: &Browser, name: &str, password: &str) {
    b.type_into("input[name=\"name\"]", name);
    b.type_into("input[name=\"password\"]", password);
    b.click("form.card button[type=\"submit\"]");
}

/// The value of an input (a result box).
fn value(b: &Browser, css: &str) -> String {
    b.exec(
        "return document.querySelector(arguments[0]).value;",
        json!([css]),
    )
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// The name of the element that has the focus.
fn focused(b: &Browser) -> String {
    b.exec(
        "var a = document.activeElement; return a.name || a.id || a.textContent.trim();",
        json!([]),
    )
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// The results column of the public round page, board by board.
fn public_results(b: &Browser) -> Vec<String> {
    let v = b.exec(
        "return Array.from(document.querySelectorAll('table.pairings tbody td.c')).map(t => t.textContent.trim());",
        json!([]),
    );
    v.as_array()
        .map(|a| {
            a.iter()
                .map(|x| x.as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// Wait (up to 90 s: CI runs the other tests beside it on 2 cores) until
/// `f` holds; its last value otherwise in the panic.
fn until<T: std::fmt::Debug>(what: &str, mut f: impl FnMut() -> (bool, T)) -> T {
    let t0 = Instant::now();
    loop {
        let (done, v) = f();
        if done {
            return v;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(90),
            "{what}: still {v:?} after 90 s"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A form posted from the page with `fetch`: the reply's status, whether
/// it was a redirect that was followed, and its text.
fn post_from_page(b: &Browser, path: &str, fields: &[(&str, &str)]) -> (u64, bool, String) {
    let fields: Vec<Value> = fields.iter().map(|(k, v)| json!([k, v])).collect();
    let v = b.exec_async(
        "var done = arguments[arguments.length - 1];
         fetch(arguments[0], {method: 'POST', credentials: 'same-origin',
                              body: new URLSearchParams(arguments[1])})
           .then(r => r.text().then(t => done([r.status, r.redirected, t])))
           .catch(e => done([0, false, String(e)]));",
        json!([path, fields]),
    );
    (
        v[0].as_u64().unwrap_or(0),
        v[1].as_bool().unwrap_or(false),
        v[2].as_str().unwrap_or_default().to_string(),
    )
}

/// A PDF's pages (its page objects: `/Type /Page`, not `/Pages`).
fn pdf_pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.match_indices("/Type /Page")
        .filter(|(i, m)| !text[i + m.len()..].starts_with('s'))
        .count()
}

#[test]
fn a_round_run_from_two_browsers_while_the_public_follows() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let shots = out_dir("browser/hall");
    let Some(chief) = Browser::start(shots.clone()) else {
        return;
    };
    let t0 = Instant::now();
    let dir = Scratch::new("hall-browser");
    let event = sample_event(&dir);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args(["serve", &event, "--port", "0"]);
    let srv = Server::start_cmd(cmd);
    let base = format!("/e/{ID}");
    let url = |p: &str| srv.url(&format!("{base}{p}"));
    let deputy = chief.another("deputy");
    let public = chief.another("public");
    for b in [&chief, &deputy, &public] {
        b.viewport(DESKTOP.0, DESKTOP.1, false);
    }

    // The public follows the event's home from before the round is paired.
    public.go(&url("/"));
    public.expect("not started");
    until("the public page's live feed", || {
        let v = public.exec(
            "window.stayed = true; return document.body.getAttribute('data-seq');",
            json!([]),
        );
        (!v.is_null(), v)
    });
    shoot(&public, "public-home");

    // The chief logs in (the desk sends a stranger to the login page).
    chief.go(&url("/a/"));
    chief.expect("Arbiters' login");
    shoot(&chief, "login");
    log_in(&chief, "Chief", CHIEF_PW);
    chief.expect("Log out");
    chief.expect("Desk");
    shoot(&chief, "desk-before");

    chief.go(&url("/a/players?section=main"));
    chief.expect("Register a player in");
    shows_as_text(&chief, "players");
    shoot(&chief, "players");
    chief.click("table.players a[href$=\"/a/players/3?section=main\"]");
    chief.expect("Save");
    shows_as_text(&chief, "player");
    shoot(&chief, "player");
    chief.go(&url("/a/byes?section=main"));
    chief.expect("Byes recorded for the rounds to come");
    shoot(&chief, "byes");

    // Pairing: a draft, check's verdict on it, then published.
    chief.go(&url("/a/pair?section=main"));
    chief.expect("no round published yet");
    chief.click("button[value=\"draft\"]");
    chief.expect("Draft of round 1");
    let verdict = chief.text("pre.verdict");
    assert!(verdict.contains("round 1"), "check's verdict: {verdict}");
    assert!(verdict.contains("conform"), "check's verdict: {verdict}");
    shows_as_text(&chief, "pairing draft");
    shoot(&chief, "pair-draft");
    chief.click("button[value=\"publish\"]");
    chief.expect("round 1 of main published");

    // The public home shows round 1 without a reload.
    until("round 1 on the public home", || {
        let v = public.exec(
            "return [document.querySelector('main').innerText, window.stayed === true];",
            json!([]),
        );
        (v[0].as_str().unwrap_or_default().contains("Round 1"), v)
    });
    let stayed = public.exec("return window.stayed === true;", json!([]));
    assert_eq!(stayed, json!(true), "the public home was reloaded");

    // The public opens round 1's page before any result is in.
    public.click("main a[href$=\"/s/main/round-1.html\"]");
    public.expect("Round 1: pairings and results");
    until("the round page's live feed", || {
        let v = public.exec(
            "window.stayed = true; return document.body.getAttribute('data-seq');",
            json!([]),
        );
        (!v.is_null(), v)
    });
    let before = public_results(&public);
    assert_eq!(before.len(), 8, "{before:?}");
    assert!(before.iter().all(|r| r.is_empty()), "{before:?}");
    shows_as_text(&public, "public round 1");
    shoot(&public, "public-round-1-paired");

    // The deputy logs in; both open the round's results sheet.
    deputy.go(&url("/login"));
    log_in(&deputy, "Deputy", DEPUTY_PW);
    deputy.expect("Log out");
    let sheet = url("/a/results?section=main&round=1");
    chief.go(&sheet);
    deputy.go(&sheet);
    chief.expect("Quick entry");
    deputy.expect("Quick entry");
    shows_as_text(&deputy, "results sheet");
    shoot(&deputy, "results-empty");

    // The chief types boards 1-4: Enter goes to the next box.
    chief.click("input[name=\"r1\"]");
    for (i, r) in TYPED[..4].iter().enumerate() {
        assert_eq!(focused(&chief), format!("r{}", i + 1));
        chief.type_active(&format!("{r}{ENTER}"));
    }
    assert_eq!(focused(&chief), "r5");
    shoot(&chief, "results-typing");
    chief.click("form#sheet p.quick button[type=\"submit\"]");
    chief.expect("board 4: +-");

    // The deputy, on the sheet opened before the chief saved: board 5 in the
    // quick box, 6-8 in theirs, Enter on the last to Save, Enter to send.
    assert_eq!(focused(&deputy), "quick");
    deputy.type_active(&format!("5 {}{ENTER}", TYPED[4]));
    assert_eq!(value(&deputy, "input[name=\"r5\"]"), TYPED[4]);
    deputy.click("input[name=\"r6\"]");
    for r in &TYPED[5..] {
        deputy.type_active(&format!("{r}{ENTER}"));
    }
    assert_eq!(focused(&deputy), "Save", "after the last box: Save");
    deputy.type_active(ENTER);
    deputy.expect("board 8: 0-1");
    // Both arbiters' results kept.
    for (i, r) in TYPED.iter().enumerate() {
        assert_eq!(
            value(&deputy, &format!("input[name=\"r{}\"]", i + 1)),
            *r,
            "board {}",
            i + 1
        );
    }

    // The chief corrects board 2 (the old value shown beside it).
    chief.go(&sheet);
    chief.expect("Quick entry");
    assert_eq!(value(&chief, "input[name=\"r2\"]"), "1-0");
    let r2 = chief.find("input[name=\"r2\"]");
    chief.call(
        "POST",
        &chief.s(&format!("/element/{r2}/clear")),
        Some(json!({})),
    );
    chief.type_into("input[name=\"r2\"]", "0-1");
    shoot(&chief, "results-correction");
    chief.click("form#sheet p.quick button[type=\"submit\"]");
    chief.expect("board 2: 0-1 (corrected from 1-0)");
    assert_eq!(chief.text("#b2 td.was"), "0-1");

    // The deputy, on a page that still shows 1-0 there, changes board 2 too:
    // told what the chief entered, nothing overwritten.
    assert_eq!(value(&deputy, "input[name=\"r2\"]"), "1-0");
    let r2 = deputy.find("input[name=\"r2\"]");
    deputy.call(
        "POST",
        &deputy.s(&format!("/element/{r2}/clear")),
        Some(json!({})),
    );
    deputy.type_into("input[name=\"r2\"]", "1/2");
    deputy.click("form#sheet p.quick button[type=\"submit\"]");
    let page = deputy.expect("NOT written");
    assert!(page.contains("it holds 0-1 by Chief"), "{page}");
    assert_eq!(value(&deputy, "input[name=\"r2\"]"), "0-1");
    shoot(&deputy, "results-conflict");

    // The public round page has every result, the correction too, unreloaded.
    let shown = until("the results on the public round page", || {
        let r = public_results(&public);
        (
            r.iter().filter(|x| !x.is_empty()).count() == 8 && r[1] == "0 - 1",
            r,
        )
    });
    let stayed = public.exec("return window.stayed === true;", json!([]));
    assert_eq!(stayed, json!(true), "the public round page was reloaded");
    eprintln!("public round 1: {shown:?}");
    shows_as_text(&public, "public round 1 with results");
    shoot(&public, "public-round-1-results");

    // Refusals. A form without its CSRF token, or with another, from the
    // logged-in page: 403, nothing written; with it: written.
    let results = format!("{base}/a/results");
    let form = [
        ("section", "main"),
        ("round", "1"),
        ("r1", "0-1"),
        ("o1", "1-0"),
    ];
    let (status, _, text) = post_from_page(&chief, &results, &form);
    assert_eq!(status, 403, "{text}");
    assert!(text.contains("CSRF token"), "{text}");
    let mut forged = form.to_vec();
    forged.push(("csrf", "0123456789abcdef0123456789abcdef"));
    let (status, _, _) = post_from_page(&chief, &results, &forged);
    assert_eq!(status, 403);
    let token = value(&chief, "input[name=\"csrf\"]");
    let mut unchanged: Vec<(&str, &str)> = vec![("section", "main"), ("round", "1")];
    unchanged.extend([("r1", "1-0"), ("o1", "1-0"), ("csrf", token.as_str())]);
    let (status, redirected, text) = post_from_page(&chief, &results, &unchanged);
    assert_eq!((status, redirected), (200, true), "{text}");
    assert!(text.contains("nothing changed on the sheet"), "{text}");
    chief.go(&sheet);
    chief.expect("Quick entry");
    assert_eq!(
        value(&chief, "input[name=\"r1\"]"),
        "1-0",
        "the refused forms wrote"
    );
    // A deputy's token does not make a deputy the chief.
    let token = value(&deputy, "input[name=\"csrf\"]");
    let (status, _, text) = post_from_page(
        &deputy,
        &format!("{base}/a/pair"),
        &[("section", "main"), ("action", "draft"), ("csrf", &token)],
    );
    assert_eq!(status, 403, "{text}");
    assert!(text.contains("chief arbiter"), "{text}");
    // A write without a session: 401.
    let body = b"section=main&round=1&r1=0-1&o1=1-0";
    let form_type = "application/x-www-form-urlencoded";
    for path in ["/a/results", "/a/pair", "/a/undo", "/a/players"] {
        let r = http(
            &srv.addr,
            "POST",
            &format!("{base}{path}"),
            &srv.addr,
            form_type,
            body,
        );
        assert_eq!(r.status, 401, "{path}: {}", r.body);
    }
    // A wrong password: the login page again with the error, 401.
    public.go(&url("/login"));
    log_in(&public, "Chief", "not-the-password");
    public.expect("wrong name or password");
    let status = public.exec(
        "return performance.getEntriesByType('navigation')[0].responseStatus;",
        json!([]),
    );
    assert_eq!(status, json!(401));
    shoot(&public, "login-wrong-password");
    let r = http(
        &srv.addr,
        "POST",
        &format!("{base}/login"),
        &srv.addr,
        form_type,
        b"name=Deputy&password=not-the-password",
    );
    assert_eq!(r.status, 401);
    assert!(r.body.contains("wrong name or password"));

    // The desk's other pages, and the log naming both arbiters.
    chief.go(&url("/a/"));
    chief.expect("8 of 8 boards");
    shoot(&chief, "desk");
    chief.go(&url("/a/log"));
    let log = chief.expect("Undo step");
    assert!(log.contains("Deputy") && log.contains("Chief"), "{log}");
    shows_as_text(&chief, "log");
    shoot(&chief, "log");
    chief.go(&url("/a/results?section=main&round=1"));
    chief.expect("Quick entry");
    shoot(&chief, "results");
    chief.go(&url("/a/pair?section=main"));
    chief.expect("Pair round 2 as a draft");
    shoot(&chief, "pair");

    // The printouts: each page, its PDF (A4), its screenshots.
    let mut printed = Vec::new();
    for (what, heading) in [
        ("pairings", "round 1, pairings by board"),
        ("alphabetical", "round 1, pairings by name"),
        ("slips", "round 1, result slips"),
        ("standings", "standings"),
        ("prizes", "prize list"),
    ] {
        chief.go(&url(&format!("/a/print/{what}?section=main")));
        chief.expect(heading);
        shows_as_text(&chief, &format!("print {what}"));
        let (path, pdf) = chief.print_pdf(&format!("print-{what}"));
        assert!(pdf.starts_with(b"%PDF-"), "{}: not a PDF", path.display());
        let pages = pdf_pages(&pdf);
        assert!(pages > 0, "{}: no page", path.display());
        printed.push(format!("{what}: {pages} page(s), {} bytes", pdf.len()));
        shoot(&chief, &format!("print-{what}"));
    }
    eprintln!("printed: {printed:?}");

    // The public site of the section, each page with the name as text.
    for (page, names_him) in [
        ("index", false),
        ("players", true),
        ("round-1", true),
        ("standings", true),
        ("crosstable", true),
        ("player-3", true),
        ("prizes", true),
        ("rating", false),
    ] {
        public.go(&url(&format!("/s/main/{page}.html")));
        public.expect("arbiter");
        if page == "standings" {
            // Round 1 of 9: not final.
            assert_eq!(public.text("main h1"), "Standings after round 1");
        }
        if names_him {
            shows_as_text(&public, &format!("public {page}"));
        } else {
            assert_eq!(public.alert_text(), None, "public {page}: a prompt opened");
        }
        shoot(&public, &format!("public-{page}"));
    }

    // Logging out ends the session: the desk asks for the login again.
    chief.go(&url("/a/"));
    chief.click("header form.who button[type=\"submit\"]");
    chief.expect("Sections");
    chief.go(&url("/a/"));
    chief.expect("Arbiters' login");
    eprintln!("hall in the browser: {:.1} s", t0.elapsed().as_secs_f64());
}
