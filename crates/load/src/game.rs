//! One bot-vs-bot live Gomoku game, played as people play it: one player makes the game and
//! invites the other, each watches it over its socket, and each move is timed from being sent
//! to the opponent's socket announcing it. With several instances the two players are served by
//! different ones; when an instance dies its players go on from another, and at the end the
//! game as stored is checked to hold every move the server acknowledged.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use rand::seq::SliceRandom;
use serde_json::{Value, json};

use qipan_gomoku::Point;

use crate::bot::{Bot, Failure, Socket, relayed};

/// The board the games are played on (freestyle 15×15, the default).
const BOARD: u8 = 15;

/// What one game measured.
#[derive(Debug, Default)]
pub struct Played {
    /// Each relayed move's time from being sent to the opponent's socket announcing it.
    pub latencies: Vec<Duration>,
    /// Moves the server answered 200 OK (or, when the answer was lost with its instance, that
    /// the game shows taken).
    pub acknowledged: usize,
    /// Acknowledged moves missing from the game as stored at the end.
    pub lost: usize,
    /// Moves whose announcement a socket missed because its instance died.
    pub unrelayed: usize,
    /// Times a player had to go on from another instance.
    pub failovers: usize,
}

/// An open socket and the instance it is open on.
struct Watching {
    socket: Socket,
    on: String,
}

/// Plays game number `seed` on `urls`: at most `moves` moves, each after `think`.
pub async fn play(
    urls: Arc<Vec<String>>,
    moves: usize,
    think: Duration,
    seed: u64,
) -> Result<Played> {
    let n = urls.len();
    let first = seed as usize % n;
    let mut bots = [
        Bot::new(urls.clone(), first).await?,
        Bot::new(urls.clone(), (first + 1) % n).await?,
    ];
    let game = set_up(
        &mut bots[0],
        "/api/gomoku/games",
        &json!({"mode": "pvp", "friend": true, "side": "black"}),
    )
    .await?;
    let id = game["id"].as_i64().context("no game id")?;
    let invitation = set_up(
        &mut bots[0],
        &format!("/api/games/{id}/invitation"),
        &json!({}),
    )
    .await?;
    let token = invitation["token"].as_str().context("no token")?;
    let seated = take_seat(&mut bots[1], id, token).await?;
    let mut revision = seated["revision"].as_i64().unwrap_or(1);
    let mut sockets = [
        watch(&mut bots[0], id).await?,
        watch(&mut bots[1], id).await?,
    ];

    let mut points: Vec<(u8, u8)> = (0..BOARD)
        .flat_map(|x| (0..BOARD).map(move |y| (x, y)))
        .collect();
    points.shuffle(&mut <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed));
    let mut played = Played::default();
    let mut acknowledged: Vec<(u8, u8)> = Vec::with_capacity(moves);
    for (ply, (x, y)) in points.into_iter().take(moves).enumerate() {
        let (mover, other) = (ply % 2, 1 - ply % 2);
        tokio::time::sleep(think).await;
        let sent = Instant::now();
        let answer = send_move(&mut bots[mover], id, revision, (x, y)).await?;
        acknowledged.push((x, y));
        revision = answer["revision"].as_i64().context("no revision")?;
        let by = bots[mover].id.clone();
        match relayed(&mut sockets[other].socket, &by).await {
            Ok(_) => played.latencies.push(sent.elapsed()),
            Err(_) => {
                // The opponent's instance died: it goes on from another, where the game is.
                played.unrelayed += 1;
                if bots[other].url() == sockets[other].on {
                    bots[other].fail_over();
                }
                sockets[other] = watch(&mut bots[other], id).await?;
            }
        }
        if sockets[mover].on != bots[mover].url() {
            sockets[mover] = watch(&mut bots[mover], id).await?;
        }
        if answer["status"] != "ongoing" {
            break;
        }
        if bots.iter().map(|b| b.failovers).sum::<usize>() > 4 * n {
            bail!("game {id}: no instance answers");
        }
    }
    played.acknowledged = acknowledged.len();
    played.lost = lost_moves(&mut bots[0], id, &acknowledged).await?;
    played.failovers = bots.iter().map(|b| b.failovers).sum();
    Ok(played)
}

/// A step of setting a game up, sent again to another instance when its instance does not answer.
async fn set_up(bot: &mut Bot, path: &str, body: &Value) -> Result<Value> {
    let mut last = None;
    for _ in 0..4 {
        match bot.post(path, body).await {
            Ok(answer) => return Ok(answer),
            Err(Failure::Refused(err)) => return Err(err),
            Err(Failure::Unreachable(err)) => {
                last = Some(err);
                bot.fail_over();
            }
        }
    }
    Err(last.unwrap_or_else(|| anyhow::anyhow!("{path}: no instance answers")))
}

/// Takes the invited seat; when the instance dies with the answer, goes on from another and
/// finds out there whether the seat was taken (the invitation is then used up).
async fn take_seat(bot: &mut Bot, id: i64, token: &str) -> Result<Value> {
    let mut last = None;
    for _ in 0..4 {
        match bot
            .post(&format!("/api/invitations/{token}"), &json!({}))
            .await
        {
            Ok(answer) => return Ok(answer),
            Err(Failure::Refused(err)) => return Err(err),
            Err(Failure::Unreachable(err)) => {
                last = Some(err);
                bot.fail_over();
                if let Ok(game) = bot.get(&format!("/api/gomoku/games/{id}")).await
                    && game["seats"]
                        .as_array()
                        .is_some_and(|seats| seats.iter().any(|s| s["holder"]["player"] == bot.id))
                {
                    return Ok(game);
                }
            }
        }
    }
    Err(last.unwrap_or_else(|| anyhow::anyhow!("no instance answers")))
}

/// Opens `bot`'s socket on game `id`, on another instance when its own does not answer.
async fn watch(bot: &mut Bot, id: i64) -> Result<Watching> {
    for _ in 0..4 {
        match bot.watch(id).await {
            Ok(socket) => {
                return Ok(Watching {
                    socket,
                    on: bot.url().to_owned(),
                });
            }
            Err(_) => bot.fail_over(),
        }
    }
    bail!("game {id}: no instance takes its socket")
}

/// Sends a move at `revision`; when its instance does not answer, goes on from another and finds
/// out from the game there whether the move was taken before the answer was lost, resending it
/// if not. The answer (the game after the move).
async fn send_move(bot: &mut Bot, id: i64, revision: i64, (x, y): (u8, u8)) -> Result<Value> {
    let body = json!({"revision": revision, "x": x, "y": y});
    let mut last = None;
    for _ in 0..8 {
        match bot
            .post(&format!("/api/gomoku/games/{id}/move"), &body)
            .await
        {
            Ok(answer) => return Ok(answer),
            Err(Failure::Refused(err)) => return Err(err),
            Err(Failure::Unreachable(err)) => {
                last = Some(err);
                bot.fail_over();
                if let Ok(game) = bot.get(&format!("/api/gomoku/games/{id}")).await
                    && game["revision"].as_i64() > Some(revision)
                {
                    return Ok(game);
                }
            }
        }
    }
    Err(last
        .unwrap_or_else(|| anyhow::anyhow!("no instance answers"))
        .context(format!("game {id}: the move at revision {revision}")))
}

/// How many acknowledged moves the stored game lacks (each must be there, in order).
async fn lost_moves(bot: &mut Bot, id: i64, acknowledged: &[(u8, u8)]) -> Result<usize> {
    let mut actions = None;
    for _ in 0..4 {
        match bot.get(&format!("/api/games/{id}/actions")).await {
            Ok(answer) => {
                actions = Some(answer);
                break;
            }
            Err(_) => bot.fail_over(),
        }
    }
    let actions = actions.context("no instance answers for the game's actions")?;
    let stored: Vec<&str> = actions
        .as_array()
        .context("the actions are not a list")?
        .iter()
        .filter_map(|a| a["move"].as_str())
        .collect();
    Ok(acknowledged
        .iter()
        .enumerate()
        .filter(|&(i, &(x, y))| {
            stored.get(i).copied() != Some(Point { x, y }.to_coord(BOARD).as_str())
        })
        .count())
}
