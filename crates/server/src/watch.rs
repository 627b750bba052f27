//! Watchers of saved games: every change the store accepts is announced to the pages that have
//! the game open (`GET /api/games/{id}/events`), so that a second tab shows a move at once
//! instead of finding out with a 409 `stale`.

use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;
use tokio::sync::{broadcast, watch};

use crate::store::{
    GameFilter, GameKind, GameUpdate, LeaderboardEntry, NewGame, NewLeaderboardEntry, SavedGame,
    Store, StoreError,
};

/// Changes kept for a watcher that is slow to read; one that falls further behind re-reads the
/// game instead.
const BACKLOG: usize = 256;

/// A change to a saved game, as sent to its watchers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The game.
    pub id: i64,
    /// Its revision now; `None` once it is deleted.
    pub revision: Option<i64>,
}

/// Where changes are announced, and the signal that the server is closing; cheap to clone.
#[derive(Debug, Clone)]
pub struct Watchers {
    changes: broadcast::Sender<Change>,
    closing: watch::Sender<bool>,
}

impl Default for Watchers {
    fn default() -> Self {
        Watchers {
            changes: broadcast::channel(BACKLOG).0,
            closing: watch::channel(false).0,
        }
    }
}

impl Watchers {
    /// Every change from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Change> {
        self.changes.subscribe()
    }

    /// A receiver whose value turns true when the server closes.
    pub fn closing(&self) -> watch::Receiver<bool> {
        self.closing.subscribe()
    }

    /// Tells every watcher to hang up (the server is shutting down).
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    fn announce(&self, change: Change) {
        // Nobody watching is not an error.
        let _ = self.changes.send(change);
    }
}

/// A store that announces every accepted update and deletion to its [`Watchers`].
pub struct WatchedStore {
    inner: Arc<dyn Store>,
    watchers: Watchers,
}

impl WatchedStore {
    /// Wraps `inner`, announcing its changes to `watchers`.
    pub fn new(inner: Arc<dyn Store>, watchers: Watchers) -> Self {
        WatchedStore { inner, watchers }
    }
}

#[async_trait::async_trait]
impl Store for WatchedStore {
    async fn create_game(&self, game: NewGame) -> Result<SavedGame, StoreError> {
        self.inner.create_game(game).await
    }

    async fn update_game(
        &self,
        id: i64,
        expected_revision: i64,
        update: GameUpdate,
    ) -> Result<SavedGame, StoreError> {
        let game = self
            .inner
            .update_game(id, expected_revision, update)
            .await?;
        self.watchers.announce(Change {
            id,
            revision: Some(game.revision),
        });
        Ok(game)
    }

    async fn game(&self, id: i64) -> Result<SavedGame, StoreError> {
        self.inner.game(id).await
    }

    async fn actions(&self, id: i64) -> Result<Vec<Value>, StoreError> {
        self.inner.actions(id).await
    }

    async fn list_games(&self, filter: GameFilter) -> Result<Vec<SavedGame>, StoreError> {
        self.inner.list_games(filter).await
    }

    async fn delete_game(&self, id: i64) -> Result<(), StoreError> {
        self.inner.delete_game(id).await?;
        self.watchers.announce(Change { id, revision: None });
        Ok(())
    }

    async fn add_leaderboard_entry(
        &self,
        entry: NewLeaderboardEntry,
    ) -> Result<LeaderboardEntry, StoreError> {
        self.inner.add_leaderboard_entry(entry).await
    }

    async fn top_entries(
        &self,
        game: GameKind,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<LeaderboardEntry>, StoreError> {
        self.inner.top_entries(game, variant, limit).await
    }

    async fn ping(&self) -> Result<(), StoreError> {
        self.inner.ping().await
    }

    async fn close(&self) {
        self.inner.close().await
    }
}
