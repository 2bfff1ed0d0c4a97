//! Header records set from outside the file (`arbiter convert --set CODE=TEXT`):
//! every record the FIDE rating report needs can be given on the command line
//! instead of typed into the file by hand (issue #32 item 6).
//!
//! | Code | Value | Example |
//! |---|---|---|
//! | `012`..`122`, `172` `182` `192` `222` | text | `012=Open 2026` |
//! | `042` `052` | a date | `042=2026-03-29` |
//! | `132` | the round dates in order, `,`-separated; an empty place skips a round | `132=2026-03-29,2026-03-30,,2026-04-01` |
//! | `142` | the number of rounds | `142=9` |
//! | `152` | the initial colour, `W` or `B` | `152=W` |
//! | `202` `212` | tie-break codes, `,`-separated (`212` lists `PTS`) | `202=DE,BH/C1,BH` |
//! | `250` | `POINTS;ROUNDS;PLAYERS`: fictitious points added in a range of rounds to a range of starting ranks (C.04.5 accelerated systems, e.g. C.04.5.1 Baku acceleration); repeatable | `250=1.0;1-3;1-20` |
//! | `260` | `PLAYERS[;ROUNDS]`: players who may not meet (TRF-2026 `260`, JaVaFo `XXP`), all rounds unless a range is given; repeatable | `260=3,7,12;1-5` |
//!
//! A value is one line: a line break (or any control character) would write
//! records of its own into the file, so it is refused.

use chrono::NaiveDate;

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::{Acceleration, Color, ForbiddenPairs, PlayerId, Points, Tournament};

/// The codes [`set_header`] takes, in order.
pub const SETTABLE: [&str; 24] = [
    "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132",
    "142", "152", "172", "182", "192", "202", "212", "222", "250", "260", "XXR",
];

/// Why a value cannot be set, located at `--set CODE`.
fn refused(code: &str, msg: String) -> Box<Diagnostic> {
    Box::new(Diagnostic::error(
        codes::UNSUPPORTED,
        Family::Syntax,
        Location {
            field: Some(format!("--set {code}")),
            ..Location::default()
        },
        msg,
    ))
}

/// A date as `yyyy-mm-dd` or `yyyy/mm/dd`.
fn date(code: &str, text: &str) -> Result<NaiveDate, Box<Diagnostic>> {
    NaiveDate::parse_from_str(&text.replace('/', "-"), "%Y-%m-%d").map_err(|_| {
        refused(
            code,
            format!("expected a date yyyy-mm-dd, found \"{text}\""),
        )
    })
}

/// A number from 1 to `max`.
fn number(code: &str, what: &str, text: &str, max: u32) -> Result<u32, Box<Diagnostic>> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| {
            refused(
                code,
                format!("expected {what} from 1 to {max}, found \"{}\"", text.trim()),
            )
        })
}

/// `a-b` or `a` as an inclusive range of numbers from 1 to `max`.
fn range(code: &str, what: &str, text: &str, max: u32) -> Result<(u32, u32), Box<Diagnostic>> {
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    let (a, b) = (number(code, what, a, max)?, number(code, what, b, max)?);
    if a > b {
        return Err(refused(
            code,
            format!(
                "expected {what} in increasing order, found \"{}\"",
                text.trim()
            ),
        ));
    }
    Ok((a, b))
}

/// Set header record `code` of `t` to `value` (see the module docs for the
/// forms). The error names the code, what was expected and what was found.
pub fn set_header(t: &mut Tournament, code: &str, value: &str) -> Result<(), Box<Diagnostic>> {
    let code = code.trim();
    if let Some(c) = value.chars().find(|c| c.is_control()) {
        return Err(refused(
            code,
            format!(
                "expected a value on one line, found the control character {:?}; \
                 a line break would write records of its own",
                c
            ),
        ));
    }
    let text = value.trim().to_string();
    let i = &mut t.info;
    match code {
        "012" => i.name = text,
        "022" => i.city = text,
        "032" => i.federation = text,
        "042" => i.start_date = Some(date(code, &text)?),
        "052" => i.end_date = Some(date(code, &text)?),
        "062" => i.players_declared = text,
        "072" => i.rated_players_declared = text,
        "082" => i.teams_declared = text,
        "092" => i.tournament_type = text,
        "102" => i.chief_arbiter = text,
        "112" => i.deputy_arbiters = vec![text],
        "122" => i.time_control = text,
        "172" => i.starting_rank_method = text,
        "182" => i.pairing_controller = text,
        "192" => i.system_code = text,
        "222" => i.encoded_time_control = text,
        "132" => {
            let mut dates = Vec::new();
            for part in text.split(',') {
                let part = part.trim();
                dates.push(if part.is_empty() {
                    None
                } else {
                    Some(date(code, part)?)
                });
            }
            if dates.len() > 999 {
                return Err(refused(
                    code,
                    format!("expected at most 999 round dates, found {}", dates.len()),
                ));
            }
            i.round_dates = dates;
        }
        "142" | "XXR" => t.total_rounds = Some(number(code, "a number of rounds", &text, 999)?),
        "152" => {
            t.initial_color = Some(match text.to_ascii_lowercase().as_str() {
                "w" | "white" | "white1" => Color::White,
                "b" | "black" | "black1" => Color::Black,
                _ => return Err(refused(code, format!("expected W or B, found \"{text}\""))),
            })
        }
        "202" | "212" => {
            let list: Vec<String> = text
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect();
            let pts = list.iter().any(|s| s == "PTS");
            if code == "212" && !pts {
                return Err(refused(
                    code,
                    "expected PTS in the 212 list, found none".into(),
                ));
            }
            if code == "202" && pts {
                return Err(refused(
                    code,
                    "expected tie-breaks without PTS in 202, found PTS (use 212 to place PTS)"
                        .into(),
                ));
            }
            t.tiebreaks = list;
        }
        "250" => accelerate(t, &text)?,
        "260" => forbid(t, &text)?,
        _ => {
            return Err(refused(
                code,
                format!(
                    "expected one of the header codes {}, found \"{code}\"",
                    SETTABLE.join(" ")
                ),
            ))
        }
    }
    Ok(())
}

/// `250=POINTS;ROUNDS;PLAYERS`: add POINTS in rounds ROUNDS to the players whose
/// starting ranks are in PLAYERS (TRF-2026 `250`).
fn accelerate(t: &mut Tournament, text: &str) -> Result<(), Box<Diagnostic>> {
    const CODE: &str = "250";
    let parts: Vec<&str> = text.split(';').collect();
    let [pts, rounds, players] = parts[..] else {
        return Err(refused(
            CODE,
            format!("expected POINTS;ROUNDS;PLAYERS (e.g. 1.0;1-3;1-20), found \"{text}\""),
        ));
    };
    let points = Points::parse(pts.trim())
        .filter(|p| p.0 >= 0 && p.0 <= 999)
        .ok_or_else(|| {
            refused(
                CODE,
                format!("expected points such as 1.0, found \"{}\"", pts.trim()),
            )
        })?;
    let (fr, lr) = range(CODE, "rounds", rounds, 999)?;
    let (fi, li) = range(CODE, "starting ranks", players, 9999)?;
    for id in fi..=li {
        let id = PlayerId(id);
        let k = match t.accelerations.iter().position(|a| a.player == id) {
            Some(k) => k,
            None => {
                t.accelerations.push(Acceleration {
                    player: id,
                    points: Vec::new(),
                });
                t.accelerations.len() - 1
            }
        };
        let Some(a) = t.accelerations.get_mut(k) else {
            continue;
        };
        if a.points.len() < lr as usize {
            a.points.resize(lr as usize, Points::ZERO);
        }
        for slot in a.points.iter_mut().take(lr as usize).skip(fr as usize - 1) {
            *slot = points;
        }
    }
    Ok(())
}

/// `260=PLAYERS[;ROUNDS]`: the players may not meet (TRF-2026 `260`).
fn forbid(t: &mut Tournament, text: &str) -> Result<(), Box<Diagnostic>> {
    const CODE: &str = "260";
    let (ids, rounds) = match text.split_once(';') {
        Some((ids, rounds)) => (ids, Some(range(CODE, "rounds", rounds, 999)?)),
        None => (text, None),
    };
    let players = ids
        .split([',', ' '])
        .filter(|s| !s.trim().is_empty())
        .map(|s| number(CODE, "a starting rank", s, 9999).map(PlayerId))
        .collect::<Result<Vec<_>, _>>()?;
    if players.len() < 2 {
        return Err(refused(
            CODE,
            format!(
                "expected two starting ranks or more, found \"{}\"",
                ids.trim()
            ),
        ));
    }
    t.forbidden_pairs.push(ForbiddenPairs {
        first_round: rounds.map(|r| r.0),
        last_round: rounds.map(|r| r.1),
        players,
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(t: &mut Tournament, code: &str, v: &str) -> Result<(), String> {
        set_header(t, code, v).map_err(|d| d.to_string())
    }

    /// Issue #34 item 12: `--set $'012=a\r\n001    1 evil'` wrote a player record.
    #[test]
    fn a_value_with_a_line_break_is_refused() {
        let mut t = Tournament::default();
        let e = set(&mut t, "012", "a\r\n001    1 evil").unwrap_err();
        assert!(e.contains("--set 012") && e.contains("one line"), "{e}");
        assert!(t.info.name.is_empty());
    }

    /// Issue #32 item 6: the records the FIDE report needs can all be set.
    #[test]
    fn every_record_the_report_needs_can_be_set() {
        let mut t = Tournament::default();
        set(&mut t, "132", "2026-03-29, 2026/03/30,,2026-04-01").unwrap();
        assert_eq!(t.info.round_dates.len(), 4);
        assert_eq!(t.info.round_dates[2], None);
        set(&mut t, "202", "DE, BH/C1,BH").unwrap();
        assert_eq!(t.tiebreaks, ["DE", "BH/C1", "BH"]);
        set(&mut t, "250", "1.0;1-2;3-4").unwrap();
        assert_eq!(t.accelerations.len(), 2);
        assert_eq!(t.accelerations[0].player, PlayerId(3));
        assert_eq!(t.accelerations[0].points, [Points::ONE, Points::ONE]);
        set(&mut t, "260", "3,7;2-5").unwrap();
        assert_eq!(t.forbidden_pairs[0].players, [PlayerId(3), PlayerId(7)]);
        assert_eq!(t.forbidden_pairs[0].first_round, Some(2));
        set(&mut t, "142", "9").unwrap();
        assert_eq!(t.total_rounds, Some(9));
        set(&mut t, "152", "B").unwrap();
        assert_eq!(t.initial_color, Some(Color::Black));
    }

    #[test]
    fn bad_values_say_what_was_expected() {
        let mut t = Tournament::default();
        for (code, v, want) in [
            ("132", "2026-13-01", "expected a date"),
            ("202", "PTS,BH", "use 212"),
            ("250", "1.0;1-3", "POINTS;ROUNDS;PLAYERS"),
            ("250", "1.0;3-1;1-5", "increasing order"),
            ("250", "1.0;1-1000;1-5", "from 1 to 999"),
            ("260", "3", "two starting ranks"),
            ("260", "3,10000", "from 1 to 9999"),
            ("162", "W 3.0", "expected one of the header codes"),
        ] {
            let e = set(&mut t, code, v).unwrap_err();
            assert!(e.contains(want), "{code}={v}: {e}");
        }
    }
}
