//! The FIDE rating list against tournament files, through the binary:
//! `rating`, `validate`, `convert --for fide`, `standings` and `report` with
//! `--fide-list`, on a list written in the published combined layout
//! (`tests/fixtures/fide_list/players_list_foa.txt`).

use std::path::PathBuf;
use std::process::Command;

use chess_arbiter::formats::fide_list::synthetic::{self, Layout};
use chess_arbiter::model::fide_list::{ListPlayer, ListRating};
use chess_arbiter::model::{Sex, Title};

use crate::scratch::Scratch;

fn fixture(rel: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rel)
        .display()
        .to_string()
}

fn list() -> String {
    fixture("fide_list/players_list_foa.txt")
}

pub(crate) fn arbiter(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn std(rating: u16, games: u32, k: u32) -> Option<ListRating> {
    Some(ListRating {
        rating,
        games,
        k: Some(k),
    })
}

#[allow(clippy::too_many_arguments)]
fn entry(
    id: u64,
    name: &str,
    fed: &str,
    sex: Sex,
    title: Option<Title>,
    women: Option<Title>,
    birth: i32,
    standard: Option<ListRating>,
    inactive: bool,
) -> ListPlayer {
    ListPlayer {
        fide_id: id,
        name: name.into(),
        federation: fed.into(),
        sex: Some(sex),
        title,
        women_title: women,
        other_titles: String::new(),
        birth_year: Some(birth),
        inactive,
        standard,
        rapid: std(1500, 0, 20),
        blitz: None,
    }
}

/// The listed players: the four of `rating/clean.trf` (4600044 left out,
/// the others differing on purpose), then the players of the start-list test.
pub(crate) fn listed() -> Vec<ListPlayer> {
    use Sex::*;
    vec![
        // rating 2010, not the file's 2000; a new player: K 40
        entry(
            4600011,
            "Alpha, Anna",
            "GER",
            Female,
            None,
            None,
            1990,
            std(2010, 12, 40),
            false,
        ),
        // another spelling, inactive
        entry(
            4600022,
            "Bravo, Benjamin",
            "GER",
            Male,
            None,
            None,
            1990,
            std(1900, 0, 20),
            true,
        ),
        // born 1991, not 1990
        entry(
            4600033,
            "Charlie, Chris",
            "GER",
            Female,
            None,
            None,
            1991,
            std(1800, 4, 20),
            false,
        ),
        // the start list's players
        entry(
            5000001,
            "Adams, Paul",
            "ENG",
            Male,
            Some(Title::GM),
            None,
            1985,
            std(2450, 9, 10),
            false,
        ),
        entry(
            5000002,
            "Baker, Nina",
            "ENG",
            Female,
            Some(Title::IM),
            Some(Title::WGM),
            1995,
            std(2450, 9, 10),
            false,
        ),
        entry(
            5000003,
            "Clark, Emma",
            "ENG",
            Female,
            None,
            Some(Title::WGM),
            1998,
            std(2450, 3, 10),
            false,
        ),
        entry(
            5000004,
            "Davis, John",
            "SCO",
            Male,
            Some(Title::FM),
            None,
            2001,
            std(2300, 5, 20),
            false,
        ),
        entry(
            5000005,
            "Evans, Lucy",
            "WLS",
            Female,
            None,
            Some(Title::WIM),
            2010,
            std(2300, 7, 40),
            false,
        ),
        entry(
            5000006,
            "Fisher, Tom",
            "ENG",
            Male,
            Some(Title::CM),
            None,
            2012,
            std(2100, 2, 40),
            false,
        ),
        entry(
            5000007,
            "Green, Amy",
            "IRL",
            Female,
            None,
            Some(Title::WFM),
            2008,
            std(2100, 8, 40),
            false,
        ),
        entry(
            5000008,
            "Hall, Ben",
            "ENG",
            Male,
            None,
            None,
            1970,
            std(2100, 0, 20),
            false,
        ),
        entry(
            5000009,
            "Irwin, Cara",
            "ENG",
            Female,
            None,
            None,
            1960,
            std(1850, 1, 20),
            false,
        ),
        entry(
            5000010,
            "Jones, Dan",
            "ENG",
            Male,
            None,
            None,
            2015,
            None,
            false,
        ),
        entry(
            5000011,
            "Adams, Zoe",
            "ENG",
            Female,
            None,
            None,
            2016,
            std(1850, 6, 40),
            false,
        ),
        entry(
            5000012,
            "King, Ella",
            "ENG",
            Female,
            None,
            None,
            2009,
            std(1600, 4, 40),
            true,
        ),
    ]
}

/// Writes the fixture list. Run with
/// `cargo test --test integration regenerate_fide_list -- --ignored`.
#[test]
#[ignore = "writes tests/fixtures/fide_list"]
fn regenerate_fide_list_fixture() {
    let mut out = Vec::new();
    synthetic::write(&mut out, Layout::CombinedTxt, &listed(), 40, 19).unwrap();
    std::fs::write(list(), out).unwrap();
}

#[test]
fn fixture_is_the_published_layout_written_by_the_generator() {
    let mut out = Vec::new();
    synthetic::write(&mut out, Layout::CombinedTxt, &listed(), 40, 19).unwrap();
    let text = std::fs::read(list()).unwrap();
    assert!(
        text == out,
        "regenerate the fixture (see regenerate_fide_list_fixture)"
    );
    let head = String::from_utf8_lossy(&text[..200]).to_string();
    assert!(head.starts_with(
        "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
    ), "{head}");
}

#[test]
fn rating_takes_k_and_ratings_from_the_list() {
    let (code, out, err) = arbiter(&[
        "rating",
        &fixture("rating/clean.trf"),
        "--fide-list",
        &list(),
        "--fide-list-month",
        "2024-06",
    ]);
    // player 4's id is not in the list: an error printed, so exit 1 (issue 34)
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("List:  FIDE rating list of 2024-06: ratings and K of 3 players found in it"),
        "{out}"
    );
    // Alpha: the list's 2010 and K 40, explained
    assert!(
        out.contains("1 Alpha, Anna (2010)\n  K 40: K from FIDE list 2024-06"),
        "{out}"
    );
    // Charlie: K 20 from the list (the file alone would assume 20 too)
    assert!(out.contains("  K 20: K from FIDE list 2024-06"), "{out}");
    // Delta is not in the list: the file's rating and an assumed K
    assert!(
        out.contains("4 Delta, Dora (1700)\n  K 20: rated below 2400 (30 or more games assumed)"),
        "{out}"
    );
    for needle in [
        "player 4 (Delta, Dora): FIDE id 4600044 is not in the FIDE list 2024-06: unknown or mistyped",
        "player 1 (Alpha, Anna): rating 2000, the FIDE list 2024-06 publishes 2010 (standard rating)",
        "player 2 (Bravo, Ben): name \"Bravo, Ben\", the FIDE list 2024-06 has \"Bravo, Benjamin\"",
        "player 2 (Bravo, Ben): inactive in the FIDE list 2024-06 (flag i)",
        "player 3 (Charlie, Chris): birth year 1990, the FIDE list 2024-06 has 1991",
    ] {
        assert!(err.contains(needle), "{needle}\n{err}");
    }
    // located at the player's line
    assert!(err.contains("clean.trf, line 15"), "{err}");
}

#[test]
fn validate_lists_every_disagreement() {
    let (code, out, _) = arbiter(&[
        "validate",
        &fixture("rating/clean.trf"),
        "--fide-list",
        &list(),
        "--format",
        "json",
    ]);
    assert_eq!(code, 1, "{out}");
    for c in [
        "fide-list-unknown-id",
        "fide-list-rating",
        "fide-list-mismatch",
        "fide-list-inactive",
    ] {
        assert!(out.contains(c), "{c}\n{out}");
    }
}

#[test]
fn convert_for_fide_reports_the_unknown_id() {
    let (code, out, err) = arbiter(&[
        "convert",
        &fixture("rating/clean.trf"),
        "--to",
        "trf16",
        "--for",
        "fide",
        "--fide-list",
        &list(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(out.starts_with("012 Test Open"), "{out}");
    assert!(
        err.contains("FIDE id 4600044 is not in the FIDE list: unknown or mistyped"),
        "{err}"
    );
    let (code, _, err) = arbiter(&[
        "convert",
        &fixture("rating/clean.trf"),
        "--fide-list",
        &list(),
    ]);
    assert_eq!(code, 3, "{err}");
}

#[test]
fn standings_rating_tiebreaks_use_the_list() {
    let args = |with: bool| {
        let mut v = vec![
            "standings".to_string(),
            fixture("rating/clean.trf"),
            "--tiebreaks".into(),
            "ARO".into(),
            "--format".into(),
            "csv".into(),
        ];
        if with {
            v.extend(["--fide-list".into(), list()]);
        }
        v
    };
    let run = |with| {
        let a = args(with);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        arbiter(&a)
    };
    let (_, without, _) = run(false);
    let (code, with, err) = run(true);
    // ranked; the unknown id is printed as an error, so exit 1 (#34 item 13)
    assert_eq!(code, 1, "{err}");
    // Bravo met 2000/2010, 1800 and 1700: ARO 1833 from the file, 1837 from the list
    let bravo = |s: &str| {
        s.lines()
            .find(|l| l.contains("Bravo"))
            .unwrap_or_default()
            .to_string()
    };
    assert!(bravo(&without).contains("1833"), "{without}");
    assert!(bravo(&with).contains("1837"), "{with}");
}

/// `report --fide-list`: the rating page takes K and ratings from the list
/// and lists every disagreement (also on stderr); the rating-based
/// tie-breaks of the standings pages use the list's ratings.
#[test]
fn report_takes_k_ratings_and_disagreements_from_the_list() {
    let dir = Scratch::new("report-list");
    let profile = dir.join("aro.toml");
    std::fs::write(&profile, "[standings]\ntiebreaks = [\"ARO\"]\n").unwrap();
    let site = dir.join("site");
    let (code, _, err) = arbiter(&[
        "report",
        &fixture("rating/clean.trf"),
        "--profile",
        &profile.display().to_string(),
        "--fide-list",
        &list(),
        "--fide-list-month",
        "2024-06",
        "--no-check",
        "-o",
        &site.display().to_string(),
    ]);
    // written; the unknown id is printed as an error, so exit 1 (#34 item 13)
    assert_eq!(code, 1, "{err}");
    let needles = [
        "player 4 (Delta, Dora): FIDE id 4600044 is not in the FIDE list 2024-06: unknown or mistyped",
        "player 1 (Alpha, Anna): rating 2000, the FIDE list 2024-06 publishes 2010 (standard rating)",
        "player 2 (Bravo, Ben): inactive in the FIDE list 2024-06 (flag i)",
        "player 3 (Charlie, Chris): birth year 1990, the FIDE list 2024-06 has 1991",
    ];
    for n in needles {
        assert!(err.contains(n), "{n}\n{err}");
    }
    assert!(err.contains("clean.trf, line 15"), "{err}");
    let rating = std::fs::read_to_string(site.join("rating.html")).unwrap();
    assert!(
        rating
            .contains("List: FIDE rating list of 2024-06: ratings and K of 3 players found in it"),
        "{rating}"
    );
    assert!(rating.contains("K from FIDE list 2024-06"), "{rating}");
    assert!(
        rating.contains("Differences from the FIDE rating list"),
        "{rating}"
    );
    for n in needles {
        assert!(rating.contains(n), "{n}\n{rating}");
    }
    // Alpha's row: the list's 2010, not the file's 2000
    assert!(
        rating.contains("Alpha, Anna</a></td><td class=\"n\">2010</td>"),
        "{rating}"
    );
    // Bravo met 2000/2010, 1800 and 1700: ARO 1837 with the list (1833 without)
    let standings = std::fs::read_to_string(site.join("standings.html")).unwrap();
    assert!(standings.contains("1837"), "{standings}");
    assert!(!standings.contains("1833"), "{standings}");
}

#[test]
fn unreadable_list_exits_3_and_missing_list_5() {
    let (code, _, err) = arbiter(&[
        "rating",
        &fixture("rating/clean.trf"),
        "--fide-list",
        &fixture("rating/clean.trf"),
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("expected a FIDE rating list header"), "{err}");
    let (code, _, _) = arbiter(&[
        "rating",
        &fixture("rating/clean.trf"),
        "--fide-list",
        "/nonexistent/list.txt",
    ]);
    assert_eq!(code, 5);
}

#[test]
fn start_list_pairs_round_1_and_checks_conform() {
    let dir = Scratch::new("start-list");
    let start = dir.join("start.trf");
    let (code, out, err) = arbiter(&[
        "start-list",
        &fixture("fide_list/registrations.csv"),
        "--fide-list",
        &list(),
        "--rounds",
        "7",
        "--name",
        "Spring Open",
        "--start",
        "2026-04-04",
        "-o",
        start.to_str().unwrap(),
    ]);
    // players left off: exit 1, each named on stderr at its line
    assert_eq!(code, 1, "{err}");
    for needle in [
        // issue #32 item 8: entered (unrated, last), with a warning
        "warning: ",
        "registrations.csv, line 9: Nolist, Nora: no FIDE id: entered unrated",
        "registrations.csv, line 15: Typo, Tim: FIDE id 77777777 is not in the FIDE list: unknown or mistyped",
        "registrations.csv, line 16: FIDE id 5000003 is registered on an earlier line",
    ] {
        assert!(err.contains(needle), "{needle}\n{err}");
    }
    // C.04.2 art. 2.2: 2450 GM, IM (over her WGM), WGM; 2300 FM, WIM; 2100 CM, WFM, none;
    // 1850 by name; then the unrated
    let order: Vec<&str> = out
        .lines()
        .skip(1)
        .take_while(|l| !l.is_empty())
        .map(|l| {
            l.get(11..)
                .unwrap_or("")
                .split("  ")
                .next()
                .unwrap_or("")
                .trim()
        })
        .collect();
    assert_eq!(
        order,
        [
            "Adams, Paul",
            "Baker, Nina",
            "Clark, Emma",
            "Davis, John",
            "Evans, Lucy",
            "Fisher, Tom",
            "Green, Amy",
            "Hall, Ben",
            "Adams, Zoe",
            "Irwin, Cara",
            "King, Ella",
            "Jones, Dan",
            "Nolist, Nora",
        ],
        "{out}"
    );
    // categories by year of birth in 2026, or as registered
    // the name column is as wide as the longest name ("Nolist, Nora")
    let row = |name: &str| {
        out.lines()
            .find(|l| l.contains(name))
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .unwrap_or_default()
    };
    assert!(
        row("Fisher, Tom").ends_with("Fisher, Tom ENG 2100 5000006 2012 U16"),
        "{out}"
    );
    assert!(
        row("Irwin, Cara").ends_with("Irwin, Cara ENG 1850 5000009 1960 S65"),
        "{out}"
    );
    assert!(out.contains("5000007  2008  Open"), "{out}");
    let trf = std::fs::read_to_string(&start).unwrap();
    assert!(trf.starts_with("012 Spring Open"), "{trf}");
    assert!(trf.contains("142 7"), "{trf}");
    // issue #32 item 8: the registered category is carried (XXG), every
    // player starts at 0.0 without the writer's "no points" fill
    assert!(
        trf.lines()
            .any(|l| l.starts_with("XXG") && l.trim_end().ends_with(" Open")),
        "{trf}"
    );
    assert!(!err.contains("gives no points"), "{err}");
    // round 1 by the Dutch engine, then checked
    let paired = dir.join("r1.trf");
    let (code, _, err) = arbiter(&[
        "pair",
        start.to_str().unwrap(),
        "--format",
        "trf",
        "-o",
        paired.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = arbiter(&["check", paired.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}\n{err}");
    // 1 v 7, 2 v 8, ... (top half against bottom half)
    let (_, boards, _) = arbiter(&["pair", start.to_str().unwrap()]);
    assert!(
        boards.contains("Adams, Paul") && boards.contains("Hall, Ben"),
        "{boards}"
    );
}

/// A junior (born 2010, rated 1500: K 40) beats nine players rated 1600,
/// in an event ending on `end`.
fn junior_event(end: chrono::NaiveDate, first_id: u64) -> String {
    use chess_arbiter::formats::trf::{self, LineEnd, Target, WriteOptions};
    use chess_arbiter::model::{
        BirthDate, Color, Outcome, Player, PlayerId, RoundEntry, Tournament,
    };
    let mut jo = Player {
        id: PlayerId(1),
        name: "Junior, Jo".into(),
        rating: Some(1500),
        fide_id: Some("7777777".into()),
        birth: Some(BirthDate {
            year: 2010,
            month: None,
            day: None,
        }),
        ..Player::default()
    };
    let mut players = Vec::new();
    for i in 0..9u32 {
        let mut opp = Player {
            id: PlayerId(i + 2),
            name: format!("Opp{i}, A"),
            rating: Some(1600),
            fide_id: Some(format!("{}", first_id + u64::from(i))),
            ..Player::default()
        };
        let r = i as usize + 1;
        opp.set_round(
            r,
            RoundEntry::Played {
                opponent: PlayerId(1),
                color: Color::Black,
                outcome: Outcome::Loss,
                short: false,
            },
        );
        jo.set_round(
            r,
            RoundEntry::Played {
                opponent: PlayerId(i + 2),
                color: Color::White,
                outcome: Outcome::Win,
                short: false,
            },
        );
        players.push(opp);
    }
    players.insert(0, jo);
    let mut t = Tournament {
        players,
        ..Tournament::default()
    };
    t.info.name = "Junior event".into();
    t.info.start_date = Some(end);
    t.info.end_date = Some(end);
    t.info.time_control = "90 min + 30 sec".into();
    trf::write(
        &t,
        &WriteOptions::new()
            .target(Target::Trf16)
            .line_end(LineEnd::Lf),
    )
    .text
}

#[test]
fn rating_of_two_events_in_one_period_caps_k_over_the_period() {
    let dir = Scratch::new("period");
    let d = |m, day| chrono::NaiveDate::from_ymd_opt(2025, m, day).unwrap();
    let files: Vec<String> = [(d(11, 9), 100), (d(11, 23), 200), (d(12, 7), 300)]
        .iter()
        .enumerate()
        .map(|(i, (end, first))| {
            let p = dir.join(format!("e{i}.trf"));
            std::fs::write(&p, junior_event(*end, *first)).unwrap();
            p.display().to_string()
        })
        .collect();
    let mut args = vec!["rating"];
    args.extend(files.iter().map(String::as_str));
    let (code, out, err) = arbiter(&args);
    assert_eq!(code, 0, "{err}");
    // alone, each event keeps K 40 (9 games: 360)
    assert_eq!(out.matches("  K 40: junior").count(), 3, "{out}");
    // over November's two events: 18 games, K 38, one rounding
    assert!(out.contains("Rating period 2025-11 (2 events: "), "{out}");
    assert!(
        out.contains("  7777777 Junior, Jo: 18 games, K 38 (capped from 40: 18 games), change +437.76 -> +438"),
        "{out}"
    );
    assert!(!out.contains("Rating period 2025-12"), "{out}");
    let (code, json, _) = arbiter(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, 0);
    assert!(json.contains("\"k_used\": 38"), "{json}");
    let (code, _, _) = arbiter(&[&args[..], &["--format", "csv"]].concat());
    assert_eq!(code, 3);
}
