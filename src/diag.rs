//! Diagnostics: where, which field, what was expected, what was found.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Warning,
    Error,
}

/// The family of a diagnostic (house style: syntax, consistency, engine).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Family {
    /// A field that cannot be read.
    Syntax,
    /// The file reads but contradicts itself or the rules.
    Consistency,
    /// Something could not be carried or done (conversion loss, unsupported feature).
    Engine,
}

/// A place in an input file. Lines and columns are 1-based; columns count characters.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Location {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// First and last column, inclusive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cols: Option<(usize, usize)>,
    /// Field name, e.g. `rating`, `round 3 result`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub family: Family,
    #[serde(flatten)]
    pub location: Location,
    /// Lowercase, no trailing period.
    pub message: String,
}

impl Diagnostic {
    pub fn error(family: Family, location: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            family,
            location,
            message: message.into(),
        }
    }
    pub fn warning(family: Family, location: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            family,
            location,
            message: message.into(),
        }
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl Location {
    pub fn line(line: usize) -> Self {
        Location {
            line: Some(line),
            ..Location::default()
        }
    }
    pub fn field(line: usize, first: usize, last: usize, field: impl Into<String>) -> Self {
        Location {
            file: None,
            line: Some(line),
            cols: Some((first, last)),
            field: Some(field.into()),
        }
    }
}

/// `col 10` or `cols 58-68`: a column span as locations and rule citations write it.
pub fn cols_text((first, last): (usize, usize)) -> String {
    if first == last {
        format!("col {first}")
    } else {
        format!("cols {first}-{last}")
    }
}

impl Diagnostic {
    /// The diagnostic with `file` as its file, unless it names one already.
    pub fn in_file(mut self, file: Option<&str>) -> Self {
        if self.location.file.is_none() {
            self.location.file = file.map(str::to_string);
        }
        self
    }
}

/// A field of a player record, as an engine names it. Engines do not know
/// columns: a [`Locator`] from the format layer turns the field into them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PlayerField {
    StartingRank,
    Sex,
    Title,
    Name,
    Rating,
    Federation,
    FideId,
    BirthDate,
    Points,
    Rank,
    /// The block of round `r` (1-based): opponent, colour and result.
    Round(usize),
}

/// Where the records and fields of an input file are. Engines ask it when
/// they locate a diagnostic; the TRF reader's `SourceMap` answers with lines
/// and, from the TRF layout tables, columns. [`NoSource`] serves models built in memory.
pub trait Locator {
    /// The line of the record of player `player` (its starting rank).
    fn player_line(&self, player: u32) -> Option<usize>;
    /// The first line of the header record with this code (`"042"`, `"XXR"`).
    fn header_line(&self, code: &str) -> Option<usize>;
    /// The first and last column (1-based, inclusive) of a player field.
    fn cols(&self, field: PlayerField) -> Option<(usize, usize)>;
}

/// No source: no lines, no columns.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoSource;

impl Locator for NoSource {
    fn player_line(&self, _: u32) -> Option<usize> {
        None
    }
    fn header_line(&self, _: &str) -> Option<usize> {
        None
    }
    fn cols(&self, _: PlayerField) -> Option<(usize, usize)> {
        None
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if let Some(file) = &self.file {
            parts.push(file.clone());
        }
        if let Some(l) = self.line {
            parts.push(format!("line {l}"));
        }
        if let Some(cols) = self.cols {
            parts.push(cols_text(cols));
        }
        let mut s = parts.join(", ");
        if let Some(field) = &self.field {
            if s.is_empty() {
                s = format!("({field})");
            } else {
                s = format!("{s} ({field})");
            }
        }
        f.write_str(&s)
    }
}

impl fmt::Display for Diagnostic {
    /// `error: line 12, cols 49-52 (rating): expected up to 4 digits, found "2a00"`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let loc = self.location.to_string();
        if loc.is_empty() {
            write!(f, "{sev}: {}", self.message)
        } else {
            write!(f, "{sev}: {loc}: {}", self.message)
        }
    }
}
