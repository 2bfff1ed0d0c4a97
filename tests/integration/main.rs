mod prizes;
mod rating;
mod trf;
