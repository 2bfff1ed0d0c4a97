mod rating;
