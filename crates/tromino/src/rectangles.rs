//! Tilings of the full rectangles that the deficient-square constructions leave over: every one
//! is cut into 2x3 or 3x2 blocks (two trominoes each), or, for 6 x odd, into 6x3 and 6 x even.

use crate::grid::Grid;

/// Tiles the `w` x `h` rectangle with lower-left square `(x0, y0)`. Precondition (held by every
/// caller in this crate): one side is a multiple of 3 and the other even, or one side is a multiple
/// of 6 and the other at least 3 (or the rectangle is empty).
pub(crate) fn tile_rectangle(grid: &mut Grid<'_>, (x0, y0): (usize, usize), w: usize, h: usize) {
    if w == 0 || h == 0 {
        return;
    }
    if w.is_multiple_of(3) && h.is_multiple_of(2) {
        for y in (y0..y0 + h).step_by(2) {
            for x in (x0..x0 + w).step_by(3) {
                // Squares (0,0) (1,0) (0,1), then (2,0) (1,1) (2,1) of the 3x2 block.
                grid.put(x, y, 3);
                grid.put(x + 1, y, 0);
            }
        }
    } else if w.is_multiple_of(2) && h.is_multiple_of(3) {
        for y in (y0..y0 + h).step_by(3) {
            for x in (x0..x0 + w).step_by(2) {
                // Squares (0,0) (1,0) (0,1), then (1,1) (0,2) (1,2) of the 2x3 block.
                grid.put(x, y, 3);
                grid.put(x, y + 1, 0);
            }
        }
    } else if w.is_multiple_of(6) && h >= 3 {
        tile_rectangle(grid, (x0, y0), w, 3);
        tile_rectangle(grid, (x0, y0 + 3), w, h - 3);
    } else if h.is_multiple_of(6) && w >= 3 {
        tile_rectangle(grid, (x0, y0), 3, h);
        tile_rectangle(grid, (x0 + 3, y0), w - 3, h);
    } else {
        debug_assert!(false, "no rectangle tiling for {w}x{h}");
    }
}
