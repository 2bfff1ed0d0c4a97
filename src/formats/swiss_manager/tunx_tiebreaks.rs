//! The tie-break list of a `.TUNX` configuration with its parameters, carried as
//! C.07 codes (`Tournament::tiebreaks`, written as TRF-2026 `202`).
//!
//! Layout, offsets from the configuration marker (`95 FF 89 44`), each fact with the
//! sample (`tests/fixtures/tunx/`) that proves it:
//! - u16 @31 number of tie-breaks, u16 @33… their Swiss-Manager numbers (all samples;
//!   see [`crate::model::swiss_manager_tiebreaks`] for the numbers);
//! - one 19-byte parameter slot per tie-break, slot k (0-based) at @655 + 19·k;
//! - slot byte 0 = number of lowest values cut: the first of two Buchholz slots holds 1,
//!   the second 0, as Swiss-Manager's usual "BH-C1, BH" (84, 84 in `aut_1384031`,
//!   `indian_u11_1376000`, `esp_1385606`, `sample`, `abs_fem_1378181`; 37, 37 in
//!   `2023_elllobregat_a_753347`; 84 … 84 in `russian_weekend_1383000`, where the first
//!   BH slot holds 1 and the last 0);
//! - slot byte 2 of Koya (87) = the limit in percent of the maximum score: 50 in
//!   `srb_1386568`, C.07's own limit (art. 9.3: half the maximum);
//! - slot byte 1 of "number of wins (variable)" (68) = its variant flags: 0x01
//!   (`aut_1384031`), 0x81 (`albanian_roundrobin_1381000`, `russian_weekend_1383000`,
//!   `srb_1386568`, first 68 of `indian_u11_1376000`), 0x80 and 0x08 (`esp_1385606`),
//!   0x08 (second 68 of `indian_u11_1376000`). Which flag is WIN, WON, BPG or BWG is
//!   not provable from the samples: 68 is left out of the carried list and reported.
//! - other non-zero slot bytes (byte 14 = 1 in the BH/SB slots of `aut_1384031`,
//!   `esp_1385606`, `hungarian_rapid_1382000`; bytes 1, 2, 4, 6, 8, 10 of the legacy
//!   slots of `2023_elllobregat_a_753347`) are undecoded and reported once.

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::swiss_manager_tiebreaks::lookup;

/// Marker offset of the first parameter slot.
const SLOTS_AT: usize = 655;
/// Bytes per parameter slot.
const SLOT: usize = 19;
/// Swiss-Manager's Koya ids (45, 69 legacy, 87 from 2023).
const KOYA: [u16; 3] = [45, 69, 87];
/// The largest slot byte 0 read as a number of lowest values cut. The samples
/// hold 0 and 1; C.07 art. 14 names cuts of one or two values (`C1`, `C2`,
/// `M1`, `M2`); a larger byte is most likely a bit field this reader has not
/// decoded (0x11, 17, would be "one lowest and one highest"), so the tie-break
/// is left out and named rather than ranked on a cut that removes every value.
const MAX_CUT: u8 = 9;
/// "Number of wins (variable)": its variant byte is not decoded.
const WINS_VARIABLE: u16 = 68;

fn warn(message: String) -> Diagnostic {
    Diagnostic::warning(
        codes::CONVERSION_LOSS,
        Family::Engine,
        Location {
            field: Some("tie-breaks".into()),
            ..Location::default()
        },
        message,
    )
}

/// The C.07 codes of the tie-break list `ids` with the parameter slots of `raw` (the
/// configuration section after its 4-byte marker), in order, and a warning for each
/// id left out and for undecoded parameter bytes.
pub(crate) fn carried(ids: &[u16], raw: &[u8]) -> (Vec<String>, Vec<Diagnostic>) {
    let mut codes_out = Vec::new();
    let mut left_out = Vec::new();
    let mut undecoded = Vec::new();
    for (k, &id) in ids.iter().enumerate() {
        let start = SLOTS_AT - 4 + SLOT * k;
        let slot = raw.get(start..start + SLOT).unwrap_or(&[]);
        let byte = |i: usize| slot.get(i).copied().unwrap_or(0);
        let mut known = vec![0usize];
        let Some(entry) = lookup(id) else {
            left_out.push(format!(
                "{id} (not in Swiss-Manager's numbered list as known)"
            ));
            continue;
        };
        if id == WINS_VARIABLE {
            left_out.push(format!(
                "{id} ({}; variant byte {:#04x} not decoded)",
                entry.label,
                byte(1)
            ));
            continue;
        }
        let code = if KOYA.contains(&id) {
            known.push(2);
            match byte(2) {
                0 | 50 => entry.code_text(0, 0),
                p => {
                    left_out.push(format!(
                        "{id} ({}; limit {p}% of the maximum score, C.07 uses 50%)",
                        entry.label
                    ));
                    continue;
                }
            }
        } else if byte(0) > MAX_CUT {
            // Read as a count, 17 cut every value of a nine-round event (three
            // files of a trial ranked on BH/C17 and SB/C17, all zeros): a byte
            // this large is not a count the samples show.
            left_out.push(format!(
                "{id} ({}; parameter byte 0 = {} is not a cut count: the samples show 0 and 1)",
                entry.label,
                byte(0)
            ));
            continue;
        } else {
            entry.code_text(byte(0), 0)
        };
        match code {
            Some(c) => codes_out.push(c),
            None => left_out.push(format!("{id} ({}; no C.07 tie-break)", entry.label)),
        }
        for (i, b) in slot.iter().enumerate() {
            if *b != 0 && !known.contains(&i) {
                undecoded.push(format!("tie-break {} ({id}) byte {i} = {b}", k + 1));
            }
        }
    }
    let mut d = Vec::new();
    if !left_out.is_empty() {
        d.push(warn(format!(
            "swiss-manager tie-breaks {} are not carried: left out of the ranking (give --tiebreaks to choose)",
            left_out.join(", ")
        )));
    }
    if !undecoded.is_empty() {
        d.push(Diagnostic::warning(
            codes::SM_UNDECODED,
            Family::Syntax,
            Location {
                field: Some("tie-break parameters".into()),
                ..Location::default()
            },
            format!(
                "undecoded tie-break parameter bytes are kept unread: {}",
                undecoded.join(", ")
            ),
        ));
    }
    (codes_out, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::swiss_manager::tunx;

    fn list(bytes: &[u8]) -> Vec<String> {
        tunx::read(bytes).unwrap().tournament.tiebreaks
    }

    #[test]
    fn carries_cuts_and_koya_from_the_samples() {
        let aut = include_bytes!("../../../tests/fixtures/tunx/aut_1384031.TUNX");
        assert_eq!(list(aut), ["BH/C1", "BH", "SB", "PS"]);
        let ell = include_bytes!("../../../tests/fixtures/tunx/2023_elllobregat_a_753347.TUNX");
        assert_eq!(list(ell), ["BH/C1", "BH", "SB", "DE"]);
        let rus = include_bytes!("../../../tests/fixtures/tunx/russian_weekend_1383000.TUNX");
        assert_eq!(list(rus), ["DE", "BH/C1", "BH"]);
        let srb = include_bytes!("../../../tests/fixtures/tunx/srb_1386568.TUNX");
        assert_eq!(list(srb), ["KS", "DE", "SB"]);
    }

    #[test]
    fn a_cut_byte_beyond_any_count_is_left_out_not_ranked_on() {
        // BH (84) then SB (85) with byte 0 = 17: read as cuts they were BH/C17
        // and SB/C17, every value cut.
        let mut raw = vec![0u8; 800];
        raw[SLOTS_AT - 4] = 17;
        raw[SLOTS_AT - 4 + SLOT] = 17;
        raw[SLOTS_AT - 4 + 2 * SLOT] = 1;
        let (c, d) = carried(&[84, 85, 84], &raw);
        assert_eq!(c, ["BH/C1"]);
        let m = &d[0].message;
        assert!(m.contains("84 (") && m.contains("85 ("), "{m}");
        assert!(
            m.contains("parameter byte 0 = 17 is not a cut count"),
            "{m}"
        );
    }

    #[test]
    fn wins_variable_and_unknown_ids_are_reported() {
        let (c, d) = carried(&[84, 68, 999, 61], &[0u8; 800]);
        assert_eq!(c, ["BH"]);
        let m = &d[0].message;
        assert!(
            m.contains("68") && m.contains("999") && m.contains("61"),
            "{m}"
        );
    }
}
