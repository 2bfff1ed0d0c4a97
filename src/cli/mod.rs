//! Command-line interface: one module per subcommand, exit codes in one place.

use clap::{Parser, Subcommand};

pub mod check;
pub mod convert;
pub mod generate;
pub mod input;
pub mod pair;
pub mod prizes;
pub mod rating;
pub mod standings;
pub mod validate;

/// Exit codes, compatible with bbpPairings/JaVaFo where the meaning matches.
#[allow(dead_code)]
pub mod exit {
    /// Success.
    pub const OK: i32 = 0;
    /// No legal pairing / discrepancies or problems found.
    pub const FOUND: i32 = 1;
    /// Unexpected error.
    pub const UNEXPECTED: i32 = 2;
    /// Invalid input.
    pub const INVALID_INPUT: i32 = 3;
    /// Input too large.
    pub const TOO_LARGE: i32 = 4;
    /// File access error.
    pub const FILE_ACCESS: i32 = 5;
}

/// Tools for chess arbiters: convert and validate tournament files, pair and
/// check rounds with the FIDE Dutch system, standings, prizes and rating reports.
#[derive(Parser, Debug)]
#[command(name = "arbiter", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Convert between TRF dialects (TRF16, TRF-2026, TRF(x), TRF(bx)), JSON and Swiss-Manager formats.
    Convert(convert::Args),
    /// Check a tournament file and list every problem with its location.
    Validate(validate::Args),
    /// Check recorded rounds against the FIDE Dutch rules (appeals).
    Check(check::Args),
    /// Generate a random tournament paired by the Dutch engine.
    Generate(generate::Args),
    /// Pair the next round with the FIDE Dutch system (2017 or 2025 edition).
    Pair(pair::Args),
    /// Print version information.
    Version,
    /// FIDE rating changes of an event (B.02): K, W, We, change, new rating.
    Rating(rating::Args),
    /// Standings with FIDE tie-breaks (C.07), categories and explanations.
    Standings(standings::Args),
    /// Prize statement from final standings and a tournament profile.
    Prizes(prizes::Args),
}

pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() {
                exit::INVALID_INPUT
            } else {
                exit::OK
            };
            let _ = e.print();
            return code;
        }
    };
    match cli.command {
        Command::Convert(a) => convert::run(a),
        Command::Validate(a) => validate::run(a),
        Command::Check(a) => check::run(a),
        Command::Generate(a) => generate::run(a),
        Command::Pair(a) => pair::run(a),
        Command::Version => {
            println!("arbiter {}", env!("CARGO_PKG_VERSION"));
            exit::OK
        }
        Command::Rating(args) => rating::run(args),
        Command::Standings(a) => standings::run(a),
        Command::Prizes(a) => prizes::run(a),
    }
}
