//! Every team file reads, converts, ranks and checks (issue #31): the team
//! files of `../shared/samples` (copied into `tests/fixtures`: the TEC
//! TRF-2026 team sample, the small TRF-2026 team example, Swiss-Manager's
//! team round robin `cro_1386026.TUNX`) and a team `.TUNX` built from the
//! layout of its team sections (`tunx_team`), each through `convert` (to
//! TRF-2026 and to JSON, both read back to the same team standings),
//! `standings`, `check` and `pair`.
//!
//! `cro_1386026.TUNX` holds no team: its team (`B5`), team pairing (`C3`),
//! player (`A5`) and board (`B3`) sections are four bytes each (the marker
//! alone), the configuration says 0 teams, and its 150 schedule entries are
//! blank. It was saved before any team was entered; there is nothing more to
//! decode, and `check`/`pair` say so.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chess_arbiter::formats::input::{self, InputOptions};
use chess_arbiter::formats::{json, trf};
use chess_arbiter::model::Tournament;
use chess_arbiter::standings::team::{self, TeamStandings};

use crate::scratch::Scratch;

/// What each command is expected to say about a file.
struct Expect {
    /// Path under `tests/fixtures` (or in the scratch folder for the built file).
    file: &'static str,
    teams: usize,
    /// Team rounds recorded.
    rounds: usize,
    /// `convert`: exit code (1: errors in the input, output written anyway).
    convert: i32,
    /// `check`: exit code and a text its stdout (exit 0/1) or stderr (exit 3) holds.
    check: (i32, &'static str),
    /// `pair`: exit code and a text its stdout or stderr holds.
    pair: (i32, &'static str),
}

const FILES: [Expect; 4] = [
    Expect {
        file: "trf/trf26-team-grandmommys-cup.trf",
        teams: 50,
        rounds: 14,
        convert: 0,
        check: (1, "system: C.04.6 (team event, 50 teams)"),
        pair: (
            3,
            "expected a round from 1 to 14 (the event's rounds), found 15",
        ),
    },
    Expect {
        file: "pair/trf26-team-small.trf",
        teams: 1,
        rounds: 1,
        // the shared sample's birth dates run into column 80 (an error
        // `validate` reports); the output is written anyway
        convert: 1,
        check: (
            3,
            "no paired team round in the file; nothing to check (1 teams",
        ),
        pair: (0, "Russia (1): pairing-allocated bye"),
    },
    Expect {
        file: "tunx/cro_1386026.TUNX",
        teams: 0,
        rounds: 0,
        convert: 0,
        check: (3, "a team event without teams: nothing to check"),
        pair: (3, "a team event without teams: nothing to pair"),
    },
    Expect {
        file: "built_team_rr.TUNX",
        teams: 5,
        rounds: 5,
        convert: 0,
        check: (0, "round 5: conform"),
        pair: (3, "every round of the Berger table (5 rounds) is paired"),
    },
];

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn read_any(bytes: &[u8]) -> Tournament {
    input::read(bytes, &InputOptions::default())
        .map_err(|d| format!("{d:?}"))
        .unwrap()
        .tournament
}

/// The file's own list: MP, GP and every tie-break, for comparing two reads.
fn ranked(t: &Tournament) -> TeamStandings {
    let tbs: Vec<team::TeamTieBreak> = t
        .tiebreaks
        .iter()
        .map(|c| team::TeamTieBreak::parse(c).unwrap())
        .collect();
    team::compute(t, &tbs, None)
}

/// The four commands on every team file, with real content each time.
#[test]
fn every_team_file_reads_converts_ranks_and_checks() {
    let scratch = Scratch::new("team-files");
    std::fs::write(
        scratch.join("built_team_rr.TUNX"),
        super::tunx_team::build(&super::tunx_team::event()),
    )
    .unwrap();
    for e in &FILES {
        let path = if e.file.contains('/') {
            fixtures().join(e.file)
        } else {
            scratch.join(e.file)
        };
        let (dir, name) = (path.parent().unwrap(), path.file_name().unwrap());
        let name = name.to_str().unwrap();
        let original = read_any(&std::fs::read(&path).unwrap());
        assert!(original.is_team_event(), "{name}");
        assert_eq!(original.teams.len(), e.teams, "{name}");
        let ours = ranked(&original);
        assert_eq!(ours.rows.len(), e.teams, "{name}");
        assert_eq!(ours.rounds, e.rounds, "{name}");

        // convert: TRF-2026 keeps every team and reads back to the same ranking
        let o = run(dir, &["convert", name, "--to", "trf26"]);
        assert_eq!(
            o.status.code(),
            Some(e.convert),
            "{name}: {}",
            text(&o.stderr)
        );
        let out = text(&o.stdout);
        assert_eq!(
            out.lines().filter(|l| l.starts_with("310 ")).count(),
            e.teams,
            "{name}"
        );
        let back = trf::read(out.as_bytes(), &trf::ReadOptions::default())
            .unwrap()
            .tournament;
        assert_eq!(ranked(&back).rows, ours.rows, "{name}: TRF-2026 round trip");
        // convert: JSON carries the teams and their records losslessly
        let o = run(dir, &["convert", name, "--to", "json"]);
        assert_eq!(
            o.status.code(),
            Some(e.convert),
            "{name}: {}",
            text(&o.stderr)
        );
        let back = json::read(&text(&o.stdout)).unwrap();
        assert_eq!(back.teams, original.teams, "{name}: JSON teams");
        assert_eq!(
            back.team_records, original.team_records,
            "{name}: JSON records"
        );
        assert_eq!(ranked(&back).rows, ours.rows, "{name}: JSON round trip");

        // standings: one line per team, its name and match points
        let o = run(dir, &["standings", name]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", text(&o.stderr));
        let out = text(&o.stdout);
        assert!(
            out.starts_with(&format!("Team standings after round {}", e.rounds)),
            "{name}: {out}"
        );
        for r in &ours.rows {
            let line = out
                .lines()
                .find(|l| l.contains(&format!(" {}  {}", r.team.0, r.name)))
                .unwrap_or_else(|| panic!("{name}: team {} not listed: {out}", r.team.0));
            assert!(
                line.contains(&format!(" {} ", r.match_points)),
                "{name}: {line}"
            );
        }

        // check and pair: a verdict, or exactly why there is none
        for (cmd, (code, says)) in [("check", e.check), ("pair", e.pair)] {
            let o = run(dir, &[cmd, name]);
            assert_eq!(
                o.status.code(),
                Some(code),
                "{name} {cmd}: {}",
                text(&o.stderr)
            );
            let shown = if code == 3 {
                text(&o.stderr)
            } else {
                text(&o.stdout)
            };
            assert!(shown.contains(says), "{name} {cmd}: {shown}");
        }
        if e.check.0 != 3 {
            let out = text(&run(dir, &["check", name]).stdout);
            for r in 1..=e.rounds {
                assert!(
                    out.contains(&format!("\nround {r}: ")),
                    "{name}: round {r}: {out}"
                );
            }
        }
    }
}
