//! Saved games of every kind: list my games, read any (watching needs only the link), read the
//! actions (for replay), delete my own. Creating a game
//! and playing in it are the game modules' routes, since only they can check the rules.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::AppState;
use crate::api::saved::{self, RevisionBody};
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::players::{Me, Viewer};
use crate::store::{GameFilter, GameKind, GameStatus, GameUpdate, SavedGame, Seat};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/games", get(list_games))
        .route("/games/{id}", get(get_game).delete(delete_game))
        .route("/games/{id}/actions", get(get_actions))
        .route("/games/{id}/abort", post(abort))
}

#[derive(Deserialize)]
struct ListQuery {
    kind: Option<String>,
    limit: Option<u32>,
    /// `played=true`: without the ongoing games nobody has moved in (what the saved-game lists show).
    #[serde(default)]
    played: bool,
}

/// A saved game as listed (the player's own): everything but the state, which can be large.
#[derive(Serialize)]
struct GameSummary {
    id: i64,
    kind: GameKind,
    variant: String,
    mode: String,
    players: Value,
    status: GameStatus,
    result: Option<Value>,
    action_count: i64,
    created_at: String,
    updated_at: String,
    seats: Vec<Seat>,
}

impl From<SavedGame> for GameSummary {
    fn from(game: SavedGame) -> Self {
        GameSummary {
            id: game.id,
            kind: game.kind,
            variant: game.variant,
            mode: game.mode,
            players: game.players,
            status: game.status,
            result: game.result,
            action_count: game.action_count,
            created_at: game.created_at,
            updated_at: game.updated_at,
            seats: game.seats,
        }
    }
}

const MAX_LIST: u32 = 500;

async fn list_games(
    State(state): State<AppState>,
    me: Me,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Vec<GameSummary>>, ApiError> {
    let kind = match query.kind.as_deref() {
        None | Some("") => None,
        Some(text) => Some(
            text.parse::<GameKind>()
                .map_err(|e| ApiError::bad_request("unknown_kind", e.to_string()))?,
        ),
    };
    let limit = query.limit.unwrap_or(100).clamp(1, MAX_LIST);
    let filter = GameFilter {
        kind,
        player: Some(me.id().clone()),
        limit,
        played_only: query.played,
    };
    let games = state.store.list_games(filter).await?;
    Ok(Json(games.into_iter().map(GameSummary::from).collect()))
}

async fn get_game(
    State(state): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<SavedGame>, ApiError> {
    let game = state.store.game(id).await?;
    saved::ensure_visible(&game, &viewer)?;
    Ok(Json(game))
}

async fn get_actions(
    State(state): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Vec<Value>>, ApiError> {
    saved::ensure_visible(&state.store.game(id).await?, &viewer)?;
    Ok(Json(state.store.actions(id).await?))
}

async fn delete_game(
    State(state): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, ApiError> {
    state.store.delete_game(id, me.id()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Moves a player may make before a game against another player can no longer be aborted.
const ABORT_BEFORE_MOVES: usize = 2;

/// Aborts a game between two players before both have moved (lichess's rule): it ends without a
/// result (status `abandoned`), for either player, so that a game nobody wanted to play is not
/// counted as a loss.
async fn abort(
    State(state): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<RevisionBody>,
) -> Result<Json<GameSummary>, ApiError> {
    let game = saved::load_any_at(&state, &me, id, body.revision).await?;
    saved::ensure_ongoing(&game, "this game is over")?;
    let Some(seat) = game.own_seat().map(str::to_owned) else {
        return Err(ApiError::conflict(
            "abort_needs_opponent",
            "only a game against another player is aborted; resign or delete this one",
        ));
    };
    let moves = state
        .store
        .actions(id)
        .await?
        .iter()
        .filter(|a| a.get("move").is_some())
        .count();
    if moves >= ABORT_BEFORE_MOVES {
        return Err(ApiError::conflict(
            "too_late_to_abort",
            "both players have moved: resign or offer a draw instead",
        ));
    }
    let update = GameUpdate {
        state: game.state.clone(),
        status: Some(GameStatus::Abandoned),
        result: Some(serde_json::json!({ "aborted_by": seat })),
        append_actions: vec![serde_json::json!({ "abort": seat })],
        ..GameUpdate::default()
    };
    Ok(Json(saved::commit(&state, &game, update).await?.into()))
}
