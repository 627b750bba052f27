//! The plain data of players and seats.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A player's public id: random, shown in seats and player pages (never a secret).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub String);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A player as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Player {
    /// Public id.
    pub id: PlayerId,
    /// Chosen display name; `None` for a guest (pages show a "Guest" tag made from the id).
    pub name: Option<String>,
    /// Account name, once the player has claimed an account.
    pub username: Option<String>,
    /// When the player first came (RFC 3339, UTC).
    pub created_at: String,
}

/// Who holds a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Holder {
    /// A player.
    Player(PlayerId),
    /// The engine, at a level or setting worth showing.
    Engine(String),
    /// Nobody yet: an open seat.
    Open,
}

/// One seat of a saved game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// The seat's name in its game: `red`/`black` (Xiangqi), `black`/`white` (Gomoku), `solo`
    /// (the puzzles), `owner` (a game saved before seats existed, taken by its first player).
    pub seat: String,
    /// Who holds it.
    pub holder: Holder,
}

impl Seat {
    /// A seat held by `player`.
    pub fn player(seat: &str, player: &PlayerId) -> Seat {
        Seat {
            seat: seat.to_owned(),
            holder: Holder::Player(player.clone()),
        }
    }

    /// A seat held by the engine.
    pub fn engine(seat: &str, setting: impl Into<String>) -> Seat {
        Seat {
            seat: seat.to_owned(),
            holder: Holder::Engine(setting.into()),
        }
    }

    /// A seat nobody holds yet, for a friend to take.
    pub fn open(seat: &str) -> Seat {
        Seat {
            seat: seat.to_owned(),
            holder: Holder::Open,
        }
    }

    /// Whether `player` holds this seat.
    pub fn is_held_by(&self, player: &PlayerId) -> bool {
        matches!(&self.holder, Holder::Player(p) if p == player)
    }
}

/// The seat a player takes in a game saved before seats existed.
pub const LEGACY_SEAT: &str = "owner";
