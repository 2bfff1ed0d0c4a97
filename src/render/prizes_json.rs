//! The prize statement as JSON: the shape documented on [`Statement`], every
//! reason and note in the words of [`super::prizes`].

use serde::Serialize;

use super::prizes::{
    choice_text, line_reason, reduction_text, removal_note, rule_text, unawarded_text,
};
use crate::diag::Diagnostic;
use crate::model::{PlayerId, Points};
use crate::standings::prizes::rules::points_as_number;
use crate::standings::prizes::statement::Statement;
use crate::standings::prizes::{
    CategoryStatement, Money, OnePrizeCheck, Payment, PrizeLine, RankingRow, Skip, Totals,
};

/// The statement as pretty JSON (shape documented on [`Statement`]; reasons
/// and notes in words).
pub fn json(s: &Statement) -> String {
    let mut v = super::json::pretty(&JsonStatement::new(s));
    v.push('\n');
    v
}

// ---------------------------------------------------------------- JSON shape
// The statement with each reason in words; field names and order are the JSON shape.

#[derive(Serialize)]
struct JsonStatement<'a> {
    event: &'a str,
    section: &'a str,
    currency: &'a str,
    edition: &'a str,
    tiebreaks: &'a [String],
    rules: Vec<String>,
    categories: Vec<JsonCategory<'a>>,
    totals: &'a Totals,
    one_prize_check: &'a OnePrizeCheck,
    notes: &'a [Diagnostic],
}

#[derive(Serialize)]
struct JsonCategory<'a> {
    name: &'a str,
    players: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    reduction: Option<JsonReduction>,
    ranking: Vec<JsonRankingRow<'a>>,
    prizes: Vec<JsonPrizeLine<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    skipped: Vec<JsonSkip<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unawarded: Option<JsonUnawarded>,
}

#[derive(Serialize)]
struct JsonUnawarded {
    cash: Money,
    reason: String,
}

#[derive(Serialize)]
struct JsonReduction {
    players: u32,
    min_players: u32,
    reason: String,
}

#[derive(Serialize)]
struct JsonRankingRow<'a> {
    rank: u32,
    start_rank: PlayerId,
    name: &'a str,
    #[serde(serialize_with = "points_as_number")]
    points: Points,
    #[serde(skip_serializing_if = "Option::is_none")]
    separated_by: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

#[derive(Serialize)]
struct JsonPrizeLine<'a> {
    places: &'a [u32],
    players: &'a [Payment],
    pool: Money,
    remainder: Money,
    reason: String,
}

#[derive(Serialize)]
struct JsonSkip<'a> {
    start_rank: PlayerId,
    name: &'a str,
    reason: String,
}

impl<'a> JsonStatement<'a> {
    fn new(s: &'a Statement) -> JsonStatement<'a> {
        let cur = s.currency.as_str();
        JsonStatement {
            event: &s.event,
            section: &s.section,
            currency: cur,
            edition: &s.edition,
            tiebreaks: &s.tiebreaks,
            rules: s.rules.iter().map(rule_text).collect(),
            categories: s
                .categories
                .iter()
                .map(|c| JsonCategory::new(c, cur))
                .collect(),
            totals: &s.totals,
            one_prize_check: &s.one_prize_check,
            notes: &s.notes,
        }
    }
}

impl<'a> JsonCategory<'a> {
    fn new(c: &'a CategoryStatement, cur: &str) -> JsonCategory<'a> {
        JsonCategory {
            name: &c.name,
            players: c.players,
            reduction: c.reduction.as_ref().map(|r| JsonReduction {
                players: r.players,
                min_players: r.min_players,
                reason: reduction_text(r, cur),
            }),
            ranking: c
                .ranking
                .iter()
                .map(|r: &'a RankingRow| JsonRankingRow {
                    rank: r.rank,
                    start_rank: r.start_rank,
                    name: &r.name,
                    points: r.points,
                    separated_by: r.separated_by.as_deref(),
                    note: r.note.as_ref().map(|n| removal_note(n, cur)),
                })
                .collect(),
            prizes: c
                .prizes
                .iter()
                .map(|l: &'a PrizeLine| JsonPrizeLine {
                    places: &l.places,
                    players: &l.players,
                    pool: l.pool,
                    remainder: l.remainder,
                    reason: line_reason(&l.reason, cur),
                })
                .collect(),
            skipped: c
                .skipped
                .iter()
                .map(|k: &'a Skip| JsonSkip {
                    start_rank: k.start_rank,
                    name: &k.name,
                    reason: choice_text(&k.reason, cur),
                })
                .collect(),
            unawarded: c.unawarded.map(|cash| JsonUnawarded {
                cash,
                reason: unawarded_text(cash, cur),
            }),
        }
    }
}

// ---------------------------------------------------------------- reasons in words
