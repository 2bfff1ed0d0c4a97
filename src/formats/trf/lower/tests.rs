use crate::formats::trf::{read, ReadOptions, TrfRead};
use crate::model::{ByeKind, Color, Outcome, PlayerId, RoundEntry, Sex, Title};

const P1: &str = "001    1 m    Doe, Jane                         2100 FRA    12345678 1990/01/01  1.0    1     2 w 1";
const P2: &str = "001    2 wWFM Roe, Rita                         2000 GER    23456789 1991/02/03  0.0    2     1 b 0";

fn rd(s: &str) -> TrfRead {
    read(s.as_bytes(), &ReadOptions::default()).unwrap()
}

#[test]
fn reads_players_and_headers() {
    let r = rd(&format!(
        "012 Test Open\n042 2023/08/12\nXXR 9\n{P1}\n{P2}\n"
    ));
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let t = &r.tournament;
    assert_eq!(t.info.name, "Test Open");
    assert_eq!(t.total_rounds, Some(9));
    assert_eq!(t.players.len(), 2);
    let p = &t.players[1];
    assert_eq!(p.id, PlayerId(2));
    assert_eq!(p.sex, Some(Sex::Female));
    assert_eq!(p.title, Some(Title::WFM));
    assert_eq!(p.name, "Roe, Rita");
    assert_eq!(p.rating, Some(2000));
    assert_eq!(p.fide_id.as_deref(), Some("23456789"));
    assert_eq!(
        p.rounds,
        vec![RoundEntry::Played {
            opponent: PlayerId(1),
            color: Color::Black,
            outcome: Outcome::Loss,
            short: false
        }]
    );
    assert_eq!(r.source.player_lines.get(&PlayerId(2)), Some(&5));
    assert_eq!(r.source.header_lines.get("XXR"), Some(&3));
    assert!(r.dialect.javafo);
}

#[test]
fn reports_bad_rating_with_columns() {
    let bad = P1.replace("2100", "2a00");
    let r = rd(&format!("012 T\n{bad}\n{P2}\n"));
    let msgs: Vec<String> = r.diagnostics.iter().map(|d| d.to_string()).collect();
    assert!(
        msgs.contains(
            &"error: line 2, cols 49-52 (rating): expected up to 4 digits, found \"2a00\""
                .to_string()
        ),
        "{msgs:?}"
    );
}

#[test]
fn reads_byes_of_every_era() {
    let r = rd(&format!("012 T\n{}\n", "001    1      A                                                                  0.0       0000 - H  0000 - +  0000 - =  0000 - -  0000 - U            0000 - Z         -"));
    let e = &r.tournament.players[0].rounds;
    assert_eq!(
        e,
        &vec![
            RoundEntry::Bye { bye: ByeKind::Half },
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated
            },
            RoundEntry::Bye { bye: ByeKind::Half },
            RoundEntry::NotPaired,
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated
            },
            RoundEntry::NotPaired,
            RoundEntry::Bye { bye: ByeKind::Zero },
            RoundEntry::NotPaired,
        ]
    );
}

#[test]
fn xxz_becomes_the_next_rounds_entry() {
    let r = rd(&format!("012 T\n{P1}\n{P2}\nXXZ 2\n"));
    assert_eq!(
        r.tournament.players[1].rounds.get(1),
        Some(&RoundEntry::Bye { bye: ByeKind::Zero })
    );
    assert_eq!(r.tournament.players[0].rounds.len(), 1);
    assert_eq!(r.tournament.extra_records.len(), 1);
}

#[test]
fn vega_byte_padding_is_detected() {
    // "Müller" padded to 33 bytes: one character short.
    let name = format!("{:<32}", "Müller, Tobias");
    let a = format!("001    1 m    {name} 2044 SUI             1988/01/30  1.0    1     2 w 1");
    let b = "001    2 m    Chen, Wei                         2150 SUI             1995/11/23  0.0    2     1 b 0";
    let r = rd(&format!("012 T\n{a}\n{b}\n"));
    assert!(r.dialect.byte_padded);
    assert_eq!(r.tournament.players[0].rating, Some(2044));
    assert_eq!(r.tournament.players[0].rounds.len(), 1);
    assert!(
        r.diagnostics.iter().all(|d| !d.is_error()),
        "{:?}",
        r.diagnostics
    );
}

#[test]
fn rejects_input_without_records() {
    let e = read(b"hello\nworld\n", &ReadOptions::default()).unwrap_err();
    assert_eq!(e.diagnostics.len(), 1);
    assert!(read(b"", &ReadOptions::default()).is_err());
}

/// Issue #18: a field written one column late runs into the blank after it.
/// Its own columns then hold a different value (1963/04/1 for 1963/04/13):
/// the value is not stored, the text as written is kept in a label, and the
/// error names the columns. A name that runs on is kept whole, with a warning.
#[test]
fn a_field_running_into_its_separator_is_an_error_not_a_different_value() {
    let shifted =
        "001    1 mGM  Kasparov, Garry                   2851 RUS 4100018363   1963/04/13 4.0    1";
    let r = rd(&format!("012 T\n{shifted}\n"));
    let p = &r.tournament.players[0];
    assert_eq!(p.birth, None, "a truncated birth date was stored");
    assert_eq!(
        p.labels.get("trf.verbatim.birth_date").map(String::as_str),
        Some("1963/04/13")
    );
    assert_eq!(p.rating, Some(2851), "fields before the shift are read");
    let e: Vec<_> = r.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(e.len(), 1, "{:?}", r.diagnostics);
    assert_eq!(e[0].location.line, Some(2));
    assert_eq!(e[0].location.cols, Some((70, 80)));
    assert!(e[0]
        .message
        .contains("found \"1963/04/13\" running on into column 80"));

    // P1 with a 34-character name: columns 15-48, one into the blank at 48.
    let long_name = format!(
        "{}{}{}",
        &P1[..14],
        "Abcdefghij Klmnopqrst Uvwxyzabcdef",
        &P1[48..]
    );
    let r = rd(&format!("012 T\n{long_name}\n"));
    let p = &r.tournament.players[0];
    assert_eq!(p.name, "Abcdefghij Klmnopqrst Uvwxyzabcdef");
    assert_eq!(p.rating, Some(2100));
    assert!(
        r.diagnostics.iter().all(|d| !d.is_error()),
        "{:?}",
        r.diagnostics
    );
    assert!(r
        .diagnostics
        .iter()
        .any(|d| d.message.contains("kept as written")));
}

/// #18: in a team file, `0000 - -` and `0000 -` with a blank result are a
/// board player's known absence (zero-point bye), not a blank round; an
/// individual file keeps reading them as before.
#[test]
fn team_absences_are_zero_point_byes_not_blank_rounds() {
    let p1 = "001    1 m    Doe, Jane                         2100 FRA    12345678 1990/01/01  1.0    1     2 w 1  0000 - -  0000 -  ";
    let p2 = "001    2 m    Roe, Rick                         2000 GER    23456789 1991/02/03  0.0    2     1 b 0  0000 - -  0000 -  ";
    let teams = "310   1 Alpha                            FRA     2100    2      1.0   1     1\n310   2 Beta                             GER     2000    0      0.0   2     2";
    let r = rd(&format!("012 T\n{p1}\n{p2}\n{teams}\n"));
    let z = RoundEntry::Bye { bye: ByeKind::Zero };
    for p in &r.tournament.players {
        assert_eq!(&p.rounds[1..], &[z, z], "{}", p.name);
    }
    let r = rd(&format!("012 T\n{p1}\n{p2}\n"));
    assert_eq!(r.tournament.players[0].rounds[1], RoundEntry::NotPaired);
}

/// Issue #32: `XXC rank` (lichess-swiss-j8rtJ5GL.trf) was ignored without a
/// word, while bbpPairings honours it.
#[test]
fn xxc_rank_is_said_not_honoured_at_its_line() {
    let r = rd(&format!("012 Test\nXXC rank white1\n{P1}\n{P2}\n"));
    assert_eq!(r.tournament.initial_color, Some(Color::White));
    let d: Vec<_> = r
        .diagnostics
        .iter()
        .filter(|d| d.message.contains("XXC rank"))
        .collect();
    assert_eq!(d.len(), 1, "{:?}", r.diagnostics);
    assert_eq!(d[0].location.line, Some(2));
    assert!(d[0].message.contains("not honoured"), "{}", d[0].message);
}
