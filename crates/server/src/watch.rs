//! Watchers of saved games: every change the store accepts is announced to the pages that have
//! the game open (`GET /api/games/{id}/events`), so that a second tab shows a move at once
//! instead of finding out with a 409 `stale`.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, broadcast, watch};

use crate::clock::Speed;
use crate::cluster::{Event, Outbox};
use crate::presence::{Presence, Status};
use crate::rating::Rating;
use crate::store::{
    GameFilter, GameKind, GameUpdate, Health, LeaderboardEntry, NewGame, NewSeek, PlayerId,
    PlayerRating, RatingPoint, SavedGame, Seek, Store, StoreError,
};

/// Changes kept for a watcher that is slow to read; one that falls further behind re-reads the
/// game instead.
const BACKLOG: usize = 64;

/// A change to a saved game, as sent to its watchers: a new revision, the game's deletion
/// (`revision` null and no `presence`), or who has it open now (`presence`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Change {
    /// The game.
    pub id: i64,
    /// Its revision now; `None` once it is deleted (or in a presence report).
    pub revision: Option<i64>,
    /// The player who made it, when one did (a page skips its own changes: their answer brings
    /// them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<PlayerId>,
    /// The actions it recorded, in order (a move, a resignation ...): the change itself, so
    /// that a page can show it without asking.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<Value>,
    /// Who has the game open, when that changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub presence: Option<PresenceReport>,
}

/// The seated players' presence and the spectators' count of a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PresenceReport {
    /// Each seated player's standing.
    pub players: BTreeMap<PlayerId, Status>,
    /// How many others watch.
    pub spectators: usize,
    /// How long a player must be gone before its opponent may claim the game.
    pub claim_after_ms: u64,
}

impl Change {
    /// A change that says only where the game stands now.
    pub fn at(id: i64, revision: Option<i64>) -> Change {
        Change {
            id,
            revision,
            by: None,
            actions: Vec::new(),
            presence: None,
        }
    }

    /// Whether the game is gone (its watchers hang up).
    pub fn is_deletion(&self) -> bool {
        self.revision.is_none() && self.presence.is_none()
    }
}

type Channels = Arc<Mutex<HashMap<i64, broadcast::Sender<Change>>>>;

/// Where changes are announced, one channel per watched game (a change wakes only the watchers
/// of its own game), and the signal that the server is closing; cheap to clone.
#[derive(Debug, Clone)]
pub struct Watchers {
    games: Channels,
    closing: watch::Sender<bool>,
    sockets: Arc<Semaphore>,
    presence: Presence,
    lobby: broadcast::Sender<Value>,
    /// Where changes go to the other instances on the same database (nowhere on SQLite).
    outbox: Outbox,
}

/// Watching sockets open at once by default (an upgraded socket no longer counts against the
/// server's connection cap, so it has its own).
const DEFAULT_MAX_SOCKETS: usize = 1000;

impl Default for Watchers {
    fn default() -> Self {
        Watchers::with_capacity(DEFAULT_MAX_SOCKETS)
    }
}

/// A watcher's subscription to one game's changes; the game's channel goes when its last
/// watcher does.
#[derive(Debug)]
pub struct Subscription {
    id: i64,
    games: Channels,
    changes: broadcast::Receiver<Change>,
}

impl Subscription {
    /// The next change of the game (see [`broadcast::Receiver::recv`]).
    pub async fn recv(&mut self) -> Result<Change, broadcast::error::RecvError> {
        self.changes.recv().await
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        let mut games = lock(&self.games);
        if let Some(sender) = games.get(&self.id)
            && sender.receiver_count() <= 1
        {
            games.remove(&self.id);
        }
    }
}

fn lock(games: &Channels) -> std::sync::MutexGuard<'_, HashMap<i64, broadcast::Sender<Change>>> {
    // Only channel handles live under this lock: a panic elsewhere cannot leave them half-made.
    games.lock().unwrap_or_else(|e| e.into_inner())
}

impl Watchers {
    /// Watchers for at most `max_sockets` sockets open at once.
    pub fn with_capacity(max_sockets: usize) -> Self {
        Watchers {
            games: Channels::default(),
            closing: watch::channel(false).0,
            sockets: Arc::new(Semaphore::new(max_sockets.clamp(1, Semaphore::MAX_PERMITS))),
            presence: Presence::default(),
            lobby: broadcast::channel(BACKLOG).0,
            outbox: Outbox::default(),
        }
    }

    /// A place for one more watching socket, held while it is open; `None` when all are taken.
    pub fn open_socket(&self) -> Option<OwnedSemaphorePermit> {
        Arc::clone(&self.sockets).try_acquire_owned().ok()
    }

    /// Every change of game `id` from now on.
    pub fn subscribe(&self, id: i64) -> Subscription {
        let changes = lock(&self.games)
            .entry(id)
            .or_insert_with(|| broadcast::channel(BACKLOG).0)
            .subscribe();
        Subscription {
            id,
            games: Arc::clone(&self.games),
            changes,
        }
    }

    /// How many games have watchers now.
    pub fn watched_games(&self) -> usize {
        lock(&self.games).len()
    }

    /// A receiver whose value turns true when the server closes.
    pub fn closing(&self) -> watch::Receiver<bool> {
        self.closing.subscribe()
    }

    /// Tells every watcher to hang up (the server is shutting down).
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// The outbox these watchers publish to, shared with the cluster that sends it on.
    pub fn outbox(&self) -> &Outbox {
        &self.outbox
    }

    /// Whether a page of game `id` is open on this instance.
    pub fn is_watched(&self, id: i64) -> bool {
        lock(&self.games).contains_key(&id)
    }

    /// Tells the lobby's pages of a change, on every instance: seeks opened or gone, a game
    /// started from a seek.
    pub fn announce_lobby(&self, event: Value) {
        self.outbox.publish(Event::Lobby {
            event: event.clone(),
        });
        self.deliver_lobby(event);
    }

    /// Tells this instance's lobby pages of a change another instance announced.
    pub fn deliver_lobby(&self, event: Value) {
        // Nobody in the lobby is not an error.
        let _ = self.lobby.send(event);
    }

    /// Every lobby change from now on.
    pub fn lobby(&self) -> broadcast::Receiver<Value> {
        self.lobby.subscribe()
    }

    /// Who has which game open.
    pub fn presence(&self) -> &Presence {
        &self.presence
    }

    /// `player` opened a lobby page (the other instances are told).
    pub fn enter_lobby(&self, player: &PlayerId) {
        self.presence.enter_lobby(player);
        self.tell_lobby_pages(player);
    }

    /// `player` closed a lobby page; true when it has none left on any instance.
    pub fn leave_lobby(&self, player: &PlayerId) -> bool {
        let last = self.presence.leave_lobby(player);
        self.tell_lobby_pages(player);
        last
    }

    fn tell_lobby_pages(&self, player: &PlayerId) {
        self.outbox.publish(Event::LobbyPages {
            player: player.clone(),
            pages: self.presence.local_lobby_pages(player),
        });
    }

    /// Tells the watchers of game `id` who of `players` has it open now, and how many watch
    /// (with the claim time, `claim_after`, that the pages count down); the other instances are
    /// told this instance's pages of it.
    pub fn announce_presence(&self, id: i64, players: &[PlayerId], claim_after: Duration) {
        self.outbox.publish(Event::Presence {
            game: id,
            counts: self.presence.local_counts(id),
        });
        self.report_presence(id, players, claim_after);
    }

    /// Tells this instance's watchers of game `id` who of `players` has it open now.
    pub fn report_presence(&self, id: i64, players: &[PlayerId], claim_after: Duration) {
        let report = PresenceReport {
            players: self.presence.of(id, players),
            spectators: self.presence.spectators(id),
            claim_after_ms: claim_after.as_millis() as u64,
        };
        self.deliver(Change {
            presence: Some(report),
            ..Change::at(id, None)
        });
    }

    /// Tells the watchers of a game of a change, on every instance.
    fn announce(&self, change: Change) {
        self.outbox.publish(Event::Change {
            change: change.clone(),
        });
        self.deliver(change);
    }

    /// Tells this instance's watchers of a game of a change.
    pub fn deliver(&self, change: Change) {
        if let Some(sender) = lock(&self.games).get(&change.id) {
            // Every watcher gone between the lookup and the send is not an error.
            let _ = sender.send(change);
        }
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

    /// Applies `update` by `actor` (the server itself when `None`) and tells the game's watchers:
    /// this instance's once it is stored, the other instances' by a notice sent in the write's
    /// own transaction.
    async fn update_announced(
        &self,
        read: &SavedGame,
        actor: Option<&PlayerId>,
        mut update: GameUpdate,
    ) -> Result<SavedGame, StoreError> {
        let change = Change {
            id: read.id,
            revision: Some(read.revision() + 1),
            by: actor.cloned(),
            actions: update.append_actions.clone(),
            presence: None,
        };
        update.notice = self.watchers.outbox().notice(Event::Change {
            change: change.clone(),
        });
        let game = match actor {
            Some(actor) => self.inner.update_game(read, actor, update).await?,
            None => self.inner.update_game_by_server(read, update).await?,
        };
        self.watchers.deliver(Change {
            revision: Some(game.revision()),
            ..change
        });
        Ok(game)
    }

    /// Tells the watchers of the finished game `old` that its rematch changed.
    fn announce_rematch(&self, old: &SavedGame, by: Option<&PlayerId>, rematch: &SavedGame) {
        self.watchers.announce(Change {
            id: old.id,
            revision: Some(old.revision() + 1),
            by: by.cloned(),
            actions: vec![serde_json::json!({ "rematch": rematch.id })],
            presence: None,
        });
    }
}

#[async_trait::async_trait]
impl Store for WatchedStore {
    async fn create_game(&self, game: NewGame) -> Result<SavedGame, StoreError> {
        self.inner.create_game(game).await
    }

    async fn update_game(
        &self,
        read: &SavedGame,
        actor: &PlayerId,
        update: GameUpdate,
    ) -> Result<SavedGame, StoreError> {
        self.update_announced(read, Some(actor), update).await
    }

    async fn update_game_by_server(
        &self,
        read: &SavedGame,
        update: GameUpdate,
    ) -> Result<SavedGame, StoreError> {
        self.update_announced(read, None, update).await
    }

    async fn create_rematch(
        &self,
        old: &SavedGame,
        actor: &PlayerId,
        game: NewGame,
    ) -> Result<SavedGame, StoreError> {
        let rematch = self.inner.create_rematch(old, actor, game).await?;
        self.announce_rematch(old, Some(actor), &rematch);
        Ok(rematch)
    }

    async fn answer_rematch(
        &self,
        old: &SavedGame,
        rematch_id: i64,
        taker: Option<&PlayerId>,
    ) -> Result<SavedGame, StoreError> {
        let rematch = self.inner.answer_rematch(old, rematch_id, taker).await?;
        self.announce_rematch(old, taker, &rematch);
        self.watchers.announce(Change {
            id: rematch.id,
            revision: Some(rematch.revision()),
            by: taker.cloned(),
            actions: Vec::new(),
            presence: None,
        });
        Ok(rematch)
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
        let game = self.inner.accept_invitation(token_hash, player).await?;
        self.watchers.announce(Change {
            id: game.id,
            revision: Some(game.revision()),
            by: Some(player.clone()),
            actions: vec![serde_json::json!({ "seated": player })],
            presence: None,
        });
        Ok(game)
    }

    async fn live_games(&self, player: &PlayerId) -> Result<u32, StoreError> {
        self.inner.live_games(player).await
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

    async fn delete_game(&self, id: i64, actor: &PlayerId) -> Result<(), StoreError> {
        self.inner.delete_game(id, actor).await?;
        self.watchers.announce(Change::at(id, None));
        Ok(())
    }

    async fn import_game(
        &self,
        game: NewGame,
        history: GameUpdate,
    ) -> Result<SavedGame, StoreError> {
        self.inner.import_game(game, history).await
    }

    async fn top_entries(
        &self,
        game: GameKind,
        variant: &str,
        limit: u32,
    ) -> Result<Vec<LeaderboardEntry>, StoreError> {
        self.inner.top_entries(game, variant, limit).await
    }

    async fn health(&self) -> Health {
        self.inner.health().await
    }

    async fn close(&self) {
        self.inner.close().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_change_wakes_only_the_watchers_of_its_game() {
        let watchers = Watchers::default();
        let mut first = watchers.subscribe(1);
        let mut also_first = watchers.subscribe(1);
        let mut second = watchers.subscribe(2);
        watchers.announce(Change::at(2, Some(5)));
        assert!(first.changes.try_recv().is_err());
        assert!(also_first.changes.try_recv().is_err());
        assert_eq!(second.recv().await.unwrap().revision, Some(5));
        // Nobody watches game 3: announcing it costs nothing and keeps no channel.
        watchers.announce(Change::at(3, Some(1)));
        assert_eq!(watchers.watched_games(), 2);
    }

    #[test]
    fn a_game_channel_goes_with_its_last_watcher() {
        let watchers = Watchers::default();
        let a = watchers.subscribe(7);
        let b = watchers.subscribe(7);
        drop(a);
        assert_eq!(watchers.watched_games(), 1);
        drop(b);
        assert_eq!(watchers.watched_games(), 0);
    }

    #[test]
    fn sockets_are_capped() {
        let watchers = Watchers::with_capacity(2);
        let a = watchers.open_socket().unwrap();
        let _b = watchers.open_socket().unwrap();
        assert!(watchers.open_socket().is_none());
        drop(a);
        assert!(watchers.open_socket().is_some());
    }
}
