//! No endpoint lets one player act for another: every action on a game between two players,
//! tried with a third player's cookie, is refused with 403 and changes nothing.

mod common;

use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A game of `kind` between Ann and Bo (Bo took the open seat), and its revision.
async fn game_between(
    server: &common::Running,
    ann: &reqwest::Client,
    bo: &reqwest::Client,
    kind: &str,
) -> (i64, Value) {
    let (_, id) = common::create(
        ann,
        server.url(&format!("/api/{kind}/games")),
        json!({"mode": "pvp", "friend": true,
               "clock": {"kind": "fischer", "initial_seconds": 600}}),
    )
    .await;
    common::seat_friend(server, ann, bo, id).await;
    let (_, view) = common::get(server.url(&format!("/api/{kind}/games/{id}"))).await;
    (id, view["revision"].clone())
}

#[tokio::test]
async fn every_action_with_another_players_cookie_is_refused() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let (ann, bo, cy) = (common::client(), common::client(), common::client());
    for kind in ["xiangqi", "gomoku"] {
        let (id, revision) = game_between(&server, &ann, &bo, kind).await;
        let first_move = if kind == "xiangqi" {
            json!({"revision": revision, "move": "h2e2"})
        } else {
            json!({"revision": revision, "x": 7, "y": 7})
        };
        let actions = [
            (format!("/api/{kind}/games/{id}/move"), first_move),
            (
                format!("/api/{kind}/games/{id}/resign"),
                json!({"revision": revision}),
            ),
            (
                format!("/api/{kind}/games/{id}/undo"),
                json!({"revision": revision}),
            ),
            (
                format!("/api/{kind}/games/{id}/engine"),
                json!({"revision": revision}),
            ),
            (
                format!("/api/{kind}/games/{id}/takeback"),
                json!({"revision": revision, "action": "offer"}),
            ),
            (
                format!("/api/games/{id}/abort"),
                json!({"revision": revision}),
            ),
            (
                format!("/api/games/{id}/claim"),
                json!({"revision": revision}),
            ),
            (
                format!("/api/games/{id}/rematch"),
                json!({"revision": revision, "action": "offer"}),
            ),
            (format!("/api/games/{id}/invitation"), json!({})),
        ];
        let mut actions = actions.to_vec();
        if kind == "xiangqi" {
            actions.push((
                format!("/api/xiangqi/games/{id}/draw"),
                json!({"revision": revision, "action": "offer"}),
            ));
            actions.push((format!("/api/xiangqi/games/{id}/hint"), json!({})));
        }
        for (path, body) in actions {
            let (status, answer) = common::post(&cy, server.url(&path), body).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{path}: {answer}");
        }
        let deleted = cy
            .delete(server.url(&format!("/api/games/{id}")))
            .header("Origin", server.url(""))
            .send()
            .await
            .unwrap();
        assert_eq!(deleted.status(), StatusCode::FORBIDDEN, "delete");
        let (_, after) = common::get(server.url(&format!("/api/{kind}/games/{id}"))).await;
        assert_eq!(after["revision"], revision, "{kind}: nothing changed");
        assert_eq!(after["status"], "ongoing");
    }
    server.stop().await;
}
