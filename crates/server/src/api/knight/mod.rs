//! Knight's tour (马踏棋盘) under `/api/knight`: start a board from a square, move, undo, hint,
//! a full tour for the auto-solve animation, and the leaderboard entry for a tour the server
//! has verified.
//!
//! The server is authoritative: it keeps the trail, refuses any move that is not a knight's move
//! to an unvisited square, and checks the complete tour with [`qipan_knight::verify`].

mod state;

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use std::time::{Duration, Instant};

use qipan_knight::{Board, Budget, Hint, Square, hint as find_hint, tour_within, verify};
use serde::{Deserialize, Serialize};
use serde_json::json;

use self::state::{GameState, GameView};
use crate::AppState;
use crate::api::leaderboards::{
    EntryBody, Standing, ensure_not_entered, enter, finished_time, solved_time_ms,
};
use crate::api::saved;
use crate::api::saved::{
    RevisionBody, SavedState, create_solo, ensure_ongoing, load, load_at, save_action,
};
use crate::compute::{Compute, Cost};
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath};
use crate::names::normalize_name;
use crate::players::{Me, Viewer};
use crate::quota::Creation;
use crate::store::{GameStatus, GameUpdate};
use crate::time::now_ms;

/// Board sides a game may use (the page offers 5x5 to 12x12, 9x10 and any rectangle up to 30x30;
/// a side of 1 or 2 has no tour beyond the single square).
const SIDES: std::ops::RangeInclusive<u32> = 3..=30;
/// How long a hint may search before it answers "unknown" (at most the server's compute limit).
const HINT_TIME: Duration = Duration::from_millis(1500);
/// Why a finished tour refuses changes.
const COMPLETE: &str = "this tour is already complete";

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/knight/games", post(new_game))
        .route("/knight/games/{id}", get(get_game))
        .route("/knight/games/{id}/move", post(make_move))
        .route("/knight/games/{id}/undo", post(undo))
        .route("/knight/games/{id}/hint", post(hint))
        .route("/knight/games/{id}/leaderboard", post(enter_leaderboard))
        .route("/knight/games/{id}/solve", post(solve))
}

/// A library error as a 422 with the library's stable code.
fn refused(error: qipan_knight::Error) -> ApiError {
    ApiError::unprocessable(error.code(), error.to_string())
}

/// The board, if both sides are within [`SIDES`].
fn checked_board(cols: u32, rows: u32) -> Result<Board, ApiError> {
    if !SIDES.contains(&cols) || !SIDES.contains(&rows) {
        return Err(ApiError::unprocessable(
            "size_out_of_range",
            format!(
                "each board side must be between {} and {}",
                SIDES.start(),
                SIDES.end()
            ),
        ));
    }
    Board::new(u64::from(cols), u64::from(rows)).map_err(refused)
}

/// The square `[x, y]`, if it is on the board.
fn checked_square(board: Board, [x, y]: [u32; 2]) -> Result<Square, ApiError> {
    let square = Square::new(x, y);
    board.check(square).map_err(refused)?;
    Ok(square)
}

/// The leaderboard variant of a board, e.g. `8x8` or `8x8-closed`.
fn variant(state: &GameState) -> String {
    let kind = if state.closed { "-closed" } else { "" };
    format!("{}x{}{kind}", state.cols, state.rows)
}

#[derive(Deserialize)]
struct NewGameBody {
    cols: u32,
    rows: u32,
    start: [u32; 2],
    #[serde(default)]
    closed: bool,
}

async fn new_game(
    State(app): State<AppState>,
    me: Me,
    _allowed: Creation,
    ApiJson(body): ApiJson<NewGameBody>,
) -> Result<Json<GameView>, ApiError> {
    let board = checked_board(body.cols, body.rows)?;
    checked_square(board, body.start)?;
    let state = GameState {
        cols: body.cols,
        rows: body.rows,
        closed: body.closed,
        trail: vec![body.start],
        started_ms: now_ms(),
        time_ms: None,
        hints: 0,
        solved_by_server: false,
        entered: false,
    };
    let game = create_solo(&app, &me, variant(&state), &state).await?;
    Ok(Json(GameView::new(&game, &state)?))
}

async fn get_game(
    State(app): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<GameView>, ApiError> {
    let (game, state) = load::<GameState>(&app, &viewer, id).await?;
    Ok(Json(GameView::new(&game, &state)?))
}

#[derive(Deserialize)]
struct MoveBody {
    revision: i64,
    to: [u32; 2],
}

async fn make_move(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<MoveBody>,
) -> Result<Json<GameView>, ApiError> {
    let (game, mut state) = load_at::<GameState>(&app, &me, id, body.revision).await?;
    ensure_ongoing(&game, COMPLETE)?;
    let board = state.board()?;
    let to = checked_square(board, body.to)?;
    let from = state
        .squares()
        .last()
        .copied()
        .ok_or_else(|| ApiError::internal(format!("knight game {id} has an empty trail")))?;
    if !Board::is_knight_move(from, to) {
        return Err(ApiError::unprocessable(
            "not_a_knight_move",
            format!("{} is not a knight's move from {}", to.name(), from.name()),
        ));
    }
    if state.trail.contains(&body.to) {
        return Err(ApiError::unprocessable(
            "already_visited",
            format!("{} has already been visited", to.name()),
        ));
    }
    state.trail.push(body.to);
    let mut update = GameUpdate {
        append_actions: vec![json!({ "move": body.to })],
        ..GameUpdate::default()
    };
    if state.trail.len() == board.squares() {
        match verify(board, &state.path(board), state.closed) {
            Ok(()) => {
                let time_ms = solved_time_ms(state.started_ms, state.hints);
                state.time_ms = Some(time_ms);
                update.status = Some(GameStatus::Finished);
                update.result =
                    Some(json!({ "toured": true, "time_ms": time_ms, "hints": state.hints }));
            }
            // Every square is visited but the tour does not close: the game goes on, so the
            // player can undo (the page explains it).
            Err(qipan_knight::Error::NotClosed { .. }) => {}
            Err(other) => return Err(ApiError::internal(other)),
        }
    }
    update.state = state.to_json();
    let game = saved::commit(&app, &game, update).await?;
    Ok(Json(GameView::new(&game, &state)?))
}

async fn undo(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<RevisionBody>,
) -> Result<Json<GameView>, ApiError> {
    let (game, mut state) = load_at::<GameState>(&app, &me, id, body.revision).await?;
    ensure_ongoing(&game, COMPLETE)?;
    if state.trail.len() < 2 {
        return Err(ApiError::unprocessable(
            "nothing_to_undo",
            "the knight has not moved yet",
        ));
    }
    let square = state.trail.pop();
    let game = save_action(&app, &game, &state, json!({ "undo": square })).await?;
    Ok(Json(GameView::new(&game, &state)?))
}

/// What a hint says, in JSON: `{"kind": "next", "square": [x, y]}`, `{"kind": "stuck"}`,
/// `{"kind": "unknown"}` or `{"kind": "complete"}`.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum HintAnswer {
    Next { square: [u32; 2] },
    Stuck,
    Unknown,
    Complete,
}

#[derive(Serialize)]
struct HintView {
    game: GameView,
    hint: HintAnswer,
}

async fn hint(
    State(app): State<AppState>,
    me: Me,
    compute: Compute,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<RevisionBody>,
) -> Result<Json<HintView>, ApiError> {
    let (game, mut state) = load_at::<GameState>(&app, &me, id, body.revision).await?;
    ensure_ongoing(&game, COMPLETE)?;
    let board = state.board()?;
    let (trail, kind) = (state.squares(), state.kind());
    let time = HINT_TIME.min(compute.max_time());
    let found = compute
        .run(Cost::Search, move |stop| {
            let stop = stop.as_atomic();
            let budget = Budget::until(Instant::now() + time).with_stop(&stop);
            find_hint(board, &trail, kind, budget)
        })
        .await?
        .map_err(refused)?;
    let answer = match found {
        Hint::Next(s) => HintAnswer::Next { square: [s.x, s.y] },
        Hint::Stuck => HintAnswer::Stuck,
        Hint::Unknown => HintAnswer::Unknown,
        Hint::Complete => HintAnswer::Complete,
    };
    // Only a hint that shows a move costs time.
    let game = if matches!(answer, HintAnswer::Next { .. }) {
        state.hints += 1;
        save_action(&app, &game, &state, json!({ "hint": answer })).await?
    } else {
        game.into_game()
    };
    Ok(Json(HintView {
        game: GameView::new(&game, &state)?,
        hint: answer,
    }))
}

async fn enter_leaderboard(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<EntryBody>,
) -> Result<Json<GameView>, ApiError> {
    let (game, mut state) = saved::load_mine::<GameState>(&app, &me, id).await?;
    let name = normalize_name(&body.name)?;
    let time_ms = finished_time(
        &game,
        state.time_ms,
        "only a complete tour can enter the leaderboard",
    )?;
    ensure_not_entered(state.entered, "this tour")?;
    // Verified again from the saved trail, not from anything the page says.
    let board = state.board()?;
    verify(board, &state.path(board), state.closed).map_err(refused)?;
    state.entered = true;
    let standing = Standing {
        variant: variant(&state),
        score: None,
        time_ms: Some(time_ms),
    };
    let game = enter(&app, &game, &state, name, standing).await?;
    Ok(Json(GameView::new(&game, &state)?))
}

#[derive(Serialize)]
struct SolveView {
    game: GameView,
    /// A whole tour from the game's start square, as `[x, y]` in the order the knight visits them.
    path: Vec<[u32; 2]>,
}

/// A whole tour from the game's start square, for the auto-solve animation. The game is marked
/// assisted first: it can no longer enter the leaderboard.
async fn solve(
    State(app): State<AppState>,
    me: Me,
    compute: Compute,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<RevisionBody>,
) -> Result<Json<SolveView>, ApiError> {
    let (game, mut state) = load_at::<GameState>(&app, &me, id, body.revision).await?;
    let board = state.board()?;
    let start = state.squares()[0];
    let kind = state.kind();
    let found = compute
        .run(Cost::Search, move |stop| {
            let stop = stop.as_atomic();
            tour_within(board, start, kind, Budget::UNLIMITED.with_stop(&stop))
        })
        .await?
        .map_err(refused)?;
    let game = if state.solved_by_server {
        game.into_game()
    } else {
        state.solved_by_server = true;
        save_action(&app, &game, &state, json!({ "solve": true })).await?
    };
    Ok(Json(SolveView {
        game: GameView::new(&game, &state)?,
        path: found.squares().map(|s| [s.x, s.y]).collect(),
    }))
}
