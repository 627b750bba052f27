//! The engine's reply, searched on the compute pool within the level's thinking time.

use std::time::{SystemTime, UNIX_EPOCH};

use axum::Json;
use axum::extract::State;
use qipan_gomoku::engine::{Found, SearchResult};
use qipan_gomoku::{Engine, Game, Level, SearchLimits};

use serde::Serialize;

use super::state::{EngineInfo, GameState, GameView};
use super::{RevisionBody, commit_move, engine_opening, ensure_ongoing, load_at};
use crate::AppState;
use crate::api::saved;
use crate::compute::{Compute, Cost};
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath};
use crate::players::Me;
use qipan_gomoku::Step;

/// Thinking time per move at levels 1–10: low levels answer at once, high levels think longer.
const THINK_MS: [u64; 10] = [150, 200, 300, 400, 600, 800, 1200, 1600, 2200, 3000];

/// Levels whose replies are quick enough for the interactive lane (at most 300 ms).
const QUICK_LEVELS: u8 = 3;

/// A seed for a new game's engine, from the clock.
pub(super) fn fresh_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

fn found_name(found: Found) -> &'static str {
    match found {
        Found::Forced => "forced",
        Found::Vcf => "vcf",
        Found::Vct => "vct",
        Found::Search => "search",
        Found::Shape => "shape",
    }
}

/// The engine plays its move when it is its turn; the page calls this after each of the
/// person's moves (and after loading a game where the engine is to move).
pub(super) async fn reply(
    State(app): State<AppState>,
    me: Me,
    compute: Compute,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<RevisionBody>,
) -> Result<Json<GameView>, ApiError> {
    let (saved, mut state) = load_at(&app, &me, id, body.revision).await?;
    ensure_ongoing(&saved)?;
    let mut game = state.game()?;
    if !state.engine_to_move(&game) {
        return Err(ApiError::conflict(
            "not_engine_turn",
            "it is not the engine's turn to move",
        ));
    }
    let level = Level::new(state.level.unwrap_or(5));
    let think_ms = THINK_MS[usize::from(level.get() - 1)];
    if state.opening_step() != Step::Play {
        let view = engine_opening::play(&app, &compute, &saved, &mut state, &mut game, think_ms)
            .await
            .map_err(|e| match e.code.as_str() {
                "stale" => e,
                _ => ApiError::internal(format!("the engine's opening was refused: {e}")),
            })?;
        return Ok(Json(view));
    }
    let found = search(&compute, &state, &game, level, think_ms).await?;
    let mut view = commit_move(&app, &saved, &mut state, &mut game, found.best)
        .await
        .map_err(|e| match e.code.as_str() {
            "stale" => e,
            _ => ApiError::internal(format!("the engine's move was refused: {e}")),
        })?;
    view.engine = Some(info(&found));
    Ok(Json(view))
}

/// The engine's move in `game` at `level`, thinking at most `think_ms` (and within the compute
/// pool's limit) on the pool's quick lane for the low levels, else its search lane. The engine
/// stops itself at its deadline, or earlier when the pool's stop flag is set (request dropped,
/// server shutting down).
async fn search(
    compute: &Compute,
    state: &GameState,
    game: &Game,
    level: Level,
    think_ms: u64,
) -> Result<SearchResult, ApiError> {
    let think_ms = think_ms.min(u64::try_from(compute.max_time().as_millis()).unwrap_or(u64::MAX));
    let board = game.board().clone();
    let rule_set = state.rule_set()?;
    let seed = state.seed ^ state.moves.len() as u64;
    let cost = if level.get() <= QUICK_LEVELS {
        Cost::Quick
    } else {
        Cost::Search
    };
    compute
        .run(cost, move |stop| {
            let limits = SearchLimits::millis(think_ms).with_stop(stop.as_atomic());
            Engine::new(level, seed).best_move(&board, rule_set, limits)
        })
        .await?
        .ok_or_else(|| ApiError::conflict("board_full", "the board is full"))
}

/// The figures of a search, as the page shows them.
fn info(found: &SearchResult) -> EngineInfo {
    EngineInfo {
        depth: found.depth,
        nodes: found.nodes,
        score: found.score,
        found: found_name(found.found),
    }
}

/// How long a hint thinks at most (within the compute pool's limit): the strongest level's time.
const HINT_MS: u64 = THINK_MS[9];

/// The engine's suggestion for the side to move, at full strength: a point and how it was
/// found. Not in a game between two players (a hint there would be help from outside), nor
/// while it is the engine's turn.
#[derive(Debug, Serialize)]
pub(super) struct Hint {
    /// The suggested point, `[x, y]` from the top-left.
    point: [u8; 2],
    /// The search's figures.
    engine: EngineInfo,
}

pub(super) async fn hint(
    State(app): State<AppState>,
    me: Me,
    compute: Compute,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Hint>, ApiError> {
    let (saved, state) = saved::load_mine::<GameState>(&app, &me, id).await?;
    ensure_ongoing(&saved)?;
    if saved.own_seat().is_some() {
        return Err(ApiError::conflict(
            "no_hints_between_players",
            "no engine hints in a game between two players",
        ));
    }
    let game = state.game()?;
    if state.engine_to_move(&game) {
        return Err(ApiError::conflict(
            "not_your_turn",
            "it is the engine's turn to move",
        ));
    }
    if state.opening_step() != Step::Play {
        return Err(ApiError::conflict(
            "opening_choice_pending",
            "no hints during the opening",
        ));
    }
    let found = search(&compute, &state, &game, Level::new(10), HINT_MS).await?;
    Ok(Json(Hint {
        point: [found.best.x, found.best.y],
        engine: info(&found),
    }))
}
