//! FIDE rating lists, plain or zipped (TXT, XML): any bytes give a list or a
//! located diagnostic in bounded memory, never a panic; a zip is inflated as a
//! stream under a bound. Run: `cargo +nightly fuzz run fide_list -- -rss_limit_mb=512`.
#![no_main]

use std::io::Cursor;

use chess_arbiter::formats::fide_list::{read, ReadOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = read(
        Cursor::new(data),
        "players_list_foa.zip",
        &ReadOptions::default(),
    );
});
