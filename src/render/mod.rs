//! Text tables, CSV, JSON and HTML renderings of engine results.

pub mod check;
mod csv;
pub mod event;
pub mod fide_list;
mod html;
pub mod i18n;
mod json;
pub mod pair;
pub mod prizes;
pub mod prizes_html;
pub mod prizes_json;
pub mod rating;
pub mod round_robin;
pub mod site;
pub mod sm_compare;
pub mod standings;
pub mod team_check;
pub mod team_standings;
pub mod validate;

/// The widest a text table's cell may be, in characters. Widths are taken from
/// the data, and Rust's formatter refuses a width of 65,536 or more (a panic,
/// "Formatting argument out of range"); a name or federation that long is no
/// name, so text tables show its first characters and `…` (the readers warn of
/// such fields; JSON and CSV keep them whole).
pub const MAX_CELL_CHARS: usize = crate::formats::input::LONG_FIELD_CHARS;

/// `s` cut to [`MAX_CELL_CHARS`] characters, the last one `…` when cut.
pub(crate) fn cell(s: &str) -> std::borrow::Cow<'_, str> {
    match s.char_indices().nth(MAX_CELL_CHARS - 1) {
        Some((i, _)) if s[i..].chars().nth(1).is_some() => {
            std::borrow::Cow::Owned(format!("{}…", &s[..i]))
        }
        _ => std::borrow::Cow::Borrowed(s),
    }
}

/// The columns `s` takes in a terminal: East Asian wide characters (Chinese
/// names, `獎金`) take two, combining marks none (Unicode UAX #11, through
/// `unicode-width`). Text tables align by this, not by characters.
pub(crate) fn width(s: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(s)
}

/// `s` padded with spaces to `w` columns, on the left when `right` (numbers).
pub(crate) fn pad(s: &str, w: usize, right: bool) -> String {
    let fill = " ".repeat(w.saturating_sub(width(s)));
    if right {
        format!("{fill}{s}")
    } else {
        format!("{s}{fill}")
    }
}

#[cfg(test)]
mod cell_tests {
    use super::*;

    #[test]
    fn long_cells_are_cut_to_the_cap() {
        let long = "x".repeat(70_000);
        let c = cell(&long);
        assert_eq!(c.chars().count(), MAX_CELL_CHARS);
        assert!(c.ends_with('…'));
        let exact = "y".repeat(MAX_CELL_CHARS);
        assert_eq!(cell(&exact), exact.as_str());
        assert_eq!(cell("short"), "short");
    }

    #[test]
    fn chinese_characters_are_two_columns_wide() {
        assert_eq!(width("王小明"), 6);
        assert_eq!(width("Wang"), 4);
        assert_eq!(pad("王小明", 8, false), "王小明  ");
        assert_eq!(pad("45", 4, true), "  45");
        assert_eq!(pad("王小明王小明", 4, false), "王小明王小明");
    }
}
