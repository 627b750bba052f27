//! What every game module does with its saved games: load one of its own kind with its state,
//! refuse a request based on an old revision (another tab), from a player without a seat in it
//! (another player's game) or changing a finished game.
//!
//! Acting goes through [`load_at`], which gives a [`Seated`] game only to a player who may act
//! in it; the writes ([`commit`], [`save_action`]) take that `Seated`, and the store checks the
//! seat again inside the write's transaction.

use serde::Deserialize;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::timed;
use crate::AppState;
use crate::error::ApiError;
use crate::players::{Me, Viewer};
use crate::store::{GameKind, GameStatus, GameUpdate, Holder, NewGame, PlayerId, SavedGame, Seat};
use crate::time::now_ms;

/// A game loaded for an action by a player who may act in it (see [`load_at`]).
pub struct Seated {
    game: SavedGame,
    actor: PlayerId,
    /// When the request arrived (Unix ms): what a timed game's clock is charged to.
    received_ms: i64,
}

impl Seated {
    /// The game as read.
    pub fn into_game(self) -> SavedGame {
        self.game
    }

    /// The one seat the acting player holds in a game between two different players (a game
    /// against a friend); `None` when it holds every human seat (one screen, against the engine,
    /// a puzzle) or the game was saved before seats.
    pub fn own_seat(&self) -> Option<&str> {
        let mine: Vec<&Seat> = self
            .game
            .seats
            .iter()
            .filter(|s| s.is_held_by(&self.actor))
            .collect();
        let others = self.game.seats.iter().any(|s| {
            matches!(&s.holder, Holder::Open)
                || matches!(&s.holder, Holder::Player(p) if *p != self.actor)
        });
        match mine.as_slice() {
            [only] if others => Some(only.seat.as_str()),
            _ => None,
        }
    }

    /// Refuses a move when `seat` (the side to move) is not the acting player's: 409
    /// `waiting_for_opponent` while a seat is still open (the game starts when both players
    /// are there), 409 `not_your_turn` when another player or the engine holds it.
    pub fn ensure_turn(&self, seat: &str) -> Result<(), ApiError> {
        if self.game.seats.iter().any(|s| s.holder == Holder::Open) {
            return Err(ApiError::conflict(
                "waiting_for_opponent",
                "your opponent has not taken their seat yet",
            ));
        }
        let Some(holder) = self
            .game
            .seats
            .iter()
            .find(|s| s.seat == seat)
            .map(|s| &s.holder)
        else {
            return Ok(());
        };
        match holder {
            Holder::Player(p) if *p == self.actor => Ok(()),
            Holder::Player(_) | Holder::Open => Err(ApiError::conflict(
                "not_your_turn",
                "it is your opponent's turn to move",
            )),
            Holder::Engine(_) => Err(ApiError::conflict(
                "not_your_turn",
                "it is the engine's turn to move",
            )),
        }
    }
}

impl std::ops::Deref for Seated {
    type Target = SavedGame;

    fn deref(&self) -> &SavedGame {
        &self.game
    }
}

/// A game module's saved state: the JSON in a saved game's `state`.
pub trait SavedState: Serialize + DeserializeOwned {
    /// The kind of game this state belongs to.
    const KIND: GameKind;
    /// The game's name in messages: "game 7 is not a {NAME} game".
    const NAME: &'static str;

    /// Whether the server helped so much (a solution, a demo, too many hints) that the game
    /// must not be ranked.
    fn assisted(&self) -> bool {
        false
    }

    /// The state as stored.
    fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// The body of an action that carries nothing but the revision it was based on.
#[derive(Deserialize)]
pub struct RevisionBody {
    pub revision: i64,
}

/// Saves a new one-player game (mode `solo`, `me` in its one seat) of `S`'s kind.
pub async fn create_solo<S: SavedState>(
    app: &AppState,
    me: &Me,
    variant: String,
    state: &S,
) -> Result<SavedGame, ApiError> {
    let game = app
        .store
        .create_game(NewGame {
            kind: S::KIND,
            variant,
            mode: "solo".into(),
            players: json!({}),
            state: state.to_json(),
            seats: vec![Seat::player("solo", me.id())],
            clock: None,
            private: false,
            rated: false,
        })
        .await?;
    Ok(game)
}

/// Game `id` and its state for `viewer` to see: 403 `private_game` when it is private and
/// `viewer` holds no seat in it, 404 when it is a game of another kind, 500 when its state cannot
/// be read.
pub async fn load<S: SavedState>(
    app: &AppState,
    viewer: &Viewer,
    id: i64,
) -> Result<(SavedGame, S), ApiError> {
    let (game, state) = read(app, id).await?;
    ensure_visible(&game, viewer)?;
    Ok((game, state))
}

/// Refuses (403 `private_game`) to show a private game to anyone without a seat in it.
pub fn ensure_visible(game: &SavedGame, viewer: &Viewer) -> Result<(), ApiError> {
    if game.may_watch(viewer.0.as_ref()) {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "private_game",
            format!("game {} is private: only its players may watch it", game.id),
        ))
    }
}

/// Game `id` and its state, whoever asks (every caller checks the seat or the visibility).
async fn read<S: SavedState>(app: &AppState, id: i64) -> Result<(SavedGame, S), ApiError> {
    let game = app.store.game(id).await?;
    if game.kind != S::KIND {
        return Err(ApiError::not_found(format!(
            "game {id} is not a {} game",
            S::NAME
        )));
    }
    let state = serde_json::from_value(game.state.clone())
        .map_err(|e| ApiError::internal(format!("saved {} game {id} is damaged: {e}", S::NAME)))?;
    Ok((game, state))
}

/// As [`load`], for a request only a player seated in the game may make and that is not based on
/// a revision the client saw (a hint, a leaderboard entry): 403 `not_your_game` for anyone else.
pub async fn load_mine<S: SavedState>(
    app: &AppState,
    me: &Me,
    id: i64,
) -> Result<(Seated, S), ApiError> {
    let (game, state) = read(app, id).await?;
    ensure_may_act(&game, me)?;
    let seated = Seated {
        game,
        actor: me.id().clone(),
        received_ms: now_ms(),
    };
    Ok((seated, state))
}

fn ensure_may_act(game: &SavedGame, me: &Me) -> Result<(), ApiError> {
    if game.may_act(me.id()) {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "not_your_game",
            format!("game {} is not yours: you hold no seat in it", game.id),
        ))
    }
}

/// As [`load`] for an action by `me` that the client based on `revision`: a stale revision is a
/// 409 `stale` before anything else, so that a second tab reloads instead of being told about
/// rules; a player without a seat in the game gets 403 `not_your_game`. The game returned is what
/// the action must be computed from and written against ([`commit`], [`save_action`]).
pub async fn load_at<S: SavedState>(
    app: &AppState,
    me: &Me,
    id: i64,
    revision: i64,
) -> Result<(Seated, S), ApiError> {
    let (game, state) = read(app, id).await?;
    let seated = seat_at(game, me, revision)?;
    Ok((seated, state))
}

/// As [`load_at`] for an action every game shares (abort), whatever its kind and state.
pub async fn load_any_at(
    app: &AppState,
    me: &Me,
    id: i64,
    revision: i64,
) -> Result<Seated, ApiError> {
    seat_at(app.store.game(id).await?, me, revision)
}

/// `game` for an action by `me` based on `revision`: 409 `stale`, then 403 `not_your_game`.
fn seat_at(game: SavedGame, me: &Me, revision: i64) -> Result<Seated, ApiError> {
    if game.revision() != revision {
        return Err(ApiError::conflict(
            "stale",
            format!(
                "the game was changed elsewhere (now at revision {}, the request was based on {revision})",
                game.revision()
            ),
        ));
    }
    ensure_may_act(&game, me)?;
    Ok(Seated {
        game,
        actor: me.id().clone(),
        received_ms: now_ms(),
    })
}

/// Writes `update` to a game loaded by [`load_at`], if it is still as read (else 409 `stale`)
/// and its player still holds a seat; returns the game as saved. A timed game's clock is
/// charged as of the request's arrival; an action that came after the running clock ran out is
/// refused (409 `flag_fell`) and the game ends on time instead.
pub async fn commit(
    app: &AppState,
    read: &Seated,
    mut update: GameUpdate,
) -> Result<SavedGame, ApiError> {
    if let Err(refused) = timed::charge(&read.game, read.received_ms, &mut update) {
        if refused.code == timed::FLAG_FELL {
            timed::flag_if_due(&app.store, read.game.id).await;
        }
        return Err(refused);
    }
    let saved = app
        .store
        .update_game(&read.game, &read.actor, update)
        .await?;
    if let Some(clock) = &saved.clock {
        app.referee.schedule(saved.id, clock.deadline_ms());
    }
    Ok(saved)
}

/// Saves `state` after an action (recorded in the game's actions as `action`), as [`commit`].
pub async fn save_action<S: SavedState>(
    app: &AppState,
    read: &Seated,
    state: &S,
    action: Value,
) -> Result<SavedGame, ApiError> {
    let update = GameUpdate {
        state: state.to_json(),
        append_actions: vec![action],
        ..GameUpdate::default()
    };
    commit(app, read, update).await
}

/// Refuses (429 `too_many_live_games`) one more game against another player when `me` already
/// has as many as a player may.
pub async fn ensure_room_for_live_game(app: &AppState, me: &Me) -> Result<(), ApiError> {
    let max = app.limits.max_live_games_per_player;
    if app.store.live_games(me.id()).await? >= max {
        return Err(ApiError::new(
            axum::http::StatusCode::TOO_MANY_REQUESTS,
            "too_many_live_games",
            format!(
                "you already play {max} games against other players: finish or resign one first"
            ),
        )
        .retry_after(60));
    }
    Ok(())
}

/// Refuses (409 `game_over`, saying `why`) any change to a game that is over.
pub fn ensure_ongoing(game: &SavedGame, why: &'static str) -> Result<(), ApiError> {
    if game.status == GameStatus::Ongoing {
        Ok(())
    } else {
        Err(ApiError::conflict("game_over", why))
    }
}
