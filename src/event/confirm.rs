//! How far the arbiter confirmed the warnings of the next steps (the FIDE
//! checklist's Level 3 and 4). Its own module so that the store, which holds
//! it, and the FIDE-mode steps, which read it, import no ring.

/// The warnings the arbiter confirmed for the next steps: Level 3 needs one
/// confirmation, Level 4 two (the checklist's levels).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Confirm {
    /// Nothing confirmed: a step with a warning is refused with
    /// [`crate::event::EventError::Unconfirmed`], which says what it would record.
    #[default]
    None,
    /// Confirmed once: Level-3 warnings pass.
    Once,
    /// Confirmed twice: Level-4 warnings (leaving FIDE mode) pass too.
    Twice,
}

impl Confirm {
    /// The level of warning this confirmation lets through (0: none).
    pub(crate) fn level(self) -> u8 {
        match self {
            Confirm::None => 0,
            Confirm::Once => 3,
            Confirm::Twice => 4,
        }
    }
}
