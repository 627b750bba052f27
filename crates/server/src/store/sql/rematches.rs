//! Rematches: the offer (a new game naming the finished one and its offerer) and its
//! answer (the opponent takes the open seat, or the offer is withdrawn or declined), each in the
//! same transaction as a revision bump of the finished game, whose watchers are told.

use sqlx::Any;
use sqlx::Row;

use super::{Tx, bump_revision, insert_game, seats};
use crate::store::{Holder, NewGame, PlayerId, RematchLink, StoreError};

/// Records `new_id` as the rematch of `old_id` offered by `by`.
pub(super) async fn link(
    tx: &mut Tx<'_>,
    new_id: i64,
    old_id: i64,
    by: &PlayerId,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE games SET rematch_of = $1, rematch_by = $2 WHERE id = $3")
        .bind(old_id)
        .bind(&by.0)
        .bind(new_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Offers `game` as a rematch of `old_id` (at `old_revision`), by `actor`, who must hold a seat
/// there; the new game's id.
pub(super) async fn offer(
    tx: &mut Tx<'_>,
    old_id: i64,
    old_revision: i64,
    actor: &PlayerId,
    game: &NewGame,
) -> Result<Option<i64>, StoreError> {
    if !bump_revision(tx, old_id, old_revision).await? {
        return Ok(None);
    }
    seats::authorise(tx, old_id, actor).await?;
    let id = insert_game(tx, game).await?;
    link(tx, id, old_id, actor).await?;
    Ok(Some(id))
}

/// Answers the rematch `rematch_id` of `old_id` (at `old_revision`): `taker` takes its open seat,
/// or, with `None`, the offer goes (the rematch game is abandoned). False when `old_id` is not at
/// that revision.
pub(super) async fn answer(
    tx: &mut Tx<'_>,
    old_id: i64,
    old_revision: i64,
    rematch_id: i64,
    taker: Option<&PlayerId>,
) -> Result<bool, StoreError> {
    if !bump_revision(tx, old_id, old_revision).await? {
        return Ok(false);
    }
    match taker {
        Some(player) => {
            let open = seats::of_game(&mut **tx, rematch_id)
                .await?
                .into_iter()
                .find(|s| s.holder == Holder::Open)
                .ok_or_else(|| StoreError::SeatNotOpen("rematch".into()))?;
            seats::take_open(tx, rematch_id, &open.seat, player).await?;
        }
        None => {
            sqlx::query(
                "UPDATE games SET status = 'abandoned', revision = revision + 1 \
                 WHERE id = $1 AND status = 'ongoing'",
            )
            .bind(rematch_id)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(true)
}

/// The live rematch of game `id` (offered or accepted; not a withdrawn or declined one).
pub(super) async fn of_game<'e, E>(executor: E, id: i64) -> Result<Option<RematchLink>, StoreError>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row = sqlx::query(
        "SELECT r.id, r.rematch_by, CASE WHEN EXISTS (SELECT 1 FROM game_seats s \
           WHERE s.game_id = r.id AND s.player_id IS NULL AND s.engine IS NULL) THEN 1 ELSE 0 END \
           AS waiting \
         FROM games r WHERE r.rematch_of = $1 AND r.status <> 'abandoned' ORDER BY r.id DESC LIMIT 1",
    )
    .bind(id)
    .fetch_optional(executor)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let by: Option<String> = row.try_get("rematch_by")?;
    Ok(Some(RematchLink {
        game: row.try_get("id")?,
        offered_by: PlayerId(by.unwrap_or_default()),
        accepted: row.try_get::<i64, _>("waiting")? == 0,
    }))
}
