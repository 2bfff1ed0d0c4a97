//! Reading a time control as people write it (TRF `122`, free text) and the
//! playing time FIDE counts for it.
//!
//! FIDE classifies a game by the time each player has for 60 moves: the base
//! times of every period reached by move 60, plus the increment times the moves
//! it applies to within those 60 (B.02 R&B 2024 §1, and the Laws of Chess
//! appendices A.1 / B.1 by the same count). So `90 min + 30 s from move 1` is
//! 90 + 60 × 30 s = 120 minutes, and `90 min for 40 moves + 15 min + 30 s from
//! move 1` is 90 + 15 + 30 = 135.
//!
//! The reader understands the forms seen in real files, in English, German,
//! Spanish and French (`90 minutes with 30 second increment from move 1`,
//! `3 min plus 2 sek pro Zug`, `90 minutos + 30 segundos por jugada`,
//! `1h30 + 30 s par coup`) and the compact ones (`90'+30"`, `90+30`, `3+2`,
//! `40/90+30/30+30s`, `G/90;+30`). It never guesses: every number in the text
//! must take a meaning (a base time, a number of moves, an increment, the move
//! the increment starts from), or the text is unreadable and the caller says so.

use std::fmt;

/// One period of a time control: its base time and how many moves it covers
/// (`None`: the rest of the game).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Period {
    pub moves: Option<u32>,
    pub minutes: f64,
}

/// A time control read from free text.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TimeControl {
    pub periods: Vec<Period>,
    /// Seconds added per move.
    pub increment_seconds: f64,
    /// The first move the increment is added for (1 unless the text says otherwise).
    pub increment_from_move: u32,
}

impl TimeControl {
    /// Minutes each player has for a 60-move game: the base time of every
    /// period that starts by move 60, plus the increment for the moves from
    /// `increment_from_move` to 60.
    pub(crate) fn minutes_for_60_moves(&self) -> f64 {
        let mut start = 1u32;
        let mut minutes = 0.0;
        for p in &self.periods {
            if start > 60 {
                break;
            }
            minutes += p.minutes;
            match p.moves {
                Some(m) => start = start.saturating_add(m),
                None => break,
            }
        }
        let moves_with_increment = 61u32.saturating_sub(self.increment_from_move.max(1));
        minutes + self.increment_seconds * f64::from(moves_with_increment) / 60.0
    }
}

/// Why a time control could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TimeControlError {
    pub text: String,
    pub reason: String,
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot read the time control \"{}\": {}",
            self.text, self.reason
        )
    }
}

impl std::error::Error for TimeControlError {}

impl From<TimeControlError> for crate::Error {
    fn from(e: TimeControlError) -> crate::Error {
        crate::error::engine(crate::diag::codes::TIME_CONTROL_UNKNOWN, e.to_string())
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Unit {
    Hours,
    Minutes,
    Seconds,
    Moves,
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Num(f64),
    Word(String),
    Sym(char),
}

fn unit_of(word: &str) -> Option<Unit> {
    let w = word.trim_end_matches('.');
    Some(match w {
        "h" | "hr" | "hrs" | "hour" | "hours" | "std" | "stunde" | "stunden" | "hora" | "horas"
        | "heure" | "heures" => Unit::Hours,
        "m" | "mn" | "min" | "mins" | "minute" | "minutes" | "minuten" | "minuto" | "minutos"
        | "'" | "′" | "мин" | "минут" | "минута" | "минуте" | "минуты" => {
            Unit::Minutes
        }
        "s" | "sec" | "secs" | "second" | "seconds" | "sek" | "sekunde" | "sekunden" | "seg"
        | "segundo" | "segundos" | "seconde" | "secondes" | "\"" | "″" | "сек" | "секунд"
        | "секунда" | "секунде" | "секунди" | "секунды" => {
            Unit::Seconds
        }
        "move" | "moves" | "zug" | "züge" | "zuge" | "zügen" | "jugada" | "jugadas"
        | "movimiento" | "movimientos" | "coup" | "coups" | "mv" | "mvs" | "mm" | "потез"
        | "потеза" | "ход" | "хода" | "ходов" => Unit::Moves,
        _ => return None,
    })
}

/// Words that mean "the rest of the game" for a period (`G/90`, `SD/30`, `15 min/end`).
fn is_rest(word: &str) -> bool {
    matches!(
        word.trim_end_matches('.'),
        "g" | "game" | "sd" | "end" | "rest" | "finish" | "ko" | "partie" | "resto" | "fin"
    )
}

/// Words that put the number after them as the move an increment starts from.
fn is_from(word: &str) -> bool {
    matches!(
        word,
        "from" | "starting" | "ab" | "desde" | "partir" | "after" | "nach"
    )
}

/// Words that separate periods or mark what follows as added time.
fn is_separator(word: &str) -> bool {
    matches!(
        word,
        "plus" | "then" | "followed" | "dann" | "luego" | "puis" | "und" | "and" | "y" | "et"
    )
}

/// Words that say a number of seconds is an increment per move.
fn is_increment_word(word: &str) -> bool {
    matches!(
        word,
        "increment"
            | "inc"
            | "incr"
            | "bonus"
            | "per"
            | "pro"
            | "por"
            | "par"
            | "je"
            | "each"
            | "fischer"
            | "inkrement"
            | "incremento"
    )
}

/// Delay controls (Bronstein, US delay) are not FIDE rate-of-play forms.
fn is_delay(word: &str) -> bool {
    matches!(word, "d" | "delay" | "bronstein" | "verzögerung")
}

fn tokens(text: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.to_lowercase().chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_digit() || chars[i] == '.' || chars[i] == ',')
            {
                // A decimal separator only between digits (`1.5`, `1,5`).
                if (chars[i] == '.' || chars[i] == ',')
                    && !(i + 1 < chars.len() && chars[i + 1].is_ascii_digit())
                {
                    break;
                }
                i += 1;
            }
            let s: String = chars[start..i].iter().collect();
            if let Ok(v) = s.replace(',', ".").parse::<f64>() {
                out.push(Tok::Num(v));
            }
            continue;
        }
        if c.is_alphabetic() {
            let start = i;
            while i < chars.len() && chars[i].is_alphabetic() {
                i += 1;
            }
            out.push(Tok::Word(chars[start..i].iter().collect()));
            continue;
        }
        match c {
            '\'' | '′' | '’' => {
                // `''` is seconds in some writings.
                if i + 1 < chars.len() && matches!(chars[i + 1], '\'' | '′' | '’') {
                    out.push(Tok::Word("\"".into()));
                    i += 2;
                    continue;
                }
                out.push(Tok::Word("'".into()));
            }
            '"' | '″' | '”' | '“' => out.push(Tok::Word("\"".into())),
            '+' | '/' | ';' | ',' | ':' | '(' | ')' | '-' | '&' => out.push(Tok::Sym(c)),
            _ => {}
        }
        i += 1;
    }
    out
}

/// One number with the meaning the reader gave it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Item {
    /// A base time in minutes; `moves` set when the text ties a move count to it.
    Base {
        minutes: f64,
        moves: Option<u32>,
    },
    Increment(f64),
    FromMove(u32),
}

/// Words that join two alternative controls (`7'+5'' ou 12' KO`).
const ALTERNATIVES: [&str; 4] = [" or ", " ou ", " oder ", " o "];

/// Read a free-text time control. Alternatives (`7'+5'' or 12'`) are read
/// each; they must give the same playing time, or the text is unreadable.
pub(crate) fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
    let lower = text.to_lowercase();
    let Some(sep) = ALTERNATIVES.iter().find(|a| lower.contains(*a)) else {
        return parse_one(text);
    };
    let mut first: Option<TimeControl> = None;
    for alt in lower.split(sep) {
        let tc = parse_one(alt).map_err(|e| TimeControlError {
            text: text.trim().to_string(),
            reason: e.reason,
        })?;
        match &first {
            None => first = Some(tc),
            Some(f) if f.minutes_for_60_moves() == tc.minutes_for_60_moves() => {}
            Some(f) => {
                return Err(TimeControlError {
                    text: text.trim().to_string(),
                    reason: format!(
                        "the alternatives give {} and {} minutes for 60 moves",
                        f.minutes_for_60_moves(),
                        tc.minutes_for_60_moves()
                    ),
                })
            }
        }
    }
    first.ok_or_else(|| TimeControlError {
        text: text.trim().to_string(),
        reason: "no base time found".into(),
    })
}

fn parse_one(text: &str) -> Result<TimeControl, TimeControlError> {
    let fail = |reason: &str| TimeControlError {
        text: text.trim().to_string(),
        reason: reason.to_string(),
    };
    let toks = tokens(text);
    if toks
        .iter()
        .any(|t| matches!(t, Tok::Word(w) if is_delay(w)))
    {
        return Err(fail("delay controls are not a FIDE rate of play"));
    }
    // Segments: what `+`, `;`, `,` and words like "then" / "plus" separate.
    let mut segments: Vec<Vec<Tok>> = vec![Vec::new()];
    let mut after_plus: Vec<bool> = vec![false];
    for t in toks {
        let split = match &t {
            Tok::Sym('+') => Some(true),
            Tok::Sym(';') | Tok::Sym(',') | Tok::Sym('&') => Some(false),
            Tok::Word(w) if is_separator(w) => Some(w == "plus" || w == "and" || w == "und"),
            _ => None,
        };
        match split {
            Some(plus) => {
                if segments.last().is_some_and(|s| !s.is_empty()) {
                    segments.push(Vec::new());
                    after_plus.push(plus);
                } else if let Some(last) = after_plus.last_mut() {
                    *last |= plus;
                }
            }
            None => {
                if let Some(s) = segments.last_mut() {
                    s.push(t);
                }
            }
        }
    }
    let mut items: Vec<Item> = Vec::new();
    for (k, seg) in segments.iter().enumerate() {
        read_segment(seg, k, after_plus[k], &mut items).map_err(|r| fail(&r))?;
    }
    let mut periods = Vec::new();
    let mut increment: Option<f64> = None;
    let mut from = None;
    for it in items {
        match it {
            Item::Base { minutes, moves } => periods.push(Period { moves, minutes }),
            Item::Increment(s) => {
                if increment.is_some_and(|i| i != s) {
                    return Err(fail("two different increments"));
                }
                increment = Some(s);
            }
            Item::FromMove(m) => from = Some(m),
        }
    }
    if periods.is_empty() {
        return Err(fail("no base time found"));
    }
    // Only the last period may run to the end of the game.
    if let Some(p) = periods[..periods.len() - 1]
        .iter()
        .find(|p| p.moves.is_none())
    {
        return Err(fail(&format!(
            "a period of {} minutes without a number of moves is followed by another",
            p.minutes
        )));
    }
    Ok(TimeControl {
        periods,
        increment_seconds: increment.unwrap_or(0.0),
        increment_from_move: from.unwrap_or(1),
    })
}

/// Give a meaning to every number of one segment.
fn read_segment(
    seg: &[Tok],
    index: usize,
    after_plus: bool,
    items: &mut Vec<Item>,
) -> Result<(), String> {
    let mut i = 0;
    let mut pending_moves: Option<u32> = None;
    let mut rest_marker = false;
    let has_base_before = items.iter().any(|it| matches!(it, Item::Base { .. }));
    let seg_has_unit = seg.iter().enumerate().any(|(k, t)| {
        matches!(t, Tok::Num(_))
            && matches!(seg.get(k + 1), Some(Tok::Word(w)) if matches!(unit_of(w), Some(Unit::Hours | Unit::Minutes | Unit::Seconds)))
    });
    let mut increment_context = seg
        .iter()
        .any(|t| matches!(t, Tok::Word(w) if is_increment_word(w)));
    while i < seg.len() {
        match &seg[i] {
            Tok::Word(w) if is_rest(w) => {
                rest_marker = true;
                i += 1;
            }
            Tok::Word(w) if is_from(w) => {
                // from [move] N / ab [dem] N. Zug / à partir du coup N
                let mut j = i + 1;
                while j < seg.len() && !matches!(seg[j], Tok::Num(_)) && j < i + 4 {
                    j += 1;
                }
                match seg.get(j) {
                    Some(Tok::Num(n)) if n.fract() == 0.0 && *n >= 1.0 && *n <= 1000.0 => {
                        let after = matches!(&seg[i], Tok::Word(w) if w == "after" || w == "nach");
                        items.push(Item::FromMove(*n as u32 + u32::from(after)));
                        increment_context = true;
                        i = j + 1;
                        // a trailing move word (`ab dem 1. Zug`)
                        if matches!(seg.get(i), Some(Tok::Word(w)) if unit_of(w) == Some(Unit::Moves))
                        {
                            i += 1;
                        }
                    }
                    _ => i += 1,
                }
            }
            Tok::Num(n) => {
                let n = *n;
                let next = seg.get(i + 1);
                let unit = match next {
                    Some(Tok::Word(w)) => unit_of(w),
                    _ => None,
                };
                match unit {
                    Some(u @ (Unit::Hours | Unit::Minutes)) => {
                        let mut minutes = if u == Unit::Hours { n * 60.0 } else { n };
                        i += 2;
                        // `1h30`: hours then unitless minutes
                        if let (Unit::Hours, Some(Tok::Num(m))) = (u, seg.get(i)) {
                            if !matches!(seg.get(i + 1), Some(Tok::Word(w)) if unit_of(w).is_some())
                            {
                                minutes += m;
                                i += 1;
                            }
                        }
                        // `90 min/40 moves`, `2 hours for 40 moves`
                        let moves = pending_moves.take().or_else(|| trailing_moves(seg, &mut i));
                        items.push(Item::Base { minutes, moves });
                    }
                    Some(Unit::Seconds) => {
                        i += 2;
                        items.push(Item::Increment(n));
                    }
                    Some(Unit::Moves) => {
                        if n.fract() != 0.0 || n < 1.0 {
                            return Err(format!("expected a whole number of moves, found {n}"));
                        }
                        i += 2;
                        attach_moves(items, &mut pending_moves, n as u32);
                    }
                    None => {
                        // Compact forms.
                        if matches!(next, Some(Tok::Sym('/'))) {
                            if let Some(Tok::Num(m)) = seg.get(i + 2) {
                                // `40/90`: moves / minutes
                                let unit_after = match seg.get(i + 3) {
                                    Some(Tok::Word(w)) => unit_of(w),
                                    _ => None,
                                };
                                if n.fract() != 0.0 || n < 1.0 {
                                    return Err(format!(
                                        "expected a whole number of moves, found {n}"
                                    ));
                                }
                                let minutes = match unit_after {
                                    None | Some(Unit::Minutes) => *m,
                                    Some(Unit::Hours) => m * 60.0,
                                    _ => return Err(format!("cannot read \"{n}/{m}\"")),
                                };
                                items.push(Item::Base {
                                    minutes,
                                    moves: Some(n as u32),
                                });
                                i += if unit_after.is_some() { 4 } else { 3 };
                                continue;
                            }
                        }
                        let is_first_number = !has_base_before
                            && !items.iter().any(|it| matches!(it, Item::Base { .. }));
                        let after_limited_period =
                            matches!(items.last(), Some(Item::Base { moves: Some(_), .. }));
                        if rest_marker
                            || (is_first_number && !increment_context)
                            || (after_limited_period && !after_plus && !increment_context && i == 0)
                        {
                            items.push(Item::Base {
                                minutes: n,
                                moves: pending_moves.take(),
                            });
                            rest_marker = false;
                        } else if (after_plus || increment_context || index > 0) && !seg_has_unit {
                            // `90+30`, `G/90;+30`: seconds added per move
                            items.push(Item::Increment(n));
                        } else {
                            return Err(format!("cannot tell what {n} is"));
                        }
                        i += 1;
                    }
                }
            }
            Tok::Sym('/') => {
                // `15min/end`, `G/90`
                if matches!(seg.get(i + 1), Some(Tok::Word(w)) if is_rest(w)) {
                    i += 2;
                } else {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    if let Some(m) = pending_moves {
        // `40 moves in` with no time after it
        return Err(format!("{m} moves without a time"));
    }
    Ok(())
}

/// `90 min/40 moves`, `90 min for 40 moves`, `90 Minuten für 40 Züge`: a move
/// count right after a base time belongs to it.
fn trailing_moves(seg: &[Tok], i: &mut usize) -> Option<u32> {
    let mut j = *i;
    match seg.get(j) {
        Some(Tok::Sym('/')) => j += 1,
        Some(Tok::Word(w))
            if matches!(
                w.as_str(),
                "for" | "für" | "fur" | "pour" | "para" | "per" | "in"
            ) =>
        {
            j += 1
        }
        _ => return None,
    }
    match (seg.get(j), seg.get(j + 1)) {
        (Some(Tok::Num(n)), Some(Tok::Word(w)))
            if unit_of(w) == Some(Unit::Moves) && n.fract() == 0.0 && *n >= 1.0 =>
        {
            *i = j + 2;
            Some(*n as u32)
        }
        _ => None,
    }
}

/// A move count before its time (`40 moves in 90 minutes`) waits for the time;
/// one after a base time with no count yet (`90 minutes, 40 moves`) joins it.
fn attach_moves(items: &mut [Item], pending: &mut Option<u32>, moves: u32) {
    if let Some(Item::Base {
        moves: m @ None, ..
    }) = items.last_mut()
    {
        *m = Some(moves);
    } else {
        *pending = Some(moves);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn minutes(text: &str) -> f64 {
        match parse(text) {
            Ok(tc) => tc.minutes_for_60_moves(),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn forms_seen_in_real_files() {
        // issue #19: read as 3 minutes before; it is blitz
        assert_eq!(minutes("3 min plus 2 sek pro Zug"), 5.0);
        assert_eq!(
            minutes("90 minutes with 30 second increment from move 1"),
            120.0
        );
        assert_eq!(
            minutes("90min/40moves + 15min/end + 30sec from move 1"),
            135.0
        );
        assert_eq!(
            minutes("90 minutes for 40 moves + 30 minutes, 30 seconds per move from move 1"),
            150.0
        );
    }

    /// #19 "Done when": each form of the issue with its 60-move time and its
    /// class (B.02 R&B 2024 art. 1.1: rapid more than 10 and less than 60
    /// minutes, blitz more than 3 and at most 10; standard from 60).
    #[test]
    fn each_form_of_the_issue_has_its_time_and_class() {
        use crate::rating::edition::Kind;
        let cases = [
            ("3 min plus 2 sek pro Zug", 5.0, Kind::Blitz),
            (
                "90 minutes with 30 second increment from move 1",
                120.0,
                Kind::Standard,
            ),
            (
                "90min/40moves + 15min/end + 30sec from move 1",
                135.0,
                Kind::Standard,
            ),
            ("90'+30\"", 120.0, Kind::Standard),
            ("40/90+30/30+30s", 150.0, Kind::Standard),
            ("G/90;+30", 120.0, Kind::Standard),
            ("90 minutos + 30 segundos por jugada", 120.0, Kind::Standard),
            ("90 min + 30 s par coup", 120.0, Kind::Standard),
            ("15 min + 10 sec", 25.0, Kind::Rapid),
            ("3+2", 5.0, Kind::Blitz),
        ];
        for (text, m, kind) in cases {
            assert_eq!(minutes(text), m, "{text}");
            assert_eq!(Kind::from_minutes_per_60_moves(m), Some(kind), "{text}");
        }
    }

    #[test]
    fn compact_forms() {
        assert_eq!(minutes("90'+30\""), 120.0);
        assert_eq!(minutes("90+30"), 120.0);
        assert_eq!(minutes("3+2"), 5.0);
        assert_eq!(minutes("15+10"), 25.0);
        assert_eq!(minutes("40/90+30/30+30s"), 150.0);
        assert_eq!(minutes("G/90;+30"), 120.0);
        assert_eq!(minutes("G/60;+30"), 90.0);
        assert_eq!(minutes("40/90+30"), 120.0);
        assert_eq!(minutes("90' + 30''"), 120.0);
    }

    #[test]
    fn languages() {
        assert_eq!(minutes("90 minutos + 30 segundos por jugada"), 120.0);
        assert_eq!(minutes("90 min + 30 s par coup"), 120.0);
        assert_eq!(minutes("1h30 + 30 s par coup"), 120.0);
        assert_eq!(
            minutes("90 Minuten für 40 Züge, dann 30 Minuten, 30 Sekunden pro Zug ab dem 1. Zug"),
            150.0
        );
        assert_eq!(minutes("2 hours for 40 moves then 1 hour"), 180.0);
        assert_eq!(
            minutes("40 moves in 90 minutes, then 30 minutes, plus 30 seconds per move"),
            150.0
        );
        assert_eq!(minutes("15 min + 10 sec"), 25.0);
        assert_eq!(minutes("Rapid 25 min"), 25.0);
    }

    #[test]
    fn increment_from_a_later_move() {
        // 30 s only from move 41: 20 moves of the first 60
        assert_eq!(
            minutes("100 min for 40 moves + 50 min, 30 s from move 41"),
            160.0
        );
        // a third period beyond move 60 does not count
        assert_eq!(minutes("40/100, 20/50, 15 min + 30 s"), 180.0);
    }

    #[test]
    fn unreadable_texts_are_errors_not_guesses() {
        assert!(parse("rapid").is_err());
        assert!(parse("").is_err());
        assert!(parse("G/90;d5").is_err());
        assert!(parse("40 moves").is_err());
        let e = parse("rapid").unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot read the time control \"rapid\": no base time found"
        );
    }

    #[test]
    fn forms_from_the_shared_samples() {
        assert_eq!(minutes("7'+5'' ou 12' KO"), 12.0);
        assert_eq!(minutes("Standard: 90 min + 30 sec from first move"), 120.0);
        assert_eq!(minutes("90min + 30s/Zug"), 120.0);
        // the old classical control: 40 moves in 2 hours, then 1 hour
        let tc = parse("40/120, 60").unwrap();
        assert_eq!(
            (tc.minutes_for_60_moves(), tc.increment_seconds),
            (180.0, 0.0)
        );
        assert_eq!(minutes("30'+30''"), 60.0);
        assert_eq!(
            minutes("3 минута за целу партију + 2 секунде по потезу"),
            5.0
        );
        assert_eq!(minutes("25 + 05"), 30.0);
        assert_eq!(minutes("100'x40mm + 50'x20mm + 30\" from move 1"), 180.0);
        assert!(parse("moves/time, increment").is_err());
        // two base times, the first without a move count: not a control we can read
        assert!(parse("15-15 min/all").is_err());
        assert!(parse("5 min or 10 min").is_err());
    }
}
