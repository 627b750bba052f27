//! The JSON API under `/api`: common routes (health, saved games, leaderboards) and one module per
//! game. Handlers stay thin: they translate HTTP to library calls and back.

mod claim;
mod events;
mod games;
mod gomoku;
mod health;
mod invitations;
mod knight;
mod leaderboards;
mod link;
mod lobby;
mod offers;
mod players;
mod rematch;
mod saved;
mod seat_names;
pub(crate) mod timed;
mod tromino;
mod xiangqi;

use axum::Router;
use axum::http::StatusCode;

use crate::AppState;
use crate::error::ApiError;

/// Every route under `/api`.
pub fn routes() -> Router<AppState> {
    Router::new()
        .merge(health::routes())
        .merge(invitations::routes())
        .merge(claim::routes())
        .merge(games::routes())
        .merge(events::routes())
        .merge(gomoku::routes())
        .merge(knight::routes())
        .merge(leaderboards::routes())
        .merge(link::routes())
        .merge(lobby::routes())
        .merge(players::routes())
        .merge(rematch::routes())
        .merge(tromino::routes())
        .merge(xiangqi::routes())
        .fallback(unknown_route)
        .method_not_allowed_fallback(method_not_allowed)
}

async fn unknown_route() -> ApiError {
    ApiError::not_found("no such API route")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this API route does not accept that method",
    )
}
