//! The errors of qipan-tromino: each variant has a stable machine-readable [`Error::code`] so that
//! a user interface can translate it.

use thiserror::Error;

/// Everything that can go wrong when building, reading or checking a tiling.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// The board side is 0 or larger than the library accepts.
    #[error("board size {size} is out of range: the side must be between 1 and {max}")]
    SizeOutOfRange {
        /// The side asked for.
        size: u64,
        /// The largest side accepted.
        max: u32,
    },
    /// A square (the missing one, or one named by a tromino) lies outside the board.
    #[error("square ({x}, {y}) is outside the {size}x{size} board")]
    SquareOutsideBoard {
        /// Column from the left, from 0.
        x: u64,
        /// Row from the bottom, from 0.
        y: u64,
        /// The board side.
        size: u32,
    },
    /// A square written as text could not be read.
    #[error("cannot read the square {text:?}: {why}")]
    BadSquare {
        /// The text given.
        text: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// A board side divisible by 3 leaves n*n - 1 squares, not a multiple of 3.
    #[error(
        "the {size}x{size} board with one square missing has {cells} squares, which is not a multiple of 3"
    )]
    AreaNotDivisibleByThree {
        /// The board side.
        size: u32,
        /// Squares left to cover.
        cells: u64,
    },
    /// The 5x5 board can only be tiled when the missing square has both coordinates even
    /// (Chu and Johnsonbaugh 1986).
    #[error(
        "the 5x5 board without ({x}, {y}) cannot be tiled: on 5x5 only the nine squares with both coordinates even (0, 2 or 4) may be missing"
    )]
    FiveByFiveException {
        /// Column of the missing square.
        x: u32,
        /// Row of the missing square.
        y: u32,
    },
    /// Two trominoes cover the same square.
    #[error("two trominoes overlap at ({x}, {y})")]
    Overlap {
        /// Column.
        x: u32,
        /// Row.
        y: u32,
    },
    /// A tromino covers the missing square.
    #[error("a tromino covers the missing square ({x}, {y})")]
    CoversMissing {
        /// Column.
        x: u32,
        /// Row.
        y: u32,
    },
    /// A square other than the missing one is left uncovered.
    #[error("square ({x}, {y}) is not covered by any tromino")]
    Uncovered {
        /// Column.
        x: u32,
        /// Row.
        y: u32,
    },
    /// The per-square codes of a tiling do not describe whole trominoes.
    #[error("square ({x}, {y}) holds a code that does not match its tromino")]
    InconsistentCode {
        /// Column.
        x: u32,
        /// Row.
        y: u32,
    },
    /// The tiling search ran out of its time or node budget before it could decide.
    #[error("the search gave up after {nodes} steps without deciding")]
    SearchGaveUp {
        /// Search nodes visited.
        nodes: u64,
    },
    /// The board is too large for the general colouring (the graph it needs would not fit).
    #[error("a tiling of {cells} squares is too large for the general colouring (at most {max})")]
    TooLargeToColour {
        /// Squares of the board.
        cells: u64,
        /// The largest number of squares accepted.
        max: u64,
    },
}

impl Error {
    /// A stable identifier of the kind of error, for user interfaces that translate messages.
    pub fn code(&self) -> &'static str {
        match self {
            Error::SizeOutOfRange { .. } => "size_out_of_range",
            Error::SquareOutsideBoard { .. } => "square_outside_board",
            Error::BadSquare { .. } => "bad_square",
            Error::AreaNotDivisibleByThree { .. } => "area_not_divisible_by_three",
            Error::FiveByFiveException { .. } => "five_by_five_exception",
            Error::Overlap { .. } => "overlap",
            Error::CoversMissing { .. } => "covers_missing",
            Error::Uncovered { .. } => "uncovered",
            Error::InconsistentCode { .. } => "inconsistent_code",
            Error::SearchGaveUp { .. } => "search_gave_up",
            Error::TooLargeToColour { .. } => "too_large_to_colour",
        }
    }
}
