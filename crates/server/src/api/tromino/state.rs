//! The saved state of a tromino game and the view sent to the page.

use qipan_tromino::{Shape, Square, Tromino};
use serde::{Deserialize, Serialize};

use crate::api::leaderboards::RANKED_HINTS;
use crate::api::saved::SavedState;
use crate::store::{GameKind, GameStatus, SavedGame};
use crate::time::now_ms;

/// A tromino as the page and the saved state write it: its box's lower-left square and its shape
/// (`ll`, `lr`, `ul` or `ur`: the empty corner of the 2x2 box).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub x: u32,
    pub y: u32,
    pub shape: ShapeName,
}

/// The name of a shape in JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ShapeName {
    Ll,
    Lr,
    Ul,
    Ur,
}

impl From<Shape> for ShapeName {
    fn from(shape: Shape) -> Self {
        match shape {
            Shape::EmptyLowerLeft => ShapeName::Ll,
            Shape::EmptyLowerRight => ShapeName::Lr,
            Shape::EmptyUpperLeft => ShapeName::Ul,
            Shape::EmptyUpperRight => ShapeName::Ur,
        }
    }
}

impl From<ShapeName> for Shape {
    fn from(name: ShapeName) -> Self {
        match name {
            ShapeName::Ll => Shape::EmptyLowerLeft,
            ShapeName::Lr => Shape::EmptyLowerRight,
            ShapeName::Ul => Shape::EmptyUpperLeft,
            ShapeName::Ur => Shape::EmptyUpperRight,
        }
    }
}

impl From<Tromino> for Piece {
    fn from(t: Tromino) -> Self {
        Piece {
            x: t.corner.x,
            y: t.corner.y,
            shape: t.shape.into(),
        }
    }
}

impl From<Piece> for Tromino {
    fn from(p: Piece) -> Self {
        Tromino::new(Square::new(p.x, p.y), p.shape.into())
    }
}

/// What is saved for a game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameState {
    pub size: u32,
    pub missing: [u32; 2],
    pub placed: Vec<Piece>,
    pub started_ms: i64,
    /// The final time (with hint penalties), once the board is covered.
    pub time_ms: Option<i64>,
    pub hints: u32,
    /// Whether the server showed this game the divide-and-conquer demo (a whole tiling).
    #[serde(default)]
    pub demo_shown: bool,
    /// Whether the leaderboard entry has been made.
    pub entered: bool,
}

impl GameState {
    pub fn missing_square(&self) -> Square {
        Square::new(self.missing[0], self.missing[1])
    }

    pub fn trominoes(&self) -> Vec<Tromino> {
        self.placed.iter().map(|&p| p.into()).collect()
    }
}

impl SavedState for GameState {
    const KIND: GameKind = GameKind::Tromino;
    const NAME: &'static str = "tromino";

    fn assisted(&self) -> bool {
        self.demo_shown || self.hints > RANKED_HINTS
    }
}

/// The game as the page sees it.
#[derive(Debug, Serialize)]
pub struct GameView {
    pub id: i64,
    pub revision: i64,
    pub status: GameStatus,
    pub size: u32,
    pub missing: [u32; 2],
    pub placed: Vec<Piece>,
    pub hints: u32,
    /// Milliseconds since the start (running clock), or the final time once finished.
    pub elapsed_ms: i64,
    pub time_ms: Option<i64>,
    /// Shown the demo or too many hints: never on the leaderboard.
    pub assisted: bool,
    pub entered: bool,
    /// True when the last placement could not be decided in time and was let through.
    pub undecided: bool,
}

impl GameView {
    pub fn new(game: &SavedGame, state: &GameState, undecided: bool) -> Self {
        GameView {
            id: game.id,
            revision: game.revision(),
            status: game.status,
            size: state.size,
            missing: state.missing,
            placed: state.placed.clone(),
            hints: state.hints,
            elapsed_ms: state.time_ms.unwrap_or_else(|| now_ms() - state.started_ms),
            time_ms: state.time_ms,
            assisted: state.assisted(),
            entered: state.entered,
            undecided,
        }
    }
}
