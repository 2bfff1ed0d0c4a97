//! What a written file failed to carry, found by reading it back.
//!
//! A writer that knows its format's limits can warn field by field as it writes
//! (the TRF writer does). For formats whose limits are many and scattered (the
//! Swiss-Manager pairing list holds one round, the player list no games, the XML
//! import file neither dates nor results), the reliable account is the round trip:
//! write, read the bytes back with the format's own reader, and compare the two
//! tournaments field by field. Every field that had a value before and does not
//! come back unchanged is reported once, with the players it concerns, so nothing
//! is dropped without a word (issue #18).
//!
//! The comparison walks the model's serialised form, so a field added to the
//! model later is compared without a change here. The teams and team records
//! of a team event are accounted for in [`super::loss_team`], with counts of
//! the teams, records and matches lost.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::Tournament;

/// How many player numbers a warning lists before "…".
const SHOWN: usize = 8;

/// Compare `before` (what was to be written) with `after` (what `format` read
/// back from the written bytes) and describe every loss.
pub fn round_trip_losses(before: &Tournament, after: &Tournament, format: &str) -> Vec<Diagnostic> {
    let (Ok(b), Ok(a)) = (serde_json::to_value(before), serde_json::to_value(after)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // Event-level fields: `info.*` and the other top-level entries but the players.
    let mut event = Vec::new();
    if let (Some(bi), ai) = (b.get("info").and_then(Value::as_object), a.get("info")) {
        for (k, v) in bi {
            compare(
                &mut event,
                &format!("info.{k}"),
                v,
                ai.and_then(|x| x.get(k)),
            );
        }
    }
    if let Some(bo) = b.as_object() {
        for (k, v) in bo {
            // The team layer has its own account (`loss_team`), with counts.
            if k == "info" || k == "players" || k == "teams" || k == "team_records" {
                continue;
            }
            compare(&mut event, k, v, a.get(k));
        }
    }
    if !event.is_empty() {
        let parts: Vec<String> = event
            .iter()
            .map(|(field, was, now)| {
                format!(
                    "{} ({field}) {}",
                    words(field),
                    change(field, was, now.as_ref())
                )
            })
            .collect();
        out.push(loss(
            "info",
            format!(
                "{format} cannot carry {} of the event's fields: {}",
                event.len(),
                parts.join("; ")
            ),
        ));
    }

    // Player fields: by player number, one warning per field.
    let empty = Vec::new();
    let after_players: BTreeMap<u64, &Value> = a
        .get("players")
        .and_then(Value::as_array)
        .unwrap_or(&empty)
        .iter()
        .filter_map(|p| Some((p.get("id")?.as_u64()?, p)))
        .collect();
    // field -> (player numbers, first example)
    let mut per_field: BTreeMap<String, (Vec<u64>, String)> = BTreeMap::new();
    let mut rounds: BTreeMap<usize, Vec<u64>> = BTreeMap::new();
    let mut missing = Vec::new();
    for p in b.get("players").and_then(Value::as_array).unwrap_or(&empty) {
        let Some(id) = p.get("id").and_then(Value::as_u64) else {
            continue;
        };
        let Some(q) = after_players.get(&id) else {
            missing.push(id);
            continue;
        };
        let Some(fields) = p.as_object() else {
            continue;
        };
        for (k, v) in fields {
            match k.as_str() {
                "id" => {}
                "rounds" => {
                    let none = Vec::new();
                    let theirs = q.get("rounds").and_then(Value::as_array).unwrap_or(&none);
                    for (i, e) in v.as_array().unwrap_or(&none).iter().enumerate() {
                        let blank = e.get("kind").and_then(Value::as_str) == Some("not_paired");
                        if !blank && theirs.get(i) != Some(e) {
                            rounds.entry(i + 1).or_default().push(id);
                        }
                    }
                }
                _ => {
                    let mut found = Vec::new();
                    compare(&mut found, k, v, q.get(k));
                    for (field, was, now) in found {
                        let example =
                            format!("player {id}: {}", change(&field, &was, now.as_ref()));
                        let slot = per_field
                            .entry(field)
                            .or_insert_with(|| (Vec::new(), example));
                        slot.0.push(id);
                    }
                }
            }
        }
    }
    if !missing.is_empty() {
        out.push(loss(
            "players",
            format!(
                "{format} cannot carry {} ({}); not written",
                count(missing.len(), "player"),
                numbers(&missing)
            ),
        ));
    }
    for (field, (ids, example)) in per_field {
        out.push(loss(
            &field,
            format!(
                "{format} cannot carry the players' {} ({field}) for {} ({}); e.g. {example}",
                words(&field),
                count(ids.len(), "player"),
                numbers(&ids)
            ),
        ));
    }
    out.extend(super::loss_team::team_losses(before, after, format));
    if !rounds.is_empty() {
        let mut players: Vec<u64> = rounds.values().flatten().copied().collect();
        players.sort_unstable();
        players.dedup();
        let list: Vec<String> = rounds.keys().map(ToString::to_string).collect();
        out.push(loss(
            "rounds",
            format!(
                "{format} cannot carry the games or byes of round(s) {} for {} ({}); not written",
                list.join(", "),
                count(players.len(), "player"),
                numbers(&players)
            ),
        ));
    }
    out
}

/// Push `(field, before, after)` for every part of `v` that had a value and does
/// not come back equal. Maps (labels, nested records) are compared key by key.
fn compare(
    out: &mut Vec<(String, Value, Option<Value>)>,
    field: &str,
    v: &Value,
    back: Option<&Value>,
) {
    if is_empty(v) || back == Some(v) {
        return;
    }
    if let (Value::Object(m), Some(Value::Object(n))) = (v, back) {
        for (k, x) in m {
            compare(out, &format!("{field}.{k}"), x, n.get(k));
        }
        return;
    }
    out.push((field.to_string(), v.clone(), back.cloned()));
}

fn is_empty(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty() || a.iter().all(Value::is_null),
        Value::Object(o) => o.is_empty(),
        _ => false,
    }
}

fn change(field: &str, was: &Value, now: Option<&Value>) -> String {
    match now {
        Some(n) if !is_empty(n) => {
            format!("{} read back as {}", short(field, was), short(field, n))
        }
        _ => format!("{} not written", short(field, was)),
    }
}

/// A value as the user knows it: strings quoted, points (stored in tenths) as points.
fn short(field: &str, v: &Value) -> String {
    let s = match v {
        Value::String(s) => format!("\"{s}\""),
        Value::Number(n) if field == "points" => match n.as_i64() {
            Some(t) => crate::model::Points(i32::try_from(t).unwrap_or(i32::MAX)).to_string(),
            None => n.to_string(),
        },
        other => other.to_string(),
    };
    if s.chars().count() > 60 {
        let cut: String = s.chars().take(57).collect();
        format!("{cut}…")
    } else {
        s
    }
}

fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn numbers(ids: &[u64]) -> String {
    let mut s: Vec<String> = ids.iter().take(SHOWN).map(ToString::to_string).collect();
    if ids.len() > SHOWN {
        s.push("…".into());
    }
    s.join(", ")
}

/// Words for the model's field names (the key is shown beside them).
fn words(field: &str) -> &str {
    let leaf = field.strip_prefix("info.").unwrap_or(field);
    match leaf {
        "name" => "name",
        "city" => "place",
        "federation" => "federation",
        "start_date" => "start date",
        "end_date" => "end date",
        "chief_arbiter" => "chief arbiter",
        "deputy_arbiters" => "deputy arbiters",
        "time_control" => "time control",
        "round_dates" => "round dates",
        "tournament_type" => "type",
        "encoded_time_control" => "encoded time control",
        "players_declared" => "declared number of players",
        "rated_players_declared" => "declared number of rated players",
        "teams_declared" => "declared number of teams",
        "system_code" => "pairing system",
        "starting_rank_method" => "starting-rank method",
        "pairing_controller" => "pairing program",
        "total_rounds" => "number of rounds",
        "tiebreaks" => "tie-breaks",
        "scoring" => "point system",
        "initial_color" => "initial colour",
        "fide_id" => "FIDE id",
        "birth" => "birth date",
        "rating" => "rating",
        "title" => "title",
        "sex" => "sex",
        "points" => "points",
        "rank" => "rank",
        "national_ratings" => "national ratings",
        "accelerations" => "accelerations",
        "forbidden_pairs" => "forbidden pairs",
        "teams" => "teams",
        "extra_records" => "other records",
        l if l.starts_with("labels.") => "label",
        _ => "field",
    }
}

fn loss(field: &str, message: String) -> Diagnostic {
    Diagnostic::warning(
        codes::CONVERSION_LOSS,
        Family::Engine,
        Location {
            field: Some(field.to_string()),
            ..Location::default()
        },
        message,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Player, PlayerId, RoundEntry};

    fn player(id: u32, name: &str) -> Player {
        Player {
            id: PlayerId(id),
            name: name.into(),
            ..Player::default()
        }
    }

    #[test]
    fn nothing_lost_nothing_said() {
        let mut t = Tournament::default();
        t.info.name = "Open".into();
        t.players.push(player(1, "A"));
        assert!(round_trip_losses(&t, &t.clone(), "sm-xml").is_empty());
    }

    #[test]
    fn every_lost_field_is_named_once_with_its_players() {
        let mut t = Tournament::default();
        t.info.name = "Open".into();
        t.info.end_date = chrono::NaiveDate::from_ymd_opt(2023, 8, 20);
        t.info.chief_arbiter = "Chen".into();
        for i in 1..=3 {
            let mut p = player(i, "P");
            p.fide_id = Some(format!("{i}00"));
            p.rounds = vec![RoundEntry::Bye {
                bye: crate::model::ByeKind::Half,
            }];
            t.players.push(p);
        }
        let mut back = t.clone();
        back.info.end_date = None;
        back.info.chief_arbiter.clear();
        for p in &mut back.players {
            p.fide_id = None;
            p.rounds.clear();
        }
        back.players[2].name = "Q".into();
        let d = round_trip_losses(&t, &back, "sm-players");
        let text: Vec<String> = d.iter().map(|d| d.message.clone()).collect();
        assert_eq!(d.len(), 4, "{text:#?}");
        assert!(text.iter().any(|m| m.contains(
            "2 of the event's fields: chief arbiter (info.chief_arbiter) \"Chen\" not written; end date (info.end_date) \"2023-08-20\" not written"
        )));
        assert!(text
            .iter()
            .any(|m| m.contains("FIDE id (fide_id) for 3 players (1, 2, 3)")));
        assert!(text.iter().any(
            |m| m.contains("name (name) for 1 player (3); e.g. player 3: \"P\" read back as \"Q\"")
        ));
        assert!(text.iter().any(|m| m.contains("round(s) 1 for 3 players")));
        assert!(d.iter().all(|d| d.code == codes::CONVERSION_LOSS));
    }
}
