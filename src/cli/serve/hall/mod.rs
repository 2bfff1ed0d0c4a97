//! The hall: events run from the browser. `arbiter serve EVENT…` hosts event
//! files; the public follows each one's pages live (no login), the arbiters
//! log in and work on it at once (the chief arbiter: everything; deputies:
//! players, results, byes).
//!
//! Every change goes through the event room's operations, one step each,
//! written with the arbiter's name; nothing here writes to the file itself.
//! A request opens its own connection to the file (SQLite in WAL mode: readers
//! never wait for a writer, writers wait their turn), so two arbiters at
//! once lose nothing, and steps written by `arbiter event …` on the command
//! line while the server runs show up like the others.
//!
//! HTTP things live here: routes, sessions and CSRF tokens ([`auth`]), page
//! context ([`view`]); the pages people read are rendered below (the site by
//! `render::site`, the words of the event by `render::event`).

// The handlers' helpers return the refusal page itself as their error (a
// response is 128 bytes; boxing it would only move it).
#![allow(clippy::result_large_err)]

mod auth;
mod desk;
mod form;
mod log;
mod print;
mod public;
mod roster;
mod session;
mod view;
mod words;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::routing::{get, post};
use axum::Router;
use chess_arbiter::event::{Event, EventError};
use chess_arbiter::render::i18n::Lang;
use chess_arbiter::render::site::Built;
use chess_arbiter::standings::prizes::Profile;
use tokio::sync::watch;

use super::super::exit::Failure;

pub(crate) use auth::Sessions;

/// How often the files are looked at for steps written by other processes.
const POLL: Duration = Duration::from_millis(250);

/// One hosted event file.
pub(crate) struct Hosted {
    /// Its address: `/e/{id}/`.
    pub(crate) id: String,
    pub(crate) path: PathBuf,
    pub(crate) title: String,
    /// The profile the event was created with.
    pub(crate) profile: Option<Profile>,
    /// The last step's number, as last seen: every change moves it.
    pub(crate) seq: watch::Sender<i64>,
    /// The engines' results of each section as computed at a step number.
    cache: Mutex<HashMap<String, (i64, Arc<Built>)>>,
    /// The public pages as rendered at a step number.
    pages: Mutex<public::Pages>,
    computing: public::Computing,
}

impl Hosted {
    /// Open the file for one request.
    pub(crate) fn open(&self) -> Result<Event, EventError> {
        Event::open(&self.path)
    }

    /// Tell the followers that the event changed (after a write here; the
    /// poller sees the other writers' steps).
    pub(crate) fn changed(&self, e: &Event) {
        if let Ok(n) = e.last_seq() {
            self.seq.send_if_modified(|s| {
                let new = *s != n;
                *s = n;
                new
            });
        }
    }

    /// The profile of one section: the section's own standings and prizes
    /// as the main one of a profile of its own.
    pub(crate) fn section_profile(&self, key: &str, main: bool) -> Option<Profile> {
        // reduced to the one section as `report --section` reduces it: no
        // page shows another section's prizes
        let p = self.profile.clone()?;
        crate::cli::common::only_section(p, (!main).then_some(key)).ok()
    }
}

/// The events served and the arbiters' sessions.
#[derive(Default)]
pub(crate) struct Hall {
    pub(crate) events: Vec<Arc<Hosted>>,
    pub(crate) sessions: Sessions,
    /// The FIDE rating list the desk searches when registering players.
    pub(crate) fide_list: Option<Arc<chess_arbiter::model::fide_list::FideList>>,
}

impl Hall {
    /// Each event's own language (its profile's `[event] lang`), by id.
    pub(crate) fn languages(&self) -> super::lang::EventLangs {
        Arc::new(
            self.events
                .iter()
                .filter_map(|h| {
                    let tag = h.profile.as_ref()?.main.lang.as_deref()?;
                    Some((h.id.clone(), Lang::parse(tag).ok()?))
                })
                .collect(),
        )
    }

    pub(crate) fn get(&self, id: &str) -> Option<Arc<Hosted>> {
        self.events.iter().find(|h| h.id == id).cloned()
    }

    /// Host these event files (a folder: each event file in it).
    /// `hall_network`: the server answers other computers, so every event
    /// needs its chief arbiter's account first.
    pub(crate) fn open(paths: &[PathBuf], hall_network: bool) -> Result<Hall, Failure> {
        let mut files = Vec::new();
        for p in paths {
            if p.is_dir() {
                let mut found = Vec::new();
                let rd = std::fs::read_dir(p)
                    .map_err(|e| Failure::Access(format!("{}: {e}", p.display())))?;
                for entry in rd.flatten() {
                    let f = entry.path();
                    if f.is_file() && is_event_file(&f) {
                        found.push(f);
                    }
                }
                if found.is_empty() {
                    return Err(Failure::Invalid(format!(
                        "{}: expected a folder holding event files, found none",
                        p.display()
                    )));
                }
                found.sort();
                files.extend(found);
            } else {
                files.push(p.clone());
            }
        }
        let mut events: Vec<Arc<Hosted>> = Vec::new();
        for f in files {
            let e = Event::open(&f)?;
            if hall_network && !e.has_chief()? {
                return Err(Failure::Invalid(format!(
                    "{}: expected a chief arbiter's account before the event is served to the hall's network, found none (`arbiter user add {} NAME --role chief`)",
                    f.display(),
                    f.display()
                )));
            }
            let profile = match e.profile()? {
                Some((text, name)) => Some(Profile::from_toml(&text, &name).map_err(|diags| {
                    Failure::Invalid(format!(
                        "{}: the event's profile ({name}) no longer reads: {}",
                        f.display(),
                        diags
                            .iter()
                            .map(|d| d.to_string())
                            .collect::<Vec<_>>()
                            .join("; ")
                    ))
                })?),
                None => None,
            };
            let mut id = slug(
                f.file_stem()
                    .map(|s| s.to_string_lossy())
                    .as_deref()
                    .unwrap_or("event"),
            );
            let base = id.clone();
            let mut k = 2;
            while events.iter().any(|h| h.id == id) {
                id = format!("{base}-{k}");
                k += 1;
            }
            let (seq, _) = watch::channel(e.last_seq()?);
            events.push(Arc::new(Hosted {
                id,
                path: f.clone(),
                title: e.name_of_event()?,
                profile,
                seq,
                cache: Mutex::new(HashMap::new()),
                pages: Mutex::new(public::Pages::default()),
                computing: public::Computing::default(),
            }));
        }
        Ok(Hall {
            events,
            sessions: Sessions::default(),
            fide_list: None,
        })
    }

    /// Look at every file for new steps (written by anyone) and tell the
    /// followers; runs on a thread of its own until the process ends. Each
    /// look opens the file afresh (a connection kept open was seen to go on
    /// reading an old snapshot of the log).
    pub(crate) fn watch(self: &Arc<Self>) {
        let hall = self.clone();
        std::thread::spawn(move || loop {
            for h in &hall.events {
                if let Ok(e) = h.open() {
                    h.changed(&e);
                }
            }
            std::thread::sleep(POLL);
        });
    }
}

/// The server's home when it hosts events: each event, and the upload.
pub(crate) fn index(hall: &Hall) -> axum::response::Response {
    view::events(
        &hall
            .events
            .iter()
            .map(|h| (h.id.clone(), h.title.clone()))
            .collect::<Vec<_>>(),
    )
}

/// Whether a file is an event file (by its first bytes).
fn is_event_file(p: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 16];
    std::fs::File::open(p)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok()
        && chess_arbiter::event::is_sqlite(&head)
}

/// An address-safe id: ASCII letters and digits kept, the rest `-`.
fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_matches('-').to_string();
    if out.is_empty() {
        "event".into()
    } else {
        out
    }
}

/// The hall's routes, under `/e/{id}/`.
pub(crate) fn routes(hall: Arc<Hall>) -> Router {
    Router::new()
        .route("/hall.js", get(view::script))
        .route("/hall.css", get(view::style))
        .route("/e/{id}/", get(public::home))
        .route("/e/{id}/live", get(public::live))
        .route("/e/{id}/s/{section}/{page}", get(public::page))
        .route("/e/{id}/login", get(auth::login_page).post(auth::login))
        .route("/e/{id}/logout", post(auth::logout))
        .route("/e/{id}/setup", get(auth::setup_page).post(auth::setup))
        .route("/e/{id}/a/", get(desk::dashboard))
        .route(
            "/e/{id}/a/results",
            get(desk::results_page).post(desk::results),
        )
        .route("/e/{id}/a/pair", get(desk::pair_page).post(desk::pair))
        .route("/e/{id}/a/change", post(desk::change))
        .route(
            "/e/{id}/a/players",
            get(roster::players_page).post(roster::register),
        )
        .route(
            "/e/{id}/a/players/{n}",
            get(roster::player_page).post(roster::edit),
        )
        .route("/e/{id}/a/byes", get(roster::byes_page).post(roster::bye))
        .route("/e/{id}/a/withdraw", post(roster::withdraw))
        .route("/e/{id}/a/log", get(log::log_page))
        .route("/e/{id}/a/undo", post(log::undo))
        .route("/e/{id}/a/print/{what}", get(print::page))
        .with_state(hall)
}

#[cfg(test)]
mod tests {
    use super::slug;

    #[test]
    fn ids_are_address_safe() {
        assert_eq!(slug("CTCA Open 2026"), "ctca-open-2026");
        assert_eq!(slug("../x"), "x");
        assert_eq!(slug("台灣 公開賽"), "event");
        assert_eq!(slug("Open 台灣 2026"), "open-2026");
        assert_eq!(slug("///"), "event");
    }
}
