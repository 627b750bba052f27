//! Invitations to open seats: made by a seated player, used up by the friend who
//! takes the seat, in one transaction with the seat and the game's revision.

use super::{Tx, seats};
use crate::store::{Holder, PlayerId, StoreError};
use crate::time::now_rfc3339;

/// Records an invitation to the open seat `seat`, made by seated `actor`.
pub(super) async fn invite(
    tx: &mut Tx<'_>,
    game_id: i64,
    actor: &PlayerId,
    seat: &str,
    token_hash: &[u8],
) -> Result<(), StoreError> {
    let game_seats = seats::of_game(&mut **tx, game_id).await?;
    if game_seats.is_empty() {
        let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM games WHERE id = $1")
            .bind(game_id)
            .fetch_optional(&mut **tx)
            .await?;
        return Err(match exists {
            None => StoreError::GameNotFound(game_id),
            Some(_) => StoreError::SeatNotOpen(seat.to_owned()),
        });
    }
    if !game_seats.iter().any(|s| s.is_held_by(actor)) {
        return Err(StoreError::NotSeated(game_id));
    }
    if !game_seats
        .iter()
        .any(|s| s.seat == seat && s.holder == Holder::Open)
    {
        return Err(StoreError::SeatNotOpen(seat.to_owned()));
    }
    sqlx::query(
        "INSERT INTO invitations (token_hash, game_id, seat, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(token_hash)
    .bind(game_id)
    .bind(seat)
    .bind(now_rfc3339())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Takes the invitation's seat for `player`; the game's id.
pub(super) async fn accept(
    tx: &mut Tx<'_>,
    token_hash: &[u8],
    player: &PlayerId,
) -> Result<i64, StoreError> {
    // Taking the seat first takes the write lock at once (see apply_update).
    let row: Option<(i64, String)> =
        sqlx::query_as("DELETE FROM invitations WHERE token_hash = $1 RETURNING game_id, seat")
            .bind(token_hash)
            .fetch_optional(&mut **tx)
            .await?;
    let Some((game_id, seat)) = row else {
        return Err(StoreError::InvitationNotFound);
    };
    let game_seats = seats::of_game(&mut **tx, game_id).await?;
    if game_seats.iter().any(|s| s.is_held_by(player)) {
        return Err(StoreError::OwnInvitation);
    }
    seats::take_open(tx, game_id, &seat, player).await?;
    Ok(game_id)
}
