mod rating;
mod standings;
mod trf;
