//! Watching a saved game over a WebSocket (`GET /api/games/{id}/events`): the current revision at
//! once, every accepted change, a deleted game, an unknown game, and a plain GET.

mod common;

use common::{code, create, get, post};
use futures_util::StreamExt;
use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The next JSON message of the socket (text), skipping pings.
async fn next_change(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(std::time::Duration::from_secs(10), socket.next())
            .await
            .expect("a change within 10 s")
            .expect("the socket is open")
            .expect("a message");
        match message {
            Message::Text(text) => return serde_json::from_str(&text).unwrap(),
            Message::Ping(_) | Message::Pong(_) => {}
            other => panic!("unexpected message {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_watcher_hears_every_change_of_its_game_and_its_deletion() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let (_, id) = create(
        &client,
        server.url("/api/knight/games"),
        json!({"cols": 5, "rows": 5, "start": [0, 0]}),
    )
    .await;
    // A second game whose changes the watcher of the first must not hear.
    let (_, other) = post(
        &client,
        server.url("/api/knight/games"),
        json!({"cols": 5, "rows": 5, "start": [0, 0]}),
    )
    .await;

    let url = format!("ws://{}/api/games/{id}/events", server.addr);
    let (mut socket, _) = connect_async(url).await.expect("the WebSocket opens");
    assert_eq!(
        next_change(&mut socket).await,
        json!({"id": id, "revision": 0})
    );

    let (status, body) = post(
        &client,
        server.url(&format!("/api/knight/games/{}/move", other["id"])),
        json!({"revision": 0, "to": [1, 2]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = post(
        &client,
        server.url(&format!("/api/knight/games/{id}/move")),
        json!({"revision": 0, "to": [2, 1]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let me = common::me(&client, &server).await;
    assert_eq!(
        next_change(&mut socket).await,
        json!({"id": id, "revision": 1, "by": me.0, "actions": [{"move": [2, 1]}]})
    );

    // A refused move changes nothing and says nothing.
    let (status, _) = post(
        &client,
        server.url(&format!("/api/knight/games/{id}/move")),
        json!({"revision": 1, "to": [0, 0]}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = post(
        &client,
        server.url(&format!("/api/knight/games/{id}/undo")),
        json!({"revision": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        next_change(&mut socket).await,
        json!({"id": id, "revision": 2, "by": me.0, "actions": [{"undo": [2, 1]}]})
    );

    let deleted = client
        .delete(server.url(&format!("/api/games/{id}")))
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        next_change(&mut socket).await,
        json!({"id": id, "revision": null})
    );
    server.stop().await;
}

#[tokio::test]
async fn unknown_games_and_plain_requests_are_refused() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let missing = connect_async(format!("ws://{}/api/games/999/events", server.addr)).await;
    match missing {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 404)
        }
        other => panic!("expected a 404, got {other:?}"),
    }
    let (status, body) = get(server.url("/api/games/1/events")).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::BAD_REQUEST, Some("websocket_expected"))
    );
    server.stop().await;
}

#[tokio::test]
async fn watchers_are_told_to_hang_up_when_the_server_stops() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let (_, game) = post(
        &client,
        server.url("/api/tromino/games"),
        json!({"size": 4, "missing": [0, 0]}),
    )
    .await;
    let url = format!("ws://{}/api/games/{}/events", server.addr, game["id"]);
    let (mut socket, _) = connect_async(url).await.expect("the WebSocket opens");
    next_change(&mut socket).await;
    server.stop().await;
    let closed = tokio::time::timeout(std::time::Duration::from_secs(10), socket.next())
        .await
        .expect("the server hangs up within 10 s");
    assert!(
        matches!(closed, None | Some(Ok(Message::Close(_))) | Some(Err(_))),
        "{closed:?}"
    );
}

/// A page never needs to send more than a ping: a large client message closes the socket
/// instead of being buffered (64 MiB each before), and the server goes on serving.
#[tokio::test]
async fn a_large_client_message_closes_the_socket() {
    use futures_util::SinkExt;
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let (_, id) = create(
        &client,
        server.url("/api/gomoku/games"),
        json!({"mode": "pvp"}),
    )
    .await;
    let url = format!("ws://{}/api/games/{id}/events", server.addr);
    let (mut socket, _) = connect_async(url).await.expect("the WebSocket opens");
    next_change(&mut socket).await;
    let big = "x".repeat(1 << 20);
    let _ = socket.send(Message::Text(big.into())).await;
    let closed = tokio::time::timeout(std::time::Duration::from_secs(10), async {
        loop {
            match socket.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the server closed the socket");
    let (status, _) = get(server.url("/api/health")).await;
    assert_eq!(status, StatusCode::OK);
    server.stop().await;
}
