//! [`Grid`]: the byte-per-square canvas that the constructions write trominoes into.

use crate::tiling::code;

/// A row-major board of square codes (see [`crate::Tiling::cells`]) that constructions write into;
/// coordinates are absolute squares of the board.
pub(crate) struct Grid<'a> {
    pub(crate) cells: &'a mut [u8],
    pub(crate) stride: usize,
}

impl Grid<'_> {
    /// Writes the tromino of shape index `shape` whose box has its lower-left corner at (x, y).
    #[inline]
    pub(crate) fn put(&mut self, x: usize, y: usize, shape: u8) {
        let base = y * self.stride + x;
        let (low, high) = (base, base + self.stride);
        match shape {
            0 => {
                self.cells[low + 1] = code(0, 1);
                self.cells[high] = code(0, 2);
                self.cells[high + 1] = code(0, 3);
            }
            1 => {
                self.cells[low] = code(1, 0);
                self.cells[high] = code(1, 2);
                self.cells[high + 1] = code(1, 3);
            }
            2 => {
                self.cells[low] = code(2, 0);
                self.cells[low + 1] = code(2, 1);
                self.cells[high + 1] = code(2, 3);
            }
            _ => {
                self.cells[low] = code(3, 0);
                self.cells[low + 1] = code(3, 1);
                self.cells[high] = code(3, 2);
            }
        }
    }

    /// Like [`Grid::put`], but writes only the squares whose row lies in `rows` (start inclusive,
    /// end exclusive).
    #[inline]
    pub(crate) fn put_rows(&mut self, x: usize, y: usize, shape: u8, rows: (usize, usize)) {
        if rows.0 <= y && y + 1 < rows.1 {
            self.put(x, y, shape);
            return;
        }
        for (dx, dy) in crate::Shape::from_index(shape).offsets() {
            let row = y + dy as usize;
            if rows.0 <= row && row < rows.1 {
                self.cells[row * self.stride + x + dx as usize] = code(shape, (dy * 2 + dx) as u8);
            }
        }
    }
}
