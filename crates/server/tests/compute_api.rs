//! Bounded, fair compute over real HTTP: one client cannot queue more than its share (429), a
//! full waiting line answers 503, both with `Retry-After` and a JSON error, and a level-1 engine
//! reply does not wait behind long hints.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::create;
use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::sync::Mutex;

fn limits(per_client: usize, queued: usize) -> Limits {
    Limits {
        max_concurrent_computations: 1,
        max_computations_per_client: per_client,
        max_queued_computations: queued,
        max_compute_time: Duration::from_secs(10),
        ..Limits::default()
    }
}

async fn xiangqi_game(client: &reqwest::Client, server: &common::Running, body: Value) -> i64 {
    create(client, server.url("/api/xiangqi/games"), body)
        .await
        .1
}

/// Asks for `n` hints at once; their statuses, `Retry-After` headers and error codes.
async fn hints_at_once(
    client: &reqwest::Client,
    server: &common::Running,
    id: i64,
    n: usize,
) -> Vec<(StatusCode, Option<String>, Value)> {
    let url = server.url(&format!("/api/xiangqi/games/{id}/hint"));
    let requests = (0..n).map(|_| {
        let (client, url) = (client.clone(), url.clone());
        async move {
            let response = client.post(url).json(&json!({})).send().await.unwrap();
            let status = response.status();
            let retry = response
                .headers()
                .get("retry-after")
                .map(|v| v.to_str().unwrap().to_owned());
            (status, retry, response.json().await.unwrap())
        }
    });
    futures_util::future::join_all(requests).await
}

#[tokio::test]
async fn one_client_gets_429_past_its_share() {
    let server = common::start(DbLocation::Memory, limits(2, 64)).await;
    let client = common::client();
    let id = xiangqi_game(&client, &server, json!({"mode": "pvp"})).await;
    let answers = hints_at_once(&client, &server, id, 4).await;
    let refused: Vec<_> = answers
        .iter()
        .filter(|(status, ..)| *status == StatusCode::TOO_MANY_REQUESTS)
        .collect();
    assert_eq!(refused.len(), 2, "{answers:?}");
    for (_, retry, body) in refused {
        assert_eq!(retry.as_deref(), Some("2"));
        assert_eq!(common::code(body), Some("too_many_computations"));
    }
    server.stop().await;
}

#[tokio::test]
async fn a_full_waiting_line_answers_503() {
    let server = common::start(DbLocation::Memory, limits(10, 1)).await;
    let client = common::client();
    let id = xiangqi_game(&client, &server, json!({"mode": "pvp"})).await;
    let answers = hints_at_once(&client, &server, id, 3).await;
    let busy: Vec<_> = answers
        .iter()
        .filter(|(status, ..)| *status == StatusCode::SERVICE_UNAVAILABLE)
        .collect();
    assert_eq!(busy.len(), 1, "{answers:?}");
    assert_eq!(busy[0].1.as_deref(), Some("2"));
    assert_eq!(common::code(&busy[0].2), Some("compute_busy"));
    server.stop().await;
}

#[tokio::test]
async fn a_level_1_reply_does_not_wait_behind_hints() {
    let server = Arc::new(common::start(DbLocation::Memory, limits(10, 64)).await);
    let client = common::client();
    let hinted = xiangqi_game(&client, &server, json!({"mode": "pvp"})).await;
    let engine_game = json!({"mode": "engine", "engine_side": "red", "level": 1});
    let against_engine = xiangqi_game(&client, &server, engine_game).await;
    let finished = Arc::new(Mutex::new(Vec::new()));
    let hints = {
        let (server, finished, client) =
            (Arc::clone(&server), Arc::clone(&finished), client.clone());
        tokio::spawn(async move {
            hints_at_once(&client, &server, hinted, 3).await;
            finished.lock().await.push("hints");
        })
    };
    // Let the hints take the only search slot and line up behind it.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let url = server.url(&format!("/api/xiangqi/games/{against_engine}/engine"));
    let (status, reply) = common::post(&client, url, json!({"revision": 0})).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    finished.lock().await.push("level-1 reply");
    hints.await.unwrap();
    assert_eq!(*finished.lock().await, ["level-1 reply", "hints"]);
    Arc::try_unwrap(server).ok().unwrap().stop().await;
}
