//! The event file's schema and its migrations, in one place.
//!
//! An event file is a SQLite database whose `application_id` is
//! [`APPLICATION_ID`] and whose `user_version` is the schema version it was
//! written with. A file with another application id is not an event file; a
//! file with a newer version was written by a newer program and is refused
//! unchanged. Older versions are brought up to date by [`MIGRATIONS`], each in
//! the transaction that opens the file for writing.
//!
//! The tables: `step` is the log (append-only, never updated or deleted);
//! the others hold the state the effective steps add up to, kept in step with
//! the log by every step's transaction and rebuilt from it by an undo.

/// `PRAGMA application_id` of an event file: "ARBT" in ASCII.
pub(crate) const APPLICATION_ID: i32 = 0x4152_4254;

/// How long a writer waits for another writer's step to end before it gives
/// up with [`super::EventError::Busy`].
pub(crate) const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// The schema version this program writes (`PRAGMA user_version`).
pub(crate) const VERSION: i32 = 2;

/// The statements that bring a file at version `i` to version `i + 1`.
pub(crate) const MIGRATIONS: &[&str] = &[V1, V2];

/// Tables that hold state (cleared and rebuilt from the log by an undo), in
/// an order that deletes children before parents.
pub(crate) const STATE_TABLES: &[&str] =
    &["board", "unpaired", "round", "player", "section", "event"];

const V1: &str = "
CREATE TABLE event (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    name TEXT NOT NULL,
    profile TEXT,
    profile_name TEXT
);
CREATE TABLE section (
    key TEXT PRIMARY KEY,
    ord INTEGER NOT NULL,
    name TEXT NOT NULL,
    -- the section's header as a chess-arbiter JSON tournament without players
    header TEXT NOT NULL,
    -- the bye kind of rounds a late entrant missed: 'Z' or 'H'
    late_bye TEXT NOT NULL CHECK (late_bye IN ('Z', 'H')),
    max_half_byes INTEGER,
    half_bye_last_round INTEGER
);
CREATE TABLE player (
    pid INTEGER PRIMARY KEY,
    section TEXT NOT NULL REFERENCES section(key),
    number INTEGER NOT NULL,
    -- the model's player (without rounds) as JSON
    data TEXT NOT NULL,
    first_round INTEGER NOT NULL DEFAULT 1,
    withdrawn_from INTEGER,
    UNIQUE (section, number)
);
CREATE TABLE round (
    section TEXT NOT NULL REFERENCES section(key),
    round INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('draft', 'published')),
    edition TEXT NOT NULL,
    PRIMARY KEY (section, round)
);
CREATE TABLE board (
    section TEXT NOT NULL,
    round INTEGER NOT NULL,
    board INTEGER NOT NULL,
    white INTEGER NOT NULL REFERENCES player(pid),
    black INTEGER NOT NULL REFERENCES player(pid),
    -- TRF result characters of each side, NULL while the game is on
    white_result TEXT,
    black_result TEXT,
    -- the reason of a manual change to this board, NULL when the engine's
    manual TEXT,
    PRIMARY KEY (section, round, board),
    FOREIGN KEY (section, round) REFERENCES round(section, round)
);
CREATE TABLE unpaired (
    section TEXT NOT NULL,
    round INTEGER NOT NULL,
    player INTEGER NOT NULL REFERENCES player(pid),
    -- TRF code: H half-point bye, F full-point bye, Z zero-point bye,
    -- U pairing-allocated bye
    kind TEXT NOT NULL CHECK (kind IN ('H', 'F', 'Z', 'U')),
    manual TEXT,
    PRIMARY KEY (section, round, player)
);
CREATE TABLE step (
    seq INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    arbiter TEXT NOT NULL,
    kind TEXT NOT NULL,
    section TEXT,
    reason TEXT,
    payload TEXT NOT NULL
);
";

/// Version 2: the arbiters' accounts for the web app. Not state: the log
/// does not rebuild them and an undo leaves them alone.
const V2: &str = "
CREATE TABLE account (
    name TEXT PRIMARY KEY,
    role TEXT NOT NULL CHECK (role IN ('chief', 'deputy')),
    -- argon2id, as a PHC string (salt and parameters included)
    hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    created_by TEXT NOT NULL
);
";
