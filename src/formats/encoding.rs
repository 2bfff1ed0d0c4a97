//! Bytes to text and back for every text format (TRF, the Swiss-Manager
//! exports, the FIDE rating lists, and what [`super::input`] sniffs): one
//! [`Encoding`], one [`decode`], one [`encode`].
//!
//! Detection, in order: a UTF-16 byte-order mark (`FF FE` or `FE FF`) means
//! UTF-16; text that is valid UTF-8 (after a UTF-8 byte-order mark, if any)
//! is UTF-8; anything else is Windows-1252, which maps every byte, so a file
//! in an unknown single-byte encoding still reads (its accents may be
//! wrong). A caller may force an encoding instead; bytes the forced encoding
//! cannot decode are replaced by U+FFFD and the first of them is located in
//! [`Decoded::undecodable`].

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::diag::{codes, Diagnostic, Family, Location};

/// The text encoding a file was read in; the writers write the same one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Encoding {
    /// UTF-8 (a byte-order mark is noted in [`Decoded::bom`]).
    #[default]
    Utf8,
    /// Windows-1252, which includes the printable ISO-8859-1 (Latin-1) range.
    Windows1252,
    /// UTF-16, little-endian, with its byte-order mark (Windows "Unicode").
    #[serde(rename = "utf-16le")]
    Utf16Le,
    /// UTF-16, big-endian, with its byte-order mark.
    #[serde(rename = "utf-16be")]
    Utf16Be,
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Windows1252 => "Windows-1252",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
        })
    }
}

/// An encoding name that is not one of [`Encoding`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownEncoding {
    /// The name as given (e.g. `latin-2`).
    pub found: String,
}

impl fmt::Display for UnknownEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected utf-8, windows-1252, latin-1, utf-16le or utf-16be, found \"{}\"",
            self.found
        )
    }
}

impl std::error::Error for UnknownEncoding {}

impl std::str::FromStr for Encoding {
    type Err = UnknownEncoding;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "utf8" | "utf-8" => Ok(Encoding::Utf8),
            "windows-1252" | "windows1252" | "cp1252" | "latin1" | "latin-1" | "iso-8859-1" => {
                Ok(Encoding::Windows1252)
            }
            "utf-16le" | "utf16le" | "utf-16" | "utf16" => Ok(Encoding::Utf16Le),
            "utf-16be" | "utf16be" => Ok(Encoding::Utf16Be),
            _ => Err(UnknownEncoding {
                found: s.to_string(),
            }),
        }
    }
}

/// Where the first bytes the encoding could not decode were (each run of them
/// became one U+FFFD in the text).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undecodable {
    /// 1-based line (CR, LF and CRLF each end a line).
    pub line: usize,
    /// 1-based column, in characters of the decoded line.
    pub column: usize,
    /// 0-based offset in the file's bytes (after a byte-order mark).
    pub offset: usize,
}

/// A decoded text and what was found on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    /// The text, without a byte-order mark.
    pub text: String,
    /// The encoding the bytes were read in (found, or forced by the caller).
    pub encoding: Encoding,
    /// The bytes began with the encoding's byte-order mark.
    pub bom: bool,
    /// The first undecodable bytes, if any (only a forced encoding or broken
    /// UTF-16 has them: detection falls back to Windows-1252, which decodes
    /// every byte).
    pub undecodable: Option<Undecodable>,
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The UTF-16 encoding whose byte-order mark starts `bytes`.
pub fn utf16_bom(bytes: &[u8]) -> Option<Encoding> {
    match bytes {
        [0xFF, 0xFE, ..] => Some(Encoding::Utf16Le),
        [0xFE, 0xFF, ..] => Some(Encoding::Utf16Be),
        _ => None,
    }
}

/// Decode `bytes` in `forced`, or in the encoding detected as the module
/// documentation says when `forced` is `None`.
pub fn decode(bytes: &[u8], forced: Option<Encoding>) -> Decoded {
    let utf16 = utf16_bom(bytes);
    let encoding = match (forced, utf16) {
        (Some(e), _) => e,
        (None, Some(e)) => e,
        (None, None) => {
            let body = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
            match std::str::from_utf8(body) {
                Ok(s) => {
                    return Decoded {
                        text: s.to_string(),
                        encoding: Encoding::Utf8,
                        bom: body.len() < bytes.len(),
                        undecodable: None,
                    }
                }
                Err(_) => Encoding::Windows1252,
            }
        }
    };
    match encoding {
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let bom = utf16 == Some(encoding);
            let body = if bom {
                bytes.get(2..).unwrap_or_default()
            } else {
                bytes
            };
            decode_utf16(body, encoding == Encoding::Utf16Le, bom)
        }
        Encoding::Utf8 | Encoding::Windows1252 => {
            let body = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);
            let bom = body.len() < bytes.len();
            let (text, undecodable) = if encoding == Encoding::Utf8 {
                decode_utf8_lossy(body)
            } else {
                let (cow, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(body);
                (cow.into_owned(), None)
            };
            Decoded {
                text,
                encoding,
                bom,
                undecodable,
            }
        }
    }
}

fn decode_utf8_lossy(body: &[u8]) -> (String, Option<Undecodable>) {
    match std::str::from_utf8(body) {
        Ok(s) => (s.to_string(), None),
        Err(e) => {
            let good = body.get(..e.valid_up_to()).unwrap_or(&[]);
            let at = locate(std::str::from_utf8(good).unwrap_or(""), e.valid_up_to());
            (String::from_utf8_lossy(body).into_owned(), Some(at))
        }
    }
}

fn decode_utf16(body: &[u8], little: bool, bom: bool) -> Decoded {
    let units = body.chunks(2).map(|c| match (c, little) {
        ([a, b], true) => u16::from_le_bytes([*a, *b]),
        ([a, b], false) => u16::from_be_bytes([*a, *b]),
        // An odd last byte: no code unit, so an unpaired surrogate stands in.
        _ => 0xD800,
    });
    let mut text = String::with_capacity(body.len() / 2);
    let mut undecodable = None;
    let mut offset = 0usize;
    for c in char::decode_utf16(units) {
        match c {
            Ok(ch) => {
                text.push(ch);
                offset += 2 * ch.len_utf16();
            }
            Err(_) => {
                if undecodable.is_none() {
                    undecodable = Some(locate(&text, offset));
                }
                text.push(char::REPLACEMENT_CHARACTER);
                offset += 2;
            }
        }
    }
    Decoded {
        text,
        encoding: if little {
            Encoding::Utf16Le
        } else {
            Encoding::Utf16Be
        },
        bom,
        undecodable,
    }
}

/// The position just after `before` (the text decoded up to the bad bytes).
fn locate(before: &str, offset: usize) -> Undecodable {
    let mut line = 1;
    let mut line_start = 0;
    let bytes = before.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let ends = match b {
            b'\n' => true,
            b'\r' => bytes.get(i + 1) != Some(&b'\n'),
            _ => false,
        };
        if ends {
            line += 1;
            line_start = i + 1;
        }
    }
    let column = 1 + before.get(line_start..).map_or(0, |s| s.chars().count());
    Undecodable {
        line,
        column,
        offset,
    }
}

/// Encode `text` in `enc`, with the byte-order mark when `bom` (always for
/// UTF-16). Characters Windows-1252 cannot hold are written as numeric
/// references and reported.
pub fn encode(text: &str, enc: Encoding, bom: bool) -> (Vec<u8>, Vec<Diagnostic>) {
    match enc {
        Encoding::Utf8 => {
            let mut v = Vec::with_capacity(text.len() + 3);
            if bom {
                v.extend_from_slice(UTF8_BOM);
            }
            v.extend_from_slice(text.as_bytes());
            (v, Vec::new())
        }
        Encoding::Windows1252 => {
            let (b, _, lossy) = encoding_rs::WINDOWS_1252.encode(text);
            let mut d = Vec::new();
            if lossy {
                d.push(Diagnostic::warning(
                    codes::CONVERSION_LOSS,
                    Family::Engine,
                    Location::default(),
                    "some characters cannot be written in windows-1252 and were replaced by numeric references",
                ));
            }
            (b.into_owned(), d)
        }
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let little = enc == Encoding::Utf16Le;
            let mut v = Vec::with_capacity(2 * text.len() + 2);
            for u in std::iter::once(0xFEFF).chain(text.encode_utf16()) {
                v.extend_from_slice(&if little {
                    u.to_le_bytes()
                } else {
                    u.to_be_bytes()
                });
            }
            (v, Vec::new())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_utf8_bom_windows1252_and_utf16() {
        let d = decode(b"\xEF\xBB\xBF012 x", None);
        assert!(d.bom);
        assert_eq!((d.text.as_str(), d.encoding), ("012 x", Encoding::Utf8));
        let d = decode(b"012 L\xe4s", None);
        assert_eq!(d.encoding, Encoding::Windows1252);
        assert_eq!(d.text, "012 Läs");
        assert_eq!(d.undecodable, None);
        let d = decode(b"2\xBD", None);
        assert_eq!((d.text.as_str(), d.bom), ("2½", false));
        let mut le = vec![0xFF, 0xFE];
        for u in "Nr;Jäger\r\n".encode_utf16() {
            le.extend_from_slice(&u.to_le_bytes());
        }
        let d = decode(&le, None);
        assert_eq!(d.encoding, Encoding::Utf16Le);
        assert!(d.bom);
        assert_eq!(d.text, "Nr;Jäger\r\n");
        assert_eq!(encode(&d.text, d.encoding, true).0, le);
    }

    #[test]
    fn undecodable_bytes_are_located() {
        let d = decode(b"012 ok\n012 L\xe4s", Some(Encoding::Utf8));
        assert_eq!(
            d.undecodable,
            Some(Undecodable {
                line: 2,
                column: 6,
                offset: 12
            })
        );
        assert_eq!(d.text, "012 ok\n012 L\u{FFFD}s");
        // A lone surrogate on line 1, after "a".
        let d = decode(&[0xFF, 0xFE, b'a', 0, 0x00, 0xD8, b'b', 0], None);
        assert_eq!(d.text, "a\u{FFFD}b");
        assert_eq!(d.undecodable.map(|u| (u.line, u.column)), Some((1, 2)));
    }

    #[test]
    fn encodes_back() {
        assert_eq!(encode("2½", Encoding::Windows1252, false).0, b"2\xBD");
        assert_eq!(encode("Nr", Encoding::Utf8, true).0, b"\xEF\xBB\xBFNr");
        let (_, d) = encode("Ā", Encoding::Windows1252, false);
        assert_eq!(d.len(), 1);
        assert_eq!("latin-1".parse::<Encoding>(), Ok(Encoding::Windows1252));
        assert_eq!("UTF-16LE".parse::<Encoding>(), Ok(Encoding::Utf16Le));
        assert!("ebcdic".parse::<Encoding>().is_err());
    }
}
