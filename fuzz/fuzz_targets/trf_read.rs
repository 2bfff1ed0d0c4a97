//! Fuzz the TRF reader and the consistency checks: any bytes give a result or located diagnostics, never a
//! panic; whatever reads also writes and reads back.
//!
//! Run: `cargo +nightly fuzz run trf_read` from the repository root. Every crash
//! found becomes a named fixture under tests/fixtures/trf/invalid/.
#![no_main]

use chess_arbiter::formats::trf::{read, write, ReadOptions, Target, WriteOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(r) = read(data, &ReadOptions::default()) {
        let _ = chess_arbiter::validate::check(&r.tournament, &r.source);
        for target in [Target::Trf16, Target::Trf26, Target::TrfX, Target::TrfBx] {
            let w = write(&r.tournament, &WriteOptions::new().target(target));
            let _ = read(w.text.as_bytes(), &ReadOptions::default());
        }
    }
});
