//! Unit tests: the TEC exercise in every edition, hand-worked values for each code and
//! modifier. The tournaments are built with the model directly (a minimal reader of
//! the `001` round blocks, test-only).

use super::*;
use crate::model::{ByeKind, Color, Outcome, Player, PlayerId, RoundEntry, Tournament};

/// Test-only: build players from TRF-like `001` lines (id, name, rating, round triples).
pub(crate) fn tournament_from_trf(text: &str) -> Tournament {
    let mut t = Tournament::default();
    for line in text.lines() {
        if line.starts_with("092") && line.to_lowercase().contains("swiss") {
            t.info.tournament_type = line[4..].trim().to_string();
        }
        if line.starts_with("042") {
            let d = line[4..].trim().replace('/', "-");
            t.info.start_date = NaiveDate::parse_from_str(&d, "%Y-%m-%d").ok();
        }
        if !line.starts_with("001") {
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        let field = |a: usize, b: usize| -> String {
            chars
                .get(a - 1..b.min(chars.len()))
                .map(|s| s.iter().collect::<String>())
                .unwrap_or_default()
                .trim()
                .to_string()
        };
        let id: u32 = field(5, 8).parse().unwrap();
        let rating: u16 = field(49, 52).parse().unwrap_or(0);
        let rest: String = chars.iter().skip(91).collect();
        let toks: Vec<&str> = rest.split_whitespace().collect();
        let mut rounds = Vec::new();
        for tr in toks.chunks(3) {
            let opp: u32 = tr[0].parse().unwrap();
            let color = match tr[1] {
                "w" => Some(Color::White),
                "b" => Some(Color::Black),
                _ => None,
            };
            let e = match (opp, tr[2]) {
                (0, "U") => RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated,
                },
                (0, "H") => RoundEntry::Bye { bye: ByeKind::Half },
                (0, "F") => RoundEntry::Bye { bye: ByeKind::Full },
                (0, "Z") => RoundEntry::Bye { bye: ByeKind::Zero },
                (0, _) => RoundEntry::NotPaired,
                (o, "+") => RoundEntry::Forfeit {
                    opponent: PlayerId(o),
                    color,
                    won: true,
                },
                (o, "-") => RoundEntry::Forfeit {
                    opponent: PlayerId(o),
                    color,
                    won: false,
                },
                (o, r) => RoundEntry::Played {
                    opponent: PlayerId(o),
                    color: color.unwrap(),
                    outcome: match r {
                        "1" => Outcome::Win,
                        "0" => Outcome::Loss,
                        _ => Outcome::Draw,
                    },
                    short: false,
                },
            };
            rounds.push(e);
        }
        t.players.push(Player {
            id: PlayerId(id),
            name: field(15, 47),
            rating: (rating > 0).then_some(rating),
            rounds,
            ..Default::default()
        });
    }
    t.players.sort_by_key(|p| p.id);
    t
}

pub(crate) const TEC: &str = include_str!("../../tests/fixtures/standings/tec-exercise-swiss.trf");
const TEC_CSV: &str = include_str!("../../tests/fixtures/standings/tec-exercise-expected.csv");

/// Expected values: column name → per player (1..16) text.
fn expected() -> (Vec<String>, Vec<Vec<String>>) {
    let mut lines = TEC_CSV.lines();
    let head: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    let rows = lines
        .map(|l| l.split(',').map(String::from).collect::<Vec<_>>())
        .collect();
    (head, rows)
}

fn run(t: &Tournament, codes: &str, edition: Edition) -> Standings {
    compute(
        t,
        &StandingsOptions {
            tiebreaks: TieBreakSpec::parse_list(codes).unwrap(),
            edition: Some(edition),
            ..Default::default()
        },
    )
    .unwrap()
}

fn fmt2(v: Option<Value>) -> String {
    match v {
        Some(v) => format!("{:.2}", (v.to_f64() * 100.0).round() / 100.0),
        None => String::new(),
    }
}

/// Every column of the expected CSV, in its edition.
#[test]
fn tec_exercise_matches_every_expected_value() {
    let t = tournament_from_trf(TEC);
    let (head, rows) = expected();
    let mut checked = 0;
    for (c, col) in head.iter().enumerate() {
        if ["player", "name", "rating", "points", "note"].contains(&col.as_str()) {
            continue;
        }
        let (code, edition) = match col.split_once('_') {
            Some((c, "2026")) => (c, Edition::C07_2026),
            Some((c, "pre2023")) => (c, Edition::Pre2023),
            _ => (col.as_str(), Edition::C07_2023),
        };
        let s = run(&t, code, edition);
        for row in &rows {
            let id: u32 = row[0].parse().unwrap();
            let got = s.row(PlayerId(id)).unwrap().tiebreaks[0];
            let want = &row[c];
            let want_v = if want.is_empty() {
                String::new()
            } else {
                format!("{:.2}", want.parse::<f64>().unwrap())
            };
            assert_eq!(fmt2(got), want_v, "{col} for player {id}");
            checked += 1;
        }
    }
    assert_eq!(checked, 16 * 30);
}

#[test]
fn tec_points_and_seed_order_differ_by_edition() {
    let t = tournament_from_trf(TEC);
    let order = |e| {
        let s = run(&t, "DE,BH/M1,BH,WIN", e);
        s.rows
            .iter()
            .take(5)
            .map(|r| r.player.0)
            .collect::<Vec<_>>()
    };
    // doc §5.3: 2023/2024 rules 2, 3, 4, 16, 1; pre-2023 2, 3, 4, 1, 16.
    assert_eq!(order(Edition::C07_2023), vec![2, 3, 4, 16, 1]);
    assert_eq!(order(Edition::Pre2023), vec![2, 3, 4, 1, 16]);
    let s = run(&t, "DE", Edition::C07_2023);
    assert_eq!(s.row(PlayerId(2)).unwrap().points, Points(40));
    // {1, 3, 4, 16} tied on 3.5; not all met, nobody dominates: DE 0, shared rank 2.
    for id in [1, 3, 4, 16] {
        let r = s.row(PlayerId(id)).unwrap();
        assert_eq!(r.rank, 2);
        assert!(r.shared);
        assert_eq!(r.tiebreaks[0], Some(Value::ZERO));
    }
}

#[test]
fn tec_wins_variants() {
    let t = tournament_from_trf(TEC);
    let s = run(&t, "WIN,WON,OTHER_WINS_FORFEITS_NO_BYES", Edition::C07_2023);
    let v = |id: u32| -> Vec<i64> {
        s.row(PlayerId(id))
            .unwrap()
            .tiebreaks
            .iter()
            .map(|v| v.unwrap().round_half_up())
            .collect()
    };
    // doc §5.3 table: #6 PAB, #9 PAB, #12 PAB + forfeit win, #11 forfeit win.
    assert_eq!(v(6), vec![3, 2, 2]);
    assert_eq!(v(9), vec![1, 0, 0]);
    assert_eq!(v(12), vec![2, 0, 1]);
    assert_eq!(v(11), vec![2, 1, 2]);
}

#[test]
fn round_robin_sb_and_koya() {
    let t = tournament_from_trf(include_str!(
        "../../tests/fixtures/standings/held_round_robin.trf"
    ));
    let s = run(&t, "SB,SB/C1,KS", Edition::C07_2023);
    assert!(s.round_robin);
    let col = |k: usize| -> Vec<f64> {
        (1..=6)
            .map(|i| s.row(PlayerId(i)).unwrap().tiebreaks[k].unwrap().to_f64())
            .collect()
    };
    // TEC exercises 14-16 (the forfeit 6 v 5 counts as a game, art. 15.2).
    assert_eq!(col(0), vec![9.25, 6.25, 6.25, 4.25, 3.25, 2.25]);
    assert_eq!(col(1), vec![9.25, 4.75, 4.75, 4.25, 3.25, 1.5]);
    assert_eq!(col(2), vec![2.0, 0.5, 0.5, 1.0, 0.5, 0.0]);
}

fn ranks(t: &Tournament, codes: &str) -> Vec<(u32, u32)> {
    let s = run(t, codes, Edition::C07_2023);
    let mut v: Vec<(u32, u32)> = s.rows.iter().map(|r| (r.player.0, r.rank)).collect();
    v.sort();
    v
}

/// TEC exercises 23-26: ranks by points then DE.
#[test]
fn direct_encounter_exercises() {
    let t5 = tournament_from_trf(TEC);
    let r = ranks(&t5, "DE");
    for (id, rank) in [(1, 2), (3, 2), (4, 2), (16, 2), (5, 7), (8, 7), (11, 7)] {
        assert_eq!(r[id - 1], (id as u32, rank), "exercise 23/24");
    }
    let t9 = tournament_from_trf(include_str!(
        "../../tests/fixtures/standings/held_swiss_9.trf"
    ));
    let want = [3, 5, 1, 3, 9, 2, 6, 6, 14, 9, 13, 14, 16, 9, 9, 6];
    let got: Vec<u32> = ranks(&t9, "DE").iter().map(|x| x.1).collect();
    assert_eq!(got, want, "exercise 25");
    let rr = tournament_from_trf(include_str!(
        "../../tests/fixtures/standings/held_round_robin.trf"
    ));
    let got: Vec<u32> = ranks(&rr, "DE").iter().map(|x| x.1).collect();
    assert_eq!(got, vec![1, 2, 2, 6, 5, 4], "exercise 26");
}

/// TieBreakServer's output on a Swiss with every unplayed kind, 2024 and 2026 rules.
#[test]
fn many_unplayed_rounds_match_tiebreakserver() {
    let t = tournament_from_trf(include_str!(
        "../../tests/fixtures/standings/swiss_with_many_unplayed_rounds.trf"
    ));
    for (file, edition) in [
        (
            include_str!(
                "../../tests/fixtures/standings/swiss_with_many_unplayed_rounds.2026-02-28.all.txt"
            ),
            Edition::C07_2023,
        ),
        (
            include_str!(
                "../../tests/fixtures/standings/swiss_with_many_unplayed_rounds.2026-03-01.all.txt"
            ),
            Edition::C07_2026,
        ),
    ] {
        let mut lines = file.lines();
        let head: Vec<&str> = lines.next().unwrap().split('\t').collect();
        let codes = [
            "WIN", "WON", "BWG", "BPG", "PS", "PS/C1", "KS", "BH", "BH/C1", "BH/C2", "BH/M1",
            "BH/M2", "AOB", "FB", "SB", "SB/C1", "SB/C2", "SB/M1", "SB/M2",
        ];
        let s = run(&t, &codes.join(","), edition);
        for line in lines.filter(|l| !l.starts_with("Check")) {
            let f: Vec<&str> = line.split('\t').collect();
            let id: u32 = f[0].parse().unwrap();
            let row = s.row(PlayerId(id)).unwrap();
            assert_eq!(row.points.as_f64(), f[2].parse::<f64>().unwrap());
            for (k, code) in codes.iter().enumerate() {
                let c = head.iter().position(|h| h == code).unwrap();
                let want: f64 = f[c].parse().unwrap();
                assert_eq!(
                    fmt2(row.tiebreaks[k]),
                    format!("{want:.2}"),
                    "{code} player {id} edition {edition}"
                );
            }
        }
    }
}
