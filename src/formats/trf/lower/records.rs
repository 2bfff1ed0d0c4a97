//! The other records: national ratings, teams (`013`, `310`), JaVaFo and
//! bbpPairings extensions, TRF-2026 `240`/`250`/`260`.

use crate::diag::{codes, Family, Location, Severity};
use crate::model::{Acceleration, Color, ForbiddenPairs, NationalRating, PlayerId, Points, Team};

use crate::formats::trf::layout::{self, Field};
use crate::formats::trf::raw::RawLine;
use crate::formats::trf::text::{Cols, Counting};

use super::state::*;

impl<'o> Lowerer<'o> {
    // ----- national ratings and teams ------------------------------------

    pub(super) fn national(&mut self, r: &RawLine<'o>) {
        use layout::national as N;
        self.seen.trf26 = true;
        let c = Cols::new(r.text, self.counting(r.text));
        let Some(id) = parse_uint(c.get(&N::START_RANK)).map(PlayerId) else {
            self.keep(r);
            return;
        };
        let rating_text = c.get(&N::RATING);
        let rating = match parse_uint(rating_text) {
            Some(0) => None,
            Some(n) => u16::try_from(n).ok(),
            None => {
                if !rating_text.is_empty() {
                    self.field_error(
                        r.number,
                        &N::RATING,
                        format!("expected up to 4 digits, found {}", quote(rating_text)),
                    );
                }
                None
            }
        };
        let nr = NationalRating {
            federation: r.code.to_string(),
            rating,
            id: c.get(&N::ID).to_string(),
            name: c.get(&N::NAME).to_string(),
            title: c.get(&N::TITLE).to_string(),
            sex: c.get(&N::SEX).to_string(),
            origin: c.get(&N::ORIGIN).to_string(),
            birth: c.get(&N::BIRTH).to_string(),
        };
        let after = self.after();
        self.nationals
            .push((r.number, id, nr, Deferred { line: *r, after }));
    }

    pub(super) fn members(
        &mut self,
        r: &RawLine<'_>,
        c: &Cols<'_>,
        first: Field,
        stride: usize,
    ) -> Vec<PlayerId> {
        let mut out = Vec::new();
        let mut n = 0;
        loop {
            let f = first.nth(n, stride);
            if f.first > c.len() {
                break;
            }
            n += 1;
            let s = c.get(&f);
            if s.is_empty() {
                continue;
            }
            match parse_uint(s) {
                Some(0) => {}
                Some(v) => out.push(PlayerId(v)),
                None => self.field_error(
                    r.number,
                    &f,
                    format!(
                        "expected a starting rank of up to 4 digits, found {}",
                        quote(s)
                    ),
                ),
            }
        }
        out
    }

    pub(super) fn team013(&mut self, r: &RawLine<'_>) {
        if self.has310 {
            // TRF-2026: 310 supersedes 013 (kept verbatim).
            self.keep(r);
            return;
        }
        let c = Cols::new(r.text, Counting::Chars);
        let members = self.members(
            r,
            &c,
            layout::team013::MEMBER,
            layout::team013::MEMBER_STRIDE,
        );
        self.t.teams.push(Team {
            name: c.get(&layout::team013::NAME).to_string(),
            members,
            ..Team::default()
        });
    }

    pub(super) fn team310(&mut self, r: &RawLine<'_>) {
        use layout::team310 as T;
        self.seen.trf26 = true;
        let c = Cols::new(r.text, Counting::Chars);
        let number = match parse_uint(c.get(&T::NUMBER)) {
            Some(n) => n,
            None => {
                // Sharly writes the number left-aligned: `310 1   Team1`.
                match c
                    .get(&T::NUMBER)
                    .split_whitespace()
                    .next()
                    .and_then(parse_uint)
                {
                    Some(n) => n,
                    None => {
                        self.field_error(
                            r.number,
                            &T::NUMBER,
                            format!(
                                "expected a team number, found {}; line kept as is",
                                quote(c.raw(&T::NUMBER))
                            ),
                        );
                        self.keep(r);
                        return;
                    }
                }
            }
        };
        let members = self.members(r, &c, T::MEMBER, T::MEMBER_STRIDE);
        let mut points = |f: &Field| {
            let s = c.get(f);
            match Points::parse(s) {
                Some(p) => Some(p),
                None if s.is_empty() => None,
                None => {
                    self.field_error(
                        r.number,
                        f,
                        format!("expected points such as 15 or 28.0, found {}", quote(s)),
                    );
                    None
                }
            }
        };
        let match_points = points(&T::MATCH_POINTS);
        let game_points = points(&T::GAME_POINTS);
        let rank_text = c.get(&T::RANK);
        let rank = parse_uint(rank_text);
        if rank.is_none() && !rank_text.is_empty() {
            self.field_error(
                r.number,
                &T::RANK,
                format!("expected a rank, found {}", quote(rank_text)),
            );
        }
        self.t.teams.push(Team {
            name: c.get(&T::NAME).to_string(),
            number: Some(number),
            nickname: c.get(&T::NICKNAME).to_string(),
            strength: c.get(&T::STRENGTH).to_string(),
            match_points,
            game_points,
            rank,
            members,
            ..Team::default()
        });
    }

    // ----- extension records ----------------------------------------------

    pub(super) fn extension(&mut self, r: &RawLine<'o>) {
        let c = Cols::new(r.text, Counting::Chars);
        let data = c.from(layout::record::DATA_FIRST);
        if r.code.starts_with("BB") {
            self.seen.bbp = true;
        } else if r.code != "XXG" {
            // XXG is this crate's own record, not JaVaFo's.
            self.seen.javafo = true;
        }
        self.note_header(r.code, r.number);
        match r.code {
            "XXR" => match data.split_whitespace().next().and_then(parse_uint) {
                Some(n) => {
                    if let Some(prev) = self.t.total_rounds.filter(|p| *p != n) {
                        self.diag(
                            codes::COUNT_MISMATCH,
                            Severity::Warning,
                            Family::Consistency,
                            Location::line(r.number),
                            format!("XXR {n} disagrees with 142 {prev}; using {n}"),
                        );
                    }
                    self.t.total_rounds = Some(n);
                    self.xxr_line = Some((r.number, n));
                }
                None => self.bad_header(r, "a number of rounds"),
            },
            "XXC" => {
                let mut keep = false;
                for tok in data.split_whitespace() {
                    match tok.to_ascii_lowercase().as_str() {
                        "white1" => self.t.initial_color = Some(Color::White),
                        "black1" => self.t.initial_color = Some(Color::Black),
                        "rank" => {
                            // JaVaFo's ranking ids: players ordered by the 001 rank
                            // field instead of the starting rank (bbpPairings honours
                            // it). Not carried by the model: say so where it is read.
                            self.diag(
                                codes::UNSUPPORTED,
                                Severity::Warning,
                                Family::Engine,
                                Location::line(r.number),
                                "XXC rank (JaVaFo: pair in the order of the rank field, \
                                 not of the starting ranks) is not honoured: pair and check \
                                 order the players by starting rank; line kept as is",
                            );
                            keep = true;
                        }
                        other => {
                            self.diag(
                                codes::TRF_FIELD_SYNTAX,
                                Severity::Warning,
                                Family::Syntax,
                                Location::line(r.number),
                                format!(
                                    "expected rank, white1 or black1 in XXC, found {}; line kept as is",
                                    quote(other)
                                ),
                            );
                            keep = true;
                        }
                    }
                }
                if keep {
                    // `XXC rank` has no place in the model: the line is kept.
                    self.keep(r);
                }
            }
            "XXS" => self.xxs.push((r.number, data.to_string())),
            "XXA" => self.xxa(r, &c),
            "XXG" => {
                use layout::xxg as G;
                let category = c.get(&G::CATEGORY).trim().to_string();
                match parse_uint(c.get(&G::PLAYER)).filter(|n| *n > 0) {
                    Some(id) if !category.is_empty() => {
                        self.registrations.push((r.number, PlayerId(id), category));
                    }
                    _ => self.bad_header(
                        r,
                        &format!(
                            "a starting rank in {} and a category from column {}",
                            span(&G::PLAYER),
                            G::CATEGORY.first
                        ),
                    ),
                }
            }
            "XXP" => {
                let mut players = Vec::new();
                for tok in data.split_whitespace() {
                    match parse_uint(tok) {
                        Some(n) if n > 0 => players.push(PlayerId(n)),
                        _ => {
                            self.bad_header(r, "starting ranks");
                            return;
                        }
                    }
                }
                self.t.forbidden_pairs.push(ForbiddenPairs {
                    first_round: None,
                    last_round: None,
                    players,
                });
            }
            "XXZ" => {
                let after = self.after();
                self.keep(r);
                self.absences.push(Deferred { line: *r, after });
            }
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let v = c.get(&layout::bb::READ);
                match Points::parse(v) {
                    Some(p) => self.bb.push((r.number, r.code, p)),
                    None => self.bad_header(r, "points like 1.0"),
                }
            }
            _ => {
                self.diag(
                    codes::TRF_UNKNOWN_RECORD,
                    Severity::Warning,
                    Family::Syntax,
                    record_code_at(r.number),
                    format!(
                        "unknown extension record {}; line kept as is",
                        quote(r.code)
                    ),
                );
                self.keep(r);
            }
        }
    }

    pub(super) fn xxa(&mut self, r: &RawLine<'_>, c: &Cols<'_>) {
        use layout::xxa as A;
        let Some(id) = parse_uint(c.get(&A::PLAYER)).filter(|n| *n > 0) else {
            self.bad_header(r, &format!("a starting rank in {}", span(&A::PLAYER)));
            return;
        };
        let mut points = Vec::new();
        let mut n = 0;
        loop {
            let f = A::VALUE.nth(n, A::STRIDE);
            if f.first > c.len() {
                break;
            }
            n += 1;
            let s = c.get(&f);
            if s.is_empty() {
                points.push(Points::ZERO);
                continue;
            }
            match Points::parse(s) {
                Some(p) => points.push(p),
                None => {
                    self.field_error(
                        r.number,
                        &f,
                        format!(
                            "expected points like 1.0, found {}; line kept as is",
                            quote(s)
                        ),
                    );
                    self.keep(r);
                    return;
                }
            }
        }
        while points.last() == Some(&Points::ZERO) {
            points.pop();
        }
        self.merge_acceleration(PlayerId(id), &points, 0);
    }

    pub(super) fn merge_acceleration(
        &mut self,
        player: PlayerId,
        values: &[Points],
        offset: usize,
    ) {
        let idx = match self.accel_index.get(&player) {
            Some(&i) => i,
            None => {
                self.t.accelerations.push(Acceleration {
                    player,
                    points: Vec::new(),
                });
                self.accel_index
                    .insert(player, self.t.accelerations.len() - 1);
                self.t.accelerations.len() - 1
            }
        };
        if let Some(a) = self.t.accelerations.get_mut(idx) {
            for (i, v) in values.iter().enumerate() {
                let at = offset + i;
                if a.points.len() <= at {
                    a.points.resize(at + 1, Points::ZERO);
                }
                if *v != Points::ZERO {
                    a.points[at] = *v;
                }
            }
        }
    }

    pub(super) fn record26(&mut self, r: &RawLine<'o>) {
        self.seen.trf26 = true;
        self.note_header(r.code, r.number);
        if self.team_event {
            // 240 names teams; 250/260 of a team event are kept verbatim,
            // 801/802 are crosstables (informative only).
            self.team_record(r);
            return;
        }
        match r.code {
            "240" => {
                let after = self.after();
                self.keep(r);
                self.absences.push(Deferred { line: *r, after });
            }
            "250" => self.accel250(r),
            "260" => self.forbid260(r),
            _ => self.keep(r),
        }
    }

    pub(super) fn accel250(&mut self, r: &RawLine<'_>) {
        use layout::accel250 as A;
        let c = Cols::new(r.text, Counting::Chars);
        let gp = Points::parse(c.get(&A::GAME_POINTS));
        let fr = parse_uint(c.get(&A::FIRST_ROUND));
        let lr = parse_uint(c.get(&A::LAST_ROUND));
        let fi = parse_uint(c.get(&A::FIRST_ID));
        let li = parse_uint(c.get(&A::LAST_ID));
        match (gp, fr, lr, fi, li) {
            (Some(gp), Some(fr), Some(lr), Some(fi), Some(li))
                if fr >= 1 && fr <= lr && fi >= 1 && fi <= li && lr <= 999 =>
            {
                let cells = u64::from(lr - fr + 1) * u64::from(li - fi + 1);
                self.accel_cells = self.accel_cells.saturating_add(cells);
                if self.accel_cells > MAX_ACCELERATION_CELLS {
                    self.diag(
                        codes::TRF_FIELD_SYNTAX,
                        Severity::Error,
                        Family::Syntax,
                        Location::field(r.number, A::FIRST_ROUND.first, A::LAST_ID.last, "acceleration"),
                        format!(
                            "expected acceleration ranges covering at most {MAX_ACCELERATION_CELLS} player-rounds in all, found {} with this line; line kept as is",
                            self.accel_cells
                        ),
                    );
                    self.keep(r);
                    return;
                }
                let values = vec![gp; (lr - fr + 1) as usize];
                for id in fi..=li {
                    self.merge_acceleration(PlayerId(id), &values, (fr - 1) as usize);
                }
            }
            _ => {
                self.diag(
                    codes::TRF_FIELD_SYNTAX,
                    Severity::Error,
                    Family::Syntax,
                    Location::field(r.number, A::MATCH_POINTS.first, A::LAST_ID.last, "acceleration"),
                    format!(
                        "expected game points, first and last round, first and last player, found {}; line kept as is",
                        quote(c.from(layout::record::DATA_FIRST).trim())
                    ),
                );
                self.keep(r);
            }
        }
    }

    pub(super) fn forbid260(&mut self, r: &RawLine<'_>) {
        use layout::forbid260 as F;
        let c = Cols::new(r.text, Counting::Chars);
        let fr = c.get(&F::FIRST_ROUND);
        let lr = c.get(&F::LAST_ROUND);
        let first_round = parse_uint(fr);
        let last_round = parse_uint(lr);
        if (first_round.is_none() && !fr.is_empty()) || (last_round.is_none() && !lr.is_empty()) {
            self.bad_header(
                r,
                &format!(
                    "rounds as 3 digits in {} and {}",
                    span(&F::FIRST_ROUND),
                    span(&F::LAST_ROUND).trim_start_matches("cols ")
                ),
            );
            return;
        }
        // Tokenise from the first player column (tabs and uneven spacing occur).
        let mut players = Vec::new();
        for tok in c.from(F::ID.first).split_whitespace() {
            match parse_uint(tok) {
                Some(n) if n > 0 => players.push(PlayerId(n)),
                _ => {
                    self.bad_header(r, &format!("starting ranks from col {}", F::ID.first));
                    return;
                }
            }
        }
        self.t.forbidden_pairs.push(ForbiddenPairs {
            first_round,
            last_round,
            players,
        });
    }
}
