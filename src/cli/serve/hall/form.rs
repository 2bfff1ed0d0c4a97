//! What every desk page and form does around its own part: a page checks
//! the reader's session, reads the event on a blocking thread and renders
//! its template with the messages kept for it ([`Desk`]); a form checks the
//! writer (session, CSRF token, role), writes one step with the arbiter's
//! name and returns to its page with what happened ([`Post`]).

use std::sync::Arc;

use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use chess_arbiter::event::{Author, Event, EventError};
use chess_arbiter::tr;
use minijinja::Value;
use serde::Deserialize;

use super::auth::{self, Session};
use super::view::{self, Flash, Frame};
use super::{Hall, Hosted};

/// A form's fields, in order (a results sheet repeats its pattern per board).
pub(crate) struct Fields(pub Vec<(String, String)>);

impl Fields {
    pub(crate) fn get(&self, k: &str) -> Option<&str> {
        self.0.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str())
    }
    pub(crate) fn text(&self, k: &str) -> Option<String> {
        self.get(k)
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
    }
    pub(crate) fn number(&self, k: &str) -> Result<Option<u32>, String> {
        match self.text(k) {
            None => Ok(None),
            Some(v) => v.parse().map(Some).map_err(|_| {
                let lang = super::super::lang::current();
                tr!(lang, "desk-not-number", field = field(k), found = v)
            }),
        }
    }
    pub(crate) fn required(&self, k: &str) -> Result<u32, String> {
        self.number(k)?.ok_or_else(|| {
            let lang = super::super::lang::current();
            tr!(lang, "desk-no-number", field = field(k))
        })
    }
}

/// A form field as the page's language names it (`round`, `輪次`).
fn field(k: &str) -> String {
    tr!(super::super::lang::current(), "desk-field", field = k)
}

/// A desk page's query: its section and round.
#[derive(Deserialize, Default)]
pub(crate) struct At {
    pub(crate) section: Option<String>,
    pub(crate) round: Option<u32>,
    /// A search of the FIDE list (players page): a FIDE id or part of a name.
    pub(crate) q: Option<String>,
}

/// Run `f` on the event file on a blocking thread; after a change, tell
/// the followers. Why not, in the page's language: a sentence and the event
/// room's English particulars (`render::event::event_error`).
pub(crate) async fn with_event<T: Send + 'static>(
    h: &Arc<Hosted>,
    f: impl FnOnce(&mut Event) -> Result<T, EventError> + Send + 'static,
) -> Result<T, (String, Option<String>)> {
    let hh = h.clone();
    let r = tokio::task::spawn_blocking(move || {
        let mut e = hh.open()?;
        let r = f(&mut e);
        hh.changed(&e);
        r
    })
    .await;
    let lang = super::super::lang::current();
    match r {
        Ok(Ok(t)) => Ok(t),
        Ok(Err(e)) => Err(chess_arbiter::render::event::event_error(lang, &e)),
        Err(e) => Err((tr!(lang, "desk-request-failed"), Some(e.to_string()))),
    }
}

/// A value for a query string (letters, digits and `-_.` as they are).
pub(crate) fn url_part(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// A handler's answer: the page, or the page that says why not; both are
/// responses, so `?` can end a handler early.
pub(crate) type Answer = Result<Response, Response>;

/// What every desk page and form is asked with: the hall, the event's id in
/// the address (`/e/{id}/a/...`) and the request's headers. A handler
/// turns it into a [`Desk`] or a [`Post`], or answers with why not (`?`).
pub(crate) struct Asked {
    pub(crate) hall: Arc<Hall>,
    pub(crate) id: String,
    headers: HeaderMap,
}

impl FromRequestParts<Arc<Hall>> for Asked {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, hall: &Arc<Hall>) -> Result<Self, Response> {
        let State(hall) = State::<Arc<Hall>>::from_request_parts(parts, hall)
            .await
            .map_err(IntoResponse::into_response)?;
        let Path(mut params) =
            Path::<std::collections::HashMap<String, String>>::from_request_parts(parts, &hall)
                .await
                .map_err(IntoResponse::into_response)?;
        let id = params.remove("id").ok_or_else(view::not_found)?;
        Ok(Asked {
            hall,
            id,
            headers: parts.headers.clone(),
        })
    }
}

impl Asked {
    /// A page of the desk ([`Desk::open`]).
    pub(crate) fn desk(self) -> Result<Desk, Response> {
        Desk::open(self.hall, &self.id, self.headers)
    }

    /// A form that changes the event ([`Post::open`]).
    pub(crate) fn post(
        self,
        form: Vec<(String, String)>,
        chief_only: bool,
        page: &str,
    ) -> Result<Post, Response> {
        Post::open(self.hall, &self.id, self.headers, form, chief_only, page)
    }
}

/// A desk page being made: the event and the reader's session.
pub(crate) struct Desk {
    hall: Arc<Hall>,
    pub(crate) h: Arc<Hosted>,
    pub(crate) s: Session,
    headers: HeaderMap,
}

impl Desk {
    /// The page's event and reader, or the response instead (not found, or
    /// the login page).
    pub(crate) fn open(hall: Arc<Hall>, id: &str, headers: HeaderMap) -> Result<Desk, Response> {
        let h = hall.get(id).ok_or_else(view::not_found)?;
        let s = auth::reader(&hall, &headers, id)?;
        Ok(Desk {
            hall,
            h,
            s,
            headers,
        })
    }

    /// Read what the page shows; an event that cannot be read is the
    /// response instead (503, saying why).
    pub(crate) async fn load<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Event) -> Result<T, EventError> + Send + 'static,
    ) -> Result<T, Response> {
        with_event(&self.h, f).await.map_err(|(text, detail)| {
            view::error_page_with(StatusCode::SERVICE_UNAVAILABLE, &text, detail.as_deref())
        })
    }

    /// The page: its template and context in the frame (`here`: its address
    /// under `/e/{id}`, for the menu; `live`: it follows the event).
    pub(crate) fn render(
        &self,
        template: &str,
        title: String,
        here: &str,
        live: bool,
        ctx: Value,
    ) -> Answer {
        let flash = self.hall.sessions.take_flash(&self.headers);
        let mut frame = Frame::new(&self.h, title, Some(&self.s), here).flash(flash);
        if live {
            frame = frame.live(&self.h);
        }
        Ok(view::render(template, frame, ctx))
    }
}

/// A form that changes the event: its writer checked, the page it returns to.
pub(crate) struct Post {
    pub(crate) hall: Arc<Hall>,
    /// The event's id in the address.
    pub(crate) id: String,
    pub(crate) h: Arc<Hosted>,
    pub(crate) s: Session,
    pub(crate) f: Fields,
    headers: HeaderMap,
    pub(crate) section: Option<String>,
    /// Where the answer goes (post, redirect, get).
    pub(crate) to: String,
}

impl Post {
    /// Check the writer of a form (a session of this event, the form's CSRF
    /// token, the chief arbiter where `chief_only`); it returns to the desk
    /// page `page` of the form's section.
    pub(crate) fn open(
        hall: Arc<Hall>,
        id: &str,
        headers: HeaderMap,
        form: Vec<(String, String)>,
        chief_only: bool,
        page: &str,
    ) -> Result<Post, Response> {
        let f = Fields(form);
        let h = hall.get(id).ok_or_else(view::not_found)?;
        let s = auth::writer(&hall, &headers, id, f.get("csrf"), chief_only)?;
        let section = f.text("section");
        let q = section
            .as_deref()
            .map(|s| format!("section={}", url_part(s)))
            .unwrap_or_default();
        let to = format!("/e/{id}/a/{page}?{q}");
        Ok(Post {
            hall,
            id: id.to_string(),
            h,
            s,
            f,
            headers,
            section,
            to,
        })
    }

    /// Back to the page with these messages.
    pub(crate) fn back(&self, flash: Vec<Flash>) -> Answer {
        self.hall.sessions.flash(&self.headers, flash);
        Ok(Redirect::to(&self.to).into_response())
    }

    /// Back to the page saying why nothing was written.
    pub(crate) fn refuse(&self, why: impl Into<String>) -> Answer {
        self.back(vec![Flash::error(why)])
    }

    /// Write one step (`op` with the arbiter as its author, the form's
    /// `reason` where `with_reason`, and the form's section), then the page
    /// again with what `said` makes of it, or why it was refused.
    pub(crate) async fn write<T: Send + 'static>(
        self,
        with_reason: bool,
        op: impl FnOnce(&mut Event, &Author, Option<&str>) -> Result<T, EventError> + Send + 'static,
        said: impl FnOnce(T) -> Vec<Flash>,
    ) -> Answer {
        let author = self.s.author(if with_reason {
            self.f.text("reason")
        } else {
            None
        });
        let section = self.section.clone();
        let done = with_event(&self.h, move |e| op(e, &author, section.as_deref())).await;
        match done {
            Ok(t) => self.back(said(t)),
            Err((text, Some(detail))) => self.back(vec![Flash::error_with(text, detail)]),
            Err((text, None)) => self.back(vec![Flash::error(text)]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::url_part;

    #[test]
    fn query_values_are_escaped() {
        assert_eq!(url_part("u19 girls&x"), "u19%20girls%26x");
        assert_eq!(url_part("blitz-2.0_a"), "blitz-2.0_a");
    }
}
