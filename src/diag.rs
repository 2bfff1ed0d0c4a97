//! Diagnostics: where, which field, what was expected, what was found.
//!
//! Every diagnostic carries a stable [`Code`] naming the kind of problem,
//! like a rustc error code or a clippy lint: tests and programs match the
//! code, never the message. The same kind of problem has the same code
//! whichever reader or checker finds it. [`codes`] lists every code.

use serde::{Deserialize, Serialize};
use std::fmt;

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth a look; the engines still run.
    Warning,
    /// The input or request is wrong; engines refuse it (see [`Diagnostic::blocks_ranking`]).
    Error,
}

/// The family of a diagnostic (house style: syntax, consistency, engine).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Family {
    /// A field that cannot be read.
    Syntax,
    /// The file reads but contradicts itself or the rules.
    Consistency,
    /// Something could not be carried or done (conversion loss, unsupported feature).
    Engine,
}

/// A place in an input file. Lines and columns are 1-based; columns count characters.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Location {
    /// The file the problem is in, when the input joins several or the caller names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// 1-based line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// First and last column, inclusive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cols: Option<(usize, usize)>,
    /// Field name, e.g. `rating`, `round 3 result`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

/// The stable name of a kind of problem, in kebab-case (`points-mismatch`,
/// `trf-field-syntax`). An open set: the known codes are the constants of
/// [`codes`]; a new kind of problem gets a new constant there.
///
/// In JSON a code is its name. Reading JSON accepts the known codes only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Code(&'static str);

impl Code {
    /// The code named `name`. New codes belong in [`codes`], with their meaning.
    pub const fn new(name: &'static str) -> Code {
        Code(name)
    }

    /// The name, e.g. `"points-mismatch"`.
    pub const fn as_str(self) -> &'static str {
        self.0
    }

    /// The known code named `name`, if there is one.
    pub fn known(name: &str) -> Option<Code> {
        codes::ALL.iter().copied().find(|c| c.0 == name)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        Code::known(&name).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "expected a known diagnostic code, found \"{name}\""
            ))
        })
    }
}

/// Declares the codes, each with its one-line meaning, and [`codes::ALL`].
macro_rules! codes {
    ($( #[doc = $doc:literal] $name:ident = $text:literal; )*) => {
        $( #[doc = $doc] pub const $name: Code = Code($text); )*
        /// Every known code, in the order of this list.
        pub const ALL: &[Code] = &[$($name),*];
    };
}

/// Every diagnostic code, with its meaning. The rating-report codes are the
/// names of [`crate::rating::report_check::Check`].
pub mod codes {
    use super::Code;

    codes! {
        // ----- reading any input -----
        /// The file cannot be opened or read.
        FILE_ACCESS = "file-access";
        /// The text is not in the expected encoding (invalid UTF-8 bytes).
        INVALID_ENCODING = "invalid-encoding";
        /// The input is not a file of the expected kind: empty, no records, missing header columns, wrong magic bytes.
        UNRECOGNIZED_INPUT = "unrecognized-input";
        /// The input is larger than the command line reads (64 MB unless raised); not read.
        INPUT_TOO_LARGE = "input-too-large";
        /// Something was asked that this program cannot do (a read-only format, a round that does not exist).
        UNSUPPORTED = "unsupported";
        /// A conversion or writer cannot carry something: it is dropped, approximated or replaced.
        CONVERSION_LOSS = "conversion-loss";

        // ----- requests, engines, the event file -----
        /// An option or request that does not fit the input (a round out of range, an unknown name, language or edition).
        INVALID_OPTION = "invalid-option";
        /// No pairing satisfies the absolute criteria (C.04.3 C1-C3); nothing paired.
        NO_LEGAL_PAIRING = "no-legal-pairing";
        /// A tie-break code that cannot be read or has no definition (C.07 codes, Swiss-Manager ids, team codes).
        TIEBREAK_CODE = "tiebreak-code";
        /// An event file that cannot be used: not an event file, a newer version, damaged, busy, or storage failing.
        EVENT_FILE = "event-file";
        /// An event step refused: it does not fit the event's state.
        STEP_REFUSED = "step-refused";
        /// A page template failed: a defect of the program, never of the input.
        TEMPLATE = "template";

        // ----- TRF -----
        /// A TRF field or record cannot be read as the spec says (digits, dates, results, separators).
        TRF_FIELD_SYNTAX = "trf-field-syntax";
        /// A TRF field is read, but is not written as the spec says (a lenient reading).
        TRF_NONSTANDARD = "trf-nonstandard";
        /// A TRF record code this reader does not know; the line is kept as is.
        TRF_UNKNOWN_RECORD = "trf-unknown-record";
        /// A TRF record given more than once where one is expected; the later line is kept as is.
        TRF_DUPLICATE_RECORD = "trf-duplicate-record";

        // ----- Swiss-Manager, JSON, profiles -----
        /// A Swiss-Manager field, row or section cannot be read (text exports, XML, TUNX).
        SM_FIELD_SYNTAX = "sm-field-syntax";
        /// Swiss-Manager data this reader does not decode (attribute, element, section, bytes): kept or skipped.
        SM_UNDECODED = "sm-undecoded";
        /// A Vega export (cross table, pairing list) with a field that cannot be read.
        VEGA_FIELD_SYNTAX = "vega-field-syntax";
        /// Not a chess-arbiter JSON document (syntax, format name, version).
        JSON_SYNTAX = "json-syntax";
        /// A profile (TOML) that cannot be read.
        PROFILE_SYNTAX = "profile-syntax";
        /// A profile that reads but is invalid (unknown names, contradictory settings).
        PROFILE_INVALID = "profile-invalid";

        // ----- consistency of a tournament -----
        /// Declared points do not match the points the results give.
        POINTS_MISMATCH = "points-mismatch";
        /// Players declare points, but the file records no games to check them against (a Swiss-Manager player file alone).
        POINTS_WITHOUT_GAMES = "points-without-games";
        /// The two sides of a game disagree (opponent, colour, result), or a game has only one side.
        GAME_ASYMMETRIC = "game-asymmetric";
        /// A game names an opponent who is not in the tournament.
        UNKNOWN_OPPONENT = "unknown-opponent";
        /// A record (other than a game) names a player who is not in the tournament.
        UNKNOWN_PLAYER = "unknown-player";
        /// A player is paired more than once in a round.
        PAIRED_TWICE = "paired-twice";
        /// A player is paired against themself.
        PAIRED_WITH_SELF = "paired-with-self";
        /// Two player records have the same starting rank.
        STARTING_RANK_DUPLICATE = "starting-rank-duplicate";
        /// Two players have the same FIDE id.
        FIDE_ID_DUPLICATE = "fide-id-duplicate";
        /// A declared count (players, rated players, rounds) disagrees with the data.
        COUNT_MISMATCH = "count-mismatch";
        /// Dates out of order: end before start, a round before the previous one or outside the event.
        DATES_INCONSISTENT = "dates-inconsistent";
        /// A birth date that is missing where needed, impossible or implausible.
        BIRTH_DATE = "birth-date";
        /// An absence record (XXZ, 240) disagrees with the round data.
        ABSENCE_CONFLICT = "absence-conflict";
        /// A Swiss-Manager result column disagrees with the others of its row.
        RESULT_MISMATCH = "result-mismatch";
        /// A pairing-file row names other players than the tournament pairs.
        PAIRING_MISMATCH = "pairing-mismatch";
        /// A game without a result (unknown or pending).
        RESULT_MISSING = "result-missing";
        /// A round to be paired already holds a pairing-allocated bye, which only the pairing gives.
        PAIRING_BYE_PRESET = "pairing-bye-preset";

        // ----- data that changes a check or a pairing -----
        /// Both players of a board lost by forfeit.
        DOUBLE_FORFEIT = "double-forfeit";
        /// A full-point bye F where the pairing-allocated bye U is meant.
        FULL_BYE_FOR_PAIRING_BYE = "full-bye-for-pairing-bye";
        /// The number of rounds is not given and had to be assumed.
        ROUND_COUNT_MISSING = "round-count-missing";
        /// Pairing numbers look changed after the rules freeze them.
        PAIRING_NUMBER_CHANGED = "pairing-number-changed";
        /// XXZ absences, which bbpPairings ignores.
        XXZ_NOT_PORTABLE = "xxz-not-portable";
        /// A game still to be played, written with a blank result that pairing engines (bbpPairings) refuse.
        PENDING_NOT_PORTABLE = "pending-not-portable";
        /// A player absent from the last round has no entry for the round to pair.
        ABSENCE_NOT_RECORDED = "absence-not-recorded";

        // ----- standings and prizes -----
        /// The tie-break edition was assumed: the file gives no event date.
        EDITION_ASSUMED = "edition-assumed";
        /// A tie-break is computed under an edition that defines it differently or not at all.
        TIEBREAK_EDITION = "tiebreak-edition";
        /// Players stay tied after all tie-breaks where the profile forbids sharing.
        UNBROKEN_TIE = "unbroken-tie";
        /// A tie-break's cuts (`/Cn`, `/Mn`) remove every round's value: it separates nobody.
        TIEBREAK_CUTS_ALL = "tiebreak-cuts-all";
        /// A round robin's tie-breaks: the default list used (none given), or one of the Buchholz family, which C.07 (2026) does not use in round robins.
        TIEBREAK_ROUND_ROBIN = "tiebreak-round-robin";
        /// A ranking with no tie-break at all: players with equal points share their place.
        NO_TIEBREAKS = "no-tiebreaks";
        /// An art. 10 tie-break (ARO, TPR, PTP, APRO, APPO) met unrated opponents and no rating was fixed for them (C.07 art. 10): they are left out.
        TIEBREAK_UNRATED = "tiebreak-unrated";
        /// More players entered than the profile's entry capacity (`[entry] capacity`).
        ENTRY_OVER_CAPACITY = "entry-over-capacity";
        /// A registered category whose age window excludes the player's birth date.
        REGISTRATION_BIRTH_DATE = "registration-birth-date";

        // ----- rating submission and report checks (B.02) -----
        /// A value the file lacked was filled in from the data.
        VALUE_FILLED = "value-filled";
        /// A mandatory header record is missing.
        HEADER_MISSING = "header-missing";
        /// A federation code is missing or not a FIDE federation.
        FEDERATION_CODE = "federation-code";
        /// The chief arbiter (102) is missing.
        CHIEF_ARBITER_MISSING = "chief-arbiter-missing";
        /// An arbiter is named without a FIDE id.
        ARBITER_WITHOUT_FIDE_ID = "arbiter-without-fide-id";
        /// The start or end date is missing.
        DATE_MISSING = "date-missing";
        /// A round date is missing.
        ROUND_DATE_MISSING = "round-date-missing";
        /// The rate of play is below the minimum for the ratings present.
        RATE_OF_PLAY = "rate-of-play";
        /// The time control is missing or unreadable.
        TIME_CONTROL_UNKNOWN = "time-control-unknown";
        /// A player has no FIDE id.
        FIDE_ID_MISSING = "fide-id-missing";
        /// A FIDE id is not up to 10 digits.
        FIDE_ID_MALFORMED = "fide-id-malformed";
        /// A player's sex is missing.
        SEX = "sex";
        /// A title that is not a FIDE title.
        TITLE = "title";
        /// A name the report cannot carry or not written "Lastname, Firstname".
        NAME = "name";
        /// A rank is missing.
        RANK_MISSING = "rank-missing";
        /// A round has more than one pairing-allocated bye.
        MORE_PAIRING_BYES = "more-pairing-byes";
        /// A round has no rated game.
        ROUND_WITHOUT_RATED_GAME = "round-without-rated-game";
        /// A player has no game against a rated opponent.
        NO_RATED_GAME = "no-rated-game";
        /// An unrated player cannot get a first rating from the event.
        UNRATED_NO_RATING = "unrated-no-rating";
        /// A K factor given by hand that B.02 §8.3.3 does not give for the rating list, used anyway.
        K_FACTOR_NOT_FIDE = "k-factor-not-fide";

        // ----- FIDE rating list -----
        /// A FIDE rating list field or line that cannot be read (header, rating, games, K, year).
        FIDE_LIST_SYNTAX = "fide-list-syntax";
        /// A player's FIDE id is not in the FIDE rating list (unknown or mistyped).
        FIDE_LIST_UNKNOWN_ID = "fide-list-unknown-id";
        /// Name, birth year, sex, federation or title differ from the FIDE rating list.
        FIDE_LIST_MISMATCH = "fide-list-mismatch";
        /// The rating in the file is not the one the FIDE rating list publishes.
        FIDE_LIST_RATING = "fide-list-rating";
        /// The FIDE rating list flags the player inactive (i, wi).
        FIDE_LIST_INACTIVE = "fide-list-inactive";
    }
}

/// One problem found in an input or refused by an engine: what kind
/// ([`Diagnostic::code`], stable across releases), where ([`Diagnostic::location`])
/// and what was expected and found ([`Diagnostic::message`]). It is the error
/// type programs embedding the library can pass on (`?` into `Box<dyn Error>`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    /// An error stops the engines; a warning does not.
    pub severity: Severity,
    /// The kind of problem, stable across releases (see [`codes`]).
    pub code: Code,
    /// Syntax, consistency or engine (what kind of check found it).
    pub family: Family,
    /// Where the problem is (file, line, columns, field); flattened into the diagnostic in JSON.
    #[serde(flatten)]
    pub location: Location,
    /// Lowercase, no trailing period.
    pub message: String,
}

impl Diagnostic {
    /// An error of kind `code` at `location`; `message` says what was expected and what was found.
    pub fn error(
        code: Code,
        family: Family,
        location: Location,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            family,
            location,
            message: message.into(),
        }
    }
    /// A warning of kind `code` at `location`; `message` says what was expected and what was found.
    pub fn warning(
        code: Code,
        family: Family,
        location: Location,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            code,
            family,
            location,
            message: message.into(),
        }
    }
    /// Whether the severity is [`Severity::Error`].
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Whether this keeps every engine away from the file, the ranking ones
    /// (standings, prizes) included: a syntax error, or a consistency error
    /// that leaves no tournament to work on (an engine given it would rank,
    /// pair or rate a contradiction).
    pub fn blocks_ranking(&self) -> bool {
        const UNUSABLE: &[Code] = &[
            codes::STARTING_RANK_DUPLICATE,
            codes::PAIRED_TWICE,
            codes::PAIRED_WITH_SELF,
            codes::GAME_ASYMMETRIC,
            codes::UNKNOWN_OPPONENT,
        ];
        self.is_error() && (self.family == Family::Syntax || UNUSABLE.contains(&self.code))
    }

    /// Whether this keeps the pairing, the check and the rating report away
    /// from the file: what [`Diagnostic::blocks_ranking`] blocks, and declared
    /// points that the results contradict (the score groups, the checked
    /// pairings and the report's points would depend on which of the two is
    /// believed; a ranking counts the results and says so).
    pub fn blocks_pairing(&self) -> bool {
        self.blocks_ranking() || (self.is_error() && self.code == codes::POINTS_MISMATCH)
    }
}

impl Location {
    /// A whole line (1-based), no column or field.
    pub fn line(line: usize) -> Self {
        Location {
            line: Some(line),
            ..Location::default()
        }
    }
    /// A field: line, first and last column (1-based, inclusive, in characters) and its name.
    pub fn field(line: usize, first: usize, last: usize, field: impl Into<String>) -> Self {
        Location {
            file: None,
            line: Some(line),
            cols: Some((first, last)),
            field: Some(field.into()),
        }
    }
}

impl Location {
    /// The line and the character column (both 1-based) of byte `at` of
    /// `text`, as a one-column span: where a parser that counts bytes
    /// (TOML, JSON) found a problem.
    pub fn at_byte(text: &str, at: usize) -> Location {
        let at = (0..=at.min(text.len()))
            .rev()
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(0);
        let before = &text[..at];
        let line = before.matches('\n').count() + 1;
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[start..].chars().count() + 1;
        Location {
            line: Some(line),
            cols: Some((col, col)),
            ..Location::default()
        }
    }

    /// Where round `round` (1-based) of player `player` is recorded, as `at` says:
    /// its file when the input joins several, its line (the player's record in a
    /// TRF, with the round's columns; the board row of a Swiss-Manager pairing file),
    /// and the field `round N`, prefixed by the player's record where the file has no
    /// lines (a `.TUNX` record's byte offset, a JSON path).
    pub fn of_round(at: &dyn Locator, player: u32, round: usize) -> Location {
        let line = at.round_line(player, round);
        let label = format!("round {round}");
        Location {
            file: at.round_file(player, round),
            line,
            cols: line.and(at.cols(PlayerField::Round(round))),
            field: Some(match at.player_record(player) {
                Some(r) => format!("{r}, {label}"),
                None => label,
            }),
        }
    }
}

/// `col 10` or `cols 58-68`: a column span as locations and rule citations write it.
pub fn cols_text((first, last): (usize, usize)) -> String {
    if first == last {
        format!("col {first}")
    } else {
        format!("cols {first}-{last}")
    }
}

impl Diagnostic {
    /// The diagnostic with `file` as its file, unless it names one already.
    pub fn in_file(mut self, file: Option<&str>) -> Self {
        if self.location.file.is_none() {
            self.location.file = file.map(str::to_string);
        }
        self
    }
}

/// A field of a player record, as an engine names it. Engines do not know
/// columns: a [`Locator`] from the format layer turns the field into them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PlayerField {
    /// Starting rank (TRF `001` cols 5-8).
    StartingRank,
    /// Sex (col 10).
    Sex,
    /// Title (cols 11-13).
    Title,
    /// Name (cols 15-47).
    Name,
    /// FIDE rating (cols 49-52).
    Rating,
    /// Federation (cols 54-56).
    Federation,
    /// FIDE id (cols 58-68).
    FideId,
    /// Birth date (cols 70-79).
    BirthDate,
    /// Declared points (cols 81-84).
    Points,
    /// Declared rank (cols 86-89).
    Rank,
    /// The block of round `r` (1-based): opponent, colour and result.
    Round(usize),
}

/// Where the records and fields of an input file are. Engines ask it when
/// they locate a diagnostic; the TRF reader's `SourceMap` answers with lines
/// and, from the TRF layout tables, columns. [`NoSource`] serves models built in memory.
pub trait Locator {
    /// The line of the record of player `player` (its starting rank).
    fn player_line(&self, player: u32) -> Option<usize>;
    /// The first line of the header record with this code (`"042"`, `"XXR"`).
    fn header_line(&self, code: &str) -> Option<usize>;
    /// The first and last column (1-based, inclusive) of a player field.
    fn cols(&self, field: PlayerField) -> Option<(usize, usize)>;
    /// Where the record of player `player` is in a file without lines (a binary
    /// file: `player record 3 at byte offset 0x1a2b`); `None` for line-based files.
    fn player_record(&self, _player: u32) -> Option<String> {
        None
    }
    /// The file holding player `player`'s record when an input joins several files
    /// (a Swiss-Manager player file and pairing file read as `a+b`); `None`: the
    /// input's one file (the caller names it).
    fn player_file(&self, _player: u32) -> Option<String> {
        None
    }
    /// The line that records round `round` (1-based) of player `player`: in a TRF
    /// the player's own record (the round's block is on it, the default); in a
    /// Swiss-Manager pairing file the board row of that round.
    fn round_line(&self, player: u32, _round: usize) -> Option<usize> {
        self.player_line(player)
    }
    /// The file holding the line of [`Locator::round_line`]; by default the
    /// player's ([`Locator::player_file`]).
    fn round_file(&self, player: u32, _round: usize) -> Option<String> {
        self.player_file(player)
    }
}

/// No source: no lines, no columns.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoSource;

impl Locator for NoSource {
    fn player_line(&self, _: u32) -> Option<usize> {
        None
    }
    fn header_line(&self, _: &str) -> Option<usize> {
        None
    }
    fn cols(&self, _: PlayerField) -> Option<(usize, usize)> {
        None
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if let Some(file) = &self.file {
            parts.push(file.clone());
        }
        if let Some(l) = self.line {
            parts.push(format!("line {l}"));
        }
        if let Some(cols) = self.cols {
            parts.push(cols_text(cols));
        }
        let mut s = parts.join(", ");
        if let Some(field) = &self.field {
            if s.is_empty() {
                s = format!("({field})");
            } else {
                s = format!("{s} ({field})");
            }
        }
        f.write_str(&s)
    }
}

impl std::error::Error for Diagnostic {}

impl fmt::Display for Diagnostic {
    /// `error: line 12, cols 49-52 (rating): expected up to 4 digits, found "2a00"`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let loc = self.location.to_string();
        if loc.is_empty() {
            write!(f, "{sev}: {}", self.message)
        } else {
            write!(f, "{sev}: {loc}: {}", self.message)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diagnostic_passes_through_question_mark_as_an_error() {
        fn refuse() -> Result<(), Box<dyn std::error::Error>> {
            Err(Diagnostic::error(
                codes::POINTS_MISMATCH,
                Family::Consistency,
                Location::line(3),
                "expected 1.0 points, found 0.0",
            ))?;
            Ok(())
        }
        let e = refuse().err().map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(e, "error: line 3: expected 1.0 points, found 0.0");
    }

    fn kebab(s: &str) -> bool {
        !s.is_empty()
            && !s.starts_with('-')
            && !s.ends_with('-')
            && !s.contains("--")
            && s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    }

    #[test]
    fn codes_are_unique_and_kebab_case() {
        let mut seen = std::collections::BTreeSet::new();
        for c in codes::ALL {
            assert!(kebab(c.as_str()), "{c} is not kebab-case");
            assert!(seen.insert(c.as_str()), "{c} is listed twice");
        }
        assert!(codes::ALL.len() >= 50, "{}", codes::ALL.len());
    }

    #[test]
    fn a_code_is_its_name_in_json() {
        let d = Diagnostic::error(
            codes::POINTS_MISMATCH,
            Family::Consistency,
            Location::line(3),
            "player 1 declares 1.0 points, but the results add up to 0.5",
        );
        let v = serde_json::to_value(&d).unwrap();
        assert_eq!(v["code"], "points-mismatch");
        let back: Diagnostic = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(back, d);
        let mut unknown = v;
        unknown["code"] = "no-such-code".into();
        assert!(serde_json::from_value::<Diagnostic>(unknown).is_err());
        // The text rendering does not show the code.
        assert_eq!(
            d.to_string(),
            "error: line 3: player 1 declares 1.0 points, but the results add up to 0.5"
        );
    }
}
