//! Rate limits on what costs the server or could be abused: creating games, imports and
//! invitations (per player and per network address), new guest players (per address), and
//! signing in (per address and per account name, against password guessing). Past a limit the answer is 429 with `Retry-After`.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::AppState;
use crate::config::Limits;
use crate::error::ApiError;
use crate::players::Me;

/// Keys kept before the limiters forget the ones that are full again.
const FORGET_AFTER_KEYS: usize = 10_000;

/// The server's rate limiters.
#[derive(Clone)]
pub struct Quotas {
    creations_by_player: Arc<DefaultKeyedRateLimiter<String>>,
    creations_by_address: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    sign_ins_by_address: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    sign_ins_by_name: Arc<DefaultKeyedRateLimiter<String>>,
    guests_by_address: Arc<DefaultKeyedRateLimiter<IpAddr>>,
}

fn per_minute(n: u32) -> Quota {
    Quota::per_minute(NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN))
}

/// Takes one from `limiter`'s bucket for `key`, or says when to retry.
fn take<K>(
    limiter: &DefaultKeyedRateLimiter<K>,
    key: &K,
    code: &'static str,
    what: &str,
) -> Result<(), ApiError>
where
    K: std::hash::Hash + Eq + Clone,
{
    if limiter.len() > FORGET_AFTER_KEYS {
        limiter.retain_recent();
    }
    limiter.check_key(key).map_err(|not_until| {
        let wait = not_until.wait_time_from(DefaultClock::default().now());
        let seconds = u32::try_from(wait.as_secs())
            .unwrap_or(u32::MAX)
            .saturating_add(1);
        ApiError::new(
            axum::http::StatusCode::TOO_MANY_REQUESTS,
            code,
            format!("too many {what}; try again in {seconds} s"),
        )
        .retry_after(seconds)
    })
}

impl Quotas {
    /// Limiters with the rates of `limits`.
    pub fn new(limits: &Limits) -> Quotas {
        Quotas {
            creations_by_player: Arc::new(RateLimiter::keyed(per_minute(
                limits.creations_per_player_minute,
            ))),
            creations_by_address: Arc::new(RateLimiter::keyed(per_minute(
                limits.creations_per_address_minute,
            ))),
            sign_ins_by_address: Arc::new(RateLimiter::keyed(per_minute(
                limits.sign_ins_per_minute,
            ))),
            sign_ins_by_name: Arc::new(RateLimiter::keyed(per_minute(limits.sign_ins_per_minute))),
            guests_by_address: Arc::new(RateLimiter::keyed(per_minute(
                limits.guests_per_address_minute,
            ))),
        }
    }

    /// One creation by `player` from `address`.
    pub fn creation(&self, player: &Me, address: IpAddr) -> Result<(), ApiError> {
        let what = "new games, imports or invitations";
        take(
            &self.creations_by_player,
            &player.id().0,
            "too_many_creations",
            what,
        )?;
        take(
            &self.creations_by_address,
            &address,
            "too_many_creations",
            what,
        )
    }

    /// One new guest player from `address` (a browser without a cookie).
    pub fn guest(&self, address: IpAddr) -> Result<(), ApiError> {
        take(
            &self.guests_by_address,
            &address,
            "too_many_guests",
            "new players",
        )
    }

    /// One sign-in attempt from `address` for account `name`.
    pub fn sign_in(&self, address: IpAddr, name: &str) -> Result<(), ApiError> {
        let what = "sign-in attempts";
        take(
            &self.sign_ins_by_address,
            &address,
            "too_many_sign_ins",
            what,
        )?;
        take(
            &self.sign_ins_by_name,
            &name.to_owned(),
            "too_many_sign_ins",
            what,
        )
    }
}

/// The network address a request came from (the unspecified address when unknown, as in tests
/// that call the router directly).
pub fn client_address(parts: &Parts) -> IpAddr {
    parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |info| info.0.ip())
}

/// A creation allowed by the rate limits: take it as an argument of a handler that creates a
/// game, an import or an invitation (before the body extractor); 429 `too_many_creations` past
/// the limit.
pub struct Creation;

impl FromRequestParts<AppState> for Creation {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, ApiError> {
        let me = Me::from_request_parts(parts, app).await?;
        app.quotas.creation(&me, client_address(parts))?;
        Ok(Creation)
    }
}

/// The address of the request, for limits a handler applies itself (sign-in by name).
pub struct ClientAddress(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientAddress(client_address(parts)))
    }
}
