//! Players, their sessions and accounts.

use rand::Rng;
use sqlx::AnyPool;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::{SqlStore, Tx};
use crate::store::{Player, PlayerId, PlayerStore, StoreError};
use crate::time::now_rfc3339;

const PLAYER_COLUMNS: &str = "id, name, username, created_at";

fn player_from_row(row: &AnyRow) -> Result<Player, StoreError> {
    Ok(Player {
        id: PlayerId(row.try_get("id")?),
        name: row.try_get("name")?,
        username: row.try_get("username")?,
        created_at: row.try_get("created_at")?,
    })
}

/// A fresh public id: 12 hexadecimal digits (48 random bits; ids are not secrets).
fn new_id() -> PlayerId {
    PlayerId(format!("{:012x}", rand::rng().random::<u64>() >> 16))
}

/// Whether `err` is the database's refusal of a duplicate in a UNIQUE column.
fn is_unique_violation(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(db) if db.is_unique_violation())
}

/// Inserts a new guest player signed in by `token_hash`; its id.
async fn create(tx: &mut Tx<'_>, token_hash: &[u8]) -> Result<PlayerId, StoreError> {
    let now = now_rfc3339();
    let id = new_id();
    sqlx::query("INSERT INTO players (id, created_at) VALUES ($1, $2)")
        .bind(&id.0)
        .bind(&now)
        .execute(&mut **tx)
        .await?;
    sqlx::query(
        "INSERT INTO player_sessions (token_hash, player_id, created_at) VALUES ($1, $2, $3)",
    )
    .bind(token_hash)
    .bind(&id.0)
    .bind(&now)
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

async fn for_session(pool: &AnyPool, token_hash: &[u8]) -> Result<Option<Player>, StoreError> {
    let row = sqlx::query(
        "SELECT p.id, p.name, p.username, p.created_at FROM player_sessions s \
         JOIN players p ON p.id = s.player_id WHERE s.token_hash = $1",
    )
    .bind(token_hash)
    .fetch_optional(pool)
    .await?;
    row.as_ref().map(player_from_row).transpose()
}

async fn by_id(pool: &AnyPool, id: &PlayerId) -> Result<Player, StoreError> {
    let row = sqlx::query(&format!(
        "SELECT {PLAYER_COLUMNS} FROM players WHERE id = $1"
    ))
    .bind(&id.0)
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| StoreError::PlayerNotFound(id.0.clone()))?;
    player_from_row(&row)
}

async fn rename(pool: &AnyPool, id: &PlayerId, name: Option<&str>) -> Result<Player, StoreError> {
    let key = name.map(str::to_lowercase);
    let done = sqlx::query("UPDATE players SET name = $1, name_key = $2 WHERE id = $3")
        .bind(name)
        .bind(key)
        .bind(&id.0)
        .execute(pool)
        .await;
    match done {
        Err(e) if is_unique_violation(&e) => {
            Err(StoreError::NameTaken(name.unwrap_or_default().to_owned()))
        }
        Err(e) => Err(e.into()),
        Ok(r) if r.rows_affected() == 0 => Err(StoreError::PlayerNotFound(id.0.clone())),
        Ok(_) => by_id(pool, id).await,
    }
}

async fn claim(
    pool: &AnyPool,
    id: &PlayerId,
    username: &str,
    password_hash: &str,
) -> Result<Player, StoreError> {
    let done = sqlx::query(
        "UPDATE players SET username = $1, password_hash = $2 WHERE id = $3 AND username IS NULL",
    )
    .bind(username)
    .bind(password_hash)
    .bind(&id.0)
    .execute(pool)
    .await;
    match done {
        Err(e) if is_unique_violation(&e) => Err(StoreError::UsernameTaken(username.to_owned())),
        Err(e) => Err(e.into()),
        Ok(r) if r.rows_affected() == 0 => {
            by_id(pool, id).await?;
            Err(StoreError::AlreadyClaimed)
        }
        Ok(_) => by_id(pool, id).await,
    }
}

async fn account(pool: &AnyPool, username: &str) -> Result<Option<(Player, String)>, StoreError> {
    let row = sqlx::query(&format!(
        "SELECT {PLAYER_COLUMNS}, password_hash FROM players WHERE username = $1"
    ))
    .bind(username)
    .fetch_optional(pool)
    .await?;
    match row {
        None => Ok(None),
        Some(row) => {
            let hash: Option<String> = row.try_get("password_hash")?;
            let hash = hash.ok_or_else(|| {
                StoreError::Corrupt(format!("account {username:?} has no password hash"))
            })?;
            Ok(Some((player_from_row(&row)?, hash)))
        }
    }
}

async fn add_session(
    pool: &AnyPool,
    player: &PlayerId,
    token_hash: &[u8],
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO player_sessions (token_hash, player_id, created_at) VALUES ($1, $2, $3)",
    )
    .bind(token_hash)
    .bind(&player.0)
    .bind(now_rfc3339())
    .execute(pool)
    .await?;
    Ok(())
}

async fn end_sessions(pool: &AnyPool, player: &PlayerId) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM player_sessions WHERE player_id = $1")
        .bind(&player.0)
        .execute(pool)
        .await?;
    Ok(())
}

#[async_trait::async_trait]
impl PlayerStore for SqlStore {
    async fn create_player(&self, token_hash: &[u8]) -> Result<Player, StoreError> {
        let mut tx = self.begin_write().await?;
        let id = create(&mut tx, token_hash).await?;
        tx.commit().await?;
        by_id(&self.pool, &id).await
    }

    async fn player_for_session(&self, token_hash: &[u8]) -> Result<Option<Player>, StoreError> {
        for_session(&self.pool, token_hash).await
    }

    async fn player(&self, id: &PlayerId) -> Result<Player, StoreError> {
        by_id(&self.pool, id).await
    }

    async fn rename_player(&self, id: &PlayerId, name: Option<&str>) -> Result<Player, StoreError> {
        self.check_file()?;
        rename(&self.pool, id, name).await
    }

    async fn claim_account(
        &self,
        id: &PlayerId,
        username: &str,
        password_hash: &str,
    ) -> Result<Player, StoreError> {
        self.check_file()?;
        claim(&self.pool, id, username, password_hash).await
    }

    async fn account(&self, username: &str) -> Result<Option<(Player, String)>, StoreError> {
        account(&self.pool, username).await
    }

    async fn add_session(&self, player: &PlayerId, token_hash: &[u8]) -> Result<(), StoreError> {
        self.check_file()?;
        add_session(&self.pool, player, token_hash).await
    }

    async fn end_sessions(&self, player: &PlayerId) -> Result<(), StoreError> {
        self.check_file()?;
        end_sessions(&self.pool, player).await
    }
}
