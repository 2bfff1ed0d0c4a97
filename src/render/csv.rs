//! CSV records shared by every CSV rendering, written by the `csv` crate.

/// Whether a cell is a number as the renderers write them: `12`, `-12`, `+5`,
/// `2.5`, `-0,5` (a decimal comma), or a lone `-` (no value).
fn is_number(cell: &[u8]) -> bool {
    let digits = cell
        .strip_prefix(b"-")
        .or(cell.strip_prefix(b"+"))
        .unwrap_or(cell);
    if cell == b"-" {
        return true;
    }
    let mut parts = digits.splitn(2, |b| *b == b'.' || *b == b',');
    let int = parts.next().unwrap_or_default();
    let frac = parts.next();
    !int.is_empty()
        && int.iter().all(u8::is_ascii_digit)
        && frac.is_none_or(|f| !f.is_empty() && f.iter().all(u8::is_ascii_digit))
}

/// A text cell a spreadsheet would run as a formula (it begins with `=`, `+`,
/// `-`, `@`, a tab or a carriage return; OWASP's "CSV injection") gets a
/// leading apostrophe, as spreadsheet-safe exporters write it; a number such
/// as a rating change `-12` stays a number.
fn neutralised(cell: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    match cell.first() {
        Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r') if !is_number(cell) => {
            let mut v = Vec::with_capacity(cell.len() + 1);
            v.push(b'\'');
            v.extend_from_slice(cell);
            std::borrow::Cow::Owned(v)
        }
        _ => std::borrow::Cow::Borrowed(cell),
    }
}

/// One CSV record ended by `\n`: fields separated by `sep`; a field holding
/// the separator, a double quote or a line break (`\n` or `\r`) is quoted,
/// its quotes doubled (RFC 4180). A record of no fields at all is `""`. A text
/// field that a spreadsheet would read as a formula is neutralised (see
/// [`neutralised`]): every CSV the tool writes goes through here.
///
/// The separator is one ASCII character (the command line refuses others);
/// any other `sep` is written as `,`.
pub(crate) fn record<I, T>(fields: I, sep: char) -> String
where
    I: IntoIterator<Item = T>,
    T: AsRef<[u8]>,
{
    let fields: Vec<T> = fields.into_iter().collect();
    let fields = fields.iter().map(|f| neutralised(f.as_ref()));
    let delimiter = u8::try_from(sep).ok().filter(u8::is_ascii).unwrap_or(b',');
    let mut w = csv::WriterBuilder::new()
        .delimiter(delimiter)
        .terminator(csv::Terminator::Any(b'\n'))
        .flexible(true)
        .from_writer(Vec::new());
    // Writing to memory cannot fail; a flexible writer accepts any length.
    let _ = w.write_record(fields);
    let bytes = w.into_inner().unwrap_or_default();
    String::from_utf8_lossy(&bytes).into_owned()
}

#[cfg(test)]
mod tests {
    use super::record;

    #[test]
    fn quotes_only_what_needs_it() {
        assert_eq!(record(["a", "", "b c"], ','), "a,,b c\n");
        assert_eq!(
            record(["1,5", "say \"hi\""], ','),
            "\"1,5\",\"say \"\"hi\"\"\"\n"
        );
        assert_eq!(record(["1,5", "x;y"], ';'), "1,5;\"x;y\"\n");
        assert_eq!(
            record(["two\nlines", "cr\r"], ','),
            "\"two\nlines\",\"cr\r\"\n"
        );
    }

    #[test]
    fn formula_cells_are_neutralised_numbers_are_not() {
        assert_eq!(
            record(
                ["=HYPERLINK(\"x\")", "+1+2", "@SUM(A1)", "-cmd", "a=b"],
                ','
            ),
            "\"'=HYPERLINK(\"\"x\"\")\",'+1+2,'@SUM(A1),'-cmd,a=b\n"
        );
        assert_eq!(
            record(["-12", "+5", "-0.5", "2,5", "-", "-1-1", "\tx"], ';'),
            "-12;+5;-0.5;2,5;-;'-1-1;'\tx\n"
        );
    }
}
