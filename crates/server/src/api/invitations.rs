//! Playing a friend: a seated player invites someone to an open seat of its game with a link
//! holding a secret token; whoever opens the link takes the seat.

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use crate::AppState;
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath};
use crate::players::{Me, token};
use crate::quota::Creation;
use crate::store::{GameKind, Holder};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/games/{id}/invitation", post(invite))
        .route("/invitations/{token}", post(accept))
}

#[derive(Deserialize, Default)]
struct InviteBody {
    /// The open seat to invite to; the game's first open seat when absent.
    seat: Option<String>,
}

/// An invitation as its maker sees it, once: the secret is not stored and cannot be shown again.
#[derive(Serialize)]
struct Invitation {
    /// The secret the link carries.
    token: String,
    /// The seat it is for.
    seat: String,
    /// The page link to send, relative to the server.
    path: String,
}

async fn invite(
    State(app): State<AppState>,
    me: Me,
    _allowed: Creation,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<InviteBody>,
) -> Result<Json<Invitation>, ApiError> {
    let game = app.store.game(id).await?;
    // Only a seated player learns anything about the game's seats.
    if !game.seats.iter().any(|s| s.is_held_by(me.id())) {
        return Err(crate::store::StoreError::NotSeated(id).into());
    }
    let seat = match body.seat {
        Some(seat) => seat,
        None => game
            .seats
            .iter()
            .find(|s| s.holder == Holder::Open)
            .map(|s| s.seat.clone())
            .ok_or_else(|| {
                ApiError::conflict("seat_taken", "this game has no open seat to invite to")
            })?,
    };
    let secret = token::generate();
    app.store
        .invite(id, me.id(), &seat, &token::hash(&secret))
        .await?;
    Ok(Json(Invitation {
        path: page_path(game.kind, id, Some(&secret)),
        token: secret,
        seat,
    }))
}

/// The page of game `id`, with the invitation's secret when given.
fn page_path(kind: GameKind, id: i64, secret: Option<&str>) -> String {
    match secret {
        Some(secret) => format!("/{kind}/?game={id}&invite={secret}"),
        None => format!("/{kind}/?game={id}"),
    }
}

/// Where an accepted invitation seated the player.
#[derive(Serialize)]
struct Seated {
    id: i64,
    kind: GameKind,
    seat: String,
    path: String,
}

async fn accept(
    State(app): State<AppState>,
    me: Me,
    ApiPath(secret): ApiPath<String>,
) -> Result<Json<Seated>, ApiError> {
    crate::api::saved::ensure_room_for_live_game(&app, &me).await?;
    let game = app
        .store
        .accept_invitation(&token::hash(&secret), me.id())
        .await?;
    let seat = game
        .seats
        .iter()
        .find(|s| s.is_held_by(me.id()))
        .map(|s| s.seat.clone())
        .ok_or_else(|| ApiError::internal("an accepted invitation left no seat"))?;
    Ok(Json(Seated {
        id: game.id,
        kind: game.kind,
        seat,
        path: page_path(game.kind, game.id, None),
    }))
}
