//! Writes the CTCA side-event samples beside `samples/open-2023.trf`:
//!
//! - `samples/senior-2023.trf`: the Senior group, its own section (one round each
//!   morning, 5 rounds, 9 players, so the regulation's pro-rata rule applies);
//! - `samples/blitz-2023.trf`: the 9-round blitz, all categories in one group,
//!   every player with the category they registered in (TRF extension `XXG`).
//!
//! Deterministic: a fixed-seed PRNG drives ratings, birth dates and results.
//! Every round is paired by this crate's FIDE Dutch engine under the 2017 rules
//! (C.04.3, the edition in force in 2023) from the results so far, so
//! `arbiter check` finds every round conform.
//!
//! Run: `cargo run --example make_sample_sections [DIR]` (default `samples`).

use chess_arbiter::formats::trf::{write, LineEnd, Target, WriteOptions};
use chess_arbiter::model::{
    BirthDate, ByeKind, Color, Outcome, Player, PlayerId, RoundEntry, Sex, Tournament,
    TournamentInfo,
};
use chess_arbiter::pairing::dutch::{pair_round, DutchEdition, PairOptions};
use chrono::NaiveDate;

#[path = "common/names.rs"]
mod names;

// The crate's seeded generator: a seed gives the same data everywhere.
use chess_arbiter::model::random::Seeded as Rng;

/// One entrant: birth year, sex, rating band and the category entered.
struct Spec {
    year: i32,
    female: bool,
    base: f64,
    spread: f64,
    category: Option<String>,
}

fn person(rng: &mut Rng, s: &Spec, k: usize) -> Player {
    // One in eight a visitor; a third of the Taiwanese entered in Chinese characters.
    let (name, federation) = names::entrant(rng, s.female, 12, 33);
    let rating = (s.base + s.spread * rng.unit()) as u16;
    let unrated = s.base < 1100.0 && rng.below(100) < 50;
    Player {
        id: PlayerId(0),
        sex: Some(if s.female { Sex::Female } else { Sex::Male }),
        name,
        rating: (!unrated).then_some(rating),
        federation: Some(federation.to_string()),
        fide_id: Some(names::fide_id(rng, federation, k)),
        birth: Some(BirthDate {
            year: s.year,
            month: Some(1 + rng.below(12) as u32),
            day: Some(1 + rng.below(28) as u32),
        }),
        registered_category: s.category.clone(),
        ..Default::default()
    }
}

fn play(rng: &mut Rng, white: &Player, black: &Player) -> Outcome {
    let rw = f64::from(white.rating.unwrap_or(1000));
    let rb = f64::from(black.rating.unwrap_or(1000));
    let expected = 1.0 / (1.0 + 10f64.powf(-(rw - rb + 30.0) / 400.0));
    let draw = 0.25 * (1.0 - 2.0 * (expected - 0.5).abs());
    let win = expected - draw / 2.0;
    let u = rng.unit();
    if u < win {
        Outcome::Win
    } else if u < win + draw {
        Outcome::Draw
    } else {
        Outcome::Loss
    }
}

/// Starting ranks by rating (unrated last), as FIDE C.04.2 sorts them.
fn seed(mut players: Vec<Player>) -> Vec<Player> {
    players.sort_by(|a, b| {
        b.rating
            .unwrap_or(0)
            .cmp(&a.rating.unwrap_or(0))
            .then(a.name.cmp(&b.name))
    });
    for (k, p) in players.iter_mut().enumerate() {
        p.id = PlayerId(k as u32 + 1);
    }
    players
}

/// Pair and play `rounds` rounds; `half_byes` are (starting rank, round).
fn run(
    rng: &mut Rng,
    info: TournamentInfo,
    players: Vec<Player>,
    rounds: usize,
    half_byes: &[(u32, usize)],
) -> Result<Tournament, String> {
    let mut t = Tournament {
        info,
        total_rounds: Some(rounds as u32),
        initial_color: Some(Color::White),
        players,
        ..Default::default()
    };
    for round in 1..=rounds {
        for p in t.players.iter_mut() {
            if half_byes.contains(&(p.id.0, round)) {
                p.rounds.push(RoundEntry::Bye { bye: ByeKind::Half });
            }
        }
        let pairing = pair_round(
            &t,
            &PairOptions::new()
                .edition(Some(DutchEdition::Dutch2017))
                .round(Some(round as u32))
                .total_rounds(Some(rounds as u32)),
        )
        .map_err(|e| format!("round {round}: {e}"))?;
        let index = |id: PlayerId| (id.0 - 1) as usize;
        if let Some(bye) = pairing.bye {
            t.players[index(bye)].rounds.push(RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            });
        }
        for b in &pairing.boards {
            let (w, bl) = (index(b.white), index(b.black));
            let o = play(rng, &t.players[w], &t.players[bl]);
            t.players[w].rounds.push(RoundEntry::Played {
                opponent: b.black,
                color: Color::White,
                outcome: o,
                short: false,
            });
            t.players[bl].rounds.push(RoundEntry::Played {
                opponent: b.white,
                color: Color::Black,
                outcome: o.opposite(),
                short: false,
            });
        }
    }
    let mut players = std::mem::take(&mut t.players);
    for p in &mut players {
        p.points = Some(t.score(p, None));
    }
    let mut ranking: Vec<usize> = (0..players.len()).collect();
    ranking.sort_by(|&a, &b| {
        players[b]
            .points
            .cmp(&players[a].points)
            .then(players[b].rating.cmp(&players[a].rating))
            .then(players[a].id.cmp(&players[b].id))
    });
    for (place, &k) in ranking.iter().enumerate() {
        players[k].rank = Some(place as u32 + 1);
    }
    t.info.players_declared = players.len().to_string();
    t.info.rated_players_declared = players
        .iter()
        .filter(|p| p.rating.is_some())
        .count()
        .to_string();
    t.players = players;
    Ok(t)
}

fn info(name: &str, days: &[u32], time: &str, encoded: &str) -> TournamentInfo {
    let d = |day: u32| NaiveDate::from_ymd_opt(2023, 8, day);
    TournamentInfo {
        name: name.into(),
        city: "Tainan".into(),
        federation: "TPE".into(),
        start_date: days.first().and_then(|&x| d(x)),
        end_date: days.last().and_then(|&x| d(x)),
        teams_declared: "0".into(),
        tournament_type: "Individual: Swiss-System (FIDE Dutch)".into(),
        chief_arbiter: names::CHIEF_ARBITER.into(),
        deputy_arbiters: vec![names::DEPUTY_ARBITER.into()],
        time_control: time.into(),
        round_dates: days.iter().map(|&x| d(x)).collect(),
        system_code: "FIDE_DUTCH_2017".into(),
        encoded_time_control: encoded.into(),
        ..Default::default()
    }
}

/// The Senior group: born 1973 or earlier, 9 players, 5 rounds, one each morning.
fn senior(rng: &mut Rng) -> Result<Tournament, String> {
    let players: Vec<Player> = (0..9)
        .map(|k| {
            let s = Spec {
                year: 1944 + rng.below(30) as i32,
                female: k == 4 || k == 7,
                base: 1450.0,
                spread: 650.0,
                category: None,
            };
            person(rng, &s, k)
        })
        .collect();
    run(
        rng,
        info(
            "2023 CTCA International Chess Open - Senior",
            &[13, 14, 15, 16, 17],
            "90 minutes for the game, 30 seconds per move from move 1",
            "5400+30",
        ),
        seed(players),
        5,
        &[(6, 3)],
    )
}

/// An entry group: (category, birth years, girls, how many, rating base, spread).
type Group = (&'static str, (i32, i32), bool, usize, f64, f64);

/// The blitz: every category in one group, each player with the category entered.
fn blitz(rng: &mut Rng) -> Result<Tournament, String> {
    let groups: [Group; 16] = [
        ("Open", (1975, 2003), false, 8, 1700.0, 700.0),
        ("Open", (1980, 2000), true, 2, 1600.0, 500.0),
        ("Senior", (1950, 1973), false, 5, 1500.0, 600.0),
        ("Senior", (1955, 1970), true, 1, 1400.0, 400.0),
        ("U19", (2004, 2005), false, 2, 1500.0, 600.0),
        ("U17", (2006, 2007), false, 3, 1450.0, 600.0),
        ("U17 Girls", (2006, 2007), true, 2, 1300.0, 500.0),
        ("U15", (2008, 2009), false, 4, 1300.0, 600.0),
        ("U15 Girls", (2008, 2009), true, 2, 1200.0, 500.0),
        ("U13", (2010, 2011), false, 4, 1150.0, 550.0),
        ("U13 Girls", (2010, 2011), true, 3, 1100.0, 450.0),
        ("U11", (2012, 2013), false, 4, 1050.0, 400.0),
        ("U11 Girls", (2012, 2013), true, 2, 1000.0, 350.0),
        ("U9", (2014, 2015), false, 3, 1000.0, 250.0),
        ("U9 Girls", (2014, 2015), true, 1, 1000.0, 200.0),
        ("U7", (2016, 2017), false, 2, 1000.0, 150.0),
    ];
    let mut players = Vec::new();
    for (cat, (lo, hi), female, n, base, spread) in groups {
        for _ in 0..n {
            let s = Spec {
                year: lo + rng.below((hi - lo + 1) as u64) as i32,
                female,
                base,
                spread,
                category: Some(cat.to_string()),
            };
            let k = players.len();
            players.push(person(rng, &s, k));
        }
    }
    // A girl of U13 age who entered the open age group, not the girls' one.
    let s = Spec {
        year: 2011,
        female: true,
        base: 1250.0,
        spread: 300.0,
        category: Some("U13".into()),
    };
    let k = players.len();
    players.push(person(rng, &s, k));
    // The girls' groups the draw above leaves empty (issue #30: every
    // category of the profile has an entrant), drawn after the others so
    // that their names and ratings stay as they were.
    for (cat, year) in [("U19 Girls", 2005), ("U7 Girls", 2016)] {
        let s = Spec {
            year,
            female: true,
            base: 1000.0,
            spread: 400.0,
            category: Some(cat.into()),
        };
        let k = players.len();
        players.push(person(rng, &s, k));
    }
    run(
        rng,
        info(
            "2023 CTCA International Chess Open - Blitz",
            &[19; 9],
            "3 minutes for the game, 2 seconds per move from move 1",
            "180+2",
        ),
        seed(players),
        9,
        &[],
    )
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "samples".to_string());
    let mut rng = Rng::new(0x2023_0813_0000_0001);
    let made = [
        ("senior-2023.trf", senior(&mut rng)),
        ("blitz-2023.trf", blitz(&mut rng)),
    ];
    for (file, t) in made {
        let t = match t {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{file}: {e}");
                std::process::exit(1);
            }
        };
        let w = write(
            &t,
            &WriteOptions::new()
                .target(Target::Trf26)
                .line_end(LineEnd::CrLf),
        );
        for warning in &w.warnings {
            eprintln!("{warning}");
        }
        let path = format!("{dir}/{file}");
        if let Err(e) = std::fs::write(&path, w.text) {
            eprintln!("error: {path}: {e}");
            std::process::exit(5);
        }
        eprintln!("wrote {path}");
    }
}
