//! Helpers shared by the `;`-separated Swiss-Manager text exports.

use crate::diag::{codes, Diagnostic, Family, Location};

/// The text encoding a file was read in; writers use the same one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    #[default]
    Utf8,
    /// UTF-8 with a byte-order mark in front.
    Utf8Bom,
    Windows1252,
}

/// Decode `bytes`: UTF-8 when it is valid UTF-8 (with or without BOM), else Windows-1252.
/// Windows-1252 maps every byte, so decoding never fails.
pub(crate) fn decode(bytes: &[u8]) -> (String, Encoding) {
    if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        if let Ok(s) = std::str::from_utf8(rest) {
            return (s.to_string(), Encoding::Utf8Bom);
        }
    }
    if let Ok(s) = std::str::from_utf8(bytes) {
        return (s.to_string(), Encoding::Utf8);
    }
    let (s, _, _) = encoding_rs::WINDOWS_1252.decode(bytes);
    (s.into_owned(), Encoding::Windows1252)
}

/// Encode `text` back into `enc`. Characters Windows-1252 cannot hold are reported.
pub fn encode(text: &str, enc: Encoding) -> (Vec<u8>, Vec<Diagnostic>) {
    match enc {
        Encoding::Utf8 => (text.as_bytes().to_vec(), Vec::new()),
        Encoding::Utf8Bom => {
            let mut v = vec![0xEF, 0xBB, 0xBF];
            v.extend_from_slice(text.as_bytes());
            (v, Vec::new())
        }
        Encoding::Windows1252 => {
            let (b, _, lossy) = encoding_rs::WINDOWS_1252.encode(text);
            let mut d = Vec::new();
            if lossy {
                d.push(Diagnostic::warning(
                    codes::CONVERSION_LOSS,
                    Family::Engine,
                    Location::default(),
                    "some characters cannot be written in windows-1252 and were replaced by numeric references",
                ));
            }
            (b.into_owned(), d)
        }
    }
}

/// The lines of a text with the line ending detected from the first line break.
pub(crate) struct Lines<'a> {
    pub lines: Vec<&'a str>,
    /// `"\r\n"` or `"\n"`.
    pub eol: &'static str,
    /// Whether the last line ends with a line break.
    pub final_eol: bool,
}

/// Split `text` into lines. Mixed endings are accepted on reading (a lone `\r` before
/// `\n` is removed from every line); the writer uses the first ending seen.
pub(crate) fn split_lines(text: &str) -> Lines<'_> {
    let eol = match text.find('\n') {
        Some(i) if i > 0 && text.as_bytes().get(i - 1) == Some(&b'\r') => "\r\n",
        Some(_) => "\n",
        None => "\r\n",
    };
    let final_eol = text.ends_with('\n');
    let body = text.strip_suffix('\n').unwrap_or(text);
    let lines = if text.is_empty() {
        Vec::new()
    } else {
        body.split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect()
    };
    Lines {
        lines,
        eol,
        final_eol,
    }
}

/// One row with its 1-based line number (0 for rows built by the writer),
/// kept as the line's text: one allocation a row, however many fields, so a
/// large file costs about its own size (split with [`RawRow::fields`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RawRow {
    pub line: usize,
    pub text: String,
}

impl RawRow {
    /// A row of `fields`, joined with `;` as the file writes them.
    pub fn new(line: usize, fields: &[String]) -> RawRow {
        RawRow {
            line,
            text: fields.join(";"),
        }
    }

    /// The row's fields, split at `;`, untrimmed.
    pub fn fields(&self) -> Vec<&str> {
        self.text.split(';').collect()
    }

    /// Replace the fields at the given indexes (those beyond the row's end are
    /// left out, as a row too short to hold them has no such column).
    pub fn set_fields(&mut self, values: &[(usize, String)]) {
        let mut fields: Vec<String> = self.fields().into_iter().map(str::to_string).collect();
        for (i, v) in values {
            if let Some(f) = fields.get_mut(*i) {
                f.clone_from(v);
            }
        }
        self.text = fields.join(";");
    }

    /// A line with nothing but white space.
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }
}

/// Rows reported one by one; the problems of later rows are counted in one
/// summary diagnostic, so a file of junk rows cannot flood the output.
pub const MAX_REPORTED_ROWS: usize = 200;

/// The diagnostics of a file's rows as they are read: those of the first
/// [`MAX_REPORTED_ROWS`] rows that have any are kept; the rest are only
/// counted, as they come, and summed up in one diagnostic at the first row
/// left out (an error if any left out was one, so the outcome does not
/// change). Counting as they come keeps a file of a million bad rows from
/// holding a million messages.
#[derive(Debug, Default)]
pub(crate) struct RowDiagnostics {
    kept: Vec<Diagnostic>,
    rows: usize,
    last: Option<usize>,
    left: usize,
    left_rows: usize,
    left_first: Option<usize>,
    left_last: Option<usize>,
    left_error: bool,
}

impl RowDiagnostics {
    pub(crate) fn push(&mut self, d: Diagnostic) {
        if self.left == 0 {
            if d.location.line == self.last && self.rows > 0 {
                self.kept.push(d);
                return;
            }
            if self.rows < MAX_REPORTED_ROWS {
                self.rows += 1;
                self.last = d.location.line;
                self.kept.push(d);
                return;
            }
            self.left_first = d.location.line;
        }
        if self.left == 0 || d.location.line != self.left_last {
            self.left_rows += 1;
            self.left_last = d.location.line;
        }
        self.left += 1;
        self.left_error |= d.is_error();
    }

    /// The kept diagnostics and, when any were left out, their summary.
    pub(crate) fn finish(mut self) -> Vec<Diagnostic> {
        if self.left > 0 {
            let message = format!(
                "{} more rows with problems after the first {MAX_REPORTED_ROWS} were not reported one by one ({} diagnostics)",
                self.left_rows, self.left
            );
            let at = Location::line(self.left_first.unwrap_or(0));
            self.kept.push(if self.left_error {
                Diagnostic::error(codes::SM_FIELD_SYNTAX, Family::Syntax, at, message)
            } else {
                Diagnostic::warning(codes::SM_FIELD_SYNTAX, Family::Syntax, at, message)
            });
        }
        self.kept
    }
}

/// The rows after the header line, split at `;`, every one kept (blank ones too).
pub(crate) fn data_rows(lines: &Lines<'_>) -> Vec<RawRow> {
    lines
        .lines
        .iter()
        .enumerate()
        .skip(1)
        .map(|(i, l)| RawRow {
            line: i + 1,
            text: l.to_string(),
        })
        .collect()
}

/// A decimal-comma number as Swiss-Manager writes it (`0,5`, `1`, `2½`).
pub(crate) fn format_points_comma(p: crate::model::Points) -> String {
    let s = p.to_string();
    let s = s.strip_suffix(".0").map(str::to_string).unwrap_or(s);
    s.replace('.', ",")
}

/// Points as the player file writes them: whole part plus `½` (`2½`, `½`, `3`).
pub(crate) fn format_points_half(p: crate::model::Points) -> String {
    let t = p.0;
    let sign = if t < 0 { "-" } else { "" };
    let a = t.unsigned_abs();
    let whole = a / 10;
    match a % 10 {
        0 => format!("{sign}{whole}"),
        5 if whole == 0 => format!("{sign}½"),
        5 => format!("{sign}{whole}½"),
        _ => format!("{sign}{whole},{}", a % 10),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Points;

    #[test]
    fn sniffs_encodings() {
        assert_eq!(decode("2½".as_bytes()), ("2½".to_string(), Encoding::Utf8));
        assert_eq!(decode(b"2\xBD"), ("2½".to_string(), Encoding::Windows1252));
        assert_eq!(
            decode(b"\xEF\xBB\xBFNr"),
            ("Nr".to_string(), Encoding::Utf8Bom)
        );
        assert_eq!(encode("2½", Encoding::Windows1252).0, b"2\xBD".to_vec());
    }

    #[test]
    fn formats_points() {
        assert_eq!(format_points_comma(Points(5)), "0,5");
        assert_eq!(format_points_comma(Points(10)), "1");
        assert_eq!(format_points_half(Points(25)), "2½");
        assert_eq!(format_points_half(Points(5)), "½");
        assert_eq!(format_points_half(Points(30)), "3");
    }

    #[test]
    fn splits_lines() {
        let l = split_lines("a\r\nb\r\n");
        assert_eq!(l.lines, vec!["a", "b"]);
        assert_eq!(l.eol, "\r\n");
        assert!(l.final_eol);
        let l = split_lines("a\nb");
        assert_eq!(l.eol, "\n");
        assert!(!l.final_eol);
    }
}
