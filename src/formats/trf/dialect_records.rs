//! What becomes of a kept TRF-2026 record when the file is written in another
//! dialect: a file written in a dialect holds only that dialect's records
//! (issue #32 item 7: the TRF16 rating report carried the TRF-2026 `240`
//! lines, so `validate` took it for TRF-2026).
//!
//! The records the model reads (`142` rounds, `152` colour, `162` scoring,
//! `250` accelerations, `260` forbidden pairs, `240` byes of rounds with data)
//! are written in the target's own form, or said lost by the writer; the
//! lines kept verbatim are left out, each code with one warning that says
//! where its content went.

use crate::model::{ByeKind, PlayerId, RoundEntry, Tournament};

use super::layout;
use super::text::{Cols, Counting};

/// The byes of a `240` line that the players' round blocks do not hold, as
/// `(player, round)`; `None` when the line cannot be read (it was reported
/// at reading).
pub(super) fn byes_not_in_rounds(t: &Tournament, line: &str) -> Option<Vec<(PlayerId, usize)>> {
    use layout::bye240 as B;
    let c = Cols::new(line, Counting::Chars);
    let bye = match c.get(&B::KIND).to_ascii_uppercase().as_str() {
        "F" => ByeKind::Full,
        "H" => ByeKind::Half,
        "Z" => ByeKind::Zero,
        "U" => ByeKind::PairingAllocated,
        _ => return None,
    };
    let round: usize = c.get(&B::ROUND).parse().ok().filter(|n| *n > 0)?;
    let mut lost = Vec::new();
    for tok in c.from(B::ID.first).split_whitespace() {
        let id = PlayerId(tok.parse().ok()?);
        let held = t
            .player(id)
            .and_then(|p| p.rounds.get(round - 1))
            .is_some_and(|e| {
                *e == RoundEntry::Bye { bye }
                    || (bye == ByeKind::Zero && *e == RoundEntry::NotPaired)
            });
        if !held {
            lost.push((id, round));
        }
    }
    Some(lost)
}

/// The warning for the kept `code` lines left out of a file in `target`.
pub(super) fn left_out(code: &str, target: &str, lost_byes: &[(PlayerId, usize)]) -> String {
    match code {
        "240" if lost_byes.is_empty() => format!(
            "record 240 (announced byes) is TRF-2026 only; not written in {target}: \
             its byes are in the players' round blocks"
        ),
        "240" => {
            let list: Vec<String> = lost_byes
                .iter()
                .take(8)
                .map(|(p, r)| format!("player {p} round {r}"))
                .collect();
            let more = if lost_byes.len() > 8 { ", …" } else { "" };
            format!(
                "record 240 (announced byes) is TRF-2026 only; not written in {target}: \
                 the byes of rounds with data are in the players' round blocks, \
                 {} later one(s) are lost ({}{more}); use trf26 to keep them",
                lost_byes.len(),
                list.join(", ")
            )
        }
        _ => format!(
            "record {code} is TRF-2026 only; its kept lines are not written in {target} \
             (use trf26 to keep them)"
        ),
    }
}

/// The warning for a game whose result is unknown (a Swiss-Manager result code
/// this program does not know, a TRF `?`). TRF16 and TRF-2026 get `?`, the
/// recommended mark; the engines' dialects (JaVaFo TRF(x), bbpPairings
/// TRF(bx)) read no `?` ("Invalid line"), so there the game is written as a
/// draw: played, its colours and its meeting kept, worth what the scoring
/// gives an unknown result (a draw unless the file says otherwise).
pub(super) fn unknown_result(target: &str, engines: bool) -> String {
    if engines {
        format!(
            "unknown results are written = (a draw) in {target}: the pairing engines read no ?; \
             the game counts as played, with its colours"
        )
    } else {
        "unknown results are written ? (recommended, but not defined by TRF16 or TRF-2026)".into()
    }
}
