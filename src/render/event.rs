//! Words for the event room: the log of steps, a round's boards with their
//! results, the players of a section, and what a pairing request did.

use std::fmt::Write as _;

use crate::event::{results, BoardResult, BoardState, Entered, Logged, Paired, Step};
use crate::model::Tournament;
use crate::pairing::dutch::Pairing;

/// One line describing a step.
pub fn describe(step: &Step) -> String {
    match step {
        Step::Create { name, sections, .. } => format!(
            "event \"{name}\" created with section(s) {}",
            sections
                .iter()
                .map(|s| s.key.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Step::Register { section, entrants } => match entrants.as_slice() {
            [one] => format!(
                "{section}: registered {}{}",
                one.player.name,
                if one.first_round > 1 {
                    format!(" (paired from round {})", one.first_round)
                } else {
                    String::new()
                }
            ),
            many => format!("{section}: registered {} players", many.len()),
        },
        Step::Import {
            section,
            tournament,
            source,
        } => format!(
            "{section}: imported {} players and {} round(s) from {source}",
            tournament.players.len(),
            crate::pairing::dutch::next_round(tournament).saturating_sub(1)
        ),
        Step::Edit {
            section,
            number,
            player,
        } => format!("{section}: player {number} ({}) edited", player.name),
        Step::Pair {
            section,
            round,
            edition,
            boards,
            published,
            ..
        } => format!(
            "{section}: round {round} paired ({edition}, {} boards){}",
            boards.len(),
            if *published {
                ", published"
            } else {
                " as a draft"
            }
        ),
        Step::Change {
            section,
            round,
            change,
            reason,
        } => format!(
            "{section}: draft of round {round} changed by hand: {}; reason: {reason}",
            match change {
                crate::event::ManualChange::Swap { a, b } => format!("players {a} and {b} swapped"),
                crate::event::ManualChange::Flip { board } =>
                    format!("colours of board {board} exchanged"),
            }
        ),
        Step::Publish { section, round } => format!("{section}: round {round} published"),
        Step::Results {
            section,
            results: rs,
        } => {
            let list: Vec<String> = rs
                .iter()
                .take(5)
                .map(|r| {
                    let old = r
                        .old
                        .map(|o| format!(" (was {})", results::format(o)))
                        .unwrap_or_default();
                    format!(
                        "r{} b{} {}{old}",
                        r.round,
                        r.board,
                        results::format(r.result)
                    )
                })
                .collect();
            let more = if rs.len() > 5 {
                format!(" and {} more", rs.len() - 5)
            } else {
                String::new()
            };
            format!("{section}: result(s) {}{more}", list.join(", "))
        }
        Step::Bye {
            section,
            number,
            round,
            bye,
        } => match bye {
            Some(b) => format!(
                "{section}: player {number}, round {round}: bye {}",
                b.as_str()
            ),
            None => format!("{section}: player {number}, round {round}: bye taken back"),
        },
        Step::Withdraw {
            section,
            number,
            from_round,
        } => match from_round {
            Some(r) => format!("{section}: player {number} withdrawn from round {r}"),
            None => format!("{section}: player {number} brought back"),
        },
        Step::Undo { to_before } => format!("undo: back to the state before step {to_before}"),
        Step::FideMode { .. } => "FIDE mode left (for good)".into(),
    }
}

/// The log as text: one line a step, with when, who and why.
pub fn log_text(log: &[Logged]) -> String {
    let mut s = String::new();
    for l in log {
        let _ = write!(
            s,
            "{:>5}  {}  {:<16} {}",
            l.seq,
            l.at,
            l.arbiter,
            describe(&l.step)
        );
        if let Some(r) = &l.reason {
            if !matches!(l.step, Step::Change { .. }) {
                let _ = write!(s, "; reason: {r}");
            }
        }
        if l.undone {
            s.push_str("  [undone]");
        }
        s.push('\n');
    }
    s
}

/// The log as JSON: `[{"seq", "at", "arbiter", "reason", "step", "undone",
/// "summary"}]`.
pub fn log_json(log: &[Logged]) -> String {
    let rows: Vec<serde_json::Value> = log
        .iter()
        .map(|l| {
            serde_json::json!({
                "seq": l.seq,
                "at": l.at,
                "arbiter": l.arbiter,
                "reason": l.reason,
                "undone": l.undone,
                "summary": describe(&l.step),
                "step": l.step,
            })
        })
        .collect();
    let mut s =
        serde_json::to_string_pretty(&rows).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    s.push('\n');
    s
}

/// The players of a section by pairing number.
pub fn players_text(t: &Tournament) -> String {
    let mut s = format!(
        "{:>4}  {:<32} {:>5} {:<4} {:<10} {}\n",
        "No", "Name", "Elo", "FED", "FIDE id", "Category"
    );
    for p in &t.players {
        let _ = writeln!(
            s,
            "{:>4}  {:<32} {:>5} {:<4} {:<10} {}",
            p.id,
            p.name,
            p.rating.map(|r| r.to_string()).unwrap_or_default(),
            p.federation.as_deref().unwrap_or(""),
            p.fide_id.as_deref().unwrap_or(""),
            p.registered_category.as_deref().unwrap_or("")
        );
    }
    s
}

/// A round's boards with their results and the manual changes marked.
pub fn boards_text(t: &Tournament, p: &Pairing, boards: &[BoardState]) -> String {
    let name = |n: u32| {
        t.players
            .iter()
            .find(|x| x.id.0 == n)
            .map(|x| x.name.clone())
            .unwrap_or_default()
    };
    let mut s = format!("Round {}\n", p.round);
    for b in boards {
        let _ = writeln!(
            s,
            "{:>4}  {:>4} {:<28} {:^7} {:<28} {:>4}{}",
            b.board,
            b.white,
            name(b.white),
            b.result.map(results::format).unwrap_or_else(|| "-".into()),
            name(b.black),
            b.black,
            b.manual
                .as_ref()
                .map(|r| format!("  (changed by hand: {r})"))
                .unwrap_or_default()
        );
    }
    if let Some(b) = p.bye {
        let _ = writeln!(s, "      {:>4} {:<28} pairing-allocated bye", b, name(b.0));
    }
    s
}

/// What `arbiter event pair` adds below the pairing: published or a draft,
/// and `check`'s verdict of a draft.
pub fn pair_footer(done: &Paired, verdict: Option<&str>) -> String {
    let mut s = String::new();
    if done.published {
        let _ = writeln!(
            s,
            "\nround {} of section {} published{}",
            done.round,
            done.section,
            if done.from_draft {
                " (the draft as it was)"
            } else {
                ""
            }
        );
    } else {
        let _ = writeln!(
            s,
            "\nround {} of section {} is a draft: `arbiter event change` changes it (with a reason), `arbiter event pair` publishes it",
            done.round, done.section
        );
        if let Some(v) = verdict {
            let _ = write!(s, "check: {v}");
            if !v.ends_with('\n') {
                s.push('\n');
            }
        }
    }
    s
}

/// What entering `result` on a board did, in words (`board` names it:
/// `board 12`, `board 12 of round 3`).
pub fn entered(board: &str, result: BoardResult, done: &Entered) -> String {
    let r = results::format(result);
    match done {
        Entered::Recorded => format!("{board}: {r}"),
        Entered::Unchanged => format!("{board}: {r} (already recorded)"),
        Entered::Corrected { old } => {
            format!("{board}: {r} (corrected from {})", results::format(*old))
        }
        Entered::Conflict { found, by, at } => {
            let found = found.map_or("no result".to_string(), results::format);
            let who = if by.is_empty() {
                String::new()
            } else {
                format!(" by {by} at {at}")
            };
            format!("{board}: {r} NOT written: the board changed since the page was opened; it holds {found}{who}")
        }
    }
}

/// `check`'s verdict of a round just paired (its boards in `t`), in the
/// words of [`super::check::round`]; `None` for a round robin (its table is
/// the pairing).
pub fn verdict(t: &Tournament, p: &Pairing) -> Option<String> {
    use crate::formats::input::Source;
    use crate::pairing::check::report::{check_tournament_in, engine_selection, CheckOptions};
    use crate::pairing::check::FileFacts;
    if crate::pairing::round_robin::table_for(t, None).is_some() {
        return None;
    }
    let opts = CheckOptions {
        edition: p.edition,
        edition_reason: p.edition_reason.clone(),
        rounds: Some(vec![p.round]),
        explain: false,
    };
    let source = Source::None;
    let facts = FileFacts::new(None, &source);
    let report = check_tournament_in(t, &opts, &facts, |pos| engine_selection(pos, p.edition));
    report.rounds.first().map(super::check::round)
}
