//! The checks a federation rating officer makes before uploading a
//! tournament report to FIDE (B.02 §0.2, §1, §5, §7, §9; TRF-16 / TRF-2026
//! mandatory fields). Every problem has its location and the rule it comes
//! from; nothing is repaired here.

use std::borrow::Cow;
use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::Serialize;

use super::edition::{minimum_standard_minutes, playing_time};
use super::federations::is_known_federation;
use super::names::check_name;
use crate::diag::{
    codes, cols_text, Code, Diagnostic, Family, Location, Locator, PlayerField, Severity,
};
use crate::model::{
    game_sides, names_each_other, ByeKind, Player, PlayerId, RoundEntry, Title, Tournament,
};

/// The kinds of problem the checks report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Check {
    /// A mandatory TRF-16 header record is missing: tournament name (`012`), city (`022`),
    /// federation (`032`) or tournament type (`092`/`192`).
    HeaderMissing,
    /// A federation (the event's `032` or a player's) is missing or not a FIDE federation code.
    FederationCode,
    /// No chief arbiter (`102`; B.02 §9).
    ChiefArbiterMissing,
    /// The chief arbiter or a deputy (`102`, `112`) has no FIDE id (B.02 §9: licensed arbiters).
    ArbiterWithoutFideId,
    /// The start (`042`) or end date (`052`) is missing.
    DateMissing,
    /// Dates that contradict each other: the end before the start, a round date (`132`) outside
    /// the event's dates or before the previous round's.
    DatesInconsistent,
    /// A round has no date in the `132` record.
    RoundDateMissing,
    /// The rate of play gives less time for 60 moves than B.02 §1.1 asks for the highest rating
    /// present.
    RateOfPlay,
    /// The time control (`122`) is missing or unreadable, so the rate of play cannot be checked
    /// (B.02 §1.1).
    TimeControlUnknown,
    /// A player has no FIDE id (B.02 §0.2: a new player is registered by the federation before
    /// the report; without birth date or sex, an error).
    FideIdMissing,
    /// A FIDE id that is not up to 10 digits (TRF-16 `001`).
    FideIdMalformed,
    /// Two players share one FIDE id.
    FideIdDuplicate,
    /// A birth date missing, after the start of the event, or only a year for a new player.
    BirthDate,
    /// A player's sex is missing (TRF-16 `001`, `m` or `w`).
    Sex,
    /// A title code outside GM IM WGM FM WIM CM WFM WCM.
    Title,
    /// A name that is not `Lastname, Firstname`, or with characters outside plain Latin letters
    /// (with the transliteration the report would need).
    Name,
    /// A player's rank is missing (TRF-16 `001`, mandatory).
    RankMissing,
    /// The declared points are missing or disagree with the results.
    PointsMismatch,
    /// A full-point bye `F` in a round where everyone else was paired: the pairing-allocated
    /// bye must be coded `U`.
    FullByeForPairingBye,
    /// More than one pairing-allocated bye in a round (C.04.1 art. 4).
    MorePairingByes,
    /// The two sides of a game disagree (opponent, colour or result), or an unplayed game is
    /// coded as played (B.02 §5).
    GameAsymmetric,
    /// A game has no result (B.02 §5).
    ResultMissing,
    /// A round with no rated game (B.02 §5).
    RoundWithoutRatedGame,
    /// A player without a game against a rated opponent (B.02 §5, §8.3.1).
    NoRatedGame,
    /// An unrated player who cannot get a first rating from this event: fewer than 5 games
    /// against rated opponents (B.02 §7.1.4) or 0 points against them (B.02 §8.2.1).
    UnratedNoRating,
}

impl Check {
    /// Every check, in declaration order (the list the code tests walk).
    pub const ALL: [Check; 25] = [
        Check::HeaderMissing,
        Check::FederationCode,
        Check::ChiefArbiterMissing,
        Check::ArbiterWithoutFideId,
        Check::DateMissing,
        Check::DatesInconsistent,
        Check::RoundDateMissing,
        Check::RateOfPlay,
        Check::TimeControlUnknown,
        Check::FideIdMissing,
        Check::FideIdMalformed,
        Check::FideIdDuplicate,
        Check::BirthDate,
        Check::Sex,
        Check::Title,
        Check::Name,
        Check::RankMissing,
        Check::PointsMismatch,
        Check::FullByeForPairingBye,
        Check::MorePairingByes,
        Check::GameAsymmetric,
        Check::ResultMissing,
        Check::RoundWithoutRatedGame,
        Check::NoRatedGame,
        Check::UnratedNoRating,
    ];
}

impl Check {
    /// A malformed FIDE id is unreadable (syntax); every other check finds a
    /// file that reads but breaks a rule (consistency).
    fn family(self) -> Family {
        match self {
            Check::FideIdMalformed => Family::Syntax,
            _ => Family::Consistency,
        }
    }

    /// The diagnostic code of the check (see [`crate::diag::codes`]): the
    /// check's kebab-case name, e.g. `points-mismatch`.
    pub fn code(self) -> Code {
        match self {
            Check::HeaderMissing => codes::HEADER_MISSING,
            Check::FederationCode => codes::FEDERATION_CODE,
            Check::ChiefArbiterMissing => codes::CHIEF_ARBITER_MISSING,
            Check::ArbiterWithoutFideId => codes::ARBITER_WITHOUT_FIDE_ID,
            Check::DateMissing => codes::DATE_MISSING,
            Check::DatesInconsistent => codes::DATES_INCONSISTENT,
            Check::RoundDateMissing => codes::ROUND_DATE_MISSING,
            Check::RateOfPlay => codes::RATE_OF_PLAY,
            Check::TimeControlUnknown => codes::TIME_CONTROL_UNKNOWN,
            Check::FideIdMissing => codes::FIDE_ID_MISSING,
            Check::FideIdMalformed => codes::FIDE_ID_MALFORMED,
            Check::FideIdDuplicate => codes::FIDE_ID_DUPLICATE,
            Check::BirthDate => codes::BIRTH_DATE,
            Check::Sex => codes::SEX,
            Check::Title => codes::TITLE,
            Check::Name => codes::NAME,
            Check::RankMissing => codes::RANK_MISSING,
            Check::PointsMismatch => codes::POINTS_MISMATCH,
            Check::FullByeForPairingBye => codes::FULL_BYE_FOR_PAIRING_BYE,
            Check::MorePairingByes => codes::MORE_PAIRING_BYES,
            Check::GameAsymmetric => codes::GAME_ASYMMETRIC,
            Check::ResultMissing => codes::RESULT_MISSING,
            Check::RoundWithoutRatedGame => codes::ROUND_WITHOUT_RATED_GAME,
            Check::NoRatedGame => codes::NO_RATED_GAME,
            Check::UnratedNoRating => codes::UNRATED_NO_RATING,
        }
    }
}

/// One problem a rating officer would raise.
#[derive(Debug, Clone, Serialize)]
pub struct Problem {
    /// The kind of problem.
    pub check: Check,
    /// The rule the problem comes from, e.g. `"B.02 §5"`, `c.rule_001(PlayerField::FideId, "")`.
    pub rule: Cow<'static, str>,
    /// Where it is, how severe, and what was expected and found.
    #[serde(flatten)]
    pub diagnostic: Diagnostic,
}

impl Problem {
    /// The diagnostic with the rule appended to its message, for callers
    /// that only print diagnostics.
    pub fn into_diagnostic(self) -> Diagnostic {
        let mut d = self.diagnostic;
        d.message = format!("{} [{}]", d.message, self.rule);
        d
    }
}

struct Checker<'a> {
    lines: &'a dyn Locator,
    out: Vec<Problem>,
}

impl Checker<'_> {
    fn push(
        &mut self,
        check: Check,
        rule: impl Into<Cow<'static, str>>,
        severity: Severity,
        location: Location,
        message: String,
    ) {
        self.out.push(Problem {
            check,
            rule: rule.into(),
            diagnostic: Diagnostic {
                severity,
                code: check.code(),
                family: check.family(),
                location,
                message,
            },
        });
    }

    fn header(&self, code: &str, field: &str) -> Location {
        Location {
            line: self.lines.header_line(code),
            field: Some(format!("{code} {field}")),
            ..Location::default()
        }
    }

    /// Player `p`'s `field`, named `player <id> <label>` in the location.
    fn player(&self, p: &Player, field: PlayerField, label: impl Into<String>) -> Location {
        Location {
            file: self.lines.player_file(p.id.0),
            line: self.lines.player_line(p.id.0),
            cols: self.lines.cols(field),
            field: Some(format!("player {} {}", p.id, label.into())),
        }
    }

    /// The TRF-16 `001` field a rule is about, e.g. `TRF-16 001 cols 58-68`,
    /// then `note`; the columns come from the locator's layout.
    fn rule_001(&self, field: PlayerField, note: &str) -> String {
        match self.lines.cols(field) {
            Some(cols) => format!("TRF-16 001 {}{note}", cols_text(cols)),
            None => format!("TRF-16 001{note}"),
        }
    }
}

fn round_loc(r: usize) -> Location {
    Location {
        field: Some(format!("round {r}")),
        ..Location::default()
    }
}

fn has_fide_id_text(s: &str) -> bool {
    let mut run = 0;
    for c in s.chars() {
        if c.is_ascii_digit() {
            run += 1;
            if run >= 4 {
                return true;
            }
        } else {
            run = 0;
        }
    }
    false
}

/// Run every rating-report check over `t`. `lines` locates records and
/// fields in the source file: the TRF reader's `SourceMap`, an empty one
/// for models built in memory. Problems come in a stable order: header, players, rounds.
pub fn check_report(t: &Tournament, lines: &dyn Locator) -> Vec<Problem> {
    let mut c = Checker {
        lines,
        out: Vec::new(),
    };
    check_header(t, &mut c);
    check_dates(t, &mut c);
    check_rate_of_play(t, &mut c);
    check_players(t, &mut c);
    check_rounds(t, &mut c);
    c.out
}

fn check_header(t: &Tournament, c: &mut Checker) {
    use Severity::*;
    let i = &t.info;
    for (code, field, value) in [
        ("012", "tournament name", &i.name),
        ("022", "city", &i.city),
        ("032", "federation", &i.federation),
    ] {
        if value.trim().is_empty() {
            c.push(
                Check::HeaderMissing,
                "TRF-16 mandatory record",
                Error,
                c.header(code, field),
                format!("{field} missing, expected a {code} record"),
            );
        }
    }
    let fed = i.federation.trim();
    if !fed.is_empty() && !is_known_federation(fed) {
        c.push(
            Check::FederationCode,
            "FIDE federation codes",
            Error,
            c.header("032", "federation"),
            format!("expected a fide federation code (3 capital letters), found \"{fed}\""),
        );
    }
    if i.chief_arbiter.trim().is_empty() {
        c.push(
            Check::ChiefArbiterMissing,
            "B.02 §9; TRF-16 102",
            Error,
            c.header("102", "chief arbiter"),
            "chief arbiter missing, expected a 102 record with name and fide id".into(),
        );
    } else if !has_fide_id_text(&i.chief_arbiter) {
        // A warning: the rating server takes the arbiter from the event's
        // registration; the 102 text is free, but officers ask for the id.
        c.push(
            Check::ArbiterWithoutFideId,
            "B.02 §9 (licensed arbiter)",
            Warning,
            c.header("102", "chief arbiter"),
            format!(
                "chief arbiter \"{}\" has no fide id, expected the arbiter's fide id in the 102 record",
                i.chief_arbiter.trim()
            ),
        );
    }
    for a in &i.deputy_arbiters {
        if !a.trim().is_empty() && !has_fide_id_text(a) {
            c.push(
                Check::ArbiterWithoutFideId,
                "B.02 §9 (licensed arbiter)",
                Warning,
                c.header("112", "deputy arbiter"),
                format!("deputy arbiter \"{}\" has no fide id", a.trim()),
            );
        }
    }
    if i.tournament_type.trim().is_empty() && i.system_code.trim().is_empty() {
        c.push(
            Check::HeaderMissing,
            "TRF-16 092 / TRF-2026 192",
            Warning,
            c.header("092", "tournament type"),
            "tournament type missing, expected a 092 or 192 record".into(),
        );
    }
}

fn check_dates(t: &Tournament, c: &mut Checker) {
    use Severity::*;
    let i = &t.info;
    for (date, code, name) in [
        (i.start_date, "042", "start date"),
        (i.end_date, "052", "end date"),
    ] {
        if date.is_none() {
            c.push(
                Check::DateMissing,
                format!("TRF-16 {code} (mandatory)"),
                Error,
                c.header(code, name),
                format!("{name} missing, expected a {code} record YYYY/MM/DD"),
            );
        }
    }
    if let (Some(s), Some(e)) = (i.start_date, i.end_date) {
        if e < s {
            c.push(
                Check::DatesInconsistent,
                "TRF-16 042/052",
                Error,
                c.header("052", "end date"),
                format!("end date {e} is before the start date {s}"),
            );
        }
    }
    let rounds = t.rounds_recorded();
    let mut prev: Option<(usize, NaiveDate)> = None;
    for r in 1..=rounds {
        let date = i.round_dates.get(r - 1).copied().flatten();
        let Some(d) = date else {
            c.push(
                Check::RoundDateMissing,
                "TRF-16 132 (mandatory)",
                Error,
                c.header("132", &format!("round {r} date")),
                format!("date of round {r} missing, expected YY/MM/DD in the 132 record"),
            );
            continue;
        };
        let ordered = match (i.start_date, i.end_date) {
            (Some(s), Some(e)) => s <= e,
            _ => true,
        };
        let outside =
            ordered && (i.start_date.is_some_and(|s| d < s) || i.end_date.is_some_and(|e| d > e));
        if outside {
            let s = i
                .start_date
                .map(|x| x.to_string())
                .unwrap_or_else(|| "?".into());
            let e = i
                .end_date
                .map(|x| x.to_string())
                .unwrap_or_else(|| "?".into());
            c.push(
                Check::DatesInconsistent,
                "TRF-16 132 within 042..052",
                Error,
                c.header("132", &format!("round {r} date")),
                format!("round {r} date {d} is outside the event dates {s} to {e}"),
            );
        }
        if let Some((pr, pd)) = prev {
            if d < pd {
                c.push(
                    Check::DatesInconsistent,
                    "TRF-16 132",
                    Error,
                    c.header("132", &format!("round {r} date")),
                    format!("round {r} date {d} is before round {pr} date {pd}"),
                );
            }
        }
        prev = Some((r, d));
    }
}

/// B.02 §1.1: minimum time for 60 moves by the highest rating present.
fn check_rate_of_play(t: &Tournament, c: &mut Checker) {
    let highest = t.players.iter().filter_map(|p| p.rating).max();
    let need = minimum_standard_minutes(highest);
    match playing_time(&t.info.encoded_time_control, &t.info.time_control) {
        None => c.push(
            Check::TimeControlUnknown,
            "B.02 §1.1",
            Severity::Warning,
            c.header("122", "time control"),
            format!(
                "time control missing or unreadable (\"{}\"), cannot check the rate of play",
                t.info.time_control.trim()
            ),
        ),
        Some(pt) if pt.minutes >= 60.0 && pt.minutes < f64::from(need) => {
            let (code, sev) = if pt.exact {
                ("222", Severity::Error)
            } else {
                ("122", Severity::Warning)
            };
            let who = highest
                .map(|h| format!("a player rated {h}"))
                .unwrap_or_default();
            c.push(
                Check::RateOfPlay,
                "B.02 §1.1",
                sev,
                c.header(code, "time control"),
                format!(
                    "rate of play gives {} minutes per player for 60 moves, expected at least {need} with {who}",
                    pt.minutes
                ),
            );
        }
        Some(_) => {}
    }
}

fn check_players(t: &Tournament, c: &mut Checker) {
    use Severity::*;
    let mut seen: BTreeMap<&str, PlayerId> = BTreeMap::new();
    let start = t.info.start_date;
    for p in &t.players {
        let new_player = p.fide_id.as_deref().map(str::trim).unwrap_or("").is_empty();
        match p.fide_id.as_deref().map(str::trim) {
            None | Some("") => {
                let lacks: Vec<&str> =
                    [("birth date", p.birth.is_none()), ("sex", p.sex.is_none())]
                        .iter()
                        .filter(|(_, m)| *m)
                        .map(|(n, _)| *n)
                        .collect();
                if lacks.is_empty() {
                    c.push(Check::FideIdMissing, "B.02 §0.2; QC letter to rating officers 2024", Warning, c.player(p, PlayerField::FideId, "fide id"), format!("no fide id for {}: a new player must be registered by the federation before the report", p.name));
                } else {
                    c.push(
                        Check::FideIdMissing,
                        "B.02 §0.2; QC letter to rating officers 2024",
                        Error,
                        c.player(p, PlayerField::FideId, "fide id"),
                        format!(
                            "no fide id for {} and no {}: a new player needs both to be registered",
                            p.name,
                            lacks.join(" or ")
                        ),
                    );
                }
            }
            Some(id) => {
                if !id.chars().all(|ch| ch.is_ascii_digit())
                    || id.len() > 10
                    || id.trim_start_matches('0').is_empty()
                {
                    c.push(
                        Check::FideIdMalformed,
                        c.rule_001(PlayerField::FideId, ""),
                        Error,
                        c.player(p, PlayerField::FideId, "fide id"),
                        format!("expected a fide id of up to 10 digits, found \"{id}\""),
                    );
                } else if let Some(first) = seen.get(id) {
                    c.push(
                        Check::FideIdDuplicate,
                        c.rule_001(PlayerField::FideId, ""),
                        Error,
                        c.player(p, PlayerField::FideId, "fide id"),
                        format!("fide id {id} also belongs to player {first}"),
                    );
                } else {
                    seen.insert(id, p.id);
                }
            }
        }
        match p.birth {
            None => {
                if !new_player {
                    c.push(
                        Check::BirthDate,
                        c.rule_001(PlayerField::BirthDate, ""),
                        Warning,
                        c.player(p, PlayerField::BirthDate, "birth date"),
                        format!("birth date missing for {}", p.name),
                    );
                }
            }
            Some(b) => {
                if let (Some(s), Some(e)) = (start, b.earliest()) {
                    if e > s {
                        c.push(
                            Check::BirthDate,
                            c.rule_001(PlayerField::BirthDate, ""),
                            Error,
                            c.player(p, PlayerField::BirthDate, "birth date"),
                            format!("birth date {} is after the start of the event {s}", e),
                        );
                    }
                }
                if b.month.is_none() && new_player {
                    c.push(
                        Check::BirthDate,
                        "QC letter to rating officers 2024",
                        Warning,
                        c.player(p, PlayerField::BirthDate, "birth date"),
                        format!(
                            "only the birth year is given for new player {}, expected YYYY/MM/DD",
                            p.name
                        ),
                    );
                }
            }
        }
        if p.sex.is_none() && !new_player {
            c.push(
                Check::Sex,
                c.rule_001(PlayerField::Sex, ""),
                Warning,
                c.player(p, PlayerField::Sex, "sex"),
                format!("sex missing for {}, expected m or w", p.name),
            );
        }
        match p.federation.as_deref().map(str::trim) {
            None | Some("") => c.push(
                Check::FederationCode,
                c.rule_001(PlayerField::Federation, ""),
                Warning,
                c.player(p, PlayerField::Federation, "federation"),
                format!("federation missing for {}", p.name),
            ),
            Some(f) if !is_known_federation(f) => c.push(
                Check::FederationCode,
                "FIDE federation codes",
                Error,
                c.player(p, PlayerField::Federation, "federation"),
                format!("expected a fide federation code (3 capital letters), found \"{f}\""),
            ),
            Some(_) => {}
        }
        if let Some(Title::Other(code)) = &p.title {
            if !code.trim().is_empty() {
                c.push(
                    Check::Title,
                    c.rule_001(PlayerField::Title, ""),
                    Error,
                    c.player(p, PlayerField::Title, "title"),
                    format!(
                        "expected a title GM IM WGM FM WIM CM WFM WCM or blank, found \"{code}\""
                    ),
                );
            }
        }
        if let Some(nc) = check_name(&p.name) {
            let chars: String = nc.offending.iter().collect();
            let msg = match &nc.transliterated {
                Some(tr) => format!("name \"{}\" has characters the report may not carry (\"{chars}\"), the transliteration would be \"{tr}\"", p.name),
                None => format!("name \"{}\" has characters with no latin transliteration (\"{chars}\"), expected the name in latin letters", p.name),
            };
            let sev = if nc.transliterated.is_some() {
                Warning
            } else {
                Error
            };
            c.push(
                Check::Name,
                "FIDE rating server: latin names",
                sev,
                c.player(p, PlayerField::Name, "name"),
                msg,
            );
        } else if !p.name.contains(',') {
            c.push(
                Check::Name,
                c.rule_001(PlayerField::Name, " (Lastname, Firstname)"),
                Warning,
                c.player(p, PlayerField::Name, "name"),
                format!("expected \"Lastname, Firstname\", found \"{}\"", p.name),
            );
        }
        if p.rank.is_none() {
            c.push(
                Check::RankMissing,
                c.rule_001(PlayerField::Rank, " (mandatory)"),
                Error,
                c.player(p, PlayerField::Rank, "rank"),
                format!("rank missing for {}", p.name),
            );
        }
        let computed = t.score(p, None);
        match p.points {
            Some(declared) if declared != computed => c.push(
                Check::PointsMismatch,
                c.rule_001(PlayerField::Points, ""),
                Error,
                c.player(p, PlayerField::Points, "points"),
                format!(
                    "declared points {declared} do not match the results, which give {computed}"
                ),
            ),
            None => c.push(
                Check::PointsMismatch,
                c.rule_001(PlayerField::Points, ""),
                Warning,
                c.player(p, PlayerField::Points, "points"),
                format!("points missing, the results give {computed}"),
            ),
            _ => {}
        }
    }
}

fn is_rated_game(t: &Tournament, p: &Player, e: &RoundEntry) -> bool {
    match *e {
        RoundEntry::Played {
            opponent,
            short: false,
            ..
        } => p.rating.is_some() || t.player(opponent).is_some_and(|o| o.rating.is_some()),
        _ => false,
    }
}

fn check_rounds(t: &Tournament, c: &mut Checker) {
    use Severity::*;
    let rounds = t.rounds_recorded();
    // per-player checks of each round cell
    for p in &t.players {
        for (i, e) in p.rounds.iter().enumerate() {
            let r = i + 1;
            match *e {
                RoundEntry::Played { opponent, .. } => {
                    let back = t.player(opponent).map(|o| o.round(r));
                    let ok = back.is_some_and(|b| {
                        names_each_other(p.id, e, opponent, &b) && game_sides(e, &b).mirrored()
                    });
                    if !ok {
                        let what = match back {
                            None => "is not in the file".to_string(),
                            Some(RoundEntry::Forfeit { .. }) => {
                                "has a forfeit: an unplayed game is coded as played".to_string()
                            }
                            Some(RoundEntry::Bye { .. }) | Some(RoundEntry::NotPaired) => {
                                "has no game: an unplayed game is coded as played".to_string()
                            }
                            Some(_) => "shows a different colour, result or opponent".to_string(),
                        };
                        c.push(
                            Check::GameAsymmetric,
                            "TRF-16 001 round cells; B.02 §5",
                            Error,
                            c.player(p, PlayerField::Round(r), format!("round {r}")),
                            format!("game against player {opponent}, whose round {r} {what}"),
                        );
                    }
                }
                RoundEntry::Unknown { opponent, .. } | RoundEntry::Pending { opponent, .. } => {
                    c.push(Check::ResultMissing, "B.02 §5", Error, c.player(p, PlayerField::Round(r), format!("round {r}")), format!("no result for the game against player {opponent}, expected 1, =, 0, +, - or W, D, L"));
                }
                _ => {}
            }
        }
        let rated = p.rounds.iter().any(|e| is_rated_game(t, p, e)
            && matches!(e, RoundEntry::Played { opponent, .. } if t.player(*opponent).is_some_and(|o| o.rating.is_some())));
        if !rated {
            let sev = Warning;
            c.push(
                Check::NoRatedGame,
                "B.02 §5, §8.3.1",
                sev,
                c.player(p, PlayerField::Name, "games"),
                format!("{} has no game against a rated opponent", p.name),
            );
        } else if p.rating.is_none() {
            let vs_rated: Vec<&RoundEntry> = p.rounds.iter().filter(|e| matches!(e, RoundEntry::Played { opponent, short: false, .. } if t.player(*opponent).is_some_and(|o| o.rating.is_some()))).collect();
            let score: i32 = vs_rated
                .iter()
                .filter_map(|e| e.points(&crate::model::PointSystem::standard()))
                .map(|x| x.0)
                .sum();
            if score == 0 {
                c.push(Check::UnratedNoRating, "B.02 §8.2.1", Warning, c.player(p, PlayerField::Name, "games"), format!("unrated {} scored 0 against rated opponents: the event is disregarded for a first rating", p.name));
            } else if vs_rated.len() < 5 {
                c.push(Check::UnratedNoRating, "B.02 §7.1.4", Warning, c.player(p, PlayerField::Name, "games"), format!("unrated {} has {} games against rated opponents, 5 are needed for a first rating (over at most 26 months)", p.name, vs_rated.len()));
            }
        }
    }
    // per-round checks
    for r in 1..=rounds {
        let mut pabs: Vec<PlayerId> = Vec::new();
        let mut fulls: Vec<PlayerId> = Vec::new();
        let mut paired = 0usize;
        let mut any_rated = false;
        for p in &t.players {
            let e = p.round(r);
            match e {
                RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated,
                } => pabs.push(p.id),
                RoundEntry::Bye { bye: ByeKind::Full } => fulls.push(p.id),
                RoundEntry::Played { .. }
                | RoundEntry::Unknown { .. }
                | RoundEntry::Pending { .. }
                | RoundEntry::Forfeit { .. } => paired += 1,
                _ => {}
            }
            any_rated |= is_rated_game(t, p, &e);
        }
        if pabs.len() > 1 {
            let list: Vec<String> = pabs.iter().map(|x| x.to_string()).collect();
            c.push(
                Check::MorePairingByes,
                "C.04.1 art. 4; TRF-16 result code U",
                Error,
                round_loc(r),
                format!(
                    "round {r} has {} pairing-allocated byes (players {}), expected at most 1",
                    pabs.len(),
                    list.join(", ")
                ),
            );
        }
        if pabs.is_empty() && fulls.len() == 1 && paired.is_multiple_of(2) {
            if let Some(p) = fulls.first().and_then(|id| t.player(*id)) {
                c.push(Check::FullByeForPairingBye, "TRF-16 result codes: U for the pairing-allocated bye", Error, c.player(p, PlayerField::Round(r), format!("round {r}")), format!("full-point bye F in round {r} where everyone else was paired: the pairing-allocated bye must be coded U"));
            }
        }
        if !any_rated {
            c.push(
                Check::RoundWithoutRatedGame,
                "B.02 §5",
                Warning,
                c.header("132", &format!("round {r}")),
                format!("round {r} has no rated game"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each check reports under its own kebab-case name, and that name is a
    /// listed diagnostic code.
    #[test]
    fn every_check_code_is_a_listed_code() {
        for c in Check::ALL {
            assert_eq!(Code::known(c.code().as_str()), Some(c.code()));
            let name = serde_json::to_value(c).unwrap();
            assert_eq!(name, c.code().as_str(), "{c:?}");
        }
    }
}
