//! Bench rows for Lianliankan on the standard 144-tile board (8 × 18, 36 kinds × 4): a path
//! query, all removable pairs, a clearable deal (solver check included) and a solve.

use std::time::{Duration, Instant};

use qipan_link::{DealSpec, Limits, Mode, Verdict, deal, solve};

use super::{Case, Row};

/// The Lianliankan cases.
pub fn cases() -> Vec<Case> {
    vec![Case {
        name: "link 8x18 path, pairs, deal, solve",
        run: standard_rows,
    }]
}

/// Mean time of `work` over `runs` runs.
fn mean<T>(runs: u32, mut work: impl FnMut(u32) -> anyhow::Result<T>) -> anyhow::Result<Duration> {
    let start = Instant::now();
    for n in 0..runs {
        std::hint::black_box(work(n)?);
    }
    Ok(start.elapsed() / runs)
}

fn standard_rows() -> anyhow::Result<Vec<Row>> {
    let mut rows = Vec::new();
    let unchecked = DealSpec {
        clearable: false,
        ..DealSpec::standard()
    };
    let board = deal(&unchecked, 1)?.board;
    let far = board
        .removable_pairs()
        .into_iter()
        .max_by_key(|m| (m.a.x - m.b.x).abs() + (m.a.y - m.b.y).abs())
        .ok_or_else(|| anyhow::anyhow!("a full board has removable pairs on its rim"))?;
    let path = mean(20_000, |_| Ok(board.connect(far.a, far.b)))?;
    rows.push(Row::new(
        "link connect (BFS path) 8x18",
        path.as_secs_f64() * 1e6,
        "µs",
    ));
    let pairs = mean(2_000, |_| Ok(board.removable_pairs()))?;
    rows.push(Row::new(
        "link all removable pairs 8x18",
        pairs.as_secs_f64() * 1e6,
        "µs",
    ));
    let deals = mean(30, |n| Ok(deal(&DealSpec::standard(), u64::from(n))?))?;
    rows.push(Row::new(
        "link clearable deal 8x18 (solver-checked)",
        deals.as_secs_f64() * 1e3,
        "ms",
    ));
    let gravity = DealSpec {
        mode: Mode::Down,
        ..DealSpec::standard()
    };
    let built = mean(30, |n| Ok(deal(&gravity, u64::from(n))?))?;
    rows.push(Row::new(
        "link clearable deal 8x18 gravity (built)",
        built.as_secs_f64() * 1e3,
        "ms",
    ));
    // Solve clearable deals afresh: the time a player waits for "can this still be cleared?".
    let boards: Vec<_> = (100..130)
        .map(|seed| deal(&DealSpec::standard(), seed).map(|d| d.board))
        .collect::<Result<_, _>>()?;
    let mut solved = 0;
    let solve_time = mean(boards.len() as u32, |n| {
        let answer = solve(&boards[n as usize], Mode::Classic, Limits::default());
        if matches!(answer.verdict, Verdict::Clearable(_)) {
            solved += 1;
        }
        Ok(answer)
    })?;
    rows.push(Row::new(
        "link solve 8x18 (clearable deals)",
        solve_time.as_secs_f64() * 1e3,
        "ms",
    ));
    rows.push(Row::new(
        "link solve 8x18 solved",
        f64::from(solved) / boards.len() as f64 * 100.0,
        "%",
    ));
    Ok(rows)
}
