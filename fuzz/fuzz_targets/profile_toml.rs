//! Regulation profiles (TOML): any text gives a profile or located diagnostics, never a
//! panic. Run: `cargo +nightly fuzz run profile_toml`.
#![no_main]

use chess_arbiter::standings::prizes::profile::Profile;
use chess_arbiter::standings::StandingsProfile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Profile::from_toml(text, "fuzz.toml");
    let _ = StandingsProfile::from_toml(text);
    let _ = chess_arbiter::validate::EntryRules::from_toml(text);
});
