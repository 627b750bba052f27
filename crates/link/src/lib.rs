//! qipan-link: Lianliankan (连连看), also known as Shisen-Sho.
//!
//! A board of tile pairs; two equal tiles are removed together when a path of at most three
//! straight segments (two turns) joins them, running through empty cells or the free ring around
//! the board. This crate holds the rules and the machinery behind the game:
//!
//! - [`Board`]: the tiles, text and row forms, [`Board::connect`] (the path with the fewest turns,
//!   then the shortest, by breadth-first search), [`Board::removable_pairs`], [`Board::play`];
//! - [`Mode`]: classic, gravity and the shifting modes of the popular variants;
//! - [`deal`] and [`shuffle`]: reproducible, clearable boards;
//! - [`solve`]: clears a board or proves it stuck, within limits;
//! - [`Game`] and [`Level`]: a level as a player plays it, with clock, score, hints, shuffles,
//!   undo and pause.
//!
//! ```
//! use qipan_link::{Board, Mode, Point, Verdict, Limits, solve};
//!
//! let mut board = Board::from_text("A.B\nB.A\n").unwrap();
//! let (a, b) = (Point::new(0, 0), Point::new(2, 1));
//! let path = board.connect(a, b).unwrap();
//! // The Bs block both one-turn routes; the shortest two-turn route runs down the middle.
//! assert_eq!(path.corners(), &[a, Point::new(1, 0), Point::new(1, 1), b][..]);
//! board.play(a, b, Mode::Classic).unwrap();
//! assert!(matches!(solve(&board, Mode::Classic, Limits::default()).verdict, Verdict::Clearable(_)));
//! ```

mod board;
mod construct;
mod deal;
mod error;
mod game;
mod level;
mod mode;
mod path;
mod play;
mod point;
mod reach;
mod solver;
mod text;

pub use board::{Board, Kind, MAX_COLS, MAX_KINDS, MAX_ROWS};
pub use deal::{CHECK_NODES, Deal, DealSpec, MAX_ATTEMPTS, RANDOM_TRIES, deal, shuffle};
pub use error::{Error, TextProblem};
pub use game::{
    CHAIN_POINTS, CHAIN_WINDOW_MS, Game, HINT_NODES, MAX_CHAIN, PAIR_POINTS, Removal,
    SECOND_POINTS, SPARE_HELP_POINTS, Snapshot, Status,
};
pub use level::{LEVEL_COUNT, Level};
pub use mode::Mode;
pub use path::{MAX_TURNS, Path};
pub use point::{Move, Point};
pub use reach::TurnLayers;
pub use solver::{Limits, Solution, Verdict, solve};
pub use text::{EMPTY_LETTER, TILE_LETTERS, kind_letter};
