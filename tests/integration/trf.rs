//! TRF reading, writing, conversion and validation over committed fixtures
//! (tests/fixtures/trf, origins in its README) and, opt-in, the shared samples
//! and corpus (`ARBITER_SAMPLES`, `ARBITER_CORPUS`).

use std::path::{Path, PathBuf};

use chess_arbiter::diag::Diagnostic;
use chess_arbiter::formats::json;
use chess_arbiter::formats::trf::{self, Producer, ReadOptions, Target, Version, WriteOptions};
use chess_arbiter::model::{
    ByeKind, Color, Outcome, Player, PlayerId, Points, RoundEntry, Tournament,
};

use crate::scratch::Scratch;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/trf")
}

/// Read as the command line does: the reader's diagnostics, then the
/// consistency checks located by its source map.
fn read_checked(bytes: &[u8], opts: &ReadOptions) -> Result<trf::TrfRead, trf::ReadError> {
    let mut r = trf::read(bytes, opts)?;
    let file = opts.file_name.as_deref();
    r.diagnostics.extend(
        chess_arbiter::validate::check(&r.tournament, &r.source)
            .into_iter()
            .map(|d| d.in_file(file)),
    );
    Ok(r)
}

fn read_file(p: &Path) -> trf::TrfRead {
    let bytes = std::fs::read(p).unwrap();
    read_checked(&bytes, &ReadOptions::default()).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn errors(d: &[Diagnostic]) -> Vec<String> {
    d.iter()
        .filter(|d| d.is_error())
        .map(|d| d.to_string())
        .collect()
}

fn trf_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|it| {
            it.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| {
                    matches!(
                        p.extension().and_then(|e| e.to_str()),
                        Some("trf" | "tab" | "input")
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Everything a conversion must keep: every player, game and result.
fn assert_same_games(a: &Tournament, b: &Tournament, what: &str) {
    assert_eq!(a.players.len(), b.players.len(), "{what}: player count");
    for (p, q) in a.players.iter().zip(&b.players) {
        assert_eq!(p.id, q.id, "{what}: player order");
        assert_eq!(p.name, q.name, "{what}: player {}", p.id);
        assert_eq!(p.rating, q.rating, "{what}: player {}", p.id);
        assert_eq!(p.points, q.points, "{what}: player {}", p.id);
        assert_eq!(p.rounds, q.rounds, "{what}: rounds of player {}", p.id);
    }
    assert_eq!(a.scoring, b.scoring, "{what}: scoring");
}

fn convert_round_trips(t: &Tournament, name: &str) {
    for target in [Target::Trf16, Target::Trf26, Target::TrfX, Target::TrfBx] {
        let w = trf::write(t, &WriteOptions::new().target(target));
        let back = read_checked(w.text.as_bytes(), &ReadOptions::default())
            .unwrap_or_else(|e| panic!("{name} {target:?}: {e}"));
        if target != Target::Trf16 || t.scoring.is_standard() {
            assert_same_games(t, &back.tournament, &format!("{name} via {target:?}"));
        }
        // Writing what was read gives the same text again (canonical form is stable).
        let again = trf::write(&back.tournament, &WriteOptions::new().target(target));
        assert_eq!(w.text, again.text, "{name} via {target:?}: not stable");
    }
    let j = json::write(t);
    let back = json::read(&j).unwrap();
    assert_eq!(&back, t, "{name} via json");
}

/// Hand-checked facts about each committed fixture.
#[test]
fn committed_fixtures_read_as_expected() {
    // (file, players, rounds recorded, version, producer, javafo, bbp)
    type Expect = (
        &'static str,
        usize,
        usize,
        Version,
        Option<Producer>,
        bool,
        bool,
    );
    let expect: &[Expect] = &[
        (
            "bbp-v6-dutch_2025_C5.trf",
            6,
            // Rounds played: the last column holds only the pre-set byes of
            // the round to pair (issue 32: not a played round).
            2,
            Version::Trf16,
            None,
            true,
            false,
        ),
        (
            "corpus-dutch2017-n007-r07-s8000179.trf",
            7,
            7,
            Version::Trf16,
            Some(Producer::BbpPairings),
            false,
            true,
        ),
        (
            "corpus-dutch2025-n008-r07-s7000167.trf",
            8,
            7,
            Version::Trf26,
            Some(Producer::BbpPairings),
            false,
            false,
        ),
        (
            "corpus-dutch2025-n023-r04-s7000002.trf",
            23,
            4,
            Version::Trf16,
            Some(Producer::BbpPairings),
            false,
            false,
        ),
        (
            "fide-example1.trf",
            284,
            7,
            Version::Trf06,
            None,
            false,
            false,
        ),
        (
            "icu-armstrong-2012-utf8-bom.tab",
            2,
            1,
            Version::Trf16,
            Some(Producer::SwissManager),
            false,
            false,
        ),
        (
            "icu-irish-intermediate-2011-latin1-crlf.tab",
            21,
            5,
            Version::Trf16,
            None,
            false,
            false,
        ),
        ("icu-latin-1.tab", 3, 3, Version::Trf16, None, false, false),
        (
            "javafo-trfx-sample2.trf",
            52,
            // The pre-set byes of round 5, the round to pair, are no played round.
            4,
            Version::Trf16,
            None,
            true,
            false,
        ),
        (
            "lichess-swiss-FaLp5fSD.trf",
            13,
            10,
            Version::Trf16,
            Some(Producer::Lichess),
            true,
            false,
        ),
        (
            "lichess-swiss-sniu3bgA.trf",
            9,
            5,
            Version::Trf16,
            Some(Producer::Lichess),
            true,
            false,
        ),
        (
            "madrid-san-viator-2018.trf",
            137,
            7,
            Version::Trf16,
            None,
            false,
            false,
        ),
        (
            "sm-accents.trf",
            9,
            2,
            Version::Trf26,
            Some(Producer::SwissManager),
            false,
            false,
        ),
        (
            "sm-round3_paired.trf",
            9,
            3,
            Version::Trf26,
            Some(Producer::SwissManager),
            false,
            false,
        ),
        (
            "tiebreak-held_swiss_5.trf",
            16,
            5,
            Version::Trf16,
            None,
            true,
            false,
        ),
        (
            "tiebreak-swiss_with_many_unplayed_rounds.trf",
            15,
            7,
            Version::Trf16,
            Some(Producer::SwissManager),
            false,
            false,
        ),
        (
            "trf26-team-grandmommys-cup.trf",
            249,
            14,
            Version::Trf26,
            None,
            false,
            false,
        ),
        (
            "vega-accents_bytepad_imported.trf",
            9,
            2,
            Version::Trf16,
            Some(Producer::Vega),
            true,
            false,
        ),
        (
            "vega-engine26_round1.trf",
            16,
            0,
            Version::Trf26,
            None,
            false,
            false,
        ),
    ];
    let files = trf_files(&fixtures());
    assert_eq!(
        files.len(),
        expect.len(),
        "every fixture has an expectation"
    );
    let mut failures = Vec::new();
    for (name, players, rounds, version, producer, javafo, bbp) in expect {
        let r = read_file(&fixtures().join(name));
        let got = (
            r.tournament.players.len(),
            r.tournament.rounds_recorded(),
            r.dialect.version,
            r.dialect.producer,
            r.dialect.javafo,
            r.dialect.bbp,
        );
        if got != (*players, *rounds, *version, *producer, *javafo, *bbp) {
            failures.push(format!("{name}: got {got:?}"));
        }
        let errs = errors(&r.diagnostics);
        let known: &[&str] = match *name {
            // Truly inconsistent: a `0000 -  ` (blank result = Z, 0 points) counted as 0.5.
            "icu-irish-intermediate-2011-latin1-crlf.tab" => &[
                "error: line 29, cols 81-84 (points): player 15 declares 2.0 points, but the results add up to 1.5",
            ],
            _ => &[],
        };
        if errs != known {
            failures.push(format!("{name}: {errs:#?}"));
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn committed_fixtures_convert_and_back() {
    for f in trf_files(&fixtures()) {
        let r = read_file(&f);
        convert_round_trips(&r.tournament, &f.display().to_string());
    }
}

#[test]
fn latin1_and_utf8_give_the_same_names() {
    let r = read_file(&fixtures().join("icu-latin-1.tab"));
    assert_eq!(r.dialect.encoding, trf::Encoding::Windows1252);
    assert_eq!(r.tournament.info.name, "Läs Végas National Opeñ");
    let bom = read_file(&fixtures().join("icu-armstrong-2012-utf8-bom.tab"));
    assert!(bom.dialect.bom);
    assert_eq!(
        bom.tournament.info.name,
        "Leinster Chess Union Div 1 Armstrong Cup 2011 - 2012"
    );
}

#[test]
fn javafo_sample_keeps_the_preset_round_five() {
    let r = read_file(&fixtures().join("javafo-trfx-sample2.trf"));
    let t = &r.tournament;
    assert_eq!(t.total_rounds, Some(9));
    // Round 5 holds only pre-set entries (0000 - Z / H), not games.
    let fifth: Vec<RoundEntry> = t.players.iter().map(|p| p.round(5)).collect();
    assert!(fifth.iter().all(|e| matches!(
        e,
        RoundEntry::Bye {
            bye: ByeKind::Zero | ByeKind::Half
        } | RoundEntry::NotPaired
    )));
    assert!(fifth.contains(&RoundEntry::Bye { bye: ByeKind::Half }));
}

#[test]
fn swiss_manager_open_round_is_pending() {
    let r = read_file(&fixtures().join("sm-round3_paired.trf"));
    let t = &r.tournament;
    assert_eq!(t.total_rounds, Some(5));
    assert_eq!(t.info.players_declared, "9 (9)");
    let p1 = t.player(PlayerId(1)).unwrap();
    assert_eq!(p1.name, "Baumann,Lukas");
    assert_eq!(
        p1.round(3),
        RoundEntry::Pending {
            opponent: PlayerId(3),
            color: Some(Color::White)
        }
    );
    assert_eq!(
        t.player(PlayerId(6)).unwrap().round(3),
        RoundEntry::Bye {
            bye: ByeKind::PairingAllocated
        }
    );
    assert_eq!(
        t.player(PlayerId(4)).unwrap().round(1),
        RoundEntry::Forfeit {
            opponent: PlayerId(8),
            color: Some(Color::White),
            won: true
        }
    );
}

#[test]
fn vega_byte_padding_reads_like_character_padding() {
    let r = read_file(&fixtures().join("vega-accents_bytepad_imported.trf"));
    assert!(r.dialect.byte_padded);
    let p3 = r.tournament.player(PlayerId(3)).unwrap();
    assert_eq!(p3.name, "Dubois, Élise");
    assert_eq!(p3.rating, Some(2098));
    assert_eq!(
        p3.round(2),
        RoundEntry::Played {
            opponent: PlayerId(6),
            color: Color::White,
            outcome: Outcome::Win,
            short: false
        }
    );
}

#[test]
fn trf26_team_file_keeps_teams_and_records() {
    let r = read_file(&fixtures().join("trf26-team-grandmommys-cup.trf"));
    let t = &r.tournament;
    assert_eq!(t.teams.len(), 50);
    assert!(t.teams.iter().all(|x| x.number.is_some()));
    assert_eq!(t.total_rounds, Some(14));
    assert_eq!(
        t.players
            .iter()
            .map(|p| p.national_ratings.len())
            .sum::<usize>(),
        15
    );
    assert!(t.extra_records.iter().any(|e| e.code == "801"));
    let w = trf::write(t, &WriteOptions::new().target(Target::Trf26));
    assert!(w.warnings.is_empty(), "{:?}", w.warnings);
}

/// Issue #31: the TRF-2026 team records (`310 352 362 240 300 320 330`) read
/// into the model and are written back: the canonical writing of the TEC
/// sample is committed and reproduced byte for byte, writing it again gives
/// the same bytes, and it holds every line of the sample (line ends, trailing
/// blanks, blank lines and record order aside) except the default `162`.
#[test]
fn trf26_team_sample_round_trips_its_team_records() {
    let r = read_file(&fixtures().join("trf26-team-grandmommys-cup.trf"));
    assert!(
        r.diagnostics
            .iter()
            .all(|d| d.severity != chess_arbiter::diag::Severity::Error),
        "{:#?}",
        r.diagnostics
    );
    let t = &r.tournament;
    let rec = &t.team_records;
    assert_eq!(rec.board_colours.len(), 4);
    assert_eq!(rec.byes.len(), 18, "240 records");
    assert_eq!(rec.lineups.len(), 141, "300 records");
    assert_eq!(rec.forfeits.len(), 22, "330 records");
    let pab = rec.pab.as_ref().expect("320");
    assert_eq!(pab.teams.iter().flatten().count(), 8);
    assert_eq!(t.teams[10].nickname, "IND2");
    assert_eq!(t.teams[0].match_points, Some(Points::tenths(150)));
    assert_eq!(t.teams[0].game_points, Some(Points::tenths(280)));
    assert_eq!(t.teams[0].rank, Some(11));
    assert!(!t
        .extra_records
        .iter()
        .any(|e| ["240", "300", "310", "320", "330", "352", "362"].contains(&e.code.as_str())));
    let opts = WriteOptions::new().target(Target::Trf26);
    let w = trf::write(t, &opts);
    assert!(w.warnings.is_empty(), "{:?}", w.warnings);
    let canonical_path = fixtures().join("team/trf26-team-grandmommys-cup.canonical.trf");
    let canonical = std::fs::read_to_string(&canonical_path).unwrap();
    assert_eq!(w.text, canonical, "the canonical writing, byte for byte");
    let again = read_checked(canonical.as_bytes(), &ReadOptions::default()).unwrap();
    assert_eq!(again.tournament.teams, t.teams);
    assert_eq!(again.tournament.team_records, t.team_records);
    assert_eq!(trf::write(&again.tournament, &opts).text, canonical);
    let norm = |s: &str| {
        let mut v: Vec<String> = s
            .lines()
            .map(|l| l.trim_end_matches(['\r', ' ', '\t']).to_string())
            .filter(|l| !l.is_empty())
            .collect();
        v.sort();
        v
    };
    let sample =
        std::fs::read_to_string(fixtures().join("trf26-team-grandmommys-cup.trf")).unwrap();
    let mut expected = norm(&sample);
    expected.retain(|l| !l.starts_with("162 "));
    assert_eq!(norm(&canonical), expected);
}

/// #18: Swiss-Manager's team absences `0000 - -` (a board player whose team
/// played without them) are read as zero-point byes, not as blank rounds.
#[test]
fn trf26_team_absences_are_zero_point_byes() {
    let r = read_file(&fixtures().join("trf26-team-grandmommys-cup.trf"));
    let t = &r.tournament;
    let z = RoundEntry::Bye { bye: ByeKind::Zero };
    // 001 2: round 6 `0000 - -`; 001 3: rounds 1 and 3
    assert_eq!(t.players[1].rounds[5], z);
    assert_eq!(t.players[2].rounds[0], z);
    assert_eq!(t.players[2].rounds[2], z);
    let absent = t
        .players
        .iter()
        .flat_map(|p| &p.rounds)
        .filter(|e| **e == z)
        .count();
    assert_eq!(absent, 1328, "every `0000 - -` of the file");
    assert!(!t
        .players
        .iter()
        .flat_map(|p| &p.rounds)
        .any(|e| *e == RoundEntry::NotPaired));
}

#[test]
fn fide_example_trf06_byes() {
    let r = read_file(&fixtures().join("fide-example1.trf"));
    assert_eq!(r.dialect.version, Version::Trf06);
    assert_eq!(
        r.tournament
            .info
            .start_date
            .map(|d| d.to_string())
            .as_deref(),
        Some("2005-07-28")
    );
}

#[test]
fn open_2023_sample_is_canonical_and_clean() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/open-2023.trf");
    let bytes = std::fs::read(&path).unwrap();
    let r = read_checked(&bytes, &ReadOptions::default()).unwrap();
    assert!(r.diagnostics.is_empty(), "{:#?}", r.diagnostics);
    let t = &r.tournament;
    assert_eq!(t.total_rounds, Some(9));
    assert!(t.players.len() >= 115 && t.players.len() <= 125);
    assert_eq!(r.dialect.version, Version::Trf26);
    let w = trf::write(t, &WriteOptions::new().target(Target::Trf26));
    assert_eq!(w.text.as_bytes(), &bytes[..], "byte for byte");
    let kinds = |f: &dyn Fn(&RoundEntry) -> bool| {
        t.players
            .iter()
            .flat_map(|p| &p.rounds)
            .filter(|e| f(e))
            .count()
    };
    assert!(kinds(&|e| matches!(e, RoundEntry::Forfeit { .. })) >= 2);
    assert!(kinds(&|e| matches!(e, RoundEntry::Bye { bye: ByeKind::Half })) >= 3);
    // A withdrawal: paired, then not paired in every later round.
    assert!(
        t.players.iter().any(|p| p.round(5).opponent().is_some()
            && (6..=9).all(|r| p.round(r) == RoundEntry::NotPaired)),
        "a withdrawal"
    );
    assert!(
        t.players
            .iter()
            .any(|p| p.round(1) == RoundEntry::Bye { bye: ByeKind::Zero }),
        "a late entry"
    );
}

fn diagnostics_text(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    let opts =
        ReadOptions::new().file_name(path.file_name().map(|n| n.to_string_lossy().into_owned()));
    match read_checked(&bytes, &opts) {
        Ok(r) => r.diagnostics.iter().map(|d| format!("{d}\n")).collect(),
        Err(e) => format!("unreadable:\n{e}\n"),
    }
}

#[test]
fn invalid_fixtures_give_located_messages() {
    let dir = fixtures().join("invalid");
    let files = trf_files(&dir);
    assert!(files.len() >= 15);
    for f in files {
        let name = f.file_stem().unwrap().to_string_lossy().into_owned();
        let text = diagnostics_text(&f);
        assert!(!text.is_empty(), "{name} gives no diagnostic");
        insta::assert_snapshot!(format!("invalid-{name}"), text);
    }
}

/// Each invalid fixture gives diagnostics with stable codes, in order: the
/// reader's (a bad rating is `trf-field-syntax`), then the consistency
/// checks' (an asymmetric game is `game-asymmetric`).
#[test]
fn invalid_fixtures_give_stable_codes() {
    let expected: &[(&str, &[&str])] = &[
        ("asymmetric-colour", &["game-asymmetric"]),
        ("asymmetric-game", &["game-asymmetric"]),
        (
            "bad-colour",
            &["trf-field-syntax", "game-asymmetric", "points-mismatch"],
        ),
        ("bad-header-values", &["trf-field-syntax"; 3]),
        ("bad-rating", &["trf-field-syntax"; 2]),
        (
            "bad-result-code",
            &["trf-field-syntax", "game-asymmetric", "points-mismatch"],
        ),
        ("bad-start-rank", &["trf-field-syntax", "unknown-opponent"]),
        ("born-after-start", &["birth-date"]),
        (
            "bye-with-opponent",
            &["trf-field-syntax", "game-asymmetric", "points-mismatch"],
        ),
        ("duplicate-fide-id", &["fide-id-duplicate"]),
        (
            "duplicate-start-rank",
            &["starting-rank-duplicate", "fide-id-duplicate"],
        ),
        ("end-before-start", &["dates-inconsistent"]),
        ("header-counts", &["count-mismatch"; 2]),
        (
            "misaligned-round-block",
            &["trf-field-syntax", "game-asymmetric", "points-mismatch"],
        ),
        ("no-records", &["unrecognized-input"]),
        ("paired-twice", &["game-asymmetric", "paired-twice"]),
        (
            "played-without-colour",
            &["trf-field-syntax", "game-asymmetric", "points-mismatch"],
        ),
        ("points-mismatch", &["points-mismatch"]),
        ("record-code-without-blank", &["trf-field-syntax"]),
        (
            "result-without-opponent",
            // The unreadable entry is the file's only game: no round is
            // recorded, so its points cannot be checked (issue 32).
            &["trf-field-syntax", "points-without-games"],
        ),
        ("unknown-opponent", &["unknown-opponent"]),
    ];
    let dir = fixtures().join("invalid");
    let files = trf_files(&dir);
    assert_eq!(
        files.len(),
        expected.len(),
        "a new fixture needs its codes here"
    );
    for f in files {
        let name = f.file_stem().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&f).unwrap();
        let diags = match read_checked(&bytes, &ReadOptions::default()) {
            Ok(r) => r.diagnostics,
            Err(e) => e.diagnostics,
        };
        let got: Vec<&str> = diags.iter().map(|d| d.code.as_str()).collect();
        let want = expected
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, c)| c.to_vec())
            .unwrap_or_else(|| panic!("{name}: no expected codes"));
        assert_eq!(got, want, "{name}: {diags:#?}");
    }
}

/// One kind of problem, one code, whichever checker finds it: declared
/// points that the results contradict are `points-mismatch` for the
/// validator, the rating-report check and the pairing check's warnings.
#[test]
fn points_mismatch_has_one_code_everywhere() {
    let r = read_file(&fixtures().join("invalid/points-mismatch.trf"));
    let t = &r.tournament;
    let code = chess_arbiter::diag::codes::POINTS_MISMATCH;
    assert!(r.diagnostics.iter().any(|d| d.code == code));
    let report = chess_arbiter::rating::report_check::check_report(t, &r.source);
    assert!(report
        .iter()
        .any(|p| p.diagnostic.code == code && p.check.code() == code));
    assert!(chess_arbiter::pairing::check::warnings::points_warnings(t)
        .iter()
        .all(|d| d.code == code));
    assert!(!chess_arbiter::pairing::check::warnings::points_warnings(t).is_empty());
}

/// Opt-in: every TRF under $ARBITER_SAMPLES and $ARBITER_CORPUS reads without
/// error-level diagnostics and converts back and forth.
#[test]
#[ignore = "needs ARBITER_SAMPLES=../shared/samples and/or ARBITER_CORPUS=../shared/corpus"]
fn shared_samples_and_corpus() {
    assert!(
        std::env::var_os("ARBITER_SAMPLES").is_some()
            || std::env::var_os("ARBITER_CORPUS").is_some(),
        "set ARBITER_SAMPLES and/or ARBITER_CORPUS to the shared material to run this test"
    );
    let mut dirs = Vec::new();
    if let Ok(s) = std::env::var("ARBITER_SAMPLES") {
        for sub in ["trf", "swiss-manager", "vega", "tiebreak", "bbp-cases"] {
            dirs.push(Path::new(&s).join(sub));
        }
    }
    if let Ok(c) = std::env::var("ARBITER_CORPUS") {
        dirs.push(Path::new(&c).join("dutch2025"));
        dirs.push(Path::new(&c).join("dutch2017"));
    }
    let mut failures = Vec::new();
    for d in dirs {
        for f in trf_files(&d) {
            let bytes = std::fs::read(&f).unwrap();
            match read_checked(&bytes, &ReadOptions::default()) {
                Err(e) => failures.push(format!("{}: unreadable: {e}", f.display())),
                Ok(r) => {
                    let errs = errors(&r.diagnostics);
                    // Known-bad samples: deliberately malformed lines; a blank-result
                    // bye counted as 0.5 (see committed_fixtures_read_as_expected);
                    // two birth dates shifted one column to the right, an error
                    // since #18 (see pair::trf26_team_small_pairs_its_team_and_warns_of_its_shifted_birth_dates).
                    let known_bad = [
                        "trfx-malformed-sample.trf",
                        "icu-irish-intermediate-2011-latin1-crlf.tab",
                        "trf26-team-small.trf",
                    ];
                    if !errs.is_empty() && !known_bad.iter().any(|k| f.ends_with(k)) {
                        failures.push(format!("{}: {errs:#?}", f.display()));
                    }
                    // What a malformed line lost, a conversion cannot keep.
                    if !known_bad.iter().any(|k| f.ends_with(k)) {
                        convert_round_trips(&r.tournament, &f.display().to_string());
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn cli_validate_and_convert() {
    let exe = env!("CARGO_BIN_EXE_arbiter");
    let run = |args: &[&str]| {
        let o = std::process::Command::new(exe).args(args).output().unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let fx = fixtures();
    let sm = fx.join("sm-round3_paired.trf");
    let (code, out, _) = run(&["validate", sm.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}");
    insta::assert_snapshot!(
        "cli-validate-sm-round3",
        out.replace(fx.to_str().unwrap(), "FIXTURES")
    );
    let bad = fx.join("invalid/asymmetric-game.trf");
    let (code, _, _) = run(&["validate", bad.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    let (code, _, _) = run(&[
        "validate",
        fx.join("invalid/no-records.trf").to_str().unwrap(),
    ]);
    assert_eq!(code, Some(3));
    let (code, _, _) = run(&["validate", "/nonexistent/file.trf"]);
    assert_eq!(code, Some(5));
    let (code, json_text, _) = run(&["convert", sm.to_str().unwrap(), "--to", "json"]);
    assert_eq!(code, Some(0));
    assert!(json_text.contains("\"format\": \"chess-arbiter-tournament\""));
    let dir = Scratch::new("trf-test");
    let tmp = dir.join("round-trip.json");
    std::fs::write(&tmp, &json_text).unwrap();
    let (code, trf_text, err) = run(&[
        "convert",
        tmp.to_str().unwrap(),
        "--to",
        "trf26",
        "--line-end",
        "lf",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(trf_text.starts_with("012 Seebach M0 Spike\n"));
}

mod props {
    use super::*;
    use proptest::prelude::*;

    fn entry(n: u32) -> impl Strategy<Value = RoundEntry> {
        let opp = 1..=n;
        prop_oneof![
            (opp.clone(), any::<bool>(), 0..3u8, any::<bool>()).prop_map(|(o, w, r, short)| {
                RoundEntry::Played {
                    opponent: PlayerId(o),
                    color: if w { Color::White } else { Color::Black },
                    outcome: [Outcome::Win, Outcome::Draw, Outcome::Loss][r as usize],
                    short,
                }
            }),
            (opp.clone(), prop::option::of(any::<bool>()), any::<bool>()).prop_map(
                |(o, c, won)| RoundEntry::Forfeit {
                    opponent: PlayerId(o),
                    color: c.map(|w| if w { Color::White } else { Color::Black }),
                    won,
                }
            ),
            (opp, prop::option::of(any::<bool>())).prop_map(|(o, c)| RoundEntry::Pending {
                opponent: PlayerId(o),
                color: c.map(|w| if w { Color::White } else { Color::Black }),
            }),
            prop_oneof![
                Just(ByeKind::PairingAllocated),
                Just(ByeKind::Half),
                Just(ByeKind::Full),
                Just(ByeKind::Zero)
            ]
            .prop_map(|bye| RoundEntry::Bye { bye }),
            Just(RoundEntry::NotPaired),
        ]
    }

    fn player(id: u32, n: u32) -> impl Strategy<Value = Player> {
        (
            "[A-Za-zÀ-ÿ][A-Za-z ,.'À-ÿ-]{0,30}[A-Za-z]",
            prop::option::of(1000u16..2900),
            prop::option::of(0i32..999),
            prop::collection::vec(entry(n), 0..8),
            prop::option::of(1u32..500),
        )
            .prop_map(move |(name, rating, pts, rounds, rank)| Player {
                id: PlayerId(id),
                name,
                rating,
                // The writer fills missing points of a player with rounds
                // (tested in `missing_points_are_written_from_results`), so only
                // players without rounds may lack them here (and not before
                // round 1: see `tournament`).
                points: pts
                    .map(Points)
                    .or_else(|| (!rounds.is_empty()).then_some(Points(0))),
                rounds,
                rank,
                ..Default::default()
            })
    }

    fn tournament() -> impl Strategy<Value = Tournament> {
        (1u32..12).prop_flat_map(|n| {
            let players: Vec<_> = (1..=n).map(|i| player(i, n)).collect();
            ("[A-Za-z][A-Za-z0-9 ]{0,20}[A-Za-z]", players).prop_map(|(name, mut players)| {
                // Before round 1 the writer fills 0.0 for everyone (bbpPairings
                // needs the column), so such an event has its points here.
                if players.iter().all(|p| p.rounds.is_empty()) {
                    for p in &mut players {
                        p.points.get_or_insert(Points(0));
                    }
                }
                Tournament {
                    info: chess_arbiter::model::TournamentInfo {
                        name,
                        ..Default::default()
                    },
                    players,
                    ..Default::default()
                }
            })
        })
    }

    use chess_arbiter::model::{
        Acceleration, BirthDate, ForbiddenPairs, PointSystem, Sex, Title, TournamentInfo,
    };

    type Details = (
        Option<Sex>,
        Option<Title>,
        Option<String>,
        Option<String>,
        Option<BirthDate>,
    );

    fn details() -> impl Strategy<Value = Details> {
        (
            prop::option::of(prop_oneof![Just(Sex::Male), Just(Sex::Female)]),
            prop::option::of(prop_oneof![
                Just(Title::GM),
                Just(Title::WIM),
                Just(Title::CM),
                Just(Title::Other("g".into()))
            ]),
            prop::option::of("[A-Z]{3}"),
            prop::option::of("[1-9][0-9]{0,9}"),
            prop::option::of(
                (
                    1900i32..2020,
                    prop::option::of((1u32..=12, prop::option::of(1u32..=28))),
                )
                    .prop_map(|(year, md)| BirthDate {
                        year,
                        month: md.map(|x| x.0),
                        day: md.and_then(|x| x.1),
                    }),
            ),
        )
    }

    /// A tournament using what TRF-2026 can carry beyond TRF16.
    fn tournament26() -> impl Strategy<Value = Tournament> {
        (
            tournament(),
            prop::collection::vec(details(), 12),
            (prop::option::of(1u32..30), prop::option::of(any::<bool>())),
            (1i32..40, 0i32..20, 0i32..5, 0i32..5, 0i32..40, 0i32..20),
            (
                prop::collection::vec(prop::collection::vec(0i32..20, 0..6), 0..4),
                prop::option::of((1u32..5, 5u32..9)),
            ),
            (2000i32..2060, 1u32..=12, 1u32..=28, 0i64..30),
            ("[A-Z_]{0,12}", prop::collection::vec("[A-Z]{2,5}", 0..4)),
        )
            .prop_map(
                |(
                    mut t,
                    det,
                    (rounds, white),
                    (w, d, l, a, p, x),
                    (acc, forbid),
                    (y, m, dd, len),
                    (sys, tbs),
                )| {
                    for (pl, (sex, title, fed, fid, birth)) in t.players.iter_mut().zip(det) {
                        pl.sex = sex;
                        pl.title = title;
                        pl.federation = fed;
                        pl.fide_id = fid;
                        pl.birth = birth;
                    }
                    t.total_rounds = rounds;
                    t.initial_color = white.map(|w| if w { Color::White } else { Color::Black });
                    let (w, d, l, a, p, x) = (
                        Points(w),
                        Points(d),
                        Points(l),
                        Points(a),
                        Points(p),
                        Points(x),
                    );
                    t.scoring = PointSystem {
                        win: w,
                        forfeit_win: w,
                        full_bye: w,
                        draw: d,
                        half_bye: d,
                        loss: l,
                        zero_bye: a,
                        forfeit_loss: a,
                        pairing_bye: p,
                        unknown: x,
                    };
                    let n = t.players.len() as u32;
                    t.accelerations = acc
                        .into_iter()
                        .enumerate()
                        .filter(|(i, _)| (*i as u32) < n)
                        .map(|(i, mut pts)| {
                            while pts.last() == Some(&0) {
                                pts.pop();
                            }
                            Acceleration {
                                player: PlayerId(i as u32 + 1),
                                points: pts.into_iter().map(Points).collect(),
                            }
                        })
                        .filter(|a| !a.points.is_empty())
                        .collect();
                    if let Some((f, l)) = forbid {
                        if n >= 2 {
                            t.forbidden_pairs = vec![ForbiddenPairs {
                                first_round: Some(f),
                                last_round: Some(l),
                                players: vec![PlayerId(1), PlayerId(n)],
                            }];
                        }
                    }
                    let start = chrono::NaiveDate::from_ymd_opt(y, m, dd);
                    t.info = TournamentInfo {
                        name: t.info.name.clone(),
                        city: "Somewhere".into(),
                        start_date: start,
                        end_date: start
                            .and_then(|s| s.checked_add_signed(chrono::Duration::days(len))),
                        deputy_arbiters: vec!["A, B".into(), "C, D".into()],
                        round_dates: vec![start, None, start],
                        system_code: sys,
                        ..Default::default()
                    };
                    t.tiebreaks = tbs;
                    t
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        #[test]
        fn random_trf26_tournaments_round_trip(t in tournament26()) {
            let w = trf::write(&t, &WriteOptions::new().target(Target::Trf26));
            prop_assert!(w.warnings.is_empty(), "{:?}", w.warnings);
            let back = trf::read(w.text.as_bytes(), &ReadOptions::default()).unwrap();
            prop_assert!(errors(&back.diagnostics).is_empty(), "{:?}", back.diagnostics);
            prop_assert_eq!(&back.tournament, &t);
            let again = trf::write(&back.tournament, &WriteOptions::new().target(Target::Trf26));
            prop_assert_eq!(&again.text, &w.text);
            let j = json::read(&json::write(&t)).unwrap();
            prop_assert_eq!(&j, &t);
        }

        #[test]
        fn random_tournaments_round_trip(t in tournament()) {
            for target in [Target::Trf16, Target::Trf26] {
                let w = trf::write(&t, &WriteOptions::new().target(target));
                prop_assert!(w.warnings.is_empty(), "{:?}", w.warnings);
                let back = trf::read(w.text.as_bytes(), &ReadOptions::default()).unwrap();
                prop_assert!(errors(&back.diagnostics).is_empty(), "{:?}", back.diagnostics);
                prop_assert_eq!(&back.tournament, &t);
            }
            let j = json::read(&json::write(&t)).unwrap();
            prop_assert_eq!(&j, &t);
        }

        #[test]
        fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
            let _ = read_checked(&bytes, &ReadOptions::default());
        }

        #[test]
        fn mutated_files_never_panic(
            edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..12),
            cut in any::<prop::sample::Index>(),
        ) {
            let mut bytes = std::fs::read(fixtures().join("sm-round3_paired.trf")).unwrap();
            for (i, b) in edits {
                let at = i.index(bytes.len());
                bytes[at] = b;
            }
            let keep = cut.index(bytes.len() + 1);
            bytes.truncate(keep.max(bytes.len() / 2));
            if let Ok(r) = read_checked(&bytes, &ReadOptions::default()) {
                let w = trf::write(&r.tournament, &WriteOptions::default());
                let _ = read_checked(w.text.as_bytes(), &ReadOptions::default());
            }
        }
    }
}

#[test]
fn missing_points_are_written_from_results() {
    use chess_arbiter::formats::trf::{self, ReadOptions, WriteOptions};
    use chess_arbiter::model::{Color, Outcome, Player, PlayerId, RoundEntry, Tournament};
    let game = |opponent, color, outcome| RoundEntry::Played {
        opponent: PlayerId(opponent),
        color,
        outcome,
        short: false,
    };
    let t = Tournament {
        players: vec![
            Player {
                id: PlayerId(1),
                name: "A, B".into(),
                rounds: vec![game(2, Color::White, Outcome::Draw)],
                ..Default::default()
            },
            Player {
                id: PlayerId(2),
                name: "C, D".into(),
                rounds: vec![game(1, Color::Black, Outcome::Draw)],
                ..Default::default()
            },
        ],
        ..Default::default()
    };
    let w = trf::write(&t, &WriteOptions::default());
    assert_eq!(w.warnings.len(), 1, "{:?}", w.warnings);
    assert!(w.warnings[0]
        .message
        .contains("written as the sum of the results"));
    let back = trf::read(w.text.as_bytes(), &ReadOptions::default()).unwrap();
    let pts: Vec<_> = back.tournament.players.iter().map(|p| p.points).collect();
    assert_eq!(pts, vec![Some(chess_arbiter::model::Points(5)); 2]);
}
