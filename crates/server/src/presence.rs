//! Who has a game open: for each game, the seated players with a page on it (online, or away
//! while every such page is hidden), since when a player has had none, and how many spectators
//! watch. Kept in memory by the instance whose sockets these are; a server that has just started
//! counts every player as gone since it started.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::store::PlayerId;

/// How a seated player stands with a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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

/// Every game's presence, and the players with a lobby page open; cheap to clone.
#[derive(Debug, Clone)]
pub struct Presence {
    games: Arc<Mutex<HashMap<i64, Game>>>,
    lobby: Arc<Mutex<HashMap<PlayerId, usize>>>,
    started: Instant,
}

impl Default for Presence {
    fn default() -> Self {
        Presence {
            games: Arc::default(),
            lobby: Arc::default(),
            started: Instant::now(),
        }
    }
}

impl Presence {
    fn with<T>(&self, f: impl FnOnce(&mut HashMap<i64, Game>) -> T) -> T {
        // Only counters live under this lock: a panic elsewhere cannot leave them half-made.
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut games)
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

    /// How each of `players` stands with game `id`.
    pub fn of(&self, id: i64, players: &[PlayerId]) -> BTreeMap<PlayerId, Status> {
        self.with(|games| {
            let game = games.get(&id);
            players
                .iter()
                .map(|p| {
                    let seen = game.and_then(|g| g.players.get(p));
                    (p.clone(), self.status(seen))
                })
                .collect()
        })
    }

    fn status(&self, seen: Option<&Seen>) -> Status {
        match seen {
            Some(seen) if seen.pages > 0 && seen.hidden >= seen.pages => Status::Away,
            Some(seen) if seen.pages > 0 => Status::Online,
            other => {
                let since = other.and_then(|s| s.left).unwrap_or(self.started);
                Status::Offline {
                    gone_ms: since.elapsed().as_millis() as u64,
                }
            }
        }
    }

    /// How long `player` has had no page of game `id` open; `None` while one is open.
    pub fn absent_for(&self, id: i64, player: &PlayerId) -> Option<Duration> {
        match self.with(|games| self.status(games.get(&id).and_then(|g| g.players.get(player)))) {
            Status::Offline { gone_ms } => Some(Duration::from_millis(gone_ms)),
            Status::Online | Status::Away => None,
        }
    }

    /// `player` opened a lobby page.
    pub fn enter_lobby(&self, player: &PlayerId) {
        let mut lobby = self.lobby.lock().unwrap_or_else(|e| e.into_inner());
        *lobby.entry(player.clone()).or_default() += 1;
    }

    /// `player` closed a lobby page; true when it was its last.
    pub fn leave_lobby(&self, player: &PlayerId) -> bool {
        let mut lobby = self.lobby.lock().unwrap_or_else(|e| e.into_inner());
        let Some(pages) = lobby.get_mut(player) else {
            return false;
        };
        *pages = pages.saturating_sub(1);
        if *pages == 0 {
            lobby.remove(player);
            true
        } else {
            false
        }
    }

    /// How many spectators have game `id` open.
    pub fn spectators(&self, id: i64) -> usize {
        self.with(|games| games.get(&id).map_or(0, |g| g.spectators))
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
}
