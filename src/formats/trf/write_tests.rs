//! Tests of the TRF writer (`write.rs`).
use super::super::{read, LineEnd, ReadOptions, Target, WriteOptions};
use super::*;

const CANON: &str = "012 Test Open\r\n022 Utrecht\r\n042 2023/08/12\r\n052 2023/08/20\r\n062 3\r\n132                                                                                        23/08/12  23/08/13\r\n001    1 m GM Doe, Jane                         2500 NED     1234567 1990/01/01  1.5    1     2 w 1  0000 - H\r\n001    2 wWFM Roe, Rita                         2000 GER    23456789 1991/02/03  1.0    2     1 b 0  0000 - U\r\n001    3 m    Late, Larry                       1500 NED             2012/00/00  0.0    3  0000 - Z  0000 -  \r\n";

#[test]
fn canonical_file_round_trips_byte_for_byte() {
    let r = read(CANON.as_bytes(), &ReadOptions::default()).unwrap();
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let w = write(&r.tournament, &WriteOptions::default());
    assert_eq!(w.text, CANON);
    assert!(w.warnings.is_empty());
}

#[test]
fn line_end_choice() {
    let r = read(CANON.as_bytes(), &ReadOptions::default()).unwrap();
    let w = write(
        &r.tournament,
        &WriteOptions {
            target: Target::Trf16,
            line_end: LineEnd::Lf,
        },
    );
    assert_eq!(w.text, CANON.replace("\r\n", "\n"));
}

#[test]
fn extensions_per_target() {
    let mut t = read(CANON.as_bytes(), &ReadOptions::default())
        .unwrap()
        .tournament;
    t.total_rounds = Some(9);
    t.scoring = PointSystem::three_one_zero();
    let x = write(
        &t,
        &WriteOptions {
            target: Target::TrfX,
            ..Default::default()
        },
    );
    assert!(x.text.contains("\r\nXXR 9\r\n"));
    assert!(x
        .text
        .contains("XXS WW=3.0 BW=3.0 WD=1.0 BD=1.0 FW=3.0 PAB=3.0 HPB=1.0 FPB=3.0\r\n"));
    let bx = write(
        &t,
        &WriteOptions {
            target: Target::TrfBx,
            ..Default::default()
        },
    );
    assert!(bx.text.contains("BBW  3.0\r\nBBD  1.0\r\n"));
    let t26 = write(
        &t,
        &WriteOptions {
            target: Target::Trf26,
            ..Default::default()
        },
    );
    assert!(t26.text.contains("142 9\r\n162  W 3.0    D 1.0\r\n"));
    let t16 = write(&t, &WriteOptions::default());
    assert_eq!(t16.warnings.len(), 2);
    for w in [&x, &bx, &t26] {
        let back = read(w.text.as_bytes(), &ReadOptions::default())
            .unwrap()
            .tournament;
        assert_eq!(back.scoring, t.scoring);
        assert_eq!(back.total_rounds, Some(9));
    }
}

#[test]
fn registered_categories_round_trip_in_xxg() {
    let mut t = read(CANON.as_bytes(), &ReadOptions::default())
        .unwrap()
        .tournament;
    t.players[0].registered_category = Some("U13 Girls".into());
    for target in [Target::Trf26, Target::TrfX, Target::TrfBx] {
        let w = write(
            &t,
            &WriteOptions {
                target,
                ..Default::default()
            },
        );
        let id = t.players[0].id.0;
        assert!(
            w.text.contains(&format!("XXG {id:>4} U13 Girls\r\n")),
            "{}",
            w.text
        );
        let r = read(w.text.as_bytes(), &ReadOptions::default()).unwrap();
        assert_eq!(
            r.tournament.players[0].registered_category.as_deref(),
            Some("U13 Girls")
        );
        assert!(r.tournament.players[1].registered_category.is_none());
        assert!(r.tournament.extra_records.iter().all(|e| e.code != "XXG"));
    }
    let t16 = write(&t, &WriteOptions::default());
    assert!(!t16.text.contains("XXG"));
    assert!(t16.warnings.iter().any(|w| w.to_string().contains("XXG")));
}

/// Issue #32: an unknown result (a Swiss-Manager result code this program
/// does not know) was written `?` into TRF(bx), which bbpPairings refuses
/// ("Invalid line"); the engines' dialects get a draw, with the warning.
#[test]
fn unknown_result_is_written_as_the_engines_read_it() {
    use crate::model::PlayerId;
    let game = |id: u32, opp: u32, color| Player {
        id: PlayerId(id),
        name: format!("P{id}"),
        points: Some(Points::HALF),
        rounds: vec![RoundEntry::Unknown {
            opponent: PlayerId(opp),
            color,
        }],
        ..Default::default()
    };
    let t = Tournament {
        players: vec![game(1, 2, Color::White), game(2, 1, Color::Black)],
        ..Default::default()
    };
    for (target, cell) in [
        (Target::TrfBx, "2 w ="),
        (Target::TrfX, "2 w ="),
        (Target::Trf16, "2 w ?"),
        (Target::Trf26, "2 w ?"),
    ] {
        let w = write(
            &t,
            &WriteOptions {
                target,
                ..WriteOptions::default()
            },
        );
        assert!(w.text.contains(cell), "{target:?}:\n{}", w.text);
        assert!(
            w.warnings
                .iter()
                .any(|d| d.message.contains("unknown results")),
            "{target:?}: {:?}",
            w.warnings
        );
    }
}

/// Issue #32 item 7: the TRF16 report carried TRF-2026 `240` lines, so it
/// read back as TRF-2026. A file holds only its dialect's records; the
/// warning says where the byes went.
#[test]
fn trf26_records_are_left_out_of_other_dialects() {
    let src = "012 Test\r\n142 3\r\n001    1      A                                 2000                              1.0          2 w 1  0000 - H\r\n001    2      B                                 1900                              0.0          1 b 0\r\n240 H   2    1\r\n240 Z   3    2\r\n";
    let r = read(src.as_bytes(), &ReadOptions::default()).unwrap();
    for target in [Target::Trf16, Target::TrfX, Target::TrfBx] {
        let w = write(
            &r.tournament,
            &WriteOptions {
                target,
                ..WriteOptions::default()
            },
        );
        assert!(!w.text.contains("\r\n240"), "{target:?}:\n{}", w.text);
        let msgs: Vec<&str> = w.warnings.iter().map(|d| d.message.as_str()).collect();
        assert!(
            msgs.iter()
                .any(|m| m.contains("record 240") && m.contains("player 2 round 3")),
            "{target:?}: {msgs:?}"
        );
    }
    let trf26 = WriteOptions {
        target: Target::Trf26,
        ..WriteOptions::default()
    };
    let w = write(&r.tournament, &trf26);
    assert!(w.text.contains("\r\n240 H   2    1\r\n"), "{}", w.text);
}

/// A Swiss-Manager club or K factor has no TRF record: every dialect names the
/// keys and the number of players instead of dropping them without a word.
#[test]
fn player_labels_are_named_when_lost() {
    let mut t = read(CANON.as_bytes(), &ReadOptions::default())
        .unwrap()
        .tournament;
    t.players[0]
        .labels
        .insert("sm.club".into(), "SC Utrecht".into());
    t.players[1].labels.insert("k_factor".into(), "40".into());
    for target in [Target::Trf16, Target::Trf26, Target::TrfX, Target::TrfBx] {
        let w = write(
            &t,
            &WriteOptions {
                target,
                ..Default::default()
            },
        );
        let lost: Vec<&Diagnostic> = w
            .warnings
            .iter()
            .filter(|d| d.location.field.as_deref() == Some("players.labels"))
            .collect();
        assert_eq!(lost.len(), 1, "{target:?}: {:?}", w.warnings);
        assert!(
            lost[0].message.contains("sm.club, k_factor")
                && lost[0].message.contains("of 2 player(s)"),
            "{}",
            lost[0].message
        );
    }
}
