//! The full model as JSON, with a stable documented shape.
//!
//! ```json
//! {
//!   "format": "chess-arbiter-tournament",
//!   "version": 1,
//!   "tournament": { "info": {...}, "scoring": {...}, "players": [...], ... }
//! }
//! ```
//!
//! `tournament` is [`Tournament`] serialised by serde: points are integer
//! tenths (`15` is 1.5); round entries are objects tagged by `kind`
//! (`played`, `unknown`, `pending`, `forfeit`, `bye`, `not_paired`, `free`:
//! the free round of an odd round robin); dates are
//! `YYYY-MM-DD`; empty and absent optional fields are omitted. Version 1 is
//! this shape; fields may be added (readers ignore unknown ones), never renamed.

use serde::{Deserialize, Serialize};

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::Tournament;

/// The value of the `format` field.
pub const FORMAT: &str = "chess-arbiter-tournament";
/// The current shape version.
pub const VERSION: u32 = 1;

#[derive(Serialize)]
struct DocOut<'a> {
    format: &'static str,
    version: u32,
    tournament: &'a Tournament,
}

#[derive(Deserialize)]
struct DocIn {
    format: String,
    version: u32,
    tournament: Tournament,
}

/// Serialise to pretty JSON, ending with a newline.
pub fn write(t: &Tournament) -> String {
    let mut out = Vec::new();
    match write_to(t, &mut out) {
        // serde_json writes UTF-8 only.
        Ok(()) => String::from_utf8(out).unwrap_or_default(),
        // Serialising plain data with string keys into memory cannot fail.
        Err(e) => format!("{{\"error\": \"{e}\"}}\n"),
    }
}

/// [`write()`] as a stream into `w`: the document is never held whole in
/// memory (one string would hold the whole document, many times the input).
/// Wrap a file or stdout in a `BufWriter`.
pub fn write_to<W: std::io::Write>(t: &Tournament, mut w: W) -> std::io::Result<()> {
    let doc = DocOut {
        format: FORMAT,
        version: VERSION,
        tournament: t,
    };
    serde_json::to_writer_pretty(&mut w, &doc).map_err(std::io::Error::from)?;
    w.write_all(b"\n")?;
    w.flush()
}

/// Read a document written by [`write()`] (any version up to [`VERSION`]).
/// The error is boxed: a diagnostic is large and errors are rare.
pub fn read(text: &str) -> Result<Tournament, Box<Diagnostic>> {
    let doc: DocIn = serde_json::from_str(text).map_err(|e| {
        Box::new(Diagnostic::error(
            codes::JSON_SYNTAX,
            Family::Syntax,
            Location {
                line: Some(e.line()),
                cols: Some((e.column(), e.column())),
                ..Location::default()
            },
            format!("expected a chess-arbiter JSON document: {e}"),
        ))
    })?;
    if doc.format != FORMAT {
        return Err(Box::new(Diagnostic::error(
            codes::JSON_SYNTAX,
            Family::Syntax,
            Location {
                field: Some("format".into()),
                ..Location::default()
            },
            format!("expected format \"{FORMAT}\", found \"{}\"", doc.format),
        )));
    }
    if doc.version == 0 || doc.version > VERSION {
        return Err(Box::new(Diagnostic::error(
            codes::JSON_SYNTAX,
            Family::Syntax,
            Location {
                field: Some("version".into()),
                ..Location::default()
            },
            format!("expected version 1 to {VERSION}, found {}", doc.version),
        )));
    }
    Ok(doc.tournament)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ByeKind, Player, PlayerId, Points, RoundEntry};

    #[test]
    fn round_trips_and_has_the_documented_shape() {
        let t = Tournament {
            players: vec![Player {
                id: PlayerId(1),
                name: "Doe, Jane".into(),
                points: Some(Points(5)),
                rounds: vec![RoundEntry::Bye { bye: ByeKind::Half }],
                ..Default::default()
            }],
            ..Default::default()
        };
        let s = write(&t);
        let v: serde_json::Value = serde_json::from_str(&s).unwrap();
        assert_eq!(v["format"], FORMAT);
        assert_eq!(v["version"], 1);
        assert_eq!(v["tournament"]["players"][0]["rounds"][0]["kind"], "bye");
        assert_eq!(v["tournament"]["players"][0]["points"], 5);
        assert_eq!(read(&s).unwrap(), t);
    }

    /// The stream and the string are the same document.
    #[test]
    fn streamed_document_is_the_written_one() {
        let t = Tournament {
            players: vec![Player {
                id: PlayerId(7),
                name: "Doe, Jane".into(),
                ..Default::default()
            }],
            ..Default::default()
        };
        let mut out = Vec::new();
        write_to(&t, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), write(&t));
    }

    #[test]
    fn rejects_other_documents() {
        assert!(read(
            "{\"format\":\"x\",\"version\":1,\"tournament\":{\"info\":{},\"players\":[]}}"
        )
        .is_err());
        let e = read("{").unwrap_err();
        assert_eq!(e.location.line, Some(1));
    }

    #[test]
    fn registered_category_round_trips() {
        let t = Tournament {
            players: vec![Player {
                id: PlayerId(1),
                name: "Doe, Jane".into(),
                registered_category: Some("U13 Girls".into()),
                ..Default::default()
            }],
            ..Default::default()
        };
        let text = write(&t);
        assert!(
            text.contains("\"registered_category\": \"U13 Girls\""),
            "{text}"
        );
        let back = read(&text).map(|b| b.players[0].registered_category.clone());
        assert_eq!(back.ok().flatten().as_deref(), Some("U13 Girls"));
    }
}
