//! One integration test binary (house style: low link time); one module per area.

mod architecture;
mod browser;
mod check;
mod check_warnings;
mod dutch;
mod dutch_support;
mod hostile;
mod initial_colour;
mod pair;
mod prizes;
mod rating;
mod rough_edges;
mod samples;
mod site;
mod sm;
mod standings;
mod trf;
