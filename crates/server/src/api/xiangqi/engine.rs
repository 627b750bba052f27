//! The engine's turn and the hint: a search on the compute pool (off the async threads, within the
//! server's time limit, stopped when the client goes away).

use std::time::Duration;

use qipan_xiangqi::engine::{Engine, Level, Limits, score};
use qipan_xiangqi::{Color, Move, Notation, Position};
use serde::Serialize;

use crate::compute::{Compute, Cost};
use crate::error::ApiError;

/// Transposition table per search, in MiB (small: a game's search is short).
const HASH_MB: usize = 16;
/// Thinking time per level 1..=10, in milliseconds; the levels' depth caps usually end the
/// search of the lower ones sooner.
const THINK_MS: [u64; 10] = [200, 300, 400, 600, 800, 1000, 1500, 2000, 3000, 4000];
/// Thinking time of a hint (full strength).
const HINT_MS: u64 = 1500;

/// What the engine saw.
#[derive(Debug, Clone, Serialize)]
pub struct EngineInfo {
    /// The move chosen, in ICCS.
    pub best: String,
    /// The move in Chinese and WXF notation.
    pub chinese: String,
    pub wxf: String,
    /// Deepest completed iteration.
    pub depth: i32,
    /// Centipawns from Red's point of view.
    pub score_red: i32,
    /// Moves to mate (positive: the side to move mates), when the score is a mate score.
    pub mate_in: Option<i32>,
    pub nodes: u64,
    pub millis: u64,
    /// The expected line in Chinese notation.
    pub pv: Vec<String>,
}

/// Levels whose replies are quick enough for the interactive lane (at most 400 ms).
const QUICK_LEVELS: i64 = 3;

/// How long the engine thinks at a level, within the server's limit.
fn think_time(compute: &Compute, level: Level, hint: bool) -> Duration {
    let ms = if hint {
        HINT_MS
    } else {
        THINK_MS[usize::from(level.get().clamp(1, 10)) - 1]
    };
    Duration::from_millis(ms).min(compute.max_time().mul_f32(0.8))
}

/// Searches `pos` (with its history) at `level` and returns the move chosen, or `None` when
/// there is no legal move.
pub async fn think(
    compute: &Compute,
    pos: Position,
    level: Level,
    seed: u64,
    hint: bool,
) -> Result<Option<(Move, EngineInfo)>, ApiError> {
    let time = think_time(compute, level, hint);
    let cost = if !hint && i64::from(level.get()) <= QUICK_LEVELS {
        Cost::Quick
    } else {
        Cost::Search
    };
    compute
        .run(cost, move |stop| {
            search(&pos, level, seed, time, &stop.as_atomic())
        })
        .await
}

/// How long a game review thinks about each position (full strength).
pub const REVIEW_MS: u64 = 300;

/// What the engine sees in `pos` in [`REVIEW_MS`] at full strength, for a game review; `None`
/// when the side to move has no legal move.
pub async fn evaluate(compute: &Compute, pos: Position) -> Result<Option<EngineInfo>, ApiError> {
    let time = Duration::from_millis(REVIEW_MS).min(compute.max_time().mul_f32(0.8));
    compute
        .run(Cost::Search, move |stop| {
            search(&pos, Level::MAX, 0, time, &stop.as_atomic()).map(|(_, info)| info)
        })
        .await
}

/// One search of `pos` and what it found, Red's view.
fn search(
    pos: &Position,
    level: Level,
    seed: u64,
    time: Duration,
    flag: &std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> Option<(Move, EngineInfo)> {
    let mut engine = Engine::new(HASH_MB);
    engine.set_level(level);
    engine.set_seed(seed);
    let started = std::time::Instant::now();
    let found = engine.search(pos, &Limits::movetime(time), &[], flag, &mut |_| {});
    let best = found.best?;
    let red = if pos.side_to_move() == Color::Red {
        1
    } else {
        -1
    };
    let mut line = pos.clone();
    let mut pv = Vec::new();
    for &m in &found.pv {
        if !line.is_legal(m) {
            break;
        }
        pv.push(Notation::Chinese.write(&line, m));
        line.make(m);
    }
    let info = EngineInfo {
        best: best.to_string(),
        chinese: Notation::Chinese.write(pos, best),
        wxf: Notation::Wxf.write(pos, best),
        depth: found.depth,
        score_red: found.score * red,
        mate_in: score::mate_in_moves(found.score),
        nodes: found.nodes,
        millis: started.elapsed().as_millis() as u64,
        pv,
    };
    Some((best, info))
}
