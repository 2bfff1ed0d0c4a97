//! Test support for the Dutch engine: the round-by-round case builder
//! described in the shared corpus's `$ARBITER_CORPUS/README.md`.

use chess_arbiter::formats::trf;
use chess_arbiter::model::{ByeKind, Color, RoundEntry, Tournament};

/// Read a corpus TRF with the library's reader. Returns the tournament and
/// the number of round columns (the file's round count).
pub(crate) fn read_corpus(bytes: &[u8]) -> Result<(Tournament, usize), String> {
    let r = trf::read(bytes, &trf::ReadOptions::default()).map_err(|e| e.to_string())?;
    let n = r.tournament.rounds_recorded();
    Ok((r.tournament, n))
}

/// Round `k` as recorded: (white, black) pairs sorted, and the PAB.
pub(crate) fn recorded(t: &Tournament, k: usize) -> (Vec<(u32, u32)>, Option<u32>) {
    let mut pairs = Vec::new();
    let mut bye = None;
    for p in &t.players {
        match p.round(k) {
            RoundEntry::Played {
                opponent,
                color: Color::White,
                ..
            }
            | RoundEntry::Unknown {
                opponent,
                color: Color::White,
            }
            | RoundEntry::Forfeit {
                opponent,
                color: Some(Color::White),
                ..
            } => pairs.push((p.id.0, opponent.0)),
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            } => bye = Some(p.id.0),
            _ => {}
        }
    }
    pairs.sort();
    (pairs, bye)
}
