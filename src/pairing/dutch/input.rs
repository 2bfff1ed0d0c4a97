//! What the engine pairs: the players of one round with the round's
//! settings, as [`super::Prepared::input`] presents them to the engine, the
//! completion tests and the evaluator.

use std::collections::HashSet;

use super::state::PlayerState;
use super::DutchEdition;
use crate::model::{Color, PlayerId, Points};

/// What the engine pairs.
pub struct Input<'a> {
    /// The players taking part, in pairing-number order.
    pub players: &'a [PlayerState],
    /// The edition of the Dutch rules to apply.
    pub edition: DutchEdition,
    /// The colour of the first-ranked player in round 1 (TRF `XXC` / `152`).
    pub initial: Color,
    /// Pairs forbidden by the organiser (`XXP`/`260`), as player ids.
    pub forbidden: &'a HashSet<(PlayerId, PlayerId)>,
    /// One point, for the PSD's artificial floater score (2017 A.8).
    pub one_point: Points,
}
