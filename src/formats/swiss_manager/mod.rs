//! Swiss-Manager formats: the pairing file ([`pairings`]), the player file
//! ([`players`]), the XML import file ([`xml`]) and the binary tournament file
//! ([`tunx`], read-only). Each module keeps the wire shape (raw fields, raw bytes) apart
//! from the model and converts with `From`; the layout facts are documented in each
//! module together with the sample that shows them.

pub mod export;
pub mod pairings;
pub mod players;
pub mod text;
pub mod tunx;
mod tunx_tiebreaks;
pub mod xml;

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::{Player, Tournament};

/// A pairing file and a player file together make a tournament without a TRF: players
/// come from the player file, rounds from the pairing file. Players on a board but not in
/// the player file, and players whose `Pkt` differs from the points of their rounds, are
/// reported. Half-point byes and absences are not in the pairing file (see [`pairings`]),
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
    for p in &t.players {
        if !known.contains(&p.id) {
            diags.push(Diagnostic::error(
                codes::UNKNOWN_PLAYER,
                Family::Consistency,
                Location {
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
    t.total_rounds = None;
    (t, diags)
}

/// Which Swiss-Manager file a byte string is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmFormat {
    Tunx,
    Pairings,
    Players,
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
    pub format: SmFormat,
    pub tournament: Tournament,
    pub diagnostics: Vec<Diagnostic>,
}

/// Read one Swiss-Manager file of format `format` (see [`sniff`]). `Err` carries the
/// diagnostics when nothing usable could be read.
pub fn read_as(format: SmFormat, bytes: &[u8]) -> Result<SmLoaded, Vec<Diagnostic>> {
    let (tournament, diagnostics) = match format {
        SmFormat::Tunx => {
            let r = tunx::read(bytes).map_err(|e| e.diagnostics)?;
            (r.tournament, r.diagnostics)
        }
        SmFormat::Pairings => {
            let r = pairings::read(bytes).map_err(|e| e.diagnostics)?;
            let mut t = Tournament::default();
            let mut d = r.diagnostics;
            d.extend(pairings::apply(&r.boards, &mut t));
            (t, d)
        }
        SmFormat::Players => {
            let r = players::read(bytes).map_err(|e| e.diagnostics)?;
            let t = Tournament {
                players: r.rows.into_iter().map(Player::from).collect(),
                ..Default::default()
            };
            (t, r.diagnostics)
        }
        SmFormat::Xml => {
            let (text, _) = text::decode(bytes);
            let (f, mut d) = xml::read(&text);
            let (t, d2) = xml::to_tournament(&f);
            d.extend(d2);
            (t, d)
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
    })
}

/// Read a player file and a pairing file given in either order.
pub fn read_combined(a: &[u8], b: &[u8]) -> Result<SmLoaded, Vec<Diagnostic>> {
    let (pl, pa) = match (sniff(a), sniff(b)) {
        (Some(SmFormat::Players), Some(SmFormat::Pairings)) => (a, b),
        (Some(SmFormat::Pairings), Some(SmFormat::Players)) => (b, a),
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
    let players = players::read(pl).map_err(|e| e.diagnostics)?;
    let pairings = pairings::read(pa).map_err(|e| e.diagnostics)?;
    let (tournament, d) = combine(&players, &pairings);
    let mut diagnostics = players.diagnostics;
    diagnostics.extend(pairings.diagnostics);
    diagnostics.extend(d);
    Ok(SmLoaded {
        format: SmFormat::Combined,
        tournament,
        diagnostics,
    })
}
