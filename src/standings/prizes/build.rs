//! Profile + tournament → standings → prize statement.

use std::collections::BTreeMap;
use std::fmt;

use crate::diag::{Diagnostic, Locator, NoSource};
use crate::model::{PlayerId, Tournament};
use crate::standings::{
    compute_located, CategoryRow, CategoryStandings, Standings, StandingsError, StandingsOptions,
};

use super::engine::allocate;
use super::profile::Section;
use super::rules::{CategoryInput, Entrant, OnePrize, RankGroup, Separator};
use super::statement::Statement;

/// Why no statement could be built.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PrizesError {
    /// The standings could not be computed (the error says why).
    Standings(StandingsError),
    /// A prize table names a category the standings did not rank.
    MissingCategory(String),
}

impl fmt::Display for PrizesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrizesError::Standings(e) => write!(f, "standings: {e}"),
            PrizesError::MissingCategory(c) => {
                write!(f, "expected a ranking for category \"{c}\", found none")
            }
        }
    }
}

impl std::error::Error for PrizesError {}

impl From<PrizesError> for crate::Error {
    fn from(e: PrizesError) -> crate::Error {
        match e {
            PrizesError::Standings(e) => e.into(),
            e @ PrizesError::MissingCategory(_) => {
                crate::error::engine(crate::diag::codes::PROFILE_INVALID, e.to_string())
            }
        }
    }
}

/// Rank `t` as the section's `[standings]` says, then allocate its prizes.
///
/// Each category's ranking is the overall order filtered by category (or with
/// DE re-applied inside it, if the profile asks); players sharing a category
/// rank are the groups still tied after all tie-breaks.
pub fn build(t: &Tournament, event: &str, section: &Section) -> Result<Statement, PrizesError> {
    build_located(t, event, section, &NoSource)
}

/// [`build`], the standings' notes located where `at` (the reader's locator)
/// puts their facts, as [`compute_located`] does.
pub fn build_located(
    t: &Tournament,
    event: &str,
    section: &Section,
    at: &dyn Locator,
) -> Result<Statement, PrizesError> {
    let mut opts = StandingsOptions::default();
    section.standings.apply(&mut opts);
    let st = compute_located(t, &opts, at).map_err(PrizesError::Standings)?;
    let mut inputs = Vec::new();
    for table in &section.tables {
        let cs = st
            .categories
            .iter()
            .find(|c| c.name == table.category)
            .ok_or_else(|| PrizesError::MissingCategory(table.category.clone()))?;
        inputs.push(CategoryInput {
            name: table.category.clone(),
            groups: groups(t, &st, cs),
            prizes: table.places.clone(),
        });
    }
    let alloc = allocate(&inputs, &section.rules);
    let priority_names: Vec<String> = match &section.rules.one_prize {
        OnePrize::PerPlayer { priority, .. } => priority
            .iter()
            .filter_map(|&i| section.tables.get(i).map(|t| t.category.clone()))
            .collect(),
        OnePrize::Cumulative => Vec::new(),
    };
    let mut notes: Vec<Diagnostic> = st.notes.clone();
    notes.extend(alloc.diagnostics.iter().cloned());
    let mut categories = alloc.categories;
    for c in &mut categories {
        if let Some(cs) = st.categories.iter().find(|s| s.name == c.name) {
            c.names = cs.names.clone();
        }
    }
    Ok(Statement {
        event: event.to_string(),
        section: section.name.clone(),
        event_names: crate::model::Names::plain(event),
        section_names: section.names.clone(),
        start_date: t.info.start_date,
        end_date: t.info.end_date,
        currency: section.rules.currency.clone(),
        edition: st.edition.to_string(),
        tiebreaks: st.tiebreaks.iter().map(|s| s.to_string()).collect(),
        rules: super::statement::describe_rules(&section.rules, &priority_names),
        categories,
        totals: alloc.totals,
        one_prize_check: alloc.one_prize_check,
        notes,
    })
}

/// A category's ranking as groups tied after all tie-breaks, each with what
/// separated it from the next (the first of points, TB1, TB2 ... that differs,
/// on the values that ranked the category: DE re-applied inside it if so).
fn groups(t: &Tournament, st: &Standings, cs: &CategoryStandings) -> Vec<RankGroup> {
    let overall: BTreeMap<PlayerId, &crate::standings::Row> =
        st.rows.iter().map(|r| (r.player, r)).collect();
    let entrant = |id: PlayerId| Entrant {
        start_rank: id,
        name: t.player(id).map(|p| p.name.clone()).unwrap_or_default(),
        points: overall.get(&id).map(|r| r.points).unwrap_or_default(),
    };
    let mut out: Vec<RankGroup> = Vec::new();
    let mut last: Option<&CategoryRow> = None;
    for row in &cs.rows {
        match (last, out.last_mut()) {
            (Some(prev), Some(g)) if prev.rank == row.rank => g.players.push(entrant(row.player)),
            (prev, g) => {
                if let (Some(prev), Some(g)) = (prev, g) {
                    g.separated_from_next = Some(separator(st, &overall, prev, row));
                }
                out.push(RankGroup {
                    players: vec![entrant(row.player)],
                    separated_from_next: None,
                });
            }
        }
        last = Some(row);
    }
    out
}

/// What separated category row `a` from the next row `b`: points, else the
/// first tie-break whose values differ among those that ranked the category.
fn separator(
    st: &Standings,
    overall: &BTreeMap<PlayerId, &crate::standings::Row>,
    a: &CategoryRow,
    b: &CategoryRow,
) -> Separator {
    let (Some(ra), Some(rb)) = (overall.get(&a.player), overall.get(&b.player)) else {
        return Separator::tiebreak(st.tiebreaks.len() + 1, "category order");
    };
    if ra.points != rb.points {
        return Separator::points();
    }
    let ta = a.tiebreaks.as_ref().unwrap_or(&ra.tiebreaks);
    let tb = b.tiebreaks.as_ref().unwrap_or(&rb.tiebreaks);
    for (k, (va, vb)) in ta.iter().zip(tb).enumerate() {
        if va != vb {
            let code = st
                .tiebreaks
                .get(k)
                .map(|s| s.to_string())
                .unwrap_or_default();
            return Separator::tiebreak(k + 1, &code);
        }
    }
    if rb.by_lot || ra.by_lot {
        return Separator::tiebreak(st.tiebreaks.len() + 1, "lot");
    }
    // Equal values and no lot: the listed order of the category.
    Separator::tiebreak(st.tiebreaks.len() + 1, "category order")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Points;
    use crate::model::{BirthDate, Color, Outcome, Player, RoundEntry, Sex, TournamentInfo};
    use crate::standings::prizes::reason::{Boundary, LineReason, TaxNote};
    use crate::standings::prizes::rules::Money;
    use crate::standings::prizes::Profile;

    /// A 6-player round robin: #1 beats #2, #2 beats #3, #3 beats #1; each of
    /// them beats #4, #5, #6; #4 beats #5 and #6; #5 beats #6.
    /// Scores 4, 4, 4, 2, 1, 0; #1-#3 stay tied after DE (1 point each in their
    /// mini-league), BH/M1 and BH (same opponents) and wins (4 each).
    fn round_robin() -> Tournament {
        let beats = |a: usize, b: usize| -> bool {
            match (a, b) {
                (1, 2) | (2, 3) | (3, 1) => true,
                (2, 1) | (3, 2) | (1, 3) => false,
                _ => a < b,
            }
        };
        let people: [(&str, Option<Sex>, i32, u32); 6] = [
            ("A", Some(Sex::Male), 1990, 1),
            ("B", Some(Sex::Female), 2011, 5),
            ("C", Some(Sex::Male), 1985, 1),
            ("D", Some(Sex::Male), 2009, 3),
            ("E", Some(Sex::Female), 2012, 2),
            ("F", Some(Sex::Male), 1960, 7),
        ];
        let mut players: Vec<Player> = people
            .iter()
            .enumerate()
            .map(|(i, &(name, sex, year, month))| Player {
                id: PlayerId(i as u32 + 1),
                name: name.to_string(),
                sex,
                birth: Some(BirthDate {
                    year,
                    month: Some(month),
                    day: Some(1),
                }),
                ..Default::default()
            })
            .collect();
        play_circle(
            &mut players,
            |a, b| {
                if beats(a, b) {
                    Outcome::Win
                } else {
                    Outcome::Loss
                }
            },
            |r, k| (r + k) % 2 == 0,
        );
        five_rounds("RR", players)
    }

    /// Plays a single round robin by the circle method (n − 1 rounds):
    /// `outcome(a, b)` is a's result against b (1-based ids), `a_white(round,
    /// board)` whether the first-listed player has White.
    fn play_circle(
        players: &mut [Player],
        outcome: impl Fn(usize, usize) -> Outcome,
        a_white: impl Fn(usize, usize) -> bool,
    ) {
        let n = players.len();
        let mut arr: Vec<usize> = (1..=n).collect();
        for r in 0..n - 1 {
            for k in 0..n / 2 {
                let (a, b) = (arr[k], arr[n - 1 - k]);
                let (ca, cb) = if a_white(r, k) {
                    (Color::White, Color::Black)
                } else {
                    (Color::Black, Color::White)
                };
                let o = outcome(a, b);
                for (x, y, c, o) in [(a, b, ca, o), (b, a, cb, o.opposite())] {
                    players[x - 1].rounds.push(RoundEntry::Played {
                        opponent: PlayerId(y as u32),
                        color: c,
                        outcome: o,
                        short: false,
                    });
                }
            }
            let last = arr.remove(n - 1);
            arr.insert(1, last);
        }
    }

    /// A 5-round round robin of `players` named `name`, started 2023-08-01.
    fn five_rounds(name: &str, players: Vec<Player>) -> Tournament {
        Tournament {
            info: TournamentInfo {
                name: name.into(),
                start_date: chrono::NaiveDate::from_ymd_opt(2023, 8, 1),
                tournament_type: "Round robin".into(),
                ..Default::default()
            },
            total_rounds: Some(5),
            players,
            ..Default::default()
        }
    }

    const PROFILE: &str = r#"
[standings]
tiebreaks = ["DE", "BH/M1", "BH", "OTHER_WINS_FORFEITS_NO_BYES"]
edition = "pre2023"
[[standings.categories]]
name = "Open"
[[standings.categories]]
name = "Senior"
born_until = "1973-12-31"
[[standings.categories]]
name = "U13 Girls"
born_from = "2010-01-01"
sex = "female"

[prizes]
pro_rata = { min_players = 5 }
tax = { rate_percent = 10, min_gross = 200 }
[[prizes.tables]]
category = "Open"
cash = [600, 300, 150, 60]
awards = [ { places = "1-3", items = ["trophy"] } ]
[[prizes.tables]]
category = "Senior"
cash = [100]
[[prizes.tables]]
category = "U13 Girls"
cash = [120, 60]
"#;

    #[test]
    fn profile_to_statement_on_a_round_robin() {
        let profile = match Profile::from_toml(PROFILE, "p.toml") {
            Ok(p) => p,
            Err(e) => panic!("{e:?}"),
        };
        let s = match build(&round_robin(), "RR", &profile.main) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        };
        let pays = |ci: usize| -> Vec<(u32, Money, Money)> {
            s.categories[ci]
                .prizes
                .iter()
                .flat_map(|l| &l.players)
                .map(|p| (p.start_rank.0, p.gross, p.tax))
                .collect()
        };
        // Open (6 players, not reduced): #1-#3 tied after all tie-breaks share
        // 600 + 300 + 150 = 1,050: 350 each, 10% tax (350 >= 200) = 35. #4 4th: 60.
        assert_eq!(s.categories[0].players, 6);
        assert_eq!(
            pays(0),
            [(1, 350, 35), (2, 350, 35), (3, 350, 35), (4, 60, 0)]
        );
        // "4th: 2.0 points, behind #1 on points, ahead of #5 on points; no tax: 60 is
        // below 200" in words (`crate::render::prizes`).
        assert_eq!(
            s.categories[0].prizes[1].reason,
            LineReason::Place {
                place: 4,
                boundary: Boundary {
                    points: Some(Points(20)),
                    behind: Some((PlayerId(1), "points".into())),
                    ahead_of: Some((PlayerId(5), "points".into())),
                },
                moved_up: None,
                listed_order: false,
                tax: Some(TaxNote {
                    gross: 60,
                    rate_bp: 1000,
                    min_gross: 200
                }),
            }
        );
        // Senior: #6 alone, 100 × 1/5 = 20.
        assert_eq!(pays(1), [(6, 20, 0)]);
        // U13 Girls: #2 and #5, reduced 2/5: 48 / 24. #2 keeps the Open share
        // (350 > 48), so #5 moves up to 1st: 48.
        assert_eq!(pays(2), [(5, 48, 0)]);
        assert_eq!(s.categories[2].skipped[0].start_rank, PlayerId(2));
        assert_eq!(s.totals.gross, 1_050 + 60 + 20 + 48);
        assert_eq!(s.totals.tax, 105);
        assert_eq!(s.edition, "pre2023");
        assert_eq!(s.tiebreaks[1], "BH/M1");
        assert!(s.one_prize_check.ok);
    }

    /// A 6-player round robin from a table of results for the lower start rank
    /// (1 win, 0 loss, 5 draw): #6 4.0; #1, #2, #3 3.0 each, beating each other
    /// in a cycle (#1 beats #2, #2 beats #3, #3 beats #1) so DE leaves them tied
    /// overall; #1 has 2 wins, #2 and #3 have 3; #5 2.0; #4 0.
    fn cycle_with_draws() -> Tournament {
        let result = |a: usize, b: usize| -> Outcome {
            let r = match (a, b) {
                (1, 2) | (2, 3) | (2, 4) | (2, 5) | (3, 4) | (3, 5) | (1, 4) => 1,
                (1, 5) | (1, 6) | (5, 6) => 5,
                _ => 0,
            };
            match r {
                1 => Outcome::Win,
                5 => Outcome::Draw,
                _ => Outcome::Loss,
            }
        };
        // (1,3): #3 wins; (x,6) for x in 2..=4: #6 wins.
        let outcome = |a: usize, b: usize| -> Outcome {
            let (lo, hi) = (a.min(b), a.max(b));
            let o = result(lo, hi);
            if a == lo {
                o
            } else {
                match o {
                    Outcome::Win => Outcome::Loss,
                    Outcome::Loss => Outcome::Win,
                    other => other,
                }
            }
        };
        let years = [2000, 2001, 1980, 2002, 2003, 1970];
        let mut players: Vec<Player> = (0..6)
            .map(|i| Player {
                id: PlayerId(i as u32 + 1),
                name: format!("P{}", i + 1),
                birth: Some(BirthDate {
                    year: years[i],
                    month: Some(1),
                    day: Some(1),
                }),
                ..Default::default()
            })
            .collect();
        play_circle(&mut players, outcome, |_, _| true);
        five_rounds("Cycle", players)
    }

    #[test]
    fn separator_names_the_tiebreak_that_ranked_the_category() {
        let t = cycle_with_draws();
        let points: Vec<f64> = t
            .players
            .iter()
            .map(|p| {
                p.rounds
                    .iter()
                    .map(|r| match r {
                        RoundEntry::Played {
                            outcome: Outcome::Win,
                            ..
                        } => 1.0,
                        RoundEntry::Played {
                            outcome: Outcome::Draw,
                            ..
                        } => 0.5,
                        _ => 0.0,
                    })
                    .sum()
            })
            .collect();
        assert_eq!(points, [3.0, 3.0, 3.0, 0.0, 2.0, 4.0]);
        // "Born 2000+" holds #1, #2, #4, #5 (not #3): with DE re-applied inside
        // it, #1 is ahead of #2 because #1 beat #2 - overall, the three-way DE
        // was a cycle and wins (2 against 3) put #2 ahead.
        let profile = r#"
[standings]
tiebreaks = ["DE", "WIN"]
edition = "pre2023"
category_mode = "reapply_direct_encounter"
[[standings.categories]]
name = "Born 2000+"
born_from = "2000-01-01"

[prizes]
[[prizes.tables]]
category = "Born 2000+"
cash = [200, 100]
"#;
        let profile = match Profile::from_toml(profile, "p.toml") {
            Ok(p) => p,
            Err(e) => panic!("{e:?}"),
        };
        let s = match build(&t, "Cycle", &profile.main) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        };
        let c = &s.categories[0];
        let order: Vec<u32> = c.ranking.iter().map(|r| r.start_rank.0).collect();
        assert_eq!(order, [1, 2, 5, 4]);
        assert_eq!(c.ranking[0].separated_by.as_deref(), Some("DE"));
        match &c.prizes[0].reason {
            LineReason::Place { boundary, .. } => {
                assert_eq!(boundary.ahead_of, Some((PlayerId(2), "DE".to_string())))
            }
            other => panic!("expected a place, found {other:?}"),
        }
        match &c.prizes[1].reason {
            LineReason::Place { boundary, .. } => {
                assert_eq!(boundary.behind, Some((PlayerId(1), "DE".to_string())))
            }
            other => panic!("expected a place, found {other:?}"),
        }
    }
}
