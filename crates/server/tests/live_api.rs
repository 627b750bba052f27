//! Playing a friend over the API: an open seat, an invitation link, the friend taking the seat,
//! turns kept by seat, and each move pushed to the other player's socket with the move in it.

mod common;

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn next_change(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a change within 10 s")
            .expect("the socket is open")
            .expect("a message");
        if let Message::Text(text) = message {
            let change: Value = serde_json::from_str(&text).unwrap();
            // Presence reports come and go with sockets; these tests follow the game's changes.
            if change["presence"].is_null() {
                return change;
            }
        }
    }
}

#[tokio::test]
async fn a_friend_takes_the_open_seat_and_the_moves_reach_the_other_screen() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (ann, bo, cy) = (common::client(), common::client(), common::client());
    let (ann_id, bo_id) = (
        common::me(&ann, &server).await,
        common::me(&bo, &server).await,
    );
    let (game, id) = common::create(
        &ann,
        server.url("/api/xiangqi/games"),
        json!({"mode": "pvp", "friend": true, "side": "red"}),
    )
    .await;
    assert_eq!(game["seats"][0]["seat"], "black");
    assert_eq!(game["seats"][0]["holder"], "open");
    assert_eq!(game["seats"][1]["holder"]["player"], json!(ann_id.0));

    // Nobody but a seated player invites; the invitation names the open seat.
    let invite_url = server.url(&format!("/api/games/{id}/invitation"));
    let (status, _) = common::post(&bo, invite_url.clone(), json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, invitation) = common::post(&ann, invite_url.clone(), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{invitation}");
    assert_eq!(invitation["seat"], "black");
    let token = invitation["token"].as_str().unwrap().to_owned();
    assert_eq!(
        invitation["path"],
        format!("/xiangqi/?game={id}&invite={token}")
    );
    // Red cannot move before the friend has come.
    let move_url = server.url(&format!("/api/xiangqi/games/{id}/move"));
    let (status, early) = common::post(
        &ann,
        move_url.clone(),
        json!({"revision": 0, "move": "h2e2"}),
    )
    .await;
    assert_eq!(
        (status, common::code(&early)),
        (StatusCode::CONFLICT, Some("waiting_for_opponent"))
    );

    let accept_url = server.url(&format!("/api/invitations/{token}"));
    let (status, own) = common::post(&ann, accept_url.clone(), json!({})).await;
    assert_eq!(
        (status, common::code(&own)),
        (StatusCode::CONFLICT, Some("own_invitation"))
    );
    let (status, seated) = common::post(&bo, accept_url.clone(), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{seated}");
    assert_eq!(seated["seat"], "black");
    let (status, used) = common::post(&cy, accept_url, json!({})).await;
    assert_eq!(
        (status, common::code(&used)),
        (StatusCode::NOT_FOUND, Some("no_invitation"))
    );

    // Bo watches the game; Ann's move reaches Bo's socket with the move itself.
    let (mut socket, _) = connect_async(format!("ws://{}/api/games/{id}/events", server.addr))
        .await
        .unwrap();
    let first = next_change(&mut socket).await;
    let revision = first["revision"].as_i64().unwrap();
    let (status, wrong_side) = common::post(
        &bo,
        move_url.clone(),
        json!({"revision": revision, "move": "h7e7"}),
    )
    .await;
    assert_eq!(
        (status, common::code(&wrong_side)),
        (StatusCode::CONFLICT, Some("not_your_turn"))
    );
    let sent = Instant::now();
    let (status, after_red) = common::post(
        &ann,
        move_url.clone(),
        json!({"revision": revision, "move": "h2e2"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after_red}");
    let pushed = next_change(&mut socket).await;
    eprintln!(
        "move relayed in {:?} (request sent to push received)",
        sent.elapsed()
    );
    assert_eq!(pushed["by"], json!(ann_id.0));
    assert_eq!(pushed["actions"], json!([{ "move": "h2e2" }]));
    assert_eq!(pushed["revision"], after_red["revision"]);

    // The record names the two people as the pages name them.
    let (_, exported) =
        common::get(server.url(&format!("/api/xiangqi/games/{id}/pgn?lang=en"))).await;
    let pgn = exported["pgn"].as_str().unwrap();
    let tag = |id: &qipan_server::store::PlayerId| id.0[..4].to_owned();
    assert!(
        pgn.contains(&format!("[Red \"Guest {}\"]", tag(&ann_id))),
        "{pgn}"
    );
    assert!(
        pgn.contains(&format!("[Black \"Guest {}\"]", tag(&bo_id))),
        "{pgn}"
    );

    // A third player neither moves nor resigns; Ann cannot take back alone.
    let revision = after_red["revision"].as_i64().unwrap();
    let (status, _) = common::post(
        &cy,
        move_url.clone(),
        json!({"revision": revision, "move": "h7e7"}),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, undo) = common::post(
        &ann,
        server.url(&format!("/api/xiangqi/games/{id}/undo")),
        json!({"revision": revision}),
    )
    .await;
    assert_eq!(
        (status, common::code(&undo)),
        (StatusCode::CONFLICT, Some("takeback_needs_consent"))
    );
    let (status, after_black) =
        common::post(&bo, move_url, json!({"revision": revision, "move": "h7e7"})).await;
    assert_eq!(status, StatusCode::OK, "{after_black}");
    assert_eq!(next_change(&mut socket).await["by"], json!(bo_id.0));

    // Ann offers a draw: only Bo answers it. Then Bo resigns for Black, whatever he claims.
    let draw_url = server.url(&format!("/api/xiangqi/games/{id}/draw"));
    let revision = after_black["revision"].as_i64().unwrap();
    let (status, offered) = common::post(
        &ann,
        draw_url.clone(),
        json!({"revision": revision, "action": "offer"}),
    )
    .await;
    assert_eq!(
        (status, &offered["draw_offer"]),
        (StatusCode::OK, &json!("red"))
    );
    let revision = offered["revision"].as_i64().unwrap();
    let (status, self_accept) = common::post(
        &ann,
        draw_url.clone(),
        json!({"revision": revision, "action": "accept"}),
    )
    .await;
    assert_eq!(
        (status, common::code(&self_accept)),
        (StatusCode::CONFLICT, Some("own_draw_offer"))
    );
    let (status, declined) = common::post(
        &bo,
        draw_url,
        json!({"revision": revision, "action": "decline"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{declined}");
    let (status, resigned) = common::post(
        &bo,
        server.url(&format!("/api/xiangqi/games/{id}/resign")),
        json!({"revision": declined["revision"], "side": "red"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{resigned}");
    assert_eq!(resigned["ending"]["winner"], "red");
    // Both players list the game as theirs.
    for client in [&ann, &bo] {
        let mine: Value = client
            .get(server.url("/api/games"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(mine.as_array().unwrap().len(), 1);
    }
    server.stop().await;
}

#[tokio::test]
async fn a_gomoku_friend_game_keeps_turns_by_seat() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (ann, bo) = (common::client(), common::client());
    let (game, id) = common::create(
        &ann,
        server.url("/api/gomoku/games"),
        json!({"mode": "pvp", "friend": true, "side": "white"}),
    )
    .await;
    let open: Vec<&Value> = game["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["holder"] == "open")
        .collect();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0]["seat"], "black");
    common::seat_friend(&server, &ann, &bo, id).await;
    let move_url = server.url(&format!("/api/gomoku/games/{id}/move"));
    let revision = 1;
    let (status, body) = common::post(
        &ann,
        move_url.clone(),
        json!({"revision": revision, "x": 7, "y": 7}),
    )
    .await;
    assert_eq!(
        (status, common::code(&body)),
        (StatusCode::CONFLICT, Some("not_your_turn")),
        "Black moves first"
    );
    let (status, body) =
        common::post(&bo, move_url, json!({"revision": revision, "x": 7, "y": 7})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Black asks to take its stone back before White replies; White agrees.
    let takeback = server.url(&format!("/api/gomoku/games/{id}/takeback"));
    let offer = json!({"revision": body["revision"], "action": "offer"});
    let (status, asked) = common::post(&bo, takeback.clone(), offer).await;
    assert_eq!(
        (status, &asked["takeback_offer"]),
        (StatusCode::OK, &json!("black"))
    );
    let accept = json!({"revision": asked["revision"], "action": "accept"});
    let (status, taken) = common::post(&ann, takeback, accept).await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    assert_eq!(taken["moves"].as_array().unwrap().len(), 0);
    assert_eq!(taken["to_move"], "black");
    server.stop().await;
}

#[tokio::test]
async fn a_game_between_two_players_is_aborted_only_before_both_have_moved() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (ann, bo, cy) = (common::client(), common::client(), common::client());
    let friend_game = |body: Value| {
        let (ann, bo, server) = (&ann, &bo, &server);
        async move {
            let (_, id) = common::create(ann, server.url("/api/xiangqi/games"), body).await;
            common::seat_friend(server, ann, bo, id).await;
            id
        }
    };
    let abort = |client: &reqwest::Client, id: i64, revision: i64| {
        let url = server.url(&format!("/api/games/{id}/abort"));
        let client = client.clone();
        async move { common::post(&client, url, json!({ "revision": revision })).await }
    };
    // One move made: Black may still abort; a stranger may not.
    let id = friend_game(json!({"mode": "pvp", "friend": true})).await;
    let (status, moved) = common::post(
        &ann,
        server.url(&format!("/api/xiangqi/games/{id}/move")),
        json!({"revision": 1, "move": "h2e2"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let (status, _) = abort(&cy, id, 2).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, aborted) = abort(&bo, id, 2).await;
    assert_eq!(status, StatusCode::OK, "{aborted}");
    assert_eq!(aborted["status"], "abandoned");
    assert_eq!(aborted["result"]["aborted_by"], "black");
    let (status, late) = common::post(
        &ann,
        server.url(&format!("/api/xiangqi/games/{id}/move")),
        json!({"revision": 3, "move": "h0g2"}),
    )
    .await;
    assert_eq!(
        (status, common::code(&late)),
        (StatusCode::CONFLICT, Some("game_over"))
    );

    // Both moved: too late.
    let id = friend_game(json!({"mode": "pvp", "friend": true})).await;
    let mut revision = 1;
    for (client, mv) in [(&ann, "h2e2"), (&bo, "h7e7")] {
        let (status, view) = common::post(
            client,
            server.url(&format!("/api/xiangqi/games/{id}/move")),
            json!({ "revision": revision, "move": mv }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{view}");
        revision = view["revision"].as_i64().unwrap();
    }
    let (status, body) = abort(&ann, id, revision).await;
    assert_eq!(
        (status, common::code(&body)),
        (StatusCode::CONFLICT, Some("too_late_to_abort"))
    );

    // A game on one screen has nobody to abort it for.
    let (_, alone) = common::create(
        &ann,
        server.url("/api/xiangqi/games"),
        json!({"mode": "pvp"}),
    )
    .await;
    let (status, body) = abort(&ann, alone, 0).await;
    assert_eq!(
        (status, common::code(&body)),
        (StatusCode::CONFLICT, Some("abort_needs_opponent"))
    );
    server.stop().await;
}

#[tokio::test]
async fn a_takeback_is_asked_for_and_answered_by_the_opponent_only() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (ann, bo) = (common::client(), common::client());
    let (_, id) = common::create(
        &ann,
        server.url("/api/xiangqi/games"),
        json!({"mode": "pvp", "friend": true}),
    )
    .await;
    common::seat_friend(&server, &ann, &bo, id).await;
    let url = |path: &str| server.url(&format!("/api/xiangqi/games/{id}/{path}"));
    let mut revision = 1;
    for (client, mv) in [(&ann, "h2e2"), (&bo, "h9g7")] {
        let (status, view) = common::post(
            client,
            url("move"),
            json!({ "revision": revision, "move": mv }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{view}");
        revision = view["revision"].as_i64().unwrap();
    }
    // Ann asks to take back her cannon move (Bo has replied: both go).
    let (status, asked) = common::post(
        &ann,
        url("takeback"),
        json!({"revision": revision, "action": "offer"}),
    )
    .await;
    assert_eq!(
        (status, &asked["takeback_offer"]),
        (StatusCode::OK, &json!("red"))
    );
    revision = asked["revision"].as_i64().unwrap();
    let (status, own) = common::post(
        &ann,
        url("takeback"),
        json!({"revision": revision, "action": "accept"}),
    )
    .await;
    assert_eq!(
        (status, common::code(&own)),
        (StatusCode::CONFLICT, Some("own_takeback_request"))
    );
    let (status, taken) = common::post(
        &bo,
        url("takeback"),
        json!({"revision": revision, "action": "accept"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{taken}");
    assert_eq!(taken["moves"].as_array().unwrap().len(), 0);
    assert_eq!(taken["undos"]["red"], 1);
    assert!(taken["takeback_offer"].is_null());
    let actions: Value = reqwest::get(server.url(&format!("/api/games/{id}/actions")))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(actions, json!([]), "the action log follows the take-back");
    // A declined request changes nothing else; a request on one screen is refused.
    revision = taken["revision"].as_i64().unwrap();
    let (_, moved) = common::post(
        &ann,
        url("move"),
        json!({"revision": revision, "move": "b2e2"}),
    )
    .await;
    revision = moved["revision"].as_i64().unwrap();
    let (_, asked) = common::post(
        &ann,
        url("takeback"),
        json!({"revision": revision, "action": "offer"}),
    )
    .await;
    let (status, declined) = common::post(
        &bo,
        url("takeback"),
        json!({"revision": asked["revision"], "action": "decline"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(declined["moves"].as_array().unwrap().len(), 1);
    let (_, alone) = common::create(
        &ann,
        server.url("/api/gomoku/games"),
        json!({"mode": "pvp"}),
    )
    .await;
    let (status, body) = common::post(
        &ann,
        server.url(&format!("/api/gomoku/games/{alone}/takeback")),
        json!({"revision": 0, "action": "offer"}),
    )
    .await;
    assert_eq!(
        (status, common::code(&body)),
        (StatusCode::CONFLICT, Some("takeback_needs_players"))
    );
    server.stop().await;
}

#[tokio::test]
async fn a_private_game_is_watched_only_by_its_players() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (ann, bo, cy) = (common::client(), common::client(), common::client());
    let (game, id) = common::create(
        &ann,
        server.url("/api/gomoku/games"),
        json!({"mode": "pvp", "friend": true, "private": true}),
    )
    .await;
    common::seat_friend(&server, &ann, &bo, id).await;
    for path in [
        format!("/api/gomoku/games/{id}"),
        format!("/api/gomoku/games/{id}/record?format=psq"),
        format!("/api/games/{id}"),
        format!("/api/games/{id}/actions"),
    ] {
        let answer = cy.get(server.url(&path)).send().await.unwrap();
        assert_eq!(answer.status(), StatusCode::FORBIDDEN, "{path}");
        let body: Value = answer.json().await.unwrap();
        assert_eq!(common::code(&body), Some("private_game"), "{path}");
        for player in [&ann, &bo] {
            let seen = player.get(server.url(&path)).send().await.unwrap();
            assert_eq!(seen.status(), StatusCode::OK, "{path}");
        }
    }
    let ws = format!("ws://{}/api/games/{id}/events", server.addr);
    let refused = connect_async(&ws).await;
    assert!(
        refused.is_err(),
        "a stranger's socket to a private game is refused"
    );
    assert_eq!(game["status"], "ongoing");
    server.stop().await;
}
