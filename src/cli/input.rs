//! Shared input/output helpers: read a path (`-` = stdin) into a Tournament in
//! any supported format, write text to a path or stdout.
//!
//! Each format is a [`Format`] variant with its clap name, an arm in
//! [`read_bytes`] and, if it can be written, [`Format::can_write`]/[`render`].
//! Every reader only reads; [`checked`] runs the consistency checks after it.

use std::io::{Read, Write};

use chess_arbiter::diag::{codes, Diagnostic, Family, Location};
use chess_arbiter::formats::{json, swiss_manager as sm, trf};
use chess_arbiter::model::Tournament;
use chess_arbiter::validate;
use clap::ValueEnum;

use super::exit;

/// File formats known to the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// FIDE TRF, any dialect (input only; the dialect is detected).
    Trf,
    /// TRF16 (output; as input, same as `trf`).
    Trf16,
    /// TRF-2026 (output; as input, same as `trf`).
    Trf26,
    /// TRF16 + JaVaFo extensions XXR XXC XXS XXA XXP (output; as input, same as `trf`).
    Trfx,
    /// TRF16 + bbpPairings extensions BBW..BBU (output; as input, same as `trf`).
    Trfbx,
    /// chess-arbiter JSON (the full model).
    Json,
    /// Swiss-Manager binary tournament file .TUNX/.TURX (input only).
    Tunx,
    /// Swiss-Manager pairing file "Spielerauslosung" (output: one round, see --round).
    SmPairings,
    /// Swiss-Manager player file "Spielerdaten"; as input also `players.txt+pairings.txt`.
    SmPlayers,
    /// Swiss-Manager XML import file (`<Players><Player …/>`).
    SmXml,
}

impl Format {
    /// Whether the format can be written (`trf` alone names no dialect).
    pub fn can_write(self) -> bool {
        !matches!(self, Format::Trf | Format::Tunx)
    }

    fn swiss_manager(self) -> Option<sm::SmFormat> {
        Some(match self {
            Format::Tunx => sm::SmFormat::Tunx,
            Format::SmPairings => sm::SmFormat::Pairings,
            Format::SmPlayers => sm::SmFormat::Players,
            Format::SmXml => sm::SmFormat::Xml,
            _ => return None,
        })
    }

    fn is_trf(self) -> bool {
        matches!(
            self,
            Format::Trf | Format::Trf16 | Format::Trf26 | Format::Trfx | Format::Trfbx
        )
    }
}

/// A tournament read from a file, with what the reader saw.
#[allow(dead_code)] // `source` and `format` serve subcommands beyond convert/validate
pub struct Loaded {
    pub tournament: Tournament,
    pub diagnostics: Vec<Diagnostic>,
    /// TRF dialect (TRF inputs only).
    pub dialect: Option<trf::Dialect>,
    pub source: Option<trf::SourceMap>,
    /// The format actually read.
    pub format: Format,
    /// The name used in messages (`<stdin>` for `-`).
    pub name: String,
}

/// Why an input could not be used, with the exit code to return.
pub struct InputError {
    pub code: i32,
    pub diagnostics: Vec<Diagnostic>,
}

impl InputError {
    fn access(name: &str, e: &std::io::Error) -> InputError {
        InputError {
            code: exit::FILE_ACCESS,
            diagnostics: vec![Diagnostic::error(
                codes::FILE_ACCESS,
                Family::Syntax,
                Location {
                    file: Some(name.to_string()),
                    ..Location::default()
                },
                format!("cannot read the file: {e}"),
            )],
        }
    }
}

fn display_name(path: &str) -> String {
    if path == "-" {
        "<stdin>".to_string()
    } else {
        path.to_string()
    }
}

/// The largest input read, in bytes, unless `ARBITER_MAX_INPUT_BYTES` says
/// otherwise: far above any real tournament file (a 10,000-player TRF is
/// about 2 MB), low enough that junk cannot exhaust memory.
pub const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

/// The input size limit: `ARBITER_MAX_INPUT_BYTES` when set to a number of
/// bytes, else [`MAX_INPUT_BYTES`].
pub fn max_input_bytes() -> u64 {
    std::env::var("ARBITER_MAX_INPUT_BYTES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(MAX_INPUT_BYTES)
}

fn too_large(name: &str, size: u64, limit: u64) -> InputError {
    InputError {
        code: exit::TOO_LARGE,
        diagnostics: vec![Diagnostic::error(
            codes::INPUT_TOO_LARGE,
            Family::Syntax,
            Location {
                file: Some(name.to_string()),
                ..Location::default()
            },
            format!(
                "input too large: expected at most {limit} bytes, found {}{size} (raise the limit with ARBITER_MAX_INPUT_BYTES)",
                if size > limit { "" } else { "more than " }
            ),
        )],
    }
}

/// Read the bytes of `path` (`-` = stdin), refusing (exit 4) an input above
/// [`max_input_bytes`]: a file by its size before reading, stdin as soon as
/// it passes the limit.
pub fn read_path(path: &str) -> Result<Vec<u8>, InputError> {
    let name = display_name(path);
    let limit = max_input_bytes();
    let mut buf = Vec::new();
    let r = if path == "-" {
        std::io::stdin()
            .lock()
            .take(limit.saturating_add(1))
            .read_to_end(&mut buf)
            .map(|_| ())
    } else {
        let f = std::fs::File::open(path).map_err(|e| InputError::access(&name, &e))?;
        let size = f.metadata().map(|m| m.len()).unwrap_or(0);
        if size > limit {
            return Err(too_large(&name, size, limit));
        }
        f.take(limit.saturating_add(1))
            .read_to_end(&mut buf)
            .map(|_| ())
    };
    r.map_err(|e| InputError::access(&name, &e))?;
    if buf.len() as u64 > limit {
        return Err(too_large(&name, limit, limit));
    }
    Ok(buf)
}

/// Guess the format from the file name, then from the first non-blank byte.
pub fn sniff(path: &str, bytes: &[u8]) -> Format {
    let lower = path.to_ascii_lowercase();
    if lower.ends_with(".json") {
        return Format::Json;
    }
    match sm::sniff(bytes) {
        Some(sm::SmFormat::Tunx) => return Format::Tunx,
        Some(sm::SmFormat::Pairings) => return Format::SmPairings,
        Some(sm::SmFormat::Players) => return Format::SmPlayers,
        Some(sm::SmFormat::Xml) => return Format::SmXml,
        Some(sm::SmFormat::Combined) | None => {}
    }
    let first = bytes
        .iter()
        .copied()
        .find(|b| !(b.is_ascii_whitespace() || *b == 0xEF || *b == 0xBB || *b == 0xBF));
    if first == Some(b'{') {
        Format::Json
    } else {
        Format::Trf
    }
}

/// Read `path` (`-` = stdin) as `from` (detected when `None`). A path
/// `players.txt+pairings.txt` that does not exist as such names a Swiss-Manager player
/// file and pairing file read together.
pub fn read_input(
    path: &str,
    from: Option<Format>,
    encoding: Option<trf::Encoding>,
) -> Result<Loaded, InputError> {
    if let Some((a, b)) = path.split_once('+') {
        if path != "-" && !std::path::Path::new(path).exists() {
            let (x, y) = (read_path(a)?, read_path(b)?);
            return with_players(sm_loaded(path, sm::read_combined(&x, &y))?);
        }
    }
    let bytes = read_path(path)?;
    read_bytes(path, &bytes, from, encoding)
}

/// Read already loaded bytes; `path` names them in messages. A file without
/// players is no tournament: refused (exit 3) whatever else it holds.
pub fn read_bytes(
    path: &str,
    bytes: &[u8],
    from: Option<Format>,
    encoding: Option<trf::Encoding>,
) -> Result<Loaded, InputError> {
    with_players(read_any(path, bytes, from, encoding)?)
}

/// `l` unless it has no players: then its diagnostics and one error saying so.
fn with_players(l: Loaded) -> Result<Loaded, InputError> {
    if !l.tournament.players.is_empty() {
        return Ok(l);
    }
    let what = match l.format {
        Format::Json => "a player in \"players\"",
        f if f.is_trf() => "a player record (001)",
        _ => "a player",
    };
    let mut diagnostics = l.diagnostics;
    diagnostics.push(Diagnostic::error(
        codes::UNRECOGNIZED_INPUT,
        Family::Syntax,
        Location {
            file: Some(l.name),
            ..Location::default()
        },
        format!("expected a tournament with at least {what}, found none"),
    ));
    Err(InputError {
        code: exit::INVALID_INPUT,
        diagnostics,
    })
}

fn read_any(
    path: &str,
    bytes: &[u8],
    from: Option<Format>,
    encoding: Option<trf::Encoding>,
) -> Result<Loaded, InputError> {
    let name = display_name(path);
    let format = from.unwrap_or_else(|| sniff(path, bytes));
    if let Some(f) = format.swiss_manager() {
        return sm_loaded(path, sm::read_as(f, bytes));
    }
    if format.is_trf() {
        let opts = trf::ReadOptions {
            encoding,
            file_name: Some(name.clone()),
        };
        return match trf::read(bytes, &opts) {
            Ok(r) => Ok(Loaded {
                diagnostics: checked(r.diagnostics, &r.tournament, &r.source, &name),
                tournament: r.tournament,
                dialect: Some(r.dialect),
                source: Some(r.source),
                format: Format::Trf,
                name,
            }),
            Err(e) => Err(InputError {
                code: exit::INVALID_INPUT,
                diagnostics: e.diagnostics,
            }),
        };
    }
    // JSON
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(_) => {
            return Err(InputError {
                code: exit::INVALID_INPUT,
                diagnostics: vec![Diagnostic::error(
                    codes::INVALID_ENCODING,
                    Family::Syntax,
                    Location {
                        file: Some(name),
                        ..Location::default()
                    },
                    "expected UTF-8 JSON, found invalid bytes",
                )],
            })
        }
    };
    match json::read(text) {
        Ok(t) => {
            // No lines; the points field is still located by its TRF columns.
            let diagnostics = checked(Vec::new(), &t, &chess_arbiter::diag::NoSource, &name);
            Ok(Loaded {
                tournament: t,
                diagnostics,
                dialect: None,
                source: None,
                format: Format::Json,
                name,
            })
        }
        Err(mut d) => {
            d.location.file = Some(name);
            Err(InputError {
                code: exit::INVALID_INPUT,
                diagnostics: vec![*d],
            })
        }
    }
}

/// The reader's diagnostics followed by the consistency checks of
/// [`validate::check`], every one naming the file.
pub fn checked(
    mut diagnostics: Vec<Diagnostic>,
    t: &Tournament,
    source: &dyn chess_arbiter::diag::Locator,
    name: &str,
) -> Vec<Diagnostic> {
    diagnostics.extend(
        validate::check(t, source)
            .into_iter()
            .map(|d| d.in_file(Some(name))),
    );
    diagnostics
}

fn sm_loaded(path: &str, r: Result<sm::SmLoaded, Vec<Diagnostic>>) -> Result<Loaded, InputError> {
    let name = display_name(path);
    let named = |mut d: Diagnostic| {
        d.location.file.get_or_insert_with(|| name.clone());
        d
    };
    match r {
        Ok(l) => Ok(Loaded {
            tournament: l.tournament,
            diagnostics: l.diagnostics.into_iter().map(named).collect(),
            dialect: None,
            source: None,
            format: match l.format {
                sm::SmFormat::Tunx => Format::Tunx,
                sm::SmFormat::Pairings => Format::SmPairings,
                sm::SmFormat::Xml => Format::SmXml,
                sm::SmFormat::Players | sm::SmFormat::Combined => Format::SmPlayers,
            },
            name: name.clone(),
        }),
        Err(d) => Err(InputError {
            code: exit::INVALID_INPUT,
            diagnostics: d.into_iter().map(named).collect(),
        }),
    }
}

/// Render `t` in an output format. Returns the text and conversion warnings.
/// `round` chooses the round of a Swiss-Manager pairing file (default: the last round
/// with data).
pub fn render(
    t: &Tournament,
    to: Format,
    line_end: trf::LineEnd,
    round: Option<u32>,
) -> (String, Vec<Diagnostic>) {
    let target = match to {
        Format::Json => return (json::write(t), Vec::new()),
        Format::SmPairings | Format::SmPlayers | Format::SmXml => {
            use sm::export::{export, Export};
            let what = match to {
                Format::SmPairings => Export::Pairings {
                    round: round.unwrap_or(u32::try_from(t.rounds_recorded()).unwrap_or(u32::MAX)),
                },
                Format::SmPlayers => Export::Players,
                _ => Export::Xml,
            };
            let (bytes, d) = export(t, what);
            return (String::from_utf8_lossy(&bytes).into_owned(), d);
        }
        Format::Tunx => {
            let d = Diagnostic::error(
                codes::UNSUPPORTED,
                Family::Engine,
                Location::default(),
                "expected a writable format, found tunx (read only)",
            );
            return (String::new(), vec![d]);
        }
        Format::Trf | Format::Trf16 => trf::Target::Trf16,
        Format::Trf26 => trf::Target::Trf26,
        Format::Trfx => trf::Target::TrfX,
        Format::Trfbx => trf::Target::TrfBx,
    };
    let w = trf::write(t, &trf::WriteOptions { target, line_end });
    (w.text, w.warnings)
}

/// Write `text` to `path` (`None` or `-` = stdout). A closed pipe is not an error.
pub fn write_output(path: Option<&str>, text: &str) -> Result<(), i32> {
    match path {
        None | Some("-") => {
            let mut out = std::io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                Err(e) => {
                    eprintln!("error: cannot write to stdout: {e}");
                    Err(exit::FILE_ACCESS)
                }
            }
        }
        Some(p) => std::fs::write(p, text.as_bytes()).map_err(|e| {
            eprintln!("error: {p}: cannot write the file: {e}");
            exit::FILE_ACCESS
        }),
    }
}
