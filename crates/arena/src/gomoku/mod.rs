//! Gomoku in the arena: openings, the referee (our rules: an occupied point, a renju forbidden
//! move, a time-out or a crash loses), Piskvork PSQ records and the Gomocup engine driver.

pub mod engine;
pub mod psq;
pub mod referee;

pub use engine::GomocupEngine;
pub use psq::write_psq;
pub use referee::{GomokuGame, GomokuOpening, GomokuReferee, parse_openings};
