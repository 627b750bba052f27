//! qipan-gomoku: five in a row on boards from 5×5 to 25×25 under freestyle, standard and renju
//! rules; game records (coordinates, Piskvork PSQ, SGF); a threat-space engine; and the Gomocup
//! protocol loop that lets it play in any Piskvork-compatible manager.
//!
//! ```
//! use qipan_gomoku::{Game, Point, Rules, RuleSet, Outcome};
//!
//! let mut game = Game::new(Rules::new(15, RuleSet::Freestyle).unwrap());
//! for x in 0..4 {
//!     game.play(Point::new(x, 7)).unwrap(); // Black
//!     game.play(Point::new(x, 8)).unwrap(); // White
//! }
//! let outcome = game.play(Point::new(4, 7)).unwrap();
//! assert!(matches!(outcome, Some(Outcome::Win { .. })));
//! ```

pub mod board;
pub mod engine;
pub mod error;
pub mod game;
pub mod gomocup;
pub mod opening;
pub mod point;
pub mod record;
pub mod renju;
pub mod rules;

pub use board::Board;
pub use engine::{Engine, Level, SearchLimits, SearchResult};
pub use error::{CoordError, MoveError, RecordError, RecordProblem, SizeError};
pub use game::{Game, Outcome, WinReason};
pub use opening::{Decision, OpeningRule, Step};
pub use point::{Color, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Point};
pub use record::{GameInfo, Record};
pub use renju::Forbidden;
pub use rules::{ForbiddenPolicy, RuleSet, Rules};
