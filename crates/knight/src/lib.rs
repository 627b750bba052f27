//! qipan-knight: knight's tours (马踏棋盘) on any board where one exists.

mod board;
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
pub use count::{MAX_COUNT_SQUARES, TourCount, count_tours};
pub use error::Error;
pub use existence::{closed_obstruction, open_obstruction};
pub use hint::{Hint, hint};
pub use solve::{SMALL_SEARCH_BUDGET, tour};
pub use square::Square;
pub use tour::{Tour, TourKind};
pub use verify::verify;
