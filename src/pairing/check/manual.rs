//! Manual pairings recorded in a file: the TRF-2026 comment lines
//! `### MPA @ Round n …` (FIDE TEC manual 3.9.4.9: a pairing changed by the
//! arbiter is written as an MPA event), which `check` names beside its
//! verdict so that a recorded manual change is not mistaken for an engine's
//! error.

use serde::Serialize;

use crate::model::Tournament;

/// One recorded manual pairing change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ManualPairing {
    /// The round the change was made in (1-based).
    pub round: u32,
    /// The comment line as recorded.
    pub record: String,
}

/// The manual pairing changes the file records, in file order.
pub fn manual_pairings(t: &Tournament) -> Vec<ManualPairing> {
    t.extra_records
        .iter()
        .filter_map(|r| {
            let rest = r.line.trim_start().strip_prefix("###")?.trim_start();
            let rest = rest
                .strip_prefix("MPA")?
                .trim_start()
                .strip_prefix('@')?
                .trim_start();
            let rest = rest.strip_prefix("Round")?.trim_start();
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            Some(ManualPairing {
                round: digits.parse().ok()?,
                record: r.line.trim().to_string(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ExtraRecord;

    #[test]
    fn mpa_comments_are_found_with_their_round() {
        let mut t = Tournament::default();
        for line in [
            "### MPA @ Round 6: board 4 changed: reason",
            "### Import @ Round 2",
            "### MPA@Round 12",
        ] {
            t.extra_records.push(ExtraRecord {
                code: "###".into(),
                line: line.into(),
                after_player: None,
            });
        }
        let m = manual_pairings(&t);
        assert_eq!(m.iter().map(|x| x.round).collect::<Vec<_>>(), vec![6, 12]);
        assert_eq!(m[0].record, "### MPA @ Round 6: board 4 changed: reason");
    }
}
