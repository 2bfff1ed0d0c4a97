//! Several events of one rating period: B.02 §8.3.3 caps K × games at 700
//! over the period, and the rating change is rounded once per period
//! (§8.3.4), not per event. Events are grouped by the month of their end
//! date (the rating period is the calendar month); a player is followed
//! across events by FIDE id.

use chrono::{Datelike, NaiveDate};
use serde::Serialize;

use super::change::{cap_k, RatingReport};

/// One player over the events of a period.
#[derive(Debug, Clone, Serialize)]
pub struct PeriodPlayer {
    /// The player's FIDE id (players are followed across events by it).
    pub fide_id: String,
    /// The player's name, as the first event writes it.
    pub name: String,
    /// K before the cap (from the first event the player is rated in).
    pub k_base: u32,
    /// K over the period: the largest with K × games ≤ 700.
    pub k_used: u32,
    /// Rated games over the period's events.
    pub games: u32,
    /// Σ K × (W − We) over the period's events, unrounded.
    pub change: f64,
    /// The period's change rounded once, half away from zero.
    pub change_rounded: i32,
    /// The events (0-based input positions) the player was rated in.
    pub events: Vec<usize>,
}

/// The events of one rating period and their players.
#[derive(Debug, Clone, Serialize)]
pub struct Period {
    /// `(year, month)`; `None` for events without a date.
    pub month: Option<(i32, u32)>,
    /// The events (0-based input positions).
    pub events: Vec<usize>,
    /// The players rated in more than one of the period's events (a player of
    /// one event only keeps that event's report).
    pub players: Vec<PeriodPlayer>,
}

fn round_half_away(h: i64) -> i64 {
    let q = (h.abs() + 50) / 100;
    if h < 0 {
        -q
    } else {
        q
    }
}

/// Group `reports` (with each event's end date) by rating period and, in
/// every period with more than one event, apply the 700 cap and the
/// rounding over the period to the rated players found in two or more of
/// them. Periods of a single event are left out: the event's own report is
/// the period's.
pub fn combine(reports: &[(&RatingReport, Option<NaiveDate>)]) -> Vec<Period> {
    let mut periods: Vec<Period> = Vec::new();
    for (i, (_, end)) in reports.iter().enumerate() {
        let month = end.map(|d| (d.year(), d.month()));
        match periods
            .iter_mut()
            .find(|p| p.month == month && month.is_some())
        {
            Some(p) => p.events.push(i),
            None => periods.push(Period {
                month,
                events: vec![i],
                players: Vec::new(),
            }),
        }
    }
    periods.retain(|p| p.events.len() > 1);
    for period in &mut periods {
        // (fide id) -> (name, k base, games, Σ (W − We) in hundredths per event)
        let mut acc: Vec<(String, String, u32, u32, i64, Vec<usize>)> = Vec::new();
        for &e in &period.events {
            for p in &reports[e].0.players {
                let (Some(id), Some(k), Some(we)) = (
                    p.fide_id
                        .as_deref()
                        .map(str::trim)
                        .filter(|s| !s.is_empty()),
                    p.k_detail.as_ref(),
                    p.expected,
                ) else {
                    continue;
                };
                let diff_h = ((p.score - we) * 100.0).round() as i64;
                match acc.iter_mut().find(|a| a.0 == id) {
                    Some(a) => {
                        a.3 += p.games;
                        a.4 += diff_h;
                        a.5.push(e);
                    }
                    None => acc.push((
                        id.to_string(),
                        p.name.clone(),
                        k.base,
                        p.games,
                        diff_h,
                        vec![e],
                    )),
                }
            }
        }
        period.players = acc
            .into_iter()
            .filter(|a| a.5.len() > 1)
            .map(|(fide_id, name, k_base, games, diff_h, events)| {
                let k_used = cap_k(k_base, games);
                let change_h = i64::from(k_used) * diff_h;
                PeriodPlayer {
                    fide_id,
                    name,
                    k_base,
                    k_used,
                    games,
                    change: change_h as f64 / 100.0,
                    change_rounded: round_half_away(change_h) as i32,
                    events,
                }
            })
            .collect();
    }
    periods
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Color, Outcome, Player, PlayerId, RoundEntry, Tournament};
    use crate::rating::{compute, RatingOptions, RatingRules};

    /// Player 1 (FIDE id 777, K 40 given) plays `n` games against 1600s
    /// (players 2.., FIDE ids 1000+) and wins them all.
    fn event(n: u32, end: NaiveDate) -> Tournament {
        let mut players = vec![Player {
            id: PlayerId(1),
            name: "Junior, Jo".into(),
            rating: Some(1500),
            fide_id: Some("777".into()),
            ..Player::default()
        }];
        for i in 0..n {
            let mut opp = Player {
                id: PlayerId(i + 2),
                name: format!("Opp{i}, A"),
                rating: Some(1600),
                fide_id: Some(format!("{}", 1000 + i)),
                ..Player::default()
            };
            opp.set_round(
                i as usize + 1,
                RoundEntry::Played {
                    opponent: PlayerId(1),
                    color: Color::Black,
                    outcome: Outcome::Loss,
                    short: false,
                },
            );
            players[0].set_round(
                i as usize + 1,
                RoundEntry::Played {
                    opponent: PlayerId(i + 2),
                    color: Color::White,
                    outcome: Outcome::Win,
                    short: false,
                },
            );
            players.push(opp);
        }
        let mut t = Tournament {
            players,
            ..Tournament::default()
        };
        t.info.end_date = Some(end);
        t
    }

    #[test]
    fn the_700_cap_bites_only_over_the_period() {
        let d = |m, day| NaiveDate::from_ymd_opt(2025, m, day).unwrap_or_default();
        let opts = RatingOptions {
            rules: Some(RatingRules::B2024),
            k_factors: [(PlayerId(1), 40)].into_iter().collect(),
            ..RatingOptions::default()
        };
        let (a, b, c) = (event(9, d(11, 9)), event(9, d(11, 23)), event(9, d(12, 7)));
        let (ra, rb, rc) = (compute(&a, &opts), compute(&b, &opts), compute(&c, &opts));
        // alone, each event keeps K 40 (40 × 9 = 360)
        for r in [&ra, &rb, &rc] {
            assert_eq!(r.players[0].k, Some(40));
        }
        let periods = combine(&[
            (&ra, a.info.end_date),
            (&rb, b.info.end_date),
            (&rc, c.info.end_date),
        ]);
        // November holds two events; December's single event is its own period
        assert_eq!(periods.len(), 1);
        let p = &periods[0];
        assert_eq!((p.month, p.events.clone()), (Some((2025, 11)), vec![0, 1]));
        let jo = &p.players[0];
        // 18 games: 40 × 18 = 720 > 700, so K = 38 over the period
        assert_eq!(
            (jo.fide_id.as_str(), jo.games, jo.k_base, jo.k_used),
            ("777", 18, 40, 38)
        );
        // each win against +100 expects 0.36 (table 8.1.2): 18 × 0.64 × 38 = 437.76
        assert!((jo.change - 437.76).abs() < 1e-9, "{}", jo.change);
        assert_eq!(jo.change_rounded, 438);
        // per event: 9 × 0.64 × 40 = 230.4 -> 230 each, 460 in all: the cap changes it
        assert_eq!(
            ra.players[0].change_rounded + rb.players[0].change_rounded,
            460
        );
    }
}
