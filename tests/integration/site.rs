//! `arbiter report` (the static site) and `arbiter serve` (the local app),
//! driven over plain HTTP; `browser.rs` drives both in headless Chromium.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh directory under target/ (kept after the test: the artefacts).
pub(crate) fn out_dir(name: &str) -> PathBuf {
    let d = root().join("target").join("site-tests").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("create the test's output directory");
    d
}

/// `arbiter report` of the sample with its profile into `dir`.
pub(crate) fn report_sample(dir: &Path, extra: &[&str]) -> std::process::Output {
    let r = root();
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("report")
        .arg(r.join("samples/open-2023.trf"))
        .arg("--profile")
        .arg(r.join("samples/ctca-2023.toml"))
        .arg("-o")
        .arg(dir)
        .args(extra)
        .output()
        .expect("run arbiter report")
}

/// A header record of the sample open (`"012"`: its name), as written.
pub(crate) fn sample_header(code: &str) -> String {
    let trf = read(&root().join("samples/open-2023.trf"));
    let head = format!("{code} ");
    trf.lines()
        .find_map(|l| l.strip_prefix(&head))
        .unwrap_or_else(|| panic!("the sample has no {code} record"))
        .trim()
        .to_string()
}

/// The name of the sample open's player with starting rank `rank` (TRF
/// `001` columns 15-47, counted in characters).
pub(crate) fn sample_player(rank: u32) -> String {
    let trf = read(&root().join("samples/open-2023.trf"));
    trf.lines()
        .filter(|l| l.starts_with("001 "))
        .find(|l| l.chars().skip(4).take(4).collect::<String>().trim() == rank.to_string())
        .map(|l| {
            l.chars()
                .skip(14)
                .take(33)
                .collect::<String>()
                .trim()
                .to_string()
        })
        .unwrap_or_else(|| panic!("the sample has no player {rank}"))
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Every `href="..."` of a page.
fn hrefs(html: &str) -> Vec<String> {
    html.split("href=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .map(|s| s.replace("&#x2f;", "/").replace("&amp;", "&"))
        .collect()
}

#[test]
fn report_writes_the_whole_site_with_working_links() {
    let dir = out_dir("report");
    let out = report_sample(&dir, &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in [
        "index.html",
        "players.html",
        "round-1.html",
        "round-9.html",
        "standings-3.html",
        "standings.html",
        "crosstable.html",
        "player-12.html",
        "prizes.html",
        "rating.html",
        "check.html",
        "style.css",
    ] {
        assert!(dir.join(f).is_file(), "{f} missing");
    }
    assert!(!dir.join("round-10.html").exists());
    let mut pages = 0;
    for e in std::fs::read_dir(&dir).expect("list the site") {
        let p = e.expect("entry").path();
        if p.extension().is_none_or(|x| x != "html") {
            continue;
        }
        pages += 1;
        let h = read(&p);
        assert!(
            h.starts_with("<!doctype html>\n<html lang=\"en\">"),
            "{}",
            p.display()
        );
        assert!(h.contains("<meta charset=\"utf-8\">"));
        assert!(h.contains("name=\"viewport\""));
        assert!(h.contains("<link rel=\"stylesheet\" href=\"style.css\">"));
        assert!(!h.contains("<script"), "no script needed to read");
        for href in hrefs(&h) {
            if href.starts_with("http") {
                continue;
            }
            let file = href.split('#').next().unwrap_or_default();
            assert!(
                file.is_empty() || dir.join(file).is_file(),
                "{}: broken link {href}",
                p.display()
            );
            if let Some((f, anchor)) = href.split_once('#') {
                let target = if f.is_empty() {
                    h.clone()
                } else {
                    read(&dir.join(f))
                };
                assert!(
                    target.contains(&format!("id=\"{anchor}\"")),
                    "{}: no anchor {href}",
                    p.display()
                );
            }
        }
    }
    assert!(pages > 100, "{pages} pages");
    let index = read(&dir.join("index.html"));
    let chief = sample_header("102");
    for s in [
        sample_header("012").as_str(),
        sample_header("022").as_str(),
        // dates in the page's language (the catalogue's form)
        "13 August 2023 to 19 August 2023",
        chief.trim_start_matches("IA "),
        sample_header("122").as_str(),
        "DE (",
        "Prize statement",
    ] {
        assert!(index.contains(s), "index lacks {s}");
    }
    let round = read(&dir.join("round-3.html"));
    assert!(round.contains("Round 3: pairings and results"));
    assert!(round.contains("<td class=\"c\">1 - 0</td>"));
    assert!(round.contains("href=\"check.html#round-3\""));
    let st = read(&dir.join("standings.html"));
    // Tie-break columns headed by their C.07 short names, the full name as
    // the head's title and in the legend.
    assert!(
        st.contains("<th class=\"n\" title=\"Buchholz Median-1 (C.07 art. 8.1, 14)\">BH-M1</th>"),
        "tie-break columns by short name"
    );
    assert!(
        st.contains(">WIN+F</th>"),
        "a self-defined code by its short name"
    );
    assert!(
        !st.contains("OTHER_WINS_FORFEITS_NO_BYES"),
        "no internal identifier"
    );
    assert!(st.contains("<li>BH-M1 = Buchholz Median-1 (C.07 art. 8.1, 14)</li>"));
    assert!(st.contains("C.07 edition pre2023"));
    assert!(st.contains("id=\"cat-u13-girls\""));
    let ct = read(&dir.join("crosstable.html"));
    assert!(ct.contains("<h1>Crosstable after round 9</h1>"));
    assert!(ct.contains("w1</td>") && ct.contains("b½</td>"));
    let pl = read(&dir.join("player-12.html"));
    assert!(pl.contains(&sample_player(12)));
    assert!(pl.contains("Rating change (FIDE B.02)"));
    assert!(read(&dir.join("prizes.html")).contains("id=\"prizes-u13-girls\""));
    assert_eq!(
        read(&dir.join("style.css")),
        chess_arbiter::render::site::STYLE_CSS
    );
}

#[test]
fn report_after_a_round_shows_the_event_as_it_stood() {
    let dir = out_dir("report-r3");
    let out = report_sample(&dir, &["--after-round", "3", "--no-check"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.join("round-3.html").is_file());
    assert!(!dir.join("round-4.html").exists());
    assert!(!dir.join("check.html").exists());
    // Three rounds of nine: the standings are not final yet.
    let st = read(&dir.join("standings.html"));
    assert!(st.contains("<h1>Standings after round 3</h1>"), "{st}");
    assert!(read(&dir.join("index.html")).contains(">Standings after round 3</a>"));
    let bad = report_sample(&out_dir("report-r99"), &["--after-round", "99"]);
    assert_eq!(bad.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--after-round 99"));
}

/// `arbiter serve --port 0`, stopped when dropped.
pub(crate) struct Server {
    child: Child,
    pub addr: String,
}

impl Server {
    pub(crate) fn start() -> Server {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_arbiter"));
        cmd.args(["serve", "--port", "0"]);
        Server::start_cmd(cmd)
    }

    /// `cmd` runs `arbiter serve --port 0` (through a shell, with limits).
    pub(crate) fn start_cmd(mut cmd: Command) -> Server {
        let mut child = cmd
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start arbiter serve");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("stdout");
        let mut out = BufReader::new(stdout);
        out.read_line(&mut line).expect("the address");
        // The rest of its output (the hosted events' addresses) read and
        // dropped: a pipe closed under it would fail the server's next line.
        std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|s| s.trim().strip_suffix('/'))
            .expect("listening on http://ADDR/")
            .to_string();
        Server { child, addr }
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// Still running (not ended by a request).
    pub(crate) fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) struct Reply {
    pub status: u16,
    pub head: String,
    pub body: String,
}

impl Reply {
    pub(crate) fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
        })
    }
}

/// One HTTP/1.1 request (Connection: close), the whole reply read.
pub(crate) fn http(
    addr: &str,
    method: &str,
    path: &str,
    host: &str,
    ctype: &str,
    body: &[u8],
) -> Reply {
    let mut s = TcpStream::connect(addr).expect("connect");
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    if !ctype.is_empty() {
        req.push_str(&format!("Content-Type: {ctype}\r\n"));
    }
    req.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    s.write_all(req.as_bytes()).expect("send");
    // A refused upload may be answered before the whole body is sent.
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    Reply {
        status,
        head: head.to_string(),
        body: body.to_string(),
    }
}

pub(crate) fn get(srv: &Server, path: &str) -> Reply {
    http(&srv.addr, "GET", path, &srv.addr, "", &[])
}

/// A multipart form with these file fields (name, file name, bytes).
pub(crate) fn upload(srv: &Server, files: &[(&str, &str, &[u8])]) -> Reply {
    let b = "----arbiter-test-boundary";
    let mut body = Vec::new();
    for (field, name, bytes) in files {
        body.extend_from_slice(
            format!("--{b}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{b}--\r\n").as_bytes());
    http(
        &srv.addr,
        "POST",
        "/upload",
        &srv.addr,
        &format!("multipart/form-data; boundary={b}"),
        &body,
    )
}

fn fixture(p: &str) -> Vec<u8> {
    std::fs::read(root().join(p)).expect("fixture")
}

#[test]
fn serve_answers_only_its_own_host_names() {
    let srv = Server::start();
    assert_eq!(get(&srv, "/").status, 200);
    let port = srv.addr.rsplit(':').next().unwrap_or_default();
    for host in [format!("localhost:{port}"), "127.0.0.1".into()] {
        assert_eq!(
            http(&srv.addr, "GET", "/", &host, "", &[]).status,
            200,
            "{host}"
        );
    }
    let r = http(&srv.addr, "GET", "/", "attacker.example", "", &[]);
    assert_eq!(r.status, 421);
    assert!(r.body.contains("only requests addressed to localhost"));
}

#[test]
fn serve_opens_a_tunx_and_shows_its_pages_checks_and_downloads() {
    let srv = Server::start();
    let tunx = fixture("tests/fixtures/tunx/aut_1384031.TUNX");
    let r = upload(&srv, &[("file", "aut_1384031.TUNX", &tunx)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let loc = r.header("location").expect("redirect");
    assert!(
        loc.starts_with("/u/") && loc.ends_with("/index.html"),
        "{loc}"
    );
    let base = loc.trim_end_matches("index.html").to_string();
    let index = get(&srv, &loc);
    assert_eq!(index.status, 200);
    assert!(index
        .body
        .contains("Österreichische Meisterschaften 2026 U18"));
    let st = get(&srv, &format!("{base}standings.html"));
    assert!(st.body.contains("Jetzl, Julian"), "{}", st.body);
    let ck = get(&srv, &format!("{base}check.html?system=dutch-2017"));
    assert_eq!(ck.status, 200);
    assert!(ck.body.contains("System: dutch-2017"));
    assert!(ck.body.contains("id=\"round-7\""));
    // The explanation is the page's own structure, not the text report.
    assert!(!ck.body.contains("<pre"), "no raw engine text");
    assert!(ck
        .body
        .contains("<details class=\"round\"><summary>The position before round 1: "));
    let trf = get(&srv, &format!("{base}download/trf16-fide.trf"));
    assert_eq!(trf.status, 200);
    assert!(
        trf.body.starts_with("012 "),
        "{}",
        &trf.body[..trf.body.len().min(80)]
    );
    assert!(trf
        .header("content-disposition")
        .is_some_and(|d| d.contains("aut_1384031-trf16-fide.trf")));
    for d in ["trf26.trf", "event.json", "swiss-manager.xml"] {
        assert_eq!(get(&srv, &format!("{base}download/{d}")).status, 200, "{d}");
    }
    // Another upload gets another id; an unknown id is no page.
    let r2 = upload(&srv, &[("file", "aut.TUNX", &tunx)]);
    assert_ne!(r2.header("location"), Some(loc.clone()));
    assert_eq!(get(&srv, "/u/0123456789abcdef/index.html").status, 404);
}

/// A TRF whose rating field holds a letter.
const BAD_TRF: &[u8] =
    b"012 Bad\r\n001    1      Foo, Bar                          2a00 NED                            1.0    1\r\n";

#[test]
fn serve_shows_located_errors_and_refuses_large_uploads() {
    let srv = Server::start();
    let r = upload(&srv, &[("file", "bad.trf", BAD_TRF)]);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("role=\"alert\""));
    assert!(r.body.contains("bad.trf, line 2"), "{}", r.body);
    let big = vec![b'x'; 21 * 1024 * 1024];
    let r = upload(&srv, &[("file", "big.trf", &big)]);
    assert_eq!(r.status, 413);
    assert!(r.body.contains("larger than 20 MB"), "{}", r.body);
}

/// The W3C Nu HTML checker over every page of the site and of the app
/// (opt-in: `ARBITER_VNU=path/to/vnu.jar`, run by `.ci/run`).
#[test]
#[ignore = "needs ARBITER_VNU"]
fn every_page_is_valid_html5() {
    let Some(jar) = std::env::var_os("ARBITER_VNU") else {
        panic!("set ARBITER_VNU to the vnu.jar of the npm package vnu-jar");
    };
    let dir = out_dir("vnu");
    let out = report_sample(&dir, &[]);
    assert!(out.status.success());
    let srv = Server::start();
    let tunx = fixture("tests/fixtures/tunx/aut_1384031.TUNX");
    let loc = upload(&srv, &[("file", "aut.TUNX", &tunx)])
        .header("location")
        .expect("uploaded");
    let base = loc.trim_end_matches("index.html").to_string();
    let app = dir.join("app");
    std::fs::create_dir_all(&app).expect("app dir");
    for p in [
        "index.html",
        "standings.html",
        "check.html",
        "round-2.html",
        "player-3.html",
        "next.html",
    ] {
        let r = get(&srv, &format!("{base}{p}"));
        std::fs::write(app.join(p), r.body).expect("save");
    }
    std::fs::write(app.join("upload.html"), get(&srv, "/").body).expect("save");
    let bad = upload(&srv, &[("file", "bad.trf", BAD_TRF)]);
    assert_eq!(bad.status, 422);
    std::fs::write(app.join("error.html"), bad.body).expect("save");
    let mut files: Vec<PathBuf> = Vec::new();
    for d in [&dir, &app] {
        for e in std::fs::read_dir(d).expect("list") {
            let p = e.expect("entry").path();
            if p.extension().is_some_and(|x| x == "html") {
                files.push(p);
            }
        }
    }
    let v = Command::new("java")
        .arg("-jar")
        .arg(jar)
        .arg("--errors-only")
        .args(&files)
        .output()
        .expect("run java -jar vnu.jar");
    assert!(
        v.status.success(),
        "{} pages checked:\n{}",
        files.len(),
        String::from_utf8_lossy(&v.stderr)
    );
}

#[test]
fn pair_writes_an_html_page_with_absences_by_kind() {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("pair")
        .arg(root().join("tests/fixtures/pair/not-paired-kinds.trf"))
        .args(["--format", "html"])
        .output()
        .expect("run arbiter pair");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let h = String::from_utf8_lossy(&out.stdout);
    assert!(h.starts_with("<!doctype html>"));
    assert!(h.contains("<meta charset=\"utf-8\">"));
    assert!(h.contains("pairing by the FIDE Dutch system"));
    assert!(h.contains("<h2>Byes and absences</h2>"));
    assert!(
        h.contains("zero-point bye") || h.contains("half-point bye"),
        "{h}"
    );
}

/// The pages people read (issue 32, item 10): one "Rounds" entry in the
/// menu (a rounds page and a selector on each round's page, no script),
/// tie-break columns by their short names, an "Open" category that ranks
/// everyone not repeated, the check's explanation as the page's own
/// structure (folded), the rating page a summary with each player's games
/// folded, and a prize page's window title naming the event once.
#[test]
fn pages_people_read_stay_short_and_name_things_once() {
    let dir = out_dir("pages-people-read");
    let out = report_sample(&dir, &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Printed once with its own severity, not "note: warning: ...".
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("note: warning:"), "{err}");
    let index = read(&dir.join("index.html"));
    let nav = index
        .split("<nav class=\"site\"")
        .nth(1)
        .and_then(|n| n.split("</nav>").next())
        .expect("the site menu");
    assert!(nav.contains("<a href=\"rounds.html\">Rounds</a>"), "{nav}");
    assert!(
        !nav.contains("round-"),
        "no link per round in the menu: {nav}"
    );
    assert!(nav.matches("<a ").count() <= 9, "{nav}");
    let rounds = read(&dir.join("rounds.html"));
    for r in 1..=9 {
        assert!(rounds.contains(&format!("<a href=\"round-{r}.html\">Round {r}</a>")));
        assert!(rounds.contains(&format!(
            "<a href=\"standings-{r}.html\">after round {r}</a>"
        )));
    }
    let r3 = read(&dir.join("round-3.html"));
    assert!(r3.contains("<nav class=\"rounds\" aria-label=\"rounds\">"));
    assert!(r3.contains("<a href=\"round-3.html\" aria-current=\"page\">3</a>"));
    assert!(r3.contains("<a href=\"round-9.html\">9</a>"));
    let s3 = read(&dir.join("standings-3.html"));
    assert!(s3.contains("<a href=\"standings-3.html\" aria-current=\"page\">3</a>"));

    // The "Open" category of everyone is named, not printed again.
    let st = read(&dir.join("standings.html"));
    assert!(
        st.contains("<p id=\"cat-open\"><strong>Category Open</strong> (121 players): the same ranking as the table above.</p>"),
        "{st}"
    );
    assert_eq!(
        st.matches("<table class=\"standings\"").count(),
        1 + st.matches("<caption>Category ").count()
    );
    assert!(st.contains("id=\"cat-u13-girls\""));
    assert!(
        st.contains("<td class=\"name\"><a href=\"player-"),
        "names kept on one line"
    );

    // The check: findings and the position as lists and tables, no raw text.
    let ck = read(&dir.join("check.html"));
    assert!(!ck.contains("<pre"), "no raw engine text");
    assert_eq!(ck.matches("<section id=\"round-").count(), 9);
    assert_eq!(ck.matches("<details class=\"round\">").count(), 9);
    assert!(ck.contains("<table class=\"position\">"));
    assert!(
        ck.contains("Bracket ") || ck.contains("Score group "),
        "{ck}"
    );

    // The rating page: a summary, each player's games folded under an anchor.
    let rating = read(&dir.join("rating.html"));
    assert!(rating.contains("<table class=\"rating\">"));
    assert!(rating.contains("<details class=\"rating\" id=\"player-12\"><summary>12 "));
    assert!(rating.contains("<a href=\"#player-12\""));
    let open = rating.matches("<details").count();
    assert!(open > 100, "{open} players' games folded");

    let title = |html: &str| {
        html.split("<title>")
            .nth(1)
            .and_then(|t| t.split("</title>").next())
            .unwrap_or_default()
            .to_string()
    };
    // The same name in the file and the profile (the sample): said once.
    let prizes = read(&dir.join("prizes.html"));
    assert_eq!(
        title(&prizes),
        "Prize statement · 2023 CTCA International Chess Open"
    );
    assert!(prizes.contains("<h1>Prize statement: 2023 CTCA International Chess Open</h1>"));
    // The profile names another event than the file: both are said.
    let other = dir.join("other-name");
    std::fs::create_dir_all(&other).expect("a folder");
    let trf = read(&root().join("samples/open-2023.trf")).replacen(
        "012 2023 CTCA International Chess Open",
        "012 Tainan Summer Open 2023",
        1,
    );
    let file = other.join("open.trf");
    std::fs::write(&file, trf).expect("write the renamed sample");
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("report")
        .arg(&file)
        .arg("--profile")
        .arg(root().join("samples/ctca-2023.toml"))
        .args(["--no-check", "-o"])
        .arg(other.join("site"))
        .output()
        .expect("run arbiter report");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        title(&read(&other.join("site/prizes.html"))),
        "Prize statement: 2023 CTCA International Chess Open · Tainan Summer Open 2023"
    );
}

/// A player who withdrew (`0000 - Z` to the event's last round) is called
/// withdrawn, not "zero-point bye", on the round page, the player's page
/// and by `pair`; the pairing-allocated bye of an unrated player names no
/// empty rating (issue 32, item 11).
#[test]
fn a_withdrawn_player_is_called_withdrawn_and_an_unrated_bye_has_no_empty_rating() {
    let dir = out_dir("withdrawn");
    let trf = root().join("tests/fixtures/site/withdrawn.trf");
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("report")
        .arg(&trf)
        .arg("-o")
        .arg(&dir)
        .output()
        .expect("run arbiter report");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r2 = read(&dir.join("round-2.html"));
    assert!(r2.contains("<td>withdrawn</td>"), "{r2}");
    assert!(!r2.contains("zero-point bye"), "{r2}");
    assert!(r2.contains("<td>PAB (pairing-allocated bye)</td>"), "{r2}");
    let p8 = read(&dir.join("player-8.html"));
    assert!(p8.contains("<span>withdrawn</span>"), "{p8}");
    let pair = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("pair")
        .arg(&trf)
        .output()
        .expect("run arbiter pair");
    let text = String::from_utf8_lossy(&pair.stdout);
    assert!(
        pair.status.success(),
        "{}",
        String::from_utf8_lossy(&pair.stderr)
    );
    assert!(
        text.contains("Pairing-allocated bye: 7 Golf, Gina (0.0 points)"),
        "{text}"
    );
    assert!(!text.contains("(, "), "{text}");
    assert!(
        text.contains("      8 Hotel, Hugo                  Z  withdrawn (not paired for the rest of the event)"),
        "{text}"
    );
}
