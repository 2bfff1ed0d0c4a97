//! One integration test binary (house style: low link time); one module per area.

mod rating;
mod sm;
mod trf;
