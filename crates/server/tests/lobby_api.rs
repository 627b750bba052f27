//! The lobby and ratings: a seek seen by others and accepted (the seeker's lobby socket is told),
//! a seek taken once only, rating ranges, quick pairing, live games with spectators, and a rated
//! game's result moving both players' Glicko-2 ratings exactly once.

mod common;

use std::time::Duration;

use futures_util::StreamExt;
use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn started(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .expect("a lobby event within 5 s")
            .unwrap()
            .unwrap();
        if let Message::Text(text) = message {
            let event: Value = serde_json::from_str(&text).unwrap();
            if !event["started"].is_null() {
                return event["started"].clone();
            }
        }
    }
}

fn five_plus_three() -> Value {
    json!({"kind": "fischer", "initial_seconds": 300, "increment_seconds": 3})
}

#[tokio::test]
async fn a_seek_is_accepted_once_and_the_seeker_is_told() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (ann, bo, cy) = (common::client(), common::client(), common::client());
    let (ann_id, bo_id) = (
        common::me(&ann, &server).await,
        common::me(&bo, &server).await,
    );
    let (mut lobby_socket, _) = connect_async(format!("ws://{}/api/lobby/events", server.addr))
        .await
        .unwrap();
    let (status, seek) = common::post(
        &ann,
        server.url("/api/seeks"),
        json!({"game": "xiangqi", "clock": five_plus_three(), "rated": true, "color": "red"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{seek}");
    assert_eq!(seek["speed"], "blitz");
    let (_, lobby) = common::get(server.url("/api/lobby")).await;
    let listed = &lobby["seeks"][0];
    assert_eq!(listed["player"], json!(ann_id.0));
    assert_eq!(listed["rating"], 1500);
    assert_eq!(listed["provisional"], true);

    let accept = server.url(&format!("/api/seeks/{}/accept", seek["id"]));
    let (status, own) = common::post(&ann, accept.clone(), json!({})).await;
    assert_eq!(
        (status, common::code(&own)),
        (StatusCode::CONFLICT, Some("own_seek"))
    );
    let (status, game) = common::post(&bo, accept.clone(), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    let told = started(&mut lobby_socket).await;
    assert_eq!(told["game"], game["game"]);
    assert!(
        told["players"]
            .as_array()
            .unwrap()
            .contains(&json!(ann_id.0))
    );
    // The seek is gone: a second taker is told so.
    let (status, late) = common::post(&cy, accept, json!({})).await;
    assert_eq!(
        (status, common::code(&late)),
        (StatusCode::NOT_FOUND, Some("seek_gone"))
    );
    let id = game["game"].as_i64().unwrap();
    let (_, view) = common::get(server.url(&format!("/api/xiangqi/games/{id}"))).await;
    let holder = |seat: &str| {
        view["seats"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["seat"] == seat)
            .unwrap()["holder"]["player"]
            .clone()
    };
    assert_eq!(holder("red"), json!(ann_id.0));
    assert_eq!(holder("black"), json!(bo_id.0));
    assert_eq!(view["clock"]["control"]["initial_ms"], 300_000);

    // The game is live in the lobby, with its spectator.
    let (_watching, _) = connect_async(format!("ws://{}/api/games/{id}/events", server.addr))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (_, lobby) = common::get(server.url("/api/lobby")).await;
    assert_eq!(lobby["seeks"], json!([]));
    assert_eq!(lobby["games"][0]["id"], id);
    assert_eq!(lobby["games"][0]["spectators"], 1);
    assert_eq!(lobby["games"][0]["rated"], true);

    // Bo resigns: Ann's blitz rating goes up, Bo's down, each with one point of history.
    let (status, _) = common::post(
        &bo,
        server.url(&format!("/api/xiangqi/games/{id}/resign")),
        json!({"revision": view["revision"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, ann_page) = common::get(server.url(&format!("/api/players/{}", ann_id.0))).await;
    let (_, bo_page) = common::get(server.url(&format!("/api/players/{}", bo_id.0))).await;
    let ann_rating = &ann_page["ratings"][0];
    assert_eq!(ann_rating["game"], "xiangqi");
    assert_eq!(ann_rating["speed"], "blitz");
    assert_eq!(ann_rating["games"], 1);
    assert_eq!(ann_rating["wins"], 1);
    // Two new players (1500, RD 350): the win and the loss move both ratings by the same large
    // step (rating.rs checks the formulas against Glickman's published example).
    let (a, b) = (
        ann_rating["rating"].as_i64().unwrap(),
        bo_page["ratings"][0]["rating"].as_i64().unwrap(),
    );
    assert!(
        a > 1600 && b < 1400 && (a - 1500 - (1500 - b)).abs() <= 1,
        "{a} {b}"
    );
    let (_, history) = common::get(server.url(&format!(
        "/api/players/{}/rating-history?game=xiangqi&speed=blitz",
        bo_id.0
    )))
    .await;
    assert_eq!(history.as_array().unwrap().len(), 1, "{history}");
    assert_eq!(history[0]["game_id"], id);
    let (_, games) = common::get(server.url(&format!("/api/players/{}/games", ann_id.0))).await;
    assert_eq!(games[0]["id"], id);
    server.stop().await;
}

#[tokio::test]
async fn rating_ranges_quick_pairing_and_bad_seeks() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (ann, bo) = (common::client(), common::client());
    let (_, seek) = common::post(
        &ann,
        server.url("/api/seeks"),
        json!({"game": "gomoku", "rule": "renju", "clock": five_plus_three(),
               "rating_range": [1600, 1800]}),
    )
    .await;
    let (status, refused) = common::post(
        &bo,
        server.url(&format!("/api/seeks/{}/accept", seek["id"])),
        json!({}),
    )
    .await;
    assert_eq!(
        (status, common::code(&refused)),
        (StatusCode::CONFLICT, Some("out_of_rating_range"))
    );
    // Nobody withdraws another player's seek.
    let stranger = bo
        .delete(server.url(&format!("/api/seeks/{}", seek["id"])))
        .header("Origin", server.url(""))
        .send()
        .await
        .unwrap();
    assert_eq!(stranger.status(), StatusCode::NOT_FOUND);
    let withdraw = ann
        .delete(server.url(&format!("/api/seeks/{}", seek["id"])))
        .header("Origin", server.url(""))
        .send()
        .await
        .unwrap();
    assert_eq!(withdraw.status(), StatusCode::OK);

    // Quick pairing: the first waits, the second with the same settings starts the game.
    let quick = json!({"game": "gomoku", "rule": "renju", "clock": five_plus_three()});
    let (status, waiting) = common::post(&ann, server.url("/api/lobby/quick"), quick.clone()).await;
    assert_eq!(status, StatusCode::OK, "{waiting}");
    assert_eq!(waiting["waiting"]["rating_range"], json!([1300, 1700]));
    let (status, paired) = common::post(&bo, server.url("/api/lobby/quick"), quick).await;
    assert_eq!(status, StatusCode::OK, "{paired}");
    let id = paired["started"]["game"].as_i64().expect("a game started");
    let (_, game) = common::get(server.url(&format!("/api/gomoku/games/{id}"))).await;
    assert_eq!(game["rule"], "renju");

    // A rule set with its opening rule pairs as one and starts the game under both.
    let quick = json!({"game": "gomoku", "rule": "freestyle+swap2", "clock": five_plus_three()});
    let (status, waiting) = common::post(&ann, server.url("/api/lobby/quick"), quick.clone()).await;
    assert_eq!(status, StatusCode::OK, "{waiting}");
    let (status, paired) = common::post(&bo, server.url("/api/lobby/quick"), quick).await;
    assert_eq!(status, StatusCode::OK, "{paired}");
    let id = paired["started"]["game"].as_i64().expect("a game started");
    let (_, game) = common::get(server.url(&format!("/api/gomoku/games/{id}"))).await;
    assert_eq!(
        (game["rule"].as_str(), game["opening"]["rule"].as_str()),
        (Some("freestyle"), Some("swap2")),
        "{game}"
    );

    for (body, code) in [
        (
            json!({"game": "knight", "clock": five_plus_three()}),
            "not_a_two_player_game",
        ),
        (
            json!({"game": "xiangqi", "clock": five_plus_three(), "color": "white"}),
            "bad_color",
        ),
        (
            json!({"game": "gomoku", "rule": "go", "clock": five_plus_three()}),
            "unknown_rule",
        ),
        (
            json!({"game": "gomoku", "rule": "renju+swap2", "clock": five_plus_three()}),
            "opening_not_for_rule",
        ),
        (
            json!({"game": "gomoku", "rule": "freestyle+pie", "clock": five_plus_three()}),
            "unknown_opening",
        ),
        (
            json!({"game": "xiangqi", "clock": {"kind": "fischer", "initial_seconds": 0}}),
            "bad_time_control",
        ),
    ] {
        let (status, answer) = common::post(&ann, server.url("/api/seeks"), body.clone()).await;
        assert_eq!(
            (status, common::code(&answer)),
            (StatusCode::UNPROCESSABLE_ENTITY, Some(code)),
            "{body}"
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn a_players_seeks_go_when_its_last_lobby_page_closes() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (ann, cookie, _) = common::player_with_cookie(&server).await;
    let open = || {
        let mut request = format!("ws://{}/api/lobby/events", server.addr)
            .into_client_request()
            .unwrap();
        request
            .headers_mut()
            .insert("Cookie", cookie.parse().unwrap());
        connect_async(request)
    };
    let (first, _) = open().await.unwrap();
    let (second, _) = open().await.unwrap();
    let (status, _) = common::post(
        &ann,
        server.url("/api/seeks"),
        json!({"game": "xiangqi", "clock": five_plus_three()}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let seeks = || async {
        let (_, lobby) = common::get(server.url("/api/lobby")).await;
        lobby["seeks"].as_array().unwrap().len()
    };
    drop(first);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(seeks().await, 1, "another lobby page is still open");
    drop(second);
    for _ in 0..50 {
        if seeks().await == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(seeks().await, 0);
    server.stop().await;
}
