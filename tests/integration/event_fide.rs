//! FIDE mode and the pairing-integrity events of the event file, through the
//! commands (issue #33; FIDE's checklist VCL4THP Q40-46, Q54-56, Q112-115,
//! Q174-179, Q189-193): what is confirmed first, what the TRF-26 export
//! records as `###` lines, and what can never be undone.

use crate::event::{arbiter, ok};
use crate::scratch::Scratch;

/// A 6-player, 5-round event with `rounds` rounds paired and played (board 1
/// White wins, board 2 a draw, board 3 Black wins).
fn event_with_rounds(dir: &Scratch, rounds: u32) -> String {
    let event = dir.join("e.arbiter").display().to_string();
    ok(&["event", "new", &event, "--rounds", "5", "--name", "Club"]);
    for i in 1..=6 {
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
    for r in 1..=rounds {
        ok(&["event", "pair", &event]);
        let sheet = dir.join(format!("r{r}.csv"));
        std::fs::write(&sheet, "board,result\n1,1-0\n2,1/2\n3,0-1\n").unwrap();
        ok(&["event", "results", &event, &sheet.display().to_string()]);
    }
    event
}

/// The `###` lines of the event's TRF-26 export.
fn comments(event: &str) -> Vec<String> {
    ok(&["convert", event, "--to", "trf26"])
        .lines()
        .filter(|l| l.starts_with("###"))
        .map(str::to_string)
        .collect()
}

#[test]
fn an_event_is_in_fide_mode_from_its_creation_and_cannot_enter_it_again() {
    let dir = Scratch::new("fide-default");
    let event = event_with_rounds(&dir, 1);
    let out = ok(&["event", "fide-mode", &event]);
    assert!(out.contains("in FIDE mode"), "{out}");
    assert!(!ok(&["event", "show", &event]).contains("NOT IN FIDE MODE"));
    // Entering it is refused: the event is in it already.
    let (code, _, err) = arbiter(&["event", "fide-mode", &event, "--enter"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("in FIDE mode already"), "{err}");
    assert!(comments(&event).is_empty());
}

#[test]
fn an_imported_event_is_in_fide_mode() {
    let dir = Scratch::new("fide-import-mode");
    let played = event_with_rounds(&dir, 2);
    let trf = dir.join("played.trf");
    std::fs::write(&trf, ok(&["convert", &played, "--to", "trf26"])).unwrap();
    let event = dir.join("again.arbiter").display().to_string();
    let out = ok(&["event", "new", &event, "--from", &trf.display().to_string()]);
    assert!(out.contains("2 published"), "{out}");
    assert!(ok(&["event", "fide-mode", &event]).contains("in FIDE mode"));
    assert!(comments(&event).is_empty(), "{:?}", comments(&event));
}

#[test]
fn leaving_fide_mode_asks_twice_is_recorded_and_is_for_good() {
    let dir = Scratch::new("fide-leave");
    let event = event_with_rounds(&dir, 2);
    let leave = |extra: &[&str]| {
        let mut args = vec!["event", "fide-mode", &event, "--leave"];
        args.extend_from_slice(extra);
        arbiter(&args)
    };
    // A reason is needed, and two confirmations (Level 4).
    let (code, _, err) = leave(&["--confirm", "--confirm-again"]);
    assert_eq!(code, 3);
    assert!(err.contains("expected a reason"), "{err}");
    let (code, _, err) = leave(&["--reason", "club rules"]);
    assert_eq!(code, 3);
    assert!(err.contains("level-4 warning"), "{err}");
    assert!(
        err.contains("### FIDE mode left @ Round 3: club rules"),
        "{err}"
    );
    let (code, _, err) = leave(&["--reason", "club rules", "--confirm"]);
    assert_eq!(code, 3);
    assert!(err.contains("two confirmations"), "{err}");
    assert!(ok(&["event", "fide-mode", &event]).contains("in FIDE mode"));
    let (code, out, err) = leave(&["--reason", "club rules", "--confirm", "--confirm-again"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("FIDE mode left for good"), "{out}");
    // The banner on every showing, the line in the export.
    let show = ok(&["event", "show", &event]);
    assert!(
        show.lines()
            .next()
            .is_some_and(|l| l.starts_with("NOT IN FIDE MODE") && l.contains("club rules")),
        "{show}"
    );
    assert_eq!(
        comments(&event),
        vec!["### FIDE mode left @ Round 3: club rules".to_string()]
    );
    // Never again: not by asking, not by an undo, not by leaving twice.
    let (code, _, err) = arbiter(&["event", "fide-mode", &event, "--enter"]);
    assert_eq!(code, 3);
    assert!(err.contains("can never be re-entered"), "{err}");
    let (code, _, err) = arbiter(&["event", "undo", &event]);
    assert_eq!(code, 3);
    assert!(err.contains("can never be re-entered"), "{err}");
    let (code, _, err) = leave(&["--reason", "again", "--confirm", "--confirm-again"]);
    assert_eq!(code, 3);
    assert!(err.contains("found it left at step"), "{err}");
    // Steps after it can still be undone.
    ok(&["event", "pair", &event]);
    ok(&["event", "undo", &event]);
    assert!(ok(&["event", "show", &event]).starts_with("NOT IN FIDE MODE"));
}

#[test]
fn a_full_point_bye_is_confirmed_first_and_recorded() {
    let dir = Scratch::new("fide-fpb");
    let event = event_with_rounds(&dir, 1);
    let (code, _, err) = arbiter(&["event", "bye", &event, "2", "--round", "2"]);
    assert_eq!(code, 3);
    assert!(
        err.contains("deprecated") && err.contains("### FPB @ Round 2: player 2"),
        "{err}"
    );
    ok(&["event", "bye", &event, "2", "--round", "2", "--confirm"]);
    // Recorded once the round is published with it.
    assert!(comments(&event).is_empty());
    ok(&["event", "pair", &event]);
    assert_eq!(
        comments(&event),
        vec!["### FPB @ Round 2: player 2 given a full-point bye".to_string()]
    );
}

#[test]
fn a_second_half_point_bye_is_confirmed_first() {
    let dir = Scratch::new("fide-hpb");
    let event = event_with_rounds(&dir, 0);
    ok(&["event", "bye", &event, "4", "--round", "2", "--half"]);
    let (code, _, err) = arbiter(&["event", "bye", &event, "4", "--round", "3", "--half"]);
    assert_eq!(code, 3);
    assert!(
        err.contains("level-3 warning") && err.contains("half-point bye number 2"),
        "{err}"
    );
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
    let (code, _, err) = arbiter(&["event", "bye", &event, "4", "--round", "4", "--half"]);
    assert_eq!(code, 3);
    assert!(err.contains("half-point bye number 3"), "{err}");
    // Another player's first is no warning.
    ok(&["event", "bye", &event, "5", "--round", "3", "--half"]);
}

#[test]
fn in_fide_mode_only_the_round_before_the_last_paired_can_be_corrected() {
    let dir = Scratch::new("fide-correct");
    let event = event_with_rounds(&dir, 3);
    // The last round: an ordinary correction, no line.
    ok(&[
        "event",
        "result",
        &event,
        "1",
        "0-1",
        "--round",
        "3",
        "--correct",
    ]);
    assert!(comments(&event).is_empty());
    // The round before: round 3 was paired on it, so a warning and a line.
    let (code, _, err) = arbiter(&[
        "event",
        "result",
        &event,
        "2",
        "1-0",
        "--round",
        "2",
        "--correct",
    ]);
    assert_eq!(code, 3);
    assert!(err.contains("level-3 warning"), "{err}");
    assert!(err.contains("### Correction @ Round 2: board 2"), "{err}");
    ok(&[
        "event",
        "result",
        &event,
        "2",
        "1-0",
        "--round",
        "2",
        "--correct",
        "--confirm",
    ]);
    let lines = comments(&event);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("### Correction @ Round 2: board 2 (")
            && lines[0].ends_with("1/2 => 1-0; round 3 was paired with 1/2"),
        "{lines:?}"
    );
    // Earlier rounds stay as played in FIDE mode, confirmed or not.
    let (code, _, err) = arbiter(&[
        "event",
        "result",
        &event,
        "1",
        "0-1",
        "--round",
        "1",
        "--correct",
        "--confirm",
    ]);
    assert_eq!(code, 3);
    assert!(err.contains("earlier rounds stay as played"), "{err}");
    // An undo takes the correction and its line back.
    ok(&["event", "undo", &event]);
    assert!(comments(&event).is_empty());
    // Out of FIDE mode the old round can be corrected, confirmed and recorded.
    ok(&[
        "event",
        "fide-mode",
        &event,
        "--leave",
        "--reason",
        "a club event",
        "--confirm",
        "--confirm-again",
    ]);
    ok(&[
        "event",
        "result",
        &event,
        "1",
        "0-1",
        "--round",
        "1",
        "--correct",
        "--confirm",
    ]);
    let lines = comments(&event);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[1].starts_with("### Correction @ Round 1: board 1"),
        "{lines:?}"
    );
}

/// Exchange the colours of round `round` between players `a` and `b` in a
/// TRF's player lines (each round is ten characters from column 92).
fn flip_colours(trf: &str, round: usize, a: u32, b: u32) -> String {
    let col = 91 + (round - 1) * 10 + 5;
    trf.lines()
        .map(|l| {
            let number: Option<u32> = l
                .strip_prefix("001")
                .and_then(|r| r.get(1..8))
                .and_then(|n| n.trim().parse().ok());
            if number.is_some_and(|n| n == a || n == b) {
                let mut chars: Vec<char> = l.chars().collect();
                if let Some(c) = chars.get_mut(col) {
                    *c = if *c == 'w' { 'b' } else { 'w' };
                }
                chars.into_iter().collect()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

#[test]
fn imported_rounds_that_break_the_rules_are_confirmed_and_recorded() {
    let dir = Scratch::new("fide-import");
    let played = event_with_rounds(&dir, 2);
    let trf = ok(&["convert", &played, "--to", "trf26"]);
    // Round 2's board 1 with its colours exchanged: not what the rules give.
    let show = ok(&["event", "show", &played, "--round", "2"]);
    let board1: Vec<u32> = show
        .lines()
        .skip_while(|l| !l.starts_with("Round "))
        .nth(1)
        .map(|l| {
            l.split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect()
        })
        .unwrap_or_default();
    assert!(board1.len() >= 2, "{show}");
    let (white, black) = (board1[1], *board1.last().unwrap_or(&0));
    let bent = flip_colours(&trf, 2, white, black);
    assert_ne!(bent, trf, "{show}");
    let path = dir.join("bent.trf");
    std::fs::write(&path, &bent).unwrap();
    let path = path.display().to_string();
    let event = dir.join("imported.arbiter").display().to_string();
    let (code, _, err) = arbiter(&["event", "new", &event, "--from", &path]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("level-3 warning") && err.contains("### Import @ Round 2:"),
        "{err}"
    );
    assert!(!std::path::Path::new(&event).exists());
    ok(&["event", "new", &event, "--from", &path, "--confirm"]);
    let lines = comments(&event);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("### Import @ Round 2: "), "{lines:?}");
    // Still in FIDE mode after the import.
    assert!(ok(&["event", "fide-mode", &event]).contains("in FIDE mode"));
}
