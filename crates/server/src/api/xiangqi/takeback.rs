//! Asking the opponent to take a move back (悔棋请求), between two players: one side asks, the
//! other accepts (the asker's last move goes, with the reply made to it) or declines.

use axum::Json;
use axum::extract::State;

use super::state::Side;
use super::view::GameView;
use super::{DrawAction, DrawBody, commit, ensure_ongoing, load_at};
use crate::AppState;
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath};
use crate::players::Me;

pub(super) async fn takeback(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<DrawBody>,
) -> Result<Json<GameView>, ApiError> {
    let (game, mut state) = load_at(&app, &me, id, body.revision).await?;
    ensure_ongoing(&game)?;
    let Some(seat) = game.own_seat() else {
        return Err(ApiError::conflict(
            "takeback_needs_players",
            "a take-back request is between two players; on one screen or against the engine use undo",
        ));
    };
    let mine = Side::from_seat(Some(seat));
    let to_move: Side = state.position()?.side_to_move().into();
    let mut truncate = None;
    match (body.action, state.takeback_offer) {
        (DrawAction::Offer, _) => {
            // The asker's last move: its own if it moved last, else the one before the reply.
            let needed = if to_move == mine { 2 } else { 1 };
            if state.moves.len() < needed {
                return Err(ApiError::unprocessable(
                    "nothing_to_undo",
                    "there is no move of yours to take back",
                ));
            }
            state.takeback_offer = Some(mine);
        }
        (DrawAction::Accept | DrawAction::Decline, Some(asker)) if asker == mine => {
            return Err(ApiError::conflict(
                "own_takeback_request",
                "your opponent answers your take-back request, not you",
            ));
        }
        (DrawAction::Accept, Some(asker)) => {
            let plies = if to_move == asker { 2 } else { 1 };
            let keep = state.moves.len().saturating_sub(plies);
            state.moves.truncate(keep);
            state.undos.count(asker);
            state.takeback_offer = None;
            state.draw_offer = None;
            truncate = Some(keep as i64);
        }
        (DrawAction::Decline, Some(_)) => state.takeback_offer = None,
        (_, None) => {
            return Err(ApiError::unprocessable(
                "no_takeback_request",
                "no take-back has been asked for",
            ));
        }
    }
    Ok(Json(
        commit(&app, &game, &state, truncate, Vec::new()).await?,
    ))
}
