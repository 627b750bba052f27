//! The persistence port: what the games need to keep, behind a small trait, and its SQLite
//! implementation. A PostgreSQL implementation can stand beside [`SqliteStore`] by implementing
//! [`Store`].

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
    /// Applies one accepted action's change if the game is still at `expected_revision`, and
    /// returns the game as now stored (revision + 1).
    async fn update_game(
        &self,
        id: i64,
        expected_revision: i64,
        update: GameUpdate,
    ) -> Result<SavedGame, StoreError>;
    /// One saved game.
    async fn game(&self, id: i64) -> Result<SavedGame, StoreError>;
    /// The recorded actions of a game, in play order.
    async fn actions(&self, id: i64) -> Result<Vec<Value>, StoreError>;
    /// Saved games, most recently updated first.
    async fn list_games(&self, filter: GameFilter) -> Result<Vec<SavedGame>, StoreError>;
    /// Deletes a game and its actions.
    async fn delete_game(&self, id: i64) -> Result<(), StoreError>;
    /// Adds a leaderboard entry.
    async fn add_leaderboard_entry(
        &self,
        entry: NewLeaderboardEntry,
    ) -> Result<LeaderboardEntry, StoreError>;
    /// The best `limit` entries of a game and variant: highest score first, then shortest time,
    /// then earliest.
    async fn top_entries(
        &self,
        game: GameKind,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<LeaderboardEntry>, StoreError>;
    /// Whether the database answers.
    async fn ping(&self) -> Result<(), StoreError>;
    /// Closes the store cleanly (checkpoints the WAL).
    async fn close(&self);
}
