//! FIDE Tournament Report File (TRF): every dialect read, TRF16 / TRF-2026 /
//! JaVaFo TRF(x) / bbpPairings TRF(bx) written.
//!
//! Reading happens in two steps: `raw` types every line (or keeps it
//! verbatim) with its line number, then `lower` builds the
//! [`Tournament`] and emits diagnostics. Column numbers live only in
//! `layout` (crate-internal).
//!
//! ```
//! use chess_arbiter::formats::trf::{read, write, ReadOptions, WriteOptions};
//! let text = "012 Example\n001    1 m    Doe, Jane                         2100 FRA             1990/01/01  1.0    1     2 w 1\n001    2 m    Roe, Rick                         2000 FRA             1991/01/01  0.0    2     1 b 0\n";
//! let r = read(text.as_bytes(), &ReadOptions::default()).unwrap();
//! assert_eq!(r.tournament.players.len(), 2);
//! assert!(r.diagnostics.is_empty());
//! let out = write(&r.tournament, &WriteOptions::default());
//! assert!(out.text.starts_with("012 Example\r\n"));
//! ```

mod capacity;
mod dates;
mod dialect_records;
pub(crate) mod layout;
mod lower;
pub mod pending;
mod raw;
mod set;
mod text;
mod write;
mod write_team;

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::diag::{Diagnostic, Locator, PlayerField};
use crate::model::{PlayerId, Tournament};

pub use capacity::numbers_beyond_trf;
pub use set::{set_header, SETTABLE};
pub use write::write;

/// Text encoding of a TRF file: the one type of every text format.
pub use crate::formats::encoding::{Encoding, UnknownEncoding};

/// How a file ended its lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LineEnds {
    /// Every line ends with CR LF.
    CrLf,
    /// Every line ends with LF.
    Lf,
    /// Every line ends with CR alone.
    Cr,
    /// More than one kind of line end.
    Mixed,
    /// A single line without a line end.
    None,
}

/// Reading options. The defaults read every dialect leniently.
///
/// The reader only reads: the consistency checks of `crate::validate` are
/// the caller's to run, located with [`TrfRead::source`].
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct ReadOptions {
    /// Force an encoding; `None` detects (UTF-8 if valid, else Windows-1252).
    pub encoding: Option<Encoding>,
    /// File name put in diagnostics' locations.
    pub file_name: Option<String>,
}

options!(ReadOptions { encoding: Option<Encoding>, file_name: Option<String> });

/// The TRF version a file follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Version {
    /// TRF06-era: byes written `0000 - +/=/-`, no `H F U Z` codes.
    Trf06,
    /// TRF16 (also the base of JaVaFo TRF(x) and bbp TRF(bx)).
    Trf16,
    /// TRF-2026 (records `142`..`260`, `###` comments, NRS, `310` teams).
    Trf26,
}

/// A program whose habits were recognised in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Producer {
    /// Swiss-Manager (Vienna) export habits.
    SwissManager,
    /// Vega export habits.
    Vega,
    /// lichess export habits.
    Lichess,
    /// bbpPairings output habits.
    BbpPairings,
}

/// What the reader saw: version, extensions, producer habits, encoding, line ends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dialect {
    /// The TRF version of the records.
    pub version: Version,
    /// JaVaFo TRF(x) records (`XXR XXC XXS XXA XXP XXZ`).
    pub javafo: bool,
    /// bbpPairings TRF(bx) records (`BBW BBD BBL BBZ BBF BBU`).
    pub bbp: bool,
    /// The program whose habits were recognised, if any.
    pub producer: Option<Producer>,
    /// The text encoding the file was read in (detected unless forced).
    pub encoding: Encoding,
    /// Whether the file started with a byte-order mark.
    pub bom: bool,
    /// How the file ended its lines.
    pub line_ends: LineEnds,
    /// Some `001` lines were padded by bytes rather than characters (Vega).
    pub byte_padded: bool,
}

impl fmt::Display for Dialect {
    /// e.g. `TRF-16 + JaVaFo TRF(x) (lichess export); UTF-8, LF`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = match self.version {
            Version::Trf06 => "TRF-2006",
            Version::Trf16 => "TRF-16",
            Version::Trf26 => "TRF-2026",
        };
        f.write_str(v)?;
        if self.javafo {
            f.write_str(" + JaVaFo TRF(x)")?;
        }
        if self.bbp {
            f.write_str(" + bbpPairings TRF(bx)")?;
        }
        if let Some(p) = self.producer {
            let p = match p {
                Producer::SwissManager => "Swiss-Manager",
                Producer::Vega => "Vega",
                Producer::Lichess => "lichess",
                Producer::BbpPairings => "bbpPairings",
            };
            write!(f, " ({p} style)")?;
        }
        let ends = match self.line_ends {
            LineEnds::CrLf => "CRLF",
            LineEnds::Lf => "LF",
            LineEnds::Cr => "CR",
            LineEnds::Mixed => "mixed line ends",
            LineEnds::None => "no line end",
        };
        write!(f, "; {}", self.encoding)?;
        if self.bom {
            f.write_str(" with BOM")?;
        }
        write!(f, ", {ends}")?;
        if self.byte_padded {
            f.write_str(", columns padded by bytes")?;
        }
        Ok(())
    }
}

/// Where records were found (1-based line numbers).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceMap {
    /// The `001` line of each player.
    pub player_lines: BTreeMap<PlayerId, usize>,
    /// The first line of each header record, keyed by its code (`"042"`, `"XXR"`).
    pub header_lines: BTreeMap<String, usize>,
}

/// Lines from the map, columns from the TRF column tables. An empty map
/// (`SourceMap::default()`) locates fields by their columns alone, for
/// models that were not read from a TRF file.
impl Locator for SourceMap {
    fn player_line(&self, player: u32) -> Option<usize> {
        self.player_lines.get(&PlayerId(player)).copied()
    }
    fn header_line(&self, code: &str) -> Option<usize> {
        self.header_lines.get(code).copied()
    }
    fn cols(&self, field: PlayerField) -> Option<(usize, usize)> {
        Some(layout::player_field(field))
    }
}

/// A successful read: the tournament, what the reader saw, and every diagnostic.
#[derive(Debug, Clone)]
pub struct TrfRead {
    /// The tournament built from the records.
    pub tournament: Tournament,
    /// What the reader saw (version, extensions, producer, encoding, line ends).
    pub dialect: Dialect,
    /// Every problem found while reading, located by line, columns and field.
    pub diagnostics: Vec<Diagnostic>,
    /// Where each player's and header record was, for locating later diagnostics.
    pub source: SourceMap,
}

/// Nothing usable could be read.
#[derive(Debug, Clone)]
pub struct ReadError {
    /// Why nothing could be read (e.g. `unrecognized-input`: no TRF record found).
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for d in &self.diagnostics {
            if !first {
                f.write_str("\n")?;
            }
            first = false;
            write!(f, "{d}")?;
        }
        if first {
            f.write_str("no TRF records found")?;
        }
        Ok(())
    }
}

impl std::error::Error for ReadError {}

impl From<ReadError> for crate::Error {
    fn from(e: ReadError) -> crate::Error {
        crate::Error::from_diagnostics(e.diagnostics)
    }
}

/// Read a TRF file of any dialect.
///
/// Returns `Err` only when nothing usable was found (no TRF record at all).
/// Otherwise every problem is a located diagnostic in [`TrfRead::diagnostics`].
pub fn read(bytes: &[u8], opts: &ReadOptions) -> Result<TrfRead, ReadError> {
    lower::read(bytes, opts)
}

/// The dialect to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Target {
    /// TRF16: headers `012`..`132`, `001`, `013`. Nothing else is typed.
    #[default]
    Trf16,
    /// TRF-2026: adds `142 152 162 172 182 192 202/212 222 250 260`, NRS and `310`.
    Trf26,
    /// TRF16 + JaVaFo TRF(x): `XXR XXC XXS XXA XXP`.
    TrfX,
    /// TRF16 + bbpPairings TRF(bx): `XXR XXC BBW..BBU XXA XXP`.
    TrfBx,
}

/// Line end to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LineEnd {
    /// CR LF (the default: FIDE's spec ends lines with CR; Windows tools use CRLF).
    #[default]
    CrLf,
    /// LF alone.
    Lf,
    /// CR alone (as the FIDE TRF text describes).
    Cr,
}

impl LineEnd {
    /// The characters of this line end (`"\r
    /// "`, `"
    /// "`, `"\r"`).
    pub fn as_str(self) -> &'static str {
        match self {
            LineEnd::CrLf => "\r\n",
            LineEnd::Lf => "\n",
            LineEnd::Cr => "\r",
        }
    }
}

/// Writing options.
#[derive(Debug, Clone, Copy, Default)]
#[non_exhaustive]
pub struct WriteOptions {
    /// The TRF dialect to write.
    pub target: Target,
    /// The line end to write.
    pub line_end: LineEnd,
}

options!(WriteOptions {
    target: Target,
    line_end: LineEnd
});

/// A written file and what could not be carried into the target dialect.
#[derive(Debug, Clone)]
pub struct Written {
    /// The file's text.
    pub text: String,
    /// What the target dialect could not carry (dropped, approximated or replaced), each a located diagnostic.
    pub warnings: Vec<Diagnostic>,
}
