//! The TRF writer: canonical spacing, one of four targets, a chosen line end.
//!
//! Canonical layout: headers `012`..`132` (then the target's own records),
//! records kept from the source before the first player, each `001` line
//! followed by the records that followed it, national rating records, teams.
//! Lines carry no trailing blanks. A file in this form reads back to the same
//! model and writes back byte for byte.

use std::collections::{BTreeMap, BTreeSet};

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::{
    ByeKind, Color, NationalRating, Outcome, Player, PointSystem, Points, RoundEntry, Team,
    Tournament,
};

use super::dates::format_birth;
use super::dialect_records;
use super::layout::{self, Field};
use super::text::LineBuf;
use super::{Target, WriteOptions, Written};

pub(super) struct Writer<'a> {
    pub(super) t: &'a Tournament,
    pub(super) target: Target,
    pub(super) lines: Vec<String>,
    warnings: Vec<Diagnostic>,
    warned: BTreeSet<String>,
}

/// Write `t` as TRF in the target dialect. Everything the target cannot carry
/// is named in [`Written::warnings`].
pub fn write(t: &Tournament, opts: &WriteOptions) -> Written {
    let mut w = Writer {
        t,
        target: opts.target,
        lines: Vec::with_capacity(t.players.len() + 32),
        warnings: Vec::new(),
        warned: BTreeSet::new(),
    };
    w.headers();
    w.extensions();
    w.body();
    let end = opts.line_end.as_str();
    let cap: usize = w.lines.iter().map(|l| l.len() + 2).sum();
    let mut text = String::with_capacity(cap);
    for l in &w.lines {
        text.push_str(l);
        text.push_str(end);
    }
    let mut warnings = w.warnings;
    if opts.target != Target::Trf26 && (!t.teams.is_empty() || !t.team_records.is_empty()) {
        team_account(t, &text, opts.target, &mut warnings);
    }
    Written { text, warnings }
}

/// A team event written without the TRF-2026 team layer: the written text is
/// read back and the teams, team records and matches it no longer carries
/// are counted ([`crate::formats::loss_team`]), in place of the writer's
/// record-by-record notes on `310` and the team records.
fn team_account(t: &Tournament, text: &str, target: Target, warnings: &mut Vec<Diagnostic>) {
    let back = match super::read(text.as_bytes(), &super::ReadOptions::default()) {
        Ok(r) => r.tournament,
        Err(_) => return,
    };
    warnings.retain(|d| !matches!(d.location.field.as_deref(), Some("310" | "team records")));
    warnings.extend(crate::formats::loss_team::team_losses(
        t,
        &back,
        target_name(target),
    ));
}

fn target_name(t: Target) -> &'static str {
    match t {
        Target::Trf16 => "TRF16",
        Target::Trf26 => "TRF-2026",
        Target::TrfX => "TRF(x)",
        Target::TrfBx => "TRF(bx)",
    }
}

impl Writer<'_> {
    fn warn(&mut self, field: &str, msg: String) {
        self.warnings.push(Diagnostic::warning(
            codes::CONVERSION_LOSS,
            Family::Engine,
            Location {
                field: Some(field.to_string()),
                ..Location::default()
            },
            msg,
        ));
    }

    /// Warn once per key.
    fn warn_once(&mut self, key: &str, field: &str, msg: String) {
        if self.warned.insert(key.to_string()) {
            self.warn(field, msg);
        }
    }

    pub(super) fn cannot_carry(&mut self, field: &str, what: &str, hint: &str) {
        let msg = format!(
            "{} cannot carry {what}; not written{hint}",
            target_name(self.target)
        );
        self.warn_once(field, field, msg);
    }

    fn header(&mut self, code: &str, value: &str) {
        if value.is_empty() {
            return;
        }
        self.lines.push(format!("{code} {value}"));
    }

    fn headers(&mut self) {
        let i = &self.t.info;
        self.header("012", &i.name);
        self.header("022", &i.city);
        self.header("032", &i.federation);
        if let Some(d) = i.start_date {
            self.header("042", &d.format("%Y/%m/%d").to_string());
        }
        if let Some(d) = i.end_date {
            self.header("052", &d.format("%Y/%m/%d").to_string());
        }
        self.header("062", &i.players_declared);
        self.header("072", &i.rated_players_declared);
        self.header("082", &i.teams_declared);
        self.header("092", &i.tournament_type);
        self.header("102", &i.chief_arbiter);
        for d in &i.deputy_arbiters {
            self.header("112", d);
        }
        self.header("122", &i.time_control);
        if i.round_dates.iter().any(|d| d.is_some()) {
            let mut b = LineBuf::new("132");
            for (n, d) in i.round_dates.iter().enumerate() {
                if let Some(d) = d {
                    use chrono::Datelike;
                    if !(1970..=2069).contains(&d.year()) {
                        self.warn_once(
                            "132-year",
                            "132",
                            format!(
                                "round date {} written with a two-digit year that reads back in 1970-2069",
                                d.format("%Y/%m/%d")
                            ),
                        );
                    }
                    let f = layout::dates132::DATE.nth(n, layout::dates132::STRIDE);
                    b.put(&f, &d.format("%y/%m/%d").to_string());
                }
            }
            self.lines.push(b.finish());
        }
        if self.target == Target::Trf26 {
            if let Some(n) = self.t.total_rounds {
                self.header("142", &n.to_string());
            }
            if let Some(c) = self.t.initial_color {
                self.header("152", if c == Color::White { "W" } else { "B" });
            }
            self.scoring162();
            let i = &self.t.info;
            let (a, b, c) = (
                i.starting_rank_method.clone(),
                i.pairing_controller.clone(),
                i.system_code.clone(),
            );
            self.header("172", &a);
            self.header("182", &b);
            self.header("192", &c);
            if !self.t.tiebreaks.is_empty() {
                let list = self.t.tiebreaks.join(",");
                let code = if self.t.tiebreaks.iter().any(|s| s == "PTS") {
                    "212"
                } else {
                    "202"
                };
                self.header(code, &list);
            }
            let e = self.t.info.encoded_time_control.clone();
            self.header("222", &e);
            self.team_headers();
        } else {
            let i = &self.t.info;
            let lost: Vec<(&str, bool)> = vec![
                ("172", !i.starting_rank_method.is_empty()),
                ("182", !i.pairing_controller.is_empty()),
                ("192", !i.system_code.is_empty()),
                ("222", !i.encoded_time_control.is_empty()),
                ("202", !self.t.tiebreaks.is_empty()),
            ];
            for (code, present) in lost {
                if present {
                    self.cannot_carry(code, &format!("the TRF-2026 header {code}"), "");
                }
            }
        }
    }

    fn has_extra(&self, code: &str) -> bool {
        self.t.extra_records.iter().any(|e| e.code == code)
    }

    fn extensions(&mut self) {
        let t = self.t;
        match self.target {
            Target::Trf16 => {
                if t.total_rounds.is_some() {
                    self.cannot_carry("XXR", "the number of rounds", " (use trfx or trf26)");
                }
                if t.initial_color.is_some() {
                    self.cannot_carry("XXC", "the initial colour", " (use trfx or trf26)");
                }
                if !t.scoring.is_standard() {
                    self.cannot_carry(
                        "XXS",
                        "a non-standard scoring system",
                        " (use trfx, trfbx or trf26)",
                    );
                }
                if !t.accelerations.is_empty() {
                    self.cannot_carry("XXA", "accelerations", " (use trfx or trf26)");
                }
                if !t.forbidden_pairs.is_empty() {
                    self.cannot_carry("XXP", "forbidden pairs", " (use trfx or trf26)");
                }
                if t.players.iter().any(|p| p.registered_category.is_some()) {
                    self.cannot_carry("XXG", "registered categories", " (use trfx or trf26)");
                }
            }
            Target::TrfX | Target::TrfBx => {
                if let Some(n) = t.total_rounds {
                    self.header("XXR", &n.to_string());
                }
                if let Some(c) = t.initial_color {
                    if !self.has_extra("XXC") {
                        self.header(
                            "XXC",
                            if c == Color::White {
                                "white1"
                            } else {
                                "black1"
                            },
                        );
                    }
                }
                if self.target == Target::TrfX {
                    self.xxs();
                } else {
                    self.bb();
                }
                self.xxa();
                self.xxp();
                self.xxg();
            }
            Target::Trf26 => {
                self.accel250();
                self.forbid260();
                self.xxg();
            }
        }
    }

    // ----- scoring -----------------------------------------------------------

    /// TRF-2026 `162`: W D L A, plus P and X where they differ from W and D.
    fn scoring162(&mut self) {
        let s = self.t.scoring;
        if s.is_standard() {
            return;
        }
        // Only values that differ from the default (TRF-2026 162): bbpPairings
        // v6.0.0 refuses `A` ("Invalid line"), so a 3-1-0 file says `W 3.0 D 1.0`.
        let d = PointSystem::standard();
        let mut syms: Vec<(char, Points)> = [
            ('W', s.win, d.win),
            ('D', s.draw, d.draw),
            ('L', s.loss, d.loss),
            ('A', s.zero_bye, d.zero_bye),
        ]
        .into_iter()
        .filter(|(_, v, def)| v != def)
        .map(|(c, v, _)| (c, v))
        .collect();
        if s.pairing_bye != s.win {
            syms.push(('P', s.pairing_bye));
        }
        if s.unknown != s.draw {
            syms.push(('X', s.unknown));
        }
        self.scoring_limits(&s, "162", true);
        let mut b = LineBuf::new("162");
        for (n, (c, p)) in syms.iter().enumerate() {
            b.put(
                &layout::scoring162::SYMBOL.nth(n, layout::scoring162::STRIDE),
                &c.to_string(),
            );
            b.put(
                &layout::scoring162::VALUE.nth(n, layout::scoring162::STRIDE),
                &format!("{p:>4}"),
            );
        }
        self.lines.push(b.finish());
    }

    /// Values that `162` and `BB*` tie to others (C: forfeit win = win, FPB = win,
    /// HPB = draw; `162` also: forfeit loss = zero-point bye).
    fn scoring_limits(&mut self, s: &PointSystem, code: &str, a_ties: bool) {
        let mut lost = Vec::new();
        if s.forfeit_win != s.win {
            lost.push("forfeit win");
        }
        if s.full_bye != s.win {
            lost.push("full-point bye");
        }
        if s.half_bye != s.draw {
            lost.push("half-point bye");
        }
        if a_ties && s.forfeit_loss != s.zero_bye {
            lost.push("forfeit loss");
        }
        if !a_ties && s.unknown != s.draw {
            lost.push("unknown result");
        }
        if !lost.is_empty() {
            self.warn_once(
                code,
                code,
                format!(
                    "{code} cannot give separate points for {}; they follow the related result",
                    lost.join(", ")
                ),
            );
        }
    }

    /// JaVaFo `XXS`: every code whose value differs from JaVaFo's default.
    fn xxs(&mut self) {
        let s = self.t.scoring;
        if s.is_standard() {
            return;
        }
        let d = PointSystem::standard();
        let pairs = [
            ("WW", s.win, d.win),
            ("BW", s.win, d.win),
            ("WD", s.draw, d.draw),
            ("BD", s.draw, d.draw),
            ("WL", s.loss, d.loss),
            ("BL", s.loss, d.loss),
            ("FW", s.forfeit_win, d.forfeit_win),
            ("FL", s.forfeit_loss, d.forfeit_loss),
            ("PAB", s.pairing_bye, d.pairing_bye),
            ("HPB", s.half_bye, d.half_bye),
            ("FPB", s.full_bye, d.full_bye),
            ("ZPB", s.zero_bye, d.zero_bye),
        ];
        let toks: Vec<String> = pairs
            .iter()
            .filter(|(_, v, def)| v != def)
            .map(|(k, v, _)| format!("{k}={v}"))
            .collect();
        if s.unknown != s.draw {
            self.warn_once(
                "XXS",
                "XXS",
                "XXS cannot give points for unknown results; they count as a draw".into(),
            );
        }
        if !toks.is_empty() {
            self.header("XXS", &toks.join(" "));
            let msg = "XXS is JaVaFo's; bbpPairings does not read it and refuses the points \
                       (write trfbx or trf26 for bbpPairings)";
            self.warn_once("XXS-bbp", "XXS", msg.into());
        }
    }

    /// bbp `BBW BBD BBL BBZ BBF BBU`: only values that differ from the default.
    fn bb(&mut self) {
        let s = self.t.scoring;
        if s.is_standard() {
            return;
        }
        self.scoring_limits(&s, "BBW", false);
        let d = PointSystem::standard();
        let rows = [
            ("BBW", s.win, s.win != d.win),
            ("BBD", s.draw, s.draw != d.draw),
            ("BBL", s.loss, s.loss != d.loss),
            ("BBZ", s.zero_bye, s.zero_bye != d.zero_bye),
            ("BBF", s.forfeit_loss, s.forfeit_loss != d.forfeit_loss),
            ("BBU", s.pairing_bye, s.pairing_bye != s.win),
        ];
        for (code, v, write) in rows {
            if write {
                let mut b = LineBuf::new(code);
                b.put(&layout::bb::VALUE, &format!("{v:>4}"));
                self.lines.push(b.finish());
            }
        }
    }

    // ----- accelerations and forbidden pairs -----------------------------------

    fn xxa(&mut self) {
        let mut acc: Vec<_> = self.t.accelerations.iter().collect();
        acc.sort_by_key(|a| a.player);
        for a in acc {
            if a.points.iter().all(|p| *p == Points::ZERO) {
                continue;
            }
            let mut b = LineBuf::new("XXA");
            b.put(&layout::xxa::PLAYER, &a.player.0.to_string());
            for (n, p) in a.points.iter().enumerate() {
                b.put(
                    &layout::xxa::VALUE.nth(n, layout::xxa::STRIDE),
                    &format!("{p:>4}"),
                );
            }
            self.lines.push(b.finish());
        }
    }

    /// `XXG`: each player's registered category, by starting rank.
    fn xxg(&mut self) {
        let mut regs: Vec<(crate::model::PlayerId, &str)> = self
            .t
            .players
            .iter()
            .filter_map(|p| p.registered_category.as_deref().map(|c| (p.id, c)))
            .collect();
        regs.sort_by_key(|r| r.0);
        for (id, cat) in regs {
            let mut b = LineBuf::new("XXG");
            b.put(&layout::xxg::PLAYER, &id.0.to_string());
            let who = format!("player {id}");
            self.put_or_warn(&mut b, &layout::xxg::CATEGORY, cat.trim(), &who);
            self.lines.push(b.finish());
        }
    }

    fn all_rounds(&self, first: Option<u32>, last: Option<u32>) -> bool {
        let end = self.t.total_rounds.unwrap_or(999);
        first.unwrap_or(1) <= 1 && last.is_none_or(|l| l >= end || l >= 999)
    }

    fn xxp(&mut self) {
        for f in &self.t.forbidden_pairs {
            if !self.all_rounds(f.first_round, f.last_round) {
                self.warn_once(
                    "XXP",
                    "XXP",
                    "XXP cannot limit forbidden pairs to some rounds; written for all rounds"
                        .into(),
                );
            }
            let ids: Vec<String> = f.players.iter().map(|p| p.0.to_string()).collect();
            self.lines.push(format!("XXP {}", ids.join(" ")));
        }
    }

    /// TRF-2026 `250`: runs of consecutive starting ranks with the same value,
    /// over runs of consecutive rounds.
    fn accel250(&mut self) {
        let mut acc: Vec<_> = self.t.accelerations.iter().collect();
        acc.sort_by_key(|a| a.player);
        let rounds = acc.iter().map(|a| a.points.len()).max().unwrap_or(0);
        // (first id, last id, value) -> rounds
        let mut runs: BTreeMap<(u32, u32, Points), Vec<u32>> = BTreeMap::new();
        for r in 0..rounds {
            let mut cur: Option<(u32, u32, Points)> = None;
            for a in &acc {
                let v = a.points.get(r).copied().unwrap_or(Points::ZERO);
                if v == Points::ZERO {
                    if let Some(c) = cur.take() {
                        runs.entry(c).or_default().push(r as u32 + 1);
                    }
                    continue;
                }
                cur = match cur {
                    Some((f, l, cv)) if cv == v && l + 1 == a.player.0 => Some((f, a.player.0, v)),
                    Some(c) => {
                        runs.entry(c).or_default().push(r as u32 + 1);
                        Some((a.player.0, a.player.0, v))
                    }
                    None => Some((a.player.0, a.player.0, v)),
                };
            }
            if let Some(c) = cur {
                runs.entry(c).or_default().push(r as u32 + 1);
            }
        }
        let mut out: Vec<(u32, u32, u32, u32, Points)> = Vec::new();
        for ((fi, li, v), rs) in runs {
            let mut start = rs[0];
            let mut prev = rs[0];
            for &r in rs.iter().skip(1) {
                if r != prev + 1 {
                    out.push((start, prev, fi, li, v));
                    start = r;
                }
                prev = r;
            }
            out.push((start, prev, fi, li, v));
        }
        out.sort();
        use layout::accel250 as A;
        for (fr, lr, fi, li, v) in out {
            let mut b = LineBuf::new("250");
            b.put(&A::GAME_POINTS, &format!("{v:>4}"));
            b.put(&A::FIRST_ROUND, &format!("{fr:03}"));
            b.put(&A::LAST_ROUND, &format!("{lr:03}"));
            b.put(&A::FIRST_ID, &format!("{fi:>4}"));
            b.put(&A::LAST_ID, &format!("{li:>4}"));
            self.lines.push(b.finish());
        }
    }

    fn forbid260(&mut self) {
        use layout::forbid260 as F;
        for f in &self.t.forbidden_pairs {
            let mut b = LineBuf::new("260");
            b.put(
                &F::FIRST_ROUND,
                &format!("{:03}", f.first_round.unwrap_or(1)),
            );
            b.put(
                &F::LAST_ROUND,
                &format!("{:03}", f.last_round.unwrap_or(999)),
            );
            for (n, p) in f.players.iter().enumerate() {
                b.put(&F::ID.nth(n, F::STRIDE), &format!("{:>4}", p.0));
            }
            self.lines.push(b.finish());
        }
    }

    // ----- body --------------------------------------------------------------

    fn extra_line(&mut self, code: &str, line: &str) {
        let trf26_only = code == "###"
            || layout::codes::RECORDS_26.contains(&code)
            || matches!(
                code,
                "142"
                    | "152"
                    | "162"
                    | "172"
                    | "182"
                    | "192"
                    | "202"
                    | "212"
                    | "222"
                    | "310"
                    | "352"
            );
        if trf26_only && self.target != Target::Trf26 {
            // A file holds only its dialect's records (dialect_records).
            let lost = if code == "240" {
                dialect_records::byes_not_in_rounds(self.t, line).unwrap_or_default()
            } else {
                Vec::new()
            };
            let msg = dialect_records::left_out(code, target_name(self.target), &lost);
            if lost.is_empty() {
                self.warn_once(&format!("extra-{code}"), code, msg);
            } else {
                self.warn(code, msg);
            }
            return;
        }
        self.lines.push(line.to_string());
    }

    fn body(&mut self) {
        let t = self.t;
        let mut extras: BTreeMap<Option<usize>, Vec<&crate::model::ExtraRecord>> = BTreeMap::new();
        for e in &t.extra_records {
            let key = e
                .after_player
                .map(|i| i.min(t.players.len().saturating_sub(1)));
            extras.entry(key).or_default().push(e);
        }
        // TRF-2026 files may hold 013 beside 310 (kept verbatim); outside TRF-2026
        // the typed teams are written as 013 and replace them.
        let replace_013 =
            self.target != Target::Trf26 && t.teams.iter().any(|x| x.number.is_some());
        let mut replaced = 0;
        for key in std::iter::once(None).chain((0..t.players.len()).map(Some)) {
            if let Some(i) = key {
                if let Some(l) = t.players.get(i).and_then(|p| self.player(p)) {
                    self.lines.push(l);
                }
            }
            if let Some(list) = extras.get(&key) {
                for e in list {
                    if replace_013 && e.code == "013" {
                        replaced += 1;
                        continue;
                    }
                    self.extra_line(&e.code, &e.line);
                }
            }
        }
        if replaced > 0 {
            self.warn(
                "013",
                format!(
                    "{replaced} kept 013 team records replaced by the teams of the 310 records"
                ),
            );
        }
        for p in &t.players {
            for nr in &p.national_ratings {
                if self.target == Target::Trf26 {
                    let l = self.national(p, nr);
                    self.lines.push(l);
                } else {
                    self.cannot_carry("NRS", "national ratings", " (use trf26)");
                }
            }
        }
        for team in &t.teams {
            let l = self.team(team);
            self.lines.push(l);
        }
        self.team_records();
        self.team_records_lost();
        self.player_labels_lost();
    }

    pub(super) fn put_or_warn(&mut self, b: &mut LineBuf, f: &Field, text: &str, who: &str) {
        if !b.put(f, text) {
            let msg = format!(
                "{who}: {} {} is wider than {} columns; not written",
                f.name,
                format_args!("\"{text}\""),
                f.width()
            );
            self.warn(f.name, msg);
        }
    }

    fn player(&mut self, p: &Player) -> Option<String> {
        use layout::player as P;
        let who = format!("player {}", p.id);
        if p.id.0 == 0 || p.id.0 > 9999 {
            // A file without one of its players is no record of the event (its
            // opponents' games name a player who is not there): an error.
            self.warnings.push(Diagnostic::error(
                codes::CONVERSION_LOSS,
                Family::Engine,
                Location {
                    field: Some("starting rank".into()),
                    ..Location::default()
                },
                format!("{who}: a TRF holds starting ranks 1 to 9999; player not written"),
            ));
            return None;
        }
        let mut b = LineBuf::new("001");
        b.put(&P::START_RANK, &p.id.0.to_string());
        if let Some(s) = p.sex {
            b.put(&P::SEX, layout::codes::sex_letter(s));
        }
        if let Some(t) = &p.title {
            self.put_or_warn(&mut b, &P::TITLE, t.code(), &who);
        }
        let name: String = p.name.chars().take(P::NAME.width()).collect();
        if name.len() < p.name.len() {
            self.warn(
                "name",
                format!("{who}: name longer than 33 characters; cut to \"{name}\""),
            );
        }
        b.put(&P::NAME, &name);
        if let Some(r) = p.rating {
            self.put_or_warn(&mut b, &P::RATING, &r.to_string(), &who);
        }
        if let Some(f) = &p.federation {
            self.put_or_warn(&mut b, &P::FEDERATION, f, &who);
        }
        if let Some(f) = &p.fide_id {
            self.put_or_warn(&mut b, &P::FIDE_ID, f, &who);
        }
        if let Some(d) = &p.birth {
            let mut d = *d;
            if let (None, Some(day)) = (d.month, d.day) {
                // `YYYY/00/DD` reads back as the year alone: the day is lost
                self.warn(
                    "birth date",
                    format!(
                        "{who}: birth date {} has a day ({day}) but no month; a TRF date cannot hold that: written as the year only",
                        d.year
                    ),
                );
                d.day = None;
            }
            self.put_or_warn(&mut b, &P::BIRTH, &format_birth(&d), &who);
        }
        // TRF16 `001` points (`P::POINTS`) are required. A source without them
        // (a Swiss-Manager .TUNX, say) gets the score of its results, and says so;
        // before round 1 that is 0.0 for everyone (bbpPairings refuses a line
        // without points; isr_1385616.TUNX). A player without rounds in an event
        // with rounds keeps the blank column of its source (lichess late entries).
        let points = match p.points {
            Some(pts) => Some(pts),
            None if !p.rounds.is_empty() || self.t.rounds_listed() == 0 => {
                self.warn_once(
                    "points-filled",
                    "points",
                    format!(
                        "the source gives no points for {who} (and maybe others); \
                         written as the sum of the results under the scoring system"
                    ),
                );
                Some(self.t.score(p, None))
            }
            None => None,
        };
        if let Some(pts) = points {
            self.put_or_warn(&mut b, &P::POINTS, &pts.to_string(), &who);
        }
        if let Some(r) = p.rank {
            self.put_or_warn(&mut b, &P::RANK, &r.to_string(), &who);
        }
        let n = p.rounds.len();
        for (i, e) in p.rounds.iter().enumerate() {
            let r = i + 1;
            let last = i + 1 == n;
            self.cell(&mut b, r, e, last, &who);
        }
        let mut line = b.finish();
        // JaVaFo's column rules (and bbpPairings, which refuses a cut-off block with
        // "Invalid line"): a last block whose result is blank, a game still to be
        // played or a player not paired, is written full width, through its result
        // column (hungarian_rapid_1382000.TUNX, #13).
        if matches!(
            p.rounds.last(),
            Some(RoundEntry::Pending { .. } | RoundEntry::NotPaired)
        ) {
            let end = layout::round::block(n).1;
            let width = line.chars().count();
            if width < end {
                line.extend(std::iter::repeat_n(' ', end - width));
            }
        }
        Some(line)
    }

    fn cell(&mut self, b: &mut LineBuf, r: usize, e: &RoundEntry, last: bool, who: &str) {
        use layout::codes::{self, ResultCode as Res};
        use layout::round as R;
        let of = R::at(R::OPPONENT, r);
        let cf = R::at(R::COLOR, r);
        let rf = R::at(R::RESULT, r);
        let col = |c: Option<Color>| match c {
            Some(Color::White) => "w",
            Some(Color::Black) => "b",
            None => "-",
        };
        let mut digits = [0u8; 10];
        let (opp, c, res): (u32, &str, &str) = match *e {
            RoundEntry::Played {
                opponent,
                color,
                outcome,
                short,
            } => (
                opponent.0,
                col(Some(color)),
                codes::result_letter(match (outcome, short) {
                    (Outcome::Win, false) => Res::Win,
                    (Outcome::Draw, false) => Res::Draw,
                    (Outcome::Loss, false) => Res::Loss,
                    (Outcome::Win, true) => Res::ShortWin,
                    (Outcome::Draw, true) => Res::ShortDraw,
                    (Outcome::Loss, true) => Res::ShortLoss,
                }),
            ),
            RoundEntry::Unknown { opponent, color } => {
                // The engines' dialects get a letter the engines read (bbpPairings
                // refuses `?` with "Invalid line").
                let engines = matches!(self.target, Target::TrfX | Target::TrfBx);
                let note = dialect_records::unknown_result(target_name(self.target), engines);
                self.warn_once("unknown-result", "result", note);
                let res = if engines { Res::Draw } else { Res::Unknown };
                (opponent.0, col(Some(color)), codes::result_letter(res))
            }
            RoundEntry::Pending { opponent, color } => {
                (opponent.0, col(color), codes::result_letter(Res::Blank))
            }
            RoundEntry::Forfeit {
                opponent,
                color,
                won,
            } => (
                opponent.0,
                col(color),
                codes::result_letter(if won {
                    Res::ForfeitWin
                } else {
                    Res::ForfeitLoss
                }),
            ),
            RoundEntry::Bye {
                bye: ByeKind::Zero | ByeKind::PairingAllocated,
            } if self.team_cells() => (
                0,
                "-",
                if *e == (RoundEntry::Bye { bye: ByeKind::Zero }) {
                    "-"
                } else {
                    "+"
                },
            ),
            RoundEntry::Bye { bye } => (
                0,
                "-",
                codes::result_letter(match bye {
                    ByeKind::PairingAllocated => Res::Pab,
                    ByeKind::Half => Res::HalfBye,
                    ByeKind::Full => Res::FullBye,
                    ByeKind::Zero => Res::ZeroBye,
                }),
            ),
            // A round robin's free round has no TRF code: written as the
            // zero-point "not paired" cell `0000 - Z` (TRF16 result table);
            // readers turn it back into `Free` where the file is a round robin
            // (`model::round_robin`).
            RoundEntry::Free => (0, "-", codes::result_letter(Res::ZeroBye)),
            RoundEntry::NotPaired => {
                if !last {
                    return;
                }
                // The last entry needs a mark so that the round count survives.
                (0, "-", codes::result_letter(Res::Blank))
            }
        };
        if opp > 9999 {
            self.warn(
                "opponent",
                format!(
                    "{who}: round {r} opponent {opp} does not fit in 4 columns; round not written"
                ),
            );
            return;
        }
        let opp_text = if opp == 0 {
            "0000"
        } else {
            small_number(opp, &mut digits)
        };
        b.put(&of, opp_text);
        b.put(&cf, c);
        b.put(&rf, res);
    }

    fn national(&mut self, p: &Player, nr: &NationalRating) -> String {
        use layout::national as N;
        let who = format!("player {} national rating", p.id);
        let code: String = format!("{:<3}", nr.federation).chars().take(3).collect();
        let mut b = LineBuf::new(&code);
        b.put(&N::START_RANK, &p.id.0.to_string());
        self.put_or_warn(&mut b, &N::SEX, &nr.sex, &who);
        self.put_or_warn(&mut b, &N::TITLE, &nr.title, &who);
        self.put_or_warn(&mut b, &N::NAME, &nr.name, &who);
        if let Some(r) = nr.rating {
            self.put_or_warn(&mut b, &N::RATING, &r.to_string(), &who);
        }
        self.put_or_warn(&mut b, &N::ORIGIN, &nr.origin, &who);
        self.put_or_warn(&mut b, &N::ID, &nr.id, &who);
        self.put_or_warn(&mut b, &N::BIRTH, &nr.birth, &who);
        b.finish()
    }

    /// The team's members into the repeated `member` field, every `stride` columns.
    fn members(&mut self, b: &mut LineBuf, member: &Field, stride: usize, team: &Team, who: &str) {
        for (i, m) in team.members.iter().enumerate() {
            self.put_or_warn(b, &member.nth(i, stride), &m.0.to_string(), who);
        }
    }

    fn team(&mut self, team: &Team) -> String {
        let who = format!("team {}", team.name);
        match (team.number, self.target) {
            (Some(n), Target::Trf26) => self.team310(n, team, &who),
            _ => {
                use layout::team013 as T;
                if team.number.is_some() {
                    self.cannot_carry(
                        "310",
                        "team numbers and TRF-2026 team details (310)",
                        " (written as 013)",
                    );
                }
                let mut b = LineBuf::new("013");
                self.put_or_warn(&mut b, &T::NAME, &team.name, &who);
                self.members(&mut b, &T::MEMBER, T::MEMBER_STRIDE, team, &who);
                b.finish()
            }
        }
    }
}

/// `n` in decimal without allocating.
fn small_number(mut n: u32, buf: &mut [u8; 10]) -> &str {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[i..]).unwrap_or("")
}

#[cfg(test)]
#[path = "write_tests.rs"]
mod tests;
