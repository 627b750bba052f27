//! No lost update in any game: two actions based on revisions R and R+1 that both read the game
//! at R (the read is held until both requests have made it, so the race happens every time) end
//! with exactly one accepted, and the saved state and the action log agree.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use qipan_server::clock::Speed;
use qipan_server::compute::ComputePool;
use qipan_server::config::DbLocation;
use qipan_server::rating::Rating;
use qipan_server::store::{
    GameFilter, GameKind, GameUpdate, LeaderboardEntry, NewGame, NewSeek, PlayerId, PlayerRating,
    RatingPoint, SavedGame, Seek, SqlStore, Store, StoreError,
};
use qipan_server::watch::{WatchedStore, Watchers};
use qipan_server::{AppState, app};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::sync::Barrier;

/// A store whose game reads, once armed, wait for each other in pairs: both racing requests read
/// the same revision before either writes.
struct PairedReads {
    inner: SqlStore,
    armed: AtomicBool,
    barrier: Barrier,
}

#[async_trait::async_trait]
impl Store for PairedReads {
    async fn create_game(&self, game: NewGame) -> Result<SavedGame, StoreError> {
        self.inner.create_game(game).await
    }
    async fn update_game(
        &self,
        read: &SavedGame,
        actor: &PlayerId,
        update: GameUpdate,
    ) -> Result<SavedGame, StoreError> {
        self.inner.update_game(read, actor, update).await
    }
    async fn update_game_by_server(
        &self,
        read: &SavedGame,
        update: GameUpdate,
    ) -> Result<SavedGame, StoreError> {
        self.inner.update_game_by_server(read, update).await
    }
    async fn create_rematch(
        &self,
        old: &SavedGame,
        actor: &PlayerId,
        game: NewGame,
    ) -> Result<SavedGame, StoreError> {
        self.inner.create_rematch(old, actor, game).await
    }
    async fn answer_rematch(
        &self,
        old: &SavedGame,
        rematch_id: i64,
        taker: Option<&PlayerId>,
    ) -> Result<SavedGame, StoreError> {
        self.inner.answer_rematch(old, rematch_id, taker).await
    }
    async fn ratings(&self, player: &PlayerId) -> Result<Vec<PlayerRating>, StoreError> {
        self.inner.ratings(player).await
    }
    async fn rating(
        &self,
        player: &PlayerId,
        game: GameKind,
        speed: Speed,
    ) -> Result<Rating, StoreError> {
        self.inner.rating(player, game, speed).await
    }
    async fn rating_history(
        &self,
        player: &PlayerId,
        game: GameKind,
        speed: Speed,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        self.inner.rating_history(player, game, speed).await
    }
    async fn create_seek(&self, seek: NewSeek) -> Result<Seek, StoreError> {
        self.inner.create_seek(seek).await
    }
    async fn seeks(&self, game: Option<GameKind>) -> Result<Vec<Seek>, StoreError> {
        self.inner.seeks(game).await
    }
    async fn seek(&self, id: i64) -> Result<Seek, StoreError> {
        self.inner.seek(id).await
    }
    async fn count_seeks_of(&self, player: &PlayerId) -> Result<u32, StoreError> {
        self.inner.count_seeks_of(player).await
    }
    async fn delete_seeks_of(&self, player: &PlayerId) -> Result<u64, StoreError> {
        self.inner.delete_seeks_of(player).await
    }
    async fn delete_seek(&self, id: i64, player: &PlayerId) -> Result<(), StoreError> {
        self.inner.delete_seek(id, player).await
    }
    async fn accept_seek(&self, id: i64, game: NewGame) -> Result<SavedGame, StoreError> {
        self.inner.accept_seek(id, game).await
    }
    async fn live_public_games(&self, limit: u32) -> Result<Vec<SavedGame>, StoreError> {
        self.inner.live_public_games(limit).await
    }
    async fn clock_deadlines(&self) -> Result<Vec<(i64, i64)>, StoreError> {
        self.inner.clock_deadlines().await
    }
    async fn import_game(
        &self,
        game: NewGame,
        history: GameUpdate,
    ) -> Result<SavedGame, StoreError> {
        self.inner.import_game(game, history).await
    }
    async fn invite(
        &self,
        game_id: i64,
        actor: &PlayerId,
        seat: &str,
        token_hash: &[u8],
    ) -> Result<(), StoreError> {
        self.inner.invite(game_id, actor, seat, token_hash).await
    }
    async fn accept_invitation(
        &self,
        token_hash: &[u8],
        player: &PlayerId,
    ) -> Result<SavedGame, StoreError> {
        self.inner.accept_invitation(token_hash, player).await
    }
    async fn live_games(&self, player: &PlayerId) -> Result<u32, StoreError> {
        self.inner.live_games(player).await
    }
    async fn game(&self, id: i64) -> Result<SavedGame, StoreError> {
        let game = self.inner.game(id).await?;
        if self.armed.load(Ordering::SeqCst) {
            self.barrier.wait().await;
            self.armed.store(false, Ordering::SeqCst);
        }
        Ok(game)
    }
    async fn actions(&self, id: i64) -> Result<Vec<Value>, StoreError> {
        self.inner.actions(id).await
    }
    async fn list_games(&self, filter: GameFilter) -> Result<Vec<SavedGame>, StoreError> {
        self.inner.list_games(filter).await
    }
    async fn delete_game(&self, id: i64, actor: &PlayerId) -> Result<(), StoreError> {
        self.inner.delete_game(id, actor).await
    }
    async fn top_entries(
        &self,
        game: GameKind,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<LeaderboardEntry>, StoreError> {
        self.inner.top_entries(game, variant, limit).await
    }
    async fn health(&self) -> qipan_server::store::Health {
        self.inner.health().await
    }
    async fn close(&self) {
        self.inner.close().await
    }
}

struct Racer {
    base: String,
    store: Arc<PairedReads>,
    http: reqwest::Client,
}

impl Racer {
    async fn start() -> Racer {
        let inner = SqlStore::open(&common::fresh_db(DbLocation::Memory).await)
            .await
            .unwrap();
        let players = Arc::new(inner.clone());
        let store = Arc::new(PairedReads {
            inner,
            armed: AtomicBool::new(false),
            barrier: Barrier::new(2),
        });
        let watchers = Watchers::default();
        let state = AppState::new(
            Arc::new(WatchedStore::new(store.clone(), watchers.clone())),
            players,
            ComputePool::new(2, Duration::from_secs(5)),
            watchers,
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}/api", listener.local_addr().unwrap());
        let router = app(state);
        tokio::spawn(async move { axum::serve(listener, router).await });
        Racer {
            base,
            store,
            http: common::client(),
        }
    }

    async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        let response = self
            .http
            .post(format!("{}{path}", self.base))
            .header("Origin", self.base.trim_end_matches("/api"))
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = response.status();
        (status, response.json().await.unwrap())
    }

    /// Creates a game at `create` with `body`; its id (at revision 0).
    async fn create(&self, create: &str, body: Value) -> i64 {
        let (status, game) = self.post(create, body).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["revision"], 0);
        game["id"].as_i64().unwrap()
    }

    /// Sends `first` (based on revision 0) and `second` (based on revision 1) together, with
    /// both reads held until both have read revision 0; checks that exactly one is accepted and
    /// that the game then has one action and revision 1. Returns the accepted answer.
    async fn race(&self, id: i64, first: (&str, Value), second: (&str, Value)) -> Value {
        self.store.armed.store(true, Ordering::SeqCst);
        let (a, b) = tokio::join!(self.post(first.0, first.1), self.post(second.0, second.1));
        let mut answers = [a, b];
        answers.sort_by_key(|(status, _)| status.as_u16());
        let [(ok, accepted), (refused, why)] = answers;
        assert_eq!(ok, StatusCode::OK, "{accepted}");
        assert_eq!(refused, StatusCode::CONFLICT, "{why}");
        assert_eq!(why["error"]["code"], "stale", "{why}");
        let saved = self.store.inner.game(id).await.unwrap();
        assert_eq!(saved.revision(), 1);
        assert_eq!(saved.action_count, 1);
        assert_eq!(self.store.inner.actions(id).await.unwrap().len(), 1);
        accepted
    }
}

#[tokio::test]
async fn xiangqi_moves_based_on_r_and_r_plus_1() {
    let racer = Racer::start().await;
    let id = racer.create("/xiangqi/games", json!({"mode": "pvp"})).await;
    let mv = format!("/xiangqi/games/{id}/move");
    let accepted = racer
        .race(
            id,
            (&mv, json!({"revision": 0, "move": "h2e2"})),
            (&mv, json!({"revision": 1, "move": "h0g2"})),
        )
        .await;
    assert_eq!(accepted["moves"].as_array().unwrap().len(), 1, "{accepted}");
}

#[tokio::test]
async fn gomoku_moves_based_on_r_and_r_plus_1() {
    let racer = Racer::start().await;
    let id = racer.create("/gomoku/games", json!({"mode": "pvp"})).await;
    let mv = format!("/gomoku/games/{id}/move");
    racer
        .race(
            id,
            (&mv, json!({"revision": 0, "x": 7, "y": 7})),
            (&mv, json!({"revision": 1, "x": 8, "y": 8})),
        )
        .await;
    let saved = racer.store.inner.game(id).await.unwrap();
    assert_eq!(saved.state["moves"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn knight_move_and_hint_based_on_r_and_r_plus_1() {
    let racer = Racer::start().await;
    let body = json!({"cols": 5, "rows": 5, "start": [0, 0]});
    let id = racer.create("/knight/games", body).await;
    racer
        .race(
            id,
            (
                &format!("/knight/games/{id}/move"),
                json!({"revision": 0, "to": [1, 2]}),
            ),
            (
                &format!("/knight/games/{id}/move"),
                json!({"revision": 1, "to": [2, 1]}),
            ),
        )
        .await;
    let saved = racer.store.inner.game(id).await.unwrap();
    assert_eq!(saved.state["trail"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn tromino_hints_based_on_r_and_r_plus_1() {
    let racer = Racer::start().await;
    let id = racer
        .create("/tromino/games", json!({"size": 4, "missing": [0, 0]}))
        .await;
    let hint = format!("/tromino/games/{id}/hint");
    racer
        .race(
            id,
            (&hint, json!({"revision": 0})),
            (&hint, json!({"revision": 1})),
        )
        .await;
    let saved = racer.store.inner.game(id).await.unwrap();
    assert_eq!(saved.state["hints"], 1);
}

#[tokio::test]
async fn link_actions_based_on_r_and_r_plus_1() {
    let racer = Racer::start().await;
    let id = racer.create("/link/games", json!({"level": 1})).await;
    let act = format!("/link/games/{id}/actions");
    racer
        .race(
            id,
            (&act, json!({"revision": 0, "action": "hint"})),
            (&act, json!({"revision": 1, "action": "hint"})),
        )
        .await;
}
