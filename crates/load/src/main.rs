//! `qipan-load`: plays `--games` live Gomoku games at once between pairs of bot players through
//! a running server's real API and WebSockets — each bot a player with its own cookie, the
//! games made with an invitation link as people make them — and reports the moves per second and
//! the move-relay latency (from sending a move to the opponent's socket announcing it), p50 and
//! p99. Bounded: every game stops after `--moves` moves or when it ends.

use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::Parser;
use futures_util::StreamExt;
use rand::seq::SliceRandom;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

#[derive(Parser)]
#[command(
    about = "Plays bot-vs-bot live games against a qipan server and reports moves/s and relay latency"
)]
struct Args {
    /// The server, e.g. http://127.0.0.1:8080 (start it with raised --creations-per-address-minute
    /// and --guests-per-address-minute: every bot comes from one address).
    #[arg(long)]
    url: String,
    /// Games played at once.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Moves per game (both sides together) at most.
    #[arg(long, default_value_t = 40)]
    moves: usize,
    /// How long each bot thinks before a move, in milliseconds (0: as fast as the server answers,
    /// which measures throughput; people's pace measures latency under load).
    #[arg(long, default_value_t = 0)]
    think_ms: u64,
}

/// A bot player: a client that sends its cookie.
struct Bot {
    http: reqwest::Client,
    cookie: String,
    id: String,
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

impl Bot {
    async fn new(url: &str) -> Result<Bot> {
        let answer = reqwest::get(format!("{url}/api/me")).await?;
        let cookie = answer
            .headers()
            .get(reqwest::header::SET_COOKIE)
            .context("the server gave no player cookie")?
            .to_str()?
            .split(';')
            .next()
            .unwrap_or_default()
            .to_owned();
        let me: Value = answer.json().await?;
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(reqwest::header::COOKIE, cookie.parse()?);
        headers.insert(reqwest::header::ORIGIN, url.parse()?);
        let http = reqwest::Client::builder()
            .default_headers(headers)
            .build()?;
        let id = me["id"].as_str().context("no player id")?.to_owned();
        Ok(Bot { http, cookie, id })
    }

    async fn post(&self, url: String, body: Value) -> Result<Value> {
        let answer = self.http.post(&url).json(&body).send().await?;
        let status = answer.status();
        let body: Value = answer.json().await?;
        if !status.is_success() {
            bail!("{url}: {status} {body}");
        }
        Ok(body)
    }

    async fn watch(&self, url: &str, game: i64) -> Result<Socket> {
        let ws = format!("{}/api/games/{game}/events", url.replacen("http", "ws", 1));
        let mut request = ws.into_client_request()?;
        request.headers_mut().insert("Cookie", self.cookie.parse()?);
        request.headers_mut().insert("Origin", url.parse()?);
        Ok(tokio_tungstenite::connect_async(request).await?.0)
    }
}

/// Waits on `socket` for the change announcing the move `by` made; its revision.
async fn relayed(socket: &mut Socket, by: &str) -> Result<i64> {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .context("no change within 30 s")?
            .context("the socket closed")??;
        if let Message::Text(text) = message {
            let change: Value = serde_json::from_str(&text)?;
            if change["by"] == by && change["actions"][0].get("move").is_some() {
                return change["revision"]
                    .as_i64()
                    .context("a change without revision");
            }
        }
    }
}

/// Plays one game; the relay latency of each move.
async fn play(url: String, moves: usize, think: Duration, seed: u64) -> Result<Vec<Duration>> {
    let (black, white) = (Bot::new(&url).await?, Bot::new(&url).await?);
    let game = black
        .post(
            format!("{url}/api/gomoku/games"),
            json!({"mode": "pvp", "friend": true, "side": "black"}),
        )
        .await?;
    let id = game["id"].as_i64().context("no game id")?;
    let invitation = black
        .post(format!("{url}/api/games/{id}/invitation"), json!({}))
        .await?;
    let token = invitation["token"].as_str().context("no token")?;
    let seated = white
        .post(format!("{url}/api/invitations/{token}"), json!({}))
        .await?;
    let mut revision = seated["revision"].as_i64().unwrap_or(1);
    let mut sockets = [black.watch(&url, id).await?, white.watch(&url, id).await?];
    let mut points: Vec<(u8, u8)> = (0..15).flat_map(|x| (0..15).map(move |y| (x, y))).collect();
    points.shuffle(&mut <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed));
    let bots = [&black, &white];
    let mut latencies = Vec::with_capacity(moves);
    for (ply, (x, y)) in points.into_iter().take(moves).enumerate() {
        let (mover, other) = (ply % 2, 1 - ply % 2);
        tokio::time::sleep(think).await;
        let sent = Instant::now();
        let answer = bots[mover]
            .post(
                format!("{url}/api/gomoku/games/{id}/move"),
                json!({"revision": revision, "x": x, "y": y}),
            )
            .await?;
        revision = relayed(&mut sockets[other], &bots[mover].id).await?;
        latencies.push(sent.elapsed());
        if answer["status"] != "ongoing" {
            break;
        }
    }
    Ok(latencies)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

#[tokio::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    let url = args.url.trim_end_matches('/').to_owned();
    let started = Instant::now();
    let games: Vec<_> = (0..args.games)
        .map(|i| {
            let think = Duration::from_millis(args.think_ms);
            tokio::spawn(play(url.clone(), args.moves, think, i as u64))
        })
        .collect();
    let mut latencies = Vec::new();
    let mut failed = 0;
    for game in games {
        match game.await? {
            Ok(moves) => latencies.extend(moves),
            Err(err) => {
                failed += 1;
                eprintln!("a game failed: {err:#}");
            }
        }
    }
    let wall = started.elapsed();
    latencies.sort();
    println!(
        "{} games ({} failed), think {} ms, {} moves in {:.2} s: {:.0} moves/s; move relay p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        args.games,
        failed,
        args.think_ms,
        latencies.len(),
        wall.as_secs_f64(),
        latencies.len() as f64 / wall.as_secs_f64(),
        percentile(&latencies, 50.0).as_secs_f64() * 1000.0,
        percentile(&latencies, 99.0).as_secs_f64() * 1000.0,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1000.0,
    );
    if failed > 0 {
        bail!("{failed} of {} games failed", args.games);
    }
    Ok(())
}
