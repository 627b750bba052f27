//! Checking a tiling: every square but the missing one covered exactly once by whole trominoes.

use crate::tiling::{EMPTY, code, decode};
use crate::{Error, Square, Tiling, Tromino};

/// Checks that `tiling` covers every square except the missing one, and that its squares describe
/// whole trominoes (each square's tromino carries the same shape on all three of its squares).
///
/// Reads each square about twice: on a 2^14 board it runs at memory speed.
pub fn verify(tiling: &Tiling) -> Result<(), Error> {
    let size = tiling.size() as usize;
    let cells = tiling.cells();
    let missing = tiling.missing();
    if cells[missing.y as usize * size + missing.x as usize] != EMPTY {
        return Err(Error::CoversMissing {
            x: missing.x,
            y: missing.y,
        });
    }
    for (i, &cell) in cells.iter().enumerate() {
        let square = Square::new((i % size) as u32, (i / size) as u32);
        if cell == EMPTY {
            if square != missing {
                return Err(Error::Uncovered {
                    x: square.x,
                    y: square.y,
                });
            }
            continue;
        }
        let inconsistent = Error::InconsistentCode {
            x: square.x,
            y: square.y,
        };
        let tromino = decode(square, cell).ok_or(inconsistent.clone())?;
        if !tromino.fits(tiling.size()) || (cell & 3) == tromino.shape.index() {
            return Err(inconsistent);
        }
        // Each square checks the next square of its tromino, cyclically: together the three
        // checks prove that all three squares agree.
        let squares = tromino.cells();
        let at = squares
            .iter()
            .position(|&s| s == square)
            .ok_or(inconsistent.clone())?;
        let next = squares[(at + 1) % 3];
        let (dx, dy) = (next.x - tromino.corner.x, next.y - tromino.corner.y);
        let expected = code(tromino.shape.index(), (dy * 2 + dx) as u8);
        if cells[next.y as usize * size + next.x as usize] != expected {
            return Err(inconsistent);
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
