//! Xiangqi rules rows: perft leaves per second from the start position (one thread, leaves
//! bulk-counted at the last ply). Fairy-Stockfish does about 14 M leaves/s on this measure.

use std::time::Instant;

use anyhow::ensure;
use qipan_xiangqi::{Position, perft};

use super::{Case, Row};

/// The Xiangqi move-generator cases.
pub fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "xiangqi perft 5",
            run: || perft_row(5, 133_312_995),
        },
        Case {
            name: "xiangqi perft 6",
            run: || perft_row(6, 5_392_831_844),
        },
    ]
}

/// Perft to `depth` from the start position; `expected` is the published count, checked so that
/// a fast wrong generator cannot report a figure.
fn perft_row(depth: u32, expected: u64) -> anyhow::Result<Vec<Row>> {
    let mut pos = Position::startpos();
    let start = Instant::now();
    let leaves = perft(&mut pos, depth);
    let seconds = start.elapsed().as_secs_f64();
    ensure!(
        leaves == expected,
        "xiangqi perft({depth}) counted {leaves} leaves, the published count is {expected}"
    );
    Ok(vec![
        Row::new(
            format!("xiangqi perft({depth}) start position"),
            leaves as f64 / seconds / 1e6,
            "M leaves/s",
        ),
        Row::new(format!("xiangqi perft({depth}) time"), seconds, "s"),
    ])
}
