//! Player records (`001`): the static fields and the round blocks.

use crate::diag::{codes, Family, Location, Severity};
use crate::model::{ByeKind, Color, Outcome, Player, PlayerId, Points, RoundEntry, Title};

use crate::formats::trf::dates::{self, Birth};
use crate::formats::trf::layout::{self, Field};
use crate::formats::trf::raw::RawLine;
use crate::formats::trf::text::{Cols, Counting};

use super::state::*;

impl<'o> Lowerer<'o> {
    // ----- players -------------------------------------------------------

    /// Decide how this line counts columns: characters unless only byte
    /// counting aligns the round blocks (Vega pads names by bytes).
    pub(super) fn counting(&self, text: &str) -> Counting {
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

    pub(super) fn player(&mut self, r: &RawLine<'o>) {
        use layout::player as P;
        let counting = self.counting(r.text);
        if counting == Counting::Bytes {
            self.seen.byte_padded.push(r.number);
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
            let ch = sex.chars().next().unwrap_or(' ');
            match sex_code(ch) {
                Some((k, s)) => {
                    if k == "f" {
                        self.sex_f += 1;
                        self.sex_f_line.get_or_insert(line);
                    }
                    p.sex = Some(s)
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
        if p.name.is_empty() {
            // `001 9` (5 bytes) was read as a tournament by every command
            self.field_error(
                line,
                &P::NAME,
                "expected the player's name, found nothing".to_string(),
            );
        }
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
        self.spilled_fields(line, &c, &mut p);
        p.rounds = self.rounds(line, &c);
        self.source.player_lines.entry(id).or_insert(line);
        self.t.players.push(p);
    }

    /// A field that runs into the blank after it: the line's columns are
    /// shifted, so what its own columns hold is not its value (a birth date
    /// 1963/04/13 written one column late reads as 1963/04/1). The value is not
    /// stored; the text as written (the field's columns and the run-on) is kept
    /// in the label `trf.verbatim.<field>` with an error, so nothing is changed
    /// in silence (issue #18). A name that runs on is kept as written, with a
    /// warning: the whole text is the name.
    fn spilled_fields(&mut self, line: usize, c: &Cols<'_>, p: &mut Player) {
        use layout::player as P;
        const BEFORE: [Field; 8] = [
            P::START_RANK,
            P::TITLE,
            P::NAME,
            P::RATING,
            P::FEDERATION,
            P::FIDE_ID,
            P::BIRTH,
            P::POINTS,
        ];
        for col in P::SEPARATORS {
            let ch = c.char_at(col);
            if ch == ' ' {
                continue;
            }
            let Some(f) = BEFORE.iter().find(|f| f.last + 1 == col) else {
                self.diag(
                    codes::TRF_FIELD_SYNTAX,
                    Severity::Warning,
                    Family::Syntax,
                    Location::field(line, col, col, "separator"),
                    format!(
                        "expected a blank between fields, found {}; the fields around it may be misaligned",
                        quote(&ch.to_string())
                    ),
                );
                continue;
            };
            // The next field may start right after the separator, so the
            // run-on is known only as far as the separator column.
            let end = col;
            let verbatim: String = (f.first..=end).map(|k| c.char_at(k)).collect();
            let verbatim = verbatim.trim().to_string();
            let loc = Location::field(line, f.first, end, f.name);
            if f.name == P::NAME.name {
                p.name = verbatim.clone();
                self.diag(
                    codes::TRF_FIELD_SYNTAX,
                    Severity::Warning,
                    Family::Syntax,
                    loc,
                    format!(
                        "expected the {} in columns {}-{} and a blank in column {col}, found {}; kept as written",
                        f.name,
                        f.first,
                        f.last,
                        quote(&verbatim)
                    ),
                );
                continue;
            }
            match f.name {
                n if n == P::TITLE.name => p.title = None,
                n if n == P::RATING.name => p.rating = None,
                n if n == P::FEDERATION.name => p.federation = None,
                n if n == P::FIDE_ID.name => p.fide_id = None,
                n if n == P::BIRTH.name => p.birth = None,
                n if n == P::POINTS.name => p.points = None,
                _ => {}
            }
            let label = format!("trf.verbatim.{}", f.name.replace(' ', "_"));
            p.labels.insert(label.clone(), verbatim.clone());
            self.diag(
                codes::TRF_FIELD_SYNTAX,
                Severity::Error,
                Family::Syntax,
                loc,
                format!(
                    "expected the {} in columns {}-{} and a blank in column {col}, found {} running on into column {end}: the columns are shifted; {} not read, kept as written in label {label}",
                    f.name,
                    f.first,
                    f.last,
                    quote(&verbatim),
                    f.name
                ),
            );
        }
    }

    pub(super) fn rounds(&mut self, line: usize, c: &Cols<'_>) -> Vec<RoundEntry> {
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

    pub(super) fn round_cell(&mut self, line: usize, c: &Cols<'_>, r: usize) -> RoundEntry {
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
                    codes::TRF_FIELD_SYNTAX,
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
                        codes::TRF_FIELD_SYNTAX,
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
                    codes::TRF_FIELD_SYNTAX,
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
                codes::TRF_FIELD_SYNTAX,
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
            self.seen.trf16_codes = true;
        }
        // TRF-2026 team files: a board player whose team played but who did
        // not, written `0000 - -` (Swiss-Manager) or `0000 -` with a blank
        // result, is a known absence, a zero-point bye (trf-formats.md §5.2,
        // TRF-2026 `001` table: blank = `Z`), not an unrecorded round (#18).
        if self.team_event
            && opponent.is_none()
            && !opp_text.is_empty()
            && col_ch == '-'
            && matches!(res, Res::ForfeitLoss | Res::Blank)
        {
            return RoundEntry::Bye { bye: ByeKind::Zero };
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
                    self.seen.trf06_byes += 1;
                    RoundEntry::Bye {
                        bye: ByeKind::PairingAllocated,
                    }
                }
                Res::Draw => {
                    // TRF06: `0000 - =` is a half-point bye.
                    self.seen.trf06_byes += 1;
                    RoundEntry::Bye { bye: ByeKind::Half }
                }
                Res::ForfeitLoss => {
                    // TRF06 `0000 - -`, lichess blank `-`: absent.
                    if opp_text.is_empty() {
                        self.seen.blank_opponent_absence = true;
                    } else {
                        self.seen.trf06_byes += 1;
                    }
                    RoundEntry::NotPaired
                }
                _ => {
                    self.diag(
                        codes::TRF_FIELD_SYNTAX,
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
                            codes::TRF_FIELD_SYNTAX,
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
                            codes::TRF_FIELD_SYNTAX,
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
}
