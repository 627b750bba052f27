//! The lobby's seeks.

use sqlx::Any;
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::clock::TimeControl;
use crate::store::{GameKind, NewSeek, PlayerId, Seek, StoreError};
use crate::time::now_rfc3339;

const SEEK_COLUMNS: &str =
    "id, player_id, game, rule, clock, speed, rated, color, rating_min, rating_max, created_at";

fn seek_from_row(row: &AnyRow) -> Result<Seek, StoreError> {
    let game: String = row.try_get("game")?;
    let clock: String = row.try_get("clock")?;
    let control: TimeControl = serde_json::from_str(&clock)
        .map_err(|e| StoreError::Corrupt(format!("a seek's clock is damaged: {e}")))?;
    let min: Option<i64> = row.try_get("rating_min")?;
    let max: Option<i64> = row.try_get("rating_max")?;
    Ok(Seek {
        id: row.try_get("id")?,
        player: PlayerId(row.try_get("player_id")?),
        game: game
            .parse()
            .map_err(|e: crate::store::UnknownGameKind| StoreError::Corrupt(e.to_string()))?,
        rule: row.try_get("rule")?,
        control,
        speed: control.speed(),
        rated: row.try_get::<i64, _>("rated")? != 0,
        color: row.try_get("color")?,
        rating_range: min.zip(max),
        created_at: row.try_get("created_at")?,
    })
}

/// Opens a seek.
pub(super) async fn create<'e, E>(executor: E, seek: &NewSeek) -> Result<Seek, StoreError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let control = serde_json::to_string(&seek.control)
        .map_err(|e| StoreError::Corrupt(format!("a time control cannot be written: {e}")))?;
    let row = sqlx::query(&format!(
        "INSERT INTO seeks (player_id, game, rule, clock, speed, rated, color, rating_min, \
         rating_max, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING {SEEK_COLUMNS}"
    ))
    .bind(&seek.player.0)
    .bind(seek.game.as_str())
    .bind(&seek.rule)
    .bind(control)
    .bind(seek.control.speed().as_str())
    .bind(i64::from(seek.rated))
    .bind(&seek.color)
    .bind(seek.rating_range.map(|r| r.0))
    .bind(seek.rating_range.map(|r| r.1))
    .bind(now_rfc3339())
    .fetch_one(executor)
    .await?;
    seek_from_row(&row)
}

/// The open seeks, oldest first.
pub(super) async fn list<'e, E>(
    executor: E,
    game: Option<GameKind>,
) -> Result<Vec<Seek>, StoreError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(&format!(
        "SELECT {SEEK_COLUMNS} FROM seeks WHERE $1 IS NULL OR game = $1 ORDER BY id LIMIT 200"
    ))
    .bind(game.map(GameKind::as_str))
    .fetch_all(executor)
    .await?;
    rows.iter().map(seek_from_row).collect()
}

/// Seek `id`, if it is open.
pub(super) async fn one<'e, E>(executor: E, id: i64) -> Result<Option<Seek>, StoreError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row = sqlx::query(&format!("SELECT {SEEK_COLUMNS} FROM seeks WHERE id = $1"))
        .bind(id)
        .fetch_optional(executor)
        .await?;
    row.as_ref().map(seek_from_row).transpose()
}

/// How many seeks `player` has open.
pub(super) async fn count_of<'e, E>(executor: E, player: &PlayerId) -> Result<u32, StoreError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM seeks WHERE player_id = $1")
        .bind(&player.0)
        .fetch_one(executor)
        .await?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

/// Removes seek `id` (of `player` only, when given); false when there was none.
pub(super) async fn remove<'e, E>(
    executor: E,
    id: i64,
    player: Option<&PlayerId>,
) -> Result<bool, StoreError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let removed = sqlx::query("DELETE FROM seeks WHERE id = $1 AND ($2 IS NULL OR player_id = $2)")
        .bind(id)
        .bind(player.map(|p| p.0.as_str()))
        .execute(executor)
        .await?;
    Ok(removed.rows_affected() == 1)
}

/// Removes every seek of `player`; how many there were.
pub(super) async fn remove_all_of<'e, E>(executor: E, player: &PlayerId) -> Result<u64, StoreError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let removed = sqlx::query("DELETE FROM seeks WHERE player_id = $1")
        .bind(&player.0)
        .execute(executor)
        .await?;
    Ok(removed.rows_affected())
}
