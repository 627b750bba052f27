//! What the player saw confirmed is still there after the server stops and starts again on the
//! same SQLite file.

mod common;

use qipan_server::store::{GameFilter, GameKind, GameStatus, GameUpdate, NewLeaderboardEntry};
use serde_json::{Value, json};

#[tokio::test]
async fn games_actions_and_leaderboards_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested/folder/qipan.sqlite3");

    let first_run = common::start_on_file(&path).await;
    let actor = common::player(first_run.players.as_ref()).await;
    let mut game = first_run
        .store
        .create_game(common::new_game(GameKind::Gomoku, "renju"))
        .await
        .unwrap();
    for (i, point) in ["h8", "h9", "i9"].into_iter().enumerate() {
        let finished = i == 2;
        game = first_run
            .store
            .update_game(
                &game,
                &actor,
                GameUpdate {
                    state: json!({ "moves": i + 1 }),
                    status: finished.then_some(GameStatus::Finished),
                    result: finished.then(|| json!({ "winner": "black" })),
                    append_actions: vec![json!({ "play": point })],
                    leaderboard_entry: finished.then(|| NewLeaderboardEntry {
                        game: GameKind::Tromino,
                        variant: "8".into(),
                        name: "小明".into(),
                        score: None,
                        time_ms: Some(42_000),
                    }),
                    ..GameUpdate::default()
                },
            )
            .await
            .unwrap();
    }
    first_run.stop().await;

    let second_run = common::start_on_file(&path).await;
    let body: Value = reqwest::get(second_run.url(&format!("/api/games/{}", game.id)))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(body["status"], "finished");
    assert_eq!(body["result"]["winner"], "black");
    assert_eq!(body["revision"], 3);
    assert_eq!(body["state"]["moves"], 3);
    let actions = second_run.store.actions(game.id).await.unwrap();
    assert_eq!(
        actions,
        vec![
            json!({"play": "h8"}),
            json!({"play": "h9"}),
            json!({"play": "i9"})
        ]
    );
    let listed = second_run
        .store
        .list_games(GameFilter {
            player: None,
            kind: Some(GameKind::Gomoku),
            limit: 10,
            played_only: false,
        })
        .await
        .unwrap();
    assert_eq!(listed.len(), 1);
    let top: Value = reqwest::get(second_run.url("/api/leaderboards/tromino?variant=8"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(top[0]["name"], "小明");
    assert_eq!(top[0]["time_ms"], 42_000);
    second_run.stop().await;
}
