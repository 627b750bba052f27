//! Asking the opponent to take a move back (悔棋请求), between two players: one side asks, the
//! other accepts (the asker's last move goes, with the reply made to it) or declines.

use axum::Json;
use axum::extract::State;

use super::state::Side;
use super::view::GameView;
use super::{commit, ensure_ongoing, load_at};
use crate::AppState;
use crate::api::offers::{self, Decision, OfferBody, TAKEBACK, takeback_plies};
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath};
use crate::players::Me;

pub(super) async fn takeback(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<OfferBody>,
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
    match offers::decide(&TAKEBACK, body.action, state.takeback_offer, Some(mine))? {
        Decision::Made => {
            if state.moves.len() < takeback_plies(to_move == mine) {
                return Err(ApiError::unprocessable(
                    "nothing_to_undo",
                    "there is no move of yours to take back",
                ));
            }
            state.takeback_offer = Some(mine);
        }
        Decision::Accepted(asker) => {
            let keep = state
                .moves
                .len()
                .saturating_sub(takeback_plies(to_move == asker));
            state.moves.truncate(keep);
            state.undos.count(asker);
            state.takeback_offer = None;
            state.draw_offer = None;
            truncate = Some(keep as i64);
        }
        Decision::Declined => state.takeback_offer = None,
    }
    Ok(Json(
        commit(&app, &game, &state, truncate, Vec::new()).await?,
    ))
}
