//! The player file "Spielerdaten (Text-File)".
//!
//! `;`-separated, header row first, columns found **by header name** because the number
//! of `Wtg` columns follows the tournament settings. Facts and the sample that shows them
//! (`players_round1.txt`, Swiss-Manager 15, German UI, UTF-8, CRLF):
//! - header `Nr;Name;Titel;Identnr;EloNat;EloInt;Geburt;Fed;Sex;Typ;Gr;KlubNr;Klub;
//!   FideIdent;Quelle;Pkt;Wtg1;…;Wtg6;Rang;Nachname;Vorname;Atitel`;
//! - `Name` is "Surname Given" joined by a space, so `Nachname`/`Vorname` are used when present;
//! - ratings and `FideIdent` are `0` when absent; `Geburt` is `dd.mm.yyyy`;
//! - `Sex` is `W` for women and blank otherwise (blank is read as unknown, not as male);
//! - `Pkt` writes halves with the `½` glyph (`½`, `2½`);
//! - `Wtg1…` are tie-break values with a decimal comma, unnamed; they are kept as
//!   labels `sm.Wtg1`… on the player, together with `Typ`, `Gr`, `KlubNr`, `Klub`,
//!   `Quelle`, `Atitel` and `Identnr` (`sm.<header>`).
//!
//! Encoding is sniffed: UTF-8 when valid, else Windows-1252 (docs/swiss-manager.md §2.3).

use super::text::{self, Encoding};
use crate::diag::{codes, Diagnostic, Family, Location};
use crate::formats::encoding;
use crate::model::{BirthDate, NationalRating, Player, PlayerId, Points, Sex, Title, Tournament};

pub use super::text::RawRow;

/// The header Swiss-Manager 15 writes (German UI).
pub const HEADER: [&str; 26] = [
    "Nr",
    "Name",
    "Titel",
    "Identnr",
    "EloNat",
    "EloInt",
    "Geburt",
    "Fed",
    "Sex",
    "Typ",
    "Gr",
    "KlubNr",
    "Klub",
    "FideIdent",
    "Quelle",
    "Pkt",
    "Wtg1",
    "Wtg2",
    "Wtg3",
    "Wtg4",
    "Wtg5",
    "Wtg6",
    "Rang",
    "Nachname",
    "Vorname",
    "Atitel",
];

/// Columns kept verbatim as `sm.<name>` labels.
const LABEL_COLUMNS: [&str; 7] = ["Identnr", "Typ", "Gr", "KlubNr", "Klub", "Quelle", "Atitel"];

/// The file as written (wire shape).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayerFile {
    /// The header row's column names, in file order.
    pub header: Vec<String>,
    /// Every data row, as read.
    pub rows: Vec<RawRow>,
    /// The line end the file uses (`"\r
    /// "` or `"
    /// "`), written back.
    pub eol: String,
    /// Whether the last line ends with a line end.
    pub final_eol: bool,
    /// The text encoding the file was read in (UTF-8 or Windows-1252).
    pub encoding: Encoding,
    /// The file began with a byte-order mark (written back).
    pub bom: bool,
}

/// One row, typed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PlayerRow {
    /// 1-based line of the row in the file.
    pub line: usize,
    /// Start number (`Nr`).
    pub number: u32,
    /// `Name`: surname and given name joined by a space.
    pub name: String,
    /// `Nachname` (surname), when the column is there.
    pub surname: String,
    /// `Vorname` (given name), when the column is there.
    pub given: String,
    /// `Titel` (FIDE title), as written.
    pub title: String,
    /// `EloNat`: national rating; `None` when 0 or blank.
    pub rating_national: Option<u16>,
    /// `EloInt`: FIDE rating; `None` when 0 or blank.
    pub rating_fide: Option<u16>,
    /// `Geburt` (`dd.mm.yyyy`), to the precision given.
    pub birth: Option<BirthDate>,
    /// `Fed`: federation code, as written.
    pub federation: String,
    /// `Sex`: `W` for women, blank otherwise (blank reads as unknown).
    pub sex: String,
    /// `FideIdent`: FIDE id; `None` when 0 or blank.
    pub fide_id: Option<String>,
    /// `Pkt`: points (halves written `½`).
    pub points: Option<Points>,
    /// `(header, raw value)` for every `Wtg` column, in file order.
    pub tiebreaks: Vec<(String, String)>,
    /// `Rang`: rank.
    pub rank: Option<u32>,
    /// `(header, raw value)` for the other columns kept as labels.
    pub labels: Vec<(String, String)>,
}

impl From<PlayerRow> for Player {
    fn from(r: PlayerRow) -> Player {
        let name = if !r.surname.is_empty() && !r.given.is_empty() {
            format!("{}, {}", r.surname, r.given)
        } else if !r.surname.is_empty() {
            r.surname.clone()
        } else {
            r.name.clone()
        };
        let mut labels = std::collections::BTreeMap::new();
        for (h, v) in r.labels.iter().chain(r.tiebreaks.iter()) {
            if !v.is_empty() {
                labels.insert(format!("sm.{h}"), v.clone());
            }
        }
        let national_ratings = match r.rating_national {
            Some(rt) => vec![NationalRating {
                federation: r.federation.clone(),
                rating: Some(rt),
                ..Default::default()
            }],
            None => Vec::new(),
        };
        Player {
            id: PlayerId(r.number),
            sex: match r.sex.as_str() {
                "W" | "w" | "F" | "f" => Some(Sex::Female),
                "M" | "m" => Some(Sex::Male),
                _ => None,
            },
            title: (!r.title.is_empty()).then(|| Title::from_code(&r.title)),
            name,
            rating: r.rating_fide,
            federation: (!r.federation.is_empty()).then(|| r.federation.clone()),
            fide_id: r.fide_id,
            birth: r.birth,
            points: r.points,
            rank: r.rank,
            national_ratings,
            // SM's `Typ`: the category the player entered (docs/profile.md).
            registered_category: labels.get("sm.Typ").cloned(),
            labels,
            ..Default::default()
        }
    }
}

/// The result of [`read`].
#[derive(Debug, Clone)]
pub struct PlayersRead {
    /// The file as written (kept for writing back).
    pub file: PlayerFile,
    /// The typed rows, in file order.
    pub rows: Vec<PlayerRow>,
    /// Every problem found, located by line and column name.
    pub diagnostics: Vec<Diagnostic>,
}

pub use super::pairings::ReadError;

/// Looks like a player file (header starts with `Nr;Name;`)?
pub fn sniff(bytes: &[u8]) -> bool {
    let b = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    b.starts_with(b"Nr;Name;")
}

fn loc(line: usize, name: &str) -> Location {
    Location {
        line: Some(line),
        field: Some(name.to_string()),
        ..Location::default()
    }
}

/// Read a player file.
pub fn read(bytes: &[u8]) -> Result<PlayersRead, ReadError> {
    let decoded = encoding::decode(bytes, None);
    let Some(mut rr) = text::RowReader::new(&decoded.text) else {
        return Err(ReadError {
            diagnostics: vec![Diagnostic::error(
                codes::UNRECOGNIZED_INPUT,
                Family::Syntax,
                Location::line(1),
                "expected a header row starting with \"Nr;Name\", found an empty file",
            )],
        });
    };
    let raw_header = rr.header().map_err(|d| ReadError {
        diagnostics: vec![*d],
    })?;
    let first = raw_header.join(";");
    let header: Vec<String> = raw_header.iter().map(|h| h.trim().to_string()).collect();
    let col = |n: &str| header.iter().position(|h| h.eq_ignore_ascii_case(n));
    let Some(c_nr) = col("Nr") else {
        return Err(ReadError {
            diagnostics: vec![Diagnostic::error(
                codes::UNRECOGNIZED_INPUT,
                Family::Syntax,
                Location::line(1),
                format!("expected a column \"Nr\" in the header, found {first:?}"),
            )],
        });
    };
    let mut diagnostics = text::RowDiagnostics::default();
    let mut rows = Vec::new();
    // Start number -> the line that first used it: a second row with the same
    // number is an error and is not read, so a file of one row repeated cannot
    // grow the model beyond its distinct players.
    let mut seen: std::collections::HashMap<u32, usize> = std::collections::HashMap::new();
    let mut raw = Vec::new();
    loop {
        let row = match rr.next_row() {
            Ok(Some(row)) => row,
            Ok(None) => break,
            Err(d) => {
                diagnostics.push(*d);
                break;
            }
        };
        let fields = rr.fields();
        let (line, blank) = (row.line, row.is_blank());
        raw.push(row);
        if blank {
            continue;
        }
        if fields.len() != header.len() {
            diagnostics.push(Diagnostic::warning(
                codes::SM_FIELD_SYNTAX,
                Family::Syntax,
                Location::line(line),
                format!(
                    "expected {} fields as in the header, found {}",
                    header.len(),
                    fields.len()
                ),
            ));
        }
        let get = |n: &str| -> String {
            col(n)
                .and_then(|c| fields.get(c))
                .map(|s| s.trim().to_string())
                .unwrap_or_default()
        };
        let nr_text = fields.get(c_nr).map(|s| s.trim()).unwrap_or("");
        let Some(number) = nr_text.parse::<u32>().ok().filter(|n| *n > 0) else {
            diagnostics.push(Diagnostic::error(
                codes::SM_FIELD_SYNTAX,
                Family::Syntax,
                loc(line, "Nr"),
                format!("expected a start number, found {nr_text:?}; row skipped"),
            ));
            continue;
        };
        if let Some(&first) = seen.get(&number) {
            diagnostics.push(Diagnostic::error(
                codes::STARTING_RANK_DUPLICATE,
                Family::Consistency,
                loc(line, "Nr"),
                format!(
                    "expected a start number not used before, found {number}, already on line {first}; row skipped"
                ),
            ));
            continue;
        }
        seen.insert(number, line);
        let mut rating = |n: &str| -> Option<u16> {
            let v = get(n);
            if v.is_empty() || v == "0" {
                return None;
            }
            match v.parse::<u16>() {
                Ok(r) => Some(r),
                Err(_) => {
                    diagnostics.push(Diagnostic::error(
                        codes::SM_FIELD_SYNTAX,
                        Family::Syntax,
                        loc(line, n),
                        format!("expected a rating, found {v:?}"),
                    ));
                    None
                }
            }
        };
        let rating_national = rating("EloNat");
        let rating_fide = rating("EloInt");
        let birth_text = get("Geburt");
        let birth = if birth_text.is_empty() {
            None
        } else {
            let b = parse_birth(&birth_text);
            if b.is_none() {
                diagnostics.push(Diagnostic::error(
                    codes::SM_FIELD_SYNTAX,
                    Family::Syntax,
                    loc(line, "Geburt"),
                    format!("expected a date dd.mm.yyyy, found {birth_text:?}"),
                ));
            }
            b.flatten()
        };
        let pkt = get("Pkt");
        let points = if pkt.is_empty() {
            None
        } else {
            // U+FFFD stands for a `½` that was lost in a wrong decoding.
            let p = Points::parse(&pkt.replace('\u{FFFD}', "½"));
            if p.is_none() {
                diagnostics.push(Diagnostic::error(
                    codes::SM_FIELD_SYNTAX,
                    Family::Syntax,
                    loc(line, "Pkt"),
                    format!("expected points such as 2½ or 3, found {pkt:?}"),
                ));
            }
            p
        };
        let rang = get("Rang");
        let rank = if rang.is_empty() {
            None
        } else {
            let r = rang.parse::<u32>().ok();
            if r.is_none() {
                diagnostics.push(Diagnostic::error(
                    codes::SM_FIELD_SYNTAX,
                    Family::Syntax,
                    loc(line, "Rang"),
                    format!("expected a rank, found {rang:?}"),
                ));
            }
            r
        };
        let fide = get("FideIdent");
        let tiebreaks = header
            .iter()
            .enumerate()
            .filter(|(_, h)| h.to_ascii_lowercase().starts_with("wtg"))
            .map(|(i, h)| {
                (
                    h.clone(),
                    fields
                        .get(i)
                        .map(|s| s.trim().to_string())
                        .unwrap_or_default(),
                )
            })
            .collect();
        let labels = LABEL_COLUMNS
            .iter()
            .filter(|n| col(n).is_some())
            .map(|n| (n.to_string(), get(n)))
            .collect();
        rows.push(PlayerRow {
            line,
            number,
            name: get("Name"),
            surname: get("Nachname"),
            given: get("Vorname"),
            title: get("Titel"),
            rating_national,
            rating_fide,
            birth,
            federation: get("Fed"),
            sex: get("Sex"),
            fide_id: (!fide.is_empty() && fide != "0").then_some(fide),
            points,
            tiebreaks,
            rank,
            labels,
        });
    }
    let diagnostics = diagnostics.finish();
    Ok(PlayersRead {
        file: PlayerFile {
            header,
            rows: raw,
            eol: rr.eol.to_string(),
            final_eol: rr.final_eol,
            encoding: decoded.encoding,
            bom: decoded.bom,
        },
        rows,
        diagnostics,
    })
}

/// `dd.mm.yyyy`; `00.00.yyyy` or `yyyy` mean year only. `Some(None)` is never returned
/// for a non-empty text: `None` = unreadable.
fn parse_birth(s: &str) -> Option<Option<BirthDate>> {
    let parts: Vec<&str> = s.split('.').collect();
    let (d, m, y) = match parts.as_slice() {
        [y] => ("0", "0", *y),
        [d, m, y] => (*d, *m, *y),
        _ => return None,
    };
    let year: i32 = y.parse().ok()?;
    let month: u32 = m.parse().ok()?;
    let day: u32 = d.parse().ok()?;
    if year == 0 {
        return Some(None);
    }
    let b = BirthDate {
        year,
        month: (month != 0).then_some(month),
        day: (day != 0).then_some(day),
    };
    if b.month.is_some() && b.day.is_some() && b.date().is_none() {
        return None;
    }
    Some(Some(b))
}

/// Write the file back exactly as held.
pub fn write(file: &PlayerFile) -> (Vec<u8>, Vec<Diagnostic>) {
    let mut s = file.header.join(";");
    for r in &file.rows {
        s.push_str(&file.eol);
        s.push_str(&r.text);
    }
    if file.final_eol {
        s.push_str(&file.eol);
    }
    encoding::encode(&s, file.encoding, file.bom)
}

/// Build a player file from `t` with the standard header. `Pkt` is the declared points
/// (or the score from the results when none is declared); `Wtg` columns come from the
/// `sm.Wtg<n>` labels when present and are empty otherwise.
pub fn from_tournament(t: &Tournament) -> PlayerFile {
    let rows = t
        .players
        .iter()
        .map(|p| {
            let (surname, given) = match p.name.split_once(',') {
                Some((s, g)) => (s.trim().to_string(), g.trim().to_string()),
                None => (p.name.trim().to_string(), String::new()),
            };
            let label = |k: &str| {
                p.labels
                    .get(&format!("sm.{k}"))
                    .cloned()
                    .unwrap_or_default()
            };
            let birth = p.birth.map_or(String::new(), |b| {
                format!(
                    "{:02}.{:02}.{:04}",
                    b.day.unwrap_or(0),
                    b.month.unwrap_or(0),
                    b.year
                )
            });
            let nat = p
                .national_ratings
                .iter()
                .find_map(|n| n.rating)
                .map_or("0".to_string(), |r| r.to_string());
            let points = p.points.unwrap_or_else(|| t.score(p, None));
            let fields: Vec<String> = HEADER
                .iter()
                .map(|h| match *h {
                    "Nr" => p.id.to_string(),
                    "Name" => [surname.as_str(), given.as_str()]
                        .iter()
                        .filter(|s| !s.is_empty())
                        .copied()
                        .collect::<Vec<_>>()
                        .join(" "),
                    "Titel" => p
                        .title
                        .as_ref()
                        .map(|t| t.code().to_string())
                        .unwrap_or_default(),
                    "EloNat" => nat.clone(),
                    "EloInt" => p.rating.map_or("0".to_string(), |r| r.to_string()),
                    "Geburt" => birth.clone(),
                    "Fed" => p.federation.clone().unwrap_or_default(),
                    "Sex" => {
                        if p.sex == Some(Sex::Female) {
                            "W".into()
                        } else {
                            String::new()
                        }
                    }
                    "FideIdent" => p.fide_id.clone().unwrap_or_else(|| "0".into()),
                    "KlubNr" => {
                        let v = label("KlubNr");
                        if v.is_empty() {
                            "0".into()
                        } else {
                            v
                        }
                    }
                    "Pkt" => text::format_points_half(points),
                    "Rang" => p.rank.map(|r| r.to_string()).unwrap_or_default(),
                    // The category the player registered in (TRF XXG): the
                    // column the reader takes it from.
                    "Typ" => p
                        .registered_category
                        .clone()
                        .unwrap_or_else(|| label("Typ")),
                    "Nachname" => surname.clone(),
                    "Vorname" => given.clone(),
                    other => label(other),
                })
                .collect();
            RawRow::new(0, &fields)
        })
        .collect();
    PlayerFile {
        header: HEADER.iter().map(|s| s.to_string()).collect(),
        rows,
        eol: "\r\n".into(),
        final_eol: true,
        encoding: Encoding::Utf8,
        bom: false,
    }
}
