//! CSV records shared by every CSV rendering, written by the `csv` crate.

/// One CSV record ended by `\n`: fields separated by `sep`; a field holding
/// the separator, a double quote or a line break (`\n` or `\r`) is quoted,
/// its quotes doubled (RFC 4180). A record of no fields at all is `""`.
///
/// The separator is one ASCII character (the command line refuses others);
/// any other `sep` is written as `,`.
pub(crate) fn record<I, T>(fields: I, sep: char) -> String
where
    I: IntoIterator<Item = T>,
    T: AsRef<[u8]>,
{
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
}
