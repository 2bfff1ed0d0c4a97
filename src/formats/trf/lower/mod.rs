//! Step two of reading: raw lines to a [`Tournament`], with diagnostics.
//!
//! [`state`] holds the lowerer; each record family lowers in its own file:
//! [`header`], [`player`], [`records`], then [`finish`] after the last line.

mod evidence;
mod finish;
mod header;
mod player;
mod records;
mod state;
mod team;
#[cfg(test)]
mod tests;

use crate::diag::{codes, Diagnostic, Family, Location};

use crate::formats::trf::raw::{self, LineKind, RawLine};
use crate::formats::trf::text::{self};
use crate::formats::trf::{ReadError, ReadOptions, TrfRead};

use state::*;

/// Blank and comment lines kept (written back on a round trip); past this
/// many they are counted in one warning.
const MAX_KEPT_EMPTY_LINES: usize = 10_000;

pub(super) fn read(bytes: &[u8], opts: &ReadOptions) -> Result<TrfRead, ReadError> {
    let dec = crate::formats::encoding::decode(bytes, opts.encoding);
    // The raw lines borrow the decoded text; leak-free by keeping both here.
    let decoded_text = dec.text;
    // Lines that carry nothing (blank, comments) and undecodable lines are kept
    // up to a bound, the rest counted: otherwise every blank line of a large
    // file would be held as a classified line, many times its byte.
    let mut raws: Vec<RawLine<'_>> = Vec::new();
    let (mut number, mut empty, mut unknown) = (0usize, 0usize, 0usize);
    let (mut empty_skipped, mut first_empty_skipped) = (0usize, 0usize);
    let line_ends = text::each_line(&decoded_text, |l| {
        number += 1;
        let r = raw::classify(number, l);
        match r.kind {
            LineKind::Blank | LineKind::Comment => {
                empty += 1;
                if empty > MAX_KEPT_EMPTY_LINES {
                    empty_skipped += 1;
                    if first_empty_skipped == 0 {
                        first_empty_skipped = number;
                    }
                    return;
                }
            }
            LineKind::Unknown => {
                unknown += 1;
                // one past the bound stays, so the lowerer can name where skipping began
                if unknown > MAX_UNDECODED_LINES + 1 {
                    return;
                }
            }
            _ => {}
        }
        raws.push(r);
    });
    let any_record = raws.iter().any(|r| {
        !matches!(
            r.kind,
            LineKind::Blank
                | LineKind::Comment
                | LineKind::Ruler
                | LineKind::Unknown
                | LineKind::Foreign
        )
    });
    let mut file_diags = Vec::new();
    if let Some(bad) = dec.undecodable {
        file_diags.push(Diagnostic::error(
            codes::INVALID_ENCODING,
            Family::Syntax,
            located(
                opts,
                Location {
                    line: Some(bad.line),
                    cols: Some((bad.column, bad.column)),
                    ..Location::default()
                },
            ),
            if dec.encoding == crate::formats::encoding::Encoding::Utf8 {
                "expected UTF-8 text, found invalid bytes (replaced by U+FFFD); try --encoding windows-1252".to_string()
            } else {
                format!("expected {} text, found bytes it cannot decode (replaced by U+FFFD)", dec.encoding)
            },
        ));
    }
    if !any_record {
        file_diags.push(Diagnostic::error(
            codes::UNRECOGNIZED_INPUT,
            Family::Syntax,
            located(opts, Location::default()),
            "expected TRF records (lines starting with a code such as 001 or 012), found none",
        ));
        return Err(ReadError {
            diagnostics: file_diags,
        });
    }
    let mut lw = Lowerer::new(opts, &raws);
    if empty_skipped > 0 {
        file_diags.push(Diagnostic::warning(
            codes::TRF_UNKNOWN_RECORD,
            Family::Syntax,
            located(opts, Location::line(first_empty_skipped)),
            format!(
                "expected TRF records, found {empty} blank or comment lines; after the first {MAX_KEPT_EMPTY_LINES}, {empty_skipped} more were skipped (not kept)"
            ),
        ));
    }
    lw.diags = file_diags;
    // the undecodable lines not handed over count as seen and skipped
    let dropped = unknown.saturating_sub(MAX_UNDECODED_LINES + 1);
    lw.dropped = dropped;
    // Safety of lifetimes: `raws` borrows `decoded_text`, which lives to the end of
    // this function; the lowerer only stores copies of line data in the model.
    lw.run(&raws);
    let dialect = lw.seen.dialect(dec.encoding, dec.bom, line_ends);
    Ok(TrfRead {
        tournament: lw.t,
        dialect,
        diagnostics: lw.diags,
        source: lw.source,
    })
}
