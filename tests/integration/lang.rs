//! Outputs in the organisers' language (issue 30): `--lang zh-TW` writes the
//! regulation's terms and names, English stays as it was.

use std::process::Command;

fn arbiter(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

const PRIZES: &[&str] = &[
    "prizes",
    "samples/open-2023.trf",
    "--profile",
    "samples/ctca-2023.toml",
];

#[test]
fn the_prize_statement_in_traditional_chinese_uses_the_regulation_terms() {
    let (out, err, _) = arbiter(&[PRIZES, &["--lang", "zh-TW"]].concat());
    assert!(!out.is_empty(), "{err}");
    for term in [
        "2023 台灣西洋棋國際公開賽",
        "== 公開組（",
        "U19 女子組",
        "獎金總額",
        "代扣稅金",
        "獎盃",
        "獎狀",
        "第1名",
        "NT$45,000",
    ] {
        assert!(out.contains(term), "missing {term}:\n{out}");
    }
    assert!(!out.contains("Gross paid"), "{out}");
}

#[test]
fn english_is_the_default_and_zh_hant_tw_is_zh_tw() {
    let (en, ..) = arbiter(PRIZES);
    let (en2, ..) = arbiter(&[PRIZES, &["--lang", "en"]].concat());
    assert_eq!(en, en2);
    assert!(en.contains("Prize statement: 2023 CTCA International Chess Open"));
    assert!(en.contains("== Open ("));
    let (a, ..) = arbiter(&[PRIZES, &["--lang", "zh-TW"]].concat());
    let (b, ..) = arbiter(&[PRIZES, &["--lang", "zh-Hant-TW"]].concat());
    assert_eq!(a, b);
}

#[test]
fn an_unsupported_language_is_refused_in_english() {
    let (out, err, code) = arbiter(&[PRIZES, &["--lang", "fr"]].concat());
    assert!(out.is_empty());
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("--lang") && err.contains("en, zh-TW"), "{err}");
}

#[test]
fn standings_in_chinese_line_up_by_display_width() {
    let (out, err, _) = arbiter(&[
        "standings",
        "samples/open-2023.trf",
        "--profile",
        "samples/ctca-2023.toml",
        "--lang",
        "zh-TW",
    ]);
    // BH/M1 headed by its zh-TW short name and the Handbook's modifier code
    assert!(
        out.contains("名次") && out.contains("布赫茲-M1") && !out.contains("BH-M1"),
        "{err}\n{out}"
    );
    assert!(out.contains("公開組（"), "{out}");
    assert!(out.contains("布赫茲"), "{out}");
}

// ------------------------------------------------------------------
// The prize statement in zh-TW: the regulation's terms, no English.

/// The kinds of prize a category of the statement pays (from the JSON,
/// which every language shares), with the zh-TW term each must show:
/// 獎金 for money, 稅金 for tax withheld, 獎盃/獎牌/獎狀/獎品 for awards.
fn expected_terms(category: &serde_json::Value) -> Vec<&'static str> {
    let mut terms = Vec::new();
    let payments = category["prizes"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|l| l["players"].as_array().into_iter().flatten());
    for p in payments {
        if p["gross"].as_i64().unwrap_or(0) > 0 {
            terms.push("獎金");
        }
        if p["tax"].as_i64().unwrap_or(0) > 0 {
            terms.push("稅金");
        }
        for a in p["awards"].as_array().into_iter().flatten() {
            terms.push(match a.as_str().unwrap_or_default() {
                "trophy" => "獎盃",
                "medal" => "獎牌",
                "certificate" => "獎狀",
                "goods" => "獎品",
                other => panic!("an award the regulation does not name: {other}"),
            });
        }
    }
    terms.sort();
    terms.dedup();
    terms
}

/// The statement's JSON (language-neutral) and its zh-TW text and HTML.
fn statement_zh() -> (serde_json::Value, String, String) {
    let (json, err, _) = arbiter(&[PRIZES, &["--format", "json"]].concat());
    let json: serde_json::Value =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}\n{err}"));
    let (text, err, _) = arbiter(&[PRIZES, &["--lang", "zh-TW"]].concat());
    assert!(!text.is_empty(), "{err}");
    let (html, err, _) = arbiter(&[PRIZES, &["--lang", "zh-TW", "--format", "html"]].concat());
    assert!(!html.is_empty(), "{err}");
    (json, text, html)
}

/// `html`'s visible text: the body without its tags, entities decoded,
/// elements marked `lang="en"` (the engine's diagnostics), styles and
/// scripts left out.
fn visible_text(html: &str) -> String {
    let mut rest = html.split("<body").nth(1).unwrap_or(html);
    let mut out = String::new();
    // the element being left out: its tag name and how deep it is nested
    let mut skipping: Option<(String, usize)> = None;
    while let Some(lt) = rest.find('<') {
        if skipping.is_none() {
            out.push_str(&rest[..lt]);
        }
        let gt = rest[lt..].find('>').map_or(rest.len(), |g| lt + g + 1);
        let tag = &rest[lt..gt];
        let closing = tag.starts_with("</");
        let name: String = tag
            .trim_start_matches(['<', '/'])
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        skipping = match skipping {
            Some((n, depth)) if n == name && closing => (depth > 1).then_some((n, depth - 1)),
            Some((n, depth)) if n == name && !tag.ends_with("/>") => Some((n, depth + 1)),
            Some(s) => Some(s),
            None if !closing
                && (tag.contains("lang=\"en\"") || name == "style" || name == "script") =>
            {
                Some((name, 1))
            }
            None => None,
        };
        out.push(' ');
        rest = &rest[gt..];
    }
    out.push_str(rest);
    out.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
}

/// The Latin words of `text` that are neither data nor codes (the site's
/// scan: lang_browser's allow-list of the sample, the profile's zh-TW names
/// and the catalogues' codes).
fn english_words(text: &str) -> Vec<String> {
    let allow = super::lang_browser::allowed();
    let mut bad: Vec<String> = super::lang_browser::words(text)
        .into_iter()
        .filter(|w| !allow.contains(w))
        .collect();
    bad.sort();
    bad.dedup();
    bad
}

/// Blocks of `text` that start with `marker`, the first (before any) dropped.
fn blocks<'a>(text: &'a str, marker: &str) -> Vec<&'a str> {
    text.split(marker).skip(1).collect()
}

#[test]
fn the_zh_tw_prize_statement_names_each_kind_of_prize_as_the_regulation_does() {
    let (json, text, html) = statement_zh();
    let categories = json["categories"].as_array().expect("categories");
    assert!(!categories.is_empty());
    // text: one `== name (n 人) ==` block per category, then the totals
    let text_blocks = blocks(&text, "\n== ");
    assert_eq!(text_blocks.len(), categories.len() + 1, "{text}");
    // HTML: one `<h2 id=...>` per category; the totals' <h2> has no id
    let html_blocks = blocks(&html, "<h2 id=");
    assert_eq!(html_blocks.len(), categories.len(), "{html}");
    let mut seen = std::collections::BTreeSet::new();
    for (k, c) in categories.iter().enumerate() {
        let terms = expected_terms(c);
        for term in &terms {
            // the text's prize lines show money as amounts (NT$12,000) under
            // no heading: 獎金 is checked in its totals and each HTML table
            assert!(
                *term == "獎金" || text_blocks[k].contains(term),
                "text, category {}: no {term}\n{}",
                c["name"],
                text_blocks[k]
            );
            assert!(
                html_blocks[k].contains(term),
                "HTML, category {}: no {term}\n{}",
                c["name"],
                html_blocks[k]
            );
            seen.insert(*term);
        }
    }
    // the sample has every kind of prize the regulation names
    for term in ["獎金", "獎品", "獎盃", "獎牌", "獎狀", "稅金"] {
        assert!(seen.contains(term), "the sample pays no {term}: {seen:?}");
    }
    // the totals use the terms too
    let totals = text_blocks[categories.len()];
    for term in ["獎金", "稅金"] {
        assert!(totals.contains(term), "{totals}");
    }
}

#[test]
fn the_zh_tw_prize_statement_has_no_english_outside_names_and_codes() {
    let (json, text, html) = statement_zh();
    // The notes are the engine's diagnostics, English in every language:
    // the text's notes section is left out of the scan.
    let notes_head = "\n附註：";
    let body = text.split(notes_head).next().unwrap_or(&text);
    let bad = english_words(body);
    assert!(bad.is_empty(), "English words in the text: {bad:?}\n{body}");
    let visible = visible_text(&html);
    let bad = english_words(&visible);
    assert!(
        bad.is_empty(),
        "English words in the HTML: {bad:?}\n{visible}"
    );
    // nothing but the notes is marked as English
    let notes = json["notes"].as_array().map_or(0, Vec::len);
    let marked = html.matches("lang=\"en\"").count();
    assert!(
        marked <= usize::from(notes > 0),
        "{marked} element(s) marked English, {notes} note(s)\n{html}"
    );
    assert!(html.contains("<html lang=\"zh-TW\""), "{html}");
    // CSV: the heads and every reason in zh-TW
    let (csv, err, _) = arbiter(&[PRIZES, &["--lang", "zh-TW", "--format", "csv"]].concat());
    assert!(!csv.is_empty(), "{err}");
    let bad = english_words(&csv);
    assert!(bad.is_empty(), "English words in the CSV: {bad:?}\n{csv}");
}

#[test]
fn the_english_prize_statement_keeps_its_reasons_in_english() {
    let (en, ..) = arbiter(PRIZES);
    let (zh, ..) = arbiter(&[PRIZES, &["--lang", "zh-TW"]].concat());
    // a category's first prize line is for 1st place (alone or shared);
    // its reason opens with the place in each language
    assert!(en.contains("why: 1st"), "{en}");
    assert!(zh.contains("說明：第1"), "{zh}");
    assert!(!zh.contains("why:") && !zh.contains("points"), "{zh}");
}

// ------------------------------------------------------------------
// Tie-break columns of text and CSV outputs: short names in the page's
// language, never TB1..TBn nor an identifier such as OTHER_WINS_FORFEITS_NO_BYES.

const STANDINGS: &[&str] = &[
    "standings",
    "samples/open-2023.trf",
    "--profile",
    "samples/ctca-2023.toml",
];

/// The tie-breaks the sample is ranked by: their codes (the JSON's) and
/// the short names the engine gives them.
fn sample_tiebreaks() -> (Vec<String>, Vec<String>) {
    let (json, err, _) = arbiter(&[STANDINGS, &["--format", "json"]].concat());
    let json: serde_json::Value =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}\n{err}"));
    let codes: Vec<String> = json["tiebreaks"]
        .as_array()
        .expect("tiebreaks")
        .iter()
        .map(|c| c.as_str().expect("a code").to_string())
        .collect();
    let custom = chess_arbiter::standings::CustomTieBreak::builtins();
    let short = codes
        .iter()
        .map(|c| {
            chess_arbiter::standings::TieBreakSpec::parse(c)
                .expect("a code the engine reads")
                .label(&custom)
                .short
        })
        .collect();
    (codes, short)
}

/// A head that names a tie-break by an identifier or a number.
fn identifier_head(head: &str, codes: &[String]) -> bool {
    head.starts_with("OTHER_")
        || head
            .strip_prefix("TB")
            .is_some_and(|n| n.parse::<u32>().is_ok())
        || codes.iter().any(|c| c.starts_with("OTHER_") && c == head)
}

/// The last `n` cells of a table's head row (text: split on two spaces).
fn last_heads(row: &str, n: usize, csv: bool) -> Vec<String> {
    let cells: Vec<String> = if csv {
        row.split(',').map(str::to_string).collect()
    } else {
        row.split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect()
    };
    cells[cells.len().saturating_sub(n)..].to_vec()
}

#[test]
fn tie_break_columns_are_headed_by_short_names_in_the_page_language() {
    let (codes, short) = sample_tiebreaks();
    let n = codes.len();
    assert!(
        codes.iter().any(|c| c.starts_with("OTHER_")),
        "the sample's profile ranks by a self-defined tie-break: {codes:?}"
    );
    for (lang, format, first) in [
        ("en", "text", "Rk"),
        ("en", "csv", "Category"),
        ("zh-TW", "text", "名次"),
        ("zh-TW", "csv", "組別"),
    ] {
        let (out, err, _) = arbiter(&[STANDINGS, &["--lang", lang, "--format", format]].concat());
        let heads_row = out
            .lines()
            .find(|l| l.trim_start().starts_with(first))
            .unwrap_or_else(|| panic!("{lang} {format}: no head row\n{out}\n{err}"));
        let heads = last_heads(heads_row, n, format == "csv");
        for h in &heads {
            assert!(
                !identifier_head(h, &codes),
                "{lang} {format}: a tie-break headed {h}\n{heads_row}"
            );
        }
        if lang == "en" {
            assert_eq!(heads, short, "{lang} {format}:\n{heads_row}");
        } else {
            // each head in the language: Chinese characters, the
            // Handbook's modifier codes at most (布赫茲-M1)
            for h in &heads {
                assert!(
                    h.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                    "{lang} {format}: {h} is not in Chinese\n{heads_row}"
                );
            }
            let bad = english_words(&heads.join(" "));
            assert!(bad.is_empty(), "{lang} {format}: {bad:?}\n{heads_row}");
        }
        // distinct columns keep distinct heads
        let distinct: std::collections::BTreeSet<&String> = heads.iter().collect();
        assert_eq!(distinct.len(), n, "{lang} {format}: {heads:?}");
    }
    // the crosstable (English only) heads its tie-break columns alike
    let (cross, err, _) = arbiter(&[STANDINGS, &["--format", "crosstable"]].concat());
    let row = cross
        .lines()
        .find(|l| l.trim_start().starts_with("Rk"))
        .unwrap_or_else(|| panic!("no crosstable head\n{cross}\n{err}"));
    assert_eq!(last_heads(row, n, false), short, "{row}");
}

/// The heads of the tie-break columns of a site page: every `<th>` with a
/// `title` (the tie-break's full name), as its text.
fn titled_heads(html: &str) -> Vec<String> {
    html.split("<th")
        .skip(1)
        .filter_map(|cell| {
            let (open, rest) = cell.split_once('>')?;
            open.contains("title=\"")
                .then(|| rest.split("</th>").next().unwrap_or_default().to_string())
        })
        .collect()
}

#[test]
fn the_zh_tw_site_heads_tie_break_columns_in_chinese() {
    let dir = super::scratch::Scratch::new("lang-site-heads");
    let out = super::site::report_sample(dir.path(), &[]);
    assert!(out.status.success(), "{out:?}");
    let (_, short) = sample_tiebreaks();
    for page in ["standings.html", "standings-3.html", "crosstable.html"] {
        let en = std::fs::read_to_string(dir.path().join(page)).expect(page);
        // one table per category, each headed alike
        let en_heads = titled_heads(&en);
        assert!(!en_heads.is_empty(), "en {page}");
        for table in en_heads.chunks(short.len()) {
            assert_eq!(table, short.as_slice(), "en {page}");
        }
        let zh = std::fs::read_to_string(dir.path().join("zh-TW").join(page)).expect(page);
        let heads = titled_heads(&zh);
        assert_eq!(heads.len(), en_heads.len(), "zh-TW {page}: {heads:?}");
        for h in &heads {
            assert!(
                h.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)) && !short.contains(h),
                "zh-TW {page}: a tie-break headed {h}"
            );
        }
    }
    // the home page lists the tie-breaks by the same names
    let index = std::fs::read_to_string(dir.path().join("zh-TW/index.html")).expect("index");
    for s in &short {
        assert!(!index.contains(&format!("{s} (")), "zh-TW index: {s}");
    }
}

#[test]
fn the_prize_statement_names_tie_breaks_by_short_names_never_by_codes() {
    let (codes, short) = sample_tiebreaks();
    let (en, err, _) = arbiter(PRIZES);
    assert!(!en.is_empty(), "{err}");
    let (html, ..) = arbiter(&[PRIZES, &["--format", "html"]].concat());
    for out in [&en, &html] {
        for c in codes
            .iter()
            .filter(|c| c.contains('/') || c.starts_with("OTHER_"))
        {
            assert!(!out.contains(c.as_str()), "{c} in\n{out}");
        }
    }
    let header = en
        .lines()
        .find(|l| l.starts_with("Tie-breaks"))
        .unwrap_or_else(|| panic!("no tie-break line\n{en}"));
    assert!(header.ends_with(&short.join(", ")), "{header}");
    // each named once with its C.07 name below the header
    for s in &short {
        assert!(en.contains(&format!("\n  {s} = ")), "{s}\n{en}");
    }
    // the reasons use the same names: every `on X` is points or a short name
    for reason in en.split(" on ").skip(1) {
        let name = reason.split([';', ')', ',']).next().unwrap_or_default();
        let name = name.split_whitespace().next().unwrap_or_default();
        assert!(
            name.parse::<f64>().is_ok() || name == "points" || short.iter().any(|s| s == name),
            "a reason names {name}"
        );
    }
}
