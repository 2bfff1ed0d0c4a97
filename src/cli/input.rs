//! Shared input/output helpers: read the bytes of a path (`-` = stdin) with the size
//! limit and hand them to the format layer's one entry point
//! ([`chess_arbiter::formats::input`]), which sniffs and reads every format; then
//! the consistency checks. Write text to a path or stdout.
//!
//! Each format is a [`Format`] variant with its clap name (for `--from`/`--to`);
//! writable ones have an arm in [`render`].

use std::io::{Read, Write};

use chess_arbiter::diag::{codes, Diagnostic, Family, Location};
use chess_arbiter::formats::input::{self, InputFormat, InputOptions};
use chess_arbiter::formats::{json, swiss_manager as sm, trf};
use chess_arbiter::model::Tournament;
use chess_arbiter::validate;
use clap::ValueEnum;

use super::exit;

/// File formats known to the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
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
    /// Vega's cross table or sorted pairing list (input only; which one is detected).
    Vega,
}

impl Format {
    /// The input format `--from` names (`None`: sniffed).
    fn input(self) -> Option<InputFormat> {
        Some(match self {
            Format::Trf | Format::Trf16 | Format::Trf26 | Format::Trfx | Format::Trfbx => {
                InputFormat::Trf
            }
            Format::Json => InputFormat::Json,
            Format::Tunx => InputFormat::Tunx,
            Format::SmPairings => InputFormat::SmPairings,
            Format::SmPlayers => InputFormat::SmPlayers,
            Format::SmXml => InputFormat::SmXml,
            Format::Vega => return None,
        })
    }
}

/// A tournament read from a file, with what the reader saw.
pub(crate) struct Loaded {
    pub(crate) tournament: Tournament,
    /// The reader's diagnostics, then the consistency checks'.
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// TRF dialect (TRF inputs only).
    pub(crate) dialect: Option<trf::Dialect>,
    /// Where the records are (lines of a TRF, byte offsets of a binary file).
    pub(crate) source: input::Source,
    /// The format actually read.
    pub(crate) format: InputFormat,
    /// The name used in messages (`<stdin>` for `-`).
    pub(crate) name: String,
    /// The bytes read (both files, one after the other, for `a+b`).
    pub(crate) bytes: Vec<u8>,
}

/// Why an input could not be used, with the exit code to return.
pub(crate) struct InputError {
    pub(crate) code: i32,
    pub(crate) diagnostics: Vec<Diagnostic>,
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

    /// Exit 4 when the input was refused for its size (too many players),
    /// else 3.
    fn invalid(diagnostics: Vec<Diagnostic>) -> InputError {
        let too_large = diagnostics.iter().any(|d| d.code == codes::INPUT_TOO_LARGE);
        InputError {
            code: if too_large {
                exit::TOO_LARGE
            } else {
                exit::INVALID_INPUT
            },
            diagnostics,
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
pub(crate) const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

/// The input size limit: `ARBITER_MAX_INPUT_BYTES` when set to a number of
/// bytes, else [`MAX_INPUT_BYTES`].
pub(crate) fn max_input_bytes() -> u64 {
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
pub(crate) fn read_path(path: &str) -> Result<Vec<u8>, InputError> {
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
        // The whole file in one allocation (the size is within the limit;
        // one byte more lets the read find the end without growing).
        buf.reserve_exact(usize::try_from(size).unwrap_or(0).saturating_add(1));
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

impl Loaded {
    /// What the pairing warnings need to locate themselves in this input: its
    /// name and the locator the reader built (the one `validate` uses), so each
    /// warning names the file and line of the fact (a TRF line and columns, a
    /// Swiss-Manager player row or board row and its file, a `.TUNX` record's
    /// byte offset, a JSON path).
    pub(crate) fn facts(&self) -> chess_arbiter::pairing::check::FileFacts<'_> {
        chess_arbiter::pairing::check::FileFacts::new(Some(&self.name), &self.source)
    }
}

/// Read `path` (`-` = stdin) as `from` (sniffed from the content when `None`) through
/// the format layer's one entry point, then run the consistency checks. A path
/// `players.txt+pairings.txt` that does not exist as such names a Swiss-Manager player
/// file and pairing file read together.
pub(crate) fn read_input(
    path: &str,
    from: Option<Format>,
    encoding: Option<trf::Encoding>,
) -> Result<Loaded, InputError> {
    let name = display_name(path);
    if let Some((file, section)) = event_path(path) {
        return read_event(file, section, &name);
    }
    let opts = InputOptions::new()
        .format(from.and_then(Format::input))
        .encoding(encoding)
        .file_name(name.clone());
    let (read, bytes) = match path.split_once('+') {
        Some((a, b)) if path != "-" && !std::path::Path::new(path).exists() => {
            let (mut x, y) = (read_path(a)?, read_path(b)?);
            let r = input::read_pair(&x, &y, &opts);
            x.extend(y);
            (r, x)
        }
        _ => {
            let x = read_path(path)?;
            (input::read(&x, &opts), x)
        }
    };
    loaded(read, bytes, name)
}

/// An event file named by `path`, alone or as `EVENT#SECTION` (one of its
/// sections; the first without one): the file's path and the section, when
/// the file begins as a SQLite database does.
fn event_path(path: &str) -> Option<(&str, Option<&str>)> {
    if path == "-" {
        return None;
    }
    let (file, section) = match path.rsplit_once('#') {
        Some((f, s)) if !std::path::Path::new(path).exists() => (f, Some(s)),
        _ => (path, None),
    };
    let mut head = [0u8; 16];
    let mut f = std::fs::File::open(file).ok()?;
    f.read_exact(&mut head).ok()?;
    chess_arbiter::event::is_sqlite(&head).then_some((file, section))
}

/// A section of an event file (its published rounds) as an input like any
/// other: the consistency checks run on it as on a file.
fn read_event(file: &str, section: Option<&str>, name: &str) -> Result<Loaded, InputError> {
    use chess_arbiter::event::{Event, EventError};
    let fail = |e: EventError| {
        let code = match e {
            EventError::Access { .. } | EventError::Busy { .. } => exit::FILE_ACCESS,
            _ => exit::INVALID_INPUT,
        };
        let message = e.to_string();
        let message = message.trim_start_matches(file).trim_start_matches(": ");
        InputError {
            code,
            diagnostics: vec![event_diagnostic(name, Family::Syntax, message.to_string())],
        }
    };
    let event = Event::open(std::path::Path::new(file)).map_err(fail)?;
    let mut t = event.tournament(section).map_err(fail)?;
    t.mark_round_robin_free_rounds();
    let source = input::Source::None;
    Ok(Loaded {
        diagnostics: checked(Vec::new(), &t, &source, name),
        tournament: t,
        dialect: None,
        source,
        format: InputFormat::EventFile,
        name: name.to_string(),
        bytes: std::fs::read(file).unwrap_or_default(),
    })
}

/// Whether an event file's state is what its log adds up to (the log
/// replayed into a copy and compared table by table, after SQLite's own
/// integrity check): an error diagnostic for each difference.
pub(crate) fn event_soundness(path: &str) -> Result<Vec<Diagnostic>, InputError> {
    let Some((file, _)) = event_path(path) else {
        return Ok(Vec::new());
    };
    let fail = |e: chess_arbiter::event::EventError| InputError {
        code: exit::INVALID_INPUT,
        diagnostics: vec![event_diagnostic(file, Family::Consistency, e.to_string())],
    };
    let event = chess_arbiter::event::Event::open(std::path::Path::new(file)).map_err(fail)?;
    Ok(event
        .verify()
        .map_err(fail)?
        .into_iter()
        .map(|d| {
            event_diagnostic(
                file,
                Family::Consistency,
                format!("the event's state is not what its log adds up to: {d}"),
            )
        })
        .collect())
}

/// An error about an event file as a whole (no line to name).
fn event_diagnostic(file: &str, family: Family, message: String) -> Diagnostic {
    Diagnostic::error(
        codes::UNRECOGNIZED_INPUT,
        family,
        Location {
            file: Some(file.to_string()),
            ..Location::default()
        },
        message,
    )
}

/// Read bytes already in memory (an upload) named `name`, as [`read_input`] reads a file.
pub(crate) fn read_bytes(
    name: &str,
    bytes: &[u8],
    from: Option<Format>,
    encoding: Option<trf::Encoding>,
) -> Result<Loaded, InputError> {
    let opts = InputOptions::new()
        .format(from.and_then(Format::input))
        .encoding(encoding)
        .file_name(name.to_string());
    loaded(input::read(bytes, &opts), bytes.to_vec(), name.to_string())
}

fn loaded(
    read: Result<input::Input, Vec<Diagnostic>>,
    bytes: Vec<u8>,
    name: String,
) -> Result<Loaded, InputError> {
    let mut i = read
        .map_err(|d| vega_standings(d, &bytes, &name))
        .map_err(InputError::invalid)?;
    // An odd round robin's free round is no bye (readers write it as one):
    // marked once here, for every command and the app.
    i.tournament.mark_round_robin_free_rounds();
    Ok(Loaded {
        diagnostics: checked(i.diagnostics, &i.tournament, &i.source, &name),
        tournament: i.tournament,
        dialect: i.dialect,
        source: i.source,
        format: i.format,
        name,
        bytes,
    })
}

/// A file that could not be read and is Vega's standings export: said so,
/// with what to give instead, in place of the TRF reader's "expected TRF
/// records" (#32).
fn vega_standings(diagnostics: Vec<Diagnostic>, bytes: &[u8], name: &str) -> Vec<Diagnostic> {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]);
    let Some(line) = chess_arbiter::formats::vega::standings_export_line(&head) else {
        return diagnostics;
    };
    vec![Diagnostic::error(
        codes::UNRECOGNIZED_INPUT,
        Family::Syntax,
        Location {
            file: Some(name.to_string()),
            line: Some(line),
            ..Location::default()
        },
        "expected a tournament file, found Vega's standings export (\"Standings at round N\": ranks and tie-breaks, not the games), which arbiter does not read; give Vega's cross table (\"Cross Table at round N\"), its pairing list sorted by name, or a TRF exported from Vega",
    )]
}

/// The reader's diagnostics followed by the consistency checks of
/// [`validate::check`], every one naming the file.
fn checked(
    mut diagnostics: Vec<Diagnostic>,
    t: &Tournament,
    source: &input::Source,
    name: &str,
) -> Vec<Diagnostic> {
    diagnostics.extend(
        validate::check(t, source)
            .into_iter()
            .map(|d| d.in_file(Some(name))),
    );
    diagnostics
}

/// Render `t` in an output format. Returns the text and conversion warnings, or why
/// nothing can be written (a read-only format, a round the file does not have).
/// `round` chooses the round of a Swiss-Manager pairing file (default: the last round
/// with data).
pub(crate) fn render(
    t: &Tournament,
    to: Format,
    line_end: trf::LineEnd,
    round: Option<u32>,
) -> Result<(String, Vec<Diagnostic>), String> {
    let target = match to {
        Format::Json => return Ok((json::write(t), Vec::new())),
        Format::SmPairings | Format::SmPlayers | Format::SmXml => {
            use sm::export::{export, Export};
            let what = match to {
                Format::SmPairings => {
                    let recorded = t.rounds_recorded() as u32;
                    let r = round.unwrap_or(recorded);
                    if recorded == 0 {
                        return Err("--to sm-pairings: expected a round to write, found a tournament without rounds".into());
                    }
                    if r == 0 || r > recorded {
                        return Err(format!(
                            "--round: expected a round from 1 to {recorded} (the rounds with data in the file), found {r}"
                        ));
                    }
                    Export::Pairings { round: r }
                }
                Format::SmPlayers => Export::Players,
                _ => Export::Xml,
            };
            // Each file is read back and compared, so every field it drops is named.
            let (bytes, d) = export(t, what);
            return Ok((String::from_utf8_lossy(&bytes).into_owned(), d));
        }
        Format::Trf => {
            return Err("--to trf is ambiguous; choose trf16, trf26, trfx or trfbx".into())
        }
        Format::Tunx => return Err(
            "--to tunx: cannot write Swiss-Manager's binary tournament file (read only); write trf16 (Swiss-Manager imports it), sm-players, sm-pairings or sm-xml".into(),
        ),
        Format::Vega => return Err(
            "--to vega: cannot write Vega's exports (read only); write trf16 or trf26 (Vega imports TRF)".into(),
        ),
        Format::Trf16 => trf::Target::Trf16,
        Format::Trf26 => trf::Target::Trf26,
        Format::Trfx => trf::Target::TrfX,
        Format::Trfbx => trf::Target::TrfBx,
    };
    // The engine dialects leave a round with games still to be played out, to be
    // paired again (bbpPairings refuses a game without result; formats::trf::pending).
    let engine = matches!(target, trf::Target::TrfX | trf::Target::TrfBx)
        .then(|| {
            let name = if target == trf::Target::TrfX {
                "TRF(x)"
            } else {
                "TRF(bx)"
            };
            trf::pending::for_engines(t, name)
        })
        .flatten();
    let (t, mut warnings) = match &engine {
        Some((e, d)) => (e, vec![d.clone()]),
        None => {
            let name = if target == trf::Target::Trf16 {
                "TRF16"
            } else {
                "TRF-2026"
            };
            (
                t,
                trf::pending::blank_result_note(t, name)
                    .into_iter()
                    .collect(),
            )
        }
    };
    let w = trf::write(
        t,
        &trf::WriteOptions::new().target(target).line_end(line_end),
    );
    warnings.extend(w.warnings);
    Ok((w.text, warnings))
}

/// Write `text` to `path` (`None` or `-` = stdout). A closed pipe is not an error.
pub(crate) fn write_output(path: Option<&str>, text: &str) -> Result<(), i32> {
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
