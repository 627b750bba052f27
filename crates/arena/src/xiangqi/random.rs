//! A player that picks a uniformly random legal move: the floor every engine must beat.

use std::time::Instant;

use qipan_xiangqi::MoveList;
use qipan_xiangqi::engine::Rng;

use super::referee::{XiangqiGame, XiangqiReferee};
use crate::clock::ClockView;
use crate::error::ArenaError;
use crate::referee::{Player, Reply, Seat};

/// Plays random legal moves (seeded, so a match can be replayed).
pub struct RandomMover {
    rng: Rng,
}

impl RandomMover {
    /// A random mover with a seed.
    pub fn new(seed: u64) -> RandomMover {
        RandomMover {
            rng: Rng::new(seed),
        }
    }
}

impl Player<XiangqiReferee> for RandomMover {
    fn name(&self) -> &str {
        "random"
    }

    fn new_game(&mut self) -> Result<(), ArenaError> {
        Ok(())
    }

    fn request_move(
        &mut self,
        game: &XiangqiGame,
        _seat: Seat,
        _clock: ClockView,
        _deadline: Instant,
    ) -> Result<Reply, ArenaError> {
        let mut moves = MoveList::new();
        game.position.legal_moves(&mut moves);
        if moves.is_empty() {
            return Ok(Reply::NoMove);
        }
        let m = moves[self.rng.below(moves.len() as u64) as usize];
        Ok(Reply::Move(m.to_string()))
    }
}
