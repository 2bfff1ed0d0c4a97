mod dutch;
mod dutch_support;
