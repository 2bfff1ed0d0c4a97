//! Any bytes given to the Swiss-Manager .TUNX reader must give a tournament or located
//! diagnostics, never a panic. Run: `cargo +nightly fuzz run tunx_read`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = chess_arbiter::formats::swiss_manager::tunx::read(data);
    let _ = chess_arbiter::formats::swiss_manager::pairings::read(data);
    let _ = chess_arbiter::formats::swiss_manager::players::read(data);
});
