//! Header records (`012`..`222`): tournament data, dates, scoring.

use crate::diag::{codes, Family, Location, Severity};
use crate::model::{Color, PointSystem, Points};

use crate::formats::trf::dates::{self, DateForm};
use crate::formats::trf::layout::{self, Field};
use crate::formats::trf::raw::RawLine;
use crate::formats::trf::text::{Cols, Counting};

use super::state::*;

impl<'o> Lowerer<'o> {
    // ----- headers -------------------------------------------------------

    pub(super) fn header(&mut self, r: &RawLine<'o>) {
        let cols = Cols::new(r.text, Counting::Chars);
        let value = cols.from(layout::record::DATA_FIRST).trim();
        let code = r.code;
        let first_time = !self.source.header_lines.contains_key(code);
        if code != "112" && code != "132" && !first_time {
            self.diag(
                codes::TRF_DUPLICATE_RECORD,
                Severity::Warning,
                Family::Consistency,
                Location::line(r.number),
                format!("header {code} appears more than once; this line is kept as is"),
            );
            self.keep(r);
            return;
        }
        if !matches!(
            code,
            "012"
                | "022"
                | "032"
                | "042"
                | "052"
                | "062"
                | "072"
                | "082"
                | "092"
                | "102"
                | "112"
                | "122"
                | "132"
        ) {
            self.seen.trf26 = true;
        }
        self.note_header(code, r.number);
        let info = &mut self.t.info;
        match code {
            "012" => info.name = value.to_string(),
            "022" => {
                if value.contains("lichess.org") {
                    self.seen.lichess = true;
                }
                info.city = value.to_string()
            }
            "032" => {
                if value.eq_ignore_ascii_case("lichess") {
                    self.seen.lichess = true;
                }
                info.federation = value.to_string()
            }
            "042" | "052" => self.header_date(r, value),
            "062" => {
                if value.contains('(') {
                    self.seen.sm_counts = true;
                }
                info.players_declared = value.to_string()
            }
            "072" => info.rated_players_declared = value.to_string(),
            "082" => info.teams_declared = value.to_string(),
            "092" => info.tournament_type = value.to_string(),
            "102" => info.chief_arbiter = value.to_string(),
            "112" => {
                if !value.is_empty() {
                    info.deputy_arbiters.push(value.to_string())
                }
            }
            "122" => info.time_control = value.to_string(),
            "132" => self.round_dates(r),
            "142" => match value.parse::<u32>() {
                Ok(n) => self.t.total_rounds = Some(n),
                Err(_) => self.bad_header(r, "a number of rounds"),
            },
            "152" => match value.to_ascii_uppercase().as_str() {
                "W" => self.t.initial_color = Some(Color::White),
                "B" => self.t.initial_color = Some(Color::Black),
                _ => self.bad_header(r, "W or B"),
            },
            "162" => self.scoring162(r),
            "172" => info.starting_rank_method = value.to_string(),
            "182" => info.pairing_controller = value.to_string(),
            "192" => info.system_code = value.to_string(),
            "202" | "212" => {
                if !self.t.tiebreaks.is_empty() {
                    self.diag(
                        codes::TRF_DUPLICATE_RECORD,
                        Severity::Warning,
                        Family::Consistency,
                        Location::line(r.number),
                        "tie-breaks given by both 202 and 212; this line is kept as is",
                    );
                    self.keep(r);
                    return;
                }
                let list: Vec<String> = value
                    .split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect();
                if code == "212" && !list.iter().any(|s| s == "PTS") {
                    self.diag(
                        codes::TRF_FIELD_SYNTAX,
                        Severity::Warning,
                        Family::Syntax,
                        Location::line(r.number),
                        "expected PTS in the 212 tie-break list, found none; line kept as is",
                    );
                    self.keep(r);
                    return;
                }
                if code == "202" && list.iter().any(|s| s == "PTS") {
                    self.diag(
                        codes::TRF_FIELD_SYNTAX,
                        Severity::Warning,
                        Family::Syntax,
                        Location::line(r.number),
                        "202 lists PTS (use 212 to place PTS); line kept as is",
                    );
                    self.keep(r);
                    return;
                }
                self.t.tiebreaks = list;
            }
            "222" => info.encoded_time_control = value.to_string(),
            "352" => self.colours352(r),
            _ => self.keep(r),
        }
    }

    pub(super) fn bad_header(&mut self, r: &RawLine<'_>, expected: &str) {
        let cols = Cols::new(r.text, Counting::Chars);
        let value = cols.from(layout::record::DATA_FIRST).trim().to_string();
        let last = cols.len().max(layout::record::DATA_FIRST);
        self.diag(
            codes::TRF_FIELD_SYNTAX,
            Severity::Error,
            Family::Syntax,
            Location::field(r.number, layout::record::DATA_FIRST, last, r.code),
            format!(
                "expected {expected}, found {}; line kept as is",
                quote(&value)
            ),
        );
        self.keep(r);
    }

    pub(super) fn header_date(&mut self, r: &RawLine<'_>, value: &str) {
        const D: usize = layout::record::DATA_FIRST;
        if value.is_empty() {
            return;
        }
        match dates::parse_date(value) {
            Some((d, form)) => {
                if let DateForm::Other(kind) = form {
                    self.diag(
                        codes::TRF_NONSTANDARD,
                        Severity::Warning,
                        Family::Syntax,
                        Location::field(r.number, D, D - 1 + value.chars().count(), r.code),
                        format!(
                            "expected a date as YYYY/MM/DD, found {} (read as {kind}: {})",
                            quote(value),
                            d.format("%Y/%m/%d")
                        ),
                    );
                }
                if r.code == "042" {
                    self.t.info.start_date = Some(d);
                } else {
                    self.t.info.end_date = Some(d);
                }
            }
            None => {
                self.diag(
                    codes::TRF_FIELD_SYNTAX,
                    Severity::Warning,
                    Family::Syntax,
                    Location::field(r.number, D, D - 1 + value.chars().count(), r.code),
                    format!(
                        "expected a date as YYYY/MM/DD, found {}; line kept as is",
                        quote(value)
                    ),
                );
                self.keep(r);
            }
        }
    }

    /// `132`: round dates aligned with the round blocks; whitespace-separated as a fallback.
    pub(super) fn round_dates(&mut self, r: &RawLine<'_>) {
        let cols = Cols::new(r.text, Counting::Chars);
        let rest = cols.from(layout::record::DATA_FIRST);
        if rest.trim().is_empty() {
            return;
        }
        if !self.t.info.round_dates.is_empty() {
            self.diag(
                codes::TRF_DUPLICATE_RECORD,
                Severity::Warning,
                Family::Consistency,
                Location::line(r.number),
                "round dates (132) given twice; this line is kept as is",
            );
            self.keep(r);
            return;
        }
        let f = layout::dates132::DATE;
        let mut out = Vec::new();
        let mut ok = cols.cols(layout::record::DATA_FIRST, f.first - 1) == Some("")
            || cols
                .cols(layout::record::DATA_FIRST, f.first - 1)
                .is_some_and(|s| s.trim().is_empty());
        let mut n = 0;
        while ok && f.nth(n, layout::dates132::STRIDE).first <= cols.len() {
            let fr = f.nth(n, layout::dates132::STRIDE);
            let s = cols.get(&fr);
            let gap = cols.cols(fr.last + 1, fr.last + 2).unwrap_or("");
            if !gap.trim().is_empty() {
                ok = false;
            } else if s.is_empty() {
                out.push(None);
            } else {
                match dates::parse_round_date(s) {
                    Some(d) => out.push(Some(d)),
                    None => ok = false,
                }
            }
            n += 1;
        }
        if ok {
            while out.last() == Some(&None) {
                out.pop();
            }
            self.t.info.round_dates = out;
            return;
        }
        let parsed: Option<Vec<_>> = rest
            .split_whitespace()
            .map(|s| dates::parse_round_date(s).map(Some))
            .collect();
        match parsed {
            Some(v) if !v.is_empty() => {
                self.diag(
                    codes::TRF_NONSTANDARD,
                    Severity::Warning,
                    Family::Syntax,
                    Location::field(r.number, f.first, cols.len(), "round dates"),
                    format!(
                        "expected round dates under the round columns (col {}, every {}), found them elsewhere",
                        layout::dates132::DATE.first,
                        layout::dates132::STRIDE
                    ),
                );
                self.t.info.round_dates = v;
            }
            _ => {
                self.diag(
                    codes::TRF_FIELD_SYNTAX,
                    Severity::Warning,
                    Family::Syntax,
                    Location::field(
                        r.number,
                        layout::record::DATA_FIRST,
                        cols.len(),
                        "round dates",
                    ),
                    format!(
                        "expected round dates as YY/MM/DD, found {}; line kept as is",
                        quote(rest.trim())
                    ),
                );
                self.keep(r);
            }
        }
    }

    /// TRF-2026 `162`: symbol and points every 9 columns.
    pub(super) fn scoring162(&mut self, r: &RawLine<'_>) {
        let cols = Cols::new(r.text, Counting::Chars);
        let mut given: Vec<(char, Points)> = Vec::new();
        let mut n = 0;
        loop {
            let sf = layout::scoring162::SYMBOL.nth(n, layout::scoring162::STRIDE);
            let vf = layout::scoring162::VALUE.nth(n, layout::scoring162::STRIDE);
            if sf.first > cols.len() {
                break;
            }
            let sym = cols.get(&sf);
            let val = cols.get(&vf);
            n += 1;
            if sym.is_empty() && val.is_empty() {
                continue;
            }
            let c = sym.chars().next().unwrap_or(' ').to_ascii_uppercase();
            let p = Points::parse(val);
            match (c, p) {
                ('W' | 'D' | 'L' | 'A' | 'Z' | 'P' | 'X', Some(p)) => given.push((c, p)),
                _ => {
                    self.field_error(
                        r.number,
                        &Field {
                            last: vf.last,
                            ..sf
                        },
                        format!(
                            "expected a symbol W D L A P X and points like 1.0, found {}",
                            quote(&format!("{sym} {val}"))
                        ),
                    );
                    self.keep(r);
                    return;
                }
            }
        }
        let mut ps = PointSystem::standard();
        let get = |c: char| given.iter().rev().find(|(k, _)| *k == c).map(|(_, p)| *p);
        if let Some(w) = get('W') {
            ps.win = w;
            ps.forfeit_win = w;
            ps.full_bye = w;
            ps.pairing_bye = w;
        }
        if let Some(d) = get('D') {
            ps.draw = d;
            ps.half_bye = d;
            ps.unknown = d;
        }
        if let Some(l) = get('L') {
            ps.loss = l;
        }
        if let Some(a) = get('A').or(get('Z')) {
            ps.zero_bye = a;
            ps.forfeit_loss = a;
        }
        if let Some(p) = get('P') {
            ps.pairing_bye = p;
        }
        if let Some(x) = get('X') {
            ps.unknown = x;
        }
        self.scoring_162 = Some((r.number, ps));
    }
}
