//! FIDE rating changes (B.02) and rating-report checks.
