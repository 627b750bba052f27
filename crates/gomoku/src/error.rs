//! Errors of the Gomoku library. Each variant is stable so that a user interface can translate it
//! by its [`code`](MoveError::code).

use thiserror::Error;

use crate::renju::Forbidden;

/// A board size outside 5..=25.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("board size {0} is not supported (5 to 25)")]
pub struct SizeError(pub u32);

/// A coordinate that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CoordError {
    /// Not of the form letter + row number, e.g. `h8`.
    #[error("`{0}` is not a coordinate like h8")]
    Malformed(String),
    /// Outside the board.
    #[error("`{coord}` is off a {size}x{size} board")]
    OffBoard {
        /// The text given.
        coord: String,
        /// The board side.
        size: u8,
    },
}

/// A move that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The game has already ended.
    #[error("the game is over")]
    GameOver,
    /// The point is not on the board.
    #[error("({x},{y}) is off the board")]
    OffBoard {
        /// Column given.
        x: u32,
        /// Row given.
        y: u32,
    },
    /// A stone is already there.
    #[error("the point {0} is occupied")]
    Occupied(String),
    /// A renju forbidden point for Black, refused by the rules setting.
    #[error("{point} is forbidden for Black ({kind})")]
    Forbidden {
        /// The point in `h8` notation.
        point: String,
        /// Why it is forbidden.
        kind: Forbidden,
    },
}

impl MoveError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            MoveError::GameOver => "game_over",
            MoveError::OffBoard { .. } => "off_board",
            MoveError::Occupied(_) => "occupied",
            MoveError::Forbidden { .. } => "forbidden",
        }
    }
}

/// A game record that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {reason}")]
pub struct RecordError {
    /// 1-based line of the record where the problem is (for SGF, the line of the property).
    pub line: usize,
    /// What is wrong.
    pub reason: RecordProblem,
}

/// What is wrong in a record.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordProblem {
    /// The record is empty or lacks its header.
    #[error("missing header: {0}")]
    MissingHeader(String),
    /// A line or property that cannot be understood.
    #[error("cannot read `{0}`")]
    Syntax(String),
    /// Board size outside 5..=25 or not square.
    #[error("unsupported board: {0}")]
    BadBoard(String),
    /// The SGF is not a Gomoku game (GM must be 4).
    #[error("not a Gomoku SGF (GM[{0}])")]
    WrongGame(String),
    /// A move breaking the rules (occupied point, off board, after the end ...).
    #[error("illegal move {index}: {error}")]
    IllegalMove {
        /// 1-based move number.
        index: usize,
        /// Why the move is illegal.
        error: MoveError,
    },
    /// Colours do not alternate, Black first.
    #[error("move {0} is played by the wrong colour")]
    WrongColor(usize),
}

impl RecordError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self.reason {
            RecordProblem::MissingHeader(_) => "missing_header",
            RecordProblem::Syntax(_) => "syntax",
            RecordProblem::BadBoard(_) => "bad_board",
            RecordProblem::WrongGame(_) => "wrong_game",
            RecordProblem::IllegalMove { .. } => "illegal_move",
            RecordProblem::WrongColor(_) => "wrong_color",
        }
    }
}
