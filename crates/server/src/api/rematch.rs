//! Rematches between two players, the same for every two-sided game: after a finished game
//! either player offers one (`POST /api/games/{id}/rematch` with `"action": "offer"`); the new
//! game has the colours swapped, the same settings and the same time control, with the offerer
//! seated and the other seat open until the opponent accepts (`"accept"`, or an offer of its own).
//! Either player may take the offer back or turn it down (`"decline"`).

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use serde::Serialize;
use serde_json::Value;

use super::offers::{OfferAction, OfferBody};
use super::saved::{self, SavedState, Seated};
use super::{gomoku, xiangqi};
use crate::AppState;
use crate::clock::Clock;
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath};
use crate::players::Me;
use crate::quota::Creation;
use crate::store::{GameKind, GameStatus, Holder, NewGame, PlayerId, SavedGame, Seat};

pub fn routes() -> Router<AppState> {
    Router::new().route("/games/{id}/rematch", post(rematch))
}

/// A game state that can be played again between the same players.
pub trait Rematch: SavedState {
    /// A new game with this one's settings (rules, start position, limits), from the start.
    fn rematch(&self) -> Self;
}

/// The start state of a rematch of a `kind` game in `state`.
fn rematch_state(kind: GameKind, state: &Value) -> Result<Value, ApiError> {
    fn fresh<S: Rematch>(state: &Value) -> Result<Value, ApiError> {
        let state: S = serde_json::from_value(state.clone())
            .map_err(|e| ApiError::internal(format!("saved {} game is damaged: {e}", S::NAME)))?;
        Ok(state.rematch().to_json())
    }
    match kind {
        GameKind::Xiangqi => fresh::<xiangqi::GameState>(state),
        GameKind::Gomoku => fresh::<gomoku::GameState>(state),
        GameKind::Link | GameKind::Knight | GameKind::Tromino => Err(ApiError::conflict(
            "rematch_needs_opponent",
            "a puzzle has no opponent to play again",
        )),
    }
}

/// What became of the rematch.
#[derive(Serialize)]
struct RematchAnswer {
    /// The rematch game.
    game: i64,
    /// `offered`, `accepted` or `declined`.
    status: &'static str,
}

async fn rematch(
    State(app): State<AppState>,
    me: Me,
    _allowed: Creation,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<OfferBody>,
) -> Result<Json<RematchAnswer>, ApiError> {
    let old = saved::load_any_at(&app, &me, id, body.revision).await?;
    if old.own_seat().is_none() {
        return Err(ApiError::conflict(
            "rematch_needs_opponent",
            "a rematch is between two players",
        ));
    }
    if old.status != GameStatus::Finished {
        return Err(ApiError::conflict(
            "game_not_over",
            "a rematch is offered once the game is over",
        ));
    }
    let pending = old.rematch.clone();
    let answer = match (body.action, pending) {
        (_, Some(link)) if link.accepted => {
            return Err(ApiError::conflict(
                "rematch_started",
                format!("the rematch is already on: game {}", link.game),
            ));
        }
        (OfferAction::Offer | OfferAction::Accept, Some(link)) if link.offered_by != *me.id() => {
            let game = app
                .store
                .answer_rematch(&old, link.game, Some(me.id()))
                .await?;
            RematchAnswer {
                game: game.id,
                status: "accepted",
            }
        }
        (OfferAction::Offer, Some(_)) => {
            return Err(ApiError::conflict(
                "own_rematch_offer",
                "you have offered a rematch already: wait for your opponent",
            ));
        }
        (OfferAction::Offer, None) => {
            saved::ensure_room_for_live_game(&app, &me).await?;
            let game = app
                .store
                .create_rematch(&old, me.id(), new_game(&old, me.id())?)
                .await?;
            RematchAnswer {
                game: game.id,
                status: "offered",
            }
        }
        (OfferAction::Accept, Some(_)) => {
            return Err(ApiError::conflict(
                "own_rematch_offer",
                "this is your own offer: your opponent accepts it",
            ));
        }
        (OfferAction::Decline, Some(link)) => {
            let game = app.store.answer_rematch(&old, link.game, None).await?;
            RematchAnswer {
                game: game.id,
                status: "declined",
            }
        }
        (OfferAction::Accept | OfferAction::Decline, None) => {
            return Err(ApiError::conflict(
                "no_rematch_offer",
                "no rematch has been offered",
            ));
        }
    };
    Ok(Json(answer))
}

/// The rematch of `old` offered by `offerer`: colours swapped, the offerer seated, the opponent's
/// seat open for it, the same time control.
fn new_game(old: &Seated, offerer: &PlayerId) -> Result<NewGame, ApiError> {
    let names: Vec<&str> = old.seats.iter().map(|s| s.seat.as_str()).collect();
    let [first, second] = names[..] else {
        return Err(ApiError::internal("a two-player game without two seats"));
    };
    let swapped = |seat: &str| if seat == first { second } else { first };
    let seats = old
        .seats
        .iter()
        .map(|s| match &s.holder {
            Holder::Player(p) if p == offerer => Seat::player(swapped(&s.seat), p),
            _ => Seat::open(swapped(&s.seat)),
        })
        .collect();
    let game: &SavedGame = old;
    Ok(NewGame {
        kind: game.kind,
        variant: game.variant.clone(),
        mode: game.mode.clone(),
        players: game.players.clone(),
        state: rematch_state(game.kind, &game.state)?,
        seats,
        clock: game.clock.as_ref().map(|c| Clock::new(c.control, &names)),
        private: game.private,
        rated: game.rated,
    })
}
