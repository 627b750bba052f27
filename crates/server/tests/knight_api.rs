//! The knight's tour API over real HTTP: a 5x5 game played to the end by following hints, refused
//! moves with their codes, undo, a stale revision, a dead end the hint proves, the leaderboard,
//! and the auto-solve tour.

mod common;

use common::{code, create, get, post};

use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn a_5x5_tour_is_played_by_hints_refused_undone_finished_and_ranked() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let (game, id) = create(
        &client,
        server.url("/api/knight/games"),
        json!({"cols": 5, "rows": 5, "start": [0, 0]}),
    )
    .await;
    assert_eq!(game["reachable"], json!([[1, 2], [2, 1]]));
    let url = |path: &str| server.url(&format!("/api/knight/games/{id}{path}"));
    let mut revision = game["revision"].as_i64().unwrap();

    // Not a knight's move, a revisit, and an early leaderboard entry are refused.
    let (status, body) = post(
        &client,
        url("/move"),
        json!({"revision": revision, "to": [1, 1]}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("not_a_knight_move"))
    );
    let (status, body) = post(
        &client,
        url("/move"),
        json!({"revision": revision, "to": [1, 2]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    revision = body["revision"].as_i64().unwrap();
    let (status, body) = post(
        &client,
        url("/move"),
        json!({"revision": revision, "to": [0, 0]}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("already_visited"))
    );
    let (status, body) = post(&client, url("/leaderboard"), json!({"name": "Ada"})).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, Some("not_finished"))
    );

    // Undo, then a stale revision is refused.
    let (status, body) = post(&client, url("/undo"), json!({"revision": revision})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["trail"], json!([[0, 0]]));
    let (status, body) = post(
        &client,
        url("/move"),
        json!({"revision": revision, "to": [2, 1]}),
    )
    .await;
    assert_eq!((status, code(&body)), (StatusCode::CONFLICT, Some("stale")));
    revision = body_revision(&get(url("")).await.1);

    // Follow the hints to the end: each must be a legal move the server accepts.
    let mut hints = 0;
    loop {
        let (status, body) = post(&client, url("/hint"), json!({"revision": revision})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["hint"]["kind"], "next", "{body}");
        hints += 1;
        let to = body["hint"]["square"].clone();
        let (status, view) = post(
            &client,
            url("/move"),
            json!({"revision": body["game"]["revision"], "to": to}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{view}");
        revision = body_revision(&view);
        if view["status"] == "finished" {
            assert_eq!(view["trail"].as_array().unwrap().len(), 25);
            assert_eq!(view["hints"], hints);
            assert!(
                view["time_ms"].as_i64().unwrap() >= 15_000 * hints,
                "{view}"
            );
            break;
        }
    }
    let (status, body) = post(
        &client,
        url("/move"),
        json!({"revision": revision, "to": [0, 0]}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, Some("game_over"))
    );

    // A tour played by the server's hints (more than the ranked three) is assisted.
    assert_eq!(get(url("")).await.1["assisted"], true);
    let (status, body) = post(&client, url("/leaderboard"), json!({"name": "Ada"})).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, Some("assisted"))
    );

    // A tour the player found alone is ranked, under its normalised name.
    let (own, id) = create(
        &client,
        server.url("/api/knight/games"),
        json!({"cols": 5, "rows": 5, "start": [0, 0]}),
    )
    .await;
    let view = play_tour(&client, &server, &own, &known_tour(5, 5, false)).await;
    assert_eq!(view["status"], "finished", "{view}");
    assert_eq!(view["assisted"], false);
    let url = |path: &str| server.url(&format!("/api/knight/games/{id}{path}"));
    let (status, view) = post(
        &client,
        url("/leaderboard"),
        json!({"name": "  Ada\u{200B}\u{202E} "}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["entered"], true);
    let (status, body) = post(&client, url("/leaderboard"), json!({"name": "Ada"})).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, Some("already_entered"))
    );
    let (_, top) = get(server.url("/api/leaderboards/knight?variant=5x5")).await;
    assert_eq!(top.as_array().unwrap().len(), 1, "{top}");
    assert_eq!(top[0]["name"], "Ada");
    assert_eq!(top[0]["game_id"], id);
    server.stop().await;
}

/// A tour of a `cols` x `rows` board from a1, as a player who knows one would play it.
fn known_tour(cols: u64, rows: u64, closed: bool) -> Vec<[u32; 2]> {
    let board = qipan_knight::Board::new(cols, rows).unwrap();
    let kind = if closed {
        qipan_knight::TourKind::Closed
    } else {
        qipan_knight::TourKind::Open
    };
    let tour = qipan_knight::tour(board, qipan_knight::Square::new(0, 0), kind).unwrap();
    tour.squares().map(|s| [s.x, s.y]).collect()
}

/// Plays `path` (after its start square) in `game`; the last view.
async fn play_tour(
    client: &reqwest::Client,
    server: &common::Running,
    game: &Value,
    path: &[[u32; 2]],
) -> Value {
    let url = server.url(&format!("/api/knight/games/{}/move", game["id"]));
    let mut view = game.clone();
    for to in &path[1..] {
        let (status, next) = post(
            client,
            url.clone(),
            json!({"revision": view["revision"], "to": to}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{next}");
        view = next;
    }
    view
}

fn body_revision(view: &Value) -> i64 {
    view["revision"].as_i64().unwrap()
}

#[tokio::test]
async fn hints_say_when_no_tour_can_be_completed() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let start = |body: Value| post(&client, server.url("/api/knight/games"), body);

    // After visiting both neighbours of the corner e5 = (4, 4) without standing on either, the
    // corner can never be reached.
    let (_, game) = start(json!({"cols": 5, "rows": 5, "start": [0, 0]})).await;
    let id = game["id"].as_i64().unwrap();
    let url = |path: &str| server.url(&format!("/api/knight/games/{id}{path}"));
    let mut revision = body_revision(&game);
    for to in [[1, 2], [2, 4], [3, 2], [1, 1], [2, 3], [0, 4]] {
        let (status, view) = post(
            &client,
            url("/move"),
            json!({"revision": revision, "to": to}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{view}");
        revision = body_revision(&view);
    }
    let (status, body) = post(&client, url("/hint"), json!({"revision": revision})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["hint"]["kind"], "stuck");
    assert_eq!(
        body["game"]["hints"], 0,
        "a verdict without a move costs nothing"
    );

    // 5x5 has 13 squares of a1's colour and 12 of the other: an open tour must start on a1's
    // colour (Conrad, Hindrichs, Morsy and Wegener 1994), so none starts on b1 = (1, 0).
    let (_, game) = start(json!({"cols": 5, "rows": 5, "start": [1, 0]})).await;
    let id = game["id"].as_i64().unwrap();
    let (_, body) = post(
        &client,
        server.url(&format!("/api/knight/games/{id}/hint")),
        json!({"revision": body_revision(&game)}),
    )
    .await;
    assert_eq!(body["hint"]["kind"], "stuck", "{body}");

    // Both sides odd: no closed tour (Schwenk 1991), so the auto-solve has none to show.
    let (_, game) = start(json!({"cols": 5, "rows": 5, "start": [0, 0], "closed": true})).await;
    let (status, body) = post(
        &client,
        server.url(&format!("/api/knight/games/{}/solve", game["id"])),
        json!({"revision": game["revision"]}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("closed_both_sides_odd")
        )
    );
    server.stop().await;
}

/// On 30x30, once b3 and c2 are behind the knight the corner a1 can never be reached, but the
/// hint's search could only prove it by trying every path of the other squares: when the
/// configured compute time runs out it answers "unknown", and the unknown costs nothing.
#[tokio::test]
async fn a_hint_out_of_time_says_unknown() {
    let limits = Limits {
        max_compute_time: std::time::Duration::from_millis(200),
        ..Limits::default()
    };
    let server = common::start(DbLocation::Memory, limits).await;
    let client = common::client();
    let (game, id) = create(
        &client,
        server.url("/api/knight/games"),
        json!({"cols": 30, "rows": 30, "start": [1, 2]}),
    )
    .await;
    let url = |path: &str| server.url(&format!("/api/knight/games/{id}{path}"));
    let mut revision = body_revision(&game);
    for to in [[3, 3], [2, 1], [4, 2]] {
        let (status, view) = post(
            &client,
            url("/move"),
            json!({"revision": revision, "to": to}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{view}");
        revision = body_revision(&view);
    }
    let (status, body) = post(&client, url("/hint"), json!({"revision": revision})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["hint"]["kind"], "unknown", "{body}");
    assert_eq!(body["game"]["hints"], 0, "{body}");
    assert_eq!(body_revision(&body["game"]), revision);
    server.stop().await;
}

#[tokio::test]
async fn the_auto_solve_tour_covers_the_xiangqi_board_and_bad_boards_are_refused() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let (game, id) = create(
        &client,
        server.url("/api/knight/games"),
        json!({"cols": 9, "rows": 10, "start": [4, 4], "closed": true}),
    )
    .await;
    let (status, body) = post(
        &client,
        server.url(&format!("/api/knight/games/{id}/solve")),
        json!({"revision": game["revision"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["game"]["assisted"], true,
        "a solved game is never ranked"
    );
    let path: Vec<(i64, i64)> = body["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s[0].as_i64().unwrap(), s[1].as_i64().unwrap()))
        .collect();
    assert_eq!(path.len(), 90);
    assert_eq!(path[0], (4, 4));
    let mut seen = std::collections::HashSet::new();
    for (i, &(x, y)) in path.iter().enumerate() {
        assert!((0..9).contains(&x) && (0..10).contains(&y) && seen.insert((x, y)));
        let (px, py) = path[(i + 89) % 90];
        let (dx, dy) = ((x - px).abs(), (y - py).abs());
        assert!(
            dx * dy == 2,
            "step {i} (closing step included) is not a knight's move"
        );
    }

    for body in [
        json!({"cols": 31, "rows": 8, "start": [0, 0]}),
        json!({"cols": 8, "rows": 2, "start": [0, 0]}),
    ] {
        let (status, answer) = post(&client, server.url("/api/knight/games"), body).await;
        assert_eq!(
            (status, code(&answer)),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("size_out_of_range"))
        );
    }
    let (status, answer) = post(
        &client,
        server.url("/api/knight/games"),
        json!({"cols": 8, "rows": 8, "start": [8, 0]}),
    )
    .await;
    assert_eq!(
        (status, code(&answer)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("square_off_board"))
    );
    server.stop().await;
}

#[tokio::test]
async fn a_tour_that_does_not_close_leaves_a_closed_game_open_for_undo() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    // 3x4 has open tours but no closed one (Schwenk 1991): any open tour ends off the start.
    let path = known_tour(3, 4, false);
    assert_eq!(path.len(), 12);
    let (_, game) = post(
        &client,
        server.url("/api/knight/games"),
        json!({"cols": 3, "rows": 4, "start": [0, 0], "closed": true}),
    )
    .await;
    let id = game["id"].as_i64().unwrap();
    let url = |path: &str| server.url(&format!("/api/knight/games/{id}{path}"));
    let mut view = game;
    for to in &path[1..] {
        let (status, next) = post(
            &client,
            url("/move"),
            json!({"revision": view["revision"], "to": to}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{next}");
        view = next;
    }
    assert_eq!(view["status"], "ongoing", "{view}");
    assert_eq!(view["time_ms"], Value::Null);
    let (status, body) = post(&client, url("/leaderboard"), json!({"name": "Ada"})).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, Some("not_finished"))
    );
    let (status, body) = post(&client, url("/undo"), json!({"revision": view["revision"]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["trail"].as_array().unwrap().len(), 11);
    server.stop().await;
}
