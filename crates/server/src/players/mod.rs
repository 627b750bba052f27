//! Who is asking: every visitor is a player, known by a secret in an `HttpOnly` cookie and
//! created on first contact without signing up; a player may claim an account (user name and
//! argon2id password) to sign in on other devices.
//!
//! Handlers take [`Me`] to learn the player; the first request without a (known) cookie creates
//! a guest and [`cookie_layer`] sends its cookie with the response.

pub mod password;
pub mod token;

use std::sync::{Arc, Mutex};

use axum::extract::{FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;

use crate::AppState;
use crate::error::ApiError;
use crate::store::{Player, PlayerId};

/// The player making the request.
#[derive(Debug, Clone)]
pub struct Me(pub Player);

impl Me {
    /// The player's id.
    pub fn id(&self) -> &PlayerId {
        &self.0.id
    }
}

/// Where a request's handlers leave a cookie for the response (see [`cookie_layer`]); a handler
/// that signs a player in takes it as an extractor.
#[derive(Clone, Default)]
pub struct CookieSlot(Arc<Mutex<Option<HeaderValue>>>);

impl<S: Send + Sync> FromRequestParts<S> for CookieSlot {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<CookieSlot>()
            .cloned()
            .unwrap_or_default())
    }
}

impl CookieSlot {
    fn put(&self, value: HeaderValue) {
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some(value);
        }
    }

    fn take(&self) -> Option<HeaderValue> {
        self.0.lock().ok().and_then(|mut slot| slot.take())
    }
}

/// Sends the cookie of a player created (or signed in) while the request was handled.
pub async fn cookie_layer(mut request: Request, next: Next) -> Response {
    let slot = CookieSlot::default();
    request.extensions_mut().insert(slot.clone());
    let mut response = next.run(request).await;
    if let Some(cookie) = slot.take() {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
}

/// Starts a session for `player` in this browser: a new secret, stored hashed, sent as the
/// cookie of the response.
pub async fn start_session(
    app: &AppState,
    slot: &CookieSlot,
    player: &PlayerId,
) -> Result<(), ApiError> {
    let secret = token::generate();
    app.players
        .add_session(player, &token::hash(&secret))
        .await?;
    slot.put(token::set_cookie(&secret, app.secure_cookies));
    Ok(())
}

/// Tells the browser to forget its player cookie.
pub fn forget_cookie(app: &AppState, slot: &CookieSlot) {
    slot.put(token::clear_cookie(app.secure_cookies));
}

impl FromRequestParts<AppState> for Me {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Me, ApiError> {
        if let Some(me) = parts.extensions.get::<Me>() {
            return Ok(me.clone());
        }
        let known = match token::from_headers(&parts.headers) {
            Some(secret) => {
                app.players
                    .player_for_session(&token::hash(&secret))
                    .await?
            }
            None => None,
        };
        let player = match known {
            Some(player) => player,
            None => {
                app.quotas.guest(crate::quota::client_address(parts))?;
                let secret = token::generate();
                let player = app.players.create_player(&token::hash(&secret)).await?;
                if let Some(slot) = parts.extensions.get::<CookieSlot>() {
                    slot.put(token::set_cookie(&secret, app.secure_cookies));
                }
                player
            }
        };
        let me = Me(player);
        parts.extensions.insert(me.clone());
        Ok(me)
    }
}

/// Who is watching: the player of the request's cookie, if it has a known one. Unlike [`Me`] it
/// never creates a guest, so that reading a game writes nothing.
#[derive(Debug, Clone)]
pub struct Viewer(pub Option<PlayerId>);

impl FromRequestParts<AppState> for Viewer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Viewer, ApiError> {
        if let Some(me) = parts.extensions.get::<Me>() {
            return Ok(Viewer(Some(me.id().clone())));
        }
        let Some(secret) = token::from_headers(&parts.headers) else {
            return Ok(Viewer(None));
        };
        let player = app
            .players
            .player_for_session(&token::hash(&secret))
            .await?;
        Ok(Viewer(player.map(|p| p.id)))
    }
}
