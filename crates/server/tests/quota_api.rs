//! Rate limits as an abuser meets them: creating games past a player's share, and guessing a
//! password, answer 429 with `Retry-After`; other players are not held back by one player.

mod common;

use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::json;

fn limits() -> Limits {
    Limits {
        creations_per_player_minute: 3,
        creations_per_address_minute: 5,
        sign_ins_per_minute: 2,
        ..Limits::default()
    }
}

async fn create_knight(client: &reqwest::Client, server: &common::Running) -> reqwest::Response {
    client
        .post(server.url("/api/knight/games"))
        .json(&json!({"cols": 5, "rows": 5, "start": [0, 0]}))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn creations_past_a_players_share_and_an_addresss_share_answer_429() {
    let server = common::start(DbLocation::Memory, limits()).await;
    let (greedy, other) = (common::client(), common::client());
    for _ in 0..3 {
        assert_eq!(
            create_knight(&greedy, &server).await.status(),
            StatusCode::OK
        );
    }
    let refused = create_knight(&greedy, &server).await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry: u32 = refused.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=61).contains(&retry), "{retry}");
    let body: serde_json::Value = refused.json().await.unwrap();
    assert_eq!(common::code(&body), Some("too_many_creations"));
    // Another player on the same address still has the address's last two.
    for _ in 0..2 {
        assert_eq!(
            create_knight(&other, &server).await.status(),
            StatusCode::OK
        );
    }
    assert_eq!(
        create_knight(&other, &server).await.status(),
        StatusCode::TOO_MANY_REQUESTS
    );
    // Invitations count as creations too.
    let (status, body) = common::post(
        &greedy,
        server.url("/api/xiangqi/games"),
        json!({"mode": "pvp", "friend": true}),
    )
    .await;
    assert_eq!(
        (status, common::code(&body)),
        (StatusCode::TOO_MANY_REQUESTS, Some("too_many_creations"))
    );
    server.stop().await;
}

#[tokio::test]
async fn guessing_a_password_is_slowed_to_a_few_tries_a_minute() {
    let server = common::start(DbLocation::Memory, limits()).await;
    let owner = common::client();
    let (status, _) = common::post(
        &owner,
        server.url("/api/me/account"),
        json!({"username": "ann", "password": "correct horse"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let guesser = common::client();
    let mut statuses = vec![];
    for guess in ["a1234567", "b1234567", "c1234567", "correct horse"] {
        let (status, _) = common::post(
            &guesser,
            server.url("/api/session"),
            json!({"username": "ann", "password": guess}),
        )
        .await;
        statuses.push(status);
    }
    assert_eq!(
        statuses,
        [
            StatusCode::UNAUTHORIZED,
            StatusCode::UNAUTHORIZED,
            StatusCode::TOO_MANY_REQUESTS,
            StatusCode::TOO_MANY_REQUESTS
        ],
        "even the right password waits once the tries are used"
    );
    server.stop().await;
}

#[tokio::test]
async fn a_player_has_a_bounded_number_of_live_games() {
    let limits = Limits {
        max_live_games_per_player: 2,
        ..common::unlimited_creations()
    };
    let server = common::start(DbLocation::Memory, limits).await;
    let (ann, bo) = (common::client(), common::client());
    let friend_game = json!({"mode": "pvp", "friend": true});
    let mut invitations = vec![];
    for _ in 0..2 {
        let (_, id) =
            common::create(&ann, server.url("/api/xiangqi/games"), friend_game.clone()).await;
        let (_, invitation) = common::post(
            &ann,
            server.url(&format!("/api/games/{id}/invitation")),
            json!({}),
        )
        .await;
        invitations.push(invitation["token"].as_str().unwrap().to_owned());
    }
    let (status, body) =
        common::post(&ann, server.url("/api/gomoku/games"), friend_game.clone()).await;
    assert_eq!(
        (status, common::code(&body)),
        (StatusCode::TOO_MANY_REQUESTS, Some("too_many_live_games"))
    );
    // Games on one screen or against the engine do not count.
    let (status, _) = common::post(
        &ann,
        server.url("/api/xiangqi/games"),
        json!({"mode": "pvp"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // Bo may join both; a third live game would be one too many for him as well.
    for token in &invitations {
        let (status, _) = common::post(
            &bo,
            server.url(&format!("/api/invitations/{token}")),
            json!({}),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
    }
    let (status, _) = common::post(&bo, server.url("/api/xiangqi/games"), friend_game).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    server.stop().await;
}

#[tokio::test]
async fn one_address_brings_a_bounded_number_of_new_players_a_minute() {
    let limits = Limits {
        guests_per_address_minute: 3,
        ..Limits::default()
    };
    let server = common::start(DbLocation::Memory, limits).await;
    let mut statuses = vec![];
    for _ in 0..4 {
        let response = reqwest::get(server.url("/api/me")).await.unwrap();
        statuses.push(response.status());
    }
    assert_eq!(
        statuses,
        [
            StatusCode::OK,
            StatusCode::OK,
            StatusCode::OK,
            StatusCode::TOO_MANY_REQUESTS
        ]
    );
    server.stop().await;
}
