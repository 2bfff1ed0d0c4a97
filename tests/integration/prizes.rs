//! Prize statements: renderer snapshots over a hand-built ranking (the
//! engine's input), so every format is checked without a tournament file.

use chess_arbiter::model::{PlayerId, Points};
use chess_arbiter::render::prizes as render;
use chess_arbiter::standings::prizes::statement::describe_rules;
use chess_arbiter::standings::prizes::{
    allocate, CategoryInput, Entrant, OnePrize, PlacePrize, PrizeRules, ProRata, RankGroup,
    Separator, Statement, Tax, ValueBasis,
};

use crate::scratch::Scratch;

fn group(points: i32, ids: &[(u32, &str)], sep: Option<Separator>) -> RankGroup {
    RankGroup {
        players: ids
            .iter()
            .map(|&(id, name)| Entrant {
                start_rank: PlayerId(id),
                name: name.to_string(),
                points: Points(points),
            })
            .collect(),
        separated_from_next: sep,
    }
}

fn table(cash: &[i64], n: usize) -> Vec<PlacePrize> {
    (0..n)
        .map(|i| PlacePrize {
            cash: cash.get(i).copied().unwrap_or(0),
            awards: vec![if i < 3 { "trophy" } else { "medal" }.to_string()],
        })
        .collect()
}

/// An Open of 12 with a three-way tie for 1st-3rd and a senior who keeps the
/// Open prize over a reduced Senior one; a 7-player U13 Girls reduced pro rata, with a tie across 3rd/4th.
fn statement() -> Statement {
    let pts = Separator::points;
    let open = CategoryInput {
        name: "Open".into(),
        groups: vec![
            group(
                75,
                &[(3, "Chen, Wei"), (1, "Lin, Mei"), (7, "Wang, Hao")],
                Some(pts()),
            ),
            group(
                70,
                &[(2, "Huang, Li")],
                Some(Separator::tiebreak(2, "BH/M1")),
            ),
            group(70, &[(30, "Old, Timer")], Some(pts())),
            group(65, &[(5, "Tsai, Ying")], Some(Separator::tiebreak(1, "DE"))),
            group(65, &[(41, "Young, Girl")], Some(pts())),
            group(60, &[(4, "Kuo, Jun"), (6, "Lee, <Amp&>")], Some(pts())),
            group(50, &[(8, "Wu, Bo"), (9, "Hsu, An"), (10, "Yeh, Ti")], None),
        ],
        prizes: table(&[45_000, 30_000, 15_000, 7_500, 4_500, 3_000], 6),
    };
    let senior = CategoryInput {
        name: "Senior".into(),
        groups: vec![
            group(70, &[(30, "Old, Timer")], Some(pts())),
            group(50, &[(10, "Yeh, Ti")], None),
        ],
        prizes: table(&[15_000, 9_000, 6_000], 6),
    };
    let girls = CategoryInput {
        name: "U13 Girls".into(),
        groups: vec![
            group(65, &[(41, "Young, Girl")], Some(pts())),
            group(
                45,
                &[(42, "Small, Star")],
                Some(Separator::tiebreak(3, "BH")),
            ),
            group(
                45,
                &[(43, "Tiny, Queen"), (44, "Little, Rook")],
                Some(pts()),
            ),
            group(
                30,
                &[(45, "Pawn, A"), (46, "Pawn, B"), (47, "Pawn, C")],
                None,
            ),
        ],
        prizes: table(&[15_000, 9_000, 6_000], 6),
    };
    let rules = PrizeRules {
        tax: Some(Tax {
            rate_bp: 1000,
            min_gross: 20_000,
        }),
        pro_rata: Some(ProRata { min_players: 10 }),
        currency: "NT$".into(),
        one_prize: OnePrize::PerPlayer {
            value: ValueBasis::Gross,
            priority: vec![0, 1, 2],
        },
        ..PrizeRules::default()
    };
    let alloc = allocate(&[open, senior, girls], &rules);
    let names: Vec<String> = ["Open", "Senior", "U13 Girls"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    Statement {
        event: "Hand-worked Open".into(),
        section: "Standard".into(),
        event_names: Default::default(),
        section_names: Default::default(),
        start_date: None,
        end_date: None,
        currency: rules.currency.clone(),
        edition: "pre2023".into(),
        tiebreaks: vec![
            "DE".into(),
            "BH/M1".into(),
            "BH".into(),
            "OTHER_WINS_FORFEITS_NO_BYES".into(),
        ],
        rules: describe_rules(&rules, &names),
        categories: alloc.categories,
        totals: alloc.totals,
        one_prize_check: alloc.one_prize_check,
        notes: alloc.diagnostics,
    }
}

#[test]
fn hand_worked_statement_values() {
    let s = statement();
    let open = &s.categories[0];
    // 1st-3rd: (45,000 + 30,000 + 15,000) / 3 = 30,000 each, 3,000 tax each.
    assert_eq!(
        open.prizes[0]
            .players
            .iter()
            .map(|p| (p.gross, p.tax))
            .collect::<Vec<_>>(),
        [(30_000, 3_000); 3]
    );
    // Senior has 2 players: prizes cut to 2/10 = 3,000 / 1,800 / 1,200. #30 keeps
    // Open 5th (4,500 > 3,000); the Senior 1st goes to #10.
    let senior = &s.categories[1];
    assert_eq!(senior.prizes[0].players[0].start_rank, PlayerId(10));
    assert_eq!(senior.prizes[0].players[0].gross, 3_000);
    assert_eq!(senior.skipped[0].start_rank, PlayerId(30));
    // U13 Girls has 7 players: 10,500 / 6,300 / 4,200.
    let girls = &s.categories[2];
    assert_eq!(girls.players, 7);
    let got: Vec<(u32, i64)> = open
        .prizes
        .iter()
        .flat_map(|l| &l.players)
        .map(|p| (p.start_rank.0, p.gross))
        .collect();
    assert_eq!(
        got,
        [
            (3, 30_000),
            (1, 30_000),
            (7, 30_000),
            (2, 7_500),
            (30, 4_500),
            (5, 3_000)
        ]
    );
    // U13 Girls: 2nd #42 6,300; #43 and #44 tied for 3rd-4th pool 4,200: 2,100 each.
    let got: Vec<(u32, i64)> = girls
        .prizes
        .iter()
        .flat_map(|l| &l.players)
        .map(|p| (p.start_rank.0, p.gross))
        .collect();
    assert_eq!(
        got[..4],
        [(41, 10_500), (42, 6_300), (43, 2_100), (44, 2_100)]
    );
    assert!(s.one_prize_check.ok);
    assert_eq!(s.totals.tax, 9_000);
}

#[test]
fn renders_text() {
    insta::assert_snapshot!("prizes_text", render::text(&statement()));
}

#[test]
fn renders_csv() {
    insta::assert_snapshot!("prizes_csv", render::csv(&statement(), ','));
}

#[test]
fn renders_json() {
    let s = statement();
    let json = chess_arbiter::render::prizes_json::json(&s);
    // The documented minimum shape.
    let v: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
    assert_eq!(v["categories"][2]["name"], "U13 Girls");
    assert_eq!(v["categories"][2]["players"], 7);
    assert_eq!(v["categories"][2]["prizes"][0]["places"][0], 1);
    assert_eq!(
        v["categories"][2]["prizes"][0]["players"][0]["start_rank"],
        41
    );
    assert_eq!(v["categories"][2]["prizes"][0]["players"][0]["net"], 10_500);
    assert_eq!(
        v["categories"][2]["prizes"][0]["players"][0]["awards"][0],
        "trophy"
    );
    assert!(v["categories"][2]["prizes"][0]["reason"].is_string());
    assert_eq!(v["totals"]["tax"], 9_000);
    insta::assert_snapshot!("prizes_json", json);
}

#[test]
fn renders_html() {
    let h = chess_arbiter::render::prizes_html::html(&statement());
    assert!(h.contains("Lee, &lt;Amp&amp;&gt;"));
    insta::assert_snapshot!("prizes_html", h);
}

// ---------------------------------------------------------------- end to end

use std::process::Command;

fn root(rel: &str) -> String {
    format!("{}/{rel}", env!("CARGO_MANIFEST_DIR"))
}

/// `arbiter prizes` on the sample open with the CTCA profile: (stdout, stderr, exit code).
fn arbiter(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output();
    match out {
        Ok(o) => (
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
            o.status.code().unwrap_or(-1),
        ),
        Err(e) => (String::new(), e.to_string(), -1),
    }
}

fn ctca(format: &str) -> String {
    let (out, err, code) = arbiter(&[
        "prizes",
        "samples/open-2023.trf",
        "--profile",
        "samples/ctca-2023.toml",
        "--format",
        format,
    ]);
    assert_eq!(code, 0, "{err}");
    out
}

/// One payment of the statement: category, places, start rank, name, gross,
/// tax, net and the non-cash awards joined by `+`, as the CSV writes them.
type Payment = (String, String, u64, String, i64, i64, i64, String);

/// The CSV statement's payments (the sheet the treasurer pays from: its
/// snapshot is the one a reader checks; the other formats must agree with it).
fn csv_payments(csv: &str) -> Vec<Payment> {
    let mut r = csv::Reader::from_reader(csv.as_bytes());
    r.records()
        .map(|rec| {
            let rec = rec.unwrap_or_else(|e| panic!("{e}"));
            let num = |i: usize| {
                rec[i]
                    .parse::<i64>()
                    .unwrap_or_else(|e| panic!("{e}: {rec:?}"))
            };
            (
                rec[0].to_string(),
                rec[1].to_string(),
                num(2) as u64,
                rec[3].to_string(),
                num(5),
                num(6),
                num(7),
                rec[8].to_string(),
            )
        })
        .collect()
}

#[test]
fn ctca_sample_csv() {
    let csv = ctca("csv");
    for p in csv_payments(&csv) {
        // C.07-independent bookkeeping of the regulation: 10% tax from NT$20,000.
        let want_tax = if p.4 >= 20_000 { (p.4 + 5) / 10 } else { 0 };
        assert_eq!(p.5, want_tax, "{p:?}");
        assert_eq!(p.6, p.4 - p.5, "{p:?}");
    }
    insta::assert_snapshot!("ctca_csv", csv);
}

#[test]
fn ctca_sample_json_pays_what_the_csv_pays() {
    let out = ctca("json");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
    let cats = v["categories"].as_array().cloned().unwrap_or_default();
    assert_eq!(cats.len(), 15);
    assert_eq!(v["categories"][0]["name"], "Open");
    assert_eq!(v["categories"][0]["players"], 121);
    assert_eq!(v["one_prize_check"]["ok"], true);
    let mut paid: Vec<Payment> = Vec::new();
    for c in &cats {
        // Each ranking is in rank order and names its players once.
        let ranks: Vec<i64> = c["ranking"]
            .as_array()
            .map(|r| r.iter().filter_map(|x| x["rank"].as_i64()).collect())
            .unwrap_or_default();
        assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{}", c["name"]);
        for prize in c["prizes"].as_array().cloned().unwrap_or_default() {
            let places: Vec<String> = prize["places"]
                .as_array()
                .map(|p| p.iter().map(|x| x.to_string()).collect())
                .unwrap_or_default();
            let places = match places.as_slice() {
                [one] => one.clone(),
                [first, .., last] => format!("{first}-{last}"),
                [] => String::new(),
            };
            let players = prize["players"].as_array().cloned().unwrap_or_default();
            let shared: i64 = players.iter().filter_map(|p| p["gross"].as_i64()).sum();
            assert_eq!(
                shared + prize["remainder"].as_i64().unwrap_or(-1),
                prize["pool"].as_i64().unwrap_or(-2),
                "{prize}"
            );
            for p in players {
                let awards: Vec<&str> = p["awards"]
                    .as_array()
                    .map(|a| a.iter().filter_map(|x| x.as_str()).collect())
                    .unwrap_or_default();
                paid.push((
                    c["name"].as_str().unwrap_or("").to_string(),
                    places.clone(),
                    p["start_rank"].as_u64().unwrap_or(0),
                    p["name"].as_str().unwrap_or("").to_string(),
                    p["gross"].as_i64().unwrap_or(-1),
                    p["tax"].as_i64().unwrap_or(-1),
                    p["net"].as_i64().unwrap_or(-1),
                    awards.join("+"),
                ));
            }
        }
    }
    assert_eq!(paid, csv_payments(&ctca("csv")));
    let total = |k: &str| {
        paid.iter()
            .map(|p| match k {
                "gross" => p.4,
                "tax" => p.5,
                _ => p.6,
            })
            .sum::<i64>()
    };
    for k in ["gross", "tax", "net"] {
        assert_eq!(v["totals"][k].as_i64(), Some(total(k)), "{k}");
    }
}

#[test]
fn ctca_sample_text_and_html_name_every_payment() {
    let text = ctca("text");
    // Hand-checked against the standings: the winner (ahead on direct
    // encounter) takes 45,000, 10% tax; the two players tied on 7.0 after all
    // tie-breaks share 3rd and 4th.
    let first = text
        .lines()
        .find(|l| l.starts_with("  1st "))
        .unwrap_or_default();
    assert!(
        first.contains(" NT$45,000    4,500     40,500  trophy, certificate"),
        "{text}"
    );
    assert!(
        text.contains("3rd-4th: 2 players tied on 7.0 points after all tie-breaks"),
        "{text}"
    );
    assert!(text.contains("One prize per player: ok"));
    let html = ctca("html");
    assert!(
        html.to_ascii_lowercase().starts_with("<!doctype html>"),
        "{}",
        &html[..html.len().min(200)]
    );
    let money = |n: i64| {
        let s = n.to_string();
        let mut out = String::new();
        for (i, c) in s.chars().enumerate() {
            if i > 0 && (s.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    };
    for p in csv_payments(&ctca("csv")) {
        // A payment without money is named by its awards.
        let paid = if p.6 > 0 {
            money(p.6)
        } else {
            p.7.replace('+', ", ")
        };
        let line = text
            .lines()
            .find(|l| l.contains(&format!(" {}  {}", p.2, p.3)) && l.contains(&paid));
        assert!(line.is_some(), "text statement lacks {p:?}");
        let esc = p.3.replace('&', "&amp;").replace('<', "&lt;");
        assert!(
            html.contains(&esc) && (p.6 == 0 || html.contains(&paid)),
            "HTML statement lacks {p:?}"
        );
    }
}

#[test]
fn ctca_blitz_section_has_no_money() {
    // The blitz sample with the profile's blitz section: medals, certificates and
    // goods, no cash, no trophy (regulation: the blitz pays no money).
    let (out, err, code) = arbiter(&[
        "prizes",
        "samples/blitz-2023.trf",
        "--profile",
        "samples/ctca-2023.toml",
        "--section",
        "blitz",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_default();
    assert_eq!(v["section"], "Blitz");
    assert_eq!(v["totals"]["gross"], 0);
    assert_eq!(v["totals"]["awards"]["trophy"], serde_json::Value::Null);
    assert_eq!(
        v["totals"]["awards"]["medal"].as_i64().map(|n| n > 0),
        Some(true)
    );
}

#[test]
fn bad_profile_gives_located_errors() {
    let dir = Scratch::new("prizes");
    let path = dir.join("bad.toml");
    let text = std::fs::read_to_string(root("samples/ctca-2023.toml"))
        .unwrap_or_default()
        .replacen("\"U13\", \"U13 Girls\"", "\"U13\", \"U13 Grils\"", 1);
    let _ = std::fs::write(&path, text);
    let p = path.display().to_string();
    let (out, err, code) = arbiter(&["prizes", "samples/open-2023.trf", "--profile", &p]);
    assert_eq!(code, 3);
    assert!(out.is_empty());
    let err = err.replace(&p, "bad.toml");
    insta::assert_snapshot!("bad_profile_stderr", err);
}

#[test]
fn unknown_section_is_an_input_error() {
    let (_, err, code) = arbiter(&[
        "prizes",
        "samples/open-2023.trf",
        "--profile",
        "samples/ctca-2023.toml",
        "--section",
        "rapid",
    ]);
    assert_eq!(code, 3);
    assert!(
        err.contains("expected a section of the profile (blitz, senior), found \"rapid\""),
        "{err}"
    );
}

/// Issue #32 item 12: a prize statement's notes say where their facts are. A
/// note on the tie-break list points at the list in the profile (the main
/// one, or the section's with `--section`); a note on the games at the
/// tournament file's line.
#[test]
fn prize_notes_name_where_their_facts_are() {
    let profile = root("samples/ctca-2023.toml");
    let pending = root("tests/fixtures/locations/round3_pending.trf");
    let (_, err, code) = arbiter(&["prizes", &pending, "--profile", &profile]);
    assert_eq!(code, 0, "{err}");
    let line = |needle: &str| {
        err.lines()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no note on {needle}: {err}"))
            .to_string()
    };
    assert!(
        line("every value is cut").contains("ctca-2023.toml, line 19, cols 13-64 (tiebreaks)"),
        "{err}"
    );
    assert!(
        line("games without results").contains("round3_pending.trf, line 8, cols 112-119"),
        "{err}"
    );
    // The same note from the Senior section's own list (line 85); standings
    // with the profile place it the same way.
    let (_, err, _) = arbiter(&[
        "prizes",
        &pending,
        "--profile",
        &profile,
        "--section",
        "senior",
    ]);
    assert!(err.contains("ctca-2023.toml, line 85"), "{err}");
    let (_, err, _) = arbiter(&["standings", &pending, "--profile", &profile]);
    assert!(err.contains("ctca-2023.toml, line 19"), "{err}");
}
