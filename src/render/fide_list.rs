//! The disagreements of a tournament with the FIDE rating list
//! ([`crate::rating::fide_list::compare`]) as located diagnostics: an id the
//! list does not know is an error (the report cannot be rated), every other
//! difference a warning for the arbiter to settle.

use crate::diag::{codes, Diagnostic, Family, Locator, PlayerField};
use crate::model::fide_list::{FideList, ListKind};
use crate::model::{Sex, Title, Tournament};
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
                file: Some(file.to_string()),
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
