//! qipan-arena: engine-versus-engine matches, in the spirit of cutechess-cli.
//!
//! The shared, game-agnostic parts are the engine process driver ([`process`]), clocks
//! ([`clock`]), the schedule that plays every opening with both colours ([`schedule`]), the match
//! runner ([`runner`]) and the statistics ([`tally`], [`elo`]). A game plugs in through the
//! [`referee::Referee`] and [`referee::Player`] traits; [`xiangqi`] does so for Xiangqi engines
//! speaking UCCI or UCI ([`uci_engine`]).
//!
//! ```
//! use qipan_arena::elo::EloEstimate;
//! use qipan_arena::tally::Tally;
//!
//! let tally = Tally { wins: 30, draws: 6, losses: 4 };
//! let elo = EloEstimate::from_tally(&tally).unwrap();
//! assert!(elo.diff > 200.0 && elo.margin > 0.0);
//! ```

pub mod clock;
pub mod elo;
pub mod error;
pub mod gomoku;
pub mod process;
pub mod referee;
pub mod runner;
pub mod schedule;
pub mod tally;
pub mod uci_engine;
pub mod xiangqi;

pub use error::ArenaError;
