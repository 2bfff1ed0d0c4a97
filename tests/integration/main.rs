mod prizes;
