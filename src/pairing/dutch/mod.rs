//! The FIDE Dutch system (C.04.3), editions 2017 and 2025.
