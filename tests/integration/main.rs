//! One integration test binary (house style: low link time); one module per area.

mod prizes;
mod rating;
mod sm;
mod standings;
mod trf;
