//! Writing the Swiss-Manager text and XML files with an account of what they
//! cannot carry: each file is read back with its own reader and compared with
//! the tournament field by field ([`crate::formats::loss`]), so a conversion
//! never drops data without a warning (issue #18).

use super::{pairings, players, read_as, xml, SmFormat};
use crate::diag::{codes, Diagnostic, Family, Location};
use crate::formats::loss::round_trip_losses;
use crate::model::Tournament;

/// Which Swiss-Manager file to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Export {
    /// The pairing list of one round (1-based).
    Pairings {
        /// The round to write (1-based).
        round: u32,
    },
    /// The player list.
    Players,
    /// The XML import file.
    Xml,
}

/// Write `t` as the file `what`. The diagnostics are the writer's own and one
/// `conversion-loss` warning per field the file does not carry; an error when
/// there is nothing to write (a round the tournament does not have).
pub fn export(t: &Tournament, what: Export) -> (Vec<u8>, Vec<Diagnostic>) {
    let (bytes, mut diags, format) = match what {
        Export::Pairings { round } => {
            let recorded = u32::try_from(t.rounds_recorded()).unwrap_or(u32::MAX);
            if round == 0 || round > recorded {
                let d = Diagnostic::error(
                    codes::UNSUPPORTED,
                    Family::Engine,
                    Location {
                        field: Some("round".into()),
                        ..Location::default()
                    },
                    format!(
                        "expected a round from 1 to {recorded} to write as a Swiss-Manager pairing list, found {round}"
                    ),
                );
                return (Vec::new(), vec![d]);
            }
            let (f, mut d) = pairings::from_tournament(t, round);
            let (bytes, d2) = pairings::write(&f);
            d.extend(d2);
            (bytes, d, SmFormat::Pairings)
        }
        Export::Players => {
            let (bytes, d) = players::write(&players::from_tournament(t));
            (bytes, d, SmFormat::Players)
        }
        Export::Xml => (
            xml::write(&xml::from_tournament(t)).into_bytes(),
            Vec::new(),
            SmFormat::Xml,
        ),
    };
    // Neither text export has a field for the pairing system or the round
    // count (docs/swiss-manager.md §2.2, §2.3): read back, `pair` and `check`
    // take them from the command line.
    if matches!(what, Export::Pairings { .. } | Export::Players)
        && (!t.info.system_code.is_empty() || t.total_rounds.is_some())
    {
        diags.push(Diagnostic::warning(
            codes::CONVERSION_LOSS,
            Family::Engine,
            Location {
                field: Some("info".into()),
                ..Location::default()
            },
            format!(
                "{} has no field for the pairing system or the number of rounds: when the files are read back (players.txt+pairings.txt), give them with --system (and the round count where a command asks for it)",
                format.name()
            ),
        ));
    }
    match read_as(format, &bytes) {
        Ok(back) => diags.extend(round_trip_losses(t, &back.tournament, format.name())),
        Err(e) => diags.push(Diagnostic::warning(
            codes::CONVERSION_LOSS,
            Family::Engine,
            Location::default(),
            format!(
                "the written {} file does not read back ({}); what it carries was not verified",
                format.name(),
                e.first()
                    .map(|d| d.message.as_str())
                    .unwrap_or("no diagnostic")
            ),
        )),
    }
    (bytes, diags)
}
