//! The state the steps add up to, read from the state tables: the sections,
//! their players and rounds, and each section as a [`Tournament`] for the
//! engines.

use std::collections::HashMap;

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use super::error::EventError;
use super::step::{BoardResult, ByeCode};
use crate::model::{
    ByeKind, Color, ExtraRecord, Outcome, Player, PlayerId, RoundEntry, Tournament,
};

fn db(e: rusqlite::Error) -> EventError {
    EventError::storage("", &e)
}

/// A section as the state holds it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SectionState {
    /// The section's key (`main` for an event of one section).
    pub key: String,
    /// The section's display name.
    pub name: String,
    /// The rounds planned, when the section's header gives them.
    pub rounds_total: Option<u32>,
    /// Published rounds.
    pub published: u32,
    /// The round whose pairing is a draft, if any.
    pub draft: Option<u32>,
    /// Players registered.
    pub players: u32,
}

/// One board of a round as the state holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardState {
    /// The board number (1-based).
    pub board: u32,
    /// White's pairing number.
    pub white: u32,
    /// Black's pairing number.
    pub black: u32,
    /// The result entered (`None`: not yet).
    pub result: Option<BoardResult>,
    /// The reason of a manual change.
    pub manual: Option<String>,
}

/// Which rounds a section's tournament holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The published rounds (standings, reports, exports).
    Published,
    /// What the engine pairs round `n` on: the rounds before it, and for
    /// round `n` the requested byes, the withdrawn and the late entrants.
    Pairing(u32),
}

pub(super) fn sections(conn: &Connection) -> Result<Vec<SectionState>, EventError> {
    let mut st = conn
        .prepare(
            "SELECT s.key, s.name, s.header,
                (SELECT COALESCE(MAX(round), 0) FROM round r WHERE r.section = s.key AND r.status = 'published'),
                (SELECT MAX(round) FROM round r WHERE r.section = s.key AND r.status = 'draft'),
                (SELECT COUNT(*) FROM player p WHERE p.section = s.key)
             FROM section s ORDER BY s.ord",
        )
        .map_err(db)?;
    let rows = st
        .query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, u32>(3)?,
                r.get::<_, Option<u32>>(4)?,
                r.get::<_, u32>(5)?,
            ))
        })
        .map_err(db)?;
    let mut out = Vec::new();
    for row in rows {
        let (key, name, header, published, draft, players) = row.map_err(db)?;
        let header = parse_header(&key, &header)?;
        out.push(SectionState {
            key,
            name,
            rounds_total: header.total_rounds,
            published,
            draft,
            players,
        });
    }
    Ok(out)
}

/// The section `key`, or the first section for `None`; a refusal naming the
/// sections there are when it does not exist.
pub(super) fn section(conn: &Connection, key: Option<&str>) -> Result<SectionState, EventError> {
    let all = sections(conn)?;
    let names = || {
        all.iter()
            .map(|s| s.key.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match key {
        None => all
            .first()
            .cloned()
            .ok_or_else(|| EventError::refused("expected a section, found an event without one")),
        Some(k) => all.iter().find(|s| s.key == k).cloned().ok_or_else(|| {
            EventError::refused(format!(
                "--section: expected one of the event's sections ({}), found \"{k}\"",
                names()
            ))
        }),
    }
}

fn parse_header(key: &str, text: &str) -> Result<Tournament, EventError> {
    serde_json::from_str(text).map_err(|e| EventError::Corrupt {
        path: String::new(),
        detail: format!("section {key}: expected its header as a JSON tournament, found {e}"),
    })
}

pub(super) fn header(conn: &Connection, key: &str) -> Result<Tournament, EventError> {
    let text: String = conn
        .query_row("SELECT header FROM section WHERE key = ?1", [key], |r| {
            r.get(0)
        })
        .map_err(db)?;
    parse_header(key, &text)
}

/// The pid of the player numbered `number` in `section`, or a refusal.
pub(super) fn pid(conn: &Connection, section: &str, number: u32) -> Result<i64, EventError> {
    conn.query_row(
        "SELECT pid FROM player WHERE section = ?1 AND number = ?2",
        params![section, number],
        |r| r.get(0),
    )
    .optional()
    .map_err(db)?
    .ok_or_else(|| {
        EventError::refused(format!(
            "expected a player's pairing number in section {section}, found {number}, which no player has"
        ))
    })
}

/// The boards of a round, in board order.
pub(super) fn boards(
    conn: &Connection,
    section: &str,
    round: u32,
) -> Result<Vec<BoardState>, EventError> {
    let mut st = conn
        .prepare(
            "SELECT b.board, w.number, k.number, b.white_result, b.black_result, b.manual
             FROM board b JOIN player w ON w.pid = b.white JOIN player k ON k.pid = b.black
             WHERE b.section = ?1 AND b.round = ?2 ORDER BY b.board",
        )
        .map_err(db)?;
    let rows = st
        .query_map(params![section, round], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, u32>(2)?,
                r.get::<_, Option<String>>(3)?,
                r.get::<_, Option<String>>(4)?,
                r.get::<_, Option<String>>(5)?,
            ))
        })
        .map_err(db)?;
    let mut out = Vec::new();
    for row in rows {
        let (board, white, black, w, b, manual) = row.map_err(db)?;
        let result = match (
            w.and_then(|s| s.chars().next()),
            b.and_then(|s| s.chars().next()),
        ) {
            (Some(white), Some(black)) => Some(BoardResult { white, black }),
            _ => None,
        };
        out.push(BoardState {
            board,
            white,
            black,
            result,
            manual,
        });
    }
    Ok(out)
}

/// The entries of the `unpaired` table of a round: (number, code, manual).
pub(super) fn unpaired(
    conn: &Connection,
    section: &str,
    round: u32,
) -> Result<Vec<(u32, ByeCode, Option<String>)>, EventError> {
    let mut st = conn
        .prepare(
            "SELECT p.number, u.kind, u.manual FROM unpaired u JOIN player p ON p.pid = u.player
             WHERE u.section = ?1 AND u.round = ?2 ORDER BY p.number",
        )
        .map_err(db)?;
    let rows = st
        .query_map(params![section, round], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<String>>(2)?,
            ))
        })
        .map_err(db)?;
    let mut out = Vec::new();
    for row in rows {
        let (n, code, manual) = row.map_err(db)?;
        let code = ByeCode::from_code(&code).ok_or_else(|| EventError::Corrupt {
            path: String::new(),
            detail: format!("round {round}: expected a bye code H, F, Z or U, found {code:?}"),
        })?;
        out.push((n, code, manual));
    }
    Ok(out)
}

/// One side of a board's result as the model's round entry.
pub(crate) fn side_entry(code: char, opponent: PlayerId, color: Color) -> Option<RoundEntry> {
    let played = |outcome, short| RoundEntry::Played {
        opponent,
        color,
        outcome,
        short,
    };
    Some(match code.to_ascii_uppercase() {
        '1' => played(Outcome::Win, false),
        '0' => played(Outcome::Loss, false),
        '=' => played(Outcome::Draw, false),
        'W' => played(Outcome::Win, true),
        'L' => played(Outcome::Loss, true),
        'D' => played(Outcome::Draw, true),
        '+' => RoundEntry::Forfeit {
            opponent,
            color: Some(color),
            won: true,
        },
        '-' => RoundEntry::Forfeit {
            opponent,
            color: Some(color),
            won: false,
        },
        '?' => RoundEntry::Unknown { opponent, color },
        _ => return None,
    })
}

/// The TRF result character of a round entry with an opponent (`None` while
/// the game is on).
pub(crate) fn entry_code(e: &RoundEntry) -> Option<char> {
    match e {
        RoundEntry::Played { outcome, short, .. } => Some(match (outcome, short) {
            (Outcome::Win, false) => '1',
            (Outcome::Loss, false) => '0',
            (Outcome::Draw, false) => '=',
            (Outcome::Win, true) => 'W',
            (Outcome::Loss, true) => 'L',
            (Outcome::Draw, true) => 'D',
        }),
        RoundEntry::Forfeit { won, .. } => Some(if *won { '+' } else { '-' }),
        RoundEntry::Unknown { .. } => Some('?'),
        _ => None,
    }
}

pub(super) fn bye_kind(code: ByeCode) -> ByeKind {
    match code {
        ByeCode::H => ByeKind::Half,
        ByeCode::F => ByeKind::Full,
        ByeCode::Z => ByeKind::Zero,
        ByeCode::U => ByeKind::PairingAllocated,
    }
}

/// The section as a tournament for the engines: its header, its players by
/// pairing number, and the rounds `scope` asks for.
pub(super) fn tournament(
    conn: &Connection,
    key: &str,
    scope: Scope,
) -> Result<Tournament, EventError> {
    let mut t = header(conn, key)?;
    let (last, next) = match scope {
        Scope::Published => {
            let s = section(conn, Some(key))?;
            (s.published, None)
        }
        Scope::Pairing(n) => (n.saturating_sub(1), Some(n)),
    };
    let mut st = conn
        .prepare(
            "SELECT pid, number, data, first_round, withdrawn_from FROM player WHERE section = ?1 ORDER BY number",
        )
        .map_err(db)?;
    let rows = st
        .query_map([key], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, u32>(3)?,
                r.get::<_, Option<u32>>(4)?,
            ))
        })
        .map_err(db)?;
    let mut index: HashMap<u32, usize> = HashMap::new();
    let mut status = Vec::new();
    for row in rows {
        let (_, number, data, first, withdrawn) = row.map_err(db)?;
        let mut p: Player = serde_json::from_str(&data).map_err(|e| EventError::Corrupt {
            path: String::new(),
            detail: format!("section {key}, player {number}: expected a JSON player, found {e}"),
        })?;
        p.id = PlayerId(number);
        p.rounds = vec![RoundEntry::NotPaired; last as usize];
        p.points = None;
        p.rank = None;
        index.insert(number, t.players.len());
        status.push((first, withdrawn));
        t.players.push(p);
    }
    let mut notes = Vec::new();
    for r in 1..=last {
        let i = (r - 1) as usize;
        for b in boards(conn, key, r)? {
            let (w, k) = (PlayerId(b.white), PlayerId(b.black));
            let (we, be) = match b.result {
                Some(res) => (
                    side_entry(res.white, k, Color::White),
                    side_entry(res.black, w, Color::Black),
                ),
                None => (None, None),
            };
            let pending = |opponent, color| RoundEntry::Pending {
                opponent,
                color: Some(color),
            };
            set(
                &mut t,
                &index,
                b.white,
                i,
                we.unwrap_or(pending(k, Color::White)),
            );
            set(
                &mut t,
                &index,
                b.black,
                i,
                be.unwrap_or(pending(w, Color::Black)),
            );
            if let Some(reason) = b.manual {
                notes.push((r, b.board, reason));
            }
        }
        for (n, code, _) in unpaired(conn, key, r)? {
            set(
                &mut t,
                &index,
                n,
                i,
                RoundEntry::Bye {
                    bye: bye_kind(code),
                },
            );
        }
    }
    if let Some(n) = next {
        let byes: HashMap<u32, ByeCode> = unpaired(conn, key, n)?
            .into_iter()
            .filter(|(_, c, _)| *c != ByeCode::U)
            .map(|(p, c, _)| (p, c))
            .collect();
        for (p, (first, withdrawn)) in t.players.iter_mut().zip(&status) {
            let entry = match byes.get(&p.id.0) {
                Some(code) => Some(RoundEntry::Bye {
                    bye: bye_kind(*code),
                }),
                None if withdrawn.is_some_and(|w| w <= n) || *first > n => {
                    Some(RoundEntry::NotPaired)
                }
                None => None,
            };
            if let Some(e) = entry {
                p.rounds.push(e);
            }
        }
    }
    // The FIDE audit comment of each manually changed board (TEC Manual
    // 3.9.4.9: "### MPA @ Round n").
    for (round, board, reason) in notes {
        t.extra_records.push(ExtraRecord {
            code: "###".into(),
            line: mpa_line(round, board, &reason),
            after_player: None,
        });
    }
    Ok(t)
}

/// The `###` line that records a manual change of `board` in `round`.
pub(crate) fn mpa_line(round: u32, board: u32, reason: &str) -> String {
    let reason: String = reason
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    format!("### MPA @ Round {round}: board {board} changed by the arbiter: {reason}")
}

fn set(t: &mut Tournament, index: &HashMap<u32, usize>, number: u32, i: usize, e: RoundEntry) {
    if let Some(p) = index.get(&number).and_then(|&x| t.players.get_mut(x)) {
        if let Some(slot) = p.rounds.get_mut(i) {
            *slot = e;
        }
    }
}
