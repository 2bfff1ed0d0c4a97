//! Step one of reading: every line typed by its record code, or kept verbatim.

/// What a line is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineKind {
    /// Empty or only blanks.
    Blank,
    /// TRF-2026 `###` comment, or a `#` comment (py4swiss test data).
    Comment,
    /// A column ruler (`123456789…`, `   1   2`, `DDD SSSS …`), as Swiss-Manager writes.
    Ruler,
    /// A tournament header (`012`..`362` ending in 2, as listed in [`HEADER_CODES`]).
    Header,
    /// `001` player record.
    Player,
    /// TRF-2026 national rating record (a 3-letter federation code with a starting rank).
    National,
    /// `013` team record.
    Team013,
    /// `310` team record.
    Team310,
    /// JaVaFo `XX?` or bbp `BB?` extension record.
    Extension,
    /// TRF-2026 records with their own layout (`240 250 260 299 300 320 330 801 802`).
    Record26,
    /// Records of other programs' dialects kept verbatim (Tornelo `DAT`, `XRS`).
    Foreign,
    /// Anything else.
    Unknown,
}

/// One line of the file with its number and kind.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RawLine<'a> {
    /// 1-based line number.
    pub number: usize,
    pub text: &'a str,
    pub kind: LineKind,
    /// The record code (first three characters, or `###`).
    pub code: &'a str,
}

use super::layout::codes::{HEADER_CODES, RECORDS_26};

/// Alphabetic codes that are not federations (Tornelo `DAT`, `XRS`).
const NOT_FEDERATIONS: [&str; 2] = ["DAT", "XRS"];

fn first3(text: &str) -> &str {
    match text.char_indices().nth(3) {
        Some((i, _)) => &text[..i],
        None => text,
    }
}

/// Classify one line.
pub(crate) fn classify(number: usize, text: &str) -> RawLine<'_> {
    let code = first3(text);
    let kind = kind_of(text, code);
    let code = if kind == LineKind::Comment && text.starts_with("###") {
        "###"
    } else {
        code
    };
    RawLine {
        number,
        text,
        kind,
        code,
    }
}

fn kind_of(text: &str, code: &str) -> LineKind {
    if text.trim().is_empty() {
        return LineKind::Blank;
    }
    if text.starts_with('#') {
        return LineKind::Comment;
    }
    let col4_blank = matches!(
        text[code.len()..].chars().next(),
        None | Some(' ') | Some('\t')
    );
    if code.len() == 3 && col4_blank {
        if code == "001" {
            return LineKind::Player;
        }
        if HEADER_CODES.contains(&code) {
            return LineKind::Header;
        }
        if code == "013" {
            return LineKind::Team013;
        }
        if code == "310" {
            return LineKind::Team310;
        }
        if RECORDS_26.contains(&code) {
            return LineKind::Record26;
        }
        if code.starts_with("XX") || code.starts_with("BB") {
            return LineKind::Extension;
        }
    }
    if code.len() == 3 && col4_blank && NOT_FEDERATIONS.contains(&code) {
        return LineKind::Foreign;
    }
    if text.starts_with("DDD SSSS")
        || (text.len() >= 10 && text.chars().all(|c| c.is_ascii_digit() || c == ' '))
    {
        return LineKind::Ruler;
    }
    if code.len() == 3
        && col4_blank
        && code.chars().all(|c| c.is_ascii_uppercase())
        && !NOT_FEDERATIONS.contains(&code)
        && is_rank(text.get(4..8).unwrap_or(""))
    {
        return LineKind::National;
    }
    LineKind::Unknown
}

/// Cols 5-8 hold a right-aligned starting rank 1..9999.
fn is_rank(s: &str) -> bool {
    let t = s.trim_start();
    s.len() == 4 && !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) && t != "0"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_lines() {
        let k = |s| classify(1, s).kind;
        assert_eq!(k("001    1 m"), LineKind::Player);
        assert_eq!(k("012 Open"), LineKind::Header);
        assert_eq!(k("132"), LineKind::Header);
        assert_eq!(k("XXR 9"), LineKind::Extension);
        assert_eq!(k("BBW  3.0"), LineKind::Extension);
        assert_eq!(k("### a comment"), LineKind::Comment);
        assert_eq!(k("1234567890123"), LineKind::Ruler);
        assert_eq!(k("         1         2"), LineKind::Ruler);
        assert_eq!(k("DDD SSSS sTTT NNNN"), LineKind::Ruler);
        assert_eq!(k("IND    1   GM Player"), LineKind::National);
        assert_eq!(k("DAT    1 EMAIL      x"), LineKind::Foreign);
        assert_eq!(k("01"), LineKind::Unknown);
        assert_eq!(k("AAA SSSS"), LineKind::Unknown);
        assert_eq!(k("   "), LineKind::Blank);
        assert_eq!(k("240 H 003  026"), LineKind::Record26);
        assert_eq!(k("001-"), LineKind::Unknown);
        assert_eq!(classify(3, "###x").code, "###");
    }
}
