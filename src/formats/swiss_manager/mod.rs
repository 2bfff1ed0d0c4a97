//! Swiss-Manager formats: the pairing file ([`pairings`]), the player file
//! ([`players`]), the XML import file ([`xml`]) and the binary tournament file
//! ([`tunx`], read-only). Each module keeps the wire shape (raw fields, raw bytes) apart
//! from the model and converts with `From`; the layout facts are documented in each
//! module together with the sample that shows them.

pub mod pairings;
pub mod players;
pub mod text;
pub mod tunx;
pub mod xml;

use crate::diag::{Diagnostic, Family, Location};
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
