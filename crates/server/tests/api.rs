//! The HTTP conventions of the API, checked over real HTTP against a server on a real SQLite file.

mod common;

use qipan_server::config::{DbLocation, Limits};
use qipan_server::store::{GameKind, GameUpdate, NewLeaderboardEntry};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn json_of(response: reqwest::Response) -> Value {
    response.json().await.expect("a JSON body")
}

fn assert_error_shape(body: &Value, code: &str) {
    assert_eq!(body["error"]["code"], code, "body: {body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "an error has a message: {body}"
    );
}

#[tokio::test]
async fn health_reports_version_and_database() {
    let dir = tempfile::tempdir().unwrap();
    let server = common::start_on_file(&dir.path().join("q.sqlite3")).await;
    let response = reqwest::get(server.url("/api/health")).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let body = json_of(response).await;
    assert_eq!(body["status"], "ok");
    assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(body["database"]["writable"], true, "{body}");
    assert_eq!(body["database"]["integrity"], "ok", "{body}");
    server.stop().await;
}

#[tokio::test]
async fn unknown_paths_are_404s_and_the_ui_pages_are_served() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let response = reqwest::get(server.url("/api/no/such/thing"))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_error_shape(&json_of(response).await, "not_found");

    for (path, status) in [
        ("/", StatusCode::OK),
        ("/knight/", StatusCode::OK),
        ("/some/page/that/does/not/exist", StatusCode::NOT_FOUND),
    ] {
        let response = reqwest::get(server.url(path)).await.unwrap();
        assert_eq!(response.status(), status, "{path}");
        let content_type = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(
            content_type.starts_with("text/html"),
            "{path}: {content_type}"
        );
        assert!(response.text().await.unwrap().contains("<html"), "{path}");
    }
    let css = reqwest::get(server.url("/css/app.css")).await.unwrap();
    assert!(
        css.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/css")
    );
    server.stop().await;
}

#[tokio::test]
async fn wrong_method_and_bad_ids_get_json_errors() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let response = client.post(server.url("/api/health")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_error_shape(&json_of(response).await, "method_not_allowed");

    let response = reqwest::get(server.url("/api/games/not-a-number"))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_error_shape(&json_of(response).await, "bad_path");

    let response = reqwest::get(server.url("/api/games/999")).await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_error_shape(&json_of(response).await, "not_found");

    let response = reqwest::get(server.url("/api/games?kind=chess"))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_error_shape(&json_of(response).await, "unknown_kind");
    server.stop().await;
}

#[tokio::test]
async fn saved_games_are_listed_newest_first_filtered_read_and_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let server = common::start_on_file(&dir.path().join("q.sqlite3")).await;
    let store = server.store.clone();
    // Games saved before players existed: listed to every player until one acts on them.
    let client = common::client();
    let actor = common::me(&client, &server).await;
    let first = store
        .create_game(common::new_game(GameKind::Xiangqi, ""))
        .await
        .unwrap();
    let second = store
        .create_game(common::new_game(GameKind::Gomoku, "renju"))
        .await
        .unwrap();
    let third = store
        .create_game(common::new_game(GameKind::Xiangqi, ""))
        .await
        .unwrap();
    // Touch the first so it becomes the most recently updated.
    store
        .update_game(
            &first,
            &actor,
            GameUpdate {
                state: json!({ "moves": ["h2e2"] }),
                append_actions: vec![json!({ "move": "h2e2" })],
                ..GameUpdate::default()
            },
        )
        .await
        .unwrap();

    let all = json_of(client.get(server.url("/api/games")).send().await.unwrap()).await;
    let ids: Vec<i64> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, vec![first.id, third.id, second.id]);
    assert!(
        all[0].get("state").is_none(),
        "the list leaves the state out"
    );
    assert_eq!(all[0]["action_count"], 1);

    let xiangqi = json_of(
        client
            .get(server.url("/api/games?kind=xiangqi"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(xiangqi.as_array().unwrap().len(), 2);
    // The saved-game lists ask only for games somebody has moved in.
    let played = json_of(
        client
            .get(server.url("/api/games?played=true"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let played: Vec<i64> = played
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_i64().unwrap())
        .collect();
    assert_eq!(played, vec![first.id]);

    let game = json_of(
        reqwest::get(server.url(&format!("/api/games/{}", first.id)))
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(game["state"]["moves"][0], "h2e2");
    assert_eq!(game["revision"], 1);
    let actions = json_of(
        reqwest::get(server.url(&format!("/api/games/{}/actions", first.id)))
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(actions, json!([{ "move": "h2e2" }]));
    // The first game is the actor's now: another player no longer sees it in its list.
    let others = json_of(reqwest::get(server.url("/api/games")).await.unwrap()).await;
    assert_eq!(others.as_array().unwrap().len(), 2, "{others}");

    let deleted = client
        .delete(server.url(&format!("/api/games/{}", first.id)))
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    let gone = reqwest::get(server.url(&format!("/api/games/{}", first.id)))
        .await
        .unwrap();
    assert_eq!(gone.status(), StatusCode::NOT_FOUND);
    server.stop().await;
}

#[tokio::test]
async fn leaderboards_rank_by_score_then_time() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let actor = common::player(server.players.as_ref()).await;
    let entry = |name: &str, score: Option<i64>, time_ms: Option<i64>| NewLeaderboardEntry {
        game: GameKind::Link,
        variant: "level-1".into(),
        name: name.into(),
        score,
        time_ms,
    };
    for e in [
        entry("slow", Some(100), Some(90_000)),
        entry("best", Some(300), Some(80_000)),
        entry("fast", Some(100), Some(30_000)),
    ] {
        let game = server
            .store
            .create_game(common::new_game(GameKind::Link, "level-1"))
            .await
            .unwrap();
        let update = GameUpdate {
            leaderboard_entry: Some(e),
            ..GameUpdate::default()
        };
        server
            .store
            .update_game(&game, &actor, update)
            .await
            .unwrap();
    }
    let top = json_of(
        reqwest::get(server.url("/api/leaderboards/link?variant=level-1&limit=2"))
            .await
            .unwrap(),
    )
    .await;
    let names: Vec<&str> = top
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["best", "fast"]);

    let unknown = reqwest::get(server.url("/api/leaderboards/chess"))
        .await
        .unwrap();
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    server.stop().await;
}
