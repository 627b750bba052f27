//! `GET /api/leaderboards/{game}?variant=…&limit=…`: the best entries. Entries are added only by
//! the game modules, after the server has verified the result.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;

use crate::AppState;
use crate::error::ApiError;
use crate::extract::{ApiPath, ApiQuery};
use crate::store::{GameKind, LeaderboardEntry};

/// The longest player name a leaderboard keeps, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// A player's name for a leaderboard entry: trimmed, 1 to [`MAX_NAME_CHARS`] characters, else 422
/// `bad_name`.
pub fn entry_name(raw: &str) -> Result<String, ApiError> {
    let name = raw.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return Err(ApiError::unprocessable(
            "bad_name",
            format!("the name must have 1 to {MAX_NAME_CHARS} characters"),
        ));
    }
    Ok(name.to_owned())
}

pub fn routes() -> Router<AppState> {
    Router::new().route("/leaderboards/{game}", get(top_entries))
}

#[derive(Deserialize)]
struct TopQuery {
    #[serde(default)]
    variant: String,
    limit: Option<u32>,
}

async fn top_entries(
    State(state): State<AppState>,
    ApiPath(game): ApiPath<String>,
    ApiQuery(query): ApiQuery<TopQuery>,
) -> Result<Json<Vec<LeaderboardEntry>>, ApiError> {
    let game: GameKind = game
        .parse()
        .map_err(|e: crate::store::UnknownGameKind| ApiError::not_found(e.to_string()))?;
    let limit = query.limit.unwrap_or(10).clamp(1, 100);
    Ok(Json(
        state.store.top_entries(game, &query.variant, limit).await?,
    ))
}
