//! The TXT lists: the combined `players_list_foa.txt` (columns `ID Number`,
//! `Name`, `Fed`, `Sex`, `Tit`, `WTit`, `OTit`, `FOA`, `SRtng`, `SGm`, `SK`,
//! `RRtng`, `RGm`, `Rk`, `BRtng`, `BGm`, `BK`, `B-day`, `Flag`) and the
//! single-type lists (`standard_rating_list.txt`, rapid, blitz: the rating
//! column is headed by the list month, e.g. `NOV25`, then `Gms`, `K`).
//!
//! Every column starts where its label starts in the header line and ends
//! where the next label starts: no column number is written here.

use std::io::BufRead;

use super::{Collector, Field, ReadOptions, Spans};
use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::fide_list::{ListKind, ListMonth};

/// A column of the header: what it holds and where (0-based character
/// positions, `end` exclusive; `None` = to the end of the line).
#[derive(Debug, Clone, Copy)]
struct Column {
    field: Field,
    start: usize,
    end: Option<usize>,
}

impl Spans for Column {
    fn span(&self) -> (usize, usize) {
        (
            self.start + 1,
            self.end.unwrap_or(self.start + 1).max(self.start + 1),
        )
    }
}

const MONTHS: [&str; 12] = [
    "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
];

/// `NOV25` -> November 2025.
fn month_label(label: &str) -> Option<ListMonth> {
    let up = label.to_ascii_uppercase();
    let (m, y) = (up.get(..3)?, up.get(3..)?);
    let month = MONTHS.iter().position(|x| *x == m)? as u32 + 1;
    if y.len() != 2 || !y.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    ListMonth::new(2000 + y.parse::<i32>().ok()?, month)
}

/// The field a header label names, for the single list of `single` kind.
fn field_of(label: &str, single: ListKind) -> Option<Field> {
    use Field::*;
    let l = label.to_ascii_lowercase();
    Some(match l.as_str() {
        "id number" | "id" | "fide id" => Id,
        "name" => Name,
        "fed" => Fed,
        "sex" => Sex,
        "tit" => Title,
        "wtit" => WomenTitle,
        "otit" => OtherTitles,
        "b-day" | "bday" | "b-year" | "byear" => Birth,
        "flag" => Flag,
        "srtng" => Rating(ListKind::Standard),
        "sgm" => Games(ListKind::Standard),
        "sk" => K(ListKind::Standard),
        "rrtng" => Rating(ListKind::Rapid),
        "rgm" => Games(ListKind::Rapid),
        "rk" => K(ListKind::Rapid),
        "brtng" => Rating(ListKind::Blitz),
        "bgm" => Games(ListKind::Blitz),
        "bk" => K(ListKind::Blitz),
        "gms" | "gm" | "games" => Games(single),
        "k" => K(single),
        "rtng" | "rating" => Rating(single),
        _ if month_label(label).is_some() => Rating(single),
        _ => return None,
    })
}

/// The labels of a header line with their character positions; `ID Number`
/// is one label.
fn labels(header: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut cur: Option<(usize, String)> = None;
    for (i, c) in header.chars().enumerate() {
        if c.is_whitespace() {
            out.extend(cur.take());
        } else {
            cur.get_or_insert_with(|| (i, String::new())).1.push(c);
        }
    }
    out.extend(cur);
    let mut merged: Vec<(usize, String)> = Vec::with_capacity(out.len());
    for (pos, l) in out {
        match merged.last_mut() {
            Some((_, prev))
                if prev.eq_ignore_ascii_case("id") && l.eq_ignore_ascii_case("number") =>
            {
                prev.push_str(" Number");
            }
            _ => merged.push((pos, l)),
        }
    }
    merged
}

/// The layout a header line describes, the month its rating column names,
/// and whether it is the combined list.
fn layout(header: &str, single: ListKind) -> (Vec<Column>, Option<ListMonth>, bool) {
    let ls = labels(header);
    let mut cols = Vec::new();
    let mut month = None;
    let mut combined = false;
    for (i, (start, label)) in ls.iter().enumerate() {
        let end = ls.get(i + 1).map(|(s, _)| *s);
        if let Some(field) = field_of(label, single) {
            if let Some(m) = month_label(label) {
                month = Some(m);
            }
            if label.eq_ignore_ascii_case("srtng") {
                combined = true;
            }
            cols.push(Column {
                field,
                start: *start,
                end,
            });
        }
    }
    (cols, month, combined)
}

/// The text of a line: UTF-8, or Windows-1252 when it is not (decided line
/// by line, as FIDE's lists have mixed both).
fn decode(bytes: &[u8]) -> String {
    crate::formats::encoding::decode(bytes, None).text
}

/// The leading FIDE id of a raw line, read from the bytes of the id column
/// when everything up to its end is ASCII (so bytes are characters).
fn raw_id(line: &[u8], col: &Column) -> Option<u64> {
    let end = col.end.unwrap_or(line.len()).min(line.len());
    let cell = line.get(col.start..end)?;
    if !line.get(..end)?.is_ascii() {
        return None;
    }
    let t = cell.trim_ascii();
    if t.is_empty() || t.len() > 12 || !t.iter().all(u8::is_ascii_digit) {
        return None;
    }
    t.iter().try_fold(0u64, |acc, b| {
        acc.checked_mul(10)?.checked_add(u64::from(b - b'0'))
    })
}

/// Read a TXT list from `r`, keeping the players `opts` asks for.
pub(super) fn read<R: BufRead>(
    mut r: super::bounded::Bounded<R>,
    name: &str,
    single: ListKind,
    opts: &ReadOptions,
) -> Result<Collector, Box<Diagnostic>> {
    let mut buf: Vec<u8> = Vec::with_capacity(256);
    let io_err = |e: std::io::Error| {
        Box::new(Diagnostic::error(
            codes::FILE_ACCESS,
            Family::Syntax,
            Location::default(),
            format!("{name}: cannot read the FIDE list: {e}"),
        ))
    };
    r.reset();
    let n = r.read_until(b'\n', &mut buf).map_err(io_err)?;
    let header = decode(trim_eol(&buf[..n]));
    let header = header.trim_start_matches('\u{feff}');
    let (cols, month, combined) = layout(header, single);
    let has = |f: Field| cols.iter().any(|c| c.field == f);
    let has_rating = cols.iter().any(|c| matches!(c.field, Field::Rating(_)));
    let Some(id_col) = cols.iter().find(|c| c.field == Field::Id).copied() else {
        return Err(Box::new(header_error(header)));
    };
    if !has(Field::Name) || !has_rating {
        return Err(Box::new(header_error(header)));
    }
    let mut out = Collector::new(if combined { None } else { Some(single) });
    out.month = month;
    let mut line_no = 1usize;
    loop {
        buf.clear();
        r.reset();
        let n = r.read_until(b'\n', &mut buf).map_err(io_err)?;
        if n == 0 {
            break;
        }
        line_no += 1;
        let raw = trim_eol(&buf);
        if raw.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        out.lines_read += 1;
        let id = match raw_id(raw, &id_col) {
            Some(id) => id,
            None => {
                // Not ASCII before the id's end, or no id: read the line in full.
                let text = decode(raw);
                let chars: Vec<char> = text.chars().collect();
                let cell = cell_of(&chars, &id_col);
                match cell.trim().parse::<u64>() {
                    Ok(id) => id,
                    Err(_) => {
                        out.line_error(line_no, &id_col, "fide id", "digits", cell.trim());
                        continue;
                    }
                }
            }
        };
        if !opts.wants(id) {
            continue;
        }
        let text = decode(raw);
        let chars: Vec<char> = text.chars().collect();
        let mut fields = Vec::with_capacity(cols.len());
        for c in &cols {
            if c.field == Field::Id {
                continue;
            }
            let first = c.start + 1;
            let last = c.end.unwrap_or(chars.len().max(c.start + 1));
            fields.push((
                c.field,
                cell_of(&chars, c).trim().to_string(),
                Location::field(line_no, first, last, c.field.name()),
            ));
        }
        out.add(id, fields, Location::line(line_no));
    }
    Ok(out)
}

fn cell_of(chars: &[char], c: &Column) -> String {
    let end = c.end.unwrap_or(chars.len()).min(chars.len());
    chars
        .get(c.start..end)
        .map(|s| s.iter().collect())
        .unwrap_or_default()
}

fn trim_eol(b: &[u8]) -> &[u8] {
    let b = b.strip_suffix(b"\n").unwrap_or(b);
    b.strip_suffix(b"\r").unwrap_or(b)
}

fn header_error(found: &str) -> Diagnostic {
    let shown: String = found.chars().take(80).collect();
    Diagnostic::error(
        codes::UNRECOGNIZED_INPUT,
        Family::Syntax,
        Location::field(1, 1, found.chars().count().max(1), "header"),
        format!(
            "expected a FIDE rating list header naming the columns `ID Number`, `Name` and a rating (`SRtng`, `RRtng`, `BRtng` or the list month such as `NOV25`), found \"{shown}\""
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_labels_and_month() {
        let h = "ID Number      Name                 Fed Sex Tit  WTit OTit  FOA NOV25 Gms  K   B-day Flag";
        let (cols, month, combined) = layout(h, ListKind::Rapid);
        assert_eq!(month, ListMonth::new(2025, 11));
        assert!(!combined);
        assert_eq!(cols[0].field, Field::Id);
        assert_eq!((cols[0].start, cols[0].end), (0, Some(15)));
        assert!(cols
            .iter()
            .any(|c| c.field == Field::Rating(ListKind::Rapid) && c.start == 64));
        assert_eq!(
            cols.last().map(|c| (c.field, c.end)),
            Some((Field::Flag, None))
        );
    }

    #[test]
    fn raw_id_needs_digits() {
        let c = Column {
            field: Field::Id,
            start: 0,
            end: Some(15),
        };
        assert_eq!(raw_id(b"1503014        Carlsen", &c), Some(1503014));
        assert_eq!(raw_id(b"15O3014        Carlsen", &c), None);
        assert_eq!(raw_id(b"", &c), None);
    }
}
