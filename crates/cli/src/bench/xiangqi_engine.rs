//! Xiangqi engine rows: search speed (nodes per second) and time to depth 10 from the start
//! position and from three middlegame positions, and the speed of one and of two search threads
//! over a fixed time.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use anyhow::Context;
use qipan_xiangqi::Position;
use qipan_xiangqi::engine::{Engine, Limits};

use super::{Case, Row};

/// Positions searched: a name and a FEN.
const POSITIONS: [(&str, &str); 4] = [
    (
        "start",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ),
    (
        "central cannon vs screen horses",
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1",
    ),
    (
        "middlegame, rooks out",
        "2bakab2/9/1cn1c1n2/p1p1p1r1p/6p2/2P6/P3P1P1P/1CN1C1N2/4A4/1RBAK1B2 w - - 0 1",
    ),
    (
        "middlegame, open files",
        "3akab2/9/2n1b1n2/p3p1p1p/2p6/9/P1P1P1P1P/2N1B1N2/4A4/2BAK4 w - - 0 1",
    ),
];

/// Depth to which every position is searched.
const DEPTH: i32 = 10;
/// Time each position is searched for the thread rows.
const THREAD_MILLIS: u64 = 1000;

/// The Xiangqi engine's cases.
pub fn cases() -> Vec<Case> {
    vec![Case {
        name: "xiangqi engine search",
        run: search_rows,
    }]
}

fn search_rows() -> anyhow::Result<Vec<Row>> {
    let mut rows = Vec::new();
    let mut total_nodes = 0u64;
    let mut total_seconds = 0.0;
    for (name, fen) in POSITIONS {
        let pos = Position::from_fen(fen).with_context(|| format!("bench position {name}"))?;
        let mut engine = Engine::new(64);
        let stop = AtomicBool::new(false);
        let started = Instant::now();
        let found = engine.search(&pos, &Limits::depth(DEPTH), &[], &stop, &mut |_| {});
        let seconds = started.elapsed().as_secs_f64();
        total_nodes += found.nodes;
        total_seconds += seconds;
        rows.push(Row::new(
            format!("xiangqi time to depth {DEPTH}: {name}"),
            seconds * 1000.0,
            "ms",
        ));
    }
    rows.push(Row::new(
        "xiangqi search speed (4 positions)",
        total_nodes as f64 / total_seconds.max(1e-9),
        "nodes/s",
    ));
    for threads in [1, 2] {
        rows.push(Row::new(
            format!("xiangqi search speed, {threads} thread(s), {THREAD_MILLIS} ms a position"),
            nodes_per_second(threads)?,
            "nodes/s",
        ));
    }
    Ok(rows)
}

/// Nodes a second of `threads` threads together, searching each position for a fixed time.
fn nodes_per_second(threads: usize) -> anyhow::Result<f64> {
    let (mut nodes, mut seconds) = (0u64, 0.0);
    for (name, fen) in POSITIONS {
        let pos = Position::from_fen(fen).with_context(|| format!("bench position {name}"))?;
        let mut engine = Engine::new(64);
        engine.set_threads(threads);
        let stop = AtomicBool::new(false);
        let limits = Limits::movetime(Duration::from_millis(THREAD_MILLIS));
        let started = Instant::now();
        nodes += engine.search(&pos, &limits, &[], &stop, &mut |_| {}).nodes;
        seconds += started.elapsed().as_secs_f64();
    }
    Ok(nodes as f64 / seconds.max(1e-9))
}
