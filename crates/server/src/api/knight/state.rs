//! The saved state of a knight's tour game and the view sent to the page.

use qipan_knight::{Board, Square, TourKind};
use serde::{Deserialize, Serialize};

use crate::api::leaderboards::RANKED_HINTS;
use crate::api::saved::SavedState;
use crate::error::ApiError;
use crate::store::{GameKind, GameStatus, SavedGame};
use crate::time::now_ms;

/// What is saved for a game: the board, whether the tour must close, and the trail so far.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameState {
    pub cols: u32,
    pub rows: u32,
    pub closed: bool,
    /// The squares visited, in order, as `[x, y]`; the first is the start square.
    pub trail: Vec<[u32; 2]>,
    pub started_ms: i64,
    /// The final time, once the tour is complete and verified.
    pub time_ms: Option<i64>,
    pub hints: u32,
    /// Whether the server showed this game a whole tour (the auto-solve).
    #[serde(default)]
    pub solved_by_server: bool,
    /// Whether the leaderboard entry has been made.
    pub entered: bool,
}

impl GameState {
    pub fn board(&self) -> Result<Board, ApiError> {
        Board::new(u64::from(self.cols), u64::from(self.rows)).map_err(ApiError::internal)
    }

    pub fn kind(&self) -> TourKind {
        if self.closed {
            TourKind::Closed
        } else {
            TourKind::Open
        }
    }

    pub fn squares(&self) -> Vec<Square> {
        self.trail.iter().map(|&[x, y]| Square::new(x, y)).collect()
    }

    /// The trail as square indices of `board`, as [`qipan_knight::verify`] takes it.
    pub fn path(&self, board: Board) -> Vec<u32> {
        self.squares().into_iter().map(|s| board.index(s)).collect()
    }
}

impl SavedState for GameState {
    const KIND: GameKind = GameKind::Knight;
    const NAME: &'static str = "knight's tour";

    fn assisted(&self) -> bool {
        self.solved_by_server || self.hints > RANKED_HINTS
    }
}

/// The game as the page sees it.
#[derive(Debug, Serialize)]
pub struct GameView {
    pub id: i64,
    pub revision: i64,
    pub status: GameStatus,
    pub cols: u32,
    pub rows: u32,
    pub closed: bool,
    pub trail: Vec<[u32; 2]>,
    /// The unvisited squares a knight's move away from the last square of the trail.
    pub reachable: Vec<[u32; 2]>,
    pub hints: u32,
    /// Milliseconds since the start (running clock), or the final time once finished.
    pub elapsed_ms: i64,
    pub time_ms: Option<i64>,
    /// Shown a whole tour or too many hints: never on the leaderboard.
    pub assisted: bool,
    pub entered: bool,
}

impl GameView {
    pub fn new(game: &SavedGame, state: &GameState) -> Result<Self, ApiError> {
        let board = state.board()?;
        let reachable = match (game.status, state.trail.last()) {
            (GameStatus::Ongoing, Some(&[x, y])) => board
                .knight_moves(Square::new(x, y))
                .map(|s| [s.x, s.y])
                .filter(|s| !state.trail.contains(s))
                .collect(),
            _ => Vec::new(),
        };
        Ok(GameView {
            id: game.id,
            revision: game.revision(),
            status: game.status,
            cols: state.cols,
            rows: state.rows,
            closed: state.closed,
            trail: state.trail.clone(),
            reachable,
            hints: state.hints,
            elapsed_ms: state.time_ms.unwrap_or_else(|| now_ms() - state.started_ms),
            time_ms: state.time_ms,
            assisted: state.assisted(),
            entered: state.entered,
        })
    }
}
