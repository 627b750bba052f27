//! What differs between the two databases behind [`super::SqlStore`]: how a pool is opened and
//! tuned, how a write transaction takes its lock, and what the health check can look at. The
//! queries themselves are the same for both.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyConnection, AnyPool};
use sqlx::{Connection, Executor, TransactionManager};

use super::super::file_identity::FileIdentity;
use crate::config::DbLocation;
use crate::store::{PlayerId, StoreError};

/// The database a store runs on, and what only that database needs.
#[derive(Debug, Clone)]
pub(super) enum Backend {
    /// SQLite: one file (or memory), one writer at a time.
    Sqlite {
        /// The file opened (none for `:memory:`), checked before every write.
        file: Option<FileIdentity>,
        /// The last integrity check and when it ran: it reads the whole database, so health
        /// checks reuse it for [`INTEGRITY_CHECK_EVERY`].
        integrity: Arc<Mutex<Option<(Instant, String)>>>,
    },
    /// PostgreSQL: a server shared by every qipan instance of a site.
    Postgres,
}

/// How long an integrity check's answer is reused by the health check.
const INTEGRITY_CHECK_EVERY: Duration = Duration::from_secs(60);

/// SQLite's page size (its default), which the size limit counts in.
const PAGE_SIZE: u64 = 4096;

/// The first key of the PostgreSQL advisory locks a rating update takes on its players (the
/// second is the hash of the player's id): "qipn" in ASCII. (Two-key advisory locks never
/// collide with the one-key lock the cluster's referee holds.)
const PLAYER_LOCKS: i32 = 0x7169_706e;

/// How many connections one instance keeps to a PostgreSQL server.
const POSTGRES_CONNECTIONS: u32 = 10;

/// Opens the pool for `location` with its schema brought up to date.
pub(super) async fn open(
    location: &DbLocation,
    max_bytes: Option<u64>,
) -> Result<(AnyPool, Backend), StoreError> {
    sqlx::any::install_default_drivers();
    let (pool, backend) = match location {
        DbLocation::File(path) => {
            // Create the file once; the pool's own connections never create one, so a file
            // deleted under the server is not silently replaced by an empty database.
            let url = sqlite_url(&path.to_string_lossy());
            let mut create = sqlx::AnyConnection::connect(&format!("{url}?mode=rwc")).await?;
            tune_sqlite(&mut create, max_bytes).await?;
            create.close().await?;
            let file = FileIdentity::of(path).map_err(|e| StoreError::Database(e.into()))?;
            let pool = pool_options(4)
                .after_connect(move |conn, _| Box::pin(tune_sqlite(conn, max_bytes)))
                .connect(&format!("{url}?mode=rw"))
                .await?;
            (pool, sqlite(Some(file)))
        }
        // Every connection to ":memory:" is a database of its own, so the pool keeps exactly
        // one connection alive for the whole run.
        DbLocation::Memory => {
            let pool = pool_options(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
                .after_connect(move |conn, _| Box::pin(tune_sqlite(conn, max_bytes)))
                .connect("sqlite::memory:")
                .await?;
            (pool, sqlite(None))
        }
        DbLocation::Postgres(url) => {
            if max_bytes.is_some() {
                tracing::warn!(
                    "the database size limit applies to SQLite only: PostgreSQL keeps its own"
                );
            }
            let options: AnyConnectOptions = url.parse()?;
            // One connection first: an unreachable server or a refused password is told as
            // such at once, not as a pool that timed out.
            sqlx::AnyConnection::connect_with(&options)
                .await?
                .close()
                .await?;
            let pool = pool_options(POSTGRES_CONNECTIONS)
                .connect_with(options)
                .await?;
            (pool, Backend::Postgres)
        }
    };
    match backend {
        Backend::Sqlite { .. } => sqlx::migrate!("./migrations/sqlite").run(&pool).await?,
        Backend::Postgres => sqlx::migrate!("./migrations/postgres").run(&pool).await?,
    }
    Ok((pool, backend))
}

fn sqlite(file: Option<FileIdentity>) -> Backend {
    Backend::Sqlite {
        file,
        integrity: Arc::default(),
    }
}

/// Pool settings for both databases. A connection given back to the pool leaves any
/// transaction it is still in first (see [`leave_transaction`]).
fn pool_options(connections: u32) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(connections)
        .acquire_timeout(Duration::from_secs(10))
        .after_release(|conn, _| Box::pin(leave_transaction(conn)))
}

/// Rolls back what a connection coming back to the pool still has open. sqlx counts a custom
/// `BEGIN` as a transaction before it hands back the `Transaction` (it first awaits the
/// connection's handle), so a request dropped in between (a browser that leaves during a
/// write) leaves the connection in a transaction that nothing will end. On SQLite that
/// transaction held the write lock: every other write waited out the busy timeout and failed,
/// and the connection itself refused every later `BEGIN IMMEDIATE` ("non-zero transaction
/// depth"), until the server restarted.
async fn leave_transaction(conn: &mut AnyConnection) -> Result<bool, sqlx::Error> {
    if conn.is_in_transaction() {
        // A dropped `Transaction` only queues its rollback: the ping waits for it to run.
        conn.ping().await?;
    }
    while conn.is_in_transaction() {
        tracing::warn!("a connection came back to the pool inside a transaction: rolled back");
        <sqlx::Any as sqlx::Database>::TransactionManager::rollback(conn).await?;
    }
    Ok(true)
}

/// A `sqlite://` address for a file path, with the characters that would end the path (`?`,
/// `#`, `%`) escaped.
fn sqlite_url(path: &str) -> String {
    let mut url = String::from("sqlite://");
    for ch in path.chars() {
        match ch {
            '%' => url.push_str("%25"),
            '?' => url.push_str("%3F"),
            '#' => url.push_str("%23"),
            _ => url.push(ch),
        }
    }
    url
}

/// The settings every SQLite connection runs with.
async fn tune_sqlite(
    conn: &mut sqlx::AnyConnection,
    max_bytes: Option<u64>,
) -> Result<(), sqlx::Error> {
    // FULL: in WAL mode the log is fsynced at every commit, so an action the player saw
    // confirmed survives not only a crash or `kill -9` of qipan (which NORMAL would also
    // survive) but an OS crash or power loss too. Games write a few rows per second at most,
    // so the cost of one fsync per action is invisible.
    let mut pragmas = format!(
        "PRAGMA page_size = {PAGE_SIZE}; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
         PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;"
    );
    if let Some(bytes) = max_bytes {
        pragmas.push_str(&format!(
            " PRAGMA max_page_count = {};",
            (bytes / PAGE_SIZE).max(1)
        ));
    }
    conn.execute(pragmas.as_str()).await?;
    Ok(())
}

impl Backend {
    /// Refuses to write when the database file is no longer the one opened.
    pub(super) fn check_file(&self) -> Result<(), StoreError> {
        match self {
            Backend::Sqlite {
                file: Some(file), ..
            } => file.check().map_err(StoreError::FileReplaced),
            _ => Ok(()),
        }
    }

    /// Starts a write transaction.
    ///
    /// SQLite: `BEGIN IMMEDIATE` takes the database's write lock at once (waiting up to the busy
    /// timeout for another writer): a deferred transaction that reads first and writes later
    /// could not upgrade its lock while another connection writes, and SQLite would refuse it at
    /// once. So writes are serialised, and nothing can come between a read and a write.
    /// PostgreSQL (read committed): writes run side by side. Each write is safe by itself — a
    /// game's update is conditional on its revision and locks its row for the rest of the
    /// transaction; a seat, an invitation or a seek is taken by a conditional update or delete —
    /// and the one read-then-write across rows, a rating update, first takes
    /// [`Backend::lock_players`].
    pub(super) async fn begin_write(
        &self,
        pool: &AnyPool,
    ) -> Result<sqlx::Transaction<'static, sqlx::Any>, StoreError> {
        self.check_file()?;
        match self {
            Backend::Sqlite { .. } => Ok(pool.begin_with("BEGIN IMMEDIATE").await?),
            Backend::Postgres => Ok(pool.begin().await?),
        }
    }

    /// Holds, until `tx` ends, a lock on each of `players` that every rating update of theirs
    /// takes, in one order (by id) so that two updates never wait on each other. Nothing to do
    /// on SQLite, whose write transactions are already one at a time.
    pub(super) async fn lock_players(
        &self,
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        players: &[&PlayerId],
    ) -> Result<(), StoreError> {
        if let Backend::Postgres = self {
            let mut ids: Vec<&str> = players.iter().map(|p| p.0.as_str()).collect();
            ids.sort_unstable();
            ids.dedup();
            for id in ids {
                sqlx::query("SELECT pg_advisory_xact_lock($1, hashtext($2))")
                    .bind(PLAYER_LOCKS)
                    .bind(id)
                    .execute(&mut **tx)
                    .await?;
            }
        }
        Ok(())
    }

    /// The database's own integrity check, at most [`INTEGRITY_CHECK_EVERY`] old: SQLite's
    /// `quick_check`; PostgreSQL checks its pages itself as it reads them, so a query that
    /// answers is all the check there is.
    pub(super) async fn integrity(&self, pool: &AnyPool) -> String {
        let Backend::Sqlite { integrity, .. } = self else {
            return match sqlx::query("SELECT 1").execute(pool).await {
                Ok(_) => "ok".to_owned(),
                Err(err) => format!("cannot be checked: {}", StoreError::from(err)),
            };
        };
        let cached = integrity.lock().ok().and_then(|last| last.clone());
        if let Some((at, answer)) = cached
            && at.elapsed() < INTEGRITY_CHECK_EVERY
        {
            return answer;
        }
        let lines: Result<Vec<String>, _> = sqlx::query_scalar("PRAGMA quick_check")
            .fetch_all(pool)
            .await;
        let answer = match lines {
            Ok(lines) => lines.join("; "),
            Err(err) => format!("cannot be checked: {}", StoreError::from(err)),
        };
        if let Ok(mut last) = integrity.lock() {
            *last = Some((Instant::now(), answer.clone()));
        }
        answer
    }

    /// Tries a write (rolled back): fails on a read-only, locked or replaced database.
    pub(super) async fn try_write(&self, pool: &AnyPool) -> Result<(), StoreError> {
        self.check_file()?;
        let mut tx = match self {
            Backend::Sqlite { .. } => pool.begin_with("BEGIN IMMEDIATE").await?,
            // Not behind the write lock: a health check must not wait for the writers.
            Backend::Postgres => pool.begin().await?,
        };
        sqlx::query("UPDATE health_probe SET n = n + 1")
            .execute(&mut *tx)
            .await?;
        tx.rollback().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Six committed writes: more than the file pool has connections, so every connection,
    /// a released one included, is used again.
    async fn write_six_times(backend: &Backend, pool: &AnyPool) {
        for _ in 0..6 {
            let mut tx = backend
                .begin_write(pool)
                .await
                .expect("a write transaction");
            sqlx::query("UPDATE health_probe SET n = n + 1")
                .execute(&mut *tx)
                .await
                .expect("the write");
            tx.commit().await.expect("the commit");
        }
    }

    /// A transaction left open on a pooled connection, as a request dropped inside sqlx's
    /// `begin_with` leaves one, no longer blocks or breaks later writes.
    #[tokio::test]
    async fn a_connection_left_in_a_transaction_is_rolled_back_on_release() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let location = DbLocation::File(dir.path().join("leak.sqlite3"));
        let (pool, backend) = open(&location, None).await.expect("the database opens");
        {
            let mut conn = pool.acquire().await.expect("a connection");
            let leaked = conn
                .begin_with("BEGIN IMMEDIATE")
                .await
                .expect("a transaction");
            // Neither committed nor rolled back, and no drop to queue a rollback either.
            std::mem::forget(leaked);
            assert!(conn.is_in_transaction());
        }
        // Without the rollback the others wait out the busy timeout for its lock and fail ("database is
        // locked"), and it refuses `BEGIN IMMEDIATE` itself.
        write_six_times(&backend, &pool).await;
    }

    /// Write transactions dropped at every point of their start (as requests are when their
    /// browser leaves) leave no connection in a transaction: writes still go through.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn writes_cancelled_while_they_begin_leave_no_transaction_behind() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let location = DbLocation::File(dir.path().join("cancel.sqlite3"));
        let (pool, backend) = open(&location, None).await.expect("the database opens");
        for round in 0..400u64 {
            let begin = backend.begin_write(&pool);
            // Dropped after a varying number of polls.
            let _ = tokio::time::timeout(Duration::from_micros(round % 40), begin).await;
        }
        write_six_times(&backend, &pool).await;
    }
}
