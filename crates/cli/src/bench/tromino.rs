//! Bench rows for tromino tiling: Golomb's divide and conquer on 2^10 ... 2^14 boards (time,
//! squares per second, memory of the result), verification, the general construction and the
//! tileability search a game runs after each move.

use qipan_tromino::{SearchLimits, Square, Tromino, complete, golomb, tile, verify};

use super::timing::best_of;
use super::{Case, Row};

/// The tromino cases.
pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "tromino golomb 2^10..2^14",
            run: golomb_rows,
        },
        Case {
            name: "tromino verify, general boards, completion",
            run: other_rows,
        },
    ]
}

fn golomb_rows() -> anyhow::Result<Vec<Row>> {
    let mut rows = Vec::new();
    for k in 10..=14u32 {
        let n = 1u32 << k;
        let squares = f64::from(n) * f64::from(n);
        let missing = Square::new(n / 3, n / 5);
        let runs = if k >= 13 { 3 } else { 10 };
        let time = best_of(runs, || Ok(golomb(k, missing)?))?;
        rows.push(Row::new(
            format!("tromino golomb 2^{k} ({n}x{n})"),
            time.as_secs_f64() * 1e3,
            "ms",
        ));
        rows.push(Row::new(
            format!("tromino golomb 2^{k} speed"),
            squares / time.as_secs_f64() / 1e6,
            "M squares/s",
        ));
        rows.push(Row::new(
            format!("tromino golomb 2^{k} memory (1 byte/square)"),
            squares / f64::from(1 << 20),
            "MiB",
        ));
    }
    // The floor: zeroing and first-touching the same fresh 256 MiB, which the tiling must also do.
    let squares = 1usize << 28;
    let touch = best_of(3, || {
        let mut fresh = vec![0u8; squares];
        fresh.iter_mut().step_by(4096).for_each(|b| *b = 1);
        Ok(fresh)
    })?;
    rows.push(Row::new(
        "tromino floor: first touch of fresh 256 MiB",
        touch.as_secs_f64() * 1e3,
        "ms",
    ));
    Ok(rows)
}

fn other_rows() -> anyhow::Result<Vec<Row>> {
    let tiling = golomb(14, Square::new(12_345, 6_789))?;
    let verify_time = best_of(2, || Ok(verify(&tiling)?))?;
    let general = best_of(5, || Ok(tile(1001, Square::new(500, 77))?))?;
    let missing = Square::new(5, 17);
    let placed: Vec<Tromino> = golomb(5, missing)?
        .trominoes()
        .filter(|t| t.corner.y < 10 || t.corner.y > 20)
        .collect();
    let search = best_of(5, || {
        Ok(complete(
            32,
            missing,
            &placed,
            SearchLimits::nodes(10_000_000),
        )?)
    })?;
    Ok(vec![
        Row::new(
            "tromino verify 2^14",
            f64::from(1 << 28) / verify_time.as_secs_f64() / 1e6,
            "M squares/s",
        ),
        Row::new(
            "tromino tile 1001x1001 (general n)",
            general.as_secs_f64() * 1e3,
            "ms",
        ),
        Row::new(
            "tromino complete a half-played 32x32",
            search.as_secs_f64() * 1e3,
            "ms",
        ),
    ])
}
