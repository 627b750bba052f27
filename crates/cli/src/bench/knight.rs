//! Bench rows for the knight's tour: closed tours on 100×100, 1000×1000 and 10000×10000 boards
//! (time, squares per second, memory of the result), an open tour on an odd board and on a long
//! 4-wide board, verification, and the hint: a typical one, and how soon after its clock a hint
//! that cannot decide answers "unknown".

use std::time::{Duration, Instant};

use qipan_knight::{Board, Budget, Hint, Square, TourKind, hint, tour, verify};

use super::timing::best_of;
use super::{Case, Row};

/// The knight cases.
pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "knight tour 100x100..10000x10000",
            run: square_rows,
        },
        Case {
            name: "knight odd, narrow boards and verify",
            run: other_rows,
        },
        Case {
            name: "knight hint and its clock",
            run: hint_rows,
        },
    ]
}

fn tour_rows(
    label: &str,
    board: Board,
    start: Square,
    kind: TourKind,
    runs: usize,
) -> anyhow::Result<Vec<Row>> {
    let squares = board.squares() as f64;
    let time = best_of(runs, || Ok(tour(board, start, kind)?))?;
    Ok(vec![
        Row::new(
            format!("knight {label} {board}"),
            time.as_secs_f64() * 1e3,
            "ms",
        ),
        Row::new(
            format!("knight {label} {board} speed"),
            squares / time.as_secs_f64() / 1e6,
            "M squares/s",
        ),
        Row::new(
            format!("knight {label} {board} memory (path, 4 bytes/square)"),
            squares * 4.0 / f64::from(1 << 20),
            "MiB",
        ),
    ])
}

fn square_rows() -> anyhow::Result<Vec<Row>> {
    let mut rows = Vec::new();
    for (side, runs) in [(100u64, 20), (1000, 5), (10_000, 2)] {
        let board = Board::new(side, side)?;
        rows.extend(tour_rows(
            "closed",
            board,
            Square::new(0, 0),
            TourKind::Closed,
            runs,
        )?);
    }
    Ok(rows)
}

fn other_rows() -> anyhow::Result<Vec<Row>> {
    let mut rows = Vec::new();
    let odd = Board::new(9999, 9999)?;
    rows.extend(tour_rows(
        "open",
        odd,
        Square::new(4999, 4999),
        TourKind::Open,
        2,
    )?);
    let narrow = Board::new(4, 25_000_000)?;
    rows.extend(tour_rows(
        "open",
        narrow,
        Square::new(0, 12_000_000),
        TourKind::Open,
        2,
    )?);
    let board = Board::new(10_000, 10_000)?;
    let t = tour(board, Square::new(0, 0), TourKind::Closed)?;
    let time = best_of(2, || Ok(verify(board, t.path(), true)?))?;
    rows.push(Row::new(
        "knight verify 10000x10000 speed",
        board.squares() as f64 / time.as_secs_f64() / 1e6,
        "M squares/s",
    ));
    Ok(rows)
}

/// The clock the server gives a hint.
const HINT_CLOCK: Duration = Duration::from_millis(1500);

fn hint_rows() -> anyhow::Result<Vec<Row>> {
    let squares = |cells: &[(u32, u32)]| {
        cells
            .iter()
            .map(|&(x, y)| Square::new(x, y))
            .collect::<Vec<_>>()
    };
    // A typical hint: 8x8, a few moves played from a corner.
    let board = Board::new(8, 8)?;
    let trail = squares(&[(0, 0), (1, 2), (2, 4), (0, 5)]);
    let typical = best_of(5, || {
        let found = hint(
            board,
            &trail,
            TourKind::Open,
            Budget::until(Instant::now() + HINT_CLOCK),
        )?;
        anyhow::ensure!(matches!(found, Hint::Next(_)), "8x8 hint: {found:?}");
        Ok(found)
    })?;
    // A hopeless one: on 30x30 a1 is cut off (b3 and c2 are behind the knight), which only
    // trying every path would prove; the clock must end it.
    let board = Board::new(30, 30)?;
    let trail = squares(&[(1, 2), (3, 3), (2, 1), (4, 2)]);
    let clock = Duration::from_millis(100);
    let mut late = Duration::ZERO;
    for _ in 0..5 {
        let start = Instant::now();
        let found = hint(board, &trail, TourKind::Open, Budget::until(start + clock))?;
        anyhow::ensure!(found == Hint::Unknown, "30x30 cut-off hint: {found:?}");
        late = late.max(start.elapsed().saturating_sub(clock));
    }
    Ok(vec![
        Row::new(
            "knight hint 8x8 after 3 moves",
            typical.as_secs_f64() * 1e3,
            "ms",
        ),
        Row::new(
            "knight hint, 30x30 hopeless: late past 100 ms",
            late.as_secs_f64() * 1e3,
            "ms",
        ),
    ])
}
