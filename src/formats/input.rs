//! One entry point for every input: the bytes of a file (or of standard input) in,
//! the tournament, the format it was read as and where its records are out. The format
//! is sniffed from the content (the name only decides `.json`); every command reads
//! through [`read`] (or [`read_pair`] for two files given as `a+b`).
//!
//! Formats: FIDE TRF in any dialect, chess-arbiter JSON, Swiss-Manager's `.TUNX`, its
//! pairing, player and XML exports, and Vega's cross table and sorted pairing list.
//! Text in UTF-16 (with a byte-order mark) is decoded to UTF-8 first and reported.
//! The consistency checks (`crate::validate`) are not run here: formats never call
//! engines; the caller runs them with [`Input::source`] as the locator.

use std::collections::BTreeMap;

use crate::diag::{codes, Diagnostic, Family, Location, Locator, PlayerField};
use crate::model::{PlayerId, RoundEntry, Tournament};

use super::{encoding, json, swiss_manager as sm, trf, vega};

/// The formats [`read`] knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputFormat {
    /// FIDE TRF, any dialect (detected).
    Trf,
    /// chess-arbiter JSON.
    Json,
    /// Swiss-Manager binary tournament file (`.TUNX`/`.TURX`).
    Tunx,
    /// Swiss-Manager pairing file ("Spielerauslosung").
    SmPairings,
    /// Swiss-Manager player file ("Spielerdaten").
    SmPlayers,
    /// A Swiss-Manager player file and pairing file read together (`a+b`).
    SmCombined,
    /// Swiss-Manager XML import file.
    SmXml,
    /// Vega's cross table export.
    VegaCrosstable,
    /// Vega's pairing list sorted by name.
    VegaPairs,
    /// A chess-arbiter event file (SQLite): opened by the event room
    /// (`chess_arbiter::event::Event::open`), never read from bytes here.
    EventFile,
}

impl InputFormat {
    /// The name used in messages and in `validate`'s report.
    pub fn name(self) -> &'static str {
        match self {
            InputFormat::Trf => "FIDE TRF",
            InputFormat::Json => "chess-arbiter JSON",
            InputFormat::Tunx => "Swiss-Manager tournament file (TUNX, binary)",
            InputFormat::SmPairings => "Swiss-Manager pairing file",
            InputFormat::SmPlayers => "Swiss-Manager player file",
            InputFormat::SmCombined => "Swiss-Manager player file + pairing file",
            InputFormat::SmXml => "Swiss-Manager XML",
            InputFormat::VegaCrosstable => "Vega cross table",
            InputFormat::VegaPairs => "Vega pairing list",
            InputFormat::EventFile => "chess-arbiter event file (SQLite)",
        }
    }

    /// What the player must look like for [`Input`] to be a tournament (used in the
    /// "no players" error).
    pub fn player_record(self) -> &'static str {
        match self {
            InputFormat::Trf => "a player record (001)",
            InputFormat::Json => "a player in \"players\"",
            _ => "a player",
        }
    }
}

/// Where the records of an input are: lines of a TRF, byte offsets of a binary file's
/// player records, rows of Swiss-Manager's text exports, paths of a JSON document, or
/// nothing (XML, Vega).
#[derive(Debug, Clone, Default)]
pub enum Source {
    /// The TRF reader's line map.
    Trf(trf::SourceMap),
    /// Byte offset of each player's record (`.TUNX`).
    Records(BTreeMap<PlayerId, usize>),
    /// Rows of a Swiss-Manager player file and board rows of its pairing file, and
    /// the name of each file when both are read together (`a+b`).
    Sm(sm::SmSource),
    /// The index of each player in a JSON document's `tournament.players` array
    /// (the first entry with that id): a JSON file is located by path.
    Json(BTreeMap<PlayerId, usize>),
    /// No location data (XML, Vega, models built in memory).
    #[default]
    None,
}

impl Source {
    /// The TRF line map, for TRF input.
    pub fn trf(&self) -> Option<&trf::SourceMap> {
        match self {
            Source::Trf(s) => Some(s),
            _ => None,
        }
    }
}

impl Locator for Source {
    fn player_line(&self, player: u32) -> Option<usize> {
        match self {
            Source::Sm(s) => s.player_line(player),
            _ => self.trf()?.player_line(player),
        }
    }
    fn header_line(&self, code: &str) -> Option<usize> {
        self.trf()?.header_line(code)
    }
    /// TRF columns only for TRF input: a binary file, a `;`-separated export or
    /// JSON has none.
    fn cols(&self, field: PlayerField) -> Option<(usize, usize)> {
        self.trf()?.cols(field)
    }
    fn player_file(&self, player: u32) -> Option<String> {
        match self {
            Source::Sm(s) => s.player_file(player),
            _ => None,
        }
    }
    fn round_line(&self, player: u32, round: usize) -> Option<usize> {
        match self {
            Source::Sm(s) => s.round_line(player, round),
            _ => self.player_line(player),
        }
    }
    fn round_file(&self, player: u32, round: usize) -> Option<String> {
        match self {
            Source::Sm(s) => s.round_file(player, round),
            _ => None,
        }
    }
    fn player_record(&self, player: u32) -> Option<String> {
        match self {
            Source::Records(m) => m
                .get(&PlayerId(player))
                .map(|o| format!("player record {player} at byte offset {o:#x}")),
            Source::Json(m) => m
                .get(&PlayerId(player))
                .map(|i| format!("tournament.players[{i}]")),
            _ => None,
        }
    }
}

/// How to read.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct InputOptions {
    /// The format; `None`: sniffed from the content.
    pub format: Option<InputFormat>,
    /// The text encoding of a TRF; `None`: UTF-8 if valid, else Windows-1252.
    pub encoding: Option<trf::Encoding>,
    /// The name used in messages (a `.json` name also means JSON).
    pub file_name: Option<String>,
}

options!(InputOptions { format: Option<InputFormat>, encoding: Option<trf::Encoding>, file_name: Option<String> });

/// A tournament read, with what the reader saw.
#[derive(Debug, Clone)]
pub struct Input {
    /// The tournament read.
    pub tournament: Tournament,
    /// The format it was read as (given or sniffed).
    pub format: InputFormat,
    /// The TRF dialect (TRF input only).
    pub dialect: Option<trf::Dialect>,
    /// Where the records were, to locate later diagnostics.
    pub source: Source,
    /// The reader's diagnostics, each naming the file.
    pub diagnostics: Vec<Diagnostic>,
}

/// Guess the format from the content (and a `.json` name).
pub fn sniff(name: &str, bytes: &[u8]) -> InputFormat {
    if bytes.starts_with(b"SQLite format 3\0") {
        return InputFormat::EventFile;
    }
    if name.to_ascii_lowercase().ends_with(".json") {
        return InputFormat::Json;
    }
    match sm::sniff(bytes) {
        Some(sm::SmFormat::Tunx) => return InputFormat::Tunx,
        Some(sm::SmFormat::Pairings) => return InputFormat::SmPairings,
        Some(sm::SmFormat::Players) => return InputFormat::SmPlayers,
        Some(sm::SmFormat::Xml) => return InputFormat::SmXml,
        Some(sm::SmFormat::Combined) | None => {}
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]);
    match vega::sniff(&head) {
        Some(vega::VegaFormat::Crosstable) => return InputFormat::VegaCrosstable,
        Some(vega::VegaFormat::SortedPairs) => return InputFormat::VegaPairs,
        None => {}
    }
    let first = bytes
        .iter()
        .copied()
        .find(|b| !(b.is_ascii_whitespace() || *b == 0xEF || *b == 0xBB || *b == 0xBF));
    if first == Some(b'{') {
        InputFormat::Json
    } else {
        InputFormat::Trf
    }
}

fn name_all(diags: Vec<Diagnostic>, name: Option<&str>) -> Vec<Diagnostic> {
    diags
        .into_iter()
        .map(|mut d| {
            if d.location.file.is_none() {
                d.location.file = name.map(str::to_string);
            }
            d
        })
        .collect()
}

/// Read one input. `Err` carries the diagnostics when nothing usable could be read
/// (each naming the file); a read without players is an `Err` too.
pub fn read(bytes: &[u8], opts: &InputOptions) -> Result<Input, Vec<Diagnostic>> {
    let name = opts.file_name.as_deref();
    let mut notes = Vec::new();
    // UTF-16 text is decoded here, for every format, and read as UTF-8; the
    // TRF dialect then names the encoding the file was in.
    let utf16 = if sm::tunx::sniff(bytes) {
        None
    } else {
        encoding::utf16_bom(bytes).map(|_| encoding::decode(bytes, None))
    };
    let bytes = match &utf16 {
        Some(d) => {
            notes.push(Diagnostic::warning(
                codes::TRF_NONSTANDARD,
                Family::Syntax,
                Location::default(),
                format!(
                    "text in {} read as Unicode; tournament files are expected in UTF-8",
                    d.encoding
                ),
            ));
            if let Some(bad) = d.undecodable {
                notes.push(Diagnostic::error(
                    codes::INVALID_ENCODING,
                    Family::Syntax,
                    Location {
                        line: Some(bad.line),
                        cols: Some((bad.column, bad.column)),
                        ..Location::default()
                    },
                    format!(
                        "expected {} text, found bytes it cannot decode (replaced by U+FFFD)",
                        d.encoding
                    ),
                ));
            }
            d.text.as_bytes()
        }
        None => bytes,
    };
    let format = opts
        .format
        .unwrap_or_else(|| sniff(name.unwrap_or(""), bytes));
    let mut input = read_as(format, bytes, opts).map_err(|d| name_all(d, name))?;
    if let (Some(d), Some(dialect)) = (&utf16, input.dialect.as_mut()) {
        dialect.encoding = d.encoding;
        dialect.bom = d.bom;
    }
    notes.append(&mut input.diagnostics);
    input.diagnostics = name_all(notes, name);
    with_players(input, name)
}

/// Read a Swiss-Manager player file and pairing file given together (`a+b`, either
/// order). With a file name `a+b` (as the command line gives it), each message
/// names the file its fact came from: a player's row, or a board row.
pub fn read_pair(a: &[u8], b: &[u8], opts: &InputOptions) -> Result<Input, Vec<Diagnostic>> {
    let name = opts.file_name.as_deref();
    let (name_a, name_b) = match name.and_then(|n| n.split_once('+')) {
        Some((x, y)) => (Some(x), Some(y)),
        None => (None, None),
    };
    let l = sm::read_combined_named((a, name_a), (b, name_b)).map_err(|d| name_all(d, name))?;
    let input = Input {
        tournament: l.tournament,
        format: InputFormat::SmCombined,
        dialect: None,
        source: Source::Sm(l.source),
        diagnostics: name_all(l.diagnostics, name),
    };
    with_players(input, name)
}

/// The most players an event may have: a TRF's start numbers have four
/// digits (TRF-16 record 001, columns 5-8), so no file the federations
/// exchange holds more. Our JSON and the Swiss-Manager exports could; an
/// event above it is refused rather than paired, ranked and published for
/// minutes (a 400,000-player JSON took over two minutes per command).
pub const MAX_PLAYERS: usize = 9_999;

/// Text fields longer than this (characters) are cut in text tables, with a
/// warning here at reading: a column's width is taken from its widest cell.
pub const LONG_FIELD_CHARS: usize = 64;

/// One warning per player field longer than [`LONG_FIELD_CHARS`] (the first 20
/// listed, then a count).
fn long_fields(t: &Tournament) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut more = 0usize;
    for p in &t.players {
        let fields = [
            ("name", Some(p.name.as_str())),
            ("federation", p.federation.as_deref()),
            ("fide id", p.fide_id.as_deref()),
        ];
        for (field, v) in fields {
            let Some(v) = v else { continue };
            if v.len() <= LONG_FIELD_CHARS {
                continue;
            }
            let n = v.chars().count();
            if n <= LONG_FIELD_CHARS {
                continue;
            }
            if out.len() >= 20 {
                more += 1;
                continue;
            }
            out.push(Diagnostic::warning(
                codes::TRF_NONSTANDARD,
                Family::Syntax,
                Location {
                    field: Some(format!("player {}, {field}", p.id.0)),
                    ..Location::default()
                },
                format!(
                    "expected a {field} of at most {LONG_FIELD_CHARS} characters, found {n}; text tables show its first {} and …, JSON and CSV keep it whole",
                    LONG_FIELD_CHARS - 1
                ),
            ));
        }
    }
    if more > 0 {
        out.push(Diagnostic::warning(
            codes::TRF_NONSTANDARD,
            Family::Syntax,
            Location::default(),
            format!("{more} more fields longer than {LONG_FIELD_CHARS} characters not listed"),
        ));
    }
    out
}

pub use super::MAX_EMPTY_ROUNDS;

/// The error for an entry in a round far beyond both the rounds played and the
/// rounds declared, with nothing in between (see [`MAX_EMPTY_ROUNDS`]).
fn rounds_beyond_the_games(input: &Input) -> Option<Diagnostic> {
    let t = &input.tournament;
    let longest = t.rounds_listed();
    if longest <= MAX_EMPTY_ROUNDS {
        return None;
    }
    // rounds in which somebody has an entry; linear in the entries
    let mut used = vec![false; longest];
    for p in &t.players {
        for (r, e) in p.rounds.iter().enumerate() {
            if let Some(u) = used.get_mut(r).filter(|_| *e != RoundEntry::NotPaired) {
                *u = true;
            }
        }
    }
    let last = used.iter().rposition(|u| *u)? + 1;
    let played = used.iter().filter(|u| **u).count();
    let declared = t.total_rounds.map_or(0, |r| r as usize);
    let limit = played.max(declared.min(MAX_PLAYERS)) + MAX_EMPTY_ROUNDS;
    if last <= limit {
        return None;
    }
    let who = t.players.iter().find(|p| {
        p.rounds
            .get(last - 1)
            .is_some_and(|e| *e != RoundEntry::NotPaired)
    })?;
    let declared_text = match t.total_rounds {
        Some(r) => format!("{r} rounds declared"),
        None => "no round count declared".to_string(),
    };
    Some(Diagnostic::error(
        codes::COUNT_MISMATCH,
        Family::Consistency,
        Location::of_round(&input.source, who.id.0, last),
        format!(
            "expected entries in the rounds played or declared, found player {} in round {last} after {} rounds in which nobody played ({played} rounds with entries, {declared_text}); no tournament has that many empty rounds",
            who.id.0,
            last - played
        ),
    ))
}

/// `input` unless it has no players, or more distinct players than
/// [`MAX_PLAYERS`]: then its diagnostics and one error saying so.
fn with_players(input: Input, name: Option<&str>) -> Result<Input, Vec<Diagnostic>> {
    let at_file = || Location {
        file: name.map(str::to_string),
        ..Location::default()
    };
    let players = &input.tournament.players;
    if players.len() > MAX_PLAYERS {
        let distinct = players
            .iter()
            .map(|p| p.id)
            .collect::<std::collections::HashSet<_>>()
            .len();
        if distinct > MAX_PLAYERS {
            let mut d = input.diagnostics;
            d.push(Diagnostic::error(
                codes::INPUT_TOO_LARGE,
                Family::Syntax,
                at_file(),
                format!(
                    "expected at most {MAX_PLAYERS} players (a TRF's four-digit start numbers), found {distinct}"
                ),
            ));
            return Err(d);
        }
    }
    let mut input = input;
    let long = long_fields(&input.tournament);
    input
        .diagnostics
        .extend(long.into_iter().map(|d| d.in_file(name)));
    let players = &input.tournament.players;
    if let Some(d) = rounds_beyond_the_games(&input) {
        let mut all = input.diagnostics;
        all.push(d.in_file(name));
        return Err(all);
    }
    if !players.is_empty() {
        return Ok(input);
    }
    let kind = &input.tournament.info.tournament_type;
    if kind.to_ascii_lowercase().starts_with("team") {
        // cro_1386026.TUNX (type code 2) was saved before any team was
        // entered: an empty team event, converted and ranked as such (its
        // reader says what the file holds).
        return Ok(input);
    }
    let mut d = input.diagnostics;
    d.push(Diagnostic::error(
        codes::UNRECOGNIZED_INPUT,
        Family::Syntax,
        at_file(),
        format!(
            "expected a tournament with at least {}, found none",
            input.format.player_record()
        ),
    ));
    Err(d)
}

fn read_as(
    format: InputFormat,
    bytes: &[u8],
    opts: &InputOptions,
) -> Result<Input, Vec<Diagnostic>> {
    let plain = |tournament, diagnostics| Input {
        tournament,
        format,
        dialect: None,
        source: Source::None,
        diagnostics,
    };
    match format {
        InputFormat::EventFile => Err(vec![Diagnostic::error(
            codes::UNRECOGNIZED_INPUT,
            Family::Syntax,
            Location::default(),
            "expected a tournament file, found a chess-arbiter event file (SQLite): open it by its path (`arbiter standings EVENT.arbiter`), it cannot be read from a stream or an upload".to_string(),
        )]),
        InputFormat::Trf => {
            let o = trf::ReadOptions {
                encoding: opts.encoding,
                file_name: opts.file_name.clone(),
            };
            let r = trf::read(bytes, &o).map_err(|e| e.diagnostics)?;
            Ok(Input {
                tournament: r.tournament,
                format,
                dialect: Some(r.dialect),
                source: Source::Trf(r.source),
                diagnostics: r.diagnostics,
            })
        }
        InputFormat::Json => {
            let decoded = encoding::decode(bytes, Some(encoding::Encoding::Utf8));
            if let Some(bad) = decoded.undecodable {
                return Err(vec![Diagnostic::error(
                    codes::INVALID_ENCODING,
                    Family::Syntax,
                    Location {
                        line: Some(bad.line),
                        cols: Some((bad.column, bad.column)),
                        ..Location::default()
                    },
                    "expected UTF-8 JSON, found invalid bytes",
                )]);
            }
            let text = decoded.text.as_str();
            let t = json::read(text).map_err(|d| vec![*d])?;
            let mut paths = BTreeMap::new();
            for (i, p) in t.players.iter().enumerate() {
                paths.entry(p.id).or_insert(i);
            }
            // What a TRF cannot hold is said at reading, at its JSON path, so
            // that `validate` tells it before a conversion drops it.
            let beyond = trf::numbers_beyond_trf(
                &t,
                |i| format!("tournament.players[{i}]"),
                |k| format!("tournament.teams[{k}]"),
            )
            .into_iter()
            .map(|d| d.in_file(opts.file_name.as_deref()))
            .collect();
            Ok(Input {
                source: Source::Json(paths),
                ..plain(t, beyond)
            })
        }
        InputFormat::Tunx => {
            let r = sm::tunx::read(bytes).map_err(|e| e.diagnostics)?;
            let records = r
                .tournament
                .players
                .iter()
                .zip(&r.file.players)
                .map(|(p, rec)| (p.id, rec.offset))
                .collect();
            Ok(Input {
                tournament: r.tournament,
                format,
                dialect: None,
                source: Source::Records(records),
                diagnostics: r.diagnostics,
            })
        }
        InputFormat::SmPairings | InputFormat::SmPlayers | InputFormat::SmXml => {
            let f = match format {
                InputFormat::SmPairings => sm::SmFormat::Pairings,
                InputFormat::SmPlayers => sm::SmFormat::Players,
                _ => sm::SmFormat::Xml,
            };
            let l = sm::read_as(f, bytes)?;
            let source = match format {
                InputFormat::SmXml => Source::None,
                _ => Source::Sm(l.source),
            };
            Ok(Input {
                source,
                ..plain(l.tournament, l.diagnostics)
            })
        }
        InputFormat::SmCombined => Err(vec![Diagnostic::error(
            codes::UNSUPPORTED,
            Family::Engine,
            Location::default(),
            "expected two files for a player file + pairing file, found one; give them as players.txt+pairings.txt",
        )]),
        InputFormat::VegaCrosstable | InputFormat::VegaPairs => {
            let text = encoding::decode(bytes, None).text;
            let r = vega::read(&text)?;
            Ok(plain(r.tournament, r.diagnostics))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_with_bom_is_decoded_and_named() {
        let text = "012 Test\n001    1      Doe, John                         1000 USA                           0.0    1\n";
        let mut bytes = vec![0xFF, 0xFE];
        for u in text.encode_utf16() {
            bytes.extend_from_slice(&u.to_le_bytes());
        }
        let r = read(&bytes, &InputOptions::default()).unwrap();
        assert_eq!(r.format, InputFormat::Trf);
        assert_eq!(r.tournament.players.len(), 1);
        assert!(r.diagnostics[0].message.contains("UTF-16LE"));
        // The dialect names the encoding the file was in, not the UTF-8 it
        // was read as (`validate`'s summary says UTF-16LE).
        let dialect = r.dialect.as_ref().map(ToString::to_string);
        assert_eq!(dialect.as_deref(), Some("TRF-16; UTF-16LE with BOM, LF"));
    }

    #[test]
    fn binary_records_have_no_trf_columns() {
        let s = Source::Records([(PlayerId(3), 0x1a2b)].into_iter().collect());
        assert_eq!(s.cols(PlayerField::Points), None);
        assert_eq!(
            s.player_record(3).as_deref(),
            Some("player record 3 at byte offset 0x1a2b")
        );
    }

    #[test]
    fn no_players_is_refused() {
        let e = read(b"012 Empty\n", &InputOptions::default()).unwrap_err();
        assert!(e.last().unwrap().message.contains("001"));
    }
}
