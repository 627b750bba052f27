//! Claiming a game the opponent abandoned, the same for every two-sided game:
//! `POST /api/games/{id}/claim` wins an ongoing game against another player who has had no page of
//! it open for `claim_after` (lichess's "claim victory" when the opponent left).

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use serde_json::json;

use super::saved::{self, RevisionBody};
use super::timed::{self, Forfeit};
use crate::AppState;
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath};
use crate::players::Me;
use crate::store::{GameStatus, GameUpdate, Holder, SavedGame};

pub fn routes() -> Router<AppState> {
    Router::new().route("/games/{id}/claim", post(claim))
}

async fn claim(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<RevisionBody>,
) -> Result<Json<SavedGame>, ApiError> {
    let game = saved::load_any_at(&app, &me, id, body.revision).await?;
    saved::ensure_ongoing(&game, "this game is over")?;
    let opponent = game.seats.iter().find_map(|s| match &s.holder {
        Holder::Player(p) if p != me.id() => Some((s.seat.clone(), p.clone())),
        _ => None,
    });
    let (Some(_), Some((seat, opponent))) = (game.own_seat(), opponent) else {
        return Err(ApiError::conflict(
            "claim_needs_opponent",
            "only a game against another player can be claimed",
        ));
    };
    let wait = app.limits.claim_after;
    match app.watchers.presence().absent_for(id, &opponent) {
        None => {
            return Err(ApiError::conflict(
                "opponent_present",
                "your opponent still has the game open",
            ));
        }
        Some(gone) if gone < wait => {
            let left = (wait - gone).as_secs_f64().ceil() as u32;
            return Err(ApiError::conflict(
                "too_early_to_claim",
                format!(
                    "your opponent left {} s ago: claim in {left} s",
                    gone.as_secs()
                ),
            )
            .retry_after(left.max(1)));
        }
        Some(_) => {}
    }
    let (state, result) = timed::forfeit(game.kind, &game.state, &seat, Forfeit::Abandonment)?;
    let update = GameUpdate {
        state,
        status: Some(GameStatus::Finished),
        result: Some(result),
        append_actions: vec![json!({ "claim": game.own_seat() })],
        ..GameUpdate::default()
    };
    Ok(Json(saved::commit(&app, &game, update).await?))
}
