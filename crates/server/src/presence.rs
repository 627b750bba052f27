//! Who has a game open: for each game, the seated players with a page on it (online, or away
//! while every such page is hidden), since when a player has had none, and how many spectators
//! watch. Each instance counts the pages whose sockets it holds; instances that share a database
//! tell each other their counts (`crate::cluster`), which are added to the local ones here and
//! forgotten when their instance falls silent. A server that has just started counts every
//! player as gone since it started.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::store::PlayerId;

/// How a seated player stands with a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "lowercase")]
pub enum Status {
    /// A page of the game is open and shown.
    Online,
    /// Pages are open, all hidden (another tab, a minimised window).
    Away,
    /// No page open for this long (milliseconds).
    Offline {
        /// Since the last page closed (or the server started).
        gone_ms: u64,
    },
}

#[derive(Debug, Default)]
struct Seen {
    pages: usize,
    hidden: usize,
    left: Option<Instant>,
}

#[derive(Debug, Default)]
struct Game {
    players: HashMap<PlayerId, Seen>,
    spectators: usize,
}

/// The pages another instance holds of one game: each seated player's pages and hidden pages,
/// and its spectators.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    /// Each seated player with pages there: (pages, hidden pages).
    pub players: BTreeMap<PlayerId, (usize, usize)>,
    /// Spectators' pages there.
    pub spectators: usize,
}

/// What one other instance last reported.
#[derive(Debug)]
struct Remote {
    heard: Instant,
    games: HashMap<i64, Counts>,
    /// Its players' lobby pages.
    lobby: HashMap<PlayerId, usize>,
}

#[derive(Debug, Default)]
struct Inner {
    games: HashMap<i64, Game>,
    remote: HashMap<u64, Remote>,
}

impl Inner {
    /// A player's pages and hidden pages of game `id` on every instance.
    fn pages(&self, id: i64, player: &PlayerId) -> (usize, usize) {
        let local = self
            .games
            .get(&id)
            .and_then(|g| g.players.get(player))
            .map_or((0, 0), |s| (s.pages, s.hidden));
        self.remote
            .values()
            .filter_map(|r| r.games.get(&id).and_then(|c| c.players.get(player)))
            .fold(local, |(p, h), &(rp, rh)| (p + rp, h + rh))
    }

    /// Marks as gone now every player of `counts` who has no page of game `id` left anywhere.
    fn mark_gone(&mut self, id: i64, counts: &Counts) {
        for player in counts.players.keys() {
            if self.pages(id, player).0 == 0 {
                let game = self.games.entry(id).or_default();
                game.players.entry(player.clone()).or_default().left = Some(Instant::now());
            }
        }
    }
}

/// Every game's presence, and the players with a lobby page open; cheap to clone.
#[derive(Debug, Clone)]
pub struct Presence {
    inner: Arc<Mutex<Inner>>,
    lobby: Arc<Mutex<HashMap<PlayerId, usize>>>,
    started: Instant,
}

impl Default for Presence {
    fn default() -> Self {
        Presence {
            inner: Arc::default(),
            lobby: Arc::default(),
            started: Instant::now(),
        }
    }
}

impl Presence {
    fn with_inner<T>(&self, f: impl FnOnce(&mut Inner) -> T) -> T {
        // Only counters live under this lock: a panic elsewhere cannot leave them half-made.
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut inner)
    }

    fn with<T>(&self, f: impl FnOnce(&mut HashMap<i64, Game>) -> T) -> T {
        self.with_inner(|inner| f(&mut inner.games))
    }

    /// A page of game `id` opened, by its seated player `player` (`None`: a spectator).
    pub fn arrive(&self, id: i64, player: Option<&PlayerId>) {
        self.with(|games| {
            let game = games.entry(id).or_default();
            match player {
                Some(p) => game.players.entry(p.clone()).or_default().pages += 1,
                None => game.spectators += 1,
            }
        });
    }

    /// A page of game `id` closed; `hidden` says whether it was hidden then.
    pub fn leave(&self, id: i64, player: Option<&PlayerId>, hidden: bool) {
        self.with(|games| {
            let Some(game) = games.get_mut(&id) else {
                return;
            };
            match player {
                Some(p) => {
                    if let Some(seen) = game.players.get_mut(p) {
                        seen.pages = seen.pages.saturating_sub(1);
                        if hidden {
                            seen.hidden = seen.hidden.saturating_sub(1);
                        }
                        if seen.pages == 0 {
                            seen.left = Some(Instant::now());
                        }
                    }
                }
                None => game.spectators = game.spectators.saturating_sub(1),
            }
        });
    }

    /// A page of `player`'s on game `id` was hidden (`true`) or shown again.
    pub fn set_hidden(&self, id: i64, player: &PlayerId, hidden: bool) {
        self.with(|games| {
            if let Some(seen) = games.get_mut(&id).and_then(|g| g.players.get_mut(player)) {
                if hidden {
                    seen.hidden += 1;
                } else {
                    seen.hidden = seen.hidden.saturating_sub(1);
                }
            }
        });
    }

    /// How each of `players` stands with game `id`, counting every instance's pages.
    pub fn of(&self, id: i64, players: &[PlayerId]) -> BTreeMap<PlayerId, Status> {
        self.with_inner(|inner| {
            players
                .iter()
                .map(|p| (p.clone(), self.status(inner, id, p)))
                .collect()
        })
    }

    fn status(&self, inner: &Inner, id: i64, player: &PlayerId) -> Status {
        match inner.pages(id, player) {
            (pages, hidden) if pages > 0 && hidden >= pages => Status::Away,
            (pages, _) if pages > 0 => Status::Online,
            _ => {
                let left = inner
                    .games
                    .get(&id)
                    .and_then(|g| g.players.get(player))
                    .and_then(|s| s.left);
                Status::Offline {
                    gone_ms: left.unwrap_or(self.started).elapsed().as_millis() as u64,
                }
            }
        }
    }

    /// How long `player` has had no page of game `id` open; `None` while one is open.
    pub fn absent_for(&self, id: i64, player: &PlayerId) -> Option<Duration> {
        match self.with_inner(|inner| self.status(inner, id, player)) {
            Status::Offline { gone_ms } => Some(Duration::from_millis(gone_ms)),
            Status::Online | Status::Away => None,
        }
    }

    /// This instance's own pages of game `id`, as it tells the others.
    pub fn local_counts(&self, id: i64) -> Counts {
        self.with(|games| {
            let Some(game) = games.get(&id) else {
                return Counts::default();
            };
            Counts {
                players: game
                    .players
                    .iter()
                    .filter(|(_, seen)| seen.pages > 0)
                    .map(|(p, seen)| (p.clone(), (seen.pages, seen.hidden)))
                    .collect(),
                spectators: game.spectators,
            }
        })
    }

    /// The games this instance has pages of.
    pub fn local_games(&self) -> Vec<i64> {
        self.with(|games| {
            games
                .iter()
                .filter(|(_, g)| g.spectators > 0 || g.players.values().any(|s| s.pages > 0))
                .map(|(&id, _)| id)
                .collect()
        })
    }

    /// Instance `instance` was heard from; true when it was not known (it has just started, or
    /// had been forgotten), so that it should be told this instance's pages.
    pub fn heard_from(&self, instance: u64) -> bool {
        self.with_inner(|inner| match inner.remote.get_mut(&instance) {
            Some(remote) => {
                remote.heard = Instant::now();
                false
            }
            None => {
                inner.remote.insert(
                    instance,
                    Remote {
                        heard: Instant::now(),
                        games: HashMap::new(),
                        lobby: HashMap::new(),
                    },
                );
                true
            }
        })
    }

    /// Instance `instance` now holds `counts` pages of game `id`.
    pub fn update_remote(&self, instance: u64, id: i64, counts: Counts) {
        self.with_inner(|inner| {
            let before = inner
                .remote
                .entry(instance)
                .or_insert_with(|| Remote {
                    heard: Instant::now(),
                    games: HashMap::new(),
                    lobby: HashMap::new(),
                })
                .games
                .insert(id, counts)
                .unwrap_or_default();
            inner.mark_gone(id, &before);
        });
    }

    /// Forgets the pages of every instance not heard from for `silence` (stopped or killed):
    /// their players count as gone from now. Returns the games whose presence changed.
    pub fn forget_silent(&self, silence: Duration) -> Vec<i64> {
        self.with_inner(|inner| {
            let silent: Vec<u64> = inner
                .remote
                .iter()
                .filter(|(_, r)| r.heard.elapsed() > silence)
                .map(|(&id, _)| id)
                .collect();
            let mut changed = Vec::new();
            for instance in silent {
                let Some(remote) = inner.remote.remove(&instance) else {
                    continue;
                };
                for (id, counts) in remote.games {
                    inner.mark_gone(id, &counts);
                    changed.push(id);
                }
            }
            changed.sort_unstable();
            changed.dedup();
            changed
        })
    }

    /// `player` opened a lobby page.
    pub fn enter_lobby(&self, player: &PlayerId) {
        let mut lobby = self.lobby.lock().unwrap_or_else(|e| e.into_inner());
        *lobby.entry(player.clone()).or_default() += 1;
    }

    /// `player` closed a lobby page; true when it was its last on every instance.
    pub fn leave_lobby(&self, player: &PlayerId) -> bool {
        let mut lobby = self.lobby.lock().unwrap_or_else(|e| e.into_inner());
        let Some(pages) = lobby.get_mut(player) else {
            return false;
        };
        *pages = pages.saturating_sub(1);
        if *pages > 0 {
            return false;
        }
        lobby.remove(player);
        drop(lobby);
        self.with_inner(|inner| {
            inner
                .remote
                .values()
                .all(|r| r.lobby.get(player).is_none_or(|&n| n == 0))
        })
    }

    /// How many lobby pages `player` has open on this instance.
    pub fn local_lobby_pages(&self, player: &PlayerId) -> usize {
        let lobby = self.lobby.lock().unwrap_or_else(|e| e.into_inner());
        lobby.get(player).copied().unwrap_or(0)
    }

    /// Every player with a lobby page open on this instance, and how many.
    pub fn local_lobby(&self) -> Vec<(PlayerId, usize)> {
        let lobby = self.lobby.lock().unwrap_or_else(|e| e.into_inner());
        lobby.iter().map(|(p, &n)| (p.clone(), n)).collect()
    }

    /// Instance `instance` now has `pages` lobby pages of `player` open.
    pub fn update_remote_lobby(&self, instance: u64, player: PlayerId, pages: usize) {
        self.with_inner(|inner| {
            let remote = inner.remote.entry(instance).or_insert_with(|| Remote {
                heard: Instant::now(),
                games: HashMap::new(),
                lobby: HashMap::new(),
            });
            if pages == 0 {
                remote.lobby.remove(&player);
            } else {
                remote.lobby.insert(player, pages);
            }
        });
    }

    /// How many spectators have game `id` open, on every instance.
    pub fn spectators(&self, id: i64) -> usize {
        self.with_inner(|inner| {
            let local = inner.games.get(&id).map_or(0, |g| g.spectators);
            let remote: usize = inner
                .remote
                .values()
                .filter_map(|r| r.games.get(&id))
                .map(|c| c.spectators)
                .sum();
            local + remote
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_make_a_player_online_away_and_gone() {
        let presence = Presence::default();
        let ann = PlayerId("ann".into());
        assert!(matches!(
            presence.of(1, std::slice::from_ref(&ann))[&ann],
            Status::Offline { .. }
        ));
        presence.arrive(1, Some(&ann));
        presence.arrive(1, Some(&ann));
        presence.arrive(1, None);
        assert_eq!(
            presence.of(1, std::slice::from_ref(&ann))[&ann],
            Status::Online
        );
        assert_eq!(presence.spectators(1), 1);
        presence.set_hidden(1, &ann, true);
        assert_eq!(
            presence.of(1, std::slice::from_ref(&ann))[&ann],
            Status::Online,
            "one page still shown"
        );
        presence.set_hidden(1, &ann, true);
        assert_eq!(
            presence.of(1, std::slice::from_ref(&ann))[&ann],
            Status::Away
        );
        assert_eq!(presence.absent_for(1, &ann), None);
        presence.leave(1, Some(&ann), true);
        presence.leave(1, Some(&ann), true);
        assert!(presence.absent_for(1, &ann).is_some());
        presence.leave(1, None, false);
        assert_eq!(presence.spectators(1), 0);
    }

    #[test]
    fn another_instances_pages_count_until_it_falls_silent() {
        let presence = Presence::default();
        let ann = PlayerId("ann".into());
        assert!(presence.heard_from(7), "a new instance is worth telling");
        assert!(!presence.heard_from(7));
        let on_seven = Counts {
            players: BTreeMap::from([(ann.clone(), (1, 0))]),
            spectators: 2,
        };
        presence.update_remote(7, 1, on_seven);
        assert_eq!(presence.absent_for(1, &ann), None, "online on instance 7");
        assert_eq!(presence.spectators(1), 2);
        presence.arrive(1, None);
        assert_eq!(presence.spectators(1), 3);
        // Instance 7 is killed: after its silence its pages no longer count, and Ann is gone
        // from then on (not since this server started).
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(presence.forget_silent(Duration::from_millis(10)), vec![1]);
        let gone = presence
            .absent_for(1, &ann)
            .expect("gone once 7 is forgotten");
        assert!(gone < Duration::from_millis(10), "{gone:?}");
        assert_eq!(presence.spectators(1), 1);
    }
}
