//! The sections of a new event from its profile: the main section (`[play]`,
//! `[standings]`, `[prizes]`) and every `[sections.KEY]`, each with the
//! tournament header it is played under.

use chrono::NaiveDate;

use super::error::EventError;
use super::step::{LateBye, SectionSpec};
use crate::model::play::PlaySettings;
use crate::model::Tournament;
use crate::standings::prizes::Profile;

/// The key of the main section.
pub const MAIN: &str = "main";

/// A section's header from its play settings; `name` is the event's name,
/// `section` the section's (added to the event's for a side section).
pub fn header(
    event: &str,
    section: Option<&str>,
    play: &PlaySettings,
) -> Result<Tournament, EventError> {
    let mut t = Tournament::default();
    t.info.name = match section {
        Some(s) if !event.is_empty() => format!("{event} - {s}"),
        Some(s) => s.to_string(),
        None => event.to_string(),
    };
    t.total_rounds = play.rounds;
    if let Some(sys) = &play.system {
        t.info.system_code = match sys.as_str() {
            "dutch-2017" => "FIDE_DUTCH_2017".into(),
            "dutch-2025" | "dutch-2026" => "FIDE_DUTCH_2025".into(),
            "round-robin" => "Round Robin".into(),
            "double-round-robin" => "Double Round Robin".into(),
            other => {
                return Err(EventError::refused(format!(
                    "play.system: expected dutch-2017, dutch-2025, round-robin or double-round-robin, found \"{other}\""
                )))
            }
        };
    }
    let mut dates = Vec::new();
    for (i, d) in play.dates.iter().enumerate() {
        let date = NaiveDate::parse_from_str(d.trim(), "%Y-%m-%d").map_err(|_| {
            EventError::refused(format!(
                "play.dates[{i}]: expected a date YYYY-MM-DD, found \"{d}\""
            ))
        })?;
        dates.push(Some(date));
    }
    if let (Some(n), false) = (play.rounds, dates.is_empty()) {
        if dates.len() != n as usize {
            return Err(EventError::refused(format!(
                "play.dates: expected one date per round ({n}), found {}",
                dates.len()
            )));
        }
    }
    t.info.start_date = dates.first().copied().flatten();
    t.info.end_date = dates.last().copied().flatten();
    t.info.round_dates = dates;
    t.info.city = play.city.clone().unwrap_or_default();
    t.info.federation = play.federation.clone().unwrap_or_default();
    t.info.chief_arbiter = play.chief_arbiter.clone().unwrap_or_default();
    t.info.time_control = play.time_control.clone().unwrap_or_default();
    Ok(t)
}

/// The late-entry rule of a section's play settings.
fn late_bye(play: &PlaySettings, key: &str) -> Result<LateBye, EventError> {
    match play.late_entry_bye.as_deref() {
        None | Some("zero") => Ok(LateBye::Zero),
        Some("half") => Ok(LateBye::Half),
        Some(other) => Err(EventError::refused(format!(
            "{key}late_entry_bye: expected zero or half, found \"{other}\""
        ))),
    }
}

/// One section spec.
pub fn section(
    key: &str,
    name: &str,
    event: &str,
    play: &PlaySettings,
) -> Result<SectionSpec, EventError> {
    let prefix = if key == MAIN {
        "play.".to_string()
    } else {
        format!("sections.{key}.play.")
    };
    let side = (key != MAIN).then_some(name);
    Ok(SectionSpec {
        key: key.to_string(),
        name: name.to_string(),
        header: header(event, side, play).map_err(|e| match e {
            EventError::Refused { path, message } => EventError::Refused {
                path,
                message: message.replacen("play.", &prefix, 1),
            },
            e => e,
        })?,
        late_bye: late_bye(play, &prefix)?,
        max_half_byes: play.max_half_byes,
        half_bye_last_round: play.half_bye_last_round,
    })
}

/// The sections of a profile: the main one first, then `[sections.*]` in
/// key order.
pub fn sections(profile: &Profile) -> Result<Vec<SectionSpec>, EventError> {
    let event = profile.event_name.as_str();
    let mut out = vec![section(
        MAIN,
        &profile.main.name,
        event,
        &profile.main.play,
    )?];
    for (key, s) in &profile.sections {
        out.push(section(key, &s.name, event, &s.play)?);
    }
    Ok(out)
}
