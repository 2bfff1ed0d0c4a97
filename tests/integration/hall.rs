//! The hall (`arbiter serve EVENT`) over plain HTTP against a real server
//! process and a real event file: accounts and their refusals (wrong
//! password, rate limit, CSRF, no session, a deputy's limits), two arbiters
//! at once (both kept; a board changed by one is not overwritten by the
//! other), the live feed seeing a step written from the command line, the
//! network rules (a chief's account before the hall's network; the machine's
//! own addresses answered, other names refused), and a hostile player name
//! shown as text.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::event::{arbiter, ok, profile};
use crate::scratch::Scratch;
use crate::site::{http, Reply, Server};

const HOSTILE: &str = "<script>alert(1)</script>";

/// An event of 12 players (one with a hostile name), a chief and two deputies.
fn event(dir: &Scratch) -> String {
    let e = dir.join("hall.arbiter").display().to_string();
    ok(&["event", "new", &e, "--profile", &profile()]);
    for i in 1..=12 {
        let name = if i == 7 {
            HOSTILE.to_string()
        } else {
            format!("Player {i:02}")
        };
        let rating = (2400 - i * 25).to_string();
        ok(&[
            "event", "register", &e, "--name", &name, "--rating", &rating,
        ]);
    }
    for (name, role, pw) in [
        ("Chief", "chief", "chief-password"),
        ("Deputy A", "deputy", "deputy-a-password"),
        ("Deputy B", "deputy", "deputy-b-password"),
    ] {
        user_add(&e, name, role, pw);
    }
    e
}

fn user_add(e: &str, name: &str, role: &str, pw: &str) {
    let mut c = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["user", "add", e, name, "--role", role])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    c.stdin
        .take()
        .unwrap()
        .write_all(format!("{pw}\n").as_bytes())
        .unwrap();
    assert!(c.wait().unwrap().success(), "user add {name}");
}

fn serve(e: &str) -> Server {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args(["serve", "--port", "0", e]);
    Server::start_cmd(cmd)
}

/// A request with a cookie and a form body.
fn send(srv: &Server, method: &str, path: &str, cookie: &str, form: &str) -> Reply {
    let mut s = TcpStream::connect(&srv.addr).expect("connect");
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
        srv.addr
    );
    if !cookie.is_empty() {
        req.push_str(&format!("Cookie: {cookie}\r\n"));
    }
    if method == "POST" {
        req.push_str("Content-Type: application/x-www-form-urlencoded\r\n");
    }
    req.push_str(&format!("Content-Length: {}\r\n\r\n{form}", form.len()));
    s.write_all(req.as_bytes()).unwrap();
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

/// Log in; the session cookie (`arbiter_session=…`).
fn login(srv: &Server, name: &str, pw: &str) -> String {
    let r = send(
        srv,
        "POST",
        "/e/hall/login",
        "",
        &format!("name={}&password={}", enc(name), enc(pw)),
    );
    assert_eq!(r.status, 303, "login {name}: {}", r.body);
    let c = r.header("set-cookie").expect("a session cookie");
    assert!(
        c.contains("HttpOnly") && c.contains("SameSite=Strict") && c.contains("Path=/e/hall/"),
        "{c}"
    );
    c.split(';').next().unwrap().to_string()
}

/// The CSRF token of a page's forms.
fn csrf(srv: &Server, cookie: &str, path: &str) -> String {
    let r = send(srv, "GET", path, cookie, "");
    assert_eq!(r.status, 200, "{path}: {}", r.body);
    let i = r.body.find("name=\"csrf\" value=\"").expect("a CSRF field") + 19;
    r.body[i..i + 32].to_string()
}

/// The value a results sheet shows for a board.
fn shown(srv: &Server, cookie: &str, board: u32) -> String {
    let r = send(srv, "GET", "/e/hall/a/results?section=main", cookie, "");
    let key = format!("name=\"o{board}\" value=\"");
    let i = r.body.find(&key).expect("the board") + key.len();
    r.body[i..].split('"').next().unwrap().to_string()
}

#[test]
fn arbiters_work_at_once_and_nobody_overwrites_anybody() {
    let dir = Scratch::new("hall-two");
    let e = event(&dir);
    let srv = serve(&e);
    let chief = login(&srv, "Chief", "chief-password");
    let a = login(&srv, "Deputy A", "deputy-a-password");
    let b = login(&srv, "Deputy B", "deputy-b-password");

    // a deputy may not pair; the chief pairs and publishes round 1
    let t = csrf(&srv, &a, "/e/hall/a/");
    let r = send(
        &srv,
        "POST",
        "/e/hall/a/pair",
        &a,
        &format!("csrf={t}&section=main&action=publish"),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    let t = csrf(&srv, &chief, "/e/hall/a/pair");
    let r = send(
        &srv,
        "POST",
        "/e/hall/a/pair",
        &chief,
        &format!("csrf={t}&section=main&action=draft"),
    );
    assert_eq!(r.status, 303);
    let page = send(&srv, "GET", "/e/hall/a/pair?section=main", &chief, "").body;
    assert!(
        page.contains("Draft of round 1") && page.contains("class=\"verdict\""),
        "{page}"
    );
    let r = send(
        &srv,
        "POST",
        "/e/hall/a/pair",
        &chief,
        &format!("csrf={t}&section=main&action=publish"),
    );
    assert_eq!(r.status, 303);
    assert!(
        send(&srv, "GET", "/e/hall/a/", &chief, "")
            .body
            .contains("round 1 of main published"),
        "the flash says what happened"
    );

    // both deputies enter their halves of the round at the same moment
    let ta = csrf(&srv, &a, "/e/hall/a/results?section=main");
    let tb = csrf(&srv, &b, "/e/hall/a/results?section=main");
    let (a2, b2, srv_addr) = (a.clone(), b.clone(), srv.addr.clone());
    let sheet = |boards: std::ops::RangeInclusive<u32>, res: &str| {
        boards
            .map(|n| format!("&r{n}={}&o{n}=", enc(res)))
            .collect::<String>()
    };
    let fa = format!("csrf={ta}&section=main&round=1{}", sheet(1..=3, "1-0"));
    let fb = format!("csrf={tb}&section=main&round=1{}", sheet(4..=6, "0-1"));
    let one = {
        let addr = srv_addr.clone();
        std::thread::spawn(move || post_raw(&addr, "/e/hall/a/results", &a2, &fa))
    };
    let two = std::thread::spawn(move || post_raw(&srv_addr, "/e/hall/a/results", &b2, &fb));
    assert_eq!(one.join().unwrap(), 303);
    assert_eq!(two.join().unwrap(), 303);
    for n in 1..=3 {
        assert_eq!(
            shown(&srv, &chief, n),
            "1-0",
            "board {n}: deputy A's result kept"
        );
    }
    for n in 4..=6 {
        assert_eq!(
            shown(&srv, &chief, n),
            "0-1",
            "board {n}: deputy B's result kept"
        );
    }

    // both change board 1 from the same page: the second is told, not written
    let r = send(
        &srv,
        "POST",
        "/e/hall/a/results",
        &a,
        &format!("csrf={ta}&section=main&round=1&r1=%3D&o1=1-0"),
    );
    assert_eq!(r.status, 303);
    let r = send(
        &srv,
        "POST",
        "/e/hall/a/results",
        &b,
        &format!("csrf={tb}&section=main&round=1&r1=0-1&o1=1-0"),
    );
    assert_eq!(r.status, 303);
    let told = send(&srv, "GET", "/e/hall/a/results?section=main", &b, "").body;
    assert!(
        told.contains("NOT written") && told.contains("by Deputy A"),
        "deputy B is told what deputy A entered: {told}"
    );
    assert_eq!(
        shown(&srv, &chief, 1),
        "1&#x2f;2",
        "deputy A's correction stands"
    );

    // the log names each arbiter
    let log = String::from_utf8(
        Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["event", "log", &e])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    for who in ["Chief", "Deputy A", "Deputy B"] {
        assert!(log.contains(who), "{who} in the log:\n{log}");
    }
    assert!(log.contains("r1 b1 1/2 (was 1-0)"), "{log}");
}

fn post_raw(addr: &str, path: &str, cookie: &str, form: &str) -> u16 {
    let mut s = TcpStream::connect(addr).unwrap();
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nCookie: {cookie}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{form}",
        form.len()
    );
    s.write_all(req.as_bytes()).unwrap();
    let mut line = String::new();
    BufReader::new(s).read_line(&mut line).unwrap();
    line.split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

#[test]
fn writes_need_a_session_its_csrf_token_and_the_right_password() {
    let dir = Scratch::new("hall-refusals");
    let e = event(&dir);
    let srv = serve(&e);
    // no session
    let r = send(
        &srv,
        "POST",
        "/e/hall/a/results",
        "",
        "section=main&round=1&r1=1-0&o1=",
    );
    assert_eq!(r.status, 401, "{}", r.body);
    // a session, no token / another token
    let chief = login(&srv, "Chief", "chief-password");
    let r = send(
        &srv,
        "POST",
        "/e/hall/a/pair",
        &chief,
        "section=main&action=publish",
    );
    assert_eq!(r.status, 403);
    assert!(r.body.contains("CSRF"), "{}", r.body);
    let r = send(
        &srv,
        "POST",
        "/e/hall/a/pair",
        &chief,
        "csrf=00000000000000000000000000000000&section=main&action=publish",
    );
    assert_eq!(r.status, 403);
    // nothing was written by the refused requests
    let (_, log, _) = arbiter(&["event", "log", &e]);
    assert!(!log.contains("pair"), "{log}");
    // a session of one event is not one of another path
    let r = send(
        &srv,
        "GET",
        "/e/hall/a/",
        "arbiter_session=0123456789abcdef0123456789abcdef",
        "",
    );
    assert_eq!(r.status, 303, "an unknown session goes to the login page");
    // a wrong password: 401, then after five failures 429 with Retry-After
    for i in 0..5 {
        let r = send(
            &srv,
            "POST",
            "/e/hall/login",
            "",
            "name=Chief&password=wrong-password",
        );
        assert_eq!(r.status, 401, "attempt {i}");
        assert!(r.body.contains("wrong name or password"));
    }
    let r = send(
        &srv,
        "POST",
        "/e/hall/login",
        "",
        "name=Chief&password=chief-password",
    );
    assert_eq!(r.status, 429, "even the right password waits: {}", r.body);
    assert!(r.header("retry-after").is_some());
    // a login form posted from another site
    let mut s = TcpStream::connect(&srv.addr).unwrap();
    let form = "name=Deputy%20A&password=deputy-a-password";
    write!(s, "POST /e/hall/login HTTP/1.1\r\nHost: {}\r\nOrigin: http://evil.example\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{form}", srv.addr, form.len()).unwrap();
    let mut text = String::new();
    let _ = s.read_to_string(&mut text);
    assert!(text.starts_with("HTTP/1.1 403"), "{text}");
    // logout ends the session
    let t = csrf(&srv, &chief, "/e/hall/a/");
    let r = send(&srv, "POST", "/e/hall/logout", &chief, &format!("csrf={t}"));
    assert_eq!(r.status, 303);
    assert_eq!(send(&srv, "GET", "/e/hall/a/", &chief, "").status, 303);
}

#[test]
fn a_hostile_name_is_text_on_every_page() {
    let dir = Scratch::new("hall-xss");
    let e = event(&dir);
    ok(&["event", "pair", &e]);
    let srv = serve(&e);
    let chief = login(&srv, "Chief", "chief-password");
    let pages = [
        ("/e/hall/a/players?section=main", true),
        ("/e/hall/a/results?section=main", true),
        ("/e/hall/a/byes?section=main", true),
        ("/e/hall/a/print/pairings?section=main", true),
        ("/e/hall/a/print/alphabetical?section=main", true),
        ("/e/hall/a/print/slips?section=main", true),
        ("/e/hall/s/main/players.html", false),
        ("/e/hall/s/main/round-1.html", false),
        ("/e/hall/s/main/standings.html", false),
    ];
    for (p, desk) in pages {
        let r = send(&srv, "GET", p, if desk { &chief } else { "" }, "");
        assert_eq!(r.status, 200, "{p}");
        assert!(!r.body.contains(HOSTILE), "{p} carries the name as markup");
        assert!(
            r.body
                .contains("&lt;script&gt;alert(1)&lt;&#x2f;script&gt;"),
            "{p} shows the name as text"
        );
        let csp = r.header("content-security-policy").unwrap();
        assert!(csp.contains("script-src 'self'"), "{csp}");
        assert!(
            !r.body.contains("<script>")
                || r.body.contains("<script src=\"/hall.js\" defer></script>"),
            "{p}: no inline script"
        );
    }
}

#[test]
fn the_live_feed_sees_a_step_from_the_command_line() {
    let dir = Scratch::new("hall-live");
    let e = event(&dir);
    let srv = serve(&e);
    let mut s = TcpStream::connect(&srv.addr).unwrap();
    write!(s, "GET /e/hall/live HTTP/1.1\r\nHost: {}\r\n\r\n", srv.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut r = BufReader::new(s);
    let mut seqs = Vec::new();
    let mut line = String::new();
    let t0 = Instant::now();
    let mut written = false;
    while seqs.len() < 2 && t0.elapsed() < Duration::from_secs(10) {
        line.clear();
        if r.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        if let Some(n) = line.trim().strip_prefix("data: ") {
            seqs.push(n.parse::<i64>().unwrap());
            if !written {
                ok(&["event", "pair", &e]);
                written = true;
            }
        }
    }
    assert_eq!(seqs.len(), 2, "the feed's events: {seqs:?}");
    assert!(seqs[1] > seqs[0], "{seqs:?}");
}

#[test]
fn the_halls_network_needs_a_chief_and_answers_the_machines_own_addresses() {
    let dir = Scratch::new("hall-net");
    let e = dir.join("bare.arbiter").display().to_string();
    ok(&["event", "new", &e, "--profile", &profile()]);
    let (code, _, err) = arbiter(&["serve", "--port", "0", "--host", "0.0.0.0", &e]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("chief arbiter's account") && err.contains("arbiter user add"),
        "{err}"
    );
    // on this machine only, the setup page makes the first chief
    let srv = serve(&e);
    let r = http(&srv.addr, "GET", "/e/bare/setup", "localhost", "", &[]);
    assert_eq!(r.status, 200, "{}", r.body);
    let r = http(
        &srv.addr,
        "POST",
        "/e/bare/setup",
        "localhost",
        "application/x-www-form-urlencoded",
        b"name=Chief&password=a-long-password&again=a-long-password",
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let r = http(
        &srv.addr,
        "POST",
        "/e/bare/setup",
        "localhost",
        "application/x-www-form-urlencoded",
        b"name=Other&password=a-long-password&again=a-long-password",
    );
    assert_eq!(r.status, 403, "a second setup is refused");
    drop(srv);
    // now the hall's network: this machine's own address answers, other names do not
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args([
        "serve",
        "--port",
        "0",
        "--host",
        "0.0.0.0",
        "--public-name",
        "chess.example.org",
        &e,
    ]);
    let srv = Server::start_cmd(cmd);
    let port = srv.addr.rsplit(':').next().unwrap().to_string();
    let own = std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|u| u.connect("192.0.2.1:9").map(|_| u))
        .and_then(|u| u.local_addr())
        .map(|a| a.ip());
    if let Some(ip) = own
        .ok()
        .filter(|ip| !ip.is_loopback() && !ip.is_unspecified())
    {
        let addr = format!("{ip}:{port}");
        assert_eq!(
            http(&addr, "GET", "/e/bare/", &addr, "", &[]).status,
            200,
            "own address {addr}"
        );
        assert_eq!(
            http(&addr, "GET", "/e/bare/", "evil.example", "", &[]).status,
            421
        );
        assert_eq!(
            http(
                &addr,
                "GET",
                "/e/bare/",
                &format!("chess.example.org:{port}"),
                "",
                &[]
            )
            .status,
            200
        );
        let r = http(&addr, "GET", "/e/bare/setup", &addr, "", &[]);
        assert_eq!(r.status, 403, "setup only on the machine itself");
    } else {
        eprintln!("note: no non-loopback address here; the own-address case is not exercised");
    }
    let local = format!("127.0.0.1:{port}");
    assert_eq!(
        http(&local, "GET", "/e/bare/", "rebind.example", "", &[]).status,
        421
    );
}

#[test]
fn the_desk_registers_a_player_found_in_the_fide_list() {
    use chess_arbiter::formats::fide_list::synthetic::{self, Layout};
    let dir = Scratch::new("hall-list");
    let e = event(&dir);
    let list = dir.join("players_list_foa.txt");
    let players: Vec<_> = (1..=40).map(crate::event::list_player).collect();
    synthetic::write(
        &mut std::fs::File::create(&list).unwrap(),
        Layout::CombinedTxt,
        &players,
        0,
        1,
    )
    .unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args([
        "serve",
        "--port",
        "0",
        "--fide-list",
        &list.display().to_string(),
        "--fide-list-month",
        "2026-08",
        &e,
    ]);
    let srv = Server::start_cmd(cmd);
    let chief = login(&srv, "Chief", "chief-password");
    // by words of the name, then by id
    let page = send(
        &srv,
        "GET",
        "/e/hall/a/players?section=main&q=player017+test",
        &chief,
        "",
    )
    .body;
    assert!(
        page.contains("8100017") && page.contains("Player017, Test"),
        "{page}"
    );
    assert!(!page.contains("8100018"), "only the player asked for");
    let page = send(
        &srv,
        "GET",
        "/e/hall/a/players?section=main&q=8100023",
        &chief,
        "",
    )
    .body;
    assert!(page.contains("Player023, Test"), "{page}");
    let page = send(
        &srv,
        "GET",
        "/e/hall/a/players?section=main&q=nobody",
        &chief,
        "",
    )
    .body;
    assert!(page.contains("No player of the list matches"), "{page}");
    // register the hit: the list's data, the number after the 12 players
    let t = csrf(&srv, &chief, "/e/hall/a/players?section=main");
    let r = send(
        &srv,
        "POST",
        "/e/hall/a/players",
        &chief,
        &format!("csrf={t}&section=main&from_list=1&fide_id=8100017&category=U19&first_round=1"),
    );
    assert_eq!(r.status, 303);
    let page = send(&srv, "GET", "/e/hall/a/players?section=main", &chief, "").body;
    assert!(page.contains("player registered"), "{page}");
    assert!(
        page.contains("Player017, Test") && page.contains("8100017"),
        "{page}"
    );
    let r = send(
        &srv,
        "POST",
        "/e/hall/a/players",
        &chief,
        &format!("csrf={t}&section=main&from_list=1&fide_id=9999999"),
    );
    assert_eq!(r.status, 303);
    let page = send(&srv, "GET", "/e/hall/a/players?section=main", &chief, "").body;
    assert!(
        page.contains("expected a player of the FIDE list, found no 9999999"),
        "{page}"
    );
}

#[test]
fn the_chief_undoes_the_step_the_log_page_showed_and_no_other() {
    let dir = Scratch::new("hall-undo");
    let e = event(&dir);
    ok(&["event", "pair", &e]);
    let srv = serve(&e);
    let chief = login(&srv, "Chief", "chief-password");
    let deputy = login(&srv, "Deputy A", "deputy-a-password");
    let t = csrf(&srv, &deputy, "/e/hall/a/results?section=main");
    let r = send(
        &srv,
        "POST",
        "/e/hall/a/results",
        &deputy,
        &format!("csrf={t}&section=main&round=1&r1=1-0&o1="),
    );
    assert_eq!(r.status, 303);
    let page = send(&srv, "GET", "/e/hall/a/log", &chief, "").body;
    let i = page.find("name=\"last\" value=\"").expect("the undo form") + 19;
    let last: String = page[i..].chars().take_while(char::is_ascii_digit).collect();
    // a deputy may not undo
    let td = csrf(&srv, &deputy, "/e/hall/a/log");
    let r = send(
        &srv,
        "POST",
        "/e/hall/a/undo",
        &deputy,
        &format!("csrf={td}&last={last}"),
    );
    assert_eq!(r.status, 403);
    // another result comes in after the chief opened the log: the undo is refused
    let r = send(
        &srv,
        "POST",
        "/e/hall/a/results",
        &deputy,
        &format!("csrf={t}&section=main&round=1&r2=0-1&o2="),
    );
    assert_eq!(r.status, 303);
    let tc = csrf(&srv, &chief, "/e/hall/a/log");
    let r = send(
        &srv,
        "POST",
        "/e/hall/a/undo",
        &chief,
        &format!("csrf={tc}&last={last}&reason=wrong+board"),
    );
    assert_eq!(r.status, 303);
    let page = send(&srv, "GET", "/e/hall/a/log", &chief, "").body;
    assert!(
        page.contains("someone changed the event since the page was opened"),
        "{page}"
    );
    assert_eq!(shown(&srv, &chief, 2), "0-1", "nothing undone");
    // the step the page shows now is undone, with the chief's reason in the log
    let i = page.find("name=\"last\" value=\"").unwrap() + 19;
    let last: String = page[i..].chars().take_while(char::is_ascii_digit).collect();
    let r = send(
        &srv,
        "POST",
        "/e/hall/a/undo",
        &chief,
        &format!("csrf={tc}&last={last}&reason=wrong+board"),
    );
    assert_eq!(r.status, 303);
    assert_eq!(shown(&srv, &chief, 2), "", "board 2's result taken back");
    assert_eq!(shown(&srv, &chief, 1), "1-0", "board 1's result kept");
    let (_, log, _) = arbiter(&["event", "log", &e]);
    assert!(log.contains("wrong board") && log.contains("undo"), "{log}");
}
