//! The check page: the round-by-round verdicts, then per round its findings
//! as the page's own lists and tables (the boards whose colours differ, the
//! pairs only one side made, the first differing bracket, the criterion, the
//! violations) and, folded in a `<details>`, the players, score groups and
//! brackets the rules paired. Built from the check's data
//! ([`crate::pairing::check::report::Report`]), not from its text rendering.

use minijinja::Environment;
use serde::Serialize;

use super::common::{player_file, render, round_file, Frame, SiteError, SiteInput};
use super::rounds::verdict_class;
use crate::model::{PlayerId, Tournament};
use crate::pairing::check::explain::{Explanation, Float, PlayerState};
use crate::pairing::check::report::{Report, RoundReport};
use crate::pairing::check::{BracketChoice, FindingKind};
use crate::pairing::check::{Pair, Verdict};
use crate::render::check::{
    choice_text, finding_criterion, finding_explanation, finding_value, ids, kind_words,
    preference_words,
};

/// A pair as the page shows it: `12 - 40` (white first).
fn pair_words(p: &Pair) -> String {
    format!("{} - {}", p.white, p.black)
}

#[derive(Serialize)]
struct ColourRow {
    recorded: String,
    rules: String,
    article: String,
    explanation: String,
}

#[derive(Serialize)]
struct PairRow {
    recorded: String,
    rules: String,
}

#[derive(Serialize)]
struct BracketView {
    title: String,
    recorded: String,
    rules: String,
}

#[derive(Serialize)]
struct CriterionView {
    criterion: String,
    recorded: String,
    rules: String,
    explanation: String,
    note: String,
}

#[derive(Serialize)]
struct Violation {
    article: String,
    explanation: String,
}

#[derive(Serialize)]
struct PlayerRow {
    id: u32,
    name: String,
    href: String,
    score: String,
    pairing_score: String,
    colours: String,
    cd: i32,
    preference: String,
    float: String,
    pab: String,
    top: bool,
}

#[derive(Serialize)]
struct Group {
    title: String,
    players: Vec<PlayerRow>,
    rules: String,
}

#[derive(Serialize)]
struct Explained {
    players: usize,
    absent: String,
    groups: Vec<Group>,
}

#[derive(Serialize, Default)]
struct Round {
    round: u32,
    round_href: String,
    verdict: String,
    class: String,
    warnings: Vec<String>,
    colours: Vec<ColourRow>,
    pairs: Vec<PairRow>,
    first_difference: String,
    bracket: Option<BracketView>,
    criterion: Option<CriterionView>,
    bye: Option<PairRow>,
    violations: Vec<Violation>,
    reason: String,
    problems: Vec<String>,
    explanation: Option<Explained>,
}

fn float_letters(p: &PlayerState) -> String {
    let f = |f: Option<Float>| match f {
        Some(Float::Down) => 'D',
        Some(Float::Up) => 'U',
        None => '-',
    };
    format!("{}{}", f(p.float_before_last), f(p.float_last))
}

fn player_row(t: &Tournament, p: &PlayerState) -> PlayerRow {
    let who = t.player(p.id);
    PlayerRow {
        id: p.id.0,
        name: who.map(|x| x.name.clone()).unwrap_or_default(),
        href: who.map(|x| player_file(x.id)).unwrap_or_default(),
        score: p.score.to_string(),
        pairing_score: p.pairing_score.to_string(),
        colours: if p.colours.is_empty() {
            "-".into()
        } else {
            p.colours.clone()
        },
        cd: p.colour_difference,
        preference: preference_words(p),
        float: float_letters(p),
        pab: match &p.pab_reason {
            None => "eligible".into(),
            Some(r) => format!("no ({r})"),
        },
        top: p.topscorer,
    }
}

fn rows_of(t: &Tournament, e: &Explanation, who: &[PlayerId]) -> Vec<PlayerRow> {
    who.iter()
        .filter_map(|id| e.players.iter().find(|p| p.id == *id))
        .map(|p| player_row(t, p))
        .collect()
}

/// The players of the round by bracket (when the rules' pairing is known)
/// or by score group.
fn explained(t: &Tournament, e: &Explanation) -> Explained {
    let groups = if e.brackets.is_empty() {
        e.score_groups
            .iter()
            .map(|g| Group {
                title: format!("Score group {} ({})", g.score, g.players.len()),
                players: rows_of(t, e, &g.players),
                rules: String::new(),
            })
            .collect()
    } else {
        e.brackets
            .iter()
            .map(|b| Group {
                title: format!(
                    "Bracket {}: {} resident{}; MDPs {}{}",
                    b.score,
                    b.residents.len(),
                    if b.residents.len() == 1 { "" } else { "s" },
                    ids(&b.mdps),
                    kind_words(b.kind)
                ),
                players: rows_of(t, e, &b.residents),
                rules: choice_text(
                    b.kind,
                    &BracketChoice {
                        pairs: b.pairs.clone(),
                        downfloaters: b.downfloaters.clone(),
                    },
                ),
            })
            .collect()
    };
    Explained {
        players: e.players.len(),
        absent: if e.absent.is_empty() {
            String::new()
        } else {
            ids(&e.absent)
        },
        groups,
    }
}

fn round_view(lang: crate::render::i18n::Lang, t: &Tournament, r: &RoundReport) -> Round {
    let mut v = Round {
        round: r.round,
        round_href: round_file(r.round),
        verdict: super::rounds::verdict_words(lang, &r.verdict),
        class: verdict_class(r.verdict.is_conform()),
        warnings: r.warnings.iter().map(|w| w.to_string()).collect(),
        explanation: r.explanation.as_ref().map(|e| explained(t, e)),
        ..Round::default()
    };
    match &r.verdict {
        Verdict::Conform => {}
        Verdict::ColoursDiffer { boards } => {
            v.colours = boards
                .iter()
                .map(|b| ColourRow {
                    recorded: pair_words(&b.recorded),
                    rules: pair_words(&b.selected),
                    article: b.article.to_string(),
                    explanation: b.explanation.clone(),
                })
                .collect();
        }
        Verdict::Differs { difference: d } => {
            let n = d.recorded_only.len().max(d.selected_only.len());
            v.pairs = (0..n)
                .map(|i| PairRow {
                    recorded: d.recorded_only.get(i).map(pair_words).unwrap_or_default(),
                    rules: d.selected_only.get(i).map(pair_words).unwrap_or_default(),
                })
                .collect();
            if let Some(f) = &d.first_difference {
                let who = |o: Option<PlayerId>| match o {
                    Some(o) => format!("plays {o}"),
                    None => "gets the bye".to_string(),
                };
                v.first_difference = format!(
                    "Score group {}: player {} {} as recorded, {} by the rules.",
                    f.score_group,
                    f.player,
                    who(f.recorded_opponent),
                    who(f.selected_opponent)
                );
            }
            v.bracket = d.first_bracket.as_ref().map(|b| BracketView {
                title: format!(
                    "Score {} (residents {}; MDPs {}{})",
                    b.score,
                    ids(&b.residents),
                    ids(&b.mdps),
                    kind_words(b.kind)
                ),
                recorded: choice_text(b.kind, &b.recorded),
                rules: choice_text(b.kind, &b.rules),
            });
            v.criterion = d.criterion.as_ref().map(|c| CriterionView {
                criterion: finding_criterion(c),
                recorded: finding_value(&c.recorded),
                rules: finding_value(&c.rules),
                explanation: finding_explanation(c),
                note: match c.kind {
                    FindingKind::RecordedWorse => String::new(),
                    FindingKind::RecordedBetter => "The recorded pairing came out better here: the engine's choice is not backed on this criterion.".into(),
                    FindingKind::GenerationOrder => "Every criterion ties; the generation order prefers the rules' pairing.".into(),
                },
            });
            if d.recorded_bye != d.selected_bye {
                let b = |x: Option<PlayerId>| match x {
                    Some(x) => format!("{x} (bye)"),
                    None => "no bye".into(),
                };
                v.bye = Some(PairRow {
                    recorded: b(d.recorded_bye),
                    rules: b(d.selected_bye),
                });
            }
        }
        Verdict::Illegal { violations } => {
            v.violations = violations
                .iter()
                .map(|x| Violation {
                    article: x.article.to_string(),
                    explanation: x.explanation.clone(),
                })
                .collect();
        }
        Verdict::NoLegalPairing { reason } | Verdict::NotChecked { reason } => {
            v.reason = reason.clone();
        }
        Verdict::Inconsistent { problems } => {
            v.problems = problems.iter().map(|p| p.explanation.clone()).collect();
        }
    }
    v
}

/// The round-by-round check page.
pub(crate) fn check_page(
    env: &Environment<'_>,
    fr: &Frame,
    input: &SiteInput<'_>,
    c: &Report,
) -> Result<String, SiteError> {
    #[derive(Serialize)]
    struct Ck {
        heading: String,
        system: String,
        /// The edition in the page's words (its code in English).
        system_words: String,
        system_reason: String,
        handbook: String,
        warnings: Vec<String>,
        rounds: Vec<Round>,
        summary: String,
    }
    let bad = c.rounds.iter().filter(|r| !r.verdict.is_conform()).count();
    let page = Ck {
        heading: crate::tr!(input.lang, "check-heading"),
        system: c.system.name().into(),
        system_words: if input.lang == crate::render::i18n::Lang::ENGLISH {
            c.system.name().into()
        } else {
            super::rounds::edition_words(input.lang, c.system)
        },
        system_reason: c.system_reason.clone(),
        handbook: c.handbook.clone(),
        warnings: c.warnings.iter().map(|w| w.to_string()).collect(),
        rounds: c
            .rounds
            .iter()
            .map(|r| round_view(input.lang, input.tournament, r))
            .collect(),
        summary: crate::tr!(
            input.lang,
            "check-summary",
            conform = c.rounds.len() - bad,
            rounds = c.rounds.len()
        ),
    };
    render(
        env,
        "check.html",
        fr,
        &crate::tr!(input.lang, "check-title"),
        &page,
    )
}
