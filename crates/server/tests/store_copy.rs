//! Copying a whole database into another (`qipan db migrate`): every game with its seats and
//! actions, players with their sessions and accounts, ratings and their history, leaderboards
//! and seeks arrive with their ids, new ids follow the copied ones, and a database that already
//! holds data is refused. From SQLite into the backend the tests run on (PostgreSQL under
//! scripts/test, else another SQLite file).

mod common;

use qipan_server::clock::{Clock, Speed, TimeControl};
use qipan_server::config::DbLocation;
use qipan_server::store::{
    GameFilter, GameKind, GameStatus, GameUpdate, NewGame, NewLeaderboardEntry, NewSeek,
    PlayerStore, Seat, SqlStore, Store, StoreError,
};
use serde_json::json;

const FIVE_PLUS_THREE: TimeControl = TimeControl::Fischer {
    initial_ms: 300_000,
    increment_ms: 3_000,
};

#[tokio::test]
async fn a_database_is_copied_whole_into_an_empty_one() {
    let dir = tempfile::tempdir().unwrap();
    let source = SqlStore::open(&DbLocation::File(dir.path().join("club.sqlite3")))
        .await
        .unwrap();

    // A club's database: two players (one with an account and a name), a rated game Ann won,
    // a rematch offered, a solved puzzle on the leaderboard, an open seek.
    let ann = source.create_player(b"ann's cookie").await.unwrap().id;
    let bo = source.create_player(b"bo's cookie").await.unwrap().id;
    source.rename_player(&ann, Some("小明")).await.unwrap();
    source
        .claim_account(
            &ann,
            "xiaoming",
            "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
        )
        .await
        .unwrap();
    let game = source
        .create_game(NewGame {
            seats: vec![Seat::player("red", &ann), Seat::player("black", &bo)],
            clock: Some(Clock::new(FIVE_PLUS_THREE, &["red", "black"])),
            rated: true,
            ..common::new_game(GameKind::Xiangqi, "")
        })
        .await
        .unwrap();
    let moved = source
        .update_game(
            &game,
            &ann,
            GameUpdate {
                state: json!({ "moves": ["h2e2"] }),
                append_actions: vec![json!({ "move": "h2e2" })],
                ..GameUpdate::default()
            },
        )
        .await
        .unwrap();
    let finished = source
        .update_game(
            &moved,
            &bo,
            GameUpdate {
                state: json!({ "moves": ["h2e2"], "over": true }),
                status: Some(GameStatus::Finished),
                result: Some(json!({ "winner": "red" })),
                ..GameUpdate::default()
            },
        )
        .await
        .unwrap();
    let rematch = source
        .create_rematch(
            &finished,
            &ann,
            NewGame {
                seats: vec![Seat::player("black", &ann), Seat::open("red")],
                ..common::new_game(GameKind::Xiangqi, "")
            },
        )
        .await
        .unwrap();
    let puzzle = source
        .create_game(NewGame {
            seats: vec![Seat::player("solo", &bo)],
            ..common::new_game(GameKind::Tromino, "8")
        })
        .await
        .unwrap();
    source
        .update_game(
            &puzzle,
            &bo,
            GameUpdate {
                state: json!({ "solved": true }),
                status: Some(GameStatus::Finished),
                leaderboard_entry: Some(NewLeaderboardEntry {
                    game: GameKind::Tromino,
                    variant: "8".into(),
                    name: "Bo".into(),
                    score: None,
                    time_ms: Some(42_000),
                }),
                ..GameUpdate::default()
            },
        )
        .await
        .unwrap();
    let seek = source
        .create_seek(NewSeek {
            player: bo.clone(),
            game: GameKind::Gomoku,
            rule: "renju".into(),
            control: FIVE_PLUS_THREE,
            rated: true,
            color: "random".into(),
            rating_range: Some((1400, 1600)),
        })
        .await
        .unwrap();

    let target =
        SqlStore::open(&common::fresh_db(DbLocation::File(dir.path().join("site.sqlite3"))).await)
            .await
            .unwrap();
    let copied = source.copy_into(&target).await.unwrap();
    let rows = |table: &str| copied.iter().find(|(t, _)| *t == table).unwrap().1;
    assert_eq!(
        (
            rows("players"),
            rows("games"),
            rows("game_actions"),
            rows("ratings")
        ),
        (2, 3, 1, 2)
    );

    // Everything reads back the same from the copy.
    let all = GameFilter {
        limit: 100,
        ..GameFilter::default()
    };
    assert_eq!(
        target.list_games(all.clone()).await.unwrap(),
        source.list_games(all).await.unwrap()
    );
    assert_eq!(
        target.actions(game.id).await.unwrap(),
        vec![json!({ "move": "h2e2" })]
    );
    assert_eq!(
        target.game(game.id).await.unwrap().rematch.unwrap().game,
        rematch.id
    );
    let copied_ann = target.player_for_session(b"ann's cookie").await.unwrap();
    assert_eq!(copied_ann.unwrap().name.as_deref(), Some("小明"));
    let (account, hash) = target.account("xiaoming").await.unwrap().unwrap();
    assert_eq!(
        (account.id, hash.starts_with("$argon2id$")),
        (ann.clone(), true)
    );
    assert_eq!(
        target.ratings(&ann).await.unwrap(),
        source.ratings(&ann).await.unwrap()
    );
    assert_eq!(
        target
            .rating_history(&bo, GameKind::Xiangqi, Speed::Blitz)
            .await
            .unwrap(),
        source
            .rating_history(&bo, GameKind::Xiangqi, Speed::Blitz)
            .await
            .unwrap()
    );
    assert_eq!(
        target
            .top_entries(GameKind::Tromino, "8", 10)
            .await
            .unwrap(),
        source
            .top_entries(GameKind::Tromino, "8", 10)
            .await
            .unwrap()
    );
    assert_eq!(target.seek(seek.id).await.unwrap(), seek);

    // New rows get ids after the copied ones.
    let next = target
        .create_game(common::new_game(GameKind::Knight, "8"))
        .await
        .unwrap();
    assert!(next.id > puzzle.id, "{} after {}", next.id, puzzle.id);

    // A second copy into the same database is refused, and changes nothing.
    let again = source.copy_into(&target).await;
    assert!(
        matches!(again, Err(StoreError::TargetNotEmpty(_))),
        "{again:?}"
    );
    assert_eq!(target.actions(game.id).await.unwrap().len(), 1);
}
