//! A tournament against the published FIDE rating list: what disagrees
//! (unknown ids, names, birth years, sex, federations, titles, ratings,
//! inactive players), and the list's ratings and K factors for the rating
//! calculation (B.02 §8.3.3: K is FIDE's, the list publishes it).
//!
//! Returns data; `render::fide_list` words it.

use crate::model::fide_list::{FideList, ListKind, ListPlayer};
use crate::model::{Player, PlayerId, Sex, Title, Tournament};

use super::edition::Kind;
use super::names::{fide_form, transliterate};

/// The list's kind for a rating kind.
pub fn list_kind(k: Kind) -> ListKind {
    match k {
        Kind::Standard => ListKind::Standard,
        Kind::Rapid => ListKind::Rapid,
        Kind::Blitz => ListKind::Blitz,
    }
}

/// One way a player of the file disagrees with the list.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "what", rename_all = "snake_case")]
pub enum Disagreement {
    /// The FIDE id is not in the list: unknown or mistyped.
    UnknownId {
        /// The id as the file writes it.
        fide_id: String,
    },
    /// The names differ (compared without case, accents, spaces, punctuation
    /// and word order).
    Name {
        /// The name as the file writes it.
        file: String,
        /// The name as the list writes it.
        list: String,
    },
    /// The birth years differ (or the list has none).
    BirthYear {
        /// The file's birth year.
        file: i32,
        /// The list's birth year, if it gives one.
        list: Option<i32>,
    },
    /// The sex differs (only compared when both give one).
    Sex {
        /// The file's sex.
        file: Option<Sex>,
        /// The list's sex.
        list: Option<Sex>,
    },
    /// The federation differs (compared without case).
    Federation {
        /// The file's federation code.
        file: String,
        /// The list's federation code.
        list: String,
    },
    /// The file's title against the list's highest (open or women's) title.
    Title {
        /// The file's title.
        file: Option<Title>,
        /// The list's highest title.
        list: Option<Title>,
    },
    /// The rating of the file is not the one published for `kind`.
    Rating {
        /// The list the rating was compared with (the event's kind).
        kind: ListKind,
        /// The file's rating.
        file: Option<u16>,
        /// The list's rating for `kind` (`None`: unrated there).
        list: Option<u16>,
    },
    /// Flag `i` / `wi`.
    Inactive,
}

/// A disagreement of one player (by starting rank).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Finding {
    /// The player's starting rank.
    pub player: PlayerId,
    /// What disagrees.
    #[serde(flatten)]
    pub what: Disagreement,
}

/// A name reduced for comparison: transliterated, lowercase, letters and
/// digits of each word, words sorted.
fn name_key(s: &str) -> Vec<String> {
    let t = transliterate(s).unwrap_or_else(|| s.to_string());
    let mut words: Vec<String> = t
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    words.sort();
    words
}

/// Whether two spellings name the same person as far as the list can tell.
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    name_key(a) == name_key(b)
}

/// The listed entry of a player of the file, if it has a FIDE id in the list.
pub fn listed<'a>(list: &'a FideList, fide_id: Option<&str>) -> Option<&'a ListPlayer> {
    fide_id.and_then(|id| list.get(id))
}

/// The name a rating report gives a player, when it is not the file's: the
/// FIDE list's name when the list has the player by FIDE id (FIDE rates the
/// player it lists), else the Latin form FIDE needs (`fide_form`:
/// `陳美玲, Chen Mei-Ling` is reported as `Chen, Mei-Ling`, FIDE's
/// `Surname, Given`). `None` keeps the file's name.
pub fn report_name(p: &Player, list: Option<&FideList>) -> Option<String> {
    let name = match list.and_then(|l| listed(l, p.fide_id.as_deref())) {
        Some(l) if !l.name.trim().is_empty() => l.name.trim().to_string(),
        _ => fide_form(&p.name)?,
    };
    (name != p.name).then_some(name)
}

/// Every disagreement between `t` and `list`, players in starting-rank
/// order. Ratings are compared for `kind` when the list carries it.
pub fn compare(t: &Tournament, list: &FideList, kind: ListKind) -> Vec<Finding> {
    let mut out = Vec::new();
    for p in &t.players {
        let Some(id) = p
            .fide_id
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        else {
            continue;
        };
        let mut push = |what| out.push(Finding { player: p.id, what });
        let Some(l) = list.get(id) else {
            push(Disagreement::UnknownId {
                fide_id: id.to_string(),
            });
            continue;
        };
        if !same_name(&p.name, &l.name) {
            push(Disagreement::Name {
                file: p.name.clone(),
                list: l.name.clone(),
            });
        }
        if let Some(b) = p.birth.map(|b| b.year).filter(|y| *y > 0) {
            if l.birth_year != Some(b) {
                push(Disagreement::BirthYear {
                    file: b,
                    list: l.birth_year,
                });
            }
        }
        if p.sex.is_some() && l.sex.is_some() && p.sex != l.sex {
            push(Disagreement::Sex {
                file: p.sex,
                list: l.sex,
            });
        }
        if let Some(f) = p
            .federation
            .as_deref()
            .map(str::trim)
            .filter(|f| !f.is_empty())
        {
            if !l.federation.is_empty() && !f.eq_ignore_ascii_case(&l.federation) {
                push(Disagreement::Federation {
                    file: f.to_string(),
                    list: l.federation.clone(),
                });
            }
        }
        let best = l.best_title();
        if p.title != best && !(p.title.is_none() && best.is_none()) {
            push(Disagreement::Title {
                file: p.title.clone(),
                list: best,
            });
        }
        if list.has(kind) {
            let published = rating_for(l, kind).map(|(r, _)| r);
            if p.rating != published {
                push(Disagreement::Rating {
                    kind,
                    file: p.rating,
                    list: published,
                });
            }
        }
        if l.inactive {
            push(Disagreement::Inactive);
        }
    }
    out
}

/// The rating a listed player plays with in an event of `kind`, and whether it
/// is the standard rating standing in for a missing rapid or blitz one: B.02
/// Rapid and Blitz Rating Regulations (2024) art. 7.2.1, a player without a
/// rapid (blitz) rating who has a standard rating is rated with it and counts
/// as rated.
pub fn rating_for(l: &ListPlayer, kind: ListKind) -> Option<(u16, bool)> {
    if let Some(r) = l.rating(kind) {
        return Some((r.rating, false));
    }
    match kind {
        ListKind::Standard => None,
        ListKind::Rapid | ListKind::Blitz => l.standard.map(|r| (r.rating, true)),
    }
}

/// `t` with every listed player's rating replaced by the list's rating of
/// `kind` ([`rating_for`]: for rapid and blitz, the standard rating where the
/// list has none of `kind`; none when the list has neither: unrated), and the
/// number of players replaced. Players not in the list keep the file's.
pub fn with_list_ratings(t: &Tournament, list: &FideList, kind: ListKind) -> (Tournament, usize) {
    let mut t = t.clone();
    let mut n = 0;
    if !list.has(kind) {
        return (t, 0);
    }
    for p in &mut t.players {
        if let Some(l) = listed(list, p.fide_id.as_deref()) {
            p.rating = rating_for(l, kind).map(|(r, _)| r);
            n += 1;
        }
    }
    (t, n)
}

/// The players of `t` whose `kind` rating comes from their standard rating
/// (B.02 R&B art. 7.2.1), with that rating, in starting-rank order: none for
/// a standard event or a list without `kind` ratings.
pub fn standard_stand_ins(t: &Tournament, list: &FideList, kind: ListKind) -> Vec<(PlayerId, u16)> {
    if !list.has(kind) {
        return Vec::new();
    }
    t.players
        .iter()
        .filter_map(|p| {
            let l = listed(list, p.fide_id.as_deref())?;
            match rating_for(l, kind)? {
                (r, true) => Some((p.id, r)),
                (_, false) => None,
            }
        })
        .collect()
}

/// The K factor the list publishes for this player and kind.
pub(crate) fn list_k(list: &FideList, fide_id: Option<&str>, kind: ListKind) -> Option<u32> {
    if !list.has(kind) {
        return None;
    }
    listed(list, fide_id)
        .and_then(|l| l.rating(kind))
        .and_then(|r| r.k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::fide_list::ListRating;
    use crate::model::BirthDate;

    fn listed_player(id: u64, name: &str) -> ListPlayer {
        ListPlayer {
            fide_id: id,
            name: name.into(),
            federation: "ESP".into(),
            sex: Some(Sex::Male),
            title: None,
            women_title: None,
            other_titles: String::new(),
            birth_year: Some(2001),
            inactive: false,
            standard: Some(ListRating {
                rating: 2000,
                games: 3,
                k: Some(40),
            }),
            rapid: None,
            blitz: None,
        }
    }

    #[test]
    fn names_compare_loosely() {
        assert!(same_name("Müller, Jörg", "Mueller, Joerg"));
        assert!(same_name("Carlsen, Magnus", "Magnus CARLSEN"));
        assert!(!same_name("Carlsen, Magnus", "Carlsen, Henrik"));
    }

    #[test]
    fn every_kind_of_disagreement() {
        let mut list = FideList::default();
        let mut l = listed_player(10, "Garcia, Ana");
        l.sex = Some(Sex::Female);
        l.inactive = true;
        list.players.insert(10, l);
        list.players.insert(11, listed_player(11, "Lopez, Juan"));
        let mk = |id: u32, fide: &str, name: &str| Player {
            id: PlayerId(id),
            name: name.into(),
            fide_id: Some(fide.into()),
            rating: Some(2000),
            federation: Some("ESP".into()),
            sex: Some(Sex::Male),
            birth: Some(BirthDate {
                year: 2001,
                month: None,
                day: None,
            }),
            ..Player::default()
        };
        let mut t = Tournament {
            players: vec![
                mk(1, "10", "Garcia, Ana"),
                mk(2, "11", "Lopes, Juan"),
                mk(3, "12", "Nobody, X"),
            ],
            ..Tournament::default()
        };
        t.players[1].rating = Some(1990);
        t.players[1].birth = Some(BirthDate {
            year: 2002,
            month: None,
            day: None,
        });
        let f = compare(&t, &list, ListKind::Standard);
        let whats: Vec<(u32, &Disagreement)> = f.iter().map(|x| (x.player.0, &x.what)).collect();
        assert!(whats.contains(&(
            1,
            &Disagreement::Sex {
                file: Some(Sex::Male),
                list: Some(Sex::Female)
            }
        )));
        assert!(whats.contains(&(1, &Disagreement::Inactive)));
        assert!(whats
            .iter()
            .any(|(p, w)| *p == 2 && matches!(w, Disagreement::Name { .. })));
        assert!(whats.contains(&(
            2,
            &Disagreement::BirthYear {
                file: 2002,
                list: Some(2001)
            }
        )));
        assert!(whats.contains(&(
            2,
            &Disagreement::Rating {
                kind: ListKind::Standard,
                file: Some(1990),
                list: Some(2000)
            }
        )));
        assert!(whats.contains(&(
            3,
            &Disagreement::UnknownId {
                fide_id: "12".into()
            }
        )));
        assert_eq!(f.len(), 6, "{f:?}");
        // the ratings and K the calculation takes
        let (t2, n) = with_list_ratings(&t, &list, ListKind::Standard);
        assert_eq!((n, t2.players[1].rating), (2, Some(2000)));
        assert_eq!(list_k(&list, Some("11"), ListKind::Standard), Some(40));
        assert_eq!(list_k(&list, Some("11"), ListKind::Rapid), None);
    }

    /// B.02 R&B art. 7.2.1: in a rapid event, a listed player without a rapid
    /// rating plays with the standard rating and counts as rated; one with a
    /// rapid rating keeps it; one with neither stays unrated.
    #[test]
    fn rapid_without_rapid_rating_takes_the_standard_one() {
        let mut with_rapid = listed_player(11, "Rapid, Rita");
        with_rapid.rapid = Some(ListRating {
            rating: 1700,
            games: 9,
            k: Some(20),
        });
        let standard_only = listed_player(12, "Standard, Sam");
        let mut neither = listed_player(13, "None, Nora");
        neither.standard = None;
        let mut list = FideList::default();
        for l in [with_rapid, standard_only, neither] {
            list.players.insert(l.fide_id, l);
        }
        let mut t = Tournament::default();
        for (n, l) in list.players.values().enumerate() {
            t.players.push(Player {
                id: PlayerId(n as u32 + 1),
                name: l.name.clone(),
                fide_id: Some(l.fide_id.to_string()),
                rating: Some(1500),
                ..Player::default()
            });
        }
        let (t2, n) = with_list_ratings(&t, &list, ListKind::Rapid);
        let ratings: Vec<Option<u16>> = t2.players.iter().map(|p| p.rating).collect();
        assert_eq!((n, ratings), (3, vec![Some(1700), Some(2000), None]));
        assert_eq!(
            standard_stand_ins(&t, &list, ListKind::Rapid),
            vec![(PlayerId(2), 2000)]
        );
        assert!(standard_stand_ins(&t, &list, ListKind::Standard).is_empty());
        // The file's 1500 for the standard-only player disagrees with 2000.
        let f = compare(&t, &list, ListKind::Rapid);
        assert!(f.iter().any(|x| x.player == PlayerId(2)
            && x.what
                == Disagreement::Rating {
                    kind: ListKind::Rapid,
                    file: Some(1500),
                    list: Some(2000)
                }));
    }
}
