//! The verdict for one round, in the order it is decided: from the recorded
//! round alone (`inconsistent`, `illegal`: [`absolute_verdict`]), then by
//! comparison with the pairing the rules select (`conform`,
//! `colours-differ`, `differs`: [`compare`]).

use super::colour::{self, ColourHistory, ColourRule, Side};
use super::explain;
use super::finding::{self, BracketDifference, CriterionFinding};
use super::legality::{self, Violation};
use super::pair::{Pair, Selected};
use super::position::{self, Inconsistency, Position, RecordedRound};
use crate::model::{Color, PlayerId};
use crate::pairing::dutch::criteria::Criterion;
use crate::pairing::dutch::DutchEdition;

/// One board whose colours differ from the rules' allocation.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ColourDifference {
    /// As recorded.
    pub recorded: Pair,
    /// As the rules allocate.
    pub selected: Pair,
    /// The colour-allocation rule that decides the board.
    pub rule: ColourRule,
    /// Its article in the edition's numbering.
    pub article: &'static str,
    /// The rule in words, with the player the rules give White.
    pub explanation: String,
}

/// How a legal recorded pairing differs from the selected one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairDifference {
    /// Pairs recorded but not selected.
    pub recorded_only: Vec<Pair>,
    /// Pairs selected but not recorded.
    pub selected_only: Vec<Pair>,
    /// The pairing-allocated bye as recorded.
    pub recorded_bye: Option<PlayerId>,
    /// The pairing-allocated bye the rules give.
    pub selected_bye: Option<PlayerId>,
    /// The highest score group with a player paired differently.
    pub first_difference: Option<FirstDifference>,
    /// The first bracket (in the engine's bracket-by-bracket order) whose
    /// pairs differ, with both pairings of it.
    pub first_bracket: Option<Box<BracketDifference>>,
    /// In that bracket, the first criterion on which the recorded pairing is
    /// worse, with both values (or the generation-order step when all tie).
    pub criterion: Option<CriterionFinding>,
}

/// The first player (highest pairing score, then pairing number) whose
/// opponent differs between the recorded and the selected pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct FirstDifference {
    /// The pairing score of the score group (tenths of a point).
    pub score_group: crate::model::Points,
    /// The player.
    pub player: PlayerId,
    /// `None`: the bye.
    pub recorded_opponent: Option<PlayerId>,
    /// The opponent the rules give; `None`: the bye.
    pub selected_opponent: Option<PlayerId>,
}

/// The verdict for one round. `render::check` gives its JSON shape.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Verdict {
    /// The same pairs and the same colours as the rules give.
    Conform,
    /// The same pairs, but some boards have the other colours.
    ColoursDiffer {
        /// The boards whose colours differ, with the rule that decides each.
        boards: Vec<ColourDifference>,
    },
    /// Legal, but other pairs than the rules give.
    Differs {
        /// How the pairs differ, and where the rules decide it.
        difference: PairDifference,
    },
    /// An absolute criterion is broken (rematch, second or ineligible PAB, absolute colour rule).
    Illegal {
        /// Every absolute criterion broken.
        violations: Vec<ViolationReport>,
    },
    /// The rules admit no pairing for the position.
    NoLegalPairing {
        /// The obstacle the engine names.
        reason: String,
    },
    /// The engine could not pair the position (unsupported input); the round
    /// was checked for absolute criteria only.
    NotChecked {
        /// Why the engine could not pair it.
        reason: String,
    },
    /// The file does not describe a pairing (asymmetric games, a player paired twice...).
    Inconsistent {
        /// Every problem found.
        problems: Vec<InconsistencyReport>,
    },
}

impl Verdict {
    /// The verdict's name as the report writes it: `conform`, `colours-differ`, `differs`, `illegal`, `no-legal-pairing`, `not-checked`, `inconsistent`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Conform => "conform",
            Verdict::ColoursDiffer { .. } => "colours-differ",
            Verdict::Differs { .. } => "differs",
            Verdict::Illegal { .. } => "illegal",
            Verdict::NoLegalPairing { .. } => "no-legal-pairing",
            Verdict::NotChecked { .. } => "not-checked",
            Verdict::Inconsistent { .. } => "inconsistent",
        }
    }
    /// True for [`Verdict::Conform`].
    pub fn is_conform(&self) -> bool {
        matches!(self, Verdict::Conform)
    }
}

/// A violation with its article and sentence, ready for a report.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ViolationReport {
    /// What is broken, with the players.
    #[serde(flatten)]
    pub violation: Violation,
    /// The article of the edition that the violation breaks.
    pub article: &'static str,
    /// The violation in words.
    pub explanation: String,
}

/// An inconsistency with its sentence.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct InconsistencyReport {
    /// What does not fit, with the players.
    #[serde(flatten)]
    pub problem: Inconsistency,
    /// The problem in words.
    pub explanation: String,
}

/// The verdict from the recorded round alone: `inconsistent` or `illegal`, or
/// `None` when the round passes every absolute check and must be compared with
/// the rules' selection.
pub(crate) fn absolute_verdict(
    pos: &Position,
    rec: &RecordedRound,
    edition: DutchEdition,
) -> Option<Verdict> {
    if !rec.inconsistencies.is_empty() {
        return Some(Verdict::Inconsistent {
            problems: rec
                .inconsistencies
                .iter()
                .map(|p| InconsistencyReport {
                    explanation: p.describe(),
                    problem: p.clone(),
                })
                .collect(),
        });
    }
    let v = legality::violations(&pos.tournament, rec, pos.total_rounds, edition);
    if v.is_empty() {
        return None;
    }
    Some(Verdict::Illegal {
        violations: v
            .into_iter()
            .map(|v| ViolationReport {
                article: v.article(edition),
                explanation: v.describe(),
                violation: v,
            })
            .collect(),
    })
}

fn key(a: PlayerId, b: PlayerId) -> (PlayerId, PlayerId) {
    (a.min(b), a.max(b))
}

/// Options for the colour allocation of the rules (E.5 / 5.2.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ColourContext {
    /// The colour the higher-ranked player with an odd number gets in E.5.
    pub(crate) initial: Color,
}

/// The rules' colour allocation for a pair in the position, and the rule that
/// decides it. The higher-ranked player is the one with the higher score
/// (including acceleration for the round), then the lower pairing number
/// (C.04.3 (2017) A.2 / (2025) Art. 1.2). E.5 uses the parity of the pairing
/// number among the players taking part (as the engine counts them, see
/// [`crate::pairing::dutch::effective_numbers`]).
pub(crate) fn rules_colours(
    pos: &Position,
    a: PlayerId,
    b: PlayerId,
    ctx: ColourContext,
) -> Option<(Pair, ColourRule)> {
    let t = &pos.tournament;
    let (pa, pb) = (t.player(a)?, t.player(b)?);
    let before = usize::try_from(pos.round.saturating_sub(1)).ok()?;
    let score = |p: &crate::model::Player| explain::pairing_score(t, p, before + 1);
    let (hi, lo) = if (std::cmp::Reverse(score(pa)), a) <= (std::cmp::Reverse(score(pb)), b) {
        (pa, pb)
    } else {
        (pb, pa)
    };
    let (hh, hl) = (
        ColourHistory::of(hi, pos.round),
        ColourHistory::of(lo, pos.round),
    );
    let (c, rule) = colour::allocate(
        &Side {
            history: &hh,
            parity_number: parity_number(pos, hi.id),
        },
        &Side {
            history: &hl,
            parity_number: parity_number(pos, lo.id),
        },
        ctx.initial,
    );
    let pair = if c == Color::White {
        Pair {
            white: hi.id,
            black: lo.id,
        }
    } else {
        Pair {
            white: lo.id,
            black: hi.id,
        }
    };
    Some((pair, rule))
}

/// The 1-based pairing number whose parity E.5 / 5.2.5 uses, counted as the
/// engine counts it ([`crate::pairing::dutch::effective_numbers`]): the
/// position among the players taking part in the round or paired in an
/// earlier one, the same count that [`crate::pairing::dutch::initial_color`]
/// infers the initial colour with.
fn parity_number(pos: &Position, id: PlayerId) -> u32 {
    let t = &pos.tournament;
    let r = match usize::try_from(pos.round) {
        Ok(r) if r > 0 => r,
        _ => return id.0,
    };
    let mut participants: Vec<&crate::model::Player> = t
        .players
        .iter()
        .filter(|p| {
            r.checked_sub(1)
                .and_then(|i| p.rounds.get(i))
                .is_none_or(|e| !position::is_preset(e))
        })
        .collect();
    participants.sort_by_key(|p| p.id);
    let numbers = crate::pairing::dutch::effective_numbers(t, &participants, r);
    participants
        .iter()
        .zip(numbers)
        .find(|(p, _)| p.id == id)
        .and_then(|(_, n)| u32::try_from(n + 1).ok())
        .unwrap_or(id.0)
}

/// Compare a recorded round (already past [`absolute_verdict`]) with the
/// pairing the rules select. Colour differences name the rule that decides
/// each board, computed from the colour histories.
pub(crate) fn compare(
    pos: &Position,
    rec: &RecordedRound,
    selected: &Selected,
    edition: DutchEdition,
    ctx: ColourContext,
) -> Verdict {
    use std::collections::BTreeMap;
    let rec_pairs: BTreeMap<_, _> = rec
        .boards
        .iter()
        .map(|b| (key(b.white, b.black), *b))
        .collect();
    let sel_pairs: BTreeMap<_, _> = selected
        .boards
        .iter()
        .map(|p| (key(p.white, p.black), *p))
        .collect();
    let rec_bye = rec.pab.first().copied();
    let same_pairs = rec_pairs.len() == sel_pairs.len()
        && rec_pairs.keys().all(|k| sel_pairs.contains_key(k))
        && rec_bye == selected.bye;
    if !same_pairs {
        let recorded_only = rec
            .boards
            .iter()
            .filter(|b| !sel_pairs.contains_key(&key(b.white, b.black)))
            .map(Pair::from)
            .collect();
        let selected_only = selected
            .boards
            .iter()
            .filter(|p| !rec_pairs.contains_key(&key(p.white, p.black)))
            .copied()
            .collect();
        let (first_bracket, criterion) = match finding::first_bracket(pos, rec, selected, edition) {
            Some((b, c)) => (Some(Box::new(b)), Some(c)),
            None => (None, pab_criterion(pos, rec_bye, selected.bye, edition)),
        };
        return Verdict::Differs {
            difference: PairDifference {
                recorded_only,
                selected_only,
                recorded_bye: rec_bye,
                selected_bye: selected.bye,
                first_difference: first_difference(pos, rec, selected),
                first_bracket,
                criterion,
            },
        };
    }
    let mut boards = Vec::new();
    for p in &selected.boards {
        let Some(r) = rec_pairs.get(&key(p.white, p.black)) else {
            continue;
        };
        // A forfeited board is compared too: conform means the same pairs
        // and the same colours, and a forfeit after the pairing does not
        // change the colours the rules gave (it only keeps them out of the
        // colour history of later rounds: C.04.3 (2017) A.6 / (2025) Art. 1.7
        // count the games played).
        if !r.colours_known || r.white == p.white {
            continue;
        }
        let (rule, explanation) = match rules_colours(pos, p.white, p.black, ctx) {
            Some((rp, rule)) => {
                let mut s = format!(
                    "{}: {}; the rules give white to player {}",
                    rule.article(edition == DutchEdition::Dutch2025),
                    rule.words(),
                    rp.white
                );
                if rp.white != p.white {
                    s.push_str(" (the engine's allocation differs from this reading)");
                }
                (rule, s)
            }
            None => (ColourRule::InitialColour, String::new()),
        };
        boards.push(ColourDifference {
            recorded: Pair::from(r),
            selected: *p,
            rule,
            article: rule.article(edition == DutchEdition::Dutch2025),
            explanation,
        });
    }
    if boards.is_empty() {
        Verdict::Conform
    } else {
        Verdict::ColoursDiffer { boards }
    }
}

fn opponent_in(
    boards: impl Iterator<Item = (PlayerId, PlayerId)>,
    bye: Option<PlayerId>,
    p: PlayerId,
) -> Option<Option<PlayerId>> {
    if bye == Some(p) {
        return Some(None);
    }
    for (a, b) in boards {
        if a == p {
            return Some(Some(b));
        }
        if b == p {
            return Some(Some(a));
        }
    }
    None
}

/// The highest-ranked player (pairing score, then pairing number) whose
/// opponent or bye differs.
fn first_difference(
    pos: &Position,
    rec: &RecordedRound,
    sel: &Selected,
) -> Option<FirstDifference> {
    let ex = explain::explain(pos, DutchEdition::Dutch2025);
    for s in &ex.players {
        let r = opponent_in(
            rec.boards.iter().map(|b| (b.white, b.black)),
            rec.pab.first().copied(),
            s.id,
        );
        let q = opponent_in(sel.boards.iter().map(|b| (b.white, b.black)), sel.bye, s.id);
        if r != q {
            return Some(FirstDifference {
                score_group: s.pairing_score,
                player: s.id,
                recorded_opponent: r.flatten(),
                selected_opponent: q.flatten(),
            });
        }
    }
    None
}

/// C.04.3 (2025) \[C5\]: the PAB goes to the lowest possible score. It ranks
/// above every quality criterion, so a recorded PAB with a higher score than
/// the rules' choice is worse on \[C5\] whatever the brackets. The fallback when
/// the bracket evaluator cannot read the round.
fn pab_criterion(
    pos: &Position,
    rec_bye: Option<PlayerId>,
    sel_bye: Option<PlayerId>,
    edition: DutchEdition,
) -> Option<CriterionFinding> {
    if edition != DutchEdition::Dutch2025 {
        return None;
    }
    let t = &pos.tournament;
    let k = usize::try_from(pos.round.saturating_sub(1)).ok()?;
    let score = |id: PlayerId| t.player(id).map(|p| t.score(p, Some(k)));
    let (rb, sb) = (rec_bye?, sel_bye?);
    let (r, s) = (score(rb)?, score(sb)?);
    (r > s).then_some(CriterionFinding {
        edition,
        criterion: finding::FindingCriterion::Criterion(Criterion::ByeScore),
        recorded: finding::FindingValue::Bye {
            player: rb,
            score: r,
        },
        rules: finding::FindingValue::Bye {
            player: sb,
            score: s,
        },
        kind: finding::FindingKind::RecordedWorse,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ByeKind, Outcome, RoundEntry, Tournament};
    use crate::pairing::check::position::{position_before, recorded_round};
    use crate::pairing::check::test_support::{game as g, tournament};
    use crate::pairing::check::warnings::{points_warnings, warnings};

    /// The rules' pairing with these boards (white, black) and no bye.
    fn selected(boards: &[(u32, u32)]) -> Selected {
        Selected {
            boards: boards
                .iter()
                .map(|&(w, b)| Pair {
                    white: PlayerId(w),
                    black: PlayerId(b),
                })
                .collect(),
            bye: None,
        }
    }

    /// Four players, two rounds: round 1 1-3 (1 wins), 2-4 draw by colours
    /// W/B; round 2 as given.
    fn tour(r2: [RoundEntry; 4]) -> Tournament {
        use Color::*;
        use Outcome::*;
        let r1 = [
            g(3, White, Win),
            g(4, Black, Draw),
            g(1, Black, Loss),
            g(2, White, Draw),
        ];
        Tournament {
            total_rounds: Some(3),
            ..tournament(r1.into_iter().zip(r2).map(|(a, b)| vec![a, b]).collect())
        }
    }

    /// The position before round 2 of [`tour`]`(r2)`, and round 2 as recorded.
    fn round_2(r2: [RoundEntry; 4]) -> (Position, RecordedRound) {
        let t = tour(r2);
        (position_before(&t, 2).unwrap(), recorded_round(&t, 2))
    }

    #[test]
    fn colours_differ_names_the_rule() {
        use Color::*;
        use Outcome::*;
        // Round 2 recorded: 1 (W again) - 2, 3 - 4.
        let (pos, rec) = round_2([
            g(2, White, Draw),
            g(1, Black, Draw),
            g(4, White, Win),
            g(3, Black, Loss),
        ]);
        assert_eq!(absolute_verdict(&pos, &rec, DutchEdition::Dutch2017), None);
        let ctx = ColourContext { initial: White };
        // 1 (W, mild Black) vs 2 (B, mild White): E.1 gives 2 White.
        let sel = selected(&[(2, 1), (3, 4)]);
        let v = compare(&pos, &rec, &sel, DutchEdition::Dutch2017, ctx);
        let Verdict::ColoursDiffer { boards } = v else {
            panic!("{v:?}")
        };
        assert_eq!(boards.len(), 1);
        assert_eq!(boards[0].rule, ColourRule::BothPreferences);
        assert_eq!(boards[0].article, "C.04.3 (2017) E.1");
        // Different pairs: differs, listing both sides.
        let sel2 = selected(&[(4, 1), (3, 2)]);
        let v = compare(&pos, &rec, &sel2, DutchEdition::Dutch2017, ctx);
        assert_eq!(v.name(), "differs");
        // Brackets 1.0 {1}, 0.5 {MDP 1; 2, 4}: pairs and PSD tie; 1-2 (1 due
        // Black, 2 due White) grants both preferences, the hand-made "rules"
        // 4-1 (both due Black) denies one: the recorded round comes out
        // better and the finding says so instead of claiming a verdict.
        let Verdict::Differs { difference } = v else {
            panic!()
        };
        let b = difference.first_bracket.expect("first bracket");
        assert_eq!(b.score, crate::model::Points(5));
        assert_eq!(b.mdps, vec![PlayerId(1)]);
        assert_eq!(b.recorded.downfloaters, vec![PlayerId(4)]);
        assert_eq!(b.rules.downfloaters, vec![PlayerId(2)]);
        let c = difference.criterion.expect("criterion");
        use crate::pairing::dutch::evaluate::Amount;
        use finding::FindingValue;
        assert_eq!(c.edition, DutchEdition::Dutch2017);
        assert_eq!(
            c.criterion,
            finding::FindingCriterion::Criterion(Criterion::Preference)
        );
        assert_eq!(
            (c.recorded, c.rules),
            (
                FindingValue::Amount(Amount::Count(0)),
                FindingValue::Amount(Amount::Count(1))
            )
        );
        assert_eq!(c.kind, finding::FindingKind::RecordedBetter);
        // Identical: conform.
        let sel3 = selected(&[(1, 2), (3, 4)]);
        assert_eq!(
            compare(&pos, &rec, &sel3, DutchEdition::Dutch2017, ctx),
            Verdict::Conform
        );
    }

    /// 2025 \[C5\] judged on the byes alone: a PAB to a higher score than
    /// the rules' choice is worse, with both players and scores as data.
    #[test]
    fn a_pab_to_a_higher_score_is_a_c5_finding() {
        use Color::*;
        use Outcome::*;
        // Before round 2: player 1 has 1.0, player 3 has 0.0.
        let (pos, _) = round_2([
            g(2, White, Draw),
            g(1, Black, Draw),
            g(4, White, Win),
            g(3, Black, Loss),
        ]);
        let (one, three) = (Some(PlayerId(1)), Some(PlayerId(3)));
        let f = pab_criterion(&pos, one, three, DutchEdition::Dutch2025).expect("[C5]");
        assert_eq!(
            f.criterion,
            finding::FindingCriterion::Criterion(Criterion::ByeScore)
        );
        assert_eq!(
            (f.recorded, f.rules),
            (
                finding::FindingValue::Bye {
                    player: PlayerId(1),
                    score: crate::model::Points(10)
                },
                finding::FindingValue::Bye {
                    player: PlayerId(3),
                    score: crate::model::Points(0)
                }
            )
        );
        assert_eq!(f.kind, finding::FindingKind::RecordedWorse);
        // The lower score is no finding, nor is anything under 2017.
        assert_eq!(
            pab_criterion(&pos, three, one, DutchEdition::Dutch2025),
            None
        );
        assert_eq!(
            pab_criterion(&pos, one, three, DutchEdition::Dutch2017),
            None
        );
    }

    #[test]
    fn inconsistent_comes_before_illegal() {
        use Color::*;
        use Outcome::*;
        // Rematch 1-3 and an asymmetric 2/4 record.
        let (pos, rec) = round_2([
            g(3, Black, Draw),
            g(4, White, Win),
            g(1, White, Draw),
            g(1, Black, Loss),
        ]);
        let v = absolute_verdict(&pos, &rec, DutchEdition::Dutch2025).unwrap();
        assert_eq!(v.name(), "inconsistent");
        let (pos, rec) = round_2([
            g(3, Black, Draw),
            g(4, White, Win),
            g(1, White, Draw),
            g(2, Black, Loss),
        ]);
        let v = absolute_verdict(&pos, &rec, DutchEdition::Dutch2025).unwrap();
        let Verdict::Illegal { violations } = v else {
            panic!()
        };
        // Both boards repeat round 1.
        assert_eq!(violations.len(), 2);
        assert_eq!(
            violations[0].explanation,
            "players 1 and 3 are paired again: they played each other in round 1"
        );
        assert_eq!(
            violations[0].article,
            "C.04.1 (2026) art. 2; C.04.3 (2025) [C1]"
        );
    }

    #[test]
    fn warns_about_f_without_u_and_bad_points() {
        use Color::*;
        use Outcome::*;
        let mut t = tour([
            g(2, White, Draw),
            g(1, Black, Draw),
            g(4, White, Win),
            RoundEntry::Bye { bye: ByeKind::Full },
        ]);
        t.players[2].rounds[1] = RoundEntry::Bye { bye: ByeKind::Half };
        t.players[0].points = Some(crate::model::Points(20));
        let rec = recorded_round(&t, 2);
        let w = warnings(&t, &rec, crate::pairing::dutch::DutchEdition::Dutch2025);
        assert_eq!(w.len(), 1);
        assert!(w[0]
            .message
            .starts_with("player 4 has a full-point bye (F)"));
        let pw = points_warnings(&t);
        assert_eq!(pw.len(), 1);
        assert_eq!(
            pw[0].message,
            "player 1: the file declares 2.0 points, the results give 1.5; the results were used"
        );
    }
}
