//! Rematches: offered after a finished game between two players, the colours swapped and the
//! time control kept; accepted only by the opponent, declined or withdrawn by either; refused to
//! a spectator, before the end and in a game against the engine.

mod common;

use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A finished friend Xiangqi game between `red` and `black` (Black resigned), timed 5+3.
async fn finished_game(
    server: &common::Running,
    red: &reqwest::Client,
    black: &reqwest::Client,
) -> (i64, Value) {
    let (_, id) = common::create(
        red,
        server.url("/api/xiangqi/games"),
        json!({"mode": "pvp", "friend": true, "side": "red",
               "clock": {"kind": "fischer", "initial_seconds": 300, "increment_seconds": 3}}),
    )
    .await;
    common::seat_friend(server, red, black, id).await;
    let (_, view) = common::get(server.url(&format!("/api/xiangqi/games/{id}"))).await;
    let (status, over) = common::post(
        black,
        server.url(&format!("/api/xiangqi/games/{id}/resign")),
        json!({"revision": view["revision"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{over}");
    (id, over)
}

async fn rematch(
    server: &common::Running,
    who: &reqwest::Client,
    id: i64,
    action: &str,
) -> (StatusCode, Value) {
    let (_, game) = common::get(server.url(&format!("/api/xiangqi/games/{id}"))).await;
    common::post(
        who,
        server.url(&format!("/api/games/{id}/rematch")),
        json!({"revision": game["revision"], "action": action}),
    )
    .await
}

#[tokio::test]
async fn a_rematch_swaps_the_colours_and_starts_when_the_opponent_accepts() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (ann, bo, cy) = (common::client(), common::client(), common::client());
    let (ann_id, bo_id) = (
        common::me(&ann, &server).await,
        common::me(&bo, &server).await,
    );
    let (id, _) = finished_game(&server, &ann, &bo).await;

    // A spectator cannot offer one.
    let (status, answer) = rematch(&server, &cy, id, "offer").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");

    let (status, offered) = rematch(&server, &bo, id, "offer").await;
    assert_eq!(status, StatusCode::OK, "{offered}");
    assert_eq!(offered["status"], "offered");
    let new_id = offered["game"].as_i64().unwrap();
    let (_, old) = common::get(server.url(&format!("/api/xiangqi/games/{id}"))).await;
    assert_eq!(old["rematch"]["game"], new_id);
    assert_eq!(old["rematch"]["offered_by"], json!(bo_id.0));
    assert_eq!(old["rematch"]["accepted"], false);
    // Bo, Black before, is Red now; Black waits for Ann; the clock is the same.
    let (_, new) = common::get(server.url(&format!("/api/xiangqi/games/{new_id}"))).await;
    let seat = |name: &str| {
        new["seats"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["seat"] == name)
            .unwrap()["holder"]
            .clone()
    };
    assert_eq!(seat("red"), json!({"player": bo_id.0}));
    assert_eq!(seat("black"), json!("open"));
    assert_eq!(new["clock"]["control"]["initial_ms"], 300_000);
    assert_eq!(new["clock"]["control"]["increment_ms"], 3_000);
    assert_eq!(new["moves"], json!([]));

    // The offerer cannot accept its own offer, nor offer twice; the opponent accepts.
    let (status, own) = rematch(&server, &bo, id, "accept").await;
    assert_eq!(
        (status, common::code(&own)),
        (StatusCode::CONFLICT, Some("own_rematch_offer"))
    );
    let (status, own) = rematch(&server, &bo, id, "offer").await;
    assert_eq!(common::code(&own), Some("own_rematch_offer"), "{status}");
    let (status, accepted) = rematch(&server, &ann, id, "accept").await;
    assert_eq!(status, StatusCode::OK, "{accepted}");
    assert_eq!(accepted, json!({"game": new_id, "status": "accepted"}));
    let (_, new) = common::get(server.url(&format!("/api/xiangqi/games/{new_id}"))).await;
    assert!(
        new["seats"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["seat"] == "black" && s["holder"] == json!({"player": ann_id.0}))
    );
    // Bo moves first now.
    let (status, moved) = common::post(
        &bo,
        server.url(&format!("/api/xiangqi/games/{new_id}/move")),
        json!({"revision": new["revision"], "move": "h2e2"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let (status, again) = rematch(&server, &ann, id, "offer").await;
    assert_eq!(
        (status, common::code(&again)),
        (StatusCode::CONFLICT, Some("rematch_started"))
    );
    server.stop().await;
}

#[tokio::test]
async fn a_rematch_offer_is_declined_or_withdrawn_and_refused_where_it_makes_no_sense() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (ann, bo) = (common::client(), common::client());
    let (id, _) = finished_game(&server, &ann, &bo).await;
    let (status, answer) = rematch(&server, &ann, id, "decline").await;
    assert_eq!(
        (status, common::code(&answer)),
        (StatusCode::CONFLICT, Some("no_rematch_offer"))
    );
    let (_, offered) = rematch(&server, &ann, id, "offer").await;
    let (status, declined) = rematch(&server, &bo, id, "decline").await;
    assert_eq!(status, StatusCode::OK, "{declined}");
    assert_eq!(declined["status"], "declined");
    let (_, new) =
        common::get(server.url(&format!("/api/xiangqi/games/{}", offered["game"]))).await;
    assert_eq!(new["status"], "abandoned");
    let (_, old) = common::get(server.url(&format!("/api/xiangqi/games/{id}"))).await;
    assert_eq!(old["rematch"], Value::Null);
    // Offered again, then withdrawn by the offerer.
    let (_, offered) = rematch(&server, &ann, id, "offer").await;
    assert_eq!(offered["status"], "offered");
    let (_, withdrawn) = rematch(&server, &ann, id, "decline").await;
    assert_eq!(withdrawn["status"], "declined");

    // Not before the end, not against the engine.
    let (ongoing, _) = common::create(
        &ann,
        server.url("/api/xiangqi/games"),
        json!({"mode": "pvp", "friend": true}),
    )
    .await;
    let (status, early) = rematch(&server, &ann, ongoing["id"].as_i64().unwrap(), "offer").await;
    assert_eq!(common::code(&early), Some("game_not_over"), "{status}");
    let (engine, _) = common::create(
        &ann,
        server.url("/api/xiangqi/games"),
        json!({"mode": "engine"}),
    )
    .await;
    let (status, alone) = rematch(&server, &ann, engine["id"].as_i64().unwrap(), "offer").await;
    assert_eq!(
        (status, common::code(&alone)),
        (StatusCode::CONFLICT, Some("rematch_needs_opponent"))
    );
    server.stop().await;
}
