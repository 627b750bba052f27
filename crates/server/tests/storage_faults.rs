//! Storage faults are told truthfully: a full database answers 507 and keeps what it
//! acknowledged, a lock held by another program answers 503 with `Retry-After` and a retry then
//! works (a leaderboard entry included), a deleted database file refuses writes instead of
//! quietly starting an empty one, a damaged one shows in the health check, and SQLite's own
//! read-only and full errors map to the right codes.

mod common;

use std::str::FromStr;

use common::{code, create, get, post};
use qipan_server::config::{DbLocation, Limits};
use qipan_server::error::ApiError;
use qipan_server::store::{Fault, StoreError};
use reqwest::StatusCode;
use serde_json::json;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode};
use sqlx::{ConnectOptions, Connection};

#[tokio::test]
async fn a_full_database_answers_507_and_keeps_what_it_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        max_database_bytes: Some(128 * 1024),
        ..common::unlimited_creations()
    };
    let server = common::start(DbLocation::File(dir.path().join("q.sqlite3")), limits).await;
    let client = common::client();
    let mut saved = Vec::new();
    let refused = loop {
        let (status, body) = post(
            &client,
            server.url("/api/xiangqi/games"),
            json!({"mode": "pvp"}),
        )
        .await;
        if status != StatusCode::OK {
            break (status, body);
        }
        saved.push(body["id"].as_i64().unwrap());
        assert!(saved.len() < 5000, "the database never filled up");
    };
    assert_eq!(refused.0, StatusCode::INSUFFICIENT_STORAGE, "{}", refused.1);
    assert_eq!(code(&refused.1), Some("storage_full"));
    for id in saved {
        let (status, _) = get(server.url(&format!("/api/games/{id}"))).await;
        assert_eq!(status, StatusCode::OK, "acknowledged game {id}");
    }
    server.stop().await;
}

/// Holds SQLite's write lock on `path` from another connection, as another program would.
async fn hold_write_lock(path: &std::path::Path) -> sqlx::SqliteConnection {
    let mut other = SqliteConnectOptions::new()
        .filename(path)
        .journal_mode(SqliteJournalMode::Wal)
        .connect()
        .await
        .unwrap();
    sqlx::query("BEGIN EXCLUSIVE")
        .execute(&mut other)
        .await
        .unwrap();
    other
}

#[tokio::test]
async fn a_lock_held_elsewhere_is_503_with_retry_after_and_a_retry_works() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q.sqlite3");
    let server = common::start_on_file(&path).await;
    let client = common::client();
    // A 2x2 board with one square missing is covered by its one tromino.
    let (game, id) = create(
        &client,
        server.url("/api/tromino/games"),
        json!({"size": 2, "missing": [0, 0]}),
    )
    .await;
    let place = server.url(&format!("/api/tromino/games/{id}/place"));
    let body = json!({"revision": game["revision"], "x": 0, "y": 0, "shape": "ll"});

    let mut other = hold_write_lock(&path).await;
    let response = client.post(place.clone()).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(response.headers()["retry-after"], "2");
    let answer: serde_json::Value = response.json().await.unwrap();
    assert_eq!(code(&answer), Some("database_busy"));
    sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();

    let (status, covered) = post(&client, place, body).await;
    assert_eq!(status, StatusCode::OK, "{covered}");
    assert_eq!(covered["status"], "finished");

    // The leaderboard entry and the game's "entered" mark are one write: a refusal leaves both
    // undone, so the retry is accepted rather than told it is already entered.
    let entry = server.url(&format!("/api/tromino/games/{id}/leaderboard"));
    sqlx::query("BEGIN EXCLUSIVE")
        .execute(&mut other)
        .await
        .unwrap();
    let (status, body) = post(&client, entry.clone(), json!({"name": "Ann"})).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::SERVICE_UNAVAILABLE, Some("database_busy"))
    );
    sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();
    let (status, body) = post(&client, entry, json!({"name": "Ann"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, top) = get(server.url("/api/leaderboards/tromino?variant=2x2")).await;
    assert_eq!(top.as_array().unwrap().len(), 1, "{top}");
    other.close().await.unwrap();
    server.stop().await;
}

#[tokio::test]
async fn a_deleted_database_file_refuses_writes_and_fails_the_health_check() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q.sqlite3");
    let server = common::start_on_file(&path).await;
    let client = common::client();
    let (game, id) = create(
        &client,
        server.url("/api/gomoku/games"),
        json!({"mode": "pvp"}),
    )
    .await;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let mv = server.url(&format!("/api/gomoku/games/{id}/move"));
    let (status, body) = post(
        &client,
        mv,
        json!({"revision": game["revision"], "x": 7, "y": 7}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (
            StatusCode::SERVICE_UNAVAILABLE,
            Some("database_unavailable")
        ),
        "{body}"
    );
    let (status, health) = get(server.url("/api/health")).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{health}");
    assert_eq!(health["database"]["writable"], false, "{health}");
    assert!(!path.exists(), "no new empty database was made");
    server.stop().await;
}

#[tokio::test]
async fn a_damaged_database_fails_the_health_check() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("q.sqlite3");
    let server = common::start(
        DbLocation::File(path.clone()),
        common::unlimited_creations(),
    )
    .await;
    let client = common::client();
    for _ in 0..200 {
        create(
            &client,
            server.url("/api/gomoku/games"),
            json!({"mode": "pvp"}),
        )
        .await;
    }
    server.stop().await;
    // Scribble over the last page (game rows), leaving the header and the schema readable.
    let mut bytes = std::fs::read(&path).unwrap();
    let len = bytes.len();
    assert!(len > 8 * 4096, "{len}");
    for b in &mut bytes[len - 4096 + 8..len - 8] {
        *b = 0xA5;
    }
    std::fs::write(&path, bytes).unwrap();
    let server = common::start_on_file(&path).await;
    let (status, health) = get(server.url("/api/health")).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{health}");
    assert_ne!(health["database"]["integrity"], "ok", "{health}");
    server.stop().await;
}

#[tokio::test]
async fn sqlite_read_only_and_full_errors_map_to_503_and_507() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("plain.sqlite3");
    let mut writer = SqliteConnectOptions::from_str(&format!("sqlite://{}", path.display()))
        .unwrap()
        .create_if_missing(true)
        .connect()
        .await
        .unwrap();
    sqlx::query("CREATE TABLE t (x BLOB)")
        .execute(&mut writer)
        .await
        .unwrap();

    let mut reader = SqliteConnectOptions::new()
        .filename(&path)
        .read_only(true)
        .connect()
        .await
        .unwrap();
    let err = sqlx::query("INSERT INTO t VALUES (x'00')")
        .execute(&mut reader)
        .await
        .unwrap_err();
    let err = StoreError::Database(err);
    assert_eq!(err.fault(), Fault::Unavailable, "{err}");
    assert_eq!(ApiError::from(err).status, StatusCode::SERVICE_UNAVAILABLE);

    sqlx::query("PRAGMA max_page_count = 3")
        .execute(&mut writer)
        .await
        .unwrap();
    let err = sqlx::query("INSERT INTO t VALUES (zeroblob(100000))")
        .execute(&mut writer)
        .await
        .unwrap_err();
    let err = StoreError::Database(err);
    assert_eq!(err.fault(), Fault::Full, "{err}");
    let api = ApiError::from(err);
    assert_eq!(api.status, StatusCode::INSUFFICIENT_STORAGE);
    assert_eq!(api.code, "storage_full");
}
