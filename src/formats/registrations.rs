//! A registrations file for a start list: CSV (comma or semicolon), one
//! player a line, with the FIDE id and optionally a category and a name.
//!
//! With a header line the columns are found by name (`fide id`, `fide_id`,
//! `fideid`, `id`; `category`, `cat`; `name`); without one they are FIDE id,
//! category, name in that order. Blank lines are skipped.

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::fide_list::Registration;

fn column(header: &[String], names: &[&str]) -> Option<usize> {
    header.iter().position(|h| {
        let h = h.trim().to_ascii_lowercase().replace(['_', '-'], " ");
        names.contains(&h.as_str())
    })
}

/// Read the registrations in `text`.
pub fn read(text: &str) -> Result<Vec<Registration>, Box<Diagnostic>> {
    let text = text.trim_start_matches('\u{feff}');
    let first = text.lines().next().unwrap_or_default();
    let sep = if first.matches(';').count() > first.matches(',').count() {
        b';'
    } else {
        b','
    };
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(sep)
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    // line breaks counted up to `counted_to` so far: each record counts only
    // from the previous one (counting from the start for every record would be
    // quadratic in the registrations)
    let (mut counted_to, mut breaks) = (0usize, 0usize);
    for (i, rec) in rdr.records().enumerate() {
        let rec = rec.map_err(|e| {
            Box::new(Diagnostic::error(
                codes::UNRECOGNIZED_INPUT,
                Family::Syntax,
                Location::line(e.position().map_or(i + 1, |p| p.line() as usize)),
                format!(
                    "expected CSV rows of FIDE id, category, name, found an unreadable row: {e}"
                ),
            ))
        })?;
        // the line from the byte offset (csv's own count skips blank lines)
        let line = rec.position().map_or(i + 1, |p| {
            let mut at = (p.byte() as usize).min(text.len());
            while matches!(text.as_bytes().get(at), Some(b'\n' | b'\r')) {
                at += 1;
            }
            if at >= counted_to {
                breaks += text
                    .as_bytes()
                    .get(counted_to..at)
                    .unwrap_or_default()
                    .iter()
                    .filter(|b| **b == b'\n')
                    .count();
                counted_to = at;
            }
            breaks + 1
        });
        rows.push((
            line,
            rec.iter().map(str::to_string).collect::<Vec<String>>(),
        ));
    }
    let Some((_, head)) = rows.first() else {
        return Err(Box::new(Diagnostic::error(
            codes::UNRECOGNIZED_INPUT,
            Family::Syntax,
            Location::default(),
            "expected CSV rows of FIDE id, category, name, found no rows",
        )));
    };
    let id_names = ["fide id", "fideid", "id", "fide", "id number"];
    let (skip, id, cat, name) = match column(head, &id_names) {
        Some(id) => (
            1,
            id,
            column(head, &["category", "cat", "group"]),
            column(head, &["name", "player"]),
        ),
        None => (0, 0, Some(1), Some(2)),
    };
    let cell = |row: &[String], c: Option<usize>| {
        c.and_then(|c| row.get(c))
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
    };
    Ok(rows
        .iter()
        .skip(skip)
        .filter(|(_, r)| r.iter().any(|c| !c.trim().is_empty()))
        .map(|(line, r)| Registration {
            line: *line,
            fide_id: cell(r, Some(id)),
            category: cell(r, cat),
            name: cell(r, name),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_and_without_header() {
        let r = read("FIDE ID;Category;Name\n5000001;U16;\n;;Smith, Jo\n\n5000002\n").unwrap();
        assert_eq!(r.len(), 3);
        assert_eq!(
            (r[0].line, r[0].fide_id.as_deref(), r[0].category.as_deref()),
            (2, Some("5000001"), Some("U16"))
        );
        assert_eq!(
            (r[1].fide_id.as_deref(), r[1].name.as_deref()),
            (None, Some("Smith, Jo"))
        );
        assert_eq!(r[2].line, 5);
        let r = read("5000001,S50\n5000002\n").unwrap();
        assert_eq!(r[0].category.as_deref(), Some("S50"));
        assert_eq!(r[1].fide_id.as_deref(), Some("5000002"));
        assert!(read("").is_err());
    }
}
