//! Tromino tiling (棋盘覆盖) under `/api/tromino`: start a board, place, undo, hint, the
//! divide-and-conquer demo, and the leaderboard entry for a board the server has verified.
//!
//! The server is authoritative: a placement that overlaps, leaves the board, covers the missing
//! square or leaves the rest of the board untileable is refused with a 422 whose `code` says why.

mod state;

use std::time::{Duration, Instant};

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use qipan_tromino::{Outcome, SearchLimits, Square, Step, Tromino, complete, golomb_steps};
use serde::{Deserialize, Serialize};
use serde_json::json;

use self::state::{GameState, GameView, Piece};
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

/// Board sides a game may use (the page offers 4, 8, 16 and 32).
const SIDES: std::ops::RangeInclusive<u32> = 2..=32;
/// How long the check of a placement may take before the placement is let through undecided
/// (an undecided placement costs nothing: the player finds out later, and undo is free).
const CHECK_TIME: Duration = Duration::from_millis(300);
/// How long a hint may search for a completion.
const HINT_TIME: Duration = Duration::from_millis(1500);
/// The largest board side whose placement checks run in the interactive lane.
const QUICK_SIDE: u32 = 16;
/// Why a covered board refuses changes.
const COVERED: &str = "this board is already covered";

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/tromino/games", post(new_game))
        .route("/tromino/games/{id}", get(get_game))
        .route("/tromino/games/{id}/place", post(place))
        .route("/tromino/games/{id}/undo", post(undo))
        .route("/tromino/games/{id}/hint", post(hint))
        .route("/tromino/games/{id}/leaderboard", post(enter_leaderboard))
        .route("/tromino/games/{id}/demo", post(demo))
}

/// A library error as a 422 with the library's stable code.
fn refused(error: qipan_tromino::Error) -> ApiError {
    ApiError::unprocessable(error.code(), error.to_string())
}

#[derive(Deserialize)]
struct NewGameBody {
    size: u32,
    /// The missing square; a random one when absent.
    missing: Option<[u32; 2]>,
}

async fn new_game(
    State(app): State<AppState>,
    me: Me,
    _allowed: Creation,
    ApiJson(body): ApiJson<NewGameBody>,
) -> Result<Json<GameView>, ApiError> {
    if !SIDES.contains(&body.size) {
        return Err(ApiError::unprocessable(
            "size_out_of_range",
            format!(
                "the board side must be between {} and {}",
                SIDES.start(),
                SIDES.end()
            ),
        ));
    }
    let n = body.size;
    let missing = match body.missing {
        Some([x, y]) => Square::new(x, y),
        None => random_tileable_square(n),
    };
    qipan_tromino::check_tileable(n, missing).map_err(refused)?;
    let state = GameState {
        size: n,
        missing: [missing.x, missing.y],
        placed: Vec::new(),
        started_ms: now_ms(),
        time_ms: None,
        hints: 0,
        demo_shown: false,
        entered: false,
    };
    let game = create_solo(&app, &me, variant(n), &state).await?;
    Ok(Json(GameView::new(&game, &state, false)))
}

/// The leaderboard variant of a board side, e.g. `8x8`.
fn variant(n: u32) -> String {
    format!("{n}x{n}")
}

/// A missing square chosen from the clock, among those that leave a tileable board.
fn random_tileable_square(n: u32) -> Square {
    let seed = now_ms().unsigned_abs().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 17;
    let cells = u64::from(n) * u64::from(n);
    (0..cells)
        .map(|i| {
            let k = (seed + i) % cells;
            Square::new((k % u64::from(n)) as u32, (k / u64::from(n)) as u32)
        })
        .find(|&s| qipan_tromino::check_tileable(n, s).is_ok())
        .unwrap_or(Square::new(0, 0))
}

async fn get_game(
    State(app): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<GameView>, ApiError> {
    let (game, state) = load::<GameState>(&app, &viewer, id).await?;
    Ok(Json(GameView::new(&game, &state, false)))
}

/// Runs the tileability search off the async threads: the check of a placement within
/// [`CHECK_TIME`] (in the interactive lane up to [`QUICK_SIDE`]), a hint within [`HINT_TIME`].
async fn search(
    compute: &Compute,
    state: &GameState,
    placed: Vec<Tromino>,
    purpose: Purpose,
) -> Result<Outcome, ApiError> {
    let (n, missing) = (state.size, state.missing_square());
    let (cost, time) = match purpose {
        Purpose::Check if n <= QUICK_SIDE => (Cost::Quick, CHECK_TIME),
        Purpose::Check => (Cost::Search, CHECK_TIME),
        Purpose::Hint => (Cost::Search, HINT_TIME),
    };
    let budget = time.min(compute.max_time());
    compute
        .run(cost, move |_stop| {
            let limits = SearchLimits {
                max_nodes: 50_000_000,
                deadline: Some(Instant::now() + budget),
            };
            complete(n, missing, &placed, limits)
        })
        .await?
        .map_err(refused)
}

#[derive(Deserialize)]
struct PlaceBody {
    revision: i64,
    #[serde(flatten)]
    piece: Piece,
}

/// Why the tileability search runs.
#[derive(Clone, Copy)]
enum Purpose {
    /// May the player's placement stand? An undecided answer lets it stand.
    Check,
    /// Which tromino comes next?
    Hint,
}

async fn place(
    State(app): State<AppState>,
    me: Me,
    compute: Compute,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<PlaceBody>,
) -> Result<Json<GameView>, ApiError> {
    let (game, mut state) = load_at::<GameState>(&app, &me, id, body.revision).await?;
    ensure_ongoing(&game, COVERED)?;
    let mut placed = state.trominoes();
    placed.push(body.piece.into());
    // Overlap, off-board and missing-square errors come back from the library as they are.
    let outcome = search(&compute, &state, placed.clone(), Purpose::Check).await?;
    let undecided = match outcome {
        Outcome::Tiled(_) => false,
        Outcome::GaveUp { .. } => true,
        Outcome::Impossible(reason) => {
            return Err(ApiError::unprocessable(
                format!("untileable_{}", reason.code()),
                format!("after this tromino the rest cannot be covered: {reason}"),
            ));
        }
    };
    state.placed.push(body.piece);
    let mut update = GameUpdate {
        append_actions: vec![json!({ "place": body.piece })],
        ..GameUpdate::default()
    };
    let n = u64::from(state.size);
    if placed.len() as u64 * 3 == n * n - 1 {
        qipan_tromino::verify_trominoes(state.size, state.missing_square(), &placed)
            .map_err(ApiError::internal)?;
        let time_ms = solved_time_ms(state.started_ms, state.hints);
        state.time_ms = Some(time_ms);
        update.status = Some(GameStatus::Finished);
        update.result = Some(json!({ "covered": true, "time_ms": time_ms, "hints": state.hints }));
    }
    update.state = state.to_json();
    let game = saved::commit(&app, &game, update).await?;
    Ok(Json(GameView::new(&game, &state, undecided)))
}

async fn undo(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<RevisionBody>,
) -> Result<Json<GameView>, ApiError> {
    let (game, mut state) = load_at::<GameState>(&app, &me, id, body.revision).await?;
    ensure_ongoing(&game, COVERED)?;
    let Some(piece) = state.placed.pop() else {
        return Err(ApiError::unprocessable(
            "nothing_to_undo",
            "no tromino has been placed yet",
        ));
    };
    let game = save_action(&app, &game, &state, json!({ "undo": piece })).await?;
    Ok(Json(GameView::new(&game, &state, false)))
}

#[derive(Serialize)]
struct HintView {
    game: GameView,
    /// One tromino of a completion of the current board.
    hint: Piece,
}

async fn hint(
    State(app): State<AppState>,
    me: Me,
    compute: Compute,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<RevisionBody>,
) -> Result<Json<HintView>, ApiError> {
    let (game, mut state) = load_at::<GameState>(&app, &me, id, body.revision).await?;
    ensure_ongoing(&game, COVERED)?;
    let hint = match search(&compute, &state, state.trominoes(), Purpose::Hint).await? {
        Outcome::Tiled(rest) => rest.first().copied().map(Piece::from),
        Outcome::GaveUp { .. } => {
            return Err(ApiError::unprocessable(
                "hint_unknown",
                "no completion was found in time; try undoing a tromino",
            ));
        }
        Outcome::Impossible(reason) => {
            return Err(ApiError::unprocessable(
                format!("untileable_{}", reason.code()),
                format!("the rest of the board cannot be covered: {reason}"),
            ));
        }
    };
    let Some(hint) = hint else {
        return Err(ApiError::unprocessable(
            "nothing_left",
            "the board is already covered",
        ));
    };
    state.hints += 1;
    let game = save_action(&app, &game, &state, json!({ "hint": hint })).await?;
    Ok(Json(HintView {
        game: GameView::new(&game, &state, false),
        hint,
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
        "only a covered board can enter the leaderboard",
    )?;
    ensure_not_entered(state.entered, "this board")?;
    // Verified again from the saved pieces, not from anything the page says.
    qipan_tromino::verify_trominoes(state.size, state.missing_square(), &state.trominoes())
        .map_err(refused)?;
    state.entered = true;
    let standing = Standing {
        variant: variant(state.size),
        score: None,
        time_ms: Some(time_ms),
    };
    let game = enter(&app, &game, &state, name, standing).await?;
    Ok(Json(GameView::new(&game, &state, false)))
}

#[derive(Serialize)]
struct DemoStep {
    origin: [u32; 2],
    side: u32,
    hole: [u32; 2],
    piece: Piece,
    depth: u32,
}

impl From<Step> for DemoStep {
    fn from(step: Step) -> Self {
        DemoStep {
            origin: [step.origin.x, step.origin.y],
            side: step.side,
            hole: [step.hole.x, step.hole.y],
            piece: step.tromino.into(),
            depth: step.depth,
        }
    }
}

#[derive(Serialize)]
struct DemoView {
    game: GameView,
    /// The steps of the divide and conquer, in recursion order.
    steps: Vec<DemoStep>,
}

/// The steps of the divide and conquer on the game's board (2^k, k <= 6), in recursion order.
/// The game is marked assisted: a board shown its tiling can no longer enter the leaderboard.
async fn demo(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<RevisionBody>,
) -> Result<Json<DemoView>, ApiError> {
    let (game, mut state) = load_at::<GameState>(&app, &me, id, body.revision).await?;
    if !state.size.is_power_of_two() || !(2..=64).contains(&state.size) {
        return Err(ApiError::unprocessable(
            "demo_size",
            "the demo shows boards of side 2, 4, 8, 16, 32 or 64",
        ));
    }
    let k = state.size.trailing_zeros();
    let steps = golomb_steps(k, state.missing_square()).map_err(refused)?;
    let game = if state.demo_shown {
        game.into_game()
    } else {
        state.demo_shown = true;
        save_action(&app, &game, &state, json!({ "demo": true })).await?
    };
    Ok(Json(DemoView {
        game: GameView::new(&game, &state, false),
        steps: steps.into_iter().map(DemoStep::from).collect(),
    }))
}
