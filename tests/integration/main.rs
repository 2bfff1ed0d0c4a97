mod check;
mod dutch;
mod dutch_support;
mod trf;
