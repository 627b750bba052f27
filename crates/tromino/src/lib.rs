//! qipan-tromino: tromino tiling (棋盘覆盖).
//!
//! A board of n x n squares with one square missing is covered by L-shaped trominoes.
//! - [`golomb`]: the 2^k x 2^k board by divide and conquer, at memory speed.
//! - [`tile`]: every deficient n x n board that can be tiled (Chu and Johnsonbaugh 1986), with an
//!   error naming the reason for the others ([`check_tileable`]).
//! - [`verify`]: checks a tiling.
//! - [`colour`]: colours the trominoes so that no two sharing an edge have the same colour; three
//!   colours for Golomb's tilings.
//! - [`complete`]: whether a partly covered board can still be tiled, with one completion.
//! - [`golomb_steps`]: the recursion step by step, for showing the algorithm.
//!
//! Squares are `(x, y)`: `x` the column from the left, `y` the row from the bottom, both from 0.
//!
//! ```
//! use qipan_tromino::{Square, golomb, verify, colour};
//!
//! let tiling = golomb(3, "c6".parse::<Square>()?)?;
//! assert_eq!(tiling.size(), 8);
//! assert_eq!(tiling.tromino_count(), 21);
//! verify(&tiling)?;
//! assert_eq!(colour(&tiling)?.colours_used(), 3);
//! # Ok::<(), qipan_tromino::Error>(())
//! ```

mod colouring;
mod construct;
mod demo;
mod error;
mod golomb;
mod grid;
mod play;
mod rectangles;
mod search;
mod square;
mod tiling;
mod tromino;
mod verify;

pub use colouring::{Colouring, colour};
pub use construct::{check_tileable, golomb, tile};
pub use demo::{MAX_STEPS_K, Step, golomb_steps};
pub use error::Error;
pub use play::complete;
pub use search::{Outcome, Reason, SearchLimits, tile_region};
pub use square::Square;
pub use tiling::{MAX_SIDE, Tiling};
pub use tromino::{Shape, Tromino};
pub use verify::{verify, verify_trominoes};
