mod sm;
