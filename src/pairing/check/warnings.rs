//! Warnings for data that changes, or may change, the answer of a check or a
//! pairing (issue #4): declared points that do not match the results, `F`
//! where a pairing-allocated bye is meant, double forfeits, absences the file
//! cannot express, a missing round count, pairing numbers changed after the
//! rules freeze them, and JaVaFo's `XXZ` (which bbpPairings ignores).
//!
//! Each warning is located where the input's locator (the format layer's
//! `Source`: TRF lines and columns, Swiss-Manager player rows and board rows
//! and the file of each, `.TUNX` byte offsets, JSON paths) says the fact is
//! ([`FileFacts`]); without one the warning names the field only.

use super::position::{BoardKind, RecordedRound};
use crate::diag::{codes, Diagnostic, Family, Location, Locator, NoSource, PlayerField};
use crate::model::{ByeKind, PlayerId, RoundEntry, Tournament};
use crate::pairing::dutch::DutchEdition;

/// Where the data of the input is, for located warnings. The pairing layer
/// does not read files: the caller gives the name used in messages and the
/// locator the format layer built while reading (`formats::input::Source`),
/// the same one `validate` locates its findings with.
#[derive(Clone, Copy)]
pub struct FileFacts<'a> {
    /// The name used in messages (`a+b` for two files read together; a fact
    /// the locator places in one of them names that one).
    pub file: Option<&'a str>,
    /// Lines, columns, records and the file of each fact.
    pub source: &'a (dyn Locator + Sync),
}

impl Default for FileFacts<'_> {
    fn default() -> Self {
        FileFacts {
            file: None,
            source: &NoSource,
        }
    }
}

impl std::fmt::Debug for FileFacts<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileFacts")
            .field("file", &self.file)
            .finish_non_exhaustive()
    }
}

impl<'a> FileFacts<'a> {
    /// The warnings of `file`, located by `source`.
    pub fn new(file: Option<&'a str>, source: &'a (dyn Locator + Sync)) -> Self {
        FileFacts { file, source }
    }

    /// `label`, prefixed by the player's record where the input has no lines
    /// (`player record 3 at byte offset 0x1a2b, round 2`; a JSON path).
    fn label(&self, id: PlayerId, label: String) -> String {
        match self.source.player_record(id.0) {
            Some(r) => format!("{r}, {label}"),
            None => label,
        }
    }

    /// Player `id`'s record, named `label`, in its own file (a player file read
    /// with a pairing file as `a+b`); the columns of `field` when the record has
    /// a line and the format has columns.
    fn at_player(&self, id: PlayerId, label: String, field: Option<PlayerField>) -> Location {
        let line = self.source.player_line(id.0);
        Location {
            file: self
                .source
                .player_file(id.0)
                .or(self.file.map(str::to_string)),
            line,
            cols: line.and(field.and_then(|f| self.source.cols(f))),
            field: Some(self.label(id, label)),
        }
    }

    /// Where round `k` (1-based) of player `id` is recorded, named `label`: the
    /// player's record in a TRF (with the round's columns), the board row of that
    /// round in a Swiss-Manager pairing file. A round without a row of its own (the
    /// round to pair, a round the player has no board in) falls back to the
    /// player's row, else the player's latest earlier board row, so a message
    /// about a pairing file read alone still names a line.
    fn at_round(&self, id: PlayerId, k: usize, label: String) -> Location {
        let own = self.source.round_line(id.0, k).map(|l| (l, k));
        let Some((line, r)) = own.or_else(|| {
            if self.source.player_line(id.0).is_some() {
                return None;
            }
            (1..k)
                .rev()
                .find_map(|j| self.source.round_line(id.0, j).map(|l| (l, j)))
        }) else {
            return self.at_player(id, label, None);
        };
        Location {
            file: self
                .source
                .round_file(id.0, r)
                .or(self.file.map(str::to_string)),
            line: Some(line),
            cols: (r == k && k >= 1)
                .then(|| self.source.cols(PlayerField::Round(k)))
                .flatten(),
            field: Some(self.label(id, label)),
        }
    }

    fn at_header(&self, codes: &[&str], field: &str) -> Location {
        Location {
            file: self.file.map(str::to_string),
            line: codes.iter().find_map(|c| self.source.header_line(c)),
            cols: None,
            field: Some(field.to_string()),
        }
    }

    fn has_header(&self, code: &str) -> bool {
        self.source.header_line(code).is_some()
    }
}

/// Data problems of round `rec.round` that change or may change its answer,
/// without file locations. See [`round_warnings`].
pub fn warnings(t: &Tournament, rec: &RecordedRound, edition: DutchEdition) -> Vec<Diagnostic> {
    round_warnings(t, rec, &FileFacts::default(), edition)
}

/// Data problems of one recorded round:
/// - `F` while nobody has the pairing-allocated bye `U` ([`full_bye_warnings`]);
/// - double forfeits (both players lost by forfeit): the check takes the
///   two as paired with each other; the unplayed game gives neither a colour
///   nor a meeting, so they may meet again (C.04.2 (2026) art. 3.4-3.5,
///   (2017) D.5: the article of the rules `edition` the round is checked
///   by); if both were known to be absent before the pairing, the round was
///   paired without them and they should be coded `Z`.
pub fn round_warnings(
    t: &Tournament,
    rec: &RecordedRound,
    facts: &FileFacts,
    edition: DutchEdition,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let k = usize::try_from(rec.round).unwrap_or(usize::MAX);
    let field = format!("round {}", rec.round);
    if rec.pab.is_empty() {
        out.extend(full_bye_warnings(t, rec.round, facts));
    }
    // The unplayed game's article in the rules the round is checked by.
    let unplayed = match edition {
        DutchEdition::Dutch2017 => "C.04.2 (2017) D.5",
        DutchEdition::Dutch2025 => "C.04.2 (2026) art. 3.4-3.5",
    };
    for b in rec.boards.iter().filter(|b| b.kind == BoardKind::Forfeit) {
        let lost = |id: PlayerId| {
            t.player(id)
                .is_some_and(|p| matches!(p.round(k), RoundEntry::Forfeit { won: false, .. }))
        };
        let (a, c) = (b.white.min(b.black), b.white.max(b.black));
        if lost(a) && lost(c) {
            out.push(Diagnostic::warning(
                codes::DOUBLE_FORFEIT,
                Family::Consistency,
                facts.at_round(a, k, field.clone()),
                format!(
                    "players {a} and {c} both lost round {} by forfeit (double forfeit): the check takes them as paired with each other; the game was not played, so it gives neither of them a colour and they may be paired again ({unplayed}); if both were known to be absent before the pairing, code them Z (not paired), which changes the position the round is checked against",
                    rec.round
                ),
            ));
        }
    }
    out
}

/// `F` in round `round` of a round where nobody has the pairing-allocated
/// bye `U` (callers check that): older programs wrote the PAB as `F`. Read
/// as a requested full-point bye, the player stays eligible for a later PAB
/// under the 2017 rules (C.04.1 (2017) d; bbpPairings #19); from 2026
/// (C.04.1 art. 4) any full-point bye ends the eligibility.
pub fn full_bye_warnings(t: &Tournament, round: u32, facts: &FileFacts) -> Vec<Diagnostic> {
    let k = usize::try_from(round).unwrap_or(usize::MAX);
    t.players
        .iter()
        .filter(|p| p.round(k) == (RoundEntry::Bye { bye: ByeKind::Full }))
        .map(|p| {
            Diagnostic::warning(
                codes::FULL_BYE_FOR_PAIRING_BYE,
                Family::Consistency,
                facts.at_round(p.id, k, format!("round {round}")),
                format!(
                    "player {} has a full-point bye (F) and nobody has the pairing-allocated bye (U): if F stands for the PAB it must be coded U; F was treated as a requested bye, which under the 2017 rules leaves the player eligible for a later PAB (C.04.1 (2017) d; from 2026, art. 4, any full-point bye ends it)",
                    p.id
                ),
            )
        })
        .collect()
}

/// `F` without `U` in any round before `round`, the round to pair: each
/// decides a player's PAB eligibility now. See [`full_bye_warnings`].
pub fn earlier_full_bye_warnings(t: &Tournament, round: u32, facts: &FileFacts) -> Vec<Diagnostic> {
    (1..round)
        .filter(|&k| {
            let k = usize::try_from(k).unwrap_or(usize::MAX);
            !t.players.iter().any(|p| {
                p.round(k)
                    == RoundEntry::Bye {
                        bye: ByeKind::PairingAllocated,
                    }
            })
        })
        .flat_map(|k| full_bye_warnings(t, k, facts))
        .collect()
}

/// Declared points (the `001` points field) that do not match the results, without file
/// locations. See `file_warnings`.
pub fn points_warnings(t: &Tournament) -> Vec<Diagnostic> {
    points_warnings_in(t, &FileFacts::default())
}

fn points_warnings_in(t: &Tournament, facts: &FileFacts) -> Vec<Diagnostic> {
    t.players
        .iter()
        .filter_map(|p| {
            let declared = p.points?;
            let computed = t.score(p, None);
            (declared != computed).then(|| {
                Diagnostic::warning(
                    codes::POINTS_MISMATCH,
                    Family::Consistency,
                    facts.at_player(p.id, "points".into(), Some(PlayerField::Points)),
                    format!(
                        "player {}: the file declares {declared} points, the results give {computed}; the results were used",
                        p.id
                    ),
                )
            })
        })
        .collect()
}

/// True when the file asks for Baku acceleration (system code), whose
/// accelerated rounds depend on the number of rounds.
fn baku(t: &Tournament) -> bool {
    format!("{} {}", t.info.system_code, t.info.tournament_type)
        .to_ascii_uppercase()
        .contains("BAKU")
}

/// The warnings about the whole file for a check of `checked` rounds:
/// points, the round count, pairing numbers and `XXZ`.
pub(crate) fn file_warnings(t: &Tournament, checked: &[u32], facts: &FileFacts) -> Vec<Diagnostic> {
    let mut out = points_warnings_in(t, facts);
    out.extend(total_rounds_warning(t, checked, facts));
    out.extend(pairing_number_warnings(t, facts));
    out.extend(xxz_warning(facts));
    out
}

/// A missing round count (`XXR` / TRF-2026 `142`; C.04.1 (2026) art. 1 fixes
/// it in advance) when it matters for the checked rounds: the check assumes
/// the rounds recorded, so the last recorded round is checked as the final
/// round, where topscorers exist (C.04.3 (2017) A.7 / (2025) 1.7); with Baku
/// acceleration it also sets the accelerated rounds of every round. `None`
/// when the file gives the count or no checked round depends on it.
fn total_rounds_warning(t: &Tournament, checked: &[u32], facts: &FileFacts) -> Option<Diagnostic> {
    if t.total_rounds.is_some() {
        return None;
    }
    let n = u32::try_from(t.rounds_listed()).unwrap_or(u32::MAX);
    let last_checked = checked.contains(&n);
    let accelerated = baku(t) && !checked.is_empty();
    if !last_checked && !accelerated {
        return None;
    }
    let mut msg = format!(
        "the file does not give the number of rounds (XXR / 142): assumed {n}, the number of rounds recorded; the last-round topscorer rules depend on it"
    );
    if last_checked {
        msg.push_str(&format!(
            " (C.04.3 (2017) A.7 / (2025) 1.7): round {n} was checked as the final round"
        ));
    }
    if accelerated {
        msg.push_str(&format!(
            "; the Baku acceleration accelerates the first {} rounds of {n} (C.04.5.1), which depends on it too",
            n.div_ceil(2)
        ));
    }
    Some(Diagnostic::warning(
        codes::ROUND_COUNT_MISSING,
        Family::Consistency,
        facts.at_header(&["XXR", "142"], "number of rounds"),
        msg,
    ))
}

/// The first round (1-based) in which the player was paired: a game, a
/// forfeit, a pending game or the PAB. Requested byes and absences do not
/// count.
fn first_paired(rounds: &[RoundEntry]) -> Option<usize> {
    rounds
        .iter()
        .position(RoundEntry::is_pairing)
        .map(|i| i + 1)
}

/// Pairing numbers changed after the rules freeze them. C.04.2 (2017) B /
/// (2026) art. 2: pairing numbers come from the initial ranking list and may
/// be reassigned (rating corrections, late entries) only until round 4 has
/// been paired; after that a late entrant takes the next free number.
///
/// What a file can show: only the numbers as they stand at the end, never
/// their history. The one trace of a renumbering is a player first paired in
/// round 5 or later (nothing but byes or absences in rounds 1-4) who holds a
/// number below players paired from the first rounds on: if that player
/// entered after round 4 was paired, the others' numbers were shifted after
/// the freeze. A player registered from the start who missed four rounds
/// looks the same, so the warning says both. A rating order broken among the
/// numbers is not reported: the rules keep numbers unchanged when a rating is
/// corrected after the freeze, so it is no evidence of a change.
pub fn pairing_number_warnings(t: &Tournament, facts: &FileFacts) -> Vec<Diagnostic> {
    let firsts: Vec<(PlayerId, Option<usize>)> = t
        .players
        .iter()
        .map(|p| (p.id, first_paired(&p.rounds)))
        .collect();
    let mut out = Vec::new();
    for &(id, first) in &firsts {
        let Some(first) = first.filter(|f| *f >= 5) else {
            continue;
        };
        let mut below: Vec<PlayerId> = firsts
            .iter()
            .filter(|(o, f)| *o > id && f.is_some_and(|f| f <= 4))
            .map(|(o, _)| *o)
            .collect();
        if below.is_empty() {
            continue;
        }
        below.sort();
        let shown: Vec<String> = below.iter().take(3).map(|p| p.to_string()).collect();
        let more = if below.len() > 3 { ", ..." } else { "" };
        out.push(Diagnostic::warning(
            codes::PAIRING_NUMBER_CHANGED,
            Family::Consistency,
            facts.at_player(id, "starting rank".into(), Some(PlayerField::StartingRank)),
            format!(
                "player {id} was first paired in round {first} but holds pairing number {id}, below the numbers of {} players paired from the first four rounds on ({}{more}): if player {id} entered after round 4 was paired, those players' numbers were changed after the rules freeze them (C.04.2 (2017) B, (2026) art. 2), which changes the order within score groups and the colour parity of E.5 / 5.2.5; a late entrant then takes the next free number. If player {id} was registered from the start and missed rounds 1-4, this does not apply",
                below.len(),
                shown.join(", ")
            ),
        ));
    }
    out
}

/// JaVaFo's `XXZ` record: our reader and this check honour it, but
/// bbpPairings ignores it and pairs those players, so a file meant for it
/// gives a different pairing.
pub fn xxz_warning(facts: &FileFacts) -> Option<Diagnostic> {
    facts.has_header("XXZ").then(|| {
        Diagnostic::warning(
            codes::XXZ_NOT_PORTABLE,
            Family::Consistency,
            facts.at_header(&["XXZ"], "XXZ"),
            "XXZ marks players absent from the round to be paired: this program does not pair them, but bbpPairings ignores XXZ and pairs them; TRF-2026 writes 240 Z, TRF-16 a 0000 - Z entry in that round's column",
        )
    })
}

/// Warnings for pairing round `round` (1-based) that is not yet recorded:
/// - players not paired in the previous round (absent, zero-point bye, no
///   data: withdrawn?) who have no entry for `round`. A TRF-16 file says a
///   player is absent from the round to be paired only with an entry in that
///   round's column (`0000 - Z`); JaVaFo adds `XXZ`, TRF-2026 `240`. Without
///   one, the player is paired (C.04.2 (2017) D, (2026) art. 3: withdrawn
///   and absent players are not paired);
/// - a missing round count: the round is paired as one before the last, so
///   no topscorer rules apply (C.04.3 (2017) A.7 / (2025) 1.7).
pub fn next_round_warnings(
    t: &Tournament,
    round: u32,
    total_rounds_given: bool,
    facts: &FileFacts,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let Some(r) = usize::try_from(round).ok().filter(|r| *r >= 1) else {
        return out;
    };
    if r >= 2 {
        let last = r - 1;
        for p in &t.players {
            if p.rounds.get(r - 1).is_some() {
                continue;
            }
            let what = match p.rounds.get(last - 1) {
                None => "no entry".to_string(),
                Some(RoundEntry::NotPaired) => "not paired".to_string(),
                Some(RoundEntry::Bye { bye: ByeKind::Zero }) => "zero-point bye Z".to_string(),
                _ => continue,
            };
            out.push(Diagnostic::warning(
                codes::ABSENCE_NOT_RECORDED,
                Family::Consistency,
                facts.at_round(p.id, r, format!("round {round}")),
                format!(
                    "player {} was not paired in round {last} ({what}) and has no entry for round {round}, so is paired in round {round}; if the player is absent or has withdrawn, say so with 0000 - Z in round {round}'s column, XXZ or 240 Z (a TRF-16 file has no other way)",
                    p.id
                ),
            ));
        }
    }
    if !total_rounds_given && t.total_rounds.is_none() {
        out.push(Diagnostic::warning(
            codes::ROUND_COUNT_MISSING,
            Family::Consistency,
            facts.at_header(&["XXR", "142"], "number of rounds"),
            format!(
                "the file does not give the number of rounds (XXR / 142): round {round} was paired as a round before the final one; if it is the final round, the topscorer rules (C.04.3 (2017) A.7 / (2025) 1.7) apply and may change the pairing"
            ),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Color, Outcome, Player};
    use crate::pairing::check::position::recorded_round;

    fn g(o: u32, c: Color, out: Outcome) -> RoundEntry {
        RoundEntry::Played {
            opponent: PlayerId(o),
            color: c,
            outcome: out,
            short: false,
        }
    }

    const Z: RoundEntry = RoundEntry::Bye { bye: ByeKind::Zero };

    fn tour(rows: Vec<Vec<RoundEntry>>) -> Tournament {
        Tournament {
            players: rows
                .into_iter()
                .enumerate()
                .map(|(i, rounds)| Player {
                    id: PlayerId(i as u32 + 1),
                    rounds,
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }
    }

    /// Player `i` on line 10 + i, `XXR` absent, `XXZ` on line 3 when asked:
    /// a TRF's line map (columns from its layout tables).
    fn lines(n: u32, xxz: bool) -> crate::formats::trf::SourceMap {
        crate::formats::trf::SourceMap {
            player_lines: (1..=n).map(|i| (PlayerId(i), 10 + i as usize)).collect(),
            header_lines: if xxz {
                [("XXZ".to_string(), 3)].into_iter().collect()
            } else {
                Default::default()
            },
        }
    }

    fn facts(m: &crate::formats::trf::SourceMap) -> FileFacts<'_> {
        FileFacts::new(Some("t.trf"), m)
    }

    #[test]
    fn double_forfeit_is_named_and_located() {
        use Color::*;
        use Outcome::*;
        let ff = |o: u32, c: Color| RoundEntry::Forfeit {
            opponent: PlayerId(o),
            color: Some(c),
            won: false,
        };
        let t = tour(vec![
            vec![g(3, White, Win), ff(2, Black)],
            vec![g(4, Black, Draw), ff(1, White)],
            vec![g(1, Black, Loss), g(4, White, Win)],
            vec![g(2, White, Draw), g(3, Black, Loss)],
        ]);
        let rec = recorded_round(&t, 2);
        let w = round_warnings(&t, &rec, &facts(&lines(4, false)), DutchEdition::Dutch2025);
        assert_eq!(w.len(), 1, "{w:?}");
        assert_eq!(w[0].code, codes::DOUBLE_FORFEIT);
        assert!(w[0]
            .message
            .starts_with("players 1 and 2 both lost round 2 by forfeit (double forfeit): the check takes them as paired with each other"));
        assert_eq!(w[0].location.line, Some(11));
        assert_eq!(w[0].location.cols, Some((102, 109)));
        assert_eq!(w[0].location.field.as_deref(), Some("round 2"));
        // The article cited is the one of the rules the round is checked by:
        // a 2017 event is not told about the 2026 text.
        assert!(w[0].message.contains("(C.04.2 (2026) art. 3.4-3.5)"));
        let old = round_warnings(&t, &rec, &facts(&lines(4, false)), DutchEdition::Dutch2017);
        assert!(
            old[0].message.contains("(C.04.2 (2017) D.5)"),
            "{}",
            old[0].message
        );
        assert!(!old[0].message.contains("2026"), "{}", old[0].message);
        // A one-sided forfeit is no double forfeit; round 1 has none.
        assert!(round_warnings(
            &t,
            &recorded_round(&t, 1),
            &facts(&lines(4, false)),
            DutchEdition::Dutch2025
        )
        .is_empty());
        let mut one = t.clone();
        one.players[0].rounds[1] = RoundEntry::Forfeit {
            opponent: PlayerId(2),
            color: Some(Black),
            won: true,
        };
        assert!(round_warnings(
            &one,
            &recorded_round(&one, 2),
            &facts(&lines(4, false)),
            DutchEdition::Dutch2025
        )
        .is_empty());
    }

    /// The same warnings in every input format name where the fact is, through
    /// the locator `validate` uses (issue #18): the board row of the round in a
    /// Swiss-Manager pairing file and the player row in its player file (each in
    /// its own file when read as `a+b`), the record's byte offset in a `.TUNX`, the
    /// player's path in a JSON document.
    #[test]
    fn every_input_format_locates_the_check_warnings() {
        use crate::formats::input::Source;
        use crate::formats::swiss_manager::SmSource;
        use Color::*;
        use Outcome::*;
        let ff = |o: u32, c: Color| RoundEntry::Forfeit {
            opponent: PlayerId(o),
            color: Some(c),
            won: false,
        };
        let mut t = tour(vec![
            vec![g(3, White, Win), ff(2, Black)],
            vec![g(4, Black, Draw), ff(1, White)],
            vec![g(1, Black, Loss), g(4, White, Win)],
            vec![g(2, White, Draw), g(3, Black, Loss)],
        ]);
        t.players[2].points = Some(crate::model::Points(20));
        let rec = recorded_round(&t, 2);
        let first = |src: &Source, name: &str| -> (String, String) {
            let f = FileFacts::new(Some(name), src);
            let forfeit = round_warnings(&t, &rec, &f, DutchEdition::Dutch2025);
            let points = points_warnings_in(&t, &f);
            let head = |d: &Diagnostic| {
                d.to_string()
                    .split(": play")
                    .next()
                    .unwrap_or("")
                    .to_string()
            };
            (head(&forfeit[0]), head(&points[0]))
        };
        // Swiss-Manager player file + pairing file: player 1's round-2 board is on
        // line 7 of the pairing file, player 3's row on line 4 of the player file.
        let mut sm = SmSource {
            players_file: Some("p.txt".into()),
            pairings_file: Some("a.txt".into()),
            ..SmSource::default()
        };
        sm.player_rows
            .extend((1..=4).map(|i| (PlayerId(i), 1 + i as usize)));
        sm.board_rows.insert((PlayerId(1), 2), 7);
        sm.board_rows.insert((PlayerId(2), 2), 7);
        assert_eq!(
            first(&Source::Sm(sm.clone()), "p.txt+a.txt"),
            (
                "warning: a.txt, line 7 (round 2)".into(),
                "warning: p.txt, line 4 (points)".into()
            )
        );
        // The pairing file alone: the same board row, in the one file.
        sm.player_rows.clear();
        sm.players_file = None;
        sm.pairings_file = None;
        assert_eq!(
            first(&Source::Sm(sm), "a.txt").0,
            "warning: a.txt, line 7 (round 2)"
        );
        // .TUNX: no lines, the record's byte offset.
        let tunx = Source::Records((1..=4).map(|i| (PlayerId(i), 0x100 * i as usize)).collect());
        assert_eq!(
            first(&tunx, "t.TUNX"),
            (
                "warning: t.TUNX (player record 1 at byte offset 0x100, round 2)".into(),
                "warning: t.TUNX (player record 3 at byte offset 0x300, points)".into()
            )
        );
        // JSON: the player's path in the document.
        let json = Source::Json((1..=4).map(|i| (PlayerId(i), i as usize - 1)).collect());
        assert_eq!(
            first(&json, "t.json"),
            (
                "warning: t.json (tournament.players[0], round 2)".into(),
                "warning: t.json (tournament.players[2], points)".into()
            )
        );
        // TRF: line and columns, as before.
        let trf = Source::Trf(lines(4, false));
        assert_eq!(
            first(&trf, "t.trf"),
            (
                "warning: t.trf, line 11, cols 102-109 (round 2)".into(),
                "warning: t.trf, line 13, cols 81-84 (points)".into()
            )
        );
    }

    #[test]
    fn f_without_u_and_points_are_located() {
        use Color::*;
        use Outcome::*;
        let mut t = tour(vec![
            vec![g(2, White, Win), RoundEntry::Bye { bye: ByeKind::Full }],
            vec![g(1, Black, Loss), Z],
        ]);
        t.players[1].points = Some(crate::model::Points(10));
        let m = lines(2, false);
        let f = facts(&m);
        let w = round_warnings(&t, &recorded_round(&t, 2), &f, DutchEdition::Dutch2025);
        assert_eq!(w.len(), 1);
        assert!(w[0]
            .message
            .starts_with("player 1 has a full-point bye (F)"));
        assert_eq!(
            w[0].to_string().split(": player").next(),
            Some("warning: t.trf, line 11, cols 102-109 (round 2)")
        );
        let p = file_warnings(&t, &[1], &f);
        assert_eq!(p.len(), 1, "{p:?}");
        assert_eq!(
            p[0].to_string(),
            "warning: t.trf, line 12, cols 81-84 (points): player 2: the file declares 1.0 points, the results give 0.0; the results were used"
        );
    }

    #[test]
    fn missing_round_count_only_when_it_matters() {
        use Color::*;
        use Outcome::*;
        let mut t = tour(vec![
            vec![g(2, White, Win), g(2, Black, Draw)],
            vec![g(1, Black, Loss), g(1, White, Draw)],
        ]);
        let m = lines(2, false);
        let f = facts(&m);
        // Round 2 is the last recorded round: checked as the final round.
        let w = total_rounds_warning(&t, &[1, 2], &f).map(|d| d.message);
        assert_eq!(
            w.as_deref(),
            Some("the file does not give the number of rounds (XXR / 142): assumed 2, the number of rounds recorded; the last-round topscorer rules depend on it (C.04.3 (2017) A.7 / (2025) 1.7): round 2 was checked as the final round")
        );
        // Only round 1 checked: the count does not enter.
        assert_eq!(total_rounds_warning(&t, &[1], &f), None);
        // Baku: every round depends on it.
        t.info.system_code = "FIDE_DUTCH_2026_BAKU".into();
        let w = total_rounds_warning(&t, &[1], &f).map(|d| d.message);
        assert!(w.is_some_and(|m| m.ends_with(
            "the last-round topscorer rules depend on it; the Baku acceleration accelerates the first 1 rounds of 2 (C.04.5.1), which depends on it too"
        )));
        // Given: nothing.
        t.total_rounds = Some(5);
        assert_eq!(total_rounds_warning(&t, &[1, 2], &f), None);
    }

    #[test]
    fn late_entrant_numbered_among_the_field() {
        use Color::*;
        use Outcome::*;
        // Player 2 absent (Z) in rounds 1-4, first paired in round 5, but
        // numbered before 3 and 4, who played from round 1. Player 5, never
        // paired, and player 1, paired throughout, are no concern.
        let row = |o: [u32; 5]| -> Vec<RoundEntry> {
            o.iter()
                .enumerate()
                .map(|(i, &x)| {
                    if x == 0 {
                        Z
                    } else {
                        g(x, if i % 2 == 0 { White } else { Black }, Draw)
                    }
                })
                .collect()
        };
        let t = tour(vec![
            row([3, 4, 3, 4, 2]),
            vec![Z, Z, Z, Z, g(1, Black, Draw)],
            row([1, 0, 1, 0, 4]),
            row([0, 1, 0, 1, 3]),
            vec![Z, Z, Z, Z, Z],
        ]);
        let w = pairing_number_warnings(&t, &facts(&lines(5, false)));
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].message.starts_with(
            "player 2 was first paired in round 5 but holds pairing number 2, below the numbers of 2 players paired from the first four rounds on (3, 4): if player 2 entered after round 4 was paired"
        ));
        assert_eq!(w[0].location.line, Some(12));
        // First paired in round 4: numbers may still change then.
        let mut early = t.clone();
        early.players[1].rounds[3] = g(5, White, Draw);
        early.players[4].rounds[3] = g(2, Black, Draw);
        assert!(pairing_number_warnings(&early, &facts(&lines(5, false))).is_empty());
    }

    #[test]
    fn next_round_absences_the_file_cannot_express() {
        use Color::*;
        use Outcome::*;
        // Round 3 to pair. Player 3 was Z in round 2 with no round-3 entry;
        // player 4 has no data since round 1 (withdrawn?); player 5 was Z in
        // round 2 and has a pre-set Z for round 3; 1 and 2 played.
        let t = tour(vec![
            vec![g(2, White, Win), g(2, Black, Draw)],
            vec![g(1, Black, Loss), g(1, White, Draw)],
            vec![g(4, White, Draw), Z],
            vec![g(3, Black, Draw)],
            vec![Z, Z, Z],
        ]);
        let w = next_round_warnings(&t, 3, false, &facts(&lines(5, false)));
        let msgs: Vec<&str> = w.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(msgs.len(), 3, "{msgs:?}");
        assert_eq!(
            msgs[0],
            "player 3 was not paired in round 2 (zero-point bye Z) and has no entry for round 3, so is paired in round 3; if the player is absent or has withdrawn, say so with 0000 - Z in round 3's column, XXZ or 240 Z (a TRF-16 file has no other way)"
        );
        assert!(msgs[1].starts_with("player 4 was not paired in round 2 (no entry)"));
        assert_eq!(
            msgs[2],
            "the file does not give the number of rounds (XXR / 142): round 3 was paired as a round before the final one; if it is the final round, the topscorer rules (C.04.3 (2017) A.7 / (2025) 1.7) apply and may change the pairing"
        );
        assert_eq!(w[0].location.cols, Some((112, 119)));
        // With the round count given, only the absences.
        assert_eq!(
            next_round_warnings(&t, 3, true, &facts(&lines(5, false))).len(),
            2
        );
    }

    /// Before pairing round 3: round 1's `F` with no `U` anywhere in round
    /// 1 is flagged; round 2's `F` beside a `U` is a requested bye.
    #[test]
    fn earlier_f_without_u_before_pairing() {
        use Color::*;
        use Outcome::*;
        let full = RoundEntry::Bye { bye: ByeKind::Full };
        let pab = RoundEntry::Bye {
            bye: ByeKind::PairingAllocated,
        };
        let t = tour(vec![
            vec![g(2, White, Win), g(3, Black, Win)],
            vec![g(1, Black, Loss), pab],
            vec![full, g(1, White, Loss)],
            vec![Z, full],
        ]);
        let w = earlier_full_bye_warnings(&t, 3, &facts(&lines(4, false)));
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0]
            .message
            .starts_with("player 3 has a full-point bye (F)"));
        assert_eq!(w[0].location.field.as_deref(), Some("round 1"));
        assert_eq!(w[0].location.line, Some(13));
    }

    #[test]
    fn xxz_is_flagged_for_bbp() {
        assert_eq!(xxz_warning(&facts(&lines(1, false))), None);
        let w = xxz_warning(&facts(&lines(1, true)));
        assert_eq!(w.as_ref().map(|d| d.code), Some(codes::XXZ_NOT_PORTABLE));
        assert_eq!(w.map(|d| d.location.line), Some(Some(3)));
    }
}
