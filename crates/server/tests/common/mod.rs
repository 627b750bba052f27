//! Starting a real server on a real database for the integration tests: SQLite, or, when
//! `QIPAN_TEST_POSTGRES` names a PostgreSQL server (scripts/test starts a throwaway one), a new
//! PostgreSQL database for each test, so that the same tests run on both backends.

#![allow(dead_code)] // each test file uses a different part of this module

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use qipan_server::Server;
use qipan_server::config::{Access, Config, DbLocation, Limits};
use qipan_server::store::{GameKind, NewGame, PlayerId, PlayerStore, Store};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// A server running in the background of a test.
pub struct Running {
    pub addr: SocketAddr,
    pub store: Arc<dyn Store>,
    pub players: Arc<dyn PlayerStore>,
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), qipan_server::ServeError>>,
}

impl Running {
    /// The full URL of a path on this server.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// Stops the server the way Ctrl-C does and waits until the database is closed.
    pub async fn stop(self) {
        let _ = self.stop.send(());
        self.task
            .await
            .expect("the server task ends")
            .expect("the server stops cleanly");
    }
}

/// The PostgreSQL server the tests run on instead of SQLite, if any: an address without a
/// database name, e.g. `postgres://postgres@127.0.0.1:5433`.
pub fn postgres_server() -> Option<String> {
    std::env::var("QIPAN_TEST_POSTGRES")
        .ok()
        .filter(|url| !url.is_empty())
}

/// A fresh empty database for one test: a new PostgreSQL database when the tests run on
/// PostgreSQL, else `sqlite` (a memory database or a file).
pub async fn fresh_db(sqlite: DbLocation) -> DbLocation {
    use sqlx::{Connection, Executor};
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let Some(server) = postgres_server() else {
        return sqlite;
    };
    let name = format!(
        "qipan_test_{}_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos())
    );
    let mut admin = sqlx::PgConnection::connect(&format!("{server}/postgres"))
        .await
        .expect("the test PostgreSQL server answers");
    admin
        .execute(format!("CREATE DATABASE {name}").as_str())
        .await
        .expect("a test database can be created");
    admin.close().await.ok();
    DbLocation::Postgres(format!("{server}/{name}"))
}

/// Starts a server on an ephemeral port with the given database; [`DbLocation::Memory`] stands
/// for a fresh database of the backend the tests run on (see [`fresh_db`]).
pub async fn start(db: DbLocation, limits: Limits) -> Running {
    let db = match db {
        DbLocation::Memory => fresh_db(DbLocation::Memory).await,
        other => other,
    };
    let config = Config {
        addr: "127.0.0.1:0".parse().expect("a valid address"),
        db,
        limits,
        access: Access::default(),
    };
    let server = Server::bind(config).await.expect("the server starts");
    let addr = server.local_addr();
    let store = server.store();
    let players = server.players();
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(server.run(async move {
        let _ = stopped.await;
    }));
    Running {
        addr,
        store,
        players,
        stop,
        task,
    }
}

/// Default limits, but creations as fast as a test makes them (for tests that fill a database).
pub fn unlimited_creations() -> Limits {
    Limits {
        creations_per_player_minute: 1_000_000,
        creations_per_address_minute: 1_000_000,
        guests_per_address_minute: 1_000_000,
        ..Limits::default()
    }
}

/// Starts a server on a SQLite file.
pub async fn start_on_file(path: &Path) -> Running {
    start(DbLocation::File(path.to_owned()), Limits::default()).await
}

/// A new game of the given kind, as a game module would create it.
pub fn new_game(kind: GameKind, variant: &str) -> NewGame {
    NewGame {
        kind,
        variant: variant.to_owned(),
        mode: "human-vs-human".to_owned(),
        players: json!({ "red": "Ann", "black": "Bo" }),
        state: json!({ "moves": [] }),
        seats: vec![],
        clock: None,
        private: false,
        rated: false,
    }
}

/// A client that keeps its cookies, as a browser does: one player.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .expect("a reqwest client")
}

/// A player made directly in the store, for tests that write through the store.
pub async fn player(players: &dyn PlayerStore) -> PlayerId {
    let secret: [u8; 16] = rand_bytes();
    players
        .create_player(&secret)
        .await
        .expect("a new player")
        .id
}

/// The id of the player `client` is (GET /api/me).
pub async fn me(client: &reqwest::Client, running: &Running) -> PlayerId {
    let me: Value = client
        .get(running.url("/api/me"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    PlayerId(me["id"].as_str().expect("an id").to_owned())
}

fn rand_bytes() -> [u8; 16] {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut out = [0u8; 16];
    out[..8].copy_from_slice(&n.to_le_bytes());
    out[8..].copy_from_slice(&t.to_le_bytes());
    out
}

/// POSTs `body` as JSON to `url`: the status and the JSON answer.
pub async fn post(client: &reqwest::Client, url: String, body: Value) -> (StatusCode, Value) {
    let response = client.post(url).json(&body).send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap())
}

/// POSTs `body` to `url` to create a game: the answer and the game's `id`, failing the test
/// unless the server answered 200 OK.
pub async fn create(client: &reqwest::Client, url: String, body: Value) -> (Value, i64) {
    let (status, created) = post(client, url, body).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let id = created["id"].as_i64().unwrap();
    (created, id)
}

/// GETs `url`: the status and the JSON answer.
pub async fn get(url: String) -> (StatusCode, Value) {
    let response = reqwest::get(url).await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap())
}

/// The `code` of an error answer, if it is one.
pub fn code(body: &Value) -> Option<&str> {
    body["error"]["code"].as_str()
}

/// A new player and its cookie (`name=value`), with a client that sends it: for tests that also
/// open WebSockets as that player.
pub async fn player_with_cookie(running: &Running) -> (reqwest::Client, String, PlayerId) {
    let answer = reqwest::get(running.url("/api/me")).await.unwrap();
    let cookie = answer
        .headers()
        .get(reqwest::header::SET_COOKIE)
        .expect("a new player gets a cookie")
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let me: Value = answer.json().await.unwrap();
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(reqwest::header::COOKIE, cookie.parse().unwrap());
    let client = reqwest::Client::builder()
        .default_headers(headers)
        .build()
        .unwrap();
    (
        client,
        cookie,
        PlayerId(me["id"].as_str().unwrap().to_owned()),
    )
}

/// Seats `friend` in the open seat of game `id` through an invitation `inviter` sends, as two
/// people do with "Play a friend"; fails the test unless both steps succeed.
pub async fn seat_friend(
    running: &Running,
    inviter: &reqwest::Client,
    friend: &reqwest::Client,
    id: i64,
) {
    let (status, invitation) = post(
        inviter,
        running.url(&format!("/api/games/{id}/invitation")),
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{invitation}");
    let token = invitation["token"].as_str().expect("an invitation token");
    let (status, seated) = post(
        friend,
        running.url(&format!("/api/invitations/{token}")),
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{seated}");
}
