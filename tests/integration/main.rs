//! One integration test binary (house style: low link time); one module per area.
// Tests state their expectations with unwrap and expect; the lint is for the product.
#![allow(clippy::unwrap_used)]

mod architecture;
mod browser;
mod check;
mod check_warnings;
mod cjk_names;
mod conversions;
mod ctca;
mod dutch;
mod dutch_support;
mod endorsement;
mod event;
mod event_durability;
mod event_fide;
mod fide_list;
mod guards;
mod hall;
mod hall_browser;
mod hall_lang;
mod hostile;
mod initial_colour;
mod lang;
mod lang_browser;
mod locations;
mod pair;
mod prizes;
mod rating;
mod recorded_rounds;
mod rough_edges;
mod round_robin;
mod samples;
mod scratch;
mod serve;
mod site;
mod sm;
mod sm_lines;
mod standings;
mod team_boards;
mod team_losses;
mod team_standings;
mod team_swiss;
mod trf;
mod tunx_events;
mod tunx_team;
