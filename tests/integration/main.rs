mod rating;
mod standings;
