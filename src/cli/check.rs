//! `arbiter check`: verify each recorded round against the FIDE Dutch rules.

use chess_arbiter::pairing::check::report::{check_tournament_in, engine_selection, CheckOptions};
use chess_arbiter::pairing::dutch::{next_round, select_edition, PairOptions};
use chess_arbiter::pairing::round_robin::{self, BergerTable};
use chess_arbiter::render;
use chess_arbiter::standings::rank_check::{check_ranks, RankCheck};
use clap::{Args as ClapArgs, ValueEnum};
use sha2::{Digest, Sha256};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::common::{gate, round_robin_table, SystemArg};
use super::exit::{Failure, Outcome};
use super::input;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum OutFormat {
    Text,
    Json,
}

#[derive(ClapArgs, Debug)]
#[command(after_help = "Examples:
  arbiter check open-2023.trf
  arbiter check open-2023.trf --system dutch-2017 --rounds 5 --explain
  arbiter check event.trf --rounds 1-5,7 --format json

Verdicts: conform, colours-differ, differs, illegal, no-legal-pairing,
inconsistent (not-checked when the engine cannot pair the position).
A round robin (its type in the file, or a schedule where everyone meets
everyone) is checked against the Berger table of FIDE C.05 Annex 1 instead:
conform, colours-differ or differs per round; --system round-robin forces it.
Exit codes: 0 every selected round conforms, 1 some round does not (or an
error that does not stop the check was printed), 3 invalid input (including players or games that contradict each other, and a
file with players but no paired round: nothing to check), 4 input too large,
5 file access error.")]
pub(crate) struct Args {
    /// Tournament file (any format `convert` reads; `a+b` for two Swiss-Manager exports); `-` = stdin.
    pub(crate) input: String,
    /// Rules edition; default from the file (192), else its start date
    /// against 2026-02-01, else dutch-2025. A round robin is checked
    /// against the Berger table (round-robin, double-round-robin).
    #[arg(long, value_enum)]
    pub(crate) system: Option<SystemArg>,
    /// Rounds to check, e.g. `1-5,7`; default every recorded round.
    #[arg(long)]
    pub(crate) rounds: Option<String>,
    /// Add per round the score groups and the player table.
    #[arg(long)]
    pub(crate) explain: bool,
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: OutFormat,
    #[arg(short, long)]
    pub(crate) output: Option<String>,
}

/// The highest round `--rounds` takes: the list is expanded before the file's
/// rounds are known, so `1-4294967295` would allocate 16 GB. No event has more
/// rounds (a double round robin of 9,999 players has 19,996); a round above the
/// file's paired rounds is refused after reading.
const MAX_ROUND: u32 = u16::MAX as u32;

/// Parse `1-5,7`.
fn parse_rounds(s: &str) -> Result<Vec<u32>, String> {
    let mut out = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || format!("--rounds: expected a list like 1-5,7, found \"{part}\"");
        let high = |r: u32| {
            if r > MAX_ROUND {
                Err(format!(
                    "--rounds: expected rounds from 1 to {MAX_ROUND}, found {r} in \"{part}\""
                ))
            } else {
                Ok(r)
            }
        };
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (u32, u32) = (
                    a.trim().parse().map_err(|_| bad())?,
                    b.trim().parse().map_err(|_| bad())?,
                );
                if a == 0 || b < a {
                    return Err(bad());
                }
                out.push((a, high(b)?));
            }
            None => {
                let r: u32 = part.parse().map_err(|_| bad())?;
                if r == 0 {
                    return Err(bad());
                }
                let r = high(r)?;
                out.push((r, r));
            }
        }
    }
    // merged before they are expanded: many overlapping ranges cost their
    // union, not their sum
    out.sort_unstable();
    let mut rounds = Vec::new();
    let mut next = 1u32;
    for (a, b) in out {
        rounds.extend(a.max(next)..=b);
        next = next.max(b.saturating_add(1));
    }
    Ok(rounds)
}

/// An event with players and no paired round (before round 1): nothing can be
/// checked. Issue #16 asked for a non-zero exit rather than "0 of 0 rounds
/// conform"; the message says what the file holds and what to run instead.
fn nothing_to_check(name: &str, t: &chess_arbiter::model::Tournament) -> Failure {
    let planned = t
        .total_rounds
        .map(|r| format!(", {r} rounds planned"))
        .unwrap_or_default();
    Failure::Invalid(format!(
        "{name}: no paired rounds in the file; nothing to check ({} players{planned}; `arbiter pair` pairs round 1)",
        t.players.len()
    ))
}

pub(crate) fn run(args: Args) -> Result<Outcome, Failure> {
    // birth dates are not used by the check: one the reader could not read is a warning
    let loaded = gate(super::common::birth_dates_unused(
        input::read_input(&args.input, None, None)?,
        "check",
    ))?;
    if loaded.tournament.is_team_event() {
        let rounds = args.rounds.as_deref().map(parse_rounds).transpose();
        let json = args.format == OutFormat::Json;
        let rounds = rounds.map_err(Failure::Invalid)?;
        return super::common::check_team(&loaded, rounds, json, args.output.as_deref());
    }
    let t = &loaded.tournament;
    let rounds = args
        .rounds
        .as_deref()
        .map(parse_rounds)
        .transpose()
        .map_err(Failure::Invalid)?;
    if let Some(table) = round_robin_table(t, args.system) {
        return check_round_robin(&args, rounds, &loaded.name, t, &table, &loaded.bytes);
    }
    let (edition, reason) = select_edition(
        t,
        &PairOptions::new().edition(args.system.and_then(SystemArg::dutch)),
    );
    // Rounds with a pairing in them; a last column of pre-set byes and
    // absences only is the round still to be paired.
    let recorded = next_round(t).saturating_sub(1);
    if recorded == 0 {
        return Err(nothing_to_check(&loaded.name, t));
    }
    if rounds.as_ref().is_some_and(Vec::is_empty) {
        return Err(Failure::Invalid(
            "--rounds: no round given; nothing to check".to_string(),
        ));
    }
    if let Some(r) = rounds
        .as_ref()
        .and_then(|r| r.iter().find(|k| **k > recorded))
    {
        return Err(Failure::Invalid(format!(
            "--rounds: round {r} is not paired in the file (the file has {recorded} paired rounds; `arbiter pair` pairs the next one)"
        )));
    }
    let opts = CheckOptions::new(edition)
        .edition_reason(reason)
        .rounds(rounds)
        .explain(args.explain);
    let facts = loaded.facts();
    // Progress on a terminal only (rounds finish in any order, on all cores).
    let show = std::io::stderr().is_terminal();
    let total = opts.rounds.as_ref().map_or(recorded as usize, Vec::len);
    let done = AtomicUsize::new(0);
    let mut report = check_tournament_in(t, &opts, &facts, |pos| {
        let s = engine_selection(pos, edition);
        if show {
            let k = done.fetch_add(1, Ordering::Relaxed) + 1;
            eprint!("\rchecked {k}/{total} rounds");
        }
        s
    });
    if show && done.load(Ordering::Relaxed) > 0 {
        eprintln!();
    }
    report.input_sha256 = Some(
        Sha256::digest(&loaded.bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect(),
    );
    let manual = chess_arbiter::pairing::check::manual::manual_pairings(t);
    let ranks = check_ranks(t).map_err(|e| Failure::Invalid(e.to_string()))?;
    let text = match args.format {
        OutFormat::Text => {
            render::check::text(&report)
                + &render::check::manual_text(&manual)
                + &ranks_text(ranks.as_ref())
        }
        OutFormat::Json => {
            with_ranks(
                &render::check::with_manual(&render::check::json(&report), &manual),
                ranks.as_ref(),
            ) + "\n"
        }
    };
    input::write_output(args.output.as_deref(), &text).map_err(Failure::Reported)?;
    let ranks_conform = ranks.as_ref().is_none_or(RankCheck::conforms);
    Ok(Outcome::found_if(!report.all_conform() || !ranks_conform))
}

/// The standings half of the check (VCL4THP Q21) in words: the file's rank
/// column against its own tie-break list.
fn ranks_text(ranks: Option<&RankCheck>) -> String {
    let Some(c) = ranks else {
        return String::new();
    };
    let list = c.tiebreaks.join(",");
    if c.conforms() {
        return format!(
            "\nstandings after round {}: the {} ranks follow the file's tie-break list ({list})\n",
            c.after_round, c.ranked
        );
    }
    let mut out = format!(
        "\nstandings after round {}: {} of {} ranks break the file's tie-break list ({list})\n",
        c.after_round,
        c.findings.len(),
        c.ranked
    );
    for f in &c.findings {
        let expected = if f.expected_last > f.expected {
            format!("{}-{}", f.expected, f.expected_last)
        } else {
            f.expected.to_string()
        };
        out += &format!(
            "  player {}: expected rank {expected}, found {}\n",
            f.player, f.found
        );
    }
    out
}

/// The check's JSON with the standings half under `standings` when the file
/// has a tie-break list and ranks.
fn with_ranks(json: &str, ranks: Option<&RankCheck>) -> String {
    let Some(c) = ranks else {
        return json.to_string();
    };
    match serde_json::from_str::<serde_json::Value>(json) {
        Ok(serde_json::Value::Object(mut o)) => {
            o.insert(
                "standings".into(),
                serde_json::to_value(c).unwrap_or_default(),
            );
            serde_json::to_string_pretty(&serde_json::Value::Object(o))
                .unwrap_or_else(|_| json.to_string())
        }
        _ => json.to_string(),
    }
}

fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// `check` on a round robin: every paired round against the Berger table.
fn check_round_robin(
    args: &Args,
    rounds: Option<Vec<u32>>,
    name: &str,
    t: &chess_arbiter::model::Tournament,
    table: &BergerTable,
    bytes: &[u8],
) -> Result<Outcome, Failure> {
    let mut report = round_robin::check(t, table);
    let recorded = report.rounds.len() as u32;
    if recorded == 0 {
        return Err(nothing_to_check(name, t));
    }
    if let Some(rs) = &rounds {
        if rs.is_empty() {
            return Err(Failure::Invalid(
                "--rounds: no round given; nothing to check".to_string(),
            ));
        }
        if let Some(r) = rs.iter().find(|k| **k > recorded) {
            return Err(Failure::Invalid(format!(
                "--rounds: round {r} is not paired in the file (the file has {recorded} paired rounds; `arbiter pair` pairs the next one)"
            )));
        }
        report.rounds.retain(|r| rs.contains(&r.round));
    }
    let hash = sha256(bytes);
    let ranks = check_ranks(t).map_err(|e| Failure::Invalid(e.to_string()))?;
    let text = match args.format {
        OutFormat::Text => {
            render::round_robin::check_text(&report, Some(&hash)) + &ranks_text(ranks.as_ref())
        }
        OutFormat::Json => match ranks {
            Some(_) => {
                with_ranks(
                    &render::round_robin::check_json(&report, Some(&hash)),
                    ranks.as_ref(),
                ) + "\n"
            }
            None => render::round_robin::check_json(&report, Some(&hash)),
        },
    };
    input::write_output(args.output.as_deref(), &text).map_err(Failure::Reported)?;
    let ranks_conform = ranks.as_ref().is_none_or(RankCheck::conforms);
    Ok(Outcome::found_if(!report.all_conform() || !ranks_conform))
}

#[cfg(test)]
mod tests {
    use super::parse_rounds;

    #[test]
    fn round_lists() {
        assert_eq!(parse_rounds("1-3,7,2"), Ok(vec![1, 2, 3, 7]));
        assert!(parse_rounds("0").is_err());
    }

    #[test]
    fn rounds_range_to_u32_max_is_refused_before_it_is_expanded() {
        let e = parse_rounds("1-4294967295").unwrap_err();
        assert!(
            e.contains("expected rounds from 1 to 65535, found 4294967295"),
            "{e}"
        );
        assert!(parse_rounds("2147483647").is_err());
        assert_eq!(parse_rounds("65535").map(|v| v.len()), Ok(1));
        let many = vec!["1-65535"; 10_000].join(",");
        assert_eq!(parse_rounds(&many).map(|v| v.len()), Ok(65_535));
        assert!(parse_rounds("5-2").is_err());
        assert!(parse_rounds("x").is_err());
    }
}
