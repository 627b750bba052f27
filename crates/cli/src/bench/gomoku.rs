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

/// An opening position with no immediate threat (h8 i9 g7 i7 i8 g9), Black to move, so that
/// the engine reaches its alpha-beta search.
fn quiet_position() -> anyhow::Result<Board> {
    let mut board = Board::new(15)?;
    for (i, s) in ["h8", "i9", "g7", "i7", "i8", "g9"].into_iter().enumerate() {
        let c = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        board.set(Point::parse_coord(s, 15)?, Some(c));
    }
    Ok(board)
}

fn eval_rows() -> anyhow::Result<Vec<Row>> {
    let mut st = State::from_board(&quiet_position()?, RuleSet::Freestyle);
    let empties = st.empty_points();
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
    let board = quiet_position()?;
    let mut engine = Engine::new(Level::MAX, 1);
    let start = Instant::now();
    let result = engine
        .best_move(&board, RuleSet::Freestyle, SearchLimits::millis(1000))
        .ok_or_else(|| anyhow::anyhow!("no move"))?;
    let secs = start.elapsed().as_secs_f64();
    let mut rows = vec![
        Row::new(
            "gomoku search 1 s, 15x15 opening",
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
    let mut puzzle = Board::new(15)?;
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
