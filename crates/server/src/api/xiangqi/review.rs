//! Game review (复盘): the engine evaluates every position of a finished (or imported) game, one
//! position a request, so that the page shows real progress; the evaluations are saved with the
//! game and shown again without recomputing. The page classifies the moves by how much each
//! lost (see `web/xiangqi/review.js` for the thresholds).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};

use super::engine::evaluate;
use super::view::GameView;
use super::{commit, load_at};
use crate::AppState;
use crate::compute::Compute;
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath};
use crate::players::Me;
use crate::store::GameStatus;

/// The engine's view of one position of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyEval {
    /// Centipawns, Red's view.
    pub score_red: i32,
    /// Moves to mate for the side to move (negative: it is mated), when the score is a mate.
    pub mate_in: Option<i32>,
    /// The engine's move there, in ICCS and Chinese notation (none when the game is over).
    pub best: Option<String>,
    pub best_chinese: Option<String>,
    pub depth: i32,
}

/// The evaluations of a game's positions: `plies[k]` is the position after k moves.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Review {
    /// How many moves the game had when reviewed (a review of other moves is started again).
    pub moves: usize,
    /// One entry per position, filled as the review goes.
    pub plies: Vec<Option<PlyEval>>,
}

#[derive(Deserialize)]
pub(super) struct ReviewBody {
    revision: i64,
    /// The position to evaluate: after this many moves.
    ply: usize,
}

/// `POST /api/xiangqi/games/{id}/review`: evaluates the position after `ply` moves and saves it
/// in the game's review. Only for a game that is over or was imported (a running clock is never
/// charged for it), by a player seated in it.
pub(super) async fn review_ply(
    State(app): State<AppState>,
    me: Me,
    compute: Compute,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<ReviewBody>,
) -> Result<Json<GameView>, ApiError> {
    let (game, mut state) = load_at(&app, &me, id, body.revision).await?;
    if game.status == GameStatus::Ongoing && game.variant != "imported" {
        return Err(ApiError::conflict(
            "review_needs_finished_game",
            "a game is reviewed once it is over (or imported)",
        ));
    }
    if body.ply > state.moves.len() {
        return Err(ApiError::unprocessable(
            "ply_out_of_range",
            format!("the game has {} moves", state.moves.len()),
        ));
    }
    let pos = state.position_after(body.ply)?;
    let eval = match evaluate(&compute, pos.clone()).await? {
        Some(info) => PlyEval {
            score_red: info.score_red,
            mate_in: info.mate_in,
            best: Some(info.best),
            best_chinese: Some(info.chinese),
            depth: info.depth,
        },
        // No legal move: mate (or stalemate, also lost in Xiangqi) for the side to move.
        None => PlyEval {
            score_red: if pos.side_to_move() == qipan_xiangqi::Color::Red {
                -MATE_CP
            } else {
                MATE_CP
            },
            mate_in: Some(0),
            best: None,
            best_chinese: None,
            depth: 0,
        },
    };
    let moves = state.moves.len();
    let review = state.review.get_or_insert_with(Review::default);
    if review.moves != moves || review.plies.len() != moves + 1 {
        *review = Review {
            moves,
            plies: vec![None; moves + 1],
        };
    }
    review.plies[body.ply] = Some(eval);
    Ok(Json(commit(&app, &game, &state, None, Vec::new()).await?))
}

/// The score a position without a legal move stands at (the side to move has lost).
const MATE_CP: i32 = 30_000;
