//! `arbiter pair`: pair the next round with the FIDE Dutch system.

use std::path::PathBuf;

use chess_arbiter::formats::trf;
use chess_arbiter::pairing::check::warnings::{
    earlier_full_bye_warnings, next_round_warnings, pairing_number_warnings, xxz_warning,
};
use chess_arbiter::pairing::dutch::{next_round, pair_round, PairError, PairOptions};
use chess_arbiter::pairing::ready::{ready, NotReady, ReadyOptions};
use chess_arbiter::pairing::round_robin;
use chess_arbiter::pairing::team_swiss::{self, TeamSwissOptions};
use chess_arbiter::render::pair as render;
use chess_arbiter::render::round_robin as rr_render;
use clap::ValueEnum;

use super::common::{birth_dates_unused, gate, round_robin_table, SystemArg};
use super::exit::{Failure, Outcome};
use super::input;

/// Output format of `arbiter pair`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum PairFormat {
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
pub(crate) struct Args {
    /// The tournament file (any format `convert` reads; `a+b` for two Swiss-Manager exports); `-` = stdin.
    pub(crate) input: PathBuf,
    /// The edition of the Dutch system. Default: from the file's system
    /// code, else its dates (2026-02-01 cut-over). A round robin (by its
    /// type or schedule, or forced with round-robin / double-round-robin)
    /// gets the next round of its Berger table (C.05 Annex 1).
    #[arg(long, value_enum)]
    pub(crate) system: Option<SystemArg>,
    /// Write the result here instead of standard output.
    #[arg(short = 'o', long)]
    pub(crate) output: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: PairFormat,
}

pub(crate) fn run(args: Args) -> Result<Outcome, Failure> {
    let name = args.input.display().to_string();
    // birth dates are not used to pair: one the reader could not read is a warning
    let loaded = gate(birth_dates_unused(
        input::read_input(&name, None, None)?,
        "pair",
    ))?;
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
    let opts = PairOptions::new().edition(args.system.and_then(SystemArg::dutch));
    let t = &loaded.tournament;
    let table = round_robin_table(t, args.system);
    let team = t.is_team_event();
    let at = ReadyOptions::new()
        .round_robin(table.is_some() || (team && team_swiss::round_robin_cycles(t).is_some()))
        .diagnostics(&loaded.diagnostics[..])
        .team(team);
    ready(t, &loaded.source, &at).map_err(|e| not_ready(e, &loaded.name))?;
    if team {
        return pair_team(&args, t, &name, &dialect);
    }
    if let Some(table) = table {
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
    let facts = loaded.facts();
    let round = next_round(t);
    for w in earlier_full_bye_warnings(t, round, &facts)
        .iter()
        .chain(next_round_warnings(t, round, false, &facts).iter())
        .chain(pairing_number_warnings(t, &facts).iter())
        .chain(xxz_warning(&facts).iter())
    {
        super::exit::say(w);
    }
    // the engine's refusals name the file (`round 10 is beyond the 9 rounds`)
    let pairing = pair_round(t, &opts).map_err(|e| match e {
        PairError::NoLegalPairing { .. } => Failure::from(e),
        e => Failure::Invalid(format!("{name}: {e}")),
    })?;
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

/// `pair` on a team event: the next round of its Berger table (a team round
/// robin) or of the C.04.6 Swiss; text, JSON, or the file with the round
/// added as TRF-2026.
fn pair_team(
    args: &Args,
    t: &chess_arbiter::model::Tournament,
    name: &str,
    dialect: &trf::Dialect,
) -> Result<Outcome, Failure> {
    if t.teams.is_empty() {
        return Err(Failure::Invalid(format!(
            "{name}: a team event without teams: nothing to pair (enter the teams first)"
        )));
    }
    let invalid = |e: team_swiss::TeamSwissError| Failure::Invalid(format!("{name}: {e}"));
    let (pairing, system) = match team_swiss::round_robin_cycles(t) {
        Some(cycles) => {
            let table = team_swiss::check::berger_table(t, cycles).map_err(invalid)?;
            let round = team_swiss::next_round(t);
            let p = team_swiss::check::berger_round(&table, round).ok_or_else(|| {
                Failure::Invalid(format!(
                    "{name}: every round of the Berger table ({} rounds) is paired; nothing to pair",
                    table.total_rounds()
                ))
            })?;
            (p, "C.05 Annex 1, Berger table")
        }
        None => (
            team_swiss::pair_round(t, &TeamSwissOptions::new()).map_err(invalid)?,
            "C.04.6",
        ),
    };
    let text = match args.format {
        PairFormat::Text => chess_arbiter::render::team_check::pair_text(t, &pairing, system),
        PairFormat::Json => chess_arbiter::render::team_check::pair_json(&pairing),
        // only TRF-2026 carries teams: the file with the round added, as TRF-2026
        PairFormat::Trf => {
            let line_end = match dialect.line_ends {
                trf::LineEnds::Lf => trf::LineEnd::Lf,
                trf::LineEnds::Cr => trf::LineEnd::Cr,
                _ => trf::LineEnd::CrLf,
            };
            let opts = trf::WriteOptions::new()
                .target(trf::Target::Trf26)
                .line_end(line_end);
            trf::write(&team_swiss::record::with_round(t, &pairing), &opts).text
        }
        other => {
            return Err(Failure::Invalid(format!(
                "--format {}: expected text, json or trf for a team event, found a format that carries individual boards only",
                other.to_possible_value().map_or("?".into(), |v| v.get_name().to_string())
            )))
        }
    };
    write(args, &text)
}

fn write(args: &Args, text: &str) -> Result<Outcome, Failure> {
    match &args.output {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| Failure::Access(format!("cannot write {}: {e}", path.display())))?,
        None => print!("{text}"),
    }
    Ok(Outcome::Clean)
}

/// The library's refusal ([`chess_arbiter::pairing::ready`]) as the command
/// line says it: its located errors, naming the file, then exit 3.
pub(crate) fn not_ready(e: NotReady, name: &str) -> Failure {
    Failure::Input {
        code: super::exit::INVALID_INPUT,
        diagnostics: e
            .diagnostics
            .into_iter()
            .map(|d| d.in_file(Some(name)))
            .collect(),
    }
}
