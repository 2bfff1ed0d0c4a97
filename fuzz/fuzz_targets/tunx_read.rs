//! Any bytes given to the Swiss-Manager .TUNX reader must give a tournament or located
//! diagnostics, never a panic or an abort. Run: `cargo +nightly fuzz run tunx_read`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(loaded) = chess_arbiter::formats::swiss_manager::tunx::read(data) {
        let _ = chess_arbiter::validate::check(&loaded.tournament, &chess_arbiter::diag::NoSource);
    }
});
