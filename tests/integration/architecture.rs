//! The shape of the source tree, as `../shared/docs/house-style.md` draws it and
//! issue #17 asks it to stay: layers that point one way
//! (`diag <- model <- {formats, pairing, standings, rating, validate} <- event <- render <- cli`),
//! no import cycle between files, and no file above about 1,000 lines except the
//! two that are cohesive by design (the blossom matcher and the B.02 rating change).
//!
//! The graph is read from the source text: every `crate::`, `super::` and `self::`
//! path (in `use` trees and inline) is resolved to the longest module file it names.
//! `#[cfg(test)]` code at the end of a file is not counted, and neither are
//! comments. This is a text scan, not a compiler pass; it is strict enough to
//! catch a new upward import or a ring of files, which is what it is for.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// Files allowed above the size limit, with the reason.
const LARGE_OK: &[(&str, &str)] = &[
    (
        "pairing/matching/blossom.rs",
        "one algorithm (weighted blossom matching with warm re-solves)",
    ),
    (
        "rating/change.rs",
        "one rule set (FIDE B.02 rating change in three editions)",
    ),
];
const MAX_LINES: usize = 1_000;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// `formats/trf/mod.rs` -> `["formats", "trf"]`; `lib.rs` -> `[]`.
fn module_of(rel: &Path) -> Module {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts
}

/// Source without comments and without the trailing `#[cfg(test)]` part.
fn code_of(text: &str) -> String {
    let body = match text.find("#[cfg(test)]") {
        Some(i) => &text[..i],
        None => text,
    };
    body.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// Every path that starts at `crate`, `super` or `self`, with `{a, b::c}` groups
/// expanded one level (enough to name the files they reach).
fn paths_in(code: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &code[i..];
        let head = ["crate::", "super::", "self::"]
            .into_iter()
            .find(|h| rest.starts_with(h));
        let boundary = i == 0 || {
            let c = bytes[i - 1] as char;
            !(c.is_alphanumeric() || c == '_' || c == ':')
        };
        let Some(head) = head.filter(|_| boundary) else {
            i += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        // Take the longest run of `ident::ident::...` and an optional `{...}` group.
        let mut j = i;
        let mut segs = vec![head.trim_end_matches("::").to_string()];
        j += head.len();
        let mut group: Option<String> = None;
        loop {
            let r = &code[j..];
            if r.starts_with('{') {
                let mut depth = 0;
                let mut end = j;
                for (k, c) in r.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = j + k;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                group = Some(code[j + 1..end].to_string());
                j = end + 1;
                break;
            }
            let len = r
                .char_indices()
                .find(|&(_, c)| !(c.is_alphanumeric() || c == '_'))
                .map_or(r.len(), |(k, _)| k);
            if len == 0 {
                break;
            }
            segs.push(r[..len].to_string());
            j += len;
            if code[j..].starts_with("::") {
                j += 2;
            } else {
                break;
            }
        }
        let base = segs.remove(0);
        match group {
            None => out.push((base, segs)),
            Some(g) => {
                let mut depth = 0;
                let mut item = String::new();
                let mut items = Vec::new();
                for c in g.chars() {
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        ',' if depth == 0 => items.push(std::mem::take(&mut item)),
                        _ => {}
                    }
                    if !(c == ',' && depth == 0) {
                        item.push(c);
                    }
                }
                items.push(item);
                for it in items {
                    let mut p = segs.clone();
                    for s in it.trim().split("::") {
                        let s = s.trim();
                        if is_ident(s) {
                            p.push(s.to_string());
                        } else {
                            break;
                        }
                    }
                    out.push((base.clone(), p));
                }
            }
        }
        i = j.max(i + 1);
    }
    out
}

fn resolve(modules: &BTreeSet<Module>, path: &[String]) -> Option<Module> {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|m| modules.contains(m))
}

struct Tree {
    edges: BTreeMap<Module, BTreeSet<Module>>,
    lines: BTreeMap<String, usize>,
}

fn tree() -> Tree {
    let root = src();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut texts = BTreeMap::new();
    let mut lines = BTreeMap::new();
    for f in &files {
        let rel = f.strip_prefix(&root).unwrap().to_path_buf();
        let text = std::fs::read_to_string(f).unwrap();
        lines.insert(
            rel.to_string_lossy().replace('\\', "/"),
            text.lines().count(),
        );
        texts.insert(module_of(&rel), text);
    }
    let modules: BTreeSet<Module> = texts.keys().cloned().collect();
    let mut edges = BTreeMap::new();
    for (m, text) in &texts {
        let mut to = BTreeSet::new();
        for (base, segs) in paths_in(&code_of(text)) {
            let mut path: Vec<String> = match base.as_str() {
                "crate" => Vec::new(),
                "super" => m[..m.len().saturating_sub(1)].to_vec(),
                _ => m.clone(),
            };
            for s in segs {
                if s == "super" {
                    path.pop();
                } else {
                    path.push(s);
                }
            }
            if let Some(t) = resolve(&modules, &path) {
                if &t != m && !t.is_empty() {
                    to.insert(t);
                }
            }
        }
        edges.insert(m.clone(), to);
    }
    Tree { edges, lines }
}

fn name(m: &Module) -> String {
    m.join("/")
}

/// Strongly connected components with more than one file (Tarjan).
fn cycles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<String>> {
    struct St<'a> {
        edges: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on: BTreeSet<&'a Module>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut St<'a>, v: &'a Module) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on.insert(v);
        let edges = s.edges;
        for w in edges.get(v).into_iter().flatten() {
            let Some((w, _)) = edges.get_key_value(w) else {
                continue;
            };
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on.remove(w);
                comp.push(name(w));
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = St {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out
}

/// The layer of a top-level room; engines share a layer and must not import each other.
fn layer(top: &str) -> Option<u8> {
    Some(match top {
        "diag" => 0,
        "model" => 1,
        "formats" | "pairing" | "standings" | "rating" | "validate" => 2,
        "event" => 3,
        "render" => 4,
        "cli" => 5,
        _ => return None,
    })
}

#[test]
fn the_scanner_reads_use_trees() {
    let p = paths_in("use crate::model::{Color, round::{A, B}};\nlet x = super::super::y::z();");
    assert_eq!(
        p,
        vec![
            ("crate".into(), vec!["model".into(), "Color".into()]),
            ("crate".into(), vec!["model".into(), "round".into()]),
            ("super".into(), vec!["super".into(), "y".into(), "z".into()]),
        ]
    );
}

#[test]
fn no_import_cycle_between_files() {
    let t = tree();
    let found = cycles(&t.edges);
    assert!(
        found.is_empty(),
        "files that import each other in a ring: {found:#?}"
    );
}

#[test]
fn layers_point_one_way() {
    let t = tree();
    let mut wrong = Vec::new();
    for (from, tos) in &t.edges {
        let Some(a) = from.first().and_then(|s| layer(s)) else {
            continue;
        };
        for to in tos {
            let Some(b) = to.first().and_then(|s| layer(s)) else {
                continue;
            };
            let sideways = a == 2 && b == 2 && from[0] != to[0];
            if b > a || sideways {
                wrong.push(format!("{} -> {}", name(from), name(to)));
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the layers: {wrong:#?}");
}

/// The event room owns storage: nothing else names rusqlite or writes SQL
/// (house style: "Nothing above it writes SQL"), and the engines below it
/// never see storage.
#[test]
fn only_the_event_room_touches_the_database() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut wrong = Vec::new();
    for f in files {
        let rel = f
            .strip_prefix(src())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if rel.starts_with("event/") {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&f).unwrap());
        for needle in ["rusqlite", "execute_batch", "INSERT INTO", "SELECT "] {
            if code.contains(needle) {
                wrong.push(format!("{rel}: {needle}"));
            }
        }
    }
    assert!(wrong.is_empty(), "storage outside src/event: {wrong:#?}");
}

#[test]
fn the_event_room_sits_between_the_engines_and_the_shells() {
    assert!(layer("event") > layer("pairing") && layer("event") > layer("standings"));
    assert!(layer("event") < layer("render") && layer("render") < layer("cli"));
}

#[test]
fn no_file_above_the_size_limit() {
    let t = tree();
    let big: Vec<_> = t
        .lines
        .iter()
        .filter(|(f, &n)| n > MAX_LINES && !LARGE_OK.iter().any(|(ok, _)| ok == f))
        .map(|(f, n)| format!("{f}: {n} lines"))
        .collect();
    assert!(big.is_empty(), "split these at their seams: {big:#?}");
}

/// The public functions of `code` whose error type is a bare `String`
/// (`Result<T, String>`), by name. A signature is read from `pub fn` to its
/// body or `;`, over several lines; `pub(crate)` and narrower are not public.
fn string_errors(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("pub fn ") {
        let before = rest[..i].chars().next_back();
        let sig_start = &rest[i + "pub fn ".len()..];
        rest = sig_start;
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '(') {
            continue;
        }
        let end = sig_start.find(['{', ';']).unwrap_or(sig_start.len());
        let sig: String = sig_start[..end].split_whitespace().collect();
        let name: String = sig
            .chars()
            .take_while(|&c| is_ident(&c.to_string()))
            .collect();
        let Some(ret) = sig.split_once("->").map(|(_, r)| r) else {
            continue;
        };
        let ret = ret.split("where").next().unwrap_or(ret);
        if let Some(args) = ret
            .strip_prefix("Result<")
            .and_then(|a| a.strip_suffix('>'))
        {
            // The error type: the last argument at depth 0.
            let mut depth = 0i32;
            let mut last = 0;
            for (k, c) in args.char_indices() {
                match c {
                    '<' | '(' | '[' => depth += 1,
                    '>' | ')' | ']' => depth -= 1,
                    ',' if depth == 0 => last = k + 1,
                    _ => {}
                }
            }
            if last > 0 && matches!(&args[last..], "String" | "std::string::String") {
                out.push(name);
            }
        }
    }
    out
}

#[test]
fn the_string_error_scanner_finds_public_functions() {
    let code = "pub fn a(x: u8) -> Result<Vec<(u8, u8)>, String> {\n}\n\
                pub fn b(\n    x: u8,\n) -> Result<u8,\n    String>\nwhere u8: Copy {}\n\
                pub(crate) fn c() -> Result<u8, String> {}\n\
                pub fn d() -> Result<u8, StringError> {}\n\
                pub fn e() -> Result<String, Error> {}\n\
                fn f() -> Result<u8, String> {}\n";
    assert_eq!(string_errors(code), ["a", "b"]);
}

/// Issue 32: public functions of the library return typed errors (the crate's
/// `Diagnostic` or an error type of their own), never a bare `String` that a
/// program embedding the library can only print. The binary's `cli/` is exempt.
#[test]
fn no_public_function_returns_a_string_error() {
    let root = src();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut found = Vec::new();
    for f in files {
        let rel = f.strip_prefix(&root).unwrap();
        if rel.starts_with("cli") || rel == Path::new("main.rs") {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&f).unwrap());
        for name in string_errors(&code) {
            found.push(format!("{}: {name}", rel.display()));
        }
    }
    assert!(
        found.is_empty(),
        "give these a typed error (Diagnostic or an error type): {found:#?}"
    );
}
