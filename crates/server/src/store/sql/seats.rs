//! Seats of saved games: written with the game, read with it, checked before every
//! update inside the update's transaction.

use sqlx::Any;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::Tx;
use crate::store::{Holder, LEGACY_SEAT, PlayerId, Seat, StoreError};
use crate::time::now_rfc3339;

/// A holder as the `player_id` and `engine` columns store it (both empty: an open seat).
fn columns(holder: &Holder) -> (Option<&str>, Option<&str>) {
    match holder {
        Holder::Player(id) => (Some(id.0.as_str()), None),
        Holder::Engine(setting) => (None, Some(setting.as_str())),
        Holder::Open => (None, None),
    }
}

/// Writes the seats of a new game.
pub(super) async fn insert(
    tx: &mut Tx<'_>,
    game_id: i64,
    seats: &[Seat],
) -> Result<(), StoreError> {
    for seat in seats {
        let (player, engine) = columns(&seat.holder);
        sqlx::query(
            "INSERT INTO game_seats (game_id, seat, player_id, engine) VALUES ($1, $2, $3, $4)",
        )
        .bind(game_id)
        .bind(&seat.seat)
        .bind(player)
        .bind(engine)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

fn seat_from_row(row: &AnyRow) -> Result<Seat, StoreError> {
    let player: Option<String> = row.try_get("player_id")?;
    let engine: Option<String> = row.try_get("engine")?;
    let holder = match (player, engine) {
        (Some(id), _) => Holder::Player(PlayerId(id)),
        (None, Some(setting)) => Holder::Engine(setting),
        (None, None) => Holder::Open,
    };
    Ok(Seat {
        seat: row.try_get("seat")?,
        holder,
    })
}

/// The seats of game `game_id`, in seat-name order.
pub(super) async fn of_game<'e, E>(executor: E, game_id: i64) -> Result<Vec<Seat>, StoreError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT seat, player_id, engine FROM game_seats WHERE game_id = $1 ORDER BY seat",
    )
    .bind(game_id)
    .fetch_all(executor)
    .await?;
    rows.iter().map(seat_from_row).collect()
}

/// Refuses ([`StoreError::NotSeated`]) an `actor` who holds no seat in game `game_id`; a game
/// with no seats at all (saved before players existed) is given to `actor`.
pub(super) async fn authorise(
    tx: &mut Tx<'_>,
    game_id: i64,
    actor: &PlayerId,
) -> Result<(), StoreError> {
    let seats = of_game(&mut **tx, game_id).await?;
    if seats.iter().any(|s| s.is_held_by(actor)) {
        return Ok(());
    }
    if seats.is_empty() {
        return insert(tx, game_id, &[Seat::player(LEGACY_SEAT, actor)]).await;
    }
    Err(StoreError::NotSeated(game_id))
}

/// Seats `player` in the open seat `seat` of game `game_id` and bumps the game's revision;
/// [`StoreError::SeatNotOpen`] when the seat is taken (or was never open).
pub(super) async fn take_open(
    tx: &mut Tx<'_>,
    game_id: i64,
    seat: &str,
    player: &PlayerId,
) -> Result<(), StoreError> {
    let taken = sqlx::query(
        "UPDATE game_seats SET player_id = $1 \
         WHERE game_id = $2 AND seat = $3 AND player_id IS NULL AND engine IS NULL",
    )
    .bind(&player.0)
    .bind(game_id)
    .bind(seat)
    .execute(&mut **tx)
    .await?;
    if taken.rows_affected() == 0 {
        return Err(StoreError::SeatNotOpen(seat.to_owned()));
    }
    sqlx::query("UPDATE games SET revision = revision + 1, updated_at = $1 WHERE id = $2")
        .bind(now_rfc3339())
        .bind(game_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Exchanges the holders of seats `a` and `b` of game `game_id` (both must exist).
pub(super) async fn swap_holders(
    tx: &mut Tx<'_>,
    game_id: i64,
    a: &str,
    b: &str,
) -> Result<(), StoreError> {
    let seats = of_game(&mut **tx, game_id).await?;
    let holder = |name: &str| {
        seats
            .iter()
            .find(|s| s.seat == name)
            .map(|s| s.holder.clone())
            .ok_or_else(|| StoreError::Corrupt(format!("game {game_id} has no seat {name}")))
    };
    let (held_a, held_b) = (holder(a)?, holder(b)?);
    for (seat, holder) in [(a, held_b), (b, held_a)] {
        let (player, engine) = columns(&holder);
        sqlx::query(
            "UPDATE game_seats SET player_id = $1, engine = $2 WHERE game_id = $3 AND seat = $4",
        )
        .bind(player)
        .bind(engine)
        .bind(game_id)
        .bind(seat)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
