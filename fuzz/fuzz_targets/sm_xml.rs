//! The Swiss-Manager XML import file: any text is read to a file or diagnostics, turned
//! into a tournament and written back, never a panic. Run: `cargo +nightly fuzz run sm_xml`.
#![no_main]

use chess_arbiter::formats::swiss_manager::xml;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (file, _) = xml::read(&text);
    let (t, _) = xml::to_tournament(&file);
    let _ = chess_arbiter::validate::check(&t, &chess_arbiter::diag::NoSource);
    let again = xml::write(&xml::from_tournament(&t));
    let _ = xml::read(&again);
});
