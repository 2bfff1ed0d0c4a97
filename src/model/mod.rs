//! The tournament vocabulary shared by every format and engine.
//!
//! No I/O and no format knowledge lives here: readers in [`crate::formats`]
//! build these types, engines ([`crate::pairing`], [`mod@crate::standings`],
//! [`crate::rating`]) read them.

pub mod b02;
mod boards;
pub mod fide_list;
mod games;
mod names;
pub mod play;
mod points;
pub mod random;
mod round;
mod round_robin;
pub mod swiss_manager_tiebreaks;
mod team;
mod tournament;

pub use boards::{recorded_boards, sort_boards};
pub use games::{entry_colour, game_sides, names_each_other, GameSides, ResultSides};
pub use names::Names;
pub use points::{PointSystem, Points};
pub use round::{ByeKind, Color, Outcome, RoundEntry};
pub use round_robin::{RoundRobin, RoundRobinSource};
pub use team::{
    team_rounds, Board, ForfeitedMatch, Lineup, MatchForfeit, MatchPointSystem, MatchScoreSymbol,
    Team, TeamBye, TeamByeKind, TeamId, TeamNote, TeamPab, TeamRecords, TeamRound, TeamRoundKind,
    TeamSchedule,
};
pub use tournament::{
    Acceleration, BirthDate, ExtraRecord, ForbiddenPairs, NationalRating, Player, PlayerId, Sex,
    Title, Tournament, TournamentInfo,
};
