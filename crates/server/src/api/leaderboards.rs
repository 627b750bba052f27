//! `GET /api/leaderboards/{game}?variant=…&limit=…`: the best entries. Entries are added only by
//! the game modules, after the server has verified the result, through [`enter`].

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;

use crate::AppState;
use crate::api::saved::{SavedState, Seated, commit};
use crate::error::ApiError;
use crate::extract::{ApiPath, ApiQuery};
use crate::store::{
    GameKind, GameStatus, GameUpdate, LeaderboardEntry, NewLeaderboardEntry, SavedGame,
};
use crate::time::now_ms;

/// Time added to a timed puzzle's time for each hint that showed a move.
pub const HINT_PENALTY_MS: i64 = 15_000;

/// The time of a puzzle solved now, started at `started_ms` with `hints` hints taken.
pub fn solved_time_ms(started_ms: i64, hints: u32) -> i64 {
    now_ms() - started_ms + HINT_PENALTY_MS * i64::from(hints)
}

/// How many hints a timed puzzle may take (each adding [`HINT_PENALTY_MS`]) and still be ranked;
/// one more marks the game assisted.
pub const RANKED_HINTS: u32 = 3;

/// The body of a request to enter a finished game on its leaderboard.
#[derive(Deserialize)]
pub struct EntryBody {
    pub name: String,
}

/// The time of a finished timed puzzle, else 409 `not_finished` saying `why`.
pub fn finished_time(game: &SavedGame, time_ms: Option<i64>, why: &str) -> Result<i64, ApiError> {
    match (time_ms, game.status) {
        (Some(time_ms), GameStatus::Finished) => Ok(time_ms),
        _ => Err(ApiError::conflict("not_finished", why.to_owned())),
    }
}

/// Refuses (409 `already_entered`) a game that is already on the leaderboard; `what` names it
/// ("this tour").
pub fn ensure_not_entered(entered: bool, what: &str) -> Result<(), ApiError> {
    if entered {
        Err(ApiError::conflict(
            "already_entered",
            format!("{what} is already on the leaderboard"),
        ))
    } else {
        Ok(())
    }
}

/// Where a verified result stands on its leaderboard.
pub struct Standing {
    /// The leaderboard of the game's variant, e.g. `8x8` or `level-3`.
    pub variant: String,
    pub score: Option<i64>,
    pub time_ms: Option<i64>,
}

/// Saves `state` (already marked as entered) with a `leaderboard` action and `name`'s entry, in
/// one transaction; returns the game as saved. An assisted game (shown its solution, a demo, or
/// more than [`RANKED_HINTS`] hints) is refused with 409 `assisted`.
pub async fn enter<S: SavedState>(
    app: &AppState,
    game: &Seated,
    state: &S,
    name: String,
    standing: Standing,
) -> Result<SavedGame, ApiError> {
    if state.assisted() {
        return Err(ApiError::conflict(
            "assisted",
            "a game in which the server showed the solution, a demo or too many hints cannot \
             enter the leaderboard",
        ));
    }
    let update = GameUpdate {
        state: state.to_json(),
        append_actions: vec![json!({ "leaderboard": name })],
        leaderboard_entry: Some(NewLeaderboardEntry {
            game: S::KIND,
            variant: standing.variant,
            name,
            score: standing.score,
            time_ms: standing.time_ms,
        }),
        ..GameUpdate::default()
    };
    commit(app, game, update).await
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
