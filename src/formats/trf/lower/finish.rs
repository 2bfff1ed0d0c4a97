//! After the last line: deferred records, file-wide warnings, the dialect.

use crate::diag::{codes, Family, Location, Severity};
use crate::model::{ByeKind, PlayerId, PointSystem, Points, RoundEntry};

use crate::formats::trf::layout::{self};
use crate::formats::trf::raw::RawLine;
use crate::formats::trf::text::{Cols, Counting};

use super::state::*;

impl<'o> Lowerer<'o> {
    // ----- finishing -------------------------------------------------------

    pub(super) fn finish(&mut self) {
        // Scoring: 162, then bbp, then XXS (later records override earlier ones).
        let mut ps = PointSystem::standard();
        if let Some((_, s)) = self.scoring_162 {
            ps = s;
        }
        if !self.bb.is_empty() {
            let has_bbu = self.bb.iter().any(|(_, c, _)| *c == "BBU");
            for &(_, code, v) in &self.bb {
                match code {
                    "BBW" => {
                        ps.win = v;
                        ps.forfeit_win = v;
                        ps.full_bye = v;
                        if !has_bbu {
                            ps.pairing_bye = v;
                        }
                    }
                    "BBD" => {
                        ps.draw = v;
                        ps.half_bye = v;
                        ps.unknown = v;
                    }
                    "BBL" => ps.loss = v,
                    "BBZ" => ps.zero_bye = v,
                    "BBF" => ps.forfeit_loss = v,
                    "BBU" => ps.pairing_bye = v,
                    _ => {}
                }
            }
        }
        let xxs = std::mem::take(&mut self.xxs);
        for (line, data) in &xxs {
            self.apply_xxs(*line, data, &mut ps);
        }
        self.t.scoring = ps;
        self.t.accelerations.sort_by_key(|a| a.player);
        for (line, id, category) in std::mem::take(&mut self.registrations) {
            match self.t.players.iter_mut().find(|p| p.id == id) {
                Some(p) => p.registered_category = Some(category),
                None => self.diag(
                    codes::UNKNOWN_PLAYER,
                    Severity::Error,
                    Family::Consistency,
                    field_at(line, &layout::xxg::PLAYER),
                    format!("XXG names player {id}, who has no 001 record"),
                ),
            }
        }

        if let Some(line) = self.sex_f_line {
            self.diag(
                codes::TRF_NONSTANDARD,
                Severity::Warning,
                Family::Syntax,
                field_at(line, &layout::player::SEX),
                format!(
                    "expected m or w, found f on {} player line(s); read as w",
                    self.sex_f
                ),
            );
        }

        // National ratings.
        let nationals = std::mem::take(&mut self.nationals);
        for (line, id, nr, d) in nationals {
            match self.t.players.iter_mut().find(|p| p.id == id) {
                Some(p) => p.national_ratings.push(nr),
                None => {
                    self.diag(
                        codes::UNKNOWN_PLAYER,
                        Severity::Error,
                        Family::Consistency,
                        field_at(line, &layout::player::START_RANK),
                        format!(
                            "national rating record for starting rank {id}, but no 001 record has it; line kept as is"
                        ),
                    );
                    self.keep_at(&d.line, d.after);
                }
            }
        }

        // Absences for the round to be paired: XXZ and 240.
        let absences = std::mem::take(&mut self.absences);
        let next_round = self.next_round();
        for d in absences {
            self.absence(&d.line, next_round);
        }

        if let Some((line, n)) = self.xxr_line {
            let played = self.rounds_with_games();
            if (n as usize) < played {
                self.diag(
                    codes::COUNT_MISMATCH,
                    Severity::Warning,
                    Family::Consistency,
                    Location::line(line),
                    format!(
                        "XXR {n} is less than the {played} rounds with games in the file (lichess writes the rounds played)"
                    ),
                );
            }
        }
        if !self.seen.byte_padded.is_empty() {
            let line = self.seen.byte_padded[0];
            self.diag(
                codes::TRF_NONSTANDARD,
                Severity::Warning,
                Family::Syntax,
                Location::line(line),
                format!(
                    "columns are padded by bytes, not characters, on {} player line(s) (Vega style); read by bytes",
                    self.seen.byte_padded.len()
                ),
            );
        }
    }

    pub(super) fn apply_xxs(&mut self, line: usize, data: &str, ps: &mut PointSystem) {
        let mut ww = None;
        let mut bw = None;
        for tok in data.split_whitespace() {
            let Some((k, v)) = tok.split_once('=') else {
                self.diag(
                    codes::TRF_FIELD_SYNTAX,
                    Severity::Error,
                    Family::Syntax,
                    Location::line(line),
                    format!("expected CODE=points in XXS, found {}", quote(tok)),
                );
                continue;
            };
            let Some(v) = Points::parse(v) else {
                self.diag(
                    codes::TRF_FIELD_SYNTAX,
                    Severity::Error,
                    Family::Syntax,
                    Location::line(line),
                    format!("expected points like 1.0 in XXS, found {}", quote(tok)),
                );
                continue;
            };
            match k.to_ascii_uppercase().as_str() {
                "W" => {
                    ps.win = v;
                    ps.forfeit_win = v;
                    ps.full_bye = v;
                    ww = Some(v);
                    bw = Some(v);
                }
                "D" => {
                    ps.draw = v;
                    ps.half_bye = v;
                    ps.unknown = v;
                }
                "WW" => {
                    ps.win = v;
                    ww = Some(v)
                }
                "BW" => {
                    ps.win = v;
                    bw = Some(v)
                }
                "WD" | "BD" => {
                    // JaVaFo has no unknown result; it counts as a draw.
                    ps.draw = v;
                    ps.unknown = v;
                }
                "WL" | "BL" => ps.loss = v,
                "ZPB" => ps.zero_bye = v,
                "HPB" => ps.half_bye = v,
                "FPB" => ps.full_bye = v,
                "PAB" => ps.pairing_bye = v,
                "FW" => ps.forfeit_win = v,
                "FL" => ps.forfeit_loss = v,
                other => self.diag(
                    codes::TRF_FIELD_SYNTAX,
                    Severity::Warning,
                    Family::Syntax,
                    Location::line(line),
                    format!("unknown XXS code {}; ignored", quote(other)),
                ),
            }
        }
        if let (Some(a), Some(b)) = (ww, bw) {
            if a != b {
                self.diag(
                    codes::CONVERSION_LOSS,
                    Severity::Warning,
                    Family::Engine,
                    Location::line(line),
                    "colour-dependent points (WW differs from BW) cannot be represented; using the last value",
                );
            }
        }
    }

    /// The last round in which anyone was paired (a game, forfeit or PAB).
    pub(super) fn rounds_with_games(&self) -> usize {
        self.t
            .players
            .iter()
            .map(|p| {
                p.rounds
                    .iter()
                    .rposition(|e| {
                        e.opponent().is_some()
                            || matches!(
                                e,
                                RoundEntry::Bye {
                                    bye: ByeKind::PairingAllocated
                                }
                            )
                    })
                    .map(|i| i + 1)
                    .unwrap_or(0)
            })
            .max()
            .unwrap_or(0)
    }

    pub(super) fn next_round(&self) -> usize {
        self.rounds_with_games() + 1
    }

    /// `XXZ id id …` (JaVaFo) or `240 T rrr id id …` (TRF-2026): players not
    /// to be paired. For the round to be paired they become that round's entries.
    pub(super) fn absence(&mut self, r: &RawLine<'_>, next_round: usize) {
        let c = Cols::new(r.text, Counting::Chars);
        let (bye, round, ids_text) = if r.code == "XXZ" {
            (
                ByeKind::Zero,
                next_round,
                c.from(layout::record::DATA_FIRST),
            )
        } else {
            use layout::bye240 as B;
            let kind = c.get(&B::KIND).to_ascii_uppercase();
            let bye = match kind.as_str() {
                "F" => ByeKind::Full,
                "H" => ByeKind::Half,
                "Z" => ByeKind::Zero,
                "U" => ByeKind::PairingAllocated,
                _ => {
                    self.field_error(
                        r.number,
                        &B::KIND,
                        format!("expected F, H or Z, found {}", quote(&kind)),
                    );
                    return;
                }
            };
            let Some(round) = parse_uint(c.get(&B::ROUND)).filter(|n| *n > 0) else {
                self.field_error(
                    r.number,
                    &B::ROUND,
                    format!("expected a round number, found {}", quote(c.get(&B::ROUND))),
                );
                return;
            };
            (bye, round as usize, c.from(B::ID.first))
        };
        for tok in ids_text.split_whitespace() {
            let Some(id) = parse_uint(tok).filter(|n| *n > 0).map(PlayerId) else {
                self.diag(
                    codes::TRF_FIELD_SYNTAX,
                    Severity::Error,
                    Family::Syntax,
                    Location::line(r.number),
                    format!("expected a starting rank, found {}", quote(tok)),
                );
                continue;
            };
            let entry = RoundEntry::Bye { bye };
            let Some(p) = self.t.players.iter_mut().find(|p| p.id == id) else {
                self.diag(
                    codes::UNKNOWN_PLAYER,
                    Severity::Error,
                    Family::Consistency,
                    Location::line(r.number),
                    format!("{} names player {id}, who has no 001 record", r.code),
                );
                continue;
            };
            if p.rounds.len() >= round {
                let have = p.rounds[round - 1];
                let same = have == entry || (bye == ByeKind::Zero && have == RoundEntry::NotPaired);
                if !same {
                    self.diag(
                        codes::ABSENCE_CONFLICT,
                        Severity::Warning,
                        Family::Consistency,
                        Location::line(r.number),
                        format!(
                            "{} gives player {id} a {} in round {round}, but the 001 record says otherwise",
                            r.code,
                            bye_name(bye)
                        ),
                    );
                }
            } else if round == next_round {
                p.rounds.resize(round - 1, RoundEntry::NotPaired);
                p.rounds.push(entry);
            } else {
                self.diag(
                    codes::ABSENCE_CONFLICT,
                    Severity::Warning,
                    Family::Consistency,
                    Location::line(r.number),
                    format!(
                        "{} gives player {id} a {} in round {round}, which has no data for the player",
                        r.code,
                        bye_name(bye)
                    ),
                );
            }
        }
    }
}
