//! The site and the app in Traditional Chinese and in English, in headless
//! Chromium (issue 30). Each zh-TW page's visible text
//! (`document.body.innerText`) is scanned for Latin words, and every word
//! found must be data or a code: a word of the tournament file (players'
//! names, federations, titles, the event's own header), a name the profile
//! gives in zh-TW, a Latin word the zh-TW catalogue itself writes (FIDE, TRF,
//! C.07 ...), a tie-break's short code (the English catalogue's short forms
//! and the page's own tie-break heads), the tool's name, or the switch to
//! English. Sentences the catalogue does not word yet are marked
//! `lang="en"` by the pages, and strings of codes (colour histories, floats,
//! the handbook's address) `lang="zxx"` (no language); both are left out of
//! the scan, the English ones counted, and the pages people read most (home,
//! start list, rounds, standings, crosstable) must have none. Screenshots in `target/site-tests/lang/`.

use std::collections::BTreeSet;
use std::path::Path;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, PatternElement};
use serde_json::{json, Value};

use super::browser::{Browser, ONE_AT_A_TIME};
use super::site::{report_sample, root, Server};

/// Latin words (two letters or more) of `text`, as the scan splits them.
pub(crate) fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 2)
        .map(str::to_string)
        .collect()
}

/// The text of every message of a catalogue (`prefix`: only ids starting so).
fn catalogue_text(tag: &str, prefix: &str) -> String {
    let path = root().join(format!("locales/{tag}/arbiter.ftl"));
    let src = std::fs::read_to_string(&path).expect("the catalogue");
    let res = fluent_syntax::parser::parse(src.as_str()).unwrap_or_else(|(r, _)| r);
    let mut out = String::new();
    fn pattern(p: &fluent_syntax::ast::Pattern<&str>, out: &mut String) {
        for e in &p.elements {
            match e {
                PatternElement::TextElement { value } => {
                    out.push_str(value);
                    out.push(' ');
                }
                PatternElement::Placeable { expression } => match expression {
                    Expression::Select { variants, .. } => {
                        for v in variants {
                            pattern(&v.value, out);
                        }
                    }
                    Expression::Inline(InlineExpression::StringLiteral { value }) => {
                        out.push_str(value);
                        out.push(' ');
                    }
                    Expression::Inline(_) => {}
                },
            }
        }
    }
    for e in res.body {
        if let Entry::Message(m) = e {
            if m.id.name.starts_with(prefix) {
                if let Some(v) = &m.value {
                    pattern(v, &mut out);
                }
            }
        }
    }
    out
}

/// Every `zh-TW = "..."` string of the profile (the names it gives in
/// Traditional Chinese), found anywhere in its tables.
fn profile_zh_names(v: &toml::Value, out: &mut String) {
    match v {
        toml::Value::Table(t) => {
            for (k, x) in t {
                if k == "zh-TW" {
                    if let Some(s) = x.as_str() {
                        out.push_str(s);
                        out.push(' ');
                    }
                }
                profile_zh_names(x, out);
            }
        }
        toml::Value::Array(a) => a.iter().for_each(|x| profile_zh_names(x, out)),
        _ => {}
    }
}

/// The words a zh-TW page may show in Latin letters, from the data and the
/// catalogues (see the module's comment).
pub(crate) fn allowed() -> BTreeSet<String> {
    let mut text = String::new();
    let trf = std::fs::read(root().join("samples/open-2023.trf")).expect("the sample");
    text.push_str(&String::from_utf8_lossy(&trf));
    // The players' titles as the pages write them (`WGM` for TRF's `wg`).
    let read =
        chess_arbiter::formats::trf::read(&trf, &Default::default()).expect("the sample reads");
    for p in &read.tournament.players {
        if let Some(t) = &p.title {
            text.push(' ');
            text.push_str(t.code());
        }
    }
    let profile: toml::Value = toml::from_str(
        &std::fs::read_to_string(root().join("samples/ctca-2023.toml")).expect("the profile"),
    )
    .expect("the profile reads");
    profile_zh_names(&profile, &mut text);
    // The currency label the profile gives (`NT$`).
    if let Some(c) = profile.get("prizes").and_then(|p| p.get("currency")) {
        text.push(' ');
        text.push_str(c.as_str().unwrap_or_default());
    }
    text.push_str(&catalogue_text("zh-TW", ""));
    // Tie-break short codes and the switch's "English".
    text.push_str(&catalogue_text("en", "tb-"));
    text.push_str(&catalogue_text("en", "lang-own-name"));
    let tool = Path::new(env!("CARGO_BIN_EXE_arbiter"))
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    text.push(' ');
    text.push_str(&tool);
    let mut set: BTreeSet<String> = words(&text).into_iter().collect();
    // Tie-break heads that only the English short forms leave out: each
    // `th[title]` is a tie-break code (WIN+F), added by the page scan.
    set.remove("");
    set
}

/// The page's visible text with every `details` opened and the elements
/// marked as English (`lang="en"`, the switch among them) hidden, and how
/// many marked elements `main` holds.
const VISIBLE: &str = "
    document.querySelectorAll('details').forEach(d => d.open = true);
    const en = Array.from(document.querySelectorAll('[lang]'))
        .filter(e => e !== document.documentElement && !e.lang.startsWith('zh'));
    const marked = Array.from(document.querySelectorAll('main [lang=en]')).length;
    const was = en.map(e => e.style.display);
    en.forEach(e => e.style.display = 'none');
    const text = document.body.innerText;
    en.forEach((e, i) => e.style.display = was[i]);
    const heads = Array.from(document.querySelectorAll('th[title]')).map(t => t.innerText);
    return [text, marked, heads, document.documentElement.lang];";

/// Scan the page open in `b`: the English words outside the allow-list, and
/// the number of marked English elements in `main`.
fn scan(b: &Browser, allow: &BTreeSet<String>) -> (Vec<String>, i64) {
    let v = b.exec(VISIBLE, json!([]));
    let text = v[0].as_str().unwrap_or_default();
    assert_eq!(v[3], "zh-TW", "<html lang> of a Chinese page");
    let heads: BTreeSet<String> = v[2]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).flat_map(words).collect())
        .unwrap_or_default();
    let mut bad: Vec<String> = words(text)
        .into_iter()
        .filter(|w| !allow.contains(w) && !heads.contains(w))
        .collect();
    bad.sort();
    bad.dedup();
    (bad, v[1].as_i64().unwrap_or(0))
}

/// The fonts Chromium drew `css`'s first element with (family names).
fn fonts_of(b: &Browser, css: &str) -> Vec<String> {
    b.cdp("DOM.enable", json!({}));
    b.cdp("CSS.enable", json!({}));
    let doc = b.cdp("DOM.getDocument", json!({"depth": 0}));
    let root_id = &doc["value"]["root"]["nodeId"];
    let node = b.cdp(
        "DOM.querySelector",
        json!({"nodeId": root_id, "selector": css}),
    );
    let f = b.cdp(
        "CSS.getPlatformFontsForNode",
        json!({"nodeId": node["value"]["nodeId"]}),
    );
    f["value"]["fonts"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x["familyName"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether fontconfig knows a font for Chinese (Debian's fonts-noto-cjk).
fn cjk_font_installed() -> bool {
    std::process::Command::new("fc-list")
        .arg(":lang=zh")
        .output()
        .map(|o| !o.stdout.is_empty())
        .unwrap_or(false)
}

#[test]
fn site_and_app_in_traditional_chinese_and_english() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let shots = root().join("target/site-tests/lang");
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).expect("the screenshots' folder");
    let Some(b) = Browser::start(shots.clone()) else {
        return;
    };
    let allow = allowed();
    let site = shots.join("site");
    let out = report_sample(&site, &[]);
    assert!(out.status.success(), "{out:?}");

    // English at the root, its switch leads to the same page in zh-TW.
    b.go(&format!("file://{}", site.join("index.html").display()));
    b.expect("Chief arbiter");
    b.shot("site-en-index");
    b.click("a.lang-switch");
    b.expect("裁判長");
    let url = b.exec("return location.href;", json!([]));
    assert!(
        url.as_str()
            .unwrap_or_default()
            .ends_with("/zh-TW/index.html"),
        "{url}"
    );

    // Every kind of zh-TW page: no English word outside data and codes.
    let zh = site.join("zh-TW");
    let mut marked_total = Vec::new();
    let mut failures = Vec::new();
    for (page, expected, plain) in [
        ("index.html", "裁判長", true),
        ("players.html", "參賽名單", true),
        ("rounds.html", "對戰與結果", true),
        ("round-3.html", "第 3 輪：對戰與結果", true),
        ("standings.html", "最終成績", true),
        ("standings-3.html", "第 3 輪後成績", true),
        ("crosstable.html", "交叉表", true),
        ("player-12.html", "序號", false),
        ("prizes.html", "獎項清單", false),
        ("rating.html", "等級分變動", false),
        ("check.html", "逐輪編排檢查", false),
    ] {
        b.go(&format!("file://{}", zh.join(page).display()));
        b.expect(expected);
        b.shot(&format!("site-zh-{}", page.trim_end_matches(".html")));
        let (bad, marked) = scan(&b, &allow);
        if !bad.is_empty() {
            failures.push(format!("zh-TW/{page}: English words {bad:?}"));
        }
        if plain && marked > 0 {
            failures.push(format!(
                "zh-TW/{page}: {marked} element(s) marked as English"
            ));
        }
        marked_total.push(format!("{page}: {marked}"));
    }
    eprintln!("elements marked lang=\"en\" (not yet in the catalogue): {marked_total:?}");

    // zh-TW pages are drawn with a CJK font of the stack.
    b.go(&format!("file://{}", zh.join("index.html").display()));
    b.expect("裁判長");
    if cjk_font_installed() {
        let fonts = fonts_of(&b, "main h2");
        assert!(
            fonts
                .iter()
                .any(|f| f.contains("CJK") || f.contains("TC") || f.contains("JhengHei")),
            "the heading's fonts: {fonts:?}"
        );
    } else if std::env::var_os("CI").is_some() {
        panic!("no font for Chinese (fc-list :lang=zh): .ci/run installs fonts-noto-cjk");
    } else {
        eprintln!("font check skipped: no font for Chinese (apt-get install fonts-noto-cjk)");
    }

    // The app: the browser asks for zh-TW; the switch then chooses English,
    // and the choice is kept for the next page.
    let srv = Server::start();
    let ua = b.exec("return navigator.userAgent;", json!([]));
    b.cdp(
        "Emulation.setUserAgentOverride",
        json!({"userAgent": ua, "acceptLanguage": "zh-TW,zh;q=0.9"}),
    );
    b.go(&srv.url("/"));
    b.expect("開啟比賽檔案");
    b.shot("app-zh-upload");
    let (bad, _) = scan(&b, &allow);
    if !bad.is_empty() {
        failures.push(format!("app upload page: English words {bad:?}"));
    }
    let trf = root().join("samples/open-2023.trf");
    let profile = root().join("samples/ctca-2023.toml");
    b.type_into("input[name=\"file\"]", &trf.display().to_string());
    b.type_into("input[name=\"profile\"]", &profile.display().to_string());
    b.click("form.upload button[type=\"submit\"]");
    b.expect("裁判長");
    b.shot("app-zh-index");
    let (bad, _) = scan(&b, &allow);
    if !bad.is_empty() {
        failures.push(format!("app index: English words {bad:?}"));
    }
    b.click("nav a[href=\"standings.html\"]");
    b.expect("最終成績");
    b.shot("app-zh-standings");
    let (bad, marked) = scan(&b, &allow);
    if !bad.is_empty() || marked > 0 {
        failures.push(format!(
            "app standings: English words {bad:?}, {marked} marked"
        ));
    }
    b.click("a.lang-switch");
    b.expect("Final standings");
    b.shot("app-en-standings");
    b.click("nav a[href=\"players.html\"]");
    b.expect("Start list");
    b.click("a.lang-switch");
    b.expect("參賽名單");
    b.shot("app-zh-players");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
