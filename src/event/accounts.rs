//! The arbiters' accounts: who may change the event through the web app.
//!
//! An account is a name, a role and an argon2id hash of its password (a PHC
//! string that carries its own salt and parameters); the password itself is
//! never stored. Accounts are not steps: the log does not rebuild them and an
//! undo leaves them alone, but every step written with an account carries its
//! name in the log.

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::Argon2;
use rusqlite::{params, OptionalExtension};
use serde::Serialize;

use super::error::EventError;
use super::store::{now, Event};

/// Shortest password accepted.
pub const MIN_PASSWORD: usize = 8;
/// Longest name or password accepted (characters).
pub(crate) const MAX_FIELD: usize = 200;

/// What an account may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The chief arbiter: everything (pairing, publishing, manual changes,
    /// undo, withdrawals) besides what a deputy does.
    Chief,
    /// A deputy arbiter: registers and edits players, enters and corrects
    /// results, grants byes.
    Deputy,
}

impl Role {
    /// The role as stored and typed in commands (`chief`, `deputy`).
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Chief => "chief",
            Role::Deputy => "deputy",
        }
    }

    /// The role from its text (`chief`, `deputy`); `None` for anything else.
    pub fn parse(s: &str) -> Option<Role> {
        match s {
            "chief" => Some(Role::Chief),
            "deputy" => Some(Role::Deputy),
            _ => None,
        }
    }
}

/// An account as listed (without its hash).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Account {
    /// The account's name (what the arbiter signs in with and what the log records).
    pub name: String,
    /// What the account may do.
    pub role: Role,
    /// When it was created (UTC, RFC 3339).
    pub created_at: String,
    /// Who created it (the author of the command that added it).
    pub created_by: String,
}

fn check_name(name: &str) -> Result<(), EventError> {
    let n = name.chars().count();
    if name.trim() != name || n == 0 || n > MAX_FIELD || name.chars().any(char::is_control) {
        return Err(EventError::refused(format!(
            "expected an account name of 1 to {MAX_FIELD} characters without control characters or spaces at either end, found {name:?}"
        )));
    }
    Ok(())
}

impl Event {
    /// The accounts, by name.
    pub fn accounts(&self) -> Result<Vec<Account>, EventError> {
        let name = self.name();
        let db = |e: rusqlite::Error| EventError::storage(&name, &e);
        let mut st = self
            .conn
            .prepare("SELECT name, role, created_at, created_by FROM account ORDER BY name")
            .map_err(db)?;
        let rows = st
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                ))
            })
            .map_err(db)?;
        let mut out = Vec::new();
        for row in rows {
            let (n, role, created_at, created_by) = row.map_err(db)?;
            let role = Role::parse(&role).ok_or_else(|| EventError::Corrupt {
                path: name.clone(),
                detail: format!("account {n:?}: expected role chief or deputy, found {role:?}"),
            })?;
            out.push(Account {
                name: n,
                role,
                created_at,
                created_by,
            });
        }
        Ok(out)
    }

    /// Whether the event has a chief arbiter's account.
    pub fn has_chief(&self) -> Result<bool, EventError> {
        Ok(self.accounts()?.iter().any(|a| a.role == Role::Chief))
    }

    /// Add an account. `by` is who adds it (an arbiter's name, or `setup`).
    /// Refuses a name taken and a password shorter than [`MIN_PASSWORD`].
    pub fn add_account(
        &mut self,
        by: &str,
        account: &str,
        role: Role,
        password: &str,
    ) -> Result<(), EventError> {
        let path = self.name();
        check_name(account).map_err(|e| e.in_file(&path))?;
        let n = password.chars().count();
        if !(MIN_PASSWORD..=MAX_FIELD).contains(&n) {
            return Err(EventError::refused(format!(
                "account {account:?}: expected a password of {MIN_PASSWORD} to {MAX_FIELD} characters, found {n}"
            ))
            .in_file(&path));
        }
        let hash = Argon2::default()
            .hash_password(password.as_bytes())
            .map_err(|e| EventError::Storage {
                path: path.clone(),
                detail: format!("cannot hash the password: {e}"),
            })?
            .to_string();
        let db = |e: rusqlite::Error| EventError::storage(&path, &e);
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
            .map_err(db)?;
        let taken: Option<String> = tx
            .query_row("SELECT role FROM account WHERE name = ?1", [account], |r| {
                r.get(0)
            })
            .optional()
            .map_err(db)?;
        if let Some(role) = taken {
            return Err(EventError::refused(format!(
                "expected a new account name, found {account:?} taken (a {role} arbiter); `arbiter user remove` it first"
            ))
            .in_file(&path));
        }
        tx.execute(
            "INSERT INTO account (name, role, hash, created_at, created_by) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![account, role.as_str(), hash, now(), by],
        )
        .map_err(db)?;
        tx.commit().map_err(db)
    }

    /// Remove an account. Refuses a name that is not an account.
    pub fn remove_account(&mut self, account: &str) -> Result<(), EventError> {
        let path = self.name();
        let n = self
            .conn
            .execute("DELETE FROM account WHERE name = ?1", [account])
            .map_err(|e| EventError::storage(&path, &e))?;
        if n == 0 {
            return Err(EventError::refused(format!(
                "expected the name of an account, found {account:?} (`arbiter user list` lists them)"
            ))
            .in_file(&path));
        }
        Ok(())
    }

    /// The account whose name and password these are, if any. Takes the
    /// time of one argon2 hash (tens of milliseconds) whether or not the
    /// name exists, so that the answer's time does not tell which.
    pub fn login(&self, account: &str, password: &str) -> Result<Option<Account>, EventError> {
        let path = self.name();
        let found: Option<(String, String, String, String)> = self
            .conn
            .query_row(
                "SELECT role, hash, created_at, created_by FROM account WHERE name = ?1",
                [account],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()
            .map_err(|e| EventError::storage(&path, &e))?;
        let Some((role, hash, created_at, created_by)) = found else {
            // the same work as a real check, against a hash of nothing
            let _ = Argon2::default().hash_password(password.as_bytes());
            return Ok(None);
        };
        let parsed = PasswordHash::new(&hash).map_err(|e| EventError::Corrupt {
            path: path.clone(),
            detail: format!("account {account:?}: expected an argon2 PHC string, found {e}"),
        })?;
        if Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_err()
        {
            return Ok(None);
        }
        let role = Role::parse(&role).ok_or_else(|| EventError::Corrupt {
            path,
            detail: format!("account {account:?}: expected role chief or deputy, found {role:?}"),
        })?;
        Ok(Some(Account {
            name: account.to_string(),
            role,
            created_at,
            created_by,
        }))
    }

    /// The sequence number of the last step written (0 before any): it
    /// changes with every step, whoever writes it, so readers use it to see
    /// that the event changed.
    pub fn last_seq(&self) -> Result<i64, EventError> {
        self.conn
            .query_row("SELECT COALESCE(MAX(seq), 0) FROM step", [], |r| r.get(0))
            .map_err(|e| EventError::storage(&self.name(), &e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Author, Step};

    fn scratch(name: &str) -> (std::path::PathBuf, Event) {
        let dir = std::env::temp_dir().join(format!("arbiter-accounts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join(name);
        let _ = std::fs::remove_file(&p);
        let me = Author {
            arbiter: "test".into(),
            reason: None,
        };
        let e = Event::create(
            &p,
            &me,
            vec![Step::Create {
                name: "Accounts".into(),
                profile: None,
                profile_name: None,
                sections: vec![crate::event::spec::section(
                    "main",
                    "Open",
                    "Accounts",
                    &Default::default(),
                )
                .unwrap()],
            }],
        )
        .unwrap();
        (p, e)
    }

    #[test]
    fn a_password_is_stored_hashed_and_checked() {
        let (p, mut e) = scratch("hashed.arbiter");
        e.add_account("setup", "Chief", Role::Chief, "correct horse")
            .unwrap();
        let bytes = std::fs::read(&p).unwrap();
        assert!(!String::from_utf8_lossy(&bytes).contains("correct horse"));
        assert!(e.login("Chief", "correct horse").unwrap().is_some());
        assert!(e.login("Chief", "wrong horse").unwrap().is_none());
        assert!(e.login("Nobody", "correct horse").unwrap().is_none());
        assert!(e.has_chief().unwrap());
        let err = e
            .add_account("setup", "Chief", Role::Deputy, "another one")
            .unwrap_err();
        assert!(err.to_string().contains("taken"), "{err}");
        let err = e
            .add_account("setup", "D", Role::Deputy, "short")
            .unwrap_err();
        assert!(err.to_string().contains("found 5"), "{err}");
        e.remove_account("Chief").unwrap();
        assert!(!e.has_chief().unwrap());
        assert!(e.remove_account("Chief").is_err());
    }
}
