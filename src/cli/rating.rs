//! `arbiter rating INPUT [--rules 2022|2024|2025-10] [--kind standard|rapid|blitz] [--format ...]`:
//! the FIDE rating changes of an event, the way FIDE will compute them.

use std::collections::BTreeMap;
use std::io::{Read, Write};

use chess_arbiter::model::{PlayerId, Tournament};
use chess_arbiter::rating::{compute, Edition, Kind, RatingOptions};
use chess_arbiter::render::rating as render;

use super::exit;

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Csv,
    Json,
    Html,
}

/// Rating changes (FIDE B.02) of every player: K and why, W, We, K(W-We), new rating.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Tournament file (TRF, or the JSON model); `-` reads stdin.
    pub input: String,
    /// B.02 edition; by default the one in force at the event's end date.
    #[arg(long, value_parser = parse_edition)]
    pub rules: Option<Edition>,
    /// Rating list; by default read from the time control (122/222).
    #[arg(long, value_parser = parse_kind)]
    pub kind: Option<Kind>,
    /// K factor of a player, as START_RANK=K (repeatable); overrides the file.
    #[arg(long = "k", value_name = "SNO=K", value_parser = parse_k)]
    pub k: Vec<(u32, u32)>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write to this file instead of stdout.
    #[arg(short = 'o', long)]
    pub output: Option<std::path::PathBuf>,
}

fn parse_edition(s: &str) -> Result<Edition, String> {
    s.parse()
}

fn parse_kind(s: &str) -> Result<Kind, String> {
    s.parse()
}

fn parse_k(s: &str) -> Result<(u32, u32), String> {
    let (a, b) = s
        .split_once('=')
        .ok_or_else(|| format!("expected START_RANK=K, found \"{s}\""))?;
    let sno = a
        .trim()
        .parse()
        .map_err(|_| format!("expected a starting rank, found \"{a}\""))?;
    let k = b
        .trim()
        .parse()
        .map_err(|_| format!("expected a K factor, found \"{b}\""))?;
    Ok((sno, k))
}

/// Read the input bytes (`-` = stdin).
pub fn read_bytes(input: &str) -> Result<Vec<u8>, i32> {
    let mut bytes = Vec::new();
    let res = if input == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::read(input).map(|b| bytes = b)
    };
    match res {
        Ok(()) => Ok(bytes),
        Err(e) => {
            eprintln!("error: cannot read {input}: {e}");
            Err(exit::FILE_ACCESS)
        }
    }
}

/// A tournament from the JSON model or a TRF file, with its read diagnostics printed.
pub fn load(input: &str) -> Result<Tournament, i32> {
    let bytes = read_bytes(input)?;
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
    if first == Some(&b'{') {
        return serde_json::from_slice::<Tournament>(&bytes).map_err(|e| {
            eprintln!("error: {input}: not a tournament in the JSON model: {e}");
            exit::INVALID_INPUT
        });
    }
    load_trf(input, &bytes)
}

fn load_trf(input: &str, _bytes: &[u8]) -> Result<Tournament, i32> {
    eprintln!(
        "error: {input}: TRF input needs the TRF reader, not in this build; give the JSON model"
    );
    Err(exit::INVALID_INPUT)
}

/// Write `text` to `-o` or stdout; a broken pipe is not an error.
pub fn emit(output: Option<&std::path::Path>, text: &str) -> i32 {
    match output {
        Some(path) => match std::fs::write(path, text) {
            Ok(()) => exit::OK,
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", path.display());
                exit::FILE_ACCESS
            }
        },
        None => {
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
                Ok(()) => exit::OK,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => exit::OK,
                Err(e) => {
                    eprintln!("error: cannot write output: {e}");
                    exit::FILE_ACCESS
                }
            }
        }
    }
}

pub fn run(args: Args) -> i32 {
    let t = match load(&args.input) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let k_factors: BTreeMap<PlayerId, u32> =
        args.k.iter().map(|&(s, k)| (PlayerId(s), k)).collect();
    for id in k_factors.keys() {
        if t.player(*id).is_none() {
            eprintln!("error: --k names starting rank {id}, which is not in the tournament");
            return exit::INVALID_INPUT;
        }
    }
    let opts = RatingOptions {
        rules: args.rules,
        kind: args.kind,
        k_factors,
    };
    let report = compute(&t, &opts);
    let text = match args.format {
        Format::Text => render::text(&report),
        Format::Csv => render::csv(&report),
        Format::Json => render::json(&report),
        Format::Html => render::html(&report),
    };
    emit(args.output.as_deref(), &text)
}
