mod prizes;
mod rating;
