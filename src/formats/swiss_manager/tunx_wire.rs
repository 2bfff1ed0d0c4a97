//! The wire shapes of Swiss-Manager's binary files (`.TUNX` and its team
//! siblings) and the bounds-checked reading primitives that `tunx`
//! and `tunx_team` share. The layout itself is described in those
//! two modules.

use crate::diag::{codes, Code, Diagnostic, Family, Location};

/// The file as stored (wire shape): every section kept, decoded fields beside raw bytes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TunxFile {
    /// The 108 fixed header bytes, magic `93 FF 89 44` included.
    pub header_fixed: Vec<u8>,
    /// The chess-results.com tournament id (header u32 at 0x20; 0 when none).
    pub tournament_id: u32,
    /// The 132 header strings (0 name, 5 venue, 10 city, 14 time control, 20 federation, 21 chief arbiter, 35 deputy arbiters).
    pub header_strings: Vec<String>,
    /// The configuration section (`95`).
    pub config: Config,
    /// The schedule section (`A3`): one entry per round.
    pub schedule: Vec<ScheduleEntry>,
    /// The player section (`A5`): one record per player, in start-number order.
    pub players: Vec<PlayerRecord>,
    /// The board section (`B3`): every board of every round, round 1 first.
    pub boards: Vec<BoardRecord>,
    /// Team events: the team records (section `B5`) and the team pairings
    /// (section `C3`), see `tunx_team`.
    pub teams: Vec<TeamRecord>,
    /// The team pairing records (section `C3`), round 1 first.
    pub team_pairings: Vec<TeamPairing>,
    /// The seven u32 of the directory.
    pub directory: [u32; 7],
    /// Sections not decoded: (tag byte, offset, bytes after the marker).
    pub other_sections: Vec<(u8, u32, Vec<u8>)>,
}

/// The configuration section (`95`), with the fields whose meaning is known decoded (offsets from its marker).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Config {
    /// The whole section after its 4-byte marker.
    pub raw: Vec<u8>,
    /// u16 @15: event type (0 Swiss, 1 round robin, 2 and 3 team events).
    pub kind: u16,
    /// u16 @23: the number of player records.
    pub player_count: u16,
    /// u16 @27: the number of rounds.
    pub rounds: u16,
    /// Swiss-Manager tie-break numbers, in order (see `tunx::tiebreak_label`).
    pub tiebreaks: Vec<u16>,
    /// u32 @75: first day as `YYYYMMDD` (0 when not set).
    pub start_date: u32,
    /// u32 @79: last day as `YYYYMMDD` (0 when not set).
    pub end_date: u32,
    /// u32 @1275: the FIDE event id (0 when the event is not rated).
    pub fide_event_id: u32,
    /// u16 @51: the number of teams (team events; 0 in individual files).
    pub teams: u16,
    /// u16 @53: boards per match (team events; 0 in individual files).
    pub boards_per_match: u16,
}

/// One round of the schedule section (`A3`): 16 strings and a 76-byte block.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ScheduleEntry {
    /// The 16 strings (string 0: start time, e.g. `09:00`).
    pub strings: Vec<String>,
    /// The 76-byte block as stored.
    pub block: Vec<u8>,
    /// u16 @6: the number of board records of the round.
    pub boards: u16,
    /// u32 @18: the round date as `YYYYMMDD` (0 when not set).
    pub date: u32,
    /// u16 @8: the number of team pairing records of the round (team events).
    pub team_pairings: u16,
}

/// One player record (section `A5`): 18 strings and a 134-byte block (fields listed in the `tunx` module docs).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayerRecord {
    /// Byte offset of the record in the file.
    pub offset: usize,
    /// The 18 strings (0 surname, 1 given name, 3 short name, 4 title, 5 national id, 9 club, 10 federation, 11/12 groups, 17 type).
    pub strings: Vec<String>,
    /// The 134-byte block (sex, ratings, birth date, FIDE id, K factor ...).
    pub block: Vec<u8>,
}

/// One board record (section `B3`, 21 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BoardRecord {
    /// Byte offset of the record in the file.
    pub offset: usize,
    /// The round it belongs to (1-based, from the schedule's board counts).
    pub round: u32,
    /// White's player record number (1-based).
    pub white: u16,
    /// Black's player record number (1-based); `FFFF` pairing-allocated bye, `FFFE` not paired.
    pub black: u16,
    /// Result code: 0 not entered, 1 white wins, 2 draw, 3 black wins, 4/5 white/black wins by forfeit, 6 double forfeit (bye and absence codes with `FFFF`/`FFFE`).
    pub result: u8,
    /// The 16 undecoded bytes after the result, kept.
    pub rest: [u8; 16],
}

/// One team record (section `B5`), as stored.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TeamRecord {
    /// Byte offset of the record in the file.
    pub offset: usize,
    /// The 5 strings of the record (team name first).
    pub strings: Vec<String>,
    /// The 96-byte block as stored.
    pub block: Vec<u8>,
}

/// One team pairing record (section `C3`), as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TeamPairing {
    /// Byte offset of the record in the file.
    pub offset: usize,
    /// The round it belongs to (1-based, from the schedule's pairing counts).
    pub round: u32,
    /// 1-based team record numbers; `second` may be `FFFF` or `FFFE`.
    pub first: u16,
    /// The second team's record number, or `FFFF` (pairing-allocated bye) / `FFFE` (not paired).
    pub second: u16,
    /// Board points stored for each team, in half points.
    pub first_half_points: u16,
    /// Board points stored for the second team, in half points.
    pub second_half_points: u16,
    /// The 7 undecoded bytes after the points (bytes 8-14), kept.
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
