//! The Swiss-Manager text exports (pairing list, player list) and their combination:
//! any bytes give a tournament or located diagnostics, never a panic or an abort.
//! Run: `cargo +nightly fuzz run sm_text`.
#![no_main]

use chess_arbiter::formats::swiss_manager::{pairings, players, read_combined};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = pairings::read(data);
    let _ = players::read(data);
    // The first byte splits the input into a players part and a pairings part,
    // so the combination of two exports is exercised too.
    if let Some((&cut, rest)) = data.split_first() {
        let at = usize::from(cut).min(rest.len()) * rest.len() / 256;
        let (a, b) = rest.split_at(at.min(rest.len()));
        if let Ok(loaded) = read_combined(a, b) {
            let _ = chess_arbiter::validate::check(&loaded.tournament, &chess_arbiter::diag::NoSource);
        }
    }
});
