//! Asking the opponent to take a stone back, between two players: one side asks, the other
//! accepts (the asker's last stone goes, with the reply made to it) or declines.

use axum::Json;
use axum::extract::State;

use super::state::{GameView, Side};
use super::{ensure_ongoing, load_at};
use crate::AppState;
use crate::api::offers::{self, Decision, OfferBody, TAKEBACK, takeback_plies};
use crate::api::saved;
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath};
use crate::players::Me;
use crate::store::GameUpdate;

pub(super) async fn takeback(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<OfferBody>,
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
    match offers::decide(&TAKEBACK, body.action, state.takeback_offer, Some(mine))? {
        Decision::Made => {
            let plies = takeback_plies(to_move == mine);
            if game.moves().len() < plies {
                return Err(ApiError::unprocessable(
                    "nothing_to_undo",
                    "there is no stone of yours to take back",
                ));
            }
            if game.moves().len() - plies < state.undo_floor() {
                return Err(ApiError::unprocessable(
                    "opening_not_undone",
                    "the stones of the opening are not taken back",
                ));
            }
            state.takeback_offer = Some(mine);
        }
        Decision::Accepted(asker) => {
            for _ in 0..takeback_plies(to_move == asker) {
                game.undo();
                state.moves.pop();
            }
            state.undos.bump(asker);
            state.takeback_offer = None;
            truncate = Some(state.moves.len() as i64);
        }
        Decision::Declined => state.takeback_offer = None,
    }
    let update = GameUpdate {
        state: saved::SavedState::to_json(&state),
        truncate_actions_to: truncate,
        ..GameUpdate::default()
    };
    let written = saved::commit(&app, &saved, update).await?;
    Ok(Json(GameView::new(&written, &state, &game)))
}
