use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use fluent_bundle::FluentResource;
use fluent_syntax::ast::Entry;

use super::*;

fn zh() -> Lang {
    Lang::parse("zh-TW").unwrap()
}

/// The message ids of a catalogue (terms and comments aside), with any syntax error.
fn ids(text: &str) -> (BTreeSet<String>, Vec<String>) {
    let (res, errors) = match FluentResource::try_new(text.to_string()) {
        Ok(r) => (r, Vec::new()),
        Err((r, e)) => (r, e.iter().map(|e| format!("{e:?}")).collect()),
    };
    let ids = res
        .entries()
        .filter_map(|e| match e {
            Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect();
    (ids, errors)
}

#[test]
fn every_catalogue_reads_and_has_the_ids_of_english() {
    let (en, errors) = ids(CATALOGUES[0].1);
    assert!(errors.is_empty(), "en: {errors:?}");
    for (tag, text) in &CATALOGUES[1..] {
        let (other, errors) = ids(text);
        assert!(errors.is_empty(), "{tag}: {errors:?}");
        let missing: Vec<_> = en.difference(&other).collect();
        let extra: Vec<_> = other.difference(&en).collect();
        assert!(missing.is_empty(), "missing in {tag}: {missing:?}");
        assert!(extra.is_empty(), "in {tag} but not in en: {extra:?}");
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The string literal that follows each `needle` in `code`.
fn ids_after(code: &str, needle: &str, out: &mut BTreeSet<String>) {
    let mut rest = code;
    while let Some(i) = rest.find(needle) {
        // `include_str!(` ends in `tr!(` too: only the macro itself counts.
        let word = !rest[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_');
        rest = &rest[i + needle.len()..];
        if !word {
            continue;
        }
        let Some(q) = rest.find('"') else { break };
        let lit = &rest[q + 1..];
        if let Some(end) = lit.find('"') {
            // Only literals on the call's own line or the next (rustfmt's layout).
            if !rest[..q].contains(';') && rest[..q].matches('\n').count() <= 2 {
                out.insert(lit[..end].to_string());
            }
        }
    }
}

#[test]
fn every_id_the_code_uses_is_in_english() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut used = BTreeSet::new();
    for f in files {
        let code = std::fs::read_to_string(&f).unwrap();
        // Lookups go through the macro (`Lang::text` is what it calls).
        ids_after(&code, "tr!(", &mut used);
    }
    // The page templates look messages up with `tr("id", ...)`.
    let templates = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let mut pages = Vec::new();
    for e in std::fs::read_dir(&templates).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|e| e == "html") {
            pages.push(p);
        }
    }
    assert!(pages.len() > 5, "templates not found");
    for f in pages {
        let code = std::fs::read_to_string(&f).unwrap();
        ids_after(&code, "tr(", &mut used);
    }
    used.remove("id"); // the macro's own definition and this test
    let (en, _) = ids(CATALOGUES[0].1);
    let missing: Vec<_> = used
        .iter()
        .filter(|id| !en.contains(*id) && !id.contains(' '))
        .collect();
    assert!(used.len() > 20, "the scan found too few ids: {used:?}");
    assert!(
        missing.is_empty(),
        "ids used in code, not in en: {missing:?}"
    );
}

#[test]
fn tags_parse_to_their_catalogue() {
    for t in ["en", "EN", "en-GB", "en-US"] {
        assert_eq!(Lang::parse(t).unwrap(), Lang::ENGLISH, "{t}");
    }
    for t in ["zh-TW", "zh-Hant-TW", "zh-Hant", "zh_TW", "zh-hant-tw"] {
        assert_eq!(Lang::parse(t).unwrap().tag(), "zh-TW", "{t}");
    }
    for t in ["zh-CN", "zh-Hans", "fr", "", "x"] {
        let e = Lang::parse(t).unwrap_err();
        assert!(e.to_string().contains("en, zh-TW"), "{e}");
    }
}

#[test]
fn accept_language_takes_the_best_weighted_match() {
    let l = Lang::from_accept_language;
    assert_eq!(l("zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7"), zh());
    assert_eq!(l("en-US,en;q=0.9,zh-TW;q=0.8"), Lang::ENGLISH);
    // Weights, not order, decide.
    assert_eq!(l("en;q=0.5, zh-Hant-TW;q=0.9"), zh());
    assert_eq!(l("fr-FR, de;q=0.9, zh-TW;q=0.2"), zh());
    // q=0 refuses a language; nothing usable falls back to English.
    assert_eq!(l("zh-TW;q=0, en;q=0.1"), Lang::ENGLISH);
    assert_eq!(l("fr, de"), Lang::ENGLISH);
    assert_eq!(l(""), Lang::ENGLISH);
    assert_eq!(l("*"), Lang::ENGLISH);
    assert_eq!(l("zh-TW;q=abc, en"), Lang::ENGLISH);
}

#[test]
fn amounts_dates_places_and_counts_take_the_language_form() {
    let d = NaiveDate::from_ymd_opt(2023, 8, 13).unwrap();
    assert_eq!(date(Lang::ENGLISH, d), "13 August 2023");
    assert_eq!(date(zh(), d), "2023年8月13日");
    assert_eq!(amount(Lang::ENGLISH, "NT$", 45_000), "NT$45,000");
    assert_eq!(amount(zh(), "NT$", 1_234_567), "NT$1,234,567");
    assert_eq!(amount(zh(), "NT$", -4_500), "NT$-4,500");
    assert_eq!(group_digits(Lang::ENGLISH, 999), "999");
    let en: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111]
        .iter()
        .map(|n| ordinal(Lang::ENGLISH, *n))
        .collect();
    assert_eq!(
        en,
        [
            "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st",
            "111th"
        ]
    );
    assert_eq!(ordinal(zh(), 1), "第1名");
    assert_eq!(places(Lang::ENGLISH, &[1, 2, 3]), "1st-3rd");
    assert_eq!(places(zh(), &[1, 2, 3]), "第1至3名");
    assert_eq!(places(zh(), &[4]), "第4名");
    assert_eq!(players(Lang::ENGLISH, 1), "1 player");
    assert_eq!(players(Lang::ENGLISH, 2), "2 players");
    assert_eq!(players(zh(), 2), "2 人");
}

#[test]
fn a_missing_message_falls_back_to_english_then_to_its_id() {
    assert_eq!(zh().text("no-such-id", &[]), "no-such-id");
    assert_eq!(tr!(zh(), "col-rank"), "名次");
}
