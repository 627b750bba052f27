//! Asking the opponent to take a stone back, between two players: one side asks, the other
//! accepts (the asker's last stone goes, with the reply made to it) or declines.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;

use super::state::{GameView, Side};
use super::{ensure_ongoing, load_at};
use crate::AppState;
use crate::api::saved;
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath};
use crate::players::Me;
use crate::store::GameUpdate;

/// What a player does with a take-back request.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub(super) enum Answer {
    Offer,
    Accept,
    Decline,
}

#[derive(Deserialize)]
pub(super) struct TakebackBody {
    revision: i64,
    action: Answer,
}

pub(super) async fn takeback(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<TakebackBody>,
) -> Result<Json<GameView>, ApiError> {
    let (saved, mut state) = load_at(&app, &me, id, body.revision).await?;
    ensure_ongoing(&saved)?;
    let Some(seat) = saved.own_seat() else {
        return Err(ApiError::conflict(
            "takeback_needs_players",
            "a take-back request is between two players; on one screen or against the engine use undo",
        ));
    };
    let mine = Side::from_seat(seat);
    let mut game = state.game()?;
    let to_move = Side::of(game.to_move());
    let mut truncate = None;
    match (body.action, state.takeback_offer) {
        (Answer::Offer, _) => {
            let needed = if to_move == mine { 2 } else { 1 };
            if game.moves().len() < needed {
                return Err(ApiError::unprocessable(
                    "nothing_to_undo",
                    "there is no stone of yours to take back",
                ));
            }
            state.takeback_offer = Some(mine);
        }
        (Answer::Accept | Answer::Decline, Some(asker)) if asker == mine => {
            return Err(ApiError::conflict(
                "own_takeback_request",
                "your opponent answers your take-back request, not you",
            ));
        }
        (Answer::Accept, Some(asker)) => {
            let plies = if to_move == asker { 2 } else { 1 };
            for _ in 0..plies {
                game.undo();
                state.moves.pop();
            }
            state.undos.bump(asker);
            state.takeback_offer = None;
            truncate = Some(state.moves.len() as i64);
        }
        (Answer::Decline, Some(_)) => state.takeback_offer = None,
        (_, None) => {
            return Err(ApiError::unprocessable(
                "no_takeback_request",
                "no take-back has been asked for",
            ));
        }
    }
    let update = GameUpdate {
        state: saved::SavedState::to_json(&state),
        truncate_actions_to: truncate,
        ..GameUpdate::default()
    };
    let written = saved::commit(&app, &saved, update).await?;
    Ok(Json(GameView::new(&written, &state, &game)))
}
