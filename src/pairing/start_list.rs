//! The start list of a Swiss event from its registrations and the FIDE
//! rating list: the initial ranking list of C.04.2 (2026) art. 2.2 / (2017)
//! B.2 — by strength (the rating), then FIDE title in the order GM, IM, WGM,
//! FM, WIM, CM, WFM, WCM, no title, then alphabetically — whose positions are
//! the pairing numbers (TPN).
//!
//! Player data (name, federation, sex, title, birth year, rating) comes from
//! the list; registrations without a FIDE id, or with one the list does not
//! know, are returned apart so the arbiter can chase them (regulations such
//! as the CTCA's require a FIDE id).

use std::cmp::Ordering;
use std::collections::HashSet;

use crate::model::fide_list::{title_rank, FideList, ListKind, ListPlayer};
use crate::model::{BirthDate, Player, PlayerId, Tournament, TournamentInfo};

pub use crate::model::fide_list::Registration;

/// What the start list needs besides the registrations.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct StartListOptions {
    /// The event's name, written to the header (`012`).
    pub event_name: Option<String>,
    /// The number of rounds planned (`XXR` / `142`), when known.
    pub rounds: Option<u32>,
    /// The date of the first round (`042`), when known.
    pub start_date: Option<chrono::NaiveDate>,
    /// Which of the list's ratings ranks the players.
    pub kind: ListKind,
    /// The year ages are counted in for categories; `None`: none assigned.
    pub category_year: Option<i32>,
}

impl Default for StartListOptions {
    /// No name, round count, start date or categories; ranked by the
    /// standard ratings.
    fn default() -> Self {
        StartListOptions {
            event_name: None,
            rounds: None,
            start_date: None,
            kind: ListKind::Standard,
            category_year: None,
        }
    }
}

options!(StartListOptions { event_name: Option<String>, rounds: Option<u32>, start_date: Option<chrono::NaiveDate>, kind: ListKind, category_year: Option<i32> });

/// Why a registration is not on the start list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Left {
    /// No FIDE id and no name given: nobody to enter.
    NoFideId,
    /// No FIDE id given: entered unrated under the registration's name (a
    /// warning; `validate --profile` enforces a profile's `require_fide_id`).
    NoFideIdEntered,
    /// The id is not digits.
    Malformed,
    /// The id is not in the list.
    NotInList,
    /// The same id was registered on an earlier line.
    Duplicate,
}

/// A registration left off the start list.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Unlisted {
    /// 1-based line of the registration in its file.
    pub line: usize,
    /// The FIDE id as registered, if any.
    pub fide_id: Option<String>,
    /// The name as registered, if any.
    pub name: Option<String>,
    /// Why it was left off.
    pub why: Left,
}

/// The start list: a tournament with no round yet, players in pairing
/// number order (each with a `category` label when one is known).
#[derive(Debug, Clone)]
pub struct StartList {
    /// The start list: header and players in pairing-number order, no rounds yet.
    pub tournament: Tournament,
    /// The registrations left off, in file order.
    pub unlisted: Vec<Unlisted>,
}

/// The FIDE youth and senior categories by year of birth: U8 … U20 (the
/// player turns less than N in `year`), 50+ and 65+ (the player turns at
/// least 50 / 65). `None` between them.
pub fn age_category(birth_year: i32, year: i32) -> Option<String> {
    let age = year - birth_year;
    if age <= 0 {
        return None;
    }
    if let Some(n) = [8, 10, 12, 14, 16, 18, 20].into_iter().find(|n| age < *n) {
        return Some(format!("U{n}"));
    }
    if age >= 65 {
        Some("S65".into())
    } else if age >= 50 {
        Some("S50".into())
    } else {
        None
    }
}

/// C.04.2 art. 2.2: higher rating first (unrated last), then the title
/// order, then the name.
pub fn initial_order(a: &ListPlayer, b: &ListPlayer, kind: ListKind) -> Ordering {
    let rating = |p: &ListPlayer| p.rating(kind).map_or(0, |r| r.rating);
    let title = |p: &ListPlayer| {
        p.best_title()
            .and_then(|t| title_rank(&t))
            .unwrap_or(usize::MAX)
    };
    rating(b)
        .cmp(&rating(a))
        .then_with(|| title(a).cmp(&title(b)))
        .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
        .then_with(|| a.fide_id.cmp(&b.fide_id))
}

/// Build the start list.
pub fn build(regs: &[Registration], list: &FideList, opts: &StartListOptions) -> StartList {
    let mut seen = HashSet::new();
    let mut unlisted = Vec::new();
    let mut entries: Vec<(&ListPlayer, Option<String>)> = Vec::new();
    let mut no_id: Vec<(String, Option<String>)> = Vec::new();
    for r in regs {
        let mut leave = |why| {
            unlisted.push(Unlisted {
                line: r.line,
                fide_id: r.fide_id.clone(),
                name: r.name.clone(),
                why,
            })
        };
        let Some(raw) = r
            .fide_id
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        else {
            // A player without a FIDE id plays, unrated (regulations that
            // require an id are enforced by `validate --profile`); without a
            // name there is nobody to enter.
            match r.name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
                Some(name) => {
                    leave(Left::NoFideIdEntered);
                    no_id.push((name.to_string(), r.category.clone()));
                }
                None => leave(Left::NoFideId),
            }
            continue;
        };
        let Ok(id) = raw.parse::<u64>() else {
            leave(Left::Malformed);
            continue;
        };
        let Some(p) = list.players.get(&id) else {
            leave(Left::NotInList);
            continue;
        };
        if !seen.insert(id) {
            leave(Left::Duplicate);
            continue;
        }
        entries.push((p, r.category.clone()));
    }
    entries.sort_by(|a, b| initial_order(a.0, b.0, opts.kind));
    // Unrated and without a title: after every listed player (C.04.2 art.
    // 2.2), by name.
    no_id.sort_by_key(|a| a.0.to_lowercase());
    let listed = entries.len();
    let mut players: Vec<Player> = entries
        .into_iter()
        .enumerate()
        .map(|(i, (lp, cat))| {
            let mut p = Player {
                id: PlayerId(i as u32 + 1),
                sex: lp.sex,
                title: lp.best_title(),
                name: lp.name.clone(),
                rating: lp.rating(opts.kind).map(|r| r.rating),
                federation: (!lp.federation.is_empty()).then(|| lp.federation.clone()),
                fide_id: Some(lp.fide_id.to_string()),
                birth: lp.birth_year.map(|year| BirthDate {
                    year,
                    month: None,
                    day: None,
                }),
                ..Player::default()
            };
            // The registration's category is the player's registered one
            // (TRF `XXG`); the age category is a label only.
            p.registered_category.clone_from(&cat);
            let cat = cat.or_else(|| {
                let y = opts.category_year?;
                age_category(lp.birth_year?, y)
            });
            if let Some(c) = cat {
                p.labels.insert("category".into(), c);
            }
            p
        })
        .collect();
    for (k, (name, cat)) in no_id.into_iter().enumerate() {
        let mut p = Player {
            id: PlayerId((listed + k) as u32 + 1),
            name,
            registered_category: cat.clone(),
            ..Player::default()
        };
        if let Some(c) = cat {
            p.labels.insert("category".into(), c);
        }
        players.push(p);
    }
    // Before round 1 every player has 0 points: a fact of the start list,
    // not a value the writer has to fill (it warned "the source gives no
    // points").
    for p in &mut players {
        p.points = Some(crate::model::Points::ZERO);
    }
    let tournament = Tournament {
        info: TournamentInfo {
            name: opts.event_name.clone().unwrap_or_default(),
            start_date: opts.start_date,
            ..TournamentInfo::default()
        },
        total_rounds: opts.rounds,
        players,
        ..Tournament::default()
    };
    StartList {
        tournament,
        unlisted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fide_list::ListRating;
    use crate::model::Title;

    fn lp(
        id: u64,
        name: &str,
        rating: Option<u16>,
        title: Option<Title>,
        women: Option<Title>,
    ) -> ListPlayer {
        ListPlayer {
            fide_id: id,
            name: name.into(),
            federation: "ENG".into(),
            sex: None,
            title,
            women_title: women,
            other_titles: String::new(),
            birth_year: Some(2012),
            inactive: false,
            standard: rating.map(|rating| ListRating {
                rating,
                games: 0,
                k: Some(20),
            }),
            rapid: None,
            blitz: None,
        }
    }

    #[test]
    fn order_is_rating_title_name_and_unlisted_are_kept_apart() {
        let mut list = FideList::default();
        for p in [
            lp(1, "Zed, A", Some(2400), None, None),
            lp(2, "Young, B", Some(2400), None, Some(Title::WCM)),
            lp(3, "Xu, C", Some(2400), Some(Title::FM), Some(Title::WGM)),
            lp(4, "Abel, D", Some(2400), Some(Title::IM), None),
            lp(5, "Baker, E", Some(2400), None, None),
            lp(6, "Cole, F", None, Some(Title::GM), None),
            lp(7, "Dean, G", Some(2500), None, None),
        ] {
            list.players.insert(p.fide_id, p);
        }
        let reg = |line: usize, id: &str| Registration {
            line,
            fide_id: (!id.is_empty()).then(|| id.to_string()),
            ..Registration::default()
        };
        let regs: Vec<Registration> = ["1", "2", "3", "4", "5", "6", "7", "", "99", "x1", "3"]
            .iter()
            .enumerate()
            .map(|(i, id)| reg(i + 2, id))
            .collect();
        let opts = StartListOptions {
            event_name: None,
            rounds: Some(5),
            start_date: None,
            kind: ListKind::Standard,
            category_year: Some(2026),
        };
        let s = build(&regs, &list, &opts);
        let names: Vec<&str> = s
            .tournament
            .players
            .iter()
            .map(|p| p.name.as_str())
            .collect();
        // 2500; then the 2400s: IM, WGM (Xu's best title), WCM, no title by name; unrated GM last
        assert_eq!(
            names,
            ["Dean, G", "Abel, D", "Xu, C", "Young, B", "Baker, E", "Zed, A", "Cole, F"]
        );
        let whys: Vec<(usize, Left)> = s.unlisted.iter().map(|u| (u.line, u.why)).collect();
        assert_eq!(
            whys,
            [
                (9, Left::NoFideId),
                (10, Left::NotInList),
                (11, Left::Malformed),
                (12, Left::Duplicate)
            ]
        );
        assert_eq!(
            s.tournament.players[0]
                .labels
                .get("category")
                .map(String::as_str),
            Some("U16")
        );
    }

    /// Issue #32 item 8: a player without a FIDE id could not be entered;
    /// registered categories were not carried (`XXG`); a fresh start list
    /// had no points, and the writer warned "the source gives no points".
    #[test]
    fn players_without_id_are_entered_and_categories_registered() {
        let mut list = FideList::default();
        let a = lp(1, "Zed, A", Some(2000), None, None);
        list.players.insert(a.fide_id, a);
        let regs = vec![
            Registration {
                line: 2,
                fide_id: None,
                name: Some("Newcomer, N".into()),
                category: Some("U12 Girls".into()),
            },
            Registration {
                line: 3,
                fide_id: Some("1".into()),
                category: Some("Open".into()),
                ..Registration::default()
            },
            Registration {
                line: 4,
                ..Registration::default()
            },
        ];
        let opts = StartListOptions {
            event_name: None,
            rounds: Some(5),
            start_date: None,
            kind: ListKind::Standard,
            category_year: None,
        };
        let s = build(&regs, &list, &opts);
        let t = &s.tournament;
        let names: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Zed, A", "Newcomer, N"]);
        assert_eq!(t.players[1].id, PlayerId(2));
        assert_eq!(t.players[1].rating, None);
        assert_eq!(
            t.players[1].registered_category.as_deref(),
            Some("U12 Girls")
        );
        assert_eq!(t.players[0].registered_category.as_deref(), Some("Open"));
        assert!(t
            .players
            .iter()
            .all(|p| p.points == Some(crate::model::Points::ZERO)));
        let whys: Vec<(usize, Left)> = s.unlisted.iter().map(|u| (u.line, u.why)).collect();
        assert_eq!(whys, [(2, Left::NoFideIdEntered), (4, Left::NoFideId)]);
    }

    #[test]
    fn age_categories_by_year_of_birth() {
        assert_eq!(age_category(2019, 2026).as_deref(), Some("U8"));
        assert_eq!(age_category(2018, 2026).as_deref(), Some("U10"));
        assert_eq!(age_category(2007, 2026).as_deref(), Some("U20"));
        assert_eq!(age_category(2006, 2026), None);
        assert_eq!(age_category(1976, 2026).as_deref(), Some("S50"));
        assert_eq!(age_category(1961, 2026).as_deref(), Some("S65"));
    }
}
