//! [`Store`] on SQL through sqlx's `Any` driver: one implementation, with the same queries, for
//! SQLite (the default: one file beside the program) and PostgreSQL (a database server that
//! several qipan instances share). What differs between the two is in [`backend`].

mod backend;
mod copy;
mod invitations;
mod players;
mod ratings;
mod rematches;
mod seats;
mod seeks;

use serde_json::Value;
use sqlx::AnyPool;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::{
    GameFilter, GameKind, GameStatus, GameUpdate, Health, LeaderboardEntry, NewGame, NewSeek,
    PlayerId, PlayerRating, RatingPoint, SavedGame, Seek, Store, StoreError,
};
use crate::clock::{Clock, Speed};
use crate::config::DbLocation;
use crate::rating::Rating;
use crate::time::now_rfc3339;
use backend::Backend;

/// Saved games, players, ratings and leaderboards in one SQLite or PostgreSQL database.
#[derive(Debug, Clone)]
pub struct SqlStore {
    pool: AnyPool,
    backend: Backend,
}

const GAME_COLUMNS: &str = "id, kind, variant, mode, players, state, status, result, revision, \
                            action_count, created_at, updated_at, clock, private, rated";

impl SqlStore {
    /// Opens (creating a SQLite file if needed) the database and brings its schema up to date.
    pub async fn open(location: &DbLocation) -> Result<Self, StoreError> {
        SqlStore::open_with(location, None).await
    }

    /// As [`SqlStore::open`], with a SQLite database kept to at most `max_bytes` (writes past it
    /// fail as on a full disk). A PostgreSQL server keeps its own limits.
    pub async fn open_with(
        location: &DbLocation,
        max_bytes: Option<u64>,
    ) -> Result<Self, StoreError> {
        let (pool, backend) = backend::open(location, max_bytes).await?;
        Ok(SqlStore { pool, backend })
    }

    /// Whether this store runs on PostgreSQL (and so may be shared by several instances).
    pub fn is_postgres(&self) -> bool {
        matches!(self.backend, Backend::Postgres)
    }

    /// Refuses to write when the database file is no longer the one opened.
    fn check_file(&self) -> Result<(), StoreError> {
        self.backend.check_file()
    }

    /// Starts a write transaction (on SQLite holding the database's write lock).
    async fn begin_write(&self) -> Result<Tx<'static>, StoreError> {
        self.backend.begin_write(&self.pool).await
    }

    /// [`Store::update_game`] by `actor`, or by the server itself when `None`.
    async fn update_as(
        &self,
        read: &SavedGame,
        actor: Option<&PlayerId>,
        update: GameUpdate,
    ) -> Result<SavedGame, StoreError> {
        let mut tx = self.begin_write().await?;
        let applied = apply_update(&mut tx, &self.backend, read.id, read.revision, &update).await?;
        // Checked after the write took the lock, inside the same transaction: a seat taken or
        // given up meanwhile is seen.
        if applied
            && let Some(actor) = actor
            && let Err(err) = seats::authorise(&mut tx, read.id, actor).await
        {
            tx.rollback().await?;
            return Err(err);
        }
        if !applied {
            tx.rollback().await?;
            return Err(self.stale(read).await);
        }
        if let Some(notice) = update.notice.as_deref()
            && self.is_postgres()
        {
            // Delivered by PostgreSQL at the commit, or never if the commit fails.
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(crate::cluster::CHANNEL)
                .bind(notice)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        self.game(read.id).await
    }

    /// Why a write conditional on `read`'s revision changed nothing: the game is gone, or at
    /// another revision.
    async fn stale(&self, read: &SavedGame) -> StoreError {
        match self.current_revision(read.id).await {
            Err(err) => err,
            Ok(None) => StoreError::GameNotFound(read.id),
            Ok(Some(actual)) => StoreError::StaleRevision {
                expected: read.revision,
                actual,
            },
        }
    }

    async fn current_revision(&self, id: i64) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT revision FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }
}

fn json_text(value: &Value) -> String {
    value.to_string()
}

fn parse_json(row: &AnyRow, column: &str) -> Result<Value, StoreError> {
    let text: String = row.try_get(column)?;
    serde_json::from_str(&text)
        .map_err(|e| StoreError::Corrupt(format!("column {column} is not valid JSON: {e}")))
}

fn game_from_row(row: &AnyRow) -> Result<SavedGame, StoreError> {
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
        seats: Vec::new(),
        rematch: None,
        private: row.try_get::<i64, _>("private")? != 0,
        rated: row.try_get::<i64, _>("rated")? != 0,
        clock: match row.try_get::<Option<String>, _>("clock")? {
            None => None,
            Some(text) => {
                Some(serde_json::from_str(&text).map_err(|e| {
                    StoreError::Corrupt(format!("column clock is not a clock: {e}"))
                })?)
            }
        },
    })
}

fn clock_text(clock: Option<&Clock>) -> Option<String> {
    clock.and_then(|c| serde_json::to_string(c).ok())
}

fn entry_from_row(row: &AnyRow) -> Result<LeaderboardEntry, StoreError> {
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

type Tx<'a> = sqlx::Transaction<'a, sqlx::Any>;

/// Inserts a new game at revision 0; its id.
async fn insert_game(tx: &mut Tx<'_>, game: &NewGame) -> Result<i64, StoreError> {
    let now = now_rfc3339();
    let id = sqlx::query_scalar(
        "INSERT INTO games (kind, variant, mode, players, state, created_at, updated_at, clock, \
         clock_deadline, private, rated) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
    )
    .bind(game.kind.as_str())
    .bind(&game.variant)
    .bind(&game.mode)
    .bind(json_text(&game.players))
    .bind(json_text(&game.state))
    .bind(&now)
    .bind(&now)
    .bind(clock_text(game.clock.as_ref()))
    .bind(game.clock.as_ref().and_then(Clock::deadline_ms))
    .bind(i64::from(game.private))
    .bind(i64::from(game.rated))
    .fetch_one(&mut **tx)
    .await?;
    seats::insert(tx, id, &game.seats).await?;
    Ok(id)
}

/// Bumps the revision of game `id` if it is still at `expected_revision` (a change that is not a
/// new state: a rematch offered or answered); false otherwise.
async fn bump_revision(
    tx: &mut Tx<'_>,
    id: i64,
    expected_revision: i64,
) -> Result<bool, StoreError> {
    let bumped = sqlx::query(
        "UPDATE games SET revision = revision + 1, updated_at = $1 WHERE id = $2 AND revision = $3",
    )
    .bind(now_rfc3339())
    .bind(id)
    .bind(expected_revision)
    .execute(&mut **tx)
    .await?;
    Ok(bumped.rows_affected() == 1)
}

/// Applies `update` to game `id` inside `tx` if it is still at `expected_revision`: the new
/// state, its actions and its leaderboard entry, all or nothing. False when the game is not at
/// that revision (or is gone); the caller rolls back.
async fn apply_update(
    tx: &mut Tx<'_>,
    backend: &Backend,
    id: i64,
    expected_revision: i64,
    update: &GameUpdate,
) -> Result<bool, StoreError> {
    // The conditional UPDATE makes two writers based on the same revision unable to both succeed.
    let updated = sqlx::query(
        "UPDATE games SET state = $1, status = COALESCE($2, status), \
         result = CASE WHEN $2 = 'ongoing' THEN NULL ELSE COALESCE($3, result) END, \
         revision = revision + 1, updated_at = $4, clock = COALESCE($7, clock), \
         clock_deadline = CASE WHEN $7 IS NULL THEN clock_deadline ELSE $8 END \
         WHERE id = $5 AND revision = $6",
    )
    .bind(json_text(&update.state))
    .bind(update.status.map(GameStatus::as_str))
    .bind(update.result.as_ref().map(json_text))
    .bind(now_rfc3339())
    .bind(id)
    .bind(expected_revision)
    .bind(clock_text(update.clock.as_ref()))
    .bind(update.clock.as_ref().and_then(Clock::deadline_ms))
    .execute(&mut **tx)
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(false);
    }
    if let Some([a, b]) = &update.swap_seats {
        seats::swap_holders(tx, id, a, b).await?;
    }
    if let Some(keep) = update.truncate_actions_to {
        sqlx::query("DELETE FROM game_actions WHERE game_id = $1 AND seq >= $2")
            .bind(id)
            .bind(keep.max(0))
            .execute(&mut **tx)
            .await?;
    }
    let mut next_seq: i64 =
        sqlx::query_scalar("SELECT COALESCE(MAX(seq) + 1, 0) FROM game_actions WHERE game_id = $1")
            .bind(id)
            .fetch_one(&mut **tx)
            .await?;
    for action in &update.append_actions {
        sqlx::query("INSERT INTO game_actions (game_id, seq, action) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(next_seq)
            .bind(json_text(action))
            .execute(&mut **tx)
            .await?;
        next_seq += 1;
    }
    sqlx::query("UPDATE games SET action_count = $1 WHERE id = $2")
        .bind(next_seq)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    if update.status == Some(GameStatus::Finished) {
        ratings::settle(tx, backend, id).await?;
    }
    if let Some(entry) = &update.leaderboard_entry {
        sqlx::query(
            "INSERT INTO leaderboard (game, variant, name, score, time_ms, game_id, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(entry.game.as_str())
        .bind(&entry.variant)
        .bind(&entry.name)
        .bind(entry.score)
        .bind(entry.time_ms)
        .bind(id)
        .bind(now_rfc3339())
        .execute(&mut **tx)
        .await?;
    }
    Ok(true)
}

#[async_trait::async_trait]
impl Store for SqlStore {
    async fn create_game(&self, game: NewGame) -> Result<SavedGame, StoreError> {
        let mut tx = self.begin_write().await?;
        let id = insert_game(&mut tx, &game).await?;
        tx.commit().await?;
        self.game(id).await
    }

    async fn update_game(
        &self,
        read: &SavedGame,
        actor: &PlayerId,
        update: GameUpdate,
    ) -> Result<SavedGame, StoreError> {
        self.update_as(read, Some(actor), update).await
    }

    async fn update_game_by_server(
        &self,
        read: &SavedGame,
        update: GameUpdate,
    ) -> Result<SavedGame, StoreError> {
        self.update_as(read, None, update).await
    }

    async fn ratings(&self, player: &PlayerId) -> Result<Vec<PlayerRating>, StoreError> {
        ratings::of_player(&self.pool, player).await
    }

    async fn rating(
        &self,
        player: &PlayerId,
        game: GameKind,
        speed: Speed,
    ) -> Result<Rating, StoreError> {
        ratings::rating(&self.pool, player, game, speed).await
    }

    async fn rating_history(
        &self,
        player: &PlayerId,
        game: GameKind,
        speed: Speed,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        ratings::history(&self.pool, player, game, speed).await
    }

    async fn create_seek(&self, seek: NewSeek) -> Result<Seek, StoreError> {
        self.check_file()?;
        seeks::create(&self.pool, &seek).await
    }

    async fn seeks(&self, game: Option<GameKind>) -> Result<Vec<Seek>, StoreError> {
        seeks::list(&self.pool, game).await
    }

    async fn seek(&self, id: i64) -> Result<Seek, StoreError> {
        seeks::one(&self.pool, id)
            .await?
            .ok_or(StoreError::SeekNotFound)
    }

    async fn count_seeks_of(&self, player: &PlayerId) -> Result<u32, StoreError> {
        seeks::count_of(&self.pool, player).await
    }

    async fn delete_seeks_of(&self, player: &PlayerId) -> Result<u64, StoreError> {
        self.check_file()?;
        seeks::remove_all_of(&self.pool, player).await
    }

    async fn delete_seek(&self, id: i64, player: &PlayerId) -> Result<(), StoreError> {
        self.check_file()?;
        if seeks::remove(&self.pool, id, Some(player)).await? {
            Ok(())
        } else {
            Err(StoreError::SeekNotFound)
        }
    }

    async fn accept_seek(&self, id: i64, game: NewGame) -> Result<SavedGame, StoreError> {
        let mut tx = self.begin_write().await?;
        if !seeks::remove(&mut *tx, id, None).await? {
            tx.rollback().await?;
            return Err(StoreError::SeekNotFound);
        }
        let game_id = insert_game(&mut tx, &game).await?;
        tx.commit().await?;
        self.game(game_id).await
    }

    async fn live_public_games(&self, limit: u32) -> Result<Vec<SavedGame>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'ongoing' AND private = 0 \
             AND (SELECT COUNT(DISTINCT player_id) FROM game_seats \
                  WHERE game_id = games.id AND player_id IS NOT NULL) = 2 \
             ORDER BY updated_at DESC, id DESC LIMIT $1"
        ))
        .bind(i64::from(limit.max(1)))
        .fetch_all(&self.pool)
        .await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in &rows {
            let mut game = game_from_row(row)?;
            game.seats = seats::of_game(&self.pool, game.id).await?;
            games.push(game);
        }
        Ok(games)
    }

    async fn clock_deadlines(&self) -> Result<Vec<(i64, i64)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, clock_deadline FROM games \
             WHERE clock_deadline IS NOT NULL AND status = 'ongoing'",
        )
        .fetch_all(&self.pool)
        .await?)
    }

    async fn import_game(
        &self,
        game: NewGame,
        history: GameUpdate,
    ) -> Result<SavedGame, StoreError> {
        let mut tx = self.begin_write().await?;
        let id = insert_game(&mut tx, &game).await?;
        if !apply_update(&mut tx, &self.backend, id, 0, &history).await? {
            return Err(StoreError::Corrupt(format!(
                "game {id} changed while it was being imported"
            )));
        }
        tx.commit().await?;
        self.game(id).await
    }

    async fn create_rematch(
        &self,
        old: &SavedGame,
        actor: &PlayerId,
        game: NewGame,
    ) -> Result<SavedGame, StoreError> {
        let mut tx = self.begin_write().await?;
        let Some(id) = rematches::offer(&mut tx, old.id, old.revision, actor, &game).await? else {
            tx.rollback().await?;
            return Err(self.stale(old).await);
        };
        tx.commit().await?;
        self.game(id).await
    }

    async fn answer_rematch(
        &self,
        old: &SavedGame,
        rematch_id: i64,
        taker: Option<&PlayerId>,
    ) -> Result<SavedGame, StoreError> {
        let mut tx = self.begin_write().await?;
        if !rematches::answer(&mut tx, old.id, old.revision, rematch_id, taker).await? {
            tx.rollback().await?;
            return Err(self.stale(old).await);
        }
        tx.commit().await?;
        self.game(rematch_id).await
    }

    async fn invite(
        &self,
        game_id: i64,
        actor: &PlayerId,
        seat: &str,
        token_hash: &[u8],
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        invitations::invite(&mut tx, game_id, actor, seat, token_hash).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn accept_invitation(
        &self,
        token_hash: &[u8],
        player: &PlayerId,
    ) -> Result<SavedGame, StoreError> {
        let mut tx = self.begin_write().await?;
        let id = invitations::accept(&mut tx, token_hash, player).await?;
        tx.commit().await?;
        self.game(id).await
    }

    async fn live_games(&self, player: &PlayerId) -> Result<u32, StoreError> {
        let n: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM games g JOIN game_seats mine ON mine.game_id = g.id \
             WHERE mine.player_id = $1 AND g.status = 'ongoing' AND EXISTS ( \
               SELECT 1 FROM game_seats other WHERE other.game_id = g.id AND other.engine IS NULL \
               AND (other.player_id IS NULL OR other.player_id <> $1))",
        )
        .bind(&player.0)
        .fetch_one(&self.pool)
        .await?;
        Ok(u32::try_from(n).unwrap_or(u32::MAX))
    }

    async fn game(&self, id: i64) -> Result<SavedGame, StoreError> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::GameNotFound(id))?;
        let mut game = game_from_row(&row)?;
        game.seats = seats::of_game(&self.pool, id).await?;
        game.rematch = rematches::of_game(&self.pool, id).await?;
        Ok(game)
    }

    async fn actions(&self, id: i64) -> Result<Vec<Value>, StoreError> {
        if self.current_revision(id).await?.is_none() {
            return Err(StoreError::GameNotFound(id));
        }
        let rows = sqlx::query("SELECT action FROM game_actions WHERE game_id = $1 ORDER BY seq")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| parse_json(row, "action")).collect()
    }

    async fn list_games(&self, filter: GameFilter) -> Result<Vec<SavedGame>, StoreError> {
        let limit = i64::from(filter.limit.max(1));
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE ($1 IS NULL OR kind = $1) \
             AND ($2 IS NULL OR id IN (SELECT game_id FROM game_seats WHERE player_id = $2) \
                  OR NOT EXISTS (SELECT 1 FROM game_seats WHERE game_id = games.id)) \
             AND ($4 = 0 OR action_count > 0 OR status <> 'ongoing') \
             ORDER BY updated_at DESC, id DESC LIMIT $3"
        ))
        .bind(filter.kind.map(GameKind::as_str))
        .bind(filter.player.as_ref().map(|p| p.0.as_str()))
        .bind(limit)
        .bind(i64::from(filter.played_only))
        .fetch_all(&self.pool)
        .await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in &rows {
            let mut game = game_from_row(row)?;
            game.seats = seats::of_game(&self.pool, game.id).await?;
            game.rematch = rematches::of_game(&self.pool, game.id).await?;
            games.push(game);
        }
        Ok(games)
    }

    async fn delete_game(&self, id: i64, actor: &PlayerId) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        let deleted = sqlx::query(
            "DELETE FROM games WHERE id = $1 \
             AND (EXISTS (SELECT 1 FROM game_seats WHERE game_id = $1 AND player_id = $2) \
                  OR NOT EXISTS (SELECT 1 FROM game_seats WHERE game_id = $1))",
        )
        .bind(id)
        .bind(&actor.0)
        .execute(&mut *tx)
        .await?;
        if deleted.rows_affected() == 0 {
            let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            tx.rollback().await?;
            return Err(match exists {
                Some(_) => StoreError::NotSeated(id),
                None => StoreError::GameNotFound(id),
            });
        }
        tx.commit().await?;
        Ok(())
    }

    async fn top_entries(
        &self,
        game: GameKind,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<LeaderboardEntry>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, game, variant, name, score, time_ms, game_id, created_at FROM leaderboard \
             WHERE game = $1 AND variant = $2 \
             ORDER BY score IS NULL, score DESC, time_ms IS NULL, time_ms ASC, created_at ASC, id ASC \
             LIMIT $3",
        )
        .bind(game.as_str())
        .bind(variant)
        .bind(i64::from(limit.max(1)))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(entry_from_row).collect()
    }

    async fn health(&self) -> Health {
        let integrity = self.backend.integrity(&self.pool).await;
        let written = self.backend.try_write(&self.pool).await;
        Health {
            writable: written.is_ok(),
            integrity,
            problem: written.err().map(|e| e.to_string()),
        }
    }

    async fn close(&self) {
        self.pool.close().await;
    }
}
