//! qipan-knight: knight's tours (马踏棋盘) on any board where one exists, from any square, in time
//! and memory linear in the number of squares, up to 10^8 squares.
//!
//! - [`tour`] returns an open tour from a square, or a closed tour (also from that square), or an
//!   [`Error`] naming why none exists: Schwenk's theorem (1991) for closed tours; Cull and De
//!   Curtins (1978) and Conrad, Hindrichs, Morsy and Wegener (1994) for open tours, including the
//!   colour condition on boards with an odd number of squares; or an exhaustive search for the
//!   few small boards those leave to case analysis.
//! - Small boards are searched with Warnsdorff's rule, Roth's tie-break and bounded
//!   backtracking; large ones are glued together from small block tours (Parberry 1997; Conrad
//!   et al. 1994), see the `construct` module.
//! - [`verify`] checks any tour; [`count_tours`] counts every tour of a small board;
//!   [`hint`] finds the next move of a tour that completes a player's trail, within a
//!   [`Budget`]: a node count, a deadline or a stop flag.
//!
//! ```
//! use qipan_knight::{tour, verify, Board, Square, TourKind};
//! let board = Board::parse("9x10")?; // the Xiangqi board: 9 columns, 10 rows
//! let start = Square::parse("e5")?;
//! let t = tour(board, start, TourKind::Closed)?;
//! assert_eq!(t.squares().next(), Some(start));
//! verify(board, t.path(), true)?;
//! let no = tour(Board::new(5, 5)?, Square::parse("b1")?, TourKind::Open).unwrap_err();
//! assert_eq!(no.code(), "minority_colour_start");
//! # Ok::<(), qipan_knight::Error>(())
//! ```

mod board;
mod budget;
mod construct;
mod count;
mod error;
mod existence;
mod hint;
mod search;
mod solve;
mod square;
mod tour;
mod verify;

pub use board::{Board, KNIGHT_MOVES, MAX_SQUARES};
pub use budget::Budget;
pub use count::{MAX_COUNT_SQUARES, TourCount, count_tours};
pub use error::Error;
pub use existence::{closed_obstruction, open_obstruction};
pub use hint::{Hint, hint};
pub use solve::{SMALL_SEARCH_BUDGET, tour, tour_within};
pub use square::Square;
pub use tour::{Tour, TourKind};
pub use verify::verify;
