//! Words for the event room: the log of steps, a round's boards with their
//! results, the players of a section, and what a pairing request did. The
//! log's steps and what entering a result did are worded through the
//! catalogue (`desk-step-*`, `event-*`), one wording for `arbiter event log`
//! (English unless `--lang`) and the desk's log page (the page's language).

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::event::spec::MAIN;
use crate::event::{
    results, BoardResult, BoardState, Entered, EventError, Logged, ManualChange, Paired, Step,
};
use crate::model::Tournament;
use crate::pairing::dutch::Pairing;
use crate::render::i18n::Lang;
use crate::tr;

/// Results listed by name in one log line; the rest are counted.
const RESULTS_LISTED: usize = 5;

/// The sections' names by key (`names`), the key itself when unknown.
fn named<'a>(names: &'a HashMap<String, String>, key: &'a str) -> &'a str {
    names.get(key).map_or(key, String::as_str)
}

/// One line describing a step in `lang`, sections named by `names` (their
/// keys where it has none: the command line names them as `--section`
/// takes them; the desk by the profile's names in the language).
pub fn describe(lang: Lang, step: &Step, names: &HashMap<String, String>) -> String {
    match step {
        Step::Create { name, sections, .. } => {
            let list: Vec<&str> = sections.iter().map(|s| named(names, &s.key)).collect();
            // the event is named as its main section is (the profile's
            // `[event] name` in the language)
            let name = sections
                .iter()
                .find(|s| s.key == MAIN && s.name == *name)
                .and_then(|s| names.get(&s.key))
                .unwrap_or(name);
            tr!(
                lang,
                "desk-step-create",
                name = name,
                sections = list.join(&tr!(lang, "desk-list-sep"))
            )
        }
        Step::Register { section, entrants } => {
            let section = named(names, section);
            match entrants.as_slice() {
                [one] if one.first_round > 1 => tr!(
                    lang,
                    "desk-step-register-late",
                    section = section,
                    name = &one.player.name,
                    round = one.first_round
                ),
                [one] => tr!(
                    lang,
                    "desk-step-register-one",
                    section = section,
                    name = &one.player.name
                ),
                many => tr!(
                    lang,
                    "desk-step-register-many",
                    section = section,
                    n = many.len()
                ),
            }
        }
        Step::Import {
            section,
            tournament,
            source,
        } => tr!(
            lang,
            "desk-step-import",
            section = named(names, section),
            n = tournament.players.len(),
            rounds = crate::pairing::dutch::next_round(tournament).saturating_sub(1),
            source = source
        ),
        Step::Edit {
            section,
            number,
            player,
        } => tr!(
            lang,
            "desk-step-edit",
            section = named(names, section),
            number = *number,
            name = &player.name
        ),
        Step::Pair {
            section,
            round,
            edition,
            boards,
            published,
            ..
        } => tr!(
            lang,
            "desk-step-pair",
            section = named(names, section),
            round = *round,
            edition = tr!(lang, "desk-edition", edition = edition),
            boards = boards.len(),
            published = if *published { "yes" } else { "no" }
        ),
        Step::Change {
            section,
            round,
            change,
            reason,
        } => {
            let section = named(names, section);
            match change {
                ManualChange::Swap { a, b } => tr!(
                    lang,
                    "desk-step-swap",
                    section = section,
                    round = *round,
                    a = *a,
                    b = *b,
                    reason = reason
                ),
                ManualChange::Flip { board } => tr!(
                    lang,
                    "desk-step-flip",
                    section = section,
                    round = *round,
                    board = *board,
                    reason = reason
                ),
            }
        }
        Step::Publish { section, round } => tr!(
            lang,
            "desk-step-publish",
            section = named(names, section),
            round = *round
        ),
        Step::Results {
            section,
            results: rs,
        } => {
            let list: Vec<String> = rs
                .iter()
                .take(RESULTS_LISTED)
                .map(|r| match r.old {
                    Some(old) => tr!(
                        lang,
                        "desk-step-result-was",
                        round = r.round,
                        board = r.board,
                        result = results::format(r.result),
                        old = results::format(old)
                    ),
                    None => tr!(
                        lang,
                        "desk-step-result",
                        round = r.round,
                        board = r.board,
                        result = results::format(r.result)
                    ),
                })
                .collect();
            let list = list.join(&tr!(lang, "desk-list-sep"));
            let section = named(names, section);
            if rs.len() > RESULTS_LISTED {
                tr!(
                    lang,
                    "desk-step-results-more",
                    section = section,
                    list = list,
                    more = rs.len() - RESULTS_LISTED
                )
            } else {
                tr!(lang, "desk-step-results", section = section, list = list)
            }
        }
        Step::Bye {
            section,
            number,
            round,
            bye,
        } => {
            let section = named(names, section);
            match bye {
                Some(b) => tr!(
                    lang,
                    "desk-step-bye",
                    section = section,
                    number = *number,
                    round = *round,
                    code = b.as_str()
                ),
                None => tr!(
                    lang,
                    "desk-step-bye-back",
                    section = section,
                    number = *number,
                    round = *round
                ),
            }
        }
        Step::Withdraw {
            section,
            number,
            from_round,
        } => {
            let section = named(names, section);
            match from_round {
                Some(r) => tr!(
                    lang,
                    "desk-step-withdraw",
                    section = section,
                    number = *number,
                    round = *r
                ),
                None => tr!(lang, "desk-step-back", section = section, number = *number),
            }
        }
        Step::Undo { to_before } => tr!(lang, "desk-step-undo", step = *to_before),
        Step::FideMode { .. } => tr!(lang, "desk-step-fide-mode-left"),
    }
}

/// The log as text in `lang`: one line a step, with when, who and why
/// (sections named as in [`describe`]).
pub fn log_text(log: &[Logged], lang: Lang, names: &HashMap<String, String>) -> String {
    let mut s = String::new();
    for l in log {
        let _ = write!(
            s,
            "{:>5}  {}  {:<16} {}",
            l.seq,
            l.at,
            l.arbiter,
            describe(lang, &l.step, names)
        );
        if let Some(r) = &l.reason {
            if !matches!(l.step, Step::Change { .. }) {
                s.push_str(&tr!(lang, "event-log-reason", reason = r));
            }
        }
        if l.undone {
            s.push_str(&tr!(lang, "event-log-undone"));
        }
        s.push('\n');
    }
    s
}

/// The log as JSON: `[{"seq", "at", "arbiter", "reason", "step", "undone",
/// "summary"}]`, the summary worded as [`log_text`] words it.
pub fn log_json(log: &[Logged], lang: Lang, names: &HashMap<String, String>) -> String {
    let rows: Vec<serde_json::Value> = log
        .iter()
        .map(|l| {
            serde_json::json!({
                "seq": l.seq,
                "at": l.at,
                "arbiter": l.arbiter,
                "reason": l.reason,
                "undone": l.undone,
                "summary": describe(lang, &l.step, names),
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

/// What entering `result` on `board` (of `round` when given) did, in `lang`.
pub fn entered(
    lang: Lang,
    board: u32,
    round: Option<u32>,
    result: BoardResult,
    done: &Entered,
) -> String {
    let board = match round {
        Some(round) => tr!(lang, "event-board-of-round", board = board, round = round),
        None => tr!(lang, "event-board", board = board),
    };
    let r = results::format(result);
    match done {
        Entered::Recorded => tr!(lang, "event-entered", board = board, result = r),
        Entered::Unchanged => tr!(lang, "event-entered-unchanged", board = board, result = r),
        Entered::Corrected { old } => tr!(
            lang,
            "event-entered-corrected",
            board = board,
            result = r,
            old = results::format(*old)
        ),
        Entered::Conflict { found, by, at } => {
            let found = found.map_or_else(|| tr!(lang, "event-no-result"), results::format);
            if by.is_empty() {
                tr!(
                    lang,
                    "event-entered-conflict",
                    board = board,
                    result = r,
                    found = found
                )
            } else {
                tr!(
                    lang,
                    "event-entered-conflict-by",
                    board = board,
                    result = r,
                    found = found,
                    by = by,
                    at = at
                )
            }
        }
    }
}

/// Why an event operation did nothing, for a page in `lang`: the kind of
/// failure as a sentence in the language, and the event room's own
/// particulars where it gave some (a refusal's or the engine's reason, what
/// the system said: English free text, shown marked as such). The file's
/// path is left out (the page is the event's). The command line keeps
/// [`EventError`]'s English `Display`, path first.
pub fn event_error(lang: Lang, e: &EventError) -> (String, Option<String>) {
    let detail = |d: &str| (!d.trim().is_empty()).then(|| d.to_string());
    match e {
        EventError::Access { detail: d, .. } => (tr!(lang, "event-error-access"), detail(d)),
        EventError::Exists { .. } => (tr!(lang, "event-error-exists"), None),
        EventError::NotAnEventFile { found, .. } => {
            (tr!(lang, "event-error-not-event"), detail(found))
        }
        EventError::NewerVersion {
            version, supported, ..
        } => (
            tr!(
                lang,
                "event-error-newer",
                version = *version,
                supported = *supported
            ),
            None,
        ),
        EventError::Corrupt { detail: d, .. } => (tr!(lang, "event-error-corrupt"), detail(d)),
        EventError::Busy { .. } => (
            tr!(
                lang,
                "event-error-busy",
                seconds = EventError::busy_wait_seconds()
            ),
            None,
        ),
        EventError::Refused { message, .. } => (tr!(lang, "event-error-refused"), detail(message)),
        EventError::NoLegalPairing { message, .. } => {
            (tr!(lang, "event-error-no-pairing"), detail(message))
        }
        EventError::Storage { detail: d, .. } => (tr!(lang, "event-error-storage"), detail(d)),
        EventError::Unconfirmed {
            level,
            warning,
            record,
            ..
        } => {
            let d = match record {
                Some(r) => format!("{warning}; it writes: {r}"),
                None => warning.clone(),
            };
            (
                tr!(lang, "event-error-unconfirmed", level = *level),
                detail(&d),
            )
        }
        EventError::FideModeLeft { step, .. } => {
            (tr!(lang, "event-error-fide-mode-left", step = *step), None)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{ByeCode, ResultEntry};

    fn zh() -> Lang {
        Lang::by_tag("zh-TW").expect("zh-TW")
    }

    fn logged(seq: i64, step: Step, reason: Option<&str>, undone: bool) -> Logged {
        Logged {
            seq,
            at: "2023-08-13T09:00:00Z".into(),
            arbiter: "Chief".into(),
            reason: reason.map(str::to_string),
            step,
            undone,
        }
    }

    #[test]
    fn steps_are_worded_in_the_language_and_sections_by_name() {
        let names: HashMap<String, String> = [("main".to_string(), "公開組".to_string())].into();
        let step = Step::Publish {
            section: "main".into(),
            round: 3,
        };
        assert_eq!(describe(zh(), &step, &names), "公開組：第 3 輪已公布");
        assert_eq!(
            describe(Lang::ENGLISH, &step, &HashMap::new()),
            "main: round 3 published"
        );
        let bye = Step::Bye {
            section: "main".into(),
            number: 7,
            round: 4,
            bye: Some(ByeCode::H),
        };
        assert_eq!(
            describe(Lang::ENGLISH, &bye, &HashMap::new()),
            "main: player 7, round 4: bye H"
        );
        assert_eq!(
            describe(zh(), &bye, &names),
            "公開組：棋士 7 第 4 輪：半分輪休"
        );
    }

    #[test]
    fn a_long_sheet_lists_five_results_and_counts_the_rest() {
        let r = results::parse("1-0").expect("a result");
        let old = results::parse("0-1");
        let results: Vec<ResultEntry> = (1..=7)
            .map(|board| ResultEntry {
                round: 2,
                board,
                result: r,
                old: (board == 1).then_some(old).flatten(),
            })
            .collect();
        let step = Step::Results {
            section: "main".into(),
            results,
        };
        assert_eq!(
            describe(Lang::ENGLISH, &step, &HashMap::new()),
            "main: result(s) r2 b1 1-0 (was 0-1), r2 b2 1-0, r2 b3 1-0, r2 b4 1-0, r2 b5 1-0 and 2 more"
        );
        let zh_text = describe(zh(), &step, &HashMap::new());
        assert!(
            zh_text.contains("另有 2 筆") && zh_text.contains("（原為 0-1）"),
            "{zh_text}"
        );
    }

    #[test]
    fn the_log_text_gives_reasons_and_undone_steps_in_the_language() {
        let log = [
            logged(
                4,
                Step::Withdraw {
                    section: "main".into(),
                    number: 9,
                    from_round: Some(5),
                },
                Some("ill"),
                true,
            ),
            logged(5, Step::Undo { to_before: 4 }, None, false),
        ];
        let en = log_text(&log, Lang::ENGLISH, &HashMap::new());
        assert_eq!(
            en,
            "    4  2023-08-13T09:00:00Z  Chief            main: player 9 withdrawn from round 5; reason: ill  [undone]\n    5  2023-08-13T09:00:00Z  Chief            undo: back to the state before step 4\n"
        );
        let zh_text = log_text(&log, zh(), &HashMap::new());
        assert!(
            zh_text.contains("；理由：ill") && zh_text.contains("［已撤銷］"),
            "{zh_text}"
        );
        let json = log_json(&log, zh(), &HashMap::new());
        assert!(json.contains("撤銷：回到步驟 4 之前的狀態"), "{json}");
    }

    #[test]
    fn a_conflict_names_the_board_and_who_changed_it() {
        let r = results::parse("1-0").expect("a result");
        let done = Entered::Conflict {
            found: results::parse("0-1"),
            by: "Deputy".into(),
            at: "10:00".into(),
        };
        assert_eq!(
            entered(Lang::ENGLISH, 4, Some(3), r, &done),
            "board 4 of round 3: 1-0 NOT written: the board changed since the page was opened; it holds 0-1 by Deputy at 10:00"
        );
        let nothing = Entered::Conflict {
            found: None,
            by: String::new(),
            at: String::new(),
        };
        assert_eq!(
            entered(Lang::ENGLISH, 4, None, r, &nothing),
            "board 4: 1-0 NOT written: the board changed since the page was opened; it holds no result"
        );
        let zh_text = entered(zh(), 4, Some(3), r, &done);
        assert!(
            zh_text.starts_with("第 3 輪第 4 台：1-0 未寫入") && zh_text.contains("Deputy"),
            "{zh_text}"
        );
    }

    #[test]
    fn an_event_error_is_worded_in_the_language_its_particulars_kept() {
        let busy = EventError::Busy {
            path: "open.arbiter".into(),
        };
        let (zh_text, detail) = event_error(zh(), &busy);
        let seconds = EventError::busy_wait_seconds();
        assert!(zh_text.contains(&format!("超過 {seconds} 秒")), "{zh_text}");
        assert_eq!(detail, None);
        let (en_text, _) = event_error(Lang::ENGLISH, &busy);
        assert!(
            busy.to_string().ends_with(&en_text),
            "the English sentence is the command line's: {en_text}"
        );
        let refused = EventError::Refused {
            path: "open.arbiter".into(),
            message: "round 2: expected board 9 in the draft, found none".into(),
        };
        let (zh_text, detail) = event_error(zh(), &refused);
        assert_eq!(zh_text, "未執行，未寫入任何內容：");
        assert_eq!(
            detail.as_deref(),
            Some("round 2: expected board 9 in the draft, found none")
        );
    }
}
