//! Xiangqi in the arena: openings, the referee (adjudication by the rules of `qipan-xiangqi`),
//! PGN records and a random mover to measure against.

pub mod openings;
pub mod pgn;
pub mod random;
pub mod referee;

pub use openings::{Opening, parse_openings};
pub use pgn::write_pgn;
pub use random::RandomMover;
pub use referee::{XiangqiGame, XiangqiReferee};
