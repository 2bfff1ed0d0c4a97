//! Text to lines and columns: line ends, and column slicing by characters
//! (bytes to text is [`crate::formats::encoding`]).

use super::layout::Field;
use super::LineEnds;

/// Split on CR, LF or CRLF (mixes allowed): `f` gets each line in order (line
/// numbers count from 1); returns which line ends were seen. No vector of lines:
/// a file of ten million blank lines is not held as ten million slices.
pub(crate) fn each_line<'a>(text: &'a str, mut f: impl FnMut(&'a str)) -> LineEnds {
    let (mut crlf, mut lf, mut cr) = (0usize, 0usize, 0usize);
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\r' => {
                f(&text[start..i]);
                if bytes.get(i + 1) == Some(&b'\n') {
                    crlf += 1;
                    i += 2;
                } else {
                    cr += 1;
                    i += 1;
                }
                start = i;
            }
            b'\n' => {
                f(&text[start..i]);
                lf += 1;
                i += 1;
                start = i;
            }
            _ => i += 1,
        }
    }
    if start < bytes.len() {
        f(&text[start..]);
    }
    let kinds = [crlf > 0, lf > 0, cr > 0].iter().filter(|b| **b).count();
    if kinds > 1 {
        LineEnds::Mixed
    } else if crlf > 0 {
        LineEnds::CrLf
    } else if lf > 0 {
        LineEnds::Lf
    } else if cr > 0 {
        LineEnds::Cr
    } else {
        LineEnds::None
    }
}

/// How columns are counted on a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Counting {
    Chars,
    /// Vega pads fields by bytes: count UTF-8 bytes.
    Bytes,
}

/// A line with 1-based column access.
pub(crate) struct Cols<'a> {
    text: &'a str,
    /// Byte offset of each character (plus the end), when the line is not ASCII
    /// and columns count characters.
    offsets: Option<Vec<usize>>,
}

impl<'a> Cols<'a> {
    pub(crate) fn new(text: &'a str, counting: Counting) -> Cols<'a> {
        let offsets = if text.is_ascii() || counting == Counting::Bytes {
            None
        } else {
            let mut v: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
            v.push(text.len());
            Some(v)
        };
        Cols { text, offsets }
    }

    /// Length in columns.
    pub(crate) fn len(&self) -> usize {
        match &self.offsets {
            Some(v) => v.len().saturating_sub(1),
            None => self.text.len(),
        }
    }

    fn byte_of(&self, col0: usize) -> usize {
        match &self.offsets {
            Some(v) => v.get(col0).copied().unwrap_or(self.text.len()),
            None => col0.min(self.text.len()),
        }
    }

    /// Columns `first..=last` (1-based), clamped to the line; `None` only when a
    /// byte-counted slice would cut a character.
    pub(crate) fn cols(&self, first: usize, last: usize) -> Option<&'a str> {
        let a = self.byte_of(first.saturating_sub(1));
        let b = self.byte_of(last);
        if a >= b {
            return Some("");
        }
        self.text.get(a..b)
    }

    /// The field's text, untrimmed ("" beyond the end of the line, "\u{FFFD}" if
    /// a byte-counted slice cuts a character).
    pub(crate) fn raw(&self, f: &Field) -> &'a str {
        self.cols(f.first, f.last).unwrap_or("\u{FFFD}")
    }

    /// The field's text, trimmed.
    pub(crate) fn get(&self, f: &Field) -> &'a str {
        self.raw(f).trim()
    }

    /// Columns from `first` to the end of the line.
    pub(crate) fn from(&self, first: usize) -> &'a str {
        let a = self.byte_of(first.saturating_sub(1));
        self.text.get(a..).unwrap_or("")
    }

    /// The character at column `c`, or a blank beyond the end.
    pub(crate) fn char_at(&self, c: usize) -> char {
        self.cols(c, c)
            .and_then(|s| s.chars().next())
            .unwrap_or(' ')
    }
}

/// Writes fields into a fixed-column line.
pub(crate) struct LineBuf {
    chars: Vec<char>,
}

impl LineBuf {
    pub(crate) fn new(code: &str) -> LineBuf {
        let mut b = LineBuf {
            chars: Vec::with_capacity(200),
        };
        b.put_at(1, code);
        b
    }

    fn put_at(&mut self, first: usize, text: &str) {
        let start = first.saturating_sub(1);
        if text.is_ascii() {
            // Fast path: one resize, then a straight copy (the common case).
            let end = start + text.len();
            if self.chars.len() < end {
                self.chars.resize(end, ' ');
            }
            if let Some(slots) = self.chars.get_mut(start..end) {
                for (slot, b) in slots.iter_mut().zip(text.bytes()) {
                    *slot = char::from(b);
                }
            }
            return;
        }
        for (i, ch) in text.chars().enumerate() {
            let at = start + i;
            if self.chars.len() <= at {
                self.chars.resize(at + 1, ' ');
            }
            self.chars[at] = ch;
        }
    }

    /// Put `text` in field `f` with the field's alignment. Returns false (and
    /// writes nothing) when the text is wider than the field.
    pub(crate) fn put(&mut self, f: &Field, text: &str) -> bool {
        let n = text.chars().count();
        let w = f.width();
        if n > w {
            return false;
        }
        let first = match f.align {
            super::layout::Align::Left => f.first,
            super::layout::Align::Right => f.first + (w - n),
        };
        self.put_at(first, text);
        true
    }

    /// The line with trailing blanks removed.
    pub(crate) fn finish(mut self) -> String {
        while self.chars.last() == Some(&' ') {
            self.chars.pop();
        }
        if self.chars.iter().all(char::is_ascii) {
            // Fast path: ASCII characters are their own UTF-8 bytes.
            let bytes: Vec<u8> = self.chars.iter().map(|&c| c as u8).collect();
            if let Ok(s) = String::from_utf8(bytes) {
                return s;
            }
        }
        self.chars.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split_lines(text: &str) -> (Vec<&str>, LineEnds) {
        let mut lines = Vec::new();
        let ends = each_line(text, |l| lines.push(l));
        (lines, ends)
    }

    #[test]
    fn splits_every_line_end() {
        let (l, e) = split_lines("a\r\nb\nc\rd");
        assert_eq!(l, vec!["a", "b", "c", "d"]);
        assert_eq!(e, LineEnds::Mixed);
        let (l, e) = split_lines("a\rb\r");
        assert_eq!(l, vec!["a", "b"]);
        assert_eq!(e, LineEnds::Cr);
        let (l, _) = split_lines("a\n\nb\n");
        assert_eq!(l, vec!["a", "", "b"]);
    }

    #[test]
    fn columns_count_characters() {
        let c = Cols::new("001 Élise x", Counting::Chars);
        assert_eq!(c.cols(5, 9), Some("Élise"));
        assert_eq!(c.char_at(11), 'x');
        let b = Cols::new("001 Élise x", Counting::Bytes);
        assert_eq!(b.cols(5, 10), Some("Élise"));
        assert_eq!(b.cols(5, 5), None);
    }
}
