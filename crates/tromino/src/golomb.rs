//! Golomb's divide and conquer for the 2^k x 2^k board with one square missing (S. W. Golomb,
//! "Checker boards and polyominoes", Amer. Math. Monthly 61 (1954) 675-682): split the board into
//! four quadrants, put one tromino on the three central squares of the quadrants that do not hold
//! the missing square, and tile the four quadrants, each now missing one square, the same way.
//!
//! Speed: three of the four quadrants always miss a corner square, and the tiling of a block that
//! misses its corner c is the same everywhere (its quadrant at corner c again misses corner c). So
//! the four corner tilings of a 64x64 block are computed once and every block of at most 64x64 that
//! misses a corner is copied row by row from them; only the quadrants on the path to the missing
//! square recurse to the bottom. Every square is written once, with no allocation per tromino:
//! the 2^14 board (268 million squares, 256 MiB) is bound by memory bandwidth and by the page
//! faults of first touching its fresh 256 MiB.

use crate::grid::Grid;
use std::sync::OnceLock;

/// The side of the precomputed corner blocks.
const BLOCK: usize = 64;

/// The tilings of a BLOCK x BLOCK board missing its corner `c` (`dy * 2 + dx`), row-major.
fn corner_blocks() -> &'static [Vec<u8>; 4] {
    static BLOCKS: OnceLock<[Vec<u8>; 4]> = OnceLock::new();
    BLOCKS.get_or_init(|| {
        [0, 1, 2, 3].map(|c: usize| {
            let mut cells = vec![0u8; BLOCK * BLOCK];
            let mut grid = Grid {
                cells: &mut cells,
                stride: BLOCK,
            };
            let hole = ((c & 1) * (BLOCK - 1), (c >> 1) * (BLOCK - 1));
            fill(&mut grid, None, (0, 0), BLOCK, hole, (0, BLOCK));
            cells
        })
    })
}

/// Tiles the `side` x `side` block (a power of two) of `grid` whose lower-left square is `origin`,
/// leaving the square `hole` (absolute, inside the block) uncovered.
///
/// The block is filled in bands of BLOCK rows, bottom to top, so that memory is first touched
/// (and its pages faulted in) nearly in order.
pub(crate) fn tile_block(
    grid: &mut Grid<'_>,
    origin: (usize, usize),
    side: usize,
    hole: (usize, usize),
) {
    let blocks = Some(corner_blocks());
    for low in (origin.1..origin.1 + side).step_by(BLOCK) {
        fill(grid, blocks, origin, side, hole, (low, low + BLOCK));
    }
}

/// The recursion, writing only the rows in `band` (which is BLOCK rows aligned with the blocks
/// of side BLOCK and more); `blocks` is `None` only while the corner blocks themselves are built.
fn fill(
    grid: &mut Grid<'_>,
    blocks: Option<&[Vec<u8>; 4]>,
    (x0, y0): (usize, usize),
    side: usize,
    (hx, hy): (usize, usize),
    band: (usize, usize),
) {
    if side == 1 || y0 >= band.1 || y0 + side <= band.0 {
        return;
    }
    if let Some(blocks) = blocks
        && side <= BLOCK
    {
        let cx = if hx == x0 {
            Some(0)
        } else if hx == x0 + side - 1 {
            Some(1)
        } else {
            None
        };
        let cy = if hy == y0 {
            Some(0)
        } else if hy == y0 + side - 1 {
            Some(1)
        } else {
            None
        };
        if let (Some(cx), Some(cy)) = (cx, cy) {
            copy_corner_block(grid, &blocks[cy * 2 + cx], (x0, y0), side, (cx, cy));
            return;
        }
    }
    let half = side / 2;
    let qx = usize::from(hx >= x0 + half);
    let qy = usize::from(hy >= y0 + half);
    let (mx, my) = (x0 + half - 1, y0 + half - 1);
    for dy in 0..2 {
        for dx in 0..2 {
            let hole = if (dx, dy) == (qx, qy) {
                (hx, hy)
            } else {
                (mx + dx, my + dy)
            };
            fill(
                grid,
                blocks,
                (x0 + dx * half, y0 + dy * half),
                half,
                hole,
                band,
            );
        }
    }
    // The central tromino leaves empty the central square of the quadrant holding the hole. It
    // is written after the quadrants because a copied corner block writes its empty corner too.
    grid.put_rows(mx, my, (qy * 2 + qx) as u8, band);
}

/// Copies the tiling of a `side` x `side` block missing its corner `(cx, cy)`: it is the block of
/// that size at the same corner of the precomputed BLOCK x BLOCK tiling.
fn copy_corner_block(
    grid: &mut Grid<'_>,
    block: &[u8],
    (x0, y0): (usize, usize),
    side: usize,
    (cx, cy): (usize, usize),
) {
    let (bx, by) = (cx * (BLOCK - side), cy * (BLOCK - side));
    for row in 0..side {
        let from = (by + row) * BLOCK + bx;
        let to = (y0 + row) * grid.stride + x0;
        grid.cells[to..to + side].copy_from_slice(&block[from..from + side]);
    }
}
