//! `arbiter pair`: pair the next round with the FIDE Dutch system.

use std::path::PathBuf;

use chess_arbiter::formats::trf;
use chess_arbiter::model::{Color, PlayerId, RoundEntry, Tournament};
use chess_arbiter::pairing::dutch::{pair_round, Edition, PairError, PairOptions, Pairing};

use chess_arbiter::pairing::check::warnings::{
    earlier_full_bye_warnings, next_round_warnings, pairing_number_warnings, xxz_warning,
};
use chess_arbiter::pairing::check::FileFacts;

use super::exit;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The tournament file (TRF).
    pub input: PathBuf,
    /// The edition of the Dutch system: dutch-2017 or dutch-2025. Default:
    /// from the file's system code, else its dates (2026-02-01 cut-over).
    #[arg(long)]
    pub system: Option<String>,
    /// Write the result here instead of standard output.
    #[arg(short = 'o', long)]
    pub output: Option<PathBuf>,
    /// Output format: text, json, trf, bbp.
    #[arg(long, default_value = "text")]
    pub format: String,
}

pub fn run(args: Args) -> i32 {
    let edition = match args.system.as_deref() {
        None => None,
        Some(s) => match Edition::from_name(s) {
            Some(e) => Some(e),
            None => {
                eprintln!("error: unknown system {s:?}: expected dutch-2017 or dutch-2025");
                return exit::INVALID_INPUT;
            }
        },
    };
    if !["text", "json", "trf", "bbp"].contains(&args.format.as_str()) {
        eprintln!(
            "error: unknown format {:?}: expected text, json, trf or bbp",
            args.format
        );
        return exit::INVALID_INPUT;
    }
    let bytes = match std::fs::read(&args.input) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", args.input.display());
            return exit::FILE_ACCESS;
        }
    };
    let ropts = trf::ReadOptions {
        file_name: Some(args.input.display().to_string()),
        ..Default::default()
    };
    let mut read = match trf::read(&bytes, &ropts) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::INVALID_INPUT;
        }
    };
    read.diagnostics = super::input::checked(
        std::mem::take(&mut read.diagnostics),
        &read.tournament,
        &read.source,
        &args.input.display().to_string(),
    );
    for d in &read.diagnostics {
        eprintln!("{d}");
    }
    if read.diagnostics.iter().any(|d| {
        d.severity == chess_arbiter::diag::Severity::Error
            && d.family == chess_arbiter::diag::Family::Syntax
    }) {
        return exit::INVALID_INPUT;
    }
    let opts = PairOptions {
        edition,
        ..Default::default()
    };
    let t = &read.tournament;
    if let Some(msg) = unfinished_round(t) {
        eprintln!("error: {msg}");
        return exit::INVALID_INPUT;
    }
    let facts = FileFacts {
        file: Some(args.input.display().to_string()),
        player_lines: read.source.player_lines.clone(),
        header_lines: read.source.header_lines.clone(),
        columns: Some(trf::layout::player_field),
    };
    let round = chess_arbiter::pairing::dutch::next_round(t);
    for w in earlier_full_bye_warnings(t, round, &facts)
        .iter()
        .chain(next_round_warnings(t, round, false, &facts).iter())
        .chain(pairing_number_warnings(t, &facts).iter())
        .chain(xxz_warning(&facts).iter())
    {
        eprintln!("{w}");
    }
    let pairing = match pair_round(t, &opts) {
        Ok(p) => p,
        Err(PairError::NoLegalPairing { obstacle }) => {
            eprintln!("no legal pairing: {obstacle}");
            return exit::FOUND;
        }
        Err(e) => {
            eprintln!("error: {e}");
            return exit::INVALID_INPUT;
        }
    };
    let text = match args.format.as_str() {
        "json" => render_json(t, &pairing),
        "bbp" => render_bbp(&pairing),
        "trf" => {
            let wopts = trf::WriteOptions {
                target: target_of(&read.dialect),
                line_end: line_end_of(&read.dialect),
            };
            trf::write(&with_round(t, &pairing), &wopts).text
        }
        _ => render_text(t, &pairing),
    };
    match &args.output {
        Some(path) => {
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("error: cannot write {}: {e}", path.display());
                return exit::FILE_ACCESS;
            }
        }
        None => print!("{text}"),
    }
    exit::OK
}

/// The next round cannot be paired while the last paired round has boards
/// without a result: the scores it is paired on are not known, and the
/// pending games are not yet meetings the engine would avoid. Nor when the
/// last "paired" round holds nothing but a pairing-allocated bye (`U`): a PAB
/// is allocated by the pairing, never pre-set (C.04.1 (2026) art. 4;
/// bbpPairings #3), so the round is in fact still to be paired. Returns the
/// message naming that round.
fn unfinished_round(t: &Tournament) -> Option<String> {
    let next = chess_arbiter::pairing::dutch::next_round(t);
    let last = usize::try_from(next.checked_sub(1)?).ok()?;
    if last == 0 {
        return None;
    }
    let mut open: Vec<(PlayerId, PlayerId)> = Vec::new();
    let mut games = 0usize;
    let mut pab = Vec::new();
    for p in &t.players {
        match p.round(last) {
            RoundEntry::Pending { opponent, .. } => {
                open.push((p.id.min(opponent), p.id.max(opponent)));
            }
            RoundEntry::Bye {
                bye: chess_arbiter::model::ByeKind::PairingAllocated,
            } => pab.push(p.id.to_string()),
            e if e.opponent().is_some() => games += 1,
            _ => {}
        }
    }
    open.sort();
    open.dedup();
    if !open.is_empty() {
        let list: Vec<String> = open.iter().map(|(a, b)| format!("{a}-{b}")).collect();
        return Some(format!(
            "round {last} is paired but {} of its boards have no result ({}): enter round {last}'s results before pairing round {next}",
            open.len(),
            list.join(", ")
        ));
    }
    if games == 0 && !pab.is_empty() {
        return Some(format!(
            "round {last} has a pairing-allocated bye (U) for player {} and no games: a PAB is given by the pairing, not pre-set; remove it (or write H, F or Z for a requested bye or absence) to pair round {last}",
            pab.join(", ")
        ));
    }
    None
}

fn target_of(d: &trf::Dialect) -> trf::Target {
    match d.version {
        trf::Version::Trf26 => trf::Target::Trf26,
        _ if d.bbp => trf::Target::TrfBx,
        _ if d.javafo => trf::Target::TrfX,
        _ => trf::Target::Trf16,
    }
}

fn line_end_of(d: &trf::Dialect) -> trf::LineEnd {
    match d.line_ends {
        trf::LineEnds::Lf => trf::LineEnd::Lf,
        trf::LineEnds::Cr => trf::LineEnd::Cr,
        _ => trf::LineEnd::CrLf,
    }
}

/// The tournament with the new round's pairings added, results blank.
pub fn with_round(t: &Tournament, p: &Pairing) -> Tournament {
    let mut t = t.clone();
    let r = p.round as usize;
    let mut set = |id: PlayerId, e: RoundEntry| {
        if let Some(pl) = t.players.iter_mut().find(|x| x.id == id) {
            while pl.rounds.len() < r {
                pl.rounds.push(RoundEntry::NotPaired);
            }
            pl.rounds[r - 1] = e;
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
                bye: chess_arbiter::model::ByeKind::PairingAllocated,
            },
        );
    }
    t
}

/// bbpPairings/JaVaFo `-p`: number of pairs, `white black` per line, the
/// PAB as `id 0`.
pub fn render_bbp(p: &Pairing) -> String {
    let mut s = format!("{}\n", p.boards.len() + usize::from(p.bye.is_some()));
    for b in &p.boards {
        s.push_str(&format!("{} {}\n", b.white, b.black));
    }
    if let Some(b) = p.bye {
        s.push_str(&format!("{b} 0\n"));
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
pub fn render_text(t: &Tournament, p: &Pairing) -> String {
    let mut s = format!(
        "Round {} paired with {} ({}; {})\n\n",
        p.round,
        p.edition,
        p.edition.source(),
        p.edition_reason
    );
    s.push_str(&format!(
        "{:>5}  {:>4} {:<28} {:>5} {:>5}   {:>5} {:>5} {:<28} {:>4}\n",
        "Board", "No", "White", "Elo", "Pts", "Pts", "Elo", "Black", "No"
    ));
    for (k, b) in p.boards.iter().enumerate() {
        let (wn, wr, wp) = describe(t, b.white, p.round);
        let (bn, br, bp) = describe(t, b.black, p.round);
        s.push_str(&format!(
            "{:>5}  {:>4} {:<28} {:>5} {:>5} - {:>5} {:>5} {:<28} {:>4}\n",
            k + 1,
            b.white,
            wn,
            wr,
            wp,
            bp,
            br,
            bn,
            b.black
        ));
    }
    if let Some(b) = p.bye {
        let (n, r, pts) = describe(t, b, p.round);
        s.push_str(&format!(
            "\nPairing-allocated bye: {b} {n} ({r}, {pts} points)\n"
        ));
    }
    if !p.not_paired.is_empty() {
        let ids: Vec<String> = p.not_paired.iter().map(|i| i.to_string()).collect();
        s.push_str(&format!("Not paired: {}\n", ids.join(", ")));
    }
    s
}

/// The documented JSON shape:
/// `{"system", "system_reason", "round", "boards": [{"board", "white", "black"}],
/// "bye", "not_paired": [..]}`.
pub fn render_json(_t: &Tournament, p: &Pairing) -> String {
    let boards: Vec<serde_json::Value> = p
        .boards
        .iter()
        .enumerate()
        .map(|(k, b)| serde_json::json!({"board": k + 1, "white": b.white.0, "black": b.black.0}))
        .collect();
    let v = serde_json::json!({
        "system": p.edition.name(),
        "system_reason": p.edition_reason,
        "round": p.round,
        "boards": boards,
        "bye": p.bye.map(|b| b.0),
        "not_paired": p.not_paired.iter().map(|i| i.0).collect::<Vec<_>>(),
    });
    let mut s = serde_json::to_string_pretty(&v).unwrap_or_default();
    s.push('\n');
    s
}
