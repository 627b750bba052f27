//! The lobby (大厅): open seeks (a player waiting for an opponent with a game, rule set, time
//! control, rated or casual, and colour), accepting one to start the game, quick pairing by
//! rating range, and the live games anybody may watch with their spectators' count.
//! `GET /api/lobby/events` is a WebSocket that says when seeks change and when a game starts
//! from a seek, so that the seeker's page opens it.

use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::sync::broadcast::error::RecvError;

use super::saved::{self, SavedState};
use super::{gomoku, xiangqi};
use crate::AppState;
use crate::clock::{Clock, ClockView, TimeControlBody};
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath};
use crate::players::{Me, Viewer};
use crate::quota::Creation;
use crate::store::{GameKind, Holder, NewGame, NewSeek, PlayerId, Seat, Seek};
use crate::time::now_ms;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/lobby", get(lobby))
        .route("/lobby/events", get(events))
        .route("/lobby/quick", post(quick))
        .route("/seeks", post(create_seek))
        .route("/seeks/{id}", delete(withdraw))
        .route("/seeks/{id}/accept", post(accept))
}

/// Seeks one player may have open at once.
const MAX_SEEKS_PER_PLAYER: u32 = 3;
/// Quick pairing's rating range: this far either side of the player's rating.
const QUICK_RANGE: i64 = 200;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeekBody {
    game: GameKind,
    /// Gomoku's rule set (freestyle when absent), optionally `+` an opening rule
    /// (`freestyle+swap2`, `renju+taraguchi10`).
    rule: Option<String>,
    clock: TimeControlBody,
    #[serde(default)]
    rated: bool,
    /// The seat wanted (`red`/`black`, `black`/`white`) or `random` (when absent).
    color: Option<String>,
    /// Only opponents rated within this range.
    rating_range: Option<(i64, i64)>,
}

/// The two seats of a lobby game, first mover first.
fn seats_of(game: GameKind) -> Result<[&'static str; 2], ApiError> {
    match game {
        GameKind::Xiangqi => Ok(["red", "black"]),
        GameKind::Gomoku => Ok(["black", "white"]),
        other => Err(ApiError::unprocessable(
            "not_a_two_player_game",
            format!("{other} is a puzzle: the lobby has Xiangqi and Gomoku"),
        )),
    }
}

impl SeekBody {
    /// The seek `player` opens: checked settings.
    fn seek(self, player: &PlayerId) -> Result<NewSeek, ApiError> {
        let seats = seats_of(self.game)?;
        let color = self.color.unwrap_or_else(|| "random".to_owned());
        if color != "random" && !seats.contains(&color.as_str()) {
            return Err(ApiError::unprocessable(
                "bad_color",
                format!("the colour is `random`, `{}` or `{}`", seats[0], seats[1]),
            ));
        }
        let rule = match self.game {
            GameKind::Gomoku => {
                let state = gomoku::lobby_game(self.rule.as_deref().unwrap_or("freestyle"))?;
                state.lobby_rule()
            }
            _ => String::new(),
        };
        if let Some((min, max)) = self.rating_range
            && (min > max || min < 0 || max > 4000)
        {
            return Err(ApiError::unprocessable(
                "bad_rating_range",
                "the rating range is two numbers from 0 to 4000, the lower first",
            ));
        }
        Ok(NewSeek {
            player: player.clone(),
            game: self.game,
            rule,
            control: self.clock.control()?,
            rated: self.rated,
            color,
            rating_range: self.rating_range,
        })
    }
}

/// A seek as the lobby shows it.
#[derive(Serialize)]
struct SeekView {
    #[serde(flatten)]
    seek: Seek,
    /// The seeker's display name (or guest tag) and rating at the seek's game and speed.
    name: Option<String>,
    rating: i64,
    provisional: bool,
}

/// A live game as the lobby shows it.
#[derive(Serialize)]
struct LiveGame {
    id: i64,
    game: GameKind,
    variant: String,
    seats: Vec<Seat>,
    clock: Option<ClockView>,
    rated: bool,
    spectators: usize,
}

#[derive(Serialize)]
struct LobbyView {
    seeks: Vec<SeekView>,
    games: Vec<LiveGame>,
}

async fn lobby(State(app): State<AppState>, _viewer: Viewer) -> Result<Json<LobbyView>, ApiError> {
    let mut seeks = Vec::new();
    for seek in app.store.seeks(None).await? {
        let rating = app
            .store
            .rating(&seek.player, seek.game, seek.speed)
            .await?;
        let name = app
            .players
            .player(&seek.player)
            .await
            .ok()
            .and_then(|p| p.name);
        seeks.push(SeekView {
            rating: rating.rating.round() as i64,
            provisional: rating.provisional(),
            name,
            seek,
        });
    }
    let now = now_ms();
    let games = app
        .store
        .live_public_games(50)
        .await?
        .into_iter()
        .map(|g| LiveGame {
            spectators: app.watchers.presence().spectators(g.id),
            id: g.id,
            game: g.kind,
            variant: g.variant,
            seats: g.seats,
            clock: g.clock.as_ref().map(|c| c.view(now)),
            rated: g.rated,
        })
        .collect();
    Ok(Json(LobbyView { seeks, games }))
}

async fn create_seek(
    State(app): State<AppState>,
    me: Me,
    _allowed: Creation,
    ApiJson(body): ApiJson<SeekBody>,
) -> Result<Json<Seek>, ApiError> {
    let seek = body.seek(me.id())?;
    open_seek(&app, &me, seek).await.map(Json)
}

async fn open_seek(app: &AppState, me: &Me, seek: NewSeek) -> Result<Seek, ApiError> {
    saved::ensure_room_for_live_game(app, me).await?;
    if app.store.count_seeks_of(me.id()).await? >= MAX_SEEKS_PER_PLAYER {
        return Err(ApiError::conflict(
            "too_many_seeks",
            format!("you have {MAX_SEEKS_PER_PLAYER} seeks open: withdraw one first"),
        ));
    }
    let seek = app.store.create_seek(seek).await?;
    app.watchers.announce_lobby(json!({ "seeks": "changed" }));
    Ok(seek)
}

async fn withdraw(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Value>, ApiError> {
    app.store.delete_seek(id, me.id()).await?;
    app.watchers.announce_lobby(json!({ "seeks": "changed" }));
    Ok(Json(json!({ "withdrawn": id })))
}

/// The game a seek and its accepting player start.
#[derive(Serialize)]
struct Started {
    game: i64,
    kind: GameKind,
}

async fn accept(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Started>, ApiError> {
    let seek = app.store.seek(id).await?;
    start_from(&app, &me, seek).await.map(Json)
}

/// Starts the game of `seek` between its seeker and `me`.
async fn start_from(app: &AppState, me: &Me, seek: Seek) -> Result<Started, ApiError> {
    if seek.player == *me.id() {
        return Err(ApiError::conflict(
            "own_seek",
            "this is your own seek: another player accepts it",
        ));
    }
    if let Some((min, max)) = seek.rating_range {
        let mine = app.store.rating(me.id(), seek.game, seek.speed).await?;
        let r = mine.rating.round() as i64;
        if !(min..=max).contains(&r) {
            return Err(ApiError::conflict(
                "out_of_rating_range",
                format!("this seek is for players rated {min}–{max}; you are {r}"),
            ));
        }
    }
    saved::ensure_room_for_live_game(app, me).await?;
    let game = app
        .store
        .accept_seek(seek.id, new_game(&seek, me.id())?)
        .await?;
    let players: Vec<&PlayerId> = game
        .seats
        .iter()
        .filter_map(|s| match &s.holder {
            Holder::Player(p) => Some(p),
            _ => None,
        })
        .collect();
    app.watchers.announce_lobby(json!({
        "seeks": "changed",
        "started": { "game": game.id, "kind": game.kind, "players": players, "seek": seek.id },
    }));
    Ok(Started {
        game: game.id,
        kind: game.kind,
    })
}

/// The game of `seek` accepted by `opponent`: the seeker in the seat it asked for (or one drawn
/// at random), the same time control, rated as asked.
fn new_game(seek: &Seek, opponent: &PlayerId) -> Result<NewGame, ApiError> {
    let seats = seats_of(seek.game)?;
    let seeker_first = match seek.color.as_str() {
        "random" => rand::rng().random_bool(0.5),
        color => color == seats[0],
    };
    let (first, second) = if seeker_first {
        (&seek.player, opponent)
    } else {
        (opponent, &seek.player)
    };
    let (state, variant, mode, players) = match seek.game {
        GameKind::Xiangqi => {
            let (state, variant, mode, players) = xiangqi::lobby_game();
            (
                state.to_json(),
                variant.to_owned(),
                mode.to_owned(),
                players,
            )
        }
        _ => {
            let state = gomoku::lobby_game(&seek.rule)?;
            let json = state.to_json();
            (
                json,
                state.variant(),
                state.mode.as_str().to_owned(),
                state.players(),
            )
        }
    };
    Ok(NewGame {
        kind: seek.game,
        variant,
        mode,
        players,
        state,
        seats: vec![
            Seat::player(seats[0], first),
            Seat::player(seats[1], second),
        ],
        clock: Some(Clock::new(seek.control, &seats)),
        private: false,
        rated: seek.rated,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct QuickBody {
    game: GameKind,
    rule: Option<String>,
    clock: TimeControlBody,
    #[serde(default)]
    rated: bool,
}

/// What quick pairing did: started a game with a waiting player, or opened a seek to wait.
#[derive(Serialize)]
#[serde(rename_all = "snake_case")]
enum Paired {
    Started(Started),
    Waiting(Seek),
}

/// Quick pairing: a waiting seek of the same game, rule, time control and ratedness whose
/// seeker is rated within [`QUICK_RANGE`] of me (and whose range, if any, takes me) starts a game
/// at once; otherwise a seek for players within that range is opened.
async fn quick(
    State(app): State<AppState>,
    me: Me,
    _allowed: Creation,
    ApiJson(body): ApiJson<QuickBody>,
) -> Result<Json<Paired>, ApiError> {
    let wanted = SeekBody {
        game: body.game,
        rule: body.rule,
        clock: body.clock,
        rated: body.rated,
        color: None,
        rating_range: None,
    }
    .seek(me.id())?;
    let speed = wanted.control.speed();
    let mine = app
        .store
        .rating(me.id(), wanted.game, speed)
        .await?
        .rating
        .round() as i64;
    for seek in app.store.seeks(Some(wanted.game)).await? {
        if seek.player == *me.id()
            || seek.rule != wanted.rule
            || seek.control != wanted.control
            || seek.rated != wanted.rated
            || seek
                .rating_range
                .is_some_and(|(min, max)| !(min..=max).contains(&mine))
        {
            continue;
        }
        let theirs = app
            .store
            .rating(&seek.player, seek.game, speed)
            .await?
            .rating
            .round() as i64;
        if (theirs - mine).abs() > QUICK_RANGE {
            continue;
        }
        match start_from(&app, &me, seek).await {
            Ok(started) => return Ok(Json(Paired::Started(started))),
            // Taken by somebody else a moment ago: try the next.
            Err(ApiError { code, .. }) if code == "seek_gone" => continue,
            Err(err) => return Err(err),
        }
    }
    let seek = NewSeek {
        rating_range: Some(((mine - QUICK_RANGE).max(0), mine + QUICK_RANGE)),
        ..wanted
    };
    Ok(Json(Paired::Waiting(open_seek(&app, &me, seek).await?)))
}

async fn events(
    State(app): State<AppState>,
    viewer: Viewer,
    upgrade: WebSocketUpgrade,
) -> Response {
    upgrade
        .max_message_size(app.limits.max_ws_message_bytes)
        .on_upgrade(move |socket| relay(app, socket, viewer.0))
}

/// Forwards every lobby change until the page or the server hangs up. A player's seeks last
/// while it has a lobby page open on any instance (as on lichess): when its last one closes
/// they go.
async fn relay(app: AppState, mut socket: WebSocket, player: Option<PlayerId>) {
    let Some(place) = app.watchers.open_socket() else {
        return;
    };
    if let Some(p) = &player {
        app.watchers.enter_lobby(p);
    }
    let mut changes = app.watchers.lobby();
    let mut closing = app.watchers.closing();
    loop {
        let event = tokio::select! {
            event = changes.recv() => match event {
                Ok(event) => event,
                Err(RecvError::Lagged(_)) => json!({ "seeks": "changed" }),
                Err(RecvError::Closed) => break,
            },
            message = socket.recv() => match message {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => continue,
            },
            _ = async { closing.wait_for(|&closed| closed).await.is_ok() } => break,
        };
        if socket
            .send(Message::Text(event.to_string().into()))
            .await
            .is_err()
        {
            break;
        }
    }
    drop(place);
    let _ = socket.send(Message::Close(None)).await;
    if let Some(p) = &player
        && app.watchers.leave_lobby(p)
    {
        match app.store.delete_seeks_of(p).await {
            Ok(0) => {}
            Ok(_) => app.watchers.announce_lobby(json!({ "seeks": "changed" })),
            Err(err) => tracing::warn!("cannot withdraw the seeks of a player who left: {err}"),
        }
    }
}
