//! Checking a tiling: every square but the missing one covered exactly once by whole trominoes.

use crate::tiling::{EMPTY, code};
use crate::{Error, Square, Tiling, Tromino};

/// For a square at quadrant `q` of a tromino of shape `s`: the quadrant of the next square of the
/// same tromino, cyclically (`NEXT[s][s]` is unused: a tromino does not cover its empty corner).
const NEXT: [[u8; 4]; 4] = [[0, 2, 3, 1], [2, 0, 3, 0], [1, 3, 0, 0], [1, 2, 0, 0]];

/// Checks that `tiling` covers every square except the missing one, and that its squares describe
/// whole trominoes (each square's tromino carries the same shape on all three of its squares).
///
/// Reads each square about twice, row by row: on a 2^14 board it runs at memory speed.
pub fn verify(tiling: &Tiling) -> Result<(), Error> {
    let size = tiling.size() as usize;
    let cells = tiling.cells();
    let missing = tiling.missing();
    let missing_index = missing.y as usize * size + missing.x as usize;
    if cells[missing_index] != EMPTY {
        return Err(Error::CoversMissing {
            x: missing.x,
            y: missing.y,
        });
    }
    for y in 0..size {
        let row = &cells[y * size..(y + 1) * size];
        for (x, &cell) in row.iter().enumerate() {
            let at = || (x as u32, y as u32);
            if cell == EMPTY {
                if y * size + x != missing_index {
                    let (x, y) = at();
                    return Err(Error::Uncovered { x, y });
                }
                continue;
            }
            let (shape, quadrant) = ((cell >> 2) & 3, cell & 3);
            let (dx, dy) = (usize::from(quadrant & 1), usize::from(quadrant >> 1));
            // Each square checks the next square of its tromino, cyclically: together the three
            // checks prove that all three squares agree.
            let fits = x >= dx && y >= dy && x - dx + 1 < size && y - dy + 1 < size;
            let good = cell & 0xF0 == 0x10 && shape != quadrant && fits && {
                let next = NEXT[usize::from(shape)][usize::from(quadrant)];
                let (nx, ny) = (
                    x - dx + usize::from(next & 1),
                    y - dy + usize::from(next >> 1),
                );
                cells[ny * size + nx] == code(shape, next)
            };
            if !good {
                let (x, y) = at();
                return Err(Error::InconsistentCode { x, y });
            }
        }
    }
    Ok(())
}

/// Checks that `trominoes` tile the `size` x `size` board without `missing`: none leaves the
/// board, covers the missing square or overlaps another, and every other square is covered.
pub fn verify_trominoes(size: u32, missing: Square, trominoes: &[Tromino]) -> Result<(), Error> {
    verify(&Tiling::from_trominoes(size, missing, trominoes)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

    #[test]
    fn accepts_the_one_tiling_of_two_by_two() {
        let tromino = Tromino::new(Square::new(0, 0), Shape::EmptyLowerRight);
        assert_eq!(verify_trominoes(2, Square::new(1, 0), &[tromino]), Ok(()));
    }

    #[test]
    fn next_quadrant_cycles_through_each_shape() {
        for shape in Shape::ALL {
            let s = usize::from(shape.index());
            let covered: Vec<u8> = shape
                .offsets()
                .iter()
                .map(|&(dx, dy)| (dy * 2 + dx) as u8)
                .collect();
            for &q in &covered {
                let next = NEXT[s][usize::from(q)];
                assert!(covered.contains(&next) && next != q);
                // Three steps return to the start: a cycle through all three squares.
                let third = NEXT[s][usize::from(NEXT[s][usize::from(next)])];
                assert_eq!(third, q);
            }
        }
    }

    #[test]
    fn reports_inconsistent_codes() {
        let tiling = crate::golomb(2, Square::new(0, 0)).unwrap();
        let mut cells = tiling.cells().to_vec();
        cells[5] ^= 0x04; // change the shape on one square only
        let broken = Tiling::from_cells(4, Square::new(0, 0), cells);
        assert_eq!(verify(&broken).unwrap_err().code(), "inconsistent_code");
    }

    #[test]
    fn reports_gaps_and_overlaps() {
        let missing = Square::new(1, 0);
        assert_eq!(
            verify_trominoes(2, missing, &[]).unwrap_err().code(),
            "uncovered"
        );
        let tromino = Tromino::new(Square::new(0, 0), Shape::EmptyLowerRight);
        assert_eq!(
            verify_trominoes(2, missing, &[tromino, tromino])
                .unwrap_err()
                .code(),
            "overlap"
        );
        let wrong = Tromino::new(Square::new(0, 0), Shape::EmptyUpperLeft);
        assert_eq!(
            verify_trominoes(2, missing, &[wrong]).unwrap_err().code(),
            "covers_missing"
        );
    }
}
