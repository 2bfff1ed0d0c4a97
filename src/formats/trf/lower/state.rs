//! The lowering state: the tournament being built, its diagnostics and
//! source map, the dialect evidence, and work deferred to the end.

use crate::diag::{codes, Code, Diagnostic, Family, Location, Severity};
use crate::model::{
    ByeKind, ExtraRecord, NationalRating, PlayerId, PointSystem, Points, Tournament,
};

use crate::formats::trf::layout::{self, Field};
use crate::formats::trf::raw::{LineKind, RawLine};
use crate::formats::trf::text::{Cols, Counting};
use crate::formats::trf::{ReadOptions, SourceMap};

use super::evidence::Evidence;

pub(super) use crate::formats::trf::layout::codes::{result_code, sex_code, ResultCode as Res};

pub(super) struct Deferred<'a> {
    pub(super) line: RawLine<'a>,
    pub(super) after: Option<usize>,
}

pub(super) struct Lowerer<'o> {
    pub(super) opts: &'o ReadOptions,
    pub(super) t: Tournament,
    pub(super) diags: Vec<Diagnostic>,
    pub(super) source: SourceMap,
    pub(super) has310: bool,
    pub(super) team_event: bool,
    /// What the lines showed about the dialect and the producer.
    pub(super) seen: Evidence,
    // deferred work
    pub(super) absences: Vec<Deferred<'o>>,
    pub(super) nationals: Vec<(usize, PlayerId, NationalRating, Deferred<'o>)>,
    pub(super) scoring_162: Option<(usize, PointSystem)>,
    pub(super) bb: Vec<(usize, &'o str, Points)>,
    pub(super) xxs: Vec<(usize, String)>,
    /// `XXG` registered categories: line, player, category.
    pub(super) registrations: Vec<(usize, PlayerId, String)>,
    pub(super) xxr_line: Option<(usize, u32)>,
    pub(super) sex_f: usize,
    pub(super) sex_f_line: Option<usize>,
    /// Undecodable lines seen so far (see [`MAX_UNDECODED_LINES`]).
    pub(super) undecoded: usize,
    /// Lines after the first [`MAX_UNDECODED_LINES`] undecodable ones: skipped.
    pub(super) skipped: usize,
    /// Undecodable lines past the bound not even handed to the lowerer
    /// (`lower::read` counts them): counted in the same summary.
    pub(super) dropped: usize,
    /// Index of each player's entry in `t.accelerations` while reading.
    pub(super) accel_index: std::collections::HashMap<PlayerId, usize>,
    /// Round cells filled by `250` ranges so far (see [`MAX_ACCELERATION_CELLS`]).
    pub(super) accel_cells: u64,
}

/// Player-round cells that `250` acceleration ranges may fill in one file
/// (a range names up to 9,999 players and 999 rounds). Far above real use;
/// lines beyond it are errors, so repeated wide ranges cannot take hours.
pub(crate) const MAX_ACCELERATION_CELLS: u64 = 10_000_000;

/// Undecodable lines diagnosed and kept one by one; after them the reader
/// skips undecodable lines and says how many in one summary warning, so junk
/// input cannot fill memory with warnings.
pub(crate) const MAX_UNDECODED_LINES: usize = 200;

pub(super) fn located(opts: &ReadOptions, mut l: Location) -> Location {
    if l.file.is_none() {
        l.file.clone_from(&opts.file_name);
    }
    l
}

/// Line `line`, field `f` (its columns and name).
pub(super) fn field_at(line: usize, f: &Field) -> Location {
    Location::field(line, f.first, f.last, f.name)
}

/// `cols 5-8` (or `col 10`): where a field is, as messages write it.
pub(super) fn span(f: &Field) -> String {
    crate::diag::cols_text((f.first, f.last))
}

/// The record code (cols 1-3) of line `line`.
pub(super) fn record_code_at(line: usize) -> Location {
    field_at(line, &layout::record::CODE)
}

pub(super) fn quote(s: &str) -> String {
    format!("\"{s}\"")
}

impl<'o> Lowerer<'o> {
    pub(super) fn new(opts: &'o ReadOptions, raws: &[RawLine<'_>]) -> Lowerer<'o> {
        Lowerer {
            opts,
            t: Tournament::default(),
            diags: Vec::new(),
            source: SourceMap::default(),
            has310: raws.iter().any(|r| r.kind == LineKind::Team310),
            // 240/250/260 name teams in team events.
            team_event: raws
                .iter()
                .any(|r| matches!(r.kind, LineKind::Team310 | LineKind::Team013)),
            seen: Evidence::default(),
            absences: Vec::new(),
            nationals: Vec::new(),
            scoring_162: None,
            bb: Vec::new(),
            xxs: Vec::new(),
            registrations: Vec::new(),
            xxr_line: None,
            sex_f: 0,
            sex_f_line: None,
            undecoded: 0,
            skipped: 0,
            dropped: 0,
            accel_index: std::collections::HashMap::new(),
            accel_cells: 0,
        }
    }

    pub(super) fn diag(
        &mut self,
        code: Code,
        sev: Severity,
        fam: Family,
        loc: Location,
        msg: impl Into<String>,
    ) {
        self.diags.push(Diagnostic {
            severity: sev,
            code,
            family: fam,
            location: located(self.opts, loc),
            message: msg.into(),
        });
    }

    pub(super) fn field_error(&mut self, line: usize, f: &Field, msg: impl Into<String>) {
        self.diag(
            codes::TRF_FIELD_SYNTAX,
            Severity::Error,
            Family::Syntax,
            Location::field(line, f.first, f.last, f.name),
            msg,
        );
    }

    pub(super) fn field_warning(&mut self, line: usize, f: &Field, msg: impl Into<String>) {
        self.diag(
            codes::TRF_FIELD_SYNTAX,
            Severity::Warning,
            Family::Syntax,
            Location::field(line, f.first, f.last, f.name),
            msg,
        );
    }

    pub(super) fn after(&self) -> Option<usize> {
        self.t.players.len().checked_sub(1)
    }

    pub(super) fn keep(&mut self, r: &RawLine<'_>) {
        let after = self.after();
        self.keep_at(r, after);
    }

    pub(super) fn keep_at(&mut self, r: &RawLine<'_>, after: Option<usize>) {
        self.t.extra_records.push(ExtraRecord {
            code: r.code.to_string(),
            line: r.text.to_string(),
            after_player: after,
        });
    }

    pub(super) fn note_header(&mut self, code: &str, line: usize) {
        self.source
            .header_lines
            .entry(code.to_string())
            .or_insert(line);
    }

    pub(super) fn run(&mut self, raws: &'o [RawLine<'o>]) {
        for r in raws {
            match r.kind {
                LineKind::Foreign => self.keep(r),
                LineKind::Blank | LineKind::Comment => {
                    if r.code == "###" {
                        self.seen.trf26 = true;
                    }
                    self.keep(r);
                }
                LineKind::Ruler => {
                    self.seen.rulers = true;
                    self.keep(r);
                }
                LineKind::Unknown => {
                    self.undecoded += 1;
                    if self.undecoded > MAX_UNDECODED_LINES {
                        self.skipped += 1;
                        continue;
                    }
                    let col4 =
                        Cols::new(r.text, Counting::Chars).char_at(layout::record::BLANK.first);
                    let known = r.code == "001" || layout::codes::HEADER_CODES.contains(&r.code);
                    let (code, loc, msg) = if known && col4 != ' ' {
                        (
                            codes::TRF_FIELD_SYNTAX,
                            field_at(r.number, &layout::record::BLANK),
                            format!(
                                "expected a blank after record code {}, found {}; line kept as is",
                                quote(r.code),
                                quote(&col4.to_string())
                            ),
                        )
                    } else {
                        (
                            codes::TRF_UNKNOWN_RECORD,
                            record_code_at(r.number),
                            format!(
                                "expected a known record code, found {}; line kept as is",
                                quote(r.code)
                            ),
                        )
                    };
                    self.diag(code, Severity::Warning, Family::Syntax, loc, msg);
                    self.keep(r);
                }
                LineKind::Header => self.header(r),
                LineKind::Player => self.player(r),
                LineKind::National => self.national(r),
                LineKind::Team013 => self.team013(r),
                LineKind::Team310 => self.team310(r),
                LineKind::Extension => self.extension(r),
                LineKind::Record26 => self.record26(r),
            }
        }
        if self.skipped + self.dropped > 0 {
            let first = raws
                .iter()
                .filter(|r| r.kind == LineKind::Unknown)
                .nth(MAX_UNDECODED_LINES)
                .map_or(0, |r| r.number);
            self.diag(
                codes::TRF_UNKNOWN_RECORD,
                Severity::Warning,
                Family::Syntax,
                Location::line(first),
                format!(
                    "expected TRF records, found {} undecodable lines; after the first {MAX_UNDECODED_LINES}, {} more were skipped (not reported, not kept)",
                    self.undecoded + self.dropped,
                    self.skipped + self.dropped
                ),
            );
        }
        self.finish();
    }
}

pub(super) fn bye_name(b: ByeKind) -> &'static str {
    match b {
        ByeKind::PairingAllocated => "pairing-allocated bye",
        ByeKind::Half => "half-point bye",
        ByeKind::Full => "full-point bye",
        ByeKind::Zero => "zero-point bye",
    }
}

/// Digits only (after trimming), as u32.
pub(super) fn parse_uint(s: &str) -> Option<u32> {
    let t = s.trim();
    if t.is_empty() || t.len() > 9 || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// The round blocks of a `001` line sit where the spec puts them.
pub(super) fn aligned(c: &Cols<'_>) -> bool {
    use layout::round as R;
    let len = c.len();
    if len <= layout::player::STATIC_LAST {
        // Only the static part: check the points field instead.
        let p = c.get(&layout::player::POINTS);
        return c.cols(1, 1).is_some() && (p.is_empty() || Points::parse(p).is_some());
    }
    let mut r = 1;
    while R::BLOCK_FIRST + (r - 1) * R::STRIDE <= len {
        for s in R::SEPARATORS {
            if c.char_at(s + (r - 1) * R::STRIDE) != ' ' {
                return false;
            }
        }
        let col = c.char_at(R::at(R::COLOR, r).first);
        if !matches!(col, 'w' | 'b' | 'W' | 'B' | '-' | ' ') {
            return false;
        }
        r += 1;
    }
    true
}
