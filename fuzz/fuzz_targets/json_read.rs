//! Our JSON format: any text gives a tournament or one located diagnostic, never a panic
//! or an allocation sized by a number in the file; what reads also writes and reads back.
//! Run: `cargo +nightly fuzz run json_read`.
#![no_main]

use chess_arbiter::formats::json;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(t) = json::read(text) {
        let _ = chess_arbiter::validate::check(&t, &chess_arbiter::diag::NoSource);
        let again = json::write(&t);
        assert!(
            json::read(&again).is_ok(),
            "our own JSON output does not read back"
        );
    }
});
