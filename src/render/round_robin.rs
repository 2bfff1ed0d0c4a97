//! Renderings for round robins: the check of recorded rounds against the
//! Berger table (`arbiter check`) and the table's next round (`arbiter pair`).
//!
//! Check JSON shape (stable), close to the Dutch check's:
//! ```text
//! { "system": "round-robin", "handbook": url, "tool": "arbiter X.Y.Z",
//!   "input_sha256": hex?, "players": n, "cycles": 1 | 2, "table_size": N,
//!   "order": "plain" | "fide-swap" (double round robins: the first cycle's
//!   last two rounds as printed, or swapped as Annex 1 recommends),
//!   "numbering": "starting rank", "follows_table": bool,
//!   "rounds": [ { "round": k, "verdict": "conform" | "colours-differ" | "differs",
//!     "expected": [{"white","black"}], "expected_free": id?,
//!     "missing": [{"white","black"}]?, "unexpected": [{"white","black"}]?,
//!     "colours_reversed": [{"white","black"}]?, "pairs_of_table_round": k? } ] }
//! ```
//! Pair JSON shape: `{"system": "round-robin", "round", "boards": [{"board",
//! "white", "black"}], "free": id?}`.

use std::fmt::Write as _;

use serde::Serialize;

use crate::formats::trf;
use crate::model::{Color, PlayerId, RoundEntry, Tournament};
use crate::pairing::round_robin::check::Board;
use crate::pairing::round_robin::{CycleOrder, RoundRobinCheck, RoundVerdict};

/// C.05, whose Annex 1 holds the Berger tables.
pub const HANDBOOK: &str = "https://handbook.fide.com/chapter/C05";

#[derive(Serialize)]
struct CheckJson<'a> {
    system: &'static str,
    handbook: &'static str,
    tool: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    input_sha256: Option<&'a str>,
    #[serde(flatten)]
    check: &'a RoundRobinCheck,
}

fn tool() -> String {
    format!("arbiter {}", env!("CARGO_PKG_VERSION"))
}

/// The check as pretty JSON (see the module docs), with a final newline.
pub fn check_json(c: &RoundRobinCheck, input_sha256: Option<&str>) -> String {
    super::json::pretty(&CheckJson {
        system: "round-robin",
        handbook: HANDBOOK,
        tool: tool(),
        input_sha256,
        check: c,
    }) + "\n"
}

fn pair(b: &Board) -> String {
    format!("{} - {}", b.white, b.black)
}

fn list(bs: &[Board]) -> String {
    bs.iter().map(pair).collect::<Vec<_>>().join(", ")
}

fn cycles(c: u32) -> &'static str {
    if c == 2 {
        "double round robin"
    } else {
        "single round robin"
    }
}

fn order(c: &RoundRobinCheck) -> &'static str {
    match (c.cycles, c.order) {
        (2, CycleOrder::FideSwap) => {
            ", last two rounds of the first cycle swapped as Annex 1 recommends"
        }
        (2, CycleOrder::Plain) => ", rounds in the table's order",
        _ => "",
    }
}

/// The check as text: one verdict per round, then the count.
pub fn check_text(c: &RoundRobinCheck, input_sha256: Option<&str>) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "system: round robin by the Berger table ({}, {} players, table of {}{}), {HANDBOOK} (Annex 1)",
        cycles(c.cycles),
        c.players,
        c.table_size,
        order(c)
    );
    let _ = writeln!(s, "pairing numbers: {} order", c.numbering);
    let _ = writeln!(s, "tool: {}", tool());
    if let Some(h) = input_sha256 {
        let _ = writeln!(s, "input sha256: {h}");
    }
    s.push('\n');
    if !c.follows_table {
        let _ = writeln!(
            s,
            "no round has the pairs of the Berger table for these pairing numbers: the organiser used another table (or other numbers). The rounds below are compared with the Berger table only for reference; they are not judged mis-paired.\n"
        );
    }
    for r in &c.rounds {
        let free = r
            .expected_free
            .map(|f| format!(" ({f} free)"))
            .unwrap_or_default();
        let verdict = match r.verdict {
            RoundVerdict::Conform => "conforms to the Berger table",
            RoundVerdict::ColoursDiffer => "the pairs of the Berger table, colours differ",
            RoundVerdict::Differs => "differs from the Berger table",
        };
        let _ = writeln!(s, "round {}: {verdict}{free}", r.round);
        for b in &r.colours_reversed {
            let _ = writeln!(s, "  table {}, played {} - {}", pair(b), b.black, b.white);
        }
        if !r.missing.is_empty() {
            let _ = writeln!(s, "  table only: {}", list(&r.missing));
        }
        if !r.unexpected.is_empty() {
            let _ = writeln!(s, "  file only:  {}", list(&r.unexpected));
        }
        if let Some(k) = r.pairs_of_table_round {
            let _ = writeln!(s, "  the file has the pairs of table round {k}");
        }
    }
    let ok = c
        .rounds
        .iter()
        .filter(|r| r.verdict == RoundVerdict::Conform)
        .count();
    let _ = writeln!(
        s,
        "\n{ok} of {} rounds conform to the Berger table",
        c.rounds.len()
    );
    s
}

/// The next round of a round robin, for `arbiter pair`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextRound {
    /// The round to play (1-based).
    pub round: u32,
    /// Its boards from the Berger table (C.05 Annex 1), by players, in board order.
    pub boards: Vec<Board>,
    /// The player the table leaves free this round (odd fields).
    pub free: Option<PlayerId>,
    /// Number of cycles (1 single, 2 double round robin).
    pub cycles: u32,
}

/// Boards with names, ratings and points.
pub fn pair_text(t: &Tournament, p: &NextRound) -> String {
    let mut s = format!(
        "Round {} of the Berger table ({}; FIDE C.05 Annex 1)\n\n",
        p.round,
        cycles(p.cycles)
    );
    let who = |id: PlayerId| {
        t.player(id)
            .map(|x| {
                (
                    x.name.clone(),
                    t.score(x, Some(p.round as usize - 1)).to_string(),
                )
            })
            .unwrap_or_default()
    };
    let _ = writeln!(
        s,
        "{:>5}  {:>4} {:<28} {:>5}   {:>5} {:<28} {:>4}",
        "Board", "No", "White", "Pts", "Pts", "Black", "No"
    );
    for (k, b) in p.boards.iter().enumerate() {
        let (wn, wp) = who(b.white);
        let (bn, bp) = who(b.black);
        let _ = writeln!(
            s,
            "{:>5}  {:>4} {:<28} {:>5} - {:>5} {:<28} {:>4}",
            k + 1,
            b.white,
            wn,
            wp,
            bp,
            bn,
            b.black
        );
    }
    if let Some(f) = p.free {
        let _ = writeln!(s, "\nfree this round: {f} {}", who(f).0);
    }
    s
}

/// The pair JSON shape (see the module docs), with a final newline.
pub fn pair_json(p: &NextRound) -> String {
    let boards = super::pair::boards_json(p.boards.iter().map(|b| (b.white, b.black)));
    super::json::pretty(&serde_json::json!({
        "system": "round-robin",
        "round": p.round,
        "boards": boards,
        "free": p.free.map(|f| f.0),
    })) + "\n"
}

/// bbpPairings `-p` shape: number of boards, `white black` per line (the
/// free player of an odd field is no pairing and is not listed).
pub fn pair_bbp(p: &NextRound) -> String {
    let mut s = format!("{}\n", p.boards.len());
    for b in &p.boards {
        let _ = writeln!(s, "{} {}", b.white, b.black);
    }
    s
}

/// The tournament with the next round added: games pending, the free
/// player [`RoundEntry::Free`].
pub fn with_round(t: &Tournament, p: &NextRound) -> Tournament {
    let mut t = t.clone();
    let r = p.round as usize;
    let mut set = |id: PlayerId, e: RoundEntry| {
        if let Some(pl) = t.players.iter_mut().find(|x| x.id == id) {
            pl.rounds.truncate(r - 1);
            pl.rounds.resize(r - 1, RoundEntry::NotPaired);
            pl.rounds.push(e);
        }
    };
    for b in &p.boards {
        for (me, opp, color) in [
            (b.white, b.black, Color::White),
            (b.black, b.white, Color::Black),
        ] {
            set(
                me,
                RoundEntry::Pending {
                    opponent: opp,
                    color: Some(color),
                },
            );
        }
    }
    if let Some(f) = p.free {
        set(f, RoundEntry::Free);
    }
    t
}

/// The tournament file with the next round added, written in the dialect
/// and with the line ends it was read in.
pub fn pair_trf(t: &Tournament, p: &NextRound, read_as: &trf::Dialect) -> String {
    let opts = trf::WriteOptions {
        target: super::pair::target_of(read_as),
        line_end: super::pair::line_end_of(read_as),
    };
    trf::write(&with_round(t, p), &opts).text
}
