//! Team standings: match points and game points under the event's scoring
//! (TRF-2026 `362`, `162`), ranked by the C.07 team tie-breaks (art. 12, 13,
//! 14 and 16 applied to teams) in the edition of the event's date: the 2024
//! text (in force from 1 August 2024; also used for older events, whose
//! virtual opponent is not implemented for teams) or the 2026 text (in force
//! from 1 March 2026), whose dummy opponent is capped (art. 16.4.1, 16.4.2).
//!
//! The primary score is match points (MP), the secondary game points (GP):
//! C.07 art. 13 and TRF-2026 `192 FIDE_TEAM…` with no `_GP` first.
//! Codes: `MP`/`PTS` (primary), `GP`, `MPvGP` (art. 13.1), `EDE` and its
//! forms `EDET` `EDEB` `EDEBT` `EDEBB` (art. 13.3), `BH` (art. 8.1),
//! `SB` (art. 9.1) and the extended Sonneborn-Berger `EMMSB` `EMGSB` `EGMSB`
//! `EGGSB` (art. 13.2), each with `:MP`/`:GP`, `/Cn` `/Mn` (art. 14) and
//! `/P` (forfeited matches counted as played).

use serde::Serialize;
use std::cmp::Ordering;
use std::collections::HashMap;

use crate::model::{
    team_rounds, TeamByeKind, TeamId, TeamNote, TeamRound, TeamRoundKind, Tournament,
};

use super::edition::TiebreakEdition;
use super::team_ede::{ede, EdeView};
use super::value::Value;

pub use super::team_ede::EdeBoards;

/// A team tie-break as the TRF-2026 `202` list writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamTieBreak {
    /// The code as written (`EMGSB/C1/P`).
    pub text: String,
    /// Which tie-break it is.
    pub kind: TeamKind,
    /// `:GP` (else the primary score, MP).
    pub game_points: bool,
    /// `/Cn` (and the low half of `/Mn`): lowest values cut (C.07 art. 14.1).
    pub cut_low: u8,
    /// The high half of `/Mn`: highest values cut.
    pub cut_high: u8,
    /// `/P`: forfeited matches count as played against their opponent.
    pub forfeits_played: bool,
}

/// The families of team tie-breaks computed here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamKind {
    /// The primary score (MP).
    Primary,
    /// Game points.
    GamePoints,
    /// C.07 art. 13.1: the secondary score.
    MPvGP,
    /// C.07 art. 13.3: extended direct encounter; the letter after EDE says
    /// what breaks a tie left between exactly two teams (`T` top board
    /// results, art. 12.2; `B` bottom board elimination, art. 12.3; `BT`,
    /// `BB` board count then the other, art. 12.1).
    Ede(EdeBoards),
    /// C.07 art. 8.1.
    Buchholz,
    /// C.07 art. 9.1 on the tie-break's score.
    SonnebornBerger,
    /// C.07 art. 13.2: Σ opponent's score (first letter) × own score against
    /// them (second letter).
    Extended {
        /// The opponents' score is game points (`EG..`), else match points (`EM..`).
        opponent_gp: bool,
        /// The own score against them is game points (`..GSB`), else match points (`..MSB`).
        own_gp: bool,
    },
}

/// A code this module cannot read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamCodeError {
    /// The code as written.
    pub code: String,
    /// What was expected instead (the codes or modifiers read here).
    pub expected: String,
}

impl std::fmt::Display for TeamCodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "team tie-break \"{}\": expected {}",
            self.code, self.expected
        )
    }
}

impl std::error::Error for TeamCodeError {}

impl From<TeamCodeError> for crate::Error {
    fn from(e: TeamCodeError) -> crate::Error {
        crate::error::engine(crate::diag::codes::TIEBREAK_CODE, e.to_string())
    }
}

impl TeamTieBreak {
    /// Read one code of a TRF-2026 `202` list (`EDE`, `BH:GP/C1`, `EMGSB/P`);
    /// case-insensitive, `-` accepted for `/`.
    pub fn parse(text: &str) -> Result<TeamTieBreak, TeamCodeError> {
        let t = text.trim();
        let err = |e: &str| TeamCodeError {
            code: t.to_string(),
            expected: e.to_string(),
        };
        let mut parts = t.split(['/', '-']);
        let head = parts.next().unwrap_or("").to_ascii_uppercase();
        let (name, basis) = match head.split_once(':') {
            Some((n, b)) => (n.to_string(), Some(b.to_string())),
            None => (head.clone(), None),
        };
        let kind = match name.as_str() {
            "PTS" | "MP" => TeamKind::Primary,
            "GP" => TeamKind::GamePoints,
            "MPVGP" => TeamKind::MPvGP,
            "EDE" => TeamKind::Ede(EdeBoards::None),
            "EDET" => TeamKind::Ede(EdeBoards::TopBoard),
            "EDEB" => TeamKind::Ede(EdeBoards::BottomBoard),
            "EDEBT" => TeamKind::Ede(EdeBoards::CountThenTop),
            "EDEBB" => TeamKind::Ede(EdeBoards::CountThenBottom),
            "BH" => TeamKind::Buchholz,
            "SB" => TeamKind::SonnebornBerger,
            "EMMSB" | "EMGSB" | "EGMSB" | "EGGSB" => TeamKind::Extended {
                opponent_gp: name.as_bytes()[1] == b'G',
                own_gp: name.as_bytes()[2] == b'G',
            },
            _ => {
                return Err(err(
                    "a team tie-break computed here: PTS, GP, MPvGP, EDE, EDET, EDEB, EDEBT, EDEBB, BH, SB, EMMSB, EMGSB, EGMSB, EGGSB",
                ))
            }
        };
        let game_points = match basis.as_deref() {
            None | Some("MP") => false,
            Some("GP") => true,
            Some(_) => return Err(err("the score basis :MP or :GP")),
        };
        let mut tb = TeamTieBreak {
            text: t.to_string(),
            kind,
            game_points,
            cut_low: 0,
            cut_high: 0,
            forfeits_played: false,
        };
        for m in parts {
            let m = m.to_ascii_uppercase();
            let n = |s: &str| s.parse::<u8>().map_err(|_| err("a number after C or M"));
            if m == "P" {
                tb.forfeits_played = true;
            } else if let Some(k) = m.strip_prefix('C') {
                tb.cut_low = n(k)?;
            } else if let Some(k) = m.strip_prefix('M') {
                let k = n(k)?;
                tb.cut_low = k;
                tb.cut_high = k;
            } else {
                return Err(err("the modifiers /Cn, /Mn or /P"));
            }
        }
        Ok(tb)
    }
}

/// One team's line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TeamRow {
    /// Rank (1-based; teams equal on every value share it).
    pub rank: u32,
    /// The team's number (TRF-2026 `310`).
    pub team: TeamId,
    /// The team's name.
    pub name: String,
    /// Match points under the event's match scoring (TRF-2026 `362`).
    pub match_points: Value,
    /// Game points: the sum of the team's board points under the game scoring (`162`).
    pub game_points: Value,
    /// One value per tie-break, in the order asked.
    pub values: Vec<Value>,
}

/// Team standings after `rounds` rounds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TeamStandings {
    /// Rounds counted.
    pub rounds: usize,
    /// The tie-breaks applied, as written.
    pub tiebreaks: Vec<String>,
    /// The teams in rank order.
    pub rows: Vec<TeamRow>,
    /// What did not add up in the team records.
    pub notes: Vec<String>,
    /// The C.07 edition applied (by the event's date unless asked).
    pub edition: TiebreakEdition,
}

struct Ctx {
    ids: Vec<TeamId>,
    index: HashMap<TeamId, usize>,
    rounds: Vec<Vec<TeamRound>>,
    mp: Vec<Value>,
    gp: Vec<Value>,
    /// Match points of a drawn match, half the boards' points (art. 16.3).
    draw_mp: Value,
    draw_gp: Value,
    /// C.07 (2026) art. 16.4.1/16.4.2: the dummy opponent's score is capped.
    capped: bool,
    /// The rounds counted.
    counted: i64,
}

fn v(p: crate::model::Points) -> Value {
    Value::tenths(i64::from(p.0))
}

/// The edition in force for `t`: by its start (else end) date, the rules in
/// force now (2026) when the file gives no date, as for individuals.
pub fn edition_of(t: &Tournament) -> TiebreakEdition {
    t.info
        .start_date
        .or(t.info.end_date)
        .map_or(TiebreakEdition::C07_2026, TiebreakEdition::for_date)
}

/// Rank the teams of `t` after `after_round` (all recorded rounds when `None`)
/// by MP and `tiebreaks`, in the edition of the event's date ([`edition_of`]).
pub fn compute(
    t: &Tournament,
    tiebreaks: &[TeamTieBreak],
    after_round: Option<usize>,
) -> TeamStandings {
    compute_in(t, tiebreaks, after_round, edition_of(t))
}

/// [`compute`] in the given C.07 edition.
pub fn compute_in(
    t: &Tournament,
    tiebreaks: &[TeamTieBreak],
    after_round: Option<usize>,
    edition: TiebreakEdition,
) -> TeamStandings {
    let n = after_round
        .unwrap_or(t.rounds_recorded())
        .min(t.rounds_recorded());
    let (sched, notes) = team_rounds(t, n);
    let ms = t.team_records.scoring();
    let boards = t.team_records.board_colours.len() as i64;
    let ids: Vec<TeamId> = sched.iter().map(|s| s.team).collect();
    let index = ids.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    let rounds: Vec<Vec<TeamRound>> = sched.into_iter().map(|s| s.rounds).collect();
    let mp = rounds
        .iter()
        .map(|rs| rs.iter().map(|r| v(r.match_points)).sum())
        .collect();
    let gp = rounds
        .iter()
        .map(|rs| rs.iter().map(|r| v(r.game_points)).sum())
        .collect();
    let ctx = Ctx {
        ids,
        index,
        rounds,
        mp,
        gp,
        draw_mp: v(ms.draw),
        draw_gp: v(t.scoring.draw) * Value::int(boards),
        capped: edition == TiebreakEdition::C07_2026,
        counted: n as i64,
    };
    let len = ctx.ids.len();
    let mut values: Vec<Vec<Value>> = vec![Vec::with_capacity(tiebreaks.len()); len];
    for tb in tiebreaks {
        let col = column(&ctx, tb, &values);
        for (row, x) in values.iter_mut().zip(col) {
            row.push(x);
        }
    }
    let mut order: Vec<usize> = (0..len).collect();
    let key = |i: usize| (ctx.mp[i], values[i].clone());
    let better = |a: usize, b: usize| -> Ordering {
        let (ma, va) = key(a);
        let (mb, vb) = key(b);
        mb.cmp(&ma).then_with(|| {
            for ((x, y), tb) in va.iter().zip(&vb).zip(tiebreaks) {
                let o = if matches!(tb.kind, TeamKind::Ede(_)) {
                    // EDE gives places within the tied group: 1 is best, 0 none.
                    let p = |z: &Value| {
                        if *z == Value::ZERO {
                            i64::MAX
                        } else {
                            z.numer()
                        }
                    };
                    p(x).cmp(&p(y))
                } else {
                    y.cmp(x)
                };
                if o != Ordering::Equal {
                    return o;
                }
            }
            Ordering::Equal
        })
    };
    order.sort_by(|a, b| better(*a, *b).then(ctx.ids[*a].cmp(&ctx.ids[*b])));
    let mut rows: Vec<TeamRow> = Vec::with_capacity(len);
    for (k, &i) in order.iter().enumerate() {
        let rank = match rows.last() {
            Some(prev) if better(ctx.index[&prev.team], i) == Ordering::Equal => prev.rank,
            _ => k as u32 + 1,
        };
        let name = t
            .teams
            .iter()
            .enumerate()
            .find(|(p, x)| x.id(*p) == ctx.ids[i])
            .map(|(_, x)| x.name.clone())
            .unwrap_or_default();
        rows.push(TeamRow {
            rank,
            team: ctx.ids[i],
            name,
            match_points: ctx.mp[i],
            game_points: ctx.gp[i],
            values: values[i].clone(),
        });
    }
    TeamStandings {
        rounds: n,
        tiebreaks: tiebreaks.iter().map(|x| x.text.clone()).collect(),
        rows,
        notes: notes.into_iter().map(note_text).collect(),
        edition,
    }
}

fn note_text(n: TeamNote) -> String {
    format!("team {} round {}: {}", n.team, n.round, n.message)
}

fn column(ctx: &Ctx, tb: &TeamTieBreak, before: &[Vec<Value>]) -> Vec<Value> {
    let len = ctx.ids.len();
    match tb.kind {
        TeamKind::Primary => ctx.mp.clone(),
        TeamKind::GamePoints | TeamKind::MPvGP => ctx.gp.clone(),
        TeamKind::Ede(boards) => ede(ctx_view(ctx), tb.forfeits_played, boards, before),
        TeamKind::Buchholz | TeamKind::SonnebornBerger | TeamKind::Extended { .. } => {
            (0..len).map(|i| opponent_sum(ctx, i, tb)).collect()
        }
    }
}

fn ctx_view(ctx: &Ctx) -> EdeView<'_> {
    EdeView {
        rounds: &ctx.rounds,
        index: &ctx.index,
        mp: &ctx.mp,
    }
}

/// A round without a match over the boards (or a forfeited match without
/// `/P`): C.07 art. 16.1 voluntarily unplayed rounds are the requested byes
/// (HPB, ZPB, no match at all) and forfeit losses.
fn is_vur(r: &TeamRound) -> bool {
    match r.kind {
        TeamRoundKind::Match { forfeit, .. } => {
            forfeit.is_some() && r.match_points == crate::model::Points::ZERO
        }
        TeamRoundKind::Bye { bye } => matches!(bye, TeamByeKind::Half | TeamByeKind::Zero),
    }
}

/// C.07 art. 16.3: a team's score as its opponents see it, the unplayed
/// rounds after its last round that is not a VUR counted as draws.
fn adjusted(ctx: &Ctx, i: usize, gp: bool) -> Value {
    let rs = &ctx.rounds[i];
    let last = rs.iter().rposition(|r| !is_vur(r)).map_or(0, |k| k + 1);
    rs.iter()
        .enumerate()
        .map(|(k, r)| {
            if k + 1 > last && r.opponent().is_none() {
                if gp {
                    ctx.draw_gp
                } else {
                    ctx.draw_mp
                }
            } else if gp {
                v(r.game_points)
            } else {
                v(r.match_points)
            }
        })
        .sum()
}

/// The dummy opponent's score for a round without a game (C.07 art. 16.4:
/// the team's own score). C.07 (2026) caps it: art. 16.4.1, a forfeited
/// match, at the scheduled opponent's score; art. 16.4.2, any other round
/// without a match, at a draw in every round counted.
fn dummy(ctx: &Ctx, r: &TeamRound, own: Value, gp: bool) -> Value {
    if !ctx.capped {
        return own;
    }
    let cap = match r.opponent().and_then(|o| ctx.index.get(&o)) {
        Some(&o) => adjusted(ctx, o, gp),
        None => {
            let draw = if gp { ctx.draw_gp } else { ctx.draw_mp };
            draw * Value::int(ctx.counted)
        }
    };
    own.min(cap)
}

/// BH, SB and the extended SB: one term per round, the opponent's adjusted
/// score (the dummy with the team's own score for an unplayed round, C.07
/// art. 16.4), times the own score in the round for SB; then the cuts of
/// art. 14 (the lowest VUR term first, art. 16.5).
fn opponent_sum(ctx: &Ctx, i: usize, tb: &TeamTieBreak) -> Value {
    let (opp_gp, own_gp) = match tb.kind {
        TeamKind::Extended {
            opponent_gp,
            own_gp,
        } => (opponent_gp, own_gp),
        _ => (tb.game_points, tb.game_points),
    };
    let sb = !matches!(tb.kind, TeamKind::Buchholz);
    let own_total = if opp_gp { ctx.gp[i] } else { ctx.mp[i] };
    // (opponent score, term, vur)
    let mut terms: Vec<(Value, Value, bool)> = Vec::new();
    for r in &ctx.rounds[i] {
        let as_game = match r.kind {
            TeamRoundKind::Match {
                opponent,
                forfeit: None,
                ..
            } => Some(opponent),
            TeamRoundKind::Match {
                opponent,
                forfeit: Some(_),
                ..
            } if tb.forfeits_played => Some(opponent),
            _ => None,
        };
        let score = match as_game.and_then(|o| ctx.index.get(&o)) {
            Some(&o) => adjusted(ctx, o, opp_gp),
            None => dummy(ctx, r, own_total, opp_gp),
        };
        let own = if own_gp {
            v(r.game_points)
        } else {
            v(r.match_points)
        };
        let term = if sb { score * own } else { score };
        terms.push((score, term, as_game.is_none() && is_vur(r)));
    }
    for _ in 0..tb.cut_low.min(terms.len() as u8) {
        let key = |t: &(Value, Value, bool)| (t.0, t.1);
        let low = (0..terms.len()).min_by_key(|&k| key(&terms[k]));
        let vur = (0..terms.len())
            .filter(|&k| terms[k].2)
            .min_by_key(|&k| key(&terms[k]));
        let pick = match (low, vur) {
            (Some(l), Some(u)) if terms[l].1 <= terms[u].1 => u,
            (Some(l), _) => l,
            _ => break,
        };
        terms.remove(pick);
    }
    for _ in 0..tb.cut_high.min(terms.len() as u8) {
        if let Some(h) = (0..terms.len()).max_by_key(|&k| (terms[k].0, terms[k].1)) {
            terms.remove(h);
        }
    }
    terms.iter().map(|t| t.1).sum()
}
