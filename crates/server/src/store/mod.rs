//! The persistence port: what the games need to keep, behind a small trait, and its SQLite
//! implementation. A PostgreSQL implementation can stand beside [`SqliteStore`] by implementing
//! [`Store`].

mod file_identity;
mod model;
mod sqlite;

pub use model::{
    GameFilter, GameKind, GameStatus, GameUpdate, LeaderboardEntry, NewGame, NewLeaderboardEntry,
    SavedGame, UnknownGameKind,
};
pub use sqlite::SqliteStore;

use serde_json::Value;

/// What can go wrong when reading or writing saved data.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// No game with that id.
    #[error("no saved game with id {0}")]
    GameNotFound(i64),
    /// The game changed since the caller read it (another tab or player moved first).
    #[error(
        "the game was changed elsewhere (now at revision {actual}, the request was based on {expected})"
    )]
    StaleRevision {
        /// The revision the caller read.
        expected: i64,
        /// The revision stored now.
        actual: i64,
    },
    /// A stored row could not be read back (hand-edited or corrupt database).
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
    /// The database failed.
    #[error("database error: {}", describe_sqlx(.0))]
    Database(sqlx::Error),
    /// The database file this server opened was deleted or replaced while it ran: nothing more is
    /// written, so that no acknowledged action goes to a file that is gone.
    #[error("the database file {0} was deleted or replaced while the server ran; restart qipan")]
    FileReplaced(String),
    /// Migrations could not be applied.
    #[error("database schema migration failed: {0}")]
    Migration(sqlx::migrate::MigrateError),
}

// The causes are part of the messages above, so they are not also exposed as `source()`: a
// printed error chain would say everything twice.
impl From<sqlx::Error> for StoreError {
    fn from(err: sqlx::Error) -> Self {
        StoreError::Database(err)
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(err: sqlx::migrate::MigrateError) -> Self {
        match err {
            sqlx::migrate::MigrateError::Execute(inner) => StoreError::Database(inner),
            other => StoreError::Migration(other),
        }
    }
}

impl StoreError {
    /// What kind of failure this is, for choosing an HTTP status and whether a retry can help.
    pub fn fault(&self) -> Fault {
        match self {
            StoreError::GameNotFound(_) => Fault::NotFound,
            StoreError::StaleRevision { .. } => Fault::Stale,
            StoreError::Corrupt(_) | StoreError::Migration(_) => Fault::Damaged,
            StoreError::FileReplaced(_) => Fault::Unavailable,
            StoreError::Database(err) => sqlx_fault(err),
        }
    }
}

/// The kinds of storage failure a client is told apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// No such game.
    NotFound,
    /// The game changed since it was read.
    Stale,
    /// The disk (or the database's size limit) is full: nothing can be written until space is made.
    Full,
    /// Locked by another process, or busy: retrying soon may work.
    Busy,
    /// Read-only, missing or unreachable: an operator must act.
    Unavailable,
    /// The stored data or the schema is damaged.
    Damaged,
}

/// Classifies a sqlx error by SQLite's primary result code
/// (<https://www.sqlite.org/rescode.html>).
fn sqlx_fault(err: &sqlx::Error) -> Fault {
    match err {
        sqlx::Error::Database(db) => {
            let code = db.code().and_then(|c| c.parse::<i32>().ok()).unwrap_or(1);
            match code & 0xff {
                13 => Fault::Full,                 // SQLITE_FULL
                5 | 6 => Fault::Busy,              // SQLITE_BUSY, SQLITE_LOCKED
                8 | 10 | 14 => Fault::Unavailable, // SQLITE_READONLY, SQLITE_IOERR, SQLITE_CANTOPEN
                11 | 26 => Fault::Damaged,         // SQLITE_CORRUPT, SQLITE_NOTADB
                _ => Fault::Damaged,
            }
        }
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => Fault::Busy,
        sqlx::Error::Io(_) => Fault::Unavailable,
        _ => Fault::Damaged,
    }
}

/// The database's real state, as `GET /api/health` reports it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Health {
    /// Whether a write transaction can be started now (not read-only, not locked elsewhere, the
    /// file still the one opened).
    pub writable: bool,
    /// SQLite's `PRAGMA quick_check` answer: `ok`, or what is damaged.
    pub integrity: String,
    /// Why it is not healthy, when it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

impl Health {
    /// Whether every check passed.
    pub fn is_ok(&self) -> bool {
        self.writable && self.integrity == "ok" && self.problem.is_none()
    }
}

/// SQLite's own words for a database error, without sqlx's wrapping.
fn describe_sqlx(err: &sqlx::Error) -> String {
    match err {
        sqlx::Error::Database(db) => db.message().to_owned(),
        other => other.to_string(),
    }
}

/// The operations the server and the games need from storage. Every write is durable when it
/// returns.
#[async_trait::async_trait]
pub trait Store: Send + Sync {
    /// Saves a new game and returns it (revision 0, no actions).
    async fn create_game(&self, game: NewGame) -> Result<SavedGame, StoreError>;
    /// Applies one accepted action's change to the game it was computed from, if that game is
    /// still at the revision `read` was read at (else [`StoreError::StaleRevision`]), and returns
    /// the game as now stored (revision + 1).
    async fn update_game(
        &self,
        read: &SavedGame,
        update: GameUpdate,
    ) -> Result<SavedGame, StoreError>;
    /// Saves a new game with its history (an imported record: its moves, status and result) in
    /// one transaction, so that a failure leaves no half-imported game.
    async fn import_game(
        &self,
        game: NewGame,
        history: GameUpdate,
    ) -> Result<SavedGame, StoreError>;
    /// One saved game.
    async fn game(&self, id: i64) -> Result<SavedGame, StoreError>;
    /// The recorded actions of a game, in play order.
    async fn actions(&self, id: i64) -> Result<Vec<Value>, StoreError>;
    /// Saved games, most recently updated first.
    async fn list_games(&self, filter: GameFilter) -> Result<Vec<SavedGame>, StoreError>;
    /// Deletes a game and its actions.
    async fn delete_game(&self, id: i64) -> Result<(), StoreError>;
    /// The best `limit` entries of a game and variant: highest score first, then shortest time,
    /// then earliest.
    async fn top_entries(
        &self,
        game: GameKind,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<LeaderboardEntry>, StoreError>;
    /// The database's real state: writable, and its integrity (a quick check).
    async fn health(&self) -> Health;
    /// Closes the store cleanly (checkpoints the WAL).
    async fn close(&self);
}
