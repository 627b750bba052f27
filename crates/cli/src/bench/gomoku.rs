//! Bench rows for Gomoku: incremental pattern updates (make/unmake per second), alpha-beta search
//! speed (nodes per second at full strength) and the time to solve a VCF puzzle.

use std::time::{Duration, Instant};

use qipan_gomoku::engine::state::State;
use qipan_gomoku::{Board, Color, Engine, Level, Point, RuleSet, SearchLimits};

use super::{Case, Row};

/// The Gomoku cases.
pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "gomoku eval: incremental patterns",
            run: eval_rows,
        },
        Case {
            name: "gomoku search: nodes/s, VCF",
            run: search_rows,
        },
    ]
}

/// A middle-game position: a spiral of 30 stones around the centre.
fn midgame() -> Board {
    let mut board = Board::new(15).unwrap_or_else(|_| unreachable!("15 is valid"));
    let spiral = [
        (7, 7),
        (8, 8),
        (8, 6),
        (6, 8),
        (9, 7),
        (7, 9),
        (6, 6),
        (9, 9),
        (5, 7),
        (7, 5),
        (10, 8),
        (8, 10),
        (4, 6),
        (6, 4),
        (10, 10),
        (5, 9),
        (9, 5),
        (4, 8),
        (11, 7),
        (7, 11),
        (3, 7),
        (8, 4),
        (11, 9),
        (5, 5),
        (6, 10),
        (10, 6),
        (4, 4),
        (12, 8),
        (9, 11),
        (3, 9),
    ];
    for (i, (x, y)) in spiral.into_iter().enumerate() {
        let c = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        board.set(Point::new(x, y), Some(c));
    }
    board
}

fn eval_rows() -> anyhow::Result<Vec<Row>> {
    let mut st = State::from_board(&midgame(), RuleSet::Freestyle);
    let empties: Vec<usize> = st
        .points()
        .iter()
        .copied()
        .filter(|&i| st.is_empty(i))
        .collect();
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed() < Duration::from_millis(500) {
        for &i in &empties {
            st.make(i);
            std::hint::black_box(st.total(Color::Black));
            st.unmake();
            n += 1;
        }
    }
    let rate = n as f64 / start.elapsed().as_secs_f64();
    Ok(vec![Row::new(
        "gomoku make+unmake with pattern update",
        rate,
        "moves/s",
    )])
}

fn search_rows() -> anyhow::Result<Vec<Row>> {
    let board = midgame();
    let mut engine = Engine::new(Level::MAX, 1);
    let start = Instant::now();
    let result = engine
        .best_move(&board, RuleSet::Freestyle, SearchLimits::millis(1000))
        .ok_or_else(|| anyhow::anyhow!("no move"))?;
    let secs = start.elapsed().as_secs_f64();
    let mut rows = vec![
        Row::new(
            "gomoku search 1 s, 15x15 midgame",
            result.nodes as f64 / secs,
            "nodes/s",
        ),
        Row::new(
            "gomoku search 1 s, depth reached",
            f64::from(result.depth),
            "plies",
        ),
    ];
    // A VCF from the published mintaka suite (basic_vcf 1, renju, Black to move).
    let mut puzzle = Board::new(15).unwrap_or_else(|_| unreachable!("15 is valid"));
    let black = ["j10", "l10", "h8", "j8", "k8", "g7", "i7"];
    let white = ["k11", "j9", "l8", "j7", "h6", "i6", "g5"];
    for (list, c) in [(black, Color::Black), (white, Color::White)] {
        for s in list {
            puzzle.set(Point::parse_coord(s, 15)?, Some(c));
        }
    }
    let start = Instant::now();
    let line = engine.solve_vcf(&puzzle, RuleSet::Renju, 200, SearchLimits::millis(10_000));
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    anyhow::ensure!(line.is_some(), "the VCF puzzle was not solved");
    rows.push(Row::new("gomoku VCF puzzle (mintaka basic 1)", ms, "ms"));
    Ok(rows)
}
