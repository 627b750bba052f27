//! The tromino API over real HTTP: a whole 4x4 game played to the end and entered on the
//! leaderboard, refusals with their codes, undo, hint, and the demo steps (which keep a game off
//! the leaderboard).

mod common;

use common::{code, create, post};

use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn a_4x4_game_is_played_refused_hinted_undone_finished_and_ranked() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let (game, id) = create(
        &client,
        server.url("/api/tromino/games"),
        json!({"size": 4, "missing": [0, 0]}),
    )
    .await;
    let url = |path: &str| server.url(&format!("/api/tromino/games/{id}{path}"));
    let mut revision = game["revision"].as_i64().unwrap();

    // Covering the missing square, and a placement that walls off the corner (3, 3).
    let (status, body) = post(
        &client,
        url("/place"),
        json!({"revision": revision, "x": 0, "y": 0, "shape": "ur"}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("covers_missing"))
    );
    let (status, body) = post(
        &client,
        url("/place"),
        json!({"revision": revision, "x": 2, "y": 2, "shape": "ur"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        body["error"]["code"]
            .as_str()
            .unwrap()
            .starts_with("untileable_"),
        "{body}"
    );

    // A hint, then play the unique tiling of the 4x4 board without (0, 0) (Golomb's), with one undo.
    let (status, body) = post(&client, url("/hint"), json!({"revision": revision})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["game"]["hints"], 1);
    revision = body["game"]["revision"].as_i64().unwrap();
    let pieces = [
        json!({"x": 0, "y": 0, "shape": "ll"}),
        json!({"x": 1, "y": 1, "shape": "ll"}),
        json!({"x": 2, "y": 0, "shape": "ul"}),
        json!({"x": 0, "y": 2, "shape": "lr"}),
        json!({"x": 2, "y": 2, "shape": "ll"}),
    ];
    for (i, piece) in pieces.iter().enumerate() {
        let mut body = piece.clone();
        body["revision"] = json!(revision);
        let (status, view) = post(&client, url("/place"), body).await;
        assert_eq!(status, StatusCode::OK, "{view}");
        revision = view["revision"].as_i64().unwrap();
        if i == 1 {
            let (status, view) = post(&client, url("/undo"), json!({"revision": revision})).await;
            assert_eq!(status, StatusCode::OK, "{view}");
            assert_eq!(view["placed"].as_array().unwrap().len(), 1);
            let mut again = piece.clone();
            again["revision"] = view["revision"].clone();
            let (status, view) = post(&client, url("/place"), again).await;
            assert_eq!(status, StatusCode::OK, "{view}");
            revision = view["revision"].as_i64().unwrap();
        }
        if i + 1 == pieces.len() {
            assert_eq!(view["status"], "finished");
            assert!(
                view["time_ms"].as_i64().unwrap() >= 15_000,
                "the hint adds 15 s: {view}"
            );
        }
    }

    // A stale revision is refused.
    let (status, body) = post(&client, url("/undo"), json!({"revision": 0})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");

    let (status, view) = post(&client, url("/leaderboard"), json!({"name": "  Ada  "})).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["entered"], true);
    let (status, _) = post(&client, url("/leaderboard"), json!({"name": "Ada"})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let top: Value = reqwest::get(server.url("/api/leaderboards/tromino?variant=4x4"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(top[0]["name"], "Ada");
    assert_eq!(top[0]["game_id"], id);
    server.stop().await;
}

#[tokio::test]
async fn unfinished_games_cannot_be_ranked_and_bad_boards_are_refused() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let (status, body) = post(
        &client,
        server.url("/api/tromino/games"),
        json!({"size": 6}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("area_not_divisible_by_three")
        )
    );
    let (status, body) = post(
        &client,
        server.url("/api/tromino/games"),
        json!({"size": 5, "missing": [1, 0]}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("five_by_five_exception")
        )
    );
    let (status, body) = post(
        &client,
        server.url("/api/tromino/games"),
        json!({"size": 64}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("size_out_of_range"))
    );
    let (status, game) = post(
        &client,
        server.url("/api/tromino/games"),
        json!({"size": 8}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let id = game["id"].as_i64().unwrap();
    let (status, body) = post(
        &client,
        server.url(&format!("/api/tromino/games/{id}/leaderboard")),
        json!({"name": "Eve"}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, Some("not_finished"))
    );
    server.stop().await;
}

#[tokio::test]
async fn the_demo_lists_the_recursion_and_marks_the_game_assisted() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let (game, id) = create(
        &client,
        server.url("/api/tromino/games"),
        json!({"size": 8, "missing": [2, 5]}),
    )
    .await;
    let demo = server.url(&format!("/api/tromino/games/{id}/demo"));
    let (status, body) = post(&client, demo, json!({"revision": game["revision"]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let steps = body["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 21);
    assert_eq!(steps[0]["side"], 8);
    assert_eq!(steps[0]["depth"], 0);
    assert_eq!(steps[1]["side"], 4);
    assert_eq!(body["game"]["assisted"], true);

    // The demo's own pieces cover the board, but the game was shown them: it is not ranked.
    let mut revision = body["game"]["revision"].clone();
    let place = server.url(&format!("/api/tromino/games/{id}/place"));
    for step in steps {
        let piece = &step["piece"];
        let (status, view) = post(
            &client,
            place.clone(),
            json!({"revision": revision, "x": piece["x"], "y": piece["y"], "shape": piece["shape"]}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{view}");
        revision = view["revision"].clone();
    }
    let entry = server.url(&format!("/api/tromino/games/{id}/leaderboard"));
    let (status, body) = post(&client, entry, json!({"name": "Bo"})).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, Some("assisted"))
    );

    let (game, id) = create(
        &client,
        server.url("/api/tromino/games"),
        json!({"size": 5, "missing": [0, 0]}),
    )
    .await;
    let demo = server.url(&format!("/api/tromino/games/{id}/demo"));
    let (status, body) = post(&client, demo, json!({"revision": game["revision"]})).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("demo_size"))
    );
    server.stop().await;
}
