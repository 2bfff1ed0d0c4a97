//! The desk's words in the page's language: the log's steps, what entering
//! a result did, a section's name. The command line's English wording is
//! `render::event`'s; these are the same sentences through the catalogue
//! (`desk-step-*`, `desk-entered-*`), with sections named as the profile
//! names them in the language.

use std::collections::HashMap;

use chess_arbiter::event::spec::MAIN;
use chess_arbiter::event::{results, BoardResult, Entered, ManualChange, Step};
use chess_arbiter::render::i18n::Lang;
use chess_arbiter::tr;

use super::Hosted;

/// Results listed by name in one log line; the rest are counted.
const RESULTS_LISTED: usize = 5;

impl Hosted {
    /// A section's name in `lang`: the profile's name in that language, else
    /// the name the event file keeps (`plain`).
    pub(crate) fn section_name(&self, key: &str, plain: &str, lang: Lang) -> String {
        let section = self
            .profile
            .as_ref()
            .and_then(|p| p.section((key != MAIN).then_some(key)));
        match section {
            Some(s) => s.names.shown(plain, lang.tag()).to_string(),
            None => plain.to_string(),
        }
    }
}

/// The sections' names by key (`names`), the key itself when unknown.
fn named<'a>(names: &'a HashMap<String, String>, key: &'a str) -> &'a str {
    names.get(key).map_or(key, String::as_str)
}

/// One line describing a step (the log page, the undo form).
pub(crate) fn describe(lang: Lang, step: &Step, names: &HashMap<String, String>) -> String {
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
            rounds = chess_arbiter::pairing::dutch::next_round(tournament).saturating_sub(1),
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

/// What entering `result` on `board` did.
pub(crate) fn entered(lang: Lang, board: u32, result: BoardResult, done: &Entered) -> String {
    let r = results::format(result);
    match done {
        Entered::Recorded => tr!(lang, "desk-entered", board = board, result = r),
        Entered::Unchanged => tr!(lang, "desk-entered-unchanged", board = board, result = r),
        Entered::Corrected { old } => tr!(
            lang,
            "desk-entered-corrected",
            board = board,
            result = r,
            old = results::format(*old)
        ),
        Entered::Conflict { found, by, at } => {
            let found = found.map_or_else(|| tr!(lang, "desk-no-result"), results::format);
            if by.is_empty() {
                tr!(
                    lang,
                    "desk-entered-conflict",
                    board = board,
                    result = r,
                    found = found
                )
            } else {
                tr!(
                    lang,
                    "desk-entered-conflict-by",
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

#[cfg(test)]
mod tests {
    use super::*;
    use chess_arbiter::event::Step;

    #[test]
    fn steps_are_worded_in_the_language_and_sections_by_name() {
        let zh = Lang::by_tag("zh-TW").expect("zh-TW");
        let names: HashMap<String, String> = [("main".to_string(), "公開組".to_string())].into();
        let step = Step::Publish {
            section: "main".into(),
            round: 3,
        };
        assert_eq!(describe(zh, &step, &names), "公開組：第 3 輪已公布");
        assert_eq!(
            describe(Lang::ENGLISH, &step, &HashMap::new()),
            chess_arbiter::render::event::describe(&step),
            "English: the command line's wording"
        );
        let undo = Step::Undo { to_before: 7 };
        assert_eq!(
            describe(Lang::ENGLISH, &undo, &names),
            chess_arbiter::render::event::describe(&undo)
        );
    }

    #[test]
    fn a_conflict_names_who_changed_the_board() {
        let r = results::parse("1-0").expect("a result");
        let done = Entered::Conflict {
            found: results::parse("0-1"),
            by: "Chief".into(),
            at: "10:00".into(),
        };
        let en = entered(Lang::ENGLISH, 4, r, &done);
        assert_eq!(
            en,
            chess_arbiter::render::event::entered("board 4", r, &done)
        );
        let zh = entered(Lang::by_tag("zh-TW").expect("zh-TW"), 4, r, &done);
        assert!(zh.contains("未寫入") && zh.contains("Chief"), "{zh}");
    }
}
