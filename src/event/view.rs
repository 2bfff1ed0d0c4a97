//! Read-only views of the state for the shells: a round as the pairing
//! engines' [`Pairing`] (what `pair` prints and `check` verifies).

use super::error::EventError;
use super::store::Event;
use crate::model::{ByeKind, PlayerId, RoundEntry, Tournament};
use crate::pairing::dutch::{Board, DutchEdition, Pairing};

impl Event {
    /// A round of a section (draft or published) as a pairing, with the
    /// section's tournament up to and including it.
    pub fn pairing(
        &self,
        section: Option<&str>,
        round: u32,
    ) -> Result<(Tournament, Pairing), EventError> {
        let s = self.section(section)?;
        let system = self.system_of(&s.key, round)?;
        let t = self.tournament_with_round(Some(&s.key), round)?;
        let boards = self
            .boards(Some(&s.key), round)?
            .into_iter()
            .map(|b| Board {
                white: PlayerId(b.white),
                black: PlayerId(b.black),
            })
            .collect();
        let i = round as usize;
        let bye = t
            .players
            .iter()
            .find(|p| {
                p.round(i)
                    == RoundEntry::Bye {
                        bye: ByeKind::PairingAllocated,
                    }
            })
            .map(|p| p.id);
        let not_paired = t
            .players
            .iter()
            .filter(|p| {
                matches!(
                    p.round(i),
                    RoundEntry::NotPaired
                        | RoundEntry::Bye {
                            bye: ByeKind::Half | ByeKind::Full | ByeKind::Zero
                        }
                )
            })
            .map(|p| p.id)
            .collect();
        let edition = DutchEdition::from_name(&system).unwrap_or(DutchEdition::Dutch2025);
        let reason = if system == "round-robin" {
            "the Berger table (C.05 Annex 1)".to_string()
        } else {
            "the section's system".to_string()
        };
        Ok((
            t,
            Pairing {
                edition,
                edition_reason: reason,
                round,
                boards,
                bye,
                not_paired,
            },
        ))
    }
}
