//! Dates inside TRF fields: the spec's `YYYY/MM/DD` and the variants real files use.

use chrono::NaiveDate;
use nom::character::complete::{alpha1, char, digit1, one_of, space0};
use nom::combinator::{all_consuming, map_res, opt};
use nom::sequence::tuple;
use nom::IResult;

use crate::model::BirthDate;

/// How a date was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DateForm {
    /// `YYYY/MM/DD` (the spec).
    Canonical,
    /// Another year-month-day or day-month-year spelling (named in the message).
    Other(&'static str),
}

fn num(i: &str) -> IResult<&str, (u32, usize)> {
    map_res(digit1, |d: &str| d.parse::<u32>().map(|n| (n, d.len())))(i)
}

fn sep(i: &str) -> IResult<&str, char> {
    let (i, _) = space0(i)?;
    let (i, c) = one_of("/.-")(i)?;
    let (i, _) = space0(i)?;
    Ok((i, c))
}

/// A number with its digit count.
type Num = (u32, usize);

/// `n sep n sep n` with the digit counts.
fn triple(i: &str) -> IResult<&str, (Num, char, Num, Num)> {
    let (i, (a, s, b, _, c)) = tuple((num, sep, num, sep, num))(i)?;
    Ok((i, (a, s, b, c)))
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// `May 29, 2020` (lichess).
fn month_name(i: &str) -> IResult<&str, (u32, u32, u32)> {
    let (i, (m, _, d, _, _, y)) =
        tuple((alpha1, space0, digit1, opt(char(',')), space0, digit1))(i)?;
    let m3 = m.get(..3).unwrap_or("").to_ascii_lowercase();
    let month = MONTHS
        .iter()
        .position(|x| *x == m3)
        .map(|p| p as u32 + 1)
        .ok_or_else(|| nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Tag)))?;
    let d: u32 = d
        .parse()
        .map_err(|_| nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Digit)))?;
    let y: u32 = y
        .parse()
        .map_err(|_| nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Digit)))?;
    Ok((i, (y, month, d)))
}

fn year2(y: u32) -> i32 {
    if y < 70 {
        2000 + y as i32
    } else {
        1900 + y as i32
    }
}

/// A tournament date (`042`, `052`): `YYYY/MM/DD` or a known variant.
pub(crate) fn parse_date(s: &str) -> Option<(NaiveDate, DateForm)> {
    let s = s.trim();
    if let Ok((_, ((a, la), sp, (b, _), (c, lc)))) = all_consuming(triple)(s) {
        if la == 4 {
            let form = if sp == '/' && s.len() == 10 {
                DateForm::Canonical
            } else {
                DateForm::Other("year-month-day")
            };
            return NaiveDate::from_ymd_opt(a as i32, b, c).map(|d| (d, form));
        }
        if lc == 4 {
            return NaiveDate::from_ymd_opt(c as i32, b, a)
                .map(|d| (d, DateForm::Other("day-month-year")));
        }
        if la == 2 && lc == 2 {
            return NaiveDate::from_ymd_opt(year2(a), b, c)
                .map(|d| (d, DateForm::Other("two-digit year-month-day")));
        }
        return None;
    }
    if let Ok((_, (y, m, d))) = all_consuming(month_name)(s) {
        return NaiveDate::from_ymd_opt(y as i32, m, d).map(|x| (x, DateForm::Other("month-name")));
    }
    None
}

/// A round date in `132`: `YY/MM/DD` (also `.` or `-`), or a 4-digit year.
pub(crate) fn parse_round_date(s: &str) -> Option<NaiveDate> {
    let (_, ((a, la), _, (b, _), (c, lc))) = all_consuming(triple)(s.trim()).ok()?;
    match (la, lc) {
        (2, 2) => NaiveDate::from_ymd_opt(year2(a), b, c),
        (4, _) => NaiveDate::from_ymd_opt(a as i32, b, c),
        (_, 4) => NaiveDate::from_ymd_opt(c as i32, b, a),
        _ => None,
    }
}

/// The outcome of reading a birth date field.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Birth {
    /// Blank, `0000/00/00`, `    .  .`: unknown.
    Unknown,
    Known(BirthDate, DateForm),
    Bad,
}

/// A birth date: `YYYY/MM/DD`, `YYYY/00/00`, `YYYY`, `YYYY.MM.DD`, placeholders.
pub(crate) fn parse_birth(s: &str) -> Birth {
    let t = s.trim();
    if t.is_empty()
        || t.chars()
            .all(|c| c == '0' || c == '/' || c == '.' || c == ' ' || c == '-')
    {
        return Birth::Unknown;
    }
    let year_only = |i| -> IResult<&str, (u32, usize)> { all_consuming(num)(i) };
    if let Ok((_, (y, 4))) = year_only(t) {
        return Birth::Known(
            BirthDate {
                year: y as i32,
                month: None,
                day: None,
            },
            DateForm::Other("year only"),
        );
    }
    let r = all_consuming(triple)(t);
    let Ok((_, ((y, ly), sp, (m, _), (d, _)))) = r else {
        return Birth::Bad;
    };
    if ly != 4 || m > 12 || d > 31 {
        return Birth::Bad;
    }
    let month = (m > 0).then_some(m);
    let day = (d > 0 && month.is_some()).then_some(d);
    let b = BirthDate {
        year: y as i32,
        month,
        day,
    };
    if let (Some(m), Some(d)) = (month, day) {
        if NaiveDate::from_ymd_opt(y as i32, m, d).is_none() {
            return Birth::Bad;
        }
    }
    let form = if sp == '/' && t.len() == 10 {
        DateForm::Canonical
    } else {
        DateForm::Other("year-month-day")
    };
    Birth::Known(b, form)
}

/// `YYYY/MM/DD` with `00` for unknown parts.
pub(crate) fn format_birth(b: &BirthDate) -> String {
    format!(
        "{:04}/{:02}/{:02}",
        b.year,
        b.month.unwrap_or(0),
        b.day.unwrap_or(0)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, dd: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, dd).unwrap()
    }

    #[test]
    fn reads_tournament_dates_in_the_wild() {
        assert_eq!(
            parse_date("2023/08/12"),
            Some((d(2023, 8, 12), DateForm::Canonical))
        );
        assert_eq!(
            parse_date("28. 07. 2005").map(|x| x.0),
            Some(d(2005, 7, 28))
        );
        assert_eq!(parse_date("24/09/2010").map(|x| x.0), Some(d(2010, 9, 24)));
        assert_eq!(parse_date("2012-02-06").map(|x| x.0), Some(d(2012, 2, 6)));
        assert_eq!(
            parse_date("May 29, 2020").map(|x| x.0),
            Some(d(2020, 5, 29))
        );
        assert_eq!(parse_date("11.09.26").map(|x| x.0), Some(d(2011, 9, 26)));
        assert_eq!(parse_date("2023/13/01"), None);
        assert_eq!(parse_date("soon"), None);
        assert_eq!(parse_round_date("18/04/08"), Some(d(2018, 4, 8)));
    }

    #[test]
    fn reads_birth_dates_leniently() {
        let y = |year| BirthDate {
            year,
            month: None,
            day: None,
        };
        assert_eq!(
            parse_birth("1978"),
            Birth::Known(y(1978), DateForm::Other("year only"))
        );
        assert_eq!(
            parse_birth("1990/00/00"),
            Birth::Known(y(1990), DateForm::Canonical)
        );
        assert_eq!(parse_birth("     .  .  "), Birth::Unknown);
        assert_eq!(parse_birth("0000/00/00"), Birth::Unknown);
        assert!(matches!(parse_birth("1969.12.06"), Birth::Known(b, _) if b.day == Some(6)));
        assert_eq!(parse_birth("1990/02/30"), Birth::Bad);
        assert_eq!(parse_birth("abc"), Birth::Bad);
        assert_eq!(
            format_birth(&BirthDate {
                year: 2001,
                month: Some(7),
                day: Some(9)
            }),
            "2001/07/09"
        );
    }
}
