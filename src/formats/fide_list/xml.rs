//! The XML lists: `<playerslist><player><fideid>…</fideid><name>…</name>
//! <country>…</country><sex>…</sex><title>…</title><w_title>…</w_title>
//! <o_title>…</o_title><foa_title>…</foa_title><rating>…</rating>
//! <games>…</games><k>…</k>` then, in the combined list, `rapid_rating`,
//! `rapid_games`, `rapid_k`, `blitz_rating`, `blitz_games`, `blitz_k`, and
//! `<birthday>…</birthday><flag>…</flag></player>`. Elements are matched by
//! name; a single-type list has only `rating`, `games` and `k`.

use std::io::BufRead;

use quick_xml::events::Event;
use quick_xml::name::QName;
use quick_xml::Reader;

use super::{Collector, Field, ReadOptions};
use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::fide_list::ListKind;

/// The field an element names; `rating`, `games`, `k` are the standard
/// triple of the combined list, else the single list's kind.
fn field_of(tag: &[u8], plain: ListKind) -> Option<Field> {
    use ListKind::*;
    Some(match tag {
        b"fideid" => Field::Id,
        b"name" => Field::Name,
        b"country" => Field::Fed,
        b"sex" => Field::Sex,
        b"title" => Field::Title,
        b"w_title" => Field::WomenTitle,
        b"o_title" => Field::OtherTitles,
        b"birthday" => Field::Birth,
        b"flag" => Field::Flag,
        b"rating" => Field::Rating(plain),
        b"games" => Field::Games(plain),
        b"k" => Field::K(plain),
        b"rapid_rating" => Field::Rating(Rapid),
        b"rapid_games" => Field::Games(Rapid),
        b"rapid_k" => Field::K(Rapid),
        b"blitz_rating" => Field::Rating(Blitz),
        b"blitz_games" => Field::Games(Blitz),
        b"blitz_k" => Field::K(Blitz),
        _ => return None,
    })
}

/// The most elements of one `<player>` kept (a combined list's entry has 18).
const MAX_FIELDS: usize = 64;

fn at_byte(pos: u64, field: &str) -> Location {
    Location {
        field: Some(format!("{field}, byte {pos}")),
        ..Location::default()
    }
}

/// One `<player>` element as read: raw element names and texts.
#[derive(Default)]
struct Raw {
    start: u64,
    fields: Vec<(Vec<u8>, String, u64)>,
    /// Its `fideid` came first and is not wanted: the rest is skipped.
    skip: bool,
}

pub(super) fn read<R: BufRead>(
    r: super::bounded::Bounded<R>,
    single: ListKind,
    opts: &ReadOptions,
) -> Result<Collector, Box<Diagnostic>> {
    let mut reader = Reader::from_reader(r);
    reader.config_mut().trim_text(true);
    let mut buf = Vec::with_capacity(1024);
    let mut out = Collector::new(Some(single));
    let mut combined = false;
    let mut saw_player = false;
    let mut player: Option<Raw> = None;
    let mut tag: Option<(Vec<u8>, u64)> = None;
    // The first player is read event by event, so its elements show whether
    // the list is combined (`rapid_*`, `blitz_*`); later unwanted players are
    // skipped to their end tag unparsed.
    let mut shape_known = false;
    loop {
        let pos = reader.buffer_position();
        reader.get_mut().reset();
        let ev = reader.read_event_into(&mut buf).map_err(|e| {
            Box::new(Diagnostic::error(
                codes::FIDE_LIST_SYNTAX,
                Family::Syntax,
                at_byte(reader.error_position(), "xml"),
                format!("expected well-formed XML, found an error: {e}"),
            ))
        })?;
        match ev {
            Event::Eof => break,
            Event::Start(e) => {
                let local = e.local_name();
                let n = local.as_ref();
                if n == b"player" {
                    saw_player = true;
                    player = Some(Raw {
                        start: pos,
                        ..Raw::default()
                    });
                } else if let Some(p) = &player {
                    if n.starts_with(b"rapid_") || n.starts_with(b"blitz_") {
                        combined = true;
                    }
                    if !p.skip {
                        tag = Some((n.to_vec(), pos));
                    }
                }
            }
            Event::Text(t) => {
                if let (Some(p), Some((n, at))) = (player.as_mut(), tag.as_ref()) {
                    if p.skip {
                        buf.clear();
                        continue;
                    }
                    if p.fields.is_empty() && n.as_slice() == b"fideid" {
                        // fast path: an unwanted player is dropped at its id,
                        // and the rest of its element skipped unparsed
                        if let Some(id) = std::str::from_utf8(&t)
                            .ok()
                            .and_then(|x| x.trim().parse::<u64>().ok())
                        {
                            if !opts.wants(id) && !shape_known {
                                p.skip = true;
                                out.lines_read += 1;
                                buf.clear();
                                continue;
                            }
                            if !opts.wants(id) {
                                out.lines_read += 1;
                                player = None;
                                tag = None;
                                buf.clear();
                                reader
                                    .read_to_end_into(QName(b"player"), &mut buf)
                                    .map_err(|e| {
                                        Box::new(Diagnostic::error(
                                            codes::FIDE_LIST_SYNTAX,
                                            Family::Syntax,
                                            at_byte(reader.error_position(), "xml"),
                                            format!(
                                                "expected well-formed XML, found an error: {e}"
                                            ),
                                        ))
                                    })?;
                                buf.clear();
                                continue;
                            }
                        }
                    }
                    let s = t
                        .unescape()
                        .map(|c| c.into_owned())
                        .unwrap_or_else(|_| String::from_utf8_lossy(&t).into_owned());
                    // only the elements a list entry has, and each a few times
                    // at most: a `<player>` of a million elements holds no more
                    if field_of(n, single).is_some() && p.fields.len() < MAX_FIELDS {
                        p.fields.push((n.clone(), s, *at));
                    }
                }
            }
            Event::Empty(e) => {
                let n = e.local_name().as_ref().to_vec();
                if n.starts_with(b"rapid_") || n.starts_with(b"blitz_") {
                    combined = true;
                }
            }
            Event::End(e) => {
                if e.local_name().as_ref() == b"player" {
                    shape_known = true;
                    if let Some(p) = player.take().filter(|p| !p.skip) {
                        finish(&mut out, p, combined, single, opts);
                    }
                }
                tag = None;
            }
            _ => {}
        }
        buf.clear();
    }
    if !saw_player {
        return Err(Box::new(Diagnostic::error(
            codes::UNRECOGNIZED_INPUT,
            Family::Syntax,
            Location::default(),
            "expected a FIDE rating list in XML (`<playerslist><player>…`), found no `<player>` element",
        )));
    }
    if combined {
        out.list.only = None;
    }
    Ok(out)
}

fn finish(out: &mut Collector, p: Raw, combined: bool, single: ListKind, opts: &ReadOptions) {
    out.lines_read += 1;
    let plain = if combined { ListKind::Standard } else { single };
    let id_text = p
        .fields
        .iter()
        .find(|(n, _, _)| n == b"fideid")
        .map(|(_, v, _)| v.trim().to_string())
        .unwrap_or_default();
    let Ok(id) = id_text.parse::<u64>() else {
        out.push_error(Diagnostic::error(
            codes::FIDE_LIST_SYNTAX,
            Family::Syntax,
            at_byte(p.start, "fideid"),
            format!("expected a FIDE id of digits, found \"{id_text}\""),
        ));
        return;
    };
    if !opts.wants(id) {
        return;
    }
    let fields = p
        .fields
        .into_iter()
        .filter_map(|(n, v, at)| {
            let f = field_of(&n, plain)?;
            Some((f, v.trim().to_string(), at_byte(at, f.name())))
        })
        .collect();
    out.add(id, fields, at_byte(p.start, "player"));
}
