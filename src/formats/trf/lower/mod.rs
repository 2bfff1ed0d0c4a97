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
#[cfg(test)]
mod tests;

use crate::diag::{codes, Diagnostic, Family, Location};

use crate::formats::trf::raw::{self, LineKind, RawLine};
use crate::formats::trf::text::{self};
use crate::formats::trf::{ReadError, ReadOptions, TrfRead};

use state::*;

pub(super) fn read(bytes: &[u8], opts: &ReadOptions) -> Result<TrfRead, ReadError> {
    let dec = text::decode(bytes, opts.encoding);
    // The raw lines borrow the decoded text; leak-free by keeping both here.
    let decoded_text = dec.text;
    let (lines, line_ends) = text::split_lines(&decoded_text);
    let raws: Vec<RawLine<'_>> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| raw::classify(i + 1, l))
        .collect();
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
    if let Some(line) = dec.invalid_utf8_line {
        file_diags.push(Diagnostic::error(
            codes::INVALID_ENCODING,
            Family::Syntax,
            located(opts, Location::line(line)),
            "expected UTF-8 text, found invalid bytes (replaced by U+FFFD); try --encoding windows-1252",
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
    lw.diags = file_diags;
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
