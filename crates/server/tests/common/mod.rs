//! Starting a real server on a real SQLite file for the integration tests.

#![allow(dead_code)] // each test file uses a different part of this module

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use qipan_server::Server;
use qipan_server::config::{Access, Config, DbLocation, Limits};
use qipan_server::store::{GameKind, NewGame, Store};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// A server running in the background of a test.
pub struct Running {
    pub addr: SocketAddr,
    pub store: Arc<dyn Store>,
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

/// Starts a server on an ephemeral port with the given database.
pub async fn start(db: DbLocation, limits: Limits) -> Running {
    let config = Config {
        addr: "127.0.0.1:0".parse().expect("a valid address"),
        db,
        limits,
        access: Access::default(),
    };
    let server = Server::bind(config).await.expect("the server starts");
    let addr = server.local_addr();
    let store = server.store();
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(server.run(async move {
        let _ = stopped.await;
    }));
    Running {
        addr,
        store,
        stop,
        task,
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
    }
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
