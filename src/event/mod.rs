//! The event room: an event that lasts from registration to the FIDE report,
//! in one SQLite file (the *event file*).
//!
//! Every change is a [`Step`] (register, import, pair, a manual change,
//! publish, results, a bye, a withdrawal, an undo), written in one immediate
//! transaction with who made it, when and why: it is applied to the state
//! tables and appended to the log, or nothing is written at all. The state
//! is what the effective steps add up to; an undo is a step that returns the
//! state to what it was before an earlier step (the log keeps both).
//!
//! The command line (`arbiter event …`) and the web app are shells over
//! these operations; the engines below never see storage: a section is handed
//! to them as a [`Tournament`](crate::model::Tournament).
//!
//! ```no_run
//! use chess_arbiter::event::{Author, Event};
//! let mut event = Event::open(std::path::Path::new("open.arbiter"))?;
//! let me = Author { arbiter: "Chief".into(), reason: None };
//! let paired = event.pair(&me, None, false, None)?;
//! println!("round {} paired", paired.round);
//! # Ok::<(), chess_arbiter::event::EventError>(())
//! ```

mod accounts;
mod apply;
mod confirm;
mod error;
mod fide;
mod ops;
pub mod results;
mod schema;
pub mod spec;
mod state;
mod step;
mod store;
mod view;

pub use accounts::{Account, Role, MIN_PASSWORD};
pub use error::EventError;
pub use fide::{check_import, import_breaches, Confirm, FideMode};
pub use ops::{Entered, Paired, SheetLine};
pub use state::{BoardState, Scope, SectionState};
pub use step::{
    BoardResult, BoardSpec, ByeCode, Entrant, LateBye, Logged, ManualChange, ResultEntry,
    SectionSpec, Step,
};
pub use store::{is_sqlite, Author, Event};
