//! Swiss-Manager binary tournament files (`.TUNX`; `.TURX` round robin shares the
//! layout; team files `.TUTX`/`.TUMX` only as far as their header, configuration and
//! schedule): read-only, best effort.
//!
//! Team events (type codes 2 and 3) add a team section and a team pairing
//! section, read in `tunx_team`.
//!
//! Layout as re-derived against the fixtures in `tests/fixtures/sm/tunx/` (sample names
//! in brackets prove each fact; docs/swiss-manager.md §3 gives the public write-ups):
//! - integers are little-endian; a string is a u16 count of UTF-16 code units followed by
//!   UTF-16LE text (all samples; Cyrillic in `srb_1386568`, umlauts in `aut_1384031`);
//! - sections start with `<tag> FF 89 44`; the last 36 bytes are the directory: tag `D3`,
//!   seven u32 section offsets, tag `E3`. Individual files list schedule (`A3`), players
//!   (`A5`), boards (`B3`) and the directory itself; the team file `cro_1386026` lists six
//!   offsets (the extra `B5`/`C3` team sections are not decoded and are reported);
//! - header: 108 fixed bytes (magic `93 FF 89 44`, u32 at 0x20 = chess-results id, e.g.
//!   1378181 in `abs_fem_1378181`), then 132 strings: 0 name, 5 venue, 10 city, 14 time
//!   control, 20 federation, 21 chief arbiter, 35 deputy arbiters (`aut_1384031`,
//!   `2023_elllobregat_a_753347`); the configuration section (`95`) follows directly;
//! - configuration, offsets from its marker: u16 @15 type (0 Swiss, 1 round robin in
//!   `srb_1386568`/`albanian_roundrobin_1381000`, 2 team round robin in `cro_1386026`),
//!   u16 @23 player count, u16 @27 rounds, u16 @31 number of tie-breaks and u16 @33… their
//!   Swiss-Manager numbers (`sample`: 11, 84, 84, 85, 61; their parameter slots in
//!   `tunx_tiebreaks`), u32 @75/@79 start/end date as
//!   YYYYMMDD, u32 @1275 FIDE event id (0 when not rated);
//! - schedule: per round 16 strings (string 0 = start time, `aut_1384031` "09:00") and a
//!   76-byte block: u16 @6 = number of board records of the round (their sum equals the
//!   board count in every sample), u32 @18 = round date (`2023_elllobregat_a_753347`: nine
//!   rounds 30 Nov…8 Dec, last on the end date; `aut_1384031` likewise). u32 @14 is another
//!   date-like value whose meaning is unknown (kept);
//! - player record = 18 strings (0 surname, 1 given name, 3 short name, 4 title,
//!   5 national id, 9 club, 10 federation, 11/12 groups, 17 type) + 134-byte block:
//!   byte @30 = 1 for women (the women titled players of `2023_elllobregat_a_753347`, all of
//!   `srb_1386568` girls U14; 0 is read as "not stated"), u16 @32 FIDE rating and u16 @34
//!   national rating (`aut_1384031`: unrated FIDE players have 0 @32 and a national
//!   rating), u32 @38 birth date YYYYMMDD with 0000 for unknown month/day, u32 @48 FIDE id,
//!   u16 @82 K factor (`aut_1384031`: 20 for the two players above 2300, 40 for juniors,
//!   0 for unrated). Other non-zero offsets (42, 46, 56, 74, 76, 78, 80, 98) are undecoded;
//!   u16 @80 is **not** the rank (checked against the scores of `aut_1384031`). Record
//!   order is the start number (`aut_1384031` is sorted by rating);
//! - board record = 21 bytes: u16 white and u16 black record number (1-based), u8 result,
//!   16 bytes undecoded (zero in all but one record of `2023_elllobregat_a_753347`).
//!   Black `FFFF` = pairing-allocated bye (result 9 scored, 0 not yet), black `FFFE` = not
//!   paired with result 3 (absent, zero points), 2 (half-point bye) or 0 (no entry).
//!   Game results: 0 not entered, 1 white wins, 2 draw, 3 black wins, 4 white wins by
//!   forfeit, 5 black wins by forfeit, 6 double forfeit (codes 0–5 in `sample`; 6 and the
//!   key 7 = adjourned from Swiss-Manager's result-entry keys, docs §3.2). Any other code is
//!   kept, reported, and read as an unknown result.

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::{
    BirthDate, ByeKind, Color, NationalRating, Outcome, Player, PlayerId, RoundEntry, Sex, Title,
    Tournament, TournamentInfo,
};
use chrono::NaiveDate;

use super::tunx_wire::{at, at_code, u16_at, u32_at, warn, Cur};
pub use super::tunx_wire::{
    BoardRecord, Config, PlayerRecord, ScheduleEntry, TeamPairing, TeamRecord, TunxFile,
};

const MAGIC: [u8; 3] = [0xFF, 0x89, 0x44];
const HEADER_FIXED: usize = 108;
const HEADER_STRINGS: usize = 132;
const SCHEDULE_STRINGS: usize = 16;
const SCHEDULE_BLOCK: usize = 76;
const PLAYER_STRINGS: usize = 18;
const PLAYER_BLOCK: usize = 134;
const BOARD_RECORD: usize = 21;
/// Player-block offsets whose meaning is known (see the module docs).
/// Bytes 52-55 (team record number, roster board) are the team layer's
/// (`tunx_team`).
const PLAYER_KNOWN: [std::ops::Range<usize>; 7] =
    [30..31, 32..34, 34..36, 38..42, 48..52, 52..56, 82..84];

/// The result of [`read`].
#[derive(Debug, Clone)]
pub struct TunxRead {
    /// The file as stored: every section, decoded fields beside the raw bytes.
    pub file: TunxFile,
    /// The tournament built from it.
    pub tournament: Tournament,
    /// Every problem found (undecoded sections, unknown codes ...), located by byte offset.
    pub diagnostics: Vec<Diagnostic>,
}

/// Nothing usable could be read: the diagnostics say where and why (one type
/// for every Swiss-Manager reader).
pub use super::ReadError;

/// Starts with the Swiss-Manager header magic?
pub fn sniff(bytes: &[u8]) -> bool {
    bytes.len() >= 4 && bytes[0] == 0x93 && bytes[1..4] == MAGIC
}

/// Swiss-Manager's label for a tie-break number, where known (the one table is
/// [`crate::model::swiss_manager_tiebreaks`]); the parameters are read in
/// `tunx_tiebreaks`.
pub fn tiebreak_label(n: u16) -> Option<&'static str> {
    crate::model::swiss_manager_tiebreaks::lookup(n).map(|t| t.label)
}

fn marker(b: &[u8], o: usize) -> Option<u8> {
    let m = b.get(o..o + 4)?;
    (m[1..] == MAGIC).then_some(m[0])
}

fn ymd(v: u32) -> Option<(i32, u32, u32)> {
    (v != 0).then_some(((v / 10000) as i32, (v / 100) % 100, v % 100))
}

fn date(v: u32) -> Option<NaiveDate> {
    let (y, m, d) = ymd(v)?;
    NaiveDate::from_ymd_opt(y, m, d)
}

/// Read a .TUNX (or .TURX/.TUTX/.TUMX) file.
pub fn read(bytes: &[u8]) -> Result<TunxRead, ReadError> {
    let mut diags = Vec::new();
    let file = parse(bytes, &mut diags).map_err(|d| {
        diags.push(*d);
        ReadError {
            diagnostics: diags.clone(),
        }
    })?;
    let tournament = to_tournament(&file, &mut diags);
    Ok(TunxRead {
        file,
        tournament,
        diagnostics: diags,
    })
}

fn parse(b: &[u8], diags: &mut Vec<Diagnostic>) -> Result<TunxFile, Box<Diagnostic>> {
    if !sniff(b) {
        return Err(at_code(
            codes::UNRECOGNIZED_INPUT,
            0,
            format!(
                "expected the swiss-manager magic 93 ff 89 44, found {:02x?}",
                b.get(..4.min(b.len())).unwrap_or(&[])
            ),
        ));
    }
    let len = b.len();
    if len < HEADER_FIXED + 36 {
        return Err(at(
            len,
            format!("expected at least {} bytes, found {len}", HEADER_FIXED + 36),
        ));
    }
    let dir_at = len - 36;
    if marker(b, dir_at) != Some(0xD3) || marker(b, len - 4) != Some(0xE3) {
        return Err(at(
            dir_at,
            "expected the directory (d3 ff 89 44 … e3 ff 89 44) in the last 36 bytes, found other bytes; the file is truncated or not a tournament file".into(),
        ));
    }
    let mut directory = [0u32; 7];
    for (i, d) in directory.iter_mut().enumerate() {
        *d = u32_at(b, dir_at + 4 + 4 * i);
    }
    // Section bounds: sorted non-zero offsets, each running to the next one.
    let mut offs: Vec<usize> = directory
        .iter()
        .filter(|o| **o != 0)
        .map(|o| *o as usize)
        .collect();
    offs.sort_unstable();
    offs.dedup();
    let mut sections: Vec<(u8, usize, usize)> = Vec::new();
    for (i, &o) in offs.iter().enumerate() {
        let end = offs.get(i + 1).copied().unwrap_or(len);
        if o > dir_at || end > len {
            return Err(at(
                dir_at,
                format!("expected section offsets inside the file, found {o:#x}"),
            ));
        }
        match marker(b, o) {
            Some(tag) => sections.push((tag, o, end)),
            None => return Err(at(
                o,
                "expected a section marker ?? ff 89 44 at a directory offset, found other bytes"
                    .into(),
            )),
        }
    }
    let find = |tag: u8| sections.iter().find(|s| s.0 == tag).copied();
    let (Some(sched), Some(pl), Some(bo)) = (find(0xA3), find(0xA5), find(0xB3)) else {
        return Err(at(dir_at, "expected schedule (a3), player (a5) and board (b3) sections in the directory, found fewer".into()));
    };

    // Header.
    let mut c = Cur {
        b,
        pos: 0,
        end: sched.1,
    };
    let header_fixed = c.bytes(HEADER_FIXED, "header")?.to_vec();
    let tournament_id = u32_at(&header_fixed, 0x20);
    let mut header_strings = Vec::with_capacity(HEADER_STRINGS);
    for i in 0..HEADER_STRINGS {
        header_strings.push(c.string(&format!("header string {i}"))?);
    }
    // Configuration.
    let cfg_at = c.pos;
    if marker(b, cfg_at) != Some(0x95) {
        return Err(at(cfg_at, "expected the configuration marker 95 ff 89 44 after the header strings, found other bytes".into()));
    }
    let raw = b.get(cfg_at + 4..sched.1).unwrap_or(&[]).to_vec();
    let cf = |o: usize| u16_at(b, cfg_at + o);
    let ntb = cf(31) as usize;
    if ntb > 9 {
        return Err(at(
            cfg_at + 31,
            format!("expected at most 9 tie-breaks, found {ntb}"),
        ));
    }
    if raw.len() < 1279 {
        return Err(at(
            cfg_at,
            format!(
                "expected a configuration section of at least 1283 bytes, found {}",
                raw.len() + 4
            ),
        ));
    }
    let config = Config {
        kind: cf(15),
        player_count: cf(23),
        rounds: cf(27),
        tiebreaks: (0..ntb).map(|i| cf(33 + 2 * i)).collect(),
        start_date: u32_at(b, cfg_at + 75),
        end_date: u32_at(b, cfg_at + 79),
        fide_event_id: u32_at(b, cfg_at + 1275),
        teams: cf(51),
        boards_per_match: cf(53),
        raw,
    };

    // Schedule.
    let mut c = Cur {
        b,
        pos: sched.1 + 4,
        end: sched.2,
    };
    let mut schedule = Vec::new();
    while c.pos < c.end {
        let r = schedule.len() + 1;
        let mut strings = Vec::with_capacity(SCHEDULE_STRINGS);
        for i in 0..SCHEDULE_STRINGS {
            strings.push(c.string(&format!("round {r} schedule string {i}"))?);
        }
        let block = c
            .bytes(SCHEDULE_BLOCK, &format!("round {r} schedule block"))?
            .to_vec();
        schedule.push(ScheduleEntry {
            strings,
            boards: u16_at(&block, 6),
            date: u32_at(&block, 18),
            team_pairings: u16_at(&block, 8),
            block,
        });
    }
    if schedule.len() != config.rounds as usize {
        diags.push(warn(
            codes::SM_FIELD_SYNTAX,
            "schedule",
            format!(
                "expected {} schedule entries (configured rounds), found {}",
                config.rounds,
                schedule.len()
            ),
        ));
    }

    // Players.
    let mut c = Cur {
        b,
        pos: pl.1 + 4,
        end: pl.2,
    };
    let mut players = Vec::new();
    while c.pos < c.end {
        let n = players.len() + 1;
        let offset = c.pos;
        let mut strings = Vec::with_capacity(PLAYER_STRINGS);
        for i in 0..PLAYER_STRINGS {
            strings.push(c.string(&format!("player record {n} string {i}"))?);
        }
        let block = c
            .bytes(PLAYER_BLOCK, &format!("player record {n} block"))?
            .to_vec();
        players.push(PlayerRecord {
            offset,
            strings,
            block,
        });
    }
    if players.len() != config.player_count as usize {
        diags.push(warn(
            codes::SM_FIELD_SYNTAX,
            "players",
            format!(
                "expected {} player records (configured count), found {}",
                config.player_count,
                players.len()
            ),
        ));
    }

    // Boards, split into rounds by the schedule counts.
    let body = b.get(bo.1 + 4..bo.2).unwrap_or(&[]);
    if body.len() % BOARD_RECORD != 0 {
        return Err(at(
            bo.1,
            format!(
                "expected board records of {BOARD_RECORD} bytes, found a section of {} bytes",
                body.len()
            ),
        ));
    }
    let total: usize = schedule.iter().map(|s| s.boards as usize).sum();
    let count = body.len() / BOARD_RECORD;
    if total != count {
        return Err(at(
            bo.1,
            format!("expected {total} board records (sum of the schedule counts), found {count}"),
        ));
    }
    let mut boards = Vec::with_capacity(count);
    let mut recs = body.chunks_exact(BOARD_RECORD).enumerate();
    for (ri, s) in schedule.iter().enumerate() {
        for _ in 0..s.boards {
            let Some((i, r)) = recs.next() else { break };
            let mut rest = [0u8; 16];
            rest.copy_from_slice(r.get(5..21).unwrap_or(&[0; 16]));
            boards.push(BoardRecord {
                offset: bo.1 + 4 + i * BOARD_RECORD,
                round: ri as u32 + 1,
                white: u16_at(r, 0),
                black: u16_at(r, 2),
                result: r.get(4).copied().unwrap_or(0),
                rest,
            });
        }
    }

    let (teams, team_pairings) = match (find(0xB5), find(0xC3)) {
        (Some(t), Some(p)) => (
            super::tunx_team::parse_teams(b, t.1, t.2, &config, diags)?,
            super::tunx_team::parse_pairings(b, p.1, p.2, &schedule)?,
        ),
        _ => (Vec::new(), Vec::new()),
    };
    let decoded: &[u8] = if find(0xB5).is_some() && find(0xC3).is_some() {
        &[0xA3, 0xA5, 0xB3, 0xB5, 0xC3, 0xD3]
    } else {
        &[0xA3, 0xA5, 0xB3, 0xD3]
    };
    let mut other_sections = Vec::new();
    for (tag, o, end) in &sections {
        if !decoded.contains(tag) {
            let bytes = b.get(o + 4..*end).unwrap_or(&[]).to_vec();
            diags.push(warn(
                codes::SM_UNDECODED,
                format!("section {tag:02x}"),
                format!(
                    "section {tag:02x} at {o:#x} ({} bytes) is not decoded; kept unread",
                    bytes.len()
                ),
            ));
            other_sections.push((*tag, *o as u32, bytes));
        }
    }
    Ok(TunxFile {
        header_fixed,
        tournament_id,
        header_strings,
        config,
        schedule,
        players,
        boards,
        teams,
        team_pairings,
        directory,
        other_sections,
    })
}

impl From<&PlayerRecord> for Player {
    /// Without the start number, which is the record position.
    fn from(r: &PlayerRecord) -> Player {
        let s = |i: usize| {
            r.strings
                .get(i)
                .map(|x| x.trim().to_string())
                .unwrap_or_default()
        };
        let (surname, given) = (s(0), s(1));
        let name = match (surname.is_empty(), given.is_empty()) {
            (false, false) => format!("{surname}, {given}"),
            (false, true) => surname,
            _ => given,
        };
        let b = &r.block;
        let fed = s(10);
        let mut labels = std::collections::BTreeMap::new();
        for (i, k) in [
            (3, "sm.short_name"),
            (9, "sm.club"),
            (11, "sm.group"),
            (12, "sm.group2"),
            (17, "sm.type"),
        ] {
            if !s(i).is_empty() {
                labels.insert(k.to_string(), s(i));
            }
        }
        let k = u16_at(b, 82);
        if k != 0 {
            labels.insert("k_factor".to_string(), k.to_string());
        }
        let nat = u16_at(b, 34);
        let national_ratings = if nat != 0 || !s(5).is_empty() {
            vec![NationalRating {
                federation: fed.clone(),
                rating: (nat != 0).then_some(nat),
                id: s(5),
                ..Default::default()
            }]
        } else {
            Vec::new()
        };
        let fide = u32_at(b, 48);
        let birth = ymd(u32_at(b, 38)).map(|(y, m, d)| BirthDate {
            year: y,
            month: (m != 0).then_some(m),
            day: (d != 0).then_some(d),
        });
        Player {
            sex: (b.get(30) == Some(&1)).then_some(Sex::Female),
            title: (!s(4).is_empty()).then(|| Title::from_code(&s(4))),
            name,
            rating: Some(u16_at(b, 32)).filter(|r| *r != 0),
            federation: (!fed.is_empty()).then_some(fed),
            fide_id: (fide != 0).then(|| fide.to_string()),
            birth,
            national_ratings,
            // Field 17, SM's type: the category the player entered.
            registered_category: labels.get("sm.type").cloned(),
            labels,
            ..Default::default()
        }
    }
}

fn kind_name(k: u16) -> Option<&'static str> {
    Some(match k {
        0 => "Swiss",
        1 => "Round robin",
        2 => "Team round robin",
        3 => "Team Swiss",
        _ => return None,
    })
}

fn to_tournament(f: &TunxFile, diags: &mut Vec<Diagnostic>) -> Tournament {
    let h = |i: usize| {
        f.header_strings
            .get(i)
            .map(|s| s.trim().to_string())
            .unwrap_or_default()
    };
    let city = if h(10).is_empty() { h(5) } else { h(10) };
    let mut info = TournamentInfo {
        name: h(0),
        city,
        federation: h(20),
        chief_arbiter: h(21),
        deputy_arbiters: h(35)
            .split(';')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect(),
        time_control: h(14),
        start_date: date(f.config.start_date),
        end_date: date(f.config.end_date),
        round_dates: f.schedule.iter().map(|s| date(s.date)).collect(),
        ..Default::default()
    };
    match kind_name(f.config.kind) {
        Some(k) => info.tournament_type = k.to_string(),
        None => diags.push(warn(
            codes::SM_UNDECODED,
            "tournament type",
            format!(
                "unknown tournament type code {}; kept unread",
                f.config.kind
            ),
        )),
    }
    if info.round_dates.iter().all(Option::is_none) {
        info.round_dates.clear();
    }
    for (v, what) in [
        (f.config.start_date, "start date"),
        (f.config.end_date, "end date"),
    ] {
        if v != 0 && date(v).is_none() {
            diags.push(warn(
                codes::SM_FIELD_SYNTAX,
                what,
                format!("expected a date yyyymmdd, found {v}"),
            ));
        }
    }
    let team_event = matches!(f.config.kind, 2 | 3);
    let (tiebreaks, d) = if team_event {
        super::tunx_team::tiebreaks(&f.config.tiebreaks)
    } else {
        super::tunx_tiebreaks::carried(&f.config.tiebreaks, &f.config.raw)
    };
    diags.extend(d);
    let mut players: Vec<Player> = f
        .players
        .iter()
        .enumerate()
        .map(|(i, r)| Player {
            id: PlayerId(i as u32 + 1),
            ..Player::from(r)
        })
        .collect();
    // Report undecoded player bytes once per offset.
    let mut unknown: std::collections::BTreeSet<usize> = Default::default();
    for r in &f.players {
        for (o, x) in r.block.iter().enumerate() {
            if *x != 0 && !PLAYER_KNOWN.iter().any(|k| k.contains(&o)) {
                unknown.insert(o);
            }
        }
    }
    if !unknown.is_empty() {
        let l: Vec<String> = unknown.iter().map(|o| o.to_string()).collect();
        diags.push(warn(
            codes::SM_UNDECODED,
            "player records",
            format!(
                "undecoded non-zero bytes at player-block offsets {} are kept unread",
                l.join(", ")
            ),
        ));
    }
    let odd = f
        .boards
        .iter()
        .filter(|b| b.rest.iter().any(|x| *x != 0))
        .count();
    if odd > 0 {
        diags.push(warn(
            codes::SM_UNDECODED,
            "board records",
            format!("{odd} board records carry undecoded non-zero bytes; kept unread"),
        ));
    }
    let n = players.len();
    let set = |players: &mut Vec<Player>,
               idx: usize,
               round: u32,
               e: RoundEntry,
               off: usize,
               diags: &mut Vec<Diagnostic>| {
        let Some(p) = players.get_mut(idx) else {
            return;
        };
        if !p.set_round(round as usize, e) {
            diags.push(Diagnostic::error(
                codes::PAIRED_TWICE,
                Family::Consistency,
                Location {
                    field: Some(format!("byte offset {off:#x}")),
                    ..Location::default()
                },
                format!(
                    "player {} has more than one board record in round {round}; the first is kept",
                    idx + 1
                ),
            ));
        }
    };
    for bd in &f.boards {
        let loc = |m: String| {
            Diagnostic::warning(
                codes::SM_FIELD_SYNTAX,
                Family::Syntax,
                Location {
                    field: Some(format!("byte offset {:#x}", bd.offset)),
                    ..Location::default()
                },
                m,
            )
        };
        if team_event && (bd.white == 0) != (bd.black == 0) && bd.black < 0xFFFE {
            // A board of a team match with one side empty: the player there
            // wins it when the result code says so (TRF-2026 `0000 - +`,
            // read as a pairing-allocated bye) and else scores nothing
            // (`0000 - -`).
            let (p, white) = if bd.white != 0 {
                (bd.white as usize, true)
            } else {
                (bd.black as usize, false)
            };
            if p > n {
                diags.push(loc(format!(
                    "round {}: expected a player record number up to {n}, found {p}; board ignored",
                    bd.round
                )));
                continue;
            }
            let won = matches!((bd.result, white), (1 | 4, true) | (3 | 5, false));
            if !won && !matches!((bd.result, white), (3 | 5 | 6, true) | (1 | 4 | 6, false)) {
                diags.push(loc(format!("round {}: player {p} faces an empty board with result code {}; read as a board not played (zero points)", bd.round, bd.result)));
            }
            let bye = if won {
                ByeKind::PairingAllocated
            } else {
                ByeKind::Zero
            };
            set(
                &mut players,
                p - 1,
                bd.round,
                RoundEntry::Bye { bye },
                bd.offset,
                diags,
            );
            continue;
        }
        if bd.white == 0 || bd.black == 0 {
            if bd.result != 0 {
                diags.push(loc(format!(
                    "round {}: empty board slot with result code {}; ignored",
                    bd.round, bd.result
                )));
            }
            continue;
        }
        let w = bd.white as usize;
        if w > n {
            diags.push(loc(format!("round {}: expected a player record number up to {n}, found white {w}; board ignored", bd.round)));
            continue;
        }
        if bd.black >= 0xFFFE {
            let e = match (bd.black, bd.result) {
                (0xFFFF, 0 | 9) => RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated,
                },
                (0xFFFE, 3) => RoundEntry::Bye { bye: ByeKind::Zero },
                (0xFFFE, 2) => RoundEntry::Bye { bye: ByeKind::Half },
                (0xFFFE, 0) => RoundEntry::NotPaired,
                (m, c) => {
                    diags.push(loc(format!("round {}: unknown result code {c} with bye marker {m:#06x} for player {w}; read as not paired", bd.round)));
                    RoundEntry::NotPaired
                }
            };
            set(&mut players, w - 1, bd.round, e, bd.offset, diags);
            continue;
        }
        let bl = bd.black as usize;
        if bl > n {
            diags.push(loc(format!("round {}: expected a player record number up to {n}, found black {bl}; board ignored", bd.round)));
            continue;
        }
        let (wid, bid) = (PlayerId(w as u32), PlayerId(bl as u32));
        let played = |o: Outcome| {
            (
                RoundEntry::Played {
                    opponent: bid,
                    color: Color::White,
                    outcome: o,
                    short: false,
                },
                RoundEntry::Played {
                    opponent: wid,
                    color: Color::Black,
                    outcome: o.opposite(),
                    short: false,
                },
            )
        };
        let forfeit = |ww: bool, bw: bool| {
            (
                RoundEntry::Forfeit {
                    opponent: bid,
                    color: Some(Color::White),
                    won: ww,
                },
                RoundEntry::Forfeit {
                    opponent: wid,
                    color: Some(Color::Black),
                    won: bw,
                },
            )
        };
        let (we, be) = match bd.result {
            0 => (
                RoundEntry::Pending {
                    opponent: bid,
                    color: Some(Color::White),
                },
                RoundEntry::Pending {
                    opponent: wid,
                    color: Some(Color::Black),
                },
            ),
            1 => played(Outcome::Win),
            2 => played(Outcome::Draw),
            3 => played(Outcome::Loss),
            4 => forfeit(true, false),
            5 => forfeit(false, true),
            6 => forfeit(false, false),
            c => {
                if c != 7 {
                    diags.push(loc(format!("round {}: unknown result code {c} for players {w} and {bl} (not decoded: no sample has it); read as an unknown result (TRF `?`), which counts as a draw until it is corrected", bd.round)));
                }
                (
                    RoundEntry::Unknown {
                        opponent: bid,
                        color: Color::White,
                    },
                    RoundEntry::Unknown {
                        opponent: wid,
                        color: Color::Black,
                    },
                )
            }
        };
        set(&mut players, w - 1, bd.round, we, bd.offset, diags);
        set(&mut players, bl - 1, bd.round, be, bd.offset, diags);
    }
    let (teams, team_records) = if team_event {
        super::tunx_team::lower(f, &players, diags)
    } else {
        Default::default()
    };
    Tournament {
        info,
        total_rounds: Some(f.config.rounds as u32).filter(|r| *r != 0),
        players,
        tiebreaks,
        teams,
        team_records,
        ..Default::default()
    }
}
