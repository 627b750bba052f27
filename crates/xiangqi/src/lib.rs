//! Xiangqi (象棋, Chinese chess) rules for qipan: strictly legal moves, make/unmake with an
//! incremental Zobrist hash, game results (mate, stalemate, perpetual check, repetition, move
//! limit, dead material), FEN and perft.
//!
//! # API summary
//!
//! * [`Square`] (`a0`..`i9`, ICCS coordinates, Red at rank 0; [`Square::index`] gives a dense
//!   0..90 index), [`Color`] (`Red`, `Black`), [`Role`] (`King`, `Advisor`, `Elephant`, `Horse`,
//!   `Rook`, `Cannon`, `Pawn`), [`Piece`], [`Move`] (from/to, 2 bytes, prints as ICCS `h2e2`).
//! * [`Position`]:
//!   * build: [`Position::startpos`], [`Position::from_fen`], [`Position::from_pieces`];
//!     print: [`Position::to_fen`];
//!   * query: [`Position::side_to_move`], [`Position::piece_at`], [`Position::pieces`],
//!     [`Position::king_square`], [`Position::count`], [`Position::in_check`],
//!     [`Position::hash`], [`Position::halfmove_clock`], [`Position::is_capture`];
//!   * moves: [`Position::legal_moves`] and [`Position::legal_captures`] fill a caller's
//!     [`MoveList`]; [`Position::count_legal_moves`], [`Position::is_legal`];
//!   * play: [`Position::make`] / [`Position::unmake`] (trusted legal moves, the search's
//!     path), [`Position::play`] (checked), [`Position::make_null`] (null move, undone by
//!     `unmake`);
//!   * results ([`rules`] documents the rule set): [`Position::outcome`] /
//!     [`Position::outcome_with`] give an [`Outcome`]; [`Position::repetition`] judges a
//!     repeated position (perpetual check loses) for a search.
//! * [`notation`]: [`Notation::write`] / [`Notation::read`] in ICCS (`h2e2`), WXF (`C2=5`) and
//!   Chinese (`炮二平五`).
//! * [`GameRecord`]: a game (start FEN, moves, result, players, date) to and from PGN.
//! * [`perft()`] and [`divide()`] count the legal-move tree.
//!
//! The board is a 16x16 padded mailbox with piece lists; `board.rs` explains why.
//!
//! # Example
//!
//! ```
//! use qipan_xiangqi::{MoveList, Position, perft};
//!
//! let mut pos = Position::startpos();
//! let mut moves = MoveList::new();
//! pos.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 44);
//!
//! let central_cannon = moves.iter().copied().find(|m| m.to_string() == "h2e2").unwrap();
//! pos.make(central_cannon);
//! assert_eq!(pos.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! pos.unmake();
//! assert_eq!(pos, Position::startpos());
//! assert_eq!(perft(&mut pos, 3), 79_666);
//! ```

mod attacks;
mod board;
pub mod engine;
pub mod explain;
pub mod fen;
mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
pub mod record;
pub mod rules;
pub mod square;
pub mod ucci;
mod zobrist;

pub use fen::{FenError, START_FEN};
pub use moves::{MAX_MOVES, Move, MoveList};
pub use notation::{Notation, NotationError};
pub use perft::{divide, perft};
pub use piece::{Color, Piece, Role};
pub use position::{IllegalMove, Position, PositionError};
pub use record::{GameRecord, GameResult, RecordError};
pub use rules::{EndReason, Outcome, Repetition, Rules};
pub use square::{ParseSquareError, Square};
