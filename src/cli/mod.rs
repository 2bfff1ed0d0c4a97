//! Command-line interface: one module per subcommand, exit codes in one place.

use clap::{Parser, Subcommand};

mod check;
mod common;
mod convert;
mod event;
mod exit;
mod fide_list;
mod generate;
mod input;
mod lang;
mod pair;
mod prizes;
mod rating;
mod report;
mod serve;
mod standings;
mod start_list;
mod user;
mod validate;

/// Tools for chess arbiters: convert and validate tournament files, pair and
/// check rounds with the FIDE Dutch system, standings, prizes and rating reports.
#[derive(Parser, Debug)]
#[command(name = "arbiter", version, about, long_about = None)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
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
    /// Start list from registrations and the FIDE rating list, ranked for round 1 (C.04.2 art. 2.2).
    StartList(start_list::Args),
    /// The event as a static web site: rounds, standings, crosstable, players, prizes, rating, check.
    Report(report::Args),
    /// A local web app: open a file in the browser, read its pages, check rounds, download conversions.
    Serve(serve::Args),
    /// Run an event in an event file: register, pair, results, byes, withdrawals, undo, the log.
    Event(event::Args),
    /// The arbiters' accounts of an event file (for `arbiter serve`): add, list, remove.
    User(user::Args),
}

/// Parse the command line, run the subcommand and return its exit code. A
/// panic (a bug) is an unexpected error: its message is on stderr, exit 2.
pub(crate) fn main() -> i32 {
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
    let run = std::panic::AssertUnwindSafe(|| run(cli.command));
    std::panic::catch_unwind(run).unwrap_or(exit::UNEXPECTED)
}

fn run(command: Command) -> i32 {
    let result = match command {
        Command::Convert(a) => convert::run(a),
        Command::Validate(a) => validate::run(a),
        Command::Check(a) => check::run(a),
        Command::Generate(a) => generate::run(a),
        Command::Pair(a) => pair::run(a),
        Command::Version => {
            println!("arbiter {}", env!("CARGO_PKG_VERSION"));
            Ok(exit::Outcome::Clean)
        }
        Command::Rating(a) => rating::run(a),
        Command::Standings(a) => standings::run(a),
        Command::Prizes(a) => prizes::run(a),
        Command::StartList(a) => start_list::run(a),
        Command::Report(a) => report::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Event(a) => event::run(a),
        Command::User(a) => user::run(a),
    };
    exit::code(result)
}
