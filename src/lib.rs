//! chess-arbiter: a toolkit for chess arbiters, organisers and rating officers.
//!
//! Layers (dependencies point one way):
//! `diag <- model <- { formats, pairing, standings, rating } <- render`, and the
//! `arbiter` binary on top. The library never prints.
#![forbid(unsafe_code)]

pub mod diag;
pub mod event;
pub mod formats;
pub mod model;
pub mod pairing;
pub mod rating;
pub mod render;
pub mod standings;
pub mod validate;
