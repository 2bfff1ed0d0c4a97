//! `arbiter generate`: random tournaments paired by the Dutch engine (RTG).

use chess_arbiter::formats::trf;
use chess_arbiter::model::random::Seeded;
use chess_arbiter::model::{Color, ExtraRecord, Tournament};
use chess_arbiter::pairing::dutch::DutchEdition;
use chess_arbiter::pairing::generate::{generate, GenerateOptions, Scoring};
use chess_arbiter::pairing::round_robin::generate::generate as round_robin_generate;
use chess_arbiter::pairing::round_robin::BergerTable;
use chess_arbiter::standings::{self, StandingsOptions, TieBreakSpec};
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
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ToArg {
    Trf26,
    Trf16,
}

/// What an option left out of the command line becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum UnsetArg {
    /// Drawn at random from the run's seed (VCL4THP Q25).
    Random,
    /// The fixed defaults: no byes, forfeits or acceleration, no tie-break list.
    Fixed,
}

#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  arbiter generate --players 300 --rounds 9 --seed 7 -o t300.trf
  arbiter generate --players 40 --rounds 7 --unset fixed --system dutch-2017 --half-bye-rate 0.03 --to trf16
  arbiter generate --players 60 --rounds 9 --full-bye-rate 0.01 --double-forfeit-rate 0.02 --tie-breaks BH/C1,BH,SB
  arbiter generate --players 9 --system round-robin -o rr9.trf
  arbiter generate --players 6 --system double-round-robin --rounds 7

Options left out are drawn at random (--unset random, the default): the
players and rounds, each bye and forfeit rate, Baku acceleration and a
tie-break list; --unset fixed keeps the fixed defaults (no byes, forfeits,
acceleration or tie-break list). Every run takes a new seed from the
operating system unless --seed is given; the seed, every parameter and the
names of those drawn are recorded in ### comment lines (TRF-2026), so
--seed with the same options repeats a file. With a tie-break list (202) the
rank column gives the standings that list makes.

A round robin follows the Berger table (FIDE C.05 Annex 1); --rounds defaults
to the whole table (n - 1 rounds a cycle, n for an odd field).

Results follow the FIDE expected score of the rating difference.
Exit codes: 0 generated, 1 a round had no legal pairing, 3 invalid options,
5 file access error.")]
pub(crate) struct Args {
    /// Players (drawn when left out and --unset random).
    #[arg(long)]
    pub(crate) players: Option<u32>,
    /// Rounds to play (a Swiss's is drawn when left out and --unset random; a
    /// round robin's default is its whole table).
    #[arg(long)]
    pub(crate) rounds: Option<u32>,
    /// Seed of the run; default a new one from the operating system.
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// What options left out become: random (drawn from the seed) or fixed.
    #[arg(long, value_enum, default_value = "random")]
    pub(crate) unset: UnsetArg,
    /// The pairing system: an edition of the Dutch system, or a round robin
    /// by the Berger table (round-robin, double-round-robin).
    #[arg(long, value_enum, default_value = "dutch-2025")]
    pub(crate) system: SystemArg,
    #[arg(long, default_value_t = 0.3)]
    pub(crate) draw_rate: f64,
    /// Per game: lost by forfeit by one side (1F-0F or 0F-1F).
    #[arg(long)]
    pub(crate) forfeit_rate: Option<f64>,
    /// Per game: forfeited by both sides (0F-0F).
    #[arg(long)]
    pub(crate) double_forfeit_rate: Option<f64>,
    /// Per player and round: a half-point bye (H).
    #[arg(long)]
    pub(crate) half_bye_rate: Option<f64>,
    /// Per player and round: a full-point bye (F).
    #[arg(long)]
    pub(crate) full_bye_rate: Option<f64>,
    /// Per player and round: a zero-point bye, a known absence (Z).
    #[arg(long)]
    pub(crate) zero_bye_rate: Option<f64>,
    #[arg(long)]
    pub(crate) withdraw_rate: Option<f64>,
    #[arg(long)]
    pub(crate) late_entry_rate: Option<f64>,
    #[arg(long, value_enum, default_value = "1-0.5-0")]
    pub(crate) scoring: ScoringArg,
    #[arg(long, value_enum)]
    pub(crate) acceleration: Option<AccelerationArg>,
    /// The tie-break list written as TRF-2026 202, e.g. BH/C1,BH,SB (the
    /// codes `standings --tiebreaks` takes); `none` for no list.
    #[arg(long = "tie-breaks", alias = "tiebreaks")]
    pub(crate) tie_breaks: Option<String>,
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
    /// The ratings one by one, e.g. 2400,2350,2100 (one per player; --players
    /// defaults to their number). Pairing numbers follow them from the highest.
    #[arg(long, value_delimiter = ',')]
    pub(crate) ratings: Vec<u16>,
    #[arg(long, value_enum, default_value = "trf26")]
    pub(crate) to: ToArg,
    #[arg(short, long)]
    pub(crate) output: Option<String>,
}

/// The tie-breaks a drawn list takes its codes from: C.07 codes for a Swiss,
/// and for a round robin the ones C.07 (2026) allows there (no Buchholz).
const SWISS_TIEBREAKS: [&str; 8] = ["BH/C1", "BH", "SB", "DE", "WIN", "ARO", "BPG", "PS"];
const ROUND_ROBIN_TIEBREAKS: [&str; 4] = ["DE", "SB", "WIN", "KS"];

/// The options of one run after the unset ones are drawn, and the names of
/// those drawn (recorded in a `###` line).
#[derive(Debug, Clone, PartialEq)]
struct Resolved {
    players: u32,
    rounds: Option<u32>,
    rates: [f64; 7],
    baku: bool,
    tiebreaks: Vec<String>,
    drawn: Vec<&'static str>,
}

/// The rates in [`Resolved::rates`], their option names and the highest
/// value a draw gives: modest, so that a drawn event stays a Swiss.
const RATES: [(&str, f64); 7] = [
    ("forfeit-rate", 0.05),
    ("double-forfeit-rate", 0.02),
    ("half-bye-rate", 0.05),
    ("full-bye-rate", 0.02),
    ("zero-bye-rate", 0.05),
    ("withdraw-rate", 0.02),
    ("late-entry-rate", 0.1),
];

/// Fill the options left out: drawn from `rng` (`--unset random`: each rate
/// switched on with an even chance, then uniform up to its cap; Baku one
/// Swiss in four; a list of one to four tie-breaks) or the fixed defaults.
/// A round robin has no byes, absences or acceleration (C.05), so only its
/// forfeits and tie-breaks are drawn; a TRF-16 file has no `202`, so no list
/// is drawn for one.
fn resolve(args: &Args, rng: &mut Seeded) -> Result<Resolved, Failure> {
    let random = args.unset == UnsetArg::Random;
    let round_robin = args.system.round_robin().is_some();
    let mut drawn = Vec::new();
    let given_ratings = u32::try_from(args.ratings.len()).ok().filter(|n| *n > 0);
    let players = match args.players.or(given_ratings) {
        Some(p) => p,
        None if random => {
            drawn.push("players");
            let (lo, hi) = if round_robin { (3, 14) } else { (8, 60) };
            u32::try_from(rng.range(lo, hi)).unwrap_or(8)
        }
        None => {
            return Err(Failure::Invalid(
                "--players: expected the number of players (--unset fixed draws none)".into(),
            ))
        }
    };
    let rounds = match args.rounds {
        None if random && !round_robin => {
            drawn.push("rounds");
            let hi = i64::from((players / 2).clamp(1, 11));
            Some(u32::try_from(rng.range(hi.min(3), hi)).unwrap_or(1))
        }
        r => r,
    };
    let given = [
        args.forfeit_rate,
        args.double_forfeit_rate,
        args.half_bye_rate,
        args.full_bye_rate,
        args.zero_bye_rate,
        args.withdraw_rate,
        args.late_entry_rate,
    ];
    let mut rates = [0.0; 7];
    for (k, ((name, cap), given)) in RATES.iter().zip(given).enumerate() {
        let allowed = !round_robin || k < 2;
        rates[k] = match given {
            Some(v) => v,
            None if random && allowed => {
                drawn.push(name);
                if rng.chance(0.5) {
                    (rng.unit() * cap * 1000.0).round() / 1000.0
                } else {
                    0.0
                }
            }
            None => 0.0,
        };
    }
    let baku = match args.acceleration {
        Some(a) => a == AccelerationArg::Baku,
        None if random && !round_robin && args.scoring == ScoringArg::Standard => {
            drawn.push("acceleration");
            rng.chance(0.25)
        }
        None => false,
    };
    let tiebreaks = match args.tie_breaks.as_deref().map(str::trim) {
        Some("none" | "") => Vec::new(),
        Some(list) => {
            let specs = TieBreakSpec::parse_list(list)
                .map_err(|e| Failure::Invalid(format!("--tie-breaks: {e} (in \"{list}\")")))?;
            if specs.is_empty() {
                Vec::new()
            } else {
                list.split(',').map(|c| c.trim().to_string()).collect()
            }
        }
        None if random && args.to == ToArg::Trf26 => {
            drawn.push("tie-breaks");
            let mut pool: Vec<&str> = if round_robin {
                ROUND_ROBIN_TIEBREAKS.to_vec()
            } else {
                SWISS_TIEBREAKS.to_vec()
            };
            rng.shuffle(&mut pool);
            let k = usize::try_from(rng.range(1, 4)).unwrap_or(1);
            pool.into_iter().take(k).map(String::from).collect()
        }
        None => Vec::new(),
    };
    Ok(Resolved {
        players,
        rounds,
        rates,
        baku,
        tiebreaks,
        drawn,
    })
}

/// A seed from the operating system's random source (VCL4THP Q30: the same
/// options must not give the same file twice).
fn fresh_seed() -> Result<u64, Failure> {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).map_err(|e| {
        Failure::Invalid(format!(
            "--seed: expected a seed from the operating system's random source, found an error ({e}); give --seed"
        ))
    })?;
    Ok(u64::from_le_bytes(b))
}

/// The rank column of a file with a tie-break list: the standings that list
/// gives (C.07), so that the file obeys its own list (VCL4THP Q31).
fn rank_by_tiebreaks(t: &mut Tournament) -> Result<(), Failure> {
    if t.tiebreaks.is_empty() {
        return Ok(());
    }
    let table = standings::compute(t, &StandingsOptions::new())
        .map_err(|e| Failure::Invalid(format!("--tie-breaks: {e}")))?;
    for p in &mut t.players {
        p.rank = table.row(p.id).map(|r| r.rank);
    }
    Ok(())
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
    let seed = match args.seed {
        Some(s) => s,
        None => fresh_seed()?,
    };
    // The drawing of the unset options has its own stream, so that giving an
    // option does not change the games of the others.
    let r = resolve(&args, &mut Seeded::new(seed ^ 0x5eed_0000_0a11_0f0e))?;
    check_size(r.players, r.rounds)?;
    let round_robin = args.system.round_robin().map(|c| c.unwrap_or(1));
    let edition = args.system.dutch().unwrap_or(DutchEdition::Dutch2025);
    let rounds = match (r.rounds, round_robin) {
        (Some(r), _) => r,
        (None, Some(cycles)) => BergerTable::new(r.players, cycles)
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
    let baku = r.baku;
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
        .players(r.players)
        .rounds(rounds)
        .seed(seed)
        .draw_rate(args.draw_rate)
        .forfeit_rate(r.rates[0])
        .double_forfeit_rate(r.rates[1])
        .half_bye_rate(r.rates[2])
        .full_bye_rate(r.rates[3])
        .zero_bye_rate(r.rates[4])
        .withdraw_rate(r.rates[5])
        .late_entry_rate(r.rates[6])
        .tiebreaks(r.tiebreaks.clone())
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
        .ratings(args.ratings.clone())
        .system_code(code)
        .round_robin(round_robin);
    let show = std::io::stderr().is_terminal() && r.players >= 200;
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
    let mut t = result?;
    t.extra_records.push(ExtraRecord {
        code: "###".into(),
        line: format!(
            "### unset={} drawn={}",
            match args.unset {
                UnsetArg::Random => "random",
                UnsetArg::Fixed => "fixed",
            },
            if r.drawn.is_empty() {
                "-".to_string()
            } else {
                r.drawn.join(",")
            }
        ),
        after_player: None,
    });
    rank_by_tiebreaks(&mut t)?;
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
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn resolved(argv: &[&str], seed: u64) -> Result<Resolved, Failure> {
        let cli = Cli::try_parse_from(std::iter::once("generate").chain(argv.iter().copied()))
            .unwrap_or_else(|e| panic!("{argv:?}: {e}"));
        resolve(&cli.args, &mut Seeded::new(seed))
    }

    #[test]
    fn unset_fixed_keeps_the_fixed_defaults_and_draws_nothing() {
        let r = resolved(&["--players", "30", "--rounds", "7", "--unset", "fixed"], 1)
            .unwrap_or_else(|_| panic!("resolved"));
        assert_eq!(r.rates, [0.0; 7]);
        assert!(!r.baku && r.tiebreaks.is_empty() && r.drawn.is_empty());
        assert_eq!((r.players, r.rounds), (30, Some(7)));
        assert!(resolved(&["--unset", "fixed"], 1).is_err());
    }

    #[test]
    fn unset_options_are_drawn_within_their_caps_and_given_ones_are_kept() {
        let (mut baku, mut full, mut lists) = (0, 0, std::collections::BTreeSet::new());
        for seed in 0..200 {
            let r =
                resolved(&["--half-bye-rate", "0.01"], seed).unwrap_or_else(|_| panic!("{seed}"));
            assert!(!r.drawn.contains(&"half-bye-rate"));
            assert_eq!(r.rates[2], 0.01);
            for name in [
                "players",
                "rounds",
                "forfeit-rate",
                "full-bye-rate",
                "acceleration",
                "tie-breaks",
            ] {
                assert!(r.drawn.contains(&name), "{name} not drawn");
            }
            for ((name, cap), v) in RATES.iter().zip(r.rates) {
                assert!((0.0..=*cap).contains(&v), "{name}={v}");
            }
            assert!((8..=60).contains(&r.players));
            assert!(r
                .rounds
                .is_some_and(|k| (3..=11).contains(&k) && k < r.players));
            assert!((1..=4).contains(&r.tiebreaks.len()));
            assert!(TieBreakSpec::parse_list(&r.tiebreaks.join(",")).is_ok());
            baku += usize::from(r.baku);
            full += usize::from(r.rates[3] > 0.0);
            lists.insert(r.tiebreaks.clone());
            assert_eq!(resolved(&["--half-bye-rate", "0.01"], seed).ok(), Some(r));
        }
        // One Swiss in four is accelerated and half draw a full-bye rate.
        assert!((20..=80).contains(&baku), "{baku}");
        assert!((60..=140).contains(&full), "{full}");
        assert!(lists.len() > 20, "{}", lists.len());
    }

    #[test]
    fn a_round_robin_draws_no_byes_and_a_trf16_no_tie_break_list() {
        let r = resolved(&["--system", "round-robin"], 3).unwrap_or_else(|_| panic!("resolved"));
        assert_eq!(r.rates[2..], [0.0; 5]);
        assert!(!r.baku && r.rounds.is_none());
        assert!(r
            .tiebreaks
            .iter()
            .all(|c| ROUND_ROBIN_TIEBREAKS.contains(&c.as_str())));
        let r = resolved(&["--to", "trf16"], 3).unwrap_or_else(|_| panic!("resolved"));
        assert!(r.tiebreaks.is_empty() && !r.drawn.contains(&"tie-breaks"));
    }

    #[test]
    fn a_given_tie_break_list_is_checked_and_kept() {
        let r = resolved(&["--tie-breaks", "BH/C1, SB", "--acceleration", "none"], 3)
            .unwrap_or_else(|_| panic!("resolved"));
        assert_eq!(r.tiebreaks, ["BH/C1", "SB"]);
        assert!(!r.baku);
        let Err(Failure::Invalid(e)) = resolved(&["--tie-breaks", "BH,NOPE"], 3) else {
            panic!("an unknown code was accepted");
        };
        assert!(e.contains("NOPE"), "{e}");
        let r = resolved(&["--tie-breaks", "none"], 3).unwrap_or_else(|_| panic!("resolved"));
        assert!(r.tiebreaks.is_empty());
    }

    #[test]
    fn more_players_than_a_trf_can_number_are_refused() {
        assert!(check_size(1_000_000, Some(9)).is_err());
        assert!(check_size(0, Some(9)).is_err());
        assert!(check_size(9_999, Some(11)).is_ok());
        assert!(check_size(10, Some(4_294_967_295)).is_err());
        assert!(check_size(10, Some(20)).is_ok());
    }
}
