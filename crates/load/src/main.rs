//! `qipan-load`: plays `--games` live Gomoku games at once between pairs of bot players through
//! a running site's real API and WebSockets — each bot a player with its own cookie, the games
//! made with an invitation link as people make them — and reports the moves per second and the
//! move-relay latency (from sending a move to the opponent's socket announcing it), p50 and p99.
//! Given several `--url`s (instances of one site on one PostgreSQL database), the two players of
//! each game are served by different instances, and a player whose instance dies goes on from
//! another; every game is checked at the end to hold each move the server acknowledged.
//! Bounded: every game stops after `--moves` moves or when it ends.

mod bot;
mod game;

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use clap::Parser;

#[derive(Parser)]
#[command(
    about = "Plays bot-vs-bot live games against a qipan site and reports moves/s and relay latency"
)]
struct Args {
    /// An instance of the site, e.g. http://127.0.0.1:8080 (start it with raised
    /// --creations-per-address-minute and --guests-per-address-minute: every bot comes from one
    /// address). Repeat for several instances on one database.
    #[arg(long, required = true)]
    url: Vec<String>,
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
    let urls: Arc<Vec<String>> = Arc::new(
        args.url
            .iter()
            .map(|u| u.trim_end_matches('/').to_owned())
            .collect(),
    );
    let started = Instant::now();
    let games: Vec<_> = (0..args.games)
        .map(|i| {
            let think = Duration::from_millis(args.think_ms);
            tokio::spawn(game::play(urls.clone(), args.moves, think, i as u64))
        })
        .collect();
    let mut latencies = Vec::new();
    let (mut failed, mut acknowledged, mut lost, mut unrelayed, mut failovers) = (0, 0, 0, 0, 0);
    for game in games {
        match game.await? {
            Ok(played) => {
                latencies.extend(played.latencies);
                acknowledged += played.acknowledged;
                lost += played.lost;
                unrelayed += played.unrelayed;
                failovers += played.failovers;
            }
            Err(err) => {
                failed += 1;
                eprintln!("a game failed: {err:#}");
            }
        }
    }
    let wall = started.elapsed();
    latencies.sort();
    println!(
        "{} instance(s), {} games ({} failed), think {} ms, {} moves in {:.2} s: {:.0} moves/s; \
         move relay p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        urls.len(),
        args.games,
        failed,
        args.think_ms,
        acknowledged,
        wall.as_secs_f64(),
        acknowledged as f64 / wall.as_secs_f64(),
        percentile(&latencies, 50.0).as_secs_f64() * 1000.0,
        percentile(&latencies, 99.0).as_secs_f64() * 1000.0,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1000.0,
    );
    println!(
        "acknowledged moves {acknowledged}, lost {lost}; announcements missed with a dead \
         instance {unrelayed}; players moved to another instance {failovers}"
    );
    if failed > 0 || lost > 0 {
        bail!(
            "{failed} of {} games failed, {lost} acknowledged moves lost",
            args.games
        );
    }
    Ok(())
}
