//! The rounds a pairing file has no board for, read from the player file's
//! points.
//!
//! Swiss-Manager's pairing file holds boards and the pairing-allocated bye
//! only: a half-point bye, a full-point bye and an absence are player
//! statuses and have no row (docs/swiss-manager.md §2.2). The player file's
//! `Pkt` holds the points they gave, so when every round a player has no
//! board for gave the same, `Pkt` says which bye it was: no point left over
//! means absent (TRF `Z`), half a point a round a half-point bye (`H`), a full
//! point a full-point bye (`F`). Anything else (a half-point bye and an
//! absence, say, in two rounds) the files do not tell apart: those rounds stay
//! "not paired" and `Pkt` disagrees with the results, as `validate` reports.
//! The three kinds are tried in that order (absent, half, full); the first whose
//! points give `Pkt` is taken.

use crate::model::{ByeKind, Points, RoundEntry, Tournament};

/// Fill the rounds 1..=`rounds` that players of `t` have no entry for, where
/// the player's declared points (the player file's `Pkt`) tell which bye it
/// was. This is how the two files say it, not a guess, so no warning; where
/// `Pkt` allows more than one reading nothing is filled in.
/// `rounds` must be every round up to the last the pairing file has boards
/// for: `Pkt` counts them all.
pub(crate) fn from_points(t: &mut Tournament, rounds: usize) {
    let scoring = t.scoring;
    for p in &mut t.players {
        let Some(declared) = p.points else { continue };
        let missing: Vec<usize> = (1..=rounds)
            .filter(|&r| p.round(r) == RoundEntry::NotPaired)
            .collect();
        if missing.is_empty() {
            continue;
        }
        let kinds = [ByeKind::Zero, ByeKind::Half, ByeKind::Full];
        let found = kinds.into_iter().find(|&bye| {
            let mut q = p.clone();
            for &r in &missing {
                q.rounds
                    .resize(q.rounds.len().max(r), RoundEntry::NotPaired);
                if let Some(slot) = q.rounds.get_mut(r - 1) {
                    *slot = RoundEntry::Bye { bye };
                }
            }
            let score: Points = q
                .rounds
                .iter()
                .map(|e| e.points(&scoring).unwrap_or(Points::ZERO))
                .sum();
            score == declared
        });
        let Some(bye) = found else { continue };
        for &r in &missing {
            p.rounds
                .resize(p.rounds.len().max(r), RoundEntry::NotPaired);
            if let Some(slot) = p.rounds.get_mut(r - 1) {
                *slot = RoundEntry::Bye { bye };
            }
        }
    }
}
