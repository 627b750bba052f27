//! The Xiangqi analysis board's socket: a position asked for is checked and described, analysed
//! with as many lines as asked (scores in both points of view, lines in three notations), a new
//! position replaces the old analysis, `analyse: false` stops it, and bad input gets an error
//! message that names what is wrong, never a closed socket.

mod common;

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use qipan_server::config::{DbLocation, Limits};
use serde_json::{Value, json};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn open(server: &common::Running) -> Socket {
    let url = format!("ws://{}/api/xiangqi/analysis", server.addr);
    connect_async(url).await.unwrap().0
}

async fn send(socket: &mut Socket, ask: Value) {
    socket
        .send(Message::Text(ask.to_string().into()))
        .await
        .unwrap();
}

/// The next message of `socket` that `wanted` accepts, within 10 s.
async fn next_where(socket: &mut Socket, wanted: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let message = tokio::time::timeout_at(deadline, socket.next())
            .await
            .expect("the awaited message within 10 s")
            .unwrap()
            .unwrap();
        if let Message::Text(text) = message {
            let value: Value = serde_json::from_str(&text).unwrap();
            if wanted(&value) {
                return value;
            }
        }
    }
}

#[tokio::test]
async fn a_position_is_described_and_analysed_with_the_lines_asked_for() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let mut socket = open(&server).await;
    send(
        &mut socket,
        json!({ "seq": 1, "moves": ["h2e2", "h9g7"], "analyse": true, "lines": 3 }),
    )
    .await;
    let position = next_where(&mut socket, |m| m["type"] == "position").await;
    assert_eq!(position["seq"], 1);
    assert_eq!(position["side_to_move"], "red");
    assert_eq!(position["last"]["chinese"], "马８进７");
    assert_eq!(position["last"]["wxf"], "H8+7");
    // Legal moves come by starting point: the central cannon has somewhere to go.
    assert!(!position["legal"]["e2"].as_array().unwrap().is_empty());
    assert!(position["ending"].is_null());

    let lines = next_where(&mut socket, |m| {
        m["type"] == "lines" && m["lines"].as_array().is_some_and(|l| l.len() == 3)
    })
    .await;
    assert_eq!(lines["seq"], 1);
    let best = &lines["lines"][0];
    assert_eq!(best["multipv"], 1);
    // Red to move: both points of view agree.
    assert_eq!(best["score"], best["score_red"]);
    let pv = best["pv"].as_array().unwrap();
    assert!(!pv.is_empty());
    assert_eq!(pv.len(), best["chinese"].as_array().unwrap().len());
    assert_eq!(pv.len(), best["wxf"].as_array().unwrap().len());
    let firsts: Vec<&Value> = lines["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| &l["pv"][0])
        .collect();
    assert_ne!(firsts[0], firsts[1]);
    assert_ne!(firsts[1], firsts[2]);
    let all = lines["lines"].as_array().unwrap();
    assert!(
        all.windows(2)
            .all(|w| w[0]["score"].as_i64() >= w[1]["score"].as_i64()
                && w[0]["depth"] == w[1]["depth"]),
        "lines come best first, all of one depth: {lines}"
    );

    // Black to move: the scores are given in both points of view.
    send(
        &mut socket,
        json!({ "seq": 2, "moves": ["h2e2"], "analyse": true, "lines": 1 }),
    )
    .await;
    next_where(&mut socket, |m| m["type"] == "position" && m["seq"] == 2).await;
    let lines = next_where(&mut socket, |m| m["type"] == "lines" && m["seq"] == 2).await;
    let best = &lines["lines"][0];
    assert_eq!(
        best["score"].as_i64().unwrap(),
        -best["score_red"].as_i64().unwrap()
    );

    // Stopping: the state says the analysis is over and no more lines come.
    send(
        &mut socket,
        json!({ "seq": 3, "moves": ["h2e2"], "analyse": false }),
    )
    .await;
    next_where(&mut socket, |m| m["type"] == "position" && m["seq"] == 3).await;
    let quiet = tokio::time::timeout(Duration::from_millis(800), async {
        next_where(&mut socket, |m| m["type"] == "lines" && m["seq"] == 3).await
    })
    .await;
    assert!(quiet.is_err(), "no lines after the analysis stopped");
    server.stop().await;
}

#[tokio::test]
async fn a_mate_is_found_and_a_finished_position_is_not_analysed() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let mut socket = open(&server).await;
    // Mate in one: the rook to a9 checks along the back rank; e8 is covered by the pawn on e7,
    // d9 by Red's general on the open d-file (the generals may not face each other), and f9 by
    // the rook's line through e9.
    let fen = "4k4/9/4P4/9/9/9/9/9/9/R2K5 w - - 0 1";
    send(
        &mut socket,
        json!({ "seq": 1, "fen": fen, "analyse": true, "lines": 1 }),
    )
    .await;
    next_where(&mut socket, |m| m["type"] == "position").await;
    let done = next_where(&mut socket, |m| {
        m["type"] == "state" && m["state"] == "done"
    })
    .await;
    assert_eq!(done["reason"], "complete", "{done}");
    let best = &done["lines"][0];
    assert_eq!(best["mate_in"], 1, "{done}");
    assert_eq!(best["pv"][0], "a0a9");

    // After the mate the position is over: described with its ending, not analysed.
    send(
        &mut socket,
        json!({ "seq": 2, "fen": fen, "moves": ["a0a9"], "analyse": true, "record": true }),
    )
    .await;
    let position = next_where(&mut socket, |m| m["seq"] == 2).await;
    assert_eq!(position["type"], "position");
    assert_eq!(position["ending"]["winner"], "red");
    assert_eq!(position["ending"]["reason"], "checkmate");
    assert_eq!(position["analysis"], "game_over");
    assert_eq!(position["moves"][0]["chinese"], "车九进九");
    assert!(position["legal"].as_object().unwrap().is_empty());
    server.stop().await;
}

#[tokio::test]
async fn bad_asks_get_errors_that_name_the_fault_and_the_socket_stays_open() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let mut socket = open(&server).await;
    socket.send(Message::Text("not json".into())).await.unwrap();
    let error = next_where(&mut socket, |m| m["type"] == "error").await;
    assert_eq!(error["code"], "bad_message");

    send(&mut socket, json!({ "seq": 5, "fen": "rnbakabnr/9/1c5c1/p1p1p1x1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1" })).await;
    let error = next_where(&mut socket, |m| m["seq"] == 5).await;
    assert_eq!(error["code"], "fen_bad_char");
    assert_eq!(error["details"]["ch"], "x");
    assert_eq!(error["details"]["rank"], 6);

    send(&mut socket, json!({ "seq": 6, "moves": ["h2e2", "h2e2"] })).await;
    let error = next_where(&mut socket, |m| m["seq"] == 6).await;
    assert_eq!(error["code"], "bad_history");
    assert_eq!(error["details"]["ply"], 2);

    send(
        &mut socket,
        json!({ "seq": 7, "analyse": true, "lines": 9 }),
    )
    .await;
    let error = next_where(&mut socket, |m| m["seq"] == 7).await;
    assert_eq!(error["code"], "lines_out_of_range");

    // Still answering.
    send(&mut socket, json!({ "seq": 8 })).await;
    let position = next_where(&mut socket, |m| m["seq"] == 8).await;
    assert_eq!(position["type"], "position");
    assert!(position["last"].is_null());
    server.stop().await;
}

#[tokio::test]
async fn the_route_is_a_websocket_only() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (status, body) = common::get(server.url("/api/xiangqi/analysis")).await;
    assert_eq!(status, reqwest::StatusCode::BAD_REQUEST);
    assert_eq!(common::code(&body), Some("websocket_expected"));
    server.stop().await;
}

#[tokio::test]
async fn analysis_goes_on_past_the_pools_time_limit_in_turns_without_losing_depth() {
    let limits = Limits {
        max_compute_time: Duration::from_millis(400),
        ..Limits::default()
    };
    let server = common::start(DbLocation::Memory, limits).await;
    let mut socket = open(&server).await;
    send(
        &mut socket,
        json!({ "seq": 1, "analyse": true, "lines": 1 }),
    )
    .await;
    next_where(&mut socket, |m| {
        m["type"] == "state" && m["state"] == "running"
    })
    .await;
    let first = next_where(&mut socket, |m| m["type"] == "lines").await;
    // The first turn ends at the pool's limit; the analysis queues again and runs on.
    next_where(&mut socket, |m| {
        m["type"] == "state" && m["state"] == "queued"
    })
    .await;
    next_where(&mut socket, |m| {
        m["type"] == "state" && m["state"] == "running"
    })
    .await;
    let mut deepest = first["lines"][0]["depth"].as_i64().unwrap();
    let later = next_where(&mut socket, |m| {
        m["type"] == "lines" && m["millis"].as_u64().is_some_and(|ms| ms > 900)
    })
    .await;
    for line in later["lines"].as_array().unwrap() {
        let depth = line["depth"].as_i64().unwrap();
        assert!(
            depth >= deepest,
            "a later turn shows no shallower line: {later}"
        );
        deepest = depth;
    }
    server.stop().await;
}
