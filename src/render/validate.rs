//! Renderings of a validation report (`arbiter validate`): text for people,
//! JSON for programs.
//!
//! JSON shape (stable): `{"file", "dialect": str?, "dialect_detail": {..}?,
//! "source_encoding": str? (a UTF-16 file, decoded before reading), "players", "rounds", "total_rounds"?, "errors", "warnings",
//! "diagnostics": [diagnostic]}`; for a file that could not be read
//! `{"file", "readable": false, "diagnostics": [diagnostic]}`. A diagnostic
//! is `{"severity", "code", "family", "file"?, "line"?, "cols"?, "field"?,
//! "message"}`; `code` is stable (see [`crate::diag::codes`]). The text
//! rendering does not show the code.

use std::fmt::Write as _;

use serde::Serialize;

use crate::diag::{Diagnostic, Severity};
use crate::formats::trf::Dialect;
use crate::model::Tournament;

/// What `validate` found in a file that could be read.
#[derive(Debug, Serialize)]
pub struct Report<'a> {
    /// The name used in messages.
    pub file: &'a str,
    /// e.g. "TRF-16 + JaVaFo TRF(x); UTF-8, CRLF"; null for JSON input.
    pub dialect: Option<String>,
    /// The dialect in full (version, extensions, producer, encoding, line ends); `None` for JSON input.
    pub dialect_detail: Option<&'a Dialect>,
    /// The format read when it is neither TRF nor chess-arbiter JSON (e.g.
    /// "Swiss-Manager tournament file (TUNX, binary)"); see [`Report::with_format`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<&'static str>,
    /// The encoding of the file's bytes when they were decoded before
    /// reading (`UTF-16LE`, `UTF-16BE`); see [`Report::with_source_encoding`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_encoding: Option<&'a str>,
    /// Number of players.
    pub players: usize,
    /// Number of rounds recorded ([`Tournament::rounds_recorded`]).
    pub rounds: usize,
    /// Rounds planned (`XXR` / `142`), when the file says.
    pub total_rounds: Option<u32>,
    /// Number of error diagnostics.
    pub errors: usize,
    /// Number of warning diagnostics.
    pub warnings: usize,
    /// Every diagnostic, in reading order.
    pub diagnostics: &'a [Diagnostic],
}

impl<'a> Report<'a> {
    /// The report of `t` read from `file` (in `dialect`, `None` for JSON)
    /// with these diagnostics.
    pub fn new(
        file: &'a str,
        dialect: Option<&'a Dialect>,
        t: &Tournament,
        diagnostics: &'a [Diagnostic],
    ) -> Report<'a> {
        let errors = diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        Report {
            file,
            dialect: dialect.map(|d| d.to_string()),
            dialect_detail: dialect,
            format: None,
            source_encoding: None,
            players: t.players.len(),
            rounds: t.rounds_recorded(),
            total_rounds: t.total_rounds,
            errors,
            warnings: diagnostics.len() - errors,
            diagnostics,
        }
    }
}

impl<'a> Report<'a> {
    /// Name the format read (for inputs other than TRF and chess-arbiter JSON).
    pub fn with_format(mut self, format: &'static str) -> Self {
        self.format = Some(format);
        self
    }

    /// Name the encoding the file was in when its text was decoded before
    /// reading (UTF-16 with a byte-order mark): the summary then says
    /// `UTF-16LE` where the dialect read from the decoded text would say
    /// `UTF-8`, as the reader's warning does.
    pub fn with_source_encoding(mut self, encoding: &'a str) -> Self {
        if let (Some(d), Some(detail)) = (self.dialect.as_mut(), self.dialect_detail) {
            let decoded = format!("; {}", detail.encoding);
            *d = d.replacen(&decoded, &format!("; {encoding} (read as Unicode)"), 1);
        }
        self.source_encoding = Some(encoding);
        self
    }
}

/// The report as pretty JSON, with a final newline.
pub fn json(r: &Report<'_>) -> String {
    super::json::pretty(r) + "\n"
}

/// The JSON document for a file that could not be read at all.
pub fn unreadable_json(file: &str, diagnostics: &[Diagnostic]) -> String {
    let v = serde_json::json!({
        "file": file,
        "readable": false,
        "diagnostics": diagnostics,
    });
    super::json::pretty(&v) + "\n"
}

/// The dialect, the counts, every diagnostic and a summary line.
pub fn text(r: &Report<'_>) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "file: {}", r.file);
    if let Some(d) = &r.dialect {
        let _ = writeln!(s, "dialect: {d}");
    } else {
        let format = r.format.unwrap_or("chess-arbiter JSON");
        match r.source_encoding {
            Some(e) => {
                let _ = writeln!(s, "format: {format}; {e} (read as Unicode)");
            }
            None => {
                let _ = writeln!(s, "format: {format}");
            }
        }
    }
    let total = r
        .total_rounds
        .map(|n| format!(" of {n}"))
        .unwrap_or_default();
    let _ = writeln!(
        s,
        "players: {}, rounds with data: {}{total}",
        r.players, r.rounds
    );
    for d in r.diagnostics {
        let _ = writeln!(s, "{d}");
    }
    let _ = writeln!(s, "{} error(s), {} warning(s)", r.errors, r.warnings);
    s
}
