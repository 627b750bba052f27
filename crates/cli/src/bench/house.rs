//! Bench rows for the house: the durable write the server makes after every accepted action.

use std::time::Instant;

use qipan_server::config::DbLocation;
use qipan_server::store::{GameKind, GameUpdate, NewGame, PlayerStore, Seat, SqlStore, Store};
use serde_json::json;

use super::{Case, Row};

/// The house's cases.
pub fn cases() -> Vec<Case> {
    vec![Case {
        name: "house: saved actions",
        run: saved_actions,
    }]
}

/// Saves actions one by one to a SQLite file, each durable (fsynced) before the next, as the
/// server does before it answers a move.
fn saved_actions() -> anyhow::Result<Vec<Row>> {
    const ACTIONS: i64 = 200;
    let dir = tempfile_dir()?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let outcome = runtime.block_on(async {
        let store = SqlStore::open(&DbLocation::File(dir.join("bench.sqlite3"))).await?;
        let player = store.create_player(b"bench").await?.id;
        let mut game = store
            .create_game(NewGame {
                kind: GameKind::Gomoku,
                variant: "freestyle".into(),
                mode: "bench".into(),
                players: json!({}),
                state: json!({ "moves": [] }),
                seats: vec![
                    Seat::player("black", &player),
                    Seat::player("white", &player),
                ],
                clock: None,
                private: false,
                rated: false,
            })
            .await?;
        let start = Instant::now();
        for revision in 0..ACTIONS {
            let update = GameUpdate {
                state: json!({ "moves": revision }),
                append_actions: vec![json!({ "move": revision })],
                ..GameUpdate::default()
            };
            game = store.update_game(&game, &player, update).await?;
        }
        let elapsed = start.elapsed();
        store.close().await;
        anyhow::Ok(elapsed)
    });
    let _ = std::fs::remove_dir_all(&dir);
    let elapsed = outcome?;
    Ok(vec![
        Row::new(
            "house: durable saves (SQLite WAL, synchronous=FULL)",
            ACTIONS as f64 / elapsed.as_secs_f64(),
            "actions/s",
        ),
        Row::new(
            "house: one durable save",
            elapsed.as_secs_f64() * 1000.0 / ACTIONS as f64,
            "ms",
        ),
    ])
}

fn tempfile_dir() -> anyhow::Result<std::path::PathBuf> {
    let dir = std::env::temp_dir().join(format!("qipan-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}
