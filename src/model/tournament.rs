use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::{Color, PointSystem, Points, RoundEntry, Team, TeamRecords};

/// A starting rank / pairing number (TRF `001` cols 5-8), 1-based.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct PlayerId(pub u32);

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

/// A player's sex (TRF `001` col 10: `m`, or `w` / `f` for female).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sex {
    /// Male (`m`).
    Male,
    /// Female (`w`; Swiss-Manager writes `f`).
    Female,
}

/// A FIDE title. Unknown spellings are kept in `Other`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Title {
    /// Grandmaster.
    GM,
    /// International Master.
    IM,
    /// Woman Grandmaster.
    WGM,
    /// FIDE Master.
    FM,
    /// Woman International Master.
    WIM,
    /// Candidate Master.
    CM,
    /// Woman FIDE Master.
    WFM,
    /// Woman Candidate Master.
    WCM,
    /// Any other code (lower-case spellings included), kept verbatim.
    Other(String),
}

impl Title {
    /// Table of the codes FIDE uses (TRF16 `001` cols 11-13).
    pub const CODES: [(&'static str, Title); 8] = [
        ("GM", Title::GM),
        ("IM", Title::IM),
        ("WGM", Title::WGM),
        ("FM", Title::FM),
        ("WIM", Title::WIM),
        ("CM", Title::CM),
        ("WFM", Title::WFM),
        ("WCM", Title::WCM),
    ];

    /// The code written for this title (`"GM"`, `"WIM"`, ...; an `Other` title as it was read).
    pub fn code(&self) -> &str {
        match self {
            Title::Other(s) => s,
            t => Title::CODES
                .iter()
                .find(|(_, x)| x == t)
                .map(|(c, _)| *c)
                .unwrap_or(""),
        }
    }

    /// The title of a code, compared exactly (`"GM"` is [`Title::GM`]); anything else becomes [`Title::Other`].
    pub fn from_code(code: &str) -> Title {
        Title::CODES
            .iter()
            .find(|(c, _)| *c == code)
            .map(|(_, t)| t.clone())
            .unwrap_or_else(|| Title::Other(code.to_string()))
    }
}

/// A birth date as files give it: sometimes only a year, sometimes year and month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct BirthDate {
    /// Year of birth (always known).
    pub year: i32,
    /// Month (1-12), when the file gives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub month: Option<u32>,
    /// Day of the month (1-31), when the file gives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub day: Option<u32>,
}

impl BirthDate {
    /// The full date when month and day are known.
    pub fn date(&self) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(self.year, self.month?, self.day?)
    }

    /// The earliest day this birth date can mean (1 Jan for year-only).
    pub fn earliest(&self) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(self.year, self.month.unwrap_or(1), self.day.unwrap_or(1))
    }
}

/// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`: as much as is known (the forms
/// `arbiter event register --birth` reads).
impl std::fmt::Display for BirthDate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}", self.year)?;
        if let Some(m) = self.month {
            write!(f, "-{m:02}")?;
            if let Some(d) = self.day {
                write!(f, "-{d:02}")?;
            }
        }
        Ok(())
    }
}

/// A national rating record (TRF-2026 NRS line, keyed by federation).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct NationalRating {
    /// The national record code this rating comes from (TRF-2026: the federation's three-letter code in cols 1-3, e.g. `GER`).
    pub federation: String,
    /// National rating (cols 49-52); `None` when blank or unrated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u16>,
    /// National id (cols 58-68), kept as written.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub id: String,
    /// Name as the national list spells it (cols 15-47).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// National title (cols 11-13), as written.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// Sex letter (col 10), as written.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sex: String,
    /// Origin (cols 54-56), as written.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub origin: String,
    /// Birth date (cols 70-79), as written (not parsed).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub birth: String,
}

/// One player (TRF `001` record) with the rounds played so far.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Player {
    /// Starting rank (pairing number, TRF `001` cols 5-8).
    pub id: PlayerId,
    /// Sex (col 10), when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sex: Option<Sex>,
    /// FIDE title (cols 11-13), when any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<Title>,
    /// Name as written in the file (TRF `001` cols 15-47), usually `Surname, Given`.
    pub name: String,
    /// FIDE rating; `None` when unrated (0 or blank in TRF).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u16>,
    /// FIDE federation code (cols 54-56), e.g. `NED`; `None` when blank.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub federation: Option<String>,
    /// FIDE id as written (digits only in valid files; kept opaque).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fide_id: Option<String>,
    /// Birth date (cols 70-79), to the precision the file gives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth: Option<BirthDate>,
    /// Points as declared by the file (cols 81-84); compare with [`Tournament::score`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<Points>,
    /// Rank as declared by the file (cols 86-89).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    /// One entry per round, index 0 = round 1.
    #[serde(default)]
    pub rounds: Vec<RoundEntry>,
    /// National ratings of the player (TRF-2026 national records), one per federation list.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub national_ratings: Vec<NationalRating>,
    /// Free-form labels from other formats (Swiss-Manager `Typ`/`Gr`, club, K factor ...).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    /// The prize category the player entered (e.g. `U13`, `Senior`), as the
    /// entry list gives it: Swiss-Manager `Typ`, TRF extension `XXG`. Prizes
    /// go by it where the regulation says so; birth-date eligibility is the
    /// fallback for players without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub registered_category: Option<String>,
}

impl Player {
    /// The entry for round `r` (1-based); `NotPaired` beyond the recorded rounds.
    pub fn round(&self, r: usize) -> RoundEntry {
        r.checked_sub(1)
            .and_then(|i| self.rounds.get(i))
            .copied()
            .unwrap_or(RoundEntry::NotPaired)
    }

    /// Record `e` as the entry of round `r` (1-based), filling the rounds
    /// before it with `NotPaired`. A round that already holds an entry is
    /// kept as it is and `false` returned (round 0 does not exist: ignored).
    pub fn set_round(&mut self, r: usize, e: RoundEntry) -> bool {
        if self.rounds.len() < r {
            self.rounds.resize(r, RoundEntry::NotPaired);
        }
        match r.checked_sub(1).and_then(|i| self.rounds.get_mut(i)) {
            Some(slot) if *slot != RoundEntry::NotPaired => false,
            Some(slot) => {
                *slot = e;
                true
            }
            None => true,
        }
    }
}

/// An accelerated-pairing entry: fictitious points added to a player for rounds
/// `first..=last` (JaVaFo `XXA`, TRF-2026 `250`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Acceleration {
    /// Starting rank of the accelerated player.
    pub player: PlayerId,
    /// Fictitious points per round, index 0 = round 1.
    pub points: Vec<Points>,
}

/// Players who may not meet each other (JaVaFo `XXP`, TRF-2026 `260`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForbiddenPairs {
    /// First round the pairs are forbidden in (1-based); `None`: from the first round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_round: Option<u32>,
    /// Last round the pairs are forbidden in (1-based, inclusive); `None`: to the last round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_round: Option<u32>,
    /// The players, none of whom may be paired against another of the group.
    pub players: Vec<PlayerId>,
}

/// A record the model does not type, kept so that writers can put it back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtraRecord {
    /// The record code (first three characters), e.g. `"XXZ"`, `"801"`, `"###"`.
    pub code: String,
    /// The whole line as read.
    pub line: String,
    /// Index of the player record this line followed (`None`: before the first player).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after_player: Option<usize>,
}

/// Tournament header data (TRF `012`..`132`, TRF-2026 `142`..`222`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TournamentInfo {
    /// Tournament name (`012`).
    #[serde(default)]
    pub name: String,
    /// City (`022`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub city: String,
    /// Federation hosting the event (`032`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub federation: String,
    /// Date of the first round (`042`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_date: Option<NaiveDate>,
    /// Date of the last round (`052`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_date: Option<NaiveDate>,
    /// `062` as written (Swiss-Manager writes `129 (88)`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub players_declared: String,
    /// `072`, number of rated players as written.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rated_players_declared: String,
    /// `082`, number of teams as written (team events).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub teams_declared: String,
    /// `092`, free text.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tournament_type: String,
    /// Chief arbiter (`102`), name and FIDE id as written.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub chief_arbiter: String,
    /// Deputy arbiters (`112`), one per record, as written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deputy_arbiters: Vec<String>,
    /// `122`, free text.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub time_control: String,
    /// `132`, one per round (index 0 = round 1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub round_dates: Vec<Option<NaiveDate>>,
    /// `172` starting-rank method.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub starting_rank_method: String,
    /// `182` pairing controller.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub pairing_controller: String,
    /// `192` encoded tournament type (e.g. `FIDE_DUTCH_2026`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub system_code: String,
    /// `222` encoded time control.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub encoded_time_control: String,
}

/// A whole tournament: header, players with their rounds, and pairing data.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Tournament {
    /// Header data (`012`..`132`, TRF-2026 `142`..`222`).
    pub info: TournamentInfo,
    /// Total number of rounds planned (`XXR` / `142`); `None` if the file does not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_rounds: Option<u32>,
    /// Colour of the highest-ranked player in round 1 (`XXC` / `152`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_color: Option<Color>,
    /// What each result and bye is worth (`XXS`, JaVaFo `BBW`..`BBU`, TRF-2026 `162`); 1 / ½ / 0 by default.
    #[serde(default)]
    pub scoring: PointSystem,
    /// Tie-break codes as listed by the file (`202`/`212`), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiebreaks: Vec<String>,
    /// Accelerated-pairing entries (JaVaFo `XXA`, TRF-2026 `250`; C.04.5 Baku acceleration and the like).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accelerations: Vec<Acceleration>,
    /// Groups of players who may not meet (JaVaFo `XXP`, TRF-2026 `260`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden_pairs: Vec<ForbiddenPairs>,
    /// Players, normally in starting-rank order.
    pub players: Vec<Player>,
    /// Teams of a team event (TRF `013`, TRF-2026 `310`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<Team>,
    /// The team records of a team event (line-ups, team byes, forfeited
    /// matches, board colours, match points).
    #[serde(default, skip_serializing_if = "TeamRecords::is_empty")]
    pub team_records: TeamRecords,
    /// Records kept verbatim for round trips.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra_records: Vec<ExtraRecord>,
}

impl Tournament {
    /// The player with starting rank `id`.
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        // Fast path: players are usually stored in starting-rank order.
        let guess = (id.0 as usize).checked_sub(1);
        if let Some(p) = guess.and_then(|i| self.players.get(i)) {
            if p.id == id {
                return Some(p);
            }
        }
        self.players.iter().find(|p| p.id == id)
    }

    /// Number of rounds recorded: the last round in which some player has a
    /// pairing or a result (a game, pending or not, a forfeit, the
    /// pairing-allocated bye, a round robin's free slot:
    /// [`RoundEntry::is_pairing`]). Requested byes and absences (`H`, `F`,
    /// `Z`, TRF-2026 `240`) entered in advance for rounds not yet paired do
    /// not make a round recorded: C.04.1 art. 4 lets players announce byes
    /// before the round is paired. Within the recorded rounds they count as
    /// usual. This is the one definition of "the rounds played so far" that
    /// standings ("after round N"), validation ("rounds with data"), the
    /// pairing check, the site and the writers use; the pairing engine pairs
    /// round `rounds_recorded() + 1` and honours the byes preset for it.
    pub fn rounds_recorded(&self) -> usize {
        self.players
            .iter()
            .filter_map(|p| p.rounds.iter().rposition(RoundEntry::is_pairing))
            .max()
            .map_or(0, |i| i + 1)
    }

    /// The longest round list of any player, preset byes for future rounds
    /// included: what a writer must carry, not the rounds played (see
    /// [`Tournament::rounds_recorded`]).
    pub fn rounds_listed(&self) -> usize {
        self.players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0)
    }

    /// Score of `player` after `rounds` rounds (all recorded rounds if `None`),
    /// computed from the results under [`Tournament::scoring`]. Pending games count 0.
    pub fn score(&self, player: &Player, rounds: Option<usize>) -> Points {
        let n = rounds
            .unwrap_or(player.rounds.len())
            .min(player.rounds.len());
        player.rounds[..n]
            .iter()
            .map(|e| e.points(&self.scoring).unwrap_or(Points::ZERO))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ByeKind, Outcome};

    fn game(opponent: u32, color: Color, outcome: Outcome) -> RoundEntry {
        RoundEntry::Played {
            opponent: PlayerId(opponent),
            color,
            outcome,
            short: false,
        }
    }

    #[test]
    fn preset_byes_for_rounds_not_yet_paired_are_not_recorded_rounds() {
        let mut t = Tournament::default();
        for id in 1..=3 {
            t.players.push(Player {
                id: PlayerId(id),
                ..Player::default()
            });
        }
        assert_eq!(t.rounds_recorded(), 0);
        // Only an announced bye for round 1: nothing played yet.
        t.players[2].set_round(1, RoundEntry::Bye { bye: ByeKind::Half });
        assert_eq!((t.rounds_recorded(), t.rounds_listed()), (0, 1));
        t.players[0].set_round(1, game(2, Color::White, Outcome::Win));
        t.players[1].set_round(1, game(1, Color::Black, Outcome::Loss));
        t.players[2].set_round(3, RoundEntry::Bye { bye: ByeKind::Zero });
        assert_eq!((t.rounds_recorded(), t.rounds_listed()), (1, 3));
        // A round holding only the pairing-allocated bye is a paired round.
        t.players[1].set_round(
            2,
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            },
        );
        assert_eq!(t.rounds_recorded(), 2);
    }
}
