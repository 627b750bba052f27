//! The Gomoku API over real HTTP: games between two people and against the engine, refusals with
//! their codes (occupied, renju forbidden points, stale revisions, undo limits), records in and
//! out, and a game that survives a server restart.

mod common;

use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A client for one game's routes.
struct Client {
    http: reqwest::Client,
    base: String,
}

impl Client {
    fn new(server: &common::Running) -> Client {
        Client {
            http: common::client(),
            base: server.url("/api"),
        }
    }

    async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        let response = self
            .http
            .post(format!("{}{path}", self.base))
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = response.status();
        (status, response.json().await.unwrap())
    }

    async fn get(&self, path: &str) -> (StatusCode, Value) {
        let response = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        let status = response.status();
        (status, response.json().await.unwrap())
    }

    async fn new_game(&self, body: Value) -> Value {
        let (status, game) = self.post("/gomoku/games", body).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        game
    }

    /// Plays (x, y) in `game` and returns the new view; panics if refused.
    async fn play(&self, game: &Value, x: u8, y: u8) -> Value {
        let (status, body) = self.try_play(game, x, y).await;
        assert_eq!(status, StatusCode::OK, "({x},{y}): {body}");
        body
    }

    async fn try_play(&self, game: &Value, x: u8, y: u8) -> (StatusCode, Value) {
        let path = format!("/gomoku/games/{}/move", game["id"]);
        self.post(&path, json!({"revision": game["revision"], "x": x, "y": y}))
            .await
    }

    async fn action(&self, game: &Value, action: &str) -> (StatusCode, Value) {
        let path = format!("/gomoku/games/{}/{action}", game["id"]);
        self.post(&path, json!({"revision": game["revision"]}))
            .await
    }
}

fn code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or("")
}

#[tokio::test]
async fn two_people_play_to_five_and_the_row_is_reported() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = Client::new(&server);
    let mut game = client.new_game(json!({"mode": "pvp"})).await;
    assert_eq!(
        (game["size"].as_u64(), game["rule"].as_str()),
        (Some(15), Some("freestyle"))
    );
    for x in 3..7 {
        game = client.play(&game, x, 7).await;
        game = client.play(&game, x, 9).await;
    }
    let (status, body) = client.try_play(&game, 3, 7).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, "occupied")
    );
    let (status, body) = client.try_play(&game, 15, 0).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, "off_board")
    );

    game = client.play(&game, 7, 7).await;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["outcome"]["winner"], "black");
    assert_eq!(game["outcome"]["reason"], "five");
    assert_eq!(
        game["outcome"]["line"],
        json!([[3, 7], [4, 7], [5, 7], [6, 7], [7, 7]])
    );
    let (status, body) = client.try_play(&game, 10, 10).await;
    assert_eq!((status, code(&body)), (StatusCode::CONFLICT, "game_over"));

    let (_, list) = client.get("/games?kind=gomoku").await;
    assert_eq!(list[0]["id"], game["id"]);
    assert_eq!(list[0]["action_count"], 9);
    assert_eq!(list[0]["variant"], "freestyle-15");
    assert_eq!(
        list[0]["result"],
        json!({"winner": "black", "reason": "five"})
    );
}

#[tokio::test]
async fn a_move_from_a_stale_tab_is_refused_with_409() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = Client::new(&server);
    let first_tab = client.new_game(json!({"mode": "pvp", "size": 19})).await;
    assert_eq!(first_tab["size"], 19);
    let second_tab = first_tab.clone();
    client.play(&first_tab, 9, 9).await;
    let (status, body) = client.try_play(&second_tab, 3, 3).await;
    assert_eq!((status, code(&body)), (StatusCode::CONFLICT, "stale"));
}

/// Black stones on h8, i8 and j7, j6 (x, y from the top-left: (7,7), (8,7), (9,8), (9,9)): the
/// point j8 (9, 7) makes two open threes at once, a double-three forbidden to Black by the RIF
/// International Rules of Renju, article 9.4; the same point is fine for Black in freestyle.
async fn double_three_setup(client: &Client, rule: &str) -> Value {
    let mut game = client.new_game(json!({"mode": "pvp", "rule": rule})).await;
    for (b, w) in [
        ((7, 7), (0, 0)),
        ((8, 7), (0, 2)),
        ((9, 8), (0, 4)),
        ((9, 9), (0, 6)),
    ] {
        game = client.play(&game, b.0, b.1).await;
        game = client.play(&game, w.0, w.1).await;
    }
    game
}

/// renju.net, "The Procedure of Starting the Game": "The first stone is black and it is placed
/// to the center of the board." Freestyle has no such rule.
#[tokio::test]
async fn renju_opens_on_the_centre_point() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = Client::new(&server);
    let game = client
        .new_game(json!({"mode": "pvp", "rule": "renju"}))
        .await;
    let (status, body) = client.try_play(&game, 3, 3).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, "renju_first_move_centre")
    );
    let game = client.play(&game, 7, 7).await;
    assert_eq!(game["moves"].as_array().map(Vec::len), Some(1));

    let free = client
        .new_game(json!({"mode": "pvp", "rule": "freestyle"}))
        .await;
    client.play(&free, 3, 3).await;
}

#[tokio::test]
async fn renju_refuses_a_double_three_for_black_and_marks_it() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = Client::new(&server);
    let game = double_three_setup(&client, "renju").await;
    assert!(
        game["forbidden"]
            .as_array()
            .unwrap()
            .contains(&json!({"x": 9, "y": 7, "kind": "double_three"})),
        "{}",
        game["forbidden"]
    );
    let (status, body) = client.try_play(&game, 9, 7).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, "forbidden_double_three")
    );

    let free = double_three_setup(&client, "freestyle").await;
    assert_eq!(free["forbidden"], json!([]));
    client.play(&free, 9, 7).await;
}

#[tokio::test]
async fn against_the_engine_one_undo_takes_back_the_reply_too_within_the_limit() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = Client::new(&server);
    let mut game = client
        .new_game(json!({"mode": "pve", "human": "black", "level": 1, "undo_limit": 1}))
        .await;
    assert_eq!(game["engine_to_move"], false);
    let (status, body) = client.action(&game, "engine").await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, "not_engine_turn")
    );

    game = client.play(&game, 7, 7).await;
    assert_eq!(game["engine_to_move"], true);
    let (status, body) = client.try_play(&game, 8, 8).await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::CONFLICT, "not_your_turn")
    );
    let (status, reply) = client.action(&game, "engine").await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["moves"].as_array().unwrap().len(), 2);
    assert_eq!(reply["to_move"], "black");
    assert!(reply["engine"]["found"].is_string());

    let (status, undone) = client.action(&reply, "undo").await;
    assert_eq!(status, StatusCode::OK, "{undone}");
    assert_eq!(undone["moves"], json!([]));
    assert_eq!(undone["undos"], json!({"black": 1, "white": 0}));
    let (_, actions) = client.get(&format!("/games/{}/actions", game["id"])).await;
    assert_eq!(actions.as_array().map(Vec::len), Some(0), "{actions}");

    game = client.play(&undone, 7, 7).await;
    let (_, reply) = client.action(&game, "engine").await;
    let (status, body) = client.action(&reply, "undo").await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, "undo_limit")
    );
}

#[tokio::test]
async fn the_engine_opens_when_the_person_takes_white_and_a_resignation_ends_the_game() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = Client::new(&server);
    let game = client
        .new_game(json!({"mode": "pve", "human": "white", "level": 3, "rule": "renju"}))
        .await;
    assert_eq!(game["engine_to_move"], true);
    let (status, game) = client.action(&game, "engine").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        game["moves"],
        json!([[7, 7]]),
        "the engine opens in the centre"
    );
    let (status, body) = client.action(&game, "undo").await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, "nothing_to_undo")
    );

    let (status, game) = client.action(&game, "resign").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        game["outcome"],
        json!({"winner": "black", "reason": "resign"})
    );
    assert_eq!(game["status"], "finished");
}

#[tokio::test]
async fn bad_settings_are_refused_with_their_codes() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = Client::new(&server);
    for (body, expected) in [
        (json!({"mode": "pvp", "size": 40}), "size_out_of_range"),
        (json!({"mode": "pvp", "rule": "go"}), "unknown_rule"),
        (json!({"mode": "pve", "level": 11}), "level_out_of_range"),
        (
            json!({"mode": "pvp", "undo_limit": 1000}),
            "undo_limit_out_of_range",
        ),
    ] {
        let (status, answer) = client.post("/gomoku/games", body).await;
        assert_eq!(
            (status, code(&answer)),
            (StatusCode::UNPROCESSABLE_ENTITY, expected)
        );
    }
    let (status, _) = client.get("/gomoku/games/999").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn records_export_and_import_in_every_format() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = Client::new(&server);
    let mut game = client.new_game(json!({"mode": "pvp"})).await;
    for (x, y) in [(7, 7), (8, 6), (6, 8), (9, 9)] {
        game = client.play(&game, x, y).await;
    }
    let id = &game["id"];
    let (_, coords) = client
        .get(&format!("/gomoku/games/{id}/record?format=coords"))
        .await;
    assert_eq!(coords["text"], "h8i9g7j6");
    for format in ["psq", "sgf", "coords"] {
        let (status, exported) = client
            .get(&format!("/gomoku/games/{id}/record?format={format}"))
            .await;
        assert_eq!(status, StatusCode::OK, "{exported}");
        let (status, imported) = client
            .post(
                "/gomoku/import",
                json!({"format": format, "text": exported["text"]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{imported}");
        assert_eq!(imported["moves"], game["moves"], "{format}");
        assert_ne!(imported["id"], game["id"]);
    }
    let (status, spaced) = client
        .post(
            "/gomoku/import",
            json!({"format": "coords", "text": "h8, i9\ng7 j6"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{spaced}");
    assert_eq!(spaced["moves"], game["moves"]);
    let (status, body) = client
        .post(
            "/gomoku/import",
            json!({"format": "coords", "text": "h8 h8"}),
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, "record_illegal_move")
    );
    let (status, body) = client
        .post("/gomoku/import", json!({"format": "psq", "text": "hello"}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
}

#[tokio::test]
async fn a_saved_game_survives_a_restart_and_can_be_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gomoku.sqlite3");
    let server = common::start_on_file(&path).await;
    let client = Client::new(&server);
    let mut game = client
        .new_game(json!({"mode": "pvp", "rule": "standard"}))
        .await;
    for (x, y) in [(7, 7), (7, 8), (8, 7)] {
        game = client.play(&game, x, y).await;
    }
    server.stop().await;

    let server = common::start_on_file(&path).await;
    // The same browser (its cookie) comes back to the restarted server.
    let client = Client {
        http: client.http.clone(),
        base: server.url("/api"),
    };
    let (status, resumed) = client.get(&format!("/gomoku/games/{}", game["id"])).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(resumed["moves"], game["moves"]);
    assert_eq!(resumed["rule"], "standard");
    assert_eq!(resumed["to_move"], "white");
    client.play(&resumed, 9, 9).await;
    server.stop().await;
}

#[tokio::test]
async fn between_two_people_an_undo_takes_back_one_move_and_counts_for_its_side() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = Client::new(&server);
    let mut game = client
        .new_game(json!({"mode": "pvp", "undo_limit": 1}))
        .await;
    let (status, body) = client.action(&game, "undo").await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, "nothing_to_undo")
    );
    game = client.play(&game, 7, 7).await;
    game = client.play(&game, 8, 8).await;
    let (status, game) = client.action(&game, "undo").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["moves"], json!([[7, 7]]));
    assert_eq!(game["undos"], json!({"black": 0, "white": 1}));
    assert_eq!(game["to_move"], "white");
    let game = client.play(&game, 6, 6).await;
    let (status, body) = client.action(&game, "undo").await;
    assert_eq!(
        (status, code(&body)),
        (StatusCode::UNPROCESSABLE_ENTITY, "undo_limit")
    );
    let game = client.play(&game, 5, 5).await;
    let (status, game) = client.action(&game, "undo").await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["undos"], json!({"black": 1, "white": 1}));
}

#[tokio::test]
async fn a_full_board_without_five_is_a_draw() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = Client::new(&server);
    // A 5x5 filling where every row, column and long diagonal holds both colours: no five.
    let rows = ["BBWWB", "WWBBW", "BBWWB", "WWBBW", "BBWWB"];
    let stones = |c: u8| {
        rows.iter()
            .enumerate()
            .flat_map(|(y, row)| {
                row.bytes()
                    .enumerate()
                    .filter(move |&(_, b)| b == c)
                    .map(move |(x, _)| (x as u8, y as u8))
            })
            .collect::<Vec<_>>()
    };
    let (black, white) = (stones(b'B'), stones(b'W'));
    let mut game = client.new_game(json!({"mode": "pvp", "size": 5})).await;
    for (i, &(x, y)) in black.iter().enumerate() {
        game = client.play(&game, x, y).await;
        if let Some(&(x, y)) = white.get(i) {
            assert_eq!(game["outcome"], Value::Null);
            game = client.play(&game, x, y).await;
        }
    }
    assert_eq!(game["status"], "finished");
    assert_eq!(game["outcome"], json!({"winner": null, "reason": "draw"}));
}

/// An SGF export names the rule, the players, the result and the date (RU, PB/PW, RE, DT); an
/// imported SGF is played under the rule it names.
#[tokio::test]
async fn sgf_records_carry_the_rule_players_result_and_date() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = Client::new(&server);
    let mut game = client
        .new_game(json!({"mode": "pve", "human": "black", "level": 1, "rule": "renju"}))
        .await;
    game = client.play(&game, 7, 7).await;
    let (status, resigned) = client
        .post(
            &format!("/gomoku/games/{}/resign", game["id"]),
            json!({"revision": game["revision"]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{resigned}");
    let (_, exported) = client
        .get(&format!("/gomoku/games/{}/record?format=sgf", game["id"]))
        .await;
    let text = exported["text"].as_str().unwrap();
    // The person is named as the pages name a guest, in the language asked for.
    for property in [
        "RU[renju]",
        "PB[游客 ",
        "PW[qipan (level 1)]",
        "RE[W+R]",
        "DT[",
    ] {
        assert!(text.contains(property), "{property} in {text}");
    }
    let (_, english) = client
        .get(&format!(
            "/gomoku/games/{}/record?format=sgf&lang=en",
            game["id"]
        ))
        .await;
    assert!(
        english["text"].as_str().unwrap().contains("PB[Guest "),
        "{english}"
    );
    let (status, imported) = client
        .post("/gomoku/import", json!({"format": "sgf", "text": text}))
        .await;
    assert_eq!(status, StatusCode::OK, "{imported}");
    assert_eq!(
        imported["rule"], "renju",
        "the record's rule, none being asked for"
    );
}

/// A hint is the engine's move for the person to move; there is none between two players.
#[tokio::test]
async fn a_hint_names_a_free_point_and_is_refused_between_players() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = Client::new(&server);
    let mut game = client
        .new_game(json!({"mode": "pve", "human": "black", "level": 1}))
        .await;
    game = client.play(&game, 7, 7).await;
    // While the engine is to move there is nothing to suggest; after its reply there is.
    let (status, early) = client
        .post(&format!("/gomoku/games/{}/hint", game["id"]), json!({}))
        .await;
    assert_eq!(
        (status, common::code(&early)),
        (StatusCode::CONFLICT, Some("not_your_turn"))
    );
    let (status, replied) = client
        .post(
            &format!("/gomoku/games/{}/engine", game["id"]),
            json!({"revision": game["revision"]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{replied}");
    game = replied;
    let (status, hint) = client
        .post(&format!("/gomoku/games/{}/hint", game["id"]), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    let point = [
        hint["point"][0].as_u64().unwrap(),
        hint["point"][1].as_u64().unwrap(),
    ];
    let taken: Vec<[u64; 2]> = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| [m[0].as_u64().unwrap(), m[1].as_u64().unwrap()])
        .collect();
    assert!(
        point[0] < 15 && point[1] < 15 && !taken.contains(&point),
        "{hint} {game}"
    );
    assert!(hint["engine"]["depth"].as_u64().is_some(), "{hint}");

    let friend = client
        .new_game(json!({"mode": "pvp", "friend": true, "side": "black"}))
        .await;
    let (status, refused) = client
        .post(&format!("/gomoku/games/{}/hint", friend["id"]), json!({}))
        .await;
    assert_eq!(
        (status, common::code(&refused)),
        (StatusCode::CONFLICT, Some("no_hints_between_players"))
    );
}

/// The analysis of a replayed position: Black's open three (White to move) is Black's forced
/// win, played out to the five; its ends are Black's four points; White's best moves come with
/// scores; the position asked for is checked.
#[tokio::test]
async fn a_replayed_position_is_analysed_with_threats_and_forced_wins() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = Client::new(&server);
    let mut game = client.new_game(json!({"mode": "pvp"})).await;
    for (x, y) in [(6, 7), (0, 0), (7, 7), (14, 0), (8, 7), (14, 14)] {
        game = client.play(&game, x, y).await;
    }
    let path = format!("/gomoku/games/{}/analysis", game["id"]);
    let (status, a) = client.post(&path, json!({"ply": 5, "lines": 3})).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(
        (a["ply"].as_u64(), a["to_move"].as_str()),
        (Some(5), Some("white"))
    );
    assert_eq!(a["lines"].as_array().unwrap().len(), 3, "{a}");
    assert!(a["lines"][0]["score"].as_i64().is_some(), "{a}");
    let fours = a["threats"]["black"]["four"].as_array().unwrap();
    assert!(
        fours.contains(&json!([5, 7])) && fours.contains(&json!([9, 7])),
        "{a}"
    );
    assert_eq!(a["wins"]["black"]["kind"], "vcf", "{a}");
    let line = a["wins"]["black"]["line"].as_array().unwrap();
    assert_eq!(line.len() % 2, 1, "the attacker plays the last move: {a}");
    // Played out on the board of the replay, the line's last move is Black's fifth in a row.
    let mut black: Vec<(i64, i64)> = vec![(6, 7), (7, 7), (8, 7)];
    for (n, p) in line.iter().enumerate() {
        if n % 2 == 0 {
            black.push((p[0].as_i64().unwrap(), p[1].as_i64().unwrap()));
        }
    }
    let row: Vec<i64> = {
        let mut xs: Vec<i64> = black.iter().filter(|p| p.1 == 7).map(|p| p.0).collect();
        xs.sort();
        xs
    };
    assert!(row.windows(5).any(|w| w[4] - w[0] == 4), "{a}");
    assert!(a["wins"]["white"].is_null(), "{a}");

    let (status, start) = client.post(&path, json!({"ply": 0})).await;
    assert_eq!(status, StatusCode::OK, "{start}");
    assert_eq!(start["to_move"], "black");
    assert!(start["wins"]["black"].is_null() && start["wins"]["white"].is_null());
    for (body, wanted) in [
        (json!({"ply": 7}), "ply_out_of_range"),
        (json!({"lines": 6}), "lines_out_of_range"),
        (json!({"lines": 0}), "lines_out_of_range"),
    ] {
        let (status, refused) = client.post(&path, body).await;
        assert_eq!(
            (status, code(&refused)),
            (StatusCode::UNPROCESSABLE_ENTITY, wanted),
            "{refused}"
        );
    }
}

/// A game against a friend is not analysed while it goes on (nor while its seat is open).
#[tokio::test]
async fn a_live_game_between_players_is_not_analysed() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = Client::new(&server);
    let friend = client
        .new_game(json!({"mode": "pvp", "friend": true, "side": "black"}))
        .await;
    let (status, refused) = client
        .post(
            &format!("/gomoku/games/{}/analysis", friend["id"]),
            json!({}),
        )
        .await;
    assert_eq!(
        (status, code(&refused)),
        (StatusCode::CONFLICT, "no_analysis_during_live_game")
    );
}

/// "Play on from here": a new game starts from the moves of a replayed position and keeps them;
/// moves that are not points, illegal or already decided are refused, naming the move.
#[tokio::test]
async fn a_new_game_plays_on_from_given_moves() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = Client::new(&server);
    let game = client
        .new_game(json!({"mode": "pve", "human": "white", "level": 1, "moves": ["h8", "i9", "j8"]}))
        .await;
    assert_eq!(game["moves"], json!([[7, 7], [8, 6], [9, 7]]), "{game}");
    assert_eq!(game["to_move"], "white");
    assert_eq!(game["engine_to_move"], false, "{game}");
    let (_, list) = client.get("/games?kind=gomoku").await;
    assert_eq!(
        list[0]["action_count"], 3,
        "the moves are the new game's history"
    );
    let won: Vec<String> = ["a1", "a15", "b1", "b15", "c1", "c15", "d1", "d15", "e1"]
        .map(String::from)
        .to_vec();
    for (moves, wanted, named) in [
        (json!(["h8", "z99"]), "bad_move", "move 2 `z99`"),
        (json!(["h8", "h8"]), "occupied", "move 2 `h8`"),
        (json!(won), "game_over_at_position", ""),
    ] {
        let (status, refused) = client
            .post("/gomoku/games", json!({"mode": "pvp", "moves": moves}))
            .await;
        assert_eq!(
            (status, code(&refused)),
            (StatusCode::UNPROCESSABLE_ENTITY, wanted),
            "{refused}"
        );
        let message = refused["error"]["message"].as_str().unwrap();
        assert!(message.contains(named), "{message}");
    }
    let (status, refused) = client
        .post(
            "/gomoku/games",
            json!({"mode": "pvp", "friend": true, "rated": true, "moves": ["h8"],
                   "clock": {"kind": "fischer", "initial_seconds": 300}}),
        )
        .await;
    assert_eq!(
        (status, code(&refused)),
        (StatusCode::UNPROCESSABLE_ENTITY, "rated_needs_fresh_start")
    );
}
