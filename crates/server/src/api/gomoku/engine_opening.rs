//! The engine's part in an opening rule, played on the compute pool: its three-stone proposal
//! (Swap, Swap2), a balanced stone within the rule's central square (Taraguchi-10), the choice
//! to swap or stay, and White's pick among offered fifth moves. It never hands the choice back
//! (Swap2's two more stones) nor offers fifth moves: it decides instead.

use std::time::Duration;

use qipan_gomoku::opening::{OpeningRule, Step};
use qipan_gomoku::{Engine, Game, Level, Point, SearchLimits};

use super::opening;
use super::state::GameView;
use super::{GameState, commit_moves};
use crate::AppState;
use crate::api::saved;
use crate::compute::{Compute, Cost};
use crate::error::ApiError;

/// What the engine does in the opening.
enum Act {
    Stones(Vec<Point>),
    Decide(qipan_gomoku::Decision),
    Pick(Point),
}

/// Plays the engine's turn in the opening of `game` and saves it.
pub(super) async fn play(
    app: &AppState,
    compute: &Compute,
    saved: &saved::Seated,
    state: &mut GameState,
    game: &mut Game,
    think_ms: u64,
) -> Result<GameView, ApiError> {
    let step = state.opening_step();
    let rule = state.opening_rule();
    let board = game.board().clone();
    let rule_set = state.rule_set()?;
    let seed = state.seed ^ state.moves.len() as u64;
    let offered = state.offered();
    let think_ms = think_ms.min(u64::try_from(compute.max_time().as_millis()).unwrap_or(u64::MAX));
    let time = Duration::from_millis(think_ms);
    let stones_so_far = state.moves.len();
    let act = compute
        .run(Cost::Search, move |stop| {
            let mut engine = Engine::new(Level::MAX, seed);
            let limits = SearchLimits::time(time).with_stop(stop.as_atomic());
            match step {
                Step::Place { .. }
                    if stones_so_far == 0
                        && matches!(rule, OpeningRule::Swap | OpeningRule::Swap2) =>
                {
                    let three = engine.propose_three(board.size(), rule_set, time, seed);
                    Some(Act::Stones(three.to_vec()))
                }
                Step::Place {
                    within: Some(side), ..
                } => engine
                    .place_within(&board, rule_set, side, time, seed)
                    .map(|p| Act::Stones(vec![p])),
                Step::Place { within: None, .. } => engine
                    .best_move(&board, rule_set, limits)
                    .map(|found| Act::Stones(vec![found.best])),
                Step::Decide { by, .. } => Some(Act::Decide(
                    engine.choose_colour(&board, rule_set, by, limits),
                )),
                Step::Pick => engine
                    .pick_fifth(&board, rule_set, &offered, time)
                    .map(Act::Pick),
                Step::Offer { .. } | Step::Play => None,
            }
        })
        .await?
        .ok_or_else(|| ApiError::internal("the engine has no part to play in this opening step"))?;
    match act {
        Act::Stones(points) => commit_moves(app, saved, state, game, &points).await,
        Act::Decide(decision) => {
            let applied = opening::apply(state, game, Some(decision), None)?;
            opening::commit_opening(app, saved, state, game, applied).await
        }
        Act::Pick(p) => {
            let applied = opening::apply(state, game, None, Some(p))?;
            opening::commit_opening(app, saved, state, game, applied).await
        }
    }
}
