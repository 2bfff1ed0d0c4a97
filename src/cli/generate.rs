//! `arbiter generate`: random tournaments paired by the Dutch engine (RTG).

use chess_arbiter::formats::trf;
use chess_arbiter::model::Color;
use chess_arbiter::pairing::dutch::DutchEdition;
use chess_arbiter::pairing::generate::{generate, GenerateOptions, Scoring};
use chess_arbiter::pairing::round_robin::generate::generate as round_robin_generate;
use chess_arbiter::pairing::round_robin::BergerTable;
use clap::{Args as ClapArgs, ValueEnum};
use std::io::IsTerminal;

use super::common::SystemArg;
use super::exit::{Failure, Outcome};
use super::input;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ScoringArg {
    #[value(name = "1-0.5-0")]
    Standard,
    #[value(name = "3-1-0")]
    ThreeOneZero,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColourArg {
    White,
    Black,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum AccelerationArg {
    Baku,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ToArg {
    Trf26,
    Trf16,
}

#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  arbiter generate --players 300 --rounds 9 --seed 7 -o t300.trf
  arbiter generate --players 40 --rounds 7 --system dutch-2017 --half-bye-rate 0.03 --to trf16
  arbiter generate --players 9 --system round-robin -o rr9.trf
  arbiter generate --players 6 --system double-round-robin --rounds 7

A round robin follows the Berger table (FIDE C.05 Annex 1); --rounds defaults
to the whole table (n - 1 rounds a cycle, n for an odd field).

Results follow the FIDE expected score of the rating difference. The seed and
every parameter are recorded in ### comment lines (TRF-2026).
Exit codes: 0 generated, 1 a round had no legal pairing, 3 invalid options,
5 file access error.")]
pub(crate) struct Args {
    #[arg(long)]
    pub(crate) players: u32,
    /// Rounds to play (required for a Swiss; a round robin's default is its
    /// whole table).
    #[arg(long)]
    pub(crate) rounds: Option<u32>,
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// The pairing system: an edition of the Dutch system, or a round robin
    /// by the Berger table (round-robin, double-round-robin).
    #[arg(long, value_enum, default_value = "dutch-2025")]
    pub(crate) system: SystemArg,
    #[arg(long, default_value_t = 0.3)]
    pub(crate) draw_rate: f64,
    #[arg(long, default_value_t = 0.0)]
    pub(crate) forfeit_rate: f64,
    #[arg(long, default_value_t = 0.0)]
    pub(crate) half_bye_rate: f64,
    #[arg(long, default_value_t = 0.0)]
    pub(crate) zero_bye_rate: f64,
    #[arg(long, default_value_t = 0.0)]
    pub(crate) withdraw_rate: f64,
    #[arg(long, default_value_t = 0.0)]
    pub(crate) late_entry_rate: f64,
    #[arg(long, value_enum, default_value = "1-0.5-0")]
    pub(crate) scoring: ScoringArg,
    #[arg(long, value_enum)]
    pub(crate) acceleration: Option<AccelerationArg>,
    #[arg(
        long = "initial-colour",
        alias = "initial-color",
        value_enum,
        default_value = "white"
    )]
    pub(crate) initial_color: ColourArg,
    /// LO-HI, e.g. 1400-2700.
    #[arg(long, default_value = "1400-2700")]
    pub(crate) rating_range: String,
    #[arg(long, value_enum, default_value = "trf26")]
    pub(crate) to: ToArg,
    #[arg(short, long)]
    pub(crate) output: Option<String>,
}

/// The players and rounds a TRF can number and a tournament can play: start
/// numbers have four digits (TRF-16 record 001, cols 5-8), and no event plays
/// more rounds than a double round robin of its players. `--players 1000000`
/// ran past a minute before writing a file that no program reads.
fn check_size(players: u32, rounds: Option<u32>) -> Result<(), Failure> {
    let most = chess_arbiter::formats::input::MAX_PLAYERS as u32;
    if players == 0 || players > most {
        return Err(Failure::Invalid(format!(
            "--players: expected 1 to {most} (a TRF's four-digit start numbers), found {players}"
        )));
    }
    let limit = players.saturating_mul(2).max(2);
    if let Some(r) = rounds.filter(|r| *r > limit) {
        return Err(Failure::Invalid(format!(
            "--rounds: expected at most {limit} for {players} players (a double round robin), found {r}"
        )));
    }
    Ok(())
}

pub(crate) fn run(args: Args) -> Result<Outcome, Failure> {
    check_size(args.players, args.rounds)?;
    let round_robin = args.system.round_robin().map(|c| c.unwrap_or(1));
    let edition = args.system.dutch().unwrap_or(DutchEdition::Dutch2025);
    let rounds = match (args.rounds, round_robin) {
        (Some(r), _) => r,
        (None, Some(cycles)) => BergerTable::new(args.players, cycles)
            .map(|t| t.total_rounds())
            .unwrap_or(0),
        (None, None) => {
            return Err(Failure::Invalid(
                "--rounds: expected the number of rounds (a Swiss needs it)".into(),
            ))
        }
    };
    let range = args
        .rating_range
        .split_once('-')
        .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)));
    let Some(rating_range) = range else {
        return Err(Failure::Invalid(format!(
            "--rating-range: expected LO-HI like 1400-2700, found \"{}\"",
            args.rating_range
        )));
    };
    let baku = args.acceleration.is_some();
    let code = match (edition, baku) {
        // TRF-2026 `192` (ETT26): a round robin by the Berger tables.
        // ETT26: FIDE_ = the last two rounds of the first cycle swapped (C.05 Annex 1).
        _ if round_robin == Some(2) => "FIDE_DOUBLEROUNDROBIN",
        _ if round_robin.is_some() => "BERGER_ROUNDROBIN",
        (DutchEdition::Dutch2017, false) => "FIDE_DUTCH_2017",
        (DutchEdition::Dutch2017, true) => "FIDE_DUTCH_2017_BAKU",
        (DutchEdition::Dutch2025, false) => "FIDE_DUTCH_2026",
        (DutchEdition::Dutch2025, true) => "FIDE_DUTCH_2026_BAKU",
    };
    let o = GenerateOptions::new()
        .players(args.players)
        .rounds(rounds)
        .seed(args.seed)
        .draw_rate(args.draw_rate)
        .forfeit_rate(args.forfeit_rate)
        .half_bye_rate(args.half_bye_rate)
        .zero_bye_rate(args.zero_bye_rate)
        .withdraw_rate(args.withdraw_rate)
        .late_entry_rate(args.late_entry_rate)
        .scoring(match args.scoring {
            ScoringArg::Standard => Scoring::Standard,
            ScoringArg::ThreeOneZero => Scoring::ThreeOneZero,
        })
        .baku(baku)
        .initial_color(match args.initial_color {
            ColourArg::White => Color::White,
            ColourArg::Black => Color::Black,
        })
        .rating_range(rating_range)
        .system_code(code)
        .round_robin(round_robin);
    let show = std::io::stderr().is_terminal() && args.players >= 200;
    let total = rounds;
    let progress = |r| {
        if show {
            eprint!("\rround {r}/{total}");
            if r == total {
                eprintln!();
            }
        }
    };
    let result = match round_robin {
        Some(_) => round_robin_generate(&o, progress),
        None => generate(&o, edition, progress),
    };
    let t = result?;
    let target = match args.to {
        ToArg::Trf26 => trf::Target::Trf26,
        ToArg::Trf16 => trf::Target::Trf16,
    };
    let w = trf::write(
        &t,
        &trf::WriteOptions::new()
            .target(target)
            .line_end(trf::LineEnd::CrLf),
    );
    for d in &w.warnings {
        super::exit::say(d);
    }
    input::write_output(args.output.as_deref(), &w.text).map_err(Failure::Reported)?;
    Ok(Outcome::Clean)
}

#[cfg(test)]
mod tests {
    use super::check_size;

    #[test]
    fn more_players_than_a_trf_can_number_are_refused() {
        assert!(check_size(1_000_000, Some(9)).is_err());
        assert!(check_size(0, Some(9)).is_err());
        assert!(check_size(9_999, Some(11)).is_ok());
        assert!(check_size(10, Some(4_294_967_295)).is_err());
        assert!(check_size(10, Some(20)).is_ok());
    }
}
