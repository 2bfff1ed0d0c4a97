//! `arbiter standings INPUT`: ranking with FIDE tie-breaks, categories, explanations.

use std::path::PathBuf;

use chess_arbiter::diag::codes;
use chess_arbiter::render::standings as render;
use chess_arbiter::standings::{
    self, swiss_manager, CategoryMode, StandingsOptions, TieBreakSpec, TiebreakEdition,
};

use chess_arbiter::rating::fide_list::with_list_ratings;

use super::common::points_used_note;
use super::exit::{Failure, Outcome};
use super::fide_list::{kind_of, report, FideListArgs};

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    Text,
    Csv,
    Json,
    Html,
    /// Crosstable with chess-results cells (`12w1`).
    Crosstable,
}

/// Standings with FIDE C.07 tie-breaks after any round, per category.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Tournament file: TRF (any dialect) or chess-arbiter JSON; `-` for stdin.
    pub(crate) input: String,
    /// Tie-break list, e.g. "DE,BH/M1,BH,WIN" (C.07 codes with /Cn /Mn /P /F /L±n
    /// /Unnnn, hyphen forms, OTHER_… codes, Swiss-Manager ids as SM37/M1). Default:
    /// the profile's list, else the file's.
    #[arg(long)]
    pub(crate) tiebreaks: Option<String>,
    /// Rules edition: pre2023, 2023 or 2026. Default: by the event's dates.
    #[arg(long)]
    pub(crate) edition: Option<String>,
    /// Standings after this round.
    #[arg(long)]
    pub(crate) after_round: Option<u32>,
    /// Show only this category (defined in the profile); repeatable.
    #[arg(long)]
    pub(crate) category: Vec<String>,
    /// Profile file (TOML) with a [standings] table: tiebreaks, edition, categories.
    #[arg(long)]
    pub(crate) profile: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) section: super::common::SectionArg,
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: Format,
    /// CSV separator: ',' or ';'.
    #[arg(long, default_value = ",")]
    pub(crate) separator: char,
    /// Show the working of every value for this player (starting rank or name).
    #[arg(long)]
    pub(crate) explain: Option<String>,
    /// Rank categories with DE re-applied inside the category (default: filter the
    /// overall order).
    #[arg(long)]
    pub(crate) reapply_de: bool,
    #[command(flatten)]
    pub(crate) lang: super::lang::LangArg,
    /// Separate players tied after every tie-break by lot with this seed.
    #[arg(long)]
    pub(crate) lot_seed: Option<u64>,
    /// The rating the regulations fix for unrated players in ARO, TPR, PTP, APRO,
    /// APPO and RTNG (C.07 art. 10; a code's own /Unnnn wins). Without it, unrated
    /// opponents are left out, with a warning.
    #[arg(long, value_name = "N")]
    pub(crate) unrated: Option<u16>,
    /// With a Swiss-Manager player file (`players.txt+pairings.txt`): show Swiss-Manager's
    /// points, tie-break values (Wtg1..) and ranks next to ours and flag every difference
    /// (exit code 1 when there is one).
    #[arg(long)]
    pub(crate) compare: bool,
    /// Write to this file instead of stdout.
    #[arg(short = 'o', long)]
    pub(crate) output: Option<String>,
    /// Team events: the individual board standings (board prizes) instead of
    /// the team standings: per board, each player's games on it, points and
    /// percentage (games played over the board only).
    #[arg(long)]
    pub(crate) boards: bool,
    /// With --boards: the games a player needs on a board to be ranked.
    #[arg(long, value_name = "N", requires = "boards", default_value_t = 0)]
    pub(crate) min_games: u32,
    /// Rating-based tie-breaks (ARO, TPR, ...) use the list's ratings.
    #[command(flatten)]
    pub(crate) list: FideListArgs,
}

fn parse_tiebreaks(
    list: &str,
    edition_hint: &mut Option<TiebreakEdition>,
    warnings: &mut Vec<String>,
) -> Result<Vec<TieBreakSpec>, Failure> {
    let mut out = Vec::new();
    for item in list.split([',', ';', ' ']).filter(|s| !s.trim().is_empty()) {
        match swiss_manager::parse(item) {
            Some(Ok(sm)) => match sm.spec {
                Some(spec) => {
                    warnings.push(format!(
                        "note: swiss-manager id {} ({}) read as {spec}",
                        item.trim(),
                        sm.label,
                    ));
                    if let Some(e) = sm.edition {
                        edition_hint.get_or_insert(e);
                    }
                    out.push(spec);
                }
                None => warnings.push(format!(
                    "warning: swiss-manager id {} ({}) has no C.07 tie-break to compute; left out of the ranking",
                    item.trim(),
                    sm.label
                )),
            },
            Some(Err(e)) => return Err(Failure::Invalid(e.to_string())),
            None => {
                out.push(TieBreakSpec::parse(item).map_err(|e| Failure::Invalid(e.to_string()))?)
            }
        }
    }
    Ok(out)
}

/// The output, and whether `--compare` found differences.
fn run_inner(args: &Args) -> Result<(String, bool), Failure> {
    let bad = Failure::Invalid;
    // a birth date the reader could not read refuses the file only when a
    // category by age needs it
    let profile = match &args.profile {
        Some(p) => Some(super::common::standings_profile(
            p,
            args.section.section.as_deref(),
        )?),
        None => None,
    };
    let by_age = profile
        .as_ref()
        .is_some_and(|(p, _, _)| super::common::categories_by_age(&p.categories));
    let read = super::input::read_input(&args.input, None, None)?;
    let loaded = super::common::gate_ranking(if by_age {
        read
    } else {
        super::common::birth_dates_unused(read, "standings")
    })?;
    if loaded.tournament.is_team_event() {
        return team_standings(args, &loaded.tournament);
    }
    if args.boards {
        return Err(Failure::Invalid(format!(
            "{}: --boards ranks the boards of a team event, found an individual tournament",
            args.input
        )));
    }
    let points_note = points_used_note(&loaded);
    let t = match args.list.load_for(&loaded.tournament)? {
        Some(list) => {
            report(&loaded, &list);
            with_list_ratings(&loaded.tournament, &list, kind_of(&loaded.tournament)).0
        }
        None => loaded.tournament,
    };
    let mut opts = StandingsOptions::new()
        .after_round(args.after_round)
        .lot_seed(args.lot_seed)
        .unrated_rating(args.unrated);
    let mut warnings = Vec::new();
    let mut hint = None;
    if let Some(list) = &args.tiebreaks {
        opts.tiebreaks = parse_tiebreaks(list, &mut hint, &mut warnings)?;
    }
    if let Some(e) = &args.edition {
        opts.edition = Some(
            e.parse::<TiebreakEdition>()
                .map_err(|e| bad(e.to_string()))?,
        );
    }
    let mut profile_src = None;
    if let Some((profile, name, text)) = profile {
        profile.apply(&mut opts);
        profile_src = Some((name, text));
    }
    if opts.edition.is_none() {
        if let Some(h) = hint {
            warnings.push(format!(
                "note: legacy swiss-manager ids: edition {h} (give --edition to change)"
            ));
            opts.edition = Some(h);
        }
    }
    if args.reapply_de {
        opts.category_mode = CategoryMode::ReapplyDirectEncounter;
    }
    if !args.category.is_empty() {
        for c in &args.category {
            if !opts
                .categories
                .iter()
                .any(|x| x.name.eq_ignore_ascii_case(c))
            {
                let known: Vec<&str> = opts.categories.iter().map(|x| x.name.as_str()).collect();
                return Err(bad(format!(
                    "expected a category defined in the profile ({}), found \"{c}\"",
                    if known.is_empty() {
                        "none defined".to_string()
                    } else {
                        known.join(", ")
                    }
                )));
            }
        }
        opts.categories
            .retain(|x| args.category.iter().any(|c| x.name.eq_ignore_ascii_case(c)));
    }
    if let Some(q) = &args.explain {
        opts.explain = Some(standings::find_player(&t, q).map_err(|e| bad(e.to_string()))?);
    }
    if !matches!(args.separator, ',' | ';') {
        return Err(bad(format!(
            "expected the separator ',' or ';', found '{}'",
            args.separator
        )));
    }
    let mut s = standings::compute_located(&t, &opts, &loaded.source).map_err(|e| match e {
        // The file's own list: name the file and the record that holds it.
        standings::StandingsError::FileTieBreak { .. } => {
            let line = loaded
                .source
                .trf()
                .and_then(|m| m.header_lines.get("202"))
                .map(|l| format!(", line {l} (202)"))
                .unwrap_or_default();
            bad(format!("{}{line}: {e}", loaded.name))
        }
        e => super::common::profile_failure(
            &e,
            profile_src.as_ref().map(|(n, t)| (n.as_str(), t.as_str())),
        ),
    })?;
    for w in warnings {
        super::exit::say(w);
    }
    // Every note names the input (and the line of its fact where it has one).
    s.notes = points_note
        .into_iter()
        .chain(std::mem::take(&mut s.notes))
        .map(|n| {
            let placed = profile_src.as_ref().map(|(name, text)| {
                (
                    name.as_str(),
                    text.as_str(),
                    args.section.section.as_deref(),
                )
            });
            super::common::place_note(n, &loaded.name, placed)
        })
        .collect();
    for n in s
        .notes
        .iter()
        .filter(|n| matches!(n.code, codes::TIEBREAK_CUTS_ALL | codes::NO_TIEBREAKS))
    {
        eprintln!("warning[{}]: {}: {}", n.code, n.location, n.message);
    }
    if args.compare {
        let c = chess_arbiter::render::sm_compare::compare(&t, &s);
        let mut out = chess_arbiter::render::sm_compare::text(&t, &c);
        out.insert(0, '\n');
        out.insert_str(0, &render::text(&t, &s));
        return Ok((out, !c.differences.is_empty()));
    }
    // `--category` shows that category only; JSON keeps its whole shape.
    let sections = if args.category.is_empty() {
        render::Sections::All
    } else {
        render::Sections::CategoriesOnly
    };
    let lang = args
        .lang
        .resolve_in(profile_src.as_ref().map(|(n, t)| (n.as_str(), t.as_str())))?;
    let mut out = match args.format {
        Format::Text => render::text_in(&t, &s, sections, lang),
        Format::Csv => render::csv_in(&t, &s, args.separator, sections, lang),
        Format::Json => render::json(&t, &s),
        Format::Html => render::html_of(&t, &s, sections),
        Format::Crosstable => render::crosstable(&t, &s),
    };
    if s.explanation.is_some() {
        match args.format {
            Format::Text | Format::Crosstable => {
                out.push('\n');
                out.push_str(&render::explain(&t, &s));
            }
            Format::Json => {}
            Format::Csv | Format::Html => eprint!("{}", render::explain(&t, &s)),
        }
    }
    Ok((out, false))
}

/// Team standings (C.07 art. 12-13): MP, GP and the team tie-breaks of
/// `--tiebreaks`, else the file's `202`.
fn team_standings(
    args: &Args,
    t: &chess_arbiter::model::Tournament,
) -> Result<(String, bool), Failure> {
    use chess_arbiter::render::team_standings as team_render;
    use standings::team::{self, TeamTieBreak};
    if args.boards {
        let s = standings::team_boards::compute(
            t,
            &standings::team_boards::BoardOptions::new()
                .after_round(args.after_round.map(|r| r as usize))
                .min_games(args.min_games),
        );
        return match args.format {
            Format::Json => Ok((team_render::boards_json(&s), false)),
            Format::Text => Ok((team_render::boards_text(&s), false)),
            other => Err(Failure::Invalid(format!(
                "expected --format text or json for board standings, found {other:?}"
            ))),
        };
    }
    let list: Vec<String> = match &args.tiebreaks {
        Some(l) => l
            .split([',', ';', ' '])
            .filter(|s| !s.trim().is_empty())
            .map(str::to_string)
            .collect(),
        None => t.tiebreaks.clone(),
    };
    let tbs = list
        .iter()
        .map(|c| TeamTieBreak::parse(c))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| Failure::Invalid(format!("{}: {e}", args.input)))?;
    let edition = match &args.edition {
        Some(e) => e
            .parse::<TiebreakEdition>()
            .map_err(|e| Failure::Invalid(format!("--edition: {e}")))?,
        None => team::edition_of(t),
    };
    let s = team::compute_in(t, &tbs, args.after_round.map(|r| r as usize), edition);
    for n in &s.notes {
        eprintln!("warning: {}: {n}", args.input);
    }
    let out = match args.format {
        Format::Json => team_render::json(&s),
        Format::Text => team_render::text(&s, args.lang.resolve(None)?),
        other => {
            return Err(Failure::Invalid(format!(
                "expected --format text or json for team standings, found {other:?}"
            )))
        }
    };
    Ok((out, false))
}

/// The final places of `t` by points and its own tie-breaks (`Tournament::tiebreaks`),
/// with the list used, for the FIDE report's rank field; `None` when the file lists no
/// tie-breaks (the report then ranks by score and starting rank, and says so) or they
/// cannot be computed.
pub(crate) fn final_ranks(
    t: &chess_arbiter::model::Tournament,
) -> Option<(
    std::collections::BTreeMap<chess_arbiter::model::PlayerId, u32>,
    String,
)> {
    if t.tiebreaks.is_empty() {
        return None;
    }
    let s = standings::compute(t, &StandingsOptions::default()).ok()?;
    let ranks = s.rows.iter().map(|r| (r.player, r.rank)).collect();
    Some((ranks, t.tiebreaks.join(", ")))
}

pub(crate) fn run(args: Args) -> Result<Outcome, Failure> {
    let (out, differences) = run_inner(&args)?;
    super::input::write_output(args.output.as_deref(), &out).map_err(Failure::Reported)?;
    Ok(Outcome::found_if(differences))
}
