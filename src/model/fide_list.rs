//! What a published FIDE rating list says about players: the plain data the
//! engines compare a tournament with. The list files themselves (TXT, XML,
//! zipped) are read in `formats::fide_list`; nothing here knows their layout.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use super::{Sex, Title};

/// The month a list was published for (the lists appear on the 1st).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct ListMonth {
    /// Year, e.g. 2025.
    pub year: i32,
    /// 1-12.
    pub month: u32,
}

impl ListMonth {
    /// `None` unless `month` is 1-12.
    pub fn new(year: i32, month: u32) -> Option<ListMonth> {
        (1..=12)
            .contains(&month)
            .then_some(ListMonth { year, month })
    }
}

impl fmt::Display for ListMonth {
    /// `2025-11`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

/// Standard, rapid or blitz: which of a list's rating triples.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ListKind {
    /// Standard (classical) ratings.
    Standard,
    /// Rapid ratings.
    Rapid,
    /// Blitz ratings.
    Blitz,
}

/// One published rating of a player: the rating, the games rated in the
/// last period and the K factor FIDE will use next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ListRating {
    /// The published rating.
    pub rating: u16,
    /// Games rated in the last rating period.
    pub games: u32,
    /// `None` when the list leaves it blank.
    pub k: Option<u32>,
}

/// One player of the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ListPlayer {
    /// The player's FIDE id.
    pub fide_id: u64,
    /// "Lastname, Firstname", as published.
    pub name: String,
    /// FIDE federation code, e.g. `NED`.
    pub federation: String,
    /// Sex (`M` or `F` in the list), when given.
    pub sex: Option<Sex>,
    /// The open title (GM, IM, FM, CM).
    pub title: Option<Title>,
    /// The women's title (WGM, WIM, WFM, WCM).
    pub women_title: Option<Title>,
    /// Other titles (arbiter, trainer) as published, comma separated.
    pub other_titles: String,
    /// Year of birth, when published.
    pub birth_year: Option<i32>,
    /// Flag `i` or `wi`: inactive (B.02 §7.2: not rated for 12 months).
    pub inactive: bool,
    /// The standard rating, when the list has one for the player.
    pub standard: Option<ListRating>,
    /// The rapid rating, when the list has one for the player.
    pub rapid: Option<ListRating>,
    /// The blitz rating, when the list has one for the player.
    pub blitz: Option<ListRating>,
}

impl ListPlayer {
    /// The rating of `kind`, when published.
    pub fn rating(&self, kind: ListKind) -> Option<ListRating> {
        match kind {
            ListKind::Standard => self.standard,
            ListKind::Rapid => self.rapid,
            ListKind::Blitz => self.blitz,
        }
    }

    /// The higher of the open and the women's title in the order of C.04.2
    /// art. 2.2 (GM, IM, WGM, FM, WIM, CM, WFM, WCM).
    pub fn best_title(&self) -> Option<Title> {
        [&self.title, &self.women_title]
            .into_iter()
            .flatten()
            .filter(|t| title_rank(t).is_some())
            .min_by_key(|t| title_rank(t))
            .cloned()
    }
}

/// The place of a title in C.04.2 art. 2.2 (0 = GM); `None` for titles the
/// article does not order.
pub fn title_rank(t: &Title) -> Option<usize> {
    Title::CODES.iter().position(|(_, x)| x == t)
}

/// The players of a list that a caller asked for, by FIDE id.
#[derive(Debug, Clone, Default, Serialize)]
pub struct FideList {
    /// The month of the list, when the file says it (the single-type lists'
    /// rating column, e.g. `NOV25`) or the caller gave it.
    pub month: Option<ListMonth>,
    /// A single-type list carries only this kind; `None` for the combined list.
    pub only: Option<ListKind>,
    /// Data lines read (every player of the file, kept or not).
    pub lines_read: u64,
    /// The players kept, keyed by FIDE id.
    pub players: BTreeMap<u64, ListPlayer>,
}

impl FideList {
    /// The player with this FIDE id, as written in a tournament file
    /// (digits, surrounding blanks ignored).
    pub fn get(&self, fide_id: &str) -> Option<&ListPlayer> {
        fide_id
            .trim()
            .parse::<u64>()
            .ok()
            .and_then(|id| self.players.get(&id))
    }

    /// Whether the list carries ratings of `kind`.
    pub fn has(&self, kind: ListKind) -> bool {
        self.only.is_none_or(|k| k == kind)
    }

    /// "FIDE list 2025-11" or "FIDE list" when the month is not known.
    pub fn label(&self) -> String {
        match self.month {
            Some(m) => format!("FIDE list {m}"),
            None => "FIDE list".to_string(),
        }
    }
}

/// One registration for a start list (read in `formats::registrations`,
/// used by `pairing::start_list`): a FIDE id as written and an optional
/// category.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Registration {
    /// 1-based line of the registrations file.
    pub line: usize,
    /// The FIDE id as written in the file; `None` when the line has none.
    pub fide_id: Option<String>,
    /// The category the player registers for (e.g. `U12`), as written.
    pub category: Option<String>,
    /// A name, when the registration gives one (for players without an id).
    pub name: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_title_follows_c0402_order() {
        let p = ListPlayer {
            fide_id: 1,
            name: "A, B".into(),
            federation: "ENG".into(),
            sex: Some(Sex::Female),
            title: Some(Title::FM),
            women_title: Some(Title::WGM),
            other_titles: String::new(),
            birth_year: None,
            inactive: false,
            standard: None,
            rapid: None,
            blitz: None,
        };
        assert_eq!(p.best_title(), Some(Title::WGM));
        assert_eq!(title_rank(&Title::WCM), Some(7));
        assert_eq!(title_rank(&Title::Other("AGM".into())), None);
    }
}
