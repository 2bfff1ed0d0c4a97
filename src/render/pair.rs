//! Renderings of a [`Pairing`] (`arbiter pair`): a board list for people,
//! JSON for programs, bbpPairings/JaVaFo `-p` output, and the tournament
//! file with the new round added.
//!
//! JSON shape (stable): `{"system", "system_reason", "round",
//! "boards": [{"board", "white", "black"}], "bye", "not_paired": [..]}`.

use std::fmt::Write as _;

use crate::formats::trf;
use crate::model::{ByeKind, Color, PlayerId, Points, RoundEntry, Tournament};
use crate::pairing::dutch::Pairing;

/// bbpPairings/JaVaFo `-p`: number of pairs, `white black` per line, the
/// PAB as `id 0`.
pub fn bbp(p: &Pairing) -> String {
    let mut s = format!("{}\n", p.boards.len() + usize::from(p.bye.is_some()));
    for b in &p.boards {
        let _ = writeln!(s, "{} {}", b.white, b.black);
    }
    if let Some(b) = p.bye {
        let _ = writeln!(s, "{b} 0");
    }
    s
}

fn describe(t: &Tournament, id: PlayerId, round: u32) -> (String, String, String) {
    match t.player(id) {
        Some(p) => (
            p.name.clone(),
            p.rating.map(|r| r.to_string()).unwrap_or_default(),
            t.score(p, Some(round as usize - 1)).to_string(),
        ),
        None => (String::new(), String::new(), String::new()),
    }
}

/// Boards in board order with start numbers, names, ratings and points.
pub fn text(t: &Tournament, p: &Pairing) -> String {
    let mut s = format!(
        "Round {} paired with {} ({}; {})\n\n",
        p.round,
        p.edition,
        p.edition.source(),
        p.edition_reason
    );
    let _ = writeln!(
        s,
        "{:>5}  {:>4} {:<28} {:>5} {:>5}   {:>5} {:>5} {:<28} {:>4}",
        "Board", "No", "White", "Elo", "Pts", "Pts", "Elo", "Black", "No"
    );
    for (k, b) in p.boards.iter().enumerate() {
        let (wn, wr, wp) = describe(t, b.white, p.round);
        let (bn, br, bp) = describe(t, b.black, p.round);
        let _ = writeln!(
            s,
            "{:>5}  {:>4} {} {:>5} {:>5} - {:>5} {:>5} {} {:>4}",
            k + 1,
            b.white,
            super::pad(&wn, 28, false),
            wr,
            wp,
            bp,
            br,
            super::pad(&bn, 28, false),
            b.black
        );
    }
    if let Some(b) = p.bye {
        let (n, r, pts) = describe(t, b, p.round);
        // An unrated player has no rating to show: `(0.0 points)`, not `(, 0.0 points)`.
        let rating = if r.is_empty() {
            String::new()
        } else {
            format!("{r}, ")
        };
        let _ = writeln!(s, "\nPairing-allocated bye: {b} {n} ({rating}{pts} points)");
    }
    if !p.not_paired.is_empty() {
        let _ = writeln!(s, "Not paired:");
        for &id in &p.not_paired {
            let name = t.player(id).map(|x| x.name.as_str()).unwrap_or_default();
            let (code, why) = not_paired_kind(t, id, p.round);
            let name = super::pad(name, 28, false);
            let _ = writeln!(s, "{id:>7} {name} {code:<1}  {why}");
        }
    }
    s
}

/// Why `id` is not paired in `round`: the TRF code of the entry (blank when
/// there is none) and the words for it. A player not paired (no entry, or a
/// zero-point bye) in this round and every later one, whose row runs to the
/// event's last round, has withdrawn
/// ([`crate::render::site::common::withdrawn`]); with no entry in this round
/// only, the player is absent.
fn not_paired_kind(t: &Tournament, id: PlayerId, round: u32) -> (&'static str, &'static str) {
    let Some(p) = t.player(id) else {
        return ("", "not in the file");
    };
    let withdrawn = crate::render::site::common::withdrawn(t, p, round);
    match p.round(round as usize) {
        RoundEntry::Bye { bye: ByeKind::Half } => ("H", "requested half-point bye"),
        RoundEntry::Bye { bye: ByeKind::Zero } if withdrawn => {
            ("Z", "withdrawn (not paired for the rest of the event)")
        }
        RoundEntry::Bye { bye: ByeKind::Zero } => ("Z", "zero-point bye (known absence)"),
        RoundEntry::Bye { bye: ByeKind::Full } => ("F", "full-point bye"),
        _ if withdrawn => ("", "withdrawn (no entry for the rest of the event)"),
        _ => ("", "absent (no entry)"),
    }
}

/// The `boards` array of the pair JSON, numbered from 1: the Swiss and the
/// round-robin pairing share it.
pub(crate) fn boards_json(
    boards: impl Iterator<Item = (PlayerId, PlayerId)>,
) -> Vec<serde_json::Value> {
    boards
        .enumerate()
        .map(|(k, (w, b))| serde_json::json!({"board": k + 1, "white": w.0, "black": b.0}))
        .collect()
}

/// The documented JSON shape (see the module docs), with a final newline.
pub fn json(p: &Pairing) -> String {
    let boards = boards_json(p.boards.iter().map(|b| (b.white, b.black)));
    let v = serde_json::json!({
        "system": p.edition.name(),
        "system_reason": p.edition_reason,
        "round": p.round,
        "boards": boards,
        "bye": p.bye.map(|b| b.0),
        "not_paired": p.not_paired.iter().map(|i| i.0).collect::<Vec<_>>(),
    });
    super::json::pretty(&v) + "\n"
}

/// The tournament file with the new round's pairings added (results blank),
/// written in the dialect and with the line ends it was read in.
pub fn trf(t: &Tournament, p: &Pairing, read_as: &trf::Dialect) -> String {
    let opts = trf::WriteOptions {
        target: target_of(read_as),
        line_end: line_end_of(read_as),
    };
    trf::write(&with_round(t, p), &opts).text
}

pub(crate) fn target_of(d: &trf::Dialect) -> trf::Target {
    match d.version {
        trf::Version::Trf26 => trf::Target::Trf26,
        _ if d.bbp => trf::Target::TrfBx,
        _ if d.javafo => trf::Target::TrfX,
        _ => trf::Target::Trf16,
    }
}

pub(crate) fn line_end_of(d: &trf::Dialect) -> trf::LineEnd {
    match d.line_ends {
        trf::LineEnds::Lf => trf::LineEnd::Lf,
        trf::LineEnds::Cr => trf::LineEnd::Cr,
        _ => trf::LineEnd::CrLf,
    }
}

/// The tournament with the new round's pairings added, results blank.
///
/// An entry whose points are known when it is paired (the pairing-allocated
/// bye, C.04.1 art. 4: as many points as a win) moves the declared points
/// (`001` points column) with it, so that the file written reads back: a
/// bye written with its point next to points that leave it out was "player 6
/// declares 0.0 points, but the results add up to 1.0". Pending games are
/// worth nothing yet and leave the points as they are.
fn with_round(t: &Tournament, p: &Pairing) -> Tournament {
    let mut t = t.clone();
    let r = p.round as usize;
    let scoring = t.scoring;
    let mut set = |id: PlayerId, e: RoundEntry| {
        if let Some(pl) = t.players.iter_mut().find(|x| x.id == id) {
            while pl.rounds.len() < r {
                pl.rounds.push(RoundEntry::NotPaired);
            }
            let worth = |x: &RoundEntry| x.points(&scoring).unwrap_or_default();
            if let (Some(declared), Some(old)) = (pl.points, pl.rounds.get(r - 1)) {
                let moved = worth(&e).0.saturating_sub(worth(old).0);
                pl.points = Some(Points(declared.0.saturating_add(moved)));
            }
            if let Some(slot) = pl.rounds.get_mut(r - 1) {
                *slot = e;
            }
        }
    };
    for b in &p.boards {
        set(
            b.white,
            RoundEntry::Pending {
                opponent: b.black,
                color: Some(Color::White),
            },
        );
        set(
            b.black,
            RoundEntry::Pending {
                opponent: b.white,
                color: Some(Color::Black),
            },
        );
    }
    if let Some(b) = p.bye {
        set(
            b,
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            },
        );
    }
    t
}
