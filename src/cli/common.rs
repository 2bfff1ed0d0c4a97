//! What several subcommands share: argument value types and reading an
//! input with its diagnostics on stderr.

use chess_arbiter::diag::{codes, Diagnostic, Family};
use chess_arbiter::formats::trf;
use chess_arbiter::pairing::dutch::DutchEdition;
use clap::ValueEnum;

use super::exit::{self, Failure};
use super::input::{self, InputError, Loaded};

impl From<InputError> for Failure {
    fn from(e: InputError) -> Self {
        Failure::Input {
            code: e.code,
            diagnostics: e.diagnostics,
        }
    }
}

/// Line end for TRF output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum LineEndArg {
    Crlf,
    Lf,
    Cr,
}

impl From<LineEndArg> for trf::LineEnd {
    fn from(e: LineEndArg) -> Self {
        match e {
            LineEndArg::Crlf => trf::LineEnd::CrLf,
            LineEndArg::Lf => trf::LineEnd::Lf,
            LineEndArg::Cr => trf::LineEnd::Cr,
        }
    }
}

/// Text encoding of a TRF input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum EncodingArg {
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    #[value(
        name = "windows-1252",
        alias = "latin-1",
        alias = "latin1",
        alias = "cp1252"
    )]
    Windows1252,
}

impl From<EncodingArg> for trf::Encoding {
    fn from(e: EncodingArg) -> Self {
        match e {
            EncodingArg::Utf8 => trf::Encoding::Utf8,
            EncodingArg::Windows1252 => trf::Encoding::Windows1252,
        }
    }
}

/// The pairing system: an edition of the FIDE Dutch system (C.04.3), or a
/// round robin by the Berger tables (C.05 Annex 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum SystemArg {
    #[value(name = "dutch-2017")]
    Dutch2017,
    #[value(name = "dutch-2025", alias = "dutch-2026")]
    Dutch2025,
    /// Round robin by the Berger tables (cycles from the file when it says).
    #[value(name = "round-robin")]
    RoundRobin,
    /// Double round robin: the table twice, colours reversed in the second cycle.
    #[value(name = "double-round-robin")]
    DoubleRoundRobin,
}

impl SystemArg {
    /// The Dutch edition this names, if it names one.
    pub(crate) fn dutch(self) -> Option<DutchEdition> {
        match self {
            SystemArg::Dutch2017 => Some(DutchEdition::Dutch2017),
            SystemArg::Dutch2025 => Some(DutchEdition::Dutch2025),
            SystemArg::RoundRobin | SystemArg::DoubleRoundRobin => None,
        }
    }

    /// For a round robin: the cycles it forces (`Some(None)`: a round robin,
    /// cycles as the file says).
    pub(crate) fn round_robin(self) -> Option<Option<u32>> {
        match self {
            SystemArg::RoundRobin => Some(None),
            SystemArg::DoubleRoundRobin => Some(Some(2)),
            _ => None,
        }
    }
}

/// The Berger table to use for `t`: forced by `system`, else when the file
/// is a round robin (its type, or its schedule); `None` for a Swiss.
pub(crate) fn round_robin_table(
    t: &chess_arbiter::model::Tournament,
    system: Option<SystemArg>,
) -> Option<chess_arbiter::pairing::round_robin::BergerTable> {
    let forced = match system.map(SystemArg::round_robin) {
        Some(None) => return None, // a Dutch edition was asked for
        Some(Some(c)) => Some(c),
        None => None,
    };
    chess_arbiter::pairing::round_robin::table_for(t, forced)
}

/// Output format of a report for people (text, HTML) or programs (CSV, JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ReportFormat {
    Text,
    Csv,
    Json,
    Html,
}

/// The one gate between reading a file and running an engine on it (`pair`,
/// `check`, `rating`, `report`): prints the reader's and validator's diagnostics
/// on stderr and refuses (exit 3) a file with a syntax error or a contradiction
/// in its players, games or points, as `arbiter validate` reports them (the
/// library's classes: [`Diagnostic::blocks_pairing`]).
pub(crate) fn gate(loaded: Loaded) -> Result<Loaded, Failure> {
    gate_with(loaded, Diagnostic::blocks_pairing)
}

/// `check` on a team event: every recorded round re-paired by C.04.6 (a team
/// Swiss) or compared with its Berger table (a team round robin: its `192`
/// code or `092` type), each round not conform explained.
pub(crate) fn check_team(
    loaded: &Loaded,
    rounds: Option<Vec<u32>>,
    json: bool,
    output: Option<&str>,
) -> Result<exit::Outcome, Failure> {
    use chess_arbiter::pairing::team_swiss::{self, TeamSwissOptions};
    use chess_arbiter::render::team_check;
    let (t, name) = (&loaded.tournament, &loaded.name);
    if t.teams.is_empty() {
        return Err(Failure::Invalid(format!(
            "{name}: a team event without teams: nothing to check (the teams and their rounds are not in the file)"
        )));
    }
    let mut report = match team_swiss::round_robin_cycles(t) {
        Some(cycles) => team_swiss::check_round_robin(t, cycles)
            .map_err(|e| Failure::Invalid(format!("{name}: {e}")))?,
        None => team_swiss::check(t, &TeamSwissOptions::new()),
    };
    let recorded = report.rounds.len();
    if recorded == 0 {
        return Err(Failure::Invalid(format!(
            "{name}: no paired team round in the file; nothing to check ({} teams; `arbiter pair` pairs round 1)",
            t.teams.len()
        )));
    }
    if let Some(rs) = &rounds {
        if let Some(r) = rs.iter().find(|k| **k as usize > recorded) {
            return Err(Failure::Invalid(format!(
                "--rounds: round {r} is not paired in the file (the file has {recorded} paired rounds; `arbiter pair` pairs the next one)"
            )));
        }
        report.rounds.retain(|r| rs.contains(&r.round));
    }
    let hash: String = {
        use sha2::{Digest, Sha256};
        Sha256::digest(&loaded.bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    let text = if json {
        team_check::check_json(&report, Some(&hash))
    } else {
        team_check::check_text(t, &report, Some(&hash))
    };
    input::write_output(output, &text).map_err(Failure::Reported)?;
    Ok(exit::Outcome::found_if(!report.all_conform()))
}

/// [`gate`] for the ranking commands (`standings`, `prizes`): declared points that
/// the results contradict are printed as errors but do not stop the ranking, which
/// counts the results ([`points_used_note`] says so).
pub(crate) fn gate_ranking(loaded: Loaded) -> Result<Loaded, Failure> {
    gate_with(loaded, Diagnostic::blocks_ranking)
}

fn gate_with(loaded: Loaded, blocks: fn(&Diagnostic) -> bool) -> Result<Loaded, Failure> {
    for d in &loaded.diagnostics {
        super::exit::say(d);
    }
    let n = loaded.diagnostics.iter().filter(|d| blocks(d)).count();
    if n > 0 {
        let points = loaded
            .diagnostics
            .iter()
            .any(|d| blocks(d) && d.code == codes::POINTS_MISMATCH);
        let hint = if points {
            "; declared points that the results contradict: correct the points or the results (a bye's result, a round missing from the file), or rank on the results with `arbiter standings`"
        } else {
            ""
        };
        return Err(Failure::Message(
            exit::INVALID_INPUT,
            format!(
                "error: {}: {n} error(s) above make the file unusable; nothing done (`arbiter validate` lists every problem){hint}",
                loaded.name
            ),
        ));
    }
    Ok(loaded)
}

/// When the file's declared points contradict its results (the `points-mismatch`
/// errors [`gate_ranking`] let through): a note naming the file that says which
/// points the ranking counts.
pub(crate) fn points_used_note(loaded: &Loaded) -> Option<Diagnostic> {
    let n = loaded
        .diagnostics
        .iter()
        .filter(|d| d.is_error() && d.code == codes::POINTS_MISMATCH)
        .count();
    (n > 0).then(|| {
        Diagnostic::warning(
            codes::POINTS_MISMATCH,
            Family::Consistency,
            chess_arbiter::diag::Location {
                file: Some(loaded.name.clone()),
                field: Some("points".into()),
                ..Default::default()
            },
            format!(
                "ranked on the points the results give (Pts), not on the points the file declares: {n} player(s) declare other points (the points-mismatch errors)"
            ),
        )
    })
}

/// Read `path` (`-` = stdin, format detected) and pass it through [`gate`].
pub(crate) fn read_reported(path: &str) -> Result<Loaded, Failure> {
    gate(input::read_input(path, None, None)?)
}

/// Read a regulation profile (TOML) as text: a file that cannot be opened is
/// an access failure (exit 5); one that is not UTF-8 is invalid input (exit 3)
/// located by line and column of the first bad byte. A UTF-8 byte-order mark
/// is skipped. Every command that takes `--profile` reads it here, under the
/// same size limit as every input (exit 4 above it, checked before reading).
pub(crate) fn read_profile(path: &std::path::Path) -> Result<String, Failure> {
    let name = path.display();
    let bytes = input::read_path(&path.to_string_lossy()).map_err(|e| {
        if e.code == super::exit::FILE_ACCESS {
            let why = e.diagnostics.first().map_or("", |d| {
                d.message.trim_start_matches("cannot read the file: ")
            });
            Failure::Access(format!("{name}: cannot read the profile: {why}"))
        } else {
            Failure::from(e)
        }
    })?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(s.to_string()),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = 1 + good.iter().filter(|b| **b == b'\n').count();
            let start = good.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
            let col = 1 + String::from_utf8_lossy(&good[start..]).chars().count();
            let byte = bytes.get(e.valid_up_to()).copied().unwrap_or(0);
            Err(Failure::Invalid(format!(
                "{name}, line {line}, col {col}: expected a profile in UTF-8 text, found byte 0x{byte:02X}; save the profile as UTF-8"
            )))
        }
    }
}

/// A standings error that is the profile's (an age category without a
/// reference date) as a failure located in the profile (file, line,
/// columns); any other error as it is.
pub(crate) fn profile_failure(
    e: &chess_arbiter::standings::StandingsError,
    profile: Option<(&str, &str)>,
) -> Failure {
    use chess_arbiter::standings::profile_locate::profile_diagnostic;
    match profile.and_then(|(name, text)| profile_diagnostic(e, text, name)) {
        Some(d) => Failure::Input {
            code: super::exit::INVALID_INPUT,
            diagnostics: vec![d],
        },
        None => Failure::Invalid(e.to_string()),
    }
}

/// `--section KEY`: the one definition of the argument for every command that
/// takes `--profile` (flattened beside it).
#[derive(clap::Args, Debug, Clone, Default)]
pub(crate) struct SectionArg {
    /// A section of the profile (`[sections.KEY]`), e.g. `senior`: its
    /// tie-breaks, categories and prizes instead of the main ones.
    #[arg(long, value_name = "KEY", requires = "profile")]
    pub(crate) section: Option<String>,
}

/// A profile read for a command: its name and text (for located errors),
/// and the profile reduced to the section chosen (its main section is the
/// one asked for, and no other is left, so nothing shows another section's
/// prizes).
pub(crate) struct ProfileRead {
    pub(crate) name: String,
    pub(crate) text: String,
    pub(crate) profile: chess_arbiter::standings::prizes::Profile,
    /// The keys of the profile's sections (`[sections.KEY]`), the chosen one
    /// included.
    pub(crate) keys: Vec<String>,
    /// The section kept (`--section`), `None` for the main one.
    pub(crate) section: Option<String>,
}

/// Where a standings or prize note belongs: a note on a setting the profile
/// gave (the tie-break list, a category) at its line in the profile, every
/// other note in the tournament file `input` (at the line of its fact when it
/// has one).
pub(crate) fn place_note(
    mut n: chess_arbiter::diag::Diagnostic,
    input: &str,
    profile: Option<(&str, &str, Option<&str>)>,
) -> chess_arbiter::diag::Diagnostic {
    use chess_arbiter::standings::profile_locate::setting_location;
    let in_profile = match (&n.location, profile) {
        (l, Some((name, text, section))) if l.file.is_none() && l.line.is_none() => l
            .field
            .as_deref()
            .and_then(|f| setting_location(text, name, section, f)),
        _ => None,
    };
    match in_profile {
        Some(location) => {
            n.location = location;
            n
        }
        None => n.in_file(Some(input)),
    }
}

/// Read the profile at `path` (as [`read_profile`]) and keep the section
/// `section` (`None`: the main one); an unknown key lists the known ones.
pub(crate) fn read_profile_section(
    path: &std::path::Path,
    section: Option<&str>,
) -> Result<ProfileRead, Failure> {
    use chess_arbiter::standings::prizes::Profile;
    let name = path.display().to_string();
    let text = read_profile(path)?;
    let profile = Profile::from_toml(&text, &name).map_err(|diagnostics| Failure::Input {
        code: exit::INVALID_INPUT,
        diagnostics,
    })?;
    let keys = profile.sections.keys().cloned().collect();
    let profile =
        only_section(profile, section).map_err(|e| Failure::Invalid(format!("{name}: {e}")))?;
    Ok(ProfileRead {
        name,
        text,
        profile,
        keys,
        section: section.map(str::to_string),
    })
}

/// `profile` with the section `key` as its main one and no other (`None`:
/// the main one); an unknown key is an error that lists the known ones.
pub(crate) fn only_section(
    mut profile: chess_arbiter::standings::prizes::Profile,
    key: Option<&str>,
) -> Result<chess_arbiter::standings::prizes::Profile, String> {
    if let Some(k) = key {
        match profile.sections.remove(k) {
            Some(s) => profile.main = s,
            None => {
                return Err(format!(
                    "--section: expected a section of the profile ({}), found \"{k}\"",
                    if profile.sections.is_empty() {
                        "none defined".to_string()
                    } else {
                        profile
                            .sections
                            .keys()
                            .cloned()
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                ))
            }
        }
    }
    profile.sections.clear();
    Ok(profile)
}

/// The standings part of a profile: its `[standings]` (read alone, so a
/// profile without prizes reads, its errors located), or with `section` the
/// section's `[sections.KEY.standings]`. Returns it with the profile's name
/// and text.
pub(crate) fn standings_profile(
    path: &std::path::Path,
    section: Option<&str>,
) -> Result<(chess_arbiter::standings::StandingsProfile, String, String), Failure> {
    if section.is_none() {
        let name = path.display().to_string();
        let text = read_profile(path)?;
        let p = chess_arbiter::standings::StandingsProfile::from_toml_in(&text, &name).map_err(
            |d| Failure::Input {
                code: exit::INVALID_INPUT,
                diagnostics: vec![*d],
            },
        )?;
        return Ok((p, name, text));
    }
    let r = read_profile_section(path, section)?;
    Ok((r.profile.main.standings, r.name, r.text))
}

/// Whether `d` is a birth date the reader could not read (a TRF-2026 date
/// shifted one column, a malformed date): an error only where the date is
/// used.
fn unread_birth_date(d: &Diagnostic) -> bool {
    d.is_error() && d.location.field.as_deref() == Some("birth date")
}

/// For a command that does not use birth dates (`pair`, `check`, `standings`
/// without categories by age): a birth date the reader could not read is a
/// warning, which says so, instead of an error that refuses the file. The
/// date is left out of the tournament as the reader left it.
pub(crate) fn birth_dates_unused(mut loaded: Loaded, command: &str) -> Loaded {
    for d in loaded
        .diagnostics
        .iter_mut()
        .filter(|d| unread_birth_date(d))
    {
        d.severity = chess_arbiter::diag::Severity::Warning;
        d.message.push_str(&format!(
            "; `arbiter {command}` does not use birth dates and goes on without it (the rating report and categories by age refuse the file)"
        ));
    }
    loaded
}

/// Whether ranking with these categories needs the players' birth dates
/// (a category by age).
pub(crate) fn categories_by_age(categories: &[chess_arbiter::standings::Category]) -> bool {
    categories.iter().any(|c| {
        c.under.is_some() || c.at_least.is_some() || c.born_from.is_some() || c.born_until.is_some()
    })
}

/// Why `report` and the app write no site for a team event: its rounds are
/// team matches, which the site's pages (individual pairings, standings,
/// rating) do not show; the team standings are `arbiter standings`'.
pub(crate) fn team_site_refused(name: &str) -> String {
    format!(
        "{name}: expected an individual tournament, found a team event: the site of a team event is not written yet; `arbiter standings {name}` ranks the teams (text, CSV, JSON or HTML)"
    )
}
