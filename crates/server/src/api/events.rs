//! `GET /api/games/{id}/events`: a WebSocket that tells a page when its saved game changes. It
//! sends `{"id": 7, "revision": 12}` at once and after every accepted change (another tab's move,
//! the engine's reply), `{"id": 7, "revision": null}` when the game is deleted, and closes when
//! the server shuts down. The page reloads the game when the revision is newer than its own.
//! It also reports who has the game open: `{"id": 7, "revision": null, "presence": {"players":
//! {"<player id>": {"state": "online" | "away" | "offline", "gone_ms": …}}, "spectators": 2}}`,
//! at once and whenever that changes; a page says `{"hidden": true}` when it is hidden and
//! `{"hidden": false}` when shown again. A private game is watched only by its players (403
//! `private_game`).
//! Opening it is a state-changing request for the origin check (a foreign page cannot open one),
//! and a client message larger than `max_ws_message_bytes` closes the socket.

use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use axum::routing::get;
use axum::{Router, http::StatusCode};
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;

use crate::AppState;
use crate::api::saved;
use crate::error::ApiError;
use crate::extract::ApiPath;
use crate::players::Viewer;
use crate::store::{Holder, PlayerId};
use crate::watch::{Change, Subscription};

pub fn routes() -> Router<AppState> {
    Router::new().route("/games/{id}/events", get(watch_game))
}

async fn watch_game(
    State(app): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let upgrade = upgrade.map_err(|_| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "websocket_expected",
            "this route is a WebSocket: open it with new WebSocket(...)",
        )
    })?;
    let socket_place = app.watchers.open_socket().ok_or_else(|| {
        ApiError::unavailable(
            "too_many_watchers",
            "the server is watching as many games as it can; try again in a moment",
        )
        .retry_after(5)
    })?;
    // Subscribe before reading the game, so that no change falls between the two.
    let changes = app.watchers.subscribe(id);
    let game = app.store.game(id).await?;
    saved::ensure_visible(&game, &viewer)?;
    let first = Change::at(id, Some(game.revision()));
    let players = game.seated_players();
    let seated = viewer.0.filter(|p| players.contains(p));
    // Presence matters between two players (or while a seat waits for one), not in a puzzle.
    let mut distinct = players.clone();
    distinct.sort();
    distinct.dedup();
    let between_players = distinct.len() > 1 || game.seats.iter().any(|s| s.holder == Holder::Open);
    let visit = Visit {
        players,
        seated,
        between_players,
    };
    // A page never needs to send more than a ping: a big message is refused, not buffered.
    let max = app.limits.max_ws_message_bytes;
    Ok(upgrade
        .max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| async move {
            relay(app, socket, changes, first, visit).await;
            drop(socket_place);
        }))
}

/// Whose page a socket is: the game's seated players, and the one of them watching (`None`: a
/// spectator).
struct Visit {
    players: Vec<PlayerId>,
    seated: Option<PlayerId>,
    /// Whether presence is reported: a game between two players.
    between_players: bool,
}

/// What a page says over its socket: that it was hidden or shown again.
#[derive(Deserialize)]
struct PageMessage {
    hidden: bool,
}

/// Sends `first`, then every change of game `first.id`, until the page or the server hangs up;
/// the page counts as present meanwhile (see `presence.rs`).
async fn relay(
    app: AppState,
    mut socket: WebSocket,
    mut changes: Subscription,
    first: Change,
    visit: Visit,
) {
    let id = first.id;
    let presence = app.watchers.presence().clone();
    presence.arrive(id, visit.seated.as_ref());
    let announce = || {
        if visit.between_players {
            app.watchers
                .announce_presence(id, &visit.players, app.limits.claim_after);
        }
    };
    announce();
    let mut hidden = false;
    let mut closing = app.watchers.closing();
    let mut next = Some(first);
    loop {
        if let Some(change) = next.take() {
            let Ok(text) = serde_json::to_string(&change) else {
                break;
            };
            if socket.send(Message::Text(text.into())).await.is_err() || change.is_deletion() {
                break;
            }
        }
        let mut lagged = false;
        tokio::select! {
            change = changes.recv() => match change {
                Ok(change) => next = Some(change),
                Err(RecvError::Lagged(_)) => lagged = true,
                Err(RecvError::Closed) => break,
            },
            message = socket.recv() => match message {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(Message::Text(text))) => {
                    if let (Ok(said), Some(player)) =
                        (serde_json::from_str::<PageMessage>(&text), &visit.seated)
                        && said.hidden != hidden
                    {
                        hidden = said.hidden;
                        presence.set_hidden(id, player, hidden);
                        app.watchers
        .announce_presence(id, &visit.players, app.limits.claim_after);
                    }
                }
                Some(Ok(_)) => {}
            },
            _ = async { closing.wait_for(|&closed| closed).await.is_ok() } => break,
        }
        if lagged {
            // Fell behind: the game as it is now says all that was missed.
            let revision = app.store.game(id).await.ok().map(|g| g.revision());
            next = Some(Change::at(id, revision));
        }
    }
    presence.leave(id, visit.seated.as_ref(), hidden);
    announce();
    let _ = socket.send(Message::Close(None)).await;
}
