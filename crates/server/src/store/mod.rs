//! The persistence port: what the games need to keep, behind a small trait, and its one SQL
//! implementation, [`SqlStore`], on SQLite or PostgreSQL.

mod file_identity;
mod lobby;
mod model;
mod players;
mod sql;

pub use lobby::{NewSeek, PlayerRating, RatingPoint, Seek};
pub use model::{
    GameFilter, GameKind, GameStatus, GameUpdate, LeaderboardEntry, NewGame, NewLeaderboardEntry,
    RematchLink, SavedGame, UnknownGameKind,
};
pub use players::{Holder, LEGACY_SEAT, Player, PlayerId, Seat};
pub use sql::SqlStore;

use crate::clock::Speed;
use crate::rating::Rating;
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
    /// The player holds no seat in the game (another player's game).
    #[error("game {0} is not yours: you hold no seat in it")]
    NotSeated(i64),
    /// The display name is taken by another player.
    #[error("the name {0:?} is taken by another player")]
    NameTaken(String),
    /// The account name is taken.
    #[error("the account name {0:?} is taken")]
    UsernameTaken(String),
    /// The player already has an account.
    #[error("this player already has an account")]
    AlreadyClaimed,
    /// No invitation with that token (never made, or used).
    #[error("this invitation does not exist or has been used")]
    InvitationNotFound,
    /// The seat is not open (taken since, or never open).
    #[error("the seat {0:?} of this game is not open")]
    SeatNotOpen(String),
    /// A player tried to take a second seat in a game against itself.
    #[error("you already play in this game: send the link to a friend")]
    OwnInvitation,
    /// No open seek with that id (taken, withdrawn or never made).
    #[error("this seek is no longer open")]
    SeekNotFound,
    /// No player with that id.
    #[error("no player with id {0}")]
    PlayerNotFound(String),
    /// A database to copy into already holds data.
    #[error("the target database is not empty ({0}): copy only into a new, empty database")]
    TargetNotEmpty(String),
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
            StoreError::GameNotFound(_)
            | StoreError::PlayerNotFound(_)
            | StoreError::InvitationNotFound
            | StoreError::SeekNotFound => Fault::NotFound,
            StoreError::SeatNotOpen(_)
            | StoreError::OwnInvitation
            | StoreError::TargetNotEmpty(_) => Fault::Conflict,
            StoreError::NotSeated(_) => Fault::Forbidden,
            StoreError::NameTaken(_)
            | StoreError::UsernameTaken(_)
            | StoreError::AlreadyClaimed => Fault::Taken,
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
    /// The player may not do this (another player's game).
    Forbidden,
    /// A name or account that must be unique is already used.
    Taken,
    /// The request conflicts with the game's seats (a seat taken, one's own invitation).
    Conflict,
    /// The disk (or the database's size limit) is full: nothing can be written until space is made.
    Full,
    /// Locked by another process, or busy: retrying soon may work.
    Busy,
    /// Read-only, missing or unreachable: an operator must act.
    Unavailable,
    /// The stored data or the schema is damaged.
    Damaged,
}

/// Classifies a sqlx error by the database's own code: SQLite's primary result code
/// (<https://www.sqlite.org/rescode.html>) or PostgreSQL's SQLSTATE
/// (<https://www.postgresql.org/docs/current/errcodes-appendix.html>).
fn sqlx_fault(err: &sqlx::Error) -> Fault {
    match err {
        sqlx::Error::Database(db) => {
            let code = db.code().unwrap_or_default();
            if db
                .try_downcast_ref::<sqlx::postgres::PgDatabaseError>()
                .is_some()
            {
                postgres_fault(&code)
            } else {
                sqlite_fault(code.parse::<i32>().unwrap_or(1))
            }
        }
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => Fault::Busy,
        sqlx::Error::Io(_) | sqlx::Error::Tls(_) => Fault::Unavailable,
        _ => Fault::Damaged,
    }
}

fn sqlite_fault(code: i32) -> Fault {
    match code & 0xff {
        13 => Fault::Full,                 // SQLITE_FULL
        5 | 6 => Fault::Busy,              // SQLITE_BUSY, SQLITE_LOCKED
        8 | 10 | 14 => Fault::Unavailable, // SQLITE_READONLY, SQLITE_IOERR, SQLITE_CANTOPEN
        _ => Fault::Damaged,               // SQLITE_CORRUPT, SQLITE_NOTADB and the rest
    }
}

fn postgres_fault(sqlstate: &str) -> Fault {
    match sqlstate {
        "53100" => Fault::Full, // disk_full
        // serialization_failure, deadlock_detected, lock_not_available, too_many_connections
        "40001" | "40P01" | "55P03" | "53300" => Fault::Busy,
        // read_only_sql_transaction, the server shutting down or starting, no connection
        "25006" | "57P01" | "57P02" | "57P03" => Fault::Unavailable,
        code if code.starts_with("08") || code.starts_with("53") => Fault::Unavailable,
        _ => Fault::Damaged,
    }
}

/// The database's real state, as `GET /api/health` reports it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Health {
    /// Whether a write transaction can be started now (not read-only, not locked elsewhere, the
    /// file still the one opened).
    pub writable: bool,
    /// The database's integrity check: `ok`, or what is damaged (SQLite's `PRAGMA quick_check`;
    /// on PostgreSQL, whether the server answers).
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

/// The database's own words for an error, without sqlx's wrapping.
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
    /// Applies one accepted action's change, made by `actor`, to the game it was computed from:
    /// only if `actor` holds a seat in it (else [`StoreError::NotSeated`]; a game without seats,
    /// saved before players existed, is taken by its first actor in the same transaction) and
    /// the game is still at the revision `read` was read at (else [`StoreError::StaleRevision`]).
    /// Returns the game as now stored (revision + 1).
    async fn update_game(
        &self,
        read: &SavedGame,
        actor: &PlayerId,
        update: GameUpdate,
    ) -> Result<SavedGame, StoreError>;
    /// Applies a change the server makes on its own authority (a flag fall), with no seat
    /// check, to the game as read (else [`StoreError::StaleRevision`]).
    async fn update_game_by_server(
        &self,
        read: &SavedGame,
        update: GameUpdate,
    ) -> Result<SavedGame, StoreError>;
    /// Offers `game` as a rematch of the finished game `old` (as read: else
    /// [`StoreError::StaleRevision`]) by `actor`, who must hold a seat in it; `old`'s revision
    /// is bumped in the same transaction. Returns the new game.
    async fn create_rematch(
        &self,
        old: &SavedGame,
        actor: &PlayerId,
        game: NewGame,
    ) -> Result<SavedGame, StoreError>;
    /// Answers the rematch `rematch_id` of `old` (as read): `taker` takes its open seat, or with
    /// `None` the offer is withdrawn or declined (the rematch game is abandoned); `old`'s revision
    /// is bumped in the same transaction. Returns the rematch game.
    async fn answer_rematch(
        &self,
        old: &SavedGame,
        rematch_id: i64,
        taker: Option<&PlayerId>,
    ) -> Result<SavedGame, StoreError>;
    /// `player`'s ratings, in every game and speed class it has played rated.
    async fn ratings(&self, player: &PlayerId) -> Result<Vec<PlayerRating>, StoreError>;
    /// `player`'s rating in `game` at `speed` (the start rating when it has none yet).
    async fn rating(
        &self,
        player: &PlayerId,
        game: GameKind,
        speed: Speed,
    ) -> Result<Rating, StoreError>;
    /// The history of `player`'s rating in `game` at `speed`, oldest first.
    async fn rating_history(
        &self,
        player: &PlayerId,
        game: GameKind,
        speed: Speed,
    ) -> Result<Vec<RatingPoint>, StoreError>;
    /// Opens a seek.
    async fn create_seek(&self, seek: NewSeek) -> Result<Seek, StoreError>;
    /// The open seeks, oldest first (of one game, or all), at most 200.
    async fn seeks(&self, game: Option<GameKind>) -> Result<Vec<Seek>, StoreError>;
    /// Open seek `id` ([`StoreError::SeekNotFound`] when it is gone).
    async fn seek(&self, id: i64) -> Result<Seek, StoreError>;
    /// How many seeks `player` has open.
    async fn count_seeks_of(&self, player: &PlayerId) -> Result<u32, StoreError>;
    /// Withdraws every seek of `player`; how many there were.
    async fn delete_seeks_of(&self, player: &PlayerId) -> Result<u64, StoreError>;
    /// Withdraws `player`'s seek `id` ([`StoreError::SeekNotFound`] when it has no such seek).
    async fn delete_seek(&self, id: i64, player: &PlayerId) -> Result<(), StoreError>;
    /// Takes seek `id` and starts `game` from it in one transaction: of two players accepting
    /// the same seek, one starts the game and the other gets [`StoreError::SeekNotFound`].
    async fn accept_seek(&self, id: i64, game: NewGame) -> Result<SavedGame, StoreError>;
    /// Ongoing games between two players that anybody may watch, most recent first.
    async fn live_public_games(&self, limit: u32) -> Result<Vec<SavedGame>, StoreError>;
    /// The ongoing games whose clock runs, each with when its flag falls (Unix ms).
    async fn clock_deadlines(&self) -> Result<Vec<(i64, i64)>, StoreError>;
    /// Saves a new game with its history (an imported record: its moves, status and result) in
    /// one transaction, so that a failure leaves no half-imported game.
    async fn import_game(
        &self,
        game: NewGame,
        history: GameUpdate,
    ) -> Result<SavedGame, StoreError>;
    /// Records an invitation (by the hash of its secret) to the open seat `seat` of `game_id`,
    /// made by `actor`, who must hold a seat there ([`StoreError::NotSeated`]).
    async fn invite(
        &self,
        game_id: i64,
        actor: &PlayerId,
        seat: &str,
        token_hash: &[u8],
    ) -> Result<(), StoreError>;
    /// Seats `player` in the seat of the invitation whose secret hashes to `token_hash`, if that
    /// seat is still open and `player` holds no other seat of the game; the invitation is used up
    /// and the game's revision bumped. Returns the game as now stored.
    async fn accept_invitation(
        &self,
        token_hash: &[u8],
        player: &PlayerId,
    ) -> Result<SavedGame, StoreError>;
    /// How many ongoing games `player` plays against somebody else or waits in for a friend (a
    /// seat held by another player, or an open seat).
    async fn live_games(&self, player: &PlayerId) -> Result<u32, StoreError>;
    /// One saved game.
    async fn game(&self, id: i64) -> Result<SavedGame, StoreError>;
    /// The recorded actions of a game, in play order.
    async fn actions(&self, id: i64) -> Result<Vec<Value>, StoreError>;
    /// Saved games, most recently updated first.
    async fn list_games(&self, filter: GameFilter) -> Result<Vec<SavedGame>, StoreError>;
    /// Deletes a game and its actions, if `actor` holds a seat in it (or it has none).
    async fn delete_game(&self, id: i64, actor: &PlayerId) -> Result<(), StoreError>;
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
    /// Closes the store cleanly (on SQLite, checkpoints the WAL).
    async fn close(&self);
}

/// What the server needs to know of players: who a cookie belongs to, names and accounts.
#[async_trait::async_trait]
pub trait PlayerStore: Send + Sync {
    /// A new guest player, signed in by the session whose secret hashes to `token_hash`.
    async fn create_player(&self, token_hash: &[u8]) -> Result<Player, StoreError>;
    /// The player signed in by the session whose secret hashes to `token_hash`.
    async fn player_for_session(&self, token_hash: &[u8]) -> Result<Option<Player>, StoreError>;
    /// One player.
    async fn player(&self, id: &PlayerId) -> Result<Player, StoreError>;
    /// Sets (or, with `None`, clears) a player's display name; [`StoreError::NameTaken`] when
    /// another player has it in any case.
    async fn rename_player(&self, id: &PlayerId, name: Option<&str>) -> Result<Player, StoreError>;
    /// Gives a guest an account; [`StoreError::UsernameTaken`] or [`StoreError::AlreadyClaimed`].
    async fn claim_account(
        &self,
        id: &PlayerId,
        username: &str,
        password_hash: &str,
    ) -> Result<Player, StoreError>;
    /// The player with account `username` and its password hash.
    async fn account(&self, username: &str) -> Result<Option<(Player, String)>, StoreError>;
    /// Signs `player` in with one more session.
    async fn add_session(&self, player: &PlayerId, token_hash: &[u8]) -> Result<(), StoreError>;
    /// Signs `player` out of every session.
    async fn end_sessions(&self, player: &PlayerId) -> Result<(), StoreError>;
}
