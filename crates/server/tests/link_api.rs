//! The Lianliankan API over real HTTP: a level-1 game played to the end with a refusal, a
//! hint, pause, undo and a stale second tab, then entered on the leaderboard.

mod common;

use common::{code, get, post};

use qipan_link::{Board, Limits, Mode, Verdict, solve};
use qipan_server::config::{DbLocation, Limits as ServerLimits};
use reqwest::StatusCode;
use serde_json::{Value, json};

fn board_of(game: &Value) -> Board {
    let tiles: Vec<Vec<Option<usize>>> = serde_json::from_value(game["tiles"].clone()).unwrap();
    Board::from_rows(&tiles).unwrap()
}

#[tokio::test]
async fn a_level_is_played_refused_hinted_paused_undone_won_and_ranked() {
    let server = common::start(DbLocation::Memory, ServerLimits::default()).await;
    let client = common::client();
    let (status, game) = post(&client, server.url("/api/link/games"), json!({"level": 1})).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        (game["rows"].as_u64(), game["cols"].as_u64()),
        (Some(6), Some(8))
    );
    let id = game["id"].as_i64().unwrap();
    let act = |body: Value| {
        post(
            &client,
            server.url(&format!("/api/link/games/{id}/actions")),
            body,
        )
    };
    let board = board_of(&game);
    let mut revision = game["revision"].as_i64().unwrap();

    // Two different tiles are refused with the reason.
    let (first, kind) = board.tiles().next().unwrap();
    let (other, _) = board.tiles().find(|&(_, k)| k != kind).unwrap();
    let (status, body) = act(json!({"revision": revision, "action": "pair",
        "a": [first.x, first.y], "b": [other.x, other.y]}))
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("different_kinds"))
    );

    // A hint names a removable pair and uses one of three hints.
    let (status, body) = act(json!({"revision": revision, "action": "hint"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["game"]["hints_left"], 2);
    let hint: [[i32; 2]; 2] = serde_json::from_value(body["hint"].clone()).unwrap();
    let (a, b) = (
        qipan_link::Point::new(hint[0][0], hint[0][1]),
        qipan_link::Point::new(hint[1][0], hint[1][1]),
    );
    assert!(board.check_pair(a, b).is_ok());
    revision = body["game"]["revision"].as_i64().unwrap();

    // Paused, the board is hidden and pairs are refused.
    let (_, body) = act(json!({"revision": revision, "action": "pause"})).await;
    assert_eq!(
        (body["game"]["state"].as_str(), &body["game"]["tiles"]),
        (Some("paused"), &Value::Null)
    );
    revision = body["game"]["revision"].as_i64().unwrap();
    let (status, body) =
        act(json!({"revision": revision, "action": "pair", "a": hint[0], "b": hint[1]})).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, Some("paused"))
    );
    // The page saw the tiles before the pause: the pause stops the countdown, not the time that
    // ranks the game.
    const PAUSE_MS: u64 = 400;
    tokio::time::sleep(std::time::Duration::from_millis(PAUSE_MS)).await;
    let (_, body) = act(json!({"revision": revision, "action": "resume"})).await;
    revision = body["game"]["revision"].as_i64().unwrap();

    // Play a solution found by the library, undoing the first removal once.
    let Verdict::Clearable(moves) = solve(&board, Mode::Classic, Limits::default()).verdict else {
        panic!("a dealt board is clearable");
    };
    for (n, m) in moves.iter().enumerate() {
        let pair = json!({"revision": revision, "action": "pair", "a": [m.a.x, m.a.y], "b": [m.b.x, m.b.y]});
        let (status, body) = act(pair.clone()).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["path"][0], json!([m.a.x, m.a.y]));
        revision = body["game"]["revision"].as_i64().unwrap();
        if n == 0 {
            let (_, body) = act(json!({"revision": revision, "action": "undo"})).await;
            assert_eq!(
                (
                    body["game"]["score"].as_u64(),
                    body["game"]["tiles_left"].as_u64()
                ),
                (Some(0), Some(48))
            );
            revision = body["game"]["revision"].as_i64().unwrap();
            // A second tab that still has the old revision is told to reload.
            let (status, body) = act(json!({"revision": revision - 1, "action": "hint"})).await;
            assert_eq!((status, code(&body)), (StatusCode::CONFLICT, Some("stale")));
            let mut again = pair.clone();
            again["revision"] = json!(revision);
            let (_, body) = act(again).await;
            revision = body["game"]["revision"].as_i64().unwrap();
        }
    }
    let response = client
        .get(server.url(&format!("/api/link/games/{id}")))
        .send()
        .await
        .unwrap();
    let game: Value = response.json().await.unwrap();
    assert_eq!(
        (game["status"].as_str(), game["state"].as_str()),
        (Some("finished"), Some("won"))
    );
    assert!(game["score"].as_u64().unwrap() >= 240);

    let entry = server.url(&format!("/api/link/games/{id}/leaderboard"));
    let (status, body) = post(&client, entry.clone(), json!({"name": "ling"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = post(&client, entry, json!({"name": "ling"})).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, Some("already_entered"))
    );
    let table: Value = client
        .get(server.url("/api/leaderboards/link?variant=level-1"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(table[0]["name"], "ling");
    assert_eq!(table[0]["score"], game["score"]);
    assert!(
        table[0]["time_ms"].as_u64().unwrap() >= PAUSE_MS,
        "the ranked time counts the pause: {table}"
    );
}

/// A read writes nothing: a game whose clock ran out is shown as over, and recorded so only by
/// the next action.
#[tokio::test]
async fn reading_a_game_whose_clock_ran_out_writes_nothing() {
    let server = common::start(DbLocation::Memory, ServerLimits::default()).await;
    let client = common::client();
    let (_, game) = post(&client, server.url("/api/link/games"), json!({"level": 1})).await;
    let id = game["id"].as_i64().unwrap();
    // Move the start a day back, as if the player had walked away.
    let saved = server.store.game(id).await.unwrap();
    let mut state = saved.state.clone();
    state["started_ms"] = json!(state["started_ms"].as_i64().unwrap() - 86_400_000);
    let update = qipan_server::store::GameUpdate {
        state,
        ..Default::default()
    };
    let owner = common::me(&client, &server).await;
    let saved = server
        .store
        .update_game(&saved, &owner, update)
        .await
        .unwrap();
    let url = server.url(&format!("/api/link/games/{id}"));
    for _ in 0..2 {
        let view: Value = client.get(&url).send().await.unwrap().json().await.unwrap();
        assert_eq!(view["state"], "time_up", "{view}");
        assert_eq!(view["revision"], saved.revision(), "the read wrote nothing");
    }
}

#[tokio::test]
async fn unfinished_games_and_unknown_levels_are_refused() {
    let server = common::start(DbLocation::Memory, ServerLimits::default()).await;
    let client = common::client();
    let (status, body) = post(&client, server.url("/api/link/games"), json!({"level": 99})).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("no_such_level"))
    );
    let (_, game) = post(&client, server.url("/api/link/games"), json!({"level": 2})).await;
    let id = game["id"].as_i64().unwrap();
    let (status, body) = post(
        &client,
        server.url(&format!("/api/link/games/{id}/leaderboard")),
        json!({"name": "x"}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, Some("not_won"))
    );
}

#[tokio::test]
async fn the_path_search_from_a_tile_is_shown_layer_by_layer() {
    let server = common::start(DbLocation::Memory, ServerLimits::default()).await;
    let client = common::client();
    let (_, game) = post(&client, server.url("/api/link/games"), json!({"level": 1})).await;
    let id = game["id"].as_i64().unwrap();
    let board = board_of(&game);
    let (tile, _) = board.tiles().next().unwrap();
    let reach = |query: String| get(server.url(&format!("/api/link/games/{id}/reach?{query}")));
    let (status, body) = reach(format!("x={}&y={}", tile.x, tile.y)).await;
    assert_eq!(status, StatusCode::OK);
    let layers = board.turn_layers(tile).unwrap();
    let tiles: Vec<[i32; 2]> = serde_json::from_value(body["tiles"].clone()).unwrap();
    assert_eq!(tiles.len(), layers.tiles.len());
    assert!(!body["cells"][0].as_array().unwrap().is_empty());

    // With a second tile: the path to it exactly when a ray reaches it.
    let (other, _) = board.tiles().find(|&(p, _)| p != tile).unwrap();
    let pair = format!(
        "x={}&y={}&to_x={}&to_y={}",
        tile.x, tile.y, other.x, other.y
    );
    let (_, body) = reach(pair).await;
    assert_eq!(
        body["path"].is_array(),
        layers.tiles.contains(&other),
        "{body}"
    );

    // A point without a tile, and a query that is not one, are refused with the reason.
    let (status, body) = reach("x=-5&y=0".into()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code(&body), Some("empty_cell"));
    let (status, _) = reach("x=a".into()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
