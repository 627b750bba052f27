//! The errors of qipan-knight. Each variant has a stable machine-readable [`Error::code`] so that
//! a user interface can translate it; the English text names the theorem or search behind it.

use thiserror::Error;

/// Everything that can go wrong when asking for, counting or checking a knight's tour.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// A side of the board is 0.
    #[error("a {cols}x{rows} board has no squares: both sides must be at least 1")]
    EmptyBoard {
        /// Columns asked for.
        cols: u64,
        /// Rows asked for.
        rows: u64,
    },
    /// The board has more squares than the library accepts.
    #[error("a {cols}x{rows} board is too large: at most {max} squares are accepted")]
    BoardTooLarge {
        /// Columns asked for.
        cols: u64,
        /// Rows asked for.
        rows: u64,
        /// The largest number of squares accepted.
        max: u64,
    },
    /// A board size written as text could not be read.
    #[error("cannot read the board size {text:?}: {why}")]
    BadSize {
        /// The text given.
        text: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// A square written as text could not be read.
    #[error("cannot read the square {text:?}: {why}")]
    BadSquare {
        /// The text given.
        text: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// A square lies outside the board.
    #[error("square ({x}, {y}) is outside the {cols}x{rows} board")]
    SquareOffBoard {
        /// Column from the left, from 0.
        x: u32,
        /// Row from the bottom, from 0.
        y: u32,
        /// Columns of the board.
        cols: u32,
        /// Rows of the board.
        rows: u32,
    },
    /// No closed tour: both sides odd (Schwenk 1991, condition 1: a closed tour alternates colours,
    /// so it needs as many squares of one colour as of the other).
    #[error(
        "no closed tour on {cols}x{rows}: both sides are odd, and a closed tour alternates colours so it needs an even number of squares (Schwenk 1991)"
    )]
    ClosedBothSidesOdd {
        /// Columns of the board.
        cols: u32,
        /// Rows of the board.
        rows: u32,
    },
    /// No closed tour: the short side is 1, 2 or 4 (Schwenk 1991, condition 2).
    #[error(
        "no closed tour on {cols}x{rows}: a board whose short side is 1, 2 or 4 has none (Schwenk 1991)"
    )]
    ClosedShortSide {
        /// Columns of the board.
        cols: u32,
        /// Rows of the board.
        rows: u32,
    },
    /// No closed tour: the board is 3×4, 3×6 or 3×8 (Schwenk 1991, condition 3).
    #[error("no closed tour on {cols}x{rows}: 3x4, 3x6 and 3x8 boards have none (Schwenk 1991)")]
    ClosedThreeBySmall {
        /// Columns of the board.
        cols: u32,
        /// Rows of the board.
        rows: u32,
    },
    /// No open tour: the short side is 1 or 2 and the board is not 1×1, so the knight cannot reach
    /// every square (Cull and De Curtins 1978; Conrad, Hindrichs, Morsy and Wegener 1994).
    #[error(
        "no tour on {cols}x{rows}: on a board whose short side is 1 or 2 the knight cannot reach every square (Cull and De Curtins 1978; Conrad et al. 1994)"
    )]
    OpenShortSide {
        /// Columns of the board.
        cols: u32,
        /// Rows of the board.
        rows: u32,
    },
    /// No open tour on 3×3, 3×5, 3×6 or 4×4: the case analysis left by Conrad et al. 1994,
    /// decided here by exhaustive search from every square.
    #[error(
        "no tour on {cols}x{rows}: an exhaustive search of every path from every square finds none (the small cases of Conrad et al. 1994)"
    )]
    OpenSmallBoard {
        /// Columns of the board.
        cols: u32,
        /// Rows of the board.
        rows: u32,
    },
    /// The board has an odd number of squares and the start is on the minority colour.
    #[error(
        "no tour from {square} on {cols}x{rows}: the board has an odd number of squares, so a tour (which alternates colours) must start on the colour of a1, which has one square more (Conrad et al. 1994)"
    )]
    MinorityColourStart {
        /// The start square's name.
        square: String,
        /// Columns of the board.
        cols: u32,
        /// Rows of the board.
        rows: u32,
    },
    /// On a board with 4 rows (or columns) a tour must start on an outer line.
    #[error(
        "no tour from {square} on {cols}x{rows}, an inner square: on a board 4 squares wide a knight on one of the two outer lines can only jump to the two inner lines, so no two outer squares follow each other in a tour; half the squares are outer, so a tour from an inner square would alternate inner, outer, inner, ... to the end and visit every inner square at an odd step; a knight changes colour at every move, so every inner square would have the start's colour, yet the inner lines hold both colours. A tour must start and end on an outer line (the argument behind Schwenk 1991)"
    )]
    FourWideInnerStart {
        /// The start square's name.
        square: String,
        /// Columns of the board.
        cols: u32,
        /// Rows of the board.
        rows: u32,
    },
    /// An exhaustive search proved that no tour starts on this square.
    #[error(
        "no tour from {square} on {cols}x{rows}: an exhaustive search from it ({nodes} nodes) finds none"
    )]
    NoTourFromSquare {
        /// The start square's name.
        square: String,
        /// Columns of the board.
        cols: u32,
        /// Rows of the board.
        rows: u32,
        /// Nodes the search visited.
        nodes: u64,
    },
    /// The search stopped at its bound before deciding.
    #[error("the search stopped after {nodes} nodes without deciding; the answer is unknown")]
    SearchLimit {
        /// Nodes visited before stopping.
        nodes: u64,
    },
    /// The construction for large boards failed where a tour exists: a bug, never expected.
    #[error(
        "internal error: the construction found no tour from {square} on {cols}x{rows} although one exists; please report it"
    )]
    ConstructionFailed {
        /// The start square's name.
        square: String,
        /// Columns of the board.
        cols: u32,
        /// Rows of the board.
        rows: u32,
    },
    /// A hint was asked for a trail that is not a legal partial tour.
    #[error("the trail is not a legal start of a tour: {why}")]
    BadTrail {
        /// What is wrong with it.
        why: String,
    },
    /// Exhaustive counting is only offered on small boards.
    #[error(
        "counting every tour is only offered on boards of at most {max} squares; {cols}x{rows} has more"
    )]
    CountBoardTooLarge {
        /// Columns of the board.
        cols: u32,
        /// Rows of the board.
        rows: u32,
        /// The largest board (in squares) that may be counted.
        max: u32,
    },
    /// A checked path has the wrong number of squares.
    #[error("the path has {found} squares but the {cols}x{rows} board has {expected}")]
    WrongLength {
        /// Squares in the path.
        found: usize,
        /// Squares on the board.
        expected: usize,
        /// Columns of the board.
        cols: u32,
        /// Rows of the board.
        rows: u32,
    },
    /// A checked path visits a square twice.
    #[error("step {step} visits {square} a second time")]
    RepeatedSquare {
        /// The step (from 1) that repeats.
        step: usize,
        /// The square's name.
        square: String,
    },
    /// A checked path makes a step that is not a knight move.
    #[error("step {step} from {from} to {to} is not a knight move")]
    NotAKnightMove {
        /// The step (from 1, the move into square `step + 1`).
        step: usize,
        /// Where the step starts.
        from: String,
        /// Where it ends.
        to: String,
    },
    /// A path claimed closed does not end a knight move from its start.
    #[error(
        "the tour is claimed closed but its last square {last} is not a knight move from its first {first}"
    )]
    NotClosed {
        /// The first square's name.
        first: String,
        /// The last square's name.
        last: String,
    },
}

impl Error {
    /// A stable machine-readable name of the variant, for translation by a user interface.
    pub fn code(&self) -> &'static str {
        match self {
            Error::EmptyBoard { .. } => "empty_board",
            Error::BoardTooLarge { .. } => "board_too_large",
            Error::BadSize { .. } => "bad_size",
            Error::BadSquare { .. } => "bad_square",
            Error::SquareOffBoard { .. } => "square_off_board",
            Error::ClosedBothSidesOdd { .. } => "closed_both_sides_odd",
            Error::ClosedShortSide { .. } => "closed_short_side",
            Error::ClosedThreeBySmall { .. } => "closed_three_by_small",
            Error::OpenShortSide { .. } => "open_short_side",
            Error::OpenSmallBoard { .. } => "open_small_board",
            Error::MinorityColourStart { .. } => "minority_colour_start",
            Error::FourWideInnerStart { .. } => "four_wide_inner_start",
            Error::NoTourFromSquare { .. } => "no_tour_from_square",
            Error::SearchLimit { .. } => "search_limit",
            Error::ConstructionFailed { .. } => "construction_failed",
            Error::BadTrail { .. } => "bad_trail",
            Error::CountBoardTooLarge { .. } => "count_board_too_large",
            Error::WrongLength { .. } => "wrong_length",
            Error::RepeatedSquare { .. } => "repeated_square",
            Error::NotAKnightMove { .. } => "not_a_knight_move",
            Error::NotClosed { .. } => "not_closed",
        }
    }
}
