//! Tilings of every deficient n x n board that can be tiled.
//!
//! I.-P. Chu and R. Johnsonbaugh, "Tiling deficient boards with trominoes", Math. Magazine 59(1)
//! (1986) 34-40: for n != 5, the n x n board with any one square removed can be tiled by
//! L-trominoes if and only if n is not a multiple of 3; a 5x5 board can be tiled exactly when the
//! removed square has both coordinates even (the nine squares (0|2|4, 0|2|4)).
//!
//! The constructions here follow the spirit of their proof (a deficient square block around the
//! missing square, the rest cut into rectangles) but are our own:
//! - n a power of two: Golomb's divide and conquer ([`crate::golomb`]).
//! - n even otherwise: a k x k block (k = 4 if n = 1 mod 3, k = 8 if n = 2 mod 3) whose corner
//!   coordinates are multiples of 3 and which holds the missing square, tiled by Golomb; around it
//!   two full-height strips of width a multiple of 3 (n even: 3x2 blocks) and two strips of height
//!   a multiple of 3 across the block (k even: 2x3 blocks).
//! - n odd, n >= 13: the (n-6) x (n-6) corner block that holds the missing square (there always
//!   is one since n - 6 >= 6), recursively, plus a 6 x n and an (n-6) x 6 strip.
//! - n = 5, 7 and 11 (where the rest would need a 3 x odd strip, which cannot be tiled): the exact
//!   search of [`crate::search`], always quick on these sizes (the tests run every missing square).

use crate::golomb::tile_block;
use crate::grid::Grid;
use crate::rectangles::tile_rectangle;
use crate::search::{Outcome, SearchLimits, tile_region};
use crate::tiling::check_size;
use crate::{Error, Square, Tiling};

/// Checks that the `size` x `size` board without `missing` can be tiled, by the theorem of Chu and
/// Johnsonbaugh; the error says why not.
pub fn check_tileable(size: u32, missing: Square) -> Result<(), Error> {
    let size = check_size(size.into())?;
    missing.check_on_board(size)?;
    if size % 3 == 0 {
        return Err(Error::AreaNotDivisibleByThree {
            size,
            cells: u64::from(size) * u64::from(size) - 1,
        });
    }
    if size == 5 && (missing.x % 2 == 1 || missing.y % 2 == 1) {
        return Err(Error::FiveByFiveException {
            x: missing.x,
            y: missing.y,
        });
    }
    Ok(())
}

/// Tiles the 2^k x 2^k board (0 <= k <= 14) without `missing`, by Golomb's divide and conquer.
pub fn golomb(k: u32, missing: Square) -> Result<Tiling, Error> {
    if k > 14 {
        return Err(Error::SizeOutOfRange {
            size: 1u64 << k.min(63),
            max: crate::MAX_SIDE,
        });
    }
    tile(1 << k, missing)
}

/// Tiles the `size` x `size` board without `missing` whenever that is possible (see the module
/// documentation); otherwise the error names the reason.
pub fn tile(size: u32, missing: Square) -> Result<Tiling, Error> {
    check_tileable(size, missing)?;
    let side = size as usize;
    let mut cells = vec![0u8; side * side];
    let mut grid = Grid {
        cells: &mut cells,
        stride: side,
    };
    tile_square(
        &mut grid,
        (0, 0),
        side,
        (missing.x as usize, missing.y as usize),
    )?;
    Ok(Tiling::from_cells(size, missing, cells))
}

/// Tiles the `side` x `side` block at `origin` without the absolute square `hole`; the board is
/// known to be tileable.
fn tile_square(
    grid: &mut Grid<'_>,
    mut origin: (usize, usize),
    mut side: usize,
    hole: (usize, usize),
) -> Result<(), Error> {
    // Odd sides of 13 and more shrink by 6 towards the hole, leaving two strips of width 6.
    while side % 2 == 1 && side >= 13 {
        let inner = side - 6;
        let (x0, y0) = origin;
        let bx = if hole.0 - x0 < inner { x0 } else { x0 + 6 };
        let by = if hole.1 - y0 < inner { y0 } else { y0 + 6 };
        let strip_x = if bx == x0 { x0 + inner } else { x0 };
        let strip_y = if by == y0 { y0 + inner } else { y0 };
        tile_rectangle(grid, (strip_x, y0), 6, side);
        tile_rectangle(grid, (bx, strip_y), inner, 6);
        origin = (bx, by);
        side = inner;
    }
    if side.is_power_of_two() {
        tile_block(grid, origin, side, hole);
    } else if side.is_multiple_of(2) {
        tile_even(grid, origin, side, hole);
    } else {
        tile_by_search(grid, origin, side, hole)?;
    }
    Ok(())
}

/// The even, non-power-of-two case: a Golomb block at coordinates that are multiples of 3.
fn tile_even(grid: &mut Grid<'_>, (x0, y0): (usize, usize), n: usize, hole: (usize, usize)) {
    let k = if n % 3 == 1 { 4 } else { 8 };
    let a = (3 * ((hole.0 - x0) / 3)).min(n - k);
    let b = (3 * ((hole.1 - y0) / 3)).min(n - k);
    tile_block(grid, (x0 + a, y0 + b), k, hole);
    tile_rectangle(grid, (x0, y0), a, n);
    tile_rectangle(grid, (x0 + a + k, y0), n - a - k, n);
    tile_rectangle(grid, (x0 + a, y0), k, b);
    tile_rectangle(grid, (x0 + a, y0 + b + k), k, n - b - k);
}

/// The small odd sides (5, 7, 11): exact search.
fn tile_by_search(
    grid: &mut Grid<'_>,
    (x0, y0): (usize, usize),
    n: usize,
    hole: (usize, usize),
) -> Result<(), Error> {
    let mut free = vec![true; n * n];
    free[(hole.1 - y0) * n + (hole.0 - x0)] = false;
    match tile_region(n, n, &free, SearchLimits::nodes(10_000_000)) {
        Outcome::Tiled(trominoes) => {
            for t in trominoes {
                grid.put(
                    x0 + t.corner.x as usize,
                    y0 + t.corner.y as usize,
                    t.shape.index(),
                );
            }
            Ok(())
        }
        Outcome::GaveUp { nodes } | Outcome::Impossible(crate::Reason::NoTiling { nodes }) => {
            Err(Error::SearchGaveUp { nodes })
        }
        Outcome::Impossible(_) => Err(Error::SearchGaveUp { nodes: 0 }),
    }
}
