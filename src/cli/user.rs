//! `arbiter user add|list|remove EVENT …`: the accounts of the web app's
//! arbiters, kept in the event file (argon2id hashes, never the password).

use std::io::Read;
use std::path::PathBuf;

use chess_arbiter::event::{Event, Role, MIN_PASSWORD};

use super::exit::{Failure, Outcome, INVALID_INPUT};

/// The accounts of the arbiters who may change an event from the web app.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  printf '%s\\n' 'a long password' | arbiter user add open.arbiter \"Chief Arbiter\" --role chief
  arbiter user list open.arbiter
  arbiter user remove open.arbiter \"Deputy 2\"")]
pub(crate) struct Args {
    #[command(subcommand)]
    pub(crate) command: UserCommand,
}

#[derive(clap::Subcommand, Debug)]
pub(crate) enum UserCommand {
    /// Add an account; its password is read from standard input (its first line).
    Add(AddArgs),
    /// List the accounts (name, role, when and by whom created).
    List(ListArgs),
    /// Remove an account.
    Remove(RemoveArgs),
}

#[derive(clap::Args, Debug)]
pub(crate) struct AddArgs {
    /// The event file.
    pub(crate) event: PathBuf,
    /// The account's name, as the event's log shows it.
    pub(crate) name: String,
    /// chief (everything) or deputy (players, results, byes).
    #[arg(long, value_parser = ["chief", "deputy"])]
    pub(crate) role: String,
    /// Who adds it, for the record (default: $ARBITER_NAME, else `command line`).
    #[arg(long)]
    pub(crate) by: Option<String>,
}

#[derive(clap::Args, Debug)]
pub(crate) struct ListArgs {
    /// The event file.
    pub(crate) event: PathBuf,
}

#[derive(clap::Args, Debug)]
pub(crate) struct RemoveArgs {
    /// The event file.
    pub(crate) event: PathBuf,
    /// The account's name.
    pub(crate) name: String,
}

/// The first line of standard input, without its line end.
fn read_password() -> Result<String, Failure> {
    let mut text = String::new();
    std::io::stdin()
        .take(64 * 1024)
        .read_to_string(&mut text)
        .map_err(|e| {
            Failure::Message(
                INVALID_INPUT,
                format!("error: standard input: expected the password as UTF-8 text, found {e}"),
            )
        })?;
    let line = text.lines().next().unwrap_or("").to_string();
    if line.chars().count() < MIN_PASSWORD {
        return Err(Failure::Message(
            INVALID_INPUT,
            format!(
                "error: standard input: expected a password of at least {MIN_PASSWORD} characters on its first line, found {}",
                line.chars().count()
            ),
        ));
    }
    Ok(line)
}

pub(crate) fn run(args: Args) -> Result<Outcome, Failure> {
    match args.command {
        UserCommand::Add(a) => {
            let password = read_password()?;
            let by =
                a.by.or_else(|| std::env::var("ARBITER_NAME").ok())
                    .unwrap_or_else(|| "command line".into());
            let role = Role::parse(&a.role).unwrap_or(Role::Deputy);
            let mut e = Event::open(&a.event)?;
            e.add_account(&by, &a.name, role, &password)?;
            println!(
                "{}: account {:?} added ({} arbiter)",
                a.event.display(),
                a.name,
                role.as_str()
            );
        }
        UserCommand::List(a) => {
            let e = Event::open(&a.event)?;
            let accounts = e.accounts()?;
            if accounts.is_empty() {
                println!(
                    "{}: no accounts yet (`arbiter user add`)",
                    a.event.display()
                );
            }
            for acc in accounts {
                println!(
                    "{}\t{}\tadded {} by {}",
                    acc.name,
                    acc.role.as_str(),
                    acc.created_at,
                    acc.created_by
                );
            }
        }
        UserCommand::Remove(a) => {
            let mut e = Event::open(&a.event)?;
            e.remove_account(&a.name)?;
            println!("{}: account {:?} removed", a.event.display(), a.name);
        }
    }
    Ok(Outcome::Clean)
}
