//! Two instances on one PostgreSQL database serve one site: a seek made on one is seen and taken
//! on the other, each player's moves reach the other player connected to the other instance,
//! presence crosses over, and the rating is counted once. Runs when the tests run on
//! PostgreSQL (`QIPAN_TEST_POSTGRES`, which scripts/test sets); on SQLite there is only one
//! instance, and this test says it has nothing to check.

mod common;

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn open(url: String, cookie: &str) -> Socket {
    let mut request = url.into_client_request().unwrap();
    request
        .headers_mut()
        .insert("Cookie", cookie.parse().unwrap());
    connect_async(request).await.unwrap().0
}

/// The next message on `socket` that `wanted` accepts.
async fn next(socket: &mut Socket, wanted: impl Fn(&Value) -> bool) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a message within 10 s")
            .expect("the socket is open")
            .expect("a message");
        if let Message::Text(text) = message {
            let value: Value = serde_json::from_str(&text).unwrap();
            if wanted(&value) {
                return value;
            }
        }
    }
}

fn is_move(change: &Value) -> bool {
    change["presence"].is_null() && !change["actions"].is_null()
}

#[tokio::test]
async fn two_instances_on_one_database_serve_one_site() {
    if common::postgres_server().is_none() {
        eprintln!(
            "one instance on SQLite: nothing to check (scripts/test runs this on PostgreSQL)"
        );
        return;
    }
    let db = common::fresh_db(DbLocation::Memory).await;
    assert!(matches!(db, DbLocation::Postgres(_)));
    let a = common::start(db.clone(), Limits::default()).await;
    let b = common::start(db, Limits::default()).await;
    let (ann, ann_cookie, ann_id) = common::player_with_cookie(&a).await;
    let (bo, bo_cookie, bo_id) = common::player_with_cookie(&b).await;

    // Ann seeks on A; Bo's lobby on B hears of it and lists it; Bo takes it on B, and Ann's
    // lobby on A is told the game started.
    let mut lobby_on_a = open(format!("ws://{}/api/lobby/events", a.addr), &ann_cookie).await;
    let mut lobby_on_b = open(format!("ws://{}/api/lobby/events", b.addr), &bo_cookie).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (status, seek) = common::post(
        &ann,
        a.url("/api/seeks"),
        json!({"game": "xiangqi", "rated": true, "color": "red",
               "clock": {"kind": "fischer", "initial_seconds": 300, "increment_seconds": 3}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{seek}");
    next(&mut lobby_on_b, |e| e["seeks"] == "changed").await;
    let (_, lobby) = common::get(b.url("/api/lobby")).await;
    assert_eq!(lobby["seeks"][0]["player"], json!(ann_id.0));
    let (status, started) = common::post(
        &bo,
        b.url(&format!("/api/seeks/{}/accept", seek["id"])),
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let told = next(&mut lobby_on_a, |e| !e["started"].is_null()).await;
    let id = told["started"]["game"].as_i64().unwrap();
    assert_eq!(started["game"], id);

    // Each has the game open on their own instance; each sees the other online.
    let mut ann_page = open(
        format!("ws://{}/api/games/{id}/events", a.addr),
        &ann_cookie,
    )
    .await;
    let mut bo_page = open(format!("ws://{}/api/games/{id}/events", b.addr), &bo_cookie).await;
    let online = |who: &str| {
        let who = who.to_owned();
        move |c: &Value| c["presence"]["players"][&who]["state"] == "online"
    };
    next(&mut bo_page, online(&ann_id.0)).await;
    next(&mut ann_page, online(&bo_id.0)).await;

    // Moves cross from A to B and from B to A, with the move in the change.
    let moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"];
    let mut relayed = Vec::new();
    let (_, view) = common::get(a.url(&format!("/api/xiangqi/games/{id}"))).await;
    let mut revision = view["revision"].as_i64().unwrap();
    for (ply, mv) in moves.iter().enumerate() {
        let (client, server, watcher) = if ply % 2 == 0 {
            (&ann, &a, &mut bo_page)
        } else {
            (&bo, &b, &mut ann_page)
        };
        let sent = Instant::now();
        let (status, after) = common::post(
            client,
            server.url(&format!("/api/xiangqi/games/{id}/move")),
            json!({"revision": revision, "move": mv}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{after}");
        // (A page also hears of its own player's moves, and skips them by `by`.)
        let change = next(watcher, |c| is_move(c) && c["actions"][0]["move"] == *mv).await;
        relayed.push(sent.elapsed());
        assert_eq!(change["actions"], json!([{ "move": mv }]));
        assert_eq!(change["revision"], after["revision"]);
        revision = after["revision"].as_i64().unwrap();
    }
    relayed.sort();
    eprintln!(
        "a move request on one instance to its change on the other's socket: median {:?}, \
         slowest {:?} ({} moves)",
        relayed[relayed.len() / 2],
        relayed[relayed.len() - 1],
        relayed.len()
    );

    // A stale write from the other instance is refused: the revision lives in the database.
    let (status, stale) = common::post(
        &bo,
        b.url(&format!("/api/xiangqi/games/{id}/move")),
        json!({"revision": revision - 1, "move": "h7h3"}),
    )
    .await;
    assert_eq!(
        (status, common::code(&stale)),
        (StatusCode::CONFLICT, Some("stale"))
    );

    // Bo resigns on B; both instances show one rated game each, counted once.
    let (status, _) = common::post(
        &bo,
        b.url(&format!("/api/xiangqi/games/{id}/resign")),
        json!({"revision": revision}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let resigned = next(&mut ann_page, |c| c["revision"].as_i64() > Some(revision)).await;
    assert_eq!(resigned["by"], json!(bo_id.0));
    for server in [&a, &b] {
        let (_, page) = common::get(server.url(&format!("/api/players/{}", ann_id.0))).await;
        assert_eq!(page["ratings"][0]["games"], 1, "{page}");
        assert_eq!(page["ratings"][0]["wins"], 1, "{page}");
    }
    a.stop().await;
    b.stop().await;
}

#[tokio::test]
async fn a_seek_lasts_while_its_player_has_a_lobby_page_on_any_instance() {
    if common::postgres_server().is_none() {
        eprintln!(
            "one instance on SQLite: nothing to check (scripts/test runs this on PostgreSQL)"
        );
        return;
    }
    let db = common::fresh_db(DbLocation::Memory).await;
    let a = common::start(db.clone(), Limits::default()).await;
    let b = common::start(db, Limits::default()).await;
    let (ann, ann_cookie, _) = common::player_with_cookie(&a).await;
    let mut on_a = open(format!("ws://{}/api/lobby/events", a.addr), &ann_cookie).await;
    let mut on_b = open(format!("ws://{}/api/lobby/events", b.addr), &ann_cookie).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, _) = common::post(
        &ann,
        a.url("/api/seeks"),
        json!({"game": "gomoku", "rated": false, "color": "random",
               "clock": {"kind": "fischer", "initial_seconds": 300, "increment_seconds": 3}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let seeks = |server: &common::Running| {
        let url = server.url("/api/lobby");
        async move { common::get(url).await.1["seeks"].as_array().unwrap().len() }
    };
    // Ann closes the lobby on A, where the seek was made: her page on B keeps it.
    on_a.close(None).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(seeks(&b).await, 1);
    // Her last lobby page closes: the seek goes, on both instances.
    on_b.close(None).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!((seeks(&a).await, seeks(&b).await), (0, 0));
    a.stop().await;
    b.stop().await;
}
