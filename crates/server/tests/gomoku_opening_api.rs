//! Gomoku opening rules over real HTTP: Swap2 at one screen step by step, a swap between two
//! friends exchanging their seats, the engine proposing and deciding, Taraguchi-10 with its
//! central squares and ten fifth moves, and the refusals with their codes.

mod common;

use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};

struct Player {
    http: reqwest::Client,
    base: String,
}

impl Player {
    fn new(server: &common::Running) -> Player {
        Player {
            http: common::client(),
            base: server.url("/api/gomoku"),
        }
    }

    async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        common::post(&self.http, format!("{}{path}", self.base), body).await
    }

    async fn new_game(&self, body: Value) -> Value {
        let (status, game) = self.post("/games", body).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        game
    }

    async fn get(&self, game: &Value) -> Value {
        let response = self
            .http
            .get(format!("{}/games/{}", self.base, game["id"]))
            .send()
            .await
            .unwrap();
        response.json().await.unwrap()
    }

    async fn try_stone(&self, game: &Value, x: u8, y: u8) -> (StatusCode, Value) {
        let path = format!("/games/{}/move", game["id"]);
        self.post(&path, json!({"revision": game["revision"], "x": x, "y": y}))
            .await
    }

    async fn stone(&self, game: &Value, x: u8, y: u8) -> Value {
        let (status, body) = self.try_stone(game, x, y).await;
        assert_eq!(status, StatusCode::OK, "({x},{y}): {body}");
        body
    }

    async fn try_opening(&self, game: &Value, body: Value) -> (StatusCode, Value) {
        let mut body = body;
        body["revision"] = game["revision"].clone();
        self.post(&format!("/games/{}/opening", game["id"]), body)
            .await
    }

    async fn decide(&self, game: &Value, decision: &str) -> Value {
        let (status, body) = self.try_opening(game, json!({"decision": decision})).await;
        assert_eq!(status, StatusCode::OK, "{decision}: {body}");
        body
    }

    async fn engine(&self, game: &Value) -> Value {
        let (status, body) = self
            .post(
                &format!("/games/{}/engine", game["id"]),
                json!({"revision": game["revision"]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    }
}

fn code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or("")
}

fn assert_refused(answer: (StatusCode, Value), status: StatusCode, wanted: &str) {
    assert_eq!(
        (answer.0, code(&answer.1)),
        (status, wanted),
        "{}",
        answer.1
    );
}

/// Swap2 at one screen: three stones by the first player, a choice of three, two more stones,
/// the choice handed back, and then play; nothing of the opening is taken back.
#[tokio::test]
async fn swap2_at_one_screen_goes_through_every_step() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let p = Player::new(&server);
    let mut game = p.new_game(json!({"mode": "pvp", "opening": "swap2"})).await;
    assert_eq!(game["opening"]["step"], "place");
    assert_eq!(game["opening"]["by"], "black");
    assert_refused(
        p.try_opening(&game, json!({"decision": "swap"})).await,
        StatusCode::CONFLICT,
        "not_this_opening_step",
    );
    for (x, y) in [(7, 7), (8, 7), (7, 8)] {
        assert_eq!(game["acting"], "black", "the first player puts all three");
        game = p.stone(&game, x, y).await;
    }
    assert_eq!(game["opening"]["step"], "decide");
    assert_eq!(game["opening"]["by"], "white");
    assert_eq!(
        game["opening"]["options"],
        json!(["swap", "stay", "place_two"])
    );
    assert_refused(
        p.try_stone(&game, 9, 9).await,
        StatusCode::CONFLICT,
        "opening_choice_pending",
    );
    assert_refused(
        p.try_opening(&game, json!({"decision": "offer"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "decision_not_offered",
    );
    assert_refused(
        p.try_opening(&game, json!({"decision": "dance"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unknown_decision",
    );
    game = p.decide(&game, "place_two").await;
    assert_eq!(
        (game["opening"]["step"].as_str(), game["acting"].as_str()),
        (Some("place"), Some("white"))
    );
    game = p.stone(&game, 9, 9).await;
    game = p.stone(&game, 6, 6).await;
    assert_eq!(game["opening"]["step"], "decide");
    assert_eq!(game["opening"]["by"], "black");
    game = p.decide(&game, "swap").await;
    assert_eq!(game["opening"]["step"], "play");
    assert_eq!(game["opening"]["decisions"], json!(["place_two", "swap"]));
    assert_eq!(
        (game["to_move"].as_str(), game["acting"].as_str()),
        (Some("white"), Some("white"))
    );
    let (status, body) = p
        .post(
            &format!("/games/{}/undo", game["id"]),
            json!({"revision": game["revision"]}),
        )
        .await;
    assert_refused(
        (status, body),
        StatusCode::UNPROCESSABLE_ENTITY,
        "opening_not_undone",
    );
    game = p.stone(&game, 10, 10).await;
    let (status, undone) = p
        .post(
            &format!("/games/{}/undo", game["id"]),
            json!({"revision": game["revision"]}),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::OK,
        "a move after the opening is taken back: {undone}"
    );
    assert_eq!(undone["moves"].as_array().unwrap().len(), 5);
}

/// Between two friends a swap exchanges their seats: the one who put the three stones now
/// plays White and moves next.
#[tokio::test]
async fn a_swap_between_friends_exchanges_their_seats() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let ann = Player::new(&server);
    let bob = Player::new(&server);
    let ann_id = common::me(&ann.http, &server).await;
    let bob_id = common::me(&bob.http, &server).await;
    let mut game = ann
        .new_game(json!({"mode": "pvp", "friend": true, "side": "black", "opening": "swap"}))
        .await;
    common::seat_friend(&server, &ann.http, &bob.http, game["id"].as_i64().unwrap()).await;
    game = ann.get(&game).await;
    for (x, y) in [(7, 7), (8, 8), (6, 8)] {
        assert_refused(
            bob.try_stone(&game, x, y).await,
            StatusCode::CONFLICT,
            "not_your_turn",
        );
        game = ann.stone(&game, x, y).await;
    }
    assert_refused(
        ann.try_opening(&game, json!({"decision": "stay"})).await,
        StatusCode::CONFLICT,
        "not_your_turn",
    );
    game = bob.decide(&game, "swap").await;
    let holder = |seat: &str| {
        game["seats"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["seat"] == seat)
            .unwrap()["holder"]["player"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    assert_eq!(holder("black"), bob_id.0, "{game}");
    assert_eq!(holder("white"), ann_id.0, "{game}");
    assert_eq!(game["acting"], "white");
    assert_refused(
        bob.try_stone(&game, 9, 9).await,
        StatusCode::CONFLICT,
        "not_your_turn",
    );
    game = ann.stone(&game, 9, 9).await;
    game = bob.stone(&game, 5, 5).await;
    assert_eq!(game["moves"].as_array().unwrap().len(), 5);
}

/// Against the engine: it proposes three stones in one reply when it opens, and decides swap or
/// stay when the choice is its own.
#[tokio::test]
async fn the_engine_proposes_and_decides() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let p = Player::new(&server);
    let mut game = p
        .new_game(json!({"mode": "pve", "human": "white", "level": 3, "opening": "swap"}))
        .await;
    assert_eq!(game["engine_to_move"], true, "{game}");
    game = p.engine(&game).await;
    assert_eq!(game["moves"].as_array().unwrap().len(), 3, "{game}");
    assert_eq!(game["opening"]["step"], "decide");
    assert_eq!(game["engine_to_move"], false);
    game = p.decide(&game, "swap").await;
    assert_eq!(game["human"], "black", "the person took Black");
    assert_eq!(
        game["engine_to_move"], true,
        "White (the engine) moves fourth"
    );
    game = p.engine(&game).await;
    assert_eq!(game["moves"].as_array().unwrap().len(), 4);

    let mut game = p
        .new_game(json!({"mode": "pve", "human": "black", "level": 3, "opening": "swap2"}))
        .await;
    for (x, y) in [(7, 7), (7, 6), (9, 9)] {
        game = p.stone(&game, x, y).await;
    }
    assert_eq!(game["engine_to_move"], true, "the engine chooses");
    game = p.engine(&game).await;
    let decisions = game["opening"]["decisions"].as_array().unwrap().clone();
    assert_eq!(decisions.len(), 1, "{game}");
    assert!(decisions[0] == "swap" || decisions[0] == "stay", "{game}");
    assert_eq!(game["opening"]["step"], "play");
    let human = if decisions[0] == "swap" {
        "white"
    } else {
        "black"
    };
    assert_eq!(game["human"], human, "{game}");
}

/// Taraguchi-10 under renju: the central squares widen move by move, a swap may follow each
/// stone, and Black may offer ten fifth moves, none symmetrical, of which White picks one.
#[tokio::test]
async fn taraguchi_ten_with_its_squares_and_offered_fifth_moves() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let p = Player::new(&server);
    assert_refused(
        p.post(
            "/games",
            json!({"mode": "pvp", "rule": "renju", "opening": "swap2"}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "opening_not_for_rule",
    );
    assert_refused(
        p.post("/games", json!({"mode": "pvp", "opening": "taraguchi10"}))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "opening_not_for_rule",
    );
    assert_refused(
        p.post("/games", json!({"mode": "pvp", "opening": "yamaguchi"}))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "unknown_opening",
    );
    let mut game = p
        .new_game(json!({"mode": "pvp", "rule": "renju", "opening": "taraguchi10"}))
        .await;
    game = p.stone(&game, 7, 7).await;
    game = p.decide(&game, "stay").await;
    assert_eq!(game["opening"]["within"], 3);
    assert_refused(
        p.try_stone(&game, 9, 7).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "outside_opening_square",
    );
    game = p.stone(&game, 8, 6).await;
    game = p.decide(&game, "swap").await;
    assert_eq!(game["opening"]["within"], 5);
    game = p.stone(&game, 9, 8).await;
    game = p.decide(&game, "stay").await;
    game = p.stone(&game, 5, 5).await;
    assert_eq!(game["opening"]["options"], json!(["swap", "stay", "offer"]));
    game = p.decide(&game, "offer").await;
    assert_eq!(game["opening"]["step"], "offer");
    let offers = [
        (3, 3),
        (4, 10),
        (10, 4),
        (11, 11),
        (12, 2),
        (2, 12),
        (6, 11),
        (11, 6),
        (13, 13),
        (1, 1),
    ];
    for (n, &(x, y)) in offers.iter().enumerate() {
        if n == 0 {
            // Not a stone: an offer goes through the opening route.
            assert_refused(
                p.try_stone(&game, x, y).await,
                StatusCode::CONFLICT,
                "opening_choice_pending",
            );
        }
        let (status, body) = p.try_opening(&game, json!({"point": [x, y]})).await;
        assert_eq!(status, StatusCode::OK, "offer {n} ({x},{y}): {body}");
        game = body;
        if n == 0 {
            assert_refused(
                p.try_opening(&game, json!({"point": [x, y]})).await,
                StatusCode::UNPROCESSABLE_ENTITY,
                "already_offered",
            );
        }
    }
    assert_eq!(game["opening"]["offered"].as_array().unwrap().len(), 10);
    assert_eq!(game["opening"]["step"], "pick");
    assert_eq!(game["acting"], "white");
    assert_refused(
        p.try_opening(&game, json!({"point": [0, 14]})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "not_offered",
    );
    game = {
        let (status, body) = p.try_opening(&game, json!({"point": [11, 11]})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    };
    assert_eq!(game["moves"].as_array().unwrap().len(), 5);
    assert_eq!(game["moves"][4], json!([11, 11]));
    assert_eq!(game["opening"]["step"], "play");
    assert_eq!(game["to_move"], "white");
}

/// A symmetrical fifth move is refused: with one stone of each colour on the centre column,
/// the column is a mirror, and a point's reflection across it is the same move.
#[tokio::test]
async fn a_symmetrical_fifth_move_is_refused() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let p = Player::new(&server);
    let mut game = p
        .new_game(json!({"mode": "pvp", "rule": "renju", "opening": "taraguchi10"}))
        .await;
    // Black h8 and h6, White h9 and h5: all on the centre column.
    for (x, y) in [(7, 7), (7, 6), (7, 9), (7, 10)] {
        game = p.stone(&game, x, y).await;
        game = p.decide(&game, "stay").await;
    }
    // The fourth decision was the offer choice's "stay"; start again with an offer.
    let mut game2 = p
        .new_game(json!({"mode": "pvp", "rule": "renju", "opening": "taraguchi10"}))
        .await;
    for (n, (x, y)) in [(7, 7), (7, 6), (7, 9), (7, 10)].into_iter().enumerate() {
        game2 = p.stone(&game2, x, y).await;
        game2 = p.decide(&game2, if n < 3 { "stay" } else { "offer" }).await;
    }
    let (status, body) = p.try_opening(&game2, json!({"point": [9, 8]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_refused(
        p.try_opening(&body, json!({"point": [5, 8]})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "symmetrical_offer",
    );
    assert_eq!(
        game["opening"]["step"], "place",
        "choice 1: Black puts the fifth move"
    );
    assert_eq!(game["opening"]["within"], 9);
}

/// Against the engine under Taraguchi-10, on either side: whatever the engine decides, the
/// opening runs to its end with every stone where the rule says, the person keeping its colour
/// when asked and offering ten fifth moves when it is Black's to choose.
#[tokio::test]
async fn the_engine_plays_taraguchi_on_either_side() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let p = Player::new(&server);
    for human in ["black", "white"] {
        let mut game = p
            .new_game(json!({"mode": "pve", "human": human, "level": 3, "rule": "renju", "opening": "taraguchi10"}))
            .await;
        let offers = [
            (2, 2),
            (12, 2),
            (2, 12),
            (12, 12),
            (0, 7),
            (14, 6),
            (6, 0),
            (8, 14),
            (1, 4),
            (13, 10),
        ];
        let mut offered = 0;
        for _ in 0..40 {
            if game["opening"]["step"] == "play" {
                break;
            }
            if game["engine_to_move"] == true {
                game = p.engine(&game).await;
                continue;
            }
            let step = game["opening"]["step"].as_str().unwrap().to_owned();
            game = match step.as_str() {
                "decide" => {
                    let options = game["opening"]["options"].as_array().unwrap();
                    let pick = if options.contains(&json!("offer")) {
                        "offer"
                    } else {
                        "stay"
                    };
                    p.decide(&game, pick).await
                }
                "offer" => {
                    let (x, y) = offers[offered];
                    offered += 1;
                    let (status, body) = p.try_opening(&game, json!({"point": [x, y]})).await;
                    assert_eq!(status, StatusCode::OK, "{body}");
                    body
                }
                "place" => {
                    // The first free point of the square, nearest the centre first.
                    let side = game["opening"]["within"].as_i64().unwrap_or(15);
                    let taken: Vec<Value> = game["moves"].as_array().unwrap().clone();
                    let half = side / 2;
                    let point = (0..=half)
                        .flat_map(|r| {
                            (7 - r..=7 + r).flat_map(move |x| (7 - r..=7 + r).map(move |y| (x, y)))
                        })
                        .find(|&(x, y)| !taken.contains(&json!([x, y])))
                        .unwrap();
                    p.stone(&game, point.0 as u8, point.1 as u8).await
                }
                other => panic!("the person is not asked to {other}: {game}"),
            };
        }
        assert_eq!(game["opening"]["step"], "play", "{game}");
        let moves = game["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 5, "{game}");
        assert_eq!(moves[0], json!([7, 7]), "the first stone on the centre");
        for (n, m) in moves.iter().enumerate().skip(1).take(3) {
            // Stone n + 1 stands within the central (2n + 1)-square.
            let half = n as i64;
            let (x, y) = (m[0].as_i64().unwrap(), m[1].as_i64().unwrap());
            assert!(
                (x - 7).abs() <= half && (y - 7).abs() <= half,
                "stone {} at {m}: {game}",
                n + 1
            );
        }
    }
}
