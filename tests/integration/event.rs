//! The event file, through the commands only: the motivating event (main
//! group with categories, a 5-round Senior section, a 9-round blitz) run
//! from registrations to the FIDE report, and the refusals an arbiter meets.

use std::path::{Path, PathBuf};
use std::process::Command;

use chess_arbiter::formats::fide_list::synthetic::{self, Layout};
use chess_arbiter::model::fide_list::{ListPlayer, ListRating};
use chess_arbiter::model::{Sex, Title};

use crate::scratch::Scratch;

pub(crate) fn profile() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/event/ctca-2026.toml")
        .display()
        .to_string()
}

/// Run `arbiter` as arbiter "Chief": (exit code, stdout, stderr).
pub(crate) fn arbiter(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .env("ARBITER_NAME", "Chief")
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `arbiter` that must succeed; its stdout.
pub(crate) fn ok(args: &[&str]) -> String {
    let (code, out, err) = arbiter(args);
    assert_eq!(code, 0, "arbiter {args:?}\nstdout: {out}\nstderr: {err}");
    out
}

fn s(p: &Path) -> String {
    p.display().to_string()
}

/// A player of the made-up list: ids from 8100001, births from juniors to
/// seniors, a few women, a few titled, a few unrated.
pub(crate) fn list_player(i: u64) -> ListPlayer {
    let birth = [2016, 2013, 2011, 2009, 2007, 1990, 1985, 1962, 1958, 2000][(i % 10) as usize];
    let female = i % 4 == 1;
    ListPlayer {
        fide_id: 8_100_000 + i,
        name: format!("Player{i:03}, Test"),
        federation: "TPE".into(),
        sex: Some(if female { Sex::Female } else { Sex::Male }),
        title: (i == 3).then_some(Title::FM),
        women_title: None,
        other_titles: String::new(),
        birth_year: Some(birth),
        inactive: false,
        standard: (!i.is_multiple_of(13)).then_some(ListRating {
            rating: 1400 + ((i * 137) % 900) as u16,
            games: 10,
            k: Some(20),
        }),
        rapid: None,
        blitz: Some(ListRating {
            rating: 1400 + ((i * 71) % 800) as u16,
            games: 10,
            k: Some(20),
        }),
    }
}

/// Results of a round's boards, by board: mostly decisive, some draws.
fn sheet(boards: usize, round: u32, skip: &[u32]) -> String {
    let mut out = String::from("board,result\n");
    for b in 1..=boards as u32 {
        if skip.contains(&b) {
            continue;
        }
        let r = match (b * 7 + round * 3) % 5 {
            0 | 3 => "1-0",
            1 => "0-1",
            2 => "1/2",
            _ => "1-0",
        };
        out.push_str(&format!("{b},{r}\n"));
    }
    out
}

/// The boards of the section's round as `arbiter event show` prints them.
fn board_count(event: &str, section: &str, round: u32) -> usize {
    let out = ok(&[
        "event",
        "show",
        event,
        "--section",
        section,
        "--round",
        &round.to_string(),
    ]);
    out.lines()
        .skip_while(|l| !l.starts_with("Round "))
        .skip(1)
        .filter(|l| {
            l.trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
                && !l.contains("pairing-allocated bye")
        })
        .count()
}

fn play_round(dir: &Path, event: &str, section: &str, round: u32, special: &[(u32, &str)]) {
    let (code, out, err) = arbiter(&["event", "pair", event, "--section", section]);
    if code != 0 {
        let trf = ok(&["convert", &format!("{event}#{section}"), "--to", "trfbx"]);
        std::fs::write("/tmp/failed-pair.trf", &trf).unwrap();
        panic!("pair {section} round {round}: {out}\n{err}\n{trf}");
    }
    let n = board_count(event, section, round);
    let skip: Vec<u32> = special.iter().map(|(b, _)| *b).collect();
    let mut text = sheet(n, round, &skip);
    for (b, r) in special {
        text.push_str(&format!("{b},{r}\n"));
    }
    let path = dir.join(format!("{section}-r{round}.csv"));
    std::fs::write(&path, text).unwrap();
    ok(&["event", "results", event, &s(&path), "--section", section]);
}

#[test]
fn the_motivating_event_runs_end_to_end_through_the_commands() {
    let dir = Scratch::new("event-e2e");
    let list = dir.join("players_list_foa.txt");
    let players: Vec<ListPlayer> = (1..=80).map(list_player).collect();
    let mut f = std::fs::File::create(&list).unwrap();
    synthetic::write(&mut f, Layout::CombinedTxt, &players, 0, 1).unwrap();
    // Main group: players 1-30 (player 30 registers late); Senior: the ten
    // born before 1977 among 31-80; blitz: 31-50 with their category.
    let main: String = (1..=29).map(|i| format!("{}\n", 8_100_000 + i)).collect();
    let regs = dir.join("main.csv");
    std::fs::write(&regs, format!("FIDE ID\n{main}")).unwrap();
    let event = s(&dir.join("open.arbiter"));
    let prof = profile();
    let out = ok(&["event", "new", &event, "--profile", &prof]);
    assert!(
        out.contains("section main")
            && out.contains("section senior")
            && out.contains("section blitz"),
        "{out}"
    );
    let l = s(&list);
    ok(&[
        "event",
        "register",
        &event,
        "--csv",
        &s(&regs),
        "--fide-list",
        &l,
    ]);
    // A latecomer to the technical meeting: registered, not paired in round 1.
    ok(&[
        "event",
        "register",
        &event,
        "--fide-id",
        "8100031",
        "--fide-list",
        &l,
        "--not-paired-round1",
    ]);
    let seniors: Vec<u64> = (31..=80)
        .filter(|i| [1962, 1958].contains(&list_player(*i).birth_year.unwrap()))
        .collect();
    for i in &seniors {
        ok(&[
            "event",
            "register",
            &event,
            "--section",
            "senior",
            "--fide-id",
            &(8_100_000 + i).to_string(),
            "--fide-list",
            &l,
        ]);
    }
    let blitz: String = (31..=50)
        .map(|i| format!("{},U13\n", 8_100_000 + i))
        .collect();
    let bregs = dir.join("blitz.csv");
    std::fs::write(&bregs, format!("FIDE ID,Category\n{blitz}")).unwrap();
    ok(&[
        "event",
        "register",
        &event,
        "--section",
        "blitz",
        "--csv",
        &s(&bregs),
        "--fide-list",
        &l,
    ]);

    // Main group, 9 rounds.
    let main_latecomer = "30"; // number of the latecomer: 30 players, unrated last
    let _ = main_latecomer;
    play_round(&dir, &event, "main", 1, &[]);
    ok(&["event", "bye", &event, "5", "--round", "3", "--half"]);
    ok(&["event", "bye", &event, "9", "--round", "7", "--half"]);
    play_round(&dir, &event, "main", 2, &[]);
    // A late entry after round 2: paired from round 3.
    ok(&[
        "event",
        "register",
        &event,
        "--fide-id",
        "8100030",
        "--fide-list",
        &l,
        "--from-round",
        "3",
    ]);
    play_round(&dir, &event, "main", 3, &[]);
    play_round(&dir, &event, "main", 4, &[(2, "+-")]);
    play_round(&dir, &event, "main", 5, &[(3, "--")]);
    ok(&["event", "withdraw", &event, "12", "--from-round", "6"]);
    // Round 6: a draft, changed by hand with a reason, then published.
    let draft = ok(&["event", "pair", &event, "--draft"]);
    assert!(
        draft.contains("is a draft") && draft.contains("check:"),
        "{draft}"
    );
    let show = ok(&["event", "show", &event]);
    let seat = |board: &str| -> (String, String) {
        let line = show
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{board} ")))
            .unwrap();
        let f: Vec<&str> = line.split_whitespace().collect();
        (f[1].to_string(), f[f.len() - 1].to_string())
    };
    let (a, _) = seat("4");
    let (b, _) = seat("5");
    let (code, _, err) = arbiter(&["event", "change", &event, "--swap", &a, &b, "--reason", ""]);
    assert_eq!(code, 3, "a change without a reason is refused: {err}");
    ok(&[
        "event",
        "change",
        &event,
        "--swap",
        &a,
        &b,
        "--reason",
        "brothers kept apart (regulation 7)",
    ]);
    let published = ok(&["event", "pair", &event]);
    assert!(
        published.contains("published (the draft as it was)"),
        "{published}"
    );
    let n = board_count(&event, "main", 6);
    let path = dir.join("main-r6.csv");
    std::fs::write(&path, sheet(n, 6, &[])).unwrap();
    ok(&["event", "results", &event, &s(&path)]);
    for r in 7..=9 {
        play_round(&dir, &event, "main", r, &[]);
    }
    let (code, _, err) = arbiter(&["event", "pair", &event]);
    assert_eq!(code, 3, "a tenth round is refused: {err}");

    // Senior (5 rounds) and blitz (9 rounds).
    for r in 1..=5 {
        play_round(&dir, &event, "senior", r, &[]);
    }
    for r in 1..=9 {
        let special: &[(u32, &str)] = match r {
            4 => &[(3, "-+")],
            6 => &[(5, "--")],
            _ => &[],
        };
        play_round(&dir, &event, "blitz", r, special);
    }

    // check: every round conforms but the one changed by hand, named as manual.
    let (code, out, err) = arbiter(&["check", &event]);
    assert_eq!(code, 1, "{out}\n{err}");
    let verdict = |r: u32| {
        out.lines()
            .find(|l| {
                l.starts_with(&format!("Round {r}:")) || l.starts_with(&format!("round {r}:"))
            })
            .unwrap_or_else(|| panic!("round {r} in {out}"))
            .to_string()
    };
    for r in [1, 2, 3, 4, 5, 7, 8, 9] {
        assert!(verdict(r).contains("conform"), "round {r}: {}", verdict(r));
    }
    assert!(
        out.contains("manual") && out.contains("brothers kept apart"),
        "{out}"
    );
    for sec in ["senior", "blitz"] {
        let (code, out, err) = arbiter(&["check", &format!("{event}#{sec}")]);
        assert_eq!(code, 0, "{sec}: {out}\n{err}");
    }

    // Standings per category, prizes of each section, the site, the FIDE report.
    let st = ok(&["standings", &event, "--profile", &prof, "--category", "U13"]);
    assert!(st.contains("after round 9"), "{st}");
    let pz = ok(&["prizes", &event, "--profile", &prof]);
    assert!(pz.contains("NT$"), "{pz}");
    ok(&[
        "prizes",
        &format!("{event}#senior"),
        "--profile",
        &prof,
        "--section",
        "senior",
    ]);
    ok(&[
        "prizes",
        &format!("{event}#blitz"),
        "--profile",
        &prof,
        "--section",
        "blitz",
    ]);
    let site = dir.join("site");
    ok(&["report", &event, "--profile", &prof, "-o", &s(&site)]);
    assert!(site.join("index.html").exists());
    let fide = dir.join("fide.trf");
    let (code, _, err) = arbiter(&[
        "convert",
        &event,
        "--to",
        "trf16",
        "--for",
        "fide",
        "-o",
        &s(&fide),
    ]);
    assert!(code == 0 || code == 1, "{err}");
    assert!(fide.exists(), "{err}");

    // The log names every step with its arbiter, the manual change with its reason.
    let log = ok(&["event", "log", &event]);
    assert!(
        log.contains("Chief")
            && log.contains("changed by hand")
            && log.contains("brothers kept apart"),
        "{log}"
    );

    // Exported to TRF-2026 and read back: the same standings and prizes.
    let trf = dir.join("open.trf");
    ok(&["convert", &event, "--to", "trf26", "-o", &s(&trf)]);
    // The manual change travels as the FIDE audit comment, and `check` of
    // the exported file names it too.
    let exported = std::fs::read_to_string(&trf).unwrap();
    assert!(exported.contains("### MPA @ Round 6: board"), "{exported}");
    let (_, out, _) = arbiter(&["check", &s(&trf)]);
    assert!(
        out.contains("round 6: a manual pairing change is recorded"),
        "{out}"
    );
    let a = ok(&["standings", &event, "--profile", &prof]);
    let b = ok(&["standings", &s(&trf), "--profile", &prof]);
    assert_eq!(strip_names(&a), strip_names(&b));
    let pa = ok(&["prizes", &event, "--profile", &prof]);
    let pb = ok(&["prizes", &s(&trf), "--profile", &prof]);
    assert_eq!(strip_names(&pa), strip_names(&pb));

    // Exported to Swiss-Manager's player file and its pairing files (one a
    // round, as Swiss-Manager imports them) and read back together. The
    // pairing file has no row for a half-point bye or an absence (its
    // format: docs/swiss-manager.md), so the main group's export says which
    // it cannot carry; the blitz (forfeits, no byes) comes back the same.
    let (_, _, err) = arbiter(&[
        "convert",
        &event,
        "--to",
        "sm-pairings",
        "--round",
        "3",
        "-o",
        &s(&dir.join("p3.txt")),
    ]);
    assert!(
        err.contains("cannot carry") && err.contains("round(s)"),
        "{err}"
    );
    let blitz = format!("{event}#blitz");
    let players = dir.join("players.txt");
    ok(&["convert", &blitz, "--to", "sm-players", "-o", &s(&players)]);
    let mut pairings = String::new();
    for r in 1..=9 {
        let one = dir.join(format!("pairings{r}.txt"));
        ok(&[
            "convert",
            &blitz,
            "--to",
            "sm-pairings",
            "--round",
            &r.to_string(),
            "-o",
            &s(&one),
        ]);
        let text = std::fs::read_to_string(&one).unwrap();
        let body: Vec<&str> = text.lines().skip(usize::from(r > 1)).collect();
        pairings.push_str(&body.join("\n"));
        pairings.push('\n');
    }
    let all = dir.join("pairings.txt");
    std::fs::write(&all, pairings).unwrap();
    let sm = format!("{}+{}", s(&players), s(&all));
    let ba = ok(&["standings", &blitz, "--profile", &prof]);
    let bc = ok(&["standings", &sm, "--profile", &prof]);
    assert!(!table_rows(&ba).is_empty());
    same_rows(&ba, &bc);
    let pa = ok(&["prizes", &blitz, "--profile", &prof, "--section", "blitz"]);
    let pc = ok(&["prizes", &sm, "--profile", &prof, "--section", "blitz"]);
    same_rows(&pa, &pc);
}

fn same_rows(a: &str, b: &str) {
    let (x, y) = (table_rows(a), table_rows(b));
    for (i, (l, r)) in x.iter().zip(&y).enumerate() {
        assert_eq!(l, r, "row {i}");
    }
    assert_eq!(x.len(), y.len(), "{a}\n----\n{b}");
}

/// The rows of the ranking tables (the lines naming a player).
/// A note inside a table (`  warning: FILE, line N (field): message`) keeps
/// its field and message: the file and line differ with the input, the fact
/// must not.
fn table_rows(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.contains(", Test") && !l.starts_with("warning:"))
        .map(
            |l| match (l.trim_start().strip_prefix("warning: "), l.find(" (")) {
                (Some(_), Some(at)) => format!("warning:{}", &l[at..]),
                _ => l.to_string(),
            },
        )
        .collect()
}

/// Standings text without the line that names the input file.
fn strip_names(text: &str) -> String {
    text.lines()
        .filter(|l| !l.contains(".arbiter") && !l.contains(".trf"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn fixture(rel: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rel)
        .display()
        .to_string()
}

#[test]
fn results_that_do_not_fit_are_refused_with_what_was_expected() {
    let dir = Scratch::new("event-refusals");
    let event = super::event_durability::event_with_players(&dir, 8, 3);
    // Round 1 not paired yet.
    let (code, _, err) = arbiter(&["event", "result", &event, "1", "1-0"]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("expected a published round to enter results in, found none yet"),
        "{err}"
    );
    ok(&["event", "pair", &event]);
    // A board that does not exist.
    let (code, _, err) = arbiter(&["event", "result", &event, "9", "1-0"]);
    assert_eq!(code, 3);
    assert!(
        err.contains("expected a board from 1 to 4, found board 9"),
        "{err}"
    );
    // A round not yet published.
    let (code, _, err) = arbiter(&["event", "result", &event, "1", "1-0", "--round", "2"]);
    assert_eq!(code, 3);
    assert!(err.contains("found round 2"), "{err}");
    // Not a result.
    let (code, _, err) = arbiter(&["event", "result", &event, "1", "2-0"]);
    assert_eq!(code, 3);
    assert!(
        err.contains("expected a result 1-0, 0-1, 1/2") && err.contains("\"2-0\""),
        "{err}"
    );
    // Twice: the same writes nothing, another needs --correct.
    assert!(ok(&["event", "result", &event, "1", "1-0"]).contains("board 1: 1-0"));
    let steps = ok(&["event", "log", &event]).lines().count();
    assert!(ok(&["event", "result", &event, "1", "1-0"]).contains("already recorded"));
    assert_eq!(ok(&["event", "log", &event]).lines().count(), steps);
    let (code, _, err) = arbiter(&["event", "result", &event, "1", "0-1"]);
    assert_eq!(code, 3);
    assert!(
        err.contains("found 1-0 recorded") && err.contains("--correct"),
        "{err}"
    );
    let out = ok(&[
        "event",
        "result",
        &event,
        "1",
        "½-½",
        "--correct",
        "--reason",
        "scoresheet signed 1/2",
    ]);
    assert!(out.contains("corrected from 1-0"), "{out}");
    let log = ok(&["event", "log", &event]);
    assert!(
        log.contains("(was 1-0)") && log.contains("scoresheet signed 1/2"),
        "{log}"
    );
    // Pairing the next round with boards open.
    let (code, _, err) = arbiter(&["event", "pair", &event]);
    assert_eq!(code, 3);
    assert!(
        err.contains("3 board(s) without a result (board 2, 3, 4)"),
        "{err}"
    );
    // A sheet with one bad line writes nothing at all.
    let sheet = dir.join("r1.csv");
    std::fs::write(&sheet, "board,result\n2,1-0\n3,x\n4,0-1\n").unwrap();
    let (code, _, err) = arbiter(&["event", "results", &event, &s(&sheet)]);
    assert_eq!(code, 3);
    assert!(err.contains("line 3, column 2"), "{err}");
    assert_eq!(ok(&["event", "log", &event]).lines().count(), steps + 1);
    // A bye for a round already paired, a withdrawal from it.
    let (code, _, err) = arbiter(&["event", "bye", &event, "3", "--round", "1", "--half"]);
    assert_eq!(code, 3);
    assert!(err.contains("expected a round not yet published"), "{err}");
    let (code, _, err) = arbiter(&["event", "withdraw", &event, "3", "--from-round", "1"]);
    assert_eq!(code, 3);
    assert!(err.contains("a forfeit"), "{err}");
    // Undo: back before the correction; the log keeps both.
    ok(&["event", "undo", &event]);
    assert!(ok(&["event", "show", &event]).contains(" 1-0 "));
    let log = ok(&["event", "log", &event]);
    assert!(log.contains("[undone]"), "{log}");
    // The same log in zh-TW: one wording with the desk's log page, each
    // step in the language (sections by key, as --section takes them).
    let zh = ok(&["event", "log", &event, "--lang", "zh-TW"]);
    assert_eq!(zh.lines().count(), log.lines().count(), "{zh}");
    for term in [
        "第 1 輪已配對",
        "（原為 1-0）",
        "；理由：scoresheet signed 1/2",
        "［已撤銷］",
        "撤銷：回到步驟",
    ] {
        assert!(zh.contains(term), "{term}\n{zh}");
    }
    for english in ["paired", "result(s)", "reason:", "[undone]", "undo:"] {
        assert!(!zh.contains(english), "{english}\n{zh}");
    }
    // a board entered with its round is named so
    let out = ok(&["event", "result", &event, "2", "1-0", "--round", "1"]);
    assert!(out.starts_with("board 2 of round 1: 1-0"), "{out}");
}

#[test]
fn half_point_byes_keep_to_the_regulations_limits() {
    let dir = Scratch::new("event-byes");
    let event = dir.join("b.arbiter").display().to_string();
    ok(&["event", "new", &event, "--profile", &profile()]);
    for i in 0..10 {
        ok(&[
            "event",
            "register",
            &event,
            "--name",
            &format!("Player {i}"),
            "--rating",
            &(2000 - i * 10).to_string(),
        ]);
    }
    ok(&["event", "bye", &event, "4", "--round", "2", "--half"]);
    // the second is a Level-3 warning (VCL4THP Q174)
    ok(&[
        "event",
        "bye",
        &event,
        "4",
        "--round",
        "3",
        "--half",
        "--confirm",
    ]);
    let (code, _, err) = arbiter(&[
        "event",
        "bye",
        &event,
        "4",
        "--round",
        "4",
        "--half",
        "--confirm",
    ]);
    assert_eq!(code, 3);
    assert!(err.contains("at most 2 half-point bye(s)"), "{err}");
    let (code, _, err) = arbiter(&["event", "bye", &event, "5", "--round", "8", "--half"]);
    assert_eq!(code, 3);
    assert!(err.contains("in round 7 or before"), "{err}");
    // A taken-back bye frees its place.
    ok(&["event", "bye", &event, "4", "--round", "3", "--remove"]);
    ok(&[
        "event",
        "bye",
        &event,
        "4",
        "--round",
        "5",
        "--half",
        "--confirm",
    ]);
}

#[test]
fn a_swiss_manager_event_is_continued_here() {
    let dir = Scratch::new("event-import");
    let event = dir.join("t.arbiter").display().to_string();
    let out = ok(&[
        "event",
        "new",
        &event,
        "--from",
        &fixture("tunx/abs_fem_1378181.TUNX"),
    ]);
    assert!(
        out.contains("29 players") && out.contains("5 published"),
        "{out}"
    );
    // Round 5 was paired in Swiss-Manager without results: enter them, then pair round 6.
    let n = board_count(&event, "main", 5);
    let sheet = dir.join("r5.csv");
    std::fs::write(&sheet, super::event::sheet(n, 5, &[])).unwrap();
    ok(&["event", "results", &event, &s(&sheet)]);
    ok(&["event", "pair", &event]);
    let (code, out, err) = arbiter(&["check", &event]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("6 of 6 rounds conform"), "{out}");
}
