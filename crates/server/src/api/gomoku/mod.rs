//! Gomoku (五子棋) under `/api/gomoku`: start a game (two people, or a person against the engine
//! under freestyle, standard or renju rules), play, let the engine reply, undo with counts per
//! side, resign, and import and export records (PSQ, SGF, `h8i9…`).
//!
//! The server is authoritative: every move is replayed through `qipan-gomoku` before it is saved,
//! a refused move answers 422 with a stable `code` (`occupied`, `forbidden_double_three` …), and a
//! request based on an old revision (a second tab) answers 409 `stale`.

mod analysis;
mod engine;
mod engine_opening;
mod opening;
mod records;
mod state;
mod takeback;

pub(super) use self::state::GameState;

/// A game between two players on 15×15 under `rule`, as the lobby starts it: a rule set name,
/// optionally with an opening rule after a `+` (`freestyle+swap2`, `renju+taraguchi10`); 422
/// `unknown_rule`, `unknown_opening` or `opening_not_for_rule`. Seats `black` and `white`.
pub(super) fn lobby_game(rule: &str) -> Result<GameState, ApiError> {
    let (rule, opening_name) = match rule.split_once('+') {
        Some((rule, opening)) => (rule, Some(opening)),
        None => (rule, None),
    };
    let rule_set = rule_set(Some(rule))?;
    let opening_rule = opening::parse_rule(opening_name, rule_set)?;
    Ok(GameState {
        size: 15,
        rule: rule_set.name().to_owned(),
        mode: Mode::Pvp,
        human: None,
        level: None,
        undo_limit: None,
        undos: Undos::default(),
        moves: vec![],
        resigned: None,
        timed_out: None,
        abandoned: None,
        takeback_offer: None,
        seed: engine::fresh_seed(),
        opening: opening::OpeningState::new(opening_rule),
    })
}

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use qipan_gomoku::{ForbiddenPolicy, Game, MoveError, OpeningRule, Point, RuleSet, Rules};
use serde::Deserialize;
use serde_json::json;

use self::state::{GameView, Mode, OutcomeView, Side, Undos};
use crate::AppState;
use crate::api::saved::{self, RevisionBody, SavedState};
use crate::api::timed;
use crate::clock::{Clock, TimeControlBody};
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath};
use crate::players::{Me, Viewer};
use crate::quota::Creation;
use crate::store::{GameKind, GameStatus, GameUpdate, NewGame, SavedGame, Seat};

/// The most undos a side may be limited to (a larger limit is the same as none).
const MAX_UNDO_LIMIT: u32 = 99;

/// Every Gomoku route.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/gomoku/games", post(new_game))
        .route("/gomoku/games/{id}", get(get_game))
        .route("/gomoku/games/{id}/move", post(play))
        .route("/gomoku/games/{id}/engine", post(engine::reply))
        .route("/gomoku/games/{id}/hint", post(engine::hint))
        .route("/gomoku/games/{id}/analysis", post(analysis::analyse))
        .route("/gomoku/games/{id}/opening", post(opening::act))
        .route("/gomoku/games/{id}/undo", post(undo))
        .route("/gomoku/games/{id}/resign", post(resign))
        .route("/gomoku/games/{id}/takeback", post(takeback::takeback))
        .route("/gomoku/games/{id}/record", get(records::export))
        .route("/gomoku/import", post(records::import))
}

/// A refused move as a 422 with the library's code; a forbidden point names its rule.
fn refused(error: MoveError) -> ApiError {
    let code = match &error {
        MoveError::Forbidden { kind, .. } => format!("forbidden_{}", kind.code()),
        other => other.code().to_owned(),
    };
    match error {
        MoveError::GameOver => ApiError::conflict(code, error.to_string()),
        _ => ApiError::unprocessable(code, error.to_string()),
    }
}

#[derive(Deserialize)]
struct NewGameBody {
    size: Option<u32>,
    rule: Option<String>,
    mode: Mode,
    /// The person's colour against the engine (Black when absent).
    human: Option<Side>,
    /// The engine's level, 1–10 (5 when absent).
    level: Option<u8>,
    undo_limit: Option<u32>,
    /// Between two people: leave the other colour's seat open for a friend (invited with
    /// `POST /api/games/{id}/invitation`) instead of playing both colours on one screen.
    #[serde(default)]
    friend: bool,
    /// My colour in a game against a friend (Black when absent).
    side: Option<Side>,
    /// A time control, for a game between two people; untimed when absent.
    clock: Option<TimeControlBody>,
    /// Only the two players may watch (a game against a friend); anybody with the link when
    /// false.
    #[serde(default)]
    private: bool,
    /// Rated: the result changes both players' ratings (a game against a friend, on a clock).
    #[serde(default)]
    rated: bool,
    /// Moves already played, in `h8` notation, Black first: the new game goes on from where they
    /// lead and keeps them as its history ("play on from here" on a replayed position).
    #[serde(default)]
    moves: Vec<String>,
    /// The opening rule: `free` (when absent), `swap` or `swap2` (freestyle, standard),
    /// `taraguchi10` (renju).
    opening: Option<String>,
}

/// The moves a new game starts with, checked: each a point of the board (422 `bad_move`), legal
/// in turn (422 with the rule's code, the message naming the move), not ending the game (422
/// `game_over_at_position`). Returned in the canonical `h8` spelling.
fn starting_moves(rules: Rules, moves: &[String]) -> Result<Vec<String>, ApiError> {
    let size = rules.size();
    let points = moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            Point::parse_coord(m.trim(), size).map_err(|e| {
                ApiError::unprocessable("bad_move", format!("move {} `{m}`: {e}", i + 1))
            })
        })
        .collect::<Result<Vec<Point>, ApiError>>()?;
    let game = Game::from_moves(rules, &points).map_err(|(i, e)| {
        let refusal = refused(e);
        let message = format!("move {i} `{}`: {}", moves[i - 1], refusal.message);
        ApiError::unprocessable(refusal.code, message)
    })?;
    if game.outcome().is_some() {
        return Err(ApiError::unprocessable(
            "game_over_at_position",
            "the game is already over in this position: there is nothing to play on",
        ));
    }
    Ok(points.iter().map(|p| p.to_coord(size)).collect())
}

/// Reads the rule set name, or answers 422.
fn rule_set(name: Option<&str>) -> Result<RuleSet, ApiError> {
    let name = name.unwrap_or("freestyle");
    RuleSet::from_name(name).ok_or_else(|| {
        ApiError::unprocessable(
            "unknown_rule",
            format!("unknown rule set `{name}` (freestyle, standard or renju)"),
        )
    })
}

/// Checks the board side, or answers 422.
fn board_rules(size: u32, rule_set: RuleSet) -> Result<Rules, ApiError> {
    Rules::new(size, rule_set)
        .map_err(|e| ApiError::unprocessable("size_out_of_range", e.to_string()))
}

async fn new_game(
    State(app): State<AppState>,
    me: Me,
    _allowed: Creation,
    ApiJson(body): ApiJson<NewGameBody>,
) -> Result<Json<GameView>, ApiError> {
    let rule_set = rule_set(body.rule.as_deref())?;
    let rules = board_rules(body.size.unwrap_or(15), rule_set)?;
    let level = match body.mode {
        Mode::Pve => Some(body.level.unwrap_or(5)),
        Mode::Pvp => None,
    };
    if level.is_some_and(|l| !(1..=10).contains(&l)) {
        return Err(ApiError::unprocessable(
            "level_out_of_range",
            "the engine level must be between 1 and 10",
        ));
    }
    if body.undo_limit.is_some_and(|n| n > MAX_UNDO_LIMIT) {
        return Err(ApiError::unprocessable(
            "undo_limit_out_of_range",
            format!("the undo limit must be between 0 and {MAX_UNDO_LIMIT}"),
        ));
    }
    let moves = starting_moves(rules.with_forbidden(ForbiddenPolicy::Refused), &body.moves)?;
    if body.rated && !moves.is_empty() {
        return Err(ApiError::unprocessable(
            "rated_needs_fresh_start",
            "a rated game starts from the empty board",
        ));
    }
    let opening_rule = opening::parse_rule(body.opening.as_deref(), rule_set)?;
    if opening_rule != OpeningRule::Free && !moves.is_empty() {
        return Err(ApiError::unprocessable(
            "opening_needs_fresh_start",
            "an opening rule starts from the empty board",
        ));
    }
    let state = GameState {
        size: rules.size(),
        rule: rule_set.name().to_owned(),
        mode: body.mode,
        human: (body.mode == Mode::Pve).then(|| body.human.unwrap_or(Side::Black)),
        level,
        undo_limit: body.undo_limit,
        undos: Undos::default(),
        moves,
        resigned: None,
        timed_out: None,
        abandoned: None,
        takeback_offer: None,
        seed: engine::fresh_seed(),
        opening: opening::OpeningState::new(opening_rule),
    };
    if body.friend && body.mode != Mode::Pvp {
        return Err(ApiError::unprocessable(
            "friend_needs_pvp",
            "a game against a friend is a game between two people (mode pvp)",
        ));
    }
    let clock = timed::new_clock(body.clock, body.mode == Mode::Pvp, &["black", "white"])?;
    timed::ensure_rateable(body.rated, body.friend, clock.as_ref())?;
    let mut seats = state.seats(me.id());
    if body.friend {
        saved::ensure_room_for_live_game(&app, &me).await?;
        let mine = body.side.unwrap_or(Side::Black);
        seats.retain(|s| s.seat == mine.seat());
        seats.push(Seat::open(mine.other().seat()));
    }
    let game = Prepared {
        seats,
        clock,
        private: body.private && body.friend,
        rated: body.rated,
    };
    let saved = create(&app, game, &state, GameStatus::Ongoing, None).await?;
    let game = state.game()?;
    Ok(Json(GameView::new(&saved, &state, &game)))
}

/// Saves a new game (a started one, or an imported record with its moves as the action list,
/// in one transaction).
/// Who sits where in a new game, its clock, whether it is private and whether it is rated.
struct Prepared {
    seats: Vec<Seat>,
    clock: Option<Clock>,
    private: bool,
    rated: bool,
}

impl Prepared {
    /// An untimed game open to watchers with these seats.
    fn seated(seats: Vec<Seat>) -> Prepared {
        Prepared {
            seats,
            clock: None,
            private: false,
            rated: false,
        }
    }
}

async fn create(
    app: &AppState,
    prepared: Prepared,
    state: &GameState,
    status: GameStatus,
    result: Option<serde_json::Value>,
) -> Result<SavedGame, ApiError> {
    let game = NewGame {
        kind: GameKind::Gomoku,
        variant: state.variant(),
        mode: state.mode.as_str().to_owned(),
        players: state.players(),
        state: state.to_json(),
        seats: prepared.seats,
        clock: prepared.clock,
        private: prepared.private,
        rated: prepared.rated,
    };
    if status == GameStatus::Ongoing && state.moves.is_empty() {
        return Ok(app.store.create_game(game).await?);
    }
    let history = GameUpdate {
        state: state.to_json(),
        status: Some(status),
        result,
        append_actions: state.moves.iter().map(|m| json!({ "move": m })).collect(),
        ..GameUpdate::default()
    };
    Ok(app.store.import_game(game, history).await?)
}

/// A saved Gomoku game and its state.
async fn load(
    app: &AppState,
    viewer: &Viewer,
    id: i64,
) -> Result<(SavedGame, GameState), ApiError> {
    saved::load(app, viewer, id).await
}

/// A saved Gomoku game for an action by `me` based on `revision` (409 `stale` when it is old,
/// 403 when `me` holds no seat).
async fn load_at(
    app: &AppState,
    me: &Me,
    id: i64,
    revision: i64,
) -> Result<(saved::Seated, GameState), ApiError> {
    saved::load_at(app, me, id, revision).await
}

/// Refuses any change to a game that is over.
fn ensure_ongoing(saved: &SavedGame) -> Result<(), ApiError> {
    saved::ensure_ongoing(saved, "this game is over")
}

async fn get_game(
    State(app): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<GameView>, ApiError> {
    let (saved, state) = load(&app, &viewer, id).await?;
    let game = state.game()?;
    Ok(Json(GameView::new(&saved, &state, &game)))
}

#[derive(Deserialize)]
struct MoveBody {
    revision: i64,
    x: u8,
    y: u8,
}

async fn play(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<MoveBody>,
) -> Result<Json<GameView>, ApiError> {
    let (saved, mut state) = load_at(&app, &me, id, body.revision).await?;
    ensure_ongoing(&saved)?;
    let mut game = state.game()?;
    saved.ensure_turn(state.acting(&game).seat())?;
    if state.engine_to_move(&game) {
        return Err(ApiError::conflict(
            "not_your_turn",
            "it is the engine's turn to move",
        ));
    }
    let view = commit_move(
        &app,
        &saved,
        &mut state,
        &mut game,
        Point::new(body.x, body.y),
    )
    .await?;
    Ok(Json(view))
}

/// Under renju Black's first stone stands on the centre point ("The first stone is black and it
/// is placed to the center of the board": renju.net, The Procedure of Starting the Game); any
/// other first move answers 422 `renju_first_move_centre`. (Records and Gomocup openings may
/// start elsewhere: this is a rule of games played here.)
fn renju_opening(game: &Game, p: Point) -> Result<(), ApiError> {
    let rules = game.rules();
    let centre = rules.size() / 2;
    if rules.rule_set == RuleSet::Renju
        && game.moves().is_empty()
        && p != Point::new(centre, centre)
    {
        let at = Point::new(centre, centre).to_coord(rules.size());
        return Err(ApiError::unprocessable(
            "renju_first_move_centre",
            format!("under renju Black's first stone goes on the centre point {at}"),
        ));
    }
    Ok(())
}

/// Plays `p` in `game` (read as `saved`), saves it (with the result when it ends the game) and
/// returns the view.
async fn commit_move(
    app: &AppState,
    saved: &saved::Seated,
    state: &mut GameState,
    game: &mut Game,
    p: Point,
) -> Result<GameView, ApiError> {
    commit_moves(app, saved, state, game, &[p]).await
}

/// Plays `points` in turn (an engine's opening proposal puts several stones at once), each
/// checked as a move, and saves them in one update.
async fn commit_moves(
    app: &AppState,
    saved: &saved::Seated,
    state: &mut GameState,
    game: &mut Game,
    points: &[Point],
) -> Result<GameView, ApiError> {
    let mut actions = vec![];
    for &p in points {
        let color = game.to_move();
        renju_opening(game, p)?;
        opening::check_stone(state, p)?;
        game.play(p).map_err(refused)?;
        let coord = p.to_coord(state.size);
        state.moves.push(coord.clone());
        state.close_opening_if_done();
        actions.push(json!({ "move": coord, "color": Side::of(color) }));
    }
    state.takeback_offer = None;
    let outcome = OutcomeView::of(state, game);
    let update = GameUpdate {
        state: state.to_json(),
        status: outcome.as_ref().map(|_| GameStatus::Finished),
        result: outcome.as_ref().map(OutcomeView::to_result),
        append_actions: actions,
        ..GameUpdate::default()
    };
    let saved = saved::commit(app, saved, update).await?;
    Ok(GameView::new(&saved, state, game))
}

/// Takes back the last move (two people), or the person's last move and the engine's reply.
async fn undo(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<RevisionBody>,
) -> Result<Json<GameView>, ApiError> {
    let (saved, mut state) = load_at(&app, &me, id, body.revision).await?;
    ensure_ongoing(&saved)?;
    if saved.own_seat().is_some() {
        return Err(ApiError::conflict(
            "takeback_needs_consent",
            "between two players a move is taken back only with the opponent's consent",
        ));
    }
    let mut game = state.game()?;
    let (side, count) = match (state.mode, state.human) {
        (Mode::Pve, Some(human)) => {
            let count = if Side::of(game.to_move()) == human {
                2
            } else {
                1
            };
            (human, count)
        }
        _ => (Side::of(game.to_move()).other(), 1),
    };
    if game.moves().len() < count {
        return Err(ApiError::unprocessable(
            "nothing_to_undo",
            "there is no move of yours to take back",
        ));
    }
    if game.moves().len() - count < state.undo_floor() {
        return Err(ApiError::unprocessable(
            "opening_not_undone",
            "the stones of the opening are not taken back",
        ));
    }
    if let Some(limit) = state.undo_limit
        && state.undos.get(side) >= limit
    {
        return Err(ApiError::unprocessable(
            "undo_limit",
            format!("{side:?} has used all {limit} undos"),
        ));
    }
    for _ in 0..count {
        game.undo();
        state.moves.pop();
    }
    state.undos.bump(side);
    let update = GameUpdate {
        state: state.to_json(),
        truncate_actions_to: Some(state.moves.len() as i64),
        ..GameUpdate::default()
    };
    let saved = saved::commit(&app, &saved, update).await?;
    Ok(Json(GameView::new(&saved, &state, &game)))
}

/// The side to move (two people) or the person (against the engine) gives up.
async fn resign(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<RevisionBody>,
) -> Result<Json<GameView>, ApiError> {
    let (saved, mut state) = load_at(&app, &me, id, body.revision).await?;
    ensure_ongoing(&saved)?;
    let game = state.game()?;
    // Between two players, each resigns only for the seat it holds.
    let own = saved.own_seat().map(Side::from_seat);
    let side = own
        .or(state.human)
        .unwrap_or_else(|| Side::of(game.to_move()));
    state.resigned = Some(side);
    let outcome = OutcomeView::of(&state, &game);
    let update = GameUpdate {
        state: state.to_json(),
        status: Some(GameStatus::Finished),
        result: outcome.as_ref().map(OutcomeView::to_result),
        ..GameUpdate::default()
    };
    let saved = saved::commit(&app, &saved, update).await?;
    Ok(Json(GameView::new(&saved, &state, &game)))
}
