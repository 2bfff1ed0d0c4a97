//! Synthetic FIDE rating lists in the published layouts, for tests and
//! measurements: made-up players, deterministic from a seed, plus any
//! players the caller writes in. The widths below are those of the published
//! files; the reader does not use them (it reads the header).

use std::io::{self, Write};

use crate::model::fide_list::{ListKind, ListMonth, ListPlayer, ListRating};
use crate::model::random::Seeded as Rng;
use crate::model::{Sex, Title};

/// Which published layout to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// `players_list_foa.txt`: standard, rapid and blitz on one line.
    CombinedTxt,
    /// `standard_rating_list.txt` and its rapid and blitz siblings: one
    /// kind, the rating column headed by the month (`NOV25`).
    SingleTxt(ListKind, ListMonth),
    /// `players_list_xml_foa.xml`.
    CombinedXml,
}

/// The combined TXT list's columns: label and width.
const COMBINED: [(&str, usize); 19] = [
    ("ID Number", 15),
    ("Name", 61),
    ("Fed", 4),
    ("Sex", 4),
    ("Tit", 5),
    ("WTit", 5),
    ("OTit", 15),
    ("FOA", 4),
    ("SRtng", 6),
    ("SGm", 4),
    ("SK", 3),
    ("RRtng", 6),
    ("RGm", 4),
    ("Rk", 3),
    ("BRtng", 6),
    ("BGm", 4),
    ("BK", 3),
    ("B-day", 6),
    ("Flag", 0),
];

const MONTHS: [&str; 12] = [
    "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
];

fn pad(s: &str, w: usize) -> String {
    if w == 0 {
        return s.to_string();
    }
    let mut t: String = s.chars().take(w.saturating_sub(1)).collect();
    while t.chars().count() < w {
        t.push(' ');
    }
    t
}

fn sex_code(s: Option<Sex>) -> &'static str {
    match s {
        Some(Sex::Male) => "M",
        Some(Sex::Female) => "F",
        None => "",
    }
}

fn title_code(t: &Option<Title>) -> String {
    t.as_ref().map(|t| t.code().to_string()).unwrap_or_default()
}

fn flag(p: &ListPlayer) -> String {
    let w = if p.sex == Some(Sex::Female) { "w" } else { "" };
    let i = if p.inactive { "i" } else { "" };
    format!("{w}{i}")
}

fn triple(r: Option<ListRating>) -> [String; 3] {
    match r {
        Some(r) => [
            r.rating.to_string(),
            r.games.to_string(),
            r.k.map(|k| k.to_string()).unwrap_or_default(),
        ],
        None => [String::new(), String::new(), String::new()],
    }
}

/// The header line of a TXT layout (no line end).
pub fn header(layout: Layout) -> String {
    match layout {
        Layout::CombinedTxt | Layout::CombinedXml => {
            COMBINED.iter().map(|(l, w)| pad(l, *w)).collect()
        }
        Layout::SingleTxt(_, m) => single_columns(m).iter().map(|(l, w)| pad(l, *w)).collect(),
    }
}

fn single_columns(m: ListMonth) -> Vec<(String, usize)> {
    let month = format!(
        "{}{:02}",
        MONTHS.get(m.month as usize - 1).copied().unwrap_or("JAN"),
        m.year.rem_euclid(100)
    );
    let mut v: Vec<(String, usize)> = COMBINED[..8]
        .iter()
        .map(|(l, w)| (l.to_string(), *w))
        .collect();
    v.extend([
        (month, 6),
        ("Gms".to_string(), 5),
        ("K".to_string(), 4),
        ("B-day".to_string(), 6),
        ("Flag".to_string(), 0),
    ]);
    v
}

/// One player's line (or element) in `layout`.
pub fn line(layout: Layout, p: &ListPlayer) -> String {
    let birth = p.birth_year.map(|y| y.to_string()).unwrap_or_default();
    let head = [
        p.fide_id.to_string(),
        p.name.clone(),
        p.federation.clone(),
        sex_code(p.sex).to_string(),
        title_code(&p.title),
        title_code(&p.women_title),
        p.other_titles.clone(),
        String::new(),
    ];
    match layout {
        Layout::CombinedTxt => {
            let [s, sg, sk] = triple(p.standard);
            let [r, rg, rk] = triple(p.rapid);
            let [b, bg, bk] = triple(p.blitz);
            let values: Vec<String> = head
                .into_iter()
                .chain([s, sg, sk, r, rg, rk, b, bg, bk, birth, flag(p)])
                .collect();
            COMBINED
                .iter()
                .zip(values)
                .map(|((_, w), v)| pad(&v, *w))
                .collect()
        }
        Layout::SingleTxt(kind, m) => {
            let [r, g, k] = triple(p.rating(kind));
            let values: Vec<String> = head.into_iter().chain([r, g, k, birth, flag(p)]).collect();
            single_columns(m)
                .iter()
                .zip(values)
                .map(|((_, w), v)| pad(&v, *w))
                .collect()
        }
        Layout::CombinedXml => {
            let [s, sg, sk] = triple(p.standard);
            let [r, rg, rk] = triple(p.rapid);
            let [b, bg, bk] = triple(p.blitz);
            let tags = [
                "fideid",
                "name",
                "country",
                "sex",
                "title",
                "w_title",
                "o_title",
                "foa_title",
                "rating",
                "games",
                "k",
                "rapid_rating",
                "rapid_games",
                "rapid_k",
                "blitz_rating",
                "blitz_games",
                "blitz_k",
                "birthday",
                "flag",
            ];
            let values = head
                .into_iter()
                .chain([s, sg, sk, r, rg, rk, b, bg, bk, birth, flag(p)]);
            let mut o = String::from("<player>");
            for (t, v) in tags.iter().zip(values) {
                if v.is_empty() {
                    o.push_str(&format!("<{t}/>"));
                } else {
                    o.push_str(&format!("<{t}>{}</{t}>", escape(&v)));
                }
            }
            o.push_str("</player>");
            o
        }
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

const SURNAMES: [&str; 8] = [
    "Novak", "Garcia", "Schmidt", "Rossi", "Dubois", "Kowalski", "Jensen", "Silva",
];
const GIVEN: [&str; 8] = [
    "Anna", "Marc", "Lena", "Pavel", "Sara", "Tomas", "Ines", "Jonas",
];
const FEDS: [&str; 8] = ["ESP", "GER", "FRA", "ITA", "POL", "NED", "ENG", "DEN"];

/// The `i`-th made-up player (FIDE ids from 900,000,000 up, so they never
/// meet the ids of real tests).
pub fn made_up(i: u64, seed: u64) -> ListPlayer {
    // One stream per player, so a player is the same whatever the list's length.
    let mut r = Rng::new(seed.rotate_left(32) ^ i);
    let female = r.below(5) == 0;
    let rated = |r: &mut Rng| {
        (r.below(3) != 0).then(|| ListRating {
            rating: 1400 + r.below(1300) as u16,
            games: r.below(12) as u32,
            k: Some([40, 20, 10][r.below(3) as usize]),
        })
    };
    ListPlayer {
        fide_id: 900_000_000 + i,
        name: format!(
            "{}{}, {}",
            SURNAMES[r.below(8) as usize],
            i,
            GIVEN[r.below(8) as usize]
        ),
        federation: FEDS[r.below(8) as usize].to_string(),
        sex: Some(if female { Sex::Female } else { Sex::Male }),
        title: (r.below(50) == 0).then_some(Title::FM),
        women_title: (female && r.below(20) == 0).then_some(Title::WFM),
        other_titles: String::new(),
        birth_year: Some(1940 + r.below(75) as i32),
        inactive: r.below(4) == 0,
        standard: rated(&mut r),
        rapid: rated(&mut r),
        blitz: rated(&mut r),
    }
}

/// Write a list: the header (TXT) or the root element (XML), `extra`
/// players first, then `n` made-up players. Line ends are CRLF for TXT, as
/// in the published files.
pub fn write<W: Write>(
    w: &mut W,
    layout: Layout,
    extra: &[ListPlayer],
    n: u64,
    seed: u64,
) -> io::Result<()> {
    let xml = layout == Layout::CombinedXml;
    if xml {
        w.write_all(b"<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n<playerslist>\r\n")?;
    } else {
        w.write_all(header(layout).as_bytes())?;
        w.write_all(b"\r\n")?;
    }
    for p in extra {
        w.write_all(line(layout, p).as_bytes())?;
        w.write_all(b"\r\n")?;
    }
    for i in 0..n {
        w.write_all(line(layout, &made_up(i, seed)).as_bytes())?;
        w.write_all(b"\r\n")?;
    }
    if xml {
        w.write_all(b"</playerslist>\r\n")?;
    }
    Ok(())
}
