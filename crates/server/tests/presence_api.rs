//! Presence and abandoned games: the game's socket says which seated players have it open
//! (online, away) and how many spectators watch; a player whose opponent has had no page open
//! for the claim time wins by claiming, and not before.

mod common;

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn open(server: &common::Running, id: i64, cookie: Option<&str>) -> Socket {
    let mut request = format!("ws://{}/api/games/{id}/events", server.addr)
        .into_client_request()
        .unwrap();
    if let Some(cookie) = cookie {
        request
            .headers_mut()
            .insert("Cookie", cookie.parse().unwrap());
    }
    connect_async(request).await.unwrap().0
}

/// The next presence report on `socket`.
async fn presence(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .expect("a message within 5 s")
            .unwrap()
            .unwrap();
        if let Message::Text(text) = message {
            let change: Value = serde_json::from_str(&text).unwrap();
            if !change["presence"].is_null() {
                return change["presence"].clone();
            }
        }
    }
}

#[tokio::test]
async fn presence_is_reported_and_an_abandoned_game_is_claimed_after_the_wait() {
    let limits = Limits {
        claim_after: Duration::from_secs(1),
        ..Limits::default()
    };
    let server = common::start(DbLocation::Memory, limits).await;
    let (ann, ann_cookie, ann_id) = common::player_with_cookie(&server).await;
    let (bo, bo_cookie, bo_id) = common::player_with_cookie(&server).await;
    let (_, id) = common::create(
        &ann,
        server.url("/api/gomoku/games"),
        json!({"mode": "pvp", "friend": true}),
    )
    .await;
    common::seat_friend(&server, &ann, &bo, id).await;

    let mut bo_page = open(&server, id, Some(&bo_cookie)).await;
    let seen = presence(&mut bo_page).await;
    assert_eq!(seen["players"][&bo_id.0]["state"], "online");
    assert_eq!(seen["players"][&ann_id.0]["state"], "offline");
    let mut ann_page = open(&server, id, Some(&ann_cookie)).await;
    let seen = presence(&mut bo_page).await;
    assert_eq!(seen["players"][&ann_id.0]["state"], "online");
    let _spectator = open(&server, id, None).await;
    let seen = presence(&mut bo_page).await;
    assert_eq!(seen["spectators"], 1);
    // Ann hides her page: away.
    ann_page
        .send(Message::Text(r#"{"hidden": true}"#.into()))
        .await
        .unwrap();
    let seen = presence(&mut bo_page).await;
    assert_eq!(seen["players"][&ann_id.0]["state"], "away");

    let claim = |who: &reqwest::Client| {
        let who = who.clone();
        let url = server.url(&format!("/api/games/{id}/claim"));
        let game_url = server.url(&format!("/api/gomoku/games/{id}"));
        async move {
            let (_, game) = common::get(game_url).await;
            common::post(&who, url, json!({"revision": game["revision"]})).await
        }
    };
    let (status, refused) = claim(&bo).await;
    assert_eq!(
        (status, common::code(&refused)),
        (StatusCode::CONFLICT, Some("opponent_present"))
    );
    // A spectator claims nothing.
    let (status, _) = claim(&common::client()).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Ann's page goes; claiming at once is too early, after the wait it wins.
    drop(ann_page);
    let seen = presence(&mut bo_page).await;
    assert_eq!(seen["players"][&ann_id.0]["state"], "offline");
    let (status, early) = claim(&bo).await;
    assert_eq!(
        (status, common::code(&early)),
        (StatusCode::CONFLICT, Some("too_early_to_claim")),
        "{early}"
    );
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let (status, won) = claim(&bo).await;
    assert_eq!(status, StatusCode::OK, "{won}");
    let (_, game) = common::get(server.url(&format!("/api/gomoku/games/{id}"))).await;
    assert_eq!(game["outcome"]["reason"], "abandoned");
    assert_eq!(game["outcome"]["winner"], "white");
    // Nobody claims a game that is over, or one against nobody.
    let (status, _) = claim(&bo).await;
    assert_eq!(status, StatusCode::CONFLICT);
    server.stop().await;
}
