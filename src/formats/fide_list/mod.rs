//! The FIDE rating lists as ratings.fide.com publishes them: the combined
//! TXT list (`players_list_foa.txt`), the single-type TXT lists (standard,
//! rapid, blitz), and the XML lists, each plain or zipped.
//!
//! The list is streamed: only the players the caller asks for
//! ([`ReadOptions::wanted`]) are kept, so memory follows the event, not the
//! list of about 1.9 million players. TXT columns are taken from the header
//! line (module `txt`); XML elements by name (module `xml`). [`synthetic`] writes lists
//! in the published layouts for tests and measurements.
//!
//! A single-type list does not say its kind inside the TXT or XML: it is
//! taken from the file name (`rapid`, `blitz`, else standard) unless
//! [`ReadOptions::kind`] gives it.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Read, Seek};
use std::path::Path;

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::fide_list::{FideList, ListKind, ListMonth, ListPlayer, ListRating};
use crate::model::{Sex, Title};

mod bounded;
pub mod synthetic;
mod txt;
mod xml;

/// What to read from a list.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct ReadOptions {
    /// The FIDE ids to keep; `None` keeps every player (small lists only).
    pub wanted: Option<HashSet<u64>>,
    /// The list month when the file does not say it (the combined list).
    pub month: Option<ListMonth>,
    /// The kind of a single-type list; by default from the file name.
    pub kind: Option<ListKind>,
}

options!(ReadOptions { wanted: Option<HashSet<u64>>, month: Option<ListMonth>, kind: Option<ListKind> });

impl ReadOptions {
    fn wants(&self, id: u64) -> bool {
        self.wanted.as_ref().is_none_or(|w| w.contains(&id))
    }
}

/// A list read: the players asked for, and what could not be read in them.
#[derive(Debug, Clone)]
pub struct ReadList {
    /// The players kept (all, or those asked for), with the list's month and kind.
    pub list: FideList,
    /// What could not be read in the kept entries, located by line or element.
    pub diagnostics: Vec<Diagnostic>,
}

/// A field of a list entry, whichever layout carries it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Id,
    Name,
    Fed,
    Sex,
    Title,
    WomenTitle,
    OtherTitles,
    Birth,
    Flag,
    Rating(ListKind),
    Games(ListKind),
    K(ListKind),
}

impl Field {
    fn name(self) -> &'static str {
        use ListKind::*;
        match self {
            Field::Id => "fide id",
            Field::Name => "name",
            Field::Fed => "federation",
            Field::Sex => "sex",
            Field::Title => "title",
            Field::WomenTitle => "women's title",
            Field::OtherTitles => "other titles",
            Field::Birth => "birth year",
            Field::Flag => "flag",
            Field::Rating(Standard) => "standard rating",
            Field::Rating(Rapid) => "rapid rating",
            Field::Rating(Blitz) => "blitz rating",
            Field::Games(Standard) => "standard games",
            Field::Games(Rapid) => "rapid games",
            Field::Games(Blitz) => "blitz games",
            Field::K(Standard) => "standard k",
            Field::K(Rapid) => "rapid k",
            Field::K(Blitz) => "blitz k",
        }
    }
}

/// At most this many unreadable lines are listed one by one.
const MAX_LINE_ERRORS: usize = 20;

/// Builds the list from the fields the layout readers hand over.
struct Collector {
    list: FideList,
    diagnostics: Vec<Diagnostic>,
    lines_read: u64,
    month: Option<ListMonth>,
    more_errors: usize,
}

/// Parse digits; empty is `Ok(None)`.
fn number<T: std::str::FromStr>(s: &str) -> Result<Option<T>, ()> {
    if s.is_empty() {
        return Ok(None);
    }
    s.parse::<T>().map(Some).map_err(|_| ())
}

impl Collector {
    fn new(only: Option<ListKind>) -> Collector {
        Collector {
            list: FideList {
                only,
                ..FideList::default()
            },
            diagnostics: Vec::new(),
            lines_read: 0,
            month: None,
            more_errors: 0,
        }
    }

    fn push_error(&mut self, d: Diagnostic) {
        if self.diagnostics.len() < MAX_LINE_ERRORS {
            self.diagnostics.push(d);
        } else {
            self.more_errors += 1;
        }
    }

    fn line_error(
        &mut self,
        line: usize,
        col: &impl Spans,
        field: &str,
        expected: &str,
        found: &str,
    ) {
        let (first, last) = col.span();
        self.push_error(Diagnostic::error(
            codes::FIDE_LIST_SYNTAX,
            Family::Syntax,
            Location::field(line, first, last, field),
            format!("expected {expected}, found \"{found}\""),
        ));
    }

    /// One player from its fields (text trimmed, each with its location).
    fn add(&mut self, id: u64, fields: Vec<(Field, String, Location)>, at: Location) {
        let mut p = ListPlayer {
            fide_id: id,
            name: String::new(),
            federation: String::new(),
            sex: None,
            title: None,
            women_title: None,
            other_titles: String::new(),
            birth_year: None,
            inactive: false,
            standard: None,
            rapid: None,
            blitz: None,
        };
        // rating, games, k per kind
        let mut triples: [(Option<u16>, Option<u32>, Option<u32>); 3] = [(None, None, None); 3];
        let slot = |k: ListKind| match k {
            ListKind::Standard => 0,
            ListKind::Rapid => 1,
            ListKind::Blitz => 2,
        };
        let mut bad: Vec<Diagnostic> = Vec::new();
        let mut fail = |loc: &Location, expected: &str, found: &str| {
            bad.push(Diagnostic::error(
                codes::FIDE_LIST_SYNTAX,
                Family::Syntax,
                loc.clone(),
                format!("expected {expected}, found \"{found}\""),
            ))
        };
        for (field, v, loc) in fields {
            match field {
                Field::Id => {}
                Field::Name => p.name = v,
                Field::Fed => p.federation = v,
                Field::Sex => {
                    p.sex = match v.as_str() {
                        "M" | "m" => Some(Sex::Male),
                        "F" | "f" | "W" | "w" => Some(Sex::Female),
                        "" => None,
                        other => {
                            fail(&loc, "M or F", other);
                            None
                        }
                    }
                }
                Field::Title => p.title = (!v.is_empty()).then(|| Title::from_code(&v)),
                Field::WomenTitle => p.women_title = (!v.is_empty()).then(|| Title::from_code(&v)),
                Field::OtherTitles => p.other_titles = v,
                Field::Birth => match number::<i32>(&v) {
                    Ok(y) => p.birth_year = y.filter(|y| *y > 0),
                    Err(()) => fail(&loc, "a year of 4 digits", &v),
                },
                Field::Flag => p.inactive = v.to_ascii_lowercase().contains('i'),
                Field::Rating(k) => match number::<u16>(&v) {
                    Ok(r) => triples[slot(k)].0 = r.filter(|r| *r > 0),
                    Err(()) => fail(&loc, "a rating of up to 4 digits", &v),
                },
                Field::Games(k) => match number::<u32>(&v) {
                    Ok(g) => triples[slot(k)].1 = g,
                    Err(()) => fail(&loc, "a number of games", &v),
                },
                Field::K(k) => match number::<u32>(&v) {
                    Ok(x) => triples[slot(k)].2 = x.filter(|x| *x > 0),
                    Err(()) => fail(&loc, "a K factor", &v),
                },
            }
        }
        for d in bad {
            self.push_error(d);
        }
        let make = |(r, g, k): (Option<u16>, Option<u32>, Option<u32>)| {
            r.map(|rating| ListRating {
                rating,
                games: g.unwrap_or(0),
                k,
            })
        };
        p.standard = make(triples[0]);
        p.rapid = make(triples[1]);
        p.blitz = make(triples[2]);
        if self.list.players.contains_key(&id) {
            self.push_error(Diagnostic::warning(
                codes::FIDE_LIST_SYNTAX,
                Family::Consistency,
                at,
                format!("FIDE id {id} is listed twice; the first entry is kept"),
            ));
            return;
        }
        self.list.players.insert(id, p);
    }

    fn finish(mut self, name: &str, opts: &ReadOptions) -> ReadList {
        self.list.lines_read = self.lines_read;
        self.list.month = self.month.or(opts.month);
        if self.more_errors > 0 {
            self.diagnostics.push(Diagnostic::error(
                codes::FIDE_LIST_SYNTAX,
                Family::Syntax,
                Location::default(),
                format!("{} more unreadable fields not listed", self.more_errors),
            ));
        }
        let diagnostics = self
            .diagnostics
            .into_iter()
            .map(|d| d.in_file(Some(name)))
            .collect();
        ReadList {
            list: self.list,
            diagnostics,
        }
    }
}

/// A 1-based column span, for locating a diagnostic.
trait Spans {
    fn span(&self) -> (usize, usize);
}

/// The kind a single-type list holds, by its file name.
fn kind_from_name(name: &str) -> ListKind {
    let n = name.to_ascii_lowercase();
    if n.contains("rapid") {
        ListKind::Rapid
    } else if n.contains("blitz") {
        ListKind::Blitz
    } else {
        ListKind::Standard
    }
}

/// Read a TXT or XML list (detected by its first character) from `r`;
/// `name` names it in diagnostics and, without [`ReadOptions::kind`], tells
/// a single-type list's kind.
pub fn read_text<R: BufRead>(
    r: R,
    name: &str,
    opts: &ReadOptions,
) -> Result<ReadList, Box<Diagnostic>> {
    read_bounded(r, name, opts, None)
}

/// [`read_text`], each line or XML event bounded, and the whole to `total`
/// bytes when given (a zip member as it inflates).
fn read_bounded<R: BufRead>(
    r: R,
    name: &str,
    opts: &ReadOptions,
    total: Option<u64>,
) -> Result<ReadList, Box<Diagnostic>> {
    let mut r = bounded::Bounded::new(r, total);
    let tripped = r.tripped();
    let single = opts.kind.unwrap_or_else(|| kind_from_name(name));
    let is_xml = {
        let buf = r.fill_buf().map_err(|e| access(name, &e))?;
        let start = buf.strip_prefix(b"\xef\xbb\xbf").unwrap_or(buf);
        start.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<')
    };
    let c = if is_xml {
        xml::read(r, single, opts)
    } else {
        txt::read(r, name, single, opts)
    }
    .map_err(|d| match tripped.get() {
        Some(why) => Box::new(too_large(name, why)),
        None => Box::new(d.in_file(Some(name))),
    })?;
    Ok(c.finish(name, opts))
}

fn too_large(name: &str, why: bounded::Tripped) -> Diagnostic {
    let m = match why {
        bounded::Tripped::Chunk => format!(
            "expected FIDE list lines and XML elements of at most {} bytes, found a longer one; the list was not read",
            bounded::MAX_CHUNK
        ),
        bounded::Tripped::Total(t) => format!(
            "expected a zipped list that inflates to at most {t} bytes ({} times the archive, plus {} MiB), found more; the list was not read (the size the archive declares is not trusted)",
            bounded::MAX_RATIO,
            bounded::INFLATE_SLACK >> 20
        ),
    };
    Diagnostic::error(
        codes::INPUT_TOO_LARGE,
        Family::Syntax,
        Location {
            file: Some(name.to_string()),
            ..Location::default()
        },
        m,
    )
}

fn access(name: &str, e: &dyn std::fmt::Display) -> Box<Diagnostic> {
    Box::new(Diagnostic::error(
        codes::FILE_ACCESS,
        Family::Syntax,
        Location::default(),
        format!("{name}: cannot read the FIDE list: {e}"),
    ))
}

/// Read a list from a seekable source: a zip archive (its first `.txt` or
/// `.xml` member, else its first member) or a plain TXT or XML file.
pub fn read<R: Read + Seek>(
    mut r: R,
    name: &str,
    opts: &ReadOptions,
) -> Result<ReadList, Box<Diagnostic>> {
    let mut magic = [0u8; 4];
    let n = read_up_to(&mut r, &mut magic).map_err(|e| access(name, &e))?;
    // The archive's real size, not what it declares: the bound on inflating.
    let size = r
        .seek(std::io::SeekFrom::End(0))
        .map_err(|e| access(name, &e))?;
    r.seek(std::io::SeekFrom::Start(0))
        .map_err(|e| access(name, &e))?;
    if n == 4 && magic == *b"PK\x03\x04" {
        let mut zip = zip::ZipArchive::new(r).map_err(|e| not_a_zip(name, &e))?;
        let names: Vec<String> = zip.file_names().map(str::to_string).collect();
        let pick = names
            .iter()
            .position(|m| {
                let l = m.to_ascii_lowercase();
                l.ends_with(".txt") || l.ends_with(".xml")
            })
            .or((!names.is_empty()).then_some(0));
        let Some(i) = pick else {
            return Err(not_a_zip(name, &"the archive is empty"));
        };
        let member = zip.by_index(i).map_err(|e| not_a_zip(name, &e))?;
        let inner = format!("{name}:{}", member.name());
        let limit = size
            .saturating_mul(bounded::MAX_RATIO)
            .saturating_add(bounded::INFLATE_SLACK);
        read_bounded(
            BufReader::with_capacity(1 << 16, member),
            &inner,
            opts,
            Some(limit),
        )
    } else {
        read_text(BufReader::with_capacity(1 << 16, r), name, opts)
    }
}

/// Read the list at `path` (see [`read`]).
pub fn read_path(path: &Path, opts: &ReadOptions) -> Result<ReadList, Box<Diagnostic>> {
    let name = path.display().to_string();
    let f = std::fs::File::open(path).map_err(|e| access(&name, &e))?;
    read(f, &name, opts)
}

fn read_up_to<R: Read>(r: &mut R, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

fn not_a_zip(name: &str, e: &dyn std::fmt::Display) -> Box<Diagnostic> {
    Box::new(Diagnostic::error(
        codes::UNRECOGNIZED_INPUT,
        Family::Syntax,
        Location::default(),
        format!("{name}: expected a zip archive holding a FIDE list, found one that cannot be read: {e}"),
    ))
}

#[cfg(test)]
mod tests;
