//! Xiangqi (象棋) under `/api/xiangqi`: start a game (two people, or against the engine at level
//! 1–10, from the initial position or any legal FEN), move, let the engine reply, hint, undo,
//! resign, draw by agreement, export and import PGN.
//!
//! The server holds the game and checks every move with the rules crate; an illegal move gets a
//! 422 whose `code` says which rule it breaks (`horse_leg_blocked`, `flying_general`, ...). Every
//! action names the `revision` it was based on; a stale one gets 409 `stale`.

mod analysis;
mod analysis_lines;
mod analysis_run;
mod engine;
mod records;
mod review;
mod state;
mod takeback;
mod view;

pub(super) use self::state::GameState;

/// A game between two players from the initial position, as the lobby starts it: its state,
/// variant, mode and players, for seats `red` and `black`.
pub(super) fn lobby_game() -> (GameState, &'static str, &'static str, Value) {
    let state = GameState {
        start_fen: qipan_xiangqi::Position::startpos().to_fen(),
        moves: Vec::new(),
        mode: Mode::Pvp,
        engine_side: None,
        level: 5,
        undos: Undos::default(),
        draw_offer: None,
        takeback_offer: None,
        ending: None,
        tags: None,
        review: None,
    };
    let players = json!({ "red": "human", "black": "human", "level": null });
    (state, "standard", Mode::Pvp.as_str(), players)
}

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use qipan_xiangqi::Notation;
use qipan_xiangqi::engine::Level;
use qipan_xiangqi::explain::explain;
use serde::Deserialize;
use serde_json::{Value, json};

use self::engine::{EngineInfo, think};
use self::state::{Ending, Mode, Side, Undos, parse_iccs};
use self::view::GameView;
use crate::AppState;
use crate::api::offers::{self, Decision, OfferBody, OfferKind};
use crate::api::saved::{self, RevisionBody, SavedState};
use crate::api::timed;
use crate::clock::TimeControlBody;
use crate::compute::Compute;
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::players::{Me, Viewer};
use crate::quota::Creation;
use crate::store::{GameKind, GameStatus, GameUpdate, NewGame, SavedGame, Seat};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/xiangqi/games", post(new_game))
        .route("/xiangqi/games/{id}", get(get_game))
        .route("/xiangqi/games/{id}/move", post(play))
        .route("/xiangqi/games/{id}/engine", post(engine_move))
        .route("/xiangqi/games/{id}/hint", post(hint))
        .route("/xiangqi/games/{id}/undo", post(undo))
        .route("/xiangqi/games/{id}/resign", post(resign))
        .route("/xiangqi/games/{id}/draw", post(draw))
        .route("/xiangqi/games/{id}/takeback", post(takeback::takeback))
        .route("/xiangqi/games/{id}/pgn", get(export_pgn))
        .route("/xiangqi/games/{id}/review", post(review::review_ply))
        .route("/xiangqi/import", post(import_pgn))
        .merge(analysis::routes())
}

#[derive(Deserialize)]
struct NewGameBody {
    mode: Mode,
    /// The engine's side (engine mode; Black when absent).
    engine_side: Option<Side>,
    /// The engine's level 1–10 (5 when absent).
    level: Option<i64>,
    /// The start position (the initial one when absent).
    fen: Option<String>,
    /// Moves already played from the start position, in ICCS (`["h2e2", "h9g7"]`): the new game
    /// goes on from where they lead and keeps them as its history ("play on from here" on a
    /// replayed position).
    #[serde(default)]
    moves: Vec<String>,
    /// Between two people: leave the other side's seat open for a friend (invited with
    /// `POST /api/games/{id}/invitation`) instead of playing both sides on one screen.
    #[serde(default)]
    friend: bool,
    /// My side in a game against a friend (Red when absent).
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
}

async fn new_game(
    State(app): State<AppState>,
    me: Me,
    _allowed: Creation,
    ApiJson(body): ApiJson<NewGameBody>,
) -> Result<Json<GameView>, ApiError> {
    let level = Level::new(body.level.unwrap_or(5))
        .map_err(|e| ApiError::unprocessable("level_out_of_range", e.to_string()))?;
    let start = match body.fen.as_deref().map(str::trim) {
        Some(fen) if !fen.is_empty() => records::start_position(fen)?,
        _ => qipan_xiangqi::Position::startpos(),
    };
    let standard = start == qipan_xiangqi::Position::startpos();
    let history = records::history(&start, &body.moves)?;
    let engine_side = match body.mode {
        Mode::Pvp => None,
        Mode::Engine => Some(body.engine_side.unwrap_or(Side::Black)),
    };
    let state = GameState {
        start_fen: start.to_fen(),
        moves: history,
        mode: body.mode,
        engine_side,
        level: level.get(),
        undos: Undos::default(),
        draw_offer: None,
        takeback_offer: None,
        ending: None,
        tags: None,
        review: None,
    };
    let player = |side| {
        if engine_side == Some(side) {
            "engine"
        } else {
            "human"
        }
    };
    if body.friend && body.mode != Mode::Pvp {
        return Err(ApiError::unprocessable(
            "friend_needs_pvp",
            "a game against a friend is a game between two people (mode pvp)",
        ));
    }
    if body.friend {
        saved::ensure_room_for_live_game(&app, &me).await?;
    }
    let clock = timed::new_clock(body.clock, body.mode == Mode::Pvp, &["red", "black"])?;
    timed::ensure_rateable(body.rated, body.friend, clock.as_ref())?;
    let my_side = body.side.unwrap_or(Side::Red);
    let seat = |side: Side, name: &str| {
        if engine_side == Some(side) {
            Seat::engine(name, format!("level {}", level.get()))
        } else if body.friend && side != my_side {
            Seat::open(name)
        } else {
            Seat::player(name, me.id())
        }
    };
    let game = NewGame {
        kind: GameKind::Xiangqi,
        variant: if standard { "standard" } else { "custom" }.to_owned(),
        mode: body.mode.as_str().to_owned(),
        players: json!({
            "red": player(Side::Red),
            "black": player(Side::Black),
            "level": engine_side.map(|_| level.get()),
        }),
        state: state.to_json(),
        seats: vec![
            seat(Side::Red, Side::Red.seat()),
            seat(Side::Black, Side::Black.seat()),
        ],
        clock,
        private: body.private && body.friend,
        rated: body.rated,
    };
    let game = if state.moves.is_empty() {
        app.store.create_game(game).await?
    } else {
        // Played on from a position: the moves that led there are the game's first actions.
        let actions = state.moves.iter().map(|m| json!({ "move": m })).collect();
        app.store
            .import_game(game, update_to(&state, None, actions))
            .await?
    };
    Ok(Json(GameView::new(&game, &state)?))
}

async fn load(
    app: &AppState,
    viewer: &Viewer,
    id: i64,
) -> Result<(SavedGame, GameState), ApiError> {
    saved::load(app, viewer, id).await
}

/// Loads a game for an action by `me` based on `revision` (409 `stale` when it is old, 403 when
/// `me` holds no seat).
async fn load_at(
    app: &AppState,
    me: &Me,
    id: i64,
    revision: i64,
) -> Result<(saved::Seated, GameState), ApiError> {
    saved::load_at(app, me, id, revision).await
}

/// Refuses any change to a game that is over.
fn ensure_ongoing(game: &SavedGame) -> Result<(), ApiError> {
    saved::ensure_ongoing(game, "this game is over")
}

/// The change that saves `state`, with the status its ending gives.
fn update_to(
    state: &GameState,
    truncate_actions_to: Option<i64>,
    append_actions: Vec<Value>,
) -> GameUpdate {
    GameUpdate {
        state: state.to_json(),
        status: Some(if state.ending.is_some() {
            GameStatus::Finished
        } else {
            GameStatus::Ongoing
        }),
        result: state.ending.as_ref().map(Ending::to_json),
        truncate_actions_to,
        append_actions,
        ..GameUpdate::default()
    }
}

/// Writes the new state of `game` (before answering), with the status its ending gives.
async fn commit(
    app: &AppState,
    game: &saved::Seated,
    state: &GameState,
    truncate_actions_to: Option<i64>,
    append_actions: Vec<Value>,
) -> Result<GameView, ApiError> {
    let update = update_to(state, truncate_actions_to, append_actions);
    let saved = saved::commit(app, game, update).await?;
    GameView::new(&saved, state)
}

async fn get_game(
    State(app): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<GameView>, ApiError> {
    let (game, state) = load(&app, &viewer, id).await?;
    Ok(Json(GameView::new(&game, &state)?))
}

#[derive(Deserialize)]
struct MoveBody {
    revision: i64,
    /// The move in ICCS coordinates, e.g. `h2e2`.
    #[serde(rename = "move")]
    mv: String,
}

async fn play(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<MoveBody>,
) -> Result<Json<GameView>, ApiError> {
    let (game, mut state) = load_at(&app, &me, id, body.revision).await?;
    ensure_ongoing(&game)?;
    let mut pos = state.position()?;
    game.ensure_turn(Side::from(pos.side_to_move()).seat())?;
    if state.engine_to_move(&pos) {
        return Err(ApiError::conflict(
            "not_your_turn",
            "it is the engine's turn to move",
        ));
    }
    let m = parse_iccs(&body.mv).ok_or_else(|| {
        ApiError::unprocessable(
            "bad_move_text",
            format!(
                "`{}` is not a move in ICCS coordinates such as h2e2",
                body.mv
            ),
        )
    })?;
    explain(&pos, m).map_err(|why| ApiError::unprocessable(why.code(), why.to_string()))?;
    pos.make(m);
    state.moves.push(m.to_string());
    state.draw_offer = None;
    state.takeback_offer = None;
    state.ending = pos.outcome().map(Ending::from_outcome);
    let action = json!({ "move": m.to_string() });
    Ok(Json(commit(&app, &game, &state, None, vec![action]).await?))
}

fn level_of(state: &GameState) -> Result<Level, ApiError> {
    Level::new(i64::from(state.level)).map_err(ApiError::internal)
}

async fn engine_move(
    State(app): State<AppState>,
    me: Me,
    compute: Compute,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<RevisionBody>,
) -> Result<Json<GameView>, ApiError> {
    let (game, mut state) = load_at(&app, &me, id, body.revision).await?;
    ensure_ongoing(&game)?;
    let mut pos = state.position()?;
    if !state.engine_to_move(&pos) {
        return Err(ApiError::conflict(
            "not_engine_turn",
            "it is not the engine's turn to move",
        ));
    }
    let seed = (id as u64) << 16 | state.moves.len() as u64;
    let (m, info) = think(&compute, pos.clone(), level_of(&state)?, seed, false)
        .await?
        .ok_or_else(|| ApiError::internal("the engine found no move in an ongoing game"))?;
    pos.make(m);
    state.moves.push(m.to_string());
    state.ending = pos.outcome().map(Ending::from_outcome);
    let action = json!({ "move": m.to_string(), "engine": true });
    // A change made meanwhile (another tab moved or took back) makes this write stale: 409.
    let mut view = commit(&app, &game, &state, None, vec![action]).await?;
    view.engine = Some(info);
    Ok(Json(view))
}

async fn hint(
    State(app): State<AppState>,
    me: Me,
    compute: Compute,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<EngineInfo>, ApiError> {
    let (game, state) = saved::load_mine::<GameState>(&app, &me, id).await?;
    ensure_ongoing(&game)?;
    if game.own_seat().is_some() {
        return Err(ApiError::conflict(
            "no_hints_between_players",
            "no engine hints in a game between two players",
        ));
    }
    let pos = state.position()?;
    if state.engine_to_move(&pos) {
        return Err(ApiError::conflict(
            "not_your_turn",
            "it is the engine's turn to move",
        ));
    }
    let seed = state.moves.len() as u64;
    let (_, info) = think(&compute, pos, Level::MAX, seed, true)
        .await?
        .ok_or_else(|| ApiError::internal("no move to suggest in an ongoing game"))?;
    Ok(Json(info))
}

async fn undo(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<RevisionBody>,
) -> Result<Json<GameView>, ApiError> {
    let (game, mut state) = load_at(&app, &me, id, body.revision).await?;
    if game.own_seat().is_some() {
        return Err(ApiError::conflict(
            "takeback_needs_consent",
            "between two players a move is taken back only with the opponent's consent",
        ));
    }
    if state.ending.as_ref().is_some_and(|e| !e.decided_on_board()) {
        return Err(ApiError::conflict(
            "game_over",
            "a game ended by resignation or agreement cannot be taken back",
        ));
    }
    let pos = state.position()?;
    let to_move: Side = pos.side_to_move().into();
    // Against the engine a take-back returns to the person's turn: the engine's reply goes too.
    let (plies, side) = match (state.mode, state.engine_side) {
        (Mode::Engine, Some(engine)) => {
            let person = engine.opposite();
            (if to_move == person { 2 } else { 1 }, person)
        }
        _ => (1, to_move.opposite()),
    };
    if state.moves.len() < plies {
        return Err(ApiError::unprocessable(
            "nothing_to_undo",
            "there is no move of yours to take back",
        ));
    }
    state.moves.truncate(state.moves.len() - plies);
    state.undos.count(side);
    state.ending = None;
    state.draw_offer = None;
    let keep = state.moves.len() as i64;
    Ok(Json(
        commit(&app, &game, &state, Some(keep), Vec::new()).await?,
    ))
}

#[derive(Deserialize)]
struct ResignBody {
    revision: i64,
    /// Who resigns: the person against the engine, the side to move between people when absent.
    side: Option<Side>,
}

async fn resign(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<ResignBody>,
) -> Result<Json<GameView>, ApiError> {
    let (game, mut state) = load_at(&app, &me, id, body.revision).await?;
    ensure_ongoing(&game)?;
    let pos = state.position()?;
    let side = match (state.engine_side, body.side) {
        (Some(engine), Some(side)) if side == engine => {
            return Err(ApiError::unprocessable(
                "engine_does_not_resign",
                "only the person can resign a game against the engine",
            ));
        }
        (Some(engine), _) => engine.opposite(),
        // Between two players, each resigns only for the seat it holds.
        (None, _) if game.own_seat().is_some() => Side::from_seat(game.own_seat()),
        (None, Some(side)) => side,
        (None, None) => pos.side_to_move().into(),
    };
    state.ending = Some(Ending {
        winner: Some(side.opposite()),
        reason: "resignation".to_owned(),
    });
    state.draw_offer = None;
    Ok(Json(commit(&app, &game, &state, None, Vec::new()).await?))
}

const DRAW_OFFER: OfferKind = OfferKind {
    name: "draw_offer",
    words: "draw offer",
};

async fn draw(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<OfferBody>,
) -> Result<Json<GameView>, ApiError> {
    let (game, mut state) = load_at(&app, &me, id, body.revision).await?;
    ensure_ongoing(&game)?;
    if state.mode != Mode::Pvp {
        return Err(ApiError::unprocessable(
            "draw_needs_people",
            "a draw by agreement is between two people",
        ));
    }
    let to_move: Side = state.position()?.side_to_move().into();
    let own = game.own_seat().map(|seat| Side::from_seat(Some(seat)));
    match offers::decide(&DRAW_OFFER, body.action, state.draw_offer, own)? {
        Decision::Made => state.draw_offer = Some(own.unwrap_or(to_move)),
        Decision::Accepted(_) => {
            state.draw_offer = None;
            state.ending = Some(Ending {
                winner: None,
                reason: "agreement".to_owned(),
            });
        }
        Decision::Declined => state.draw_offer = None,
    }
    Ok(Json(commit(&app, &game, &state, None, Vec::new()).await?))
}

#[derive(Deserialize)]
struct PgnQuery {
    /// `chinese` (default), `wxf` or `iccs`.
    notation: Option<String>,
    /// The page's language, for the default names: `zh-CN` (default) or `en`.
    lang: Option<String>,
}

async fn export_pgn(
    State(app): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<PgnQuery>,
) -> Result<Json<Value>, ApiError> {
    let notation = match query.notation.as_deref().unwrap_or("chinese") {
        "chinese" => Notation::Chinese,
        "wxf" => Notation::Wxf,
        "iccs" => Notation::Iccs,
        other => {
            return Err(ApiError::unprocessable(
                "bad_notation",
                format!("`{other}` is not a notation: use chinese, wxf or iccs"),
            ));
        }
    };
    let language = records::Language::from_query(query.lang.as_deref());
    let (game, state) = load(&app, &viewer, id).await?;
    let seated = crate::api::seat_names::of(&app, &game, language).await;
    let pgn = records::export(&game, &state, &seated, notation, language)?;
    Ok(Json(
        json!({ "pgn": pgn, "filename": format!("qipan-xiangqi-{id}.pgn") }),
    ))
}

#[derive(Deserialize)]
struct ImportBody {
    pgn: String,
}

async fn import_pgn(
    State(app): State<AppState>,
    me: Me,
    _allowed: Creation,
    ApiJson(body): ApiJson<ImportBody>,
) -> Result<Json<GameView>, ApiError> {
    let (state, [red, black]) = records::import(&body.pgn)?;
    let name = |n: String| {
        if n.trim().is_empty() {
            "human".to_owned()
        } else {
            n
        }
    };
    let game = NewGame {
        kind: GameKind::Xiangqi,
        variant: "imported".to_owned(),
        mode: Mode::Pvp.as_str().to_owned(),
        players: json!({ "red": name(red), "black": name(black) }),
        state: state.to_json(),
        seats: vec![Seat::player("red", me.id()), Seat::player("black", me.id())],
        clock: None,
        private: false,
        rated: false,
    };
    let actions = state.moves.iter().map(|m| json!({ "move": m })).collect();
    let saved = app
        .store
        .import_game(game, update_to(&state, None, actions))
        .await?;
    Ok(Json(GameView::new(&saved, &state)?))
}
