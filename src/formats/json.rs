//! The full model as JSON (documented, stable shape).
