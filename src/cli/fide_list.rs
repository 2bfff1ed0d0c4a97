//! `--fide-list FILE [--fide-list-month YYYY-MM]`, shared by the commands
//! that compare a tournament with the published FIDE rating list (`rating`,
//! `validate --fide`, `convert --for fide`, `standings`, `report`,
//! `start-list`).

use std::collections::HashSet;
use std::path::PathBuf;

use chess_arbiter::diag::{codes, Diagnostic};
use chess_arbiter::formats::fide_list::{read_path, ReadOptions};
use chess_arbiter::model::fide_list::{FideList, ListKind, ListMonth};
use chess_arbiter::model::Tournament;
use chess_arbiter::rating::change::event_kind;
use chess_arbiter::rating::fide_list::{compare, list_kind};
use chess_arbiter::render::fide_list::diagnostics;

use super::exit::{self, Failure};
use super::input::Loaded;

#[derive(clap::Args, Debug, Clone, Default)]
pub(crate) struct FideListArgs {
    /// FIDE rating list from ratings.fide.com: the combined TXT list
    /// (players_list_foa.txt), a standard/rapid/blitz TXT list or an XML
    /// list, plain or zipped. Only the event's players are kept.
    #[arg(long = "fide-list", value_name = "FILE")]
    pub(crate) fide_list: Option<PathBuf>,
    /// The month of the list (YYYY-MM) when the file does not say it (the
    /// combined and XML lists; a single-type TXT list names it in its header).
    #[arg(long = "fide-list-month", value_name = "YYYY-MM", value_parser = parse_month, requires = "fide_list")]
    pub(crate) fide_list_month: Option<ListMonth>,
}

fn parse_month(s: &str) -> Result<ListMonth, String> {
    s.trim()
        .split_once('-')
        .and_then(|(y, m)| ListMonth::new(y.parse().ok()?, m.parse().ok()?))
        .ok_or_else(|| format!("expected YYYY-MM, found \"{s}\""))
}

impl FideListArgs {
    /// Read the list, keeping the players with these FIDE ids (all when
    /// `ids` is `None`); its diagnostics go to stderr, an unreadable list
    /// fails (exit 5 when it cannot be opened, else 3).
    pub(crate) fn load(&self, ids: Option<HashSet<u64>>) -> Result<Option<FideList>, Failure> {
        self.load_counted(ids).map(|(list, _)| list)
    }

    /// [`Self::load`], and how many of the diagnostics it printed are errors
    /// (unreadable fields of the list): a command that printed an error exits
    /// non-zero.
    pub(crate) fn load_counted(
        &self,
        ids: Option<HashSet<u64>>,
    ) -> Result<(Option<FideList>, usize), Failure> {
        let Some(path) = &self.fide_list else {
            return Ok((None, 0));
        };
        let opts = ReadOptions::new().wanted(ids).month(self.fide_list_month);
        match read_path(path, &opts) {
            Ok(r) => {
                for d in &r.diagnostics {
                    super::exit::say(d);
                }
                let errors = r.diagnostics.iter().filter(|d| d.is_error()).count();
                Ok((Some(r.list), errors))
            }
            Err(d) => {
                let code = if d.code == codes::FILE_ACCESS {
                    exit::FILE_ACCESS
                } else if d.code == codes::INPUT_TOO_LARGE {
                    exit::TOO_LARGE
                } else {
                    exit::INVALID_INPUT
                };
                Err(Failure::Input {
                    code,
                    diagnostics: vec![*d],
                })
            }
        }
    }

    /// [`Self::load`] for the players of `t`.
    pub(crate) fn load_for(&self, t: &Tournament) -> Result<Option<FideList>, Failure> {
        self.load(Some(ids_of(t)))
    }
}

/// The FIDE ids of a tournament's players, as numbers.
pub(crate) fn ids_of(t: &Tournament) -> HashSet<u64> {
    t.players
        .iter()
        .filter_map(|p| p.fide_id.as_deref()?.trim().parse().ok())
        .collect()
}

/// The list kind of the event: its time control (record 122/222).
pub(crate) fn kind_of(t: &Tournament) -> ListKind {
    list_kind(event_kind(t))
}

/// What the file says that the list does not, as located diagnostics.
pub(crate) fn disagreements(loaded: &Loaded, list: &FideList) -> Vec<Diagnostic> {
    let t = &loaded.tournament;
    let findings = compare(t, list, kind_of(t));
    diagnostics(&findings, t, list, &loaded.source, &loaded.name)
}

/// Print the disagreements on stderr; the number of errors among them.
pub(crate) fn report(loaded: &Loaded, list: &FideList) -> usize {
    let ds = disagreements(loaded, list);
    for d in &ds {
        super::exit::say(d);
    }
    ds.iter().filter(|d| d.is_error()).count()
}
