//! `arbiter serve` under attack (issue #34, "The server"): a real server on
//! a free port, driven over plain TCP. One upload never ends the process,
//! heavy uploads wait in line within the memory budget, connections are
//! bounded and closed when idle, every response carries the security
//! headers, and the Host header is read strictly.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use super::site::{get, http, root, upload, Reply, Server};

fn fixture(p: &str) -> Vec<u8> {
    std::fs::read(root().join(p)).expect("fixture")
}

/// Send `raw` as is, read the whole answer (the connection closes).
fn raw(addr: &str, raw: &str) -> String {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(30))).ok();
    s.write_all(raw.as_bytes()).expect("send");
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

fn status_of(answer: &str) -> u16 {
    answer
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// #34 item 1: the Vega pairing export whose header names round
/// 4294967295 ended the whole server (every other user's uploads lost).
/// The request fails alone; the app and an earlier upload stay. The abort
/// was an allocation failure in the Vega reader, which no handler can
/// catch: its fix is on the readers' branch of #34.
#[test]
fn serve_survives_a_vega_export_of_round_4294967295() {
    let mut srv = Server::start();
    let tunx = fixture("tests/fixtures/tunx/aut_1384031.TUNX");
    let first = upload(&srv, &[("file", "aut.TUNX", &tunx)]);
    assert_eq!(first.status, 303, "{}", first.body);
    let loc = first.header("location").expect("redirect");
    let vega = String::from_utf8(fixture("tests/fixtures/vega/sorted_pairs_round3.txt"))
        .expect("utf-8")
        .replace("Pairing of round 3", "Pairing of round 4294967295");
    assert!(vega.contains("round 4294967295"));
    let r = upload(&srv, &[("file", "pairs.txt", vega.as_bytes())]);
    assert!(
        matches!(r.status, 303 | 422 | 500),
        "{}: {}",
        r.status,
        r.body
    );
    assert!(srv.alive(), "the server ended");
    assert_eq!(get(&srv, "/").status, 200);
    assert_eq!(get(&srv, &loc).status, 200, "the earlier upload is lost");
}

/// #34 item 1: a panic in one request's work becomes that request's 500
/// page with the message; the server and the other uploads go on.
#[test]
fn serve_turns_a_panic_in_one_upload_into_a_500_page() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args(["serve", "--port", "0"])
        .env("ARBITER_SERVE_TEST_PANIC", "boom.trf");
    let mut srv = Server::start_cmd(cmd);
    let tunx = fixture("tests/fixtures/tunx/aut_1384031.TUNX");
    let first = upload(&srv, &[("file", "aut.TUNX", &tunx)]);
    let loc = first.header("location").expect("redirect");
    let r = upload(&srv, &[("file", "boom.trf", &tunx)]);
    assert_eq!(r.status, 500, "{}", r.body);
    assert!(
        r.body
            .contains("internal error: test panic while reading boom.trf"),
        "{}",
        r.body
    );
    assert!(r
        .header("content-type")
        .is_some_and(|c| c.starts_with("text/html")));
    assert!(srv.alive(), "the server ended");
    assert_eq!(get(&srv, &loc).status, 200, "the earlier upload is lost");
    assert_eq!(upload(&srv, &[("file", "aut.TUNX", &tunx)]).status, 303);
}

/// The peak resident memory of a process (VmHWM), in MiB.
fn peak_mib(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let l = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    Some(l.split_whitespace().nth(1)?.parse::<u64>().ok()? / 1024)
}

/// Peak resident memory of a fresh server after `n` uploads of `data` at
/// once, in MiB; every upload must be answered with a page.
fn peak_after_uploads(n: usize, data: &[u8]) -> u64 {
    let mut srv = Server::start();
    let answers: Vec<Reply> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..n)
            .map(|i| {
                let srv = &srv;
                s.spawn(move || upload(srv, &[("file", &format!("blank{i}.trf"), data)]))
            })
            .collect();
        hs.into_iter().map(|h| h.join().expect("client")).collect()
    });
    for a in &answers {
        assert!(
            matches!(a.status, 303 | 422),
            "{}: {}",
            a.status,
            &a.body[..a.body.len().min(500)]
        );
    }
    assert!(srv.alive());
    assert_eq!(get(&srv, "/").status, 200);
    peak_mib(srv.pid()).expect("/proc/PID/status")
}

/// #34 item 2: four 19 MB uploads at once (blank lines: the reader's worst
/// case per byte) took 4.45 GB, four times one. They now wait in line for
/// the work budget: four at once peak about as high as one, and under 1 GB
/// (5 MB each here, which the readers of this branch still inflate 68
/// times).
#[test]
#[cfg(target_os = "linux")]
fn serve_queues_concurrent_heavy_uploads_within_the_memory_budget() {
    let blank = vec![b'\n'; 5 * 1024 * 1024];
    let one = peak_after_uploads(1, &blank);
    let four = peak_after_uploads(4, &blank);
    // Since the readers keep blank lines to a small multiple of the input
    // (the readers' fix of #34 item 10), one such upload costs a few MiB
    // above the idle server; four at once may add that much each again
    // while they queue, but never four times the work budget.
    assert!(
        four * 2 < one * 3 + 64,
        "four uploads at once peaked at {four} MiB, one at {one} MiB"
    );
    assert!(four < 1024, "peak resident memory {four} MiB");
}

/// #34 item 3: at `ulimit -n 1024`, 1,100 idle connections panicked the
/// server ("timers are disabled"). With 64 descriptors and 100 idle
/// connections, the extra ones are refused, the server goes on, and once
/// the idle ones close it answers again.
#[test]
fn serve_refuses_connections_beyond_its_descriptors_and_goes_on() {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg("ulimit -n 64 && exec \"$0\" serve --port 0")
        .arg(env!("CARGO_BIN_EXE_arbiter"));
    let mut srv = Server::start_cmd(cmd);
    let idle: Vec<TcpStream> = (0..100)
        .filter_map(|_| TcpStream::connect(&srv.addr).ok())
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    assert!(srv.alive(), "the server ended with its descriptors used up");
    // a request now is answered with 503 or (once slots free) 200: never a crash
    let mut s = TcpStream::connect(&srv.addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(20))).ok();
    let _ = s.write_all(
        format!(
            "GET / HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            srv.addr
        )
        .as_bytes(),
    );
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out);
    assert!(
        matches!(status_of(&text), 503 | 200),
        "{}",
        &text[..text.len().min(300)]
    );
    drop(idle);
    std::thread::sleep(Duration::from_millis(500));
    assert!(srv.alive());
    assert_eq!(get(&srv, "/").status, 200);
}

/// #34 item 3: idle and half-open connections were never closed (0 of 20
/// after 65 s). A connection that sends nothing, one that stops in the
/// middle of its headers and one kept alive after a request are all closed.
#[test]
fn serve_closes_idle_and_half_open_connections() {
    let srv = Server::start();
    let t0 = Instant::now();
    let closed_within = |mut s: TcpStream, limit: Duration| {
        s.set_read_timeout(Some(limit)).ok();
        let mut buf = [0u8; 4096];
        loop {
            match s.read(&mut buf) {
                Ok(0) => return true,
                Ok(_) => continue,
                Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return true,
                Err(_) => return false,
            }
        }
    };
    let limit = Duration::from_secs(45);
    std::thread::scope(|sc| {
        let silent = TcpStream::connect(&srv.addr).expect("connect");
        let mut half = TcpStream::connect(&srv.addr).expect("connect");
        half.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
            .expect("send");
        let mut kept = TcpStream::connect(&srv.addr).expect("connect");
        kept.write_all(format!("GET / HTTP/1.1\r\nHost: {}\r\n\r\n", srv.addr).as_bytes())
            .expect("send");
        let a = sc.spawn(move || closed_within(silent, limit));
        let b = sc.spawn(move || closed_within(half, limit));
        let c = sc.spawn(move || closed_within(kept, limit));
        assert!(a.join().expect("silent"), "a silent connection stayed open");
        assert!(b.join().expect("half"), "a half-sent request stayed open");
        assert!(c.join().expect("kept"), "an idle keep-alive stayed open");
    });
    assert!(t0.elapsed() < limit);
}

/// #34 item 5: the security headers on every kind of response, a
/// Content-Type included on the 404 of an unknown route.
#[test]
fn serve_sends_security_headers_on_every_response() {
    let srv = Server::start();
    let tunx = fixture("tests/fixtures/tunx/aut_1384031.TUNX");
    let up = upload(&srv, &[("file", "aut.TUNX", &tunx)]);
    let loc = up.header("location").expect("redirect");
    let base = loc.trim_end_matches("index.html").to_string();
    let answers = [
        ("home", get(&srv, "/")),
        ("style", get(&srv, "/style.css")),
        ("upload", up),
        ("index", get(&srv, &loc)),
        ("check", get(&srv, &format!("{base}check.html"))),
        ("download", get(&srv, &format!("{base}download/event.json"))),
        ("unknown route", get(&srv, "/no/such/route")),
        ("unknown page", get(&srv, &format!("{base}nothing.html"))),
        ("unknown id", get(&srv, "/u/0123456789abcdef/index.html")),
        (
            "other host",
            http(&srv.addr, "GET", "/", "evil.example", "", &[]),
        ),
    ];
    for (what, r) in &answers {
        assert_eq!(
            r.header("x-content-type-options").as_deref(),
            Some("nosniff"),
            "{what}"
        );
        let csp = r.header("content-security-policy").unwrap_or_default();
        assert!(csp.contains("default-src 'none'"), "{what}: {csp}");
        assert!(csp.contains("style-src 'self'"), "{what}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
        assert_eq!(
            r.header("x-frame-options").as_deref(),
            Some("DENY"),
            "{what}"
        );
        assert_eq!(
            r.header("referrer-policy").as_deref(),
            Some("same-origin"),
            "{what}"
        );
        assert!(
            r.header("content-type").is_some(),
            "{what}: no Content-Type"
        );
        if *what != "style" {
            assert_eq!(
                r.header("cache-control").as_deref(),
                Some("no-store"),
                "{what}"
            );
        }
    }
    let unknown = &answers[6].1;
    assert_eq!(unknown.status, 404);
    assert!(unknown
        .header("content-type")
        .is_some_and(|c| c.starts_with("text/html")));
    // the pages need nothing the policy forbids: no script, no inline style
    for (what, r) in &answers[..5] {
        assert!(!r.body.contains("<script"), "{what}");
        assert!(!r.body.contains("<style"), "{what}");
        assert!(!r.body.contains("style=\""), "{what}");
    }
}

/// #34 item 6: the forms of Host the old check took for a local name, a
/// second Host header and an absolute target naming another host.
#[test]
fn serve_refuses_host_headers_that_are_not_one_local_host_and_port() {
    let srv = Server::start();
    let port = srv.addr.rsplit(':').next().unwrap_or_default().to_string();
    for host in [
        format!("127.0.0.1:{port}@evil.com"),
        "[::1]evil.com".to_string(),
        format!("localhost:{port} evil.com"),
        format!("localhost:{port}.evil.com"),
        "localhost.evil.com".to_string(),
    ] {
        let a = raw(
            &srv.addr,
            &format!("GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
        );
        let st = status_of(&a);
        assert!(matches!(st, 400 | 421), "{host}: {st}");
    }
    let two = raw(
        &srv.addr,
        &format!("GET / HTTP/1.1\r\nHost: localhost:{port}\r\nHost: evil.com\r\nConnection: close\r\n\r\n"),
    );
    assert!(
        matches!(status_of(&two), 400 | 421),
        "two Host headers: {two}"
    );
    let absolute = raw(
        &srv.addr,
        &format!(
            "GET http://evil.com/ HTTP/1.1\r\nHost: localhost:{port}\r\nConnection: close\r\n\r\n"
        ),
    );
    assert!(
        matches!(status_of(&absolute), 400 | 421),
        "absolute target: {absolute}"
    );
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        "LOCALHOST".to_string(),
    ] {
        let a = raw(
            &srv.addr,
            &format!("GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
        );
        assert_eq!(status_of(&a), 200, "{host}");
    }
}

/// #34 item 4: an upload pushed out of the store (here a store of 1 MB) is
/// answered with a page that says it expired, not a bare 404; an id never
/// issued is a 404 that says so.
#[test]
fn serve_says_when_an_upload_has_expired() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    cmd.args(["serve", "--port", "0", "--store-mb", "1"]);
    let srv = Server::start_cmd(cmd);
    let tunx = fixture("tests/fixtures/tunx/aut_1384031.TUNX");
    let first = upload(&srv, &[("file", "aut.TUNX", &tunx)]);
    let loc = first.header("location").expect("redirect");
    assert_eq!(get(&srv, &loc).status, 200);
    for _ in 0..3 {
        assert_eq!(upload(&srv, &[("file", "aut.TUNX", &tunx)]).status, 303);
    }
    let gone = get(&srv, &loc);
    assert_eq!(gone.status, 410, "{}", gone.body);
    assert!(gone.body.contains("This file has expired"), "{}", gone.body);
    assert!(gone.body.contains("role=\"alert\""));
    let never = get(&srv, "/u/0123456789abcdef0123456789abcdef/index.html");
    assert_eq!(never.status, 404);
    assert!(never.body.contains("No such file"), "{}", never.body);
}

/// #32 item 4: the app paired round 4 of a file whose round 3 has four
/// boards without a result, which `arbiter pair` refuses. Its next-round
/// page now refuses it too, with the reason `pair` gives (the library's
/// guard, located in the file).
#[test]
fn serve_refuses_the_next_round_after_an_unfinished_round() {
    let srv = Server::start();
    let trf = fixture("tests/fixtures/pair/sm-round3_paired.trf");
    let r = upload(&srv, &[("file", "sm-round3_paired.trf", &trf)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let loc = r.header("location").expect("redirect");
    let next = loc.replace("index.html", "next.html");
    let page = get(&srv, &next);
    assert_eq!(page.status, 409, "{}", page.body);
    assert!(
        page.body.contains("sm-round3_paired.trf, line 17 (round 3): round 3 is paired but 4 of its boards have no result (1-3, 2-4, 5-8, 7-9)"),
        "{}",
        page.body
    );
    assert!(!page.body.contains("Round 4"), "{}", page.body);
}

/// #32 item 3: the app takes the profile's section with the profile; the
/// Senior sample's prize page pays from the Senior table (15,000 reduced
/// to 13,500 for 9 players), never the Open's; an unknown section is
/// refused naming the known ones.
#[test]
fn serve_takes_the_section_of_the_profile() {
    let srv = Server::start();
    let trf = fixture("samples/senior-2023.trf");
    let profile = fixture("samples/ctca-2023.toml");
    let r = upload(
        &srv,
        &[
            ("file", "senior-2023.trf", &trf),
            ("profile", "ctca-2023.toml", &profile),
            ("section", "section", b"senior"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let loc = r.header("location").expect("redirect");
    let page = get(&srv, &loc.replace("index.html", "prizes.html"));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("13,500"), "{}", page.body);
    assert!(!page.body.contains("40,500") && !page.body.contains("45,000"));
    let r = upload(
        &srv,
        &[
            ("file", "senior-2023.trf", &trf),
            ("profile", "ctca-2023.toml", &profile),
            ("section", "section", b"rapid"),
        ],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body
            .contains("expected a section of the profile (blitz, senior), found &quot;rapid&quot;")
            || r.body.contains(
                "expected a section of the profile (blitz, senior), found &#34;rapid&#34;"
            ),
        "{}",
        r.body
    );
}
