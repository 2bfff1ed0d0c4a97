//! `arbiter event …`: run an event in an event file. Each subcommand parses
//! its arguments, calls one operation of the library's event room, and
//! prints what it did; the step (with the arbiter's name) is in the file's log.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use chess_arbiter::event::{
    self, results, Author, ByeCode, Entrant, Event, EventError, ManualChange, SheetLine,
};
use chess_arbiter::model::{BirthDate, Player, Sex, Title};
use chess_arbiter::render;
use chess_arbiter::render::i18n::Lang;
use clap::{Subcommand, ValueEnum};

use super::common::SystemArg;
use super::exit::{self, Failure, Outcome};
use super::fide_list::FideListArgs;
use super::input;

#[derive(clap::Args, Debug)]
#[command(after_help = "A round, from the command line:
  arbiter event new open.arbiter --from start.trf --profile ctca.toml
  arbiter event pair open.arbiter                 # pairs and publishes round 1
  arbiter event result open.arbiter 1 1-0         # board 1: White won
  arbiter event results open.arbiter round1.csv   # board,result lines
  arbiter event pair open.arbiter                 # round 2
  arbiter standings open.arbiter --profile ctca.toml

Every step is written whole or not at all, with the arbiter's name (--arbiter,
else the ARBITER_NAME environment variable, else the login name) and the time;
`arbiter event log` lists them. Exit codes: 0 done, 1 no legal pairing,
3 refused (the message says why; nothing was written), 5 the file cannot be
opened or is busy with another arbiter's step.")]
pub(crate) struct Args {
    #[command(subcommand)]
    pub(crate) command: EventCommand,
}

/// Who makes the step.
#[derive(clap::Args, Debug, Clone, Default)]
pub(crate) struct Who {
    /// The arbiter's name for the log (else ARBITER_NAME, else the login name).
    #[arg(long, global = true)]
    pub(crate) arbiter: Option<String>,
}

impl Who {
    fn author(&self, reason: Option<String>) -> Author {
        let arbiter = self
            .arbiter
            .clone()
            .or_else(|| std::env::var("ARBITER_NAME").ok())
            .filter(|s| !s.trim().is_empty())
            .or_else(|| {
                ["USER", "USERNAME", "LOGNAME"]
                    .iter()
                    .find_map(|k| std::env::var(k).ok())
                    .map(|u| format!("{u} (login)"))
            })
            .unwrap_or_else(|| "unknown (no --arbiter, ARBITER_NAME or login)".into());
        Author { arbiter, reason }
    }
}

/// The section a step is about, why, and who makes it.
#[derive(clap::Args, Debug, Clone, Default)]
pub(crate) struct StepArgs {
    /// The section (default: the first, the main group).
    #[arg(long)]
    pub(crate) section: Option<String>,
    /// Why (recorded in the log).
    #[arg(long)]
    pub(crate) reason: Option<String>,
    /// Confirm a Level-3 warning (a full-point bye, a second half-point bye,
    /// a correction of a round already paired on): without it the step is
    /// refused and the message says what it would record.
    #[arg(long)]
    pub(crate) confirm: bool,
    #[command(flatten)]
    pub(crate) who: Who,
}

impl StepArgs {
    fn author(&self) -> Author {
        self.who.author(self.reason.clone())
    }

    fn section(&self) -> Option<&str> {
        self.section.as_deref()
    }
}

#[derive(Subcommand, Debug)]
pub(crate) enum EventCommand {
    /// Create an event file: sections from the profile, players (and rounds) from any input.
    New(NewArgs),
    /// Register players: from a registrations CSV or one FIDE id with --fide-list, by hand, or from a file.
    Register(RegisterArgs),
    /// Change a player's data.
    Edit(EditArgs),
    /// Pair the next round of a section, publish it and print it (--draft: keep it a draft).
    Pair(PairArgs),
    /// A manual change to the draft pairing, with its reason.
    Change(ChangeArgs),
    /// Enter the result of one board.
    Result(ResultArgs),
    /// Enter results from a sheet: CSV (board,result; optional round, section) or pasted lines.
    Results(ResultsArgs),
    /// A bye requested for a round not yet paired (full-point unless --half or --zero).
    Bye(ByeArgs),
    /// Withdraw a player from a round on (--back: bring them back).
    Withdraw(WithdrawArgs),
    /// Undo the last step, or return to the state before step N; the undo is itself a step.
    Undo(UndoArgs),
    /// Whether the event is in FIDE mode; --leave leaves it for good (two confirmations).
    FideMode(FideModeArgs),
    /// The log of every step: what, when, by whom, why.
    Log(LogArgs),
    /// The sections, their rounds and a round's boards.
    Show(ShowArgs),
}

#[derive(clap::Args, Debug)]
pub(crate) struct NewArgs {
    /// The event file to create (`.arbiter` suggested); it must not exist.
    pub(crate) event: PathBuf,
    /// Players and header (and rounds already played) from any input the tool reads.
    #[arg(long)]
    pub(crate) from: Option<String>,
    /// The regulations profile: sections, rounds, dates, tie-breaks, prizes.
    #[arg(long)]
    pub(crate) profile: Option<PathBuf>,
    /// The event's name when there is no profile.
    #[arg(long)]
    pub(crate) name: Option<String>,
    /// Rounds of the main section when there is no profile.
    #[arg(long)]
    pub(crate) rounds: Option<u32>,
    /// Import rounds that break the pairing rules anyway (a Level-3 warning;
    /// each such round is recorded as `### Import @ Round n`).
    #[arg(long)]
    pub(crate) confirm: bool,
    #[command(flatten)]
    pub(crate) who: Who,
}

#[derive(clap::Args, Debug)]
pub(crate) struct FideModeArgs {
    pub(crate) event: PathBuf,
    /// Leave FIDE mode for good (needs --reason, --confirm and --confirm-again).
    #[arg(long, conflicts_with = "enter")]
    pub(crate) leave: bool,
    /// Enter FIDE mode (always refused: every event is in it from its
    /// creation, and once left it is never entered again).
    #[arg(long)]
    pub(crate) enter: bool,
    /// Why FIDE mode is left (written into the `###` line).
    #[arg(long)]
    pub(crate) reason: Option<String>,
    /// The first confirmation of the Level-4 warning.
    #[arg(long)]
    pub(crate) confirm: bool,
    /// The second confirmation of the Level-4 warning.
    #[arg(long, requires = "confirm")]
    pub(crate) confirm_again: bool,
    #[command(flatten)]
    pub(crate) who: Who,
}

#[derive(clap::Args, Debug)]
pub(crate) struct RegisterArgs {
    pub(crate) event: PathBuf,
    #[arg(long)]
    pub(crate) section: Option<String>,
    /// A registrations CSV (FIDE id, category, name), with --fide-list.
    #[arg(long, conflicts_with_all = ["fide_id", "name", "from"])]
    pub(crate) csv: Option<String>,
    /// One player by FIDE id, with --fide-list (or by hand with --name).
    #[arg(long)]
    pub(crate) fide_id: Option<String>,
    #[command(flatten)]
    pub(crate) list: FideListArgs,
    /// Every player of another file (any input the tool reads).
    #[arg(long, conflicts_with_all = ["fide_id", "name"])]
    pub(crate) from: Option<String>,
    #[command(flatten)]
    pub(crate) data: PlayerData,
    /// The first round the player is paired in (a late entry: the rounds
    /// before get the section's late-entry bye).
    #[arg(long, default_value_t = 1)]
    pub(crate) from_round: u32,
    /// Late to the technical meeting: not paired in round 1 (a zero-point bye).
    #[arg(long)]
    pub(crate) not_paired_round1: bool,
    #[command(flatten)]
    pub(crate) who: Who,
}

/// A player's data by hand.
#[derive(clap::Args, Debug, Default)]
pub(crate) struct PlayerData {
    #[arg(long)]
    pub(crate) name: Option<String>,
    #[arg(long)]
    pub(crate) rating: Option<u16>,
    /// Federation (three letters).
    #[arg(long)]
    pub(crate) fed: Option<String>,
    /// Birth date: YYYY, YYYY-MM or YYYY-MM-DD.
    #[arg(long)]
    pub(crate) birth: Option<String>,
    #[arg(long, value_enum)]
    pub(crate) sex: Option<SexArg>,
    /// FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM).
    #[arg(long)]
    pub(crate) title: Option<String>,
    /// The category the player registered in (TRF XXG).
    #[arg(long)]
    pub(crate) category: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum SexArg {
    M,
    F,
}

#[derive(clap::Args, Debug)]
pub(crate) struct EditArgs {
    pub(crate) event: PathBuf,
    /// The player's pairing number.
    pub(crate) player: u32,
    #[arg(long)]
    pub(crate) section: Option<String>,
    #[arg(long)]
    pub(crate) fide_id: Option<String>,
    #[command(flatten)]
    pub(crate) data: PlayerData,
    #[command(flatten)]
    pub(crate) who: Who,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum PairFormat {
    Text,
    Json,
    Bbp,
    Html,
}

#[derive(clap::Args, Debug)]
pub(crate) struct PairArgs {
    pub(crate) event: PathBuf,
    #[arg(long)]
    pub(crate) section: Option<String>,
    /// Keep the pairing a draft (printed with `check`'s verdict); `pair`
    /// without it publishes the draft.
    #[arg(long)]
    pub(crate) draft: bool,
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: PairFormat,
    /// The Dutch edition, when the section's profile does not say.
    #[arg(long, value_enum)]
    pub(crate) system: Option<SystemArg>,
    /// Write the pairing here instead of standard output.
    #[arg(short = 'o', long)]
    pub(crate) output: Option<String>,
    #[command(flatten)]
    pub(crate) who: Who,
}

#[derive(clap::Args, Debug)]
pub(crate) struct ChangeArgs {
    pub(crate) event: PathBuf,
    #[arg(long)]
    pub(crate) section: Option<String>,
    /// Exchange two players (pairing numbers) on the boards or the bye.
    #[arg(long, num_args = 2, value_names = ["A", "B"], conflicts_with = "flip")]
    pub(crate) swap: Option<Vec<u32>>,
    /// Exchange the colours of a board.
    #[arg(long, value_name = "BOARD")]
    pub(crate) flip: Option<u32>,
    /// Why (required: it is recorded and named by `check`).
    #[arg(long)]
    pub(crate) reason: String,
    #[command(flatten)]
    pub(crate) who: Who,
}

#[derive(clap::Args, Debug)]
pub(crate) struct ResultArgs {
    pub(crate) event: PathBuf,
    pub(crate) board: u32,
    /// 1-0, 0-1, 1/2 (½-½, =), +-, -+, --, 0-0, ?
    pub(crate) result: String,
    /// The round (default: the last published).
    #[arg(long)]
    pub(crate) round: Option<u32>,
    /// Replace a different result already recorded (the old value is logged).
    #[arg(long)]
    pub(crate) correct: bool,
    #[command(flatten)]
    pub(crate) step: StepArgs,
}

#[derive(clap::Args, Debug)]
pub(crate) struct ResultsArgs {
    pub(crate) event: PathBuf,
    /// The sheet (`-`: standard input, e.g. pasted lines).
    pub(crate) sheet: String,
    /// For lines without a round column (default: the last published).
    #[arg(long)]
    pub(crate) round: Option<u32>,
    #[arg(long)]
    pub(crate) correct: bool,
    /// The section of lines without a section column, why, who.
    #[command(flatten)]
    pub(crate) step: StepArgs,
}

#[derive(clap::Args, Debug)]
pub(crate) struct ByeArgs {
    pub(crate) event: PathBuf,
    /// The player's pairing number.
    pub(crate) player: u32,
    #[arg(long)]
    pub(crate) round: u32,
    /// A half-point bye.
    #[arg(long, conflicts_with_all = ["zero", "remove"])]
    pub(crate) half: bool,
    /// A zero-point bye (a known absence).
    #[arg(long, conflicts_with = "remove")]
    pub(crate) zero: bool,
    /// Take back a bye requested earlier.
    #[arg(long)]
    pub(crate) remove: bool,
    #[command(flatten)]
    pub(crate) step: StepArgs,
}

#[derive(clap::Args, Debug)]
pub(crate) struct WithdrawArgs {
    pub(crate) event: PathBuf,
    pub(crate) player: u32,
    #[arg(long, required_unless_present = "back")]
    pub(crate) from_round: Option<u32>,
    /// Bring a withdrawn player back.
    #[arg(long, conflicts_with = "from_round")]
    pub(crate) back: bool,
    #[command(flatten)]
    pub(crate) step: StepArgs,
}

#[derive(clap::Args, Debug)]
pub(crate) struct UndoArgs {
    pub(crate) event: PathBuf,
    /// Return to the state before this step of the log (default: the last step).
    #[arg(long)]
    pub(crate) step: Option<i64>,
    #[arg(long)]
    pub(crate) reason: Option<String>,
    #[command(flatten)]
    pub(crate) who: Who,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum LogFormat {
    Text,
    Json,
}

#[derive(clap::Args, Debug)]
pub(crate) struct LogArgs {
    pub(crate) event: PathBuf,
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: LogFormat,
    #[command(flatten)]
    pub(crate) lang: super::lang::LangArg,
}

#[derive(clap::Args, Debug)]
pub(crate) struct ShowArgs {
    pub(crate) event: PathBuf,
    #[arg(long)]
    pub(crate) section: Option<String>,
    /// Show this round's boards (default: the draft, else the last published).
    #[arg(long)]
    pub(crate) round: Option<u32>,
}

impl From<EventError> for Failure {
    fn from(e: EventError) -> Self {
        let code = match e {
            EventError::Access { .. } | EventError::Busy { .. } | EventError::Storage { .. } => {
                exit::FILE_ACCESS
            }
            EventError::NoLegalPairing { .. } => exit::FOUND,
            _ => exit::INVALID_INPUT,
        };
        Failure::Message(code, format!("error: {e}"))
    }
}

pub(crate) fn run(args: Args) -> Result<Outcome, Failure> {
    match args.command {
        EventCommand::New(a) => new(a),
        EventCommand::Register(a) => register(a),
        EventCommand::Edit(a) => edit(a),
        EventCommand::Pair(a) => pair(a),
        EventCommand::Change(a) => change(a),
        EventCommand::Result(a) => result(a),
        EventCommand::Results(a) => results_sheet(a),
        EventCommand::Bye(a) => bye(a),
        EventCommand::Withdraw(a) => withdraw(a),
        EventCommand::Undo(a) => undo(a),
        EventCommand::FideMode(a) => fide_mode(a),
        EventCommand::Log(a) => log(a),
        EventCommand::Show(a) => show(a),
    }
}

fn open(path: &Path) -> Result<Event, Failure> {
    Ok(Event::open(path)?)
}

/// The warnings confirmed on the command line.
fn confirmation(once: bool, again: bool) -> event::Confirm {
    match (once, again) {
        (true, true) => event::Confirm::Twice,
        (true, false) => event::Confirm::Once,
        _ => event::Confirm::None,
    }
}

/// Open the event file with the step's confirmation.
fn open_confirmed(path: &Path, step: &StepArgs) -> Result<Event, Failure> {
    let mut e = open(path)?;
    e.confirm(confirmation(step.confirm, false));
    Ok(e)
}

/// The line every command that shows the event prints first while FIDE mode
/// is off (VCL4THP Q46).
fn fide_banner(e: &Event) -> Result<Option<String>, Failure> {
    Ok(match e.fide_mode()? {
        event::FideMode::On => None,
        event::FideMode::Left {
            step,
            arbiter,
            reason,
            ..
        } => Some(format!(
            "NOT IN FIDE MODE: left at step {step} by {arbiter} ({reason}); it can never be entered again"
        )),
    })
}

fn fide_mode(a: FideModeArgs) -> Result<Outcome, Failure> {
    let mut e = open(&a.event)?;
    if a.enter {
        e.enter_fide_mode()?;
    }
    if a.leave {
        e.confirm(confirmation(a.confirm, a.confirm_again));
        let seq = e.leave_fide_mode(&a.who.author(a.reason.clone()))?;
        println!("step {seq}: FIDE mode left for good");
    }
    match fide_banner(&e)? {
        Some(b) => println!("{b}"),
        None => println!("in FIDE mode (since the event's creation)"),
    }
    Ok(Outcome::Clean)
}

fn new(a: NewArgs) -> Result<Outcome, Failure> {
    let (sections, profile) = match &a.profile {
        Some(path) => {
            let text = super::common::read_profile(path)?;
            let name = path.display().to_string();
            let p = chess_arbiter::standings::prizes::Profile::from_toml(&text, &name).map_err(
                |diagnostics| Failure::Input {
                    code: exit::INVALID_INPUT,
                    diagnostics,
                },
            )?;
            let specs = event::spec::sections(&p).map_err(|e| {
                Failure::Invalid(format!(
                    "{name}: {}",
                    e.to_string().trim_start_matches(": ")
                ))
            })?;
            (specs, Some((text, file_name(path))))
        }
        None => {
            let play = chess_arbiter::model::play::PlaySettings {
                rounds: a.rounds,
                ..Default::default()
            };
            let name = a.name.clone().unwrap_or_default();
            (
                vec![event::spec::section(
                    event::spec::MAIN,
                    "Main",
                    &name,
                    &play,
                )?],
                None,
            )
        }
    };
    let name = a
        .name
        .clone()
        .or_else(|| sections.first().map(|s| s.header.info.name.clone()))
        .unwrap_or_default();
    let mut steps = vec![event::Step::Create {
        name,
        profile: profile.as_ref().map(|p| p.0.clone()),
        profile_name: profile.map(|p| p.1),
        sections,
    }];
    if let Some(from) = &a.from {
        let mut loaded = super::common::gate(input::read_input(from, None, None)?)?;
        // VCL4THP Q54-55: imported rounds checked against the pairing rules
        let confirm = confirmation(a.confirm, false);
        let breaches = event::check_import(&mut loaded.tournament, confirm, &a.event)?;
        for l in &breaches {
            eprintln!("warning: imported anyway (--confirm): {l}");
        }
        steps.push(event::Step::Import {
            section: event::spec::MAIN.into(),
            tournament: Box::new(loaded.tournament),
            source: loaded.name,
        });
    }
    let e = Event::create(&a.event, &a.who.author(None), steps)?;
    for s in e.sections()? {
        println!(
            "section {}: {} ({} players, {} rounds{})",
            s.key,
            s.name,
            s.players,
            s.rounds_total.map_or("?".to_string(), |r| r.to_string()),
            if s.published > 0 {
                format!(", {} published", s.published)
            } else {
                String::new()
            }
        );
    }
    println!("created {}", a.event.display());
    Ok(Outcome::Clean)
}

fn file_name(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| p.display().to_string())
}

fn birth(text: &str) -> Result<BirthDate, Failure> {
    let bad = || {
        Failure::Invalid(format!(
            "--birth: expected YYYY, YYYY-MM or YYYY-MM-DD, found \"{text}\""
        ))
    };
    let mut parts = text.trim().split('-');
    let year = parts.next().and_then(|y| y.parse().ok()).ok_or_else(bad)?;
    let month = parts
        .next()
        .map(|m| m.parse().map_err(|_| bad()))
        .transpose()?;
    let day = parts
        .next()
        .map(|d| d.parse().map_err(|_| bad()))
        .transpose()?;
    let b = BirthDate { year, month, day };
    if month.is_some_and(|m: u32| !(1..=12).contains(&m)) || (day.is_some() && b.date().is_none()) {
        return Err(bad());
    }
    Ok(b)
}

impl PlayerData {
    pub(crate) fn apply(&self, p: &mut Player) -> Result<(), Failure> {
        if let Some(n) = &self.name {
            p.name = n.clone();
        }
        if let Some(r) = self.rating {
            p.rating = (r > 0).then_some(r);
        }
        if let Some(f) = &self.fed {
            p.federation = Some(f.trim().to_uppercase()).filter(|f| !f.is_empty());
        }
        if let Some(b) = &self.birth {
            p.birth = Some(birth(b)?);
        }
        if let Some(s) = self.sex {
            p.sex = Some(match s {
                SexArg::M => Sex::Male,
                SexArg::F => Sex::Female,
            });
        }
        if let Some(t) = &self.title {
            p.title = Some(Title::from_code(t.trim()));
        }
        if let Some(c) = &self.category {
            p.registered_category = Some(c.clone()).filter(|c| !c.trim().is_empty());
        }
        Ok(())
    }
}

fn register(a: RegisterArgs) -> Result<Outcome, Failure> {
    let mut e = open(&a.event)?;
    let (first_round, missed) = if a.not_paired_round1 {
        (a.from_round.max(2), Some(ByeCode::Z))
    } else {
        (a.from_round, None)
    };
    let entrant = |player: Player| Entrant {
        player,
        first_round,
        missed,
    };
    let mut players = Vec::new();
    let mut found = false;
    if let Some(csv) = &a.csv {
        let list_needed = a.list.fide_list.is_none();
        if list_needed {
            return Err(Failure::Invalid(
                "--csv: the player data comes from the FIDE list; give --fide-list FILE".into(),
            ));
        }
        let bytes = input::read_path(csv)?;
        let regs = chess_arbiter::formats::registrations::read(&String::from_utf8_lossy(&bytes))
            .map_err(|d| Failure::Input {
                code: exit::INVALID_INPUT,
                diagnostics: vec![d.in_file(Some(csv))],
            })?;
        let (list, players_from) = from_list(&a.list, &regs)?;
        let ds = render::fide_list::unlisted_diagnostics(&players_from.unlisted, &list, csv);
        for d in &ds {
            eprintln!("{d}");
        }
        found = ds.iter().any(|d| d.is_error());
        players.extend(players_from.tournament.players);
    } else if let Some(from) = &a.from {
        let loaded = super::common::gate(input::read_input(from, None, None)?)?;
        players.extend(loaded.tournament.players.into_iter().map(|mut p| {
            p.rounds.clear();
            p
        }));
    } else {
        let mut p = Player::default();
        if let Some(id) = &a.fide_id {
            p.fide_id = Some(id.trim().to_string());
            if a.list.fide_list.is_some() {
                let reg = chess_arbiter::model::fide_list::Registration {
                    line: 1,
                    fide_id: Some(id.trim().to_string()),
                    category: a.data.category.clone(),
                    name: None,
                };
                let (_, s) = from_list(&a.list, std::slice::from_ref(&reg))?;
                p = s.tournament.players.into_iter().next().ok_or_else(|| {
                    Failure::Invalid(format!(
                        "--fide-id {id}: expected a player of the FIDE list, found no such id in {}",
                        a.list.fide_list.as_ref().map(|p| p.display().to_string()).unwrap_or_default()
                    ))
                })?;
            }
        }
        a.data.apply(&mut p)?;
        if p.name.trim().is_empty() {
            return Err(Failure::Invalid(
                "expected a player to register: --csv with --fide-list, --fide-id with --fide-list, --from FILE, or --name (by hand)".into(),
            ));
        }
        if p.fide_id.is_none() {
            eprintln!("warning: {} registered without a FIDE id (a FIDE-rated event's regulations may require one: `arbiter validate EVENT --profile` checks it)", p.name);
        }
        players.push(p);
    }
    let n = players.len();
    let entrants = players.into_iter().map(entrant).collect();
    let seq = e.register(&a.who.author(None), a.section.as_deref(), entrants)?;
    println!("step {seq}: {n} player(s) registered");
    print_players(&e, a.section.as_deref(), Some(seq))?;
    Ok(Outcome::found_if(found))
}

/// The registrations' players with their data from the FIDE list, in the
/// initial order (C.04.2 art. 2.2).
fn from_list(
    list: &FideListArgs,
    regs: &[chess_arbiter::model::fide_list::Registration],
) -> Result<
    (
        chess_arbiter::model::fide_list::FideList,
        chess_arbiter::pairing::start_list::StartList,
    ),
    Failure,
> {
    use chess_arbiter::pairing::start_list::{build, StartListOptions};
    let ids = regs
        .iter()
        .filter_map(|r| r.fide_id.as_deref()?.trim().parse().ok())
        .collect();
    let Some(l) = list.load(Some(ids))? else {
        return Err(Failure::Invalid(
            "expected --fide-list FILE: the player data comes from it".into(),
        ));
    };
    let opts = StartListOptions::new().kind(chess_arbiter::model::fide_list::ListKind::Standard);
    let s = build(regs, &l, &opts);
    Ok((l, s))
}

fn print_players(e: &Event, section: Option<&str>, _seq: Option<i64>) -> Result<(), Failure> {
    let t = e.tournament(section)?;
    print!("{}", render::event::players_text(&t));
    Ok(())
}

fn edit(a: EditArgs) -> Result<Outcome, Failure> {
    let mut e = open(&a.event)?;
    let mut err = None;
    let seq = e.edit(&a.who.author(None), a.section.as_deref(), a.player, |p| {
        if let Some(id) = &a.fide_id {
            p.fide_id = Some(id.trim().to_string()).filter(|s| !s.is_empty());
        }
        if let Err(x) = a.data.apply(p) {
            err = Some(x);
        }
    });
    if let Some(x) = err {
        return Err(x);
    }
    println!("step {}: player {} changed", seq?, a.player);
    Ok(Outcome::Clean)
}

/// `arbiter event pair`: pair (and publish, or keep as a draft) the next round and print it.
fn pair(a: PairArgs) -> Result<Outcome, Failure> {
    let mut e = open(&a.event)?;
    let edition = a.system.and_then(SystemArg::dutch);
    let section = a.section.as_deref();
    let done = e.pair(&a.who.author(None), section, a.draft, edition)?;
    let (t, p) = e.pairing(Some(&done.section), done.round)?;
    let mut text = match a.format {
        PairFormat::Text => render::pair::text(&t, &p),
        PairFormat::Json => render::pair::json(&p),
        PairFormat::Bbp => render::pair::bbp(&p),
        PairFormat::Html => render::site::pairing_page(&t, &p)
            .map_err(|x| Failure::Message(exit::UNEXPECTED, format!("error: {x}")))?,
    };
    if a.format == PairFormat::Text {
        let verdict = render::event::verdict(&t, &p);
        text.push_str(&render::event::pair_footer(&done, verdict.as_deref()));
    }
    input::write_output(a.output.as_deref(), &text).map_err(Failure::Reported)?;
    Ok(Outcome::Clean)
}

fn change(a: ChangeArgs) -> Result<Outcome, Failure> {
    let mut e = open(&a.event)?;
    let change = match (&a.swap, a.flip) {
        (Some(v), None) => match v.as_slice() {
            [x, y] => ManualChange::Swap { a: *x, b: *y },
            _ => {
                return Err(Failure::Invalid(
                    "--swap: expected two pairing numbers".into(),
                ))
            }
        },
        (None, Some(board)) => ManualChange::Flip { board },
        _ => {
            return Err(Failure::Invalid(
                "expected a change: --swap A B or --flip BOARD".into(),
            ))
        }
    };
    let round = e.change(
        &a.who.author(Some(a.reason.clone())),
        a.section.as_deref(),
        change,
    )?;
    let s = e.section(a.section.as_deref())?;
    let (t, p) = e.pairing(Some(&s.key), round)?;
    print!(
        "{}",
        render::event::boards_text(&t, &p, &e.boards(Some(&s.key), round)?)
    );
    println!(
        "draft of round {round} changed by hand ({}); `arbiter event pair` publishes it",
        a.reason
    );
    Ok(Outcome::Clean)
}

fn parse_result(text: &str) -> Result<event::BoardResult, Failure> {
    results::parse(text).ok_or_else(|| {
        Failure::Invalid(format!("expected {}, found \"{text}\"", results::EXPECTED))
    })
}

fn report_entered(lines: &[SheetLine], done: &[event::Entered]) {
    for (l, d) in lines.iter().zip(done) {
        println!(
            "{}",
            render::event::entered(Lang::ENGLISH, l.board, l.round, l.result, d)
        );
    }
}

fn result(a: ResultArgs) -> Result<Outcome, Failure> {
    let mut e = open_confirmed(&a.event, &a.step)?;
    let r = parse_result(&a.result)?;
    let line = SheetLine {
        at: String::new(),
        section: a.step.section.clone(),
        round: a.round,
        board: a.board,
        result: r,
        expected: None,
    };
    let done = e.results(&a.step.author(), std::slice::from_ref(&line), a.correct)?;
    report_entered(&[line], &done);
    Ok(Outcome::Clean)
}

fn results_sheet(a: ResultsArgs) -> Result<Outcome, Failure> {
    let bytes = input::read_path(&a.sheet)?;
    let name = if a.sheet == "-" {
        "<stdin>".to_string()
    } else {
        a.sheet.clone()
    };
    let text = String::from_utf8(bytes).map_err(|x| {
        Failure::Invalid(format!(
            "{name}: expected UTF-8 text, found a byte that is not at offset {}",
            x.utf8_error().valid_up_to()
        ))
    })?;
    let mut lines =
        results::sheet(&text, &name).map_err(|errs| Failure::Invalid(errs.join("\nerror: ")))?;
    for l in &mut lines {
        if l.section.is_none() {
            l.section = a.step.section.clone();
        }
        if l.round.is_none() {
            l.round = a.round;
        }
    }
    let mut e = open_confirmed(&a.event, &a.step)?;
    let done = e.results(&a.step.author(), &lines, a.correct)?;
    report_entered(&lines, &done);
    let new = done
        .iter()
        .filter(|d| !matches!(d, event::Entered::Unchanged))
        .count();
    println!("{new} result(s) entered from {name}");
    Ok(Outcome::Clean)
}

fn bye(a: ByeArgs) -> Result<Outcome, Failure> {
    let mut e = open_confirmed(&a.event, &a.step)?;
    let code = if a.remove {
        None
    } else if a.half {
        Some(ByeCode::H)
    } else if a.zero {
        Some(ByeCode::Z)
    } else {
        eprintln!("warning: a full-point bye: FIDE's checklist for pairing programs calls it deprecated; --half or --zero where the regulations say");
        Some(ByeCode::F)
    };
    let seq = e.bye(&a.step.author(), a.step.section(), a.player, a.round, code)?;
    let what = match code {
        None => "bye taken back".to_string(),
        Some(ByeCode::H) => "half-point bye".into(),
        Some(ByeCode::Z) => "zero-point bye".into(),
        Some(_) => "full-point bye".into(),
    };
    println!("step {seq}: player {} round {}: {what}", a.player, a.round);
    Ok(Outcome::Clean)
}

fn withdraw(a: WithdrawArgs) -> Result<Outcome, Failure> {
    let mut e = open(&a.event)?;
    let from = if a.back { None } else { a.from_round };
    let seq = e.withdraw(&a.step.author(), a.step.section(), a.player, from)?;
    match from {
        Some(r) => println!("step {seq}: player {} withdrawn from round {r}", a.player),
        None => println!("step {seq}: player {} brought back", a.player),
    }
    Ok(Outcome::Clean)
}

fn undo(a: UndoArgs) -> Result<Outcome, Failure> {
    let mut e = open(&a.event)?;
    let seq = e.undo(&a.who.author(a.reason.clone()), a.step)?;
    let log = e.log()?;
    if let Some(l) = log.iter().find(|l| l.seq == seq) {
        print!(
            "{}",
            render::event::log_text(std::slice::from_ref(l), Lang::ENGLISH, &HashMap::new())
        );
    }
    Ok(Outcome::Clean)
}

fn log(a: LogArgs) -> Result<Outcome, Failure> {
    let e = open(&a.event)?;
    let profile = e.profile()?;
    let lang = a.lang.resolve_in(
        profile
            .as_ref()
            .map(|(text, name)| (name.as_str(), text.as_str())),
    )?;
    let log = e.log()?;
    // sections by their keys, as `--section` takes them
    let keys = HashMap::new();
    let text = match a.format {
        LogFormat::Text => render::event::log_text(&log, lang, &keys),
        LogFormat::Json => render::event::log_json(&log, lang, &keys),
    };
    input::write_output(None, &text).map_err(Failure::Reported)?;
    Ok(Outcome::Clean)
}

fn show(a: ShowArgs) -> Result<Outcome, Failure> {
    let e = open(&a.event)?;
    if let Some(b) = fide_banner(&e)? {
        println!("{b}");
    }
    let s = e.section(a.section.as_deref())?;
    for x in e.sections()? {
        println!(
            "section {}: {} ({} players, {} of {} rounds published{})",
            x.key,
            x.name,
            x.players,
            x.published,
            x.rounds_total.map_or("?".to_string(), |r| r.to_string()),
            x.draft
                .map(|d| format!(", round {d} a draft"))
                .unwrap_or_default()
        );
    }
    let round = a.round.or(s.draft).unwrap_or(s.published);
    if round > 0 {
        let (t, p) = e.pairing(Some(&s.key), round)?;
        print!(
            "{}",
            render::event::boards_text(&t, &p, &e.boards(Some(&s.key), round)?)
        );
    } else {
        print_players(&e, Some(&s.key), None)?;
    }
    Ok(Outcome::Clean)
}
