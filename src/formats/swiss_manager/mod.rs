//! Swiss-Manager formats: the pairing file ([`pairings`]), the player file
//! ([`players`]), the XML import file ([`xml`]) and the binary tournament file
//! ([`tunx`], read-only). Each module keeps the wire shape (raw fields, raw bytes) apart
//! from the model and converts with `From`; the layout facts are documented in each
//! module together with the sample that shows them.

mod absences;
pub mod export;
pub mod pairings;
pub mod players;
pub mod source;
pub mod text;
pub mod tunx;
mod tunx_team;
mod tunx_tiebreaks;
mod tunx_wire;
pub mod xml;

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::{Player, Tournament};

pub use source::SmSource;

/// Why a Swiss-Manager file gave nothing usable (the pairing list or a
/// `.TUNX`), every problem located: by line in a text file, by byte offset in
/// a `.TUNX` (bad magic, a truncated section ...).
#[derive(Debug, Clone)]
pub struct ReadError {
    /// The problems, located.
    pub diagnostics: Vec<Diagnostic>,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut lines = self.diagnostics.iter();
        match lines.next() {
            None => f.write_str("nothing usable found"),
            Some(d) => {
                write!(f, "{d}")?;
                lines.try_for_each(|d| write!(f, "\n{d}"))
            }
        }
    }
}

impl std::error::Error for ReadError {}

impl From<ReadError> for crate::Error {
    fn from(e: ReadError) -> crate::Error {
        crate::Error::from_diagnostics(e.diagnostics)
    }
}

/// A pairing file and a player file together make a tournament without a TRF: players
/// come from the player file, rounds from the pairing file. A start number on a board
/// but not in the player file is an error at the board's row with the code
/// `unknown-opponent` (a board names a player the tournament does not have), which keeps
/// the engines away from the file: `pair` would otherwise pair a player of whom nothing
/// but the number is known. Players whose `Pkt` differs from the points of their rounds
/// are reported. Half-point byes and absences are not in the pairing file (see [`pairings`]),
/// so a `Pkt` difference is expected for players who had one.
pub fn combine(
    players: &players::PlayersRead,
    pairings: &pairings::PairingRead,
) -> (Tournament, Vec<Diagnostic>) {
    let mut t = Tournament {
        players: players.rows.iter().cloned().map(Player::from).collect(),
        ..Default::default()
    };
    let known: std::collections::BTreeSet<_> = t.players.iter().map(|p| p.id).collect();
    let mut diags = pairings::apply(&pairings.boards, &mut t);
    let boards = SmSource::pairings(&pairings.boards);
    for p in &t.players {
        if !known.contains(&p.id) {
            diags.push(Diagnostic::error(
                codes::UNKNOWN_OPPONENT,
                Family::Consistency,
                Location {
                    line: boards.first_board_row(p.id),
                    field: Some("NrW/NrS".into()),
                    ..Location::default()
                },
                format!(
                    "expected start number {} of the pairing file in the player file, found no such player",
                    p.id
                ),
            ));
        }
    }
    // Byes and absences have no row: the player file's points tell them, when
    // the pairing file holds every round from the first (its points count
    // them all).
    let rounds: std::collections::BTreeSet<u32> = pairings.boards.iter().map(|b| b.round).collect();
    let last = rounds.last().copied().unwrap_or(0);
    if last > 0 && rounds.len() == last as usize {
        absences::from_points(&mut t, last as usize);
    }
    t.total_rounds = None;
    (t, diags)
}

/// Which Swiss-Manager file a byte string is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmFormat {
    /// The binary tournament file (`.TUNX`, `.TURX`, `.TUTX`, `.TUMX`).
    Tunx,
    /// The pairing text export ("Spielerauslosung", one board per row).
    Pairings,
    /// The player text export ("Spielerdaten", one player per row).
    Players,
    /// The XML import file (`<Players>`, `<Teams>`).
    Xml,
    /// A player file and a pairing file given as `players.txt+pairings.txt`.
    Combined,
}

impl SmFormat {
    /// The name used by `arbiter convert --from/--to`.
    pub fn name(self) -> &'static str {
        match self {
            SmFormat::Tunx => "tunx",
            SmFormat::Pairings => "sm-pairings",
            SmFormat::Players => "sm-players",
            SmFormat::Xml => "sm-xml",
            SmFormat::Combined => "sm-players+sm-pairings",
        }
    }
}

/// Recognise a Swiss-Manager file by its content (the extension is not trusted: `.TUNX`,
/// `.TURX`, `.TUTX`, `.TUMX` share one layout and text exports are plain `.txt`).
pub fn sniff(bytes: &[u8]) -> Option<SmFormat> {
    if tunx::sniff(bytes) {
        Some(SmFormat::Tunx)
    } else if pairings::sniff(bytes) {
        Some(SmFormat::Pairings)
    } else if players::sniff(bytes) {
        Some(SmFormat::Players)
    } else if xml::sniff(bytes) {
        Some(SmFormat::Xml)
    } else {
        None
    }
}

/// A tournament read from Swiss-Manager input.
#[derive(Debug, Clone)]
pub struct SmLoaded {
    /// Which file it was read from.
    pub format: SmFormat,
    /// The tournament built from it.
    pub tournament: Tournament,
    /// Every problem found while reading, located.
    pub diagnostics: Vec<Diagnostic>,
    /// The lines of the text exports' rows (empty for `.TUNX` and XML).
    pub source: SmSource,
}

/// Read one Swiss-Manager file of format `format` (see [`sniff`]). `Err` carries the
/// diagnostics when nothing usable could be read.
pub fn read_as(format: SmFormat, bytes: &[u8]) -> Result<SmLoaded, Vec<Diagnostic>> {
    let (tournament, diagnostics, source) = match format {
        SmFormat::Tunx => {
            let r = tunx::read(bytes).map_err(|e| e.diagnostics)?;
            (r.tournament, r.diagnostics, SmSource::default())
        }
        SmFormat::Pairings => {
            let r = pairings::read(bytes).map_err(|e| e.diagnostics)?;
            let mut t = Tournament::default();
            let mut d = r.diagnostics;
            d.extend(pairings::apply(&r.boards, &mut t));
            (t, d, SmSource::pairings(&r.boards))
        }
        SmFormat::Players => {
            let r = players::read(bytes).map_err(|e| e.diagnostics)?;
            let source = SmSource::players(&r.rows);
            let t = Tournament {
                players: r.rows.into_iter().map(Player::from).collect(),
                ..Default::default()
            };
            (t, r.diagnostics, source)
        }
        SmFormat::Xml => {
            let text = crate::formats::encoding::decode(bytes, None).text;
            let (f, mut d) = xml::read(&text);
            let (t, d2) = xml::to_tournament(&f);
            d.extend(d2);
            (t, d, SmSource::default())
        }
        SmFormat::Combined => {
            return Err(vec![Diagnostic::error(
                codes::UNSUPPORTED,
                Family::Engine,
                Location::default(),
                "expected two files for the combined format, found one; use read_combined",
            )])
        }
    };
    Ok(SmLoaded {
        format,
        tournament,
        diagnostics,
        source,
    })
}

/// Read a player file and a pairing file given in either order.
pub fn read_combined(a: &[u8], b: &[u8]) -> Result<SmLoaded, Vec<Diagnostic>> {
    read_combined_named((a, None), (b, None))
}

/// [`read_combined`] with the name of each file: every diagnostic, and the
/// [`SmSource`] of the result, names the file its fact came from (the player file
/// for a player's row, the pairing file for a board).
pub fn read_combined_named(
    (a, name_a): (&[u8], Option<&str>),
    (b, name_b): (&[u8], Option<&str>),
) -> Result<SmLoaded, Vec<Diagnostic>> {
    let ((pl, pl_name), (pa, pa_name)) = match (sniff(a), sniff(b)) {
        (Some(SmFormat::Players), Some(SmFormat::Pairings)) => ((a, name_a), (b, name_b)),
        (Some(SmFormat::Pairings), Some(SmFormat::Players)) => ((b, name_b), (a, name_a)),
        (x, y) => {
            return Err(vec![Diagnostic::error(
                codes::UNRECOGNIZED_INPUT,
                Family::Syntax,
                Location::default(),
                format!(
                    "expected a swiss-manager player file and pairing file, found {} and {}",
                    x.map_or("an unknown file", SmFormat::name),
                    y.map_or("an unknown file", SmFormat::name)
                ),
            )])
        }
    };
    let in_file = |d: Vec<Diagnostic>, name: Option<&str>| -> Vec<Diagnostic> {
        d.into_iter().map(|d| d.in_file(name)).collect()
    };
    let players = players::read(pl).map_err(|e| in_file(e.diagnostics, pl_name))?;
    let pairings = pairings::read(pa).map_err(|e| in_file(e.diagnostics, pa_name))?;
    // Everything `combine` reports is about the boards (unknown start numbers,
    // players on two boards).
    let (tournament, d) = combine(&players, &pairings);
    let mut diagnostics = in_file(players.diagnostics, pl_name);
    diagnostics.extend(in_file(pairings.diagnostics, pa_name));
    diagnostics.extend(in_file(d, pa_name));
    let mut source = SmSource::players(&players.rows);
    source.add_boards(&pairings.boards);
    source.players_file = pl_name.map(str::to_string);
    source.pairings_file = pa_name.map(str::to_string);
    Ok(SmLoaded {
        format: SmFormat::Combined,
        tournament,
        diagnostics,
        source,
    })
}
