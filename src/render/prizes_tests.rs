//! Hand-worked prize statements: the engine's decisions and the words the
//! renderer gives their reasons.

use super::{choice_text, line_reason, money, percent_text, reduction_text};
use crate::model::{PlayerId, Points};
use crate::standings::prizes::statement::{ordinal, places_text};
use crate::standings::prizes::*;

/// A prize line's reason in words, as the statement prints it.
fn why(l: &PrizeLine, currency: &str) -> String {
    line_reason(&l.reason, currency)
}

/// A ranking from a compact description: each group is `(points in tenths,
/// [start ranks], separator to next)`; names are `P<start rank>`.
/// `(points in tenths, start ranks, separator level and label to the next group)`.
type GroupSpec<'a> = (i32, &'a [u32], Option<(usize, &'a str)>);

fn ranking(groups: &[GroupSpec]) -> Vec<RankGroup> {
    groups
        .iter()
        .map(|(pts, ids, sep)| RankGroup {
            players: ids
                .iter()
                .map(|&i| Entrant {
                    start_rank: PlayerId(i),
                    name: format!("P{i}"),
                    points: Points(*pts),
                })
                .collect(),
            separated_from_next: sep.map(|(l, s)| Separator {
                level: l,
                label: s.to_string(),
            }),
        })
        .collect()
}

fn table(cash: &[Money], awards: &[&str]) -> Vec<PlacePrize> {
    let n = cash.len().max(awards.len());
    (0..n)
        .map(|i| PlacePrize {
            cash: cash.get(i).copied().unwrap_or(0),
            awards: awards
                .get(i)
                .filter(|a| !a.is_empty())
                .map(|a| vec![a.to_string()])
                .unwrap_or_default(),
        })
        .collect()
}

const OPEN: [Money; 6] = [45_000, 30_000, 15_000, 7_500, 4_500, 3_000];
const CAT: [Money; 3] = [15_000, 9_000, 6_000];
const AWARDS: [&str; 6] = ["trophy", "trophy", "trophy", "medal", "medal", "medal"];

fn ctca_rules() -> PrizeRules {
    PrizeRules {
        tax: Some(Tax {
            rate_bp: 1000,
            min_gross: 20_000,
        }),
        pro_rata: Some(ProRata { min_players: 10 }),
        currency: "NT$".into(),
        ..PrizeRules::default()
    }
}

/// Ten more players on 1.0 point, start ranks 20-29.
const TAIL: &[u32] = &[20, 21, 22, 23, 24, 25, 26, 27, 28, 29];

/// (start rank, gross, tax, net, awards) of every payment of a category, in order.
fn payments(c: &CategoryStatement) -> Vec<(u32, Money, Money, Money, Vec<String>)> {
    c.prizes
        .iter()
        .flat_map(|l| &l.players)
        .map(|p| (p.start_rank.0, p.gross, p.tax, p.net, p.awards.clone()))
        .collect()
}

/// The statement of allocation `a` for event "E" in NT$, to render.
fn statement(a: Allocation) -> Statement {
    Statement {
        event: "E".into(),
        section: String::new(),
        event_names: Default::default(),
        section_names: Default::default(),
        start_date: None,
        end_date: None,
        currency: "NT$".into(),
        edition: "2023".into(),
        tiebreaks: Vec::new(),
        rules: Vec::new(),
        categories: a.categories,
        totals: a.totals,
        one_prize_check: a.one_prize_check,
        notes: Vec::new(),
    }
}

fn cat(name: &str, groups: Vec<RankGroup>, prizes: Vec<PlacePrize>) -> CategoryInput {
    CategoryInput {
        name: name.into(),
        groups,
        prizes,
    }
}

#[test]
fn three_way_tie_shares_first_to_third() {
    // Three players on 7.5 still tied after DE, BH/M1, BH, wins: they occupy
    // places 1-3 and pool 45,000 + 30,000 + 15,000 = 90,000: 30,000 each.
    // 30,000 >= 20,000: 10% tax = 3,000, net 27,000. 4th alone: 7,500 untaxed.
    let groups = ranking(&[
        (75, &[3, 1, 7], Some((0, "points"))),
        (70, &[2], Some((2, "BH/M1"))),
        (70, &[5], Some((0, "points"))),
        (60, &[4], Some((0, "points"))),
        (10, TAIL, None),
    ]);
    let a = allocate(&[cat("Open", groups, table(&OPEN, &AWARDS))], &ctca_rules());
    let c = &a.categories[0];
    assert_eq!(c.reduction, None);
    let l = &c.prizes[0];
    assert_eq!(l.places, vec![1, 2, 3]);
    assert_eq!(l.pool, 90_000);
    assert_eq!(l.remainder, 0);
    assert_eq!(
        payments(c)[..3],
        [
            (3, 30_000, 3_000, 27_000, vec!["trophy".to_string()]),
            (1, 30_000, 3_000, 27_000, vec!["trophy".to_string()]),
            (7, 30_000, 3_000, 27_000, vec!["trophy".to_string()]),
        ]
    );
    assert!(
        why(l, "NT$")
            .contains("3 players tied on 7.5 points after all tie-breaks (ahead of #2 on points)"),
        "{}",
        why(l, "NT$")
    );
    assert!(
        why(l, "NT$").contains("45,000 + 30,000 + 15,000 = NT$90,000, NT$30,000 each"),
        "{}",
        why(l, "NT$")
    );
    assert!(
        why(l, "NT$").contains("tax 10% withheld"),
        "{}",
        why(l, "NT$")
    );
    // 4th: #2, separated from #5 on BH-M1.
    let l4 = &c.prizes[1];
    assert_eq!(l4.places, vec![4]);
    assert_eq!(
        payments(c)[3],
        (2, 7_500, 0, 7_500, vec!["medal".to_string()])
    );
    assert!(
        why(l4, "NT$").contains("ahead of #5 on BH-M1"),
        "{}",
        why(l4, "NT$")
    );
    assert!(
        why(l4, "NT$").contains("no tax: 7,500 is below 20,000"),
        "{}",
        why(l4, "NT$")
    );
    assert_eq!(
        payments(c)[4],
        (5, 4_500, 0, 4_500, vec!["medal".to_string()])
    );
    assert_eq!(
        payments(c)[5],
        (4, 3_000, 0, 3_000, vec!["medal".to_string()])
    );
    assert_eq!(a.totals.gross, 90_000 + 7_500 + 4_500 + 3_000);
    assert_eq!(a.totals.tax, 9_000);
    assert_eq!(a.totals.net, a.totals.gross - 9_000);
    assert_eq!(a.totals.awards.get("trophy"), Some(&3));
    assert!(a.one_prize_check.ok);
}

#[test]
fn tie_across_prize_boundary() {
    // Category 15,000 / 9,000 / 6,000, medals for 4th-6th. Two players tied
    // after all tie-breaks for 3rd-4th: pool 6,000 + 0 = 6,000, 3,000 each;
    // the trophy of 3rd and the medal of 4th go by listed order.
    // Two more tied for 6th-7th: no cash, medal of 6th to the first listed.
    let groups = ranking(&[
        (80, &[1], Some((0, "points"))),
        (70, &[2], Some((1, "DE"))),
        (70, &[6, 4], Some((0, "points"))),
        (60, &[5], Some((3, "BH"))),
        (60, &[9, 8], Some((0, "points"))),
        (50, &[3, 7, 10, 11, 12], None),
    ]);
    let a = allocate(&[cat("U13", groups, table(&CAT, &AWARDS))], &ctca_rules());
    let c = &a.categories[0];
    let l = &c.prizes[2];
    assert_eq!(l.places, vec![3, 4]);
    assert_eq!(l.pool, 6_000);
    assert_eq!(
        payments(c)[2..4],
        [
            (6, 3_000, 0, 3_000, vec!["trophy".to_string()]),
            (4, 3_000, 0, 3_000, vec!["medal".to_string()]),
        ]
    );
    assert!(
        why(l, "NT$").contains("6,000 + 0 = NT$6,000, NT$3,000 each"),
        "{}",
        why(l, "NT$")
    );
    assert!(
        why(l, "NT$").contains("given by listed order"),
        "{}",
        why(l, "NT$")
    );
    assert_eq!(c.prizes[3].places, vec![5]);
    let l6 = &c.prizes[4];
    assert_eq!(l6.places, vec![6, 7]);
    assert_eq!(l6.pool, 0);
    assert_eq!(
        payments(c)[5..7],
        [
            (9, 0, 0, 0, vec!["medal".to_string()]),
            (8, 0, 0, 0, vec![])
        ]
    );
    assert_eq!(c.prizes.len(), 5);
    assert_eq!(a.totals.gross, 30_000);
}

#[test]
fn tie_across_prize_boundary_best_place_awards() {
    let groups = ranking(&[(80, &[1, 2], Some((0, "points"))), (70, &[3; 1], None)]);
    let rules = PrizeRules {
        tied_awards: TiedAwards::BestPlace,
        ..PrizeRules::default()
    };
    let a = allocate(&[cat("X", groups, table(&[100], &["trophy"]))], &rules);
    // 100 + 0 pooled: 50 each, both get the trophy of 1st.
    assert_eq!(
        payments(&a.categories[0]),
        [
            (1, 50, 0, 50, vec!["trophy".to_string()]),
            (2, 50, 0, 50, vec!["trophy".to_string()]),
        ]
    );
}

/// Open (11 players) and Senior (its 4 seniors, filtered from the Open order).
fn open_and_senior() -> Vec<CategoryInput> {
    let open = ranking(&[
        (80, &[10], Some((0, "points"))),
        (75, &[11], Some((0, "points"))),
        (70, &[12], Some((1, "DE"))),
        (70, &[30], Some((2, "BH/M1"))),
        (70, &[13], Some((0, "points"))),
        (65, &[14], Some((0, "points"))),
        (60, &[15], Some((0, "points"))),
        (55, &[31, 32], Some((0, "points"))),
        (50, &[16, 17], None),
    ]);
    let senior = ranking(&[
        (80, &[10], Some((0, "points"))),
        (70, &[30], Some((0, "points"))),
        (55, &[31, 32], None),
    ]);
    vec![
        cat("Open", open, table(&OPEN, &AWARDS)),
        cat("Senior", senior, table(&CAT, &AWARDS)),
    ]
}

#[test]
fn player_eligible_in_two_categories_takes_the_bigger_prize() {
    // #10 wins the Open (45,000) and would win the Senior (15,000): keeps the Open.
    // #30 is 4th in the Open (7,500) and then 1st Senior (15,000): takes the Senior;
    // the Open's 4th-6th go to #13, #14, #15.
    // Senior without #10: #30 1st; #31 and #32 tied for 2nd-3rd pool 9,000 + 6,000.
    let rules = PrizeRules {
        currency: "NT$".into(),
        ..PrizeRules::default()
    };
    let a = allocate(&open_and_senior(), &rules);
    let open = &a.categories[0];
    let senior = &a.categories[1];
    let got: Vec<(u32, Money)> = payments(open).iter().map(|p| (p.0, p.1)).collect();
    assert_eq!(
        got,
        [
            (10, 45_000),
            (11, 30_000),
            (12, 15_000),
            (13, 7_500),
            (14, 4_500),
            (15, 3_000)
        ]
    );
    let got: Vec<(u32, Money)> = payments(senior).iter().map(|p| (p.0, p.1)).collect();
    assert_eq!(got, [(30, 15_000), (31, 7_500), (32, 7_500)]);
    // Reasons recorded on both sides.
    assert_eq!(open.skipped.len(), 1);
    assert_eq!(open.skipped[0].start_rank, PlayerId(30));
    assert!(
        choice_text(&open.skipped[0].reason, "NT$").contains("would be 4th here (NT$7,500 + medal); took Senior 1st (NT$15,000 + trophy) instead: one prize per player, higher value"),
        "{}",
        choice_text(&open.skipped[0].reason, "NT$")
    );
    assert_eq!(senior.skipped[0].start_rank, PlayerId(10));
    assert!(
        why(&open.prizes[3], "NT$").contains("behind #12 on DE"),
        "{}",
        why(&open.prizes[3], "NT$")
    );
    // #13 was 5th; #30 left the Open.
    assert!(
        why(&open.prizes[3], "NT$")
            .contains("; ranked 5th in the category, moves up because #30 took a prize elsewhere"),
        "{}",
        why(&open.prizes[3], "NT$")
    );
    // The ranking keeps everyone and notes who was removed.
    let row = open.ranking.iter().find(|r| r.start_rank == PlayerId(30));
    assert_eq!(row.map(|r| r.rank), Some(4));
    assert!(row.and_then(|r| r.note.as_ref()).is_some());
    assert!(a.one_prize_check.ok);
    assert!(a.one_prize_check.players_with_several.is_empty());
}

#[test]
fn cumulative_prizes_keep_both() {
    let rules = PrizeRules {
        one_prize: OnePrize::Cumulative,
        ..PrizeRules::default()
    };
    let a = allocate(&open_and_senior(), &rules);
    let got: Vec<(u32, Money)> = payments(&a.categories[1])
        .iter()
        .map(|p| (p.0, p.1))
        .collect();
    assert_eq!(got, [(10, 15_000), (30, 9_000), (31, 3_000), (32, 3_000)]);
    assert!(!a.one_prize_check.required);
    assert!(a.one_prize_check.ok);
    assert_eq!(a.one_prize_check.players_with_several.len(), 2);
}

#[test]
fn small_category_reduced_pro_rata() {
    // 7 players < 10: 15,000 / 9,000 / 6,000 × 7/10 = 10,500 / 6,300 / 4,200.
    // Two tied for 2nd-3rd pool 6,300 + 4,200 = 10,500: 5,250 each.
    let groups = ranking(&[
        (60, &[4], Some((0, "points"))),
        (50, &[2, 9], Some((0, "points"))),
        (40, &[1, 3, 5, 6], None),
    ]);
    let a = allocate(
        &[cat("U9 Girls", groups, table(&CAT, &AWARDS))],
        &ctca_rules(),
    );
    let c = &a.categories[0];
    let r = c.reduction.as_ref();
    assert_eq!(r.map(|r| (r.players, r.min_players)), Some((7, 10)));
    assert!(
        r.is_some_and(|r| reduction_text(r, "NT$")
            == "7 players, fewer than 10: cash prizes reduced to 7/10 and rounded down to whole NT$: 10,500 / 6,300 / 4,200"),
        "{r:?}"
    );
    let got: Vec<(u32, Money)> = payments(c).iter().map(|p| (p.0, p.1)).collect();
    // #1, #3, #5, #6 tied for 4th-7th: no cash, the medals of 4th-6th by listed order.
    assert_eq!(
        got,
        [
            (4, 10_500),
            (2, 5_250),
            (9, 5_250),
            (1, 0),
            (3, 0),
            (5, 0),
            (6, 0)
        ]
    );
    assert_eq!(a.totals.reduced_by, 30_000 - 21_000);
    assert_eq!(a.totals.gross, 21_000);
}

#[test]
fn pro_rata_rounds_down_to_the_unit() {
    // 3 players of 10 with a 100 unit: 15,000 × 3/10 = 4,500; 9,000 → 2,700;
    // 6,000 → 1,800. With 7 players and unit 1,000: 10,500 → 10,000.
    let rules = PrizeRules {
        rounding: Rounding {
            unit: 1_000,
            mode: RoundingMode::Down,
        },
        ..ctca_rules()
    };
    let groups = ranking(&[(60, &[1, 2, 3, 4, 5, 6, 7], None)]);
    let a = allocate(&[cat("U7", groups, table(&CAT, &[]))], &rules);
    let c = &a.categories[0];
    // Pool 10,000 + 6,000 + 4,000 = 20,000 among 7 players: 2,857.14 → 2,000 each
    // (multiples of 1,000, down), remainder 6,000 kept.
    assert_eq!(c.prizes[0].pool, 20_000);
    assert_eq!(c.prizes[0].remainder, 6_000);
    assert!(c.prizes[0].players.iter().all(|p| p.gross == 2_000));
    assert_eq!(a.totals.remainder, 6_000);
}

#[test]
fn rounding_remainders() {
    let groups = || ranking(&[(10, &[1, 2, 3], None)]);
    let down = allocate(
        &[cat("X", groups(), table(&[200], &[]))],
        &PrizeRules::default(),
    );
    // 200 / 3 = 66.67: 66 each, 2 kept by the organiser.
    assert!(down.categories[0].prizes[0]
        .players
        .iter()
        .all(|p| p.gross == 66));
    assert_eq!(down.categories[0].prizes[0].remainder, 2);
    let rules = PrizeRules {
        rounding: Rounding {
            unit: 1,
            mode: RoundingMode::Nearest,
        },
        ..PrizeRules::default()
    };
    let near = allocate(&[cat("X", groups(), table(&[200], &[]))], &rules);
    // Rounded to nearest: 67 each, 1 paid on top.
    assert!(near.categories[0].prizes[0]
        .players
        .iter()
        .all(|p| p.gross == 67));
    assert_eq!(near.categories[0].prizes[0].remainder, -1);
    assert!(why(&near.categories[0].prizes[0], "").contains("remainder -1"));
}

#[test]
fn tax_threshold_is_inclusive_and_per_payment() {
    // 20,000 exactly is taxed (10% = 2,000); 19,999 is not.
    let groups = ranking(&[
        (50, &[1], Some((0, "points"))),
        (40, &[2], Some((0, "points"))),
        (30, &[3, 4, 5, 6, 7, 8, 9, 10], None),
    ]);
    let a = allocate(
        &[cat("X", groups, table(&[20_000, 19_999], &[]))],
        &ctca_rules(),
    );
    assert_eq!(
        payments(&a.categories[0]),
        [
            (1, 20_000, 2_000, 18_000, vec![]),
            (2, 19_999, 0, 19_999, vec![])
        ]
    );
    // Shared: 1st-2nd tied pool 39,999 / 2 = 19,999 (remainder 1), each below the threshold.
    let groups = ranking(&[(50, &[1, 2], Some((0, "points"))), (10, TAIL, None)]);
    let a = allocate(
        &[cat("X", groups, table(&[20_000, 19_999], &[]))],
        &ctca_rules(),
    );
    assert_eq!(
        payments(&a.categories[0]),
        [
            (1, 19_999, 0, 19_999, vec![]),
            (2, 19_999, 0, 19_999, vec![])
        ]
    );
    assert_eq!(a.categories[0].prizes[0].remainder, 1);
    assert_eq!(a.totals.tax, 0);
}

#[test]
fn tax_rate_with_fraction_rounds_half_up() {
    // 12.5% of 20,004 = 2,500.5 → 2,501.
    let rules = PrizeRules {
        tax: Some(Tax {
            rate_bp: 1250,
            min_gross: 0,
        }),
        ..PrizeRules::default()
    };
    let groups = ranking(&[(50, &[1], None)]);
    let a = allocate(&[cat("X", groups, table(&[20_004], &[]))], &rules);
    assert_eq!(
        payments(&a.categories[0]),
        [(1, 20_004, 2_501, 17_503, vec![])]
    );
    assert_eq!(percent_text(1250), "12.5");
}

#[test]
fn equal_value_goes_by_priority() {
    // #5 is 1st in U13 and 1st in U13 Girls (15,000 each). Priority lists
    // U13 Girls first: she takes it; U13 1st goes to #6.
    let u13 = ranking(&[
        (70, &[5], Some((0, "points"))),
        (60, &[6], Some((0, "points"))),
        (50, &[7], None),
    ]);
    let girls = ranking(&[(70, &[5], Some((0, "points"))), (40, &[8], None)]);
    let cats = vec![
        cat("U13", u13, table(&CAT, &AWARDS)),
        cat("U13 Girls", girls, table(&CAT, &AWARDS)),
    ];
    let rules = PrizeRules {
        one_prize: OnePrize::PerPlayer {
            value: ValueBasis::Gross,
            priority: vec![1, 0],
        },
        ..PrizeRules::default()
    };
    let a = allocate(&cats, &rules);
    let u: Vec<u32> = payments(&a.categories[0]).iter().map(|p| p.0).collect();
    let g: Vec<u32> = payments(&a.categories[1]).iter().map(|p| p.0).collect();
    assert_eq!(u, [6, 7]);
    assert_eq!(g, [5, 8]);
    assert!(choice_text(&a.categories[0].skipped[0].reason, "")
        .ends_with("equal value, U13 Girls comes first in the priority order"));
    // Without a stated priority the category listed first wins.
    let a = allocate(&cats, &PrizeRules::default());
    let u: Vec<u32> = payments(&a.categories[0]).iter().map(|p| p.0).collect();
    assert_eq!(u, [5, 6, 7]);
}

#[test]
fn net_value_can_change_the_choice() {
    // A: 20,000 gross (18,000 net after 10%); B: 19,000 untaxed.
    let a_rank = ranking(&[(70, &[1], Some((0, "points"))), (60, &[2], None)]);
    let b_rank = ranking(&[(70, &[1], Some((0, "points"))), (60, &[3], None)]);
    let cats = vec![
        cat("A", a_rank, table(&[20_000], &[])),
        cat("B", b_rank, table(&[19_000], &[])),
    ];
    let mut rules = ctca_rules();
    rules.pro_rata = None;
    let gross = allocate(&cats, &rules);
    assert_eq!(payments(&gross.categories[0])[0].0, 1);
    assert_eq!(payments(&gross.categories[1])[0].0, 3);
    rules.one_prize = OnePrize::PerPlayer {
        value: ValueBasis::Net,
        priority: vec![],
    };
    let net = allocate(&cats, &rules);
    assert_eq!(payments(&net.categories[0])[0].0, 2);
    assert_eq!(payments(&net.categories[1])[0].0, 1);
}

#[test]
fn equal_cash_goes_by_award_value() {
    // 5th in Open-like X (medal) vs 2nd in Y (trophy), no cash anywhere.
    let x = ranking(&[(70, &[1], Some((0, "points"))), (60, &[2], None)]);
    let y = ranking(&[(70, &[3], Some((0, "points"))), (60, &[1], None)]);
    let cats = vec![
        cat("X", x, table(&[], &["medal"])),
        cat("Y", y, table(&[], &["trophy", "trophy"])),
    ];
    let mut rules = PrizeRules::default();
    rules.award_values.insert("trophy".into(), 3);
    rules.award_values.insert("medal".into(), 2);
    let a = allocate(&cats, &rules);
    assert_eq!(payments(&a.categories[0])[0].0, 2);
    assert_eq!(
        payments(&a.categories[1])
            .iter()
            .map(|p| p.0)
            .collect::<Vec<_>>(),
        [3, 1]
    );
}

#[test]
fn hort_system_half_kept_half_pooled() {
    // Three on 7.0 points, ordered by tie-breaks for places 1-3:
    // pool 90,000, half = 45,000 split 15,000 each;
    // 1st: 22,500 + 15,000 = 37,500; 2nd: 15,000 + 15,000 = 30,000; 3rd: 7,500 + 15,000 = 22,500.
    let groups = ranking(&[
        (70, &[1], Some((1, "DE"))),
        (70, &[2], Some((2, "BH/M1"))),
        (70, &[3], Some((0, "points"))),
        (60, &[4], Some((0, "points"))),
        (10, TAIL, None),
    ]);
    let rules = PrizeRules {
        sharing: Sharing::Hort { keep_percent: 50 },
        ..PrizeRules::default()
    };
    let a = allocate(&[cat("Open", groups, table(&OPEN, &[]))], &rules);
    let got: Vec<(u32, Money)> = payments(&a.categories[0])
        .iter()
        .map(|p| (p.0, p.1))
        .collect();
    assert_eq!(
        got[..4],
        [(1, 37_500), (2, 30_000), (3, 22_500), (4, 7_500)]
    );
    // The ten players on 1.0, tied after all tie-breaks, occupy places 5-14:
    // their own halves are the average of 4,500 + 3,000 over ten, so each gets 750.
    assert_eq!(got.len(), 14);
    assert!(got[4..].iter().all(|&(_, g)| g == 750));
    assert_eq!(a.categories[0].prizes[0].remainder, 0);
}

#[test]
fn no_sharing_uses_tiebreaks_and_warns_on_residual_ties() {
    let groups = ranking(&[(70, &[2, 1], Some((0, "points"))), (60, &[3], None)]);
    let rules = PrizeRules {
        sharing: Sharing::None,
        ..PrizeRules::default()
    };
    let a = allocate(&[cat("X", groups, table(&[100, 50, 20], &[]))], &rules);
    let got: Vec<(u32, Money)> = payments(&a.categories[0])
        .iter()
        .map(|p| (p.0, p.1))
        .collect();
    assert_eq!(got, [(2, 100), (1, 50), (3, 20)]);
    assert_eq!(a.diagnostics.len(), 1);
    assert!(a.diagnostics[0].message.contains("forbids sharing"));
}

#[test]
fn removed_player_merges_separators() {
    // #2 between #1 (separated by BH) and #3 (separated by points) takes a prize
    // elsewhere: #1 and #3 are then separated by points.
    let x = ranking(&[
        (70, &[1], Some((3, "BH"))),
        (70, &[2], Some((0, "points"))),
        (60, &[3], None),
    ]);
    let y = ranking(&[(70, &[2], None)]);
    let cats = vec![
        cat("X", x, table(&[10, 5], &[])),
        cat("Y", y, table(&[50], &[])),
    ];
    let a = allocate(&cats, &PrizeRules::default());
    assert!(why(&a.categories[0].prizes[0], "").contains("ahead of #3 on points"));
    assert_eq!(
        payments(&a.categories[0])
            .iter()
            .map(|p| p.0)
            .collect::<Vec<_>>(),
        [1, 3]
    );
}

#[test]
fn text_helpers() {
    assert_eq!(ordinal(1), "1st");
    assert_eq!(ordinal(12), "12th");
    assert_eq!(ordinal(22), "22nd");
    assert_eq!(places_text(&[3, 4, 5]), "3rd-5th");
    assert_eq!(money(1_234_567), "1,234,567");
    assert_eq!(money(-1_000), "-1,000");
    assert_eq!(money(999), "999");
}

#[test]
fn skip_reason_quotes_the_prize_finally_paid() {
    // Open: #5 and #6 tied for 1st-2nd pool 4,500 + 3,000: 3,750 each, awards by
    // listed order (#5 gold, #6 silver). #5 would be 1st in A (3,000): keeps the
    // Open (3,750 + gold), decided first. #6 then prefers B (3,750 + plaque,
    // plaque worth more than silver) and leaves the Open, so #5 ends 1st alone:
    // 4,500 + gold. A's reason must quote that, not the 3,750 share it had when
    // #5 was decided.
    let mut rules = PrizeRules {
        currency: "NT$".into(),
        ..PrizeRules::default()
    };
    rules.award_values = [("gold", 100), ("plaque", 50), ("silver", 10)]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    let cats = [
        cat(
            "Open",
            ranking(&[(70, &[5, 6], None)]),
            table(&[4_500, 3_000], &["gold", "silver"]),
        ),
        cat("A", ranking(&[(70, &[5], None)]), table(&[3_000], &[])),
        cat(
            "B",
            ranking(&[(70, &[6], None)]),
            table(&[3_750], &["plaque"]),
        ),
    ];
    let a = allocate(&cats, &rules);
    assert_eq!(
        payments(&a.categories[0]),
        [(5, 4_500, 0, 4_500, vec!["gold".to_string()])]
    );
    let sk = &a.categories[1].skipped[0];
    assert_eq!(sk.start_rank, PlayerId(5));
    assert_eq!(
        choice_text(&sk.reason, "NT$"),
        "would be 1st here (NT$3,000); took Open 1st (NT$4,500 + gold) instead: one prize per player, higher value"
    );
    let row = a.categories[1]
        .ranking
        .iter()
        .find(|r| r.start_rank == PlayerId(5));
    assert_eq!(
        row.and_then(|r| r.note.clone()),
        Some(RemovalNote::Choice(sk.reason.clone()))
    );
}

#[test]
fn empty_category_is_not_awarded_not_reduced() {
    // Pro rata below 10 players: the Senior category has no players. Its 30,000
    // is not awarded; nothing was reduced, so no "Reduced: 0 players" line and
    // no 30,000 in `reduced_by`.
    let open = ranking(&[(70, &[1], Some((0, "points"))), (10, TAIL, None)]);
    let cats = [
        cat("Open", open, table(&OPEN, &AWARDS)),
        cat("Senior", Vec::new(), table(&CAT, &AWARDS[..3])),
    ];
    let a = allocate(&cats, &ctca_rules());
    let senior = &a.categories[1];
    assert_eq!(senior.players, 0);
    assert_eq!(senior.reduction, None);
    assert_eq!(senior.unawarded, Some(30_000));
    assert!(senior.prizes.is_empty());
    assert_eq!(a.categories[0].unawarded, None);
    assert_eq!(a.totals.reduced_by, 0);
    assert_eq!(a.totals.unawarded, 30_000);
    let s = statement(a);
    let t = super::text(&s);
    assert!(!t.contains("Reduced:"), "{t}");
    assert!(
        t.contains("== Senior (0 players) ==\nNot awarded: no players: its prizes are not awarded (NT$30,000 of cash not paid)\n"),
        "{t}"
    );
    assert!(
        t.contains("Cut by pro-rata:    NT$0\nNot awarded:        NT$30,000\n"),
        "{t}"
    );
    let j = crate::render::prizes_json::json(&s);
    assert!(j.contains("\"unawarded\": 30000"), "{j}");
    assert!(!j.contains("\"reduction\""), "{j}");
}

#[test]
fn place_without_cash_prints_only_its_awards() {
    // 2nd place has goods and a medal but no cash: the text and HTML rows show
    // the awards and leave the money columns empty (no "NT$0 0 0").
    let groups = ranking(&[(20, &[1], Some((0, "points"))), (10, &[2], None)]);
    let mut prizes = table(&[1_000], &["trophy"]);
    prizes.push(PlacePrize {
        cash: 0,
        awards: vec!["goods".into(), "medal".into()],
    });
    let a = allocate(&[cat("U9", groups, prizes)], &PrizeRules::default());
    assert_eq!(
        payments(&a.categories[0])[1],
        (2, 0, 0, 0, vec!["goods".to_string(), "medal".to_string()])
    );
    let s = statement(a);
    let t = super::text(&s);
    assert!(!t.contains("NT$0  "), "{t}");
    assert!(
        t.lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>()
                == ["2nd", "2", "P2", "goods,", "medal"]),
        "{t}"
    );
    assert!(t.contains("NT$1,000"), "{t}");
    let h = crate::render::prizes_html::html(&s);
    assert!(
        h.contains("<td class=\"n\">2</td><td>P2</td><td class=\"n\"></td><td class=\"n\"></td><td class=\"n\"></td><td>goods, medal</td>"),
        "{h}"
    );
}

/// The Latin words (two letters or more) of `text` that are not in `data`.
fn latin_words(text: &str, data: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = text
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 2 && !data.contains(w))
        .map(str::to_string)
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn every_rule_and_reason_reads_in_traditional_chinese() {
    let zh = crate::render::i18n::Lang::by_tag("zh-TW").expect("zh-TW");
    let hort = PrizeRules {
        sharing: Sharing::Hort { keep_percent: 50 },
        rounding: Rounding {
            unit: 100,
            mode: RoundingMode::Nearest,
        },
        tied_awards: TiedAwards::BestPlace,
        ..ctca_rules()
    };
    let hort_groups = ranking(&[(70, &[1, 2, 3], Some((0, "points"))), (10, TAIL, None)]);
    let small = ranking(&[
        (60, &[4], Some((0, "points"))),
        (50, &[2, 9], Some((0, "lot"))),
        (40, &[1, 3, 5, 6], None),
    ]);
    let cases = [
        (ctca_rules(), open_and_senior()),
        (hort, vec![cat("Open", hort_groups, table(&OPEN, &AWARDS))]),
        (
            ctca_rules(),
            vec![
                cat("Girls", small, table(&CAT, &AWARDS)),
                cat("Senior", Vec::new(), table(&CAT, &AWARDS[..3])),
            ],
        ),
    ];
    // the data's own Latin: category names and the currency label
    let data = ["Open", "Senior", "Girls", "NT"];
    for (rules, cats) in cases {
        let mut s = statement(allocate(&cats, &rules));
        let names: Vec<String> = cats.iter().map(|c| c.name.clone()).collect();
        s.rules = crate::standings::prizes::statement::describe_rules(&rules, &names);
        let en = super::text_in(&s, crate::render::i18n::Lang::ENGLISH);
        let text = super::text_in(&s, zh);
        let html = crate::render::prizes_html::html_body_in(&s, zh);
        let csv = super::csv_in(&s, ',', zh);
        for (what, out) in [("text", &text), ("HTML", &html), ("CSV", &csv)] {
            let visible: String = out
                .split('<')
                .map(|part| part.split_once('>').map_or(part, |(_, t)| t))
                .collect::<Vec<_>>()
                .join(" ");
            let bad = latin_words(&visible, &data);
            assert!(bad.is_empty(), "{what}: {bad:?}\n{out}\nEnglish:\n{en}");
        }
        // every reason of the English statement has its zh-TW line
        assert_eq!(
            en.matches("why: ").count(),
            text.matches("說明：").count(),
            "{en}\n{text}"
        );
        assert!(
            !text.contains("lang=") && !html.contains("lang=\"en\""),
            "{html}"
        );
    }
}
