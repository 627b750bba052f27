//! The Xiangqi API over real HTTP: moves checked and explained, the engine's reply, undo against
//! the engine, stale revisions, mate, draws, resignation, FEN and PGN, and resuming after a
//! restart.

mod common;

use common::{code, post};

use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn get(client: &reqwest::Client, url: String) -> Value {
    client.get(url).send().await.unwrap().json().await.unwrap()
}

/// A game's URL.
fn game_url(server: &common::Running, game: &Value, path: &str) -> String {
    server.url(&format!("/api/xiangqi/games/{}{path}", game["id"]))
}

async fn play(
    client: &reqwest::Client,
    server: &common::Running,
    game: &Value,
    mv: &str,
) -> (StatusCode, Value) {
    post(
        client,
        game_url(server, game, "/move"),
        json!({"revision": game["revision"], "move": mv}),
    )
    .await
}

#[tokio::test]
async fn against_the_engine_moves_are_checked_answered_and_taken_back() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let (status, game) = post(
        &client,
        server.url("/api/xiangqi/games"),
        json!({"mode": "engine", "engine_side": "black", "level": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        game["legal"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_array().unwrap().len())
            .sum::<usize>(),
        44
    );

    // 蹩马腿: the horse on b0 cannot reach d1 past the elephant on c0.
    let (status, body) = play(&client, &server, &game, "b0d1").await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("horse_leg_blocked"))
    );
    let (status, body) = play(&client, &server, &game, "e0e2").await;
    assert_eq!(code(&body), Some("general_one_step"), "{status}");

    let (status, game) = play(&client, &server, &game, "h2e2").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["moves"][0]["chinese"], "炮二平五");
    assert_eq!(game["moves"][0]["wxf"], "C2=5");

    // It is the engine's turn: the person may not move, a stale revision is refused.
    let (status, body) = play(&client, &server, &game, "b0c2").await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, Some("not_your_turn"))
    );
    let (status, body) = post(
        &client,
        game_url(&server, &game, "/engine"),
        json!({"revision": 0}),
    )
    .await;
    assert_eq!((status, code(&body)), (StatusCode::CONFLICT, Some("stale")));

    let (status, game) = post(
        &client,
        game_url(&server, &game, "/engine"),
        json!({"revision": game["revision"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["moves"].as_array().unwrap().len(), 2);
    assert_eq!(game["side_to_move"], "red");
    assert!(game["engine"]["depth"].as_i64().unwrap() >= 1, "{game}");

    let (status, hint) = post(&client, game_url(&server, &game, "/hint"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    let best = hint["best"].as_str().unwrap();
    assert!(
        game["legal"][&best[..2]]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t == &best[2..])
    );

    // Undo takes back the engine's reply and the person's move.
    let (status, game) = post(
        &client,
        game_url(&server, &game, "/undo"),
        json!({"revision": game["revision"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["moves"].as_array().unwrap().len(), 0);
    assert_eq!(game["undos"], json!({"red": 1, "black": 0}));
    let saved = get(&client, server.url(&format!("/api/games/{}", game["id"]))).await;
    assert_eq!(saved["action_count"], 0);
    server.stop().await;
}

/// A rook mate on the back rank: Black's general on d9 is shut in by the rook on i8.
const MATE_IN_ONE: &str = "3k5/8R/9/9/9/9/9/9/9/R4K3 w - - 0 1";

#[tokio::test]
async fn two_people_mate_and_the_game_is_listed_with_its_result() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let (status, game) = post(
        &client,
        server.url("/api/xiangqi/games"),
        json!({"mode": "pvp", "fen": MATE_IN_ONE}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["variant"], "custom");
    let (status, game) = play(&client, &server, &game, "a0a9").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["status"], "finished");
    assert_eq!(
        game["ending"],
        json!({"winner": "red", "reason": "checkmate"})
    );
    assert_eq!(game["in_check"], true);
    assert_eq!(game["legal"], json!({}));
    let (status, body) = play(&client, &server, &game, "d9e9").await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, Some("game_over"))
    );

    let list = get(&client, server.url("/api/games?kind=xiangqi")).await;
    assert_eq!(
        list[0]["result"],
        json!({"winner": "red", "reason": "checkmate"})
    );
    assert_eq!(list[0]["action_count"], 1);
    assert_eq!(list[0]["mode"], "pvp");

    // A mate may be taken back between people; the game goes on.
    let (status, game) = post(
        &client,
        game_url(&server, &game, "/undo"),
        json!({"revision": game["revision"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["status"], "ongoing");
    assert_eq!(game["undos"], json!({"red": 1, "black": 0}));
    server.stop().await;
}

#[tokio::test]
async fn draws_by_agreement_and_resignations_end_the_game() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let new = || {
        post(
            &client,
            server.url("/api/xiangqi/games"),
            json!({"mode": "pvp"}),
        )
    };
    let (_, game) = new().await;
    let draw = |game: &Value, action: &str| {
        post(
            &client,
            game_url(&server, game, "/draw"),
            json!({"revision": game["revision"], "action": action}),
        )
    };
    let (status, body) = draw(&game, "accept").await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("no_draw_offer"))
    );
    let (_, game) = draw(&game, "offer").await;
    assert_eq!(game["draw_offer"], "red");
    let (_, game) = draw(&game, "accept").await;
    assert_eq!(
        game["ending"],
        json!({"winner": null, "reason": "agreement"})
    );
    let (status, body) = post(
        &client,
        game_url(&server, &game, "/undo"),
        json!({"revision": game["revision"]}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, Some("game_over"))
    );

    let (_, game) = new().await;
    let (status, game) = post(
        &client,
        game_url(&server, &game, "/resign"),
        json!({"revision": game["revision"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        game["ending"],
        json!({"winner": "black", "reason": "resignation"})
    );

    let (_, game) = post(
        &client,
        server.url("/api/xiangqi/games"),
        json!({"mode": "engine"}),
    )
    .await;
    let (status, body) = draw(&game, "offer").await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("draw_needs_people"))
    );
    server.stop().await;
}

#[tokio::test]
async fn bad_starts_are_refused_with_their_reason() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    for (fen, expected) in [
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
            "fen_bad_side",
        ),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9 w", "fen_rank_count"),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", "fen_opponent_in_check"),
        ("4k4/9/9/9/9/9/9/9/9/4AK3 w", "fen_unreachable"),
        ("4k4/9/9/9/9/9/9/9/9/9 w", "fen_missing_general"),
        ("4k4/9/9/9/9/9/9/9/9/4X4 w", "fen_bad_char"),
    ] {
        let (status, body) = post(
            &client,
            server.url("/api/xiangqi/games"),
            json!({"mode": "pvp", "fen": fen}),
        )
        .await;
        assert_eq!(
            (status, code(&body)),
            (StatusCode::UNPROCESSABLE_ENTITY, Some(expected)),
            "{fen}: {body}"
        );
    }
    // Black to move, already mated.
    let (status, body) = post(
        &client,
        server.url("/api/xiangqi/games"),
        json!({"mode": "pvp", "fen": "R2k5/8R/9/9/9/9/9/9/9/5K3 b"}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("fen_game_over"))
    );
    let (status, body) = post(
        &client,
        server.url("/api/xiangqi/games"),
        json!({"mode": "engine", "level": 11}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("level_out_of_range"))
    );
    server.stop().await;
}

#[tokio::test]
async fn pgn_goes_out_and_comes_back_and_games_resume_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("xiangqi.sqlite3");
    let server = common::start_on_file(&db).await;
    let client = common::client();
    let (_, mut game) = post(
        &client,
        server.url("/api/xiangqi/games"),
        json!({"mode": "pvp"}),
    )
    .await;
    for mv in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"] {
        let (status, next) = play(&client, &server, &game, mv).await;
        assert_eq!(status, StatusCode::OK, "{mv}: {next}");
        game = next;
    }
    let exported = get(&client, game_url(&server, &game, "/pgn?notation=chinese")).await;
    let pgn = exported["pgn"].as_str().unwrap();
    assert!(pgn.contains("炮二平五"), "{pgn}");
    assert!(pgn.contains("[Format \"Chinese\"]"), "{pgn}");
    // With no names known, the defaults are in the page's language.
    assert!(pgn.contains("[Red \"红方\"]"), "{pgn}");
    let english = get(
        &client,
        game_url(&server, &game, "/pgn?notation=wxf&lang=en"),
    )
    .await;
    assert!(english["pgn"].as_str().unwrap().contains("[Red \"Red\"]"));
    let (status, imported) = post(
        &client,
        server.url("/api/xiangqi/import"),
        json!({"pgn": pgn}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{imported}");
    assert_eq!(imported["fen"], game["fen"]);
    assert_eq!(imported["moves"].as_array().unwrap().len(), 6);
    assert_eq!(imported["status"], "ongoing");

    let (status, body) = post(
        &client,
        server.url("/api/xiangqi/import"),
        json!({"pgn": "1. h2e2 h2e2 *"}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("pgn_bad_move"))
    );
    // The page is told which move and what text, to say it in its own words.
    assert_eq!(
        body["error"]["details"],
        json!({"at": "1...", "text": "h2e2"})
    );
    // Black's numerals in Red's move are refused, not read as 马八进七.
    let (status, body) = post(
        &client,
        server.url("/api/xiangqi/import"),
        json!({"pgn": "1. 马８进７ *"}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("pgn_other_side_numerals")
        )
    );
    assert_eq!(
        body["error"]["details"],
        json!({"at": "1.", "text": "马８进７"})
    );
    // An imported record keeps its players, event and date, shows them and exports them again.
    let record = "[Event \"全国象棋个人赛\"]\n[Date \"1960.10.01\"]\n[Red \"胡荣华\"]\n[Black \"杨官璘\"]\n\n1. 炮二平五 马８进７ *\n";
    let (status, imported) = post(
        &client,
        server.url("/api/xiangqi/import"),
        json!({"pgn": record}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{imported}");
    assert_eq!(
        imported["tags"],
        json!({"red": "胡荣华", "black": "杨官璘", "event": "全国象棋个人赛", "date": "1960.10.01"})
    );
    let again = get(
        &client,
        game_url(&server, &imported, "/pgn?notation=chinese&lang=en"),
    )
    .await;
    let again = again["pgn"].as_str().unwrap();
    for tag in [
        "[Red \"胡荣华\"]",
        "[Black \"杨官璘\"]",
        "[Event \"全国象棋个人赛\"]",
        "[Date \"1960.10.01\"]",
    ] {
        assert!(again.contains(tag), "{tag} in {again}");
    }
    // A FEN error names the rank and the character.
    let (status, body) = post(
        &client,
        server.url("/api/xiangqi/games"),
        json!({"mode": "pvp", "fen": "rnbakabnr/9/1c5c1/p1p1x1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("fen_bad_char"))
    );
    assert_eq!(
        body["error"]["details"],
        json!({"rank": 6, "row": 4, "ch": "x"})
    );

    server.stop().await;
    let server = common::start_on_file(&db).await;
    let resumed = get(&client, game_url(&server, &game, "")).await;
    assert_eq!(resumed["fen"], game["fen"]);
    assert_eq!(resumed["revision"], game["revision"]);
    let (status, next) = play(&client, &server, &resumed, "b0c2").await;
    assert_eq!(status, StatusCode::OK, "{next}");
    server.stop().await;
}

#[tokio::test]
async fn other_requests_are_answered_while_the_engine_thinks() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let (_, game) = post(
        &client,
        server.url("/api/xiangqi/games"),
        json!({"mode": "engine", "engine_side": "red", "level": 10}),
    )
    .await;
    let thinking = tokio::spawn(
        client
            .post(game_url(&server, &game, "/engine"))
            .json(&json!({"revision": game["revision"]}))
            .send(),
    );
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let health = client.get(server.url("/api/health")).send().await.unwrap();
    assert_eq!(health.status(), StatusCode::OK);
    assert!(
        !thinking.is_finished(),
        "the health check was answered while the engine was still searching"
    );
    let reply = thinking.await.unwrap().unwrap();
    assert_eq!(reply.status(), StatusCode::OK);
    let game: Value = reply.json().await.unwrap();
    assert_eq!(game["moves"].as_array().unwrap().len(), 1);
    server.stop().await;
}

/// "Play on from here": a new game (against the engine or two people) starts where some moves
/// lead and keeps them as its history; a history with an illegal move is refused by its place.
#[tokio::test]
async fn a_new_game_plays_on_from_the_moves_so_far() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let history = json!(["h2e2", "h9g7", "h0g2"]);
    let (status, game) = post(
        &client,
        server.url("/api/xiangqi/games"),
        json!({"mode": "engine", "engine_side": "black", "level": 2, "moves": history}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    let played: Vec<&str> = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["iccs"].as_str().unwrap())
        .collect();
    assert_eq!(played, ["h2e2", "h9g7", "h0g2"]);
    assert_eq!(game["side_to_move"], "black");
    assert_eq!(game["status"], "ongoing");
    let actions = get(
        &client,
        server.url(&format!("/api/games/{}/actions", game["id"])),
    )
    .await;
    assert_eq!(
        actions.as_array().unwrap().len(),
        3,
        "the history is the game's first actions"
    );
    // The engine, to move, answers.
    let (status, after) = post(
        &client,
        game_url(&server, &game, "/engine"),
        json!({"revision": game["revision"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["moves"].as_array().unwrap().len(), 4);

    let (status, body) = post(
        &client,
        server.url("/api/xiangqi/games"),
        json!({"mode": "pvp", "moves": ["h2e2", "h2e2"]}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("bad_history"))
    );
    assert_eq!(body["error"]["details"], json!({"ply": 2, "text": "h2e2"}));
    server.stop().await;
}

/// Game review: each position of a finished game is evaluated on request and saved with the
/// game (shown again without recomputing); the PGN export carries the evaluations as comments;
/// a game still being played is not reviewed.
#[tokio::test]
async fn a_finished_game_is_reviewed_position_by_position() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let (_, mut game) = post(
        &client,
        server.url("/api/xiangqi/games"),
        json!({"mode": "pvp"}),
    )
    .await;
    for mv in ["h2e2", "h9g7"] {
        let (status, next) = play(&client, &server, &game, mv).await;
        assert_eq!(status, StatusCode::OK, "{next}");
        game = next;
    }
    let (status, body) = post(
        &client,
        game_url(&server, &game, "/review"),
        json!({"revision": game["revision"], "ply": 0}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, Some("review_needs_finished_game"))
    );
    let (status, over) = post(
        &client,
        game_url(&server, &game, "/resign"),
        json!({"revision": game["revision"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{over}");
    game = over;
    for ply in 0..=2 {
        let (status, next) = post(
            &client,
            game_url(&server, &game, "/review"),
            json!({"revision": game["revision"], "ply": ply}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{next}");
        game = next;
    }
    let plies = game["review"]["plies"].as_array().unwrap();
    assert_eq!(plies.len(), 3);
    assert!(
        plies
            .iter()
            .all(|p| p["best"].is_string() && p["score_red"].is_i64()),
        "{plies:?}"
    );
    // Saved: a fresh read shows it.
    let again = get(&client, game_url(&server, &game, "")).await;
    assert_eq!(again["review"], game["review"]);
    let pgn = get(&client, game_url(&server, &game, "/pgn?notation=iccs")).await;
    let pgn = pgn["pgn"].as_str().unwrap();
    assert!(pgn.contains("h2e2 {") && pgn.contains("h9g7 {"), "{pgn}");
    let (status, body) = post(
        &client,
        game_url(&server, &game, "/review"),
        json!({"revision": game["revision"], "ply": 3}),
    )
    .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("ply_out_of_range"))
    );
    server.stop().await;
}
