//! The plain data of ratings and the lobby's seeks.

use serde::Serialize;

use super::{GameKind, PlayerId};
use crate::clock::{Speed, TimeControl};

/// A player's rating in one game and speed class.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerRating {
    /// Which game.
    pub game: GameKind,
    /// Which speed class.
    pub speed: Speed,
    /// The Glicko-2 rating, rounded.
    pub rating: i64,
    /// Its deviation, rounded.
    pub deviation: i64,
    /// Still provisional (too few games).
    pub provisional: bool,
    /// Rated games played.
    pub games: i64,
    /// Of which won.
    pub wins: i64,
    /// Drawn.
    pub draws: i64,
    /// Lost.
    pub losses: i64,
}

/// One point of a rating's history: after game `game_id`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RatingPoint {
    /// When (RFC 3339, UTC).
    pub at: String,
    /// The rating after the game.
    pub rating: i64,
    /// Its deviation.
    pub deviation: i64,
    /// The game (none once deleted).
    pub game_id: Option<i64>,
}

/// A seek to open in the lobby.
#[derive(Debug, Clone, PartialEq)]
pub struct NewSeek {
    /// Who waits.
    pub player: PlayerId,
    /// Which game.
    pub game: GameKind,
    /// Gomoku's rule set; empty for Xiangqi.
    pub rule: String,
    /// The time control.
    pub control: TimeControl,
    /// Rated or casual.
    pub rated: bool,
    /// The seat the seeker wants, or `random`.
    pub color: String,
    /// The opponents' rating range, when limited.
    pub rating_range: Option<(i64, i64)>,
}

/// An open seek.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Seek {
    /// Its id.
    pub id: i64,
    /// Who waits.
    pub player: PlayerId,
    /// Which game.
    pub game: GameKind,
    /// Gomoku's rule set; empty for Xiangqi.
    pub rule: String,
    /// The time control.
    pub control: TimeControl,
    /// Its speed class.
    pub speed: Speed,
    /// Rated or casual.
    pub rated: bool,
    /// The seat the seeker wants, or `random`.
    pub color: String,
    /// The opponents' rating range, when limited.
    pub rating_range: Option<(i64, i64)>,
    /// When it was opened (RFC 3339, UTC).
    pub created_at: String,
}
