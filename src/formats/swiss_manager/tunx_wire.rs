//! The wire shapes of Swiss-Manager's binary files (`.TUNX` and its team
//! siblings) and the bounds-checked reading primitives that `tunx`
//! and `tunx_team` share. The layout itself is described in those
//! two modules.

use crate::diag::{codes, Code, Diagnostic, Family, Location};

/// The file as stored (wire shape): every section kept, decoded fields beside raw bytes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TunxFile {
    pub header_fixed: Vec<u8>,
    pub tournament_id: u32,
    pub header_strings: Vec<String>,
    pub config: Config,
    pub schedule: Vec<ScheduleEntry>,
    pub players: Vec<PlayerRecord>,
    pub boards: Vec<BoardRecord>,
    /// Team events: the team records (section `B5`) and the team pairings
    /// (section `C3`), see `tunx_team`.
    pub teams: Vec<TeamRecord>,
    pub team_pairings: Vec<TeamPairing>,
    /// The seven u32 of the directory.
    pub directory: [u32; 7],
    /// Sections not decoded: (tag byte, offset, bytes after the marker).
    pub other_sections: Vec<(u8, u32, Vec<u8>)>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Config {
    /// The whole section after its 4-byte marker.
    pub raw: Vec<u8>,
    pub kind: u16,
    pub player_count: u16,
    pub rounds: u16,
    /// Swiss-Manager tie-break numbers, in order (see `tunx::tiebreak_label`).
    pub tiebreaks: Vec<u16>,
    pub start_date: u32,
    pub end_date: u32,
    pub fide_event_id: u32,
    /// u16 @51: the number of teams (team events; 0 in individual files).
    pub teams: u16,
    /// u16 @53: boards per match (team events; 0 in individual files).
    pub boards_per_match: u16,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ScheduleEntry {
    pub strings: Vec<String>,
    pub block: Vec<u8>,
    pub boards: u16,
    pub date: u32,
    /// u16 @8: the number of team pairing records of the round (team events).
    pub team_pairings: u16,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayerRecord {
    pub offset: usize,
    pub strings: Vec<String>,
    pub block: Vec<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BoardRecord {
    pub offset: usize,
    pub round: u32,
    pub white: u16,
    pub black: u16,
    pub result: u8,
    pub rest: [u8; 16],
}

/// One team record (section `B5`), as stored.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TeamRecord {
    pub offset: usize,
    pub strings: Vec<String>,
    pub block: Vec<u8>,
}

/// One team pairing record (section `C3`), as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TeamPairing {
    pub offset: usize,
    pub round: u32,
    /// 1-based team record numbers; `second` may be `FFFF` or `FFFE`.
    pub first: u16,
    pub second: u16,
    /// Board points stored for each team, in half points.
    pub first_half_points: u16,
    pub second_half_points: u16,
    pub rest: [u8; 7],
}

/// A structural error, boxed: it travels in `Result`s through the parser.
pub(super) fn at(offset: usize, message: String) -> Box<Diagnostic> {
    at_code(codes::SM_FIELD_SYNTAX, offset, message)
}

pub(super) fn at_code(code: Code, offset: usize, message: String) -> Box<Diagnostic> {
    Box::new(Diagnostic::error(
        code,
        Family::Syntax,
        Location {
            field: Some(format!("byte offset {offset:#x}")),
            ..Location::default()
        },
        message,
    ))
}

pub(super) fn warn(code: Code, field: impl Into<String>, message: String) -> Diagnostic {
    Diagnostic::warning(
        code,
        Family::Syntax,
        Location {
            field: Some(field.into()),
            ..Location::default()
        },
        message,
    )
}

/// A bounds-checked little-endian cursor.
pub(super) struct Cur<'a> {
    pub(super) b: &'a [u8],
    pub(super) pos: usize,
    pub(super) end: usize,
}

impl<'a> Cur<'a> {
    pub(super) fn bytes(&mut self, n: usize, what: &str) -> Result<&'a [u8], Box<Diagnostic>> {
        let stop = self.pos.checked_add(n).filter(|s| *s <= self.end);
        match stop.and_then(|s| self.b.get(self.pos..s)) {
            Some(s) => {
                self.pos += n;
                Ok(s)
            }
            None => Err(at(
                self.pos,
                format!(
                    "expected {n} bytes of {what}, found {} before the end of the section",
                    self.end.saturating_sub(self.pos)
                ),
            )),
        }
    }
    fn u16(&mut self, what: &str) -> Result<u16, Box<Diagnostic>> {
        let b = self.bytes(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    pub(super) fn string(&mut self, what: &str) -> Result<String, Box<Diagnostic>> {
        let start = self.pos;
        let n = self.u16(what)? as usize;
        let raw = self.bytes(n * 2, what)?;
        let units: Vec<u16> = raw
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        String::from_utf16(&units).map_err(|_| {
            at(
                start,
                format!("expected UTF-16 text for {what}, found invalid code units"),
            )
        })
    }
}

pub(super) fn u16_at(b: &[u8], o: usize) -> u16 {
    match b.get(o..o + 2) {
        Some(s) => u16::from_le_bytes([s[0], s[1]]),
        None => 0,
    }
}

pub(super) fn u32_at(b: &[u8], o: usize) -> u32 {
    match b.get(o..o + 4) {
        Some(s) => u32::from_le_bytes([s[0], s[1], s[2], s[3]]),
        None => 0,
    }
}
