//! The team layer of Swiss-Manager's binary files (type codes 2 team round
//! robin, 3 team Swiss): teams, their players and board order, the team
//! pairings of each round, and how they become the model's teams and
//! TRF-2026 team records.
//!
//! Where each fact comes from. The one team sample here, `cro_1386026`
//! (`tests/fixtures/tunx/`), is a team round robin saved before any team was
//! entered: its team section (`B5`) and team pairing section (`C3`) are
//! present but empty, its player (`A5`) and board (`B3`) sections are empty,
//! the configuration says 0 teams (u16 @51) and 4 boards per match (u16 @53),
//! and its 150 schedule entries are blank (u16 @8 = 0 team pairings). Every
//! individual sample has 0 at these offsets and at player-block bytes 52-55.
//! The record layouts below are those of the public write-up of a 2026
//! Olympiad `.TUMX` (docs/swiss-manager.md §4; 206 teams, 11 rounds, checked
//! there against the published standings); no file here fills them, so the
//! reader is tested on files built from that description
//! (`tests/integration/tunx_team.rs`), and anything it cannot place is
//! reported:
//! - team record = 5 strings (0 name, 1 display name, 2 captain,
//!   3 federation, 4 group) and a 96-byte block (undecoded, kept);
//! - player block u16 @52 = the player's team record number (1-based),
//!   u16 @54 = the player's board in the team's roster;
//! - team pairing record = 15 bytes: u16 first team, u16 second team
//!   (`FFFF` pairing-allocated bye, `FFFE` not paired), u16 @4 and @6 the
//!   board points stored for the two teams in half points (used for byes;
//!   0 for ordinary matches, whose score is the sum of their games), 7 bytes
//!   undecoded;
//! - schedule block u16 @6 = the board records of the round, u16 @8 its team
//!   pairing records;
//! - the board records of a round are those of `tunx`; a match's
//!   games are linked to it through the players' teams, and its boards are
//!   numbered in the order of its games (a reserve keeps his roster place but
//!   plays on the board his game's position gives).
//!
//! Scoring: game points are the boards' points, match points 2-1-0 (C.04.6
//! and C.07 art. 13 default; Swiss-Manager's tie-break 13 is "match points
//! 2/1/0"); where the match-point setting is stored is not known.

use std::collections::BTreeMap;

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::{
    ByeKind, Color, Lineup, Player, PlayerId, Points, RoundEntry, Team, TeamBye, TeamByeKind,
    TeamId, TeamPab, TeamRecords,
};

use super::tunx_wire::{
    at, u16_at, warn, Config, Cur, ScheduleEntry, TeamPairing, TeamRecord, TunxFile,
};

const TEAM_STRINGS: usize = 5;
const TEAM_BLOCK: usize = 96;
const TEAM_PAIRING: usize = 15;
/// Second team of a pairing-allocated bye.
const BYE: u16 = 0xFFFF;
/// Second team of a team not paired.
const NOT_PAIRED: u16 = 0xFFFE;

/// The team records between `start` (the section marker) and `end`.
pub(super) fn parse_teams(
    b: &[u8],
    start: usize,
    end: usize,
    config: &Config,
    diags: &mut Vec<Diagnostic>,
) -> Result<Vec<TeamRecord>, Box<Diagnostic>> {
    let mut c = Cur {
        b,
        pos: start + 4,
        end,
    };
    let mut out = Vec::new();
    while c.pos < c.end {
        let n = out.len() + 1;
        let offset = c.pos;
        let mut strings = Vec::with_capacity(TEAM_STRINGS);
        for i in 0..TEAM_STRINGS {
            strings.push(c.string(&format!("team record {n} string {i}"))?);
        }
        let block = c.bytes(TEAM_BLOCK, &format!("team record {n} block"))?;
        out.push(TeamRecord {
            offset,
            strings,
            block: block.to_vec(),
        });
    }
    if out.len() != config.teams as usize {
        diags.push(warn(
            codes::SM_FIELD_SYNTAX,
            "teams",
            format!(
                "expected {} team records (configured count), found {}",
                config.teams,
                out.len()
            ),
        ));
    }
    Ok(out)
}

/// The team pairing records between `start` and `end`, split into rounds by
/// the schedule's counts.
pub(super) fn parse_pairings(
    b: &[u8],
    start: usize,
    end: usize,
    schedule: &[ScheduleEntry],
) -> Result<Vec<TeamPairing>, Box<Diagnostic>> {
    let body = b.get(start + 4..end).unwrap_or(&[]);
    if body.len() % TEAM_PAIRING != 0 {
        return Err(at(
            start,
            format!(
                "expected team pairing records of {TEAM_PAIRING} bytes, found a section of {} bytes",
                body.len()
            ),
        ));
    }
    let count = body.len() / TEAM_PAIRING;
    let total: usize = schedule.iter().map(|s| s.team_pairings as usize).sum();
    if total != count {
        return Err(at(
            start,
            format!(
                "expected {total} team pairing records (sum of the schedule counts), found {count}"
            ),
        ));
    }
    let mut recs = body.chunks_exact(TEAM_PAIRING).enumerate();
    let mut out = Vec::with_capacity(count);
    for (ri, s) in schedule.iter().enumerate() {
        for _ in 0..s.team_pairings {
            let Some((i, r)) = recs.next() else { break };
            let mut rest = [0u8; 7];
            rest.copy_from_slice(r.get(8..15).unwrap_or(&[0; 7]));
            out.push(TeamPairing {
                offset: start + 4 + i * TEAM_PAIRING,
                round: ri as u32 + 1,
                first: u16_at(r, 0),
                second: u16_at(r, 2),
                first_half_points: u16_at(r, 4),
                second_half_points: u16_at(r, 6),
                rest,
            });
        }
    }
    Ok(out)
}

/// Swiss-Manager's tie-break list of a team event as team codes (TRF-2026
/// `202`, read by `standings::team`). The primary score is match points
/// (C.07 art. 13): id 13 first is that score and is not repeated in the list.
pub(super) fn tiebreaks(ids: &[u16]) -> (Vec<String>, Vec<Diagnostic>) {
    let mut out = Vec::new();
    let mut diags = Vec::new();
    let tb_warn = |m: String| warn(codes::CONVERSION_LOSS, "tie-breaks", m);
    for (k, &id) in ids.iter().enumerate() {
        let label = crate::model::swiss_manager_tiebreaks::lookup(id)
            .map_or("not in Swiss-Manager's numbered list as known", |t| t.label);
        let code = match id {
            13 if k == 0 => continue,
            13 => {
                diags.push(tb_warn(format!("swiss-manager tie-break 13 (match points) comes {} in the list: match points are the primary score of a team event (C.07 art. 13), so it is not carried as a tie-break", k + 1)));
                continue;
            }
            // "points" and "board points" of a team event: its game points.
            1 | 15 => "GP",
            // Team direct encounter by match points (C.07 art. 13.3 EDE).
            14 => "EDE",
            // The Olympiad Sonneborn-Berger: the opponents' match points
            // times the game points scored against them (C.07 art. 13.2).
            50 | 57 | 67 => {
                diags.push(tb_warn(format!("swiss-manager tie-break {id} ({label}) read as EMGSB (C.07 art. 13.2: opponents' match points × game points scored against them); its parameters are not decoded")));
                "EMGSB"
            }
            74 => {
                diags.push(tb_warn(format!("swiss-manager tie-break 74 ({label}) read as EMGSB/C1 (C.07 art. 13.2 with the lowest cut); its parameters are not decoded")));
                "EMGSB/C1"
            }
            _ => {
                diags.push(tb_warn(format!("swiss-manager tie-break {id} ({label}) has no team tie-break computed here; left out of the ranking (give --tiebreaks to choose)")));
                continue;
            }
        };
        out.push(code.to_string());
    }
    if ids.first().is_some_and(|&i| i != 13) {
        diags.push(tb_warn(format!(
            "the team event's first swiss-manager tie-break is {}, not 13 (match points): the ranking here takes match points as the primary score (C.07 art. 13)",
            ids.first().copied().unwrap_or_default()
        )));
    }
    (out, diags)
}

fn note(field: &str, message: String) -> Diagnostic {
    Diagnostic::warning(
        codes::SM_FIELD_SYNTAX,
        Family::Consistency,
        Location {
            field: Some(field.to_string()),
            ..Location::default()
        },
        message,
    )
}

/// One match as its games give it: the first team's and the second team's
/// player on each board, and whether the first team's player had White.
#[derive(Default)]
struct Match {
    first: u16,
    second: u16,
    boards_first: Vec<Option<PlayerId>>,
    boards_second: Vec<Option<PlayerId>>,
    first_white: Vec<Option<bool>>,
}

/// The model's teams and team records of `f`, whose players (with their
/// games) are `players`.
pub(super) fn lower(
    f: &TunxFile,
    players: &[Player],
    diags: &mut Vec<Diagnostic>,
) -> (Vec<Team>, TeamRecords) {
    let nteams = f.teams.len();
    let boards = f.config.boards_per_match as usize;
    if nteams == 0 {
        diags.push(warn(
            codes::SM_UNDECODED,
            "teams",
            format!(
                "team event without teams: the file holds {} team records, {} players, {} games and {} team pairings ({} rounds configured, {boards} boards per match); nothing to rank yet",
                f.teams.len(),
                f.players.len(),
                f.boards.len(),
                f.team_pairings.len(),
                f.config.rounds
            ),
        ));
    }
    // Teams and their rosters (player-block u16 @52 team, u16 @54 board).
    let mut team_of: Vec<Option<u16>> = Vec::with_capacity(f.players.len());
    let mut roster: Vec<Vec<(u16, usize)>> = vec![Vec::new(); nteams];
    let mut teamless = Vec::new();
    for (i, r) in f.players.iter().enumerate() {
        let t = u16_at(&r.block, 52);
        let board = u16_at(&r.block, 54);
        match roster.get_mut((t as usize).wrapping_sub(1)) {
            Some(list) => {
                list.push((board, i));
                team_of.push(Some(t));
            }
            None => {
                teamless.push(format!("{} (team {t})", i + 1));
                team_of.push(None);
            }
        }
    }
    if !teamless.is_empty() {
        diags.push(note(
            "players",
            format!(
                "{} player(s) name no team record from 1 to {nteams}: {}; they play for no team",
                teamless.len(),
                teamless.join(", ")
            ),
        ));
    }
    let mut teams = Vec::with_capacity(nteams);
    for (i, r) in f.teams.iter().enumerate() {
        let s = |k: usize| {
            r.strings
                .get(k)
                .map(|x| x.trim().to_string())
                .unwrap_or_default()
        };
        let mut list = roster.get(i).cloned().unwrap_or_default();
        list.sort_unstable();
        let mut labels = BTreeMap::new();
        for (k, key) in [
            (1, "sm.display_name"),
            (2, "sm.captain"),
            (3, "sm.federation"),
            (4, "sm.group"),
        ] {
            let same_as_name = k == 1 && s(1) == s(0);
            if !s(k).is_empty() && !same_as_name {
                labels.insert(key.to_string(), s(k));
            }
        }
        teams.push(Team {
            name: s(0),
            number: Some(i as u32 + 1),
            members: list.iter().map(|(_, p)| PlayerId(*p as u32 + 1)).collect(),
            labels,
            ..Team::default()
        });
    }
    if f.teams.iter().any(|t| t.block.iter().any(|x| *x != 0)) {
        diags.push(warn(
            codes::SM_UNDECODED,
            "team records",
            "the teams' 96-byte blocks are not decoded; kept unread".into(),
        ));
    }

    let mut rec = TeamRecords::default();
    let mut byes: BTreeMap<(u32, TeamByeKindKey), Vec<TeamId>> = BTreeMap::new();
    let mut pab_points: Option<u16> = None;
    let mut matches: BTreeMap<u32, Vec<Match>> = BTreeMap::new();
    let rounds = f.schedule.len();
    let team_ok = |t: u16| (1..=nteams).contains(&(t as usize));
    for p in &f.team_pairings {
        let at_p = format!("byte offset {:#x}", p.offset);
        if !team_ok(p.first) || !(team_ok(p.second) || p.second >= NOT_PAIRED) {
            diags.push(note(&at_p, format!("round {}: expected team record numbers from 1 to {nteams}, found {} and {:#06x}; team pairing ignored", p.round, p.first, p.second)));
            continue;
        }
        if p.rest.iter().any(|x| *x != 0) {
            diags.push(warn(
                codes::SM_UNDECODED,
                at_p.clone(),
                format!(
                    "round {}: team pairing bytes 8-14 {:02x?} are not decoded; kept unread",
                    p.round, p.rest
                ),
            ));
        }
        let id = TeamId(u32::from(p.first));
        match p.second {
            BYE => {
                let pab = rec.pab.get_or_insert_with(|| TeamPab {
                    teams: vec![None; rounds],
                    ..TeamPab::default()
                });
                if let Some(slot) = pab.teams.get_mut(p.round as usize - 1) {
                    *slot = Some(id);
                }
                match pab_points {
                    None => pab_points = Some(p.first_half_points),
                    Some(v) if v != p.first_half_points => diags.push(note(&at_p, format!("round {}: team {} has a pairing-allocated bye worth {} board points, an earlier one {}; the first value is kept", p.round, p.first, Points(i32::from(p.first_half_points) * 5), Points(i32::from(v) * 5)))),
                    Some(_) => {}
                }
            }
            NOT_PAIRED => {
                let half = usize::from(p.first_half_points);
                let kind = if half == 0 {
                    TeamByeKindKey::Zero
                } else if half == boards {
                    TeamByeKindKey::Half
                } else if half == 2 * boards {
                    TeamByeKindKey::Full
                } else {
                    diags.push(note(&at_p, format!("round {}: team {} not paired with {} board points stored, expected 0, half or all of the {boards} boards; read as a zero-point bye", p.round, p.first, Points(i32::from(p.first_half_points) * 5))));
                    TeamByeKindKey::Zero
                };
                byes.entry((p.round, kind)).or_default().push(id);
            }
            second => matches.entry(p.round).or_default().push(Match {
                first: p.first,
                second,
                ..Match::default()
            }),
        }
    }
    if let (Some(pab), Some(half)) = (rec.pab.as_mut(), pab_points) {
        // The bye's match points, as a match with these board points against
        // the rest of the boards would give (2-1-0).
        let ms = crate::model::MatchPointSystem::default();
        pab.game_points = Points(i32::from(half) * 5);
        pab.match_points = match usize::from(half).cmp(&boards) {
            std::cmp::Ordering::Greater => ms.win,
            std::cmp::Ordering::Equal => ms.draw,
            std::cmp::Ordering::Less => ms.loss,
        };
    }
    rec.byes = byes
        .into_iter()
        .map(|((round, k), teams)| TeamBye {
            kind: k.kind(),
            round,
            teams,
        })
        .collect();

    // The games of each match, in the order of the board records.
    let team_of_ref = |r: u16| -> Option<u16> {
        if r == 0 || r >= NOT_PAIRED {
            return None;
        }
        team_of.get(r as usize - 1).copied().flatten()
    };
    let pid = |r: u16| (r != 0 && r < NOT_PAIRED).then(|| PlayerId(u32::from(r)));
    let mut stray = 0usize;
    for bd in &f.boards {
        let (tw, tb) = (team_of_ref(bd.white), team_of_ref(bd.black));
        let Some(ms) = matches.get_mut(&bd.round) else {
            stray += usize::from(tw.is_some() || tb.is_some());
            continue;
        };
        let found = ms.iter_mut().find(|m| {
            [tw, tb]
                .iter()
                .flatten()
                .any(|t| *t == m.first || *t == m.second)
        });
        let Some(m) = found else {
            stray += usize::from(tw.is_some() || tb.is_some());
            continue;
        };
        let white_first = match (tw, tb) {
            (Some(t), _) if t == m.first => true,
            (Some(_), _) => false,
            (None, Some(t)) => t != m.first,
            (None, None) => true,
        };
        if let (Some(a), Some(b)) = (tw, tb) {
            let ok = (a == m.first && b == m.second) || (a == m.second && b == m.first);
            if !ok {
                diags.push(note(&format!("byte offset {:#x}", bd.offset), format!("round {}: the game of players {} and {} (teams {a} and {b}) is not a board of the match {} v {}; counted in that match", bd.round, bd.white, bd.black, m.first, m.second)));
            }
        }
        let (f_ref, s_ref) = if white_first {
            (bd.white, bd.black)
        } else {
            (bd.black, bd.white)
        };
        m.boards_first.push(pid(f_ref));
        m.boards_second.push(pid(s_ref));
        m.first_white
            .push((bd.white != 0 && bd.black != 0).then_some(white_first));
    }
    if stray > 0 {
        diags.push(note(
            "board records",
            format!("{stray} game(s) belong to no team pairing of their round; kept as individual games"),
        ));
    }

    // Board colours (352): the first team's colour on each board, as the
    // games of every match give it.
    let mut votes: Vec<[usize; 2]> = vec![[0, 0]; boards];
    for m in matches.values().flatten() {
        for (k, w) in m.first_white.iter().enumerate() {
            if let (Some(w), Some(v)) = (w, votes.get_mut(k)) {
                v[usize::from(!*w)] += 1;
            }
        }
    }
    if votes.iter().any(|v| v[0] + v[1] > 0) {
        rec.board_colours = votes
            .iter()
            .enumerate()
            .map(|(k, v)| match v[0].cmp(&v[1]) {
                std::cmp::Ordering::Greater => Color::White,
                std::cmp::Ordering::Less => Color::Black,
                // No game on the board: alternate from board 1.
                std::cmp::Ordering::Equal if k % 2 == 0 => Color::White,
                std::cmp::Ordering::Equal => Color::Black,
            })
            .collect();
        let against: usize = votes.iter().map(|v| v[0].min(v[1])).sum();
        if against > 0 {
            diags.push(note("board colours", format!("{against} game(s) of the first-named team have the other colour than the board's majority ({}); the majority is written as 352", colours_text(&rec.board_colours))));
        }
    }

    // Line-ups (300) where the games' board order is not the roster's.
    let entry = |p: PlayerId, r: u32| {
        players
            .get(p.0 as usize - 1)
            .map(|q| q.round(r as usize))
            .unwrap_or(RoundEntry::NotPaired)
    };
    let mut empty_matches = Vec::new();
    for (&r, ms) in &matches {
        for m in ms {
            if m.boards_first.is_empty() {
                empty_matches.push(format!("round {r}: {} v {}", m.first, m.second));
                continue;
            }
            for (team, opp, on) in [
                (m.first, m.second, &m.boards_first),
                (m.second, m.first, &m.boards_second),
            ] {
                let members = teams
                    .get(team as usize - 1)
                    .map(|t| t.members.as_slice())
                    .unwrap_or(&[]);
                let default: Vec<Option<PlayerId>> = members
                    .iter()
                    .filter(|p| on_board(&entry(**p, r)))
                    .map(|p| Some(*p))
                    .collect();
                if *on != default {
                    rec.lineups.push(Lineup {
                        round: r,
                        team: TeamId(u32::from(team)),
                        opponent: TeamId(u32::from(opp)),
                        boards: on.clone(),
                    });
                }
            }
        }
    }
    if !empty_matches.is_empty() {
        diags.push(note(
            "team pairings",
            format!(
                "{} match(es) have no board records and are read as not played: {}",
                empty_matches.len(),
                empty_matches.join(", ")
            ),
        ));
    }
    (teams, rec)
}

/// As `model::team_rounds` takes a line-up from the games: a player who sat
/// at a board (a game, a forfeit, a board won against an empty one).
fn on_board(e: &RoundEntry) -> bool {
    e.opponent().is_some()
        || matches!(
            e,
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated
            }
        )
}

fn colours_text(c: &[Color]) -> String {
    c.iter()
        .map(|c| if *c == Color::White { 'W' } else { 'B' })
        .collect()
}

/// [`TeamByeKind`] in an order, to group the byes of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum TeamByeKindKey {
    Full,
    Half,
    Zero,
}

impl TeamByeKindKey {
    fn kind(self) -> TeamByeKind {
        match self {
            TeamByeKindKey::Full => TeamByeKind::Full,
            TeamByeKindKey::Half => TeamByeKind::Half,
            TeamByeKindKey::Zero => TeamByeKind::Zero,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn team_tiebreaks_take_match_points_as_the_primary_score() {
        // cro_1386026's list.
        let (codes, d) = tiebreaks(&[13, 1, 57]);
        assert_eq!(codes, ["GP", "EMGSB"]);
        assert_eq!(d.len(), 1, "{d:?}");
        assert!(d[0]
            .message
            .contains("57 (Olympiad Sonneborn-Berger) read as EMGSB"));
        // The 2026 Olympiad's list (docs/swiss-manager.md §3.3): 75 has no
        // team tie-break here and is named.
        let (codes, d) = tiebreaks(&[13, 74, 1, 75]);
        assert_eq!(codes, ["EMGSB/C1", "GP"]);
        assert!(d.iter().any(|x| x.message.contains("tie-break 75")));
        // Match points not first: said.
        let (codes, d) = tiebreaks(&[1, 13]);
        assert_eq!(codes, ["GP"]);
        assert!(d.iter().any(|x| x.message.contains("comes 2 in the list")));
        assert!(d
            .iter()
            .any(|x| x.message.contains("not 13 (match points)")));
    }

    fn schedule(counts: &[u16]) -> Vec<ScheduleEntry> {
        counts
            .iter()
            .map(|&n| ScheduleEntry {
                team_pairings: n,
                ..ScheduleEntry::default()
            })
            .collect()
    }

    #[test]
    fn team_pairings_split_into_rounds_by_the_schedule() {
        let mut b = vec![0xC3, 0xFF, 0x89, 0x44];
        for rec in [[1u16, 2, 0, 0], [3, 0xFFFF, 4, 0], [2, 3, 0, 0]] {
            for v in rec {
                b.extend_from_slice(&v.to_le_bytes());
            }
            b.extend_from_slice(&[0; 7]);
        }
        let p = parse_pairings(&b, 0, b.len(), &schedule(&[2, 1])).unwrap();
        assert_eq!(p.len(), 3);
        assert_eq!(
            (p[1].round, p[1].second, p[1].first_half_points),
            (1, BYE, 4)
        );
        assert_eq!((p[2].round, p[2].first, p[2].second), (2, 2, 3));
        // A count that disagrees with the section: refused, with both numbers.
        let e = parse_pairings(&b, 0, b.len(), &schedule(&[2, 2])).unwrap_err();
        assert!(
            e.message.contains("expected 4 team pairing records"),
            "{}",
            e.message
        );
        assert!(e.message.contains("found 3"), "{}", e.message);
        // A torn record.
        let e = parse_pairings(&b[..b.len() - 1], 0, b.len() - 1, &schedule(&[3])).unwrap_err();
        assert!(e.message.contains("records of 15 bytes"), "{}", e.message);
    }

    #[test]
    fn a_truncated_team_record_is_an_error_not_a_panic() {
        let mut b = vec![0xB5, 0xFF, 0x89, 0x44];
        // A name of 5 code units with only 2 present.
        b.extend_from_slice(&5u16.to_le_bytes());
        b.extend_from_slice(&[0x41, 0, 0x42, 0]);
        let mut d = Vec::new();
        let e = parse_teams(&b, 0, b.len(), &Config::default(), &mut d).unwrap_err();
        assert!(
            e.message.contains("team record 1 string 0"),
            "{}",
            e.message
        );
    }
}
