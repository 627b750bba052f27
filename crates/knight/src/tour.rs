//! A tour: the board, whether it is closed, and the squares in the order the knight visits them.

use crate::board::Board;
use crate::square::Square;

/// Whether a tour must return to a knight move from its start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TourKind {
    /// An open tour: a path through every square starting on the given square.
    Open,
    /// A closed tour: the last square is a knight move from the first.
    Closed,
}

/// A knight's tour found by the library; check any tour with [`crate::verify`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tour {
    board: Board,
    closed: bool,
    path: Vec<u32>,
}

impl Tour {
    pub(crate) fn new(board: Board, closed: bool, path: Vec<u32>) -> Self {
        Tour {
            board,
            closed,
            path,
        }
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Whether the last square is a knight move from the first (claimed, and checked by tests).
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The squares as board indices (`y * cols + x`) in visiting order.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// The path, consumed.
    pub fn into_path(self) -> Vec<u32> {
        self.path
    }

    /// The squares in visiting order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.path.iter().map(|&i| self.board.square(i))
    }

    /// For each square (by index), the step (from 1) on which the knight visits it.
    pub fn step_numbers(&self) -> Vec<u32> {
        let mut steps = vec![0u32; self.path.len()];
        for (step, &sq) in self.path.iter().enumerate() {
            steps[sq as usize] = step as u32 + 1;
        }
        steps
    }
}
