//! Swiss-Manager formats against the real files in tests/fixtures/sm/.

use crate::tunx_events::FILES as TUNX;
use chess_arbiter::diag::codes;
use chess_arbiter::formats::encoding;
use chess_arbiter::formats::swiss_manager::{combine, pairings, players, text, tunx, xml};
use chess_arbiter::model::{ByeKind, Color, Outcome, PlayerId, Points, RoundEntry, Sex};
use std::path::PathBuf;

fn fixture(name: &str) -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sm")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

const PAIRING_FILES: [&str; 8] = [
    "pairings_round1_played.txt",
    "pairings_round3_unplayed.txt",
    "pairings_round4_we_wrote.txt",
    "pairings_rounds1-2_played.txt",
    "pairings_rounds3-4_played.txt",
    "probe_stale_pairing_sm_after.txt",
    "probe_stale_pairing_we_sent.txt",
    "tiebreak_probe_pairings_by_sm.txt",
];

#[test]
fn sm_pairing_files_round_trip_byte_exact() {
    for f in PAIRING_FILES {
        let bytes = fixture(f);
        assert!(pairings::sniff(&bytes), "{f}");
        let r = pairings::read(&bytes).unwrap_or_else(|e| panic!("{f}: {:?}", e.diagnostics));
        assert!(r.diagnostics.is_empty(), "{f}: {:?}", r.diagnostics);
        assert_eq!(pairings::write(&r.file).0, bytes, "{f}");
    }
}

#[test]
fn sm_pairing_file_results_byes_and_forfeits() {
    let r = pairings::read(&fixture("pairings_rounds3-4_played.txt")).unwrap();
    let mut t = Default::default();
    assert!(pairings::apply(&r.boards, &mut t).is_empty());
    let p = |n: u32| t.player(PlayerId(n)).unwrap().clone();
    // 3;4;0;0;5;8;1;0;K;1:0K
    assert_eq!(
        p(5).round(3),
        RoundEntry::Forfeit {
            opponent: PlayerId(8),
            color: Some(Color::White),
            won: true
        }
    );
    assert_eq!(
        p(8).round(3),
        RoundEntry::Forfeit {
            opponent: PlayerId(5),
            color: Some(Color::Black),
            won: false
        }
    );
    // 4;3;0;0;2;5;0;0;K;0:0K double forfeit
    assert!(matches!(
        p(2).round(4),
        RoundEntry::Forfeit { won: false, .. }
    ));
    assert!(matches!(
        p(5).round(4),
        RoundEntry::Forfeit { won: false, .. }
    ));
    // 3;5;0;0;6;-1;1;1;;1:1 bye
    assert_eq!(
        p(6).round(3),
        RoundEntry::Bye {
            bye: ByeKind::PairingAllocated
        }
    );
    // 3;2;0;0;1;3;0,5;0,5 draw
    assert!(matches!(
        p(3).round(3),
        RoundEntry::Played {
            outcome: Outcome::Draw,
            color: Color::Black,
            ..
        }
    ));
    // No round 1-2 data: padded as not paired.
    assert_eq!(p(1).rounds.len(), 4);
    assert_eq!(p(1).round(1), RoundEntry::NotPaired);
}

#[test]
fn sm_update_results_changes_only_results() {
    // Results of round 3 taken from the played export, written into the unplayed export.
    let played = pairings::read(&fixture("pairings_rounds3-4_played.txt")).unwrap();
    let mut t = Default::default();
    pairings::apply(&played.boards, &mut t);
    let mut unplayed = pairings::read(&fixture("pairings_round3_unplayed.txt"))
        .unwrap()
        .file;
    let d = pairings::update_results(&mut unplayed, &t, 3);
    assert!(d.is_empty(), "{d:?}");
    let out = String::from_utf8(pairings::write(&unplayed).0).unwrap();
    let expected =
        "Runde;Brett;IdentW;IdentS;NrW;NrS;ErgW;ErgS;Kontumaz;Erg;Mnr;ErgEloW;ErgEloS\r\n\
3;1;0;0;4;2;1;0;;1:0;0;;\r\n\
3;2;0;0;1;3;0,5;0,5;;0,5:0,5;0;;\r\n\
3;3;0;0;7;9;0;1;;0:1;0;;\r\n\
3;4;0;0;5;8;1;0;K;1:0K;0;;\r\n\
3;5;0;0;6;-1;0;0;;0:0;0;;\r\n";
    assert_eq!(out, expected);
    // A stale pairing is reported and left alone.
    let mut stale = pairings::read(&fixture("probe_stale_pairing_we_sent.txt"))
        .unwrap()
        .file;
    let before = stale.clone();
    let d = pairings::update_results(&mut stale, &t, 4);
    assert_eq!(d.len(), 2, "{d:?}");
    assert_eq!(stale.rows[0], before.rows[0]);
}

#[test]
fn sm_pairing_file_from_tournament_uses_sm_board_order() {
    // Rounds 1-2 with results, round 3 paired: writing round 3 must reproduce
    // Swiss-Manager's own export, board order included.
    let mut t = Default::default();
    for f in [
        "pairings_rounds1-2_played.txt",
        "pairings_round3_unplayed.txt",
    ] {
        let r = pairings::read(&fixture(f)).unwrap();
        assert!(pairings::apply(&r.boards, &mut t).is_empty());
    }
    let (file, d) = pairings::from_tournament(&t, 3);
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(
        pairings::write(&file).0,
        fixture("pairings_round3_unplayed.txt")
    );
}

#[test]
fn sm_pairing_file_errors_are_located() {
    let e = pairings::read(b"Runde;Brett;NrW\r\n").unwrap_err();
    assert!(
        e.diagnostics[0].message.contains("NrS"),
        "{:?}",
        e.diagnostics
    );
    let r = pairings::read(
        b"Runde;Brett;IdentW;IdentS;NrW;NrS;ErgW;ErgS;Kontumaz;Erg;Mnr;ErgEloW;ErgEloS\r\n1;1;0;0;x;2;1;0;;1:0;0;;\r\n1;2;0;0;3",
    )
    .unwrap();
    assert_eq!(r.diagnostics.len(), 2);
    assert_eq!(r.diagnostics[0].location.line, Some(2));
    assert_eq!(r.diagnostics[0].location.field.as_deref(), Some("NrW"));
    assert_eq!(r.diagnostics[1].location.line, Some(3));
    // Stable codes: a header without the needed columns is no pairing file;
    // an unreadable cell is a Swiss-Manager field error.
    assert_eq!(e.diagnostics[0].code, codes::UNRECOGNIZED_INPUT);
    assert!(r
        .diagnostics
        .iter()
        .all(|d| d.code == codes::SM_FIELD_SYNTAX));
}

/// The same kind of problem has the same code in every reader: a player on
/// two boards of a round is `paired-twice` in a pairing file as in a TRF.
#[test]
fn sm_player_on_two_boards_is_paired_twice() {
    let r =
        pairings::read(b"Runde;Brett;NrW;NrS;ErgW;ErgS\r\n1;1;1;2;1;0\r\n1;2;1;3;1;0\r\n").unwrap();
    // The reader refuses the second board (its row is not read) ...
    let got: Vec<_> = r
        .diagnostics
        .iter()
        .map(|d| (d.code, d.location.line))
        .collect();
    assert_eq!(
        got,
        vec![(codes::PAIRED_TWICE, Some(3))],
        "{:?}",
        r.diagnostics
    );
    assert_eq!(r.boards.len(), 1);
    // ... and boards given to `apply` by other means get the same code.
    let mut twice = r.boards.clone();
    twice.extend(r.boards.iter().cloned().map(|mut b| {
        b.black = Some(chess_arbiter::model::PlayerId(3));
        b
    }));
    let mut t = chess_arbiter::model::Tournament::default();
    let d = pairings::apply(&twice, &mut t);
    let got: Vec<_> = d.iter().map(|d| d.code).collect();
    assert_eq!(got, vec![codes::PAIRED_TWICE], "{d:?}");
    let p = players::read(b"Nr;Name;EloInt\r\n1;A, B;2x00\r\n").unwrap();
    let got: Vec<_> = p.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(got, vec![codes::SM_FIELD_SYNTAX], "{:?}", p.diagnostics);
}

#[test]
fn sm_player_file_reads_and_round_trips() {
    let bytes = fixture("players_round1.txt");
    assert!(players::sniff(&bytes));
    let r = players::read(&bytes).unwrap();
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.rows.len(), 14);
    assert_eq!(players::write(&r.file).0, bytes);
    let p = chess_arbiter::model::Player::from(r.rows[0].clone());
    assert_eq!(p.id, PlayerId(1));
    assert_eq!(p.name, "Brunner, Livia");
    assert_eq!(p.sex, Some(Sex::Female));
    assert_eq!(p.rating, Some(2447));
    assert_eq!(
        p.birth
            .and_then(|b| b.date())
            .map(|d| d.to_string())
            .as_deref(),
        Some("1992-06-01")
    );
    assert_eq!(p.rank, Some(1));
    assert_eq!(p.labels.get("sm.Wtg1").map(String::as_str), Some("1"));
    // `½` in Pkt
    assert_eq!(r.rows[4].points, Some(Points(5)));
    assert_eq!(r.rows[4].number, 5);
}

#[test]
fn sm_player_file_windows_1252() {
    let utf8 = String::from_utf8(fixture("players_round1.txt")).unwrap();
    let (cp, _) = encoding::encode(&utf8, text::Encoding::Windows1252, false);
    assert!(std::str::from_utf8(&cp).is_err());
    let r = players::read(&cp).unwrap();
    assert_eq!(r.file.encoding, text::Encoding::Windows1252);
    assert_eq!(r.rows[4].points, Some(Points(5)));
    assert_eq!(players::write(&r.file).0, cp);
}

#[test]
fn sm_player_and_pairing_files_make_a_tournament() {
    let pl = players::read(&fixture("players_round1.txt")).unwrap();
    let pa = pairings::read(&fixture("pairings_round1_played.txt")).unwrap();
    let (t, d) = combine(&pl, &pa);
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(t.players.len(), 14);
    // Swiss-Manager's own points equal the points of the rounds for every player.
    for p in &t.players {
        assert_eq!(p.points, Some(t.score(p, None)), "player {}", p.id);
        assert_eq!(p.rounds.len(), 1);
    }
    // The player file written from the model keeps the fields it can carry.
    let written = players::from_tournament(&t);
    let back = players::read(&players::write(&written).0).unwrap();
    assert_eq!(back.rows.len(), 14);
    assert_eq!(back.rows[4].points, Some(Points(5)));
    assert_eq!(back.rows[0].surname, "Brunner");
    assert_eq!(back.rows[0].sex, "W");
}

#[test]
fn sm_every_tunx_sample_reads() {
    for f in TUNX {
        let bytes = fixture(&format!("tunx/{f}"));
        assert!(tunx::sniff(&bytes), "{f}");
        let r = tunx::read(&bytes).unwrap_or_else(|e| panic!("{f}: {:?}", e.diagnostics));
        assert!(
            r.diagnostics.iter().all(|d| !d.is_error()),
            "{f}: {:?}",
            r.diagnostics
        );
        assert_eq!(
            r.tournament.players.len(),
            r.file.config.player_count as usize,
            "{f}"
        );
        assert!(!r.tournament.info.name.is_empty(), "{f}");
        // Every game is seen from both sides with opposite colours.
        for p in &r.tournament.players {
            for (i, e) in p.rounds.iter().enumerate() {
                if let Some(o) = e.opponent() {
                    let oe = r.tournament.player(o).unwrap().round(i + 1);
                    assert_eq!(oe.opponent(), Some(p.id), "{f} round {}", i + 1);
                }
            }
        }
    }
}

#[test]
fn sm_tunx_fields() {
    let r = tunx::read(&fixture("tunx/sample.TUNX")).unwrap();
    assert_eq!(r.file.tournament_id, 1378181);
    assert_eq!(r.tournament.info.name, "Circuito Sesc de Xadrez - 2026");
    assert_eq!(r.tournament.info.city, "Curitiba-PR");
    assert_eq!(r.tournament.total_rounds, Some(7));
    assert_eq!(r.file.config.tiebreaks, vec![11, 84, 84, 85, 61]);
    assert_eq!(
        r.tournament
            .info
            .start_date
            .map(|d| d.to_string())
            .as_deref(),
        Some("2026-03-28")
    );
    assert_eq!(r.tournament.rounds_recorded(), 7);

    let r = tunx::read(&fixture("tunx/aut_1384031.TUNX")).unwrap();
    let p = &r.tournament.players[0];
    assert_eq!(p.name, "Leitgeb, Julian");
    assert_eq!(p.rating, Some(2306));
    assert_eq!(p.national_ratings[0].rating, Some(2289));
    assert_eq!(p.fide_id.as_deref(), Some("1663771"));
    assert_eq!(p.birth.map(|b| (b.year, b.month)), Some((2008, None)));
    assert_eq!(p.labels.get("k_factor").map(String::as_str), Some("20"));
    assert_eq!(r.file.config.tiebreaks, vec![84, 84, 85, 68, 86]);
    assert_eq!(
        r.tournament.info.round_dates.last().copied().flatten(),
        r.tournament.info.end_date
    );
    // Seven pairing-allocated byes, one per round, scored.
    let byes = r
        .tournament
        .players
        .iter()
        .flat_map(|p| p.rounds.iter())
        .filter(|e| {
            **e == RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            }
        })
        .count();
    assert_eq!(byes, 7);

    // Women marked in the girls' round robin.
    let r = tunx::read(&fixture("tunx/srb_1386568.TUNX")).unwrap();
    assert!(r
        .tournament
        .players
        .iter()
        .all(|p| p.sex == Some(Sex::Female)));
    assert_eq!(r.tournament.info.tournament_type, "Round robin");

    // Half-point byes (FFFE + code 2) and the pending round 5 of the unfinished copy.
    let r = tunx::read(&fixture("tunx/2023_elllobregat_a_753347.TUNX")).unwrap();
    assert_eq!(r.tournament.players.len(), 210);
    let r = tunx::read(&fixture("tunx/abs_fem_1378181.TUNX")).unwrap();
    let pending = r
        .tournament
        .players
        .iter()
        .filter(|p| matches!(p.round(5), RoundEntry::Pending { .. }))
        .count();
    assert_eq!(pending, 24);
}

#[test]
fn sm_tunx_corrupt_input_gives_located_errors() {
    let bytes = fixture("tunx/sample.TUNX");
    let e = tunx::read(&bytes[..bytes.len() - 10]).unwrap_err();
    assert!(
        e.diagnostics[0].message.contains("directory"),
        "{:?}",
        e.diagnostics
    );
    let e = tunx::read(b"not a tunx").unwrap_err();
    assert!(e.diagnostics[0].message.contains("magic"));
    // Cut in the middle of the player section, directory kept.
    let mut cut = bytes[..8000].to_vec();
    cut.extend_from_slice(&bytes[bytes.len() - 36..]);
    let e = tunx::read(&cut).unwrap_err();
    assert!(e.diagnostics[0]
        .location
        .field
        .as_deref()
        .unwrap_or("")
        .starts_with("byte offset"));
}

mod tunx_props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn truncated_tunx_never_panics(cut in 0usize..18093) {
            let bytes = fixture("tunx/sample.TUNX");
            let _ = tunx::read(&bytes[..cut.min(bytes.len())]);
        }

        #[test]
        fn mutated_tunx_never_panics(edits in proptest::collection::vec((0usize..18093, any::<u8>()), 1..16)) {
            let mut bytes = fixture("tunx/sample.TUNX");
            let n = bytes.len();
            for (i, v) in edits {
                bytes[i % n] = v;
            }
            let _ = tunx::read(&bytes);
        }

        #[test]
        fn mutated_directory_never_panics(i in 0usize..36, v in any::<u8>()) {
            let mut bytes = fixture("tunx/aut_1384031.TUNX");
            let n = bytes.len();
            bytes[n - 36 + i] = v;
            let _ = tunx::read(&bytes);
        }
    }
}

#[test]
fn sm_xml_writer_snapshot_and_read_back() {
    let pl = players::read(&fixture("players_round1.txt")).unwrap();
    let pa = pairings::read(&fixture("pairings_round1_played.txt")).unwrap();
    let (t, _) = combine(&pl, &pa);
    let mut f = xml::from_tournament(&t);
    f.players.truncate(3);
    f.players[1].lastname = "Dubois & <Co>".into();
    let out = xml::write(&f);
    insta::assert_snapshot!("sm_xml_players", out);
    assert!(xml::sniff(out.as_bytes()));
    let (back, d) = xml::read(&out);
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(back, f);
    let (t2, d) = xml::to_tournament(&back);
    assert!(d.is_empty());
    assert_eq!(t2.players[0].name, "Brunner, Livia");
    assert_eq!(t2.players[0].sex, Some(Sex::Female));
}

#[test]
fn sm_xml_reader_keeps_unknown_attributes() {
    let (f, d) = xml::read(
        r#"<?xml version="1.0"?><Teams><Team TeamUniqueId="1" TeamLongname="SK A" Colour="red"/></Teams>"#,
    );
    assert_eq!(f.teams[0].long_name, "SK A");
    assert_eq!(
        f.teams[0].extra,
        vec![("Colour".to_string(), "red".to_string())]
    );
    assert_eq!(d.len(), 1);
    let (_, d) = xml::read("<Players><Player PlayerUniqueId=\"1\"></Players>");
    assert!(d.iter().any(|d| d.is_error()));
}

#[test]
fn sm_sniff_and_read_combined_in_either_order() {
    use chess_arbiter::formats::swiss_manager::{read_as, read_combined, sniff, SmFormat};
    let pl = fixture("players_round1.txt");
    let pa = fixture("pairings_round1_played.txt");
    assert_eq!(sniff(&pl), Some(SmFormat::Players));
    assert_eq!(sniff(&pa), Some(SmFormat::Pairings));
    assert_eq!(
        sniff(&fixture("tunx/isr_1385616.TUNX")),
        Some(SmFormat::Tunx)
    );
    assert_eq!(sniff(b"012 Some TRF"), None);
    let a = read_combined(&pl, &pa).unwrap();
    let b = read_combined(&pa, &pl).unwrap();
    assert_eq!(a.tournament, b.tournament);
    assert!(read_combined(&pl, &pl).is_err());
    let t = read_as(SmFormat::Tunx, &fixture("tunx/isr_1385616.TUNX")).unwrap();
    assert_eq!(t.tournament.players.len(), 6);
    assert_eq!(t.tournament.rounds_recorded(), 0);
}

#[test]
fn sm_pairing_file_rejects_absurd_round_numbers() {
    let r = pairings::read(
        b"Runde;Brett;IdentW;IdentS;NrW;NrS;ErgW;ErgS;Kontumaz;Erg;Mnr;ErgEloW;ErgEloS\r\n4000000000;1;0;0;1;2;1;0;;1:0;0;;\r\n",
    )
    .unwrap();
    assert!(r.boards.is_empty());
    assert_eq!(r.diagnostics[0].location.field.as_deref(), Some("Runde"));
}

#[test]
fn sm_compare_flags_rank_differences_but_not_points() {
    use chess_arbiter::render::sm_compare;
    use chess_arbiter::standings::{compute, StandingsOptions};
    let pl = players::read(&fixture("players_round1.txt")).unwrap();
    let pa = pairings::read(&fixture("pairings_round1_played.txt")).unwrap();
    let (t, _) = combine(&pl, &pa);
    let s = compute(&t, &StandingsOptions::default()).unwrap();
    let c = sm_compare::compare(&t, &s);
    assert_eq!(c.players, 14);
    // The file keeps 14 of 100 players, so Swiss-Manager's ranks are among 100 (player 1
    // is first in both); its points agree with the results everywhere.
    assert!(
        c.differences.iter().all(|d| d.what == "rank"),
        "{:?}",
        c.differences
    );
    assert!(!c.differences.iter().any(|d| d.player == PlayerId(1)));
    let d = c
        .differences
        .iter()
        .find(|d| d.player == PlayerId(5))
        .unwrap();
    assert_eq!((d.swiss_manager.as_str(), d.ours.as_str()), ("41", "7"));
    assert!(sm_compare::text(&t, &c).contains("13 difference(s) over 14 player(s)"));
}

#[test]
fn sm_every_tunx_converts_to_a_valid_trf() {
    use chess_arbiter::formats::trf;
    for f in TUNX {
        let r = tunx::read(&fixture(&format!("tunx/{f}"))).unwrap();
        for target in [trf::Target::Trf16, trf::Target::Trf26] {
            let w = trf::write(
                &r.tournament,
                &trf::WriteOptions::new()
                    .target(target)
                    .line_end(trf::LineEnd::CrLf),
            );
            // The reader's diagnostics and the consistency checks of `validate`
            // (as `arbiter validate` runs them).
            let back = trf::read(w.text.as_bytes(), &Default::default())
                .unwrap_or_else(|e| panic!("{f}: {:?}", e.diagnostics));
            let consistency = chess_arbiter::validate::check(&back.tournament, &back.source);
            let errors: Vec<_> = back
                .diagnostics
                .iter()
                .chain(&consistency)
                .filter(|d| d.is_error())
                .collect();
            assert!(errors.is_empty(), "{f} {target:?}: {errors:?}");
            assert_eq!(
                back.tournament.players.len(),
                r.tournament.players.len(),
                "{f}"
            );
            for (a, b) in r.tournament.players.iter().zip(&back.tournament.players) {
                assert_eq!(a.rounds, b.rounds, "{f} player {}", a.id);
                assert_eq!(
                    r.tournament.score(a, None),
                    back.tournament.score(b, None),
                    "{f}"
                );
            }
        }
    }
}

#[test]
fn sm_convert_cli_reads_and_writes_swiss_manager_formats() {
    let exe = env!("CARGO_BIN_EXE_arbiter");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sm");
    let run = |args: &[&str]| {
        let o = std::process::Command::new(exe).args(args).output().unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let p = |n: &str| dir.join(n).to_str().unwrap().to_string();
    // players.txt+pairings.txt -> json
    let combined = format!(
        "{}+{}",
        p("players_round1.txt"),
        p("pairings_round1_played.txt")
    );
    let (code, out, err) = run(&["convert", &combined, "--to", "json"]);
    assert_eq!(code, Some(0), "{err}");
    let t = chess_arbiter::formats::json::read(&out).unwrap();
    assert_eq!(t.players.len(), 14);
    // Pairing file back out of the combined input: the same bytes as Swiss-Manager's.
    let (code, out, err) = run(&["convert", &combined, "--to", "sm-pairings", "--round", "1"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out.as_bytes(),
        fixture("pairings_round1_played.txt").as_slice()
    );
    // TUNX -> TRF-2026 and the XML import file.
    let (code, out, _) = run(&["convert", &p("tunx/aut_1384031.TUNX"), "--to", "trf26"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("Leitgeb, Julian"));
    let (code, out, _) = run(&["convert", &p("tunx/aut_1384031.TUNX"), "--to", "sm-xml"]);
    assert_eq!(code, Some(0));
    assert!(out.contains(r#"Lastname="Leitgeb" Firstname="Julian""#));
    // TUNX cannot be written.
    let (code, _, _) = run(&["convert", &p("players_round1.txt"), "--to", "tunx"]);
    assert_ne!(code, Some(0));
}

#[test]
fn sm_board_order_matches_swiss_manager_probe() {
    // A TRF imported into Swiss-Manager and the pairing file it exported for round 3.
    use chess_arbiter::formats::trf;
    let r = trf::read(&fixture("tiebreak_probe_ours.trf"), &Default::default()).unwrap();
    let (f, d) = pairings::from_tournament(&r.tournament, 3);
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(
        String::from_utf8(pairings::write(&f).0).unwrap(),
        String::from_utf8(fixture("tiebreak_probe_pairings_by_sm.txt")).unwrap()
    );
}

/// Issue #32 item 12: in `a+b` input, a start number of the pairing file
/// that the player file does not have was reported but did not stop `pair`,
/// which paired a player of whom only the number was known. It is an error
/// at the pairing file's row that keeps the engines away.
#[test]
fn sm_pairing_file_number_missing_from_player_file_stops_pair() {
    let text = String::from_utf8(fixture("players_round1.txt")).unwrap();
    let players: String = text
        .split_inclusive('\n')
        .filter(|l| !l.starts_with("57;"))
        .collect();
    let dir = std::env::temp_dir().join(format!("arbiter-sm-missing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pl = dir.join("players.txt");
    std::fs::write(&pl, players).unwrap();
    let pa = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sm/pairings_round1_played.txt");
    let combined = format!("{}+{}", pl.display(), pa.display());
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["pair", &combined, "--system", "dutch-2017"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(o.stdout.is_empty(), "a pairing was written");
    assert!(
        err.contains(&format!(
            "{}, line 8 (NrW/NrS): expected start number 57 of the pairing file in the player file, found no such player",
            pa.display()
        )),
        "{err}"
    );
    assert!(err.contains("make the file unusable"), "{err}");
}
