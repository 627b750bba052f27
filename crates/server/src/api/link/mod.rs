//! Lianliankan (连连看) under `/api/link`: start a level, play its actions, and enter the
//! leaderboard of that level with a game the server has seen won.
//!
//! The server is authoritative: it keeps the clock, checks every pair (a refusal is a 422 whose
//! `code` says why: `different_kinds`, `no_path`, `empty_cell` ...), and scores the game.

mod state;

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use qipan_link::{Error, Game, LEVEL_COUNT, Level, Point};
use serde::{Deserialize, Serialize};
use serde_json::json;

use self::state::{GameState, GameView, LevelView};
use crate::AppState;
use crate::api::leaderboards::{EntryBody, Standing, ensure_not_entered, enter};
use crate::api::saved;
use crate::api::saved::{SavedState, create_solo, load as load_saved, load_at};
use crate::compute::{Compute, Cost};
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::names::normalize_name;
use crate::players::{Me, Viewer};
use crate::quota::Creation;
use crate::store::{GameStatus, GameUpdate, SavedGame};
use crate::time::now_ms;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/link/levels", get(levels))
        .route("/link/games", post(new_game))
        .route("/link/games/{id}", get(get_game))
        .route("/link/games/{id}/actions", post(act))
        .route("/link/games/{id}/leaderboard", post(enter_leaderboard))
        .route("/link/games/{id}/reach", get(reach))
}

/// A library error as an API error: rule refusals are 422, a game that is over or paused 409.
fn refused(error: Error) -> ApiError {
    match error {
        Error::GameOver | Error::Paused => ApiError::conflict(error.code(), error.to_string()),
        _ => ApiError::unprocessable(error.code(), error.to_string()),
    }
}

/// The leaderboard variant of a level, e.g. `level-3`.
fn variant(level: u32) -> String {
    format!("level-{level}")
}

async fn levels() -> Json<Vec<LevelView>> {
    Json(Level::all().into_iter().map(LevelView::from).collect())
}

#[derive(Deserialize)]
struct NewGameBody {
    level: u32,
}

async fn new_game(
    State(app): State<AppState>,
    me: Me,
    _allowed: Creation,
    compute: Compute,
    ApiJson(body): ApiJson<NewGameBody>,
) -> Result<Json<GameView>, ApiError> {
    let level = Level::get(body.level).map_err(|_| {
        ApiError::unprocessable(
            "no_such_level",
            format!("levels are numbered 1 to {LEVEL_COUNT}"),
        )
    })?;
    let seed = now_ms().unsigned_abs().wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let game = compute
        .run(Cost::Search, move |_stop| Game::new(level, seed))
        .await?
        .map_err(refused)?;
    let state = GameState::new(&game, now_ms(), false);
    let saved = create_solo(&app, &me, variant(level.number), &state).await?;
    Ok(Json(GameView::new(&saved, &game, &state)))
}

/// Game `id` with its saved state and the game rebuilt from it.
async fn load(
    app: &AppState,
    viewer: &Viewer,
    id: i64,
) -> Result<(SavedGame, GameState, Game), ApiError> {
    let (saved, state) = load_saved::<GameState>(app, viewer, id).await?;
    let game = state.game()?;
    Ok((saved, state, game))
}

async fn get_game(
    State(app): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<GameView>, ApiError> {
    let (saved, state, mut game) = load(&app, &viewer, id).await?;
    // The clock may have run out since the last action: show it, but leave recording the end to
    // the next action (a read writes nothing).
    game.tick(state.clock_ms());
    Ok(Json(GameView::new(&saved, &game, &state)))
}

#[derive(Deserialize)]
struct ReachQuery {
    /// Column of the tile, from 0 at the left.
    x: i32,
    /// Row of the tile, from 0 at the top.
    y: i32,
    /// A second tile of the pair to show, if chosen: the path the search found to it.
    to_x: Option<i32>,
    to_y: Option<i32>,
}

/// What the path search sees from one tile (for the page's "how it works" view).
#[derive(Serialize)]
struct ReachView {
    /// Empty cells first reached with 0, 1 and 2 turns (the ring outside the board included,
    /// as -1 or rows/cols).
    cells: [Vec<[i32; 2]>; 3],
    /// The tiles a straight ray stops at: those of the same kind can be joined to the tile.
    tiles: Vec<[i32; 2]>,
    /// With a second tile: the corners of the shortest path to it with at most two turns, or
    /// `null` when the search does not reach it.
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<Option<Vec<[i32; 2]>>>,
}

/// `GET /api/link/games/{id}/reach?x=&y=`: the layers of the path search from a tile. Reading
/// it changes nothing (it is no hint: it shows every tile a path reaches, not which match).
async fn reach(
    State(app): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<ReachQuery>,
) -> Result<Json<ReachView>, ApiError> {
    let (_, _, game) = load(&app, &viewer, id).await?;
    if game.status == qipan_link::Status::Paused {
        // The board is hidden while the clock is stopped.
        return Err(refused(Error::Paused));
    }
    let layers = game
        .board
        .turn_layers(Point::new(query.x, query.y))
        .map_err(refused)?;
    let points = |ps: &[Point]| ps.iter().map(|&p| xy(p)).collect::<Vec<_>>();
    let path = match (query.to_x, query.to_y) {
        (Some(x), Some(y)) => Some(
            game.board
                .connect(Point::new(query.x, query.y), Point::new(x, y))
                .map(|path| points(path.corners())),
        ),
        _ => None,
    };
    Ok(Json(ReachView {
        path,
        cells: [
            points(&layers.cells[0]),
            points(&layers.cells[1]),
            points(&layers.cells[2]),
        ],
        tiles: points(&layers.tiles),
    }))
}

/// One thing the player does.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
enum Action {
    /// Remove the tiles at `a` and `b` ([x, y], from 0 at the top left).
    Pair {
        a: [i32; 2],
        b: [i32; 2],
    },
    Hint,
    Shuffle,
    Undo,
    Pause,
    Resume,
}

#[derive(Deserialize)]
struct ActionBody {
    revision: i64,
    #[serde(flatten)]
    action: Action,
}

/// The answer to an action: the game after it, and what the action produced.
#[derive(Serialize)]
struct ActionView {
    game: GameView,
    /// For a pair: the corners of the path that joined the tiles.
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<Vec<[i32; 2]>>,
    /// For a pair: the points it earned.
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<u32>,
    /// For a pair: whether the board was stuck afterwards and got shuffled.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    reshuffled: bool,
    /// For a hint: the two tiles to remove.
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<[[i32; 2]; 2]>,
}

/// What an action produced, before it is saved.
#[derive(Default)]
struct Outcome {
    path: Option<Vec<[i32; 2]>>,
    points: Option<u32>,
    reshuffled: bool,
    hint: Option<[[i32; 2]; 2]>,
}

fn xy(p: Point) -> [i32; 2] {
    [p.x, p.y]
}

fn apply(game: &mut Game, action: Action, now: u64) -> Result<Outcome, Error> {
    let mut outcome = Outcome::default();
    match action {
        Action::Pair { a, b } => {
            let removal = game.remove(Point::new(a[0], a[1]), Point::new(b[0], b[1]), now)?;
            outcome.path = Some(removal.path.corners().iter().map(|&p| xy(p)).collect());
            outcome.points = Some(removal.points);
            outcome.reshuffled = removal.reshuffled;
        }
        Action::Hint => {
            let m = game.hint(now)?;
            outcome.hint = Some([xy(m.a), xy(m.b)]);
        }
        Action::Shuffle => game.shuffle(now)?,
        Action::Undo => game.undo(now)?,
        Action::Pause => game.pause(now)?,
        Action::Resume => game.resume(now)?,
    }
    Ok(outcome)
}

async fn act(
    State(app): State<AppState>,
    me: Me,
    compute: Compute,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<ActionBody>,
) -> Result<Json<ActionView>, ApiError> {
    let (saved, state) = load_at::<GameState>(&app, &me, id, body.revision).await?;
    let game = state.game()?;
    let now = state.clock_ms();
    let action = body.action;
    let before = game.status;
    let (game, result) = compute
        .run(Cost::Quick, move |_stop| {
            let mut game = game;
            let result = apply(&mut game, action, now);
            (game, result)
        })
        .await?;
    let outcome = match result {
        Ok(outcome) => outcome,
        Err(error) => {
            // Time may have run out on the way: record that before refusing.
            if game.status != before && game.status.is_over() {
                save(&app, &saved, &state, &game, None).await?;
            }
            return Err(refused(error));
        }
    };
    let record = json!({ "at_ms": now, "do": action });
    let saved = save(&app, &saved, &state, &game, Some(record)).await?;
    let state = GameState::new(&game, state.started_ms, state.entered);
    Ok(Json(ActionView {
        game: GameView::new(&saved, &game, &state),
        path: outcome.path,
        points: outcome.points,
        reshuffled: outcome.reshuffled,
        hint: outcome.hint,
    }))
}

/// Writes the game after an action (and the action, if one was accepted).
async fn save(
    app: &AppState,
    saved: &saved::Seated,
    state: &GameState,
    game: &Game,
    action: Option<serde_json::Value>,
) -> Result<SavedGame, ApiError> {
    let new_state = GameState::new(game, state.started_ms, state.entered);
    let mut update = GameUpdate {
        state: new_state.to_json(),
        append_actions: action.into_iter().collect(),
        ..GameUpdate::default()
    };
    if game.status.is_over() && saved.status == GameStatus::Ongoing {
        update.status = Some(GameStatus::Finished);
        update.result = Some(json!({
            "outcome": game.status.name(),
            "score": game.score,
            "time_ms": game.finished_ms,
        }));
    }
    saved::commit(app, saved, update).await
}

async fn enter_leaderboard(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<EntryBody>,
) -> Result<Json<GameView>, ApiError> {
    let (saved, state) = saved::load_mine::<GameState>(&app, &me, id).await?;
    let mut state = state;
    let game = state.game()?;
    let name = normalize_name(&body.name)?;
    // Only a board this server watched being cleared, move by move, counts.
    if game.status != qipan_link::Status::Won || !game.board.is_cleared() {
        return Err(ApiError::conflict(
            "not_won",
            "only a cleared board can enter the leaderboard",
        ));
    }
    ensure_not_entered(state.entered, "this game")?;
    state.entered = true;
    let standing = Standing {
        variant: variant(game.level.number),
        score: Some(i64::from(game.score)),
        // Ranked by the server's clock from the deal to the last pair, pauses included: a
        // pause stops the countdown, not the ranking (the tiles were already seen).
        time_ms: game
            .finished_ms
            .and_then(|t| i64::try_from(t + game.paused_ms).ok()),
    };
    let saved = enter(&app, &saved, &state, name, standing).await?;
    Ok(Json(GameView::new(&saved, &game, &state)))
}
