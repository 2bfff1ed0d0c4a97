//! Opening an upload: read it as `arbiter` reads a file, refuse what the
//! command line refuses (with the same located messages), run the engines,
//! and keep why its next round cannot be paired when the library's guards
//! say so ([`chess_arbiter::pairing::ready`]).

use std::collections::HashMap;
use std::sync::Mutex;

use axum::http::StatusCode;
use chess_arbiter::diag::Diagnostic;
use chess_arbiter::pairing::dutch::DutchEdition;
use chess_arbiter::pairing::ready::{ready, ReadyOptions};
use chess_arbiter::render::site::{compute, ComputeError, Request as SiteRequest};
use chess_arbiter::standings::prizes::Profile;
use chess_arbiter::standings::profile_locate::profile_diagnostic;

use super::super::input;
use super::super::report::source;
use super::Upload;

/// Messages shown on a page at most; the rest counted.
pub(super) const LINES_SHOWN: usize = 500;

pub(super) fn lines(diags: &[Diagnostic]) -> Vec<String> {
    let mut out: Vec<String> = diags
        .iter()
        .take(LINES_SHOWN)
        .map(|d| d.to_string())
        .collect();
    if diags.len() > LINES_SHOWN {
        out.push(format!(
            "... and {} more (`arbiter validate` lists them all)",
            diags.len() - LINES_SHOWN
        ));
    }
    out
}

/// What went wrong with an upload, for the page.
pub(super) struct Refusal {
    pub(super) status: StatusCode,
    pub(super) title: String,
    pub(super) lines: Vec<String>,
}

fn refusal(status: StatusCode, title: impl Into<String>, lines: Vec<String>) -> Refusal {
    Refusal {
        status,
        title: title.into(),
        lines,
    }
}

/// Read the upload as `arbiter` reads a file, then run the engines: the same
/// located messages as the CLI when the file cannot be used.
pub(super) fn open_upload(
    name: &str,
    bytes: &[u8],
    profile: Option<(String, Vec<u8>)>,
    section: Option<&str>,
    edition: Option<DutchEdition>,
) -> Result<Upload, Refusal> {
    let bad = StatusCode::UNPROCESSABLE_ENTITY;
    let mut profile_src = None;
    let profile = match profile {
        Some((pname, pbytes)) => {
            let text = String::from_utf8(pbytes).map_err(|_| {
                refusal(
                    bad,
                    format!("{pname}: expected a UTF-8 TOML profile, found invalid bytes"),
                    Vec::new(),
                )
            })?;
            let p = Profile::from_toml(&text, &pname).map_err(|d| {
                refusal(
                    bad,
                    format!("{pname}: the profile cannot be used"),
                    lines(&d),
                )
            })?;
            // the section asked for as the main one, no other: no page
            // shows another section's prizes (as `arbiter report --section`)
            let p = super::super::common::only_section(p, section)
                .map_err(|e| refusal(bad, format!("{pname}: {e}"), Vec::new()))?;
            profile_src = Some((pname, text));
            Some(p)
        }
        None => match section {
            Some(k) => {
                return Err(refusal(
                    bad,
                    format!("section \"{k}\": expected a profile to take the section from, found none; choose the profile too"),
                    Vec::new(),
                ))
            }
            None => None,
        },
    };
    let loaded = input::read_bytes(name, bytes, None, None).map_err(|e| {
        refusal(
            bad,
            format!("{name}: the file cannot be read"),
            lines(&e.diagnostics),
        )
    })?;
    let n = loaded
        .diagnostics
        .iter()
        .filter(|d| d.blocks_pairing())
        .count();
    if n > 0 {
        return Err(refusal(
            bad,
            format!("{name}: {n} error(s) make the file unusable; nothing done"),
            lines(&loaded.diagnostics),
        ));
    }
    if loaded.tournament.is_team_event() {
        return Err(refusal(
            bad,
            super::super::common::team_site_refused(name),
            Vec::new(),
        ));
    }
    let req = SiteRequest {
        after_round: None,
        edition,
        check: true,
        next: true,
        fide_list: None,
        lang: Default::default(),
    };
    let built = compute(source(&loaded), profile.as_ref(), &req).map_err(|e| {
        // a category of the profile it cannot use: named in the profile
        let located = match (&e, &profile_src) {
            (ComputeError::Standings(se), Some((pname, text))) => {
                profile_diagnostic(se, text, pname)
            }
            _ => None,
        };
        match located {
            Some(d) => refusal(bad, format!("{name}: {e}"), vec![d.to_string()]),
            None => refusal(bad, format!("{name}: {e}"), lines(&loaded.diagnostics)),
        }
    })?;
    // the next-round page says why when the library's guards refuse (the
    // same refusal as `arbiter pair`'s, located in the file)
    let round_robin =
        chess_arbiter::pairing::round_robin::table_for(&loaded.tournament, None).is_some();
    let at = ReadyOptions::new()
        .round_robin(round_robin)
        .diagnostics(&loaded.diagnostics[..]);
    let not_ready = ready(&loaded.tournament, &loaded.source, &at)
        .err()
        .map(|e| {
            let d: Vec<Diagnostic> = e
                .diagnostics
                .into_iter()
                .map(|d| d.in_file(Some(name)))
                .collect();
            lines(&d)
        });
    let mut loaded = loaded;
    loaded.bytes = Vec::new();
    Ok(Upload {
        built,
        not_ready,
        file: name.to_string(),
        checks: Mutex::new(HashMap::new()),
        loaded,
    })
}

#[cfg(test)]
mod tests {
    use super::open_upload;

    /// #18 item 5: an upload whose profile has an age category the event
    /// cannot date (no start date) is refused naming the profile and the line.
    #[test]
    fn upload_names_the_profile_line_of_an_undated_category() {
        let trf = "012 T\n001    1 m    Doe, Jane                         2100 FRA    12345678 1990/01/01  1.0    1     2 w 1\n001    2 m    Roe, Rick                         2000 GER    23456789 1991/02/03  0.0    2     1 b 0\n";
        let profile = "[standings]\n[[standings.categories]]\nname = \"U13\"\nunder = 13\n";
        let r = open_upload(
            "t.trf",
            trf.as_bytes(),
            Some(("p.toml".into(), profile.as_bytes().to_vec())),
            None,
            None,
        );
        let Err(refusal) = r else { panic!("accepted") };
        let all = refusal.lines.join("\n");
        assert!(all.contains("p.toml, line 3"), "{all}");
        assert!(all.contains("category U13 needs a reference date"), "{all}");
    }
}
