//! `arbiter pair`: pair the next round with the FIDE Dutch system.

use std::path::PathBuf;

use chess_arbiter::diag::{codes, Diagnostic, Family, Location, Locator};
use chess_arbiter::formats::trf;
use chess_arbiter::model::{ByeKind, PlayerId, RoundEntry, Tournament};
use chess_arbiter::pairing::check::warnings::{
    earlier_full_bye_warnings, next_round_warnings, pairing_number_warnings, xxz_warning,
};
use chess_arbiter::pairing::dutch::{next_round, pair_round, PairOptions};
use chess_arbiter::pairing::round_robin;
use chess_arbiter::render::pair as render;
use chess_arbiter::render::round_robin as rr_render;
use clap::ValueEnum;

use super::common::{gate, round_robin_table, SystemArg};
use super::exit::{Failure, Outcome};
use super::input;

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
    /// The tournament file (any format `convert` reads; `a+b` for two Swiss-Manager exports); `-` = stdin.
    pub input: PathBuf,
    /// The edition of the Dutch system. Default: from the file's system
    /// code, else its dates (2026-02-01 cut-over). A round robin (by its
    /// type or schedule, or forced with round-robin / double-round-robin)
    /// gets the next round of its Berger table (C.05 Annex 1).
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
    let loaded = gate(input::read_input(&name, None, None)?)?;
    if loaded.tournament.is_team_event() {
        return Err(super::common::team_event_refused(&loaded.name));
    }
    // A TRF is written back in its own dialect; other inputs as TRF(x) (XXR carried).
    let dialect = loaded.dialect.clone().unwrap_or(trf::Dialect {
        version: trf::Version::Trf16,
        javafo: true,
        bbp: false,
        producer: None,
        encoding: trf::Encoding::Utf8,
        bom: false,
        line_ends: trf::LineEnds::CrLf,
        byte_padded: false,
    });
    let opts = PairOptions {
        edition: args.system.and_then(SystemArg::dutch),
        ..Default::default()
    };
    let t = &loaded.tournament;
    if let Some(d) = points_without_games(t, &loaded.source) {
        return Err(Failure::Input {
            code: super::exit::INVALID_INPUT,
            diagnostics: vec![d.in_file(Some(&loaded.name))],
        });
    }
    if let Some(table) = round_robin_table(t, args.system) {
        let Some((round, boards, free)) = round_robin::next_round(t, &table) else {
            return Err(Failure::Invalid(format!(
                "{name}: every round of the Berger table ({} rounds) is paired; nothing to pair",
                table.total_rounds()
            )));
        };
        let next = rr_render::NextRound {
            round,
            boards,
            free,
            cycles: table.cycles,
        };
        let text = match args.format {
            PairFormat::Text => rr_render::pair_text(t, &next),
            PairFormat::Json => rr_render::pair_json(&next),
            PairFormat::Trf => rr_render::pair_trf(t, &next, &dialect),
            PairFormat::Bbp => rr_render::pair_bbp(&next),
            PairFormat::Html => chess_arbiter::render::site::round_robin_pairing_page(t, &next)
                .map_err(|e| Failure::Message(super::exit::UNEXPECTED, format!("error: {e}")))?,
        };
        return write(&args, &text);
    }
    if let Some(d) = unfinished_round(t, &loaded.source) {
        return Err(Failure::Input {
            code: super::exit::INVALID_INPUT,
            diagnostics: vec![d.in_file(Some(&loaded.name))],
        });
    }
    let facts = loaded.facts();
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
        PairFormat::Trf => render::trf(t, &pairing, &dialect),
        PairFormat::Bbp => render::bbp(&pairing),
        PairFormat::Html => chess_arbiter::render::site::pairing_page(t, &pairing)
            .map_err(|e| Failure::Message(super::exit::UNEXPECTED, format!("error: {e}")))?,
    };
    write(&args, &text)
}

fn write(args: &Args, text: &str) -> Result<Outcome, Failure> {
    match &args.output {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| Failure::Access(format!("cannot write {}: {e}", path.display())))?,
        None => print!("{text}"),
    }
    Ok(Outcome::Clean)
}

/// Players who declare points in a file without a single game (a Swiss-Manager
/// player file read alone): the games that gave the points are elsewhere, so
/// pairing "round 1" would pair a round already played, on scores of 0. Refused
/// at the first such player's record: the basic rules for Swiss systems need the
/// games played so far (C.04.1 b: no two players meet twice; e: players are paired
/// with others of the same score).
fn points_without_games(t: &Tournament, at: &dyn Locator) -> Option<Diagnostic> {
    if t.rounds_recorded() > 0 {
        return None;
    }
    let p = t
        .players
        .iter()
        .find(|p| p.points.is_some_and(|x| x.0 != 0))?;
    let declared = p.points?;
    Some(Diagnostic::error(
        codes::POINTS_WITHOUT_GAMES,
        Family::Consistency,
        Location {
            file: at.player_file(p.id.0),
            line: at.player_line(p.id.0),
            cols: at.cols(chess_arbiter::diag::PlayerField::Points),
            field: Some("points".into()),
        },
        format!(
            "player {} declares {declared} points, but the file records no games: the next round cannot be paired without them; give the games too (a Swiss-Manager player file with its pairing file: players.txt+pairings.txt)",
            p.id
        ),
    ))
}

/// The next round cannot be paired while the last paired round has boards
/// without a result: the scores it is paired on are not known, and the
/// pending games are not yet meetings the engine would avoid. Nor when the
/// last "paired" round holds nothing but a pairing-allocated bye (`U`): a PAB
/// is allocated by the pairing, never pre-set (C.04.1 (2026) art. 4;
/// bbpPairings #3), so the round is in fact still to be paired. Returns the
/// error naming that round, located at the record of its first open board (the
/// player's line in a TRF, the board row of a Swiss-Manager pairing file).
fn unfinished_round(t: &Tournament, at: &dyn Locator) -> Option<Diagnostic> {
    let located = |id: PlayerId, last: usize| Location {
        file: at.round_file(id.0, last),
        line: at.round_line(id.0, last),
        field: Some(match at.player_record(id.0) {
            Some(r) => format!("{r}, round {last}"),
            None => format!("round {last}"),
        }),
        ..Location::default()
    };
    let next = next_round(t);
    let last = usize::try_from(next.checked_sub(1)?).ok()?;
    if last == 0 {
        return None;
    }
    let mut open: Vec<(PlayerId, PlayerId)> = Vec::new();
    let mut games = 0usize;
    let mut pab: Vec<PlayerId> = Vec::new();
    for p in &t.players {
        match p.round(last) {
            RoundEntry::Pending { opponent, .. } => {
                open.push((p.id.min(opponent), p.id.max(opponent)));
            }
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            } => pab.push(p.id),
            e if e.opponent().is_some() => games += 1,
            _ => {}
        }
    }
    open.sort();
    open.dedup();
    if let Some((first, _)) = open.first() {
        let list: Vec<String> = open.iter().map(|(a, b)| format!("{a}-{b}")).collect();
        return Some(Diagnostic::error(
            codes::RESULT_MISSING,
            Family::Consistency,
            located(*first, last),
            format!(
                "round {last} is paired but {} of its boards have no result ({}): enter round {last}'s results before pairing round {next}",
                open.len(),
                list.join(", ")
            ),
        ));
    }
    match pab.first() {
        Some(first) if games == 0 => {
            let list: Vec<String> = pab.iter().map(PlayerId::to_string).collect();
            Some(Diagnostic::error(
                codes::PAIRING_BYE_PRESET,
                Family::Consistency,
                located(*first, last),
                format!(
                    "round {last} has a pairing-allocated bye (U) for player {} and no games: a PAB is given by the pairing, not pre-set; remove it (or write H, F or Z for a requested bye or absence) to pair round {last}",
                    list.join(", ")
                ),
            ))
        }
        _ => None,
    }
}
