//! The TRF-2026 team layer of the writer: `310` teams and the team records
//! (`352 362 240 300 320 330`), in the order of the TEC sample.

use crate::model::{Color, Points, Team, TeamByeKind};

use super::layout;
use super::text::LineBuf;
use super::write::Writer;
use super::Target;

/// `labels (k1, k2) of N what(s)`: the label keys some of `all` carry, in
/// first-seen order, and how many carry any; `None` when none does.
fn labels_lost<'a>(
    all: impl Iterator<Item = &'a std::collections::BTreeMap<String, String>>,
    what: &str,
) -> Option<String> {
    let mut keys: Vec<&str> = Vec::new();
    let mut n = 0;
    for labels in all {
        n += usize::from(!labels.is_empty());
        for k in labels.keys() {
            if !keys.contains(&k.as_str()) {
                keys.push(k);
            }
        }
    }
    (n > 0).then(|| format!("labels ({}) of {n} {what}(s)", keys.join(", ")))
}

/// Points in a `11.5`-form field of `width` columns, aligned on the decimal
/// point as TRF-2026 team files write them; `short` writes a whole value
/// without its decimal (`  15  `, `TW 2  `), as the TEC sample does for match
/// points.
pub(super) fn decimal_aligned(p: Points, width: usize, short: bool) -> String {
    let int_width = width.saturating_sub(2);
    let sign = if p.0 < 0 { "-" } else { "" };
    let a = p.0.unsigned_abs();
    let int = format!("{sign}{}", a / 10);
    if short && a.is_multiple_of(10) {
        format!("{int:>int_width$}  ")
    } else {
        format!("{int:>int_width$}.{}", a % 10)
    }
}

impl Writer<'_> {
    /// `352` and `362` (header block, TRF-2026 only).
    pub(super) fn team_headers(&mut self) {
        let rec = &self.t.team_records;
        if !rec.board_colours.is_empty() {
            let s: String = rec
                .board_colours
                .iter()
                .map(|c| if *c == Color::White { 'W' } else { 'B' })
                .collect();
            self.lines.push(format!("352 {s}"));
        }
        if let Some(ms) = &rec.match_points {
            use layout::scoring362 as S;
            let mut b = LineBuf::new("362");
            let all = [("TW", ms.win), ("TD", ms.draw), ("TL", ms.loss)]
                .into_iter()
                .map(|(s, p)| (s.to_string(), p))
                .chain(ms.other.iter().map(|(s, p)| (s.0.clone(), *p)));
            for (n, (sym, p)) in all.enumerate() {
                b.put(&S::SYMBOL.nth(n, S::STRIDE), &sym);
                let f = S::VALUE.nth(n, S::STRIDE);
                b.put(&f, &decimal_aligned(p, f.width(), true));
            }
            self.lines.push(b.finish());
        }
    }

    /// Team records the target cannot carry are named once; so are the
    /// teams' labels (a Swiss-Manager captain, federation, group), which no
    /// TRF record holds.
    pub(super) fn team_records_lost(&mut self) {
        // Other targets: the read-back account names them (`loss_team`).
        if self.target == Target::Trf26 {
            if let Some(what) = labels_lost(self.t.teams.iter().map(|x| &x.labels), "team") {
                self.cannot_carry(
                    "teams.labels",
                    &format!("the teams' {what}"),
                    " (json carries them)",
                );
            }
        }
        if self.target != Target::Trf26 && !self.t.team_records.is_empty() {
            self.cannot_carry(
                "team records",
                "the team records (352 362 240 300 320 330: board colours, match points, team byes, line-ups, forfeited matches)",
                " (use trf26)",
            );
        }
    }

    /// The players' labels (a Swiss-Manager club, group, type, short name, K
    /// factor) have no TRF record in any dialect: named once, with the keys and
    /// how many players carried them, so a conversion never drops them silently
    /// (`rating` takes K from a `k_factor` label; without it, from B.02
    /// §8.3.3).
    pub(super) fn player_labels_lost(&mut self) {
        if let Some(what) = labels_lost(self.t.players.iter().map(|p| &p.labels), "player") {
            self.cannot_carry(
                "players.labels",
                &format!("the players' {what}"),
                " (json carries them)",
            );
        }
    }

    /// `240` team byes, `300` line-ups, `320` PAB, `330` forfeited matches.
    pub(super) fn team_records(&mut self) {
        if self.target != Target::Trf26 {
            return;
        }
        let rec = &self.t.team_records;
        for bye in &rec.byes {
            use layout::bye240 as B;
            let mut b = LineBuf::new("240");
            let k = match bye.kind {
                TeamByeKind::Full => "F",
                TeamByeKind::Half => "H",
                // A PAB is written in 320; a 240 holds F, H or Z.
                TeamByeKind::Zero | TeamByeKind::PairingAllocated => "Z",
            };
            b.put(&B::KIND, k);
            b.put(&B::ROUND, &bye.round.to_string());
            for (n, id) in bye.teams.iter().enumerate() {
                b.put(&B::ID.nth(n, B::STRIDE), &id.0.to_string());
            }
            self.lines.push(b.finish());
        }
        for l in &rec.lineups {
            use layout::lineup300 as L;
            let mut b = LineBuf::new("300");
            b.put(&L::ROUND, &l.round.to_string());
            b.put(&L::TEAM, &l.team.0.to_string());
            b.put(&L::OPPONENT, &l.opponent.0.to_string());
            for (n, p) in l.boards.iter().enumerate() {
                let v = p.map_or(0, |p| p.0);
                b.put(&L::BOARD.nth(n, L::STRIDE), &v.to_string());
            }
            self.lines.push(b.finish());
        }
        if let Some(p) = &rec.pab {
            use layout::pab320 as P;
            let mut b = LineBuf::new("320");
            // The TEC sample: `320  1    2.0`.
            let (m, g) = (P::MATCH_POINTS, P::GAME_POINTS);
            b.put(&m, &decimal_aligned(p.match_points, m.width(), true));
            b.put(&g, &decimal_aligned(p.game_points, g.width(), false));
            for (n, id) in p.teams.iter().enumerate() {
                if let Some(id) = id {
                    b.put(&P::TEAM.nth(n, P::STRIDE), &id.0.to_string());
                }
            }
            self.lines.push(b.finish());
        }
        for f in &rec.forfeits {
            use layout::forfeit330 as F;
            let mut b = LineBuf::new("330");
            b.put(&F::RESULT, f.result.code());
            b.put(&F::ROUND, &f.round.to_string());
            b.put(&F::WHITE, &f.white.0.to_string());
            b.put(&F::BLACK, &f.black.0.to_string());
            self.lines.push(b.finish());
        }
    }

    /// The `310` record of a numbered team.
    pub(super) fn team310(&mut self, n: u32, team: &Team, who: &str) -> String {
        use layout::team310 as T;
        let mut b = LineBuf::new("310");
        self.put_or_warn(&mut b, &T::NUMBER, &n.to_string(), who);
        self.put_or_warn(&mut b, &T::NAME, &team.name, who);
        self.put_or_warn(&mut b, &T::NICKNAME, &team.nickname, who);
        self.put_or_warn(&mut b, &T::STRENGTH, &team.strength, who);
        if let Some(p) = team.match_points {
            let f = T::MATCH_POINTS;
            self.put_or_warn(&mut b, &f, &decimal_aligned(p, f.width(), true), who);
        }
        if let Some(p) = team.game_points {
            let f = T::GAME_POINTS;
            self.put_or_warn(&mut b, &f, &decimal_aligned(p, f.width(), false), who);
        }
        if let Some(r) = team.rank {
            self.put_or_warn(&mut b, &T::RANK, &r.to_string(), who);
        }
        for (i, m) in team.members.iter().enumerate() {
            self.put_or_warn(
                &mut b,
                &T::MEMBER.nth(i, T::MEMBER_STRIDE),
                &m.0.to_string(),
                who,
            );
        }
        b.finish()
    }

    /// TRF-2026 team files (the TEC sample, Swiss-Manager) write a board
    /// player who did not play `0000 - -` and a board won because the
    /// opposing board was empty `0000 - +`; the reader takes them as a
    /// zero-point bye and a pairing-allocated bye. True when this file is
    /// written that way.
    pub(super) fn team_cells(&self) -> bool {
        self.target == Target::Trf26 && self.t.teams.iter().any(|x| x.number.is_some())
    }
}
