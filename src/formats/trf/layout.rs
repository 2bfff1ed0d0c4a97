//! Column tables for every TRF record type.
//!
//! One table per record type drives both the reader and the writer. Columns
//! are 1-based and inclusive, as in the FIDE documents (TRF16, TRF-2026), and
//! count characters, not bytes. No other module holds column numbers.

use crate::diag::PlayerField;

/// What a field holds (used for messages and for the writer's alignment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Record code (cols 1-3).
    Code,
    /// Unsigned integer, right-aligned.
    Number,
    /// Free text, left-aligned.
    Text,
    /// A single letter from a closed set.
    Letter,
    /// A date.
    Date,
    /// Points in the `11.5` form, right-aligned.
    Points,
}

/// How the writer aligns a value in its field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Right,
}

/// A fixed-width field: name, first and last column (1-based, inclusive), kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Field {
    pub(crate) name: &'static str,
    pub(crate) first: usize,
    pub(crate) last: usize,
    pub(crate) kind: Kind,
    pub(crate) align: Align,
}

impl Field {
    const fn new(name: &'static str, first: usize, last: usize, kind: Kind, align: Align) -> Field {
        Field {
            name,
            first,
            last,
            kind,
            align,
        }
    }

    /// Width in characters.
    pub(crate) const fn width(&self) -> usize {
        self.last + 1 - self.first
    }

    /// The same field moved `by` columns to the right (repeated groups).
    pub(crate) const fn shifted(&self, by: usize) -> Field {
        Field {
            first: self.first + by,
            last: self.last + by,
            ..*self
        }
    }

    /// The `n`-th (0-based) repetition of a field in a group repeated every `stride` columns.
    pub(crate) const fn nth(&self, n: usize, stride: usize) -> Field {
        self.shifted(n * stride)
    }
}

/// The closed code sets of TRF fields and the record codes, read and written
/// through these tables only.
pub(crate) mod codes {
    use crate::model::Sex;

    /// Result codes of the `001` round blocks (TRF16, TRF-2026 table; read
    /// case-insensitively).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(crate) enum ResultCode {
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

    /// Each result code's letter; the first letter of a code is the one written.
    const RESULTS: [(&str, ResultCode); 15] = [
        ("1", ResultCode::Win),
        ("=", ResultCode::Draw),
        ("0", ResultCode::Loss),
        ("W", ResultCode::ShortWin),
        ("D", ResultCode::ShortDraw),
        ("L", ResultCode::ShortLoss),
        ("+", ResultCode::ForfeitWin),
        ("-", ResultCode::ForfeitLoss),
        ("H", ResultCode::HalfBye),
        ("F", ResultCode::FullBye),
        ("U", ResultCode::Pab),
        ("Z", ResultCode::ZeroBye),
        ("?", ResultCode::Unknown),
        ("X", ResultCode::Unknown),
        (" ", ResultCode::Blank),
    ];

    /// The result code of a letter (case-insensitive).
    pub(crate) fn result_code(c: char) -> Option<ResultCode> {
        let u = c.to_ascii_uppercase();
        RESULTS
            .iter()
            .find(|(k, _)| k.starts_with(u))
            .map(|(_, r)| *r)
    }

    /// The letter written for a result code.
    pub(crate) fn result_letter(r: ResultCode) -> &'static str {
        RESULTS
            .iter()
            .find(|(_, x)| *x == r)
            .map_or(" ", |(k, _)| *k)
    }

    /// Sex letters (col 10): `m`, `w`, and `f` as Swiss-Manager writes it;
    /// read case-folded, the first letter of each sex written.
    pub(crate) const SEX_CODES: [(&str, Sex); 3] =
        [("m", Sex::Male), ("w", Sex::Female), ("f", Sex::Female)];

    /// The sex of a letter (case-insensitive).
    pub(crate) fn sex_code(c: char) -> Option<(&'static str, Sex)> {
        let l = c.to_ascii_lowercase();
        SEX_CODES.iter().find(|(k, _)| k.starts_with(l)).copied()
    }

    /// The letter written for a sex.
    pub(crate) fn sex_letter(s: Sex) -> &'static str {
        SEX_CODES
            .iter()
            .find(|(_, x)| *x == s)
            .map_or(" ", |(k, _)| *k)
    }

    /// Header codes (TRF16 `012`..`132`, TRF-2026 `142`..`222`, `352 362`).
    pub(crate) const HEADER_CODES: [&str; 23] = [
        "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132",
        "142", "152", "162", "172", "182", "192", "202", "212", "222", "352",
    ];

    /// TRF-2026 records with their own layouts.
    pub(crate) const RECORDS_26: [&str; 10] = [
        "240", "250", "260", "299", "300", "320", "330", "362", "801", "802",
    ];
}

/// Any record: the code in cols 1-3, col 4 blank, data from col 5.
pub(crate) mod record {
    use super::*;
    pub(crate) const CODE: Field = Field::new("record code", 1, 3, Kind::Code, Align::Left);
    /// The blank after the code (col 4).
    pub(crate) const BLANK: Field = Field::new("record code", 4, 4, Kind::Code, Align::Left);
    /// First column of header data (free text to the end of the line).
    pub(crate) const DATA_FIRST: usize = 5;
}

/// Player record `001` (TRF06/TRF16/TRF-2026, identical layout).
pub(crate) mod player {
    use super::*;
    pub(crate) const START_RANK: Field =
        Field::new("starting rank", 5, 8, Kind::Number, Align::Right);
    pub(crate) const SEX: Field = Field::new("sex", 10, 10, Kind::Letter, Align::Left);
    pub(crate) const TITLE: Field = Field::new("title", 11, 13, Kind::Text, Align::Right);
    pub(crate) const NAME: Field = Field::new("name", 15, 47, Kind::Text, Align::Left);
    pub(crate) const RATING: Field = Field::new("rating", 49, 52, Kind::Number, Align::Right);
    pub(crate) const FEDERATION: Field = Field::new("federation", 54, 56, Kind::Text, Align::Left);
    pub(crate) const FIDE_ID: Field = Field::new("fide id", 58, 68, Kind::Number, Align::Right);
    pub(crate) const BIRTH: Field = Field::new("birth date", 70, 79, Kind::Date, Align::Left);
    pub(crate) const POINTS: Field = Field::new("points", 81, 84, Kind::Points, Align::Right);
    pub(crate) const RANK: Field = Field::new("rank", 86, 89, Kind::Number, Align::Right);
    /// Blank columns between the static fields.
    pub(crate) const SEPARATORS: [usize; 9] = [4, 9, 14, 48, 53, 57, 69, 80, 85];
    /// Last column of the static part; round blocks follow.
    pub(crate) const STATIC_LAST: usize = 89;
}

/// Round blocks of the `001` record: 10 columns per round, two blanks then `OOOO C R`.
pub(crate) mod round {
    use super::*;
    /// Columns between two rounds' blocks.
    pub(crate) const STRIDE: usize = 10;
    /// Round 1's block: first column (a blank).
    pub(crate) const BLOCK_FIRST: usize = 90;
    pub(crate) const OPPONENT: Field = Field::new("opponent", 92, 95, Kind::Number, Align::Right);
    pub(crate) const COLOR: Field = Field::new("colour", 97, 97, Kind::Letter, Align::Left);
    pub(crate) const RESULT: Field = Field::new("result", 99, 99, Kind::Letter, Align::Left);
    /// Round 1's separator columns, which must be blank.
    pub(crate) const SEPARATORS: [usize; 4] = [90, 91, 96, 98];

    /// `f` for round `r` (1-based).
    pub(crate) const fn at(f: Field, r: usize) -> Field {
        f.nth(r - 1, STRIDE)
    }

    /// Round `r`'s cell (1-based; round 0 is taken as round 1): from the
    /// opponent's first column to the result's, 92-99 for round 1.
    pub(crate) const fn block(r: usize) -> (usize, usize) {
        let skip = r.saturating_sub(1) * STRIDE;
        (OPPONENT.first + skip, RESULT.last + skip)
    }
}

/// The `001` columns of a field an engine names (see [`crate::diag::Locator`]).
pub(crate) fn player_field(f: PlayerField) -> (usize, usize) {
    let field = match f {
        PlayerField::StartingRank => player::START_RANK,
        PlayerField::Sex => player::SEX,
        PlayerField::Title => player::TITLE,
        PlayerField::Name => player::NAME,
        PlayerField::Rating => player::RATING,
        PlayerField::Federation => player::FEDERATION,
        PlayerField::FideId => player::FIDE_ID,
        PlayerField::BirthDate => player::BIRTH,
        PlayerField::Points => player::POINTS,
        PlayerField::Rank => player::RANK,
        PlayerField::Round(r) => return round::block(r),
    };
    (field.first, field.last)
}

/// TRF-2026 national rating record (NRS): a federation code instead of `001`.
pub(crate) mod national {
    use super::*;
    pub(crate) const START_RANK: Field = super::player::START_RANK;
    pub(crate) const SEX: Field = Field::new("national sex", 10, 10, Kind::Letter, Align::Left);
    pub(crate) const TITLE: Field = Field::new("national title", 11, 13, Kind::Text, Align::Right);
    pub(crate) const NAME: Field = Field::new("national name", 15, 47, Kind::Text, Align::Left);
    pub(crate) const RATING: Field =
        Field::new("national rating", 49, 52, Kind::Number, Align::Right);
    pub(crate) const ORIGIN: Field = Field::new("national origin", 54, 56, Kind::Text, Align::Left);
    pub(crate) const ID: Field = Field::new("national id", 58, 68, Kind::Text, Align::Right);
    pub(crate) const BIRTH: Field = Field::new("birth date", 70, 79, Kind::Date, Align::Left);
}

/// `013` team record (TRF06/TRF16): name, then members every 5 columns.
pub(crate) mod team013 {
    use super::*;
    pub(crate) const NAME: Field = Field::new("team name", 5, 36, Kind::Text, Align::Left);
    pub(crate) const MEMBER: Field = Field::new("team member", 37, 40, Kind::Number, Align::Right);
    pub(crate) const MEMBER_STRIDE: usize = 5;
}

/// `310` team record (TRF-2026).
pub(crate) mod team310 {
    use super::*;
    pub(crate) const NUMBER: Field = Field::new("team number", 5, 7, Kind::Number, Align::Right);
    pub(crate) const NAME: Field = Field::new("team name", 9, 40, Kind::Text, Align::Left);
    pub(crate) const NICKNAME: Field = Field::new("team nickname", 42, 46, Kind::Text, Align::Left);
    pub(crate) const STRENGTH: Field =
        Field::new("strength factor", 48, 53, Kind::Text, Align::Right);
    pub(crate) const MATCH_POINTS: Field =
        Field::new("match points", 55, 60, Kind::Points, Align::Right);
    pub(crate) const GAME_POINTS: Field =
        Field::new("game points", 62, 67, Kind::Points, Align::Right);
    pub(crate) const RANK: Field = Field::new("team rank", 69, 71, Kind::Number, Align::Right);
    pub(crate) const MEMBER: Field = Field::new("team member", 74, 77, Kind::Number, Align::Right);
    pub(crate) const MEMBER_STRIDE: usize = 5;
}

/// TRF-2026 `352` board colours of the first-named team (`WBWB`).
pub(crate) mod colours352 {
    use super::*;
    pub(crate) const PATTERN: Field = Field::new("board colours", 5, 5, Kind::Letter, Align::Left);
}

/// TRF-2026 `362` team match points: a two-letter symbol, then its points
/// in `11.5` form at cols 7-10, every 9 columns (`362 TW 2     TD 1     TL 0`,
/// `362 TW 2.0`).
pub(crate) mod scoring362 {
    use super::*;
    pub(crate) const SYMBOL: Field =
        Field::new("match score symbol", 5, 6, Kind::Text, Align::Left);
    pub(crate) const VALUE: Field =
        Field::new("match score points", 7, 10, Kind::Points, Align::Right);
    pub(crate) const STRIDE: usize = 9;
}

/// TRF-2026 `300` line-up out of the default order.
pub(crate) mod lineup300 {
    use super::*;
    pub(crate) const ROUND: Field = Field::new("round", 5, 7, Kind::Number, Align::Right);
    pub(crate) const TEAM: Field = Field::new("team", 9, 11, Kind::Number, Align::Right);
    pub(crate) const OPPONENT: Field =
        Field::new("opponent team", 13, 15, Kind::Number, Align::Right);
    pub(crate) const BOARD: Field = Field::new("board player", 17, 20, Kind::Number, Align::Right);
    pub(crate) const STRIDE: usize = 5;
}

/// TRF-2026 `320` team pairing-allocated bye.
pub(crate) mod pab320 {
    use super::*;
    pub(crate) const MATCH_POINTS: Field =
        Field::new("PAB match points", 5, 8, Kind::Points, Align::Right);
    pub(crate) const GAME_POINTS: Field =
        Field::new("PAB game points", 10, 13, Kind::Points, Align::Right);
    pub(crate) const TEAM: Field = Field::new("PAB team", 15, 17, Kind::Number, Align::Right);
    pub(crate) const STRIDE: usize = 4;
}

/// TRF-2026 `330` forfeited match.
pub(crate) mod forfeit330 {
    use super::*;
    pub(crate) const RESULT: Field = Field::new("forfeit result", 5, 6, Kind::Text, Align::Left);
    pub(crate) const ROUND: Field = Field::new("round", 8, 10, Kind::Number, Align::Right);
    pub(crate) const WHITE: Field = Field::new("white team", 12, 14, Kind::Number, Align::Right);
    pub(crate) const BLACK: Field = Field::new("black team", 16, 18, Kind::Number, Align::Right);
}

/// JaVaFo `XXA`: acceleration points per round.
pub(crate) mod xxa {
    use super::*;
    pub(crate) const PLAYER: Field = Field::new("player", 5, 8, Kind::Number, Align::Right);
    pub(crate) const VALUE: Field = Field::new("acceleration", 10, 13, Kind::Points, Align::Right);
    pub(crate) const STRIDE: usize = 5;
}

/// This crate's `XXG NNNN CATEGORY`: the prize category a player registered in
/// (Swiss-Manager `Typ`); TRF-2026 has no field for it. One line per player.
pub(crate) mod xxg {
    use super::*;
    pub(crate) const PLAYER: Field = Field::new("player", 5, 8, Kind::Number, Align::Right);
    pub(crate) const CATEGORY: Field =
        Field::new("registered category", 10, 49, Kind::Text, Align::Left);
}

/// bbpPairings `BBW BBD BBL BBZ BBF BBU`: a points value.
pub(crate) mod bb {
    use super::*;
    pub(crate) const VALUE: Field = Field::new("points", 5, 8, Kind::Points, Align::Right);
    /// bbp reads the value from cols 5-12 (trimmed).
    pub(crate) const READ: Field = Field::new("points", 5, 12, Kind::Points, Align::Right);
}

/// TRF-2026 `132` round dates (`YY/MM/DD`), aligned with the `001` round blocks.
pub(crate) mod dates132 {
    use super::*;
    pub(crate) const DATE: Field = Field::new("round date", 92, 99, Kind::Date, Align::Left);
    pub(crate) const STRIDE: usize = 10;
}

/// TRF-2026 `162` scoring system: symbol then points, every 9 columns.
pub(crate) mod scoring162 {
    use super::*;
    pub(crate) const SYMBOL: Field = Field::new("scoring symbol", 6, 6, Kind::Letter, Align::Left);
    pub(crate) const VALUE: Field = Field::new("scoring points", 7, 10, Kind::Points, Align::Right);
    pub(crate) const STRIDE: usize = 9;
}

/// TRF-2026 `240` bye record (individuals: player starting ranks).
pub(crate) mod bye240 {
    use super::*;
    pub(crate) const KIND: Field = Field::new("bye type", 5, 5, Kind::Letter, Align::Left);
    pub(crate) const ROUND: Field = Field::new("round", 7, 9, Kind::Number, Align::Right);
    pub(crate) const ID: Field = Field::new("player", 11, 14, Kind::Number, Align::Right);
    pub(crate) const STRIDE: usize = 5;
}

/// TRF-2026 `250` accelerated rounds.
pub(crate) mod accel250 {
    use super::*;
    pub(crate) const MATCH_POINTS: Field =
        Field::new("fictitious match points", 5, 8, Kind::Points, Align::Right);
    pub(crate) const GAME_POINTS: Field =
        Field::new("fictitious game points", 10, 13, Kind::Points, Align::Right);
    pub(crate) const FIRST_ROUND: Field =
        Field::new("first round", 15, 17, Kind::Number, Align::Right);
    pub(crate) const LAST_ROUND: Field =
        Field::new("last round", 19, 21, Kind::Number, Align::Right);
    pub(crate) const FIRST_ID: Field =
        Field::new("first player", 23, 26, Kind::Number, Align::Right);
    pub(crate) const LAST_ID: Field = Field::new("last player", 28, 31, Kind::Number, Align::Right);
}

/// TRF-2026 `260` prohibited pairings.
pub(crate) mod forbid260 {
    use super::*;
    pub(crate) const FIRST_ROUND: Field =
        Field::new("first round", 5, 7, Kind::Number, Align::Right);
    pub(crate) const LAST_ROUND: Field =
        Field::new("last round", 9, 11, Kind::Number, Align::Right);
    pub(crate) const ID: Field = Field::new("player", 13, 16, Kind::Number, Align::Right);
    pub(crate) const STRIDE: usize = 5;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_blocks_follow_the_spec() {
        // TRF16: round r opponent at 92+10(r-1)..95+10(r-1), colour 97+.., result 99+..
        let o3 = round::at(round::OPPONENT, 3);
        assert_eq!((o3.first, o3.last), (112, 115));
        assert_eq!(round::at(round::RESULT, 7).first, 159);
        assert_eq!(player::NAME.width(), 33);
        // 013: the 8th member at 72-75, the 14th at 102-105.
        let m8 = team013::MEMBER.nth(7, team013::MEMBER_STRIDE);
        assert_eq!((m8.first, m8.last), (72, 75));
        let m14 = team013::MEMBER.nth(13, team013::MEMBER_STRIDE);
        assert_eq!((m14.first, m14.last), (102, 105));
        // 310: the 14th member at 139-142.
        let t14 = team310::MEMBER.nth(13, team310::MEMBER_STRIDE);
        assert_eq!((t14.first, t14.last), (139, 142));
        // 162: symbols at 6, 15, 24.
        assert_eq!(scoring162::SYMBOL.nth(2, scoring162::STRIDE).first, 24);
    }
}
