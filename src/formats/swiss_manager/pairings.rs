//! The pairing file "Spielerauslosung (Text-File)": one board per row.
//!
//! Layout (header row, then one row per board, `;`-separated, CRLF):
//! `Runde;Brett;IdentW;IdentS;NrW;NrS;ErgW;ErgS;Kontumaz;Erg;Mnr;ErgEloW;ErgEloS`.
//! Facts and the samples (tests/fixtures/sm/) that show them:
//! - points use a decimal comma, `0,5` (`pairings_round1_played.txt`);
//! - a forfeit has `K` in `Kontumaz` and a `K` suffix in `Erg`: `1:0K`, `0:1K`, and
//!   `0:0K` for a double forfeit (`pairings_rounds3-4_played.txt`);
//! - the pairing-allocated bye is the row with `NrS = -1`; before the round is played
//!   it reads `0;0;;0:0` (`pairings_round3_unplayed.txt`), once scored `1:1`
//!   (`pairings_rounds3-4_played.txt`) or `1:0` (`pairings_rounds1-2_played.txt`);
//! - a board not yet played reads `0;0;;0:0` (`pairings_round3_unplayed.txt`);
//! - half-point byes and absences never appear (docs/swiss-manager.md §2.2), so a round
//!   read from this file alone has no entry for such players.
//!
//! Columns are found by header name. Every row keeps its raw fields, so [`write()`]
//! reproduces a file byte for byte; [`update_results`] changes only the result
//! columns of one round, which is what Swiss-Manager needs to import results back.

use std::collections::BTreeMap;

use super::text::{self, Encoding};
use crate::diag::{codes, Diagnostic, Family, Location};
use crate::formats::encoding;
use crate::model::{ByeKind, Color, Outcome, Player, PlayerId, Points, RoundEntry, Tournament};

/// The standard header Swiss-Manager 15 writes.
pub const HEADER: [&str; 13] = [
    "Runde", "Brett", "IdentW", "IdentS", "NrW", "NrS", "ErgW", "ErgS", "Kontumaz", "Erg", "Mnr",
    "ErgEloW", "ErgEloS",
];

/// Rounds above this are rejected (a round number sizes the round lists).
pub const MAX_ROUND: u32 = 999;

/// The file as written: header and rows as raw fields (wire shape).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PairingFile {
    /// The header row's column names, in file order.
    pub header: Vec<String>,
    /// Every data row, as read.
    pub rows: Vec<RawRow>,
    /// The line end the file uses (`"\r
    /// "` or `"
    /// "`), written back.
    pub eol: String,
    /// Whether the last line ends with a line end.
    pub final_eol: bool,
    /// The text encoding the file was read in (UTF-8 or Windows-1252).
    pub encoding: Encoding,
    /// The file began with a byte-order mark (written back).
    pub bom: bool,
}

pub use super::text::RawRow;

/// One board, typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// 1-based line of the row in the file.
    pub line: usize,
    /// `Runde`: the round (1-based).
    pub round: u32,
    /// `Brett`: the board number, when the column is there.
    pub board: Option<u32>,
    /// `IdentW`: White's FIDE id, as written (`0` or empty when none).
    pub ident_white: String,
    /// `IdentS`: Black's FIDE id, as written (`0` or empty when none).
    pub ident_black: String,
    /// `NrW`: White's start number.
    pub white: PlayerId,
    /// `None` for the pairing-allocated bye (`NrS = -1`).
    pub black: Option<PlayerId>,
    /// `ErgW`: White's points (decimal comma in the file).
    pub points_white: Points,
    /// `ErgS`: Black's points.
    pub points_black: Points,
    /// `Kontumaz` is `K`: the game was forfeited (the side with points won by forfeit).
    pub forfeit: bool,
}

impl Board {
    /// The two round entries (white, black) this board means; black is `None` for a bye.
    pub fn entries(&self) -> (RoundEntry, Option<RoundEntry>) {
        let Some(black) = self.black else {
            return (
                RoundEntry::Bye {
                    bye: ByeKind::PairingAllocated,
                },
                None,
            );
        };
        let (w, b) = (self.points_white, self.points_black);
        if self.forfeit {
            return (
                RoundEntry::Forfeit {
                    opponent: black,
                    color: Some(Color::White),
                    won: w > Points::ZERO,
                },
                Some(RoundEntry::Forfeit {
                    opponent: self.white,
                    color: Some(Color::Black),
                    won: b > Points::ZERO,
                }),
            );
        }
        if w == Points::ZERO && b == Points::ZERO {
            return (
                RoundEntry::Pending {
                    opponent: black,
                    color: Some(Color::White),
                },
                Some(RoundEntry::Pending {
                    opponent: self.white,
                    color: Some(Color::Black),
                }),
            );
        }
        let outcome = match w.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Equal => Outcome::Draw,
            std::cmp::Ordering::Less => Outcome::Loss,
        };
        (
            RoundEntry::Played {
                opponent: black,
                color: Color::White,
                outcome,
                short: false,
            },
            Some(RoundEntry::Played {
                opponent: self.white,
                color: Color::Black,
                outcome: outcome.opposite(),
                short: false,
            }),
        )
    }
}

/// The result of [`read`].
#[derive(Debug, Clone)]
pub struct PairingRead {
    /// The file as written (kept for writing back and for [`update_results`]).
    pub file: PairingFile,
    /// The typed boards, in file order.
    pub boards: Vec<Board>,
    /// Every problem found, located by line and column name.
    pub diagnostics: Vec<Diagnostic>,
}

/// Nothing usable could be read: the diagnostics say where and why (one type
/// for every Swiss-Manager reader).
pub use super::ReadError;

struct Cols {
    round: usize,
    board: Option<usize>,
    ident_w: Option<usize>,
    ident_s: Option<usize>,
    nr_w: usize,
    nr_s: usize,
    erg_w: usize,
    erg_s: usize,
    kontumaz: Option<usize>,
    erg: Option<usize>,
}

fn col(header: &[String], name: &str) -> Option<usize> {
    header
        .iter()
        .position(|h| h.trim().eq_ignore_ascii_case(name))
}

/// Looks like a pairing file (header starts with `Runde;Brett`)?
pub fn sniff(bytes: &[u8]) -> bool {
    let b = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    b.starts_with(b"Runde;") && b.windows(4).take(200).any(|w| w == b"NrS;")
}

/// Read a pairing file.
pub fn read(bytes: &[u8]) -> Result<PairingRead, ReadError> {
    let decoded = encoding::decode(bytes, None);
    let Some(mut rr) = text::RowReader::new(&decoded.text) else {
        return Err(ReadError {
            diagnostics: vec![Diagnostic::error(
                codes::UNRECOGNIZED_INPUT,
                Family::Syntax,
                Location::line(1),
                "expected a header row starting with \"Runde;Brett\", found an empty file",
            )],
        });
    };
    let header = rr.header().map_err(|d| ReadError {
        diagnostics: vec![*d],
    })?;
    let first = header.join(";");
    let mut missing = Vec::new();
    let mut need = |n: &str| {
        let c = col(&header, n);
        if c.is_none() {
            missing.push(n.to_string());
        }
        c.unwrap_or(0)
    };
    let cols = Cols {
        round: need("Runde"),
        nr_w: need("NrW"),
        nr_s: need("NrS"),
        erg_w: need("ErgW"),
        erg_s: need("ErgS"),
        board: col(&header, "Brett"),
        ident_w: col(&header, "IdentW"),
        ident_s: col(&header, "IdentS"),
        kontumaz: col(&header, "Kontumaz"),
        erg: col(&header, "Erg"),
    };
    if !missing.is_empty() {
        return Err(ReadError {
            diagnostics: vec![Diagnostic::error(
                codes::UNRECOGNIZED_INPUT,
                Family::Syntax,
                Location::line(1),
                format!(
                    "expected pairing-file columns {}, found header {:?}",
                    missing.join(", "),
                    first
                ),
            )],
        });
    }
    let mut diagnostics = text::RowDiagnostics::default();
    let mut rows = Vec::new();
    let mut boards = Vec::new();
    let mut seen: std::collections::HashMap<(u32, PlayerId), usize> =
        std::collections::HashMap::new();
    loop {
        let row = match rr.next_row() {
            Ok(Some(row)) => row,
            Ok(None) => break,
            Err(d) => {
                diagnostics.push(*d);
                break;
            }
        };
        let fields = rr.fields();
        let (line, blank) = (row.line, row.is_blank());
        rows.push(row);
        if blank {
            continue;
        }
        match parse_row(&fields, &cols, line) {
            Ok(b) => {
                // A player on a second board of the same round: an error on
                // that row, which is not read (a file of its rows repeated
                // must not grow into millions of boards and messages).
                let again = std::iter::once(b.white)
                    .chain(b.black)
                    .find_map(|p| seen.get(&(b.round, p)).map(|at| (p, *at)));
                if let Some((p, at)) = again {
                    diagnostics.push(Diagnostic::error(
                        codes::PAIRED_TWICE,
                        Family::Consistency,
                        Location::line(line),
                        format!(
                            "expected each player on one board of round {}, found player {p} again (first on line {at}); row skipped",
                            b.round
                        ),
                    ));
                    continue;
                }
                for p in std::iter::once(b.white).chain(b.black) {
                    seen.insert((b.round, p), line);
                }
                if let Some(erg) = cols.erg.and_then(|i| fields.get(i)).map(|s| s.trim()) {
                    let expected = format!(
                        "{}:{}{}",
                        text::format_points_comma(b.points_white),
                        text::format_points_comma(b.points_black),
                        if b.forfeit { "K" } else { "" }
                    );
                    if !erg.is_empty() && erg != expected {
                        diagnostics.push(Diagnostic::warning(
                            codes::RESULT_MISMATCH,
                            Family::Consistency,
                            Location {
                                line: Some(line),
                                field: Some("Erg".into()),
                                ..Location::default()
                            },
                            format!("expected {expected:?} from ErgW, ErgS and Kontumaz, found {erg:?}; ErgW/ErgS used"),
                        ));
                    }
                }
                boards.push(b)
            }
            Err(d) => diagnostics.push(*d),
        }
    }
    let diagnostics = diagnostics.finish();
    Ok(PairingRead {
        file: PairingFile {
            header,
            rows,
            eol: rr.eol.to_string(),
            final_eol: rr.final_eol,
            encoding: decoded.encoding,
            bom: decoded.bom,
        },
        boards,
        diagnostics,
    })
}

fn field<'a>(
    fields: &[&'a str],
    i: usize,
    line: usize,
    name: &str,
) -> Result<&'a str, Box<Diagnostic>> {
    fields.get(i).map(|s| s.trim()).ok_or_else(|| {
        Box::new(Diagnostic::error(
            codes::SM_FIELD_SYNTAX,
            Family::Syntax,
            at(line, name),
            format!(
                "expected a value in column {} ({name}), found only {} columns",
                i + 1,
                fields.len()
            ),
        ))
    })
}

/// Line `line`, column `name`.
fn at(line: usize, name: &str) -> Location {
    Location {
        line: Some(line),
        field: Some(name.to_string()),
        ..Location::default()
    }
}

fn bad(line: usize, name: &str, expected: &str, found: &str) -> Box<Diagnostic> {
    Box::new(Diagnostic::error(
        codes::SM_FIELD_SYNTAX,
        Family::Syntax,
        at(line, name),
        format!("expected {expected}, found {found:?}"),
    ))
}

/// One board row; the error is boxed to keep the `Result` small.
fn parse_row(fields: &[&str], c: &Cols, line: usize) -> Result<Board, Box<Diagnostic>> {
    let num = |i: usize, name: &str| -> Result<u32, Box<Diagnostic>> {
        let f = field(fields, i, line, name)?;
        f.parse::<u32>()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| bad(line, name, "a positive number", f))
    };
    let round = num(c.round, "Runde")?;
    if round > MAX_ROUND {
        return Err(bad(
            line,
            "Runde",
            "a round number up to 999",
            &round.to_string(),
        ));
    }
    let white = PlayerId(num(c.nr_w, "NrW")?);
    let nr_s = field(fields, c.nr_s, line, "NrS")?;
    let black = if nr_s == "-1" {
        None
    } else {
        Some(PlayerId(
            nr_s.parse::<u32>()
                .ok()
                .filter(|n| *n > 0)
                .ok_or_else(|| bad(line, "NrS", "a start number or -1 for the bye", nr_s))?,
        ))
    };
    let pts = |i: usize, name: &str| -> Result<Points, Box<Diagnostic>> {
        let f = field(fields, i, line, name)?;
        Points::parse(f)
            .filter(|p| *p >= Points::ZERO)
            .ok_or_else(|| bad(line, name, "points such as 1, 0 or 0,5", f))
    };
    let points_white = pts(c.erg_w, "ErgW")?;
    let points_black = pts(c.erg_s, "ErgS")?;
    let forfeit = match c.kontumaz.and_then(|i| fields.get(i)).map(|s| s.trim()) {
        None | Some("") => false,
        Some("K") | Some("k") => true,
        Some(o) => return Err(bad(line, "Kontumaz", "\"K\" or empty", o)),
    };
    let opt = |i: Option<usize>| {
        i.and_then(|i| fields.get(i))
            .map(|s| s.trim().to_string())
            .unwrap_or_default()
    };
    let board = c
        .board
        .and_then(|i| fields.get(i))
        .and_then(|s| s.trim().parse().ok());
    Ok(Board {
        line,
        round,
        board,
        ident_white: opt(c.ident_w),
        ident_black: opt(c.ident_s),
        white,
        black,
        points_white,
        points_black,
        forfeit,
    })
}

/// Write the file back exactly as held (encoding, separators, line ends).
pub fn write(file: &PairingFile) -> (Vec<u8>, Vec<Diagnostic>) {
    let mut s = file.header.join(";");
    for r in &file.rows {
        s.push_str(&file.eol);
        s.push_str(&r.text);
    }
    if file.final_eol {
        s.push_str(&file.eol);
    }
    encoding::encode(&s, file.encoding, file.bom)
}

/// Put the boards into `t`: each board sets round `round` of both players. Players not in
/// `t` are added with only their start number (and FIDE id when the row has one).
pub fn apply(boards: &[Board], t: &mut Tournament) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let mut index: BTreeMap<PlayerId, usize> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i))
        .collect();
    let mut set =
        |t: &mut Tournament, id: PlayerId, ident: &str, round: u32, e: RoundEntry, line: usize| {
            let i = *index.entry(id).or_insert_with(|| {
                t.players.push(Player {
                    id,
                    fide_id: (!ident.is_empty() && ident != "0").then(|| ident.to_string()),
                    ..Default::default()
                });
                t.players.len() - 1
            });
            let Some(p) = t.players.get_mut(i) else {
                return;
            };
            if !p.set_round(round as usize, e) {
                diags.push(Diagnostic::error(
                    codes::PAIRED_TWICE,
                    Family::Consistency,
                    Location::line(line),
                    format!("player {id} appears on more than one board in round {round}"),
                ));
            }
        };
    for b in boards {
        let (we, be) = b.entries();
        set(t, b.white, &b.ident_white, b.round, we, b.line);
        if let (Some(black), Some(be)) = (b.black, be) {
            set(t, black, &b.ident_black, b.round, be, b.line);
        }
    }
    t.players.sort_by_key(|p| p.id);
    diags
}

/// The result cells (ErgW, ErgS, Kontumaz, Erg) for a white entry, or `None` when the
/// entry cannot be written in this file.
fn result_cells(white: &RoundEntry) -> Option<[&'static str; 4]> {
    Some(match *white {
        RoundEntry::Played { outcome, .. } => match outcome {
            Outcome::Win => ["1", "0", "", "1:0"],
            Outcome::Draw => ["0,5", "0,5", "", "0,5:0,5"],
            Outcome::Loss => ["0", "1", "", "0:1"],
        },
        RoundEntry::Pending { .. } => ["0", "0", "", "0:0"],
        RoundEntry::Forfeit { won: true, .. } => ["1", "0", "K", "1:0K"],
        RoundEntry::Forfeit { won: false, .. } => return None,
        RoundEntry::Unknown { .. }
        | RoundEntry::Bye { .. }
        | RoundEntry::NotPaired
        | RoundEntry::Free => return None,
    })
}

/// Cells for a forfeit given both sides.
fn forfeit_cells(w_won: bool, b_won: bool) -> [&'static str; 4] {
    match (w_won, b_won) {
        (true, false) => ["1", "0", "K", "1:0K"],
        (false, true) => ["0", "1", "K", "0:1K"],
        (false, false) => ["0", "0", "K", "0:0K"],
        (true, true) => ["1", "1", "K", "1:1K"],
    }
}

fn cells_for(t: &Tournament, white: &Player, round: usize) -> Option<[&'static str; 4]> {
    let e = white.round(round);
    if let RoundEntry::Forfeit { opponent, won, .. } = e {
        let b_won = matches!(
            t.player(opponent).map(|p| p.round(round)),
            Some(RoundEntry::Forfeit { won: true, .. })
        );
        return Some(forfeit_cells(won, b_won));
    }
    result_cells(&e)
}

/// Change only the result columns of round `round` in `file` to the results in `t`.
/// Rows whose pairing differs from `t`, and bye rows, are left as they are (Swiss-Manager
/// applies its own bye value); every difference is reported.
pub fn update_results(file: &mut PairingFile, t: &Tournament, round: u32) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let idx = |n: &str| col(&file.header, n);
    let (Some(c_round), Some(c_w), Some(c_s), Some(c_ew), Some(c_es)) = (
        idx("Runde"),
        idx("NrW"),
        idx("NrS"),
        idx("ErgW"),
        idx("ErgS"),
    ) else {
        diags.push(Diagnostic::error(
            codes::UNRECOGNIZED_INPUT,
            Family::Syntax,
            Location::line(1),
            "expected the columns Runde, NrW, NrS, ErgW and ErgS in the header",
        ));
        return diags;
    };
    let c_k = idx("Kontumaz");
    let c_erg = idx("Erg");
    let r = round as usize;
    for row in &mut file.rows {
        let fields = row.fields();
        let get = |i: usize| fields.get(i).map(|s| s.trim().to_string());
        if get(c_round).and_then(|s| s.parse::<u32>().ok()) != Some(round) {
            continue;
        }
        let (Some(w), Some(s)) = (get(c_w), get(c_s)) else {
            continue;
        };
        if s == "-1" {
            continue;
        }
        let (Ok(w), Ok(s)) = (w.parse::<u32>(), s.parse::<u32>()) else {
            continue;
        };
        let loc = Location::line(row.line);
        let Some(wp) = t.player(PlayerId(w)) else {
            diags.push(Diagnostic::error(
                codes::UNKNOWN_PLAYER,
                Family::Consistency,
                loc,
                format!("expected player {w} in the tournament, found none"),
            ));
            continue;
        };
        let opp = wp.round(r).opponent();
        if opp != Some(PlayerId(s)) {
            diags.push(Diagnostic::error(
                codes::PAIRING_MISMATCH,
                Family::Consistency,
                loc,
                format!(
                    "expected player {w} to meet {s} in round {round}, found {}; row left unchanged",
                    opp.map(|o| o.to_string()).unwrap_or_else(|| "no opponent".into())
                ),
            ));
            continue;
        }
        let Some(cells) = cells_for(t, wp, r) else {
            diags.push(Diagnostic::warning(
                codes::CONVERSION_LOSS,
                Family::Engine,
                loc,
                format!("the round {round} result of player {w} cannot be written in a pairing file; row left unchanged"),
            ));
            continue;
        };
        let targets = [Some(c_ew), Some(c_es), c_k, c_erg];
        let values: Vec<(usize, String)> = targets
            .iter()
            .zip(cells)
            .filter_map(|(c, v)| c.map(|c| (c, v.to_string())))
            .collect();
        row.set_fields(&values);
    }
    diags
}

/// Build a fresh pairing file for round `round` of `t`, boards in Swiss-Manager's order:
/// higher score of the pair first, then higher sum of scores, then the start number of
/// the player with the higher score (the lower start number of the two when the scores
/// are equal); the bye last (docs/swiss-manager.md §2.1; `pairings_round1_played.txt` and
/// `pairings_round3_unplayed.txt` are reproduced byte for byte).
pub fn from_tournament(t: &Tournament, round: u32) -> (PairingFile, Vec<Diagnostic>) {
    let r = round as usize;
    let mut diags = Vec::new();
    let before = |p: &Player| t.score(p, Some(r.saturating_sub(1)));
    struct B<'a> {
        white: &'a Player,
        black: Option<&'a Player>,
        key: (Points, Points, u32),
    }
    let mut boards: Vec<B> = Vec::new();
    let mut byes: Vec<&Player> = Vec::new();
    for p in &t.players {
        let e = p.round(r);
        match e {
            RoundEntry::Bye {
                bye: ByeKind::PairingAllocated,
            } => byes.push(p),
            // A round robin's free round is no pairing: no row.
            RoundEntry::Free => {}
            RoundEntry::Bye { .. } | RoundEntry::NotPaired => {
                if r <= p.rounds.len() && e != RoundEntry::NotPaired {
                    diags.push(Diagnostic::warning(
                        codes::CONVERSION_LOSS,
                        Family::Engine,
                        Location::default(),
                        format!("the round {round} bye of player {} has no row in a pairing file and is left out", p.id),
                    ));
                }
            }
            _ => {
                let Some(o) = e.opponent().and_then(|o| t.player(o)) else {
                    diags.push(Diagnostic::error(
                        codes::UNKNOWN_OPPONENT,
                        Family::Consistency,
                        Location::default(),
                        format!("player {} has an opponent in round {round} that is not in the tournament", p.id),
                    ));
                    continue;
                };
                let is_white = match e {
                    RoundEntry::Played { color, .. } | RoundEntry::Unknown { color, .. } => {
                        color == Color::White
                    }
                    RoundEntry::Pending { color, .. } | RoundEntry::Forfeit { color, .. } => {
                        color.map_or(p.id < o.id, |c| c == Color::White)
                    }
                    _ => false,
                };
                if !is_white {
                    continue;
                }
                let (sp, so) = (before(p), before(o));
                // The player holding the higher score; with equal scores the higher
                // ranked (lower start number) of the two.
                let lead = match so.cmp(&sp) {
                    std::cmp::Ordering::Greater => o.id.0,
                    std::cmp::Ordering::Less => p.id.0,
                    std::cmp::Ordering::Equal => p.id.0.min(o.id.0),
                };
                boards.push(B {
                    white: p,
                    black: Some(o),
                    key: (sp.max(so), sp + so, lead),
                });
            }
        }
    }
    boards.sort_by(|a, b| {
        b.key
            .0
            .cmp(&a.key.0)
            .then(b.key.1.cmp(&a.key.1))
            .then(a.key.2.cmp(&b.key.2))
    });
    let round_has_results = t.players.iter().any(|p| {
        matches!(
            p.round(r),
            RoundEntry::Played { .. } | RoundEntry::Forfeit { .. }
        )
    });
    for p in byes {
        boards.push(B {
            white: p,
            black: None,
            key: (Points::ZERO, Points::ZERO, 0),
        });
    }
    let ident = |p: &Player| p.fide_id.clone().unwrap_or_else(|| "0".to_string());
    let mut rows = Vec::new();
    for (i, b) in boards.iter().enumerate() {
        let cells = match b.black {
            None if round_has_results => ["1", "0", "", "1:0"],
            None => ["0", "0", "", "0:0"],
            Some(_) => cells_for(t, b.white, r).unwrap_or_else(|| {
                diags.push(Diagnostic::warning(
                    codes::CONVERSION_LOSS,
                    Family::Engine,
                    Location::default(),
                    format!("the round {round} result of player {} cannot be written in a pairing file; written as not played", b.white.id),
                ));
                ["0", "0", "", "0:0"]
            }),
        };
        let fields = vec![
            round.to_string(),
            (i + 1).to_string(),
            ident(b.white),
            b.black.map(ident).unwrap_or_else(|| "0".to_string()),
            b.white.id.to_string(),
            b.black.map_or("-1".to_string(), |p| p.id.to_string()),
            cells[0].to_string(),
            cells[1].to_string(),
            cells[2].to_string(),
            cells[3].to_string(),
            "0".to_string(),
            String::new(),
            String::new(),
        ];
        rows.push(RawRow::new(0, &fields));
    }
    (
        PairingFile {
            header: HEADER.iter().map(|s| s.to_string()).collect(),
            rows,
            eol: "\r\n".to_string(),
            final_eol: true,
            encoding: Encoding::Utf8,
            bom: false,
        },
        diags,
    )
}
