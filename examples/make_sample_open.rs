//! Writes `samples/open-2023.trf`: the main group of the 2023 CTCA International
//! Chess Open (Tainan, 13-19 August 2023, 9 rounds, 90 minutes + 30 seconds a
//! move) with an invented field of 121: mostly Taiwanese, some in Chinese
//! characters, visitors from JPN, HKG, PHI, MAS, KOR, USA and IND; juniors
//! U7..U19, seniors, girls and women, FIDE ids, ratings, forfeits, half-point
//! byes, a withdrawal and a late entry.
//!
//! Deterministic: a fixed-seed PRNG drives ratings, birth dates and results.
//! Every round is paired by this crate's FIDE Dutch engine under the 2017 rules
//! (C.04.3, the edition in force in 2023) from the results so far, with the
//! round's requested byes and absences entered first, as an arbiter's pairing
//! program would have them; `arbiter check` therefore finds every round conform.
//!
//! Run: `cargo run --example make_sample_open [OUT [SEED]]` (default `samples/open-2023.trf`).

use chess_arbiter::formats::trf::{write, LineEnd, Target, WriteOptions};
use chess_arbiter::model::{
    BirthDate, ByeKind, Color, Outcome, Player, PlayerId, RoundEntry, Sex, Title, Tournament,
    TournamentInfo,
};
use chess_arbiter::pairing::dutch::{pair_round, DutchEdition, PairOptions};
use chrono::NaiveDate;

#[path = "common/names.rs"]
mod names;

// The crate's seeded generator: a seed gives the same data everywhere.
use chess_arbiter::model::random::Seeded as Rng;

const ROUNDS: usize = 9;
/// The seed of the committed sample: chosen (by trying seeds from 0x2023_0813_0000_0001
/// up) so that players tied after all tie-breaks share prize money in some category.
const SEED: u64 = 0x2023_0813_0000_000A;
const N: usize = 120;

struct Entrant {
    player: Player,
    /// Rounds (1-based) with a requested half-point bye.
    half_byes: Vec<usize>,
    /// First round played (late entry).
    joins: usize,
    /// Last round played (withdrawal).
    leaves: usize,
}

fn make_players(rng: &mut Rng) -> Vec<Entrant> {
    let mut out: Vec<Entrant> = Vec::new();
    for i in 0..N {
        let female = rng.below(100) < 24;
        // Age profile: a third juniors U7..U19, some seniors, the rest adults.
        let age_roll = rng.below(100);
        let born_year: i32 = match age_roll {
            0..=3 => 2016 + rng.below(2) as i32,    // U7/U8
            4..=9 => 2014 + rng.below(2) as i32,    // U9/U10
            10..=16 => 2012 + rng.below(2) as i32,  // U11/U12
            17..=23 => 2010 + rng.below(2) as i32,  // U13/U14
            24..=30 => 2008 + rng.below(2) as i32,  // U15/U16
            31..=36 => 2006 + rng.below(2) as i32,  // U17/U18
            37..=40 => 2004 + rng.below(2) as i32,  // U19/U20
            41..=55 => 1940 + rng.below(33) as i32, // seniors 50+ and 65+
            _ => 1974 + rng.below(30) as i32,       // adults
        };
        let age = 2023 - born_year;
        // Rating: adults stronger on average, juniors spread, young kids often unrated.
        let base: f64 = if age < 10 {
            1000.0 + 300.0 * rng.unit()
        } else if age < 20 {
            1200.0 + 900.0 * rng.unit()
        } else {
            1400.0 + 1050.0 * rng.unit()
        };
        let unrated = (age < 10 && rng.below(100) < 60) || rng.below(100) < 5;
        let rating = (!unrated).then_some(base as u16);
        // One in five a visitor; a quarter of the Taiwanese entered in
        // Chinese characters.
        let (name, federation) = names::entrant(rng, female, 20, 25);
        let month = 1 + rng.below(12) as u32;
        let day = 1 + rng.below(28) as u32;
        let fide_id = names::fide_id(rng, federation, i);
        out.push(Entrant {
            player: Player {
                id: PlayerId(0),
                sex: Some(if female { Sex::Female } else { Sex::Male }),
                name,
                rating,
                federation: Some(federation.to_string()),
                fide_id: Some(fide_id),
                birth: Some(BirthDate {
                    year: born_year,
                    month: Some(month),
                    day: Some(day),
                }),
                ..Default::default()
            },
            half_byes: Vec::new(),
            joins: 1,
            leaves: ROUNDS,
        });
    }
    // Starting ranks by rating (unrated last), as FIDE C.04.2 sorts them.
    out.sort_by(|a, b| {
        b.player
            .rating
            .unwrap_or(0)
            .cmp(&a.player.rating.unwrap_or(0))
            .then(a.player.name.cmp(&b.player.name))
    });
    let mut male_titles = vec![Title::GM, Title::IM, Title::FM, Title::FM, Title::CM].into_iter();
    let mut female_titles = vec![Title::WGM, Title::WIM, Title::WFM].into_iter();
    for (k, e) in out.iter_mut().enumerate() {
        e.player.id = PlayerId(k as u32 + 1);
        if k < 12 && e.player.rating.unwrap_or(0) > 2150 {
            e.player.title = if e.player.sex == Some(Sex::Female) {
                female_titles.next()
            } else {
                male_titles.next()
            };
        }
    }
    if let Err(e) = cover_every_group(&mut out) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
    // The late entrant: missed the technical meeting, so not paired in round 1
    // (CTCA regulation §9: zero points); given the next starting rank.
    out.push(Entrant {
        player: Player {
            id: PlayerId(N as u32 + 1),
            sex: Some(Sex::Female),
            name: "Chen, Yi-Ting".into(),
            rating: Some(1712),
            federation: Some("TPE".into()),
            fide_id: Some(names::fide_id(rng, "TPE", N)),
            birth: Some(BirthDate {
                year: 2009,
                month: Some(3),
                day: Some(14),
            }),
            ..Default::default()
        },
        half_byes: Vec::new(),
        joins: 2,
        leaves: ROUNDS,
    });
    // Requested half-point byes (C.04.1: before the last rounds).
    for (id, r) in [(14, 2), (37, 4), (52, 4), (88, 6), (9, 3), (101, 5)] {
        if let Some(e) = out.get_mut(id - 1) {
            e.half_byes.push(r);
        }
    }
    // A withdrawal after round 5.
    if let Some(e) = out.get_mut(63) {
        e.leaves = 5;
    }
    out
}

/// The age groups of the profile (`samples/ctca-2023.toml`,
/// `[standings.age_groups]`: exclusive, each with a girls' group, ages in 2023).
const AGE_GROUPS: [i32; 7] = [19, 17, 15, 13, 11, 9, 7];

/// The birth years of age group `under`: from the year it starts to the year
/// before the next younger group starts.
fn born_in(under: i32) -> (i32, i32) {
    let until = AGE_GROUPS
        .iter()
        .filter(|a| **a < under)
        .max()
        .map_or(i32::MAX, |n| 2023 - n - 1);
    (2023 - under, until)
}

/// Every one of the profile's 15 categories gets an entrant: the Open and
/// each age group by the draw (an error if the seed leaves an age group
/// empty), each girls' group by turning the lowest-ranked rated Taiwanese boy
/// of the age group into a girl (a woman's given name, same surname and
/// script) when the draw gave it none. Only sex and name change: ratings,
/// hence starting ranks, pairings and results, stay the draw's (the rating
/// chosen is unique, so the order by rating then name holds).
fn cover_every_group(out: &mut [Entrant]) -> Result<(), String> {
    for under in AGE_GROUPS {
        let (from, until) = born_in(under);
        let born = |p: &Player| p.birth.is_some_and(|b| (from..=until).contains(&b.year));
        if !out.iter().any(|e| born(&e.player)) {
            return Err(format!("this seed gives U{under} no entrant"));
        }
        let girl = |p: &Player| p.sex == Some(Sex::Female);
        if out.iter().any(|e| born(&e.player) && girl(&e.player)) {
            continue;
        }
        let unique = |r: Option<u16>| {
            r.is_some() && out.iter().filter(|e| e.player.rating == r).count() == 1
        };
        let chosen = (0..out.len()).rev().find_map(|k| {
            let p = &out[k].player;
            let fits = born(p)
                && p.title.is_none()
                && unique(p.rating)
                && p.federation.as_deref() == Some("TPE");
            fits.then(|| names::as_girl(&p.name, k).map(|n| (k, n)))
                .flatten()
        });
        let Some((k, name)) = chosen else {
            return Err(format!(
                "this seed gives U{under} Girls no entrant and no boy to turn"
            ));
        };
        out[k].player.name = name;
        out[k].player.sex = Some(Sex::Female);
    }
    Ok(())
}

fn play(rng: &mut Rng, white: &Player, black: &Player) -> Outcome {
    let rw = f64::from(white.rating.unwrap_or(1000));
    let rb = f64::from(black.rating.unwrap_or(1000));
    let expected = 1.0 / (1.0 + 10f64.powf(-(rw - rb + 30.0) / 400.0));
    let draw = 0.32 * (1.0 - 2.0 * (expected - 0.5).abs());
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

fn main() {
    let out_path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "samples/open-2023.trf".to_string());
    let seed = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(SEED);
    let mut rng = Rng::new(seed);
    let entrants = make_players(&mut rng);
    let mut t = Tournament {
        info: info(),
        total_rounds: Some(ROUNDS as u32),
        initial_color: Some(Color::White),
        players: entrants.iter().map(|e| e.player.clone()).collect(),
        ..Default::default()
    };
    // Forfeits: (round, board index, white wins): the game is not played.
    let forfeits = [(3usize, 11usize, true), (6, 23, false), (8, 40, true)];
    for round in 1..=ROUNDS {
        // The round's entries known before pairing: absences before a late
        // entry (zero-point bye, the player missed the technical meeting),
        // after a withdrawal (not paired), and requested half-point byes.
        for (e, p) in entrants.iter().zip(t.players.iter_mut()) {
            if round < e.joins {
                p.rounds.push(RoundEntry::Bye { bye: ByeKind::Zero });
            } else if round > e.leaves {
                p.rounds.push(RoundEntry::NotPaired);
            } else if e.half_byes.contains(&round) {
                p.rounds.push(RoundEntry::Bye { bye: ByeKind::Half });
            }
        }
        let pairing = match pair_round(
            &t,
            &PairOptions::new()
                .edition(Some(DutchEdition::Dutch2017))
                .round(Some(round as u32))
                .total_rounds(Some(ROUNDS as u32)),
        ) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("round {round}: {e}");
                std::process::exit(1);
            }
        };
        let index = |id: PlayerId| (id.0 - 1) as usize;
        if let Some(bye) = pairing.bye {
            t.players[index(bye)].rounds.push(RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            });
        }
        for (board, b) in pairing.boards.iter().enumerate() {
            let (w, bl) = (index(b.white), index(b.black));
            if let Some(&(_, _, white_wins)) = forfeits
                .iter()
                .find(|(r, bd, _)| *r == round && *bd == board)
            {
                t.players[w].rounds.push(RoundEntry::Forfeit {
                    opponent: b.black,
                    color: Some(Color::White),
                    won: white_wins,
                });
                t.players[bl].rounds.push(RoundEntry::Forfeit {
                    opponent: b.white,
                    color: Some(Color::Black),
                    won: !white_wins,
                });
                continue;
            }
            let o = play(&mut rng, &t.players[w], &t.players[bl]);
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
    let rated = players.iter().filter(|p| p.rating.is_some()).count();
    t.info.players_declared = players.len().to_string();
    t.info.rated_players_declared = rated.to_string();
    t.players = players;
    let w = write(
        &t,
        &WriteOptions::new()
            .target(Target::Trf26)
            .line_end(LineEnd::CrLf),
    );
    for warning in &w.warnings {
        eprintln!("{warning}");
    }
    if let Err(e) = std::fs::write(&out_path, w.text) {
        eprintln!("error: {out_path}: {e}");
        std::process::exit(5);
    }
    eprintln!("wrote {out_path}");
}

/// The event's header (TRF-2026 `012`..`132`, `192`, `222`): the CTCA's open
/// in Tainan, nine rounds in seven days (two rounds on the 14th and the 16th).
fn info() -> TournamentInfo {
    let d = |day| NaiveDate::from_ymd_opt(2023, 8, day);
    TournamentInfo {
        name: "2023 CTCA International Chess Open".into(),
        city: "Tainan".into(),
        federation: "TPE".into(),
        start_date: d(13),
        end_date: d(19),
        teams_declared: "0".into(),
        tournament_type: "Individual: Swiss-System (FIDE Dutch)".into(),
        chief_arbiter: names::CHIEF_ARBITER.into(),
        deputy_arbiters: vec![names::DEPUTY_ARBITER.into()],
        time_control: "90 minutes for the game, 30 seconds per move from move 1".into(),
        round_dates: [13, 14, 14, 15, 16, 16, 17, 18, 19]
            .into_iter()
            .map(d)
            .collect(),
        system_code: "FIDE_DUTCH_2017".into(),
        encoded_time_control: "5400+30".into(),
        ..Default::default()
    }
}
