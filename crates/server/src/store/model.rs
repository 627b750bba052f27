//! The plain data the store keeps: saved games and leaderboard entries.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::players::{PlayerId, Seat};
use crate::clock::Clock;

/// Which of the five games a saved game or leaderboard entry belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Xiangqi 象棋.
    Xiangqi,
    /// Gomoku 五子棋.
    Gomoku,
    /// Lianliankan 连连看.
    Link,
    /// The knight's tour 马踏棋盘.
    Knight,
    /// Tromino tiling 棋盘覆盖.
    Tromino,
}

impl GameKind {
    /// Every kind, in the order the home page shows them.
    pub const ALL: [GameKind; 5] = [
        GameKind::Xiangqi,
        GameKind::Gomoku,
        GameKind::Link,
        GameKind::Knight,
        GameKind::Tromino,
    ];

    /// The name used in URLs, JSON and the database.
    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::Xiangqi => "xiangqi",
            GameKind::Gomoku => "gomoku",
            GameKind::Link => "link",
            GameKind::Knight => "knight",
            GameKind::Tromino => "tromino",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A text that names no game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game kind {0:?} (expected one of xiangqi, gomoku, link, knight, tromino)")]
pub struct UnknownGameKind(pub String);

impl FromStr for GameKind {
    type Err = UnknownGameKind;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.as_str() == s)
            .ok_or_else(|| UnknownGameKind(s.to_owned()))
    }
}

/// Whether a game can still be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    /// Still being played.
    Ongoing,
    /// Over; `result` says how.
    Finished,
    /// Left unfinished for good (e.g. replaced by a new game).
    Abandoned,
}

impl GameStatus {
    /// The name stored in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Ongoing => "ongoing",
            GameStatus::Finished => "finished",
            GameStatus::Abandoned => "abandoned",
        }
    }

    pub(crate) fn parse(s: &str) -> Option<Self> {
        match s {
            "ongoing" => Some(GameStatus::Ongoing),
            "finished" => Some(GameStatus::Finished),
            "abandoned" => Some(GameStatus::Abandoned),
            _ => None,
        }
    }
}

/// What is needed to start saving a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewGame {
    /// Which game.
    pub kind: GameKind,
    /// The rule set or board, e.g. "renju" or "8x8"; empty when the game has none.
    pub variant: String,
    /// How it is played, e.g. "human-vs-engine".
    pub mode: String,
    /// Who plays, in the game's own shape (names, sides, engine level ...).
    pub players: Value,
    /// The game's state after creation.
    pub state: Value,
    /// Its seats and who holds them.
    pub seats: Vec<Seat>,
    /// Its clock, for a timed game.
    pub clock: Option<Clock>,
    /// Whether only its seated players may watch it.
    pub private: bool,
    /// Whether its result changes the players' ratings.
    pub rated: bool,
}

/// A saved game with everything but its action list, as read from the store.
///
/// Only the store makes one (its revision is private to the store), and the store writes an
/// update only as a change of a game *as read*: [`Store::update_game`](super::Store::update_game)
/// takes the `SavedGame` the change was computed from and succeeds only if the game is still at
/// that revision. So no handler can write a state computed from one revision under another (the
/// lost update of two requests racing on revisions R and R+1).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SavedGame {
    /// Its id.
    pub id: i64,
    /// Which game.
    pub kind: GameKind,
    /// The rule set or board.
    pub variant: String,
    /// How it is played.
    pub mode: String,
    /// Who plays.
    pub players: Value,
    /// The game's current state.
    pub state: Value,
    /// Ongoing, finished or abandoned.
    pub status: GameStatus,
    /// How it ended, once finished.
    pub result: Option<Value>,
    /// Bumped by every update; read it with [`SavedGame::revision`].
    pub(in crate::store) revision: i64,
    /// How many actions are recorded.
    pub action_count: i64,
    /// When it was created (RFC 3339, UTC).
    pub created_at: String,
    /// When it was last updated (RFC 3339, UTC).
    pub updated_at: String,
    /// Its seats; none for a game saved before players existed.
    pub seats: Vec<Seat>,
    /// Its clock, for a timed game.
    pub clock: Option<Clock>,
    /// The rematch offered or started after it, if any.
    pub rematch: Option<RematchLink>,
    /// Whether only its seated players may watch it.
    pub private: bool,
    /// Whether its result changes the players' ratings.
    pub rated: bool,
}

/// A finished game's rematch: a new game with the colours swapped, offered by one player and
/// started when the other accepts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RematchLink {
    /// The new game.
    pub game: i64,
    /// Who offered it.
    pub offered_by: PlayerId,
    /// Whether the opponent has accepted (the new game is on).
    pub accepted: bool,
}

impl SavedGame {
    /// The players holding its seats, in seat order (one player holding two seats is listed
    /// twice).
    pub fn seated_players(&self) -> Vec<PlayerId> {
        self.seats
            .iter()
            .filter_map(|s| match &s.holder {
                super::Holder::Player(p) => Some(p.clone()),
                _ => None,
            })
            .collect()
    }

    /// Whether `player` (`None`: somebody without a player yet) may watch this game: anybody,
    /// unless it is private.
    pub fn may_watch(&self, player: Option<&PlayerId>) -> bool {
        !self.private || player.is_some_and(|p| self.seats.iter().any(|s| s.is_held_by(p)))
    }

    /// Whether `player` holds a seat here, or may take this game saved before seats existed.
    pub fn may_act(&self, player: &PlayerId) -> bool {
        self.seats.is_empty() || self.seats.iter().any(|s| s.is_held_by(player))
    }

    /// Whether two different people play it (or one waits for the other: a seat is open): a
    /// game against a friend, where help from an engine is not given while it goes on.
    pub fn between_players(&self) -> bool {
        let players = self.seated_players();
        let open = self.seats.iter().any(|s| s.holder == super::Holder::Open);
        open || players.iter().any(|p| *p != players[0])
    }

    /// The revision this game was read at: bumped by every update.
    pub fn revision(&self) -> i64 {
        self.revision
    }
}

/// The change one accepted action makes to a saved game.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GameUpdate {
    /// The new state.
    pub state: Value,
    /// The new status; `None` keeps the current one. Setting `Ongoing` (reopening a finished game,
    /// e.g. by undo) clears the stored result.
    pub status: Option<GameStatus>,
    /// The result, when the game ends; `None` keeps the current one.
    pub result: Option<Value>,
    /// Keep only this many of the recorded actions before appending (undo); `None` keeps all.
    pub truncate_actions_to: Option<i64>,
    /// Actions to append, in order.
    pub append_actions: Vec<Value>,
    /// A leaderboard entry earned in this game, written in the same transaction.
    pub leaderboard_entry: Option<NewLeaderboardEntry>,
    /// Two seats whose holders exchange places (an opening rule's swap of colours); the clocks
    /// stay with the seats.
    pub swap_seats: Option<[String; 2]>,
    /// The clock after this action (`api::timed` sets it for every timed game); `None` keeps it.
    pub clock: Option<Clock>,
    /// What the other instances on the same PostgreSQL database are told of this change (see
    /// `crate::cluster`), sent in the same transaction so that it goes if and only if the
    /// change is committed; ignored on SQLite. Set by the watched store, not by the games.
    pub notice: Option<String>,
}

/// Which saved games to list.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameFilter {
    /// Only this kind; `None` for all.
    pub kind: Option<GameKind>,
    /// Only games where this player holds a seat, and games saved before seats existed (which
    /// its first player takes); `None` for every game.
    pub player: Option<PlayerId>,
    /// At most this many (newest first).
    pub limit: u32,
    /// Leave out ongoing games nobody has moved in yet: an empty board is no saved game to list.
    pub played_only: bool,
}

/// A leaderboard entry to add, with the update of the game it was earned in
/// ([`GameUpdate::leaderboard_entry`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewLeaderboardEntry {
    /// Which game.
    pub game: GameKind,
    /// The board or level, e.g. "8x8" or "level-3".
    pub variant: String,
    /// The player's name as entered.
    pub name: String,
    /// Higher is better; `None` when only time counts.
    pub score: Option<i64>,
    /// Lower is better, in milliseconds.
    pub time_ms: Option<i64>,
}

/// A leaderboard entry as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LeaderboardEntry {
    /// Its id.
    pub id: i64,
    /// Which game.
    pub game: GameKind,
    /// The board or level.
    pub variant: String,
    /// The player's name.
    pub name: String,
    /// Higher is better.
    pub score: Option<i64>,
    /// Lower is better, in milliseconds.
    pub time_ms: Option<i64>,
    /// The saved game the entry was earned in.
    pub game_id: Option<i64>,
    /// When it was added (RFC 3339, UTC).
    pub created_at: String,
}
