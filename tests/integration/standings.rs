//! Standings: renderings of a sample open with categories (snapshots), the CLI, and
//! properties of the ranking on generated tournaments.

use std::process::Command;

use chess_arbiter::model::{ByeKind, Color, Outcome, Player, PlayerId, RoundEntry, Tournament};
use chess_arbiter::render::standings as render;
use chess_arbiter::standings::{
    compute, StandingsOptions, StandingsProfile, TieBreakSpec, TiebreakEdition, Value,
};
use proptest::prelude::*;

const FIX: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/standings/");

fn sample() -> Tournament {
    let text = std::fs::read_to_string(format!("{FIX}sample-open.json")).unwrap();
    chess_arbiter::formats::json::read(&text).unwrap()
}

fn sample_options() -> StandingsOptions {
    let text = std::fs::read_to_string(format!("{FIX}sample-profile.toml")).unwrap();
    let mut o = StandingsOptions::default();
    StandingsProfile::from_toml(&text).unwrap().apply(&mut o);
    o
}

#[test]
fn sample_open_renders() {
    let t = sample();
    let s = compute(&t, &sample_options()).unwrap();
    // Dated July 2023: the pre-2023 rules, chosen by date.
    assert_eq!(s.edition, TiebreakEdition::Pre2023);
    assert_eq!(s.categories.len(), 5);
    insta::assert_snapshot!("sample_text", render::text(&t, &s));
    insta::assert_snapshot!("sample_csv_comma", render::csv(&t, &s, ','));
    insta::assert_snapshot!("sample_csv_semicolon", render::csv(&t, &s, ';'));
    insta::assert_snapshot!("sample_json", render::json(&t, &s));
    insta::assert_snapshot!("sample_html", render::html(&t, &s));
    insta::assert_snapshot!("sample_crosstable", render::crosstable(&t, &s));
}

#[test]
fn sample_open_explains_a_player_with_a_bye() {
    let t = sample();
    let mut o = sample_options();
    o.edition = Some(TiebreakEdition::C07_2023);
    o.tiebreaks = TieBreakSpec::parse_list("DE,BH/M1,BH,SB/C1,AOB,ARO/C1,TPR,PS/C1").unwrap();
    o.explain = Some(PlayerId(4));
    let s = compute(&t, &o).unwrap();
    insta::assert_snapshot!("explain_david_2023", render::explain(&t, &s));
    o.edition = Some(TiebreakEdition::Pre2023);
    o.tiebreaks = TieBreakSpec::parse_list("BH/M1,SB").unwrap();
    let s = compute(&t, &o).unwrap();
    insta::assert_snapshot!("explain_david_pre2023", render::explain(&t, &s));
}

#[test]
fn categories_filter_or_reapply_de() {
    let t = sample();
    let o = sample_options();
    let s = compute(&t, &o).unwrap();
    let u13 = s.categories.iter().find(|c| c.name == "U13").unwrap();
    // Born on or after 1 Jan 2010 (2023 − 13): #3, #5, #8, #10, #12, #14, #16.
    let mut ids: Vec<u32> = u13.rows.iter().map(|r| r.player.0).collect();
    ids.sort();
    assert_eq!(ids, vec![3, 5, 8, 10, 12, 14, 16]);
    // Ranks follow the overall order.
    let overall: Vec<u32> = u13.rows.iter().map(|r| r.overall_rank).collect();
    let mut sorted = overall.clone();
    sorted.sort();
    assert_eq!(overall, sorted);
    assert_eq!(u13.rows[0].rank, 1);
}

fn arbiter(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .unwrap();
    // Notes name the input; the fixtures folder is this checkout's, so left out.
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
    .replace(FIX, "")
}

#[test]
fn cli_standings() {
    let input = format!("{FIX}sample-open.json");
    let profile = format!("{FIX}sample-profile.toml");
    insta::assert_snapshot!(
        "cli_text_u13",
        arbiter(&[
            "standings",
            &input,
            "--profile",
            &profile,
            "--category",
            "U13"
        ])
    );
    insta::assert_snapshot!(
        "cli_json_after_round_3",
        arbiter(&[
            "standings",
            &input,
            "--tiebreaks",
            "DE,BH-M1,BH,WIN",
            "--edition",
            "2026",
            "--after-round",
            "3",
            "--format",
            "json"
        ])
    );
    insta::assert_snapshot!(
        "cli_swiss_manager_ids",
        arbiter(&[
            "standings",
            &input,
            "--tiebreaks",
            "SM81,SM37/M1,SM37",
            "--format",
            "csv",
            "--separator",
            ";"
        ])
    );
    insta::assert_snapshot!(
        "cli_explain_by_name",
        arbiter(&[
            "standings",
            &input,
            "--tiebreaks",
            "BH/C1,WIN",
            "--edition",
            "2023",
            "--explain",
            "nick"
        ])
    );
}

#[test]
fn cli_failures() {
    let input = format!("{FIX}sample-open.json");
    insta::assert_snapshot!(
        "cli_bad_code",
        arbiter(&["standings", &input, "--tiebreaks", "DE,BHX"])
    );
    insta::assert_snapshot!(
        "cli_unknown_sm_id",
        arbiter(&["standings", &input, "--tiebreaks", "SM999"])
    );
    insta::assert_snapshot!(
        "cli_unknown_category",
        arbiter(&["standings", &input, "--category", "U8"])
    );
    insta::assert_snapshot!(
        "cli_round_out_of_range",
        arbiter(&["standings", &input, "--after-round", "9"])
    );
    insta::assert_snapshot!(
        "cli_missing_file",
        arbiter(&["standings", "/nonexistent/x.trf"])
    );
}

// ---------------------------------------------------------------- properties

/// A random but consistent Swiss-like tournament from a seed.
fn generate(n: usize, rounds: usize, seed: u64) -> Tournament {
    let mut s = seed | 1;
    let mut rnd = move |m: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % m.max(1)
    };
    let mut players: Vec<Player> = (1..=n as u32)
        .map(|i| Player {
            id: PlayerId(i),
            name: format!("P{i}"),
            rating: if rnd(6) == 0 {
                None
            } else {
                Some(1400 + rnd(1000) as u16)
            },
            ..Default::default()
        })
        .collect();
    for _ in 0..rounds {
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            let j = rnd(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        let mut k = 0;
        while k < order.len() {
            let a = order[k];
            if k + 1 == order.len() || rnd(8) == 0 {
                let bye = match rnd(4) {
                    0 => ByeKind::PairingAllocated,
                    1 => ByeKind::Half,
                    2 => ByeKind::Zero,
                    _ => ByeKind::Full,
                };
                players[a].rounds.push(RoundEntry::Bye { bye });
                k += 1;
                continue;
            }
            let b = order[k + 1];
            let (ia, ib) = (PlayerId(a as u32 + 1), PlayerId(b as u32 + 1));
            match rnd(10) {
                0 => {
                    let won = rnd(2) == 0;
                    players[a].rounds.push(RoundEntry::Forfeit {
                        opponent: ib,
                        color: Some(Color::White),
                        won,
                    });
                    players[b].rounds.push(RoundEntry::Forfeit {
                        opponent: ia,
                        color: Some(Color::Black),
                        won: !won,
                    });
                }
                r => {
                    let o = [Outcome::Win, Outcome::Draw, Outcome::Loss][(r % 3) as usize];
                    players[a].rounds.push(RoundEntry::Played {
                        opponent: ib,
                        color: Color::White,
                        outcome: o,
                        short: false,
                    });
                    players[b].rounds.push(RoundEntry::Played {
                        opponent: ia,
                        color: Color::Black,
                        outcome: o.opposite(),
                        short: false,
                    });
                }
            }
            k += 2;
        }
    }
    Tournament {
        players,
        ..Default::default()
    }
}

const PROP_CODES: &str = "BH,BH/C1,BH/M1,SB,FB,AOB,ARO,TPR,PTP,APRO,WIN,WON,PS,KS,DE,REP,STD,BPG";

fn opts(edition: TiebreakEdition) -> StandingsOptions {
    StandingsOptions::new()
        .tiebreaks(TieBreakSpec::parse_list(PROP_CODES).unwrap())
        .edition(edition)
        .round_robin(false)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn ranking_properties(n in 2usize..14, rounds in 1usize..7, seed in any::<u64>(), e in 0usize..3) {
        let edition = [TiebreakEdition::Pre2023, TiebreakEdition::C07_2023, TiebreakEdition::C07_2026][e];
        let t = generate(n, rounds, seed);
        let s = compute(&t, &opts(edition)).unwrap();
        // Points conserved: every row has the player's score, and the total is the sum.
        let total: i32 = s.rows.iter().map(|r| r.points.0).sum();
        // The rounds played (issue 32): trailing rounds of requested byes and
        // absences only are no played round.
        let played = Some(t.rounds_recorded());
        let expect: i32 = t.players.iter().map(|p| t.score(p, played).0).sum();
        prop_assert_eq!(total, expect);
        for r in &s.rows {
            prop_assert_eq!(r.points, t.score(t.player(r.player).unwrap(), played));
        }
        // Rank order is a permutation with non-decreasing, consistent ranks.
        let mut ids: Vec<u32> = s.rows.iter().map(|r| r.player.0).collect();
        ids.sort();
        prop_assert_eq!(ids, (1..=n as u32).collect::<Vec<_>>());
        for (k, w) in s.rows.windows(2).enumerate() {
            prop_assert!(w[0].rank <= w[1].rank);
            prop_assert!(w[0].points >= w[1].points);
            if w[0].rank != w[1].rank { prop_assert_eq!(w[1].rank as usize, k + 2); }
        }
        // BH ≥ BH/C1 ≥ BH/M1.
        for r in &s.rows {
            let v: Vec<Value> = r.tiebreaks[..3].iter().map(|x| x.unwrap()).collect();
            prop_assert!(v[0] >= v[1] && v[1] >= v[2], "{:?}", v);
        }
    }

    #[test]
    fn invariant_under_renumbering(n in 2usize..12, rounds in 1usize..6, seed in any::<u64>(), shift in 1u32..11) {
        let t = generate(n, rounds, seed);
        // Rotate the numbering: old id i becomes ((i - 1 + shift) mod n) + 1.
        let map = |id: PlayerId| PlayerId((id.0 - 1 + shift) % n as u32 + 1);
        let mut u = t.clone();
        for p in &mut u.players {
            p.id = map(p.id);
            for e in &mut p.rounds {
                match e {
                    RoundEntry::Played { opponent, .. } | RoundEntry::Forfeit { opponent, .. } => *opponent = map(*opponent),
                    _ => {}
                }
            }
        }
        u.players.sort_by_key(|p| p.id);
        for edition in [TiebreakEdition::Pre2023, TiebreakEdition::C07_2023, TiebreakEdition::C07_2026] {
            let a = compute(&t, &opts(edition)).unwrap();
            let b = compute(&u, &opts(edition)).unwrap();
            for r in &a.rows {
                let q = b.row(map(r.player)).unwrap();
                prop_assert_eq!(&r.tiebreaks, &q.tiebreaks);
                prop_assert_eq!(r.rank, q.rank);
            }
        }
    }
}

// ------------------------------------------------------- through the TRF reader

fn read_trf(name: &str) -> Tournament {
    let bytes = std::fs::read(format!("{FIX}{name}")).unwrap();
    let r = chess_arbiter::formats::trf::read(
        &bytes,
        &chess_arbiter::formats::trf::ReadOptions::default(),
    )
    .unwrap();
    r.tournament
}

fn two_decimals(v: Option<Value>) -> String {
    v.map(|v| format!("{:.2}", (v.to_f64() * 100.0).round() / 100.0))
        .unwrap_or_default()
}

/// The TEC exercise read by `formats::trf::read`: every expected value for every code
/// and edition (tests/fixtures/standings/tec-exercise-expected.csv).
#[test]
fn tec_exercise_from_trf_every_code_and_edition() {
    let t = read_trf("tec-exercise-swiss.trf");
    assert_eq!(t.players.len(), 16);
    let csv = std::fs::read_to_string(format!("{FIX}tec-exercise-expected.csv")).unwrap();
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let mut checked = 0;
    for (c, col) in head.iter().enumerate() {
        if ["player", "name", "rating", "points", "note"].contains(col) {
            continue;
        }
        let (code, edition) = match col.split_once('_') {
            Some((code, "2026")) => (code, TiebreakEdition::C07_2026),
            Some((code, "pre2023")) => (code, TiebreakEdition::Pre2023),
            _ => (*col, TiebreakEdition::C07_2023),
        };
        let s = compute(
            &t,
            &StandingsOptions::new()
                .tiebreaks(TieBreakSpec::parse_list(code).unwrap())
                .edition(edition),
        )
        .unwrap();
        for row in &rows {
            let id: u32 = row[0].parse().unwrap();
            let r = s.row(PlayerId(id)).unwrap();
            assert_eq!(r.points.as_f64(), row[3].parse::<f64>().unwrap());
            let want = if row[c].is_empty() {
                String::new()
            } else {
                format!("{:.2}", row[c].parse::<f64>().unwrap())
            };
            assert_eq!(two_decimals(r.tiebreaks[0]), want, "{col} player {id}");
            checked += 1;
        }
    }
    assert_eq!(checked, 16 * 30);
}

/// TieBreakServer's transcription (rank order, `0 - H` byes, dated) gives the same values
/// and, by its 2024-08-01 date, the 2023 edition.
#[test]
fn held_swiss_5_matches_the_tec_file() {
    let a = read_trf("tec-exercise-swiss.trf");
    let b = read_trf("held_swiss_5.trf");
    let codes = "BH,BH/C1,BH/M1,SB,SB/C1,FB,AOB,ARO,TPR,PTP,APRO,WIN,WON,BPG,BWG,REP,PS";
    let o = StandingsOptions::new().tiebreaks(TieBreakSpec::parse_list(codes).unwrap());
    let sb = compute(&b, &o).unwrap();
    assert_eq!(sb.edition, TiebreakEdition::C07_2023);
    let sa = compute(&a, &o.clone().edition(TiebreakEdition::C07_2023)).unwrap();
    for r in &sa.rows {
        assert_eq!(
            &r.tiebreaks,
            &sb.row(r.player).unwrap().tiebreaks,
            "player {}",
            r.player
        );
    }
}

#[test]
fn cli_reads_trf() {
    let input = format!("{FIX}tec-exercise-swiss.trf");
    insta::assert_snapshot!(
        "cli_trf_crosstable",
        arbiter(&[
            "standings",
            &input,
            "--tiebreaks",
            "DE,BH/M1,BH,WIN",
            "--edition",
            "2023",
            "--format",
            "crosstable"
        ])
    );
}

/// Issue 32 (items 10, 11): the text standings head the tie-breaks by their
/// C.07 short names (not TB1..TBn), give each full name once in the legend,
/// and do not print the profile's "Open" category (everyone, ranked as the
/// overall table) as a second copy of the overall table.
#[test]
fn text_standings_head_tiebreaks_by_short_name_and_print_each_table_once() {
    let out = arbiter(&[
        "standings",
        "samples/open-2023.trf",
        "--profile",
        "samples/ctca-2023.toml",
    ]);
    assert!(out.starts_with("exit: 0\n"), "{out}");
    let head = out
        .lines()
        .find(|l| l.trim_start().starts_with("Rk  SNo"))
        .unwrap_or_else(|| panic!("no table head in {out}"));
    for h in ["DE", "BH-M1", "BH", "WIN+F"] {
        assert!(head.split_whitespace().any(|x| x == h), "{h} not in {head}");
    }
    assert!(!out.contains("TB1"), "{out}");
    assert!(
        out.contains("\nBH-M1 = Buchholz Median-1 (C.07 art. 8.1, 14)\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "\nWIN+F = self-defined: number of wins including forfeit wins, byes not counted\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("\nCategory Open (121 players): the same as the overall table\n"),
        "{out}"
    );
    let tables = out
        .lines()
        .filter(|l| l.trim_start().starts_with("Rk  SNo"))
        .count();
    let categories = out.matches("\nCategory ").count();
    assert_eq!(
        tables, categories,
        "one table per category but Open, and the overall one: {out}"
    );
    assert!(out.contains(" (1 player)\n"), "{out}");
    assert!(!out.contains(" (1 players)"), "{out}");
    // `--category Open` asks for that table: it is printed.
    let open = arbiter(&[
        "standings",
        "samples/open-2023.trf",
        "--profile",
        "samples/ctca-2023.toml",
        "--category",
        "Open",
    ]);
    assert_eq!(open.matches("Rk  SNo").count(), 1, "{open}");
    assert!(open.contains("\nCategory Open (121 players)\n"), "{open}");
}
