//! [`Store`] on SQLite, through sqlx.

use std::str::FromStr;
use std::time::Duration;

use serde_json::Value;
use sqlx::Row;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteRow,
    SqliteSynchronous,
};

use super::{
    GameFilter, GameKind, GameStatus, GameUpdate, LeaderboardEntry, NewGame, NewLeaderboardEntry,
    SavedGame, Store, StoreError,
};
use crate::config::DbLocation;
use crate::time::now_rfc3339;

/// Saved games and leaderboards in one SQLite database.
#[derive(Debug, Clone)]
pub struct SqliteStore {
    pool: SqlitePool,
}

const GAME_COLUMNS: &str = "id, kind, variant, mode, players, state, status, result, revision, \
                            action_count, created_at, updated_at";

impl SqliteStore {
    /// Opens (creating if needed) the database and brings its schema up to date.
    pub async fn open(location: &DbLocation) -> Result<Self, StoreError> {
        let (options, pool_options) = match location {
            DbLocation::File(path) => (
                SqliteConnectOptions::new()
                    .filename(path)
                    .create_if_missing(true),
                SqlitePoolOptions::new().max_connections(4),
            ),
            // Every connection to ":memory:" is a database of its own, so the pool keeps exactly
            // one connection alive for the whole run.
            DbLocation::Memory => (
                SqliteConnectOptions::from_str("sqlite::memory:")?,
                SqlitePoolOptions::new()
                    .max_connections(1)
                    .min_connections(1)
                    .idle_timeout(None)
                    .max_lifetime(None),
            ),
        };
        let options = options
            .journal_mode(SqliteJournalMode::Wal)
            // FULL: in WAL mode the log is fsynced at every commit, so an action the player saw
            // confirmed survives not only a crash or `kill -9` of qipan (which NORMAL would also
            // survive) but an OS crash or power loss too. Games write a few rows per second at
            // most, so the cost of one fsync per action is invisible.
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let pool = pool_options.connect_with(options).await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(SqliteStore { pool })
    }

    async fn current_revision(&self, id: i64) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT revision FROM games WHERE id = ?")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }
}

fn json_text(value: &Value) -> String {
    value.to_string()
}

fn parse_json(row: &SqliteRow, column: &str) -> Result<Value, StoreError> {
    let text: String = row.try_get(column)?;
    serde_json::from_str(&text)
        .map_err(|e| StoreError::Corrupt(format!("column {column} is not valid JSON: {e}")))
}

fn game_from_row(row: &SqliteRow) -> Result<SavedGame, StoreError> {
    let kind: String = row.try_get("kind")?;
    let status: String = row.try_get("status")?;
    let result: Option<String> = row.try_get("result")?;
    Ok(SavedGame {
        id: row.try_get("id")?,
        kind: kind
            .parse()
            .map_err(|e: super::UnknownGameKind| StoreError::Corrupt(e.to_string()))?,
        variant: row.try_get("variant")?,
        mode: row.try_get("mode")?,
        players: parse_json(row, "players")?,
        state: parse_json(row, "state")?,
        status: GameStatus::parse(&status)
            .ok_or_else(|| StoreError::Corrupt(format!("unknown game status {status:?}")))?,
        result: match result {
            None => None,
            Some(text) => Some(serde_json::from_str(&text).map_err(|e| {
                StoreError::Corrupt(format!("column result is not valid JSON: {e}"))
            })?),
        },
        revision: row.try_get("revision")?,
        action_count: row.try_get("action_count")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
    })
}

fn entry_from_row(row: &SqliteRow) -> Result<LeaderboardEntry, StoreError> {
    let game: String = row.try_get("game")?;
    Ok(LeaderboardEntry {
        id: row.try_get("id")?,
        game: game
            .parse()
            .map_err(|e: super::UnknownGameKind| StoreError::Corrupt(e.to_string()))?,
        variant: row.try_get("variant")?,
        name: row.try_get("name")?,
        score: row.try_get("score")?,
        time_ms: row.try_get("time_ms")?,
        game_id: row.try_get("game_id")?,
        created_at: row.try_get("created_at")?,
    })
}

#[async_trait::async_trait]
impl Store for SqliteStore {
    async fn create_game(&self, game: NewGame) -> Result<SavedGame, StoreError> {
        let now = now_rfc3339();
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO games (kind, variant, mode, players, state, created_at, updated_at) \
             VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(game.kind.as_str())
        .bind(&game.variant)
        .bind(&game.mode)
        .bind(json_text(&game.players))
        .bind(json_text(&game.state))
        .bind(&now)
        .bind(&now)
        .fetch_one(&self.pool)
        .await?;
        self.game(id).await
    }

    async fn update_game(
        &self,
        id: i64,
        expected_revision: i64,
        update: GameUpdate,
    ) -> Result<SavedGame, StoreError> {
        let mut tx = self.pool.begin().await?;
        // The conditional UPDATE comes first so that the transaction takes the write lock at
        // once (a read first could not be upgraded under contention) and so that two writers
        // based on the same revision cannot both succeed.
        let updated = sqlx::query(
            "UPDATE games SET state = ?1, status = COALESCE(?2, status), \
             result = CASE WHEN ?2 = 'ongoing' THEN NULL ELSE COALESCE(?3, result) END, \
             revision = revision + 1, updated_at = ?4 WHERE id = ?5 AND revision = ?6",
        )
        .bind(json_text(&update.state))
        .bind(update.status.map(GameStatus::as_str))
        .bind(update.result.as_ref().map(json_text))
        .bind(now_rfc3339())
        .bind(id)
        .bind(expected_revision)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            tx.rollback().await?;
            return Err(match self.current_revision(id).await? {
                None => StoreError::GameNotFound(id),
                Some(actual) => StoreError::StaleRevision {
                    expected: expected_revision,
                    actual,
                },
            });
        }
        if let Some(keep) = update.truncate_actions_to {
            sqlx::query("DELETE FROM game_actions WHERE game_id = ? AND seq >= ?")
                .bind(id)
                .bind(keep.max(0))
                .execute(&mut *tx)
                .await?;
        }
        let mut next_seq: i64 = sqlx::query_scalar(
            "SELECT COALESCE(MAX(seq) + 1, 0) FROM game_actions WHERE game_id = ?",
        )
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
        for action in &update.append_actions {
            sqlx::query("INSERT INTO game_actions (game_id, seq, action) VALUES (?, ?, ?)")
                .bind(id)
                .bind(next_seq)
                .bind(json_text(action))
                .execute(&mut *tx)
                .await?;
            next_seq += 1;
        }
        sqlx::query("UPDATE games SET action_count = ? WHERE id = ?")
            .bind(next_seq)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        self.game(id).await
    }

    async fn game(&self, id: i64) -> Result<SavedGame, StoreError> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::GameNotFound(id))?;
        game_from_row(&row)
    }

    async fn actions(&self, id: i64) -> Result<Vec<Value>, StoreError> {
        if self.current_revision(id).await?.is_none() {
            return Err(StoreError::GameNotFound(id));
        }
        let rows = sqlx::query("SELECT action FROM game_actions WHERE game_id = ? ORDER BY seq")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| parse_json(row, "action")).collect()
    }

    async fn list_games(&self, filter: GameFilter) -> Result<Vec<SavedGame>, StoreError> {
        let limit = i64::from(filter.limit.max(1));
        let rows = match filter.kind {
            Some(kind) => {
                sqlx::query(&format!(
                    "SELECT {GAME_COLUMNS} FROM games WHERE kind = ? \
                     ORDER BY updated_at DESC, id DESC LIMIT ?"
                ))
                .bind(kind.as_str())
                .bind(limit)
                .fetch_all(&self.pool)
                .await?
            }
            None => {
                sqlx::query(&format!(
                    "SELECT {GAME_COLUMNS} FROM games ORDER BY updated_at DESC, id DESC LIMIT ?"
                ))
                .bind(limit)
                .fetch_all(&self.pool)
                .await?
            }
        };
        rows.iter().map(game_from_row).collect()
    }

    async fn delete_game(&self, id: i64) -> Result<(), StoreError> {
        let deleted = sqlx::query("DELETE FROM games WHERE id = ?")
            .bind(id)
            .execute(&self.pool)
            .await?;
        if deleted.rows_affected() == 0 {
            return Err(StoreError::GameNotFound(id));
        }
        Ok(())
    }

    async fn add_leaderboard_entry(
        &self,
        entry: NewLeaderboardEntry,
    ) -> Result<LeaderboardEntry, StoreError> {
        let row = sqlx::query(
            "INSERT INTO leaderboard (game, variant, name, score, time_ms, game_id, created_at) \
             VALUES (?, ?, ?, ?, ?, ?, ?) \
             RETURNING id, game, variant, name, score, time_ms, game_id, created_at",
        )
        .bind(entry.game.as_str())
        .bind(&entry.variant)
        .bind(&entry.name)
        .bind(entry.score)
        .bind(entry.time_ms)
        .bind(entry.game_id)
        .bind(now_rfc3339())
        .fetch_one(&self.pool)
        .await?;
        entry_from_row(&row)
    }

    async fn top_entries(
        &self,
        game: GameKind,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<LeaderboardEntry>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, game, variant, name, score, time_ms, game_id, created_at FROM leaderboard \
             WHERE game = ? AND variant = ? \
             ORDER BY score IS NULL, score DESC, time_ms IS NULL, time_ms ASC, created_at ASC, id ASC \
             LIMIT ?",
        )
        .bind(game.as_str())
        .bind(variant)
        .bind(i64::from(limit.max(1)))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(entry_from_row).collect()
    }

    async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    async fn close(&self) {
        self.pool.close().await;
    }
}
