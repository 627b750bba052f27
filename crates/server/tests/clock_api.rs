//! Clocks kept by the server: each move charged to its mover on arrival, the flag falling on the
//! server with no page open (exactly once, and after a restart), the Chinese 局时+步时 per-move
//! limit, and bad time controls refused.

mod common;

use std::time::Duration;

use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A game between `a` (the first seat) and `b`, who took the open seat through an invitation.
async fn friend_game(
    server: &common::Running,
    a: &reqwest::Client,
    b: &reqwest::Client,
    game: &str,
    clock: Value,
) -> (i64, Value) {
    let (created, id) = common::create(
        a,
        server.url(&format!("/api/{game}/games")),
        json!({"mode": "pvp", "friend": true, "clock": clock}),
    )
    .await;
    assert!(created["clock"].is_object(), "{created}");
    common::seat_friend(server, a, b, id).await;
    let (_, view) = common::get(server.url(&format!("/api/{game}/games/{id}"))).await;
    (id, view)
}

async fn play(
    server: &common::Running,
    who: &reqwest::Client,
    game: &str,
    id: i64,
    revision: &Value,
    mv: Value,
) -> (StatusCode, Value) {
    let mut body = match mv {
        Value::String(_) => json!({ "move": mv }),
        point => point,
    };
    body["revision"] = revision.clone();
    common::post(
        who,
        server.url(&format!("/api/{game}/games/{id}/move")),
        body,
    )
    .await
}

/// The game at `url` once it is over (the referee may take a moment on a loaded machine).
async fn when_over(url: String) -> Value {
    for _ in 0..50 {
        let (_, game) = common::get(url.clone()).await;
        if game["status"] != "ongoing" {
            return game;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the game at {url} did not end");
}

#[tokio::test]
async fn each_move_is_charged_to_its_mover_with_the_increment() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (red, black) = (common::client(), common::client());
    let clock = json!({"kind": "fischer", "initial_seconds": 60, "increment_seconds": 2});
    let (id, view) = friend_game(&server, &red, &black, "xiangqi", clock).await;
    assert_eq!(
        view["clock"]["running"],
        Value::Null,
        "not before the first move"
    );
    assert_eq!(view["clock"]["remaining"]["red"], 60_000);

    let (status, after) = play(
        &server,
        &red,
        "xiangqi",
        id,
        &view["revision"],
        json!("h2e2"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["clock"]["running"], "black");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, after) = play(
        &server,
        &black,
        "xiangqi",
        id,
        &after["revision"],
        json!("h9g7"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    let black_left = after["clock"]["remaining"]["black"].as_i64().unwrap();
    // 60 s − the ~0.3 s Black took + 2 s.
    assert!(
        (60_000..=61_700).contains(&black_left),
        "black has {black_left} ms"
    );
    assert_eq!(after["clock"]["running"], "red");
    let red_left = after["clock"]["remaining"]["red"].as_i64().unwrap();
    assert!(
        (58_000..=60_000).contains(&red_left),
        "red has {red_left} ms"
    );
    server.stop().await;
}

#[tokio::test]
async fn the_flag_falls_on_the_server_with_no_page_open_exactly_once() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (red, black) = (common::client(), common::client());
    let clock = json!({"kind": "fischer", "initial_seconds": 1});
    let (id, view) = friend_game(&server, &red, &black, "xiangqi", clock).await;
    let (status, after) = play(
        &server,
        &red,
        "xiangqi",
        id,
        &view["revision"],
        json!("h2e2"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    // Nobody asks anything for 1.5 s: Black's 1 s runs out on the server alone.
    tokio::time::sleep(Duration::from_millis(1_000)).await;
    let ended = when_over(server.url(&format!("/api/xiangqi/games/{id}"))).await;
    assert_eq!(ended["status"], "finished", "{ended}");
    assert_eq!(ended["ending"], json!({"winner": "red", "reason": "time"}));
    assert_eq!(ended["clock"]["remaining"]["black"], 0);
    assert_eq!(ended["clock"]["running"], Value::Null);
    // Black's move, too late, changes nothing.
    let (status, late) = play(
        &server,
        &black,
        "xiangqi",
        id,
        &ended["revision"],
        json!("h9g7"),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{late}");
    let actions = server.store.actions(id).await.unwrap();
    let flags = actions.iter().filter(|a| a.get("flag").is_some()).count();
    assert_eq!(flags, 1, "{actions:?}");
    server.stop().await;
}

#[tokio::test]
async fn a_flag_that_fell_while_the_server_was_down_falls_when_it_starts() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("qipan.db");
    let server = common::start_on_file(&path).await;
    let (black, white) = (common::client(), common::client());
    let clock = json!({"kind": "fischer", "initial_seconds": 1});
    let (id, view) = friend_game(&server, &black, &white, "gomoku", clock).await;
    let (status, after) = play(
        &server,
        &black,
        "gomoku",
        id,
        &view["revision"],
        json!({"x": 7, "y": 7}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    server.stop().await;
    tokio::time::sleep(Duration::from_millis(1_200)).await;

    let server = common::start_on_file(&path).await;
    let ended = when_over(server.url(&format!("/api/gomoku/games/{id}"))).await;
    assert_eq!(ended["status"], "finished", "{ended}");
    assert_eq!(ended["outcome"]["winner"], "black");
    assert_eq!(ended["outcome"]["reason"], "time");
    server.stop().await;
}

#[tokio::test]
async fn game_and_move_time_limits_every_move_even_with_game_time_left() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (black, white) = (common::client(), common::client());
    // 局时 10 minutes, 步时 1 second, no 读秒.
    let clock = json!({"kind": "game_and_move", "game_seconds": 600, "move_seconds": 1});
    let (id, view) = friend_game(&server, &black, &white, "gomoku", clock).await;
    let (_, after) = play(
        &server,
        &black,
        "gomoku",
        id,
        &view["revision"],
        json!({"x": 7, "y": 7}),
    )
    .await;
    assert!(
        after["clock"]["turn_left_ms"].as_i64().unwrap() <= 1_000,
        "{after}"
    );
    // White offers nothing, moves nothing: its move time, not its game time, runs out.
    tokio::time::sleep(Duration::from_millis(1_000)).await;
    let ended = when_over(server.url(&format!("/api/gomoku/games/{id}"))).await;
    assert_eq!(ended["outcome"]["reason"], "time", "{ended}");
    assert_eq!(ended["outcome"]["winner"], "black");
    server.stop().await;
}

#[tokio::test]
async fn bad_time_controls_and_clocks_against_the_engine_are_refused() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let me = common::client();
    let cases = [
        (
            json!({"mode": "pvp", "clock": {"kind": "fischer", "initial_seconds": 0}}),
            "bad_time_control",
        ),
        (
            json!({"mode": "pvp", "clock": {"kind": "fischer", "initial_seconds": 99999}}),
            "bad_time_control",
        ),
        (
            json!({"mode": "engine", "clock": {"kind": "fischer", "initial_seconds": 300}}),
            "clock_needs_people",
        ),
    ];
    for (body, code) in cases {
        let (status, answer) =
            common::post(&me, server.url("/api/xiangqi/games"), body.clone()).await;
        assert_eq!(
            (status, common::code(&answer)),
            (StatusCode::UNPROCESSABLE_ENTITY, Some(code)),
            "{body}: {answer}"
        );
    }
    let (status, _) = common::post(
        &me,
        server.url("/api/gomoku/games"),
        json!({"mode": "pvp", "clock": {"kind": "hourglass", "initial_seconds": 60}}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    server.stop().await;
}
