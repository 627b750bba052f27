//! Players: who am I, my display name, claiming an account, signing in elsewhere and out
//! everywhere, and a player's public page: ratings, their history, the games played.

use axum::extract::State;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use crate::AppState;
use crate::clock::Speed;
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::names::normalize_name;
use crate::players::{CookieSlot, Me, Viewer, forget_cookie, password, start_session};
use crate::quota::{ClientAddress, Creation};
use crate::store::{
    GameFilter, GameKind, GameStatus, Holder, Player, PlayerId, PlayerRating, RatingPoint, Seat,
};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/me", get(me))
        .route("/me/name", put(rename))
        .route("/me/account", post(claim_account))
        .route("/me/sign-out-everywhere", post(sign_out_everywhere))
        .route("/session", post(sign_in))
        .route("/players/{id}", get(player))
        .route("/players/{id}/games", get(player_games))
        .route("/players/{id}/rating-history", get(rating_history))
}

/// The player as its own pages see it.
#[derive(Serialize)]
struct MeView {
    id: PlayerId,
    /// Chosen display name; `null` for a guest (the page shows "Guest" + `tag`).
    name: Option<String>,
    /// A short tag pages show for a guest.
    tag: String,
    /// The account name, once claimed.
    username: Option<String>,
    created_at: String,
}

impl From<Player> for MeView {
    fn from(p: Player) -> Self {
        MeView {
            tag: guest_tag(&p.id),
            id: p.id,
            name: p.name,
            username: p.username,
            created_at: p.created_at,
        }
    }
}

/// A player as others see it (no account name: that is a login, not a display name), with its
/// ratings.
#[derive(Serialize)]
struct PlayerView {
    id: PlayerId,
    name: Option<String>,
    tag: String,
    created_at: String,
    ratings: Vec<PlayerRating>,
}

/// The short tag pages (and records) show for a guest: the first four characters of its id.
pub(super) fn guest_tag(id: &PlayerId) -> String {
    id.0.chars().take(4).collect()
}

async fn me(me: Me) -> Json<MeView> {
    Json(me.0.into())
}

#[derive(Deserialize)]
struct RenameBody {
    /// The new name; `null` or empty to be a guest again.
    name: Option<String>,
}

async fn rename(
    State(app): State<AppState>,
    me: Me,
    ApiJson(body): ApiJson<RenameBody>,
) -> Result<Json<MeView>, ApiError> {
    let name = match body.name.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => Some(normalize_name(raw)?),
    };
    let player = app.players.rename_player(me.id(), name.as_deref()).await?;
    Ok(Json(player.into()))
}

#[derive(Deserialize)]
struct Credentials {
    username: String,
    password: String,
}

/// Shortest and longest account names.
const USERNAME_CHARS: std::ops::RangeInclusive<usize> = 3..=24;

/// `raw` as an account name: lower case ASCII letters, digits, `_` and `-`, 3 to 24 of them.
fn normalize_username(raw: &str) -> Result<String, ApiError> {
    let name = raw.trim().to_ascii_lowercase();
    let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-';
    if USERNAME_CHARS.contains(&name.len()) && name.chars().all(allowed) {
        Ok(name)
    } else {
        Err(ApiError::unprocessable(
            "bad_username",
            "an account name has 3 to 24 letters a-z, digits, '_' or '-'",
        ))
    }
}

async fn claim_account(
    State(app): State<AppState>,
    me: Me,
    _allowed: Creation,
    ApiJson(body): ApiJson<Credentials>,
) -> Result<Json<MeView>, ApiError> {
    let username = normalize_username(&body.username)?;
    password::check_length(&body.password)?;
    if me.0.username.is_some() {
        return Err(ApiError::unprocessable(
            "already_claimed",
            "this player already has an account",
        ));
    }
    let hash = password::hash(body.password).await?;
    let player = app.players.claim_account(me.id(), &username, &hash).await?;
    Ok(Json(player.into()))
}

async fn sign_in(
    State(app): State<AppState>,
    slot: CookieSlot,
    ClientAddress(address): ClientAddress,
    ApiJson(body): ApiJson<Credentials>,
) -> Result<Json<MeView>, ApiError> {
    app.quotas
        .sign_in(address, body.username.trim().to_ascii_lowercase().as_str())?;
    let wrong = || {
        ApiError::new(
            axum::http::StatusCode::UNAUTHORIZED,
            "wrong_credentials",
            "no account with that name and password",
        )
    };
    let username = normalize_username(&body.username).map_err(|_| wrong())?;
    let Some((player, stored)) = app.players.account(&username).await? else {
        return Err(wrong());
    };
    if !password::verify(body.password, stored).await? {
        return Err(wrong());
    }
    start_session(&app, &slot, &player.id).await?;
    Ok(Json(player.into()))
}

async fn sign_out_everywhere(
    State(app): State<AppState>,
    me: Me,
    slot: CookieSlot,
) -> Result<Json<serde_json::Value>, ApiError> {
    if me.0.username.is_none() {
        return Err(ApiError::conflict(
            "no_account",
            "a guest has no account to sign back in with: claim an account first, or its games would be lost",
        ));
    }
    app.players.end_sessions(me.id()).await?;
    forget_cookie(&app, &slot);
    Ok(Json(serde_json::json!({ "signed_out": true })))
}

async fn player(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<PlayerView>, ApiError> {
    let p = app.players.player(&PlayerId(id)).await?;
    Ok(Json(PlayerView {
        tag: guest_tag(&p.id),
        ratings: app.store.ratings(&p.id).await?,
        id: p.id,
        name: p.name,
        created_at: p.created_at,
    }))
}

/// A game on a player's page.
#[derive(Serialize)]
struct PlayedGame {
    id: i64,
    kind: GameKind,
    variant: String,
    status: GameStatus,
    result: Option<serde_json::Value>,
    rated: bool,
    seats: Vec<Seat>,
    updated_at: String,
}

/// The games player `id` played against other players (the most recent 100), but private ones
/// the viewer has no seat in.
async fn player_games(
    State(app): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Vec<PlayedGame>>, ApiError> {
    let player = app.players.player(&PlayerId(id)).await?.id;
    let filter = GameFilter {
        kind: None,
        player: Some(player.clone()),
        limit: 300,
        played_only: true,
    };
    let games = app
        .store
        .list_games(filter)
        .await?
        .into_iter()
        .filter(|g| {
            let opponents = g
                .seats
                .iter()
                .any(|s| matches!(&s.holder, Holder::Player(p) if *p != player));
            opponents
                && g.seats.iter().any(|s| s.is_held_by(&player))
                && g.may_watch(viewer.0.as_ref())
        })
        .take(100)
        .map(|g| PlayedGame {
            id: g.id,
            kind: g.kind,
            variant: g.variant,
            status: g.status,
            result: g.result,
            rated: g.rated,
            seats: g.seats,
            updated_at: g.updated_at,
        })
        .collect();
    Ok(Json(games))
}

#[derive(Deserialize)]
struct HistoryQuery {
    game: GameKind,
    speed: Speed,
}

/// The history of player `id`'s rating in one game and speed class, oldest first.
async fn rating_history(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<HistoryQuery>,
) -> Result<Json<Vec<RatingPoint>>, ApiError> {
    let player = app.players.player(&PlayerId(id)).await?.id;
    Ok(Json(
        app.store
            .rating_history(&player, query.game, query.speed)
            .await?,
    ))
}
