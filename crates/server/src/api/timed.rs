//! Games between two players that can be lost without a move: how the clock of a saved game is
//! charged at every accepted action, and how a game ends on time or by abandonment. A game plugs
//! in by implementing [`Timed`] for its state and naming it in [`clock_seat`] and [`forfeit`];
//! every write of [`saved::commit`](super::saved::commit) charges the clock, so no handler can
//! forget it.

use std::sync::Arc;

use serde_json::{Value, json};

use super::saved::SavedState;
use super::{gomoku, xiangqi};
use crate::clock::{Clock, TimeControlBody};
use crate::error::ApiError;
use crate::store::{GameKind, GameStatus, GameUpdate, SavedGame, Store, StoreError};
use crate::time::now_ms;

/// A game state that can be played on a clock.
pub trait Timed: SavedState {
    /// The seat whose clock runs in this state: the side to move while the game goes on,
    /// `None` once it is over.
    fn clock_seat(&self) -> Result<Option<&'static str>, ApiError>;

    /// Ends the game as lost by `seat` for `why` (on time: a draw when the other side has nothing
    /// left to win with, as lichess rules); returns the result as saved.
    fn forfeit(&mut self, seat: &str, why: Forfeit) -> Result<Value, ApiError>;
}

/// Why a side loses without a move on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forfeit {
    /// Its clock ran out.
    Time,
    /// It left the game and its opponent claimed the win.
    Abandonment,
}

fn parse<S: Timed>(state: &Value) -> Result<S, ApiError> {
    serde_json::from_value(state.clone())
        .map_err(|e| ApiError::internal(format!("saved {} game is damaged: {e}", S::NAME)))
}

/// The seat whose clock runs in `state`, a state of a `kind` game.
pub fn clock_seat(kind: GameKind, state: &Value) -> Result<Option<&'static str>, ApiError> {
    match kind {
        GameKind::Xiangqi => parse::<xiangqi::GameState>(state)?.clock_seat(),
        GameKind::Gomoku => parse::<gomoku::GameState>(state)?.clock_seat(),
        GameKind::Link | GameKind::Knight | GameKind::Tromino => Ok(None),
    }
}

/// `state` of a `kind` game after `seat` lost it for `why`, and the result.
pub fn forfeit(
    kind: GameKind,
    state: &Value,
    seat: &str,
    why: Forfeit,
) -> Result<(Value, Value), ApiError> {
    fn lose<S: Timed>(state: &Value, seat: &str, why: Forfeit) -> Result<(Value, Value), ApiError> {
        let mut state: S = parse(state)?;
        let result = state.forfeit(seat, why)?;
        Ok((state.to_json(), result))
    }
    match kind {
        GameKind::Xiangqi => lose::<xiangqi::GameState>(state, seat, why),
        GameKind::Gomoku => lose::<gomoku::GameState>(state, seat, why),
        GameKind::Link | GameKind::Knight | GameKind::Tromino => {
            Err(ApiError::internal(format!("a {kind} game has no clock")))
        }
    }
}

/// The code of an action refused because the running clock had run out before it arrived.
pub const FLAG_FELL: &str = "flag_fell";

/// Sets `update.clock` for an action on `read` accepted at `received_ms`: the mover is charged
/// and the next side's clock started; 409 [`FLAG_FELL`] when the running clock had run out before.
pub fn charge(read: &SavedGame, received_ms: i64, update: &mut GameUpdate) -> Result<(), ApiError> {
    let Some(clock) = &read.clock else {
        return Ok(());
    };
    let over = matches!(
        update.status,
        Some(GameStatus::Finished | GameStatus::Abandoned)
    );
    let next = if over {
        None
    } else {
        clock_seat(read.kind, &update.state)?
    };
    match clock.charge(received_ms, next) {
        Ok(clock) => {
            update.clock = Some(clock);
            Ok(())
        }
        Err(flag) => Err(ApiError::conflict(
            FLAG_FELL,
            format!(
                "the game ended on time before this arrived: {}'s clock ran out",
                flag.seat
            ),
        )),
    }
}

/// Ends `game` on time if its running clock has run out by now (the referee's call, and the
/// answer to an action that came too late). Exactly once: the write is conditional on the
/// revision read, so of a flag and a move racing, one wins and the other finds the game changed.
/// Returns when to look again: the running clock's deadline, `None` once no clock runs.
pub async fn flag_if_due(store: &Arc<dyn Store>, id: i64) -> Option<i64> {
    for _ in 0..3 {
        let game = store.game(id).await.ok()?;
        let clock = game
            .clock
            .as_ref()
            .filter(|_| game.status == GameStatus::Ongoing)?;
        let Some(flag) = clock.overdue(now_ms()) else {
            return clock.deadline_ms();
        };
        match flag_game(store, &game, clock, &flag.seat).await {
            Err(ApiError { code, .. }) if code == "stale" => continue,
            Err(err) => {
                tracing::error!(game = id, "could not end the game on time: {}", err.message);
                return None;
            }
            Ok(()) => return None,
        }
    }
    // Changed three times while being read: the writer that changed it scheduled its deadline.
    None
}

async fn flag_game(
    store: &Arc<dyn Store>,
    game: &SavedGame,
    clock: &Clock,
    seat: &str,
) -> Result<(), ApiError> {
    let (state, result) = forfeit(game.kind, &game.state, seat, Forfeit::Time)?;
    let update = GameUpdate {
        state,
        status: Some(GameStatus::Finished),
        result: Some(result),
        append_actions: vec![json!({ "flag": seat })],
        clock: Some(clock.flagged(seat)),
        ..GameUpdate::default()
    };
    match store.update_game_by_server(game, update).await {
        Ok(_) => {
            tracing::info!(game = game.id, seat, "flag fell");
            Ok(())
        }
        Err(StoreError::StaleRevision { .. }) => Err(ApiError::conflict("stale", "changed")),
        Err(err) => Err(err.into()),
    }
}

/// The clock of a new game with `seats` asked for with `control`: only between people (422
/// `clock_needs_people` against the engine, which keeps no clock), times checked.
pub fn new_clock(
    control: Option<TimeControlBody>,
    between_people: bool,
    seats: &[&str],
) -> Result<Option<Clock>, ApiError> {
    let Some(control) = control else {
        return Ok(None);
    };
    if !between_people {
        return Err(ApiError::unprocessable(
            "clock_needs_people",
            "a clock is for a game between two people",
        ));
    }
    Ok(Some(Clock::new(control.control()?, seats)))
}

/// Refuses a rated game that is not between two players (422 `rated_needs_opponent`) or has no
/// clock (422 `rated_needs_clock`: a rating is kept per speed class).
pub fn ensure_rateable(rated: bool, friend: bool, clock: Option<&Clock>) -> Result<(), ApiError> {
    if !rated {
        Ok(())
    } else if !friend {
        Err(ApiError::unprocessable(
            "rated_needs_opponent",
            "a rated game is between two players",
        ))
    } else if clock.is_none() {
        Err(ApiError::unprocessable(
            "rated_needs_clock",
            "a rated game is played on a clock",
        ))
    } else {
        Ok(())
    }
}
