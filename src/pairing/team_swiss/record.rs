//! A paired team round written into the tournament, results blank: each
//! match's boards as pending games between the teams' players, the
//! pairing-allocated bye in the team bye record (TRF-2026 `320`). What
//! `arbiter pair --format trf` writes for a team event.

use crate::model::{Color, PlayerId, RoundEntry, TeamId, TeamPab, Tournament};

use super::TeamRoundPairing;

/// `t` with the round `p` added: on board k the k-th player of each team's
/// roster (the default line-up of TRF-2026 `310`), the White team's player
/// with the k-th colour of `352` (White on odd boards when the file gives
/// none); the bye team's players unpaired, the team in `320`. The PAB's
/// points, when the file gives none, are a draw's (C.04.6 art. 1.4).
pub fn with_round(t: &Tournament, p: &TeamRoundPairing) -> Tournament {
    let mut out = t.clone();
    let r = p.round as usize;
    let boards = board_count(t);
    let roster = |id: TeamId| -> Vec<PlayerId> {
        t.teams
            .iter()
            .enumerate()
            .find(|(i, x)| x.id(*i) == id)
            .map(|(_, x)| x.members.iter().take(boards).copied().collect())
            .unwrap_or_default()
    };
    for m in &p.matches {
        let (w, b) = (roster(m.white), roster(m.black));
        for (k, (pw, pb)) in w.iter().zip(&b).enumerate() {
            let c = board_colour(t, k);
            set(&mut out, *pw, *pb, c, r);
            set(&mut out, *pb, *pw, c.opposite(), r);
        }
    }
    for pl in &mut out.players {
        pl.rounds.resize(r, RoundEntry::NotPaired);
    }
    if let Some(team) = p.bye {
        let rec = &mut out.team_records;
        let ms = rec.scoring();
        let draw_gp = crate::model::Points(t.scoring.draw.0 * boards as i32);
        let pab = rec.pab.get_or_insert_with(|| TeamPab {
            match_points: ms.draw,
            game_points: draw_gp,
            teams: Vec::new(),
        });
        pab.teams.resize(r - 1, None);
        pab.teams.push(Some(team));
    }
    out
}

/// Boards per match: the colours of `352`, else the smallest roster.
fn board_count(t: &Tournament) -> usize {
    match t.team_records.board_colours.len() {
        0 => t.teams.iter().map(|x| x.members.len()).min().unwrap_or(0),
        n => n,
    }
}

/// The colour of the White team's player on board `k` (0-based).
fn board_colour(t: &Tournament, k: usize) -> Color {
    match t.team_records.board_colours.get(k) {
        Some(c) => *c,
        None if k.is_multiple_of(2) => Color::White,
        None => Color::Black,
    }
}

fn set(t: &mut Tournament, id: PlayerId, opponent: PlayerId, color: Color, r: usize) {
    if let Some(pl) = t.players.iter_mut().find(|p| p.id == id) {
        pl.rounds.resize(r - 1, RoundEntry::NotPaired);
        pl.rounds.push(RoundEntry::Pending {
            opponent,
            color: Some(color),
        });
    }
}
