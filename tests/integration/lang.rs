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
        "== 公開組 (",
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
    assert!(
        out.contains("名次") && out.contains("BH-M1"),
        "{err}\n{out}"
    );
    assert!(out.contains("公開組（"), "{out}");
    assert!(out.contains("布赫茲"), "{out}");
}
