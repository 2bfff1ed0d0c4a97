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

use crate::diag::Diagnostic;
use crate::model::{Color, PlayerId};
use crate::pairing::check::colour::Strength;
use crate::pairing::check::explain::{Explanation, Float, PlayerState};
use crate::pairing::check::report::{InitialColorSource, Report, RoundReport};
use crate::pairing::check::{
    BracketChoice, BracketDifference, ColourDifference, CriterionFinding, FindingCriterion,
    FindingKind, FindingValue, FirstDifference, InconsistencyReport, Pair, PairDifference,
    Selected, TotalRoundsSource, Verdict, ViolationReport,
};
use crate::pairing::dutch::criteria::Criterion;
use crate::pairing::dutch::evaluate::{
    Amount, BracketKind, ExchangeRule, ExchangeValue, GenerationStep,
};
use crate::pairing::dutch::DutchEdition;
use serde::Serialize;
use std::fmt::Write as _;

/// The report as pretty JSON.
pub fn json(report: &Report) -> String {
    super::json::pretty(&ReportJson::of(report))
}

// The JSON shape of the report: the engine's types serialise themselves
// except on the path down to a finding, whose words come from here. Each
// mirror is built by destructuring, so a new field fails to compile until it
// is given its place.

#[derive(Serialize)]
struct ReportJson<'a> {
    system: DutchEdition,
    system_reason: &'a str,
    handbook: &'a str,
    tool: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    input_sha256: Option<&'a str>,
    total_rounds: u32,
    total_rounds_source: TotalRoundsSource,
    initial_colour: Color,
    initial_colour_source: InitialColorSource,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    warnings: &'a [Diagnostic],
    rounds: Vec<RoundJson<'a>>,
}

impl<'a> ReportJson<'a> {
    fn of(r: &'a Report) -> Self {
        let Report {
            system,
            system_reason,
            handbook,
            tool,
            input_sha256,
            total_rounds,
            total_rounds_source,
            initial_color,
            initial_color_source,
            warnings,
            rounds,
        } = r;
        ReportJson {
            system: *system,
            system_reason,
            handbook,
            tool,
            input_sha256: input_sha256.as_deref(),
            total_rounds: *total_rounds,
            total_rounds_source: *total_rounds_source,
            initial_colour: *initial_color,
            initial_colour_source: *initial_color_source,
            warnings,
            rounds: rounds.iter().map(RoundJson::of).collect(),
        }
    }
}

#[derive(Serialize)]
struct RoundJson<'a> {
    round: u32,
    #[serde(flatten)]
    verdict: VerdictJson<'a>,
    recorded: &'a [Pair],
    #[serde(skip_serializing_if = "Option::is_none")]
    recorded_bye: Option<PlayerId>,
    #[serde(skip_serializing_if = "Option::is_none")]
    selected: Option<&'a Selected>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    warnings: &'a [Diagnostic],
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<&'a Explanation>,
}

impl<'a> RoundJson<'a> {
    fn of(r: &'a RoundReport) -> Self {
        let RoundReport {
            round,
            verdict,
            recorded,
            recorded_bye,
            selected,
            warnings,
            explanation,
        } = r;
        RoundJson {
            round: *round,
            verdict: VerdictJson::of(verdict),
            recorded,
            recorded_bye: *recorded_bye,
            selected: selected.as_ref(),
            warnings,
            explanation: explanation.as_ref(),
        }
    }
}

#[derive(Serialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
enum VerdictJson<'a> {
    Conform,
    ColoursDiffer { boards: &'a [ColourDifference] },
    Differs { difference: DifferenceJson<'a> },
    Illegal { violations: &'a [ViolationReport] },
    NoLegalPairing { reason: &'a str },
    NotChecked { reason: &'a str },
    Inconsistent { problems: &'a [InconsistencyReport] },
}

impl<'a> VerdictJson<'a> {
    fn of(v: &'a Verdict) -> Self {
        match v {
            Verdict::Conform => VerdictJson::Conform,
            Verdict::ColoursDiffer { boards } => VerdictJson::ColoursDiffer { boards },
            Verdict::Differs { difference } => VerdictJson::Differs {
                difference: DifferenceJson::of(difference),
            },
            Verdict::Illegal { violations } => VerdictJson::Illegal { violations },
            Verdict::NoLegalPairing { reason } => VerdictJson::NoLegalPairing { reason },
            Verdict::NotChecked { reason } => VerdictJson::NotChecked { reason },
            Verdict::Inconsistent { problems } => VerdictJson::Inconsistent { problems },
        }
    }
}

#[derive(Serialize)]
struct DifferenceJson<'a> {
    recorded_only: &'a [Pair],
    selected_only: &'a [Pair],
    recorded_bye: Option<PlayerId>,
    selected_bye: Option<PlayerId>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_difference: Option<&'a FirstDifference>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_bracket: Option<&'a BracketDifference>,
    #[serde(skip_serializing_if = "Option::is_none")]
    criterion: Option<FindingJson>,
}

impl<'a> DifferenceJson<'a> {
    fn of(d: &'a PairDifference) -> Self {
        let PairDifference {
            recorded_only,
            selected_only,
            recorded_bye,
            selected_bye,
            first_difference,
            first_bracket,
            criterion,
        } = d;
        DifferenceJson {
            recorded_only,
            selected_only,
            recorded_bye: *recorded_bye,
            selected_bye: *selected_bye,
            first_difference: first_difference.as_ref(),
            first_bracket: first_bracket.as_deref(),
            criterion: criterion.as_ref().map(FindingJson::of),
        }
    }
}

/// A finding in the JSON report: the criterion's number, both values and the
/// explanation in words, and the kind.
#[derive(Serialize)]
struct FindingJson {
    criterion: String,
    recorded: String,
    rules: String,
    explanation: String,
    kind: FindingKind,
}

impl FindingJson {
    fn of(f: &CriterionFinding) -> Self {
        FindingJson {
            criterion: finding_criterion(f),
            recorded: finding_value(&f.recorded),
            rules: finding_value(&f.rules),
            explanation: finding_explanation(f),
            kind: f.kind,
        }
    }
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
                let _ = writeln!(s, "  {}", finding_explanation(c));
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

// ---------------------------------------------------------------------------
// A finding of the check in words: the engine returns a `CriterionFinding`
// (the criterion, both values, which way it goes) and these sentences say it.

/// The criterion's number with its edition: `C.10 (2017)`, `[C12] (2025)`.
fn label(c: Criterion, edition: DutchEdition) -> String {
    format!("{} ({})", number(c, edition), edition_year(edition))
}

fn edition_year(edition: DutchEdition) -> &'static str {
    match edition {
        DutchEdition::Dutch2017 => "2017",
        DutchEdition::Dutch2025 => "2025",
    }
}

/// The criterion's number alone: `C.10`, `[C12]`.
fn number(c: Criterion, edition: DutchEdition) -> String {
    match edition {
        DutchEdition::Dutch2017 => c.article(edition).to_string(),
        DutchEdition::Dutch2025 => format!("[{}]", c.article(edition)),
    }
}

/// A criterion's amount as the reports quote it: `2`, `4.0, 3.5`, `none`,
/// `complete`, `3 players unpaired`; empty when the bracket has no value.
pub(crate) fn amount_words(a: &Amount) -> String {
    match a {
        Amount::Complete => "complete".to_string(),
        Amount::Unpaired(n) => format!("{n} players unpaired"),
        Amount::Count(n) => n.to_string(),
        Amount::Score(p) => p.to_string(),
        Amount::Scores(v) if v.is_empty() => "none".to_string(),
        Amount::Scores(v) => v
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(", "),
        Amount::NoOne => "none".to_string(),
        Amount::Absent => String::new(),
    }
}

/// `1 player` or `3 players`, after the amount.
fn count(amount: &Amount, one: &str, many: &str) -> String {
    if amount.is_one() {
        format!("1 {one}")
    } else {
        format!("{} {many}", amount_words(amount))
    }
}

/// What a pairing does on criterion `c` with value `amount`, completing
/// "the recorded pairing ..." (e.g. `makes 3 pairs in the bracket`).
fn phrase(c: Criterion, edition: DutchEdition, amount: &Amount) -> String {
    use Criterion::*;
    let a = amount_words(amount);
    let e17 = edition == DutchEdition::Dutch2017;
    match c {
        Completion => format!("leaves a round that cannot be completed ({a})"),
        ByeEligible => {
            format!(
                "leaves {} who may not receive the PAB without an opponent",
                count(amount, "player", "players")
            )
        }
        ByeScore => {
            format!("leaves {a} as the lowest score that can receive the pairing-allocated bye")
        }
        Pairs => format!("makes {} in the bracket", count(amount, "pair", "pairs")),
        Scores if e17 => format!("has the PSD {a}"),
        Scores => format!("has downfloaters with {a}"),
        NextEligible => format!(
            "leaves {} in the last bracket who may not receive the PAB",
            count(amount, "player", "players")
        ),
        NextPairs => format!(
            "allows at most {} in the next bracket",
            count(amount, "pair", "pairs")
        ),
        NextScores if e17 => format!("allows at best the PSD {a} in the next bracket"),
        NextScores => format!("allows at best downfloaters with {a} from the next bracket"),
        ByeUnplayed => format!(
            "gives the PAB to a player with {}",
            count(amount, "unplayed game", "unplayed games")
        ),
        TopscorerCd => {
            format!(
                "gives {} a colour difference beyond ±2",
                count(
                    amount,
                    "topscorer or opponent",
                    "topscorers or their opponents"
                )
            )
        }
        TopscorerRepeat => format!(
            "gives {} the same colour three times in a row",
            count(
                amount,
                "topscorer or opponent",
                "topscorers or their opponents"
            )
        ),
        Preference => format!(
            "denies {} their colour preference",
            count(amount, "player", "players")
        ),
        StrongPreference => format!(
            "denies {} their strong colour preference",
            count(amount, "player", "players")
        ),
        Down1 if e17 => {
            format!(
                "gives {} a downfloat again after one in the previous round",
                count(amount, "player", "players")
            )
        }
        Down2 if e17 => {
            format!(
                "gives {} a downfloat again after one two rounds before",
                count(amount, "player", "players")
            )
        }
        Up1 if e17 => {
            format!(
                "gives {} an upfloat again after one in the previous round",
                count(amount, "player", "players")
            )
        }
        Up2 if e17 => {
            format!(
                "gives {} an upfloat again after one two rounds before",
                count(amount, "player", "players")
            )
        }
        Down1 => {
            format!(
                "floats down {} who had a downfloat in the previous round",
                count(amount, "resident", "residents")
            )
        }
        Down2 => format!(
            "floats down {} who had a downfloat two rounds before",
            count(amount, "resident", "residents")
        ),
        Up1 => {
            format!(
                "pairs MDPs with {} who had an upfloat in the previous round",
                count(amount, "opponent", "opponents")
            )
        }
        Up2 => format!(
            "pairs MDPs with {} who had an upfloat two rounds before",
            count(amount, "opponent", "opponents")
        ),
        Down1Sd => {
            format!("has repeated downfloats (previous round) with score differences totalling {a}")
        }
        Down2Sd => format!(
            "has repeated downfloats (two rounds before) with score differences totalling {a}"
        ),
        Up1Sd => {
            format!("has repeated upfloats (previous round) with score differences totalling {a}")
        }
        Up2Sd => format!(
            "has repeated upfloats (two rounds before) with score differences totalling {a}"
        ),
    }
}

/// A generation step in words.
fn step_words(step: GenerationStep) -> &'static str {
    match step {
        GenerationStep::MdpSelection => "the choice of the MDPs to pair",
        GenerationStep::MdpTranspositions => "the transpositions giving the MDPs their opponents",
        GenerationStep::Exchanges => "the exchanges of residents between S1 and S2",
        GenerationStep::Transpositions => "the transpositions of S2",
    }
}

/// What a rule of the exchange order asks for.
fn exchange_rule_words(rule: ExchangeRule) -> &'static str {
    match rule {
        ExchangeRule::FewestExchanged => "the fewest exchanged players",
        ExchangeRule::SmallestDifference => {
            "the smallest difference between the BSN sums moved from S2 to S1 and from S1 to S2"
        }
        ExchangeRule::HighestFromS1 => "the highest BSNs moved from S1 to S2",
        ExchangeRule::LowestFromS2 => "the lowest BSNs moved from S2 to S1",
    }
}

/// An exchange-order value as the reports quote it: `2`, `-3`, `3+4`, `none`.
fn exchange_value_words(v: &ExchangeValue) -> String {
    match v {
        ExchangeValue::Exchanged(n) => n.to_string(),
        ExchangeValue::Difference(d) => d.to_string(),
        ExchangeValue::Bsns(b) if b.is_empty() => "none".to_string(),
        ExchangeValue::Bsns(b) => b
            .iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join("+"),
    }
}

/// What a pairing does under an exchange-order rule, completing "the
/// recorded pairing ...".
fn exchange_phrase(rule: ExchangeRule, v: &ExchangeValue) -> String {
    let w = exchange_value_words(v);
    match rule {
        ExchangeRule::FewestExchanged if *v == ExchangeValue::Exchanged(1) => {
            "exchanges 1 player".to_string()
        }
        ExchangeRule::FewestExchanged => format!("exchanges {w} players"),
        ExchangeRule::SmallestDifference => format!("has a difference of {w}"),
        ExchangeRule::HighestFromS1 => format!("moves BSN {w} from S1 to S2"),
        ExchangeRule::LowestFromS2 => format!("moves BSN {w} from S2 to S1"),
    }
}

/// The finding's criterion as the reports name it: `[C5]`, `C.6`, or for a
/// generation-order finding the article of the step with the exchange-order
/// rule, `C.04.3 (2017) D.2 a`.
pub fn finding_criterion(f: &CriterionFinding) -> String {
    match f.criterion {
        FindingCriterion::Criterion(c) => number(c, f.edition),
        FindingCriterion::GenerationOrder {
            step,
            exchange: Some(rule),
        } => format!("{} {}", step.article(f.edition), rule.letter()),
        FindingCriterion::GenerationOrder { step, .. } => step.article(f.edition).to_string(),
    }
}

/// One side's value of a finding as the reports quote it.
pub fn finding_value(v: &FindingValue) -> String {
    match v {
        FindingValue::Amount(a) => amount_words(a),
        FindingValue::Exchange(e) => exchange_value_words(e),
        FindingValue::Bye { player, score } => format!("PAB to player {} with {score}", player.0),
        FindingValue::Unmeasured => String::new(),
    }
}

/// The finding in an arbiter's words: the criterion with its article and
/// both values, or the generation-order step that decides.
pub fn finding_explanation(f: &CriterionFinding) -> String {
    let edition = f.edition;
    let better = f.kind == FindingKind::RecordedBetter;
    match (&f.criterion, &f.recorded, &f.rules) {
        (
            FindingCriterion::Criterion(c),
            FindingValue::Bye { score: r, .. },
            FindingValue::Bye { score: s, .. },
        ) => format!(
            "{} (2025, art. 2.3.1): the recorded pairing gives the pairing-allocated bye to a player with {r}, the rules allow {s}",
            number(*c, edition)
        ),
        (FindingCriterion::Criterion(c), FindingValue::Amount(r), FindingValue::Amount(s)) => {
            let (did, s) = (phrase(*c, edition, r), amount_words(s));
            if better {
                format!(
                    "{}: the comparison found the recorded pairing better: it {did}, the engine's pairing {s}; the engine's choice is not optimal here (an engine defect), so this verdict is not backed",
                    label(*c, edition)
                )
            } else {
                format!(
                    "{}: the recorded pairing {did}; the rules allow {s}",
                    label(*c, edition)
                )
            }
        }
        (
            FindingCriterion::GenerationOrder {
                step,
                exchange: Some(rule),
            },
            FindingValue::Exchange(r),
            FindingValue::Exchange(s),
        ) => {
            let head = format!(
                "both pairings of the bracket are equal on every criterion {}; {} {} ranks first the exchange with {}: the recorded pairing {}, the rules' pairing {}",
                ladder_range(edition),
                step.article(edition),
                rule.letter(),
                exchange_rule_words(*rule),
                exchange_phrase(*rule, r),
                exchange_phrase(*rule, s)
            );
            if better {
                format!("{head}; this puts the recorded pairing first, so the engine's choice is not the first candidate (an engine defect) and this verdict is not backed")
            } else {
                format!("{head}; the generation order prefers the rules' pairing")
            }
        }
        (FindingCriterion::GenerationOrder { step, .. }, _, _) => format!(
            "both pairings of the bracket are equal on every criterion {}; the generation order prefers the rules' pairing ({}: {})",
            ladder_range(edition),
            step.article(edition),
            step_words(*step)
        ),
        _ => String::new(),
    }
}

/// The quality criteria the bracket comparison walks: `C.5-C.19` /
/// `[C5]-[C21]`.
fn ladder_range(edition: DutchEdition) -> &'static str {
    match edition {
        DutchEdition::Dutch2017 => "C.5-C.19",
        DutchEdition::Dutch2025 => "[C5]-[C21]",
    }
}

#[cfg(test)]
#[path = "check_tests.rs"]
mod tests;
