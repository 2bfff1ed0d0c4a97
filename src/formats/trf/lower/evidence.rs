//! Dialect evidence: what the lines showed about the TRF version and the
//! program that wrote the file. It never changes how a line reads; after the
//! last line [`Evidence::dialect`] names the [`Dialect`].

use crate::formats::trf::{Dialect, Encoding, LineEnds, Producer, Version};

/// The clues, each set by the record that shows it.
#[derive(Debug, Default)]
pub(super) struct Evidence {
    /// A TRF-2026 record: a `###` comment, a header from `142` on, a national
    /// rating record, a `310` team or a `240`..`802` record.
    pub(super) trf26: bool,
    /// Byes written the TRF06 way: `0000 - +`, `0000 - =`, `0000 - -`.
    pub(super) trf06_byes: usize,
    /// A result code TRF16 added (`H F U Z W D L ?`...), so not TRF06.
    pub(super) trf16_codes: bool,
    /// JaVaFo TRF(x) records (`XX?`).
    pub(super) javafo: bool,
    /// bbpPairings TRF(bx) records (`BB?`).
    pub(super) bbp: bool,
    /// Column rulers, as Swiss-Manager writes them.
    pub(super) rulers: bool,
    /// A `062 n (m)` player count, as Swiss-Manager writes it.
    pub(super) sm_counts: bool,
    /// lichess in the `022` or `032` header.
    pub(super) lichess: bool,
    /// Lines of `001` records padded by bytes rather than characters (Vega).
    pub(super) byte_padded: Vec<usize>,
    /// An absence written `-` with a blank opponent (lichess).
    pub(super) blank_opponent_absence: bool,
}

impl Evidence {
    /// The dialect these clues point to, with what the decoder saw.
    pub(super) fn dialect(&self, encoding: Encoding, bom: bool, line_ends: LineEnds) -> Dialect {
        let version = if self.trf26 {
            Version::Trf26
        } else if self.trf06_byes > 0 && !self.trf16_codes {
            Version::Trf06
        } else {
            Version::Trf16
        };
        let producer = if !self.byte_padded.is_empty() {
            Some(Producer::Vega)
        } else if self.lichess || self.blank_opponent_absence {
            Some(Producer::Lichess)
        } else if self.rulers || self.sm_counts {
            Some(Producer::SwissManager)
        } else if line_ends == LineEnds::Cr {
            Some(Producer::BbpPairings)
        } else {
            None
        };
        Dialect {
            version,
            javafo: self.javafo,
            bbp: self.bbp,
            producer,
            encoding,
            bom,
            line_ends,
            byte_padded: !self.byte_padded.is_empty(),
        }
    }
}
