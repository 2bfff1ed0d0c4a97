//! The `arbiter` command-line tool: a thin layer over the `chess_arbiter` library.
#![forbid(unsafe_code)]

mod cli;

fn main() {
    std::process::exit(cli::main());
}
