//! The disagreements of a tournament with the FIDE rating list
//! ([`crate::rating::fide_list::compare`]) as located diagnostics: an id the
//! list does not know is an error (the report cannot be rated), every other
//! difference a warning for the arbiter to settle.

use crate::diag::{codes, Diagnostic, Family, Locator, PlayerField};
use crate::model::fide_list::{FideList, ListKind};
use crate::model::{Sex, Title, Tournament};
use crate::pairing::start_list::{Left, StartList, Unlisted};
use crate::rating::fide_list::{Disagreement, Finding};

fn sex(s: Option<Sex>) -> &'static str {
    match s {
        Some(Sex::Male) => "m",
        Some(Sex::Female) => "f",
        None => "none",
    }
}

fn title(t: &Option<Title>) -> String {
    t.as_ref()
        .map(|t| t.code().to_string())
        .unwrap_or_else(|| "none".into())
}

fn rating(r: Option<u16>) -> String {
    r.map(|r| r.to_string()).unwrap_or_else(|| "unrated".into())
}

fn kind(k: ListKind) -> &'static str {
    match k {
        ListKind::Standard => "standard",
        ListKind::Rapid => "rapid",
        ListKind::Blitz => "blitz",
    }
}

/// One diagnostic per finding, located at the player's record when `at`
/// knows it, in file `file`.
pub fn diagnostics(
    findings: &[Finding],
    t: &Tournament,
    list: &FideList,
    at: &dyn Locator,
    file: &str,
) -> Vec<Diagnostic> {
    let label = list.label();
    findings
        .iter()
        .map(|f| {
            let name = t
                .player(f.player)
                .map(|p| p.name.as_str())
                .unwrap_or_default();
            let who = format!("player {} ({name})", f.player.0);
            let (code, field, error, msg) = match &f.what {
                Disagreement::UnknownId { fide_id } => (
                    codes::FIDE_LIST_UNKNOWN_ID,
                    PlayerField::FideId,
                    true,
                    format!("{who}: FIDE id {fide_id} is not in the {label}: unknown or mistyped"),
                ),
                Disagreement::Name { file, list } => (
                    codes::FIDE_LIST_MISMATCH,
                    PlayerField::Name,
                    false,
                    format!("{who}: name \"{file}\", the {label} has \"{list}\""),
                ),
                Disagreement::BirthYear { file, list } => (
                    codes::FIDE_LIST_MISMATCH,
                    PlayerField::BirthDate,
                    false,
                    format!(
                        "{who}: birth year {file}, the {label} has {}",
                        list.map(|y| y.to_string()).unwrap_or_else(|| "none".into())
                    ),
                ),
                Disagreement::Sex { file, list } => (
                    codes::FIDE_LIST_MISMATCH,
                    PlayerField::Sex,
                    false,
                    format!("{who}: sex {}, the {label} has {}", sex(*file), sex(*list)),
                ),
                Disagreement::Federation { file, list } => (
                    codes::FIDE_LIST_MISMATCH,
                    PlayerField::Federation,
                    false,
                    format!("{who}: federation {file}, the {label} has {list}"),
                ),
                Disagreement::Title { file, list } => (
                    codes::FIDE_LIST_MISMATCH,
                    PlayerField::Title,
                    false,
                    format!(
                        "{who}: title {}, the {label} has {}",
                        title(file),
                        title(list)
                    ),
                ),
                Disagreement::Rating {
                    kind: k,
                    file,
                    list,
                } => (
                    codes::FIDE_LIST_RATING,
                    PlayerField::Rating,
                    false,
                    format!(
                        "{who}: rating {}, the {label} publishes {} ({} rating)",
                        rating(*file),
                        rating(*list),
                        kind(*k)
                    ),
                ),
                Disagreement::Inactive => (
                    codes::FIDE_LIST_INACTIVE,
                    PlayerField::FideId,
                    false,
                    format!("{who}: inactive in the {label} (flag i)"),
                ),
            };
            let mut loc = crate::diag::Location {
                file: Some(
                    at.player_file(f.player.0)
                        .unwrap_or_else(|| file.to_string()),
                ),
                line: at.player_line(f.player.0),
                cols: at.cols(field),
                field: None,
            };
            if loc.line.is_none() {
                loc.cols = None;
            }
            if error {
                Diagnostic::error(code, Family::Consistency, loc, msg)
            } else {
                Diagnostic::warning(code, Family::Consistency, loc, msg)
            }
        })
        .collect()
}

/// The registrations left off a start list, each located at its line of
/// the registrations file `file`: an error, since the player cannot play a
/// rated event without a FIDE id the list knows.
pub fn unlisted_diagnostics(unlisted: &[Unlisted], list: &FideList, file: &str) -> Vec<Diagnostic> {
    let label = list.label();
    unlisted
        .iter()
        .map(|u| {
            let who = match (&u.name, &u.fide_id) {
                (Some(n), _) => format!("{n}: "),
                _ => String::new(),
            };
            let id = u.fide_id.clone().unwrap_or_default();
            let (code, msg) = match u.why {
                Left::NoFideId => (
                    codes::FIDE_ID_MISSING,
                    "no FIDE id and no name: not on the start list".to_string(),
                ),
                Left::NoFideIdEntered => (
                    codes::FIDE_ID_MISSING,
                    format!(
                        "{who}no FIDE id: entered unrated, after the listed players \
                         (validate --profile enforces a profile's require_fide_id)"
                    ),
                ),
                Left::Malformed => (
                    codes::FIDE_ID_MALFORMED,
                    format!("{who}FIDE id \"{id}\" is not digits: not on the start list"),
                ),
                Left::NotInList => (
                    codes::FIDE_LIST_UNKNOWN_ID,
                    format!("{who}FIDE id {id} is not in the {label}: unknown or mistyped; not on the start list"),
                ),
                Left::Duplicate => (
                    codes::FIDE_ID_DUPLICATE,
                    format!("{who}FIDE id {id} is registered on an earlier line: listed once"),
                ),
            };
            let loc = crate::diag::Location {
                file: Some(file.to_string()),
                line: Some(u.line),
                cols: None,
                field: None,
            };
            if matches!(u.why, Left::Duplicate | Left::NoFideIdEntered) {
                Diagnostic::warning(code, Family::Consistency, loc, msg)
            } else {
                Diagnostic::error(code, Family::Consistency, loc, msg)
            }
        })
        .collect()
}

/// The start list as an aligned table: pairing number, title, name,
/// federation, rating, FIDE id, year of birth, category; then the
/// registrations left off.
pub fn start_list_text(s: &StartList) -> String {
    use std::fmt::Write as _;
    let t = &s.tournament;
    let w = t
        .players
        .iter()
        .map(|p| p.name.chars().count().min(super::MAX_CELL_CHARS))
        .max()
        .unwrap_or(4)
        .max(4);
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{:>4}  {:<3}  {:<w$}  {:<3}  {:>4}  {:>10}  {:>4}  Cat",
        "TPN", "Tit", "Name", "FED", "Rtg", "FIDE id", "Born"
    );
    for p in &t.players {
        let _ = writeln!(
            o,
            "{:>4}  {:<3}  {:<w$}  {:<3}  {:>4}  {:>10}  {:>4}  {}",
            p.id.0,
            p.title.as_ref().map(|t| t.code()).unwrap_or(""),
            super::cell(&p.name),
            super::cell(p.federation.as_deref().unwrap_or("")),
            p.rating.map(|r| r.to_string()).unwrap_or_default(),
            p.fide_id.as_deref().unwrap_or(""),
            p.birth.map(|b| b.year.to_string()).unwrap_or_default(),
            p.labels.get("category").map(String::as_str).unwrap_or("")
        );
    }
    let left: Vec<&Unlisted> = s
        .unlisted
        .iter()
        .filter(|u| u.why != Left::NoFideIdEntered)
        .collect();
    if !left.is_empty() {
        let _ = writeln!(o, "\nNot on the start list ({}):", left.len());
        for u in left {
            let why = match u.why {
                Left::NoFideId | Left::NoFideIdEntered => "no FIDE id",
                Left::Malformed => "FIDE id not digits",
                Left::NotInList => "FIDE id not in the list",
                Left::Duplicate => "registered twice",
            };
            let _ = writeln!(
                o,
                "  line {}: {} {} ({why})",
                u.line,
                u.fide_id.as_deref().unwrap_or("-"),
                u.name.as_deref().unwrap_or("")
            );
        }
    }
    o
}
