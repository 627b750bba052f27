//! Ratings: read and listed, and updated when a rated game finishes, inside the
//! transaction that writes its result.

use sqlx::Any;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::Tx;
use super::backend::Backend;
use crate::clock::{Clock, Speed};
use crate::rating::{Outcome, Rating};
use crate::store::{GameKind, Holder, PlayerId, PlayerRating, RatingPoint, StoreError};
use crate::time::now_rfc3339;

fn speed_of(text: &str) -> Result<Speed, StoreError> {
    Speed::ALL
        .into_iter()
        .find(|s| s.as_str() == text)
        .ok_or_else(|| StoreError::Corrupt(format!("unknown speed {text:?}")))
}

/// `player`'s rating in `game` at `speed`, or the start rating.
pub(super) async fn rating<'e, E>(
    executor: E,
    player: &PlayerId,
    game: GameKind,
    speed: Speed,
) -> Result<Rating, StoreError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row: Option<(f64, f64, f64)> = sqlx::query_as(
        "SELECT rating, deviation, volatility FROM ratings \
         WHERE player_id = $1 AND game = $2 AND speed = $3",
    )
    .bind(&player.0)
    .bind(game.as_str())
    .bind(speed.as_str())
    .fetch_optional(executor)
    .await?;
    Ok(
        row.map_or_else(Rating::default, |(rating, deviation, volatility)| Rating {
            rating,
            deviation,
            volatility,
        }),
    )
}

fn player_rating(row: &AnyRow) -> Result<PlayerRating, StoreError> {
    let game: String = row.try_get("game")?;
    let rating = Rating {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
    };
    Ok(PlayerRating {
        game: game
            .parse()
            .map_err(|e: crate::store::UnknownGameKind| StoreError::Corrupt(e.to_string()))?,
        speed: speed_of(&row.try_get::<String, _>("speed")?)?,
        rating: rating.rating.round() as i64,
        deviation: rating.deviation.round() as i64,
        provisional: rating.provisional(),
        games: row.try_get("games")?,
        wins: row.try_get("wins")?,
        draws: row.try_get("draws")?,
        losses: row.try_get("losses")?,
    })
}

/// Every rating of `player`.
pub(super) async fn of_player<'e, E>(
    executor: E,
    player: &PlayerId,
) -> Result<Vec<PlayerRating>, StoreError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT game, speed, rating, deviation, volatility, games, wins, draws, losses \
         FROM ratings WHERE player_id = $1 ORDER BY game, speed",
    )
    .bind(&player.0)
    .fetch_all(executor)
    .await?;
    rows.iter().map(player_rating).collect()
}

/// The history of one rating, oldest first.
pub(super) async fn history<'e, E>(
    executor: E,
    player: &PlayerId,
    game: GameKind,
    speed: Speed,
) -> Result<Vec<RatingPoint>, StoreError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows: Vec<(String, f64, f64, Option<i64>)> = sqlx::query_as(
        "SELECT at, rating, deviation, game_id FROM rating_history \
         WHERE player_id = $1 AND game = $2 AND speed = $3 ORDER BY id",
    )
    .bind(&player.0)
    .bind(game.as_str())
    .bind(speed.as_str())
    .fetch_all(executor)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(at, rating, deviation, game_id)| RatingPoint {
            at,
            rating: rating.round() as i64,
            deviation: deviation.round() as i64,
            game_id,
        })
        .collect())
}

/// If game `id` is rated, finished and not yet counted: both players' ratings for its game and
/// speed class after its result, written with their history, and the game marked counted.
pub(super) async fn settle(tx: &mut Tx<'_>, backend: &Backend, id: i64) -> Result<(), StoreError> {
    let row: Option<(String, Option<String>, Option<String>)> = sqlx::query_as(
        "SELECT kind, clock, result FROM games \
         WHERE id = $1 AND rated = 1 AND rated_at IS NULL AND status = 'finished'",
    )
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some((kind, Some(clock), result)) = row else {
        return Ok(());
    };
    let game: GameKind = kind
        .parse()
        .map_err(|e: crate::store::UnknownGameKind| StoreError::Corrupt(e.to_string()))?;
    let clock: Clock = serde_json::from_str(&clock)
        .map_err(|e| StoreError::Corrupt(format!("column clock is not a clock: {e}")))?;
    let speed = clock.control.speed();
    let winner: Option<String> = result
        .and_then(|r| serde_json::from_str::<serde_json::Value>(&r).ok())
        .and_then(|r| r["winner"].as_str().map(str::to_owned));
    let players: Vec<(String, PlayerId)> = super::seats::of_game(&mut **tx, id)
        .await?
        .into_iter()
        .filter_map(|s| match s.holder {
            Holder::Player(p) => Some((s.seat, p)),
            _ => None,
        })
        .collect();
    let [(seat_a, a), (seat_b, b)] = &players[..] else {
        return Ok(());
    };
    if a == b {
        return Ok(());
    }
    // Both players' ratings are read, then written: no other result of theirs may come between.
    backend.lock_players(tx, &[a, b]).await?;
    let before_a = rating(&mut **tx, a, game, speed).await?;
    let before_b = rating(&mut **tx, b, game, speed).await?;
    let score = |seat: &str| match winner.as_deref() {
        None => 0.5,
        Some(w) if w == seat => 1.0,
        Some(_) => 0.0,
    };
    let now = now_rfc3339();
    for (player, seat, own, other) in [
        (a, seat_a, before_a, before_b),
        (b, seat_b, before_b, before_a),
    ] {
        let s = score(seat);
        let after = own.after(&[Outcome {
            opponent: other,
            score: s,
        }]);
        sqlx::query(
            "INSERT INTO ratings (player_id, game, speed, rating, deviation, volatility, games, \
               wins, draws, losses, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8, $9, $10) \
             ON CONFLICT (player_id, game, speed) DO UPDATE SET rating = $4, deviation = $5, \
               volatility = $6, games = ratings.games + 1, wins = ratings.wins + $7, \
               draws = ratings.draws + $8, losses = ratings.losses + $9, updated_at = $10",
        )
        .bind(&player.0)
        .bind(game.as_str())
        .bind(speed.as_str())
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(i64::from(s == 1.0))
        .bind(i64::from(s == 0.5))
        .bind(i64::from(s == 0.0))
        .bind(&now)
        .execute(&mut **tx)
        .await?;
        sqlx::query(
            "INSERT INTO rating_history (player_id, game, speed, game_id, rating, deviation, at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&player.0)
        .bind(game.as_str())
        .bind(speed.as_str())
        .bind(id)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(&now)
        .execute(&mut **tx)
        .await?;
    }
    sqlx::query("UPDATE games SET rated_at = $1 WHERE id = $2")
        .bind(&now)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
