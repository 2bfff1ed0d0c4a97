//! `arbiter pair`: pair the next round with the FIDE Dutch system.

use std::path::PathBuf;

use chess_arbiter::formats::trf;
use chess_arbiter::model::{ByeKind, PlayerId, RoundEntry, Tournament};
use chess_arbiter::pairing::check::warnings::{
    earlier_full_bye_warnings, next_round_warnings, pairing_number_warnings, xxz_warning,
};
use chess_arbiter::pairing::check::FileFacts;
use chess_arbiter::pairing::dutch::{next_round, pair_round, PairOptions};
use chess_arbiter::render::pair as render;
use clap::ValueEnum;

use super::common::{gate, SystemArg};
use super::exit::{Failure, Outcome};
use super::input::{self, Format};

/// Output format of `arbiter pair`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PairFormat {
    /// Boards with names, ratings and points.
    Text,
    Json,
    /// The tournament file with the new round added, in the input's dialect.
    Trf,
    /// bbpPairings/JaVaFo `-p` output.
    Bbp,
    /// A whole HTML5 page: the boards and the players not paired with their kind.
    Html,
}

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The tournament file (TRF).
    pub input: PathBuf,
    /// The edition of the Dutch system. Default: from the file's system
    /// code, else its dates (2026-02-01 cut-over).
    #[arg(long, value_enum)]
    pub system: Option<SystemArg>,
    /// Write the result here instead of standard output.
    #[arg(short = 'o', long)]
    pub output: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: PairFormat,
}

pub fn run(args: Args) -> Result<Outcome, Failure> {
    let name = args.input.display().to_string();
    let bytes = input::read_path(&name)?;
    let loaded = gate(input::read_bytes(&name, &bytes, Some(Format::Trf), None)?)?;
    let (Some(dialect), Some(source)) = (loaded.dialect.as_ref(), loaded.source.as_ref()) else {
        return Err(Failure::Invalid(format!("{name}: expected a TRF file")));
    };
    let opts = PairOptions {
        edition: args.system.map(Into::into),
        ..Default::default()
    };
    let t = &loaded.tournament;
    if let Some(msg) = unfinished_round(t) {
        return Err(Failure::Invalid(msg));
    }
    let facts = FileFacts {
        file: Some(loaded.name.clone()),
        player_lines: source.player_lines.clone(),
        header_lines: source.header_lines.clone(),
        columns: Some(trf::layout::player_field),
    };
    let round = next_round(t);
    for w in earlier_full_bye_warnings(t, round, &facts)
        .iter()
        .chain(next_round_warnings(t, round, false, &facts).iter())
        .chain(pairing_number_warnings(t, &facts).iter())
        .chain(xxz_warning(&facts).iter())
    {
        eprintln!("{w}");
    }
    let pairing = pair_round(t, &opts)?;
    let text = match args.format {
        PairFormat::Text => render::text(t, &pairing),
        PairFormat::Json => render::json(&pairing),
        PairFormat::Trf => render::trf(t, &pairing, dialect),
        PairFormat::Bbp => render::bbp(&pairing),
        PairFormat::Html => chess_arbiter::render::site::pairing_page(t, &pairing)
            .map_err(|e| Failure::Message(super::exit::UNEXPECTED, format!("error: {e}")))?,
    };
    match &args.output {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| Failure::Access(format!("cannot write {}: {e}", path.display())))?,
        None => print!("{text}"),
    }
    Ok(Outcome::Clean)
}

/// The next round cannot be paired while the last paired round has boards
/// without a result: the scores it is paired on are not known, and the
/// pending games are not yet meetings the engine would avoid. Nor when the
/// last "paired" round holds nothing but a pairing-allocated bye (`U`): a PAB
/// is allocated by the pairing, never pre-set (C.04.1 (2026) art. 4;
/// bbpPairings #3), so the round is in fact still to be paired. Returns the
/// message naming that round.
fn unfinished_round(t: &Tournament) -> Option<String> {
    let next = next_round(t);
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
                bye: ByeKind::PairingAllocated,
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
