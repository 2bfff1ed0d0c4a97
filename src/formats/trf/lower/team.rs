//! The TRF-2026 team layer of a team event: `352` board colours, `362` match
//! points, `240` team byes, `300` line-ups, `320` the team PAB and `330`
//! forfeited matches, into [`crate::model::TeamRecords`].

use crate::model::{
    Color, ForfeitedMatch, Lineup, MatchForfeit, MatchPointSystem, MatchScoreSymbol, PlayerId,
    Points, TeamBye, TeamByeKind, TeamId, TeamPab,
};

use crate::formats::trf::layout::{self, Field};
use crate::formats::trf::raw::RawLine;
use crate::formats::trf::text::{Cols, Counting};

use super::state::*;

/// Team numbers are 3 digits in `300 320 330`, 4 in `240`.
const MAX_TEAM: u32 = 9999;

impl<'o> Lowerer<'o> {
    /// `352 WBWB`: the colours of the first-named team's boards.
    pub(super) fn colours352(&mut self, r: &RawLine<'o>) {
        let c = Cols::new(r.text, Counting::Chars);
        let text = c.from(layout::colours352::PATTERN.first).trim();
        let mut out = Vec::with_capacity(text.len());
        for ch in text.chars() {
            match ch.to_ascii_uppercase() {
                'W' => out.push(Color::White),
                'B' => out.push(Color::Black),
                _ => {
                    self.field_error(
                        r.number,
                        &layout::colours352::PATTERN,
                        format!(
                            "expected board colours W and B (e.g. WBWB), found {}; line kept as is",
                            quote(text)
                        ),
                    );
                    self.keep(r);
                    return;
                }
            }
        }
        if out.is_empty() {
            self.bad_header(r, "board colours W and B (e.g. WBWB)");
            return;
        }
        self.t.team_records.board_colours = out;
    }

    /// `362 TW 2     TD 1     TL 0`.
    pub(super) fn scoring362(&mut self, r: &RawLine<'o>) {
        use layout::scoring362 as S;
        let c = Cols::new(r.text, Counting::Chars);
        let mut ms = MatchPointSystem::default();
        let mut n = 0;
        loop {
            let sf = S::SYMBOL.nth(n, S::STRIDE);
            if sf.first > c.len() {
                break;
            }
            let vf = S::VALUE.nth(n, S::STRIDE);
            n += 1;
            let sym = c.get(&sf);
            // The value may run to the blank before the next symbol.
            let value = c
                .cols(vf.first, vf.first + S::STRIDE - 3)
                .unwrap_or("")
                .trim();
            if sym.is_empty() && value.is_empty() {
                continue;
            }
            let Some(p) = Points::parse(value) else {
                self.field_error(
                    r.number,
                    &vf,
                    format!(
                        "expected the points of {} (e.g. 2 or 2.0), found {}; line kept as is",
                        quote(sym),
                        quote(value)
                    ),
                );
                self.keep(r);
                return;
            };
            match sym {
                MatchScoreSymbol::WIN => ms.win = p,
                MatchScoreSymbol::DRAW => ms.draw = p,
                MatchScoreSymbol::LOSS => ms.loss = p,
                other => ms.other.push((MatchScoreSymbol(other.to_string()), p)),
            }
        }
        self.t.team_records.match_points = Some(ms);
    }

    /// The team records of a team event (`240 300 320 330 362`).
    pub(super) fn team_record(&mut self, r: &RawLine<'o>) {
        match r.code {
            "240" => self.team_bye240(r),
            "300" => self.lineup300(r),
            "320" => self.pab320(r),
            "330" => self.forfeit330(r),
            "362" => self.scoring362(r),
            _ => self.keep(r),
        }
    }

    fn number(&mut self, r: &RawLine<'_>, c: &Cols<'_>, f: &Field, what: &str) -> Option<u32> {
        let s = c.get(f);
        match parse_uint(s) {
            Some(n) if (1..=MAX_TEAM).contains(&n) => Some(n),
            _ => {
                self.field_error(
                    r.number,
                    f,
                    format!("expected {what}, found {}; line kept as is", quote(s)),
                );
                self.keep(r);
                None
            }
        }
    }

    fn team_bye240(&mut self, r: &RawLine<'o>) {
        use layout::bye240 as B;
        let c = Cols::new(r.text, Counting::Chars);
        let kind = match c.get(&B::KIND) {
            "F" | "f" => TeamByeKind::Full,
            "H" | "h" => TeamByeKind::Half,
            "Z" | "z" => TeamByeKind::Zero,
            other => {
                self.field_error(
                    r.number,
                    &B::KIND,
                    format!(
                        "expected a bye type F, H or Z, found {}; line kept as is",
                        quote(other)
                    ),
                );
                self.keep(r);
                return;
            }
        };
        let Some(round) = self.number(r, &c, &B::ROUND, "a round number") else {
            return;
        };
        // Tokenised from the first id: the TEC sample has tabs after the ids.
        let mut teams = Vec::new();
        for tok in c.from(B::ID.first).split_whitespace() {
            match parse_uint(tok) {
                Some(n) if (1..=MAX_TEAM).contains(&n) => teams.push(TeamId(n)),
                _ => {
                    self.field_error(
                        r.number,
                        &B::ID,
                        format!(
                            "expected team numbers from col {}, found {}; line kept as is",
                            B::ID.first,
                            quote(tok)
                        ),
                    );
                    self.keep(r);
                    return;
                }
            }
        }
        self.t
            .team_records
            .byes
            .push(TeamBye { kind, round, teams });
    }

    fn lineup300(&mut self, r: &RawLine<'o>) {
        use layout::lineup300 as L;
        let c = Cols::new(r.text, Counting::Chars);
        let Some(round) = self.number(r, &c, &L::ROUND, "a round number") else {
            return;
        };
        let Some(team) = self.number(r, &c, &L::TEAM, "a team number") else {
            return;
        };
        let Some(opponent) = self.number(r, &c, &L::OPPONENT, "the opponent team's number") else {
            return;
        };
        let mut boards = Vec::new();
        // Blank columns after the last board (trailing blanks) are no boards;
        // a blank or `0` between boards is an empty board.
        let mut written = 0;
        let mut n = 0;
        loop {
            let f = L::BOARD.nth(n, L::STRIDE);
            if f.first > c.len() {
                break;
            }
            n += 1;
            let s = c.get(&f);
            if s.is_empty() {
                boards.push(None);
                continue;
            }
            written = n;
            match parse_uint(s) {
                Some(0) => boards.push(None),
                Some(v) => boards.push(Some(PlayerId(v))),
                None => {
                    self.field_error(
                        r.number,
                        &f,
                        format!(
                            "expected a starting rank (0 for an empty board), found {}; line kept as is",
                            quote(s)
                        ),
                    );
                    self.keep(r);
                    return;
                }
            }
        }
        boards.truncate(written);
        self.t.team_records.lineups.push(Lineup {
            round,
            team: TeamId(team),
            opponent: TeamId(opponent),
            boards,
        });
    }

    fn pab320(&mut self, r: &RawLine<'o>) {
        use layout::pab320 as P;
        let c = Cols::new(r.text, Counting::Chars);
        let points = |f: &Field| Points::parse(c.get(f));
        let (Some(mp), Some(gp)) = (points(&P::MATCH_POINTS), points(&P::GAME_POINTS)) else {
            self.field_error(
                r.number,
                &P::MATCH_POINTS,
                format!(
                    "expected PAB match points (cols 5-8) and game points (cols 10-13), found {} and {}; line kept as is",
                    quote(c.get(&P::MATCH_POINTS)),
                    quote(c.get(&P::GAME_POINTS))
                ),
            );
            self.keep(r);
            return;
        };
        let mut teams = Vec::new();
        let mut n = 0;
        loop {
            let f = P::TEAM.nth(n, P::STRIDE);
            if f.first > c.len() {
                break;
            }
            n += 1;
            let s = c.get(&f);
            match parse_uint(s) {
                _ if s.is_empty() => teams.push(None),
                Some(0) => teams.push(None),
                Some(v) => teams.push(Some(TeamId(v))),
                None => {
                    self.field_error(
                        r.number,
                        &f,
                        format!(
                            "expected the number of the team with the PAB in round {n}, found {}; line kept as is",
                            quote(s)
                        ),
                    );
                    self.keep(r);
                    return;
                }
            }
        }
        while teams.last() == Some(&None) {
            teams.pop();
        }
        if self.t.team_records.pab.is_some() {
            self.diag(
                crate::diag::codes::TRF_DUPLICATE_RECORD,
                crate::diag::Severity::Warning,
                crate::diag::Family::Consistency,
                crate::diag::Location::line(r.number),
                "expected one 320 record, found another; this line is kept as is",
            );
            self.keep(r);
            return;
        }
        self.t.team_records.pab = Some(TeamPab {
            match_points: mp,
            game_points: gp,
            teams,
        });
    }

    fn forfeit330(&mut self, r: &RawLine<'o>) {
        use layout::forfeit330 as F;
        let c = Cols::new(r.text, Counting::Chars);
        let code = c.get(&F::RESULT);
        let Some(result) = MatchForfeit::from_code(code) else {
            self.field_error(
                r.number,
                &F::RESULT,
                format!(
                    "expected +-, -+ or --, found {}; line kept as is",
                    quote(code)
                ),
            );
            self.keep(r);
            return;
        };
        let Some(round) = self.number(r, &c, &F::ROUND, "a round number") else {
            return;
        };
        let Some(white) = self.number(r, &c, &F::WHITE, "the white team's number") else {
            return;
        };
        let Some(black) = self.number(r, &c, &F::BLACK, "the black team's number") else {
            return;
        };
        self.t.team_records.forfeits.push(ForfeitedMatch {
            result,
            round,
            white: TeamId(white),
            black: TeamId(black),
        });
    }
}
