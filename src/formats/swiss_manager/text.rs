//! Helpers shared by the `;`-separated Swiss-Manager text exports: rows read
//! with the `csv` crate (Swiss-Manager's dialect: `;` between fields, no
//! quoting, one row a line), kept as their text so a file is written back
//! byte for byte. Bytes to text is [`crate::formats::encoding`].

use crate::diag::{codes, Diagnostic, Family, Location};

/// The text encoding a file was read in; writers use the same one.
pub use crate::formats::encoding::Encoding;

/// The field separator of the exports.
pub(crate) const DELIMITER: u8 = b';';

/// A csv reader of Swiss-Manager's dialect over `text`: `;` between fields;
/// no quoting (Swiss-Manager writes a `"` in a name as it is, never quotes a
/// field, and has no `;` inside fields: every sample under tests/fixtures/sm
/// reads so); rows of any length (the readers report a row shorter than the
/// header); a row ends at LF, and the CR of a CRLF stays on the last field
/// for the caller to strip, so lines are counted as the file counts them.
fn reader(text: &str, capacity: usize) -> csv::Reader<&[u8]> {
    csv::ReaderBuilder::new()
        .delimiter(DELIMITER)
        .quoting(false)
        .has_headers(false)
        .flexible(true)
        .terminator(csv::Terminator::Any(b'\n'))
        .buffer_capacity(capacity.max(64))
        .from_reader(text.as_bytes())
}

/// The rows of a file, read one by one: [`RowReader::header`] first (line 1),
/// then [`RowReader::next_row`] for every line after it, blank ones too.
pub(crate) struct RowReader<'t> {
    text: &'t [u8],
    rd: csv::Reader<&'t [u8]>,
    rec: csv::StringRecord,
    /// The line of the record in `rec` when it was read ahead of blank lines.
    held: Option<usize>,
    /// The line the next row is on.
    next: usize,
    /// How many lines the text has.
    lines: usize,
    /// The current row is a blank line csv skipped.
    blank: bool,
    /// `"\r\n"` or `"\n"`, the first line end seen (the writer uses it).
    pub eol: &'static str,
    /// Whether the last line ends with a line break.
    pub final_eol: bool,
}

impl<'t> RowReader<'t> {
    /// A reader of `text`; `None` for an empty text. Mixed line ends are
    /// accepted (the CR of a CRLF is removed from every row); the writer uses
    /// the first one seen.
    pub(crate) fn new(text: &'t str) -> Option<RowReader<'t>> {
        if text.is_empty() {
            return None;
        }
        let eol = match text.find('\n') {
            Some(i) if i > 0 && text.as_bytes().get(i - 1) == Some(&b'\r') => "\r\n",
            Some(_) => "\n",
            None => "\r\n",
        };
        let final_eol = text.ends_with('\n');
        let body = text.strip_suffix('\n').unwrap_or(text);
        Some(RowReader {
            text: text.as_bytes(),
            rd: reader(text, 8 * 1024),
            rec: csv::StringRecord::new(),
            held: None,
            next: 1,
            lines: 1 + body.bytes().filter(|b| *b == b'\n').count(),
            blank: false,
            eol,
            final_eol,
        })
    }

    /// The line of the record csv read last, from where csv stopped: the
    /// record's own position is taken before csv skips empty lines.
    fn rec_line(&self) -> usize {
        if self.rec.is_empty() {
            return 0;
        }
        let end = self.rd.position();
        let line = usize::try_from(end.line()).unwrap_or(usize::MAX);
        let at = usize::try_from(end.byte()).unwrap_or(usize::MAX);
        let ended = at
            .checked_sub(1)
            .and_then(|i| self.text.get(i))
            .is_some_and(|b| *b == b'\n');
        line - usize::from(ended)
    }

    /// The next record csv reads (or the one held back), with its line.
    fn read(&mut self) -> Result<Option<usize>, Box<Diagnostic>> {
        if let Some(line) = self.held.take() {
            return Ok(Some(line));
        }
        match self.rd.read_record(&mut self.rec) {
            Ok(true) => Ok(Some(self.rec_line())),
            Ok(false) => Ok(None),
            Err(e) => Err(Box::new(Diagnostic::error(
                codes::SM_FIELD_SYNTAX,
                Family::Syntax,
                Location::line(self.next),
                format!("expected `;`-separated fields, found a row that cannot be read: {e}"),
            ))),
        }
    }

    /// The fields of line 1, untrimmed (one empty field when it is empty).
    pub(crate) fn header(&mut self) -> Result<Vec<String>, Box<Diagnostic>> {
        let header = match self.read()? {
            Some(1) => self.fields().into_iter().map(str::to_string).collect(),
            Some(line) => {
                self.held = Some(line);
                vec![String::new()]
            }
            None => vec![String::new()],
        };
        self.next = 2;
        Ok(header)
    }

    /// The next row after the header (its fields are [`RowReader::fields`]),
    /// `None` at the end. csv skips empty lines: they are rows all the same.
    pub(crate) fn next_row(&mut self) -> Result<Option<RawRow>, Box<Diagnostic>> {
        let line = match self.read()? {
            Some(line) if line > self.next => {
                self.held = Some(line);
                self.next
            }
            Some(line) => line,
            None if self.next <= self.lines => self.next,
            None => return Ok(None),
        };
        self.blank = self.held.is_some() || line != self.rec_line();
        self.next = line + 1;
        let text = if self.blank {
            String::new()
        } else {
            join(&self.fields())
        };
        Ok(Some(RawRow { line, text }))
    }

    /// The fields of the current row (the header before the first row),
    /// untrimmed; a blank row has one empty field.
    pub(crate) fn fields(&self) -> Vec<&str> {
        if self.blank || self.rec.is_empty() {
            return vec![""];
        }
        let mut fields: Vec<&str> = self.rec.iter().collect();
        if let Some(last) = fields.last_mut() {
            *last = last.strip_suffix('\r').unwrap_or(last);
        }
        fields
    }
}

/// Fields joined with the separator, as the file writes them.
fn join<S: AsRef<str>>(fields: &[S]) -> String {
    let mut s = String::with_capacity(fields.iter().map(|f| f.as_ref().len() + 1).sum());
    for (i, f) in fields.iter().enumerate() {
        if i > 0 {
            s.push(char::from(DELIMITER));
        }
        s.push_str(f.as_ref());
    }
    s
}

/// One row with its 1-based line number (0 for rows built by the writer),
/// kept as the line's text: one allocation a row, however many fields, so a
/// large file costs about its own size (split with [`RawRow::fields`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RawRow {
    /// 1-based line in the file; 0 for a row built by the writer.
    pub line: usize,
    /// The line's text, without its line end.
    pub text: String,
}

impl RawRow {
    /// A row of `fields`, joined with `;` as the file writes them.
    pub fn new(line: usize, fields: &[String]) -> RawRow {
        RawRow {
            line,
            text: join(fields),
        }
    }

    /// The row's fields as the readers split them, untrimmed.
    pub fn fields(&self) -> Vec<String> {
        let mut rd = reader(&self.text, self.text.len());
        let mut rec = csv::StringRecord::new();
        match rd.read_record(&mut rec) {
            Ok(true) => rec.iter().map(str::to_string).collect(),
            // An empty row, as a reader sees it: one empty field.
            _ => vec![String::new()],
        }
    }

    /// Replace the fields at the given indexes (those beyond the row's end are
    /// left out, as a row too short to hold them has no such column).
    pub fn set_fields(&mut self, values: &[(usize, String)]) {
        let mut fields = self.fields();
        for (i, v) in values {
            if let Some(f) = fields.get_mut(*i) {
                f.clone_from(v);
            }
        }
        self.text = join(&fields);
    }

    /// A line with nothing but white space.
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }
}

/// Rows reported one by one; the problems of later rows are counted in one
/// summary diagnostic, so a file of junk rows cannot flood the output.
pub const MAX_REPORTED_ROWS: usize = 200;

/// The diagnostics of a file's rows as they are read: those of the first
/// [`MAX_REPORTED_ROWS`] rows that have any are kept; the rest are only
/// counted, as they come, and summed up in one diagnostic at the first row
/// left out (an error if any left out was one, so the outcome does not
/// change). Counting as they come keeps a file of a million bad rows from
/// holding a million messages.
#[derive(Debug, Default)]
pub(crate) struct RowDiagnostics {
    kept: Vec<Diagnostic>,
    rows: usize,
    last: Option<usize>,
    left: usize,
    left_rows: usize,
    left_first: Option<usize>,
    left_last: Option<usize>,
    left_error: bool,
}

impl RowDiagnostics {
    pub(crate) fn push(&mut self, d: Diagnostic) {
        if self.left == 0 {
            if d.location.line == self.last && self.rows > 0 {
                self.kept.push(d);
                return;
            }
            if self.rows < MAX_REPORTED_ROWS {
                self.rows += 1;
                self.last = d.location.line;
                self.kept.push(d);
                return;
            }
            self.left_first = d.location.line;
        }
        if self.left == 0 || d.location.line != self.left_last {
            self.left_rows += 1;
            self.left_last = d.location.line;
        }
        self.left += 1;
        self.left_error |= d.is_error();
    }

    /// The kept diagnostics and, when any were left out, their summary.
    pub(crate) fn finish(mut self) -> Vec<Diagnostic> {
        if self.left > 0 {
            let message = format!(
                "{} more rows with problems after the first {MAX_REPORTED_ROWS} were not reported one by one ({} diagnostics)",
                self.left_rows, self.left
            );
            let at = Location::line(self.left_first.unwrap_or(0));
            self.kept.push(if self.left_error {
                Diagnostic::error(codes::SM_FIELD_SYNTAX, Family::Syntax, at, message)
            } else {
                Diagnostic::warning(codes::SM_FIELD_SYNTAX, Family::Syntax, at, message)
            });
        }
        self.kept
    }
}

/// A decimal-comma number as Swiss-Manager writes it (`0,5`, `1`, `2½`).
pub(crate) fn format_points_comma(p: crate::model::Points) -> String {
    let s = p.to_string();
    let s = s.strip_suffix(".0").map(str::to_string).unwrap_or(s);
    s.replace('.', ",")
}

/// Points as the player file writes them: whole part plus `½` (`2½`, `½`, `3`).
pub(crate) fn format_points_half(p: crate::model::Points) -> String {
    let t = p.0;
    let sign = if t < 0 { "-" } else { "" };
    let a = t.unsigned_abs();
    let whole = a / 10;
    match a % 10 {
        0 => format!("{sign}{whole}"),
        5 if whole == 0 => format!("{sign}½"),
        5 => format!("{sign}{whole}½"),
        _ => format!("{sign}{whole},{}", a % 10),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Points;

    #[test]
    fn formats_points() {
        assert_eq!(format_points_comma(Points(5)), "0,5");
        assert_eq!(format_points_comma(Points(10)), "1");
        assert_eq!(format_points_half(Points(25)), "2½");
        assert_eq!(format_points_half(Points(5)), "½");
        assert_eq!(format_points_half(Points(30)), "3");
    }

    type Rows = Vec<(RawRow, Vec<String>)>;

    fn table(text: &str) -> (Vec<String>, Rows, &'static str, bool) {
        let mut rr = RowReader::new(text).unwrap_or_else(|| panic!("{text:?} is empty"));
        let header = rr.header().unwrap_or_else(|e| panic!("{e:?}"));
        let mut rows = Vec::new();
        while let Some(row) = rr.next_row().unwrap_or_else(|e| panic!("{e:?}")) {
            let fields = rr.fields().iter().map(|s| s.to_string()).collect();
            rows.push((row, fields));
        }
        (header, rows, rr.eol, rr.final_eol)
    }

    #[test]
    fn rows_keep_lines_blank_rows_and_quotes() {
        let (header, rows, eol, final_eol) =
            table("Nr;Name\r\n1;Ann \"Jo\" Roe\r\n\r\n\n2;Bo;\r\n");
        assert_eq!(header, vec!["Nr", "Name"]);
        assert_eq!((eol, final_eol), ("\r\n", true));
        let lines: Vec<usize> = rows.iter().map(|r| r.0.line).collect();
        assert_eq!(lines, vec![2, 3, 4, 5]);
        assert_eq!(rows[0].0.text, "1;Ann \"Jo\" Roe");
        assert_eq!(rows[0].1, vec!["1", "Ann \"Jo\" Roe"]);
        assert!(rows[1].0.is_blank() && rows[2].0.is_blank());
        assert_eq!(rows[2].1, vec![""]);
        assert_eq!(rows[3].1, vec!["2", "Bo", ""]);
        assert_eq!(rows[3].0.fields(), vec!["2", "Bo", ""]);
        let (_, rows, eol, final_eol) = table("a\nb");
        assert_eq!((eol, final_eol, rows.len()), ("\n", false, 1));
        let (header, rows, _, _) = table("\n\nNr;x\n");
        assert_eq!((header, rows.len()), (vec![String::new()], 2));
        assert_eq!(rows[1].0.text, "Nr;x");
        let (header, rows, _, _) = table("Nr;x\n\n\n");
        assert_eq!((header.len(), rows.len()), (2, 2));
        assert!(RowReader::new("").is_none());
    }

    #[test]
    fn set_fields_changes_only_those() {
        let mut r = RawRow::new(0, &["4".into(), "1".into(), "0".into()]);
        r.set_fields(&[(2, "0,5".into()), (9, "x".into())]);
        assert_eq!(r.text, "4;1;0,5");
    }
}
