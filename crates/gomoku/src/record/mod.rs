//! Game records: a list of moves on a board of some size, read from and written to coordinate
//! lists (`h8 i9 …`), Piskvork PSQ files and SGF (`GM[4]`). Each format round-trips exactly.

pub mod coords;
pub mod psq;
pub mod sgf;

use crate::board::Board;
use crate::error::{MoveError, RecordError, RecordProblem};
use crate::point::{Color, Point};

/// A recorded game: board side, moves in order (Black first) and, when the format carries them,
/// the thinking time of each move in milliseconds and the game's particulars.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The board side.
    pub size: u8,
    /// The moves, Black first.
    pub moves: Vec<Point>,
    /// Milliseconds per move (PSQ only; empty or as long as `moves`).
    pub times_ms: Vec<u32>,
    /// Players, result, date and rule (SGF only).
    pub info: GameInfo,
}

/// What an SGF record says of a game besides its moves; empty strings where it says nothing.
/// Values as SGF writes them (FF[4]): `result` `B+`, `W+R`, `W+T`, `0` (draw); `date`
/// `YYYY-MM-DD`; `rule` free text (`freestyle`, `renju` …).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameInfo {
    /// `PB`, Black's player.
    pub black: String,
    /// `PW`, White's player.
    pub white: String,
    /// `RE`.
    pub result: String,
    /// `DT`.
    pub date: String,
    /// `RU`.
    pub rule: String,
}

impl Record {
    /// A record of these moves without times.
    pub fn new(size: u8, moves: Vec<Point>) -> Record {
        Record {
            size,
            moves,
            times_ms: vec![],
            info: GameInfo::default(),
        }
    }
}

/// Checks that the moves fit on the board and never land on a stone; `lines[i]` is the record
/// line of move `i` for the error message.
pub(crate) fn check_moves(size: u8, moves: &[Point], lines: &[usize]) -> Result<(), RecordError> {
    let mut board = Board::new(u32::from(size)).map_err(|e| RecordError {
        line: 1,
        reason: RecordProblem::BadBoard(e.to_string()),
    })?;
    for (i, &p) in moves.iter().enumerate() {
        let line = lines.get(i).copied().unwrap_or(1);
        let error = if !p.on_board(size) {
            Some(MoveError::OffBoard {
                x: u32::from(p.x),
                y: u32::from(p.y),
            })
        } else if board.get(p).is_some() {
            Some(MoveError::Occupied(p.to_coord(size)))
        } else {
            None
        };
        if let Some(error) = error {
            return Err(RecordError {
                line,
                reason: RecordProblem::IllegalMove {
                    index: i + 1,
                    error,
                },
            });
        }
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        board.set(p, Some(color));
    }
    Ok(())
}
