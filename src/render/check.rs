//! Renderings of a pairing check (`arbiter check`): plain text for an appeals
//! committee, JSON for programs.
//!
//! JSON shape (stable):
//! ```text
//! { "system": "dutch-2017" | "dutch-2025", "system_reason": str, "handbook": url,
//!   "tool": "arbiter X.Y.Z", "input_sha256": hex?, "total_rounds": n,
//!   "total_rounds_source": "file" | "rounds-recorded",
//!   "initial_color": "white" | "black",
//!   "initial_color_source": "file" | "inferred-from-round1" | "default",
//!   "warnings": [diagnostic]?,
//!   "rounds": [ { "round": k,
//!     "verdict": "conform" | "colours-differ" | "differs" | "illegal"
//!              | "no-legal-pairing" | "inconsistent"
//!              | "not-checked" (the engine could not pair the position),
//!     "boards": [..]        (colours-differ: recorded, selected, rule, article, explanation)
//!     "difference": {..}    (differs: recorded_only, selected_only, recorded_bye, selected_bye,
//!                            first_difference {score_group, player, recorded_opponent,
//!                            selected_opponent}?,
//!                            first_bracket {score, kind: "regular" | "last" | "penultimate"
//!                            | "collapsed-last", residents, mdps, recorded {pairs,
//!                            downfloaters}, rules {pairs, downfloaters}}?,
//!                            criterion {criterion, recorded, rules, explanation,
//!                            kind: "recorded-worse" | "recorded-better" | "generation-order"}?)
//!     "violations": [..]    (illegal: kind, players, article, explanation)
//!     "reason": str         (no-legal-pairing)
//!     "problems": [..]      (inconsistent: kind, players, explanation)
//!     "recorded": [{"white","black"}], "recorded_bye": id?,
//!     "selected": {"boards": [..], "bye": id?}?,
//!     "warnings": [diagnostic]?,
//!     "explanation": {"score_groups": [{score, players}], "players": [{id, score,
//!       pairing_score, colours, colour_difference, preference?, float_last?,
//!       float_before_last?, pab_eligible, pab_reason?, topscorer}], "absent": [id],
//!       "brackets": [{score, kind, residents, mdps, pairs, downfloaters}]?}? } ] }
//! ```
//! Scores are integers in tenths of a point (`15` = 1.5), as everywhere in the model JSON.

use crate::model::{Color, PlayerId};
use crate::pairing::check::colour::Strength;
use crate::pairing::check::explain::{Explanation, Float, PlayerState};
use crate::pairing::check::finding::{BracketChoice, BracketDifference};
use crate::pairing::check::report::{InitialColorSource, Report, RoundReport};
use crate::pairing::check::{Pair, TotalRoundsSource, Verdict};
use crate::pairing::dutch::evaluate::BracketKind;
use std::fmt::Write as _;

/// The report as pretty JSON.
pub fn json(report: &Report) -> String {
    super::json::pretty(report)
}

fn colour(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

pub(crate) fn pair(p: &Pair) -> String {
    format!("{:>4} - {:<4}", p.white, p.black)
}

pub(crate) fn bye(b: Option<PlayerId>) -> String {
    b.map(|b| format!("{b:>4} bye"))
        .unwrap_or_else(|| "no bye".into())
}

/// The report as text.
pub fn text(report: &Report) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "system: {} ({}), {}",
        report.system.name(),
        report.system_reason,
        report.handbook
    );
    let _ = writeln!(s, "tool: {}", report.tool);
    if let Some(h) = &report.input_sha256 {
        let _ = writeln!(s, "input sha256: {h}");
    }
    let _ = writeln!(
        s,
        "rounds: {} ({}), initial colour: {} ({})",
        report.total_rounds,
        match report.total_rounds_source {
            TotalRoundsSource::File => "from the file",
            TotalRoundsSource::RoundsRecorded => "rounds recorded",
        },
        colour(report.initial_color),
        match report.initial_color_source {
            InitialColorSource::File => "from the file",
            InitialColorSource::InferredFromRound1 => "inferred from round 1",
            InitialColorSource::Default => "default",
        }
    );
    for w in &report.warnings {
        let _ = writeln!(s, "{w}");
    }
    for r in &report.rounds {
        s.push('\n');
        round_text(&mut s, r);
    }
    let bad = report
        .rounds
        .iter()
        .filter(|r| !r.verdict.is_conform())
        .count();
    let _ = writeln!(
        s,
        "\n{} of {} rounds conform",
        report.rounds.len() - bad,
        report.rounds.len()
    );
    s.lines().map(|l| l.trim_end().to_string() + "\n").collect()
}

/// One round of the report as text: its verdict, findings and explanation.
pub fn round(r: &RoundReport) -> String {
    let mut s = String::new();
    round_text(&mut s, r);
    s.lines().map(|l| l.trim_end().to_string() + "\n").collect()
}

fn round_text(s: &mut String, r: &RoundReport) {
    let _ = writeln!(s, "round {}: {}", r.round, r.verdict.name());
    for w in &r.warnings {
        let _ = writeln!(s, "  {w}");
    }
    match &r.verdict {
        Verdict::Conform => {}
        Verdict::ColoursDiffer { boards } => {
            for b in boards {
                let _ = writeln!(
                    s,
                    "  recorded {}  rules {}  {}",
                    pair(&b.recorded),
                    pair(&b.selected),
                    b.explanation
                );
            }
        }
        Verdict::Differs { difference } => {
            let _ = writeln!(s, "  {:<20}rules only", "recorded only");
            let n = difference
                .recorded_only
                .len()
                .max(difference.selected_only.len());
            for i in 0..n {
                let a = difference
                    .recorded_only
                    .get(i)
                    .map(pair)
                    .unwrap_or_default();
                let b = difference
                    .selected_only
                    .get(i)
                    .map(pair)
                    .unwrap_or_default();
                let _ = writeln!(s, "  {a:<20}{b}");
            }
            if let Some(f) = &difference.first_difference {
                let who = |o: Option<PlayerId>| match o {
                    Some(o) => format!("plays {o}"),
                    None => "gets the bye".to_string(),
                };
                let _ = writeln!(
                    s,
                    "  first difference: score group {}, player {} {} as recorded, {} by the rules",
                    f.score_group,
                    f.player,
                    who(f.recorded_opponent),
                    who(f.selected_opponent)
                );
            }
            if let Some(b) = &difference.first_bracket {
                bracket_difference(s, b);
            }
            if let Some(c) = &difference.criterion {
                let _ = writeln!(s, "  {}", c.explanation);
            }
            if difference.recorded_bye != difference.selected_bye {
                let _ = writeln!(
                    s,
                    "  {:<20}{}",
                    bye(difference.recorded_bye),
                    bye(difference.selected_bye)
                );
            }
        }
        Verdict::Illegal { violations } => {
            for v in violations {
                let _ = writeln!(s, "  {}: {}", v.article, v.explanation);
            }
        }
        Verdict::NoLegalPairing { reason } | Verdict::NotChecked { reason } => {
            let _ = writeln!(s, "  {reason}");
        }
        Verdict::Inconsistent { problems } => {
            for p in problems {
                let _ = writeln!(s, "  {}", p.explanation);
            }
        }
    }
    if let Some(e) = &r.explanation {
        explanation_text(s, e);
    }
}

pub(crate) fn ids(v: &[PlayerId]) -> String {
    if v.is_empty() {
        "none".to_string()
    } else {
        v.iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

pub(crate) fn kind_words(k: BracketKind) -> &'static str {
    match k {
        BracketKind::Regular => "",
        BracketKind::Last => ", last bracket",
        BracketKind::Penultimate => ", penultimate pairing bracket (2017 A.9)",
        BracketKind::CollapsedLast => ", collapsed last bracket (2017 A.9)",
    }
}

/// One pairing of a bracket: its pairs and its downfloaters (the PAB in the
/// last bracket).
pub(crate) fn choice_text(kind: BracketKind, c: &BracketChoice) -> String {
    let pairs: Vec<String> = c
        .pairs
        .iter()
        .map(|p| format!("{}-{}", p.white, p.black))
        .collect();
    let last = matches!(kind, BracketKind::Last | BracketKind::CollapsedLast);
    format!(
        "pairs {}; {} {}",
        if pairs.is_empty() {
            "none".to_string()
        } else {
            pairs.join(" ")
        },
        if last { "bye" } else { "downfloaters" },
        ids(&c.downfloaters)
    )
}

fn bracket_difference(s: &mut String, b: &BracketDifference) {
    let _ = writeln!(
        s,
        "  first differing bracket: score {} (residents {}; MDPs {}{})",
        b.score,
        ids(&b.residents),
        ids(&b.mdps),
        kind_words(b.kind)
    );
    let _ = writeln!(s, "    recorded: {}", choice_text(b.kind, &b.recorded));
    let _ = writeln!(s, "    rules:    {}", choice_text(b.kind, &b.rules));
}

pub(crate) fn preference_words(p: &PlayerState) -> String {
    match p.preference {
        None => "none".to_string(),
        Some(pr) => format!(
            "{} {}",
            match pr.strength {
                Strength::Absolute => "absolute",
                Strength::Strong => "strong",
                Strength::Mild => "mild",
            },
            colour(pr.colour)
        ),
    }
}

fn player_row(s: &mut String, p: &PlayerState) {
    let fl = |f: Option<Float>| match f {
        Some(Float::Down) => 'D',
        Some(Float::Up) => 'U',
        None => '-',
    };
    let pab = match &p.pab_reason {
        None => "eligible".to_string(),
        Some(r) => format!("no ({r})"),
    };
    let _ = writeln!(
        s,
        "  {:>4} {:>5} {:>5} {:<12} {:>3} {:<14} {}{}    {:<18} {}",
        p.id,
        p.score,
        p.pairing_score,
        if p.colours.is_empty() {
            "-"
        } else {
            &p.colours
        },
        p.colour_difference,
        preference_words(p),
        fl(p.float_before_last),
        fl(p.float_last),
        pab,
        if p.topscorer { "yes" } else { "" }
    );
}

fn explanation_text(s: &mut String, e: &Explanation) {
    if e.brackets.is_empty() {
        for g in &e.score_groups {
            let _ = writeln!(s, "  score group {}: {}", g.score, ids(&g.players));
        }
    }
    if !e.absent.is_empty() {
        let _ = writeln!(s, "  not paired: {}", ids(&e.absent));
    }
    let _ = writeln!(
        s,
        "  {:>4} {:>5} {:>5} {:<12} {:>3} {:<14} {:<5} {:<18} top",
        "id", "pts", "pair", "colours", "cd", "preference", "float", "pab"
    );
    if e.brackets.is_empty() {
        for p in &e.players {
            player_row(s, p);
        }
        return;
    }
    // Per bracket: the residents' rows (MDPs were shown in their own
    // bracket), then the rules' pairs and downfloaters.
    for b in &e.brackets {
        let _ = writeln!(
            s,
            "  bracket {}: residents {}; MDPs {}{}",
            b.score,
            ids(&b.residents),
            ids(&b.mdps),
            kind_words(b.kind)
        );
        for id in &b.residents {
            if let Some(p) = e.players.iter().find(|p| p.id == *id) {
                player_row(s, p);
            }
        }
        let c = BracketChoice {
            pairs: b.pairs.clone(),
            downfloaters: b.downfloaters.clone(),
        };
        let _ = writeln!(s, "    rules: {}", choice_text(b.kind, &c));
    }
}

/// The manual pairing changes the file records (`### MPA @ Round n`), named
/// after the verdicts: a round that differs from the engine because the
/// arbiter changed it is not an engine error.
pub fn manual_text(manual: &[crate::pairing::check::manual::ManualPairing]) -> String {
    let mut s = String::new();
    for m in manual {
        s.push_str(&format!(
            "round {}: a manual pairing change is recorded (not the engine's): {}\n",
            m.round, m.record
        ));
    }
    s
}

/// The JSON report with `"manual_pairings": [{"round", "record"}]` added
/// when the file records any.
pub fn with_manual(json: &str, manual: &[crate::pairing::check::manual::ManualPairing]) -> String {
    if manual.is_empty() {
        return json.to_string();
    }
    match serde_json::from_str::<serde_json::Value>(json) {
        Ok(serde_json::Value::Object(mut o)) => {
            o.insert(
                "manual_pairings".into(),
                serde_json::to_value(manual).unwrap_or_default(),
            );
            serde_json::to_string_pretty(&serde_json::Value::Object(o))
                .unwrap_or_else(|_| json.to_string())
        }
        _ => json.to_string(),
    }
}
