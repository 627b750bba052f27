//! The game-agnostic contract between a match and the rules of its game.
//!
//! A game plugs into the arena by implementing [`Referee`] (how a game starts from an opening, how
//! a move in engine notation is applied, when the game is over) and by offering [`Player`]s that
//! speak its engines' protocol. The match runner ([`crate::runner`]) needs nothing else.

use std::time::Instant;

use crate::clock::ClockView;
use crate::error::ArenaError;

/// A side of a game, named by turn order rather than colour (Red in Xiangqi, Black in Gomoku).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// The side that moves first by the rules of the game.
    Starter,
    /// The other side.
    Responder,
}

impl Seat {
    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::Starter => Seat::Responder,
            Seat::Responder => Seat::Starter,
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The winner, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Why, in words for the PGN and the log (e.g. "checkmate", "perpetual check").
    pub reason: String,
}

/// The rules side of a match.
pub trait Referee {
    /// A position and move sequence the games start from.
    type Opening;
    /// A game in progress.
    type Game;

    /// A new game from an opening.
    fn start(&self, opening: &Self::Opening) -> Self::Game;
    /// Who is to move.
    fn to_move(&self, game: &Self::Game) -> Seat;
    /// Applies a move given in the engines' notation; `Err` says why it is illegal.
    fn play(&self, game: &mut Self::Game, mv: &str) -> Result<(), String>;
    /// The verdict if the game is over by the rules.
    fn verdict(&self, game: &Self::Game) -> Option<Verdict>;
    /// Moves played since the opening (for the ply limit).
    fn plies_played(&self, game: &Self::Game) -> usize;
    /// Judges a player's answer that it has no move (UCCI `nobestmove`, a draw claim): the
    /// reason the position is drawn when the claim holds, `None` when it does not (the claimant
    /// then loses).
    fn judge_no_move(&self, game: &Self::Game) -> Option<String>;
}

/// What an engine answered when asked to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// A move in the engines' notation.
    Move(String),
    /// The engine has no move to offer (UCCI `nobestmove`, UCI `bestmove (none)`): it claims
    /// the game is drawn (ElephantEye's meaning), judged by [`Referee::judge_no_move`].
    NoMove,
}

/// An engine (or any other player) as the match runner sees it.
pub trait Player<R: Referee> {
    /// Display name.
    fn name(&self) -> &str;
    /// Prepares for a new game.
    fn new_game(&mut self) -> Result<(), ArenaError>;
    /// Asks for a move in `game`, where the player sits at `seat`; the answer must come before
    /// `deadline`.
    fn request_move(
        &mut self,
        game: &R::Game,
        seat: Seat,
        clock: ClockView,
        deadline: Instant,
    ) -> Result<Reply, ArenaError>;
}
