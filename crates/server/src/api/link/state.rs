//! The saved state of a Lianliankan game and the view sent to the page.

use qipan_link::{Board, Game, Level, Snapshot, Status};
use serde::{Deserialize, Serialize};

use crate::api::saved::SavedState;
use crate::error::ApiError;
use crate::store::{GameKind, GameStatus, SavedGame};
use crate::time::now_ms;

/// A board as rows of kind numbers (null for empty), top row first.
pub type Tiles = Vec<Vec<Option<usize>>>;

/// A removal that can be taken back, as saved.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SavedSnapshot {
    pub tiles: Tiles,
    pub score: u32,
    pub chain: u32,
    pub last_removal_ms: Option<u64>,
}

/// What is saved for a game: the library's [`Game`] field by field, plus the server's clock.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameState {
    pub level: u32,
    pub seed: u64,
    /// Server time when the game began (ms since the Unix epoch); the game's clock counts from it.
    pub started_ms: i64,
    pub tiles: Tiles,
    pub status: String,
    pub score: u32,
    pub chain: u32,
    pub last_removal_ms: Option<u64>,
    pub hints_left: u32,
    pub shuffles_left: u32,
    pub shuffles_done: u32,
    pub paused_ms: u64,
    pub paused_since: Option<u64>,
    pub finished_ms: Option<u64>,
    pub history: Vec<SavedSnapshot>,
    /// Whether the leaderboard entry has been made.
    pub entered: bool,
}

impl GameState {
    /// The state of `game`, begun at `started_ms`.
    pub fn new(game: &Game, started_ms: i64, entered: bool) -> Self {
        GameState {
            level: game.level.number,
            seed: game.seed,
            started_ms,
            tiles: game.board.to_rows(),
            status: game.status.name().to_string(),
            score: game.score,
            chain: game.chain,
            last_removal_ms: game.last_removal_ms,
            hints_left: game.hints_left,
            shuffles_left: game.shuffles_left,
            shuffles_done: game.shuffles_done,
            paused_ms: game.paused_ms,
            paused_since: game.paused_since,
            finished_ms: game.finished_ms,
            history: game
                .history
                .iter()
                .map(|s| SavedSnapshot {
                    tiles: s.board.to_rows(),
                    score: s.score,
                    chain: s.chain,
                    last_removal_ms: s.last_removal_ms,
                })
                .collect(),
            entered,
        }
    }

    /// The library's game back from the saved state.
    pub fn game(&self) -> Result<Game, ApiError> {
        let level = Level::get(self.level).map_err(ApiError::internal)?;
        let board = |tiles: &Tiles| Board::from_rows(tiles).map_err(ApiError::internal);
        let status = Status::ALL
            .into_iter()
            .find(|s| s.name() == self.status)
            .ok_or_else(|| ApiError::internal(format!("unknown saved status {}", self.status)))?;
        Ok(Game {
            level,
            seed: self.seed,
            board: board(&self.tiles)?,
            status,
            score: self.score,
            chain: self.chain,
            last_removal_ms: self.last_removal_ms,
            hints_left: self.hints_left,
            shuffles_left: self.shuffles_left,
            shuffles_done: self.shuffles_done,
            paused_ms: self.paused_ms,
            paused_since: self.paused_since,
            finished_ms: self.finished_ms,
            history: self
                .history
                .iter()
                .map(|s| {
                    Ok(Snapshot {
                        board: board(&s.tiles)?,
                        score: s.score,
                        chain: s.chain,
                        last_removal_ms: s.last_removal_ms,
                    })
                })
                .collect::<Result<_, ApiError>>()?,
        })
    }

    /// Milliseconds on the game's clock now.
    pub fn clock_ms(&self) -> u64 {
        u64::try_from(now_ms() - self.started_ms).unwrap_or(0)
    }
}

impl SavedState for GameState {
    const KIND: GameKind = GameKind::Link;
    const NAME: &'static str = "Lianliankan";
}

/// A level as the page sees it.
#[derive(Debug, Serialize)]
pub struct LevelView {
    pub number: u32,
    pub rows: usize,
    pub cols: usize,
    pub kinds: usize,
    pub mode: &'static str,
    pub seconds: u32,
    pub hints: u32,
    pub shuffles: u32,
}

impl From<Level> for LevelView {
    fn from(level: Level) -> Self {
        LevelView {
            number: level.number,
            rows: level.rows,
            cols: level.cols,
            kinds: level.kinds,
            mode: level.mode.name(),
            seconds: level.seconds,
            hints: level.hints,
            shuffles: level.shuffles,
        }
    }
}

/// The game as the page sees it. The tiles are hidden while the game is paused.
#[derive(Debug, Serialize)]
pub struct GameView {
    pub id: i64,
    pub revision: i64,
    pub status: GameStatus,
    /// playing, paused, won, time_up or no_moves.
    pub state: &'static str,
    pub level: LevelView,
    pub rows: usize,
    pub cols: usize,
    pub tiles: Option<Tiles>,
    pub tiles_left: usize,
    pub score: u32,
    pub chain: u32,
    pub hints_left: u32,
    pub shuffles_left: u32,
    pub time_left_ms: u64,
    pub can_undo: bool,
    pub entered: bool,
}

impl GameView {
    pub fn new(saved: &SavedGame, game: &Game, state: &GameState) -> Self {
        GameView {
            id: saved.id,
            revision: saved.revision(),
            status: saved.status,
            state: game.status.name(),
            level: game.level.into(),
            rows: game.board.rows(),
            cols: game.board.cols(),
            tiles: (game.status != Status::Paused).then(|| game.board.to_rows()),
            tiles_left: game.board.tile_count(),
            score: game.score,
            chain: game.chain,
            hints_left: game.hints_left,
            shuffles_left: game.shuffles_left,
            time_left_ms: game.time_left_ms(state.clock_ms()),
            can_undo: !game.history.is_empty() && !game.status.is_over(),
            entered: state.entered,
        }
    }
}
