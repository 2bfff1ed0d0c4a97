//! Rating changes, the rating-report checks and the FIDE submission model.

use chess_arbiter::formats::trf::SourceMap;
use chess_arbiter::model::{
    BirthDate, ByeKind, Color, Outcome, Player, PlayerId, Points, RoundEntry, Sex, Title,
    Tournament, TournamentInfo,
};
use chess_arbiter::rating::report_check::check_report;
use chess_arbiter::rating::submission::{prepare, Target};
use chess_arbiter::rating::{compute, Kind, RatingOptions, RatingRules};
use chess_arbiter::render::rating as render;
use chrono::NaiveDate;

use crate::scratch::Scratch;

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn played(opponent: u32, color: Color, outcome: Outcome) -> RoundEntry {
    RoundEntry::Played {
        opponent: PlayerId(opponent),
        color,
        outcome,
        short: false,
    }
}

/// A clean 4-player round robin with every field a rating officer wants.
fn clean_event() -> Tournament {
    use Color::*;
    use Outcome::*;
    let rows: [(&str, u16, &str, [RoundEntry; 3]); 4] = [
        (
            "Alpha, Anna",
            2000,
            "4600011",
            [
                played(4, White, Win),
                played(3, Black, Draw),
                played(2, White, Win),
            ],
        ),
        (
            "Bravo, Ben",
            1900,
            "4600022",
            [
                played(3, Black, Draw),
                played(4, White, Win),
                played(1, Black, Loss),
            ],
        ),
        (
            "Charlie, Chris",
            1800,
            "4600033",
            [
                played(2, White, Draw),
                played(1, White, Draw),
                played(4, Black, Win),
            ],
        ),
        (
            "Delta, Dora",
            1700,
            "4600044",
            [
                played(1, Black, Loss),
                played(2, Black, Loss),
                played(3, White, Loss),
            ],
        ),
    ];
    let ranks = [1, 3, 2, 4];
    let players = rows
        .iter()
        .enumerate()
        .map(|(i, (name, rating, id, rounds))| {
            let mut p = Player {
                id: PlayerId(i as u32 + 1),
                name: name.to_string(),
                rating: Some(*rating),
                fide_id: Some(id.to_string()),
                federation: Some("GER".into()),
                sex: Some(if i % 2 == 0 { Sex::Female } else { Sex::Male }),
                birth: Some(BirthDate {
                    year: 1990,
                    month: Some(5),
                    day: Some(1 + i as u32),
                }),
                rank: Some(ranks[i]),
                rounds: rounds.to_vec(),
                ..Default::default()
            };
            p.points = Some(
                p.rounds
                    .iter()
                    .filter_map(|e| e.points(&Default::default()))
                    .sum(),
            );
            p
        })
        .collect();
    Tournament {
        info: TournamentInfo {
            name: "Test Open".into(),
            city: "Berlin".into(),
            federation: "GER".into(),
            start_date: Some(date(2024, 6, 1)),
            end_date: Some(date(2024, 6, 3)),
            tournament_type: "Round robin".into(),
            chief_arbiter: "IA Smith, John (12345678)".into(),
            time_control: "90 min + 30 sec".into(),
            encoded_time_control: "5400+30".into(),
            round_dates: vec![
                Some(date(2024, 6, 1)),
                Some(date(2024, 6, 2)),
                Some(date(2024, 6, 3)),
            ],
            ..Default::default()
        },
        total_rounds: Some(3),
        players,
        ..Default::default()
    }
}

fn lines() -> SourceMap {
    let mut l = SourceMap::default();
    for (code, line) in [
        ("012", 1),
        ("022", 2),
        ("032", 3),
        ("042", 4),
        ("052", 5),
        ("092", 6),
        ("102", 7),
        ("112", 8),
        ("122", 9),
        ("222", 10),
        ("132", 11),
    ] {
        l.header_lines.insert(code.to_string(), line);
    }
    for i in 1..=4 {
        l.player_lines.insert(PlayerId(i), 11 + i as usize);
    }
    l
}

fn problems(t: &Tournament) -> String {
    check_report(t, &lines())
        .into_iter()
        .map(|p| format!("{} {}", p.check.code(), p.into_diagnostic()))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn clean_event_has_no_problems() {
    assert_eq!(problems(&clean_event()), "");
}

type Mutation = Box<dyn Fn(&mut Tournament)>;

/// One case per problem: the clean event with one thing broken.
fn cases() -> Vec<(&'static str, Mutation)> {
    vec![
        (
            "header_missing",
            Box::new(|t| {
                t.info.city.clear();
                t.info.tournament_type.clear();
            }),
        ),
        (
            "federation_code",
            Box::new(|t| {
                t.info.federation = "DEU".into();
                t.players[1].federation = Some("ger".into());
                t.players[2].federation = None;
            }),
        ),
        (
            "chief_arbiter_missing",
            Box::new(|t| t.info.chief_arbiter.clear()),
        ),
        (
            "arbiter_without_fide_id",
            Box::new(|t| {
                t.info.chief_arbiter = "IA Smith, John".into();
                t.info.deputy_arbiters = vec!["Jones, Jo".into()];
            }),
        ),
        (
            "date_missing",
            Box::new(|t| {
                t.info.start_date = None;
                t.info.end_date = None;
            }),
        ),
        (
            "dates_inconsistent",
            Box::new(|t| {
                t.info.end_date = Some(date(2024, 5, 30));
                t.info.round_dates[2] = Some(date(2024, 5, 31));
            }),
        ),
        (
            "round_date_missing",
            Box::new(|t| t.info.round_dates.truncate(1)),
        ),
        (
            "rate_of_play",
            Box::new(|t| {
                t.info.encoded_time_control = "3600+0".into();
            }),
        ),
        (
            "rate_of_play_free_text",
            Box::new(|t| {
                t.info.encoded_time_control.clear();
                t.info.time_control = "60 min + 30 sec".into();
                t.players[0].rating = Some(2450);
            }),
        ),
        (
            "time_control_unknown",
            Box::new(|t| {
                t.info.encoded_time_control.clear();
                t.info.time_control.clear();
            }),
        ),
        (
            "fide_id_missing",
            Box::new(|t| {
                t.players[0].fide_id = None;
                t.players[1].fide_id = Some(String::new());
                t.players[1].sex = None;
            }),
        ),
        (
            "fide_id_malformed",
            Box::new(|t| t.players[2].fide_id = Some("46OOO33".into())),
        ),
        (
            "fide_id_duplicate",
            Box::new(|t| t.players[3].fide_id = Some("4600011".into())),
        ),
        (
            "birth_date",
            Box::new(|t| {
                t.players[0].birth = None;
                t.players[1].birth = Some(BirthDate {
                    year: 2025,
                    month: Some(1),
                    day: Some(1),
                });
                t.players[2].fide_id = None;
                t.players[2].birth = Some(BirthDate {
                    year: 2010,
                    month: None,
                    day: None,
                });
            }),
        ),
        ("sex", Box::new(|t| t.players[3].sex = None)),
        (
            "title",
            Box::new(|t| {
                t.players[0].title = Some(Title::from_code("XM"));
                t.players[1].title = Some(Title::GM);
            }),
        ),
        (
            "name",
            Box::new(|t| {
                t.players[0].name = "Müller, Jürgen".into();
                t.players[1].name = "Иванов, Иван".into();
                t.players[2].name = "Charlie Chris".into();
            }),
        ),
        ("rank_missing", Box::new(|t| t.players[1].rank = None)),
        (
            "points_mismatch",
            Box::new(|t| {
                t.players[0].points = Some(Points(30));
                t.players[1].points = None;
            }),
        ),
        (
            "full_bye_for_pairing_bye",
            Box::new(|t| {
                for p in &mut t.players {
                    p.rounds.push(RoundEntry::NotPaired);
                    p.points = None;
                }
                t.info.round_dates.push(Some(date(2024, 6, 3)));
                t.players[0].rounds[3] = played(2, Color::White, Outcome::Win);
                t.players[1].rounds[3] = played(1, Color::Black, Outcome::Loss);
                t.players[2].rounds[3] = RoundEntry::Bye { bye: ByeKind::Full };
                t.players[3].rounds[3] = RoundEntry::Bye { bye: ByeKind::Zero };
                for p in &mut t.players {
                    p.points = Some(
                        p.rounds
                            .iter()
                            .filter_map(|e| e.points(&Default::default()))
                            .sum(),
                    );
                }
            }),
        ),
        (
            "more_pairing_byes",
            Box::new(|t| {
                for p in &mut t.players {
                    p.rounds.push(RoundEntry::Bye {
                        bye: ByeKind::PairingAllocated,
                    });
                }
                t.info.round_dates.push(Some(date(2024, 6, 3)));
                for p in &mut t.players {
                    p.points = Some(
                        p.rounds
                            .iter()
                            .filter_map(|e| e.points(&Default::default()))
                            .sum(),
                    );
                }
            }),
        ),
        (
            "game_asymmetric",
            Box::new(|t| {
                t.players[0].rounds[0] = played(4, Color::White, Outcome::Win);
                t.players[3].rounds[0] = RoundEntry::Forfeit {
                    opponent: PlayerId(1),
                    color: Some(Color::Black),
                    won: false,
                };
                t.players[1].rounds[1] = played(4, Color::Black, Outcome::Win);
            }),
        ),
        (
            "result_missing",
            Box::new(|t| {
                t.players[0].rounds[2] = RoundEntry::Unknown {
                    opponent: PlayerId(2),
                    color: Color::White,
                };
                t.players[1].rounds[2] = RoundEntry::Unknown {
                    opponent: PlayerId(1),
                    color: Color::Black,
                };
                for p in &mut t.players {
                    p.points = Some(
                        p.rounds
                            .iter()
                            .filter_map(|e| e.points(&Default::default()))
                            .sum(),
                    );
                }
            }),
        ),
        (
            "round_without_rated_game",
            Box::new(|t| {
                for (i, p) in t.players.iter_mut().enumerate() {
                    p.rounds[2] = RoundEntry::Forfeit {
                        opponent: PlayerId([2, 1, 4, 3][i]),
                        color: None,
                        won: i % 2 == 0,
                    };
                    p.points = Some(
                        p.rounds
                            .iter()
                            .filter_map(|e| e.points(&Default::default()))
                            .sum(),
                    );
                }
            }),
        ),
        (
            "no_rated_game",
            Box::new(|t| {
                for p in &mut t.players {
                    p.rounds.truncate(1);
                }
                t.players[0].rounds[0] = RoundEntry::Forfeit {
                    opponent: PlayerId(4),
                    color: Some(Color::White),
                    won: true,
                };
                t.players[3].rounds[0] = RoundEntry::Forfeit {
                    opponent: PlayerId(1),
                    color: Some(Color::Black),
                    won: false,
                };
                t.info.round_dates.truncate(1);
                for p in &mut t.players {
                    p.points = Some(
                        p.rounds
                            .iter()
                            .filter_map(|e| e.points(&Default::default()))
                            .sum(),
                    );
                }
            }),
        ),
        (
            "unrated_no_rating",
            Box::new(|t| {
                t.players[3].rating = None;
                t.players[2].rating = None;
            }),
        ),
    ]
}

/// The check a case is named after (`rate_of_play_free_text` -> `rate-of-play`).
fn reports_its_check(name: &str, problems: &[chess_arbiter::rating::Problem]) -> bool {
    let dashed = name.replace('_', "-");
    problems
        .iter()
        .any(|p| dashed.starts_with(p.check.code().as_str()))
}

#[test]
fn every_check_has_a_fixture() {
    for (name, mutate) in cases() {
        let mut t = clean_event();
        mutate(&mut t);
        assert!(
            reports_its_check(name, &check_report(&t, &SourceMap::default())),
            "{name}"
        );
        insta::assert_snapshot!(format!("check_{name}"), problems(&t));
    }
}

fn fixture_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/rating")
        .join(format!("{name}.trf"))
}

/// Writes `tests/fixtures/rating/<case>.trf` from the cases above
/// (TRF-2026, which carries the encoded time control `222`; CRLF). Run with
/// `cargo test --test integration regenerate -- --ignored`. Not a check: the
/// committed `points_mismatch.trf` differs from what its case writes, so the
/// README's opt-in command (`--include-ignored`) skips this one.
#[test]
#[ignore = "rewrites tests/fixtures/rating: run on purpose"]
fn regenerate_check_fixtures() {
    use chess_arbiter::formats::trf;
    for (name, mutate) in
        std::iter::once(("clean", Box::new(|_: &mut Tournament| {}) as Mutation)).chain(cases())
    {
        let mut t = clean_event();
        mutate(&mut t);
        let w = trf::write(&t, &trf::WriteOptions::new().target(trf::Target::Trf26));
        std::fs::write(fixture_path(name), w.text).unwrap();
    }
}

/// Every problem read back from its TRF fixture, located by the source map.
#[test]
fn every_check_fixture_file_reads_and_reports() {
    use chess_arbiter::formats::trf;
    for (name, _) in
        std::iter::once(("clean", Box::new(|_: &mut Tournament| {}) as Mutation)).chain(cases())
    {
        let bytes = std::fs::read(fixture_path(name)).unwrap();
        let read = trf::read(
            &bytes,
            &trf::ReadOptions::new().file_name(format!("{name}.trf")),
        )
        .unwrap();
        let found = check_report(&read.tournament, &read.source);
        let consistency = chess_arbiter::validate::check(&read.tournament, &read.source);
        let mut out: Vec<String> = read
            .diagnostics
            .iter()
            .cloned()
            .chain(
                consistency
                    .into_iter()
                    .map(|d| d.in_file(Some(&format!("{name}.trf")))),
            )
            .map(|d| format!("read {d}"))
            .collect();
        out.extend(
            found
                .iter()
                .cloned()
                .map(|p| format!("{} {}", p.check.code(), p.into_diagnostic())),
        );
        if name == "clean" {
            assert_eq!(out, Vec::<String>::new());
            continue;
        }
        assert!(
            reports_its_check(name, &found) || out.iter().any(|l| l.starts_with("read ")),
            "{name}"
        );
        insta::assert_snapshot!(format!("fixture_{name}"), out.join("\n"));
    }
}

#[test]
fn problems_without_lines_still_name_the_field() {
    let mut t = clean_event();
    t.players[0].fide_id = Some("x".into());
    let p = check_report(&t, &SourceMap::default());
    assert_eq!(p.len(), 1);
    assert_eq!(
        p[0].diagnostic.to_string(),
        "error: cols 58-68 (player 1 fide id): expected a fide id of up to 10 digits, found \"x\""
    );
}

/// A report with a rated player, a junior, an unrated player and unplayed rounds.
fn report_event() -> Tournament {
    let mut t = clean_event();
    t.players[1].birth = Some(BirthDate {
        year: 2008,
        month: Some(3),
        day: Some(3),
    });
    t.players[3].rating = None;
    t.players[0]
        .rounds
        .push(RoundEntry::Bye { bye: ByeKind::Half });
    t
}

#[test]
fn rating_report_in_every_format() {
    let r = compute(&report_event(), &RatingOptions::default());
    assert_eq!(r.rules, RatingRules::B2024);
    assert_eq!(r.kind, Kind::Standard);
    insta::assert_snapshot!("report_text", render::text(&r));
    insta::assert_snapshot!("report_csv", render::csv(&r));
    insta::assert_snapshot!("report_json", render::json(&r));
    insta::assert_snapshot!("report_html", render::html(&r));
}

#[test]
fn json_has_the_documented_shape() {
    let r = compute(
        &clean_event(),
        &RatingOptions::new().rules(RatingRules::B2022),
    );
    let v: serde_json::Value = serde_json::from_str(&render::json(&r)).unwrap();
    assert_eq!(v["rules"], "2022");
    let p = &v["players"][0];
    for key in [
        "start_rank",
        "rating",
        "k",
        "games",
        "score",
        "expected",
        "change",
        "new_rating",
        "games_detail",
    ] {
        assert!(!p[key].is_null(), "{key}");
    }
    assert_eq!(p["start_rank"], 1);
    assert_eq!(p["rating"], 2000);
    assert_eq!(p["games"], 3);
    assert_eq!(p["score"], 2.5);
}

#[test]
fn submission_fills_what_it_can_and_says_so() {
    let mut t = clean_event();
    for p in &mut t.players {
        p.rank = None;
        p.points = None;
    }
    t.info.end_date = None;
    let s = prepare(&t, Target::Trf16);
    assert!(!s.has_errors(), "{:?}", s.notes);
    let ranks: Vec<_> = s.tournament.players.iter().map(|p| p.rank).collect();
    assert_eq!(ranks, vec![Some(1), Some(3), Some(2), Some(4)]);
    assert_eq!(s.tournament.info.end_date, Some(date(2024, 6, 3)));
    assert_eq!(s.tournament.info.players_declared, "4");
    assert_eq!(s.tournament.info.rated_players_declared, "4");
    let notes: Vec<String> = s.notes.iter().map(|d| d.to_string()).collect();
    insta::assert_snapshot!("submission_notes", notes.join("\n"));
    assert!(check_report(&s.tournament, &SourceMap::default()).is_empty());
}

#[test]
fn submission_reports_what_it_cannot_fill() {
    let mut t = clean_event();
    t.info.round_dates.clear();
    t.info.chief_arbiter.clear();
    t.players[0].points = Some(Points(5));
    let s = prepare(&t, Target::Trf26);
    assert!(s.has_errors());
    let notes: Vec<String> = s.notes.iter().map(|d| d.to_string()).collect();
    insta::assert_snapshot!("submission_errors", notes.join("\n"));
}

fn arbiter(args: &[&str]) -> (String, String, i32) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn cli_rating_blitz_event() {
    let (stdout, stderr, code) = arbiter(&["rating", "tests/fixtures/rating/blitz.trf"]);
    assert_eq!((code, stderr.as_str()), (0, ""));
    insta::assert_snapshot!("cli_rating_blitz_text", stdout);
    let (stdout, _, code) = arbiter(&[
        "rating",
        "tests/fixtures/rating/blitz.trf",
        "--kind",
        "standard",
        "--rules",
        "2025-10",
        "--format",
        "csv",
    ]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("cli_rating_blitz_as_standard_csv", stdout);
}

#[test]
fn cli_rating_rejects_unknown_rules() {
    let (stdout, stderr, code) = arbiter(&[
        "rating",
        "tests/fixtures/rating/blitz.trf",
        "--rules",
        "2023",
    ]);
    assert_eq!((code, stdout.as_str()), (3, ""));
    assert!(
        stderr.contains("expected 2022, 2024 or 2025-10, found \"2023\""),
        "{stderr}"
    );
    let (_, stderr, code) = arbiter(&["rating", "tests/fixtures/rating/missing.trf"]);
    assert_eq!(code, 5);
    assert!(
        stderr.starts_with("error: tests/fixtures/rating/missing.trf: cannot read the file"),
        "{stderr}"
    );
}

#[test]
fn convert_for_fide_rereads_cleanly_and_passes_the_checks() {
    let dir = Scratch::new("fide");
    let out = dir.join("fide.trf");
    let out_s = out.to_string_lossy().into_owned();
    let (_, stderr, code) = arbiter(&[
        "convert",
        "samples/open-2023.trf",
        "--to",
        "trf26",
        "--for",
        "fide",
        "-o",
        &out_s,
    ]);
    assert_eq!(code, 0, "{stderr}");
    let bytes = std::fs::read(&out).unwrap();
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert!(
        text.ends_with("\r\n") && !text.replace("\r\n", "").contains(['\n', '\r']),
        "every line ends with CRLF"
    );
    let read = chess_arbiter::formats::trf::read(&bytes, &Default::default()).unwrap();
    let consistency = chess_arbiter::validate::check(&read.tournament, &read.source);
    let errors: Vec<String> = read
        .diagnostics
        .iter()
        .chain(&consistency)
        .filter(|d| d.is_error())
        .map(|d| d.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    let fide_errors: Vec<String> = check_report(&read.tournament, &SourceMap::default())
        .into_iter()
        .filter(|p| p.diagnostic.is_error())
        .map(|p| p.into_diagnostic().to_string())
        .collect();
    assert!(fide_errors.is_empty(), "{fide_errors:?}");
    assert!(read.tournament.players.iter().all(|p| p.rank.is_some()));
    insta::assert_snapshot!("convert_for_fide_open_2023_stderr", stderr);
}

#[test]
fn convert_for_fide_refuses_other_targets() {
    let (stdout, stderr, code) = arbiter(&[
        "convert",
        "samples/open-2023.trf",
        "--to",
        "json",
        "--for",
        "fide",
    ]);
    assert_eq!((code, stdout.as_str()), (3, ""));
    insta::assert_snapshot!("convert_for_fide_json_stderr", stderr);
}

#[test]
fn validate_fide_on_the_sample_open() {
    let (stdout, _, code) = arbiter(&["validate", "samples/open-2023.trf", "--fide"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("validate_fide_open_2023", stdout);
}
