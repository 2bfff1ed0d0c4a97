//! Step two of reading: raw lines to a [`Tournament`], with diagnostics.

use crate::diag::{Diagnostic, Family, Location, Severity};
use crate::model::{
    Acceleration, ByeKind, Color, ExtraRecord, ForbiddenPairs, NationalRating, Outcome, Player,
    PlayerId, PointSystem, Points, RoundEntry, Sex, Team, Title, Tournament,
};

use super::dates::{self, Birth, DateForm};
use super::layout::{self, Field};
use super::raw::{self, LineKind, RawLine};
use super::text::{self, Cols, Counting};
use super::{Dialect, Producer, ReadError, ReadOptions, SourceMap, TrfRead, Version};

/// Result codes of the `001` round blocks (TRF16 §, TRF-2026 table; case-insensitive).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Res {
    Win,
    Draw,
    Loss,
    ShortWin,
    ShortDraw,
    ShortLoss,
    ForfeitWin,
    ForfeitLoss,
    HalfBye,
    FullBye,
    Pab,
    ZeroBye,
    Unknown,
    Blank,
}

const RESULT_CODES: [(char, Res); 15] = [
    ('1', Res::Win),
    ('=', Res::Draw),
    ('0', Res::Loss),
    ('W', Res::ShortWin),
    ('D', Res::ShortDraw),
    ('L', Res::ShortLoss),
    ('+', Res::ForfeitWin),
    ('-', Res::ForfeitLoss),
    ('H', Res::HalfBye),
    ('F', Res::FullBye),
    ('U', Res::Pab),
    ('Z', Res::ZeroBye),
    ('?', Res::Unknown),
    ('X', Res::Unknown),
    (' ', Res::Blank),
];

fn result_code(c: char) -> Option<Res> {
    let u = c.to_ascii_uppercase();
    RESULT_CODES.iter().find(|(k, _)| *k == u).map(|(_, r)| *r)
}

/// Sex letters (col 10): `m`, `w`, and `f` as Swiss-Manager writes it; case-folded.
const SEX_CODES: [(char, Sex); 3] = [('m', Sex::Male), ('w', Sex::Female), ('f', Sex::Female)];

struct Deferred<'a> {
    line: RawLine<'a>,
    after: Option<usize>,
}

struct Lowerer<'o> {
    opts: &'o ReadOptions,
    t: Tournament,
    diags: Vec<Diagnostic>,
    source: SourceMap,
    has310: bool,
    team_event: bool,
    // dialect evidence
    trf26: bool,
    trf06_byes: usize,
    trf16_codes: bool,
    javafo: bool,
    bbp: bool,
    rulers: bool,
    sm_counts: bool,
    lichess: bool,
    byte_padded: Vec<usize>,
    blank_opponent_absence: bool,
    // deferred work
    absences: Vec<Deferred<'o>>,
    nationals: Vec<(usize, PlayerId, NationalRating, Deferred<'o>)>,
    scoring_162: Option<(usize, PointSystem)>,
    bb: Vec<(usize, &'o str, Points)>,
    xxs: Vec<(usize, String)>,
    xxr_line: Option<(usize, u32)>,
    sex_f: usize,
    sex_f_line: Option<usize>,
}

pub(super) fn read(bytes: &[u8], opts: &ReadOptions) -> Result<TrfRead, ReadError> {
    let dec = text::decode(bytes, opts.encoding);
    // The raw lines borrow the decoded text; leak-free by keeping both here.
    let decoded_text = dec.text;
    let (lines, line_ends) = text::split_lines(&decoded_text);
    let raws: Vec<RawLine<'_>> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| raw::classify(i + 1, l))
        .collect();
    let any_record = raws.iter().any(|r| {
        !matches!(
            r.kind,
            LineKind::Blank
                | LineKind::Comment
                | LineKind::Ruler
                | LineKind::Unknown
                | LineKind::Foreign
        )
    });
    let mut file_diags = Vec::new();
    if let Some(line) = dec.invalid_utf8_line {
        file_diags.push(Diagnostic::error(
            Family::Syntax,
            located(opts, Location::line(line)),
            "expected UTF-8 text, found invalid bytes (replaced by U+FFFD); try --encoding windows-1252",
        ));
    }
    if !any_record {
        file_diags.push(Diagnostic::error(
            Family::Syntax,
            located(opts, Location::default()),
            "expected TRF records (lines starting with a code such as 001 or 012), found none",
        ));
        return Err(ReadError {
            diagnostics: file_diags,
        });
    }
    let mut lw = Lowerer::new(opts, &raws);
    lw.diags = file_diags;
    // Safety of lifetimes: `raws` borrows `decoded_text`, which lives to the end of
    // this function; the lowerer only stores copies of line data in the model.
    lw.run(&raws);
    let dialect = lw.dialect(dec.encoding, dec.bom, line_ends);
    Ok(TrfRead {
        tournament: lw.t,
        dialect,
        diagnostics: lw.diags,
        source: lw.source,
    })
}

fn located(opts: &ReadOptions, mut l: Location) -> Location {
    if l.file.is_none() {
        l.file.clone_from(&opts.file_name);
    }
    l
}

fn quote(s: &str) -> String {
    format!("\"{s}\"")
}

impl<'o> Lowerer<'o> {
    fn new(opts: &'o ReadOptions, raws: &[RawLine<'_>]) -> Lowerer<'o> {
        Lowerer {
            opts,
            t: Tournament::default(),
            diags: Vec::new(),
            source: SourceMap::default(),
            has310: raws.iter().any(|r| r.kind == LineKind::Team310),
            // 240/250/260 name teams in team events.
            team_event: raws
                .iter()
                .any(|r| matches!(r.kind, LineKind::Team310 | LineKind::Team013)),
            trf26: false,
            trf06_byes: 0,
            trf16_codes: false,
            javafo: false,
            bbp: false,
            rulers: false,
            sm_counts: false,
            lichess: false,
            byte_padded: Vec::new(),
            blank_opponent_absence: false,
            absences: Vec::new(),
            nationals: Vec::new(),
            scoring_162: None,
            bb: Vec::new(),
            xxs: Vec::new(),
            xxr_line: None,
            sex_f: 0,
            sex_f_line: None,
        }
    }

    fn diag(&mut self, sev: Severity, fam: Family, loc: Location, msg: impl Into<String>) {
        self.diags.push(Diagnostic {
            severity: sev,
            family: fam,
            location: located(self.opts, loc),
            message: msg.into(),
        });
    }

    fn field_error(&mut self, line: usize, f: &Field, msg: impl Into<String>) {
        self.diag(
            Severity::Error,
            Family::Syntax,
            Location::field(line, f.first, f.last, f.name),
            msg,
        );
    }

    fn field_warning(&mut self, line: usize, f: &Field, msg: impl Into<String>) {
        self.diag(
            Severity::Warning,
            Family::Syntax,
            Location::field(line, f.first, f.last, f.name),
            msg,
        );
    }

    fn after(&self) -> Option<usize> {
        self.t.players.len().checked_sub(1)
    }

    fn keep(&mut self, r: &RawLine<'_>) {
        let after = self.after();
        self.keep_at(r, after);
    }

    fn keep_at(&mut self, r: &RawLine<'_>, after: Option<usize>) {
        self.t.extra_records.push(ExtraRecord {
            code: r.code.to_string(),
            line: r.text.to_string(),
            after_player: after,
        });
    }

    fn note_header(&mut self, code: &str, line: usize) {
        self.source
            .header_lines
            .entry(code.to_string())
            .or_insert(line);
    }

    fn run(&mut self, raws: &'o [RawLine<'o>]) {
        for r in raws {
            match r.kind {
                LineKind::Foreign => self.keep(r),
                LineKind::Blank | LineKind::Comment => {
                    if r.code == "###" {
                        self.trf26 = true;
                    }
                    self.keep(r);
                }
                LineKind::Ruler => {
                    self.rulers = true;
                    self.keep(r);
                }
                LineKind::Unknown => {
                    let col4 = r.text.chars().nth(3).unwrap_or(' ');
                    let known = r.code == "001" || raw::HEADER_CODES.contains(&r.code);
                    let (loc, msg) = if known && col4 != ' ' {
                        (
                            Location::field(r.number, 4, 4, "record code"),
                            format!(
                                "expected a blank after record code {}, found {}; line kept as is",
                                quote(r.code),
                                quote(&col4.to_string())
                            ),
                        )
                    } else {
                        (
                            Location::field(r.number, 1, 3, "record code"),
                            format!(
                                "expected a known record code, found {}; line kept as is",
                                quote(r.code)
                            ),
                        )
                    };
                    self.diag(Severity::Warning, Family::Syntax, loc, msg);
                    self.keep(r);
                }
                LineKind::Header => self.header(r),
                LineKind::Player => self.player(r),
                LineKind::National => self.national(r),
                LineKind::Team013 => self.team013(r),
                LineKind::Team310 => self.team310(r),
                LineKind::Extension => self.extension(r),
                LineKind::Record26 => self.record26(r),
            }
        }
        self.finish();
    }

    // ----- headers -------------------------------------------------------

    fn header(&mut self, r: &RawLine<'o>) {
        let cols = Cols::new(r.text, Counting::Chars);
        let value = cols.from(layout::record::DATA_FIRST).trim();
        let code = r.code;
        let first_time = !self.source.header_lines.contains_key(code);
        if code != "112" && code != "132" && !first_time {
            self.diag(
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
            self.trf26 = true;
        }
        self.note_header(code, r.number);
        let info = &mut self.t.info;
        match code {
            "012" => info.name = value.to_string(),
            "022" => {
                if value.contains("lichess.org") {
                    self.lichess = true;
                }
                info.city = value.to_string()
            }
            "032" => {
                if value.eq_ignore_ascii_case("lichess") {
                    self.lichess = true;
                }
                info.federation = value.to_string()
            }
            "042" | "052" => self.header_date(r, value),
            "062" => {
                if value.contains('(') {
                    self.sm_counts = true;
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
            _ => {
                // 352 (board colours for team matches): kept verbatim.
                self.keep(r);
            }
        }
    }

    fn bad_header(&mut self, r: &RawLine<'_>, expected: &str) {
        let cols = Cols::new(r.text, Counting::Chars);
        let value = cols.from(layout::record::DATA_FIRST).trim().to_string();
        let last = cols.len().max(layout::record::DATA_FIRST);
        self.diag(
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

    fn header_date(&mut self, r: &RawLine<'_>, value: &str) {
        if value.is_empty() {
            return;
        }
        match dates::parse_date(value) {
            Some((d, form)) => {
                if let DateForm::Other(kind) = form {
                    self.diag(
                        Severity::Warning,
                        Family::Syntax,
                        Location::field(r.number, 5, 4 + value.chars().count(), r.code),
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
                    Severity::Warning,
                    Family::Syntax,
                    Location::field(r.number, 5, 4 + value.chars().count(), r.code),
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
    fn round_dates(&mut self, r: &RawLine<'_>) {
        let cols = Cols::new(r.text, Counting::Chars);
        let rest = cols.from(layout::record::DATA_FIRST);
        if rest.trim().is_empty() {
            return;
        }
        if !self.t.info.round_dates.is_empty() {
            self.diag(
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
                    Severity::Warning,
                    Family::Syntax,
                    Location::field(r.number, f.first, cols.len(), "round dates"),
                    "expected round dates under the round columns (col 92, every 10), found them elsewhere",
                );
                self.t.info.round_dates = v;
            }
            _ => {
                self.diag(
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
    fn scoring162(&mut self, r: &RawLine<'_>) {
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

    // ----- players -------------------------------------------------------

    /// Decide how this line counts columns: characters unless only byte
    /// counting aligns the round blocks (Vega pads names by bytes).
    fn counting(&self, text: &str) -> Counting {
        if text.is_ascii() {
            return Counting::Chars;
        }
        if aligned(&Cols::new(text, Counting::Chars)) {
            return Counting::Chars;
        }
        if aligned(&Cols::new(text, Counting::Bytes)) {
            return Counting::Bytes;
        }
        Counting::Chars
    }

    fn player(&mut self, r: &RawLine<'o>) {
        use layout::player as P;
        let counting = self.counting(r.text);
        if counting == Counting::Bytes {
            self.byte_padded.push(r.number);
        }
        let c = Cols::new(r.text, counting);
        let line = r.number;
        let rank_text = c.get(&P::START_RANK);
        let id = match parse_uint(rank_text) {
            Some(n) if (1..=9999).contains(&n) => PlayerId(n),
            _ => {
                self.field_error(
                    line,
                    &P::START_RANK,
                    format!(
                        "expected a starting rank from 1 to 9999, found {}; line kept as is",
                        quote(c.raw(&P::START_RANK))
                    ),
                );
                self.keep(r);
                return;
            }
        };
        let mut p = Player {
            id,
            ..Default::default()
        };
        let sex = c.get(&P::SEX);
        if !sex.is_empty() {
            let ch = sex.chars().next().unwrap_or(' ').to_ascii_lowercase();
            match SEX_CODES.iter().find(|(k, _)| *k == ch) {
                Some((k, s)) => {
                    if *k == 'f' {
                        self.sex_f += 1;
                        self.sex_f_line.get_or_insert(line);
                    }
                    p.sex = Some(*s)
                }
                None => self.field_warning(
                    line,
                    &P::SEX,
                    format!("expected m, w or f, found {}; sex left unknown", quote(sex)),
                ),
            }
        }
        let title = c.get(&P::TITLE);
        if !title.is_empty() {
            p.title = Some(Title::from_code(title));
        }
        p.name = c.get(&P::NAME).to_string();
        let rating = c.get(&P::RATING);
        match parse_uint(rating) {
            Some(0) => {}
            Some(n) => p.rating = u16::try_from(n).ok(),
            None if rating.is_empty() => {}
            None => self.field_error(
                line,
                &P::RATING,
                format!("expected up to 4 digits, found {}", quote(rating)),
            ),
        }
        let fed = c.get(&P::FEDERATION);
        if !fed.is_empty() {
            p.federation = Some(fed.to_string());
        }
        let fid = c.get(&P::FIDE_ID);
        if !fid.is_empty() {
            if !fid.chars().all(|ch| ch.is_ascii_digit()) {
                self.field_warning(
                    line,
                    &P::FIDE_ID,
                    format!("expected digits, found {}; kept as written", quote(fid)),
                );
            }
            p.fide_id = Some(fid.to_string());
        }
        let birth = c.get(&P::BIRTH);
        match dates::parse_birth(birth) {
            Birth::Unknown => {}
            Birth::Known(b, _) => p.birth = Some(b),
            Birth::Bad => self.field_warning(
                line,
                &P::BIRTH,
                format!(
                    "expected a birth date as YYYY/MM/DD, found {}; birth date left unknown",
                    quote(birth)
                ),
            ),
        }
        let pts = c.get(&P::POINTS);
        if !pts.is_empty() {
            match Points::parse(pts) {
                Some(v) if v.0 >= 0 => p.points = Some(v),
                _ => self.field_error(
                    line,
                    &P::POINTS,
                    format!("expected points like 11.5, found {}", quote(pts)),
                ),
            }
        }
        let rank = c.get(&P::RANK);
        if !rank.is_empty() {
            match parse_uint(rank) {
                Some(n) => p.rank = Some(n),
                None => self.field_error(
                    line,
                    &P::RANK,
                    format!("expected up to 4 digits, found {}", quote(rank)),
                ),
            }
        }
        for col in P::SEPARATORS {
            let ch = c.char_at(col);
            if ch != ' ' {
                self.diag(
                    Severity::Warning,
                    Family::Syntax,
                    Location::field(line, col, col, "separator"),
                    format!(
                        "expected a blank between fields, found {}; the fields around it may be misaligned",
                        quote(&ch.to_string())
                    ),
                );
                break;
            }
        }
        p.rounds = self.rounds(line, &c);
        self.source.player_lines.entry(id).or_insert(line);
        self.t.players.push(p);
    }

    fn rounds(&mut self, line: usize, c: &Cols<'_>) -> Vec<RoundEntry> {
        use layout::round as R;
        let len = c.len();
        let mut out = Vec::new();
        if len <= layout::player::STATIC_LAST {
            return out;
        }
        // Trailing blanks do not make rounds.
        let content_len = {
            let mut l = len;
            while l > layout::player::STATIC_LAST && c.char_at(l) == ' ' {
                l -= 1;
            }
            l
        };
        let nblocks = content_len
            .saturating_sub(layout::player::STATIC_LAST)
            .div_ceil(R::STRIDE);
        out.reserve_exact(nblocks);
        for r in 1..=nblocks {
            out.push(self.round_cell(line, c, r));
        }
        out
    }

    fn round_cell(&mut self, line: usize, c: &Cols<'_>, r: usize) -> RoundEntry {
        use layout::round as R;
        let of = R::at(R::OPPONENT, r);
        let cf = R::at(R::COLOR, r);
        let rf = R::at(R::RESULT, r);
        let fname = |f: &Field| format!("round {r} {}", f.name);
        for s in R::SEPARATORS {
            let col = s + (r - 1) * R::STRIDE;
            let ch = c.char_at(col);
            if ch != ' ' {
                self.diag(
                    Severity::Error,
                    Family::Syntax,
                    Location::field(line, col, col, format!("round {r}")),
                    format!(
                        "expected a blank between round fields, found {}; round {r} not read",
                        quote(&ch.to_string())
                    ),
                );
                return RoundEntry::NotPaired;
            }
        }
        let opp_text = c.get(&of);
        let col_ch = c.char_at(cf.first);
        let res_ch = c.char_at(rf.first);
        let opponent = if opp_text.is_empty() {
            None
        } else {
            match parse_uint(opp_text) {
                Some(0) => None,
                Some(n) => Some(PlayerId(n)),
                None => {
                    self.diag(
                        Severity::Error,
                        Family::Syntax,
                        Location::field(line, of.first, of.last, fname(&of)),
                        format!(
                            "expected a starting rank of up to 4 digits, found {}; round {r} not read",
                            quote(opp_text)
                        ),
                    );
                    return RoundEntry::NotPaired;
                }
            }
        };
        let color = match col_ch.to_ascii_lowercase() {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            '-' | ' ' => None,
            other => {
                self.diag(
                    Severity::Error,
                    Family::Syntax,
                    Location::field(line, cf.first, cf.last, fname(&cf)),
                    format!(
                        "expected w, b or -, found {}; round {r} not read",
                        quote(&other.to_string())
                    ),
                );
                return RoundEntry::NotPaired;
            }
        };
        let Some(res) = result_code(res_ch) else {
            self.diag(
                Severity::Error,
                Family::Syntax,
                Location::field(line, rf.first, rf.last, fname(&rf)),
                format!(
                    "expected a result (1 = 0 W D L + - H F U Z), found {}; round {r} not read",
                    quote(&res_ch.to_string())
                ),
            );
            return RoundEntry::NotPaired;
        };
        if !matches!(
            res,
            Res::Win | Res::Draw | Res::Loss | Res::ForfeitWin | Res::ForfeitLoss | Res::Blank
        ) {
            self.trf16_codes = true;
        }
        match opponent {
            None => match res {
                Res::Blank => RoundEntry::NotPaired,
                Res::HalfBye => RoundEntry::Bye { bye: ByeKind::Half },
                Res::FullBye => RoundEntry::Bye { bye: ByeKind::Full },
                Res::Pab => RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated,
                },
                Res::ZeroBye => RoundEntry::Bye { bye: ByeKind::Zero },
                Res::ForfeitWin => {
                    // TRF06: `0000 - +` is a bye scoring a win (PAB and FPB look alike).
                    self.trf06_byes += 1;
                    RoundEntry::Bye {
                        bye: ByeKind::PairingAllocated,
                    }
                }
                Res::Draw => {
                    // TRF06: `0000 - =` is a half-point bye.
                    self.trf06_byes += 1;
                    RoundEntry::Bye { bye: ByeKind::Half }
                }
                Res::ForfeitLoss => {
                    // TRF06 `0000 - -`, lichess blank `-`: absent.
                    if opp_text.is_empty() {
                        self.blank_opponent_absence = true;
                    } else {
                        self.trf06_byes += 1;
                    }
                    RoundEntry::NotPaired
                }
                _ => {
                    self.diag(
                        Severity::Error,
                        Family::Syntax,
                        Location::field(line, of.first, of.last, fname(&of)),
                        format!(
                            "expected an opponent for result {}, found {}; round {r} not read",
                            quote(&res_ch.to_string()),
                            quote(opp_text)
                        ),
                    );
                    RoundEntry::NotPaired
                }
            },
            Some(opponent) => {
                let played = |outcome, short| -> Option<RoundEntry> {
                    color.map(|color| RoundEntry::Played {
                        opponent,
                        color,
                        outcome,
                        short,
                    })
                };
                let entry = match res {
                    Res::Win => played(Outcome::Win, false),
                    Res::Draw => played(Outcome::Draw, false),
                    Res::Loss => played(Outcome::Loss, false),
                    Res::ShortWin => played(Outcome::Win, true),
                    Res::ShortDraw => played(Outcome::Draw, true),
                    Res::ShortLoss => played(Outcome::Loss, true),
                    Res::Unknown => color.map(|color| RoundEntry::Unknown { opponent, color }),
                    Res::ForfeitWin => Some(RoundEntry::Forfeit {
                        opponent,
                        color,
                        won: true,
                    }),
                    Res::ForfeitLoss => Some(RoundEntry::Forfeit {
                        opponent,
                        color,
                        won: false,
                    }),
                    Res::Blank => Some(RoundEntry::Pending { opponent, color }),
                    Res::HalfBye | Res::FullBye | Res::Pab | Res::ZeroBye => {
                        self.diag(
                            Severity::Error,
                            Family::Syntax,
                            Location::field(line, of.first, of.last, fname(&of)),
                            format!(
                                "expected 0000 for bye result {}, found opponent {}; read as a bye",
                                quote(&res_ch.to_string()),
                                quote(opp_text)
                            ),
                        );
                        let bye = match res {
                            Res::HalfBye => ByeKind::Half,
                            Res::FullBye => ByeKind::Full,
                            Res::Pab => ByeKind::PairingAllocated,
                            _ => ByeKind::Zero,
                        };
                        return RoundEntry::Bye { bye };
                    }
                };
                match entry {
                    Some(e) => e,
                    None => {
                        self.diag(
                            Severity::Error,
                            Family::Syntax,
                            Location::field(line, cf.first, cf.last, fname(&cf)),
                            format!(
                                "expected colour w or b for a played game, found {}; read as paired without result",
                                quote(&col_ch.to_string())
                            ),
                        );
                        RoundEntry::Pending {
                            opponent,
                            color: None,
                        }
                    }
                }
            }
        }
    }

    // ----- national ratings and teams ------------------------------------

    fn national(&mut self, r: &RawLine<'o>) {
        use layout::national as N;
        self.trf26 = true;
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

    fn members(
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

    fn team013(&mut self, r: &RawLine<'_>) {
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
            number: None,
            members,
            raw: String::new(),
        });
    }

    fn team310(&mut self, r: &RawLine<'_>) {
        use layout::team310 as T;
        self.trf26 = true;
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
        self.t.teams.push(Team {
            name: c.get(&T::NAME).to_string(),
            number: Some(number),
            members,
            raw: c.raw(&T::DETAILS).trim_end().to_string(),
        });
    }

    // ----- extension records ----------------------------------------------

    fn extension(&mut self, r: &RawLine<'o>) {
        let c = Cols::new(r.text, Counting::Chars);
        let data = c.from(layout::record::DATA_FIRST);
        if r.code.starts_with("BB") {
            self.bbp = true;
        } else {
            self.javafo = true;
        }
        self.note_header(r.code, r.number);
        match r.code {
            "XXR" => match data.split_whitespace().next().and_then(parse_uint) {
                Some(n) => {
                    if let Some(prev) = self.t.total_rounds.filter(|p| *p != n) {
                        self.diag(
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
                        "rank" => keep = true,
                        other => {
                            self.diag(
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
                    Severity::Warning,
                    Family::Syntax,
                    Location::field(r.number, 1, 3, "record code"),
                    format!(
                        "unknown extension record {}; line kept as is",
                        quote(r.code)
                    ),
                );
                self.keep(r);
            }
        }
    }

    fn xxa(&mut self, r: &RawLine<'_>, c: &Cols<'_>) {
        use layout::xxa as A;
        let Some(id) = parse_uint(c.get(&A::PLAYER)).filter(|n| *n > 0) else {
            self.bad_header(r, "a starting rank in cols 5-8");
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

    fn merge_acceleration(&mut self, player: PlayerId, values: &[Points], offset: usize) {
        let idx = match self.t.accelerations.iter().position(|a| a.player == player) {
            Some(i) => i,
            None => {
                self.t.accelerations.push(Acceleration {
                    player,
                    points: Vec::new(),
                });
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

    fn record26(&mut self, r: &RawLine<'o>) {
        self.trf26 = true;
        self.note_header(r.code, r.number);
        if self.team_event {
            self.keep(r);
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

    fn accel250(&mut self, r: &RawLine<'_>) {
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
                let values = vec![gp; (lr - fr + 1) as usize];
                for id in fi..=li {
                    self.merge_acceleration(PlayerId(id), &values, (fr - 1) as usize);
                }
            }
            _ => {
                self.diag(
                    Severity::Error,
                    Family::Syntax,
                    Location::field(r.number, A::MATCH_POINTS.first, A::LAST_ID.last, "acceleration"),
                    format!(
                        "expected game points, first and last round, first and last player, found {}; line kept as is",
                        quote(c.from(5).trim())
                    ),
                );
                self.keep(r);
            }
        }
    }

    fn forbid260(&mut self, r: &RawLine<'_>) {
        use layout::forbid260 as F;
        let c = Cols::new(r.text, Counting::Chars);
        let fr = c.get(&F::FIRST_ROUND);
        let lr = c.get(&F::LAST_ROUND);
        let first_round = parse_uint(fr);
        let last_round = parse_uint(lr);
        if (first_round.is_none() && !fr.is_empty()) || (last_round.is_none() && !lr.is_empty()) {
            self.bad_header(r, "rounds as 3 digits in cols 5-7 and 9-11");
            return;
        }
        // Tokenise after col 12 (tabs and uneven spacing occur).
        let mut players = Vec::new();
        for tok in c.from(F::ID.first).split_whitespace() {
            match parse_uint(tok) {
                Some(n) if n > 0 => players.push(PlayerId(n)),
                _ => {
                    self.bad_header(r, "starting ranks from col 13");
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

    // ----- finishing -------------------------------------------------------

    fn finish(&mut self) {
        // Scoring: 162, then bbp, then XXS (later records override earlier ones).
        let mut ps = PointSystem::standard();
        if let Some((_, s)) = self.scoring_162 {
            ps = s;
        }
        if !self.bb.is_empty() {
            let has_bbu = self.bb.iter().any(|(_, c, _)| *c == "BBU");
            for &(_, code, v) in &self.bb {
                match code {
                    "BBW" => {
                        ps.win = v;
                        ps.forfeit_win = v;
                        ps.full_bye = v;
                        if !has_bbu {
                            ps.pairing_bye = v;
                        }
                    }
                    "BBD" => {
                        ps.draw = v;
                        ps.half_bye = v;
                        ps.unknown = v;
                    }
                    "BBL" => ps.loss = v,
                    "BBZ" => ps.zero_bye = v,
                    "BBF" => ps.forfeit_loss = v,
                    "BBU" => ps.pairing_bye = v,
                    _ => {}
                }
            }
        }
        let xxs = std::mem::take(&mut self.xxs);
        for (line, data) in &xxs {
            self.apply_xxs(*line, data, &mut ps);
        }
        self.t.scoring = ps;
        self.t.accelerations.sort_by_key(|a| a.player);

        if let Some(line) = self.sex_f_line {
            self.diag(
                Severity::Warning,
                Family::Syntax,
                Location::field(line, 10, 10, "sex"),
                format!(
                    "expected m or w, found f on {} player line(s); read as w",
                    self.sex_f
                ),
            );
        }

        // National ratings.
        let nationals = std::mem::take(&mut self.nationals);
        for (line, id, nr, d) in nationals {
            match self.t.players.iter_mut().find(|p| p.id == id) {
                Some(p) => p.national_ratings.push(nr),
                None => {
                    self.diag(
                        Severity::Error,
                        Family::Consistency,
                        Location::field(line, 5, 8, "starting rank"),
                        format!(
                            "national rating record for starting rank {id}, but no 001 record has it; line kept as is"
                        ),
                    );
                    self.keep_at(&d.line, d.after);
                }
            }
        }

        // Absences for the round to be paired: XXZ and 240.
        let absences = std::mem::take(&mut self.absences);
        let next_round = self.next_round();
        for d in absences {
            self.absence(&d.line, next_round);
        }

        if let Some((line, n)) = self.xxr_line {
            let played = self.rounds_with_games();
            if (n as usize) < played {
                self.diag(
                    Severity::Warning,
                    Family::Consistency,
                    Location::line(line),
                    format!(
                        "XXR {n} is less than the {played} rounds with games in the file (lichess writes the rounds played)"
                    ),
                );
            }
        }
        if !self.byte_padded.is_empty() {
            let line = self.byte_padded[0];
            self.diag(
                Severity::Warning,
                Family::Syntax,
                Location::line(line),
                format!(
                    "columns are padded by bytes, not characters, on {} player line(s) (Vega style); read by bytes",
                    self.byte_padded.len()
                ),
            );
        }
    }

    fn apply_xxs(&mut self, line: usize, data: &str, ps: &mut PointSystem) {
        let mut ww = None;
        let mut bw = None;
        for tok in data.split_whitespace() {
            let Some((k, v)) = tok.split_once('=') else {
                self.diag(
                    Severity::Error,
                    Family::Syntax,
                    Location::line(line),
                    format!("expected CODE=points in XXS, found {}", quote(tok)),
                );
                continue;
            };
            let Some(v) = Points::parse(v) else {
                self.diag(
                    Severity::Error,
                    Family::Syntax,
                    Location::line(line),
                    format!("expected points like 1.0 in XXS, found {}", quote(tok)),
                );
                continue;
            };
            match k.to_ascii_uppercase().as_str() {
                "W" => {
                    ps.win = v;
                    ps.forfeit_win = v;
                    ps.full_bye = v;
                    ww = Some(v);
                    bw = Some(v);
                }
                "D" => {
                    ps.draw = v;
                    ps.half_bye = v;
                    ps.unknown = v;
                }
                "WW" => {
                    ps.win = v;
                    ww = Some(v)
                }
                "BW" => {
                    ps.win = v;
                    bw = Some(v)
                }
                "WD" | "BD" => {
                    // JaVaFo has no unknown result; it counts as a draw.
                    ps.draw = v;
                    ps.unknown = v;
                }
                "WL" | "BL" => ps.loss = v,
                "ZPB" => ps.zero_bye = v,
                "HPB" => ps.half_bye = v,
                "FPB" => ps.full_bye = v,
                "PAB" => ps.pairing_bye = v,
                "FW" => ps.forfeit_win = v,
                "FL" => ps.forfeit_loss = v,
                other => self.diag(
                    Severity::Warning,
                    Family::Syntax,
                    Location::line(line),
                    format!("unknown XXS code {}; ignored", quote(other)),
                ),
            }
        }
        if let (Some(a), Some(b)) = (ww, bw) {
            if a != b {
                self.diag(
                    Severity::Warning,
                    Family::Engine,
                    Location::line(line),
                    "colour-dependent points (WW differs from BW) cannot be represented; using the last value",
                );
            }
        }
    }

    /// The last round in which anyone was paired (a game, forfeit or PAB).
    fn rounds_with_games(&self) -> usize {
        self.t
            .players
            .iter()
            .map(|p| {
                p.rounds
                    .iter()
                    .rposition(|e| {
                        e.opponent().is_some()
                            || matches!(
                                e,
                                RoundEntry::Bye {
                                    bye: ByeKind::PairingAllocated
                                }
                            )
                    })
                    .map(|i| i + 1)
                    .unwrap_or(0)
            })
            .max()
            .unwrap_or(0)
    }

    fn next_round(&self) -> usize {
        self.rounds_with_games() + 1
    }

    /// `XXZ id id …` (JaVaFo) or `240 T rrr id id …` (TRF-2026): players not
    /// to be paired. For the round to be paired they become that round's entries.
    fn absence(&mut self, r: &RawLine<'_>, next_round: usize) {
        let c = Cols::new(r.text, Counting::Chars);
        let (bye, round, ids_text) = if r.code == "XXZ" {
            (
                ByeKind::Zero,
                next_round,
                c.from(layout::record::DATA_FIRST),
            )
        } else {
            use layout::bye240 as B;
            let kind = c.get(&B::KIND).to_ascii_uppercase();
            let bye = match kind.as_str() {
                "F" => ByeKind::Full,
                "H" => ByeKind::Half,
                "Z" => ByeKind::Zero,
                "U" => ByeKind::PairingAllocated,
                _ => {
                    self.field_error(
                        r.number,
                        &B::KIND,
                        format!("expected F, H or Z, found {}", quote(&kind)),
                    );
                    return;
                }
            };
            let Some(round) = parse_uint(c.get(&B::ROUND)).filter(|n| *n > 0) else {
                self.field_error(
                    r.number,
                    &B::ROUND,
                    format!("expected a round number, found {}", quote(c.get(&B::ROUND))),
                );
                return;
            };
            (bye, round as usize, c.from(B::ID.first))
        };
        for tok in ids_text.split_whitespace() {
            let Some(id) = parse_uint(tok).filter(|n| *n > 0).map(PlayerId) else {
                self.diag(
                    Severity::Error,
                    Family::Syntax,
                    Location::line(r.number),
                    format!("expected a starting rank, found {}", quote(tok)),
                );
                continue;
            };
            let entry = RoundEntry::Bye { bye };
            let Some(p) = self.t.players.iter_mut().find(|p| p.id == id) else {
                self.diag(
                    Severity::Error,
                    Family::Consistency,
                    Location::line(r.number),
                    format!("{} names player {id}, who has no 001 record", r.code),
                );
                continue;
            };
            if p.rounds.len() >= round {
                let have = p.rounds[round - 1];
                let same = have == entry || (bye == ByeKind::Zero && have == RoundEntry::NotPaired);
                if !same {
                    self.diag(
                        Severity::Warning,
                        Family::Consistency,
                        Location::line(r.number),
                        format!(
                            "{} gives player {id} a {} in round {round}, but the 001 record says otherwise",
                            r.code,
                            bye_name(bye)
                        ),
                    );
                }
            } else if round == next_round {
                p.rounds.resize(round - 1, RoundEntry::NotPaired);
                p.rounds.push(entry);
            } else {
                self.diag(
                    Severity::Warning,
                    Family::Consistency,
                    Location::line(r.number),
                    format!(
                        "{} gives player {id} a {} in round {round}, which has no data for the player",
                        r.code,
                        bye_name(bye)
                    ),
                );
            }
        }
    }

    fn dialect(&self, encoding: super::Encoding, bom: bool, line_ends: super::LineEnds) -> Dialect {
        let version = if self.trf26 {
            Version::Trf26
        } else if self.trf06_byes > 0 && !self.trf16_codes {
            Version::Trf06
        } else {
            Version::Trf16
        };
        let producer = if !self.byte_padded.is_empty() {
            Some(Producer::Vega)
        } else if self.lichess || self.blank_opponent_absence {
            Some(Producer::Lichess)
        } else if self.rulers || self.sm_counts {
            Some(Producer::SwissManager)
        } else if line_ends == super::LineEnds::Cr {
            Some(Producer::BbpPairings)
        } else {
            None
        };
        Dialect {
            version,
            javafo: self.javafo,
            bbp: self.bbp,
            producer,
            encoding,
            bom,
            line_ends,
            byte_padded: !self.byte_padded.is_empty(),
        }
    }
}

fn bye_name(b: ByeKind) -> &'static str {
    match b {
        ByeKind::PairingAllocated => "pairing-allocated bye",
        ByeKind::Half => "half-point bye",
        ByeKind::Full => "full-point bye",
        ByeKind::Zero => "zero-point bye",
    }
}

/// Digits only (after trimming), as u32.
fn parse_uint(s: &str) -> Option<u32> {
    let t = s.trim();
    if t.is_empty() || t.len() > 9 || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// The round blocks of a `001` line sit where the spec puts them.
fn aligned(c: &Cols<'_>) -> bool {
    use layout::round as R;
    let len = c.len();
    if len <= layout::player::STATIC_LAST {
        // Only the static part: check the points field instead.
        let p = c.get(&layout::player::POINTS);
        return c.cols(1, 1).is_some() && (p.is_empty() || Points::parse(p).is_some());
    }
    let mut r = 1;
    while R::BLOCK_FIRST + (r - 1) * R::STRIDE <= len {
        for s in R::SEPARATORS {
            if c.char_at(s + (r - 1) * R::STRIDE) != ' ' {
                return false;
            }
        }
        let col = c.char_at(R::at(R::COLOR, r).first);
        if !matches!(col, 'w' | 'b' | 'W' | 'B' | '-' | ' ') {
            return false;
        }
        r += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::super::{read, ReadOptions};
    use super::*;

    const P1: &str = "001    1 m    Doe, Jane                         2100 FRA    12345678 1990/01/01  1.0    1     2 w 1";
    const P2: &str = "001    2 wWFM Roe, Rita                         2000 GER    23456789 1991/02/03  0.0    2     1 b 0";

    fn rd(s: &str) -> TrfRead {
        read(s.as_bytes(), &ReadOptions::default()).unwrap()
    }

    #[test]
    fn reads_players_and_headers() {
        let r = rd(&format!(
            "012 Test Open\n042 2023/08/12\nXXR 9\n{P1}\n{P2}\n"
        ));
        assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
        let t = &r.tournament;
        assert_eq!(t.info.name, "Test Open");
        assert_eq!(t.total_rounds, Some(9));
        assert_eq!(t.players.len(), 2);
        let p = &t.players[1];
        assert_eq!(p.id, PlayerId(2));
        assert_eq!(p.sex, Some(Sex::Female));
        assert_eq!(p.title, Some(Title::WFM));
        assert_eq!(p.name, "Roe, Rita");
        assert_eq!(p.rating, Some(2000));
        assert_eq!(p.fide_id.as_deref(), Some("23456789"));
        assert_eq!(
            p.rounds,
            vec![RoundEntry::Played {
                opponent: PlayerId(1),
                color: Color::Black,
                outcome: Outcome::Loss,
                short: false
            }]
        );
        assert_eq!(r.source.player_lines.get(&PlayerId(2)), Some(&5));
        assert_eq!(r.source.header_lines.get("XXR"), Some(&3));
        assert!(r.dialect.javafo);
    }

    #[test]
    fn reports_bad_rating_with_columns() {
        let bad = P1.replace("2100", "2a00");
        let r = rd(&format!("012 T\n{bad}\n{P2}\n"));
        let msgs: Vec<String> = r.diagnostics.iter().map(|d| d.to_string()).collect();
        assert!(
            msgs.contains(
                &"error: line 2, cols 49-52 (rating): expected up to 4 digits, found \"2a00\""
                    .to_string()
            ),
            "{msgs:?}"
        );
    }

    #[test]
    fn reads_byes_of_every_era() {
        let r = rd(&format!("012 T\n{}\n", "001    1      A                                                                  0.0       0000 - H  0000 - +  0000 - =  0000 - -  0000 - U            0000 - Z         -"));
        let e = &r.tournament.players[0].rounds;
        assert_eq!(
            e,
            &vec![
                RoundEntry::Bye { bye: ByeKind::Half },
                RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated
                },
                RoundEntry::Bye { bye: ByeKind::Half },
                RoundEntry::NotPaired,
                RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated
                },
                RoundEntry::NotPaired,
                RoundEntry::Bye { bye: ByeKind::Zero },
                RoundEntry::NotPaired,
            ]
        );
    }

    #[test]
    fn xxz_becomes_the_next_rounds_entry() {
        let r = rd(&format!("012 T\n{P1}\n{P2}\nXXZ 2\n"));
        assert_eq!(
            r.tournament.players[1].rounds.get(1),
            Some(&RoundEntry::Bye { bye: ByeKind::Zero })
        );
        assert_eq!(r.tournament.players[0].rounds.len(), 1);
        assert_eq!(r.tournament.extra_records.len(), 1);
    }

    #[test]
    fn vega_byte_padding_is_detected() {
        // "Müller" padded to 33 bytes: one character short.
        let name = format!("{:<32}", "Müller, Tobias");
        let a = format!("001    1 m    {name} 2044 SUI             1988/01/30  1.0    1     2 w 1");
        let b = "001    2 m    Chen, Wei                         2150 SUI             1995/11/23  0.0    2     1 b 0";
        let r = rd(&format!("012 T\n{a}\n{b}\n"));
        assert!(r.dialect.byte_padded);
        assert_eq!(r.tournament.players[0].rating, Some(2044));
        assert_eq!(r.tournament.players[0].rounds.len(), 1);
        assert!(
            r.diagnostics.iter().all(|d| !d.is_error()),
            "{:?}",
            r.diagnostics
        );
    }

    #[test]
    fn rejects_input_without_records() {
        let e = read(b"hello\nworld\n", &ReadOptions::default()).unwrap_err();
        assert_eq!(e.diagnostics.len(), 1);
        assert!(read(b"", &ReadOptions::default()).is_err());
    }
}
