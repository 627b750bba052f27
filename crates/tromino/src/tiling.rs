//! [`Tiling`]: a board, its missing square and, for every square, which tromino covers it.
//!
//! The tiling is stored as one byte per square, so that a 2^14 x 2^14 board takes 256 MiB rather
//! than the 1 GiB of a `u32` tromino id per square. The byte names the tromino's shape and the
//! position of the square in the tromino's 2x2 box, which is enough to find the whole tromino;
//! numbered ids ([`Tiling::tromino_ids`]) and the list of trominoes ([`Tiling::trominoes`]) are
//! computed on demand.

use crate::{Error, Shape, Square, Tromino};

/// The largest board side accepted anywhere in the crate (2^14).
pub const MAX_SIDE: u32 = 1 << 14;

/// The byte of an uncovered square.
pub(crate) const EMPTY: u8 = 0;

/// The byte of a square covered by a tromino of `shape`, the square being at `quadrant`
/// (`dy * 2 + dx`) of the tromino's box.
pub(crate) const fn code(shape: u8, quadrant: u8) -> u8 {
    0x10 | (shape << 2) | quadrant
}

/// Checks a board side.
pub(crate) fn check_size(size: u64) -> Result<u32, Error> {
    if (1..=u64::from(MAX_SIDE)).contains(&size) {
        Ok(size as u32)
    } else {
        Err(Error::SizeOutOfRange {
            size,
            max: MAX_SIDE,
        })
    }
}

/// A board of `size` x `size` squares with one missing square, covered by L-trominoes.
///
/// A `Tiling` may be partial (some squares uncovered) when built from a list of trominoes;
/// [`crate::verify`] checks that it is complete.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tiling {
    size: u32,
    missing: Square,
    cells: Vec<u8>,
}

impl Tiling {
    /// An empty board, every square uncovered.
    pub fn empty(size: u32, missing: Square) -> Result<Self, Error> {
        let size = check_size(size.into())?;
        missing.check_on_board(size)?;
        let cells = vec![EMPTY; size as usize * size as usize];
        Ok(Tiling {
            size,
            missing,
            cells,
        })
    }

    /// A tiling from a list of trominoes; fails if one leaves the board, covers the missing
    /// square or overlaps another. Squares no tromino covers stay uncovered.
    pub fn from_trominoes(
        size: u32,
        missing: Square,
        trominoes: &[Tromino],
    ) -> Result<Self, Error> {
        let mut tiling = Tiling::empty(size, missing)?;
        for &tromino in trominoes {
            tiling.place(tromino)?;
        }
        Ok(tiling)
    }

    /// Puts one more tromino on the board, with the same checks as [`Tiling::from_trominoes`].
    pub fn place(&mut self, tromino: Tromino) -> Result<(), Error> {
        if !tromino.fits(self.size) {
            return Err(Error::SquareOutsideBoard {
                x: u64::from(tromino.corner.x) + 1,
                y: u64::from(tromino.corner.y) + 1,
                size: self.size,
            });
        }
        for square in tromino.cells() {
            if square == self.missing {
                return Err(Error::CoversMissing {
                    x: square.x,
                    y: square.y,
                });
            }
            if self.cells[self.index(square)] != EMPTY {
                return Err(Error::Overlap {
                    x: square.x,
                    y: square.y,
                });
            }
        }
        self.put(tromino);
        Ok(())
    }

    /// Takes away the tromino covering `square`, if any, and returns it.
    pub fn remove_at(&mut self, square: Square) -> Option<Tromino> {
        let tromino = self.tromino_at(square)?;
        for cell in tromino.cells() {
            let index = self.index(cell);
            self.cells[index] = EMPTY;
        }
        Some(tromino)
    }

    /// Writes a tromino known to fit on free squares.
    pub(crate) fn put(&mut self, tromino: Tromino) {
        let shape = tromino.shape.index();
        for (dx, dy) in tromino.shape.offsets() {
            let index = (tromino.corner.y + dy) as usize * self.size as usize
                + (tromino.corner.x + dx) as usize;
            self.cells[index] = code(shape, (dy * 2 + dx) as u8);
        }
    }

    /// Wraps bytes written by a constructor of this crate.
    pub(crate) fn from_cells(size: u32, missing: Square, cells: Vec<u8>) -> Self {
        Tiling {
            size,
            missing,
            cells,
        }
    }

    /// The board side.
    pub fn size(&self) -> u32 {
        self.size
    }

    /// The missing (special) square.
    pub fn missing(&self) -> Square {
        self.missing
    }

    /// One byte per square, row by row from the bottom (`y * size + x`): 0 when uncovered, else
    /// `0x10 | shape << 2 | quadrant`, where `shape` is [`Shape::index`] and `quadrant` is
    /// `dy * 2 + dx`, the square's place in its tromino's 2x2 box.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    fn index(&self, square: Square) -> usize {
        square.y as usize * self.size as usize + square.x as usize
    }

    /// The tromino covering `square`, or `None` if it is uncovered or off the board.
    pub fn tromino_at(&self, square: Square) -> Option<Tromino> {
        if square.x >= self.size || square.y >= self.size {
            return None;
        }
        decode(square, self.cells[self.index(square)])
    }

    /// Whether every square but the missing one is covered.
    pub fn is_complete(&self) -> bool {
        let missing = self.index(self.missing);
        self.cells
            .iter()
            .enumerate()
            .all(|(i, &c)| (c != EMPTY) != (i == missing))
    }

    /// The number of trominoes placed.
    pub fn tromino_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c != EMPTY).count() / 3
    }

    /// The trominoes, each once, in the row-major order (from the bottom) of their first square.
    pub fn trominoes(&self) -> impl Iterator<Item = Tromino> + '_ {
        let size = self.size as usize;
        self.cells.iter().enumerate().filter_map(move |(i, &c)| {
            let square = Square::new((i % size) as u32, (i / size) as u32);
            decode(square, c).filter(|t| t.cells()[0] == square)
        })
    }

    /// For each square, the number of its tromino in the order of [`Tiling::trominoes`], or
    /// `u32::MAX` for an uncovered square. Takes 4 bytes per square: for very large boards prefer
    /// [`Tiling::cells`] and [`Tiling::tromino_at`].
    pub fn tromino_ids(&self) -> Vec<u32> {
        let size = self.size as usize;
        let mut ids = vec![u32::MAX; self.cells.len()];
        let mut next = 0u32;
        for i in 0..self.cells.len() {
            let square = Square::new((i % size) as u32, (i / size) as u32);
            if let Some(tromino) = decode(square, self.cells[i]) {
                let first = tromino.cells()[0];
                ids[i] = if first == square {
                    next += 1;
                    next - 1
                } else {
                    ids[first.y as usize * size + first.x as usize]
                };
            }
        }
        ids
    }
}

/// The tromino that the byte `cell` of `square` describes.
pub(crate) fn decode(square: Square, cell: u8) -> Option<Tromino> {
    if cell & 0xF0 != 0x10 {
        return None;
    }
    let quadrant = u32::from(cell & 3);
    let (dx, dy) = (quadrant & 1, quadrant >> 1);
    if square.x < dx || square.y < dy {
        return None;
    }
    let corner = Square::new(square.x - dx, square.y - dy);
    Some(Tromino::new(corner, Shape::from_index(cell >> 2)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_and_reads_back() {
        let mut tiling = Tiling::empty(2, Square::new(1, 1)).unwrap();
        let tromino = Tromino::new(Square::new(0, 0), Shape::EmptyUpperRight);
        tiling.place(tromino).unwrap();
        for square in tromino.cells() {
            assert_eq!(tiling.tromino_at(square), Some(tromino));
        }
        assert!(tiling.is_complete());
        assert_eq!(tiling.trominoes().collect::<Vec<_>>(), vec![tromino]);
        assert_eq!(tiling.tromino_ids(), vec![0, 0, 0, u32::MAX]);
        assert_eq!(tiling.remove_at(Square::new(1, 0)), Some(tromino));
        assert_eq!(tiling.tromino_count(), 0);
    }

    #[test]
    fn refuses_bad_placements() {
        let mut tiling = Tiling::empty(4, Square::new(0, 0)).unwrap();
        let on_missing = Tromino::new(Square::new(0, 0), Shape::EmptyUpperRight);
        assert_eq!(
            tiling.place(on_missing).unwrap_err().code(),
            "covers_missing"
        );
        let off_board = Tromino::new(Square::new(3, 0), Shape::EmptyUpperRight);
        assert_eq!(
            tiling.place(off_board).unwrap_err().code(),
            "square_outside_board"
        );
        tiling
            .place(Tromino::new(Square::new(1, 1), Shape::EmptyLowerLeft))
            .unwrap();
        let overlapping = Tromino::new(Square::new(2, 1), Shape::EmptyLowerRight);
        assert_eq!(tiling.place(overlapping).unwrap_err().code(), "overlap");
    }

    #[test]
    fn rejects_bad_boards() {
        assert_eq!(
            Tiling::empty(0, Square::new(0, 0)).unwrap_err().code(),
            "size_out_of_range"
        );
        assert_eq!(
            Tiling::empty(4, Square::new(4, 0)).unwrap_err().code(),
            "square_outside_board"
        );
    }
}
