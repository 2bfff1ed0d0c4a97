use std::collections::HashSet;
use std::io::{Cursor, Write};

use super::synthetic::{self, Layout};
use super::*;

fn known() -> Vec<ListPlayer> {
    vec![
        ListPlayer {
            fide_id: 1503014,
            name: "Carlsen, Magnus".into(),
            federation: "NOR".into(),
            sex: Some(Sex::Male),
            title: Some(Title::GM),
            women_title: None,
            other_titles: String::new(),
            birth_year: Some(1990),
            inactive: false,
            standard: Some(ListRating {
                rating: 2837,
                games: 0,
                k: Some(10),
            }),
            rapid: Some(ListRating {
                rating: 2823,
                games: 11,
                k: Some(20),
            }),
            blitz: None,
        },
        ListPlayer {
            fide_id: 24601,
            name: "Müller, Jörg".into(),
            federation: "GER".into(),
            sex: Some(Sex::Female),
            title: None,
            women_title: Some(Title::WIM),
            other_titles: "IA".into(),
            birth_year: Some(2009),
            inactive: true,
            standard: Some(ListRating {
                rating: 2105,
                games: 7,
                k: Some(40),
            }),
            rapid: None,
            blitz: Some(ListRating {
                rating: 1990,
                games: 3,
                k: Some(20),
            }),
        },
    ]
}

fn bytes(layout: Layout, n: u64) -> Vec<u8> {
    let mut v = Vec::new();
    synthetic::write(&mut v, layout, &known(), n, 7).unwrap();
    v
}

fn wanted() -> ReadOptions {
    ReadOptions {
        wanted: Some(HashSet::from([1503014, 24601, 900_000_003, 42])),
        ..ReadOptions::default()
    }
}

#[test]
fn combined_txt_round_trip_keeps_only_the_wanted() {
    let data = bytes(Layout::CombinedTxt, 50);
    let r = read(Cursor::new(data), "players_list_foa.txt", &wanted()).unwrap();
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.list.lines_read, 52);
    assert_eq!(r.list.only, None);
    assert_eq!(r.list.players.len(), 3);
    for p in known() {
        assert_eq!(r.list.players.get(&p.fide_id), Some(&p));
    }
    assert_eq!(
        r.list.players.get(&900_000_003),
        Some(&synthetic::made_up(3, 7))
    );
}

#[test]
fn single_txt_gives_month_and_kind() {
    let m = ListMonth::new(2025, 11).unwrap();
    let data = bytes(Layout::SingleTxt(ListKind::Rapid, m), 5);
    let r = read(Cursor::new(data), "rapid_rating_list.txt", &wanted()).unwrap();
    assert_eq!(r.list.month, Some(m));
    assert_eq!(r.list.only, Some(ListKind::Rapid));
    let c = &r.list.players[&1503014];
    assert_eq!(c.rapid.map(|x| (x.rating, x.k)), Some((2823, Some(20))));
    assert_eq!(c.standard, None);
    // the name of the file says the kind unless the options do
    let data = bytes(Layout::SingleTxt(ListKind::Blitz, m), 0);
    let opts = ReadOptions {
        kind: Some(ListKind::Blitz),
        ..wanted()
    };
    let r = read(Cursor::new(data), "list.txt", &opts).unwrap();
    assert_eq!(r.list.players[&24601].blitz.map(|x| x.rating), Some(1990));
}

#[test]
fn xml_round_trip() {
    let data = bytes(Layout::CombinedXml, 20);
    let r = read(Cursor::new(data), "players_list_xml_foa.xml", &wanted()).unwrap();
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.list.only, None);
    assert_eq!(r.list.lines_read, 22);
    for p in known() {
        assert_eq!(r.list.players.get(&p.fide_id), Some(&p));
    }
}

/// The XML fast path skips an unwanted player to its end tag unparsed once
/// the first player has shown the layout: later wanted players are read in
/// full, the combined layout is still seen when only a late player is
/// wanted, and every player is counted.
#[test]
fn xml_skips_unwanted_players_and_keeps_the_wanted_ones() {
    let data = bytes(Layout::CombinedXml, 30);
    let opts = ReadOptions {
        wanted: Some(HashSet::from([900_000_003, 900_000_029])),
        ..ReadOptions::default()
    };
    let r = read(Cursor::new(data), "players_list_xml_foa.xml", &opts).unwrap();
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.list.only, None);
    assert_eq!(r.list.lines_read, 32);
    assert_eq!(r.list.players.len(), 2);
    for i in [3, 29] {
        assert_eq!(
            r.list.players.get(&(900_000_000 + i)),
            Some(&synthetic::made_up(i, 7))
        );
    }
}

#[test]
fn zipped_lists_are_read() {
    for (layout, member) in [
        (Layout::CombinedTxt, "players_list_foa.txt"),
        (Layout::CombinedXml, "players_list_xml_foa.xml"),
    ] {
        let mut z = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let o = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        z.start_file(member, o).unwrap();
        z.write_all(&bytes(layout, 30)).unwrap();
        let data = z.finish().unwrap().into_inner();
        let r = read(Cursor::new(data), "players_list.zip", &wanted()).unwrap();
        assert_eq!(r.list.players.len(), 3, "{member}");
        assert_eq!(r.list.players[&24601].name, "Müller, Jörg");
    }
}

#[test]
fn windows_1252_names_are_decoded() {
    let mut data = bytes(Layout::CombinedTxt, 0);
    // re-encode the UTF-8 "ü" and "ö" of line 3 as Windows-1252
    let text = String::from_utf8(data.clone()).unwrap();
    let (enc, _, _) = encoding_rs::WINDOWS_1252.encode(&text);
    data = enc.into_owned();
    let r = read(Cursor::new(data), "l.txt", &wanted()).unwrap();
    assert_eq!(r.list.players[&24601].name, "Müller, Jörg");
}

#[test]
fn header_without_columns_is_refused() {
    let e = read(
        Cursor::new(b"hello world\r\n1 x\r\n".to_vec()),
        "x.txt",
        &wanted(),
    )
    .unwrap_err();
    assert_eq!(e.code, codes::UNRECOGNIZED_INPUT);
    assert!(e.to_string().contains("x.txt, line 1"), "{e}");
    let e = read(Cursor::new(b"<a/>".to_vec()), "x.xml", &wanted()).unwrap_err();
    assert_eq!(e.code, codes::UNRECOGNIZED_INPUT);
    let e = read(Cursor::new(b"PK\x03\x04junk".to_vec()), "x.zip", &wanted()).unwrap_err();
    assert_eq!(e.code, codes::UNRECOGNIZED_INPUT);
}

#[test]
fn unreadable_fields_are_located() {
    let text = String::from_utf8(bytes(Layout::CombinedTxt, 0)).unwrap();
    let bad = text.replacen("2837", "28x7", 1);
    let r = read(Cursor::new(bad.into_bytes()), "l.txt", &wanted()).unwrap();
    let d = &r.diagnostics[0];
    assert_eq!(d.code, codes::FIDE_LIST_SYNTAX);
    assert_eq!(
        d.to_string(),
        "error: l.txt, line 2, cols 114-119 (standard rating): expected a rating of up to 4 digits, found \"28x7\""
    );
    // the player is kept, without that rating
    assert_eq!(r.list.players[&1503014].standard, None);
}

#[test]
fn hostile_bytes_never_panic() {
    let samples: [&[u8]; 5] = [
        b"",
        b"\xff\xfe\x00",
        b"ID Number Name SRtng\n\xff\xff\xff\n99999999999999999999999 a 1\n",
        b"<playerslist><player><fideid>1</fideid><rating>x</rating>",
        b"<playerslist><player><fideid>",
    ];
    for s in samples {
        let _ = read(Cursor::new(s.to_vec()), "x", &ReadOptions::default());
    }
}
