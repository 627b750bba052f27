//! The store's rules: revisions guard against stale writers, undo truncates the action list, and
//! a damaged database is refused with a clear error.

mod common;

use qipan_server::config::DbLocation;
use qipan_server::store::{
    GameFilter, GameKind, GameStatus, GameUpdate, LEGACY_SEAT, PlayerId, Seat, SqlStore, Store,
    StoreError,
};
use serde_json::json;

fn play(action: &str) -> GameUpdate {
    GameUpdate {
        state: json!({ "last": action }),
        append_actions: vec![json!(action)],
        ..GameUpdate::default()
    }
}

#[tokio::test]
async fn a_write_based_on_a_stale_revision_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let store =
        SqlStore::open(&common::fresh_db(DbLocation::File(dir.path().join("q.sqlite3"))).await)
            .await
            .unwrap();
    let actor = common::player(&store).await;
    let game = store
        .create_game(common::new_game(GameKind::Xiangqi, ""))
        .await
        .unwrap();
    store
        .update_game(&game, &actor, play("h2e2"))
        .await
        .unwrap();
    // A second tab still at revision 0 tries to move.
    let stale = store.update_game(&game, &actor, play("b0c2")).await;
    assert!(
        matches!(
            stale,
            Err(StoreError::StaleRevision {
                expected: 0,
                actual: 1
            })
        ),
        "{stale:?}"
    );
    assert_eq!(store.actions(game.id).await.unwrap(), vec![json!("h2e2")]);
    store.delete_game(game.id, &actor).await.unwrap();
    let missing = store.update_game(&game, &actor, play("h2e2")).await;
    assert!(matches!(missing, Err(StoreError::GameNotFound(id)) if id == game.id));
}

#[tokio::test]
async fn concurrent_writers_on_one_revision_cannot_both_win() {
    let dir = tempfile::tempdir().unwrap();
    let store =
        SqlStore::open(&common::fresh_db(DbLocation::File(dir.path().join("q.sqlite3"))).await)
            .await
            .unwrap();
    let actor = common::player(&store).await;
    let game = store
        .create_game(common::new_game(GameKind::Gomoku, ""))
        .await
        .unwrap();
    let attempts = (0..8).map(|i| {
        let (store, game, actor) = (store.clone(), game.clone(), actor.clone());
        tokio::spawn(async move {
            store
                .update_game(&game, &actor, play(&format!("m{i}")))
                .await
        })
    });
    let mut wins = 0;
    for attempt in attempts {
        match attempt.await.unwrap() {
            Ok(_) => wins += 1,
            Err(StoreError::StaleRevision { .. }) => {}
            Err(other) => panic!("unexpected error {other}"),
        }
    }
    assert_eq!(wins, 1);
    assert_eq!(store.actions(game.id).await.unwrap().len(), 1);
}

#[tokio::test]
async fn undo_truncates_the_recorded_actions() {
    let store = SqlStore::open(&common::fresh_db(DbLocation::Memory).await)
        .await
        .unwrap();
    let actor = common::player(&store).await;
    let mut game = store
        .create_game(common::new_game(GameKind::Gomoku, ""))
        .await
        .unwrap();
    for point in ["h8", "h9", "i9", "j10"] {
        game = store.update_game(&game, &actor, play(point)).await.unwrap();
    }
    // Take back the last two moves.
    let undone = store
        .update_game(
            &game,
            &actor,
            GameUpdate {
                state: json!({ "last": "h9" }),
                truncate_actions_to: Some(2),
                ..GameUpdate::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(undone.action_count, 2);
    assert_eq!(
        store.actions(game.id).await.unwrap(),
        vec![json!("h8"), json!("h9")]
    );
}

#[tokio::test]
async fn a_file_that_is_not_a_database_is_refused_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("corrupt.sqlite3");
    let garbage = b"this is not a SQLite database, but somebody's notes".repeat(200);
    std::fs::write(&path, &garbage).unwrap();
    let opened = SqlStore::open(&DbLocation::File(path.clone())).await;
    let err = opened.expect_err("a corrupt file is refused");
    assert!(err.to_string().contains("not a database"), "{err}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        garbage,
        "the file is left untouched"
    );
}

#[tokio::test]
async fn reopening_a_finished_game_clears_its_result() {
    let store = SqlStore::open(&common::fresh_db(DbLocation::Memory).await)
        .await
        .unwrap();
    let actor = common::player(&store).await;
    let game = store
        .create_game(common::new_game(GameKind::Xiangqi, ""))
        .await
        .unwrap();
    let finished = store
        .update_game(
            &game,
            &actor,
            GameUpdate {
                status: Some(GameStatus::Finished),
                result: Some(json!({ "winner": "red", "reason": "checkmate" })),
                ..play("h2e2")
            },
        )
        .await
        .unwrap();
    assert_eq!(
        finished.result,
        Some(json!({ "winner": "red", "reason": "checkmate" }))
    );
    // Undo takes the mating move back: the game is on again and has no result.
    let reopened = store
        .update_game(
            &finished,
            &actor,
            GameUpdate {
                state: json!({}),
                status: Some(GameStatus::Ongoing),
                truncate_actions_to: Some(0),
                ..GameUpdate::default()
            },
        )
        .await
        .unwrap();
    assert_eq!(reopened.status, GameStatus::Ongoing);
    assert_eq!(reopened.result, None);
    // An update that says nothing of status or result keeps them.
    let kept = store
        .update_game(&reopened, &actor, play("b0c2"))
        .await
        .unwrap();
    assert_eq!(kept.status, GameStatus::Ongoing);
}

#[tokio::test]
async fn a_game_saved_before_seats_is_taken_by_its_first_actor_and_closed_to_others() {
    let store = SqlStore::open(&common::fresh_db(DbLocation::Memory).await)
        .await
        .unwrap();
    let (first, second) = (common::player(&store).await, common::player(&store).await);
    let legacy = store
        .create_game(common::new_game(GameKind::Xiangqi, ""))
        .await
        .unwrap();
    assert!(legacy.seats.is_empty());
    let all = |player: &PlayerId| GameFilter {
        kind: None,
        player: Some(player.clone()),
        limit: 10,
        played_only: false,
    };
    // Unclaimed, it is listed to every player, so that its owner can find it after the upgrade.
    assert_eq!(store.list_games(all(&second)).await.unwrap().len(), 1);
    let taken = store
        .update_game(&legacy, &first, play("h2e2"))
        .await
        .unwrap();
    assert_eq!(taken.seats, vec![Seat::player(LEGACY_SEAT, &first)]);
    let refused = store.update_game(&taken, &second, play("h9g7")).await;
    assert!(
        matches!(refused, Err(StoreError::NotSeated(id)) if id == legacy.id),
        "{refused:?}"
    );
    assert!(matches!(
        store.delete_game(legacy.id, &second).await,
        Err(StoreError::NotSeated(_))
    ));
    assert!(store.list_games(all(&second)).await.unwrap().is_empty());
    assert_eq!(store.list_games(all(&first)).await.unwrap().len(), 1);
    store.delete_game(legacy.id, &first).await.unwrap();
}

#[tokio::test]
async fn the_tests_run_on_the_database_they_were_given() {
    let store = SqlStore::open(&common::fresh_db(DbLocation::Memory).await)
        .await
        .unwrap();
    assert_eq!(store.is_postgres(), common::postgres_server().is_some());
    assert!(store.health().await.is_ok(), "{:?}", store.health().await);
}

/// A rated game between `a` and `b` on a 5+3 clock.
fn rated_game(a: &PlayerId, b: &PlayerId) -> qipan_server::store::NewGame {
    use qipan_server::clock::{Clock, TimeControl};
    let control = TimeControl::Fischer {
        initial_ms: 300_000,
        increment_ms: 3_000,
    };
    qipan_server::store::NewGame {
        seats: vec![Seat::player("red", a), Seat::player("black", b)],
        clock: Some(Clock::new(control, &["red", "black"])),
        rated: true,
        ..common::new_game(GameKind::Xiangqi, "")
    }
}

#[tokio::test]
async fn concurrent_results_through_two_connections_are_each_rated_once() {
    // Two stores on one database stand for two instances (on SQLite, two servers' pools on one
    // file; on PostgreSQL, two instances of a site).
    let dir = tempfile::tempdir().unwrap();
    let db = common::fresh_db(DbLocation::File(dir.path().join("q.sqlite3"))).await;
    let (one, two) = (
        SqlStore::open(&db).await.unwrap(),
        SqlStore::open(&db).await.unwrap(),
    );
    let (ann, bo, cy) = (
        common::player(&one).await,
        common::player(&one).await,
        common::player(&one).await,
    );
    let won = || GameUpdate {
        state: json!({ "over": true }),
        status: Some(GameStatus::Finished),
        result: Some(json!({ "winner": "red" })),
        ..GameUpdate::default()
    };
    const ROUNDS: usize = 10;
    for _ in 0..ROUNDS {
        let with_bo = one.create_game(rated_game(&ann, &bo)).await.unwrap();
        let with_cy = two.create_game(rated_game(&ann, &cy)).await.unwrap();
        // Ann wins both at the same moment, one result through each connection.
        let (first, second) = tokio::join!(
            one.update_game_by_server(&with_bo, won()),
            two.update_game_by_server(&with_cy, won()),
        );
        first.unwrap();
        second.unwrap();
    }
    let ratings = two.ratings(&ann).await.unwrap();
    assert_eq!(ratings.len(), 1, "{ratings:?}");
    assert_eq!((ratings[0].games, ratings[0].wins), (20, 20));
    let speed = ratings[0].speed;
    let history = one
        .rating_history(&ann, GameKind::Xiangqi, speed)
        .await
        .unwrap();
    assert_eq!(history.len(), 2 * ROUNDS);
    // Every win raised Ann's rating: no update was computed from a rating another overwrote.
    assert!(
        history.windows(2).all(|w| w[1].rating > w[0].rating),
        "{history:?}"
    );
    assert_eq!(one.ratings(&bo).await.unwrap()[0].losses, ROUNDS as i64);
}
