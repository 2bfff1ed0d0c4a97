//! One integration test binary (house style: low link time); one module per area.

mod architecture;
mod browser;
mod check;
mod check_warnings;
mod ctca;
mod dutch;
mod dutch_support;
mod fide_list;
mod hostile;
mod initial_colour;
mod locations;
mod pair;
mod prizes;
mod rating;
mod recorded_rounds;
mod rough_edges;
mod round_robin;
mod samples;
mod scratch;
mod site;
mod sm;
mod sm_lines;
mod standings;
mod trf;
mod tunx_events;
