//! Everything that can go wrong, with stable machine-readable codes for translation.

use crate::point::Point;
use thiserror::Error;

/// An error of the Lianliankan library. [`Error::code`] gives a stable identifier the UI
/// translates; the `Display` text is English.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The board size is outside 1×1 ..= 20×30.
    #[error(
        "a board of {rows}×{cols} tiles is not allowed: rows must be 1..=20 and columns 1..=30"
    )]
    BoardSize {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// A point that should be a tile of the board lies outside it.
    #[error("{point} is not on the board")]
    OutOfBoard {
        /// The point.
        point: Point,
    },
    /// A point that should hold a tile is empty.
    #[error("there is no tile at {point}")]
    EmptyCell {
        /// The empty point.
        point: Point,
    },
    /// Both points of a removal are the same tile.
    #[error("{point} was chosen twice; pick two different tiles")]
    SameTile {
        /// The point chosen twice.
        point: Point,
    },
    /// The two tiles of a removal show different kinds.
    #[error("the tiles at {a} and {b} are different")]
    DifferentKinds {
        /// The first tile.
        a: Point,
        /// The second tile.
        b: Point,
    },
    /// No path with at most two turns joins the two tiles.
    #[error("no path with at most two turns joins {a} and {b}")]
    NoPath {
        /// The first tile.
        a: Point,
        /// The second tile.
        b: Point,
    },
    /// A kind number is too large.
    #[error("tile kind {kind} is out of range (at most {max})")]
    KindOutOfRange {
        /// The kind given.
        kind: usize,
        /// The largest kind allowed.
        max: usize,
    },
    /// A kind occurs an odd number of times, so its tiles can never all be removed.
    #[error("kind {kind} occurs {count} times, an odd number (first at {first})")]
    OddCount {
        /// The kind.
        kind: usize,
        /// How many tiles of it there are.
        count: usize,
        /// Where the first of them lies.
        first: Point,
    },
    /// The rows of a board do not all have the same width.
    #[error("row {row} has {found} cells, but the board is {expected} wide")]
    RowWidth {
        /// The row (from 0 at the top).
        row: usize,
        /// The width of the first row.
        expected: usize,
        /// The width of this row.
        found: usize,
    },
    /// A line of a text board could not be read.
    #[error("line {line}: {problem}")]
    Text {
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        problem: TextProblem,
    },
    /// A text board has no rows at all.
    #[error("the board text has no rows")]
    EmptyText,
    /// The kinds and copies of a deal do not fill the board.
    #[error("{kinds} kinds × {copies} copies = {tiles} tiles do not fill a board of {cells} cells")]
    DealDoesNotFit {
        /// Kinds asked for.
        kinds: usize,
        /// Copies of each kind.
        copies: usize,
        /// kinds × copies.
        tiles: usize,
        /// rows × cols.
        cells: usize,
    },
    /// Tiles must come in pairs.
    #[error("each kind needs an even number of copies (at least 2), not {copies}")]
    OddCopies {
        /// Copies asked for.
        copies: usize,
    },
    /// No clearable deal was found within the attempts allowed.
    #[error("no clearable deal found in {attempts} attempts")]
    NoClearableDeal {
        /// Deals tried.
        attempts: usize,
    },
    /// No clearable rearrangement of the remaining tiles was found.
    #[error("no clearable shuffle of the remaining tiles found in {attempts} attempts")]
    NoClearableShuffle {
        /// Shuffles tried.
        attempts: usize,
    },
    /// There is no level with this number.
    #[error("there is no level {number}")]
    NoSuchLevel {
        /// The number asked for.
        number: u32,
    },
    /// The game is over (won, or lost on time or for want of moves).
    #[error("the game is over")]
    GameOver,
    /// The game is paused; resume it first.
    #[error("the game is paused")]
    Paused,
    /// All the hints of this game have been used.
    #[error("no hints left")]
    NoHintsLeft,
    /// All the shuffles of this game have been used.
    #[error("no shuffles left")]
    NoShufflesLeft,
    /// There is no removal to take back.
    #[error("nothing to undo")]
    NothingToUndo,
    /// The name of a mode is not known.
    #[error(
        "unknown mode {name:?}; known modes: classic, down (gravity), up, left, right, centre-x, centre-y"
    )]
    UnknownMode {
        /// The name given.
        name: String,
    },
}

/// What is wrong with one line of a text board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TextProblem {
    /// A character that is neither a tile letter nor `.`.
    #[error(
        "unknown character {ch:?} at column {column}; tiles are A-Z, a-z, 0-9 and '.' is empty"
    )]
    UnknownChar {
        /// The character.
        ch: char,
        /// Its column, from 1.
        column: usize,
    },
    /// The line is wider or narrower than the first row.
    #[error("{found} cells, but the first row has {expected}")]
    Width {
        /// Width of the first row.
        expected: usize,
        /// Width of this line.
        found: usize,
    },
    /// More rows than a board may have.
    #[error("more than 20 rows")]
    TooManyRows,
    /// A row wider than a board may be.
    #[error("{found} cells, more than 30")]
    TooWide {
        /// Width of this line.
        found: usize,
    },
    /// A tile kind occurs an odd number of times (the line is where it first occurs).
    #[error("tile {ch:?} occurs {count} times, an odd number")]
    OddCount {
        /// The tile letter.
        ch: char,
        /// How many times it occurs.
        count: usize,
    },
}

impl Error {
    /// A stable machine-readable identifier of the error, for translation.
    pub fn code(&self) -> &'static str {
        match self {
            Error::BoardSize { .. } => "board_size",
            Error::OutOfBoard { .. } => "out_of_board",
            Error::EmptyCell { .. } => "empty_cell",
            Error::SameTile { .. } => "same_tile",
            Error::DifferentKinds { .. } => "different_kinds",
            Error::NoPath { .. } => "no_path",
            Error::KindOutOfRange { .. } => "kind_out_of_range",
            Error::OddCount { .. } => "odd_count",
            Error::RowWidth { .. } => "row_width",
            Error::Text { problem, .. } => match problem {
                TextProblem::UnknownChar { .. } => "text_unknown_char",
                TextProblem::Width { .. } => "text_width",
                TextProblem::TooManyRows => "text_too_many_rows",
                TextProblem::TooWide { .. } => "text_too_wide",
                TextProblem::OddCount { .. } => "text_odd_count",
            },
            Error::EmptyText => "empty_text",
            Error::DealDoesNotFit { .. } => "deal_does_not_fit",
            Error::OddCopies { .. } => "odd_copies",
            Error::NoClearableDeal { .. } => "no_clearable_deal",
            Error::NoClearableShuffle { .. } => "no_clearable_shuffle",
            Error::UnknownMode { .. } => "unknown_mode",
            Error::NoSuchLevel { .. } => "no_such_level",
            Error::GameOver => "game_over",
            Error::Paused => "paused",
            Error::NoHintsLeft => "no_hints_left",
            Error::NoShufflesLeft => "no_shuffles_left",
            Error::NothingToUndo => "nothing_to_undo",
        }
    }
}
