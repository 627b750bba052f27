//! Copying one qipan database into another, row for row with their ids: how an existing SQLite
//! database moves to PostgreSQL (`qipan db migrate`), and back. The target must be empty; the
//! copy is one transaction on it, so that a failure leaves it as empty as it was.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{SqlStore, Tx};
use crate::store::StoreError;

/// A column's type, as both databases store it.
#[derive(Clone, Copy)]
enum Kind {
    Int,
    Real,
    Text,
    Blob,
}

use Kind::{Blob, Int, Real, Text};

/// A table to copy: its name, its columns, the order to read it in, and whether its `id` is
/// generated (so that the target's next id is set past the copied ones).
struct Table {
    name: &'static str,
    columns: &'static [(&'static str, Kind)],
    order: &'static str,
    generated_id: bool,
}

/// Every table of the schema, parents before children (a rematch names an older game, so games
/// in id order keep their own references whole).
const TABLES: &[Table] = &[
    Table {
        name: "players",
        columns: &[
            ("id", Text),
            ("name", Text),
            ("name_key", Text),
            ("username", Text),
            ("password_hash", Text),
            ("created_at", Text),
        ],
        order: "id",
        generated_id: false,
    },
    Table {
        name: "player_sessions",
        columns: &[
            ("token_hash", Blob),
            ("player_id", Text),
            ("created_at", Text),
        ],
        order: "token_hash",
        generated_id: false,
    },
    Table {
        name: "games",
        columns: &[
            ("id", Int),
            ("kind", Text),
            ("variant", Text),
            ("mode", Text),
            ("players", Text),
            ("state", Text),
            ("status", Text),
            ("result", Text),
            ("revision", Int),
            ("action_count", Int),
            ("created_at", Text),
            ("updated_at", Text),
            ("clock", Text),
            ("clock_deadline", Int),
            ("rematch_of", Int),
            ("rematch_by", Text),
            ("private", Int),
            ("rated", Int),
            ("rated_at", Text),
        ],
        order: "id",
        generated_id: true,
    },
    Table {
        name: "game_seats",
        columns: &[
            ("game_id", Int),
            ("seat", Text),
            ("player_id", Text),
            ("engine", Text),
        ],
        order: "game_id, seat",
        generated_id: false,
    },
    Table {
        name: "game_actions",
        columns: &[("game_id", Int), ("seq", Int), ("action", Text)],
        order: "game_id, seq",
        generated_id: false,
    },
    Table {
        name: "invitations",
        columns: &[
            ("token_hash", Blob),
            ("game_id", Int),
            ("seat", Text),
            ("created_at", Text),
        ],
        order: "token_hash",
        generated_id: false,
    },
    Table {
        name: "leaderboard",
        columns: &[
            ("id", Int),
            ("game", Text),
            ("variant", Text),
            ("name", Text),
            ("score", Int),
            ("time_ms", Int),
            ("game_id", Int),
            ("created_at", Text),
        ],
        order: "id",
        generated_id: true,
    },
    Table {
        name: "ratings",
        columns: &[
            ("player_id", Text),
            ("game", Text),
            ("speed", Text),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("games", Int),
            ("wins", Int),
            ("draws", Int),
            ("losses", Int),
            ("updated_at", Text),
        ],
        order: "player_id, game, speed",
        generated_id: false,
    },
    Table {
        name: "rating_history",
        columns: &[
            ("id", Int),
            ("player_id", Text),
            ("game", Text),
            ("speed", Text),
            ("game_id", Int),
            ("rating", Real),
            ("deviation", Real),
            ("at", Text),
        ],
        order: "id",
        generated_id: true,
    },
    Table {
        name: "seeks",
        columns: &[
            ("id", Int),
            ("player_id", Text),
            ("game", Text),
            ("rule", Text),
            ("clock", Text),
            ("speed", Text),
            ("rated", Int),
            ("color", Text),
            ("rating_min", Int),
            ("rating_max", Int),
            ("created_at", Text),
        ],
        order: "id",
        generated_id: true,
    },
];

/// Rows read and written at a time.
const PAGE: i64 = 1000;

impl SqlStore {
    /// Copies every row of this database into `target`, which must hold no rows in any of these
    /// tables (else [`StoreError::TargetNotEmpty`]); how many rows of each table were copied.
    pub async fn copy_into(
        &self,
        target: &SqlStore,
    ) -> Result<Vec<(&'static str, u64)>, StoreError> {
        for table in TABLES.iter().map(|t| t.name) {
            let n: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
                .fetch_one(&target.pool)
                .await?;
            if n > 0 {
                return Err(StoreError::TargetNotEmpty(format!("{n} rows in {table}")));
            }
        }
        let mut tx = target.begin_write().await?;
        let mut copied = Vec::with_capacity(TABLES.len());
        for table in TABLES {
            copied.push((table.name, self.copy_table(table, &mut tx).await?));
            if table.generated_id && target.is_postgres() {
                // The next generated id follows the copied ones.
                sqlx::query(&format!(
                    "SELECT setval(pg_get_serial_sequence('{0}', 'id'), \
                     COALESCE((SELECT MAX(id) FROM {0}), 0) + 1, false)",
                    table.name
                ))
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await?;
        Ok(copied)
    }

    async fn copy_table(&self, table: &Table, tx: &mut Tx<'_>) -> Result<u64, StoreError> {
        let names: Vec<&str> = table.columns.iter().map(|(name, _)| *name).collect();
        let select = format!(
            "SELECT {} FROM {} ORDER BY {} LIMIT $1 OFFSET $2",
            names.join(", "),
            table.name,
            table.order
        );
        let placeholders: Vec<String> = (1..=names.len()).map(|i| format!("${i}")).collect();
        let insert = format!(
            "INSERT INTO {} ({}) VALUES ({})",
            table.name,
            names.join(", "),
            placeholders.join(", ")
        );
        let mut copied = 0u64;
        loop {
            let rows = sqlx::query(&select)
                .bind(PAGE)
                .bind(copied as i64)
                .fetch_all(&self.pool)
                .await?;
            for row in &rows {
                bind_row(sqlx::query(&insert), row, table.columns)?
                    .execute(&mut **tx)
                    .await?;
            }
            copied += rows.len() as u64;
            if (rows.len() as i64) < PAGE {
                return Ok(copied);
            }
        }
    }
}

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// Binds each column of `row` to `query`, by its type.
fn bind_row<'q>(
    mut query: AnyQuery<'q>,
    row: &AnyRow,
    columns: &[(&str, Kind)],
) -> Result<AnyQuery<'q>, StoreError> {
    for (i, (_, kind)) in columns.iter().enumerate() {
        query = match kind {
            Int => query.bind(row.try_get::<Option<i64>, _>(i)?),
            Real => query.bind(row.try_get::<Option<f64>, _>(i)?),
            Text => query.bind(row.try_get::<Option<String>, _>(i)?),
            Blob => query.bind(row.try_get::<Option<Vec<u8>>, _>(i)?),
        };
    }
    Ok(query)
}
