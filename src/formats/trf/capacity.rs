//! The numbers a TRF column cannot hold.
//!
//! A TRF gives every number a fixed count of columns ([`layout`]): four for a
//! starting rank, a rating, points, a rank and an opponent, eleven for a FIDE
//! id, three for a team number. A source without columns (a JSON document)
//! can hold more; what the TRF writer would leave out is said at reading,
//! located at the source's own place for the value (a JSON path), so that
//! `validate` reports it before a conversion drops it (issue #32 item 5: a
//! player id of 4294967295 validated with no word, then `convert --to trf16`
//! left the player out with a warning that named no place).

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::{Points, Tournament};

use super::layout::{self, Field};

/// The largest number written in `f`'s columns (`9999` in four columns).
fn largest(f: &Field) -> u64 {
    u32::try_from(f.width())
        .ok()
        .and_then(|w| 10u64.checked_pow(w))
        .map_or(u64::MAX, |p| p - 1)
}

/// One value beyond its column: where, which field, what was found, what follows.
fn beyond(path: String, f: &Field, found: String, then: &str) -> Diagnostic {
    Diagnostic::warning(
        codes::CONVERSION_LOSS,
        Family::Syntax,
        Location {
            field: Some(path),
            ..Location::default()
        },
        format!(
            "a TRF holds a {} in {} columns (cols {}-{}), found {found}; {then}",
            f.name,
            f.width(),
            f.first,
            f.last
        ),
    )
}

/// Points fit when their `11.5` form is no wider than the field.
fn points_fit(p: Points, f: &Field) -> bool {
    p.to_string().chars().count() <= f.width()
}

/// Every number of `t` a TRF column cannot hold, each located by `path(i)`,
/// the source's name for player `i` of `t.players` (`tournament.players[i]`
/// in JSON) and by `team(k)` for team `k`.
pub fn numbers_beyond_trf(
    t: &Tournament,
    player: impl Fn(usize) -> String,
    team: impl Fn(usize) -> String,
) -> Vec<Diagnostic> {
    use layout::player as P;
    use layout::round as R;
    let mut out = Vec::new();
    for (i, p) in t.players.iter().enumerate() {
        let at = |field: &str| format!("{}.{field}", player(i));
        let id = u64::from(p.id.0);
        if id == 0 || id > largest(&P::START_RANK) {
            out.push(beyond(
                at("id"),
                &P::START_RANK,
                format!("{} (starting ranks are 1 to 9999)", p.id.0),
                "a TRF written from this file cannot hold the player",
            ));
        }
        if let Some(r) = p.rating.filter(|r| u64::from(*r) > largest(&P::RATING)) {
            out.push(beyond(
                at("rating"),
                &P::RATING,
                r.to_string(),
                "a TRF leaves the rating out",
            ));
        }
        if let Some(x) = p.points.filter(|x| !points_fit(*x, &P::POINTS)) {
            out.push(beyond(
                at("points"),
                &P::POINTS,
                format!("{x} ({} tenths)", x.0),
                "a TRF leaves the points out",
            ));
        }
        if let Some(r) = p.rank.filter(|r| u64::from(*r) > largest(&P::RANK)) {
            out.push(beyond(
                at("rank"),
                &P::RANK,
                r.to_string(),
                "a TRF leaves the rank out",
            ));
        }
        if let Some(f) = p
            .fide_id
            .as_ref()
            .filter(|f| f.chars().count() > P::FIDE_ID.width())
        {
            out.push(beyond(
                at("fide_id"),
                &P::FIDE_ID,
                format!("\"{f}\""),
                "a TRF leaves the FIDE id out",
            ));
        }
        for (r, e) in p.rounds.iter().enumerate() {
            let Some(o) = e.opponent() else { continue };
            if u64::from(o.0) > largest(&R::OPPONENT) {
                out.push(beyond(
                    at(&format!("rounds[{r}].opponent")),
                    &R::OPPONENT,
                    o.0.to_string(),
                    &format!("a TRF leaves round {} of the player out", r + 1),
                ));
            }
        }
        for (k, n) in p.national_ratings.iter().enumerate() {
            let f = &layout::national::RATING;
            if let Some(r) = n.rating.filter(|r| u64::from(*r) > largest(f)) {
                out.push(beyond(
                    at(&format!("national_ratings[{k}].rating")),
                    f,
                    r.to_string(),
                    "a TRF leaves the national rating out",
                ));
            }
        }
    }
    for (k, x) in t.teams.iter().enumerate() {
        let f = &layout::team310::NUMBER;
        if let Some(n) = x.number.filter(|n| u64::from(*n) > largest(f)) {
            out.push(beyond(
                format!("{}.number", team(k)),
                f,
                n.to_string(),
                "a TRF-2026 leaves the team number out",
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Player, PlayerId, RoundEntry};

    fn json_paths(t: &Tournament) -> Vec<Diagnostic> {
        numbers_beyond_trf(
            t,
            |i| format!("tournament.players[{i}]"),
            |k| format!("tournament.teams[{k}]"),
        )
    }

    #[test]
    fn largest_number_of_a_field() {
        assert_eq!(largest(&layout::player::START_RANK), 9999);
        assert_eq!(largest(&layout::team310::NUMBER), 999);
    }

    /// Issue #32 item 5: the id of 4294967295 was read without a word.
    #[test]
    fn player_id_beyond_four_columns_is_located_at_its_json_path() {
        let t = Tournament {
            players: vec![
                Player {
                    id: PlayerId(1),
                    name: "A".into(),
                    ..Default::default()
                },
                Player {
                    id: PlayerId(u32::MAX),
                    name: "B".into(),
                    points: Some(Points(1000)),
                    rank: Some(10_000),
                    rating: Some(10_000),
                    rounds: vec![RoundEntry::Pending {
                        opponent: PlayerId(12_345),
                        color: None,
                    }],
                    ..Default::default()
                },
            ],
            ..Default::default()
        };
        let d = json_paths(&t);
        let fields: Vec<_> = d
            .iter()
            .map(|d| d.location.field.clone().unwrap_or_default())
            .collect();
        assert_eq!(
            fields,
            [
                "tournament.players[1].id",
                "tournament.players[1].rating",
                "tournament.players[1].points",
                "tournament.players[1].rank",
                "tournament.players[1].rounds[0].opponent",
            ]
        );
        assert!(
            d[0].message.contains("found 4294967295"),
            "{}",
            d[0].message
        );
        assert!(d[2].message.contains("found 100.0"), "{}", d[2].message);
    }

    #[test]
    fn numbers_that_fit_say_nothing() {
        let t = Tournament {
            players: vec![Player {
                id: PlayerId(9999),
                points: Some(Points(995)),
                rating: Some(9999),
                rank: Some(9999),
                fide_id: Some("12345678901".into()),
                ..Default::default()
            }],
            ..Default::default()
        };
        assert!(json_paths(&t).is_empty());
    }
}
